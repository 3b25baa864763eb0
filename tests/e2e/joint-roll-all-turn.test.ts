/**
 * Every roll due at the beginning of the Activation Segment rolled jointly by both seats (RI-H09) in one request,
 * from the Turn screen, end to end: two previews, the USA seat's file in one and the CSA seat's in the other, one
 * shared folder looked at when the test says (as a sync tool would carry it).
 *
 * The July 2 Stuart variant at 1300, the rain begun at 1240: Stuart's group rolls to enter and the rain's first
 * roll is due, both in the USA seat's step. The USA page asks for "all 2 rolls" jointly beside "Let the app roll
 * all 2"; while the dice are on their way every roll of the panel waits; the CSA seat's Muster answers; then both
 * changes are written with the dice both shares give (an arrival and a weather change from one request), and both
 * pages show the same two dice, the same arrival and the same weather, with one fingerprint, and verify.
 * Photographed into docs/screenshots/: turn-start-roll-all-joint, turn-start-roll-all-joint-waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { tempDir } from '../fixtures/game';
import type { E2E } from './harness';
import { STUART, stuartArrivalAndRainDue } from './stuart-arrival-and-rain';
import { JOINT_OFFER, sync, twoPreviews, type TwoPreviews } from './two-previews';

const tmp = tempDir('muster-e2e-joint-roll-all-turn-');
afterAll(() => tmp.cleanup());

describe("Roll jointly: the Turn screen's every roll due, an arrival and the rain in one request", { timeout: 90_000 }, () => {
  let previews: TwoPreviews;
  let seats: Record<Side, E2E>;

  beforeAll(async () => {
    const t = stuartArrivalAndRainDue(tmp.dir);
    previews = await twoPreviews(t, tmp.dir);
    seats = previews.seats;
  }, 180_000);

  afterAll(async () => {
    await previews?.close();
  });

  it('asked on the USA page, answered by the CSA seat: both rolls written with joint dice, the same on both pages', async () => {
    const { USA: usa, CSA: csa } = seats;
    await usa.screen('turn');
    const panel = usa.page.getByTestId('turn-start');
    await expect.poll(() => panel.getByTestId('arrival-joint-offer').textContent()).toContain(JOINT_OFFER);
    expect(await panel.getByTestId('roll-all-due').innerText()).toBe('Let the app roll all 2');
    const ask = panel.getByTestId('roll-all-due-roll-jointly');
    expect(await ask.getAttribute('aria-label')).toBe('Roll jointly: all 2 rolls');
    expect(await ask.isDisabled()).toBe(false);
    await usa.screenshot('turn-start-roll-all-joint');
    const before = (await usa.call('diceLog', { limit: 1 }))[0]?.seq ?? 0;

    await ask.click();
    await usa.settle();
    const status = panel.getByTestId('roll-all-due-joint-status');
    await expect.poll(() => status.textContent()).toContain("Waiting for the CSA seat's share of the dice for every roll due");
    // Every roll of the panel waits for the dice on their way.
    for (const id of ['roll-all-due', 'roll-all-due-roll-jointly', 'rain-roll-jointly', `arrival-${STUART}-roll-jointly`]) expect(await panel.getByTestId(id).isDisabled()).toBe(true);
    expect(await panel.getByTestId('rain-die').getByTestId('die-app').isDisabled()).toBe(true);
    await usa.screenshot('turn-start-roll-all-joint-waiting');

    await sync(seats);
    // Two rolls, both rolled jointly, written after the request: the arrival's and the rain's.
    const rolls = (await usa.call('diceLog', { limit: 5 })).filter((d) => d.seq > before);
    expect(rolls).toHaveLength(2);
    expect(rolls.every((d) => d.source === 'joint')).toBe(true);
    expect(await csa.call('diceLog', { limit: 5 })).toEqual(await usa.call('diceLog', { limit: 5 }));
    const group = async (e: E2E, viewer: Side) => (await e.call('arrivals', { viewer })).groups.find((g) => g.id === STUART)!;
    const arrival = await group(usa, 'USA');
    expect(arrival.status).not.toBe('roll');
    expect((await group(csa, 'CSA')).status).toBe(arrival.status);
    const weather = (await usa.gameInfo())!.weather;
    expect(weather.rollDue).toBe(false);
    expect(weather.rolledThisTurn).toMatchObject({ source: 'joint' });
    expect((await csa.gameInfo())!.weather).toEqual(weather);
    // Nothing is due any more on either page, and one fingerprint; both files verify.
    for (const e of [usa, csa]) {
      await e.screen('turn');
      await expect.poll(() => e.page.getByTestId('rain-roll').count()).toBe(0);
      expect(await e.page.locator(`[data-group="${STUART}"]`).count()).toBe(0);
    }
    expect((await csa.gameInfo())!.fingerprint).toBe((await usa.gameInfo())!.fingerprint);
    for (const e of [usa, csa]) expect(await e.call('verify')).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    expect([...usa.consoleErrors, ...csa.consoleErrors]).toEqual([]);
  });
});
