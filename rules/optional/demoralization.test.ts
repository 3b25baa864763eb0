// Demoralization (SPI Blue & Gray optional rules 11.6, spi-blue-gray-optional-rules.txt), fitted to 3DoG.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stackFireResolution } from '../fire';
import { itemised } from '../itemise';
import { shockDrm } from '../shock';
import { thrownArgument } from '../test-support';
import {
  demoralizationFireDrmItems,
  demoralizationLevel,
  demoralizationLevelNow,
  demoralizationShockDrmItems,
  demoralizationThresholds,
} from './demoralization';
import type { DemoralizationLevel } from './demoralization';

const SHIFTS = 'SPI B&G 11.61 (printed 11.16)';

describe('demoralizationLevel', () => {
  it('"A Player\'s units are demoralized ... when his losses reach a cumulative total of one-third of his total Strength Points"', () => {
    expect(demoralizationLevel(0, 300)).toBe(0);
    expect(demoralizationLevel(99, 300)).toBe(0);
    expect(demoralizationLevel(100, 300)).toBe(1);
    expect(demoralizationLevel(199, 300)).toBe(1);
  });

  it('"... double-demoralized ... when his losses reach a cumulative total of two-thirds of his total Strength Points"', () => {
    expect(demoralizationLevel(200, 300)).toBe(2);
    expect(demoralizationLevel(300, 300)).toBe(2);
  });

  it('exact arithmetic, no rounding: 3 × loss against the total', () => {
    // 100 / 3 = 33.33...: 33 SPs lost is not a third, 34 is.
    expect(demoralizationLevel(33, 100)).toBe(0);
    expect(demoralizationLevel(34, 100)).toBe(1);
    // 2 × 100 / 3 = 66.66...: 66 is not two thirds, 67 is.
    expect(demoralizationLevel(66, 100)).toBe(1);
    expect(demoralizationLevel(67, 100)).toBe(2);
    expect(demoralizationLevel(1, 3)).toBe(1);
    expect(demoralizationLevel(2, 3)).toBe(2);
    expect(demoralizationLevel(0, 1)).toBe(0);
  });

  it('throws on a negative loss or a total that is not positive, naming the argument', () => {
    expect(thrownArgument(() => demoralizationLevel(-1, 300))).toBe('lossSp');
    expect(thrownArgument(() => demoralizationLevel(Number.NaN, 300))).toBe('lossSp');
    expect(thrownArgument(() => demoralizationLevel(10, 0))).toBe('totalSp');
    expect(thrownArgument(() => demoralizationLevel(10, -300))).toBe('totalSp');
    expect(thrownArgument(() => demoralizationLevel(10, Number.POSITIVE_INFINITY))).toBe('totalSp');
  });

  it('property: monotone in the loss, and the thresholds are exactly 3 × loss >= total and 3 × loss >= 2 × total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (a, b, total) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(demoralizationLevel(low, total)).toBeLessThanOrEqual(demoralizationLevel(high, total));
        const expected = 3 * a >= 2 * total ? 2 : 3 * a >= total ? 1 : 0;
        expect(demoralizationLevel(a, total)).toBe(expected);
      }),
    );
  });

  it('property: more reinforcements (a larger total) never raise the level the losses give', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 500 }), (loss, total, more) => {
        expect(demoralizationLevel(loss, total + more)).toBeLessThanOrEqual(demoralizationLevel(loss, total));
      }),
    );
  });
});

describe('demoralizationLevelNow', () => {
  it('"demoralized for the rest of the game": reinforcements that lower the share of losses do not lift it', () => {
    expect(demoralizationLevel(100, 400)).toBe(0);
    expect(demoralizationLevelNow(1, 100, 400)).toBe(1);
    expect(demoralizationLevelNow(1, 300, 400)).toBe(2);
    expect(demoralizationLevelNow(0, 100, 300)).toBe(1);
    expect(thrownArgument(() => demoralizationLevelNow(3 as never, 1, 3))).toBe('levelReached');
  });
});

describe('demoralizationThresholds', () => {
  it('RI-O10: the distance to each threshold, in whole SPs', () => {
    expect(demoralizationThresholds(20, 100)).toEqual({
      level: 0,
      label: 'Not demoralized',
      thresholds: [
        { level: 1, label: 'Demoralized', lossSp: 34, remainingSp: 14, reached: false },
        { level: 2, label: 'Double-demoralized', lossSp: 67, remainingSp: 47, reached: false },
      ],
      rule: 'SPI B&G 11.6',
    });
    expect(demoralizationThresholds(70, 99).thresholds.map((t) => [t.lossSp, t.remainingSp, t.reached])).toEqual([[33, 0, true], [66, 0, true]]);
    // Demoralized earlier, then reinforced to 400 SPs: still demoralized, that threshold stays reached.
    expect(demoralizationThresholds(100, 400, 1).thresholds.map((t) => [t.lossSp, t.remainingSp, t.reached])).toEqual([[134, 0, true], [267, 167, false]]);
    expect(demoralizationThresholds(100, 400, 1).level).toBe(1);
    expect(thrownArgument(() => demoralizationThresholds(1.5, 99))).toBe('lossSp');
    expect(thrownArgument(() => demoralizationThresholds(1, 9, 4 as never))).toBe('levelReached');
    expect(thrownArgument(() => demoralizationThresholds(1, 0))).toBe('totalSp');
  });

  it('property: losing the remaining SPs reaches the threshold, one fewer does not (RI-O10)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 3000 }), (loss, total) => {
        const { thresholds, level } = demoralizationThresholds(loss, total);
        expect(level).toBe(demoralizationLevel(loss, total));
        for (const t of thresholds) {
          expect(demoralizationLevel(loss + t.remainingSp, total)).toBeGreaterThanOrEqual(t.level);
          if (t.remainingSp > 0) expect(demoralizationLevel(loss + t.remainingSp - 1, total)).toBeLessThan(t.level);
          expect(t.reached).toBe(level >= t.level);
        }
      }),
    );
  });
});

/** The shifts as an itemised total, as the assistants add them up. */
const fireShift = (a: DemoralizationLevel, d: DemoralizationLevel) => itemised(demoralizationFireDrmItems(a, d));
const shockShift = (a: DemoralizationLevel, d: DemoralizationLevel) => itemised(demoralizationShockDrmItems(a, d));

describe('the Combat Results Table column shifts as fire and shock DRMs (RI-O08)', () => {
  it('"All attacks made by demoralized units have the odds shifted one column to the left": -1 on the firer\'s and the shock attacker\'s roll', () => {
    expect(demoralizationFireDrmItems(1, 0)).toEqual([{ label: "Firer's side demoralized: one column left", value: -1, rule: SHIFTS }]);
    expect(demoralizationShockDrmItems(1, 0)).toEqual([{ label: "Attacker's side demoralized: one column left", value: -1, rule: SHIFTS }]);
  });

  it('"all attacks made on demoralized units have their odds shifted one column to the right": +1', () => {
    expect(demoralizationFireDrmItems(0, 1)).toEqual([{ label: "Target's side demoralized: one column right", value: 1, rule: SHIFTS }]);
    expect(demoralizationShockDrmItems(0, 1)).toEqual([{ label: "Defender's side demoralized: one column right", value: 1, rule: SHIFTS }]);
  });

  it('"For double-demoralized units, the odds are shifted two columns left or right."', () => {
    expect(fireShift(2, 0)).toEqual({ total: -2, items: [{ label: "Firer's side double-demoralized: two columns left", value: -2, rule: SHIFTS }] });
    expect(shockShift(0, 2).total).toBe(2);
    // Different levels: both shifts, which net out to one column.
    expect(fireShift(1, 2)).toEqual({
      total: 1,
      items: [
        { label: "Firer's side demoralized: one column left", value: -1, rule: SHIFTS },
        { label: "Target's side double-demoralized: two columns right", value: 2, rule: SHIFTS },
      ],
    });
  });

  it('"If both sides reach the same level of demoralization, the odds are not shifted either way."', () => {
    for (const level of [0, 1, 2] as const) {
      expect(demoralizationFireDrmItems(level, level)).toEqual([]);
      expect(demoralizationShockDrmItems(level, level)).toEqual([]);
    }
  });

  it('property: the net DRM is the defender\'s level minus the attacker\'s, and swapping the sides negates it', () => {
    const level = fc.constantFrom<DemoralizationLevel>(0, 1, 2);
    fc.assert(
      fc.property(level, level, (a, d) => {
        expect(fireShift(a, d).total).toBe(d - a);
        expect(shockShift(a, d).total).toBe(d - a);
        expect(fireShift(d, a).total + fireShift(a, d).total).toBe(0);
      }),
    );
  });

  it('the items go into the fire and shock assistants as otherDrms, itemised beside the revision\'s own', () => {
    const { drm: fire } = stackFireResolution({
      firers: [{ name: 'Regiment', arm: 'infantry', weapon: 'R', sp: 5, order: 'HOLD' }],
      kind: 'reaction',
      range: 2,
      targets: [{ arm: 'infantry', weapon: 'R', sp: 6, order: 'ASLT' }],
      weather: { raining: false, mud: false, rainStopRolls: 0 },
      otherDrms: demoralizationFireDrmItems(0, 2),
    });
    expect(fire.items.at(-1)).toEqual({ label: "Target's side double-demoralized: two columns right", value: 2, rule: SHIFTS });
    const shock = shockDrm({ attackers: [{ order: 'ASLT' }], defenders: [{ arm: 'infantry', order: 'HOLD' }], otherDrms: demoralizationShockDrmItems(1, 0) });
    expect(shock.items.at(-1)).toEqual({ label: "Attacker's side demoralized: one column left", value: -1, rule: SHIFTS });
  });

  it('throws on a level that is not 0, 1 or 2', () => {
    expect(thrownArgument(() => demoralizationFireDrmItems(3 as never, 0))).toBe('firerLevel');
    expect(thrownArgument(() => demoralizationShockDrmItems(0, -1 as never))).toBe('defenderLevel');
  });
});
