/**
 * The fixed public API of the rules engine, called exactly as an outside acceptance check would: through
 * rules/index.ts, with the names and argument shapes it fixes. Values are the rulebook's own.
 */
import { describe, expect, it } from 'vitest';
import * as rules from './index';

describe('rules/index.ts public API', () => {
  it('exports every fixed name', () => {
    for (const name of ['fireFrontage', 'rangeDrm', 'lossPoints', 'victoryByLosses', 'skirmisherRecallLoss', 'stragglersRecovered',
      'leaderCasualty', 'activationDrm', 'orderChangeDrm', 'ORDERS', 'defaultOrder'] as const) {
      expect(rules[name], name).toBeDefined();
    }
  });

  it('fireFrontage: the revision\'s three worked examples', () => {
    expect(rules.fireFrontage([{ arm: 'artillery', sp: 6 }, { arm: 'infantry', sp: 6 }])).toEqual([6, 3]);
    expect(rules.fireFrontage([{ arm: 'cavalry', sp: 2 }, { arm: 'artillery', sp: 4 }, { arm: 'artillery', sp: 4 }])).toEqual([2, 4, 4]);
    expect(rules.fireFrontage([{ arm: 'infantry', sp: 2 }, { arm: 'cavalry', sp: 1 }, { arm: 'artillery', sp: 4 }, { arm: 'infantry', sp: 2 }]))
      .toEqual([2, 1, 4, 0]);
  });

  it('rangeDrm: table values, US SS to 6, null beyond range, errors naming the argument', () => {
    expect(rules.rangeDrm('M', 1)).toBe(2);
    expect(rules.rangeDrm('B-SS', 6)).toBe(-3);
    expect(rules.rangeDrm('R', 6)).toBeNull();
    expect(() => rules.rangeDrm('R', 0)).toThrow(/range/);
    expect(() => rules.rangeDrm('X' as rules.Weapon, 1)).toThrow(/weapon/);
  });

  it('lossPoints and victoryByLosses', () => {
    const points = rules.lossPoints({ infantrySp: 100, cavalrySp: 10, artilleryDestroyedSp: 5, artilleryCapturedSp: 2, wagonPoints: 1,
      commandersKilled: [{ stars: 2, rating: 3 }], commandersWounded: [{ stars: 3, rating: 2 }] });
    expect(points.total).toBe(100 + 20 + 10 + 6 + 2 + 6 + 3);
    expect(points.items.reduce((s, i) => s + i.value, 0)).toBe(points.total);
    expect(rules.victoryByLosses(400, 1300)).toEqual({ winner: 'USA', level: 'decisive' });
    expect(rules.victoryByLosses(250, 290)).toEqual({ winner: null, level: 'draw' });
  });

  it('skirmishers, stragglers, leader casualties', () => {
    expect(rules.skirmisherRecallLoss([6, 6, 6, 4])).toBe(2);
    expect(rules.skirmisherRecallLoss([6, 6, 6, 1])).toBe(0);
    expect(rules.stragglersRecovered(5)).toBe(3);
    expect(rules.leaderCasualty(4)).toBe('KIA');
    expect(rules.leaderCasualty(5)).toBe('WIA');
    expect(() => rules.leaderCasualty(10)).toThrow(/roll/);
  });

  it('activationDrm and orderChangeDrm itemise the tables', () => {
    expect(rules.activationDrm({ level: 'corps', anyUnitInBreastworks: true, commanderOutOfCommand: false, superiorRatingsInRange: [2] }).total).toBe(2);
    const drm = rules.orderChangeDrm({ superiorsInRange: 1, superiorRatingsUsed: [], orders: ['MRCH'], hasRsm: true, isCavalry: false,
      adjacentToEnemy: true, ineffective: false });
    expect(drm.total).toBe(-1 - 2 + 1);
  });

  it('the Orders Table', () => {
    expect(rules.ORDERS.ASLT.shockDrm).toEqual({ attacker: 1, defender: -1 });
    expect(rules.ORDERS.WDRW.shockDrm.attacker).toBeNull();
    expect(rules.defaultOrder('cavalry')).toBe('SKPD');
  });
});

/**
 * The fixed rules API of the optional rules, called exactly as an outside check would: through
 * rules/index.ts, with the names and argument shapes it promises.
 */
describe('rules/index.ts optional rules API', () => {
  it('exports every fixed name', () => {
    for (const name of ['demoralizationLevel', 'variableInitiativeLevel', 'variableInitiativeWinner'] as const) {
      expect(typeof rules[name], name).toBe('function');
    }
  });

  it('demoralizationLevel: one third and two thirds, exact; throws on a negative loss or a total that is not positive', () => {
    expect(rules.demoralizationLevel(0, 90)).toBe(0);
    expect(rules.demoralizationLevel(29, 90)).toBe(0);
    expect(rules.demoralizationLevel(30, 90)).toBe(1);
    expect(rules.demoralizationLevel(59, 90)).toBe(1);
    expect(rules.demoralizationLevel(60, 90)).toBe(2);
    expect(rules.demoralizationLevel(33, 100)).toBe(0);
    expect(rules.demoralizationLevel(34, 100)).toBe(1);
    expect(rules.demoralizationLevel(66, 100)).toBe(1);
    expect(rules.demoralizationLevel(67, 100)).toBe(2);
    expect(() => rules.demoralizationLevel(-1, 90)).toThrow(rules.RulesArgumentError);
    expect(() => rules.demoralizationLevel(1, 0)).toThrow(rules.RulesArgumentError);
    expect(() => rules.demoralizationLevel(1, -5)).toThrow(/totalSp/);
  });

  it('variableInitiativeLevel: itemised { total, items }, infantry only, the ineffective pool divided by the roll, arrivals and surrounded units', () => {
    const level = rules.variableInitiativeLevel([
      { arm: 'infantry', sp: 10, state: 'fresh' },
      { arm: 'infantry', sp: 8, state: 'engaged' },
      { arm: 'infantry', sp: 7, state: 'ineffective' },
      { arm: 'infantry', sp: 6, state: 'ineffective' },
      { arm: 'infantry', sp: 5, state: 'eliminated' },
      { arm: 'infantry', sp: 12, state: 'engaged', arrived: 'night' },
      { arm: 'infantry', sp: 9, state: 'eliminated', arrived: 'first-day-turn' },
      { arm: 'infantry', sp: 6, state: 'fresh', surrounded: true },
      { arm: 'cavalry', sp: 4, state: 'fresh' },
      { arm: 'artillery', sp: 6, state: 'fresh' },
    ], 3);
    // 2×10 + 8 + floor(13/3) - 5 + 2×12 + 9 = 60
    expect(level.total).toBe(60);
    expect(level.items.reduce((sum, item) => sum + item.value, 0)).toBe(60);
    expect(level.items.every((item) => typeof item.label === 'string' && typeof item.rule === 'string')).toBe(true);
    expect(rules.variableInitiativeLevel([], 1).total).toBe(0);
    expect(() => rules.variableInitiativeLevel([{ arm: 'infantry', sp: -1, state: 'fresh' }], 1)).toThrow(rules.RulesArgumentError);
    expect(() => rules.variableInitiativeLevel([{ arm: 'infantry', sp: 3, state: 'ineffective' }], 0)).toThrow(/ineffectiveRoll/);
    expect(() => rules.variableInitiativeLevel([{ arm: 'infantry', sp: 3, state: 'ineffective' }], 2.5)).toThrow(/ineffectiveRoll/);
  });

  it('variableInitiativeWinner: the higher level; a tie stays with the previous holder', () => {
    expect(rules.variableInitiativeWinner(61, 60, 'CSA')).toBe('USA');
    expect(rules.variableInitiativeWinner(-4, 2, 'USA')).toBe('CSA');
    expect(rules.variableInitiativeWinner(40, 40, 'CSA')).toBe('CSA');
    expect(rules.variableInitiativeWinner(40, 40, 'USA')).toBe('USA');
  });
});
