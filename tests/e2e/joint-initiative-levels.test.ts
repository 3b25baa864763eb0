/**
 * Variable Initiative's dice rolled jointly by both seats (RI-H09, RI-O01, RI-O22), end to end: the full battle
 * with Variable Initiative played from two seats through 1 July (the Iron Brigade made Ineffective at 1000) to
 * the First Day-Turn of 2 July, where the Initiative Levels decide the Initiative for the day. On the Initiative
 * panel (VariableInitiativePanel) the seat whose step it is asks jointly first for the arrivals due before the
 * levels, then for the Ineffective units' die; the other seat's Muster answers each; both pages then show the
 * same dice, the same levels and the same winner, and `verify` passes on both. The two tests play on from one
 * setup, one after the other.
 *
 * Slow to set up: 1 July is played through packets, both seats committing to their entries every Orders
 * Segment (about two and a half minutes on a quiet machine). Photographed into docs/screenshots/:
 * variable-initiative-arrivals-joint, variable-initiative-arrivals-joint-waiting,
 * variable-initiative-arrivals-joint-rolled, variable-initiative-joint, variable-initiative-joint-waiting,
 * variable-initiative-joint-determined.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { tempDir } from '../fixtures/game';
import { exchange, playOn, toAct, twoSeats, type Table } from '../seats/table';
import type { E2E } from './harness';
import { JOINT_OFFER, sync, twoPreviews, type TwoPreviews } from './two-previews';

const tmp = tempDir('muster-e2e-joint-levels-');
const IRON = 'usa-i-1-meredith';
const FIRST_DAY_TURN = '1863-07-02T0400';

let previews: TwoPreviews;
let seats: Record<Side, E2E>;
/** The seat whose step the determination is. */
let asking: Side;

const levelsDue = (x: Table, who: Side) => x[who].initiativeLevels({}).now?.decidedBy === 'levels-due';

beforeAll(async () => {
  const t = twoSeats(tmp.dir, 'gettysburg', {}, { variableInitiative: true });
  // 1 July at 1000: the Iron Brigade, just arrived, is made Ineffective by the seat whose step it is.
  playOn(t, (x) => {
    const c = x.USA.info().clock;
    return c.turnId >= '1863-07-01T1000' && c.segment === 'III' && toAct(x.USA) !== 'both' && x.USA.roster({ commandId: IRON }).some((u) => u.onMap);
  }, 2000);
  t[toAct(t.USA) as Side].setCommandMarkers({ commandId: IRON, ineffective: true });
  exchange(t);
  // On through the night to the First Day-Turn's Initiative Phase, where the levels are due.
  playOn(t, (x) => {
    const c = x.USA.info().clock;
    const who = toAct(x.USA);
    return c.turnId >= FIRST_DAY_TURN && c.segment === 'II' && who !== 'both' && levelsDue(x, who);
  }, 3000);
  asking = toAct(t.USA) as Side;
  // The arrivals of the First Day-Turn are due first (RI-O22): the first test rolls them jointly.
  const report = t[asking].initiativeLevels({});
  expect(report.waitingFor.length).toBeGreaterThan(0);
  expect(report.preview!.USA.ineffectiveSp).toBeGreaterThan(0);
  expect(levelsDue(t, asking)).toBe(true);
  previews = await twoPreviews(t, tmp.dir);
  seats = previews.seats;
}, 420_000);

afterAll(async () => {
  await previews?.close();
  tmp.cleanup();
});

describe('Roll jointly: the arrivals due before the Initiative Levels, then the Ineffective units\' dice', { timeout: 90_000 }, () => {
  it('the arrivals due before the levels (RI-O22), asked jointly on one page, answered by the other seat: rolled with both seats\' shares, the same on both pages, the levels then ready', async () => {
    const w = seats[asking];
    const answering: Side = asking === 'USA' ? 'CSA' : 'USA';
    for (const e of Object.values(seats)) await e.screen('turn');
    const waiting = w.page.getByTestId('vi-waiting');
    await expect.poll(() => waiting.innerText()).toMatch(/^First /);
    const status = w.page.getByTestId('vi-arrivals-joint-status');
    await expect.poll(() => status.textContent()).toContain(JOINT_OFFER);
    expect(await w.page.getByTestId('vi-arrivals-roll-jointly').isDisabled()).toBe(false);
    await waiting.scrollIntoViewIfNeeded();
    await w.screenshot('variable-initiative-arrivals-joint');

    await w.click('vi-arrivals-roll-jointly');
    await expect.poll(() => status.textContent()).toContain(`Waiting for the ${answering} seat's share of the dice for the arrivals due`);
    // The roll waits: neither the app's roll nor another request, nor the levels.
    expect(await w.page.getByTestId('vi-roll-arrivals').isDisabled()).toBe(true);
    expect(await w.page.getByTestId('vi-arrivals-roll-jointly').isDisabled()).toBe(true);
    expect(await w.page.getByTestId('vi-determine').isDisabled()).toBe(true);
    await w.screenshot('variable-initiative-arrivals-joint-waiting');
    await sync(seats);

    // Written with the dice both seats gave: every arrival roll due, jointly, the same in both files.
    const used = (await w.call('jointDice')).lastUsed!;
    expect(used).toMatchObject({ fn: 'rollDueArrivals', status: 'used' });
    expect(used.rolls.length).toBeGreaterThan(0);
    const dice = await w.call('diceLog', { limit: used.rolls.length });
    expect(dice.every((d) => d.source === 'joint')).toBe(true);
    expect(dice.map((d) => d.roll)).toEqual(expect.arrayContaining(used.rolls));
    expect(await seats[answering].call('diceLog', { limit: used.rolls.length })).toEqual(dice);
    expect(await seats[answering].call('history', { limit: 2 })).toEqual(await w.call('history', { limit: 2 }));
    for (const e of Object.values(seats)) expect((await e.call('initiativeLevels', {})).waitingFor).toEqual([]);
    // Both pages: nothing waits for the arrivals any more; the levels are offered, jointly too.
    for (const e of Object.values(seats)) await expect.poll(() => e.page.getByTestId('vi-waiting').count()).toBe(0);
    await expect.poll(() => w.page.getByTestId('vi-joint-status').textContent()).toContain(JOINT_OFFER);
    await w.screenshot('variable-initiative-arrivals-joint-rolled');
    expect((await seats[answering].gameInfo())!.fingerprint).toBe((await w.gameInfo())!.fingerprint);
    for (const e of Object.values(seats)) expect(await e.call('verify')).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    expect([...seats.USA.consoleErrors, ...seats.CSA.consoleErrors]).toEqual([]);
  });

  it('asked jointly on one page, answered by the other seat: both pages show the same die, the same levels and the same winner', async () => {
    const w = seats[asking];
    const answering: Side = asking === 'USA' ? 'CSA' : 'USA';
    for (const e of Object.values(seats)) await e.screen('turn');
    const status = w.page.getByTestId('vi-joint-status');
    await expect.poll(() => status.textContent()).toContain(JOINT_OFFER);
    expect(await w.page.getByTestId('vi-roll-jointly').isDisabled()).toBe(false);
    expect(await w.page.getByTestId('vi-dice-hint').innerText()).toBe('Type each Ineffective die (or press App rolls) first, or roll the dice jointly.');
    await w.screenshot('variable-initiative-joint');

    await w.click('vi-roll-jointly');
    await expect.poll(() => status.textContent()).toContain(`Waiting for the ${answering} seat's share of the dice for the Ineffective units' dice of the Initiative Levels`);
    expect(await w.page.getByTestId('vi-determine').isDisabled()).toBe(true);
    expect(await w.page.getByTestId('vi-roll-jointly').isDisabled()).toBe(true);
    // The die is on its way: nothing to type, and no word asking for it.
    expect(await w.page.getByTestId('vi-die-USA').getByTestId('die-app').isDisabled()).toBe(true);
    expect(await w.page.getByTestId('vi-dice-hint').count()).toBe(0);
    await w.screenshot('variable-initiative-joint-waiting');
    await sync(seats);

    const [die] = await w.call('diceLog', { limit: 1 });
    expect(die).toMatchObject({ source: 'joint' });
    const reports = await Promise.all([seats.USA.call('initiativeLevels', {}), seats.CSA.call('initiativeLevels', {})]);
    for (const r of reports) expect(r.now?.decidedBy).not.toBe('levels-due');
    const record = reports[0].records.find((r) => r.turnId === reports[0].turnId)!;
    expect(reports[1].records.find((r) => r.turnId === reports[1].turnId)).toEqual(record);
    expect(record.USA.ineffectiveRoll).toMatchObject({ roll: die!.roll, source: 'joint' });

    // Both pages: the die in words beside the USA level, and the same winner.
    const shown: string[][] = [];
    for (const e of Object.values(seats)) {
      await e.screen('turn');
      const usa = e.page.locator('[data-testid="vi-side"][data-side="USA"]');
      await expect.poll(() => usa.getByTestId('vi-ineffective-roll').innerText()).toContain(`Ineffective units' die: rolled jointly by both seats ${die!.roll}`);
      shown.push([await usa.getByTestId('vi-ineffective-roll').innerText(), await e.page.getByTestId('vi-winner').innerText(), await e.page.locator('#vi-heading').innerText()]);
    }
    expect(shown[1]).toEqual(shown[0]);
    await w.screenshot('variable-initiative-joint-determined');

    const dice = await seats.USA.call('diceLog', { limit: 1 });
    expect(await seats.CSA.call('diceLog', { limit: 1 })).toEqual(dice);
    expect(await seats.CSA.call('history', { limit: 3 })).toEqual(await seats.USA.call('history', { limit: 3 }));
    expect((await seats.CSA.gameInfo())!.fingerprint).toBe((await seats.USA.gameInfo())!.fingerprint);
    for (const e of Object.values(seats)) expect(await e.call('verify')).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    expect([...seats.USA.consoleErrors, ...seats.CSA.consoleErrors]).toEqual([]);
  });
});
