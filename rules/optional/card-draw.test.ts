// Card-draw activation (miniatures rules, "Random Movement", miniatures-sequence-and-card-activation.txt).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownArgument } from '../test-support';
import type { DieRoll, Roller } from '../types';
import {
  cardActivation,
  cardDrawInPhase,
  cardDrawPool,
  LADDER_HITS,
  nextWorseStatus,
  pickFromRolls,
  STATUS_LADDER,
  statusLadderHit,
  uniformPick,
  uniformPickScheme,
} from './card-draw';
import type { ActivationCard, CardCommandNode, CardDraw } from './card-draw';

/** A roller that plays back the given rolls, then 0s (0 is always accepted). */
function rollsThenZeros(rolls: readonly number[]): Roller & { used: () => number } {
  let next = 0;
  const roller = (() => (next < rolls.length ? (rolls[next++] as DieRoll) : ((next++, 0) as DieRoll))) as Roller & { used: () => number };
  roller.used = () => next;
  return roller;
}

const TREE: CardCommandNode[] = [
  { id: 'usa-army', parentId: null, side: 'USA', level: 'army' },
  { id: 'usa-wing', parentId: 'usa-army', side: 'USA', level: 'wing' },
  { id: 'usa-I', parentId: 'usa-wing', side: 'USA', level: 'corps' },
  { id: 'usa-I-1', parentId: 'usa-I', side: 'USA', level: 'division' },
  { id: 'usa-I-1-1', parentId: 'usa-I-1', side: 'USA', level: 'brigade' },
  { id: 'usa-I-1-2', parentId: 'usa-I-1', side: 'USA', level: 'brigade' },
  { id: 'usa-I-art', parentId: 'usa-I', side: 'USA', level: 'brigade' },
  { id: 'usa-cav-1', parentId: 'usa-army', side: 'USA', level: 'division' },
  { id: 'usa-cav-1-1', parentId: 'usa-cav-1', side: 'USA', level: 'brigade' },
  { id: 'usa-res-art', parentId: 'usa-army', side: 'USA', level: 'brigade' },
  { id: 'csa-army', parentId: null, side: 'CSA', level: 'army' },
  { id: 'csa-1', parentId: 'csa-army', side: 'CSA', level: 'corps' },
  { id: 'csa-1-1', parentId: 'csa-1', side: 'CSA', level: 'division' },
  { id: 'csa-1-1-1', parentId: 'csa-1-1', side: 'CSA', level: 'brigade' },
  { id: 'csa-stuart', parentId: 'csa-army', side: 'CSA', level: 'division' },
  { id: 'csa-stuart-1', parentId: 'csa-stuart', side: 'CSA', level: 'brigade' },
];
const ids = (cards: ActivationCard[]) => cards.map((c) => c.commandId);

describe('cardDrawPool', () => {
  it('"Indicate the make-up of each such higher unit on a 3″x5″ card, and place all the cards from both sides together in a box."', () => {
    expect(ids(cardDrawPool(TREE, 'brigade'))).toEqual(['csa-1-1-1', 'csa-stuart-1', 'usa-I-1-1', 'usa-I-1-2', 'usa-I-art', 'usa-cav-1-1', 'usa-res-art']);
    expect(cardDrawPool(TREE, 'brigade').filter((c) => c.side === 'CSA')).toHaveLength(2);
  });

  it('RI-O13: commands under no command of the chosen level get a card of their own', () => {
    expect(ids(cardDrawPool(TREE, 'division'))).toEqual(['csa-1-1', 'csa-stuart', 'usa-I-1', 'usa-I-art', 'usa-cav-1', 'usa-res-art']);
    expect(ids(cardDrawPool(TREE, 'corps'))).toEqual(['csa-1', 'csa-stuart', 'usa-I', 'usa-cav-1', 'usa-res-art']);
  });

  it('validates the tree and the level', () => {
    expect(thrownArgument(() => cardDrawPool(TREE, 'regiment' as never))).toBe('level');
    expect(thrownArgument(() => cardDrawPool([...TREE, { id: 'usa-I', parentId: null, side: 'USA', level: 'corps' }], 'corps'))).toBe('commands[16].id');
    expect(thrownArgument(() => cardDrawPool([{ id: 'x', parentId: 'nowhere', side: 'USA', level: 'brigade' }], 'corps'))).toBe('commands[0].parentId');
    expect(thrownArgument(() => cardDrawPool([{ id: 'a', parentId: 'b', side: 'USA', level: 'brigade' }, { id: 'b', parentId: 'a', side: 'USA', level: 'army' }], 'corps'))).toBe('commands');
  });
});

describe('a uniform pick with d10s (RI-O12)', () => {
  it('the scheme: the fewest digits covering the cards, accepting below the largest multiple of the count', () => {
    expect(uniformPickScheme(1)).toEqual({ digits: 0, range: 1, acceptBelow: 1 });
    expect(uniformPickScheme(6)).toEqual({ digits: 1, range: 10, acceptBelow: 6 });
    expect(uniformPickScheme(10)).toEqual({ digits: 1, range: 10, acceptBelow: 10 });
    expect(uniformPickScheme(11)).toEqual({ digits: 2, range: 100, acceptBelow: 99 });
    expect(uniformPickScheme(40)).toEqual({ digits: 2, range: 100, acceptBelow: 80 });
    expect(uniformPickScheme(101)).toEqual({ digits: 3, range: 1000, acceptBelow: 909 });
  });

  it('reads the rolls: rejected numbers are rolled again, the pick is the number mod the count', () => {
    expect(pickFromRolls(6, [7, 9, 4])).toEqual({ index: 4, rollsUsed: 3 });
    expect(pickFromRolls(40, [9, 1, 3, 7])).toEqual({ index: 37 % 40, rollsUsed: 4 });
    expect(pickFromRolls(40, [5, 3])).toEqual({ index: 13, rollsUsed: 2 });
    expect(pickFromRolls(1, [])).toEqual({ index: 0, rollsUsed: 0 });
    expect(pickFromRolls(6, [8])).toBeNull();
    expect(thrownArgument(() => pickFromRolls(6, [10]))).toBe('rolls[0]');
    expect(thrownArgument(() => pickFromRolls(0, []))).toBe('count');
  });

  it('is exactly uniform: over every sequence of digits, each card is picked equally often', () => {
    for (let count = 1; count <= 120; count += 1) {
      const { digits, range } = uniformPickScheme(count);
      const tally = new Array<number>(count).fill(0);
      for (let r = 0; r < range; r += 1) {
        const rolls = digits === 0 ? [] : String(r).padStart(digits, '0').split('').map(Number);
        const picked = pickFromRolls(count, rolls);
        if (picked !== null) tally[picked.index] = (tally[picked.index] ?? 0) + 1;
      }
      expect(new Set(tally).size, `count ${count}`).toBe(1);
    }
  });

  it('with a roller: every roll made is returned for the dice log, and replays to the same pick', () => {
    const roller = rollsThenZeros([8, 6, 9, 2]);
    expect(uniformPick(6, roller)).toEqual({ index: 2, rolls: [8, 6, 9, 2] });
    expect(pickFromRolls(6, [8, 6, 9, 2])).toEqual({ index: 2, rollsUsed: 4 });
    expect(uniformPick(1, rollsThenZeros([5]))).toEqual({ index: 0, rolls: [] });
    expect(thrownArgument(() => uniformPick(3, (() => 11) as never))).toBe('roller()');
  });
});

describe('the draw (RI-O11)', () => {
  const pool = cardDrawPool(TREE, 'division');

  it('RI-O11: the drawn command activates by its orders; the Initiative player\'s first own card may take ME without a roll', () => {
    const card = (commandId: string) => pool.find((c) => c.commandId === commandId)!;
    const usaFirst: CardDraw = { card: card('usa-cav-1'), drawer: 'CSA', rolls: [4] };
    const csaFirst: CardDraw = { card: card('csa-1-1'), drawer: 'USA', rolls: [0] };
    const csaSecond: CardDraw = { card: card('csa-stuart'), drawer: 'CSA', rolls: [0] };
    const state = { initiativeSide: 'CSA' as const, draws: [usaFirst, csaFirst, csaSecond] };
    expect(cardActivation(state, usaFirst, 'SKPD')).toMatchObject({ mustAttemptMe: false, mayActivateAtRe: true, initiativeMe: { ok: false } });
    expect(cardActivation(state, csaFirst, 'MRCH')).toMatchObject({ mustAttemptMe: true, mayActivateAtRe: false, initiativeMe: { ok: true, effectiveness: 'ME' } });
    expect(cardActivation(state, csaFirst, 'RSRV').initiativeMe).toMatchObject({ ok: false });
    expect(cardActivation(state, csaSecond, 'ASLT').initiativeMe).toMatchObject({ ok: false });
    expect(thrownArgument(() => cardActivation(state, { card: { commandId: 'nope', side: 'USA' }, drawer: 'USA', rolls: [] }, 'HOLD'))).toBe('draw');
  });

  it('RI-O11: the draw replaces the In-Command Activation Phase; the Out-of-Command phase stays as the revision has it', () => {
    expect(cardDrawInPhase('in-command')).toEqual({ draw: true, rule: 'Miniatures Random Movement' });
    expect(cardDrawInPhase('out-of-command')).toEqual({ draw: false, rule: 'Rev. Activation Segment' });
  });
});

describe('the status ladder sub-option (RI-O14)', () => {
  it('the revision\'s states the sub-option climbs instead of the text\'s effects, from bad to worst', () => {
    expect(STATUS_LADDER).toEqual(['ordered', 'disordered', 'routed', 'shattered']);
    expect(nextWorseStatus('ordered')).toBe('disordered');
    expect(nextWorseStatus('disordered')).toBe('routed');
    expect(nextWorseStatus('routed')).toBe('shattered');
    expect(nextWorseStatus('shattered')).toBe('shattered');
  });

  it('"As with the normal sequence, a unit effected twice in the same turn suffers the next worse effect. In this case "Shaken" + "Stop" = "Retreat"."', () => {
    expect(statusLadderHit({ status: 'disordered', hit: 'disordered', hitEarlierThisTurn: true, cardDrawnThisTurn: false })).toEqual({
      status: 'routed',
      escalated: true,
      reason: 'Hit twice before its card was drawn: the next worse state after disordered',
      rule: 'Miniatures Random Movement, Effect',
    });
  });

  it('"a unit that has already been forced to Retreat or Rout — before its own card is drawn - is Stopped or Shaken ... the effect must be changed to that which is next worse than the unit\'s current status"', () => {
    expect(statusLadderHit({ status: 'routed', hit: 'disordered', hitEarlierThisTurn: true, cardDrawnThisTurn: false }).status).toBe('shattered');
    expect(statusLadderHit({ status: 'shattered', hit: 'disordered', hitEarlierThisTurn: true, cardDrawnThisTurn: false })).toMatchObject({ status: 'shattered', escalated: false });
  });

  it('a first hit, or a hit after the unit\'s card was drawn, is the revision\'s own result', () => {
    expect(statusLadderHit({ status: 'ordered', hit: 'disordered', hitEarlierThisTurn: false, cardDrawnThisTurn: false })).toMatchObject({ status: 'disordered', escalated: false, reason: 'First hit this turn' });
    expect(statusLadderHit({ status: 'disordered', hit: 'disordered', hitEarlierThisTurn: true, cardDrawnThisTurn: true })).toMatchObject({ status: 'disordered', escalated: false });
    expect(statusLadderHit({ status: 'routed', hit: 'disordered', hitEarlierThisTurn: false, cardDrawnThisTurn: false }).status).toBe('routed');
  });

  it('property: the result is never better than the current state or the hit, and at most one step worse than the worse of them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUS_LADDER), fc.constantFrom(...LADDER_HITS), fc.boolean(), fc.boolean(), (status, hit, earlier, drawn) => {
        const r = STATUS_LADDER.indexOf(statusLadderHit({ status, hit, hitEarlierThisTurn: earlier, cardDrawnThisTurn: drawn }).status);
        const worse = Math.max(STATUS_LADDER.indexOf(status), STATUS_LADDER.indexOf(hit));
        expect(r).toBeGreaterThanOrEqual(worse);
        expect(r).toBeLessThanOrEqual(Math.min(worse + 1, STATUS_LADDER.length - 1));
      }),
    );
  });

  it('validates its arguments', () => {
    expect(thrownArgument(() => statusLadderHit({ status: 'eliminated' as never, hit: 'routed', hitEarlierThisTurn: false, cardDrawnThisTurn: false }))).toBe('status');
    expect(thrownArgument(() => statusLadderHit({ status: 'ordered', hit: 'ordered' as never, hitEarlierThisTurn: false, cardDrawnThisTurn: false }))).toBe('hit');
  });
});
