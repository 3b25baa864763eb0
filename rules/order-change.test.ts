/** Examples of order changes in the Orders Segment: automatic and non-automatic attempts, the DRMs, the attempt, Commander's Initiative, orders given without a roll. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownArgument } from './test-support';
import { defaultOrderChoices } from './orders';
import { commandersInitiative, mayGiveOrderDirectly, nonAutomaticChangePreRoll, orderChangeAttemptKind, orderChangeDrm, resolveOrderChangeAttempt } from './order-change';
import { ORDERS } from './orders-table';
import type { OrderChangeDrmInput } from './order-change';
import type { OrderIssueTarget } from './orders';
import { ORDER_CODES } from './types';
import type { OrderCode } from './types';

const noDrm: OrderChangeDrmInput = {
  superiorsInRange: 0,
  superiorRatingsUsed: [],
  orders: [],
  hasRsm: false,
  isCavalry: false,
  adjacentToEnemy: false,
  ineffective: false,
};

const infantryBrigade: OrderIssueTarget = {
  arm: 'infantry',
  ineffective: false,
  shattered: false,
  neighbourHasAssaultOrSkirmishOrders: true,
  inEnemyLos: false,
};

describe('automatic and non-automatic order change attempts', () => {
  const infantry = { arm: 'infantry' as const };

  it('the four automatic cases', () => {
    expect(orderChangeAttemptKind({ from: 'MRCH', to: 'ASLT', hasRsm: true, subject: infantry })).toEqual({
      kind: 'automatic',
      reasons: ['rsm-marker'],
      rule: 'Rev. Automatic Order Change Attempts',
    });
    expect(orderChangeAttemptKind({ from: 'RSRV', to: 'ASLT', hasRsm: false, subject: infantry })).toMatchObject({ kind: 'automatic', reasons: ['reserve-orders'] });
    expect(orderChangeAttemptKind({ from: 'SUPT', to: 'ASLT', hasRsm: false, subject: infantry })).toMatchObject({ reasons: ['support-to-assault-or-skirmish'] });
    expect(orderChangeAttemptKind({ from: 'SUPT', to: 'SKPD', hasRsm: false, subject: infantry })).toMatchObject({ reasons: ['support-to-assault-or-skirmish'] });
    expect(orderChangeAttemptKind({ from: 'ASLT', to: 'HOLD', hasRsm: false, subject: infantry })).toMatchObject({ reasons: ['to-default-order'] });
    expect(orderChangeAttemptKind({ from: 'RSRV', to: 'HOLD', hasRsm: true, subject: infantry })).toMatchObject({
      reasons: ['rsm-marker', 'reserve-orders', 'to-default-order'],
    });
  });

  it('anything else is non-automatic, e.g. SUPT to MRCH or HOLD to ASLT', () => {
    expect(orderChangeAttemptKind({ from: 'SUPT', to: 'MRCH', hasRsm: false, subject: infantry })).toEqual({
      kind: 'non-automatic',
      rule: 'Rev. Non-Automatic Order Change Attempts',
    });
    expect(orderChangeAttemptKind({ from: 'HOLD', to: 'ASLT', hasRsm: false, subject: infantry }).kind).toBe('non-automatic');
    // HOLD is not the cavalry default, so it is not automatic for cavalry
    expect(orderChangeAttemptKind({ from: 'ASLT', to: 'HOLD', hasRsm: false, subject: { arm: 'cavalry' } }).kind).toBe('non-automatic');
  });

  it('for sharpshooters any RE order counts as the Default Order', () => {
    expect(orderChangeAttemptKind({ from: 'ASLT', to: 'RSRV', hasRsm: false, subject: { arm: 'infantry', sharpshooters: true } }).kind).toBe('automatic');
    expect(orderChangeAttemptKind({ from: 'ASLT', to: 'RSRV', hasRsm: false, subject: infantry }).kind).toBe('non-automatic');
  });

  it('refuses a "change" to the same order', () => {
    expect(thrownArgument(() => orderChangeAttemptKind({ from: 'HOLD', to: 'HOLD', hasRsm: false, subject: infantry }))).toBe('to');
  });

  it("the army commander's pre-roll: <= half his rating rounded down on the map, without using his points (RI-C15)", () => {
    // rating 5 -> roll 2 or less
    expect(nonAutomaticChangePreRoll({ armyCommanderOnMap: true, armyCommanderRating: 5 }, 2)).toEqual({
      success: true,
      roll: 2,
      highestSuccessfulRoll: 2,
      spendsRatingPoints: false,
      rule: 'Rev. Non-Automatic Order Change Attempts',
    });
    expect(nonAutomaticChangePreRoll({ armyCommanderOnMap: true, armyCommanderRating: 5 }, 3).success).toBe(false);
    expect(nonAutomaticChangePreRoll({ armyCommanderOnMap: true, armyCommanderRating: 9 }, 4).success).toBe(true);
    expect(nonAutomaticChangePreRoll({ armyCommanderOnMap: true, armyCommanderRating: 9 }, 5).success).toBe(false);
  });

  it('pre-roll boundaries: rating 0 or 1 on the map, or the commander off the map, needs a 0', () => {
    for (const input of [
      { armyCommanderOnMap: true, armyCommanderRating: 0 },
      { armyCommanderOnMap: true, armyCommanderRating: 1 },
      { armyCommanderOnMap: false, armyCommanderRating: 9 },
    ]) {
      expect(nonAutomaticChangePreRoll(input, 0).success).toBe(true);
      expect(nonAutomaticChangePreRoll(input, 1).success).toBe(false);
      expect(nonAutomaticChangePreRoll(input, 9).success).toBe(false);
    }
  });

  it('pre-roll argument errors', () => {
    expect(() => nonAutomaticChangePreRoll({ armyCommanderOnMap: true, armyCommanderRating: 5 }, 10)).toThrow(/roll: must be a die roll, a whole number from 0 to 9/);
    expect(thrownArgument(() => nonAutomaticChangePreRoll({ armyCommanderOnMap: true, armyCommanderRating: 10 }, 0))).toBe('armyCommanderRating');
  });
});

describe('orderChangeDrm (Rev. Order Change DRMs)', () => {
  it('is 0 with nothing applying', () => {
    expect(orderChangeDrm(noDrm)).toEqual({ total: 0, items: [] });
  });

  it('-1 per superior in range and -(rating) per superior whose points are used (RI-C16)', () => {
    const drm = orderChangeDrm({ ...noDrm, superiorsInRange: 2, superiorRatingsUsed: [3, 2] });
    expect(drm.total).toBe(-7);
    expect(drm.items.map((item) => item.value)).toEqual([-2, -3, -2]);
    expect(drm.items.every((item) => item.rule === 'Rev. Order Change DRMs')).toBe(true);
  });

  it.each(ORDER_CODES.map((code) => [code, ORDERS[code].orderChangeDrm] as const))('the Orders Table DRM of %s is %i', (code, value) => {
    expect(orderChangeDrm({ ...noDrm, orders: [code] }).total).toBe(value);
  });

  it('MRCH counts -2 instead of +1 with a RSM marker', () => {
    expect(orderChangeDrm({ ...noDrm, orders: ['MRCH'] }).total).toBe(1);
    const withRsm = orderChangeDrm({ ...noDrm, orders: ['MRCH'], hasRsm: true });
    expect(withRsm.total).toBe(-2);
    expect(withRsm.items[0]?.label).toMatch(/MRCH with RSM/);
  });

  it('uses the worst (highest) Orders Table DRM if more than one (RI-C05)', () => {
    expect(orderChangeDrm({ ...noDrm, orders: ['HOLD', 'ASLT', 'RSRV'] }).total).toBe(2);
    expect(orderChangeDrm({ ...noDrm, orders: ['HOLD', 'RSRV'] }).total).toBe(-1);
    // with RSM, MRCH's -2 is no longer worse than HOLD's -1
    expect(orderChangeDrm({ ...noDrm, orders: ['MRCH', 'HOLD'], hasRsm: true }).total).toBe(-1);
  });

  it('cavalry -1, adjacent to an enemy +1, ineffective +1', () => {
    expect(orderChangeDrm({ ...noDrm, isCavalry: true })).toEqual({
      total: -1,
      items: [{ label: 'Command is Cavalry', value: -1, rule: 'Rev. Order Change DRMs' }],
    });
    expect(orderChangeDrm({ ...noDrm, adjacentToEnemy: true }).total).toBe(1);
    expect(orderChangeDrm({ ...noDrm, ineffective: true }).total).toBe(1);
  });

  it('a full example: division commander (rating 2) in range lends his points to a brigade on ASLT adjacent to the enemy', () => {
    const drm = orderChangeDrm({ ...noDrm, superiorsInRange: 1, superiorRatingsUsed: [2], orders: ['ASLT'], adjacentToEnemy: true });
    expect(drm.items.map((item) => [item.label, item.value])).toEqual([
      ['Superior leaders in chain of command within range (1 x -1)', -1],
      ["Superior leader's rating used (2)", -2],
      ['Orders Table DRM (ASLT)', 2],
      ['Leader is adjacent to an enemy unit', 1],
    ]);
    expect(drm.total).toBe(0);
  });

  it('leaves out zero items (a rating-0 superior, SKPD/BOMB orders)', () => {
    expect(orderChangeDrm({ ...noDrm, superiorRatingsUsed: [0], orders: ['SKPD'] })).toEqual({ total: 0, items: [] });
  });

  it('throws naming the argument', () => {
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, superiorsInRange: -1 }))).toBe('superiorsInRange');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, superiorsInRange: 1.5 }))).toBe('superiorsInRange');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, superiorRatingsUsed: [3, 10] }))).toBe('superiorRatingsUsed[1]');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, superiorRatingsUsed: 3 as never }))).toBe('superiorRatingsUsed');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, orders: ['HOLD', 'FLEE' as OrderCode] }))).toBe('orders[1]');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, hasRsm: 'no' as never }))).toBe('hasRsm');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, isCavalry: undefined as never }))).toBe('isCavalry');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, adjacentToEnemy: 0 as never }))).toBe('adjacentToEnemy');
    expect(thrownArgument(() => orderChangeDrm({ ...noDrm, ineffective: null as never }))).toBe('ineffective');
    expect(() => orderChangeDrm({ ...noDrm, orders: ['FLEE' as OrderCode] })).toThrow(/ASLT, SUPT, MRCH, BOMB, SKPD, HOLD, RSRV, WDRW/);
  });

  const drmInput = fc.record({
    superiorsInRange: fc.nat({ max: 6 }),
    superiorRatingsUsed: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
    orders: fc.array(fc.constantFrom(...ORDER_CODES), { maxLength: 4 }),
    hasRsm: fc.boolean(),
    isCavalry: fc.boolean(),
    adjacentToEnemy: fc.boolean(),
    ineffective: fc.boolean(),
  });

  it('property: the items always sum to the total, and none is zero', () => {
    fc.assert(
      fc.property(drmInput, (input) => {
        const drm = orderChangeDrm(input);
        expect(drm.items.reduce((sum, item) => sum + item.value, 0)).toBe(drm.total);
        expect(drm.items.every((item) => item.value !== 0 && item.rule.startsWith('Rev. '))).toBe(true);
      }),
    );
  });

  it('property: the total never depends on the order of superiorRatingsUsed (nor of orders)', () => {
    fc.assert(
      fc.property(drmInput, fc.integer(), (input, seed) => {
        const shuffle = <T>(list: T[]): T[] =>
          list.map((value, index) => ({ value, key: (index * 7919 + seed) % 101 })).sort((a, b) => a.key - b.key).map((entry) => entry.value);
        const reordered = { ...input, superiorRatingsUsed: shuffle(input.superiorRatingsUsed), orders: shuffle(input.orders) };
        expect(orderChangeDrm(reordered).total).toBe(orderChangeDrm(input).total);
        expect(orderChangeDrm({ ...input, superiorRatingsUsed: [...input.superiorRatingsUsed].reverse() }).total).toBe(orderChangeDrm(input).total);
      }),
    );
  });
});

describe('the order change attempt (Rev. Order Change Attempt Procedure)', () => {
  it('succeeds when the modified roll is <= the officer rating', () => {
    const result = resolveOrderChangeAttempt({ officerRating: 3, drm: { ...noDrm, orders: ['HOLD'] } }, 4);
    expect(result).toMatchObject({ success: true, roll: 4, modifiedRoll: 3, officerRating: 3, rule: 'Rev. Order Change Attempt Procedure' });
    expect(resolveOrderChangeAttempt({ officerRating: 3, drm: { ...noDrm, orders: ['ASLT'] } }, 2).success).toBe(false);
  });

  it('boundaries: roll 0 with rating 0 succeeds; roll 9 with rating 9 succeeds; any +1 then fails', () => {
    expect(resolveOrderChangeAttempt({ officerRating: 0, drm: noDrm }, 0).success).toBe(true);
    expect(resolveOrderChangeAttempt({ officerRating: 0, drm: { ...noDrm, ineffective: true } }, 0).success).toBe(false);
    expect(resolveOrderChangeAttempt({ officerRating: 9, drm: noDrm }, 9).success).toBe(true);
    expect(resolveOrderChangeAttempt({ officerRating: 9, drm: { ...noDrm, adjacentToEnemy: true } }, 9).success).toBe(false);
  });

  it('throws on a bad roll or rating', () => {
    expect(thrownArgument(() => resolveOrderChangeAttempt({ officerRating: 3, drm: noDrm }, -1))).toBe('roll');
    expect(thrownArgument(() => resolveOrderChangeAttempt({ officerRating: -1, drm: noDrm }, 0))).toBe('officerRating');
  });
});

describe("Commander's Initiative (Rev. Commander's Initiative)", () => {
  const withDivisionCommander = { superiorLevel: 'division' as const, superiorInChainOfCommand: true };

  it('units stacked with a division-or-higher superior change orders successfully, without points, until the end of the turn', () => {
    expect(commandersInitiative('ASLT', infantryBrigade, withDivisionCommander)).toEqual({
      ok: true,
      ratingPointsSpent: 0,
      expiresAtEndOfTurn: true,
      rule: "Rev. Commander's Initiative",
    });
    expect(commandersInitiative('MRCH', infantryBrigade, { superiorLevel: 'army', superiorInChainOfCommand: true }).ok).toBe(true);
  });

  it('a brigade leader is not a superior leader; the leader must be in the chain of command; someone must be stacked', () => {
    expect(commandersInitiative('ASLT', infantryBrigade, { superiorLevel: 'brigade', superiorInChainOfCommand: true }).ok).toBe(false);
    expect(commandersInitiative('ASLT', infantryBrigade, { superiorLevel: 'corps', superiorInChainOfCommand: false }).ok).toBe(false);
    expect(commandersInitiative('ASLT', infantryBrigade, { superiorLevel: null, superiorInChainOfCommand: false }).ok).toBe(false);
  });

  it('does not lift the ban on ME orders for shattered units (RI-C09)', () => {
    expect(commandersInitiative('ASLT', { ...infantryBrigade, shattered: true }, withDivisionCommander)).toMatchObject({
      ok: false,
      rule: 'Rev. Ineffective Commands and Shattered ("Collapsed") Units',
    });
    expect(thrownArgument(() => commandersInitiative('ASLT', infantryBrigade, { superiorLevel: 'general' as never, superiorInChainOfCommand: true }))).toBe('stack.superiorLevel');
  });
});

describe('orders given without a roll (RI-H06)', () => {
  const infantry = ['HOLD'] as const;

  it('"Commands begin a game or scenario with any orders the player wishes": before play, any order to any holder', () => {
    expect(mayGiveOrderDirectly({ gameStarted: false, segment: 'I', holder: 'command', order: 'ASLT', defaultChoices: [] })).toEqual({ ok: true });
    expect(mayGiveOrderDirectly({ gameStarted: false, segment: 'I', holder: 'unit', order: 'MRCH', defaultChoices: infantry })).toEqual({ ok: true });
  });

  it('once play has begun a command changes orders only by an attempt', () => {
    expect(mayGiveOrderDirectly({ gameStarted: true, segment: 'I', holder: 'command', order: 'HOLD', defaultChoices: [] })).toMatchObject({ ok: false, rule: 'Rev. Orders Segment' });
  });

  it('an out-of-command unit takes its Default Order in the Orders or Activation Segment, and follows its command again when back in command', () => {
    for (const segment of ['I', 'III'] as const) {
      expect(mayGiveOrderDirectly({ gameStarted: true, segment, holder: 'unit', order: 'HOLD', defaultChoices: infantry })).toEqual({ ok: true });
      expect(mayGiveOrderDirectly({ gameStarted: true, segment, holder: 'unit', order: null, defaultChoices: infantry })).toEqual({ ok: true });
      expect(mayGiveOrderDirectly({ gameStarted: true, segment, holder: 'unit', order: 'ASLT', defaultChoices: infantry })).toMatchObject({ ok: false, rule: 'Rev. Out-of-Command Units' });
    }
    for (const segment of ['II', 'IV'] as const) {
      expect(mayGiveOrderDirectly({ gameStarted: true, segment, holder: 'unit', order: 'HOLD', defaultChoices: infantry })).toMatchObject({ ok: false, rule: 'Rev. Out-of-Command Units' });
    }
  });

  it('horse artillery may pick any RE order as its Default Order, not only WDRW', () => {
    const choices = defaultOrderChoices({ arm: 'artillery', horseArtillery: true });
    for (const order of ['WDRW', 'SKPD', 'HOLD', 'RSRV'] as const) {
      expect(mayGiveOrderDirectly({ gameStarted: true, segment: 'III', holder: 'unit', order, defaultChoices: choices })).toEqual({ ok: true });
    }
    expect(thrownArgument(() => mayGiveOrderDirectly({ gameStarted: true, segment: 'V' as 'I', holder: 'unit', order: null, defaultChoices: [] }))).toBe('segment');
  });
});
