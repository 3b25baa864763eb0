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
 * - in the Orders Segment of the turn a message arrives, the seat's first entry of the step opens it
 *   (openOrderMessage, held and revealed with the step's other entries), which the other seat checks against
 *   the commitment;
 * - the seat's own queries see its messages as if written (db/seats/calls.ts seatQuery), so its Orders screen
 *   lists them, as at one laptop.
 */
import type { OpenOrderMessageInput, SealedMessage, SealOrderMessageInput } from '../../contract';
import type { OrderCode, Side } from '../../rules/types';
import { ORDERS_SEGMENT } from '../clock';
import { forbidden } from '../errors';
import type { SqliteDatabase } from '../open';
import { sealedMessageCommitment } from '../service/optional-messengers-secrets';
import { statement } from '../statements';
import { readClock } from '../store';
import type { WrittenEvent } from './calls';
import { commitmentSalt } from './keys';
import { callInputText } from './signed';
import type { HeldCall, SeatFile } from './store';

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
export function sealMessage(db: SqliteDatabase, seat: SeatFile, call: { at: string }, sent: SentMessage, attempt: string): { call: HeldCall; keep: () => void } {
  const earlier = sent.replacedOrder === null ? undefined : [...sealedMessageSecrets(db)].reverse().find((r) => keptOf(r).commandId === sent.commandId);
  const message: Omit<SealedMessage, 'salt'> = { order: sent.order, sentTurnId: sent.sentTurnId, distanceHexes: sent.distanceHexes, attempt: attempt.slice(0, 600) };
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
 * In the first step of the Orders Segment, the seat's messages arriving this turn, as the entries that open
 * them (held before the seat's first entry of the step), and how to mark them opened.
 */
export function dueOpenings(db: SqliteDatabase, seat: SeatFile, at: string): { calls: HeldCall[]; rows: SealedMessageRow[]; mark: () => void } {
  const clock = readClock(db);
  const none = { calls: [], rows: [], mark: () => undefined };
  if (clock.segment !== ORDERS_SEGMENT || clock.phase !== 'A') return none;
  const rows = sealedMessageSecrets(db).filter((r) => keptOf(r).arrivesTurnId === clock.turn_id);
  if (rows.length === 0) return none;
  const calls = rows.map((r) => {
    const k = keptOf(r);
    const open: OpenOrderMessageInput = { side: seat.side, commandId: k.commandId, ...k.message, salt: r.salt, ...(k.replaced.length > 0 ? { replaced: k.replaced } : {}) };
    return { fn: 'openOrderMessage', input: callInputText(open), at, rolls: [] };
  });
  return { calls, rows, mark: () => rows.forEach((r) => statement(db, 'UPDATE seat_side_secrets SET opened = 1 WHERE commitment = ?').run(r.commitment)) };
}
