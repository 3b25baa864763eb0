/**
 * The canonical serialisation and hash of an event of the log (db/events.ts), which the log is chained by.
 *
 * The event log is a hash chain, like the dice log: each event's hash covers the previous event's hash and its own
 * content, and event 1's previous hash is the genesis hash (db/genesis.ts: the state the game started
 * from). Canonical serialisation (format 1, never changed; a new format gets a new function):
 *   head = "muster/event/1" US seq US at US turn_id US segment US phase US kind US subjects US prev_head
 *   hash = hex(SHA-256(prev_hash + "\n" + head + "\n" + dice_head + "\n" + JSON.stringify(summary) + "\n" + payload))
 * where US is U+001F, a NULL prev_head is the empty string, numbers are written in decimal, and every
 * value is exactly the stored one (strings are made well-formed before they are hashed and stored,
 * db/wellformed.ts). The head's fields never hold "\n" or US (recordEvent refuses one that would), the
 * summary is a JSON string and the payload, the event's JSON text, comes last as stored: so no two
 * events serialise alike, and verify can have SQLite put the head together (HASH_HEAD_SQL). `dice_head`
 * is the hash of the dice log's last roll once this event's rolls are written (64 zeros while the log
 * has none), so the event chain also seals the dice chain. `undone` and `redo_next` are not covered:
 * undo and redo move pointers, and the game fingerprint (db/integrity.ts) covers where they stand.
 *
 * The salt (schema 13) is 128 bits from node:crypto, one per event, kept in the row and never shown by a
 * query. The fingerprint every player may read digests the chain's head, which covers every event before
 * it: without the salt, a side could try every content of the other side's hidden entry (an order, a
 * digit) until the fingerprint came out; with it, the fingerprint tells nothing of the entries it seals.
 */
import { hash as digest } from 'node:crypto';
import { MusterError } from './errors';
import type { EventRow } from './events';

/** What an event's hash covers (see the file header), besides the previous hash and the dice head. */
export type HashedEventContent = Pick<EventRow, 'seq' | 'at' | 'turn_id' | 'segment' | 'phase' | 'kind' | 'summary' | 'payload' | 'subjects' | 'prev_head'> & { salt?: string | null };

export const EVENT_FORMAT = 'muster/event/1';
export const EVENT_FORMAT_SALTED = 'muster/event/2';

const US = '\u001f';

/** The head of an event's serialisation (see the file header), as JavaScript writes it. */
function hashHead(e: HashedEventContent): string {
  const salt = e.salt ?? null;
  const head = `${salt === null ? EVENT_FORMAT : EVENT_FORMAT_SALTED}${US}${e.seq}${US}${e.at}${US}${e.turn_id}${US}${e.segment}${US}${e.phase}${US}${e.kind}${US}${e.subjects}${US}${e.prev_head ?? ''}`;
  return salt === null ? head : `${head}${US}${salt}`;
}

/**
 * The same head put together by SQLite from an events row (decimal integers, NULL as ''), for verify.
 * `salt` is the column's name, or NULL for a file of a schema before salts.
 */
export function hashHeadSql(salt: 'salt' | 'NULL'): string {
  return `CASE WHEN ${salt} IS NULL THEN '${EVENT_FORMAT}' ELSE '${EVENT_FORMAT_SALTED}' END || char(31) || seq || char(31) || at || char(31) || turn_id || char(31) || segment || char(31) || phase || char(31) || kind || char(31) || subjects || char(31) || coalesce(prev_head, '') || CASE WHEN ${salt} IS NULL THEN '' ELSE char(31) || ${salt} END`;
}

/** What one event's hash is taken of (format 1, see the file header), from its head, dice head, summary and payload. */
export function eventHashInput(prevHash: string, head: string, diceHead: string, summary: string, payload: string): string {
  return `${prevHash}\n${head}\n${diceHead}\n${JSON.stringify(summary)}\n${payload}`;
}

/** The canonical hash of one event (format 1, see the file header). */
export function eventHash(prevHash: string, e: HashedEventContent, diceHead: string): string {
  return digest('sha256', eventHashInput(prevHash, hashHead(e), diceHead, e.summary, e.payload));
}

/** Refuses to write a head field that would make the serialisation ambiguous (Muster never writes one). */
export function assertPlainHead(e: HashedEventContent): void {
  for (const v of [e.at, e.turn_id, e.segment, e.phase, e.kind, e.subjects, e.salt ?? '']) {
    if (v.includes('\n') || v.includes(US)) throw new MusterError('INVALID_ARGUMENT', 'events', `an event field may not hold a line break or U+001F: ${JSON.stringify(v)}`);
  }
}
