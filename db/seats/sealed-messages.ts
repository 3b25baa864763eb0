/**
 * Messages on their way between two seats, at the sending seat (the Messengers option, RI-H12). At one laptop
 * an order change attempt that succeeds sends its change by messenger: the message is written into the
 * command's row of side secrets and the attempt is hidden from the other side until it arrives (RI-O51). A
 * revealed entry would carry both to the other seat's file, so between two seats:
 *
 * - the attempt is tried as any held entry (db/seats/calls.ts holdEntry); when it sends a message, the seat keeps
 *   the message and the attempt (in words, with its roll) in its own file (seat_side_secrets, kind
 *   'order-message', with a 128-bit salt), and holds in the attempt's place sealOrderMessage: which side sent a
 *   message, the rating points its superiors spent, the message it replaces, and the commitment. That is what
 *   the seat's commitment to its entries covers and what the reveal writes;
 * - as the Orders Segment of the turn a message arrives begins, the seat opens it in the open (openOrderMessage,
 *   a public event, with the attempt's die for the dice log), which the other seat checks against the
 *   commitment: the seat that moves the clock into the turn in the same transaction as the clock's move, the
 *   other as soon as it takes that move in (after the packet, or before its first entry of I.A). The chain
 *   stays one history: the first seat writes nothing more before the reveal of I.A, which waits for the
 *   second seat's commitment, and that seat commits only after its openings;
 * - the seat's own queries see its messages as if written (db/seats/calls.ts seatQuery), so its Orders screen
 *   lists them, as at one laptop.
 */
import { SealedAttemptDie, type OpenOrderMessageInput, type SealedMessage, type SealOrderMessageInput } from '../../contract';
import type { OrderCode, Side } from '../../rules/types';
import { ORDERS_SEGMENT } from '../clock';
import { forbidden } from '../errors';
import type { SqliteDatabase } from '../open';
import { sealedMessageCommitment } from '../service/optional-messengers-secrets';
import { statement } from '../statements';
import { readClock } from '../store';
import { inTransaction, type GameContext } from '../service/context';
import { stepFacts, writeBySeat, type WrittenEvent } from './calls';
import { commitmentSalt } from './keys';
import { callInputText } from './signed';
import { heldCalls, seatOf, type HeldCall, type SeatFile } from './store';

const KIND = 'order-message';
const MESSENGERS_RULE = 'Messengers (Fields of Blue and Grey)';

/** What the seat keeps of one message it sealed. */
interface KeptMessage {
  commandId: string;
  arrivesTurnId: string;
  message: Omit<SealedMessage, 'salt'>;
  replaces: string | null;
  /** The messages it replaced on their way, newest first, with their salts. */
  replaced: SealedMessage[];
}

export interface SealedMessageRow {
  commitment: string;
  side: Side;
  input: string;
  salt: string;
}

const hasTable = new WeakMap<SqliteDatabase, boolean>();

/** The local seat's messages still on their way (none in a file of an earlier schema, or played at one laptop). */
export function sealedMessageSecrets(db: SqliteDatabase): SealedMessageRow[] {
  let has = hasTable.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_side_secrets'").get() as { n: number }).n === 1;
    hasTable.set(db, has);
  }
  if (!has) return [];
  return statement(db, `SELECT commitment, side, input, salt FROM seat_side_secrets WHERE kind = '${KIND}' AND opened = 0 ORDER BY rowid`).all() as SealedMessageRow[];
}

const keptOf = (r: SealedMessageRow) => JSON.parse(r.input) as KeptMessage;

/** The seat's messages written into the command's row, for its own queries and trials only (the caller rolls them back). */
export function applySealedMessages(db: SqliteDatabase, rows: readonly SealedMessageRow[]): void {
  for (const r of rows) {
    const k = keptOf(r);
    statement(db, 'UPDATE concealment SET message_order = ?, message_sent_turn_id = ?, message_arrives_turn_id = ?, message_distance = ? WHERE id = ?').run(k.message.order, k.message.sentTurnId, k.arrivesTurnId, k.message.distanceHexes, k.commandId);
  }
}

/** The message an attempt's events sent, read from their change of the command's row; null when none was sent. */
export interface SentMessage {
  commandId: string;
  order: OrderCode;
  sentTurnId: string;
  arrivesTurnId: string;
  distanceHexes: number;
  /** The order of the message it replaced on its way, if any (RI-O50). */
  replacedOrder: string | null;
  superiors: string[];
}

type Change = { table: string; key: string; field: string; before: unknown; after: unknown };

/**
 * Read inside the trial that wrote the events: a field the attempt did not change (a message replacing one on
 * its way over the same distance, RI-O50) has no change of its own, so the message is read from the command's
 * row as the attempt left it.
 */
export function messageSentBy(db: SqliteDatabase, events: readonly WrittenEvent[]): SentMessage | null {
  const changes = events.flatMap((e) => (JSON.parse(e.payload) as { changes?: Change[] }).changes ?? []);
  const order = changes.find((c) => c.table === 'concealment' && c.field === 'message_order' && c.after !== null);
  if (!order) return null;
  const row = statement(db, 'SELECT message_sent_turn_id, message_arrives_turn_id, message_distance FROM concealment WHERE id = ?').get(order.key) as Record<string, unknown>;
  const of = (field: string) => row[field];
  const other = changes.find((c) => !(c.table === 'concealment' && c.key === order.key) && !(c.table === 'leaders' && c.field === 'points_used'));
  // A change the sealed form would not make (the sealed entry spends the superiors' points, and nothing else).
  if (other || events.length !== 1) throw forbidden('messengerDistance', 'this order change attempt changes more than its message and its superiors\' rating points: between two seats it cannot be sealed, and is refused', MESSENGERS_RULE);
  return {
    commandId: order.key,
    order: order.after as OrderCode,
    sentTurnId: of('message_sent_turn_id') as string,
    arrivesTurnId: of('message_arrives_turn_id') as string,
    distanceHexes: of('message_distance') as number,
    replacedOrder: (order.before as string | null) ?? null,
    superiors: changes.filter((c) => c.table === 'leaders' && c.field === 'points_used').map((c) => c.key),
  };
}

/** The sealed entry held in an attempt's place, and the row the seat keeps (inserted by the caller). */
export function sealMessage(db: SqliteDatabase, seat: SeatFile, call: { at: string }, sent: SentMessage, attempt: string, die: SealedAttemptDie | undefined): { call: HeldCall; keep: () => void } {
  const earlier = sent.replacedOrder === null ? undefined : [...sealedMessageSecrets(db)].reverse().find((r) => keptOf(r).commandId === sent.commandId);
  const message: Omit<SealedMessage, 'salt'> = { order: sent.order, sentTurnId: sent.sentTurnId, distanceHexes: sent.distanceHexes, attempt: attempt.slice(0, 600), ...(die ? { die } : {}) };
  const salt = commitmentSalt();
  const commitment = sealedMessageCommitment(seat.side, sent.commandId, { ...message, salt });
  const replaced = earlier ? [{ ...keptOf(earlier).message, salt: earlier.salt }, ...keptOf(earlier).replaced] : [];
  const kept: KeptMessage = { commandId: sent.commandId, arrivesTurnId: sent.arrivesTurnId, message, replaces: earlier?.commitment ?? null, replaced };
  const seal: SealOrderMessageInput = { side: seat.side, commitment, ...(sent.superiors.length > 0 ? { superiorsUsingRating: sent.superiors } : {}), ...(earlier ? { replaces: earlier.commitment } : {}) };
  return {
    call: { fn: 'sealOrderMessage', input: callInputText(seal), at: call.at, rolls: [] },
    keep: () => {
      statement(db, 'INSERT INTO seat_side_secrets (commitment, side, kind, turn_id, input, salt) VALUES (?, ?, ?, ?, ?, ?)').run(commitment, seat.side, KIND, sent.sentTurnId, JSON.stringify(kept), salt);
      if (earlier) statement(db, 'UPDATE seat_side_secrets SET opened = 1 WHERE commitment = ?').run(earlier.commitment);
    },
  };
}

/**
 * The attempt's die as the dice log holds it (read in the trial of the attempt, before it is sealed), in the form
 * the message carries: what the dice log records when the message is opened (RI-H12).
 */
export function attemptDiceOf(db: SqliteDatabase, seq: number): SealedAttemptDie[] {
  const rows = statement(db, 'SELECT purpose, source, roll, modifiers, modified, target, outcome FROM dice_log WHERE event_seq = ? ORDER BY seq').all(seq) as { purpose: string; source: string; roll: number; modifiers: string; modified: number; target: string | null; outcome: string }[];
  // Read back through the contract's own form (an item's fields the dice log itemises, and no others): the die
  // opened is the die committed to, character for character.
  return rows.map((r) => {
    const m = JSON.parse(r.modifiers) as { total: number; items: { label: string; value: number; rule: string; id?: string; source?: string }[] };
    const items = m.items.map((i) => ({ label: i.label, value: i.value, rule: i.rule, ...(i.id !== undefined ? { id: i.id } : {}), ...(i.source !== undefined ? { source: i.source } : {}) }));
    return SealedAttemptDie.parse({ ...r, modifiers: { total: m.total, items } });
  });
}

/** The openings of the seat's messages arriving in the turn the clock stands at, at its first step (I.A). */
function dueOpenings(db: SqliteDatabase, seat: SeatFile, at: string): { call: HeldCall; row: SealedMessageRow }[] {
  const clock = readClock(db);
  if (clock.segment !== ORDERS_SEGMENT || clock.phase !== 'A') return [];
  return sealedMessageSecrets(db)
    .filter((r) => keptOf(r).arrivesTurnId === clock.turn_id)
    .map((row) => {
      const k = keptOf(row);
      const open: OpenOrderMessageInput = { side: seat.side, commandId: k.commandId, ...k.message, salt: row.salt, ...(k.replaced.length > 0 ? { replaced: k.replaced } : {}) };
      // The attempts' dice rolled by the app come back to the opening as its rolls (db/service/optional-messengers-sealed.ts).
      const rolls = [k.message, ...k.replaced].flatMap((m) => (m.die?.source === 'app' ? [m.die.roll] : []));
      return { call: { fn: 'openOrderMessage', input: callInputText(open), at, rolls }, row };
    });
}

let opening = false;

/**
 * RI-H12: opens the seat's messages arriving this turn, as its Orders Segment begins: public events in the
 * shared log, before either side's entries of I.A are revealed and before the seat holds an entry of its own.
 * Called after each of the seat's writes (inside its transaction: the clock's move into the turn), after a
 * packet is taken in, and before the seat's first entry of the step. Returns whether it opened any.
 */
export function openArrivedMessages(ctx: GameContext, at: string): boolean {
  const seat = seatOf(ctx.db);
  if (!seat || opening || ctx.db.readonly) return false;
  const due = dueOpenings(ctx.db, seat, at);
  if (due.length === 0) return false;
  const facts = stepFacts(ctx.db);
  if (facts.finished.USA || facts.finished.CSA || facts.committed[seat.side] || heldCalls(ctx.db).length > 0) return false;
  opening = true;
  try {
    inTransaction(ctx.db, () => {
      for (const { call, row } of due) {
        writeBySeat(ctx, seat, call);
        statement(ctx.db, 'UPDATE seat_side_secrets SET opened = 1 WHERE commitment = ?').run(row.commitment);
      }
    });
  } finally {
    opening = false;
  }
  return true;
}
