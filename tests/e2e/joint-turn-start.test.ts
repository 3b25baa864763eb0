/**
 * Dice rolled jointly by both seats (RI-H09) at the beginning of the Activation Segment and in the card draw,
 * end to end: two previews, the USA seat's file in one and the CSA seat's in the other, one shared folder under
 * one shared root, looked at when the test says (as a sync tool would carry it, one look at a time), so each
 * offer can be seen while its dice are on their way.
 *
 * - The July 2 Stuart variant at 1300, the rain begun at 1240: the USA seat (the Initiative player's step) rolls
 *   Stuart's arrival and the roll to end the rain jointly on the Turn screen's beginning of the Activation
 *   Segment (TurnStartPanel); the CSA seat's Muster answers each by itself.
 * - Willoughby Run with card-draw activation by brigade: the CSA seat draws a card jointly (CardDrawBox).
 *
 * Each time both pages end with the same dice, the same result and one fingerprint, and `verify` passes on both.
 * Photographed into docs/screenshots/: turn-start-joint, turn-start-joint-waiting, turn-start-joint-csa,
 * turn-start-joint-rolled, turn-start-rain-joint-waiting, turn-start-rain-joint-rolled, card-draw-joint,
 * card-draw-joint-waiting, card-draw-joint-drawn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { tempDir } from '../fixtures/game';
import { playOn, toAct, twoSeats } from '../seats/table';
import type { E2E } from './harness';
import { STUART, stuartArrivalAndRainDue } from './stuart-arrival-and-rain';
import { JOINT_OFFER, look, sync, twoPreviews, type TwoPreviews } from './two-previews';

const tmp = tempDir('muster-e2e-joint-turn-start-');
afterAll(() => tmp.cleanup());

/** Both pages hold the same newest rolls, rolled jointly, the same History and one fingerprint, and verify. */
async function sameOnBoth(seats: Record<Side, E2E>, rolls: number): Promise<void> {
  const usa = await seats.USA.call('diceLog', { limit: rolls });
  expect(usa.every((d) => d.source === 'joint')).toBe(true);
  expect(await seats.CSA.call('diceLog', { limit: rolls })).toEqual(usa);
  expect(await seats.CSA.call('history', { limit: 3 })).toEqual(await seats.USA.call('history', { limit: 3 }));
  expect((await seats.CSA.gameInfo())!.fingerprint).toBe((await seats.USA.gameInfo())!.fingerprint);
  for (const e of Object.values(seats)) expect(await e.call('verify')).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
}

describe('Roll jointly at the beginning of the Activation Segment: an arrival and the rain', { timeout: 90_000 }, () => {
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

  it('Stuart\'s arrival roll: asked jointly on the USA page, answered by the CSA seat; both pages show the same die and the same result', async () => {
    const { USA: usa, CSA: csa } = seats;
    for (const e of [usa, csa]) await e.screen('turn');
    const offer = usa.page.getByTestId('arrival-joint-offer');
    await expect.poll(() => offer.textContent()).toContain(JOINT_OFFER);
    expect(await usa.page.getByTestId(`arrival-${STUART}-roll-jointly`).isDisabled()).toBe(false);
    expect(await usa.page.getByTestId('rain-roll-jointly').isDisabled()).toBe(false);
    await usa.screenshot('turn-start-joint');

    await usa.click(`arrival-${STUART}-roll-jointly`);
    const status = usa.page.getByTestId(`arrival-${STUART}-joint-status`);
    const names = (await usa.call('arrivals', { viewer: 'USA' })).groups.find((g) => g.id === STUART)!.commandNames.join(', ');
    await expect.poll(() => status.textContent()).toContain(`Waiting for the CSA seat's share of the dice for Arrival: ${names}`);
    // The wait is beside the roll it is for; the other rolls wait for it.
    expect(await usa.page.getByTestId('rain-joint-status').count()).toBe(0);
    for (const id of ['roll-all-due', 'rain-roll-jointly', `arrival-${STUART}-roll-jointly`]) expect(await usa.page.getByTestId(id).isDisabled()).toBe(true);
    expect(await usa.page.getByTestId(`arrival-die-${STUART}`).getByTestId('die-app').isDisabled()).toBe(true);
    await usa.screenshot('turn-start-joint-waiting');

    // The request reaches the CSA seat, whose Muster answers by itself; its page says whose roll it is.
    await look(usa);
    await look(csa);
    await csa.screen('turn');
    const csaWords = csa.page.getByTestId('arrival-joint-offer');
    await expect.poll(() => csaWords.textContent()).toContain('are in: it is recorded by the USA seat');
    // The CSA page's rolls wait too: the change asked for is due, and it is the USA seat's.
    for (const id of ['roll-all-due', 'rain-roll-jointly']) expect(await csa.page.getByTestId(id).isDisabled()).toBe(true);
    expect(await csa.page.getByTestId('rain-die').getByTestId('die-app').isDisabled()).toBe(true);
    await csa.screenshot('turn-start-joint-csa');
    await sync(seats);

    const [die] = await usa.call('diceLog', { limit: 1 });
    expect(die).toMatchObject({ source: 'joint' });
    const group = async (e: E2E) => (await e.call('arrivals', { viewer: e === usa ? 'USA' : 'CSA' })).groups.find((g) => g.id === STUART)!;
    const after = await group(usa);
    expect(after.status).not.toBe('roll');
    expect((await group(csa)).status).toBe(after.status);
    // Both pages: no longer due, and what came of it in the same words.
    const words = after.status === 'arrived' ? `${names} entered by` : `Rolled this turn, not yet entered: ${names}`;
    for (const e of [usa, csa]) {
      await e.screen('turn');
      await expect.poll(() => e.page.getByTestId('turn-start').innerText()).toContain(words);
      expect(await e.page.locator(`[data-group="${STUART}"]`).count()).toBe(0);
    }
    await usa.screenshot('turn-start-joint-rolled');
    await sameOnBoth(seats, 1);
  });

  it('the roll to end the rain: asked jointly on the USA page, answered by the CSA seat; the same weather on both pages', async () => {
    const { USA: usa, CSA: csa } = seats;
    await usa.screen('turn');
    await usa.click('rain-roll-jointly');
    const status = usa.page.getByTestId('rain-joint-status');
    await expect.poll(() => status.textContent()).toContain("Waiting for the CSA seat's share of the dice for the roll to end the rain");
    expect(await usa.page.getByTestId('rain-die').getByTestId('die-app').isDisabled()).toBe(true);
    await usa.screenshot('turn-start-rain-joint-waiting');
    await sync(seats);

    const [die] = await usa.call('diceLog', { limit: 1 });
    expect(die).toMatchObject({ source: 'joint' });
    const weather = (await usa.gameInfo())!.weather;
    expect(weather.rollDue).toBe(false);
    expect((await csa.gameInfo())!.weather).toEqual(weather);
    // The rain stops on a modified 0 or less: what the die said, on both pages.
    expect(weather.raining).toBe(die!.modified! > 0);
    const said = `Roll to end the rain: rolled jointly by both seats ${die!.roll}, modified ${die!.modified}: ${weather.raining ? 'it rains on' : 'the rain stops; mud for the rest of the game'}.`;
    expect(weather.rolledThisTurn).toEqual({ roll: die!.roll, modified: die!.modified, source: 'joint', stops: !weather.raining });
    for (const e of [usa, csa]) {
      await e.screen('turn');
      await expect.poll(() => e.page.getByTestId('rain-roll').count()).toBe(0);
      await expect.poll(() => e.page.getByTestId('rain-rolled').innerText()).toBe(said);
      expect(await e.page.locator('#turn-start-heading').innerText()).toBe(`Beginning of the Activation Segment: arrivals${weather.raining ? ' and the rain' : ''}`);
    }
    await usa.screenshot('turn-start-rain-joint-rolled');
    await sameOnBoth(seats, 1);
    expect([...usa.consoleErrors, ...csa.consoleErrors]).toEqual([]);
  });
});

describe('Roll jointly in the card draw', { timeout: 90_000 }, () => {
  let previews: TwoPreviews;
  let seats: Record<Side, E2E>;
  let drawer: Side;

  beforeAll(async () => {
    // Willoughby Run from two seats with card-draw activation by brigade, at the In-Command Activation Phase.
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run', {}, { cardDraw: { level: 'brigade' } });
    playOn(t, (x) => {
      const c = x.USA.info().clock;
      return c.segment === 'III' && c.phase === 'A' && toAct(x.USA) !== 'both';
    });
    drawer = toAct(t.USA) as Side;
    expect(t[drawer].turnState().cardDraw).toMatchObject({ inPhase: true, nextDrawer: drawer, mayDraw: { allowed: true } });
    previews = await twoPreviews(t, tmp.dir);
    seats = previews.seats;
  }, 180_000);

  afterAll(async () => {
    await previews?.close();
  });

  it('a card drawn jointly: asked on the drawer\'s page, answered by the other seat; both pages show the same card, rolls and dice', async () => {
    const w = seats[drawer];
    const other = seats[drawer === 'USA' ? 'CSA' : 'USA'];
    for (const e of [w, other]) await e.screen('turn');
    const status = w.page.getByTestId('card-draw-joint-status');
    await expect.poll(() => status.textContent()).toContain(JOINT_OFFER);
    await w.screenshot('card-draw-joint');

    await w.click('card-draw-roll-jointly');
    await expect.poll(() => status.textContent()).toContain(`Waiting for the ${drawer === 'USA' ? 'CSA' : 'USA'} seat's share of the dice for the card draw`);
    expect(await w.page.getByTestId('card-draw-button').isDisabled()).toBe(true);
    expect(await w.page.getByTestId('card-draw-roll-jointly').isDisabled()).toBe(true);
    await w.screenshot('card-draw-joint-waiting');
    await sync(seats);

    const box = (await w.call('turnState')).cardDraw!;
    const drawn = box.draws.at(-1)!;
    expect(box.draws).toHaveLength(1);
    expect(drawn.rollsSource).toBe('joint');
    expect((await other.call('turnState')).cardDraw!.draws).toEqual(box.draws);
    const dice = await w.call('diceLog', { limit: drawn.rolls.length });
    expect(dice.map((d) => d.roll).reverse()).toEqual(drawn.rolls);
    const rows: string[] = [];
    for (const e of [w, other]) {
      await e.screen('turn');
      await expect.poll(() => e.page.getByTestId('card-draw-pending').innerText()).toContain(`${drawn.name} (`);
      expect(await e.page.getByTestId('card-draw-pending').innerText()).toContain(`rolls ${drawn.rolls.join(', ')} (rolled jointly by both seats)`);
      rows.push(await e.page.getByTestId('card-draw-draws').locator('tbody tr').first().innerText());
    }
    expect(rows[1]).toBe(rows[0]);
    expect(rows[0]).toContain(drawn.name);
    expect(rows[0]).toContain(`${drawn.rolls.join(', ')}, jointly`);
    await w.screenshot('card-draw-joint-drawn');
    await sameOnBoth(seats, drawn.rolls.length);
    expect([...w.consoleErrors, ...other.consoleErrors]).toEqual([]);
  });
});
