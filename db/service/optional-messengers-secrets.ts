/**
 * The Messengers option's secret (RI-O51): an order change attempt that sent a message is a side's secret
 * entry (RI-H01) that stays out of the other side's history and dice log, and out of undo and redo asked
 * by the other side, until the turn its message arrives, not only until both sides have finished the
 * Order Change Phase. What it changed is read by the own side's queries only anyway (the message is in
 * the table of side secrets), so the game's state is not taken back for the other side: the rating points
 * a superior spent on the attempt stay spent on every screen, as they are at the table.
 */
import { createHash } from 'node:crypto';
import type { OpenOrderMessageInput, SealedMessage, SealOrderMessageInput, Viewer } from '../../contract';
import type { Side } from '../../rules/types';
import type { EventPayload } from '../events';
import type { SqliteDatabase } from '../open';
import { anySecretEntry } from '../secrets';
import { statement } from '../statements';
import { readClock, readTurns } from '../store';
import { readOptionalRules } from './game-options';
import { playedFromTwoSeats } from './sealed-orders';

/** The seqs and sides of the attempts whose messages are still on their way, hidden from the viewer. */
export function messagesInFlightFrom(db: SqliteDatabase, viewer: Viewer | undefined): { seq: number; secret_side: 'USA' | 'CSA' }[] {
  if (viewer === 'both' || !readOptionalRules(db).messengers || !anySecretEntry(db)) return [];
  const rows = statement(
    db,
    `SELECT seq, secret_side, payload FROM events
     WHERE kind = 'orders.attempt' AND undone = 0 AND secret_side IS NOT NULL AND (@viewer IS NULL OR secret_side <> @viewer)
       AND instr(payload, '"field":"message_arrives_turn_id"') > 0
     ORDER BY seq`,
  ).all({ viewer: viewer ?? null }) as { seq: number; secret_side: 'USA' | 'CSA'; payload: string }[];
  if (rows.length === 0) return [];
  const index = new Map(readTurns(db).map((t) => [t.id, t.idx]));
  const now = index.get(readClock(db).turn_id)!;
  return rows.filter((r) => {
    const change = (JSON.parse(r.payload) as EventPayload).changes.find((c) => c.table === 'concealment' && c.field === 'message_arrives_turn_id');
    const arrives = typeof change?.after === 'string' ? index.get(change.after) : undefined;
    return arrives !== undefined && now < arrives;
  });
}

/**
 * Two seats (RI-H12): the commitment to a sealed message, a SHA-256 over the side, the turn it was sent, the
 * command, the order, the distance, the attempt in words and the salt; with the attempt's die when the message
 * carries it (format 2: its purpose, source, roll, modifiers, modified roll, target and outcome, field by field,
 * so the text hashed does not depend on how an object's keys were ordered).
 */
export function sealedMessageCommitment(side: Side, commandId: string, m: SealedMessage): string {
  const fields: unknown[] = [side, m.sentTurnId, commandId, m.order, m.distanceHexes, m.attempt, m.salt];
  if (m.die === undefined) return createHash('sha256').update(`muster/sealed-message/1\n${JSON.stringify(fields)}`).digest('hex');
  const d = m.die;
  const items = d.modifiers.items.map((i) => [i.label, i.value, i.rule, i.id ?? null, i.source ?? null]);
  const die = [d.purpose, d.source, d.roll, d.modifiers.total, items, d.modified, d.target, d.outcome];
  return createHash('sha256').update(`muster/sealed-message/2\n${JSON.stringify([...fields, die])}`).digest('hex');
}

/** A sealed message as the log holds it: sealed, then opened as it arrives, or replaced by a later one (RI-O50). */
export interface SealedMessageInLog {
  seq: number;
  side: Side;
  turnId: string;
  commitment: string;
  replaces: string | null;
  /** The event that opened it, or that sealed the message replacing it; null while it is on its way. */
  closedSeq: number | null;
}

/** Every sealed message of the log (none at one laptop). */
export function sealedMessagesInLog(db: SqliteDatabase): SealedMessageInLog[] {
  if (!playedFromTwoSeats(db)) return [];
  const rows = statement(db, "SELECT seq, kind, turn_id, payload FROM events WHERE kind IN ('orders.message-sealed', 'orders.message-opened') AND undone = 0 ORDER BY seq").all() as { seq: number; kind: string; turn_id: string; payload: string }[];
  const sealed: SealedMessageInLog[] = [];
  for (const r of rows) {
    const input = (JSON.parse(r.payload) as { input: SealOrderMessageInput & OpenOrderMessageInput }).input;
    if (r.kind === 'orders.message-sealed') {
      const replaced = input.replaces ? sealed.find((s) => s.commitment === input.replaces && s.closedSeq === null) : undefined;
      if (replaced) replaced.closedSeq = r.seq;
      sealed.push({ seq: r.seq, side: input.side, turnId: r.turn_id, commitment: input.commitment, replaces: input.replaces ?? null, closedSeq: null });
      continue;
    }
    const c = sealedMessageCommitment(input.side, input.commandId, input);
    const s = sealed.find((x) => x.closedSeq === null && x.commitment === c);
    if (s) s.closedSeq = r.seq;
  }
  return sealed;
}

/** How many sealed messages each side has on the way (public, RI-O51). */
export function sealedMessagesOnTheWay(db: SqliteDatabase): Record<Side, number> {
  const count = { USA: 0, CSA: 0 };
  for (const s of sealedMessagesInLog(db)) if (s.closedSeq === null) count[s.side] += 1;
  return count;
}
