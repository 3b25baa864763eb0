/**
 * Orders: the Orders Table as data and the rules of the Orders Segment (Rev. Orders Segment).
 * Who may be given which order, default orders, automatic and non-automatic change attempts,
 * the army commander's pre-roll, the attempt and its itemised DRMs, Commander's Initiative,
 * orders flowing downhill, out-of-command units, the standing order of a command, and Warren.
 * Pure functions over plain data; every die roll is passed in as a number 0-9.
 */
import { assertBoolean, assertDieRoll, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { itemisedNonZero } from './itemise';
import { HOUSE_READING_CHOICES, readingItem, type HouseReadingChoice } from './house-readings';
import { ARMS, COMMAND_LEVELS, ORDER_CODES, SEGMENT_IDS } from './types';
import type { Arm, AutomaticChangeReason, CommandLevel, DrmItem, Itemised, OrderCode, SegmentId } from './types';

// ---------------------------------------------------------------------------------------------
// Rule citations (the revision's own headings)
// ---------------------------------------------------------------------------------------------

const ORDERS_TABLE = 'Rev. Orders Table';
const ORDERS_SEGMENT = 'Rev. Orders Segment';
const COMMANDS_AND_ORDERS = 'Rev. Commands and Orders';
const AUTOMATIC_ATTEMPTS = 'Rev. Automatic Order Change Attempts';
const NON_AUTOMATIC_ATTEMPTS = 'Rev. Non-Automatic Order Change Attempts';
const ATTEMPT_PROCEDURE = 'Rev. Order Change Attempt Procedure';
const ORDER_CHANGE_DRMS = 'Rev. Order Change DRMs';
/** The Order Change DRMs that hang on a map fact the players state: each superior in range, each point of a superior's rating used, the leader adjacent to an enemy unit. */
export const ORDER_CHANGE_FACT_DRMS = { superiorInRange: -1, perSuperiorRatingPoint: -1, adjacentToEnemy: 1 } as const;
export const ORDER_CHANGE_DRMS_RULE = ORDER_CHANGE_DRMS;
export const ORDERS_TABLE_RULE = ORDERS_TABLE;
const OUT_OF_COMMAND_UNITS = 'Rev. Out-of-Command Units';
const INEFFECTIVE_AND_SHATTERED = 'Rev. Ineffective Commands and Shattered ("Collapsed") Units';
const COMMANDERS_INITIATIVE = "Rev. Commander's Initiative";
const WARREN = 'Rev. Warren';

// ---------------------------------------------------------------------------------------------
// Shared small types and validation used by the command modules (orders, initiative, activation,
// attachment, sequence)
// ---------------------------------------------------------------------------------------------

/** A yes/no answer from the rules: when no, the reason a player reads and the rule it comes from. */
export type CommandCheck<T extends object = object> = ({ ok: true } & T) | { ok: false; reason: string; rule: string };

/** Leader ratings (Efficiency/Activation) are printed 0-9 on the counters. */
export function assertLeaderRating(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 9) {
    throw new RulesArgumentError(argument, `must be a leader rating, a whole number from 0 to 9 (got ${String(value)})`);
  }
}

function assertArray(argument: string, value: unknown): asserts value is unknown[] {
  if (!Array.isArray(value)) throw new RulesArgumentError(argument, `must be a list (got ${String(value)})`);
}

function assertId(argument: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new RulesArgumentError(argument, `must be a non-empty id string (got ${String(value)})`);
  }
}

/** Game dates are ISO days of the battle, e.g. 1863-07-02. */
function assertGameDate(argument: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new RulesArgumentError(argument, `must be a date written YYYY-MM-DD, e.g. 1863-07-02 (got ${String(value)})`);
  }
}

// ---------------------------------------------------------------------------------------------
// The Orders Table
// ---------------------------------------------------------------------------------------------

/** The table's AUTO ORDR CHNG ATMPT? column, typed. */
export type AutomaticChangeColumn =
  | { kind: 'no' }
  | { kind: 'yes' }
  | { kind: 'to-orders'; orders: readonly OrderCode[] }
  | { kind: 'with-rsm-marker' };

/** One row of the Orders Table. The fields up to orderChangeDrm are the fixed public API. */
export interface OrderDefinition {
  name: string;
  /** MUST ATTEMPT ME ACTIVATION? ("ME Orders"). */
  meRequired: boolean;
  /** MAY ENTER EZOC? */
  mayEnterEnemyZoc: boolean;
  /** FIRE CMBT DRM, ATKR and DFDR columns. */
  fireDrm: { attacker: number; defender: number };
  /** SHCK CMBT DRM, ATKR and DFDR columns; null is the table's N/A (the order may not shock). */
  shockDrm: { attacker: number | null; defender: number };
  /** ORDR CHNG DRM. MRCH's "(-2 with RSM)" is orderChangeDrmWithRsm, applied by orderChangeDrm(). */
  orderChangeDrm: number;
  code: OrderCode;
  orderChangeDrmWithRsm: number | null;
  /** AUTO ORDR CHNG ATMPT? as printed. */
  autoChangeText: string;
  autoChange: AutomaticChangeColumn;
  /** ACTIONS & RESTRICTIONS, one line each as printed (without the leading dashes): the words players read. */
  actions: readonly string[];
  /** What those lines decide, as flags the rules read: a fix to the printed words cannot change a rule. */
  may: OrderPermissions;
  /** Arms that may hold the order ("Infantry and Cavalry only", "Artillery only"). */
  armsAllowed: readonly Arm[];
  /** Arms for which this is the Default Order. */
  defaultFor: readonly Arm[];
  rule: string;
}

/** The ACTIONS & RESTRICTIONS lines the rules act on, one flag each. */
export interface OrderPermissions {
  /** false: "No Phasing Fire; Reaction Fire only". */
  phasingFire: boolean;
  /** false: "No Strategic Movement". */
  strategicMovement: boolean;
  /** "One hex movement only". */
  oneHexMovementOnly: boolean;
  /** "Can Construct Breastworks if ME". */
  constructBreastworksIfMe: boolean;
  /** "Can Recover Fatigue". */
  recoverFatigue: boolean;
  /** "Can Recover Stragglers". */
  recoverStragglers: boolean;
}

const permissions = (p: Partial<OrderPermissions>): OrderPermissions => ({
  phasingFire: true,
  strategicMovement: true,
  oneHexMovementOnly: false,
  constructBreastworksIfMe: false,
  recoverFatigue: false,
  recoverStragglers: false,
  ...p,
});

/** The Orders Table at the end of the revision, all eight orders and every column (Rev. Orders Table). */
export const ORDERS: Readonly<Record<OrderCode, OrderDefinition>> = {
  ASLT: {
    name: 'Assault',
    meRequired: true,
    mayEnterEnemyZoc: true,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: 1, defender: -1 },
    orderChangeDrm: 2,
    code: 'ASLT',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Infantry and Cavalry only',
      'Must Advance and Shock as per 4.7',
      'No voluntary movement away from enemy',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  SUPT: {
    name: 'Support',
    meRequired: true,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: 0, defender: 0 },
    orderChangeDrm: 1,
    code: 'SUPT',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'Yes, to ASLT or SKPD',
    autoChange: { kind: 'to-orders', orders: ['ASLT', 'SKPD'] },
    actions: [
      'Must have an adjacent or neighboring command with ASLT/SKPD orders before receiving',
      'No voluntary movement away from enemy',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  MRCH: {
    name: 'March',
    meRequired: true,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: -1, defender: 1 },
    shockDrm: { attacker: -1, defender: 1 },
    orderChangeDrm: 1,
    code: 'MRCH',
    orderChangeDrmWithRsm: -2,
    autoChangeText: 'Yes, if has RSM marker',
    autoChange: { kind: 'with-rsm-marker' },
    actions: [
      'Must expend all available MPs moving away from starting hex',
      'No Tactical Movement',
      'Must remain at least 5 hexes distance from enemy in LOS',
      'No Phasing Fire; Reaction Fire only',
    ],
    may: permissions({ phasingFire: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  BOMB: {
    name: 'Bombard',
    meRequired: true,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: null, defender: 0 },
    orderChangeDrm: 0,
    code: 'BOMB',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: ['Artillery only', 'Barrage (Cannonade) as per 8.2.4'],
    may: permissions({}),
    armsAllowed: ['artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  SKPD: {
    name: 'Skirmish/Probe/Delay',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: -1, defender: 1 },
    orderChangeDrm: 0,
    code: 'SKPD',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Default order for Cavalry',
      'Must remain minimum distance from enemy in LOS: 4 hexes from artillery, 3 hexes from infantry, 2 hexes from dismounted cavalry',
      'Must fire if possible',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: ['cavalry'],
    rule: ORDERS_TABLE,
  },
  HOLD: {
    name: 'Hold',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 1, defender: 0 },
    shockDrm: { attacker: 0, defender: -1 },
    orderChangeDrm: -1,
    code: 'HOLD',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Default order for Infantry',
      'One hex movement only',
      'No Strategic Movement',
      'Can Construct Breastworks if ME',
      'Can Recover Fatigue',
      'Can Recover Stragglers',
    ],
    may: permissions({ strategicMovement: false, oneHexMovementOnly: true, constructBreastworksIfMe: true, recoverFatigue: true, recoverStragglers: true }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: ['infantry'],
    rule: ORDERS_TABLE,
  },
  RSRV: {
    name: 'Reserve',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: -1, defender: 1 },
    shockDrm: { attacker: -1, defender: 1 },
    orderChangeDrm: -2,
    code: 'RSRV',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'Yes',
    autoChange: { kind: 'yes' },
    actions: [
      'Must be out of LOS of enemy before receiving RSRV order',
      'No Phasing Fire; Reaction Fire only',
      'RE activation only',
      'Can Recover Fatigue',
      'Can Recover Stragglers',
    ],
    may: permissions({ phasingFire: false, recoverFatigue: true, recoverStragglers: true }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  WDRW: {
    name: 'Withdraw',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: -1, defender: 1 },
    shockDrm: { attacker: null, defender: 1 },
    orderChangeDrm: 1,
    code: 'WDRW',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Default order for Artillery',
      'Must move away from visible enemy minimum 2 hexes if possible, as per 9.4.2',
      'No Shock attacks',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: ['artillery'],
    rule: ORDERS_TABLE,
  },
};
/** "RE Orders": all the others (Rev. Orders Types). */
export const RE_ORDERS: readonly OrderCode[] = ORDER_CODES.filter((code) => !ORDERS[code].meRequired);

/** Commands entering as reinforcements always have March orders with a RSM marker (Rev. Orders Segment). */
export const REINFORCEMENT_ENTRY_ORDERS = { order: 'MRCH', hasRsm: true, rule: ORDERS_SEGMENT } as const;

// ---------------------------------------------------------------------------------------------
// Default orders
// ---------------------------------------------------------------------------------------------

/** The Default Order of an arm: infantry HOLD, cavalry SKPD, artillery WDRW (Rev. Orders Table). */
export function defaultOrder(arm: Arm): OrderCode {
  assertOneOf('arm', arm, ARMS);
  switch (arm) {
    case 'infantry':
      return 'HOLD';
    case 'cavalry':
      return 'SKPD';
    case 'artillery':
      return 'WDRW';
  }
}

/** A unit or command as far as its Default Order goes. Horse artillery and sharpshooters choose. */
export interface DefaultOrderSubject {
  arm: Arm;
  horseArtillery?: boolean;
  sharpshooters?: boolean;
}

function assertDefaultOrderSubject(argument: string, subject: DefaultOrderSubject): void {
  if (typeof subject !== 'object' || subject === null) {
    throw new RulesArgumentError(argument, 'must be an object { arm, horseArtillery?, sharpshooters? }');
  }
  assertOneOf(`${argument}.arm`, subject.arm, ARMS);
  if (subject.horseArtillery !== undefined) assertBoolean(`${argument}.horseArtillery`, subject.horseArtillery);
  if (subject.sharpshooters !== undefined) assertBoolean(`${argument}.sharpshooters`, subject.sharpshooters);
  if (subject.horseArtillery === true && subject.arm !== 'artillery') {
    throw new RulesArgumentError(`${argument}.horseArtillery`, `may be true only for arm artillery (got arm ${subject.arm})`);
  }
}

/**
 * The orders a unit may take as its Default Order: its arm's default, or for horse artillery and
 * sharpshooters any RE Order (Rev. Orders Types). The arm's own default comes first.
 */
export function defaultOrderChoices(subject: DefaultOrderSubject): OrderCode[] {
  assertDefaultOrderSubject('subject', subject);
  const armDefault = defaultOrder(subject.arm);
  if (subject.horseArtillery === true || subject.sharpshooters === true) {
    return [armDefault, ...RE_ORDERS.filter((code) => code !== armDefault)];
  }
  return [armDefault];
}

/** Why a unit or command is put on its Default Order at once. */
export type DefaultOrderCause = 'ineffective' | 'shattered' | 'out-of-command';
const DEFAULT_ORDER_CAUSES: readonly DefaultOrderCause[] = ['ineffective', 'shattered', 'out-of-command'];

/**
 * The Default Order an ineffective command, a shattered unit or an out-of-command unit switches to
 * at once. `choice` is the player's pick for horse artillery and sharpshooters (any RE Order);
 * without it the arm's default is used. RI-C14.
 */
export function switchToDefaultOrder(
  subject: DefaultOrderSubject,
  cause: DefaultOrderCause,
  choice?: OrderCode,
): { order: OrderCode; cause: DefaultOrderCause; rule: string } {
  assertOneOf('cause', cause, DEFAULT_ORDER_CAUSES);
  const choices = defaultOrderChoices(subject);
  let order = choices[0] ?? defaultOrder(subject.arm);
  if (choice !== undefined) {
    assertOneOf('choice', choice, choices);
    order = choice;
  }
  return { order, cause, rule: cause === 'out-of-command' ? OUT_OF_COMMAND_UNITS : INEFFECTIVE_AND_SHATTERED };
}

/**
 * The order a unit acts under: its command's order while in command, its Default Order while out
 * of command ("When they come in command, they are subject to the same orders as the other units").
 */
export function unitOrder(i: {
  unit: DefaultOrderSubject;
  commandOrder: OrderCode;
  inCommand: boolean;
  defaultChoice?: OrderCode;
}): { order: OrderCode; source: 'command' | 'out-of-command-default'; rule: string } {
  assertOneOf('commandOrder', i.commandOrder, ORDER_CODES);
  assertBoolean('inCommand', i.inCommand);
  if (i.inCommand) {
    assertDefaultOrderSubject('unit', i.unit);
    return { order: i.commandOrder, source: 'command', rule: OUT_OF_COMMAND_UNITS };
  }
  const { order } = switchToDefaultOrder(i.unit, 'out-of-command', i.defaultChoice);
  return { order, source: 'out-of-command-default', rule: OUT_OF_COMMAND_UNITS };
}

// ---------------------------------------------------------------------------------------------
// Issuing an order
// ---------------------------------------------------------------------------------------------

/** What the rules need to know about a command or unit before it receives an order. */
export interface OrderIssueTarget {
  arm: Arm;
  /** The command is Ineffective. */
  ineffective: boolean;
  /** The unit is Shattered ("Collapsed"). */
  shattered: boolean;
  /** An adjacent or neighbouring command has ASLT or SKPD orders (needed before receiving SUPT). */
  neighbourHasAssaultOrSkirmishOrders: boolean;
  /** The command is in the LOS of the enemy (it must be out of it before receiving RSRV). */
  inEnemyLos: boolean;
}

function assertIssueTarget(target: OrderIssueTarget): void {
  if (typeof target !== 'object' || target === null) {
    throw new RulesArgumentError('target', 'must be an object { arm, ineffective, shattered, neighbourHasAssaultOrSkirmishOrders, inEnemyLos }');
  }
  assertOneOf('target.arm', target.arm, ARMS);
  assertBoolean('target.ineffective', target.ineffective);
  assertBoolean('target.shattered', target.shattered);
  assertBoolean('target.neighbourHasAssaultOrSkirmishOrders', target.neighbourHasAssaultOrSkirmishOrders);
  assertBoolean('target.inEnemyLos', target.inEnemyLos);
}

/**
 * May this order be issued to this command or unit? Ineffective commands and shattered units take
 * only RE Orders; ASLT is for infantry and cavalry, BOMB for artillery; SUPT needs a neighbour with
 * ASLT/SKPD orders; RSRV needs the command out of enemy LOS.
 */
export function canIssueOrder(order: OrderCode, target: OrderIssueTarget): CommandCheck {
  assertOneOf('order', order, ORDER_CODES);
  assertIssueTarget(target);
  const row = ORDERS[order];
  if (row.meRequired && target.ineffective) {
    return { ok: false, reason: `An Ineffective command cannot be issued ${order}, an ME-required order; only RE orders`, rule: INEFFECTIVE_AND_SHATTERED };
  }
  if (row.meRequired && target.shattered) {
    return { ok: false, reason: `A Shattered unit cannot be issued ${order}, an ME-required order; only RE orders`, rule: INEFFECTIVE_AND_SHATTERED };
  }
  if (!row.armsAllowed.includes(target.arm)) {
    return { ok: false, reason: `${order} is for ${row.armsAllowed.join(' and ')} only, not ${target.arm}`, rule: ORDERS_TABLE };
  }
  if (order === 'SUPT' && !target.neighbourHasAssaultOrSkirmishOrders) {
    return { ok: false, reason: 'SUPT needs an adjacent or neighbouring command with ASLT or SKPD orders before it is received', rule: ORDERS_TABLE };
  }
  if (order === 'RSRV' && target.inEnemyLos) {
    return { ok: false, reason: 'RSRV may be received only out of the enemy\'s LOS', rule: ORDERS_TABLE };
  }
  return { ok: true };
}

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

// ---------------------------------------------------------------------------------------------
// The command tree: standing orders and orders flowing downhill
// ---------------------------------------------------------------------------------------------

/** A command (or unit) in the chain of command; parentId null at the top. */
export interface CommandNode {
  id: string;
  parentId: string | null;
}

/**
 * The commands whose standing orders give an order change attempt its Orders Table DRM (RI-S09): by default
 * the command and every command under it; under the house reading "its own order only", the command alone.
 * The caller keeps those on the map and passes their orders to orderChangeDrm.
 */
export function commandsBehindOrderChange(tree: readonly CommandNode[], commandId: string, reading: HouseReadingChoice<'orderChangeOrders'> = 'wholeCommand'): string[] {
  const parents = indexTree(tree);
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.orderChangeOrders);
  ancestorsFrom(parents, commandId, 'commandId');
  if (reading === 'ownOrder') return [commandId];
  const children = new Map<string, string[]>();
  for (const [id, parentId] of parents) if (parentId !== null) children.set(parentId, [...(children.get(parentId) ?? []), id]);
  const out: string[] = [];
  const walk = (id: string) => {
    out.push(id);
    for (const k of children.get(id) ?? []) walk(k);
  };
  walk(commandId);
  return out;
}

/**
 * Trees already checked and indexed. The service asks about every command of one tree in turn (the legal
 * order changes: each command, each order), so a tree is checked and indexed once, not once per question.
 * A tree is never changed once passed in (the service builds a new one per read of the commands).
 */
const indexedTrees = new WeakMap<readonly CommandNode[], Map<string, string | null>>();

function indexTree(tree: readonly CommandNode[]): Map<string, string | null> {
  const indexed = Array.isArray(tree) ? indexedTrees.get(tree) : undefined;
  if (indexed !== undefined && indexed.size === tree.length) return indexed;
  const parents = checkAndIndexTree(tree);
  indexedTrees.set(tree, parents);
  return parents;
}

function checkAndIndexTree(tree: readonly CommandNode[]): Map<string, string | null> {
  assertArray('tree', tree);
  const parents = new Map<string, string | null>();
  tree.forEach((node, index) => {
    assertId(`tree[${index}].id`, node?.id);
    if (node.parentId !== null) assertId(`tree[${index}].parentId`, node.parentId);
    if (parents.has(node.id)) throw new RulesArgumentError(`tree[${index}].id`, `must be unique (${node.id} appears twice)`);
    parents.set(node.id, node.parentId);
  });
  tree.forEach((node, index) => {
    if (node.parentId !== null && !parents.has(node.parentId)) {
      throw new RulesArgumentError(`tree[${index}].parentId`, `must be the id of a command in the tree (got ${node.parentId})`);
    }
  });
  return parents;
}

function ancestorsFrom(parents: Map<string, string | null>, commandId: string, argument: string): string[] {
  assertId(argument, commandId);
  if (!parents.has(commandId)) throw new RulesArgumentError(argument, `must be the id of a command in the tree (got ${commandId})`);
  const ancestors: string[] = [];
  let current = parents.get(commandId) ?? null;
  while (current !== null) {
    if (current === commandId || ancestors.includes(current)) {
      throw new RulesArgumentError('tree', `must not contain a cycle (found one through ${current})`);
    }
    ancestors.push(current);
    current = parents.get(current) ?? null;
  }
  return ancestors;
}

/** The superiors of a command, nearest first, up to the top of the tree. */
export function commandAncestors(tree: readonly CommandNode[], commandId: string): string[] {
  return ancestorsFrom(indexTree(tree), commandId, 'commandId');
}

/**
 * The order a command is under: its own Orders counter, or else the one under its nearest superior's
 * ("Subordinate officers without an Orders counter are considered to have the orders under their
 * superior's counter"). Every command must have an order at all times, so a chain with none throws.
 */
export function standingOrder(
  tree: readonly CommandNode[],
  ordersByCommand: Readonly<Record<string, OrderCode>>,
  commandId: string,
): { order: OrderCode; fromCommandId: string; inherited: boolean; rule: string } {
  const parents = indexTree(tree);
  const chain = [commandId, ...ancestorsFrom(parents, commandId, 'commandId')];
  for (const [key, order] of Object.entries(ordersByCommand)) assertOneOf(`ordersByCommand.${key}`, order, ORDER_CODES);
  for (const id of chain) {
    const order = Object.prototype.hasOwnProperty.call(ordersByCommand, id) ? ordersByCommand[id] : undefined;
    if (order !== undefined) return { order, fromCommandId: id, inherited: id !== commandId, rule: ORDERS_SEGMENT };
  }
  throw new RulesArgumentError('ordersByCommand', `must give an order to ${commandId} or one of its superiors: all commands must have an order at all times`);
}

/**
 * standingOrder for every command of the tree at once: the tree indexed and the orders checked once,
 * each command's chain walked once (the roster and the turn state need them all, for hundreds of
 * commands). Same answers and the same refusals as standingOrder command by command.
 */
export function standingOrders(
  tree: readonly CommandNode[],
  ordersByCommand: Readonly<Record<string, OrderCode>>,
): Map<string, { order: OrderCode; fromCommandId: string; inherited: boolean; rule: string }> {
  const parents = indexTree(tree);
  for (const [key, order] of Object.entries(ordersByCommand)) assertOneOf(`ordersByCommand.${key}`, order, ORDER_CODES);
  const out = new Map<string, { order: OrderCode; fromCommandId: string; inherited: boolean; rule: string }>();
  for (const node of tree) {
    const chain = [node.id, ...ancestorsFrom(parents, node.id, 'commandId')];
    const from = chain.find((id) => Object.prototype.hasOwnProperty.call(ordersByCommand, id) && ordersByCommand[id] !== undefined);
    if (from === undefined) throw new RulesArgumentError('ordersByCommand', `must give an order to ${node.id} or one of its superiors: all commands must have an order at all times`);
    out.set(node.id, { order: ordersByCommand[from]!, fromCommandId: from, inherited: from !== node.id, rule: ORDERS_SEGMENT });
  }
  return out;
}

/**
 * Orders flow downhill: once a command's order change attempt has failed this turn, none of its
 * subordinate commands may attempt one (RI-C06). A successful attempt bars nothing.
 */
export function mayAttemptOrderChange(tree: readonly CommandNode[], failedCommandIds: readonly string[], commandId: string): CommandCheck {
  const parents = indexTree(tree);
  assertArray('failedCommandIds', failedCommandIds);
  failedCommandIds.forEach((id, index) => {
    assertId(`failedCommandIds[${index}]`, id);
    if (!parents.has(id)) throw new RulesArgumentError(`failedCommandIds[${index}]`, `must be the id of a command in the tree (got ${id})`);
  });
  const failed = new Set(failedCommandIds);
  const barredBy = ancestorsFrom(parents, commandId, 'commandId').find((id) => failed.has(id));
  if (barredBy !== undefined) {
    return { ok: false, reason: `The order change for ${barredBy} failed this turn; its subordinate commands may not attempt their own`, rule: COMMANDS_AND_ORDERS };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Warren
// ---------------------------------------------------------------------------------------------

/** Warren is on the map and usable, or removed after his use on a given day. */
export type WarrenStatus = { available: true } | { available: false; usedOnDate: string };

/**
 * Warren changes orders automatically (no roll, RI-C17) for every brigade leader stacked with or
 * adjacent to him. That is his one use of the day: he is removed, to return the first turn of the next.
 */
export function warrenOrderChange(i: {
  warren: WarrenStatus;
  date: string;
  brigadeLeaders: { id: string; hexesFromWarren: number }[];
}): CommandCheck<{ brigadeLeaderIds: string[]; warrenAfter: WarrenStatus; rule: string }> {
  assertBoolean('warren.available', i.warren?.available);
  assertGameDate('date', i.date);
  assertArray('brigadeLeaders', i.brigadeLeaders);
  i.brigadeLeaders.forEach((leader, index) => {
    assertId(`brigadeLeaders[${index}].id`, leader?.id);
    assertNonNegativeInteger(`brigadeLeaders[${index}].hexesFromWarren`, leader.hexesFromWarren);
  });
  if (!i.warren.available) {
    return { ok: false, reason: `Warren was used on ${i.warren.usedOnDate} and is off the map until the first turn of the next day`, rule: WARREN };
  }
  const brigadeLeaderIds = i.brigadeLeaders.filter((leader) => leader.hexesFromWarren <= 1).map((leader) => leader.id);
  if (brigadeLeaderIds.length === 0) {
    return { ok: false, reason: 'No brigade leader is stacked with or adjacent to Warren', rule: WARREN };
  }
  return { ok: true, brigadeLeaderIds, warrenAfter: warrenUsed(i.date), rule: WARREN };
}

/** Warren after any use ("he can be used in any way only once per day -- remove him after use"). */
export function warrenUsed(date: string): WarrenStatus {
  assertGameDate('date', date);
  return { available: false, usedOnDate: date };
}

/**
 * Warren's status at the start of a turn: once removed he returns (anywhere) on the first turn of the
 * next day, i.e. the first turn whose date is later than the day he was used.
 */
export function warrenAtTurnStart(warren: WarrenStatus, turnDate: string): WarrenStatus {
  assertBoolean('warren.available', warren?.available);
  assertGameDate('turnDate', turnDate);
  if (warren.available) return warren;
  return turnDate > warren.usedOnDate ? { available: true } : warren;
}
