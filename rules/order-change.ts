/**
 * Order changes in the Orders Segment (Rev. Order Change Attempt Procedure): automatic and non-automatic
 * attempts, the army commander's pre-roll, the attempt and its itemised DRMs, orders given without a roll,
 * and Commander's Initiative. Every die roll is passed in as a number 0-9.
 */
import { assertBoolean, assertDieRoll, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { itemisedNonZero } from './itemise';
import { HOUSE_READING_CHOICES, readingItem, type HouseReadingChoice } from './house-readings';
import { COMMAND_LEVELS, ORDER_CODES, SEGMENT_IDS } from './types';
import type { AutomaticChangeReason, CommandLevel, DrmItem, Itemised, OrderCode, SegmentId } from './types';
import { assertArray, assertLeaderRating, type CommandCheck } from './command-check';
import { ORDERS } from './orders-table';
import { canIssueOrder, defaultOrderChoices, type DefaultOrderSubject, type OrderIssueTarget } from './orders';

const ORDERS_SEGMENT = 'Rev. Orders Segment';
const AUTOMATIC_ATTEMPTS = 'Rev. Automatic Order Change Attempts';
const NON_AUTOMATIC_ATTEMPTS = 'Rev. Non-Automatic Order Change Attempts';
const ATTEMPT_PROCEDURE = 'Rev. Order Change Attempt Procedure';
const ORDER_CHANGE_DRMS = 'Rev. Order Change DRMs';
const OUT_OF_COMMAND_UNITS = 'Rev. Out-of-Command Units';
const COMMANDERS_INITIATIVE = "Rev. Commander's Initiative";
/** The Order Change DRMs that hang on a map fact the players state: each superior in range, each point of a superior's rating used, the leader adjacent to an enemy unit. */
export const ORDER_CHANGE_FACT_DRMS = { superiorInRange: -1, perSuperiorRatingPoint: -1, adjacentToEnemy: 1 } as const;
export const ORDER_CHANGE_DRMS_RULE = ORDER_CHANGE_DRMS;

// ---------------------------------------------------------------------------------------------
// Automatic and non-automatic attempts
// ---------------------------------------------------------------------------------------------

export type { AutomaticChangeReason } from './types';

export type OrderChangeAttemptKind =
  | { kind: 'automatic'; reasons: AutomaticChangeReason[]; rule: string }
  | { kind: 'non-automatic'; rule: string };

/**
 * Is changing `from` -> `to` an Automatic Order Change Attempt (no army commander pre-roll)?
 * The four cases: a RSM marker; Reserve orders; Support changing to Assault or Skirmish; any order
 * changing to the Default Order (any RE order counts for horse artillery and sharpshooters).
 */
export function orderChangeAttemptKind(i: {
  from: OrderCode;
  to: OrderCode;
  hasRsm: boolean;
  subject: DefaultOrderSubject;
}): OrderChangeAttemptKind {
  assertOneOf('from', i.from, ORDER_CODES);
  assertOneOf('to', i.to, ORDER_CODES);
  assertBoolean('hasRsm', i.hasRsm);
  if (i.from === i.to) throw new RulesArgumentError('to', `must differ from from (both ${i.from}): that is no change`);
  const reasons: AutomaticChangeReason[] = [];
  if (i.hasRsm) reasons.push('rsm-marker');
  if (i.from === 'RSRV') reasons.push('reserve-orders');
  if (i.from === 'SUPT' && (i.to === 'ASLT' || i.to === 'SKPD')) reasons.push('support-to-assault-or-skirmish');
  if (defaultOrderChoices(i.subject).includes(i.to)) reasons.push('to-default-order');
  return reasons.length > 0 ? { kind: 'automatic', reasons, rule: AUTOMATIC_ATTEMPTS } : { kind: 'non-automatic', rule: NON_AUTOMATIC_ATTEMPTS };
}

/**
 * The army commander's pre-roll that allows this turn's non-automatic attempts (one roll for all of
 * them, RI-C15): roll <= floor(rating / 2) if he (or the US wing commander) is on the map, otherwise
 * only a 0. It does not use his rating points.
 */
export function nonAutomaticChangePreRoll(
  i: { armyCommanderOnMap: boolean; armyCommanderRating: number },
  roll: number,
): { success: boolean; roll: number; highestSuccessfulRoll: number; spendsRatingPoints: false; rule: string } {
  assertBoolean('armyCommanderOnMap', i.armyCommanderOnMap);
  assertLeaderRating('armyCommanderRating', i.armyCommanderRating);
  assertDieRoll('roll', roll);
  const highestSuccessfulRoll = i.armyCommanderOnMap ? Math.floor(i.armyCommanderRating / 2) : 0;
  return { success: roll <= highestSuccessfulRoll, roll, highestSuccessfulRoll, spendsRatingPoints: false, rule: NON_AUTOMATIC_ATTEMPTS };
}

// ---------------------------------------------------------------------------------------------
// The attempt and its DRMs
// ---------------------------------------------------------------------------------------------

export interface OrderChangeDrmInput {
  /** Superior leaders in the chain of command within their own range: -1 each. */
  superiorsInRange: number;
  /** Ratings of superiors whose rating points are used for this attempt: -(rating) each. RI-C16. */
  superiorRatingsUsed: number[];
  /** The orders whose Orders Table DRM applies; the worst (highest) one counts. RI-C05. */
  orders: OrderCode[];
  /** The game's house reading of which orders count (RI-S09, commandsBehindOrderChange), for the item's source; left out, the documented reading. */
  ordersReading?: HouseReadingChoice<'orderChangeOrders'>;
  hasRsm: boolean;
  isCavalry: boolean;
  adjacentToEnemy: boolean;
  ineffective: boolean;
}

/** The Orders Table DRM of one order, MRCH counting -2 with a RSM marker. */
function tableDrm(order: OrderCode, hasRsm: boolean): number {
  const row = ORDERS[order];
  return hasRsm && row.orderChangeDrmWithRsm !== null ? row.orderChangeDrmWithRsm : row.orderChangeDrm;
}

/** The itemised DRM on an order change attempt (Rev. Order Change DRMs). Zero items are left out. */
export function orderChangeDrm(i: OrderChangeDrmInput): Itemised {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be an object of order change DRM inputs');
  assertNonNegativeInteger('superiorsInRange', i.superiorsInRange);
  assertArray('superiorRatingsUsed', i.superiorRatingsUsed);
  i.superiorRatingsUsed.forEach((rating, index) => assertLeaderRating(`superiorRatingsUsed[${index}]`, rating));
  assertArray('orders', i.orders);
  i.orders.forEach((order, index) => assertOneOf(`orders[${index}]`, order, ORDER_CODES));
  assertBoolean('hasRsm', i.hasRsm);
  assertBoolean('isCavalry', i.isCavalry);
  assertBoolean('adjacentToEnemy', i.adjacentToEnemy);
  assertBoolean('ineffective', i.ineffective);

  const items: DrmItem[] = [];
  if (i.superiorsInRange > 0) {
    items.push({ label: `Superior leaders in chain of command within range (${i.superiorsInRange} x -1)`, value: i.superiorsInRange * ORDER_CHANGE_FACT_DRMS.superiorInRange, rule: ORDER_CHANGE_DRMS });
  }
  for (const rating of i.superiorRatingsUsed) {
    items.push({ label: `Superior leader's rating used (${rating})`, value: rating * ORDER_CHANGE_FACT_DRMS.perSuperiorRatingPoint, rule: ORDER_CHANGE_DRMS });
  }
  if (i.orders.length > 0) {
    // RI-C05: "worst" for a roll-under check is the highest DRM.
    const worst = i.orders.reduce((best, order) => (tableDrm(order, i.hasRsm) > tableDrm(best, i.hasRsm) ? order : best));
    const withRsm = worst === 'MRCH' && i.hasRsm ? ' with RSM' : '';
    const several = i.orders.length > 1 ? ', worst of ' + [...new Set(i.orders)].join('/') : '';
    const item = { label: `Orders Table DRM (${worst}${withRsm}${several})`, value: tableDrm(worst, i.hasRsm), rule: ORDER_CHANGE_DRMS };
    const reading = i.ordersReading ?? 'wholeCommand';
    assertOneOf('ordersReading', reading, HOUSE_READING_CHOICES.orderChangeOrders);
    items.push(reading === 'wholeCommand' ? item : readingItem({ ...item, label: `Orders Table DRM (${worst}${withRsm}, the command's own order)` }, 'orderChangeOrders', reading));
  }
  if (i.isCavalry) items.push({ label: 'Command is Cavalry', value: -1, rule: ORDER_CHANGE_DRMS });
  if (i.adjacentToEnemy) items.push({ label: 'Leader is adjacent to an enemy unit', value: ORDER_CHANGE_FACT_DRMS.adjacentToEnemy, rule: ORDER_CHANGE_DRMS });
  if (i.ineffective) items.push({ label: 'Ineffective Command', value: 1, rule: ORDER_CHANGE_DRMS });
  return itemisedNonZero(items);
}

export interface OrderChangeAttemptResult {
  success: boolean;
  roll: number;
  drm: Itemised;
  modifiedRoll: number;
  officerRating: number;
  rule: string;
}

/**
 * One officer's order change attempt: the roll modified by orderChangeDrm must be <= his rating for
 * the orders to change; otherwise they stand (Rev. Order Change Attempt Procedure).
 */
export function resolveOrderChangeAttempt(i: { officerRating: number; drm: OrderChangeDrmInput }, roll: number): OrderChangeAttemptResult {
  assertLeaderRating('officerRating', i.officerRating);
  assertDieRoll('roll', roll);
  const drm = orderChangeDrm(i.drm);
  const modifiedRoll = roll + drm.total;
  return { success: modifiedRoll <= i.officerRating, roll, drm, modifiedRoll, officerRating: i.officerRating, rule: ATTEMPT_PROCEDURE };
}

// ---------------------------------------------------------------------------------------------
// Orders given without a roll
// ---------------------------------------------------------------------------------------------

/**
 * May an order be given directly, without an order change roll (RI-H06)? Before play begins, any order:
 * "Commands begin a game or scenario with any orders the player wishes". Once play has begun, orders
 * change by order change attempts in the Orders Segment, with two exceptions checked here: an
 * out-of-command unit switches to its Default Order (any of its choices) when it is out of command range
 * during its command's order change (Orders Segment) or marked OOC during Activation (Activation Segment),
 * and follows its command's orders again when it comes back in command (order null). Commander's
 * Initiative is the third way (commandersInitiative) and is not asked here.
 */
export function mayGiveOrderDirectly(i: {
  gameStarted: boolean;
  segment: SegmentId;
  holder: 'command' | 'unit';
  order: OrderCode | null;
  /** The unit's Default Order choices (defaultOrderChoices); ignored for a command. */
  defaultChoices: readonly OrderCode[];
}): CommandCheck {
  assertBoolean('gameStarted', i.gameStarted);
  assertOneOf('segment', i.segment, SEGMENT_IDS);
  assertOneOf('holder', i.holder, ['command', 'unit'] as const);
  if (i.order !== null) assertOneOf('order', i.order, ORDER_CODES);
  if (!i.gameStarted) return { ok: true };
  if (i.holder === 'command') {
    return {
      ok: false,
      reason: "once play has begun a command's orders change only by an order change attempt in the Orders Segment (or, for units stacked with a superior leader, by Commander's Initiative)",
      rule: ORDERS_SEGMENT,
    };
  }
  if (i.segment !== 'I' && i.segment !== 'III') {
    return {
      ok: false,
      reason: "an out-of-command unit switches to its Default Order during its command's order change (Orders Segment) or when marked OOC during Activation (Activation Segment), not now",
      rule: OUT_OF_COMMAND_UNITS,
    };
  }
  if (i.order !== null && !i.defaultChoices.includes(i.order)) {
    return {
      ok: false,
      reason: `an out-of-command unit takes its Default Order (${i.defaultChoices.join(' or ')}), not ${i.order}; any other order needs an order change attempt or Commander's Initiative`,
      rule: OUT_OF_COMMAND_UNITS,
    };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Commander's Initiative
// ---------------------------------------------------------------------------------------------

const SUPERIOR_LEVELS: readonly CommandLevel[] = ['army', 'wing', 'corps', 'division'];

/**
 * Commander's Initiative: units stacked in the Orders Segment with a superior leader (division or
 * higher, in their chain of command) change orders successfully, to any order, without spending
 * his rating points; those orders expire at the end of the turn. The bans on what a command may
 * receive (canIssueOrder) still hold: RI-C09.
 */
export function commandersInitiative(
  order: OrderCode,
  target: OrderIssueTarget,
  stack: { superiorLevel: CommandLevel | null; superiorInChainOfCommand: boolean },
): CommandCheck<{ ratingPointsSpent: 0; expiresAtEndOfTurn: true; rule: string }> {
  if (stack.superiorLevel !== null) assertOneOf('stack.superiorLevel', stack.superiorLevel, COMMAND_LEVELS);
  assertBoolean('stack.superiorInChainOfCommand', stack.superiorInChainOfCommand);
  const issuable = canIssueOrder(order, target);
  if (stack.superiorLevel === null) {
    return { ok: false, reason: 'No superior leader is stacked with the units', rule: COMMANDERS_INITIATIVE };
  }
  if (!SUPERIOR_LEVELS.includes(stack.superiorLevel)) {
    return { ok: false, reason: `A ${stack.superiorLevel} leader is not a superior leader (division or higher)`, rule: COMMANDERS_INITIATIVE };
  }
  if (!stack.superiorInChainOfCommand) {
    return { ok: false, reason: 'The stacked leader is not in these units\' chain of command', rule: COMMANDERS_INITIATIVE };
  }
  if (!issuable.ok) return issuable;
  return { ok: true, ratingPointsSpent: 0, expiresAtEndOfTurn: true, rule: COMMANDERS_INITIATIVE };
}
