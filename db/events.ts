/**
 * The event log: every change to a game is one row in `events`, written in the same transaction as the
 * state it changes, with the before and after value of every field it touched. Undo and redo apply
 * those values generically and are O(1) in the length of the log:
 *
 * - `game.head_seq` is the last applied event; each event stores the head it replaced (`prev_head`),
 *   so undo follows one pointer back;
 * - undone events form the redo chain: `game.redo_seq` is its top and each undone event points to the
 *   next one down (`redo_next`); a new change after an undo simply drops the chain (redo_seq = NULL).
 *
 * The log is append-only (triggers in the schema): only `undone` and `redo_next` of a row ever change.
 */
import type { SqliteDatabase } from './open';
import type { DiceRecord, EventKind, FieldChange, HistoryEntry, HistoryQuery } from '../contract';
import { MusterError } from './errors';
import { statement } from './statements';
import { appendDiceRow, diceOfEvents, type NewDiceRow } from './dice';
import { publicChanges } from './secrets';

export type SqlValue = string | number | null;

/** The state tables and the columns an event may change; anything else is refused. */
export const MUTABLE_FIELDS = {
  game: ['started', 'ended', 'usa_player', 'csa_player', 'us_successor', 'manpower_usa', 'manpower_csa', 'raining', 'mud', 'rain_stop_rolls', 'rain_began_turn_id', 'rain_rolled_turn_id'],
  clock: ['turn_id', 'step', 'segment', 'phase'],
  turn_state: [
    'initiative',
    'initiative_modifier',
    'army_points_usa',
    'army_points_csa',
    'preroll_usa',
    'preroll_csa',
    'activations',
    'passes_in_row',
    'side_to_act',
    'attachment_made',
    'entries_done',
  ],
  reinforcement_groups: ['rolled_turn_id', 'arrived_turn_id', 'scheduled_turn_id', 'entry_area'],
  commands: [
    'own_order',
    'order_expires',
    'rsm',
    'recovery',
    'ineffective',
    'attached_to',
    'on_map',
    'me_attempted',
    'order_change_failed',
    'activation',
    'activation_phase',
    'activation_order',
    'confusion_result',
    'fatigue_recovery',
  ],
  leaders: ['stars', 'rating', 'range', 'rating_verified', 'points_used', 'moved', 'casualty', 'replaced', 'replacement_rating', 'on_map', 'rally_used', 'arrival_turn_id', 'arrival_area'],
  units: [
    'sp',
    'weapon',
    'sp_lost',
    'stragglers',
    'abandoned_guns',
    'captured_guns',
    'destroyed_guns',
    'fatigue',
    'status',
    'mounted',
    'out_of_ammo',
    'extended_column',
    'strategic_movement',
    'skirmishers',
    'own_order',
    'order_expires',
    'on_map',
    'activation',
    'activation_phase',
    'activation_order',
    'works',
    'bayonet_charge',
    'confusion_result',
    'double_time_turn_id',
  ],
  objectives: ['occupied'],
  // A side's secrets (db/secrets.ts): changed by events like the rest, never shown in the history.
  alternative_arrivals: ['entry_area', 'ordered_turn_id', 'rolled_turn_id'],
  concealment: ['concealed', 'plot'],
} as const;
export type StateTable = keyof typeof MUTABLE_FIELDS;
export type Field<T extends StateTable> = (typeof MUTABLE_FIELDS)[T][number];

export interface Change {
  table: StateTable;
  key: string | number;
  field: string;
  before: SqlValue;
  after: SqlValue;
}

/** Collects the field changes of one event, skipping fields whose value does not change. */
export class ChangeSet {
  readonly changes: Change[] = [];
  private readonly pending = new Map<string, Change>();

  set<T extends StateTable>(table: T, key: string | number, field: Field<T>, before: SqlValue, after: SqlValue): this {
    const id = `${table}\u0000${key}\u0000${field}`;
    const existing = this.pending.get(id);
    if (existing) {
      existing.after = after;
      return this;
    }
    if (before === after) return this;
    const change: Change = { table, key, field, before, after };
    this.pending.set(id, change);
    this.changes.push(change);
    return this;
  }

  /** The value a field will have after this change set, given its value now. */
  valueOf<T extends StateTable>(table: T, key: string | number, field: Field<T>, current: SqlValue): SqlValue {
    const c = this.pending.get(`${table}\u0000${key}\u0000${field}`);
    return c ? c.after : current;
  }

  get size(): number {
    return this.changes.filter((c) => c.before !== c.after).length;
  }
}

export interface EventPayload {
  input: unknown;
  changes: Change[];
}

interface EventRow {
  seq: number;
  at: string;
  turn_id: string;
  segment: string;
  phase: string;
  kind: EventKind;
  summary: string;
  payload: string;
  prev_head: number | null;
  undone: number;
  redo_next: number | null;
  secret_side: 'USA' | 'CSA' | null;
}

interface HeadRow {
  head_seq: number | null;
  redo_seq: number | null;
}

/** Only whitelisted table.field names ever reach SQL text (payloads are read back from the file). */
function assertMutable(change: { table: string; field: string }): void {
  const fields = (MUTABLE_FIELDS as Record<string, readonly string[]>)[change.table];
  if (!fields || !fields.includes(change.field)) throw new Error(`event change to ${change.table}.${change.field} is not allowed`);
}

/** Sets one field, checking the row is in the state the event expects (an event never applies half-way). */
function applyField(db: SqliteDatabase, table: StateTable, key: string | number, field: string, expected: SqlValue, value: SqlValue): void {
  assertMutable({ table, field });
  const result = statement(db, `UPDATE ${table} SET ${field} = @value WHERE id = @key AND ${field} IS @expected`).run({ value, key, expected });
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
}

function clockNow(db: SqliteDatabase): { turn_id: string; segment: string; phase: string } {
  return statement(db, 'SELECT turn_id, segment, phase FROM clock WHERE id = 1').get() as { turn_id: string; segment: string; phase: string };
}

/**
 * Writes one event and applies its changes. Must run inside the caller's transaction, so the event, its
 * dice rows and the state change commit together or not at all. Returns the new event's seq.
 */
export function recordEvent(db: SqliteDatabase, e: NewEvent, at: string = new Date().toISOString()): number {
  const head = statement(db, 'SELECT head_seq, redo_seq FROM game WHERE id = 1').get() as HeadRow;
  const clock = clockNow(db);
  const changes = e.changes.changes.filter((c) => c.before !== c.after);
  for (const c of changes) assertMutable(c);
  const payload: EventPayload = { input: e.input, changes };
  const subjects = new Set(e.subjects ?? []);
  for (const c of changes) {
    if (c.table === 'units') subjects.add(`unit:${c.key}`);
    else if (c.table === 'commands') subjects.add(`command:${c.key}`);
    else if (c.table === 'leaders') subjects.add(`leader:${c.key}`);
  }
  const info = statement(
    db,
    // secret_side (schema 5) is named only for a secret entry, so a file of an earlier schema still records the rest.
    e.secretSide
      ? `INSERT INTO events (at, turn_id, segment, phase, kind, summary, payload, subjects, prev_head, secret_side)
     VALUES (@at, @turn_id, @segment, @phase, @kind, @summary, @payload, @subjects, @prev_head, @secret_side)`
      : `INSERT INTO events (at, turn_id, segment, phase, kind, summary, payload, subjects, prev_head)
     VALUES (@at, @turn_id, @segment, @phase, @kind, @summary, @payload, @subjects, @prev_head)`,
  ).run({ at, ...clock, kind: e.kind, summary: e.summary, payload: JSON.stringify(payload), subjects: ` ${[...subjects].join(' ')} `, prev_head: head.head_seq, ...(e.secretSide ? { secret_side: e.secretSide } : {}) });
  const seq = Number(info.lastInsertRowid);
  for (const c of changes) applyField(db, c.table, c.key, c.field, c.before, c.after);
  // A new change after an undo drops the redo chain: O(1), the undone rows simply stay undone.
  statement(db, 'UPDATE game SET head_seq = ?, redo_seq = NULL WHERE id = 1').run(seq);
  for (const d of e.dice ?? []) appendDiceRow(db, { ...d, eventSeq: seq }, at);
  return seq;
}

function loadEvent(db: SqliteDatabase, seq: number): EventRow {
  const row = statement(db, 'SELECT * FROM events WHERE seq = ?').get(seq) as EventRow | undefined;
  if (!row) throw new MusterError('CORRUPT', 'events', `event ${seq} is missing from the log`);
  return row;
}

export function undoHead(db: SqliteDatabase): number {
  const head = statement(db, 'SELECT head_seq, redo_seq FROM game WHERE id = 1').get() as HeadRow;
  if (head.head_seq === null) throw new MusterError('NOTHING_TO_UNDO', 'undo', 'there is nothing to undo');
  const event = loadEvent(db, head.head_seq);
  const { changes } = JSON.parse(event.payload) as EventPayload;
  for (let i = changes.length - 1; i >= 0; i -= 1) {
    const c = changes[i]!;
    applyField(db, c.table, c.key, c.field, c.after, c.before);
  }
  statement(db, 'UPDATE events SET undone = 1, redo_next = ? WHERE seq = ?').run(head.redo_seq, event.seq);
  statement(db, 'UPDATE game SET head_seq = ?, redo_seq = ? WHERE id = 1').run(event.prev_head, event.seq);
  return event.seq;
}

export function redoNext(db: SqliteDatabase): number {
  const head = statement(db, 'SELECT head_seq, redo_seq FROM game WHERE id = 1').get() as HeadRow;
  if (head.redo_seq === null) throw new MusterError('NOTHING_TO_REDO', 'redo', 'there is nothing to redo');
  const event = loadEvent(db, head.redo_seq);
  const { changes } = JSON.parse(event.payload) as EventPayload;
  for (const c of changes) applyField(db, c.table, c.key, c.field, c.before, c.after);
  statement(db, 'UPDATE events SET undone = 0, redo_next = NULL WHERE seq = ?').run(event.seq);
  statement(db, 'UPDATE game SET head_seq = ?, redo_seq = ? WHERE id = 1').run(event.seq, event.redo_next);
  return event.seq;
}

export function undoRedoAvailable(db: SqliteDatabase): { canUndo: boolean; canRedo: boolean } {
  const head = statement(db, 'SELECT head_seq, redo_seq FROM game WHERE id = 1').get() as HeadRow;
  return { canUndo: head.head_seq !== null, canRedo: head.redo_seq !== null };
}

export function eventCount(db: SqliteDatabase): number {
  return (statement(db, 'SELECT count(*) AS n FROM events').get() as { n: number }).n;
}

function toEntry(row: EventRow, dice: DiceRecord[]): HistoryEntry {
  const payload = JSON.parse(row.payload) as EventPayload;
  return {
    seq: row.seq,
    at: row.at,
    turnId: row.turn_id,
    segment: row.segment,
    phase: row.phase,
    kind: row.kind,
    summary: row.summary,
    undone: row.undone === 1,
    secretSide: row.secret_side ?? null,
    // A side's secrets never leave the file through the history (db/secrets.ts).
    changes: publicChanges(payload.changes).map((c): FieldChange => ({ table: c.table, key: String(c.key), field: c.field, before: c.before, after: c.after })),
    diceSeqs: dice.map((d) => d.seq),
  };
}

export function historyEntry(db: SqliteDatabase, seq: number): HistoryEntry {
  return toEntry(loadEvent(db, seq), diceOfEvents(db, [seq]).get(seq) ?? []);
}

/**
 * Events newest first, filtered by kind, subject, turn and undone flag; pages backwards with beforeSeq.
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
    limit: q.limit ?? 200,
    hidden: hidden.length > 0 ? JSON.stringify(hidden) : null,
  };
  // Newest first down the primary key; subjects are matched within the row (one page less per event than an index).
  const sql = `SELECT e.* FROM events e
       WHERE (@before IS NULL OR e.seq < @before)
         AND (@subject IS NULL OR instr(e.subjects, ' ' || @subject || ' ') > 0)
         AND (@kinds IS NULL OR e.kind IN (SELECT value FROM json_each(@kinds)))
         AND (@turn IS NULL OR e.turn_id = @turn) AND (@includeUndone = 1 OR e.undone = 0)
         AND (@hidden IS NULL OR e.seq NOT IN (SELECT value FROM json_each(@hidden)))
       ORDER BY e.seq DESC LIMIT @limit`;
  const rows = statement(db, sql).all(params) as EventRow[];
  const dice = diceOfEvents(db, rows.map((r) => r.seq));
  return rows.map((r) => toEntry(r, dice.get(r.seq) ?? []));
}

/**
 * Checks the log explains the state: the undo chain from the head holds applied events only, in
 * descending order; the redo chain holds undone events only; every event is on exactly one of them or
 * was dropped by a later change; and walking the applied events back from the present, each one's
 * "after" values are what the state held after it (nothing half-applied, nothing changed outside the log).
 */
export function verifyEvents(db: SqliteDatabase): { count: number; problems: string[] } {
  const problems: string[] = [];
  const count = eventCount(db);
  const head = statement(db, 'SELECT head_seq, redo_seq FROM game WHERE id = 1').get() as HeadRow | undefined;
  if (!head) return { count, problems: ['the game row is missing'] };
  const current = new Map<string, SqlValue>();
  const valueNow = (c: Change): SqlValue => {
    const id = `${c.table}\u0000${c.key}\u0000${c.field}`;
    if (!current.has(id)) {
      const row = statement(db, `SELECT ${c.field} AS v FROM ${c.table} WHERE id = ?`).get(c.key) as { v: SqlValue } | undefined;
      current.set(id, row === undefined ? undefined as unknown as SqlValue : row.v);
    }
    return current.get(id) as SqlValue;
  };
  let seq = head.head_seq;
  let last = Number.POSITIVE_INFINITY;
  let applied = 0;
  while (seq !== null) {
    const row = statement(db, 'SELECT * FROM events WHERE seq = ?').get(seq) as EventRow | undefined;
    if (!row) {
      problems.push(`event ${seq} on the undo chain is missing`);
      break;
    }
    if (row.seq >= last) {
      problems.push(`event ${row.seq}: the undo chain does not go back in time`);
      break;
    }
    if (row.undone !== 0) problems.push(`event ${row.seq} is on the undo chain but marked undone`);
    const { changes } = JSON.parse(row.payload) as EventPayload;
    for (let i = changes.length - 1; i >= 0; i -= 1) {
      const c = changes[i]!;
      try {
        assertMutable(c);
      } catch {
        problems.push(`event ${row.seq}: changes ${c.table}.${c.field}, which no event may change`);
        continue;
      }
      const now = valueNow(c);
      if (now !== c.after) problems.push(`event ${row.seq}: ${c.table} ${c.key} ${c.field} is ${JSON.stringify(now)}, the event left it ${JSON.stringify(c.after)}`);
      current.set(`${c.table}\u0000${c.key}\u0000${c.field}`, c.before);
    }
    applied += 1;
    last = row.seq;
    seq = row.prev_head;
  }
  const appliedInTable = (statement(db, 'SELECT count(*) AS n FROM events WHERE undone = 0').get() as { n: number }).n;
  if (appliedInTable !== applied) problems.push(`${appliedInTable} events are marked applied but ${applied} are on the undo chain`);
  let redo = head.redo_seq;
  let guard = 0;
  while (redo !== null && guard <= count) {
    const row = statement(db, 'SELECT * FROM events WHERE seq = ?').get(redo) as EventRow | undefined;
    if (!row) {
      problems.push(`event ${redo} on the redo chain is missing`);
      break;
    }
    if (row.undone !== 1) problems.push(`event ${row.seq} is on the redo chain but not undone`);
    redo = row.redo_next;
    guard += 1;
  }
  if (guard > count) problems.push('the redo chain loops');
  return { count, problems };
}
