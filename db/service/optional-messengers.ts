/**
 * The Messengers optional rule. With the rule on, an
 * order change won by an order change attempt does not take effect at once: a messenger carries it from
 * the commander the command answers to, for messengerTurns(distance) turns, and it takes effect at the
 * start of the Orders Segment of its arrival turn (RI-O15, RI-O16). The message is kept in the command's
 * row of side secrets (concealment.message_*, db/migrations/0009-messengers.ts), changed by the attempt's
 * event, so undo takes it back; only its own side's queries read it, and the attempt's event stays out of
 * the other side's history and dice log while the message is on its way (db/service/optional-messengers-secrets.ts).
 * Without the rule nothing here changes anything: attempts change the orders at once, as the revision says.
 */
import { canIssueOrder } from '../../rules/orders';
import { MESSENGER_RULES, messagesArriving, messengerTable, messengerTurns, orderChangeTravels, sendOrderMessage, type OrderMessage } from '../../rules/optional/messengers';
import type { OrderCode, Side } from '../../rules/types';
import type { ClockState, MessageTurn, OrderMessages, OrderMessageView, Viewer } from '../../contract';
import { invalid } from '../errors';
import type { ChangeSet } from '../events';
import { readClock, readCommand, readCommands, readConcealment, readConcealmentOf, readLeaders, readTurns, type CommandRow, type ConcealmentRow, type TurnRow } from '../store';
import { askRules } from '../validate';
import { commandArm } from './common';
import type { GameContext, ServiceFunctions } from './game-context';
import { registerRuleModule } from './rule-seam';
import { messagesInFlightFrom, sealedMessagesOnTheWay } from './optional-messengers-secrets';
import { readOptionalRules } from './game-options';

/** RI-O53: the distance offered for a command with none stated before: one turn's ride, the table's first row. */
export const FIRST_RIDE_HEXES = messengerTable(1)[0]!.toHexes;

/** The table's rows: 48 turns' rides reach 201 hexes, past the longest distance an attempt takes (200). */
const MAX_TABLE_TURNS = 48;

export function messengersInForce(ctx: GameContext): boolean {
  return readOptionalRules(ctx.db).messengers;
}

/** RI-O51: the sender is the leader of the command this one answers to; the army's own command answers to nobody. */
export function messageSender(ctx: GameContext, c: CommandRow): string | null {
  const superiorId = c.attached_to ?? c.parent_id;
  if (superiorId === null) return null;
  const superior = readCommand(ctx.db, superiorId);
  const leader = superior?.leader_id ? readLeaders(ctx.db).find((l) => l.id === superior.leader_id) : undefined;
  return leader?.name ?? superior?.name ?? superiorId;
}

/** How an attempt's success is carried, checked before the die is rolled: null when it takes effect at once. */
export interface MessengerPlan {
  from: string;
  distance: number;
}

/**
 * The distance an attempt states, checked against the game's rules before the roll: refused without the
 * rule, required with it (RI-O16) unless the command answers to nobody (RI-O51). A 0 is the sender stacked
 * with the leader (RI-O15): no messenger, the change is made at once.
 */
export function planMessage(ctx: GameContext, c: CommandRow, distance: number | undefined): MessengerPlan | null {
  const on = messengersInForce(ctx);
  if (!on) {
    if (distance !== undefined) throw invalid('messengerDistance', 'this game was created without the Messengers optional rule: order changes take effect at once, no distance is stated', 'Rev. Order Change Attempt Procedure');
    return null;
  }
  const travels = askRules(() => orderChangeTravels('order-change-attempt'));
  const from = messageSender(ctx, c);
  if (from === null) {
    if (distance !== undefined && distance !== 0) throw invalid('messengerDistance', `${c.name} answers to nobody: its commander changes its orders himself, no messenger rides (RI-O51)`, MESSENGER_RULES.ordersPhase);
    return null;
  }
  if (distance === undefined) {
    throw invalid('messengerDistance', `${travels.reason} (Messengers): state the distance in hexes from ${from} to ${c.name}'s leader (0 if stacked with him)`, travels.rule);
  }
  if (distance === 0) return null;
  const turns = readTurns(ctx.db);
  const now = turns.find((t) => t.id === readClock(ctx.db).turn_id)!;
  const last = turns[turns.length - 1]!;
  const ride = messengerTurns(distance);
  if (now.idx + ride > last.idx) {
    throw invalid('messengerDistance', `a ride of ${distance} hexes takes ${ride} turns and would arrive after the last turn of the game (${last.date} ${last.time})`, MESSENGER_RULES.messengers);
  }
  return { from, distance };
}

function turnOf(turns: TurnRow[], id: string): MessageTurn {
  const t = turns.find((x) => x.id === id)!;
  return { turnId: t.id, date: t.date, time: t.time, turnIndex: t.idx };
}

/** A command's message as the engine sees it (rules/optional/messengers.ts OrderMessage). */
function messageOf(row: ConcealmentRow, turns: TurnRow[]): OrderMessage | null {
  if (!row.message_order || !row.message_sent_turn_id || !row.message_arrives_turn_id) return null;
  const index = (id: string) => turns.find((t) => t.id === id)!.idx;
  return {
    id: row.id,
    side: row.side,
    commandId: row.id,
    order: row.message_order,
    sentTurnIndex: index(row.message_sent_turn_id),
    distanceHexes: row.message_distance ?? 0,
    arrivesTurnIndex: index(row.message_arrives_turn_id),
    overrun: false,
  };
}

/**
 * A successful attempt's change sent by messenger (RI-O16): written into the command's row of secrets in
 * the attempt's own change set. A message already on its way to the command is replaced (RI-O50).
 */
export function sendMessage(ctx: GameContext, cs: ChangeSet, c: CommandRow, order: OrderCode, plan: MessengerPlan): { view: OrderMessageView; replaced: OrderCode | null } {
  const turns = readTurns(ctx.db);
  const clock = readClock(ctx.db);
  const sentIndex = turns.find((t) => t.id === clock.turn_id)!.idx;
  const message = askRules(() => sendOrderMessage({ id: c.id, side: c.side, commandId: c.id, order, sentTurnIndex: sentIndex, distanceHexes: plan.distance }));
  // planMessage checked that the ride ends within the game.
  const arrives = turns.find((t) => t.idx === message.arrivesTurnIndex)!;
  const row = readConcealmentOf(ctx.db, c.id)!;
  cs.set('concealment', c.id, 'message_order', row.message_order ?? null, order)
    .set('concealment', c.id, 'message_sent_turn_id', row.message_sent_turn_id ?? null, clock.turn_id)
    .set('concealment', c.id, 'message_arrives_turn_id', row.message_arrives_turn_id ?? null, arrives.id)
    .set('concealment', c.id, 'message_distance', row.message_distance ?? null, plan.distance);
  return {
    view: { commandId: c.id, commandName: c.name, side: c.side, order, from: plan.from, distanceHexes: plan.distance, turns: message.arrivesTurnIndex - sentIndex, sent: turnOf(turns, clock.turn_id), arrives: turnOf(turns, arrives.id) },
    replaced: row.message_order ?? null,
  };
}

/**
 * At the start of the Orders Segment of a turn (the clock's new turn), the messages arriving then take
 * effect (RI-O16, RI-O52): each command's order becomes the message's, unless the command has left the map
 * or may no longer be given that order. Public: the orders now stand on the map. Returns the turn bar's lines.
 */
export function messengerArrivals(ctx: GameContext, cs: ChangeSet, turnId: string): string[] {
  if (!messengersInForce(ctx)) return [];
  const turns = readTurns(ctx.db);
  const rows = readConcealment(ctx.db);
  const messages = rows.map((r) => messageOf(r, turns)).filter((m): m is OrderMessage => m !== null);
  if (messages.length === 0) return [];
  const index = turns.find((t) => t.id === turnId)!.idx;
  const { arriving, standing } = askRules(() => messagesArriving(messages, index));
  const notes: string[] = [];
  for (const m of arriving) {
    const row = rows.find((r) => r.id === m.commandId)!;
    cs.set('concealment', row.id, 'message_order', row.message_order ?? null, null)
      .set('concealment', row.id, 'message_sent_turn_id', row.message_sent_turn_id ?? null, null)
      .set('concealment', row.id, 'message_arrives_turn_id', row.message_arrives_turn_id ?? null, null);
    const what = `a messenger reaches ${readCommand(ctx.db, m.commandId)!.name} with ${m.order} orders (sent ${turnOf(turns, row.message_sent_turn_id!).time}, ${m.distanceHexes} hexes)`;
    if (!standing.includes(m)) {
      notes.push(`${what}: superseded by a later message (${MESSENGER_RULES.newOrders})`);
      continue;
    }
    notes.push(takeMessage(ctx, cs, { commandId: m.commandId, order: m.order, sentTurnId: row.message_sent_turn_id!, distanceHexes: m.distanceHexes }));
  }
  return notes;
}

/**
 * A message reaching its command (RI-O52): the command's order becomes the message's, unless the command has
 * left the map or may no longer be given that order. Changes the command in cs; returns the turn bar's line.
 * Also how a sealed message opened between two seats arrives (db/service/optional-messengers-sealed.ts).
 */
export function takeMessage(ctx: GameContext, cs: ChangeSet, m: { commandId: string; order: OrderCode; sentTurnId: string; distanceHexes: number }): string {
  const c = readCommand(ctx.db, m.commandId)!;
  const sent = turnOf(readTurns(ctx.db), m.sentTurnId);
  const what = `a messenger reaches ${c.name} with ${m.order} orders (sent ${sent.time}, ${m.distanceHexes} hexes)`;
  if (c.on_map !== 1) return `${what}: ${c.name} is no longer on the map, the orders are lost (RI-O52)`;
  const verdict = askRules(() => canIssueOrder(m.order, { arm: commandArm(c), ineffective: c.ineffective === 1, shattered: false, neighbourHasAssaultOrSkirmishOrders: true, inEnemyLos: false }));
  if (!verdict.ok) return `${what}: not taken, ${verdict.reason} (${verdict.rule}; RI-O52)`;
  const ownNow = cs.valueOf('commands', c.id, 'own_order', c.own_order) as OrderCode | null;
  cs.set('commands', c.id, 'own_order', ownNow, m.order).set('commands', c.id, 'order_expires', cs.valueOf('commands', c.id, 'order_expires', c.order_expires), 0);
  return `${what}: ${c.name} now holds ${m.order} (${MESSENGER_RULES.newOrders})`;
}

function sidesOf(viewer: Viewer | undefined): Side[] {
  return viewer === undefined ? [] : viewer === 'both' ? ['USA', 'CSA'] : [viewer];
}

/** The viewer's own messages on their way and routes, and the public count per side. */
function orderMessages(ctx: GameContext, input: { viewer?: Viewer } = {}): OrderMessages {
  const inForce = messengersInForce(ctx);
  const rule = `${MESSENGER_RULES.messengers}; ${MESSENGER_RULES.newOrders}`;
  if (!inForce) return { inForce, rule, table: [], onTheWay: { USA: 0, CSA: 0 }, messages: [], routes: [] };
  const turns = readTurns(ctx.db);
  const now = turns.find((t) => t.id === readClock(ctx.db).turn_id)!.idx;
  const table = messengerTable(MAX_TABLE_TURNS).map((row) => {
    const t = turns.find((x) => x.idx === now + row.turns);
    return { ...row, arrives: t ? turnOf(turns, t.id) : null };
  });
  const base = { inForce, rule, table };
  const rows = readConcealment(ctx.db);
  const sides = new Set(sidesOf(input.viewer));
  const commands = new Map(readCommands(ctx.db).map((c) => [c.id, c]));
  const onTheWay = { USA: 0, CSA: 0 };
  const messages: OrderMessageView[] = [];
  for (const row of rows) {
    const m = messageOf(row, turns);
    if (!m) continue;
    onTheWay[row.side] += 1;
    if (!sides.has(row.side)) continue;
    const c = commands.get(row.id)!;
    messages.push({
      commandId: c.id,
      commandName: c.name,
      side: c.side,
      order: m.order,
      from: messageSender(ctx, c) ?? c.name,
      distanceHexes: m.distanceHexes,
      turns: m.arrivesTurnIndex - m.sentTurnIndex,
      sent: turnOf(turns, row.message_sent_turn_id!),
      arrives: turnOf(turns, row.message_arrives_turn_id!),
    });
  }
  // Two seats (RI-H12): the messages on their way are sealed, counted from the log; the seat's own are in its
  // view too (db/seats/sealed-messages.ts), the other side's only in the log.
  const sealed = sealedMessagesOnTheWay(ctx.db);
  for (const side of ['USA', 'CSA'] as const) onTheWay[side] = Math.max(onTheWay[side], sealed[side]);
  messages.sort((a, b) => a.arrives.turnIndex - b.arrives.turnIndex || a.sent.turnIndex - b.sent.turnIndex || a.commandName.localeCompare(b.commandName));
  const routes = rows
    .filter((r) => sides.has(r.side) && commands.get(r.id)?.on_map === 1)
    .map((r) => ({ commandId: r.id, from: messageSender(ctx, commands.get(r.id)!), distanceHexes: r.message_distance ?? FIRST_RIDE_HEXES }));
  return { ...base, onTheWay, messages, routes };
}

registerRuleModule({
  id: 'messengers',
  name: 'Messengers (optional rule)',
  kind: 'optional-rule',
  active: (db) => readOptionalRules(db).messengers,
  // Messages arriving this turn take effect as its Orders Segment begins (RI-O16).
  onNewTurn: (ctx, cs, move) => messengerArrivals(ctx, cs, move.turnId),
  // How a success will travel, checked before the die is rolled (RI-O16); a distance is refused without the option.
  orderChange: (ctx, c, input) => {
    const plan = planMessage(ctx, c, input.messengerDistance);
    if (!messengersInForce(ctx)) return null;
    let sent: ReturnType<typeof sendMessage> | null = null;
    return {
      send: (cs, order) => {
        if (plan === null) return null;
        sent = sendMessage(ctx, cs, c, order as OrderCode, plan);
        const v = sent.view;
        return { outcome: `sent by messenger from ${v.from} (${v.distanceHexes} hexes, ${v.turns} turn${v.turns === 1 ? '' : 's'}): arrives ${v.arrives.date} ${v.arrives.time}${sent.replaced ? `, replacing the ${sent.replaced} message on its way` : ''}` };
      },
      result: () => ({ message: sent?.view ?? null }),
    };
  },
  // RI-O51: an attempt that sent a message stays the side's secret until the message arrives.
  hiddenEvents: messagesInFlightFrom,
  guide: (ctx, clock: ClockState) => {
    if (!messengersInForce(ctx) || `${clock.segment}.${clock.phase}` !== 'I.B') return clock;
    const whatHappens = `${clock.whatHappens} Messengers (optional rule): a successful order change travels by messenger for the turns its distance in hexes gives, and takes effect in the Orders Segment of its arrival turn.`;
    return { ...clock, whatHappens, rules: clock.rules.includes(MESSENGER_RULES.messengers) ? clock.rules : [...clock.rules, MESSENGER_RULES.messengers] };
  },
});

export const messengersFunctions = { orderMessages } satisfies Partial<ServiceFunctions>;
