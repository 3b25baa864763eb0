/**
 * A standing word on Alternative Arrival Area orders (RI-H13), end to end: two previews, the USA seat's file in
 * one and the CSA seat's in the other, one shared folder under one shared root, looked at when the test says. The
 * July 2 Stuart variant is played from two seats up to the beginning of the 1200 Activation Segment, where both
 * army commanders' words are asked at the same time (RI-H10). Each player ticks "No order until I say otherwise"
 * beside his word's buttons: the word is given at once, sealed on his seat, and the Turn screen says which turn
 * it was given for. Then the game is played on to 1220 through both pages: there nobody clicks, each seat gives
 * "No order this turn" by itself, one after its own clock move, the other on receiving that packet, and both
 * pages end with the same fingerprint. The USA player takes his back, and at 1240 his word is asked again.
 *
 * Screens photographed into docs/screenshots/: seats-standing-word-offered, seats-standing-word-given,
 * seats-standing-word-next-turn, seats-standing-word-taken-back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { tempDir } from '../fixtures/game';
import { playStep, toAct, twoSeats } from '../seats/table';
import type { E2E } from './harness';
import { look, sync, twoPreviews, type TwoPreviews } from './two-previews';

const tmp = tempDir('muster-e2e-seats-standing-word-');
let previews: TwoPreviews;
let seats: Record<Side, E2E>;
const SIDES: Side[] = ['USA', 'CSA'];

beforeAll(async () => {
  const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
  // No army commander's pre-roll: Meade's and Lee's points stay theirs to spend.
  for (let i = 0; i < 40 && t.USA.info().clock.segment !== 'III'; i += 1) playStep(t, false);
  expect(t.USA.turnState().initiative).toBe('CSA');
  expect(toAct(t.USA)).toBe('both');
  previews = await twoPreviews(t, tmp.dir);
  seats = previews.seats;
}, 180_000);

afterAll(async () => {
  await previews?.close();
  tmp.cleanup();
});

/** The "no order this turn" words in a seat's shared log of the turn. */
async function noOrdersOf(e: E2E, turnId: string): Promise<string[]> {
  const log = await e.call('history', { limit: 200 });
  return log
    .filter((x) => x.kind === 'reinforcement.no-order' && x.turnId === turnId)
    .map((x) => x.summary)
    .reverse();
}

/**
 * One change through the page of the seat whose step it is (the Initiative declared without the army
 * commander's points, what is due rolled or settled, every side passing, the clock moved on), then the folder
 * looked at by both. A word on an Alternative Arrival Area is never asked of a player here: the test fails if it is.
 */
async function playOnce(): Promise<void> {
  const info = (await seats.USA.gameInfo())!;
  const who = info.seat!.toAct.seat;
  if (who === 'both') {
    for (const side of SIDES) {
      const e = seats[side];
      const own = (await e.gameInfo())!;
      if (own.seat!.committed[side]) continue;
      if (own.clock.segment === 'II') await e.call('declareInitiative', { side, armyPoints: false });
      else if (own.clock.segment === 'III') throw new Error(`${side}'s word was asked of its player: its standing word should have given it`);
      else await e.call('finishEntries', { side });
    }
  } else {
    const e = seats[who];
    const due = await e.call('obligations');
    if (due.items.some((o) => o.id === `alternative-word:${who}`)) throw new Error(`${who}'s word was asked of its player`);
    const waiver = due.items.flatMap((o) => o.choices.filter((c) => c.id === 'done' || c.id === 'keep').map((c) => ({ id: o.id, choice: c.id })))[0];
    const ts = await e.call('turnState');
    if (due.rollAllDue.allowed) await e.call('rollAllDue', due.rollAllDue.nobodyAddsPoints ? { nobodyAddsPoints: true } : {});
    else if (waiver) await e.call('settleObligation', waiver);
    else if (info.clock.segment === 'III' && ts.passesInRow < 3) await e.call('pass', { side: who });
    else await e.call('advanceClock');
  }
  await sync(seats);
}

/** Both pages at the beginning of the turn's Activation Segment, with nothing of it done yet. */
async function bothAtStartOf(turnId: string): Promise<boolean> {
  for (const side of SIDES) {
    const info = (await seats[side].gameInfo())!;
    const ts = await seats[side].call('turnState');
    if (info.clock.turnId !== turnId || info.clock.segment !== 'III' || info.clock.phase !== 'A' || ts.activations > 0 || ts.passesInRow > 0) return false;
  }
  return true;
}

describe('A standing word on Alternative Arrival Area orders, at each seat (RI-H13)', () => {
  it('ticked once beside the word\'s buttons, gives the word at once, and by itself the next turn on both seats', { timeout: 300_000 }, async () => {
    const usa = seats.USA;
    await usa.screen('turn');
    const word = usa.page.getByTestId('alternative-word');
    await word.waitFor({ state: 'visible' });
    const tick = word.getByTestId('standing-word-tick');
    expect(await tick.isChecked()).toBe(false);
    expect(await word.innerText()).toContain('No order until I say otherwise');
    await usa.screenshot('seats-standing-word-offered');

    // Ticked while the word is asked: given at once, sealed on this seat (committed, not in the log yet).
    await tick.click();
    await usa.settle();
    await word.waitFor({ state: 'detached' });
    const line = usa.page.getByTestId('standing-word');
    await line.waitFor({ state: 'visible' });
    expect(await usa.page.getByTestId('standing-word-given').innerText()).toBe('Your standing word: no order (given for turn 2 July 1200).');
    expect(await line.getByTestId('standing-word-tick').isChecked()).toBe(true);
    expect((await usa.gameInfo())!.seat).toMatchObject({ toAct: { seat: 'both' }, committed: { USA: true, CSA: false }, heldEntries: 1 });
    expect(await noOrdersOf(usa, '1863-07-02T1200')).toEqual([]);
    await usa.screenshot('seats-standing-word-given');

    // The CSA player ticks his too; the packets go both ways and both words are revealed.
    const csa = seats.CSA;
    await look(csa);
    await csa.screen('turn');
    await csa.page.getByTestId('alternative-word').waitFor({ state: 'visible' });
    await csa.page.getByTestId('alternative-word').getByTestId('standing-word-tick').click();
    await csa.settle();
    await csa.page.getByTestId('standing-word-given').waitFor({ state: 'visible' });
    await sync(seats);
    for (const side of SIDES) expect(await noOrdersOf(seats[side], '1863-07-02T1200')).toEqual(['USA: no Alternative Arrival Area order this turn', 'CSA: no Alternative Arrival Area order this turn']);
    expect((await usa.gameInfo())!.fingerprint).toBe((await csa.gameInfo())!.fingerprint);

    // On to 1220 through both pages: nobody clicks a word, and both are given, sealed and revealed by themselves.
    for (let i = 0; i < 200 && !(await bothAtStartOf('1863-07-02T1220')); i += 1) await playOnce();
    expect(await bothAtStartOf('1863-07-02T1220')).toBe(true);
    await sync(seats);
    for (const side of SIDES) {
      expect(await noOrdersOf(seats[side], '1863-07-02T1220')).toHaveLength(2);
      expect(await seats[side].call('standingWord')).toMatchObject({ side, standing: true, lastGiven: { turnId: '1863-07-02T1220', label: '2 July 1220', thisTurn: true } });
    }
    expect((await usa.gameInfo())!.fingerprint).toBe((await csa.gameInfo())!.fingerprint);
    await usa.screen('turn');
    await usa.page.getByTestId('standing-word-given').waitFor({ state: 'visible' });
    expect(await usa.page.getByTestId('standing-word-given').innerText()).toBe('Your standing word: no order (given for turn 2 July 1220).');
    expect(await usa.page.getByTestId('alternative-word').count()).toBe(0);
    await usa.screenshot('seats-standing-word-next-turn');

    // The USA player takes his back: at 1240 his word is asked of him again, beside the box, unticked; CSA's is given.
    await usa.page.getByTestId('standing-word').getByTestId('standing-word-tick').click();
    await usa.settle();
    expect(await usa.call('standingWord')).toMatchObject({ standing: false });
    for (let i = 0; i < 200; i += 1) {
      const own = (await usa.gameInfo())!;
      if (own.clock.turnId === '1863-07-02T1240' && own.clock.segment === 'III' && own.seat!.toAct.seat === 'both' && !own.seat!.committed.USA) break;
      await playOnce().catch((e: Error) => {
        if (!/USA's word was asked/.test(e.message)) throw e;
      });
    }
    await look(usa);
    await usa.screen('turn');
    const asked = usa.page.getByTestId('alternative-word');
    await asked.waitFor({ state: 'visible' });
    expect(await asked.getByTestId('standing-word-tick').isChecked()).toBe(false);
    expect((await usa.gameInfo())!.seat!.committed).toEqual({ USA: false, CSA: true });
    await usa.screenshot('seats-standing-word-taken-back');
    for (const side of SIDES) expect(seats[side].consoleErrors).toEqual([]);
  });
});
