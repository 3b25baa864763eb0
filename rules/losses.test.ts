/** Examples of the revision's loss rules: stragglers, abandoned guns, leader casualties and skirmishers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abandonedGunsAtMidnight,
  artilleryLossKind,
  DISORDER_CAUSES,
  leaderCasualty,
  mayDesignateStragglerRecovery,
  mayRecallSkirmishers,
  skirmisherIneligibility,
  skirmisherRecallLoss,
  spLossIsStraggler,
  STRAGGLER_RECOVERY_ORDERS,
  stragglersFromDisorder,
  stragglersRecovered,
  type SkirmisherDesignation,
} from './losses';

const flip = { arm: 'infantry' as const, from: 'ordered' as const, to: 'disordered' as const, enemyWithinTacticalMovementRange: true };

describe('stragglersFromDisorder: "Each change to Disorder caused by enemy action, if an enemy unit is within Tactical Movement range, causes one straggler loss"', () => {
  it('"Fire, Shock, Withdrawal, Reaction Facing Change, Retreat Before Shock are all possible sources"', () => {
    for (const cause of ['fire', 'shock', 'withdrawal', 'reaction-facing-change', 'retreat-before-shock'] as const) {
      expect(stragglersFromDisorder({ ...flip, cause }).stragglers).toBe(1);
    }
  });

  it('"Neither Rout nor Automatic Disorder after Shock causes straggler loss"; nor terrain', () => {
    for (const cause of ['rout', 'automatic-disorder-after-shock', 'terrain', 'other'] as const) {
      expect(stragglersFromDisorder({ ...flip, cause }).stragglers).toBe(0);
    }
  });

  it('"The unit must flip from Ordered to Disordered Status to lose the straggler"', () => {
    expect(stragglersFromDisorder({ ...flip, from: 'disordered', cause: 'fire' }).stragglers).toBe(0);
    expect(stragglersFromDisorder({ ...flip, to: 'routed', cause: 'fire' }).stragglers).toBe(0);
  });

  it('no enemy within Tactical Movement range: no straggler', () => {
    expect(stragglersFromDisorder({ ...flip, cause: 'fire', enemyWithinTacticalMovementRange: false })).toEqual({
      stragglers: 0,
      reason: 'No enemy unit is within Tactical Movement range',
      rule: 'Rev. Infantry Stragglers',
    });
  });

  it('RI-F12: only infantry loses stragglers', () => {
    expect(stragglersFromDisorder({ ...flip, arm: 'cavalry', cause: 'fire' }).stragglers).toBe(0);
  });

  it('names bad arguments', () => {
    expect(() => stragglersFromDisorder({ ...flip, cause: 'panic' as never })).toThrow(new RegExp(`cause: must be one of ${DISORDER_CAUSES.join(', ')}`));
  });
});

describe('spLossIsStraggler: "if Rally, Rout Retreat or Second Disorder causes an SP loss - that loss is considered a straggler"', () => {
  it('those three count; fire and shock losses do not', () => {
    expect(['rally', 'rout-retreat', 'second-disorder', 'fire', 'shock', 'other'].map((c) => spLossIsStraggler('infantry', c as never))).toEqual([
      true, true, true, false, false, false,
    ]);
    expect(spLossIsStraggler('artillery', 'rally')).toBe(false);
  });
});

describe('straggler recovery', () => {
  it('only HOLD and RSRV orders "Can Recover Stragglers"', () => {
    expect(STRAGGLER_RECOVERY_ORDERS).toEqual(['HOLD', 'RSRV']);
    expect(mayDesignateStragglerRecovery('HOLD')).toBe(true);
    expect(mayDesignateStragglerRecovery('ASLT')).toBe(false);
  });

  it('"50% (round up) of stragglers from each unit are automatically recovered"', () => {
    expect([0, 1, 2, 3, 4, 5].map(stragglersRecovered)).toEqual([0, 1, 1, 2, 2, 3]);
    expect(() => stragglersRecovered(-1)).toThrow(/stragglers: must be a whole number of 0 or more/);
  });

  it('never recovers more than there are, and at least half (fast-check)', () => {
    fc.assert(fc.property(fc.nat(200), (n) => stragglersRecovered(n) <= n && stragglersRecovered(n) * 2 >= n));
  });
});

describe('Abandoned Guns', () => {
  it('"Artillery SP losses from small-arms fire result in Abandoned Guns"', () => {
    expect(artilleryLossKind('small-arms').kind).toBe('abandoned-guns');
    expect(artilleryLossKind('artillery').kind).toBe('lost');
  });

  it('at 2400: returned to the battery inside friendly lines, otherwise captured and permanently lost', () => {
    expect(abandonedGunsAtMidnight({ guns: 2, hexInsideFriendlyLines: true })).toEqual({ returnedToBattery: 2, captured: 0, rule: 'Rev. Abandoned Guns' });
    expect(abandonedGunsAtMidnight({ guns: 2, hexInsideFriendlyLines: false })).toEqual({ returnedToBattery: 0, captured: 2, rule: 'Rev. Abandoned Guns' });
  });
});

describe('leaderCasualty: "0-4 = KIA; 5-9 = WIA"', () => {
  it('every roll', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(leaderCasualty)).toEqual(['KIA', 'KIA', 'KIA', 'KIA', 'KIA', 'WIA', 'WIA', 'WIA', 'WIA', 'WIA']);
  });

  it('rejects rolls outside 0-9', () => {
    expect(() => leaderCasualty(10)).toThrow(/roll: must be a die roll, a whole number from 0 to 9/);
    expect(() => leaderCasualty(-1)).toThrow(/roll/);
  });
});

describe('skirmisherRecallLoss: the revision\'s examples', () => {
  it('"3 regts have lost 6 SPs each, 1 regt has lost 4 = skirmishing regt loses 2 SPs"', () => {
    expect(skirmisherRecallLoss([6, 6, 6, 4])).toBe(2);
  });

  it('"3 regts lose 6 each, 1 other regt loses 1 SP = skirmisher loses 0"', () => {
    expect(skirmisherRecallLoss([6, 6, 6, 1])).toBe(0);
  });

  it('"for each multiple of 2 SPs lost by every unit, rounded down"', () => {
    expect(skirmisherRecallLoss([2, 3])).toBe(1);
    expect(skirmisherRecallLoss([5, 7, 9])).toBe(2);
  });

  it('RI-F13: a brigade with no other units costs nothing', () => {
    expect(skirmisherRecallLoss([])).toBe(0);
  });

  it('rejects negative losses, naming the entry', () => {
    expect(() => skirmisherRecallLoss([2, -1])).toThrow(/otherUnitsSpLost\[1\]: must be a whole number of 0 or more/);
  });

  it('is monotone in every unit\'s losses (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(12), { minLength: 1, maxLength: 6 }), fc.nat(5), fc.nat(4), (lost, index, more) => {
        const i = index % lost.length;
        const worse = lost.map((l, j) => (j === i ? l + more : l));
        return skirmisherRecallLoss(worse) >= skirmisherRecallLoss(lost);
      }),
    );
  });
});

describe('skirmisherIneligibility (RI-F13)', () => {
  const base: SkirmisherDesignation = {
    brigade: { side: 'CSA', infantry: true, effectiveness: 'ME', atStartOfActivation: true },
    candidate: { side: 'CSA', arm: 'infantry', sp: 3, sharpshooters: false, memberOfBrigade: true },
    otherRegimentsSp: [6, 6, 8, 8],
  };

  it('"at least half the current strength of at least half the other regiments": 3 SPs vs 6, 6, 8, 8 is eligible', () => {
    expect(skirmisherIneligibility(base)).toEqual([]);
  });

  it('2 SPs vs 6, 6, 8, 8 is not (half of none of them)', () => {
    expect(skirmisherIneligibility({ ...base, candidate: { ...base.candidate, sp: 2 } })).toEqual([
      'The unit (2 SPs) is not at least half the strength of at least half the other regiments (0 of 4)',
    ]);
  });

  it('3 SPs vs 6, 7, 8 is not (one of three); vs 6, 7 it is (one of two)', () => {
    expect(skirmisherIneligibility({ ...base, otherRegimentsSp: [6, 7, 8] })).toHaveLength(1);
    expect(skirmisherIneligibility({ ...base, otherRegimentsSp: [6, 7] })).toEqual([]);
  });

  it('"Infantry brigades (only)", "at ME", "at the beginning of the brigade\'s activation"', () => {
    expect(
      skirmisherIneligibility({ ...base, brigade: { side: 'CSA', infantry: false, effectiveness: 'RE', atStartOfActivation: false } }),
    ).toEqual([
      'Only infantry brigades may designate Skirmishers',
      'The brigade must be at ME',
      "Skirmishers are designated at the beginning of the brigade's activation",
    ]);
  });

  it('"US Sharpshooters can serve as Skirmishers for any US brigade"; no one else from outside', () => {
    const usBrigade = { ...base.brigade, side: 'USA' as const };
    const sharpshooters = { side: 'USA' as const, arm: 'infantry' as const, sp: 4, sharpshooters: true, memberOfBrigade: false };
    expect(skirmisherIneligibility({ ...base, brigade: usBrigade, candidate: sharpshooters })).toEqual([]);
    expect(skirmisherIneligibility({ ...base, brigade: usBrigade, candidate: { ...sharpshooters, sharpshooters: false } })).toEqual([
      'The unit must belong to the brigade (only US Sharpshooters serve any US brigade)',
    ]);
  });

  it('a brigade with no other regiments cannot designate', () => {
    expect(skirmisherIneligibility({ ...base, otherRegimentsSp: [] })).toEqual(['The brigade has no other regiments to screen']);
  });

  it('recall only at ME, at the beginning of the activation', () => {
    expect(mayRecallSkirmishers({ effectiveness: 'ME', atStartOfActivation: true })).toBe(true);
    expect(mayRecallSkirmishers({ effectiveness: 'RE', atStartOfActivation: true })).toBe(false);
  });
});
