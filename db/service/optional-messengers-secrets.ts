/**
 * The Messengers option's secret (RI-O51): an order change attempt that sent a message is a side's secret
 * entry (RI-H01) that stays out of the other side's history and dice log, and out of undo and redo asked
 * by the other side, until the turn its message arrives, not only until both sides have finished the
 * Order Change Phase. What it changed is read by the own side's queries only anyway (the message is in
 * the table of side secrets), so the game's state is not taken back for the other side: the rating points
 * a superior spent on the attempt stay spent on every screen, as they are at the table.
 */
import type { Viewer } from '../../contract';
import type { EventPayload } from '../events';
import type { SqliteDatabase } from '../open';
import { anySecretEntry } from '../secrets';
import { statement } from '../statements';
import { readClock, readTurns } from '../store';
import { readOptionalRules } from './game-options';

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
