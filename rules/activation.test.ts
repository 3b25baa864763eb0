// Activation (Rev. Activation Segment): ME attempts and DRMs, RE activation, alternation, the ME bar
// on subordinates, who is in command, rating points once per turn, ME by stacking and the US army
// commander before Meade.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_RATING_POINTS_LEDGER, thrownArgument } from './test-support';
import {
  leaderPersons,
  mayBeOutOfCommand,
  activateAtRe,
  activationDrm,
  activationOptions,
  afterActivationAction,
  grantMeToStackedUnits,
  initiativeMeActivation,
  leaderInCommand,
  mayAttemptMeActivation,
  maySpendRatingPoints,
  resolveMeAttempt,
  spendRatingPoints,
  usArmyCommander,
} from './activation';
import type { ActivationDrmInput, ActivationPhaseState, LedgerLeader, RatingPointsLedger } from './activation';
import { ORDERS } from './orders-table';
import { ORDER_CODES } from './types';
import type { OrderCode } from './types';

const brigade: ActivationDrmInput = { level: 'brigade', anyUnitInBreastworks: false, commanderOutOfCommand: false, superiorRatingsInRange: [] };

describe('activationDrm (Rev. Activation DRMs)', () => {
  it('brigade activation with nothing applying is 0', () => {
    expect(activationDrm(brigade)).toEqual({ total: 0, items: [] });
  });

  it('corps +3, division +1', () => {
    expect(activationDrm({ ...brigade, level: 'corps' })).toEqual({ total: 3, items: [{ label: 'Corps Activation', value: 3, rule: 'Rev. Activation DRMs' }] });
    expect(activationDrm({ ...brigade, level: 'division' })).toEqual({ total: 1, items: [{ label: 'Division Activation', value: 1, rule: 'Rev. Activation DRMs' }] });
  });

  it('breastworks +1; an OOC commander -1 as printed (RI-C01); -(rating) per superior in range', () => {
    expect(activationDrm({ ...brigade, anyUnitInBreastworks: true }).total).toBe(1);
    expect(activationDrm({ ...brigade, commanderOutOfCommand: true })).toEqual({
      total: -1,
      items: [{ label: 'Commander/Leader of activating command is OOC', value: -1, rule: 'Rev. Activation DRMs' }],
    });
    expect(activationDrm({ ...brigade, superiorRatingsInRange: [2, 3] }).items.map((item) => item.value)).toEqual([-2, -3]);
  });

  it('a corps activation in breastworks helped by the army commander (rating 4)', () => {
    const drm = activationDrm({ level: 'corps', anyUnitInBreastworks: true, commanderOutOfCommand: false, superiorRatingsInRange: [4] });
    expect(drm.items.map((item) => [item.label, item.value])).toEqual([
      ['Corps Activation', 3],
      ['Units in command are in Breastworks/Entrenchments', 1],
      ["Superior commander's rating, in range (4)", -4],
    ]);
    expect(drm.total).toBe(0);
  });

  it('throws naming the argument', () => {
    expect(() => activationDrm({ ...brigade, level: 'army' as never })).toThrow(/level: must be one of corps, division, brigade/);
    expect(thrownArgument(() => activationDrm({ ...brigade, anyUnitInBreastworks: 'yes' as never }))).toBe('anyUnitInBreastworks');
    expect(thrownArgument(() => activationDrm({ ...brigade, commanderOutOfCommand: undefined as never }))).toBe('commanderOutOfCommand');
    expect(thrownArgument(() => activationDrm({ ...brigade, superiorRatingsInRange: [1, -1] }))).toBe('superiorRatingsInRange[1]');
    expect(thrownArgument(() => activationDrm({ ...brigade, superiorRatingsInRange: null as never }))).toBe('superiorRatingsInRange');
  });

  it('property: items sum to the total, and the total never depends on the order of the ratings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('corps' as const, 'division' as const, 'brigade' as const),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
        (level, anyUnitInBreastworks, commanderOutOfCommand, ratings) => {
          const input = { level, anyUnitInBreastworks, commanderOutOfCommand, superiorRatingsInRange: ratings };
          const drm = activationDrm(input);
          expect(drm.items.reduce((sum, item) => sum + item.value, 0)).toBe(drm.total);
          expect(activationDrm({ ...input, superiorRatingsInRange: [...ratings].reverse() }).total).toBe(drm.total);
        },
      ),
    );
  });
});

describe('the ME attempt (Rev. Activation Procedure)', () => {
  it('a modified roll <= the rating activates at ME, higher goes to the Confusion Table', () => {
    expect(resolveMeAttempt({ officerRating: 4, drm: { ...brigade, level: 'division' } }, 3)).toMatchObject({
      result: 'ME',
      roll: 3,
      modifiedRoll: 4,
      officerRating: 4,
      rule: 'Rev. Activation Procedure',
    });
    expect(resolveMeAttempt({ officerRating: 4, drm: { ...brigade, level: 'division' } }, 4).result).toBe('confusion');
  });

  it('boundaries: rating 0 needs a 0; rating 9 with a corps +3 fails from a roll of 7', () => {
    expect(resolveMeAttempt({ officerRating: 0, drm: brigade }, 0).result).toBe('ME');
    expect(resolveMeAttempt({ officerRating: 0, drm: brigade }, 1).result).toBe('confusion');
    expect(resolveMeAttempt({ officerRating: 9, drm: brigade }, 9).result).toBe('ME');
    expect(resolveMeAttempt({ officerRating: 9, drm: { ...brigade, level: 'corps' } }, 6).result).toBe('ME');
    expect(resolveMeAttempt({ officerRating: 9, drm: { ...brigade, level: 'corps' } }, 7).result).toBe('confusion');
  });

  it('throws on a bad roll or rating', () => {
    expect(thrownArgument(() => resolveMeAttempt({ officerRating: 3, drm: brigade }, 2.5))).toBe('roll');
    expect(thrownArgument(() => resolveMeAttempt({ officerRating: 12, drm: brigade }, 2))).toBe('officerRating');
  });
});

describe('what orders allow at activation', () => {
  it('ME Orders must attempt ME and cannot take RE', () => {
    for (const order of ORDER_CODES.filter((code) => ORDERS[code].meRequired)) {
      expect(activationOptions(order)).toMatchObject({ mustAttemptMe: true, mayActivateAtRe: false });
      expect(activateAtRe(order).ok).toBe(false);
    }
  });

  it('RSRV is RE activation only; the other RE Orders may take RE automatically or try for ME (RI-C08)', () => {
    expect(activationOptions('RSRV')).toMatchObject({ mustAttemptMe: false, mayAttemptMe: false, mayActivateAtRe: true });
    for (const order of ['HOLD', 'SKPD', 'WDRW'] as OrderCode[]) {
      expect(activationOptions(order)).toMatchObject({ mustAttemptMe: false, mayAttemptMe: true, mayActivateAtRe: true });
    }
    expect(activateAtRe('HOLD')).toEqual({ ok: true, effectiveness: 'RE', rule: 'Rev. Activation Segment' });
    expect(thrownArgument(() => activationOptions('NONE' as OrderCode))).toBe('order');
  });

  it("the Initiative player's initial activation may be any size command at ME", () => {
    expect(initiativeMeActivation({ initiativePlayer: true, firstActivationOfSegment: true, order: 'ASLT' })).toEqual({
      ok: true,
      effectiveness: 'ME',
      rule: 'Rev. Initiative Segment',
    });
    expect(initiativeMeActivation({ initiativePlayer: true, firstActivationOfSegment: false, order: 'ASLT' }).ok).toBe(false);
    expect(initiativeMeActivation({ initiativePlayer: false, firstActivationOfSegment: true, order: 'ASLT' }).ok).toBe(false);
    expect(initiativeMeActivation({ initiativePlayer: true, firstActivationOfSegment: true, order: 'RSRV' }).ok).toBe(false);
  });
});

describe('alternation in an activation phase', () => {
  const phaseStart = (phase: ActivationPhaseState['phase'], toAct: ActivationPhaseState['toAct']): ActivationPhaseState => ({ phase, toAct, consecutivePasses: 0, ended: false });

  it('begins with the Initiative player and alternates', () => {
    let state = phaseStart('in-command', 'CSA');
    state = afterActivationAction(state, 'activate');
    expect(state.toAct).toBe('USA');
    state = afterActivationAction(state, 'activate');
    expect(state.toAct).toBe('CSA');
  });

  it('three passes in a row end the phase; an activation in between resets the count', () => {
    let state = phaseStart('out-of-command', 'USA');
    state = afterActivationAction(state, 'pass');
    state = afterActivationAction(state, 'pass');
    state = afterActivationAction(state, 'activate');
    expect(state).toMatchObject({ consecutivePasses: 0, ended: false });
    state = afterActivationAction(state, 'pass');
    state = afterActivationAction(state, 'pass');
    expect(state.ended).toBe(false);
    state = afterActivationAction(state, 'pass');
    expect(state).toMatchObject({ consecutivePasses: 3, ended: true });
    const ended = state;
    expect(thrownArgument(() => afterActivationAction(ended, 'activate'))).toBe('state');
  });

  it('validates its arguments', () => {
    const state: ActivationPhaseState = phaseStart('in-command', 'USA');
    expect(thrownArgument(() => afterActivationAction(state, 'wait' as never))).toBe('action');
  });

  it('property: the side to act always alternates, and the phase ends exactly at the third pass in a row', () => {
    fc.assert(
      fc.property(fc.constantFrom('USA' as const, 'CSA' as const), fc.array(fc.constantFrom('activate' as const, 'pass' as const), { maxLength: 30 }), (first, actions) => {
        let state = phaseStart('in-command', first);
        let run = 0;
        for (const action of actions) {
          if (state.ended) break;
          const before = state.toAct;
          state = afterActivationAction(state, action);
          run = action === 'pass' ? run + 1 : 0;
          expect(state.toAct).not.toBe(before);
          expect(state.ended).toBe(run >= 3);
        }
      }),
    );
  });
});

describe("a higher command's ME attempt bars its subordinates (RI-C07)", () => {
  const tree = [
    { id: 'corps-3', parentId: null },
    { id: 'div-a', parentId: 'corps-3' },
    { id: 'bde-a1', parentId: 'div-a' },
    { id: 'div-b', parentId: 'corps-3' },
    { id: 'bde-b1', parentId: 'div-b' },
  ];

  it('after a division tries for ME, its brigades may not try independently later in the segment', () => {
    expect(mayAttemptMeActivation(tree, ['div-a'], 'bde-a1')).toMatchObject({ ok: false, rule: 'Rev. Activation Segment' });
    expect(mayAttemptMeActivation(tree, ['div-a'], 'bde-b1')).toEqual({ ok: true });
    expect(mayAttemptMeActivation(tree, ['corps-3'], 'bde-b1').ok).toBe(false);
    expect(mayAttemptMeActivation(tree, ['bde-a1'], 'div-a').ok).toBe(true);
    expect(thrownArgument(() => mayAttemptMeActivation(tree, ['div-z'], 'bde-b1'))).toBe('meAttemptedCommandIds[0]');
    expect(thrownArgument(() => mayAttemptMeActivation(tree, [], 'bde-z'))).toBe('commandId');
  });
});

describe('in command / out of command (Rev. In-Command/Out-of-Command)', () => {
  it('corps commanders and all cavalry commanders are never out of command', () => {
    expect(leaderInCommand({ level: 'corps', cavalry: false, hexesToSuperior: null, superiorRange: 0 }).inCommand).toBe(true);
    expect(leaderInCommand({ level: 'brigade', cavalry: true, hexesToSuperior: 20, superiorRange: 4 }).inCommand).toBe(true);
    expect(leaderInCommand({ level: 'division', cavalry: true, hexesToSuperior: null, superiorRange: 4 }).inCommand).toBe(true);
  });

  it('division commanders within the corps commander\'s range, brigade leaders within the division commander\'s', () => {
    expect(leaderInCommand({ level: 'division', cavalry: false, hexesToSuperior: 6, superiorRange: 6 }).inCommand).toBe(true);
    expect(leaderInCommand({ level: 'division', cavalry: false, hexesToSuperior: 7, superiorRange: 6 }).inCommand).toBe(false);
    expect(leaderInCommand({ level: 'brigade', cavalry: false, hexesToSuperior: 0, superiorRange: 0 }).inCommand).toBe(true);
    expect(leaderInCommand({ level: 'brigade', cavalry: false, hexesToSuperior: null, superiorRange: 4 }).inCommand).toBe(false);
  });

  it('validates the level', () => {
    expect(thrownArgument(() => leaderInCommand({ level: 'captain' as never, cavalry: false, hexesToSuperior: 1, superiorRange: 3 }))).toBe('level');
  });
});

describe('rating points once per turn, and army/wing commanders: points or movement', () => {
  const hancock: LedgerLeader = { id: 'hancock', role: 'corps' };
  const caldwell: LedgerLeader = { id: 'caldwell', role: 'division' };
  const cross: LedgerLeader = { id: 'cross', role: 'brigade' };

  function spend(ledger: RatingPointsLedger, leader: LedgerLeader, use: Parameters<typeof spendRatingPoints>[2]): RatingPointsLedger {
    const result = spendRatingPoints(ledger, leader, use);
    if (!result.ok) throw new Error(result.reason);
    return result.ledger;
  }

  it('each leader may use his rating points once per turn', () => {
    expect(maySpendRatingPoints(EMPTY_RATING_POINTS_LEDGER, hancock)).toEqual({ ok: true });
    const ledger = spend(EMPTY_RATING_POINTS_LEDGER, hancock, 'activation');
    expect(maySpendRatingPoints(ledger, hancock)).toMatchObject({ ok: false, rule: 'Rev. Leaders and Activation' });
    expect(spendRatingPoints(ledger, hancock, 'order-change').ok).toBe(false);
    expect(maySpendRatingPoints(ledger, caldwell).ok).toBe(true);
    expect(EMPTY_RATING_POINTS_LEDGER.pointsSpent).toEqual([]);
  });

  it('a division-or-higher commander gives ME to stacked subordinate units for all his points', () => {
    const granted = grantMeToStackedUnits(EMPTY_RATING_POINTS_LEDGER, caldwell, { unitsSubordinate: true });
    expect(granted).toMatchObject({ ok: true, effectiveness: 'ME', unitsInCommand: true, rule: 'Rev. Leaders and Activation' });
    if (!granted.ok) return;
    expect(granted.ledger.pointsSpent).toEqual([{ leaderId: 'caldwell', use: 'grant-me' }]);
    expect(grantMeToStackedUnits(granted.ledger, caldwell, { unitsSubordinate: true }).ok).toBe(false);
    expect(grantMeToStackedUnits(EMPTY_RATING_POINTS_LEDGER, cross, { unitsSubordinate: true }).ok).toBe(false);
    expect(grantMeToStackedUnits(EMPTY_RATING_POINTS_LEDGER, hancock, { unitsSubordinate: false }).ok).toBe(false);
  });

  it('validates the leader and the use', () => {
    expect(thrownArgument(() => maySpendRatingPoints(EMPTY_RATING_POINTS_LEDGER, { id: 'x', role: 'colonel' as never }))).toBe('leader.role');
    expect(thrownArgument(() => spendRatingPoints(EMPTY_RATING_POINTS_LEDGER, hancock, 'parade' as never))).toBe('use');
    expect(thrownArgument(() => maySpendRatingPoints({} as never, hancock))).toBe('ledger');
  });
});

describe('the US army commander before Meade (Rev. US Wing/Grand Division Commanders)', () => {
  it('Reynolds first, then the US player\'s choice, until Meade arrives', () => {
    expect(usArmyCommander({ meadeArrived: false, reynoldsHorsDeCombat: false, chosenSuccessorId: null })).toMatchObject({ acting: 'reynolds' });
    expect(usArmyCommander({ meadeArrived: false, reynoldsHorsDeCombat: true, chosenSuccessorId: null })).toMatchObject({ acting: 'choice-needed' });
    expect(usArmyCommander({ meadeArrived: false, reynoldsHorsDeCombat: true, chosenSuccessorId: 'howard' })).toEqual({
      acting: 'successor',
      leaderId: 'howard',
      rule: 'Rev. US Wing/Grand Division Commanders',
    });
    expect(usArmyCommander({ meadeArrived: true, reynoldsHorsDeCombat: true, chosenSuccessorId: 'howard' })).toMatchObject({ acting: 'meade' });
    expect(thrownArgument(() => usArmyCommander({ meadeArrived: 'no' as never, reynoldsHorsDeCombat: false, chosenSuccessorId: null }))).toBe('meadeArrived');
  });
});

describe('all orders are covered by activationOptions', () => {
  it.each([...ORDER_CODES])('%s gives a consistent answer', (order) => {
    const options = activationOptions(order);
    expect(options.mayActivateAtRe || options.mayAttemptMe).toBe(true);
    if (options.mustAttemptMe) expect(options.mayAttemptMe).toBe(true);
  });
});

describe('commanders who are never out of command (Rev. In-Command/Out-of-Command)', () => {
  it('"Corps commanders and all cavalry commanders are never out of command"', () => {
    expect(mayBeOutOfCommand({ level: 'corps', cavalry: false })).toMatchObject({ ok: false, reason: 'A corps commander is never out of command' });
    expect(mayBeOutOfCommand({ level: 'brigade', cavalry: true })).toMatchObject({ ok: false, reason: 'Cavalry commanders are never out of command' });
    expect(mayBeOutOfCommand({ level: 'division', cavalry: false })).toEqual({ ok: true });
    expect(mayBeOutOfCommand({ level: 'brigade', cavalry: false })).toEqual({ ok: true });
  });
});

describe('one man on several counters (RI-D16)', () => {
  it('a counter named "<name> (<command>)" is a second counter of the leader named "<name>" on the same side', () => {
    const persons = leaderPersons([
      { id: 'reynolds', side: 'USA', name: 'John F. Reynolds' },
      { id: 'reynolds-wing', side: 'USA', name: 'John F. Reynolds (Left Wing)' },
      { id: 'garnett-1', side: 'CSA', name: 'Garnett' },
      { id: 'garnett-2', side: 'CSA', name: 'Garnett' },
      { id: 'smith', side: 'CSA', name: 'Smith (Reserve)' },
      { id: 'smith-usa', side: 'USA', name: 'Smith' },
    ]);
    expect(persons.get('reynolds-wing')).toBe('reynolds');
    expect(persons.get('reynolds')).toBe('reynolds');
    // Two men who share a name keep their own counters; a bracket names a second counter only of the same side.
    expect(persons.get('garnett-2')).toBe('garnett-2');
    expect(persons.get('smith')).toBe('smith');
  });
});
