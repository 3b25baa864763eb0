/**
 * "Roll all due" rolled jointly by both seats (RI-B15, RI-H09), end to end: two previews, the USA seat's file
 * in one and the CSA seat's in the other, one shared folder, on the July 2 Stuart variant played from two seats
 * up to the first step where a group must roll for entry. The seat whose step it is presses the turn bar's
 * "Roll jointly" beside "Roll all due"; the bar says the rolls are on their way; once the other seat's share has
 * come back every roll due is made with both seats' shares, and both pages show the same dice.
 *
 * Photographed into docs/screenshots/: turn-roll-all-joint, turn-roll-all-joint-waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { tempDir } from '../fixtures/game';
import { playOn, toAct, twoSeats } from '../seats/table';
import { startE2E, type E2E } from './harness';

const tmp = tempDir('muster-e2e-joint-roll-all-');
let root: string;
const seats = {} as Record<Side, E2E>;
let seat: Side = 'USA';

beforeAll(async () => {
  const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
  playOn(t, (x) => {
    const who = toAct(x.USA);
    if (who === 'both') return false;
    const due = x[who].obligations();
    return due.rollAllDue.allowed && due.items.some((i) => i.id.startsWith('arrival:')) && !due.items.some((i) => i.id.startsWith('alternative-word:'));
  });
  seat = toAct(t.USA) as Side;
  t.USA.close();
  t.CSA.close();
  root = mkdtempSync(join(tmpdir(), 'muster-e2e-joint-roll-all-shared-'));
  seats.USA = await startE2E({ file: t.files.USA, dir: tmp.dir, sharedRoot: root, sharedFolderEveryMs: 0 });
  seats.CSA = await startE2E({ file: t.files.CSA, dir: tmp.dir, sharedRoot: root, sharedFolderEveryMs: 0 });
  for (const e of Object.values(seats)) {
    e.page.setDefaultTimeout(15_000);
    await e.call('chooseSharedFolder', { name: 'roll-all' });
  }
}, 180_000);

afterAll(async () => {
  for (const e of Object.values(seats)) await e?.close();
  tmp.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function sync(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    for (const side of ['USA', 'CSA'] as const) {
      await seats[side].call('lookAtSharedFolder');
      await seats[side].settle();
    }
  }
}

describe('Roll all due, jointly, from the turn bar', { timeout: 90_000 }, () => {
  it('the rolls due made with both seats\' shares: the wait in the bar, then the same dice on both pages', async () => {
    const w = seats[seat];
    const other: Side = seat === 'USA' ? 'CSA' : 'USA';
    await w.screen('turn');
    const button = w.page.getByTestId('turn-roll-all-roll-jointly');
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await w.page.getByTestId('turn-roll-all').isDisabled()).toBe(false);
    await w.screenshot('turn-roll-all-joint');

    await button.click();
    await w.settle();
    const status = w.page.getByTestId('turn-roll-all-joint-status');
    await expect.poll(() => status.textContent()).toContain(`Waiting for the ${other} seat's share of the dice for every roll due`);
    expect(await w.page.getByTestId('turn-roll-all').isDisabled()).toBe(true);
    await w.screenshot('turn-roll-all-joint-waiting');

    await sync();
    await expect.poll(() => status.count()).toBe(0);
    const used = (await w.call('jointDice')).lastUsed!;
    expect(used).toMatchObject({ fn: 'rollAllDue', status: 'used' });
    const dice = await w.call('diceLog', { limit: used.rolls.length });
    expect(dice.every((d) => d.source === 'joint')).toBe(true);
    expect(dice.map((d) => d.purpose).join()).toMatch(/^Variable arrival: /);
    expect(await seats[other].call('diceLog', { limit: used.rolls.length })).toEqual(dice);
    expect((await seats[other].gameInfo())!.fingerprint).toBe((await w.gameInfo())!.fingerprint);
    for (const e of Object.values(seats)) expect((await e.call('verify')).seats).toMatchObject({ ok: true, problems: [] });
    expect([...seats.USA.consoleErrors, ...seats.CSA.consoleErrors]).toEqual([]);
  });
});
