/**
 * Fatigue under the revision: which brigades may be designated to recover it (Rev. Sequence of Play II.B,
 * the Orders Table's "Can Recover Fatigue", Rev. Cavalry Fatigue) and how much they recover in IV.B.
 * Double Time's +2 levels are in movement.ts (doubleTimeFatigue).
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf } from './errors';
import { HOUSE_READING_CHOICES, type HouseReadingChoice } from './house-readings';
import { ORDERS, type CommandCheck } from './orders';
import { ARMS, ORDER_CODES, type Arm, type OrderCode } from './types';

const ORDERS_TABLE = 'Rev. Orders Table';
const CAVALRY_FATIGUE = 'Rev. Cavalry Fatigue';
export const FATIGUE_RECOVERY_RULE = 'Rev. Sequence of Play (Fatigue & Straggler Recovery)';

/** RI-B07: a designated unit recovers one fatigue level in the Fatigue & Straggler Recovery Phase. */
export const FATIGUE_LEVELS_RECOVERED_PER_TURN = 1;

/**
 * May this brigade be designated to recover fatigue this turn? Its orders must say "Can Recover Fatigue"
 * (HOLD, RSRV); "Cavalry must be dismounted and within one hex of water in order to reduce fatigue."
 */
export function mayDesignateFatigueRecovery(i: { order: OrderCode; arm: Arm; dismountedNearWater?: boolean }): CommandCheck {
  assertOneOf('order', i?.order, ORDER_CODES);
  assertOneOf('arm', i.arm, ARMS);
  if (i.dismountedNearWater !== undefined) assertBoolean('dismountedNearWater', i.dismountedNearWater);
  if (!ORDERS[i.order].actions.includes('Can Recover Fatigue')) {
    return { ok: false, reason: `${i.order} orders cannot recover fatigue (only orders that "Can Recover Fatigue": HOLD, RSRV)`, rule: ORDERS_TABLE };
  }
  if (i.arm === 'cavalry' && i.dismountedNearWater !== true) {
    return { ok: false, reason: 'cavalry must be dismounted and within one hex of water to reduce fatigue', rule: CAVALRY_FATIGUE };
  }
  return { ok: true };
}

/**
 * The fatigue level of a designated unit after recovery (never below 0). RI-B07: one level a turn; under the
 * house reading "every level" the unit recovers fully.
 */
export function fatigueAfterRecovery(level: number, reading: HouseReadingChoice<'fatigueRecovery'> = 'oneLevel'): number {
  assertNonNegativeInteger('level', level);
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.fatigueRecovery);
  return reading === 'allLevels' ? 0 : Math.max(0, level - FATIGUE_LEVELS_RECOVERED_PER_TURN);
}
