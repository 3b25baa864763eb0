/**
 * Variable Initiative's Ineffective units' dice rolled jointly by both seats (RI-H09, RI-O01), end to end: the
 * full battle with Variable Initiative played from two seats through 1 July (the Iron Brigade made Ineffective
 * at 1000) to the First Day-Turn of 2 July, where the Initiative Levels decide the Initiative for the day. The
 * seat whose step it is asks for the Ineffective units' die jointly on the Initiative panel
 * (VariableInitiativePanel), the other seat's Muster answers; both pages then show the same die, the same
 * levels and the same winner, and `verify` passes on both.
 *
 * Slow to set up: 1 July is played through packets, both seats committing to their entries every Orders
 * Segment (about two and a half minutes on a quiet machine). Photographed into docs/screenshots/:
 * variable-initiative-joint, variable-initiative-joint-waiting, variable-initiative-joint-determined.
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
  // The arrivals of the First Day-Turn are rolled first (RI-O22), by the app.
  if (t[asking].initiativeLevels({}).waitingFor.length > 0) {
    t[asking].rollDueArrivals({});
    exchange(t);
  }
  const report = t[asking].initiativeLevels({});
  expect(report.waitingFor).toEqual([]);
  expect(report.preview!.USA.ineffectiveSp).toBeGreaterThan(0);
  expect(levelsDue(t, asking)).toBe(true);
  previews = await twoPreviews(t, tmp.dir);
  seats = previews.seats;
}, 420_000);

afterAll(async () => {
  await previews?.close();
  tmp.cleanup();
});

describe('Roll jointly: the Ineffective units\' dice of the Initiative Levels', { timeout: 90_000 }, () => {
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
