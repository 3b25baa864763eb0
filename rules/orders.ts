/**
 * Orders (Rev. Orders Segment): default orders, who may be given which order, and Warren. The Orders Table
 * is in orders-table.ts, order changes in order-change.ts, the chain of command in command-tree.ts.
 * Pure functions over plain data.
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { ARMS, ORDER_CODES } from './types';
import type { Arm, OrderCode } from './types';
import { assertArray, assertGameDate, assertId, type CommandCheck } from './command-check';
import { ORDERS, RE_ORDERS } from './orders-table';

const ORDERS_TABLE = 'Rev. Orders Table';
const OUT_OF_COMMAND_UNITS = 'Rev. Out-of-Command Units';
const INEFFECTIVE_AND_SHATTERED = 'Rev. Ineffective Commands and Shattered ("Collapsed") Units';
const WARREN = 'Rev. Warren';

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
