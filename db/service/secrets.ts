/**
 * Hidden entries (RI-H01): the entries both players make "simultaneously and secretly" (the Order Change
 * Phases I.A and I.B, the Initiative declarations of II.A) are recorded as events marked with the side
 * that made them. Until both sides have finished the step, what such an entry says and what it changed
 * are left out of everything the other side's queries return; an undone secret entry stays hidden from
 * the other side for good. The service enforces it, not the screens: every query runs "as seen by" its
 * viewer, and undo and redo never cross into another side's hidden entry.
 */
import { describeStep, type SequenceStep } from '../../rules/sequence';
import type { Side } from '../../rules/types';
import type { SecretEntries, Viewer } from '../../contract';
import { MUTABLE_FIELDS, type EventPayload, type SqlValue } from '../events';
import { anySecretEntry } from '../secrets';
import Database from 'better-sqlite3';
import type { SqliteDatabase } from '../open';
import type { GameContext } from './game-context';
import { statement } from '../statements';
import { moduleHiddenEvents } from './rule-seam';
import { readClock, readTurnState, type ClockRow } from '../store';

const recorded = new WeakMap<SqliteDatabase, boolean>();

/**
 * Whether the file records secret entries (schema 5). A game opened by Muster always does (files are
 * migrated when opened); a file a test keeps at an earlier schema has no secret entries to keep.
 */
export function secretsRecorded(db: SqliteDatabase): boolean {
  let known = recorded.get(db);
  if (known === undefined) {
    known = (db.prepare('PRAGMA table_info(events)').all() as { name: string }[]).some((c) => c.name === 'secret_side');
    recorded.set(db, known);
  }
  return known;
}

/** The bit of a side in turn_state.entries_done. */
export const sideBit = (side: Side): number => (side === 'USA' ? 1 : 2);
export const BOTH_DONE = 3;

/** The secret entries of a step of the Sequence of Play (rules/sequence.ts marks them), or null. */
export function secretStep(clock: Pick<ClockRow, 'segment' | 'phase'>): { entries: string; rule: string; label: string } | null {
  const d = describeStep({ segment: clock.segment as SequenceStep['segment'], phase: clock.phase as SequenceStep['phase'] });
  return d.secret ? { ...d.secret, label: d.label } : null;
}

/** Where the secret entries of the current step stand, for the turn state. */
export function secretEntriesNow(db: SqliteDatabase): SecretEntries | null {
  const step = secretStep(readClock(db));
  if (!step || !secretsRecorded(db)) return null;
  const done = readTurnState(db).entries_done;
  const finished = { USA: (done & sideBit('USA')) !== 0, CSA: (done & sideBit('CSA')) !== 0 };
  return {
    entries: step.entries,
    rule: step.rule,
    finished,
    revealed: done === BOTH_DONE,
    entering: !finished.USA ? 'USA' : !finished.CSA ? 'CSA' : null,
  };
}

interface SecretEventRow {
  seq: number;
  undone: number;
  secret_side: Side;
  payload: string;
}

/**
 * The secret entries the viewer may not see: another side's entries of the current step while the step
 * is not revealed, and another side's undone entries of any step. Every query runs it (asSeenBy), so it
 * must not read the log: "IN ('USA', 'CSA')" (all the column's CHECK allows) is an equality on the
 * partial index events_secret, which SQLite's planner takes; with "IS NOT NULL" it scans every event.
 */
export const HIDDEN_EVENTS_SQL = `SELECT seq, undone, secret_side, payload FROM events
     WHERE secret_side IN ('USA', 'CSA') AND (@viewer IS NULL OR secret_side <> @viewer)
       AND (undone = 1 OR (@revealed = 0 AND turn_id = @turn AND segment = @segment AND phase = @phase))
     ORDER BY seq`;

/** HIDDEN_EVENTS_SQL for a viewer ('both' sees every entry; no viewer sees none that is unrevealed). */
function hiddenEvents(db: SqliteDatabase, viewer: Viewer | undefined): SecretEventRow[] {
  if (viewer === 'both' || !secretsRecorded(db) || !anySecretEntry(db)) return [];
  const clock = readClock(db);
  const revealed = readTurnState(db).entries_done === BOTH_DONE ? 1 : 0;
  return statement(db, HIDDEN_EVENTS_SQL).all({ viewer: viewer ?? null, revealed, turn: clock.turn_id, segment: clock.segment, phase: clock.phase }) as SecretEventRow[];
}

/**
 * The seqs of the events the viewer may not see (history and the dice log leave them out): with the
 * Messengers option, also another side's attempts whose messages are on their way (RI-O51).
 */
export function hiddenEventSeqs(db: SqliteDatabase, viewer: Viewer | undefined): number[] {
  const seqs = new Set([...hiddenEvents(db, viewer), ...moduleHiddenEvents(db, viewer)].map((e) => e.seq));
  return [...seqs].sort((a, b) => a - b);
}

/** Is this event another side's secret entry that the viewer may not see (RI-H01, RI-O51)? */
export function hiddenFrom(db: SqliteDatabase, seq: number, viewer: Viewer | undefined): Side | null {
  return [...hiddenEvents(db, viewer), ...moduleHiddenEvents(db, viewer)].find((e) => e.seq === seq)?.secret_side ?? null;
}

/** The side whose hand-over (entries.finished) this event is, when it belongs to the current step; else null. */
export function handOverOf(db: SqliteDatabase, seq: number): Side | null {
  const clock = readClock(db);
  const row = statement(db, 'SELECT kind, payload, turn_id, segment, phase FROM events WHERE seq = ?').get(seq) as { kind: string; payload: string; turn_id: string; segment: string; phase: string } | undefined;
  if (!row || row.kind !== 'entries.finished' || row.turn_id !== clock.turn_id || row.segment !== clock.segment || row.phase !== clock.phase) return null;
  const input = (JSON.parse(row.payload) as { input?: { side?: Side } }).input;
  return input?.side ?? null;
}

/** Applied secret entries of a side in the current step (a side that made some cannot say it has nothing to enter). */
export function entriesThisStep(db: SqliteDatabase, side: Side): number {
  if (!secretsRecorded(db)) return 0;
  const clock = readClock(db);
  const row = statement(db, 'SELECT count(*) AS n FROM events WHERE secret_side = ? AND undone = 0 AND turn_id = ? AND segment = ? AND phase = ?').get(side, clock.turn_id, clock.segment, clock.phase) as { n: number };
  return row.n;
}

/** Fields every side sees even when a secret entry changed them: who has finished is public. */
const PUBLIC_FIELDS = new Set(['turn_state.entries_done']);

/**
 * Runs a query on the game as the viewer may see it: the state as it was before the secret entries the
 * viewer may not see (inside a savepoint that is always rolled back, so nothing is ever written), with
 * everything derived from it (inherited orders, points spent, totals) following. A field that a public
 * event changed after the hidden entry keeps its value: only the hidden entry's own effect is taken out.
 *
 * A game open read-only (its file or folder, or a damaged file) cannot take even a rolled-back change: the
 * query then runs on a private copy of the game in memory, the hidden entries taken out there (RI-H01).
 */
export function asSeenBy<T>(ctx: GameContext, viewer: Viewer | undefined, run: (ctx: GameContext) => T): T {
  const db = ctx.db;
  const applied = hiddenEvents(db, viewer).filter((e) => e.undone === 0);
  if (applied.length === 0) return run(ctx);
  if (db.readonly) {
    const copy = new Database(db.serialize());
    try {
      return withHiddenTakenOut(copy, applied, () => run({ ...ctx, db: copy }));
    } finally {
      copy.close();
    }
  }
  return withHiddenTakenOut(db, applied, () => run(ctx));
}

/** Runs `run` with the effects of the applied hidden entries taken back, in a transaction always rolled back. */
function withHiddenTakenOut<T>(db: SqliteDatabase, applied: readonly SecretEventRow[], run: () => T): T {
  const hiddenSeqs = new Set(applied.map((e) => e.seq));
  const keyOf = (c: { table: string; key: string | number; field: string }) => `${c.table}\u0000${c.key}\u0000${c.field}`;
  const touchedLater = new Set<string>();
  const later = statement(db, 'SELECT seq, payload FROM events WHERE seq > ? AND undone = 0').all(applied[0]!.seq) as { seq: number; payload: string }[];
  for (const e of later) {
    if (hiddenSeqs.has(e.seq)) continue;
    for (const c of (JSON.parse(e.payload) as EventPayload).changes) touchedLater.add(keyOf(c));
  }
  const reverts: { table: string; key: string | number; field: string; value: SqlValue }[] = [];
  for (const e of [...applied].reverse()) {
    const changes = (JSON.parse(e.payload) as EventPayload).changes;
    for (let i = changes.length - 1; i >= 0; i -= 1) {
      const c = changes[i]!;
      if (PUBLIC_FIELDS.has(`${c.table}.${c.field}`) || touchedLater.has(keyOf(c))) continue;
      // Field names reach SQL text only from the whitelist (as in db/events.ts).
      if (!(MUTABLE_FIELDS as Record<string, readonly string[]>)[c.table]?.includes(c.field)) throw new Error(`event change to ${c.table}.${c.field} is not allowed`);
      reverts.push({ table: c.table, key: c.key, field: c.field, value: c.before });
    }
  }
  // A transaction of its own, rolled back whole: releasing a savepoint would commit the touched pages
  // to the WAL again, unchanged but written. Inside a caller's transaction, a savepoint is all there is.
  const nested = db.inTransaction;
  db.exec(nested ? 'SAVEPOINT muster_as_seen_by' : 'BEGIN');
  try {
    for (const r of reverts) statement(db, `UPDATE ${r.table} SET ${r.field} = @value WHERE id = @key`).run({ value: r.value, key: r.key });
    return run();
  } finally {
    db.exec(nested ? 'ROLLBACK TO muster_as_seen_by; RELEASE muster_as_seen_by' : 'ROLLBACK');
  }
}
