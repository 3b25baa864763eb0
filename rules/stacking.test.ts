/** Examples of Rev. Stacking and Fire Combat: the fire frontage procedure, the stack limit and the front line. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesArgumentError } from './errors';
import {
  conversionFactor,
  evenLossShares,
  fireFrontageSteps,
  FIRE_MAXIMUM_SP,
  fireFrontage,
  frontLine,
  stackingAllowed,
  stackSp,
  type StackedUnit,
} from './stacking';
import { ARMS } from './types';

describe('fireFrontage: the revision\'s worked examples', () => {
  it('"Artillery battery (6 SPs) on top, stacked with Infantry regiment (6 SPs). ... All guns plus 3 Infantry SPs may fire."', () => {
    expect(fireFrontage([{ arm: 'artillery', sp: 6 }, { arm: 'infantry', sp: 6 }])).toEqual([6, 3]);
  });

  it('"Mounted Cavalry battalion (2 SPs) on top, stacked with two Artillery batteries (4 SPs each). ... All the Cavalry and all the Artillery may fire."', () => {
    expect(
      fireFrontage([
        { arm: 'cavalry', sp: 2 },
        { arm: 'artillery', sp: 4 },
        { arm: 'artillery', sp: 4 },
      ]),
    ).toEqual([2, 4, 4]);
  });

  it('"A ridiculously complex example: Infantry regiment (2 SPs) on top, stacked with Dismounted Cavalry battalion (1 SP), Artillery battery (4 SPs), and another Infantry regiment (2 SPs) ... the remaining Infantry unit may not fire."', () => {
    expect(
      fireFrontage([
        { arm: 'infantry', sp: 2 },
        { arm: 'cavalry', sp: 1 },
        { arm: 'artillery', sp: 4 },
        { arm: 'infantry', sp: 2 },
      ]),
    ).toEqual([2, 1, 4, 0]);
  });
});

describe('fireFrontage: the procedure in other cases', () => {
  it('fires at most each arm\'s maximum from a single-type stack: artillery 12, infantry 7, cavalry 4', () => {
    expect(fireFrontage([{ arm: 'artillery', sp: 13 }])).toEqual([12]);
    expect(fireFrontage([{ arm: 'infantry', sp: 5 }, { arm: 'infantry', sp: 5 }])).toEqual([5, 2]);
    expect(fireFrontage([{ arm: 'cavalry', sp: 3 }, { arm: 'cavalry', sp: 3 }])).toEqual([3, 1]);
  });

  it('a full top unit leaves no space for the units below it', () => {
    expect(fireFrontage([{ arm: 'infantry', sp: 7 }, { arm: 'artillery', sp: 4 }])).toEqual([7, 0]);
  });

  it('quarters the space two rows down (cavalry under artillery), rounding down', () => {
    // 12 - 5 = 7 artillery SPs of space; x1/4 = 1.75 -> 1 cavalry SP.
    expect(fireFrontage([{ arm: 'artillery', sp: 5 }, { arm: 'cavalry', sp: 4 }])).toEqual([5, 1]);
  });

  it('stops the stack firing when a conversion gives less than 1', () => {
    // 7 - 6 = 1 infantry SP of space; x1/2 = 0.5 -> no cavalry fire, and nothing below fires either.
    expect(
      fireFrontage([
        { arm: 'infantry', sp: 6 },
        { arm: 'cavalry', sp: 2 },
        { arm: 'artillery', sp: 2 },
      ]),
    ).toEqual([6, 0, 0]);
  });

  it('doubles one row up (artillery under infantry)', () => {
    // 7 - 4 = 3 infantry SPs of space; x2 = 6 artillery SPs.
    expect(fireFrontage([{ arm: 'infantry', sp: 4 }, { arm: 'artillery', sp: 8 }])).toEqual([4, 6]);
  });

  it('RI-F01: carries the space in SPs of the last unit that fired; a 0-SP unit neither fires nor converts it', () => {
    expect(
      fireFrontage([
        { arm: 'artillery', sp: 6 },
        { arm: 'cavalry', sp: 0 },
        { arm: 'infantry', sp: 6 },
      ]),
    ).toEqual([6, 0, 3]);
    expect(fireFrontage([{ arm: 'infantry', sp: 0 }, { arm: 'artillery', sp: 4 }])).toEqual([0, 4]);
  });

  it('an empty stack fires nothing', () => {
    expect(fireFrontage([])).toEqual([]);
  });

  it('rejects negative SPs and unknown arms, naming the argument and the accepted values', () => {
    expect(() => fireFrontage([{ arm: 'infantry', sp: -1 }])).toThrow(RulesArgumentError);
    expect(() => fireFrontage([{ arm: 'infantry', sp: -1 }])).toThrow(/stack\[0\]\.sp: must be a whole number of 0 or more/);
    expect(() => fireFrontage([{ arm: 'wagon' as never, sp: 2 }])).toThrow(/stack\[0\]\.arm: must be one of infantry, cavalry, artillery/);
    expect(() => fireFrontage([{ arm: 'infantry', sp: 1.5 }])).toThrow(/stack\[0\]\.sp/);
    expect(() => fireFrontage(null as never)).toThrow(/stack: must be a list/);
  });
});

const unitArb = fc.record({ arm: fc.constantFrom(...ARMS), sp: fc.integer({ min: 0, max: 16 }) });
const stackArb = fc.array(unitArb, { maxLength: 8 });

describe('fireFrontage: invariants (fast-check)', () => {
  it('returns one entry per unit', () => {
    fc.assert(fc.property(stackArb, (stack) => fireFrontage(stack).length === stack.length));
  });

  it('never fires more SPs than a unit holds, nor fewer than 0', () => {
    fc.assert(
      fc.property(stackArb, (stack) =>
        fireFrontage(stack).every((sp, i) => sp >= 0 && sp <= (stack[i] as StackedUnit).sp),
      ),
    );
  });

  it('never fires more than the top unit\'s arm maximum from the top unit', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { minLength: 1, maxLength: 8 }), (stack) => {
        const top = stack[0] as StackedUnit;
        return (fireFrontage(stack)[0] ?? 0) <= FIRE_MAXIMUM_SP[top.arm];
      }),
    );
  });

  it('a single-type stack fires its SPs up to that arm\'s maximum', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ARMS), fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 6 }), (arm, sps) => {
        const stack = sps.map((sp) => ({ arm, sp }));
        const total = fireFrontage(stack).reduce((a, b) => a + b, 0);
        return total === Math.min(stackSp(stack), FIRE_MAXIMUM_SP[arm]);
      }),
    );
  });

  it('once a unit with SPs fires nothing, no unit below it fires', () => {
    fc.assert(
      fc.property(stackArb, (stack) => {
        const firing = fireFrontage(stack);
        const stop = firing.findIndex((sp, i) => sp === 0 && (stack[i] as StackedUnit).sp > 0);
        return stop === -1 || firing.slice(stop).every((sp) => sp === 0);
      }),
    );
  });
});

describe('stackingAllowed (Rev. Stacking and Fire Combat; Rev. Passage of Lines)', () => {
  it('allows any mix of types up to 12 SPs', () => {
    expect(stackingAllowed([{ arm: 'infantry', sp: 6 }, { arm: 'artillery', sp: 4 }, { arm: 'cavalry', sp: 2 }], false)).toBe(true);
  });

  it('forbids 13 SPs at rest but allows them while in motion', () => {
    const stack = [{ arm: 'infantry' as const, sp: 7 }, { arm: 'infantry' as const, sp: 6 }];
    expect(stackSp(stack)).toBe(13);
    expect(stackingAllowed(stack, false)).toBe(false);
    expect(stackingAllowed(stack, true)).toBe(true);
  });

  it('names a bad inMotion flag', () => {
    expect(() => stackingAllowed([], 'yes' as never)).toThrow(/inMotion: must be true or false/);
  });
});

describe('frontLine: units in front line up from right to left, top of the stack first', () => {
  it('"if 3 units in a hex can fire the top one is considered on the right, the second in the middle and the third on the left"', () => {
    const line = frontLine([
      { arm: 'infantry', sp: 2 },
      { arm: 'cavalry', sp: 1 },
      { arm: 'artillery', sp: 4 },
      { arm: 'infantry', sp: 2 },
    ]);
    expect(line.inFront).toEqual([
      { index: 0, firingSp: 2, position: 'right' },
      { index: 1, firingSp: 1, position: 'centre' },
      { index: 2, firingSp: 4, position: 'left' },
    ]);
    expect(line.behind).toEqual([3]);
  });

  it('a lone firing unit stands on the right; units that cannot fire are behind', () => {
    const line = frontLine([{ arm: 'infantry', sp: 7 }, { arm: 'infantry', sp: 3 }]);
    expect(line.inFront).toEqual([{ index: 0, firingSp: 7, position: 'right' }]);
    expect(line.behind).toEqual([1]);
  });
});

describe('evenLossShares: losses among units in front "as evenly as possible, with choice left to the firing player"', () => {
  it('3 SPs among three units: one each', () => {
    expect(evenLossShares(3, [6, 3, 4])).toEqual({ fixed: [1, 1, 1], extra: 0, choices: [], unabsorbed: 0 });
  });

  it('5 SPs among three units: one each, the firer places the other 2 on two different units', () => {
    expect(evenLossShares(5, [6, 3, 4])).toEqual({ fixed: [1, 1, 1], extra: 2, choices: [0, 1, 2], unabsorbed: 0 });
  });

  it('a small unit is used up first and the rest spreads over the others', () => {
    expect(evenLossShares(5, [1, 4, 4])).toEqual({ fixed: [1, 2, 2], extra: 0, choices: [], unabsorbed: 0 });
  });

  it('a loss larger than the units in front hold leaves the excess unabsorbed', () => {
    expect(evenLossShares(10, [2, 3])).toEqual({ fixed: [2, 3], extra: 0, choices: [], unabsorbed: 5 });
  });

  it('places exactly the loss and never more than a unit holds (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 5 }), (loss, sps) => {
        const shares = evenLossShares(loss, sps);
        const fixed = shares.fixed.reduce((a, b) => a + b, 0);
        const fits = shares.fixed.every((f, i) => f <= (sps[i] ?? 0));
        const extraFits = shares.choices.every((i) => (shares.fixed[i] ?? 0) < (sps[i] ?? 0)) && shares.extra <= shares.choices.length;
        const spread = Math.max(0, ...shares.fixed) - Math.min(...shares.fixed.filter((f, i) => f < (sps[i] ?? 0)), Infinity);
        return fixed + shares.extra + shares.unabsorbed === loss && fits && extraFits && spread <= 0;
      }),
    );
  });

  it('names bad arguments', () => {
    expect(() => evenLossShares(-1, [1])).toThrow(/loss: must be a whole number of 0 or more/);
    expect(() => evenLossShares(1, [1, -2])).toThrow(/inFrontSp\[1\]/);
  });
});

describe('fireFrontageSteps: the procedure told step by step, as the worked examples tell it', () => {
  it('the ridiculously complex example: "x1/2 ... = 2.5, rounded down to 2 ... The difference is now 1 (2-1=1); x4 ... = 4 SPs eligible ... may not fire"', () => {
    const steps = fireFrontageSteps([
      { arm: 'infantry', sp: 2 },
      { arm: 'cavalry', sp: 1 },
      { arm: 'artillery', sp: 4 },
      { arm: 'infantry', sp: 2 },
    ]);
    expect(steps).toEqual([
      { fires: 2, source: 'maximum', spaceIn: null, spaceArm: null, factor: null, exact: 7, available: 7, spaceOut: 5 },
      { fires: 1, source: 'space', spaceIn: 5, spaceArm: 'infantry', factor: 0.5, exact: 2.5, available: 2, spaceOut: 1 },
      { fires: 4, source: 'space', spaceIn: 1, spaceArm: 'cavalry', factor: 4, exact: 4, available: 4, spaceOut: 0 },
      { fires: 0, source: 'exhausted', spaceIn: 0, spaceArm: 'artillery', factor: null, exact: null, available: null, spaceOut: null },
    ]);
  });

  it('a conversion below 1 stops the stack ("if result is less than 1, no additional fire"), and a 0-SP unit is passed over (RI-F01)', () => {
    const steps = fireFrontageSteps([
      { arm: 'infantry', sp: 6 },
      { arm: 'cavalry', sp: 0 },
      { arm: 'cavalry', sp: 2 },
    ]);
    expect(steps.map((s) => [s.source, s.fires, s.exact])).toEqual([
      ['maximum', 6, 7],
      ['no-sp', 0, null],
      ['below-one', 0, 0.5],
    ]);
  });

  it('conversionFactor: x1/2 per row down, x2 per row up the table Artillery, Infantry, Cavalry', () => {
    expect(conversionFactor('artillery', 'infantry')).toBe(0.5);
    expect(conversionFactor('artillery', 'cavalry')).toBe(0.25);
    expect(conversionFactor('cavalry', 'artillery')).toBe(4);
    expect(conversionFactor('infantry', 'infantry')).toBe(1);
  });

  it('agrees with fireFrontage on any stack (fast-check)', () => {
    fc.assert(fc.property(stackArb, (stack) => fireFrontageSteps(stack).map((s) => s.fires).join() === fireFrontage(stack).join()));
  });
});
