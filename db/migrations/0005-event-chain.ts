/**
 * Schema version 5: the event log becomes a hash chain, like the dice log, and the game keeps its genesis.
 *
 * - events.prev_hash / events.hash: each event's hash covers the previous event's hash, its own content
 *   and the dice chain's head after it (canonical serialisation format 1, db/event-hash.ts);
 * - genesis: one row, the state the game started from and its hash, where the event chain starts
 *   (db/genesis.ts); `verify` rebuilds the state from it and the log;
 * - both are append-only: the events trigger now covers the two hash columns, and the genesis row can
 *   be neither changed nor deleted.
 *
 * A game of an older version (4, or older brought up to it by the steps before) gets its chain here. Its genesis is the state the log explains: the state now, with
 * every applied event taken back (its "before" values), from the head down the undo chain; then every
 * event (undone ones too) is hashed in order, each with the dice head after it. A version 4 file made
 * by this Muster and upgraded gets exactly the chain it would have had (db/migrations.test.ts). An edit
 * made to an older file outside Muster, to a field no event changed, becomes part of its genesis:
 * the chain can only vouch for what happens from the upgrade on (RI-V01).
 */
import { hash as digest } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Migration } from './types';

// -------------------------------------------------------------------------------------------------
// Frozen: this migration's own copy of what it needs, as it was at schema version 5. A released migration
// never imports live code (db/genesis.ts, db/event-hash.ts, db/dice.ts may change with later versions):
// what it writes into an old file must stay what it wrote when it was released.

type SqlValue = string | number | null;

/** The state tables at schema version 5, in genesis order. */
const STATE_TABLES = ['game', 'turns', 'clock', 'turn_state', 'reinforcement_groups', 'commands', 'leaders', 'units', 'objectives', 'alternative_arrivals', 'concealment'] as const;
type StateTableName = (typeof STATE_TABLES)[number];

/** Undo bookkeeping, not state: left out of the genesis. */
const POINTER_COLUMNS: Partial<Record<StateTableName, readonly string[]>> = { game: ['head_seq', 'redo_seq'] };

/** The dice chain's head before any roll: 64 zeros. */
const DICE_GENESIS_HASH = '0'.repeat(64);

interface TableRows {
  columns: string[];
  rows: SqlValue[][];
}
type StateSnapshot = Record<StateTableName, TableRows>;

/** An event's change and payload, as version 5 stored them. */
interface StoredChange {
  table: string;
  key: string | number;
  field: string;
  before: SqlValue;
  after: SqlValue;
}
interface EventToHash {
  seq: number;
  at: string;
  turn_id: string;
  segment: string;
  phase: string;
  kind: string;
  summary: string;
  payload: string;
  subjects: string;
  prev_head: number | null;
}

/** Every row of every state table as the file holds it, the columns in the schema's order. */
function readState(db: Database): StateSnapshot {
  const out = {} as StateSnapshot;
  for (const table of STATE_TABLES) {
    const skip = POINTER_COLUMNS[table] ?? [];
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name).filter((c) => !skip.includes(c));
    const rows = db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY id`).raw().all() as SqlValue[][];
    out[table] = { columns, rows };
  }
  return out;
}

/** The genesis text, format 1: the seed of the app's die (kept in the file at version 5) and the state tables. */
function genesisText(state: StateSnapshot, seed: number): string {
  const tables: Record<string, TableRows> = {};
  for (const t of STATE_TABLES) tables[t] = { columns: state[t].columns, rows: state[t].rows };
  return JSON.stringify({ format: 1, dice: { seed }, tables });
}

function writeGenesis(db: Database, text: string): string {
  const hash = digest('sha256', `muster/genesis/1\n${text}`);
  db.prepare('INSERT INTO genesis (id, state, hash) VALUES (1, ?, ?)').run(text, hash);
  return hash;
}

/** An event's hash, format 1 (no salt: version 5 had none). */
function eventHash(prevHash: string, e: EventToHash, diceHead: string): string {
  const US = '\u001f';
  const head = `muster/event/1${US}${e.seq}${US}${e.at}${US}${e.turn_id}${US}${e.segment}${US}${e.phase}${US}${e.kind}${US}${e.subjects}${US}${e.prev_head ?? ''}`;
  return digest('sha256', `${prevHash}\n${head}\n${diceHead}\n${JSON.stringify(e.summary)}\n${e.payload}`);
}

// -------------------------------------------------------------------------------------------------

const sql = /* sql */ `
ALTER TABLE events ADD COLUMN prev_hash TEXT;   -- the previous event's hash (event 1: the genesis hash)
ALTER TABLE events ADD COLUMN hash TEXT;        -- SHA-256 over prev_hash, this event and the dice head after it

CREATE TABLE genesis (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  state  TEXT NOT NULL,                         -- JSON: every state table's rows when the game began (db/genesis.ts)
  hash   TEXT NOT NULL                          -- where the event chain starts
);
CREATE TRIGGER genesis_append_only_update BEFORE UPDATE ON genesis
BEGIN SELECT RAISE(ABORT, 'the genesis of a game never changes'); END;
CREATE TRIGGER genesis_append_only_delete BEFORE DELETE ON genesis
BEGIN SELECT RAISE(ABORT, 'the genesis of a game never changes'); END;
`;

const sealHashes = /* sql */ `
DROP TRIGGER events_append_only_update;
CREATE TRIGGER events_append_only_update
BEFORE UPDATE OF seq, at, turn_id, segment, phase, kind, summary, payload, subjects, prev_head, prev_hash, hash ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: only undone and redo_next may change'); END;
`;

/** The state the log explains: the state now with each applied event's changes taken back, newest first. */
function initialState(db: Database): StateSnapshot {
  const state = readState(db);
  const index = new Map<StateTableName, Map<string, (string | number | null)[]>>();
  for (const t of STATE_TABLES) {
    const idAt = state[t].columns.indexOf('id');
    index.set(t, new Map(state[t].rows.map((r) => [String(r[idAt]), r])));
  }
  const load = db.prepare('SELECT seq, payload, prev_head FROM events WHERE seq = ?');
  let seq = (db.prepare('SELECT head_seq FROM game WHERE id = 1').get() as { head_seq: number | null }).head_seq;
  let guard = 0;
  while (seq !== null) {
    const row = load.get(seq) as { seq: number; payload: string; prev_head: number | null } | undefined;
    if (!row) throw new Error(`event ${seq} on the undo chain is missing: the log cannot be sealed`);
    if ((guard += 1) > 10_000_000) throw new Error('the undo chain loops: the log cannot be sealed');
    let payload: { changes: StoredChange[] };
    try {
      payload = JSON.parse(row.payload) as { changes: StoredChange[] };
    } catch {
      throw new Error(`event ${row.seq}'s record is damaged: the log cannot be sealed`);
    }
    for (let i = payload.changes.length - 1; i >= 0; i -= 1) {
      const c = payload.changes[i]!;
      const table = state[c.table as StateTableName];
      const target = index.get(c.table as StateTableName)?.get(String(c.key));
      const at = table?.columns.indexOf(c.field) ?? -1;
      if (!target || at < 0) throw new Error(`event ${row.seq} changes ${c.table} ${c.key} ${c.field}, which the game does not have`);
      target[at] = c.before;
    }
    seq = row.prev_head;
  }
  return state;
}

/** Hashes every event in order, each with the dice chain's head once its own rolls are in. */
function hashEvents(db: Database, genesisHash: string): void {
  // Read whole (an open iterator would keep the connection busy for the updates).
  const dice = db.prepare('SELECT event_seq, hash FROM dice_log ORDER BY seq').all() as { event_seq: number; hash: string }[];
  let roll = 0;
  let diceHead = DICE_GENESIS_HASH;
  let prevHash = genesisHash;
  const update = db.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?');
  const events = db.prepare('SELECT seq, at, turn_id, segment, phase, kind, summary, payload, subjects, prev_head FROM events ORDER BY seq').all() as EventToHash[];
  for (const e of events) {
    for (; roll < dice.length && dice[roll]!.event_seq <= e.seq; roll += 1) diceHead = dice[roll]!.hash;
    const hash = eventHash(prevHash, e, diceHead);
    update.run(prevHash, hash, e.seq);
    prevHash = hash;
  }
}

export const migration0005: Migration = {
  version: 5,
  name: 'event-chain',
  up(db) {
    db.exec(sql);
    // A new file has no game yet: its genesis is written when the scenario is copied in.
    const game = db.prepare('SELECT count(*) AS n FROM game').get() as { n: number };
    if (game.n === 1) {
      const { seed } = db.prepare('SELECT seed FROM dice_state WHERE id = 1').get() as { seed: number };
      const genesisHash = writeGenesis(db, genesisText(initialState(db), seed));
      hashEvents(db, genesisHash);
    }
    db.exec(sealHashes);
  },
};
