/**
 * Fatigue under the revision: which brigades may be designated to recover it (Rev. Sequence of Play II.B,
 * the Orders Table's "Can Recover Fatigue", Rev. Cavalry Fatigue) and how much they recover in IV.B.
 * Double Time's +2 levels are in movement.ts (doubleTimeFatigue).
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf } from './errors';
import { HOUSE_READING_CHOICES, type HouseReadingChoice } from './house-readings';
import { ORDERS } from './orders-table';
import type { CommandCheck } from './command-check';
import { ARMS, ORDER_CODES, type Arm, type OrderCode } from './types';

const ORDERS_TABLE = 'Rev. Orders Table';
const CAVALRY_FATIGUE = 'Rev. Cavalry Fatigue';

/** RI-B07: a designated unit recovers one fatigue level in the Fatigue & Straggler Recovery Phase. */
export const FATIGUE_LEVELS_RECOVERED_PER_TURN = 1;

/** "Fatigue applies to Cavalry as well as Infantry" (Rev. Cavalry Fatigue): artillery has no fatigue level. */
const FATIGUE_ARMS: readonly Arm[] = ['infantry', 'cavalry'];

export function bearsFatigue(arm: Arm): boolean {
  return FATIGUE_ARMS.includes(arm);
}

/**
 * Does this unit of a designated brigade recover a level in IV.B? It must be fatigued, in play and of an
 * arm that bears fatigue; "Cavalry must be dismounted ... in order to reduce fatigue", so mounted troopers
 * do not (the designation attested the dismounted ones near water).
 */
export function unitRecoversFatigue(u: { arm: Arm; mounted: boolean; fatigue: number; eliminated: boolean }): boolean {
  return bearsFatigue(u.arm) && u.fatigue > 0 && !u.eliminated && !(u.arm === 'cavalry' && u.mounted);
}

/**
 * May this brigade be designated to recover fatigue this turn? Its orders must say "Can Recover Fatigue"
 * (HOLD, RSRV); an artillery brigade has no fatigue to recover; "Cavalry must be dismounted and within one
 * hex of water in order to reduce fatigue."
 */
export function mayDesignateFatigueRecovery(i: { order: OrderCode; arm: Arm; dismountedNearWater?: boolean }): CommandCheck {
  assertOneOf('order', i?.order, ORDER_CODES);
  assertOneOf('arm', i.arm, ARMS);
  if (i.dismountedNearWater !== undefined) assertBoolean('dismountedNearWater', i.dismountedNearWater);
  if (!bearsFatigue(i.arm)) return { ok: false, reason: 'artillery has no fatigue to recover: fatigue applies to infantry and cavalry', rule: CAVALRY_FATIGUE };
  if (!ORDERS[i.order].may.recoverFatigue) {
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
