/**
 * The checks made every time a game file opens (db/integrity.ts says what each check is for): what can be
 * checked without reading the log. SQLite's quick check of the state tables, the genesis hash, and the ends
 * of the chains (the last event and the last roll, the undo head and the redo top: each exists, is marked as
 * its chain says, hashes to its stored hash and links to the row before it), and the state against the
 * fields those ends changed. Its cost does not grow with the log.
 */
import { GENESIS_HASH, diceRowHash, saltsRecorded } from './dice';
import { eventHash } from './event-hash';
import { MUTABLE_FIELDS, type EventPayload, type EventRow, type SqlValue } from './events';
import { STATE_TABLES, genesisHash, readGenesis } from './genesis';
import type { SqliteDatabase } from './open';
import { statement } from './statements';
import { HEAD_SEQ_SQL } from './store';

const show = (v: unknown) => (v === undefined ? 'missing' : JSON.stringify(v));

const EVENT_COLUMNS = 'seq, at, turn_id, segment, phase, kind, summary, payload, subjects, prev_head, undone, redo_next, prev_hash, hash';
/** The event columns and its salt (NULL in a file of a schema before salts). */
const eventColumns = (db: SqliteDatabase) => `${EVENT_COLUMNS}, ${saltsRecorded(db) ? 'salt' : 'NULL AS salt'}`;

/** The dice chain's head once event `seq`'s rolls were written. */
function diceHeadAt(db: SqliteDatabase, seq: number): string {
  const row = statement(db, 'SELECT hash FROM dice_log WHERE event_seq <= ? ORDER BY event_seq DESC, seq DESC LIMIT 1').get(seq) as { hash: string } | undefined;
  return row?.hash ?? GENESIS_HASH;
}

/** One event checked on its own: it exists, hashes to its hash, and links to the event before it. */
function checkEventAlone(db: SqliteDatabase, seq: number, what: string, problems: string[]): EventRow | undefined {
  const row = statement(db, `SELECT ${eventColumns(db)} FROM events WHERE seq = ?`).get(seq) as (EventRow & { salt: string | null }) | undefined;
  if (!row) {
    problems.push(`${what} (event ${seq}) is missing`);
    return undefined;
  }
  if (row.hash === null || eventHash(row.prev_hash ?? '', row, diceHeadAt(db, seq)) !== row.hash) {
    problems.push(`${what} (event ${seq}) does not match its hash: it was edited or damaged`);
  }
  const before = seq === 1 ? { hash: readGenesis(db)?.hash ?? null } : (statement(db, 'SELECT hash FROM events WHERE seq = ?').get(seq - 1) as { hash: string | null } | undefined);
  if (before === undefined || before.hash !== row.prev_hash) problems.push(`${what} (event ${seq}) does not link to the event before it`);
  return row;
}

/**
 * The state against the ends of the log, cheaply (RI-V06): every field the event undo would take back changed must
 * hold the value it left (`after`), and every field the event redo would bring back changes must hold the
 * value it expects (`before`). A state edited outside Muster where play last touched it is caught on
 * opening; `verify` compares every field with the state the whole log rebuilds.
 */
function stateAgrees(db: SqliteDatabase, row: EventRow, side: 'before' | 'after', what: string, problems: string[]): void {
  let changes: EventPayload['changes'];
  try {
    changes = (JSON.parse(row.payload) as EventPayload).changes;
    if (!Array.isArray(changes)) return;
  } catch {
    return;
  }
  const expected = new Map<string, { table: string; key: string | number; field: string; value: SqlValue }>();
  for (const c of side === 'after' ? changes : [...changes].reverse()) expected.set(`${c.table}\u0000${c.key}\u0000${c.field}`, { table: c.table, key: c.key, field: c.field, value: c[side] });
  for (const e of expected.values()) {
    // Names reach SQL text only from the whitelist of what an event may change.
    if (!(MUTABLE_FIELDS as Record<string, readonly string[]>)[e.table]?.includes(e.field)) continue;
    const now = statement(db, `SELECT ${e.field} AS v FROM ${e.table} WHERE id = ?`).get(e.key) as { v: SqlValue } | undefined;
    if (now === undefined || now.v !== e.value) {
      problems.push(`the game's state does not agree with ${what}: ${e.table} ${e.key} ${e.field} is ${show(now?.v)}, the log says ${show(e.value)} (edited outside Muster)`);
      return;
    }
  }
}

/**
 * What the opening checks find wrong, in words; empty for a sound file. Reads a fixed handful of rows
 * whatever the length of the log. SQLite's own errors on a damaged file are reported, not thrown.
 */
export function openingProblems(db: SqliteDatabase): string[] {
  const problems: string[] = [];
  try {
    for (const table of [...STATE_TABLES, 'genesis']) {
      const result = db.pragma(`quick_check(${table})`, { simple: true });
      // SQLite's own report (page numbers, "btreeInitPage") is for verify's log, not for players.
      if (result !== 'ok') problems.push(`the ${table} table is damaged`);
    }
    const genesis = readGenesis(db);
    if (!genesis) problems.push('the genesis (the state the game began with) is missing');
    else if (genesisHash(genesis.state) !== genesis.hash) problems.push('the genesis (the state the game began with) does not match its hash: it was edited or damaged');
    const pointers = statement(db, `SELECT ${HEAD_SEQ_SQL} AS head_seq, redo_seq FROM game WHERE id = 1`).get() as { head_seq: number | null; redo_seq: number | null } | undefined;
    if (!pointers) problems.push('the game row is missing');
    const last = (statement(db, 'SELECT max(seq) AS seq FROM events').get() as { seq: number | null }).seq;
    const lastRow = last === null ? undefined : checkEventAlone(db, last, 'the last event', problems);
    const head = pointers?.head_seq ?? null;
    const redo = pointers?.redo_seq ?? null;
    // The head is the last event not undone (db/events.ts): read from the log, it cannot point astray.
    if (head !== null) {
      const row = head === last ? lastRow : checkEventAlone(db, head, 'the event undo would take back', problems);
      if (row) stateAgrees(db, row, 'after', `the event undo would take back (event ${head})`, problems);
    }
    if (redo !== null) {
      const row = redo === last ? lastRow : checkEventAlone(db, redo, 'the event redo would bring back', problems);
      if (row && row.undone !== 1) problems.push(`the event redo would bring back (event ${redo}) is not marked undone`);
      if (row) stateAgrees(db, row, 'before', `the event redo would bring back (event ${redo})`, problems);
    }
    const roll = statement(db, 'SELECT * FROM dice_log ORDER BY seq DESC LIMIT 1').get() as (Parameters<typeof diceRowHash>[1] & { prev_hash: string; hash: string }) | undefined;
    if (roll) {
      if (diceRowHash(roll.prev_hash, roll) !== roll.hash) problems.push(`the last die roll (roll ${roll.seq}) does not match its hash: it was edited or damaged`);
      const before = roll.seq === 1 ? { hash: GENESIS_HASH } : (statement(db, 'SELECT hash FROM dice_log WHERE seq = ?').get(roll.seq - 1) as { hash: string } | undefined);
      if (before?.hash !== roll.prev_hash) problems.push(`the last die roll (roll ${roll.seq}) does not link to the roll before it`);
      if (last === null || roll.event_seq > last) problems.push(`the last die roll (roll ${roll.seq}) belongs to no event`);
    }
  } catch {
    // SQLite's own words are for the log file, not for players.
    problems.push('parts of the file could not be read: it is damaged');
  }
  return problems;
}

