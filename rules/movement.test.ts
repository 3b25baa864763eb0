/** Examples of the revision's movement rules: Double Time, weather, Passage of Lines, columns, RSM, concealment. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAIR_WEATHER } from './test-support';
import {
  DEFAULT_MOVEMENT_ALLOWANCES,
  defaultMovementAllowance,
  doubleTimeFatigue,
  doubleTimeIneligibility,
  mayUseConcealedMovement,
  movementAllowance,
  orderMovement,
  unitMovement,
} from './movement';
import { ARMS, ORDER_CODES } from './types';
import { type Weather } from './weather';

const RAIN: Weather = { raining: true, mud: false, rainStopRolls: 0 };
const MUD: Weather = { raining: false, mud: true, rainStopRolls: 0 };

describe('movementAllowance with Strategic Movement and Double Time', () => {
  it('"Infantry brigades using Strategic Movement (only) may Double Time: add 3 MPs to their doubled Movement Allowance ... Fatigue is then increased by 2 levels"', () => {
    const r = movementAllowance({ arm: 'infantry', baseMa: 6, strategicMovement: true, doubleTime: true, weather: FAIR_WEATHER });
    expect(r.ma).toEqual({
      total: 15,
      items: [
        { label: 'Movement Allowance', value: 6, rule: 'Base game' },
        { label: 'Strategic Movement: doubled Movement Allowance', value: 6, rule: 'Rev. Double Time' },
        { label: 'Double Time', value: 3, rule: 'Rev. Double Time' },
      ],
    });
    expect(r.fatigueLevels).toBe(2);
  });

  it('without Double Time there is no fatigue from it', () => {
    const r = movementAllowance({ arm: 'infantry', baseMa: 6, strategicMovement: true, weather: FAIR_WEATHER });
    expect(r.ma.total).toBe(12);
    expect(r.fatigueLevels).toBe(0);
  });

  it('only infantry, and only with Strategic Movement', () => {
    expect(doubleTimeIneligibility({ arm: 'infantry', strategicMovement: true })).toEqual([]);
    expect(doubleTimeIneligibility({ arm: 'cavalry', strategicMovement: false })).toEqual([
      'Only infantry brigades may Double Time',
      'Double Time only with Strategic Movement',
    ]);
    expect(() => movementAllowance({ arm: 'infantry', baseMa: 6, doubleTime: true, weather: FAIR_WEATHER })).toThrow(
      /doubleTime: may be true only for infantry using Strategic Movement/,
    );
  });

  it('rain: "All MAs reduced by half, unless using Pikes exclusively" (RI-F21: exact half, of the whole allowance)', () => {
    expect(movementAllowance({ arm: 'infantry', baseMa: 5, weather: RAIN }).ma.total).toBe(2.5);
    expect(movementAllowance({ arm: 'infantry', baseMa: 6, strategicMovement: true, doubleTime: true, weather: RAIN }).ma.total).toBe(7.5);
    expect(movementAllowance({ arm: 'infantry', baseMa: 5, weather: RAIN, pikesExclusively: true }).ma.total).toBe(5);
  });

  it("rain under the house reading \"added after halving\" (RI-F21): 12 halved to 6, then Double Time's +3 whole: 9", () => {
    const r = movementAllowance({ arm: 'infantry', baseMa: 6, strategicMovement: true, doubleTime: true, weather: RAIN, rainDoubleTime: 'addedAfterHalving' });
    expect(r.ma.total).toBe(9);
    expect(r.ma.items.map((i) => [i.label, i.value])).toEqual([
      ['Movement Allowance', 6],
      ['Strategic Movement: doubled Movement Allowance', 6],
      ['Rain: all MAs reduced by half (before Double Time)', -6],
      ['Double Time (added after the rain halves the allowance)', 3],
    ]);
    expect(r.ma.items.at(-1)!.rule).toContain("House reading: Double Time's +3 in rain: Added after halving (RI-F21)");
    // Without Double Time, or in fair weather, the reading changes nothing.
    expect(movementAllowance({ arm: 'infantry', baseMa: 5, weather: RAIN, rainDoubleTime: 'addedAfterHalving' }).ma.total).toBe(2.5);
    expect(movementAllowance({ arm: 'infantry', baseMa: 6, strategicMovement: true, doubleTime: true, weather: FAIR_WEATHER, rainDoubleTime: 'addedAfterHalving' }).ma.total).toBe(15);
  });

  it('mud: "-1 all MAs for rest of game"', () => {
    const r = movementAllowance({ arm: 'cavalry', baseMa: 8, weather: MUD });
    expect(r.ma.items.at(-1)).toEqual({ label: 'Mud: -1 all MAs', value: -1, rule: 'Rev. Mud' });
    expect(r.ma.total).toBe(7);
    expect(movementAllowance({ arm: 'artillery', baseMa: 0, weather: MUD }).ma.total).toBe(0);
  });

  it('items always sum to the total, which is never negative (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ARMS),
        fc.integer({ min: 0, max: 16 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (arm, baseMa, strategicMovement, wantDoubleTime, raining, mud, pikesExclusively) => {
          const doubleTime = wantDoubleTime && arm === 'infantry' && strategicMovement;
          const r = movementAllowance({ arm, baseMa, strategicMovement, doubleTime, weather: { raining, mud, rainStopRolls: 0 }, pikesExclusively });
          return r.ma.total === r.ma.items.reduce((s, i) => s + i.value, 0) && r.ma.total >= 0;
        },
      ),
    );
  });

  it('names bad arguments', () => {
    expect(() => movementAllowance({ arm: 'infantry', baseMa: -1, weather: FAIR_WEATHER })).toThrow(/baseMa: must be a whole number of 0 or more/);
  });
});

describe('Concealed Movement', () => {
  it('Strategic Movement or RSM arrivals, out of enemy LOS', () => {
    expect(mayUseConcealedMovement({ strategicMovement: true, arrivingByRsm: false, inEnemyLos: false })).toBe(true);
    expect(mayUseConcealedMovement({ strategicMovement: false, arrivingByRsm: true, inEnemyLos: false })).toBe(true);
    expect(mayUseConcealedMovement({ strategicMovement: true, arrivingByRsm: false, inEnemyLos: true })).toBe(false);
    expect(mayUseConcealedMovement({ strategicMovement: false, arrivingByRsm: false, inEnemyLos: false })).toBe(false);
  });
});

describe('unitMovement: the movement helper (RI-B05, RI-B06)', () => {
  it('the arm\'s default allowance, marked as Muster\'s default; a printed one when given', () => {
    expect(defaultMovementAllowance({ arm: 'infantry' })).toEqual({ value: DEFAULT_MOVEMENT_ALLOWANCES.infantry, label: 'Movement Allowance (infantry)' });
    expect(defaultMovementAllowance({ arm: 'cavalry', mounted: true }).value).toBe(12);
    expect(defaultMovementAllowance({ arm: 'cavalry', mounted: false }).value).toBe(6);
    expect(defaultMovementAllowance({ arm: 'artillery', horseArtillery: true }).value).toBe(10);
    expect(unitMovement({ arm: 'infantry', order: 'MRCH', weather: FAIR_WEATHER, fatigue: 0 }).ma.items[0]).toEqual({ label: 'Movement Allowance (infantry)', value: 6, rule: 'Base game (Muster default, RI-B05)' });
    expect(unitMovement({ arm: 'infantry', baseMa: 5, order: 'MRCH', weather: FAIR_WEATHER, fatigue: 0 }).ma.items[0]).toEqual({ label: 'Movement Allowance (as printed)', value: 5, rule: 'Base game' });
  });

  it('orders: "No Strategic Movement" under ASLT, SUPT, SKPD, HOLD and WDRW; HOLD "One hex movement only"', () => {
    expect(ORDER_CODES.filter((o) => orderMovement(o).strategicMovementAllowed)).toEqual(['MRCH', 'BOMB', 'RSRV']);
    expect(orderMovement('HOLD')).toMatchObject({ oneHexOnly: true, restrictions: ['HOLD: One hex movement only', 'HOLD: No Strategic Movement'] });
    expect(orderMovement('MRCH').restrictions).toEqual(['MRCH: Must expend all available MPs moving away from starting hex', 'MRCH: No Tactical Movement', 'MRCH: Must remain at least 5 hexes distance from enemy in LOS']);
    expect(() => unitMovement({ arm: 'infantry', order: 'HOLD', strategicMovement: true, weather: FAIR_WEATHER, fatigue: 0 })).toThrow(/strategicMovement: may not be used: HOLD orders: No Strategic Movement/);
  });

  it('Double Time on March orders: 6 doubled + 3 = 15 MPs and fatigue 1 -> 3; refused when fatigue would pass level 4', () => {
    const r = unitMovement({ arm: 'infantry', order: 'MRCH', strategicMovement: true, doubleTime: true, weather: FAIR_WEATHER, fatigue: 1 });
    expect(r).toMatchObject({ ma: { total: 15 }, fatigueLevels: 2, fatigueAfter: 3, doubleTime: { used: true, refused: [] } });
    expect(doubleTimeFatigue(2)).toEqual({ ok: true, after: 4, rule: 'Rev. Double Time' });
    // The house reading "capped at the top" (RI-B06): allowed, and the fatigue stops at 4.
    expect(doubleTimeFatigue(3, 'cappedAtTop')).toEqual({ ok: true, after: 4, rule: 'Rev. Double Time; House reading: Double Time past the top fatigue level: Allowed, fatigue stops at 4 (RI-B06)' });
    expect(doubleTimeFatigue(3)).toEqual({ ok: false, reason: 'fatigue level 3: Double Time would take it to 5, past the top level 4', rule: 'Rev. Double Time' });
    const tired = unitMovement({ arm: 'infantry', order: 'MRCH', strategicMovement: true, weather: FAIR_WEATHER, fatigue: 3 });
    expect(tired.doubleTime.refused).toEqual(['fatigue level 3: Double Time would take it to 5, past the top level 4']);
    expect(() => unitMovement({ arm: 'infantry', order: 'MRCH', strategicMovement: true, doubleTime: true, weather: FAIR_WEATHER, fatigue: 3 })).toThrow(/doubleTime: may not be used/);
  });

  it('rain and mud on the whole allowance, every item with its rule', () => {
    const r = unitMovement({ arm: 'infantry', order: 'MRCH', strategicMovement: true, weather: { raining: true, mud: true, rainStopRolls: 0 }, fatigue: 0 });
    expect(r.ma.items.map((i) => [i.label, i.value, i.rule])).toEqual([
      ['Movement Allowance (infantry)', 6, 'Base game (Muster default, RI-B05)'],
      ['Strategic Movement: doubled Movement Allowance', 6, 'Rev. Double Time'],
      ['Rain: all MAs reduced by half', -6, 'Rev. Rain'],
      ['Mud: -1 all MAs', -1, 'Rev. Mud'],
    ]);
    expect(r.ma.total).toBe(5);
  });
});
