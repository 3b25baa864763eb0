/**
 * Optional rule: messengers, from "Fields of Blue & Grey" ("Messengers" and "New Orders";
 * shared/rules/related/fields-of-blue-and-grey.txt), fitted to the revision's Orders Segment.
 *
 * An order change does not take effect at once: a messenger carries it from the commander who sends it
 * to the leader of the command, for the turns the distance in hexes gives (the players state the
 * distance), and the change takes effect in a later Orders Segment (RI-O15, RI-O16). Pending messages
 * are listed per side. Pure functions over plain data; turns are counted by their index on the game's
 * time track (0 = the first turn).
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf, assertPositiveInteger, RulesArgumentError } from '../errors';
import { ORDER_CODES, SIDES } from '../types';
import type { OrderCode, Side } from '../types';

/** Citations of Fields of Blue & Grey, by heading. */
export const MESSENGER_RULES = {
  messengers: 'Fields of Blue & Grey, Messengers',
  newOrders: 'Fields of Blue & Grey, New Orders',
  ordersPhase: 'Fields of Blue & Grey, Orders Phase',
  scale: 'Fields of Blue & Grey, Introduction (ground scale)',
} as const;
const R = MESSENGER_RULES;

/**
 * The numbers the travel time comes from (RI-O15): "Messenger figures move 3d6 inches per turn"; on
 * average 3d6 is 10.5; "Ground scale is 1 inch = approx 50 yards"; a 3DoG hex is 125 yards. So a
 * messenger rides 525 yards, 4.2 hexes, a turn: 21 hexes every 5 turns.
 */
export const MESSENGER_SCALE = {
  averageInchesPerTurn: 10.5,
  yardsPerInch: 50,
  yardsPerHex: 125,
  /** Hexes per turn as an exact fraction: 10.5 × 50 / 125 = 21 / 5. */
  hexesPerTurn: { numerator: 21, denominator: 5 },
  rule: R.messengers,
} as const;

/**
 * The turns a messenger takes over `distanceHexes` (RI-O15): ceil(distance ÷ 4.2), in exact whole-number
 * arithmetic; 0 hexes (the sender stacked with the leader: "a higher ranking officer in base contact
 * with the brigadier") is 0 turns, the change is made at once.
 */
export function messengerTurns(distanceHexes: number): number {
  assertNonNegativeInteger('distanceHexes', distanceHexes);
  const { numerator, denominator } = MESSENGER_SCALE.hexesPerTurn;
  const scaled = distanceHexes * denominator;
  return (scaled - (scaled % numerator)) / numerator + (scaled % numerator > 0 ? 1 : 0);
}

/** One row of the messenger table: a messenger takes `turns` over `fromHexes` to `toHexes`. */
export interface MessengerTableRow {
  turns: number;
  fromHexes: number;
  toHexes: number;
}

/** The messenger table for 1 to `maxTurns` turns (RI-O15): 1-4 hexes 1 turn, 5-8 2 turns, 9-12 3 turns, 13-16 4, 17-21 5, ... */
export function messengerTable(maxTurns = 10): MessengerTableRow[] {
  assertPositiveInteger('maxTurns', maxTurns);
  const { numerator, denominator } = MESSENGER_SCALE.hexesPerTurn;
  const rows: MessengerTableRow[] = [];
  let from = 1;
  for (let turns = 1; turns <= maxTurns; turns += 1) {
    const to = Math.floor((turns * numerator) / denominator);
    rows.push({ turns, fromHexes: from, toHexes: to });
    from = to + 1;
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// How an order change is carried (RI-O16)
// ---------------------------------------------------------------------------------------------

/** How an order came to change. */
export type OrderChangeKind = 'order-change-attempt' | 'commanders-initiative' | 'warren' | 'default-order';
const ORDER_CHANGE_KINDS: readonly OrderChangeKind[] = ['order-change-attempt', 'commanders-initiative', 'warren', 'default-order'];

/**
 * Does this change travel by messenger (RI-O16)? A change won by an order change attempt, automatic or
 * not, does; Commander's Initiative and Warren are the officer in person ("a higher ranking officer in
 * base contact"), and a Default Order imposed on an ineffective command, a shattered unit or an
 * out-of-command unit is no new order sent at all: these take effect at once.
 */
export function orderChangeTravels(kind: OrderChangeKind): { travels: boolean; reason: string; rule: string } {
  assertOneOf('kind', kind, ORDER_CHANGE_KINDS);
  switch (kind) {
    case 'order-change-attempt':
      return { travels: true, reason: 'New orders are sent by messenger', rule: R.ordersPhase };
    case 'commanders-initiative':
      return { travels: false, reason: "The superior is stacked with the units: Commander's Initiative is in person", rule: R.ordersPhase };
    case 'warren':
      return { travels: false, reason: 'Warren changes the orders in person, stacked with or adjacent to the brigade leader', rule: R.ordersPhase };
    case 'default-order':
      return { travels: false, reason: 'A Default Order imposed by the rules is not sent: it takes effect at once', rule: 'Rev. Ineffective Commands and Shattered ("Collapsed") Units' };
  }
}

/** A new order on its way. */
export interface OrderMessage {
  id: string;
  side: Side;
  /** The command whose orders change. */
  commandId: string;
  order: OrderCode;
  /** The turn (index on the time track) whose Orders Segment sent it. */
  sentTurnIndex: number;
  /** Hexes from the sending commander to the command's leader, as the players state it. */
  distanceHexes: number;
  /** The turn whose Orders Segment it arrives in: sentTurnIndex + messengerTurns(distanceHexes). */
  arrivesTurnIndex: number;
  /** Overrun by enemy troops: the enemy has seen the order, and it never arrives. */
  overrun: boolean;
}

/** A message sent in this turn's Orders Segment (RI-O16): it arrives messengerTurns(distance) turns later. */
export function sendOrderMessage(i: { id: string; side: Side; commandId: string; order: OrderCode; sentTurnIndex: number; distanceHexes: number }): OrderMessage {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { id, side, commandId, order, sentTurnIndex, distanceHexes }');
  if (typeof i.id !== 'string' || i.id.length === 0) throw new RulesArgumentError('id', 'must be a non-empty id string');
  assertOneOf('side', i.side, SIDES);
  if (typeof i.commandId !== 'string' || i.commandId.length === 0) throw new RulesArgumentError('commandId', 'must be a non-empty id string');
  assertOneOf('order', i.order, ORDER_CODES);
  assertNonNegativeInteger('sentTurnIndex', i.sentTurnIndex);
  const turns = messengerTurns(i.distanceHexes);
  return {
    id: i.id,
    side: i.side,
    commandId: i.commandId,
    order: i.order,
    sentTurnIndex: i.sentTurnIndex,
    distanceHexes: i.distanceHexes,
    arrivesTurnIndex: i.sentTurnIndex + turns,
    overrun: false,
  };
}

function assertMessage(argument: string, m: OrderMessage): void {
  if (typeof m !== 'object' || m === null) throw new RulesArgumentError(argument, 'must be an order message');
  if (typeof m.id !== 'string' || m.id.length === 0) throw new RulesArgumentError(`${argument}.id`, 'must be a non-empty id string');
  assertOneOf(`${argument}.side`, m.side, SIDES);
  if (typeof m.commandId !== 'string' || m.commandId.length === 0) throw new RulesArgumentError(`${argument}.commandId`, 'must be a non-empty id string');
  assertOneOf(`${argument}.order`, m.order, ORDER_CODES);
  assertNonNegativeInteger(`${argument}.sentTurnIndex`, m.sentTurnIndex);
  assertNonNegativeInteger(`${argument}.distanceHexes`, m.distanceHexes);
  assertNonNegativeInteger(`${argument}.arrivesTurnIndex`, m.arrivesTurnIndex);
  if (m.arrivesTurnIndex < m.sentTurnIndex) throw new RulesArgumentError(`${argument}.arrivesTurnIndex`, 'must not be before sentTurnIndex');
  assertBoolean(`${argument}.overrun`, m.overrun);
}

function assertMessages(messages: OrderMessage[]): void {
  if (!Array.isArray(messages)) throw new RulesArgumentError('messages', 'must be a list of order messages');
  messages.forEach((m, index) => assertMessage(`messages[${index}]`, m));
}

const bySending = (a: OrderMessage, b: OrderMessage) => a.sentTurnIndex - b.sentTurnIndex || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The messages that arrive in the Orders Segment of turn `turnIndex` (not overrun), both sides, in the
 * order they were sent. When several reach one command together, the one sent last stands and the
 * others are superseded (RI-O16).
 */
export function messagesArriving(messages: OrderMessage[], turnIndex: number): { arriving: OrderMessage[]; standing: OrderMessage[]; superseded: OrderMessage[]; rule: string } {
  assertMessages(messages);
  assertNonNegativeInteger('turnIndex', turnIndex);
  const arriving = messages.filter((m) => !m.overrun && m.arrivesTurnIndex === turnIndex).sort(bySending);
  const last = new Map<string, OrderMessage>();
  for (const m of arriving) last.set(`${m.side}:${m.commandId}`, m);
  const standing = arriving.filter((m) => last.get(`${m.side}:${m.commandId}`) === m);
  const superseded = arriving.filter((m) => last.get(`${m.side}:${m.commandId}`) !== m);
  return { arriving, standing, superseded, rule: R.newOrders };
}
