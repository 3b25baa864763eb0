/**
 * The shared folder of a two-seat game, remembered in the browser preview: the USA player creates the game,
 * names a shared folder under the preview's shared root, and closes the game. The folder is then gone (a sync
 * tool's folder moved away): opening the game again, the seat line says so in players' words, with "Pick another
 * folder…"; the player picks another, and opening the game once more picks that one up by itself, saying so.
 *
 * Screens photographed into docs/screenshots/: seats-folder-gone, seats-folder-remembered.
 */
import { basename, join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let root: string;
let e: E2E;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'muster-e2e-remembered-'));
  e = await startE2E({ sharedRoot: root, sharedFolderEveryMs: 500 });
  e.page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await e?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function reopen(name: string): Promise<void> {
  await e.call('closeGame');
  await e.call('openFromFolder', { name });
  await e.reload();
  await e.screen('turn');
}

describe('the shared folder, remembered for the game', { timeout: 60_000 }, () => {
  it('a remembered folder that is gone is said so on the seat line, with a way to pick another; the one picked is picked up again next time', async () => {
    const made = await e.call('newSeatGame', { scenario: 'skirmish-at-willoughby-run', seat: 'USA', players: { USA: 'Ann', CSA: 'Bob' } });
    await e.call('chooseSharedFolder', { name: 'willoughby' });
    const name = basename(made!.game.file);
    rmSync(join(root, 'willoughby'), { recursive: true, force: true });

    await reopen(name);
    const line = e.page.getByTestId('seat-line');
    await expect.poll(() => line.innerText()).toContain('(picked up again from last time)');
    expect(await e.page.getByTestId('seat-folder-problem').innerText()).toBe(
      `the shared folder ${join(root, 'willoughby')} is not there any more (moved, renamed, deleted, or on a drive that is not connected): pick another with Shared folder…, or bring it back and Muster picks it up again by itself`,
    );
    await e.screenshot('seats-folder-gone');

    await e.page.getByTestId('seat-line-folder-another').click();
    await e.page.getByTestId('seat-folder-name').fill('willoughby-2');
    await e.page.getByTestId('seat-folder-use').click();
    await e.idle();
    await expect.poll(() => e.page.getByTestId('seat-folder').innerText()).toContain('Shared folder willoughby-2');
    expect(await e.page.getByTestId('seat-folder-problem').count()).toBe(0);
    expect(await e.page.getByTestId('seat-folder-remembered').count()).toBe(0);

    await reopen(name);
    await expect.poll(() => e.page.getByTestId('seat-folder').innerText()).toMatch(/^Shared folder willoughby-2 \(picked up again from last time\), looked at .*/);
    expect(await e.page.getByTestId('seat-folder-problem').count()).toBe(0);
    await e.screenshot('seats-folder-remembered');
    expect(e.consoleErrors).toEqual([]);
  });
});
