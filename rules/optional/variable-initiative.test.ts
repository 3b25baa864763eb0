// Variable Initiative (B&G Folio article, variable-initiative-blue-gray-folio.txt), fitted to 3DoG.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownArgument } from '../test-support';
import {
  ineffectiveDivisor,
  isFirstDayTurnAfterNight,
  NIGHT_TIME_SEGMENTS,
  nightPlotPositions,
  nightPlotProblems,
  variableInitiativeForTurn,
  variableInitiativeLevel,
  variableInitiativeState,
  variableInitiativeWinner,
  VARIABLE_INITIATIVE_ARRIVALS,
  VARIABLE_INITIATIVE_STATES,
} from './variable-initiative';
import type { NightPlotPad, NightPlotStep, NightUnitPlot, VariableInitiativeUnit } from './variable-initiative';

const LEVELS = 'Variable Initiative (B&G Folio), Initiative Levels';
const REINFORCEMENTS = 'Variable Initiative (B&G Folio), Reinforcements';

const inf = (sp: number, state: VariableInitiativeUnit['state'], extra: Partial<VariableInitiativeUnit> = {}): VariableInitiativeUnit => ({ arm: 'infantry', sp, state, ...extra });

describe('variableInitiativeLevel', () => {
  it('"Only Infantry units contribute to the Initiative Level; Cavalry and Artillery are considered to have an I.L. of zero."', () => {
    expect(variableInitiativeLevel([{ arm: 'cavalry', sp: 4, state: 'fresh' }, { arm: 'artillery', sp: 6, state: 'engaged' }], 1)).toEqual({ total: 0, items: [] });
    expect(variableInitiativeLevel([inf(5, 'fresh'), { arm: 'cavalry', sp: 4, state: 'fresh' }], 1).total).toBe(10);
  });

  it('"units which have not participated in combat the previous day have an Initiative Level equal to twice their Combat Strength"', () => {
    expect(variableInitiativeLevel([inf(6, 'fresh'), inf(4, 'fresh')], 1)).toEqual({
      total: 20,
      items: [{ label: 'Infantry not in combat the previous day (2 units): 2 × 10 SP', value: 20, rule: LEVELS }],
    });
  });

  it('"units which had been in combat, but had retained their Attack Effectiveness at night-fall, have an I.L. equal to their Combat Strength"', () => {
    expect(variableInitiativeLevel([inf(7, 'engaged')], 1).items).toEqual([
      { label: 'Infantry in combat that kept its Attack Effectiveness (1 unit): 1 × 7 SP', value: 7, rule: LEVELS },
    ]);
  });

  it('"Eliminated units have an Initiative Level equal to minus their Combat Strengths."', () => {
    expect(variableInitiativeLevel([inf(5, 'eliminated'), inf(3, 'eliminated')], 1)).toEqual({
      total: -8,
      items: [{ label: 'Eliminated infantry (2 units): minus 8 SP', value: -8, rule: LEVELS }],
    });
  });

  it('"Total up the Combat Strengths of all Ineffective units, then roll the die and divide by the result. ... (drop fractions)."', () => {
    // 7 + 6 = 13 SPs; 13 / 3 = 4.33, fractions dropped: 4. One division for all of them, not one per unit.
    expect(variableInitiativeLevel([inf(7, 'ineffective'), inf(6, 'ineffective')], 3)).toEqual({
      total: 4,
      items: [{ label: 'Ineffective infantry (2 units): 13 SP ÷ 3, fractions dropped', value: 4, rule: LEVELS }],
    });
    expect(variableInitiativeLevel([inf(2, 'ineffective')], 3)).toEqual({ total: 0, items: [] });
  });

  it('"Reinforcements that arrive during the Night Turn ... contribute twice their Combat Strength ... Units which arrive during the First Day Turn contribute only their unmodified Combat Strength." (whatever the state)', () => {
    for (const state of VARIABLE_INITIATIVE_STATES) {
      expect(variableInitiativeLevel([inf(9, state, { arrived: 'night' })], 7).total).toBe(18);
      expect(variableInitiativeLevel([inf(9, state, { arrived: 'first-day-turn' })], 7).total).toBe(9);
    }
    expect(variableInitiativeLevel([inf(9, 'ineffective', { arrived: 'night' })], 7).items).toEqual([
      { label: 'Infantry arrived during the Night Turns (1 unit): 2 × 9 SP', value: 18, rule: REINFORCEMENTS },
    ]);
  });

  it('"except those which are ... surrounded by Enemy Zones of Control": surrounded units count nothing, arrivals included', () => {
    expect(variableInitiativeLevel([inf(9, 'fresh', { surrounded: true }), inf(9, 'eliminated', { surrounded: true }), inf(4, 'fresh', { arrived: 'night', surrounded: true })], 1))
      .toEqual({ total: 0, items: [] });
    expect(variableInitiativeLevel([inf(9, 'fresh', { surrounded: false })], 1).total).toBe(18);
  });

  it('a whole side, itemised: every line with its source, the items summing to the total', () => {
    const level = variableInitiativeLevel([
      inf(10, 'fresh'),
      inf(8, 'engaged'),
      inf(7, 'ineffective'),
      inf(6, 'ineffective'),
      inf(5, 'eliminated'),
      inf(12, 'fresh', { arrived: 'night' }),
      inf(9, 'engaged', { arrived: 'first-day-turn' }),
      inf(6, 'engaged', { surrounded: true }),
      { arm: 'cavalry', sp: 4, state: 'fresh' },
      { arm: 'artillery', sp: 6, state: 'fresh', arrived: 'night' },
    ], 3);
    expect(level.items.map((item) => item.value)).toEqual([20, 8, 4, -5, 24, 9]);
    expect(level.total).toBe(60);
  });

  it('RI-O02: the ten-sided die\'s 0 is read as 10, so the divisor runs 1-10', () => {
    expect(ineffectiveDivisor(0)).toBe(10);
    expect(ineffectiveDivisor(1)).toBe(1);
    expect(ineffectiveDivisor(9)).toBe(9);
    expect(variableInitiativeLevel([inf(25, 'ineffective')], ineffectiveDivisor(0)).total).toBe(2);
    expect(thrownArgument(() => ineffectiveDivisor(10))).toBe('roll');
  });

  it('throws on a negative SP or a bad roll, naming the argument', () => {
    expect(thrownArgument(() => variableInitiativeLevel([inf(-1, 'fresh')], 1))).toBe('units[0].sp');
    expect(thrownArgument(() => variableInitiativeLevel([inf(3, 'fresh'), { arm: 'cavalry', sp: -2, state: 'fresh' }], 1))).toBe('units[1].sp');
    for (const roll of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3' as never]) {
      expect(thrownArgument(() => variableInitiativeLevel([inf(3, 'ineffective')], roll))).toBe('ineffectiveRoll');
    }
    expect(thrownArgument(() => variableInitiativeLevel([], 0))).toBe('ineffectiveRoll');
    expect(thrownArgument(() => variableInitiativeLevel([inf(3, 'wrecked' as never)], 1))).toBe('units[0].state');
    expect(thrownArgument(() => variableInitiativeLevel([inf(3, 'fresh', { arrived: 'dawn' as never })], 1))).toBe('units[0].arrived');
    expect(thrownArgument(() => variableInitiativeLevel([inf(3, 'fresh', { surrounded: 'yes' as never })], 1))).toBe('units[0].surrounded');
    expect(thrownArgument(() => variableInitiativeLevel({} as never, 1))).toBe('units');
  });

  const unitArb = fc.record(
    {
      arm: fc.constantFrom('infantry' as const, 'cavalry' as const, 'artillery' as const),
      sp: fc.integer({ min: 0, max: 12 }),
      state: fc.constantFrom(...VARIABLE_INITIATIVE_STATES),
      arrived: fc.constantFrom(...VARIABLE_INITIATIVE_ARRIVALS),
      surrounded: fc.boolean(),
    },
    { requiredKeys: ['arm', 'sp', 'state'] },
  );

  it('property: the items sum to the total, and the order of the units does not matter', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 20 }), fc.integer({ min: 1, max: 10 }), (units, roll) => {
        const level = variableInitiativeLevel(units, roll);
        expect(level.items.reduce((sum, item) => sum + item.value, 0)).toBe(level.total);
        expect(variableInitiativeLevel([...units].reverse(), roll).total).toBe(level.total);
      }),
    );
  });

  it('property: without Ineffective units the level is the sum of each unit\'s own level', () => {
    fc.assert(
      fc.property(fc.array(unitArb.filter((u) => u.state !== 'ineffective' || u.arrived !== undefined), { maxLength: 20 }), (units) => {
        const whole = variableInitiativeLevel(units, 1).total;
        const parts = units.reduce((sum, unit) => sum + variableInitiativeLevel([unit], 1).total, 0);
        expect(whole).toBe(parts);
      }),
    );
  });
});

describe('variableInitiativeWinner', () => {
  it('"The Player with the higher Initiative Level (I.L.) moves first"', () => {
    expect(variableInitiativeWinner(60, 45, 'CSA')).toBe('USA');
    expect(variableInitiativeWinner(-3, 0, 'USA')).toBe('CSA');
  });

  it('RI-O05: "In case both sides have the same Initiative Level, the Player who previously held the Initiative retains it."', () => {
    expect(variableInitiativeWinner(40, 40, 'CSA')).toBe('CSA');
    expect(variableInitiativeWinner(-7, -7, 'USA')).toBe('USA');
  });

  it('throws on levels that are not numbers or a holder that is not a side', () => {
    expect(thrownArgument(() => variableInitiativeWinner('12' as never, 2, 'USA'))).toBe('usaLevel');
    expect(thrownArgument(() => variableInitiativeWinner(Number.POSITIVE_INFINITY, 2, 'USA'))).toBe('usaLevel');
    expect(thrownArgument(() => variableInitiativeWinner(1, Number.NaN, 'USA'))).toBe('csaLevel');
    expect(thrownArgument(() => variableInitiativeWinner(1, 2, 'Union' as never))).toBe('previousHolder');
  });

  it('property: symmetric between the sides except ties, which keep the previous holder', () => {
    const side = fc.constantFrom('USA' as const, 'CSA' as const);
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), side, side, (a, b, p, q) => {
        const swap = (s: 'USA' | 'CSA') => (s === 'USA' ? 'CSA' : 'USA');
        if (a === b) {
          expect(variableInitiativeWinner(a, b, p)).toBe(p);
        } else {
          expect(variableInitiativeWinner(a, b, p)).toBe(swap(variableInitiativeWinner(b, a, q)));
          expect(variableInitiativeWinner(a, b, p)).toBe(variableInitiativeWinner(a, b, q));
        }
      }),
    );
  });
});

describe('variableInitiativeState', () => {
  const facts = { eliminated: false, inCombatPreviousDay: false, commandIneffectiveAtNightfall: false, shatteredAtNightfall: false };

  it('RI-O03: "lost Attack Effectiveness" is an Ineffective command or a Shattered unit at nightfall', () => {
    expect(variableInitiativeState(facts)).toBe('fresh');
    expect(variableInitiativeState({ ...facts, inCombatPreviousDay: true })).toBe('engaged');
    expect(variableInitiativeState({ ...facts, inCombatPreviousDay: true, commandIneffectiveAtNightfall: true })).toBe('ineffective');
    expect(variableInitiativeState({ ...facts, inCombatPreviousDay: true, shatteredAtNightfall: true })).toBe('ineffective');
    // A wrecked brigade that rested the previous day has still lost its Attack Effectiveness.
    expect(variableInitiativeState({ ...facts, commandIneffectiveAtNightfall: true })).toBe('ineffective');
    expect(variableInitiativeState({ ...facts, eliminated: true, shatteredAtNightfall: true })).toBe('eliminated');
    expect(thrownArgument(() => variableInitiativeState({ ...facts, eliminated: 'no' as never }))).toBe('facts.eliminated');
  });
});

describe('when the levels are determined, and what they decide', () => {
  it('RI-O04: "On the first Day-Turn after any Night Turn": the first turn that is not night after a night turn (0400 dawn)', () => {
    expect(isFirstDayTurnAfterNight('night', 'dawn')).toBe(true);
    expect(isFirstDayTurnAfterNight('night', 'day')).toBe(true);
    expect(isFirstDayTurnAfterNight('dawn', 'dawn')).toBe(false);
    expect(isFirstDayTurnAfterNight('night', 'night')).toBe(false);
    expect(isFirstDayTurnAfterNight(null, 'day')).toBe(false);
    expect(thrownArgument(() => isFirstDayTurnAfterNight('evening' as never, 'day'))).toBe('previousLight');
  });

  it('RI-O01: "moves first on that and all subsequent Game-Turns, until the next Night Turn": the holder has the Initiative without a roll', () => {
    for (const light of ['dawn', 'day', 'dusk'] as const) {
      expect(variableInitiativeForTurn({ light, dayHolder: 'USA' })).toEqual({
        decidedBy: 'initiative-level', holder: 'USA', initiativeRoll: false, rule: 'Variable Initiative (B&G Folio), Variable Initiative',
      });
    }
    expect(variableInitiativeForTurn({ light: 'night', dayHolder: 'USA' })).toMatchObject({ decidedBy: 'initiative-roll', rule: 'Rev. Initiative Segment' });
    expect(variableInitiativeForTurn({ light: 'day', dayHolder: null })).toMatchObject({ decidedBy: 'initiative-roll' });
    expect(thrownArgument(() => variableInitiativeForTurn({ light: 'day', dayHolder: 'Lee' as never }))).toBe('dayHolder');
  });
});

describe('Simultaneous Night Movement: the plot pad', () => {
  const hold: NightPlotStep = { kind: 'hold' };
  const move = (hex: string): NightPlotStep => ({ kind: 'move', hex });
  const plot = (unitId: string, fromHex: string, steps: NightPlotStep[]): NightUnitPlot => ({ unitId, fromHex, steps });
  const pad = (plots: NightUnitPlot[]): NightPlotPad => ({ side: 'CSA', turnId: '1863-07-01T2100', plots });
  const units = [
    { id: 'csa-1', side: 'CSA' as const, inOrOverlappingEnemyZoc: false },
    { id: 'csa-2', side: 'CSA' as const, inOrOverlappingEnemyZoc: true },
    { id: 'usa-1', side: 'USA' as const, inOrOverlappingEnemyZoc: false },
  ];

  it('"Each Night Turn is divided into six Time Segments, during which every unit expends one and only one Movement Point, either in moving from one hex to another, or in holding its position."', () => {
    expect(NIGHT_TIME_SEGMENTS).toBe(6);
    const good = plot('csa-1', '1010', [move('1011'), move('1012'), hold, move('1013'), hold, hold]);
    expect(nightPlotProblems(pad([good, plot('csa-2', '2020', [hold, hold, hold, hold, hold, hold])]), units)).toEqual([]);
    expect(nightPlotPositions(good)).toEqual(['1011', '1012', '1012', '1013', '1013', '1013']);
    expect(nightPlotProblems(pad([plot('csa-1', '1010', [move('1011'), hold])]), units)).toEqual([
      { unitId: 'csa-1', reason: 'A plot has six Time Segments, each one Movement Point moving or holding (this one has 2)', rule: 'Variable Initiative (B&G Folio), Simultaneous Night Movement' },
    ]);
  });

  it('"Units in Enemy Zones of Control, or whose ZOC overlap Enemy Zones of Control may not move."', () => {
    expect(nightPlotProblems(pad([plot('csa-2', '2020', [hold, move('2021'), hold, hold, hold, hold])]), units)).toEqual([
      { unitId: 'csa-2', segment: 2, reason: 'Units in Enemy Zones of Control, or whose ZOC overlap Enemy Zones of Control, may not move', rule: 'Variable Initiative (B&G Folio), Restrictions' },
    ]);
  });

  it('RI-O07: a hex costing 2 MPs takes two consecutive Time Segments, entered at the end of the second', () => {
    const woods = plot('csa-1', '1010', [move('1011'), move('1011'), move('1012'), hold, hold, hold]);
    expect(nightPlotPositions(woods)).toEqual(['1010', '1011', '1012', '1012', '1012', '1012']);
    expect(nightPlotProblems(pad([woods]), units, { 1011: 2 })).toEqual([]);
    expect(nightPlotProblems(pad([woods]), units, { 1011: 1 })).toEqual([
      expect.objectContaining({ unitId: 'csa-1', segment: 1, reason: 'Entering 1011 costs 1 MP: plot 1 consecutive Time Segments moving into it (plotted 2)' }),
    ]);
    expect(nightPlotProblems(pad([plot('csa-1', '1010', [move('1010'), hold, hold, hold, hold, hold])]), units)[0]?.reason).toMatch(/already in 1010/);
  });

  it('each player plots only his own units, once each', () => {
    const h6 = [hold, hold, hold, hold, hold, hold];
    const problems = nightPlotProblems(pad([plot('usa-1', '3030', h6), plot('csa-1', '1010', h6), plot('csa-1', '1010', h6), plot('csa-9', '1', h6)]), units);
    expect(problems.map((p) => [p.unitId, p.reason])).toEqual([
      ['usa-1', "The unit is USA's: each player plots his own units"],
      ['csa-1', 'The unit is plotted more than once'],
      ['csa-9', 'No such unit on the map'],
    ]);
    expect(thrownArgument(() => nightPlotProblems(pad([plot('csa-1', '', h6)]), units))).toBe('pad.plots[0].fromHex');
    expect(thrownArgument(() => nightPlotProblems(pad([plot('csa-1', '1010', [{ kind: 'run' } as never])]), units))).toBe('pad.plots[0].steps[0].kind');
    expect(thrownArgument(() => nightPlotProblems(pad([]), units, { 1011: 0 }))).toBe('mpCosts.1011');
  });
});
