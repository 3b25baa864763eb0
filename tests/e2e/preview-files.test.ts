/**
 * The browser preview's File menu, in Chromium through the bridge on real game files: Open…
 * lists the games of the preview's folder and opens one by name; Save As… copies the open game into the
 * folder and play continues on the copy; Export log downloads the history as CSV; Help shows the rules
 * interpretations. Photographed into docs/screenshots/: file-menu, file-open.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
let first: string;
let second: string;

beforeAll(async () => {
  e2e = await startE2E();
  first = (await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } })).file;
  await e2e.call('recordLoss', { unitId: 'csa-13th-alabama', sp: 1 });
  second = (await e2e.createGame({ scenario: 'feeling-the-enemy' })).file;
  e2e.page.setDefaultTimeout(10_000);
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** Unfolds the File menu of the top bar. */
async function openMenu(): Promise<void> {
  await e2e.page.getByTestId('file-menu').locator('summary').click();
}

describe('the File menu of the browser preview', () => {
  it('is there in the browser, with Open, Save As, Export log and Help', async () => {
    await openMenu();
    const menu = e2e.page.getByRole('group', { name: 'File' });
    for (const name of ['Open…', 'Save As…', 'Export log as CSV', 'Help (F1)']) expect(await menu.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await e2e.screenshot('file-menu');
    await e2e.page.getByTestId('file-menu').locator('summary').click();
  });

  it('Open… lists the folder\'s games, the last changed first, and opens the one picked', async () => {
    const page = e2e.page;
    await openMenu();
    await page.getByTestId('file-open').click();
    const dialog = page.getByTestId('open-dialog');
    await dialog.waitFor();
    // Newest first by last change: the first game was written to when it was closed, after the second was made.
    const names = await dialog.locator('li button').allInnerTexts();
    expect([...names].sort()).toEqual([basename(first), basename(second)].sort());
    expect(await dialog.getByRole('button', { name: basename(second) }).isDisabled()).toBe(true);
    await e2e.screenshot('file-open');
    await dialog.getByRole('button', { name: basename(first) }).click();
    await e2e.settle();
    expect((await e2e.gameInfo())?.file).toBe(first);
    expect((await e2e.call('roster')).find((u) => u.id === 'csa-13th-alabama')!.spLost).toBe(1);
  });

  it('Save As… asks for the name, copies the game into the folder under it and play continues on the copy', async () => {
    const page = e2e.page;
    await openMenu();
    await page.getByTestId('file-save-as').click();
    const dialog = page.getByTestId('save-as-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('save-as-name').inputValue()).toBe(`${basename(first, '.muster')}-copy`);
    await page.getByTestId('save-as-name').fill('willoughby-evening');
    await e2e.screenshot('file-save-as');
    await page.getByTestId('save-as-save').click();
    await e2e.settle();
    const info = await e2e.gameInfo();
    expect(basename(info!.file)).toBe('willoughby-evening.muster');
    expect((await e2e.call('roster')).find((u) => u.id === 'csa-13th-alabama')!.spLost).toBe(1);
    expect((await e2e.call('gameFolder'))!.files.map((f) => f.name)).toContain('willoughby-evening.muster');
    // The name of another game of the folder: refused at the name field, in words, and nothing is written.
    await openMenu();
    await page.getByTestId('file-save-as').click();
    await page.getByTestId('save-as-name').fill(basename(second, '.muster'));
    await page.getByTestId('save-as-save').click();
    await e2e.settle();
    expect(await dialog.getByRole('alert').innerText()).toBe(`${basename(second)} is already a game in this folder; Muster never overwrites a file, choose another name`);
    expect(await page.getByTestId('save-as-name').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('save-as-name').fill('sub/dir');
    await page.getByTestId('save-as-save').click();
    await e2e.settle();
    expect(await dialog.getByRole('alert').innerText()).toContain('is not a file name: give a name without folders');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(basename((await e2e.gameInfo())!.file)).toBe('willoughby-evening.muster');
  });

  it('Export log downloads the history as CSV', async () => {
    const page = e2e.page;
    await openMenu();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('file-export-log').click()]);
    expect(download.suggestedFilename()).toMatch(/-log\.csv$/);
    const bytes = readFileSync(await download.path());
    // A byte-order mark first, so Excel reads the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('13th Alabama loses 1 SP');
  });

  it('Help shows how to play with Muster, then the rules interpretations, the readings of this work among them', async () => {
    const page = e2e.page;
    await openMenu();
    await page.getByTestId('file-help').click();
    const dialog = page.getByTestId('help-dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('RI-B01: Reinforcements arrive at the beginning of the Activation Segment');
    expect(text).toContain('RI-F17');
    await page.getByTestId('help-close').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(e2e.consoleErrors).toEqual([]);
  });
});
