/** Examples of the fire tables under the revision: range DRMs and the skirmishers' shift, the ammo check, cease-movement fire and targets, artillery friendly fire. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesArgumentError } from './errors';
import { FAIR_WEATHER } from './test-support';
import { allowedFireTargets, ammoCheckApplies, ceaseMovementFireAllowed, ceaseMovementFireRange, friendlyFireTable, isAmmoResult, rangeDrm, returnFireTiming, skirmisherRangeDrm, smallArmsMaxRange } from './fire-tables';
import { WEAPONS, type Weapon } from './types';

describe('rangeDrm: every row and column of Rev. Range DRMs (1/2/3/4/5/6)', () => {
  // The table as printed in the revision.
  const printed: [Weapon, (number | null)[]][] = [
    ['M', [2, -2, -4, -5, -7, null]], //          M   +2/-2/-4/-5/-7/-
    ['E', [1, 0, -2, -4, -6, null]], //           E   +1/0/-2/-4/-6/-
    ['R', [1, 0, -2, -3, -5, null]], //           R   +1/0/-2/-3/-5/-
    ['TR', [1, 0, -3, -4, -6, null]], //          TR  +1/0/-3/-4/-6/-
    ['B', [2, 0, -1, -2, -4, null]], //           B   +2/0/-1/-2/-4/-
    ['B-SS', [2, 2, 0, -1, -2, -3]], //  B (US SS)   +2/+2/0/-1/-2/-3
    ['C', [0, -1, -4, -5, -7, null]], //          C   0/-1/-4/-5/-7/-
    ['SR', [3, 1, 0, -1, -2, null]], //           SR  +3/+1/0/-1/-2/-
  ];
  for (const [weapon, row] of printed) {
    row.forEach((expected, i) => {
      it(`${weapon} at range ${i + 1}: ${expected === null ? 'out of range' : expected}`, () => {
        expect(rangeDrm(weapon, i + 1)).toBe(expected);
      });
    });
  }

  it('"All Small Arms have a maximum range of 5, except US SS at 6": nothing reaches range 7', () => {
    for (const weapon of WEAPONS) expect(rangeDrm(weapon, 7)).toBeNull();
    expect(smallArmsMaxRange('R', FAIR_WEATHER)).toBe(5);
    expect(smallArmsMaxRange('B-SS', FAIR_WEATHER)).toBe(6);
  });

  it('rejects a range of 0 and an unknown weapon, naming the argument and accepted values', () => {
    expect(() => rangeDrm('R', 0)).toThrow(RulesArgumentError);
    expect(() => rangeDrm('R', 0)).toThrow(/range: must be a whole number of 1 or more/);
    expect(() => rangeDrm('R', 1.5)).toThrow(/range/);
    expect(() => rangeDrm('X' as Weapon, 1)).toThrow(/weapon: must be one of M, E, R, TR, B, B-SS, C, SR/);
  });
});

describe('skirmisherRangeDrm: "shift Fire Combat Range modifiers one column right ... (does not increase range, though)" (RI-F02)', () => {
  it('at range 2 and beyond, the modifier printed one column to the left applies', () => {
    expect(skirmisherRangeDrm('M', 2)).toBe(2); // M's range-1 +2 now at range 2 (instead of -2)
    expect(skirmisherRangeDrm('R', 3)).toBe(0);
    expect(skirmisherRangeDrm('R', 5)).toBe(-3);
  });

  it('range 1 keeps its own modifier', () => {
    for (const weapon of WEAPONS) expect(skirmisherRangeDrm(weapon, 1)).toBe(rangeDrm(weapon, 1));
  });

  it('does not increase range: 6 hexes is still out of range for all but B (US SS)', () => {
    expect(skirmisherRangeDrm('R', 6)).toBeNull();
    expect(skirmisherRangeDrm('B-SS', 6)).toBe(-2);
    expect(skirmisherRangeDrm('B-SS', 7)).toBeNull();
  });

  it('never hurts the firer ("beef up your line")', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEAPONS), fc.integer({ min: 1, max: 6 }), (weapon, range) => {
        const base = rangeDrm(weapon, range);
        const shifted = skirmisherRangeDrm(weapon, range);
        return base === null ? shifted === null : shifted !== null && shifted >= base;
      }),
    );
  });
});

describe('the ammo check: "All cavalry, B weapons, SR weapons: \'Ammo\' on any adjusted even die roll" (RI-F04)', () => {
  it('applies to all cavalry, B (with US SS) and SR weapons, not to other infantry or artillery', () => {
    expect(ammoCheckApplies({ arm: 'cavalry', weapon: 'C' })).toBe(true);
    expect(ammoCheckApplies({ arm: 'cavalry', weapon: 'R' })).toBe(true);
    for (const weapon of ['B', 'B-SS', 'SR'] as const) expect(ammoCheckApplies({ arm: 'infantry', weapon })).toBe(true);
    for (const weapon of ['M', 'E', 'R', 'TR', 'C'] as const) expect(ammoCheckApplies({ arm: 'infantry', weapon })).toBe(false);
    expect(ammoCheckApplies({ arm: 'artillery', weapon: null })).toBe(false);
  });

  it('any even adjusted roll, including 0 and negative even numbers', () => {
    const sharps = { arm: 'infantry' as const, weapon: 'B-SS' as const };
    expect([-2, -1, 0, 1, 8, 9, 10, 11].map((r) => isAmmoResult(sharps, r))).toEqual([true, false, true, false, true, false, true, false]);
    expect(isAmmoResult({ arm: 'infantry', weapon: 'R' }, 4)).toBe(false);
    expect(() => isAmmoResult(sharps, 2.5)).toThrow(/adjustedRoll/);
  });
});

describe('Cease Movement Fire, Return Fire and Fire Combat Targets', () => {
  it('"activating artillery units that come within 3 hexes ... (not 2 hexes as for other types)"', () => {
    expect(ceaseMovementFireRange('artillery')).toBe(3);
    expect(ceaseMovementFireRange('infantry')).toBe(2);
    expect(ceaseMovementFireRange('cavalry')).toBe(2);
    expect(ceaseMovementFireAllowed('artillery', 3).allowed).toBe(true);
    expect(ceaseMovementFireAllowed('infantry', 3).allowed).toBe(false);
    expect(() => ceaseMovementFireRange('wagon' as never)).toThrow(/movingArm: must be one of infantry, cavalry, artillery/);
  });

  it('Return Fire against a moved activating unit comes first; otherwise it is simultaneous', () => {
    expect(returnFireTiming(true)).toBe('before');
    expect(returnFireTiming(false)).toBe('simultaneous');
  });

  it('RI-F08: the closest target within 3 hexes, preferring one not engaged this activation', () => {
    expect(
      allowedFireTargets([
        { id: 'a', distance: 2, engagedThisActivation: true },
        { id: 'b', distance: 2, engagedThisActivation: false },
        { id: 'c', distance: 1, engagedThisActivation: true },
        { id: 'd', distance: 4, engagedThisActivation: false },
      ]).ids,
    ).toEqual(['c']);
    expect(
      allowedFireTargets([
        { id: 'a', distance: 2, engagedThisActivation: true },
        { id: 'b', distance: 2, engagedThisActivation: false },
      ]).ids,
    ).toEqual(['b']);
    expect(
      allowedFireTargets([
        { id: 'a', distance: 4, engagedThisActivation: false },
        { id: 'b', distance: 5, engagedThisActivation: false },
      ]).ids,
    ).toEqual(['a', 'b']);
  });
});

describe('friendlyFireTable: the two tables of Rev. Artillery Friendly Fire', () => {
  it('friendly unit adjacent to the target at a range of 5 or more: "0-3: hits target; 4-5: ... friendly; 6-7: ... both at 1/2; 8-9: misses"', () => {
    expect(friendlyFireTable(5, 1)?.results).toEqual(['target', 'target', 'target', 'target', 'friendly', 'friendly', 'both-half', 'both-half', 'miss', 'miss']);
  });

  it('friendly unit 2 hexes from the target at a range of 8 or more: "0-5: hits target; 6-7: ... friendly; 8: ... both; 9: misses"', () => {
    expect(friendlyFireTable(8, 2)?.results).toEqual(['target', 'target', 'target', 'target', 'target', 'target', 'friendly', 'friendly', 'both-half', 'miss']);
  });

  it('no roll is needed below those ranges or with friendly units farther off (RI-F07)', () => {
    expect(friendlyFireTable(4, 1)).toBeNull();
    expect(friendlyFireTable(7, 2)).toBeNull();
    expect(friendlyFireTable(12, 3)).toBeNull();
    // RI-F07: an adjacent friendly unit at range 8+ uses the adjacent table.
    expect(friendlyFireTable(9, 1)?.results[4]).toBe('friendly');
  });
});
