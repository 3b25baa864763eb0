/**
 * Losses under the revision: infantry stragglers (which disorders and SP losses make them) and their
 * recovery, abandoned guns, the leader casualty roll, and skirmishers (who may be designated, and the SPs
 * lost when they are recalled).
 */
import { assertBoolean, assertDieRoll, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { ORDERS } from './orders-table';
import { ARMS, DISORDER_CAUSES, ORDER_CODES, SIDES, UNIT_STATUSES, type Arm, type DisorderCause, type Effectiveness, type OrderCode, type Side, type UnitStatus } from './types';

const STRAGGLERS_RULE = 'Rev. Infantry Stragglers';
const ABANDONED_GUNS_RULE = 'Rev. Abandoned Guns';

// ---------------------------------------------------------------------------------------------
// Stragglers
// ---------------------------------------------------------------------------------------------

/** What turned a unit Disordered (declared once in types.ts). */
export { DISORDER_CAUSES, type DisorderCause } from './types';

/** "Fire, Shock, Withdrawal, Reaction Facing Change, Retreat Before Shock are all possible sources of straggler loss." */
const STRAGGLER_DISORDER_CAUSES: readonly DisorderCause[] = ['fire', 'shock', 'withdrawal', 'reaction-facing-change', 'retreat-before-shock'];

/**
 * Stragglers from a change of status: "Each change to Disorder caused by enemy action, if an enemy unit is
 * within Tactical Movement range, causes one straggler loss ... The unit must flip from Ordered to
 * Disordered". Rout and automatic disorder after shock do not. RI-F12: infantry only.
 */
export function stragglersFromDisorder(i: {
  arm: Arm;
  from: UnitStatus;
  to: UnitStatus;
  cause: DisorderCause;
  enemyWithinTacticalMovementRange: boolean;
}): { stragglers: 0 | 1; reason: string; rule: string } {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { arm, from, to, cause, enemyWithinTacticalMovementRange }');
  assertOneOf('arm', i.arm, ARMS);
  assertOneOf('from', i.from, UNIT_STATUSES);
  assertOneOf('to', i.to, UNIT_STATUSES);
  assertOneOf('cause', i.cause, DISORDER_CAUSES);
  assertBoolean('enemyWithinTacticalMovementRange', i.enemyWithinTacticalMovementRange);
  const none = (reason: string) => ({ stragglers: 0 as const, reason, rule: STRAGGLERS_RULE });
  if (i.arm !== 'infantry') return none('Only infantry loses stragglers');
  if (i.from !== 'ordered' || i.to !== 'disordered') return none('Only a flip from Ordered to Disordered loses a straggler');
  if (!STRAGGLER_DISORDER_CAUSES.includes(i.cause)) return none(`A disorder from ${i.cause} causes no straggler loss`);
  if (!i.enemyWithinTacticalMovementRange) return none('No enemy unit is within Tactical Movement range');
  return { stragglers: 1, reason: `Disordered by ${i.cause} with the enemy within Tactical Movement range`, rule: STRAGGLERS_RULE };
}

/** What caused an SP loss. */
export type SpLossCause = 'rally' | 'rout-retreat' | 'second-disorder' | 'fire' | 'shock' | 'other';
const SP_LOSS_CAUSES: readonly SpLossCause[] = ['rally', 'rout-retreat', 'second-disorder', 'fire', 'shock', 'other'];

/** "If Rally, Rout Retreat or Second Disorder causes an SP loss - that loss is considered a straggler" (RI-F12: infantry). */
export function spLossIsStraggler(arm: Arm, cause: SpLossCause): boolean {
  assertOneOf('arm', arm, ARMS);
  assertOneOf('cause', cause, SP_LOSS_CAUSES);
  return arm === 'infantry' && (cause === 'rally' || cause === 'rout-retreat' || cause === 'second-disorder');
}

/** Orders that "Can Recover Stragglers" on the Orders Table (HOLD and RSRV). */
export const STRAGGLER_RECOVERY_ORDERS: readonly OrderCode[] = ORDER_CODES.filter((code) => ORDERS[code].may.recoverStragglers);

/** Whether a brigade under this order may be designated for Straggler Recovery. */
export function mayDesignateStragglerRecovery(order: OrderCode): boolean {
  assertOneOf('order', order, ORDER_CODES);
  return STRAGGLER_RECOVERY_ORDERS.includes(order);
}

/** Stragglers recovered at 0400 by a unit of a brigade with the Recovery marker: "50% (round up)". */
export function stragglersRecovered(stragglers: number): number {
  assertNonNegativeInteger('stragglers', stragglers);
  return Math.ceil(stragglers / 2);
}

// ---------------------------------------------------------------------------------------------
// Abandoned guns
// ---------------------------------------------------------------------------------------------

/** "Artillery SP losses from small-arms fire result in Abandoned Guns"; other artillery losses are lost outright. */
export function artilleryLossKind(source: 'small-arms' | 'artillery' | 'shock' | 'other'): { kind: 'abandoned-guns' | 'lost'; rule: string } {
  assertOneOf('source', source, ['small-arms', 'artillery', 'shock', 'other'] as const);
  return { kind: source === 'small-arms' ? 'abandoned-guns' : 'lost', rule: ABANDONED_GUNS_RULE };
}

/**
 * Abandoned guns at the end of the day (2400): returned to the battery that lost them if the hex is inside
 * friendly lines, otherwise captured by the enemy and permanently lost.
 */
export function abandonedGunsAtMidnight(i: { guns: number; hexInsideFriendlyLines: boolean }): { returnedToBattery: number; captured: number; rule: string } {
  assertNonNegativeInteger('guns', i?.guns);
  assertBoolean('hexInsideFriendlyLines', i.hexInsideFriendlyLines);
  return i.hexInsideFriendlyLines
    ? { returnedToBattery: i.guns, captured: 0, rule: ABANDONED_GUNS_RULE }
    : { returnedToBattery: 0, captured: i.guns, rule: ABANDONED_GUNS_RULE };
}

// ---------------------------------------------------------------------------------------------
// Leader losses
// ---------------------------------------------------------------------------------------------

/** "Roll the die for each Leader Casualty: 0-4 = KIA; 5-9 = WIA." */
export function leaderCasualty(roll: number): 'KIA' | 'WIA' {
  assertDieRoll('roll', roll);
  return roll <= 4 ? 'KIA' : 'WIA';
}

// ---------------------------------------------------------------------------------------------
// Skirmishers
// ---------------------------------------------------------------------------------------------

export interface SkirmisherDesignation {
  brigade: { side: Side; infantry: boolean; effectiveness: Effectiveness; atStartOfActivation: boolean };
  candidate: { side: Side; arm: Arm; sp: number; sharpshooters: boolean; memberOfBrigade: boolean };
  /** Current SPs of the brigade's other regiments (for a sharpshooter unit from outside: all of them). */
  otherRegimentsSp: number[];
}

/**
 * Why a unit may not be designated as Skirmishers (none = it may). "Infantry brigades (only) may designate one
 * unit as Skirmishers. This unit must be at least half the current strength of at least half the other
 * regiments in the brigade. A brigade must be at ME ... at the beginning of the brigade's activation ... US
 * Sharpshooters can serve as Skirmishers for any US brigade." RI-F13.
 */
export function skirmisherIneligibility(d: SkirmisherDesignation): string[] {
  if (typeof d !== 'object' || d === null || typeof d.brigade !== 'object' || typeof d.candidate !== 'object') {
    throw new RulesArgumentError('designation', 'must be { brigade, candidate, otherRegimentsSp }');
  }
  assertOneOf('brigade.side', d.brigade.side, SIDES);
  assertBoolean('brigade.infantry', d.brigade.infantry);
  assertOneOf('brigade.effectiveness', d.brigade.effectiveness, ['ME', 'RE'] as const);
  assertBoolean('brigade.atStartOfActivation', d.brigade.atStartOfActivation);
  assertOneOf('candidate.side', d.candidate.side, SIDES);
  assertOneOf('candidate.arm', d.candidate.arm, ARMS);
  assertNonNegativeInteger('candidate.sp', d.candidate.sp);
  assertBoolean('candidate.sharpshooters', d.candidate.sharpshooters);
  assertBoolean('candidate.memberOfBrigade', d.candidate.memberOfBrigade);
  if (!Array.isArray(d.otherRegimentsSp)) throw new RulesArgumentError('otherRegimentsSp', 'must be a list of the other regiments\' current SPs');
  d.otherRegimentsSp.forEach((sp, i) => assertNonNegativeInteger(`otherRegimentsSp[${i}]`, sp));

  const reasons: string[] = [];
  if (!d.brigade.infantry) reasons.push('Only infantry brigades may designate Skirmishers');
  if (d.brigade.effectiveness !== 'ME') reasons.push('The brigade must be at ME');
  if (!d.brigade.atStartOfActivation) reasons.push('Skirmishers are designated at the beginning of the brigade\'s activation');
  const usSharpshooters = d.candidate.sharpshooters && d.candidate.side === 'USA' && d.brigade.side === 'USA';
  if (!d.candidate.memberOfBrigade && !usSharpshooters) reasons.push('The unit must belong to the brigade (only US Sharpshooters serve any US brigade)');
  if (d.candidate.arm !== 'infantry') reasons.push('Skirmishers must be an infantry unit');
  const others = d.otherRegimentsSp;
  if (others.length === 0) {
    reasons.push('The brigade has no other regiments to screen');
  } else {
    const matched = others.filter((sp) => d.candidate.sp * 2 >= sp).length;
    if (matched * 2 < others.length) {
      reasons.push(`The unit (${d.candidate.sp} SPs) is not at least half the strength of at least half the other regiments (${matched} of ${others.length})`);
    }
  }
  return reasons;
}

/** "Skirmishers may be recalled at the same time if the brigade is at ME" (the beginning of its activation). */
export function mayRecallSkirmishers(i: { effectiveness: Effectiveness; atStartOfActivation: boolean }): boolean {
  assertOneOf('effectiveness', i?.effectiveness, ['ME', 'RE'] as const);
  assertBoolean('atStartOfActivation', i.atStartOfActivation);
  return i.effectiveness === 'ME' && i.atStartOfActivation;
}

/**
 * SPs the skirmishing unit loses when recalled: "if all other units in the brigade have lost 2 or more SPs,
 * then remove 1 SP from the skirmishing unit for each multiple of 2 SPs lost by every unit, rounded down".
 * `otherUnitsSpLost` holds each other unit's SPs lost. RI-F13: with no other units, nothing is lost.
 */
export function skirmisherRecallLoss(otherUnitsSpLost: number[]): number {
  if (!Array.isArray(otherUnitsSpLost)) {
    throw new RulesArgumentError('otherUnitsSpLost', `must be a list of SPs lost by each other unit of the brigade (got ${String(otherUnitsSpLost)})`);
  }
  otherUnitsSpLost.forEach((lost, i) => assertNonNegativeInteger(`otherUnitsSpLost[${i}]`, lost));
  if (otherUnitsSpLost.length === 0) return 0;
  const lostByEvery = Math.min(...otherUnitsSpLost);
  return lostByEvery >= 2 ? Math.floor(lostByEvery / 2) : 0;
}
