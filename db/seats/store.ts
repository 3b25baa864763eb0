/**
 * The seat tables of a two-seat game file (db/migrations/0016-seats.ts, 0017-seat-seen.ts): which seat the
 * file is, the seats' keys, who wrote each event and its signature, the commitments to hidden entries, the
 * local seat's held entries, how far the other seat's file is known to go and how far its player has seen. Every read and write of them is here.
 */
import type { HistoryEntry } from '../../contract';
import type { Side } from '../../rules/types';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';

/** A two-seat file: the game it belongs to and the side it plays. */
export interface SeatFile {
  gameId: string;
  side: Side;
}

const hasSeatTables = new WeakMap<SqliteDatabase, boolean>();

/**
 * The file's seat, known per connection: every change asks (db/seats/calls.ts seatWrite), and a game played
 * at one laptop should pay one lookup for it, not one per change. A file becomes a seat once, when it is
 * created or joined (recordSeat forgets what was known), and never stops being one; what a read inside a
 * transaction finds is not kept (the transaction may yet roll back).
 */
const seatKnown = new WeakMap<SqliteDatabase, SeatFile | null>();

/** The seat this file is, or null for a game played at one laptop (or a file of an earlier schema). */
export function seatOf(db: SqliteDatabase): SeatFile | null {
  const known = seatKnown.get(db);
  if (known !== undefined) return known;
  let has = hasSeatTables.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_game'").get() as { n: number }).n === 1;
    hasSeatTables.set(db, has);
  }
  const row = has ? (statement(db, 'SELECT game_id, local_side FROM seat_game WHERE id = 1').get() as { game_id: string; local_side: Side } | undefined) : undefined;
  const seat = row ? { gameId: row.game_id, side: row.local_side } : null;
  if (!db.inTransaction) seatKnown.set(db, seat);
  return seat;
}

export const otherSide = (side: Side): Side => (side === 'USA' ? 'CSA' : 'USA');

/** A seat's public key, or null while the file does not know it (the other seat has not joined yet). */
export function publicKeyOf(db: SqliteDatabase, side: Side): string | null {
  const row = statement(db, 'SELECT public_key FROM seat_keys WHERE side = ?').get(side) as { public_key: string } | undefined;
  return row?.public_key ?? null;
}

/** The local seat's private key. */
export function localPrivateKey(db: SqliteDatabase): string {
  const row = statement(db, 'SELECT private_key FROM seat_private_key WHERE id = 1').get() as { private_key: string } | undefined;
  if (!row) throw new Error('a two-seat file without its seat key');
  return row.private_key;
}

/** Makes the file a seat of a two-seat game (once, when it is created or joined). */
export function recordSeat(db: SqliteDatabase, seat: SeatFile, at: string, keys: { publicKey: string; privateKey: string }, other?: string): void {
  seatKnown.delete(db);
  statement(db, 'INSERT INTO seat_game (id, game_id, local_side, created_at) VALUES (1, ?, ?, ?)').run(seat.gameId, seat.side, at);
  statement(db, 'INSERT INTO seat_private_key (id, side, private_key) VALUES (1, ?, ?)').run(seat.side, keys.privateKey);
  statement(db, 'INSERT INTO seat_keys (side, public_key) VALUES (?, ?)').run(seat.side, keys.publicKey);
  if (other !== undefined) statement(db, 'INSERT INTO seat_keys (side, public_key) VALUES (?, ?)').run(otherSide(seat.side), other);
}

/** The other seat's key, from its reply. */
export function recordOtherKey(db: SqliteDatabase, side: Side, publicKey: string): void {
  statement(db, 'INSERT INTO seat_keys (side, public_key) VALUES (?, ?)').run(side, publicKey);
}

/** Who wrote one event, the call it came from, and the writer's signature. */
export interface EventSeatRow {
  seq: number;
  side: Side;
  call_fn: string;
  call_input: string;
  call_at: string;
  call_index: number;
  signature: string;
}

export function insertEventSeat(db: SqliteDatabase, row: EventSeatRow): void {
  statement(db, 'INSERT INTO event_seats (seq, side, call_fn, call_input, call_at, call_index, signature) VALUES (@seq, @side, @call_fn, @call_input, @call_at, @call_index, @signature)').run(row);
}

/**
 * The seat that wrote each of the events (by their log seqs): from the signatures in a game played from two
 * seats, null at one laptop. An unsigned event after the last signed one is the local seat's: one it is writing
 * now (signed when its call returns), or its own secret entry held on its device and shown to it alone.
 */
export function writersOf(db: SqliteDatabase, seqs: readonly number[]): (seq: number) => Side | null {
  const local = seqs.length === 0 ? null : seatOf(db);
  if (local === null) return () => null;
  const signed = new Map(statement(db, 'SELECT seq, side FROM event_seats WHERE seq BETWEEN ? AND ?').raw().all(Math.min(...seqs), Math.max(...seqs)) as [number, Side][]);
  const lastSigned = (statement(db, 'SELECT max(seq) AS n FROM event_seats').get() as { n: number | null }).n ?? 0;
  return (seq) => signed.get(seq) ?? (seq > lastSigned ? local.side : null);
}

/**
 * An entry with the seat that wrote it (writersOf). A seat's own act on its joint dice (a withdrawal, a request
 * closed as refused: kinds 'joint-dice.*') is that seat's side's in History, whatever sides its words name ("the
 * USA seat withdrew … before the CSA seat's share reached it"), as the request it closes was that seat's alone.
 */
export function withWriter<E extends { kind: string; side: HistoryEntry['side']; seat?: Side | null }>(entry: E, seat: Side | null): E {
  return { ...entry, seat, ...(seat !== null && entry.kind.startsWith('joint-dice.') ? { side: seat } : {}) };
}

export function eventSeatsAfter(db: SqliteDatabase, seq: number): EventSeatRow[] {
  return statement(db, 'SELECT * FROM event_seats WHERE seq > ? ORDER BY seq').all(seq) as EventSeatRow[];
}

/** One step of secret entries: the turn and the step. */
export interface StepKey {
  turnId: string;
  segment: string;
  phase: string;
}

export interface CommitmentRow {
  turn_id: string;
  segment: string;
  phase: string;
  side: Side;
  commitment: string;
  signature: string;
  salt: string | null;
  revealed: number;
}

export function commitmentsOf(db: SqliteDatabase, step: StepKey): CommitmentRow[] {
  return statement(db, 'SELECT * FROM seat_commitments WHERE turn_id = ? AND segment = ? AND phase = ?').all(step.turnId, step.segment, step.phase) as CommitmentRow[];
}

export function allCommitments(db: SqliteDatabase): CommitmentRow[] {
  return statement(db, 'SELECT * FROM seat_commitments ORDER BY rowid').all() as CommitmentRow[];
}

export function insertCommitment(db: SqliteDatabase, row: CommitmentRow): void {
  statement(db, 'INSERT INTO seat_commitments (turn_id, segment, phase, side, commitment, signature, salt, revealed) VALUES (@turn_id, @segment, @phase, @side, @commitment, @signature, @salt, @revealed)').run(row);
}

export function markRevealed(db: SqliteDatabase, row: Pick<CommitmentRow, 'turn_id' | 'segment' | 'phase' | 'side'>, salt: string): void {
  statement(db, 'UPDATE seat_commitments SET salt = ?, revealed = 1 WHERE turn_id = ? AND segment = ? AND phase = ? AND side = ?').run(salt, row.turn_id, row.segment, row.phase, row.side);
}

/** One of the local seat's held entries: the call, its input, its time and the app's rolls for it. */
export interface HeldCall {
  fn: string;
  input: string;
  at: string;
  rolls: number[];
}

export function heldCalls(db: SqliteDatabase): HeldCall[] {
  return (statement(db, 'SELECT call_fn, call_input, call_at, rolls FROM seat_pending ORDER BY n').all() as { call_fn: string; call_input: string; call_at: string; rolls: string }[]).map((r) => ({
    fn: r.call_fn,
    input: r.call_input,
    at: r.call_at,
    rolls: JSON.parse(r.rolls) as number[],
  }));
}

export function holdCall(db: SqliteDatabase, call: HeldCall): void {
  statement(db, 'INSERT INTO seat_pending (call_fn, call_input, call_at, rolls) VALUES (?, ?, ?, ?)').run(call.fn, call.input, call.at, JSON.stringify(call.rolls));
}

export function clearHeldCalls(db: SqliteDatabase): void {
  statement(db, 'DELETE FROM seat_pending').run();
}

/** How far the other seat's file is known to go (the head of its last packet); seq 0 before any. */
export function peerHead(db: SqliteDatabase): { seq: number; hash: string | null } {
  const row = statement(db, 'SELECT head_seq, head_hash FROM seat_peer WHERE id = 1').get() as { head_seq: number; head_hash: string } | undefined;
  return row ? { seq: row.head_seq, hash: row.head_hash } : { seq: 0, hash: null };
}

export function recordPeerHead(db: SqliteDatabase, head: { seq: number; hash: string }): void {
  statement(db, 'INSERT INTO seat_peer (id, head_seq, head_hash) VALUES (1, @seq, @hash) ON CONFLICT (id) DO UPDATE SET head_seq = @seq, head_hash = @hash').run(head);
}

/** A die rolled jointly by both seats (db/seats/joint.ts), as the file holds it. */
export interface JointRollRow {
  id: string;
  side: Side;
  purpose: string;
  commitment: string;
  signature: string;
  share: number | null;
  salt: string | null;
  answer: number | null;
  answer_signature: string | null;
  event_seq: number | null;
}

export function jointRolls(db: SqliteDatabase): JointRollRow[] {
  return statement(db, 'SELECT * FROM seat_joint_rolls ORDER BY rowid').all() as JointRollRow[];
}


/**
 * How far this seat's player has seen the game (db/migrations/0017-seat-seen.ts): the log's last event when
 * the seat last made a change, and when he last dismissed "Since you last played". Local to the file.
 */
export interface SeenMarks {
  playedSeq: number;
  playedAt: string | null;
  seenSeq: number;
  seenAt: string | null;
}

const hasSeenTable = new WeakMap<SqliteDatabase, boolean>();

/** Whether the file has the seat_seen table (schema 17): a file a test keeps at an earlier schema does not. */
function seenRecorded(db: SqliteDatabase): boolean {
  let has = hasSeenTable.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_seen'").get() as { n: number }).n === 1;
    hasSeenTable.set(db, has);
  }
  return has;
}

export function seenMarks(db: SqliteDatabase): SeenMarks {
  const row = seenRecorded(db) ? (statement(db, 'SELECT played_seq, played_at, seen_seq, seen_at FROM seat_seen WHERE id = 1').get() as { played_seq: number; played_at: string | null; seen_seq: number; seen_at: string | null } | undefined) : undefined;
  return row ? { playedSeq: row.played_seq, playedAt: row.played_at, seenSeq: row.seen_seq, seenAt: row.seen_at } : { playedSeq: 0, playedAt: null, seenSeq: 0, seenAt: null };
}

/** The seat made a change: everything in its log up to `seq` was in front of its player. */
export function markPlayed(db: SqliteDatabase, seq: number, at: string): void {
  if (!seenRecorded(db)) return;
  statement(db, 'INSERT INTO seat_seen (id, played_seq, played_at) VALUES (1, @seq, @at) ON CONFLICT (id) DO UPDATE SET played_seq = max(played_seq, @seq), played_at = @at').run({ seq, at });
}

/**
 * Puts the seat's "last played" mark back where it was: a change Muster made for the player by itself (his standing
 * word, db/seats/standing-word.ts) is not his playing, and what came in before it is still news to him.
 */
export function restorePlayed(db: SqliteDatabase, marks: Pick<SeenMarks, 'playedSeq' | 'playedAt'>): void {
  if (!seenRecorded(db)) return;
  statement(db, 'UPDATE seat_seen SET played_seq = ?, played_at = ? WHERE id = 1').run(marks.playedSeq, marks.playedAt);
}

/** The player dismissed "Since you last played" having read it up to `seq`; a mark never moves back. */
export function markSeen(db: SqliteDatabase, seq: number, at: string): void {
  if (!seenRecorded(db)) return;
  statement(db, 'INSERT INTO seat_seen (id, seen_seq, seen_at) VALUES (1, @seq, @at) ON CONFLICT (id) DO UPDATE SET seen_seq = max(seen_seq, @seq), seen_at = @at').run({ seq, at });
}
