/**
 * "Roll all due" (RI-B15) and the app's roll of every arrival due, rolled jointly by both seats (RI-H09), on two
 * real files through packets: the seat whose step it is asks for the whole roll, the other seat's Muster answers
 * on receipt, and every die the roll makes is rolled jointly; both files end with one fingerprint, and verify.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { tempDir } from '../fixtures/game';
import { exchange, playOn, send, toAct, twoSeats, type Table } from './table';

const tmp = tempDir('muster-seats-joint-roll-all-');
afterAll(() => tmp.cleanup());

/** The July 2 Stuart variant from two seats, played on to the first step where a group must roll for entry (its word on an Alternative Arrival Area given). */
function atAnArrivalRoll(): { t: Table; seat: Side } {
  const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
  playOn(t, (x) => {
    const who = toAct(x.USA);
    if (who === 'both') return false;
    const due = x[who].obligations();
    return due.rollAllDue.allowed && due.items.some((i) => i.id.startsWith('arrival:')) && !due.items.some((i) => i.id.startsWith('alternative-word:'));
  });
  return { t, seat: toAct(t.USA) as Side };
}

function inStep(t: Table): void {
  exchange(t);
  expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
  expect(t.USA.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
  expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
}

describe('every roll due, rolled jointly', () => {
  it('"roll all due" asked jointly: the arrival rolls made with both seats\' shares, none by the app', () => {
    const { t, seat } = atAnArrivalRoll();
    const other: Side = seat === 'USA' ? 'CSA' : 'USA';
    const asked = t[seat].askJointDice({ fn: 'rollAllDue', input: {}, purpose: 'every roll due' });
    expect(asked).toMatchObject({ fn: 'rollAllDue', status: 'waiting', words: expect.stringMatching(new RegExp(`^Waiting for the ${other} seat's share of the dice for every roll due`)) });
    send(t, seat);
    expect(t[other].jointDice().open).toMatchObject({ id: asked.id, status: 'answered' });
    exchange(t);
    const used = t[seat].jointDice().lastUsed!;
    expect(used).toMatchObject({ id: asked.id, fn: 'rollAllDue', status: 'used' });
    expect(used.rolls.length).toBeGreaterThanOrEqual(1);
    const dice = t[other].diceLog({ limit: used.rolls.length });
    expect(dice.every((d) => d.source === 'joint')).toBe(true);
    expect(dice.map((d) => d.purpose).join()).toMatch(/^Variable arrival: /);
    expect(t[seat].obligations().items.filter((i) => i.id.startsWith('arrival:'))).toEqual([]);
    inStep(t);
  });

  it('the arrivals due rolled jointly alone (the Variable Initiative screen\'s roll, rollDueArrivals)', () => {
    const { t, seat } = atAnArrivalRoll();
    t[seat].askJointDice({ fn: 'rollDueArrivals', input: undefined, purpose: 'the arrivals due' });
    exchange(t);
    const used = t[seat].jointDice().lastUsed!;
    expect(used).toMatchObject({ fn: 'rollDueArrivals', status: 'used', words: 'The dice for the arrivals due were rolled jointly by both seats' });
    expect(t[seat].diceLog({ limit: used.rolls.length }).map((d) => d.source)).toEqual(used.rolls.map(() => 'joint'));
    inStep(t);
  });
});
