/**
 * The genesis of a game: the state the scenario gave it when it was created, every row of every state
 * table, stored once in the file (table `genesis`) and never changed. It is where the event chain starts
 * (event 1's prev_hash is the genesis hash) and what `verify` replays the log from: genesis + every
 * applied event = the state the tables must hold, column by column (db/integrity.ts).
 *
 * Canonical serialisation (format 1, never changed; a new format gets new functions):
 *   text = JSON.stringify({ format: 1, dice: { seed }, tables: { <table>: { columns, rows } } })
 *   with the tables in STATE_TABLES order, each table's columns in the schema's order (without the undo
 *   pointers game.redo_seq and, in files before schema 21, game.head_seq, which the chains check), its rows ordered by id, each row
 *   an array of values in column order;
 *   hash = hex(SHA-256("muster/genesis/1\n" + text)).
 * The hash is over the stored text, so the text is what is checked, however it was produced.
 *
 * A column that a later schema version adds is missing from an older genesis: the rebuild gives it the
 * column's declared default, which is what the migration that added it gave every row.
 */
import { hash as digest } from 'node:crypto';
import type { SqliteDatabase } from './open';
import type { SqlValue } from './events';
import { statement } from './statements';

/** Every table that holds game state (the scenario's copy and what play changed), in genesis order. */
export const STATE_TABLES = ['game', 'turns', 'clock', 'turn_state', 'reinforcement_groups', 'commands', 'leaders', 'units', 'objectives', 'alternative_arrivals', 'concealment'] as const;
export type StateTableName = (typeof STATE_TABLES)[number];

/** Undo bookkeeping, not state: the event chain and the undo/redo chains check it (head_seq: files before schema 21). */
const POINTER_COLUMNS: Partial<Record<StateTableName, readonly string[]>> = { game: ['head_seq', 'redo_seq'] };

export interface TableRows {
  columns: string[];
  rows: SqlValue[][];
}
export type StateSnapshot = Record<StateTableName, TableRows>;

interface ColumnInfo {
  name: string;
  dflt_value: string | null;
}

/** The state columns of a table in the schema's order, with their declared defaults. */
export function stateColumns(db: SqliteDatabase, table: StateTableName): ColumnInfo[] {
  const skip = POINTER_COLUMNS[table] ?? [];
  return (db.prepare(`PRAGMA table_info(${table})`).all() as ColumnInfo[]).filter((c) => !skip.includes(c.name));
}

/** The state columns of every state table at once (one statement instead of one per table), in the schema's order. */
function allStateColumns(db: SqliteDatabase): Map<StateTableName, string[]> {
  const rows = statement(
    db,
    `SELECT m.name AS tbl, p.name AS name FROM sqlite_master m, pragma_table_info(m.name) p
     WHERE m.type = 'table' AND m.name IN (${STATE_TABLES.map((t) => `'${t}'`).join(', ')}) ORDER BY m.name, p.cid`,
  ).raw().all() as [StateTableName, string][];
  const out = new Map<StateTableName, string[]>(STATE_TABLES.map((t) => [t, []]));
  for (const [table, name] of rows) if (!(POINTER_COLUMNS[table] ?? []).includes(name)) out.get(table)!.push(name);
  return out;
}

/** Every row of every state table as it is in the file now (the columns of the schema as it is now). */
export function readState(db: SqliteDatabase): StateSnapshot {
  const out = {} as StateSnapshot;
  const all = allStateColumns(db);
  for (const table of STATE_TABLES) {
    const columns = all.get(table)!;
    const rows = statement(db, `SELECT ${columns.join(', ')} FROM ${table} ORDER BY id`).raw().all() as SqlValue[][];
    out[table] = { columns, rows };
  }
  return out;
}

export const GENESIS_FORMAT = 'muster/genesis/1';

/**
 * The genesis text: format 1 (games created before schema 13) also held the seed of the app's die; format 2
 * holds the state tables only (the die keeps nothing: db/dice.ts). Migration 0005 writes format 1.
 */
export function genesisText(state: StateSnapshot, seed?: number): string {
  const tables: Record<string, TableRows> = {};
  for (const t of STATE_TABLES) tables[t] = { columns: state[t].columns, rows: state[t].rows };
  return seed === undefined ? JSON.stringify({ format: 2, tables }) : JSON.stringify({ format: 1, dice: { seed }, tables });
}

export function genesisHash(text: string): string {
  return digest('sha256', `${GENESIS_FORMAT}\n${text}`);
}

/** Records the state the game starts from. Runs inside the creation transaction, after the scenario and the dice. */
export function writeGenesis(db: SqliteDatabase, text: string): string {
  const hash = genesisHash(text);
  statement(db, 'INSERT INTO genesis (id, state, hash) VALUES (1, ?, ?)').run(text, hash);
  return hash;
}

/**
 * The genesis of a new game: its state tables as insertScenario left them. A file a test keeps at a schema
 * before 13 still has the seeded die's table, which its migration 0005 reads: it gets a stand-in row (seed
 * 0, never drawn from) and the format 1 genesis that goes with it.
 */
export function writeInitialGenesis(db: SqliteDatabase): string {
  const oldDie = statement(db, "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'dice_state'").get() as { n: number };
  if (oldDie.n === 0) return writeGenesis(db, genesisText(readState(db)));
  statement(db, "INSERT INTO dice_state (id, seed, count, state) VALUES (1, 0, 0, '[]')").run();
  return writeGenesis(db, genesisText(readState(db), 0));
}

export interface GenesisRow {
  state: string;
  hash: string;
}

export function readGenesis(db: SqliteDatabase): GenesisRow | undefined {
  return statement(db, 'SELECT state, hash FROM genesis WHERE id = 1').get() as GenesisRow | undefined;
}

/** Just the stored hash: where the event chain starts. */
export function genesisHead(db: SqliteDatabase): string | undefined {
  return (statement(db, 'SELECT hash FROM genesis WHERE id = 1').get() as { hash: string } | undefined)?.hash;
}

/** One table of the rebuilt state: rows by id (as text), each a column -> value record. */
export type RebuiltTable = Map<string, Record<string, SqlValue>>;
export type RebuiltState = Map<StateTableName, RebuiltTable>;

/** The value a column default declared as SQL text stands for (NULL, a number or a quoted string). */
function defaultValue(sql: string | null): SqlValue {
  if (sql === null || /^null$/i.test(sql)) return null;
  if (/^-?\d+(\.\d+)?$/.test(sql)) return Number(sql);
  const quoted = /^'(.*)'$/s.exec(sql);
  return quoted ? quoted[1]!.replace(/''/g, "'") : sql;
}

/**
 * The genesis as rows to replay onto, with the columns of the schema as it is now (a column added after
 * the genesis was written takes its declared default). Throws on text that is not a genesis of format 1 or 2.
 */
export function parseGenesis(db: SqliteDatabase, text: string): { state: RebuiltState } {
  const parsed = JSON.parse(text) as { format?: unknown; dice?: { seed?: unknown }; tables?: Record<string, TableRows> };
  const known = (parsed.format === 1 && typeof parsed.dice?.seed === 'number') || parsed.format === 2;
  if (!known || typeof parsed.tables !== 'object' || parsed.tables === null) {
    throw new Error('it is not a genesis Muster wrote (format 1 or 2)');
  }
  const state: RebuiltState = new Map();
  for (const table of STATE_TABLES) {
    const stored = parsed.tables[table];
    if (!stored || !Array.isArray(stored.columns) || !Array.isArray(stored.rows)) throw new Error(`it has no ${table} table`);
    const idAt = stored.columns.indexOf('id');
    if (idAt < 0) throw new Error(`its ${table} table has no id column`);
    const missing = stateColumns(db, table).filter((c) => !stored.columns.includes(c.name));
    const rows: RebuiltTable = new Map();
    for (const values of stored.rows) {
      const row: Record<string, SqlValue> = {};
      stored.columns.forEach((c, i) => (row[c] = values[i] ?? null));
      for (const c of missing) row[c.name] = defaultValue(c.dflt_value);
      rows.set(String(values[idAt]), row);
    }
    state.set(table, rows);
  }
  return { state };
}
