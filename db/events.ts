/**
 * The event log: every change to a game is one row in `events`, written in the same transaction as the
 * state it changes, with the before and after value of every field it touched. Undo and redo apply
 * those values generically and are O(1) in the length of the log:
 *
 * - the head (the last applied event, which undo takes back) is the last event not undone: every event
 *   after it is undone (a new change goes at the end, undo marks the head undone, redo unmarks the event
 *   just after it). It is read from the log, not kept (HEAD_SEQ_SQL), so a change writes no pointer.
 *   Each event stores the head it replaced (`prev_head`), so undo follows one pointer back;
 * - undone events form the redo chain: `game.redo_seq` is its top and each undone event points to the
 *   next one down (`redo_next`); a new change after an undo simply drops the chain (redo_seq = NULL).
 *
 * The log is append-only (triggers in the schema): only `undone` and `redo_next` of a row ever change.
 *
 * It is a hash chain, like the dice log: each event's hash covers the previous event's hash and its own
 * content (the canonical serialisation is db/event-hash.ts).
 */
import type { SqliteDatabase } from './open';
import type { DiceRecord, EventKind, EventSide, FieldChange, HistoryEntry, HistoryQuery } from '../contract';
import type { Side } from '../rules/types';
import { MusterError } from './errors';
import { assertPlainHead, eventHash, type HashedEventContent } from './event-hash';
import { statement } from './statements';
import { HEAD_SEQ_SQL } from './store';
import { GENESIS_HASH, chainDiceRows, diceRecordOf, insertDiceRows, newSalt, saltsRecorded, type NewDiceRow } from './dice';
import { markSecretEntry, publicChanges } from './secrets';
import { wellFormed } from './wellformed';
import { ChangeSet, MUTABLE_FIELDS, parsePayload, type Change, type EventPayload, type EventRow, type KitRecordValue, type SqlValue, type StatusLadderStepValue, type StateTable } from './event-rows';

export { ChangeSet, MUTABLE_FIELDS, changesAt, eventHead, parsePayload, payloadSecretSide } from './event-rows';
export type { Change, EventPayload, EventRow, Field, KitRecordValue, SqlValue, StateTable } from './event-rows';

interface HeadRow {
  head_seq: number | null;
  redo_seq: number | null;
}

const HEAD_SQL = `SELECT ${HEAD_SEQ_SQL} AS head_seq, redo_seq FROM game WHERE id = 1`;

/** The head and the top of the redo chain. */
export function undoPointers(db: SqliteDatabase): HeadRow {
  return statement(db, HEAD_SQL).get() as HeadRow;
}

/** Only whitelisted table.field names ever reach SQL text (payloads are read back from the file). */
function assertMutable(change: { table: string; field: string }): void {
  const fields = (MUTABLE_FIELDS as Record<string, readonly string[]>)[change.table];
  if (!fields || !fields.includes(change.field)) throw new Error(`event change to ${change.table}.${change.field} is not allowed`);
}

/** Each field's UPDATE text, made once: a change applies a few fields, thousands of times a game. */
const updateSqls = new Map<string, Map<string, string>>();
function updateSql(table: StateTable, field: string): string {
  let forTable = updateSqls.get(table);
  if (forTable === undefined) updateSqls.set(table, (forTable = new Map()));
  let sql = forTable.get(field);
  if (sql === undefined) forTable.set(field, (sql = `UPDATE ${table} SET ${field} = ? WHERE id = ? AND ${field} IS ?`));
  return sql;
}

/** Sets one field, checking the row is in the state the event expects (an event never applies half-way). */
function applyField(db: SqliteDatabase, table: StateTable, key: string | number, field: string, expected: SqlValue, value: SqlValue): void {
  assertMutable({ table, field });
  const result = statement(db, updateSql(table, field)).run(value, key, expected);
  if (result.changes !== 1) {
    const now = statement(db, `SELECT ${field} AS v FROM ${table} WHERE id = ?`).get(key) as { v: SqlValue } | undefined;
    throw new MusterError('CORRUPT', 'events', `${table} ${key}: ${field} is ${now === undefined ? 'missing' : JSON.stringify(now.v)}, the event log expects ${JSON.stringify(expected)}`);
  }
}

export interface NewEvent {
  kind: EventKind;
  summary: string;
  input: unknown;
  changes: ChangeSet;
  /** Extra subjects for history filters ('unit:<id>', 'command:<id>', 'leader:<id>'); changed rows are added automatically. */
  subjects?: string[];
  dice?: Omit<NewDiceRow, 'eventSeq'>[];
  /** The side whose secret entry this is (RI-H01); absent for a public event. */
  secretSide?: 'USA' | 'CSA' | null;
  /** The kit's fingerprint and the cells a computed result was read from. */
  computed?: KitRecordValue | undefined;
  /** Card-draw's status ladder: the hits that took the next worse state (RI-O14); absent when none did. */
  statusLadder?: StatusLadderStepValue[] | undefined;
}


/** Where a new event goes, in one statement: the clock, the ends of both chains, and the genesis hash. */
interface WriteHead {
  turn_id: string;
  segment: string;
  phase: string;
  last_seq: number | null;
  last_hash: string | null;
  dice_seq: number | null;
  dice_hash: string | null;
  genesis: string | null;
}

function writeHead(db: SqliteDatabase): WriteHead {
  return statement(
    db,
    `SELECT c.turn_id, c.segment, c.phase,
            (SELECT seq FROM events ORDER BY seq DESC LIMIT 1) AS last_seq, (SELECT hash FROM events ORDER BY seq DESC LIMIT 1) AS last_hash,
            (SELECT seq FROM dice_log ORDER BY seq DESC LIMIT 1) AS dice_seq, (SELECT hash FROM dice_log ORDER BY seq DESC LIMIT 1) AS dice_hash,
            (SELECT hash FROM genesis WHERE id = 1) AS genesis
       FROM clock c WHERE c.id = 1`,
  ).get() as WriteHead;
}

/**
 * The INSERT of an event, its values in the order of EVENT_COLUMNS. secret_side (schema 6) is named only for a
 * secret entry, and salt (schema 13) only where the file keeps one, so a file of an earlier schema still
 * records the rest. Four texts in all, each made once.
 */
const EVENT_COLUMNS = ['seq', 'at', 'turn_id', 'segment', 'phase', 'kind', 'summary', 'payload', 'subjects', 'prev_head', 'prev_hash', 'hash'];
const insertEventSqls = new Map<string, string>();
function insertEventSql(secret: boolean, salted: boolean): string {
  const key = `${secret}:${salted}`;
  let sql = insertEventSqls.get(key);
  if (sql === undefined) {
    const columns = [...EVENT_COLUMNS, ...(secret ? ['secret_side'] : []), ...(salted ? ['salt'] : [])];
    sql = `INSERT INTO events (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    insertEventSqls.set(key, sql);
  }
  return sql;
}

/** What recordEvent wrote: the event as the history shows it, and its rolls as the dice log does. */
export interface RecordedEvent {
  seq: number;
  entry: HistoryEntry;
  dice: DiceRecord[];
}

/**
 * Writes one event and applies its changes. Must run inside the caller's transaction, so the event, its
 * dice rows and the state change commit together or not at all. `pointers` are the head and the top of the
 * redo chain when the caller has just read them (else they are read here). Returns the event and its rolls as written, so
 * nothing is read back.
 */
export function recordEvent(db: SqliteDatabase, e: NewEvent, at: string = new Date().toISOString(), pointers: HeadRow = undoPointers(db)): RecordedEvent {
  const headSeq = pointers.head_seq;
  const clock = writeHead(db);
  const last = clock.last_seq === null ? { seq: 0, hash: clock.genesis } : { seq: clock.last_seq, hash: clock.last_hash };
  if (last.hash === null) throw new MusterError('CORRUPT', 'events', 'the event chain has no start (the genesis row is missing)');
  const changes = e.changes.changes.filter((c) => c.before !== c.after);
  for (const c of changes) assertMutable(c);
  const ladder = e.statusLadder && e.statusLadder.length > 0 ? e.statusLadder : null;
  const payload: EventPayload = { input: e.input, ...(e.computed ? { computed: e.computed } : {}), ...(ladder ? { statusLadder: ladder } : {}), ...(e.secretSide ? { secretSide: e.secretSide } : {}), changes };
  const subjects = new Set(e.subjects ?? []);
  for (const c of changes) {
    if (c.table === 'units') subjects.add(`unit:${c.key}`);
    else if (c.table === 'commands') subjects.add(`command:${c.key}`);
    else if (c.table === 'leaders') subjects.add(`leader:${c.key}`);
  }
  const seq = last.seq + 1;
  // JSON.stringify escapes lone surrogates, so the payload is well-formed; the other strings are made so.
  const row: HashedEventContent = {
    seq,
    at: wellFormed(at),
    turn_id: clock.turn_id,
    segment: clock.segment,
    phase: clock.phase,
    kind: e.kind,
    summary: wellFormed(e.summary),
    payload: JSON.stringify(payload),
    subjects: wellFormed(` ${[...subjects].join(' ')} `),
    prev_head: headSeq,
  };
  // Every event and roll carries its own secret salt (schema 13, db/event-hash.ts): no public hash can be searched.
  const withSalt = saltsRecorded(db);
  if (withSalt) row.salt = newSalt();
  assertPlainHead(row);
  const dice = chainDiceRows({ seq: clock.dice_seq ?? 0, hash: clock.dice_hash ?? GENESIS_HASH }, e.dice ?? [], seq, at, withSalt);
  const hash = eventHash(last.hash, row, dice.head);
  statement(db, insertEventSql(e.secretSide ? true : false, withSalt)).run(
    row.seq, row.at, row.turn_id, row.segment, row.phase, row.kind, row.summary, row.payload, row.subjects, row.prev_head, last.hash, hash,
    ...(e.secretSide ? [e.secretSide] : []),
    ...(withSalt ? [row.salt] : []),
  );
  if (e.secretSide) markSecretEntry(db);
  for (const c of changes) applyField(db, c.table, c.key, c.field, c.before, c.after);
  // A new change after an undo drops the redo chain: O(1), the undone rows simply stay undone. The new
  // event is the head by being the last one applied: nothing else is written.
  if (pointers.redo_seq !== null) statement(db, 'UPDATE game SET redo_seq = NULL WHERE id = 1').run();
  insertDiceRows(db, dice.rows);
  const rolls = dice.rows.map(diceRecordOf);
  const entry = entryOf(db, { ...row, secret_side: e.secretSide ?? null }, 0, changes, rolls.map((d) => d.seq));
  return { seq, entry: { ...entry, ...(e.computed ? { kit: e.computed } : {}), ...(ladder ? { statusLadder: ladder } : {}) }, dice: rolls };
}

function loadEvent(db: SqliteDatabase, seq: number): EventRow {
  const row = statement(db, 'SELECT * FROM events WHERE seq = ?').get(seq) as EventRow | undefined;
  if (!row) throw new MusterError('CORRUPT', 'events', `event ${seq} is missing from the log`);
  return row;
}

/** The seqs of an event's rolls. */
function diceSeqsOf(db: SqliteDatabase, eventSeq: number): number[] {
  return (statement(db, 'SELECT seq FROM dice_log WHERE event_seq = ? ORDER BY seq').raw().all(eventSeq) as [number][]).map((r) => r[0]);
}

/** What undo or redo did: the event (as the history now shows it) and whether undo and redo remain. */
export interface UndoneOrRedone {
  entry: HistoryEntry;
  canUndo: boolean;
  canRedo: boolean;
}

/** Takes back the head event: its changes reversed, its row marked undone, the pointers moved. O(1). */
export function undoHead(db: SqliteDatabase): UndoneOrRedone {
  const head = undoPointers(db);
  if (head.head_seq === null) throw new MusterError('NOTHING_TO_UNDO', 'undo', 'there is nothing to undo');
  const event = loadEvent(db, head.head_seq);
  const { changes } = parsePayload(event);
  for (let i = changes.length - 1; i >= 0; i -= 1) {
    const c = changes[i]!;
    applyField(db, c.table, c.key, c.field, c.after, c.before);
  }
  statement(db, 'UPDATE events SET undone = 1, redo_next = ? WHERE seq = ?').run(head.redo_seq, event.seq);
  statement(db, 'UPDATE game SET redo_seq = ? WHERE id = 1').run(event.seq);
  return { entry: entryOf(db, event, 1, changes, diceSeqsOf(db, event.seq)), canUndo: event.prev_head !== null, canRedo: true };
}

/** Applies the top of the redo chain again. O(1). */
export function redoNext(db: SqliteDatabase): UndoneOrRedone {
  const head = undoPointers(db);
  if (head.redo_seq === null) throw new MusterError('NOTHING_TO_REDO', 'redo', 'there is nothing to redo');
  const event = loadEvent(db, head.redo_seq);
  const { changes } = parsePayload(event);
  for (const c of changes) applyField(db, c.table, c.key, c.field, c.before, c.after);
  statement(db, 'UPDATE events SET undone = 0, redo_next = NULL WHERE seq = ?').run(event.seq);
  statement(db, 'UPDATE game SET redo_seq = ? WHERE id = 1').run(event.redo_next);
  return { entry: entryOf(db, event, 0, changes, diceSeqsOf(db, event.seq)), canUndo: true, canRedo: event.redo_next !== null };
}

export function undoRedoAvailable(db: SqliteDatabase): { canUndo: boolean; canRedo: boolean } {
  const head = undoPointers(db);
  return { canUndo: head.head_seq !== null, canRedo: head.redo_seq !== null };
}

/** The number of events in the log: seqs run from 1 without gaps (verify checks it), so the last seq, read in O(log n). */
export function eventCount(db: SqliteDatabase): number {
  return (statement(db, 'SELECT seq FROM events ORDER BY seq DESC LIMIT 1').get() as { seq: number } | undefined)?.seq ?? 0;
}

/** Every row with a side (units, leaders, commands, objectives, reinforcement groups) as "<table>:<id>" -> side. */
const sidesByConnection = new WeakMap<SqliteDatabase, Map<string, Side>>();

/** The sides of the game's rows, read once per connection: no row ever changes side. */
function sidesOf(db: SqliteDatabase): Map<string, Side> {
  let sides = sidesByConnection.get(db);
  if (!sides) {
    const rows = statement(
      db,
      `SELECT 'units:' || id AS k, side FROM units UNION ALL SELECT 'leaders:' || id, side FROM leaders UNION ALL SELECT 'commands:' || id, side FROM commands
       UNION ALL SELECT 'objectives:' || id, side FROM objectives UNION ALL SELECT 'reinforcement_groups:' || id, side FROM reinforcement_groups`,
    ).raw().all() as [string, Side][];
    sides = new Map(rows);
    sidesByConnection.set(db, sides);
  }
  return sides;
}

/**
 * The side an event concerns: the side of every row it changed that has one; 'both' when they differ;
 * with no such row, a lone USA or CSA in its summary ("CSA passes"), 'both' when it names both
 * ("Initiative: USA 7 v. CSA 4"); else 'game' (the clock, the end of the game).
 */
export function eventSide(changes: readonly Pick<Change, 'table' | 'key'>[], summary: string, sideOf: ReadonlyMap<string, Side>): EventSide {
  let found: Side | null = null;
  for (const c of changes) {
    const side = sideOf.get(`${c.table}:${c.key}`);
    if (side === undefined) continue;
    if (found !== null && side !== found) return 'both';
    found = side;
  }
  if (found !== null) return found;
  const usa = /\bUSA\b/.test(summary);
  const csa = /\bCSA\b/.test(summary);
  if (usa && csa) return 'both';
  return usa ? 'USA' : csa ? 'CSA' : 'game';
}

/** An event as the history shows it, from its stored values (without its changes when `withChanges` is false). */
function entryOf(
  db: SqliteDatabase,
  row: Pick<EventRow, 'seq' | 'at' | 'turn_id' | 'segment' | 'phase' | 'kind' | 'summary'> & { secret_side?: 'USA' | 'CSA' | null },
  undone: number,
  changes: readonly Change[],
  diceSeqs: number[],
  withChanges = true,
): HistoryEntry {
  const shown = publicChanges(changes);
  return {
    seq: row.seq,
    at: row.at,
    turnId: row.turn_id,
    segment: row.segment,
    phase: row.phase,
    kind: row.kind,
    summary: row.summary,
    undone: undone === 1,
    // The side and the changes as anyone may read them: a side's secrets never leave the file through the history (db/secrets.ts).
    // A secret entry is its own side's (RI-H01), whatever it changed.
    side: row.secret_side ?? eventSide(shown, row.summary, sidesOf(db)),
    secretSide: row.secret_side ?? null,
    changes: withChanges ? shown.map((c): FieldChange => ({ table: c.table, key: String(c.key), field: c.field, before: c.before, after: c.after })) : [],
    diceSeqs,
  };
}

function toEntry(db: SqliteDatabase, row: EventRow, diceSeqs: number[], withChanges = true): HistoryEntry {
  const payload = parsePayload(row);
  const entry = entryOf(db, row, row.undone, payload.changes, diceSeqs, withChanges);
  return payload.computed || payload.statusLadder ? { ...entry, ...(payload.computed ? { kit: payload.computed } : {}), ...(payload.statusLadder ? { statusLadder: payload.statusLadder } : {}) } : entry;
}

export function historyEntry(db: SqliteDatabase, seq: number): HistoryEntry {
  return toEntry(db, loadEvent(db, seq), diceSeqsOf(db, seq));
}

/**
 * Events newest first, filtered by kind, subject, turn and undone flag; pages backwards with beforeSeq, and
 * afterSeq asks only what came after the last event a screen holds.
 * `hidden` are the seqs the viewer may not see (another side's secret entries, RI-H01): left out.
 */
export function listHistory(db: SqliteDatabase, q: HistoryQuery, hidden: readonly number[] = []): HistoryEntry[] {
  const subject = q.unitId !== undefined ? `unit:${q.unitId}` : q.commandId !== undefined ? `command:${q.commandId}` : q.leaderId !== undefined ? `leader:${q.leaderId}` : null;
  const kinds = q.kinds && q.kinds.length > 0 ? JSON.stringify(q.kinds) : null;
  const params = {
    subject,
    kinds,
    turn: q.turnId ?? null,
    includeUndone: q.includeUndone === false ? 0 : 1,
    before: q.beforeSeq ?? null,
    after: q.afterSeq ?? null,
    limit: q.limit ?? 200,
    hidden: hidden.length > 0 ? JSON.stringify(hidden) : null,
  };
  // Newest first down the primary key; subjects are matched within the row (one page less per event than an index).
  const sql = `SELECT e.* FROM events e
       WHERE (@before IS NULL OR e.seq < @before) AND (@after IS NULL OR e.seq > @after)
         AND (@subject IS NULL OR instr(e.subjects, ' ' || @subject || ' ') > 0)
         AND (@kinds IS NULL OR e.kind IN (SELECT value FROM json_each(@kinds)))
         AND (@turn IS NULL OR e.turn_id = @turn) AND (@includeUndone = 1 OR e.undone = 0)
         AND (@hidden IS NULL OR e.seq NOT IN (SELECT value FROM json_each(@hidden)))
       ORDER BY e.seq DESC LIMIT @limit`;
  const rows = statement(db, sql).all(params) as EventRow[];
  if (rows.length === 0) return [];
  // The page's rolls in one range read (rows come newest first).
  const diceSeqs = new Map<number, number[]>();
  const rolls = statement(db, 'SELECT event_seq, seq FROM dice_log WHERE event_seq BETWEEN ? AND ? ORDER BY seq').raw().all(rows.at(-1)!.seq, rows[0]!.seq) as [number, number][];
  for (const [eventSeq, seq] of rolls) diceSeqs.set(eventSeq, [...(diceSeqs.get(eventSeq) ?? []), seq]);
  const withChanges = q.withChanges !== false;
  return rows.map((r) => toEntry(db, r, diceSeqs.get(r.seq) ?? [], withChanges));
}

