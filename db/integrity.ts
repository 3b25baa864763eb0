/**
 * Can the game file be trusted? Three answers, from cheap to thorough:
 *
 * - `fileLengthProblem` (before the file is opened): a file whose length is not a whole number of pages,
 *   or is shorter than its SQLite header says, was cut off; SQLite itself would read the missing bytes as
 *   zeros and carry on.
 * - `openingProblems` (every open, db/opening-check.ts): what can be checked without reading the log: SQLite's quick check of
 *   the state tables, the genesis hash, and the ends of the chains (the last event and the last roll,
 *   the undo head and the redo top: each exists, is marked as its chain says, hashes to its stored hash
 *   and links to the row before it). Its cost does not grow with the log.
 * - `verifyGame` (`verify`): SQLite's integrity check of every table but the log (whose every row it
 *   reads and hashes itself), the file's length, every link and hash of both chains, the undo and redo
 *   chains, and the state rebuilt from the genesis and the applied events (replayed as the log is read,
 *   once), compared with the state tables column by column; each card draw of card-draw activation is
 *   replayed from its logged rolls on the box as it stood (db/card-draw-check.ts). The hashes of both
 *   logs are computed on a second thread while the pages before are checked (db/page-hasher.ts). It never
 *   throws: whatever it cannot read is itself reported.
 *
 * The game fingerprint is a short digest of where the log stands: the heads of both chains and the undo
 * pointers (RI-V02: undo moves it, redo moves it back). Two players who note it at the end of a session can later tell whether anything before it
 * changed (the last event and roll seal everything before them). Format 1:
 *   fingerprint = first 12 hex of SHA-256("muster/fingerprint/1\n" + event head hash + "\n" +
 *                 dice head hash + "\n" + head_seq + "\n" + redo_seq)   (an empty string for a NULL pointer)
 */
import { hash as digest } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import type { VerifyReport } from '../contract';
import { cardDrawProblem } from './card-draw-check';
import { GENESIS_HASH, diceHead, saltsRecorded, verifyDice, type DiceHeadAfter } from './dice';
import { eventHashInput, hashHeadSql } from './event-hash';
import { MUTABLE_FIELDS, changesAt, eventHead, payloadSecretSide, type EventPayload, type SqlValue } from './events';
import { STATE_TABLES, genesisHash, parseGenesis, readGenesis, stateColumns, type GenesisRow, type RebuiltState, type StateTableName } from './genesis';
import type { SqliteDatabase } from './open';
import { SECRET_TABLES } from './secrets';
import { withHashes } from './page-hasher';
import { pagesOf, statement } from './statements';
import { HEAD_SEQ_SQL } from './store';

/** At most this many problems are listed per check; the rest are counted. */
const MAX_LISTED = 50;

/** A list of problems that stops growing at MAX_LISTED lines (and says how many more there were). */
class Problems {
  readonly lines: string[] = [];
  private more = 0;

  add(line: string): void {
    if (this.lines.length < MAX_LISTED) this.lines.push(line);
    else this.more += 1;
  }

  get count(): number {
    return this.lines.length + this.more;
  }

  list(): string[] {
    return this.more === 0 ? this.lines : [...this.lines, `... and ${this.more} more`];
  }
}

/**
 * What went wrong, in players' words: SQLite's own report of a damaged file ("database disk image is
 * malformed", page numbers) is not shown to players; Muster's own reasons are.
 */
const messageOf = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE')) return 'parts of the file cannot be read';
  return e instanceof Error ? e.message : String(e);
};
const show = (v: unknown) => (v === undefined ? 'missing' : JSON.stringify(v));

// ---------------------------------------------------------------------------------------------
// The fingerprint

export const FINGERPRINT_FORMAT = 'muster/fingerprint/1';

export interface Fingerprint {
  /** 12 hex characters. */
  value: string;
  events: { seq: number; hash: string | null };
  dice: { seq: number; hash: string };
}

export function fingerprint(db: SqliteDatabase): Fingerprint {
  const events = eventHead(db);
  const dice = diceHead(db);
  const g = statement(db, `SELECT ${HEAD_SEQ_SQL} AS head_seq, redo_seq FROM game WHERE id = 1`).get() as { head_seq: number | null; redo_seq: number | null } | undefined;
  const text = [FINGERPRINT_FORMAT, events.hash ?? '', dice.hash, g?.head_seq ?? '', g?.redo_seq ?? ''].join('\n');
  return { value: digest('sha256', text).slice(0, 12), events, dice };
}

// ---------------------------------------------------------------------------------------------
// Before opening: the file's length

/**
 * Whether the file was cut off: its length against the page size and page count in its SQLite header.
 * Skipped while a write-ahead log holds pages (the file may then legitimately be shorter until the log
 * is checkpointed) and when the header's page count is not valid (SQLite then counts the file's pages).
 */
export function fileLengthProblem(path: string): string | null {
  const stat = statSync(path);
  // Anything but a regular file is refused by the opening itself (a FIFO would block a read here).
  if (!stat.isFile()) return null;
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return null;
  const size = stat.size;
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  try {
    if (readSync(fd, header, 0, 100, 0) < 100) return null;
  } finally {
    closeSync(fd);
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return null;
  if (size % pageSize !== 0) return `the file ends part-way through a page (${size} bytes, pages of ${pageSize}): it was cut off or added to`;
  const pages = header.readUInt32BE(28);
  const valid = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
  if (valid && size < pages * pageSize) return `the file is ${pages * pageSize - size} bytes shorter than its header says: it was cut off`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// verify: the whole file

/**
 * What verify keeps of the log once each event is hashed (and, if applied, replayed), indexed by seq
 * (seqs run from 1; a damaged log may have gaps): the undo pointer, the undone flag and the redo pointer.
 */
interface Log {
  count: number;
  /** Events marked applied (undone = 0). */
  marked: number;
  prevHead: (number | null)[];
  undone: number[];
  redoNext: (number | null)[];
}

const IS_MUTABLE = new Map(Object.entries(MUTABLE_FIELDS).map(([t, fields]) => [t, new Set<string>(fields)]));

/** An event as verify reads it (raw): the hash's head put together by SQLite, then the other parts and the pointers. */
const verifyEventColumns = (db: SqliteDatabase) => `seq, ${hashHeadSql(saltsRecorded(db) ? 'salt' : 'NULL')}, summary, payload, prev_head, undone, redo_next, prev_hash, hash`;

/** The genesis as rows to replay onto; null (and said why) when it is missing or cannot be read. */
function startingState(db: SqliteDatabase, genesis: GenesisRow | undefined, problems: Problems): RebuiltState | null {
  if (!genesis) {
    problems.add('the genesis (the state the game began with) is missing: the state cannot be rebuilt');
    return null;
  }
  try {
    return parseGenesis(db, genesis.state).state;
  } catch (e) {
    problems.add(`the genesis cannot be read (${messageOf(e)}): the state cannot be rebuilt`);
    return null;
  }
}

/**
 * An event's list of changes from its payload text. Muster writes payloads as {"input":...,"changes":[...]},
 * changes last, and a JSON string cannot hold an unescaped quote, so the last `,"changes":[` starts the
 * list: only it is parsed (the input is not needed to replay). Any other text is parsed whole.
 */
function changesOf(payloadText: string, at: number): EventPayload['changes'] {
  if (at > 0 && payloadText.endsWith(']}')) {
    try {
      const changes = JSON.parse(payloadText.slice(at + 11, -1)) as unknown;
      if (Array.isArray(changes)) return changes as EventPayload['changes'];
    } catch {
      // Not Muster's layout after all: parse the whole text below.
    }
  }
  const payload = JSON.parse(payloadText) as EventPayload;
  if (typeof payload !== 'object' || payload === null || !Array.isArray(payload.changes)) throw new Error('no list of changes');
  return payload.changes;
}

/** One applied event's changes on the rebuilt state, each finding the value it expects; false if its record cannot be read. */
function replay(db: SqliteDatabase, state: RebuiltState, seq: number, payloadText: unknown, at: number, eventProblems: Problems, stateProblems: Problems): boolean {
  let changes: EventPayload['changes'];
  try {
    changes = changesOf(payloadText as string, at);
  } catch {
    eventProblems.add(`event ${seq}: its record is damaged (its changes cannot be read)`);
    stateProblems.add(`the state cannot be rebuilt past event ${seq}, whose record is damaged`);
    return false;
  }
  // A card draw (card-draw activation) is replayed from its logged rolls on the box as it stood (RI-O41).
  // Looked for with a plain loop first: nearly every event draws nothing, and this runs for all of them.
  let drawing = false;
  for (let i = 0; i < changes.length && !drawing; i += 1) drawing = changes[i]!.field === 'card_drawn';
  if (drawing) {
    let draw: string | null;
    try {
      draw = cardDrawProblem(db, state, seq, changes);
    } catch (e) {
      draw = `event ${seq}: its card draw could not be checked (${messageOf(e)})`;
    }
    if (draw !== null) eventProblems.add(draw);
  }
  for (const c of changes) {
    const rows = IS_MUTABLE.get(c.table)?.has(c.field) ? state.get(c.table as StateTableName) : undefined;
    if (!rows) {
      eventProblems.add(`event ${seq}: changes ${c.table}.${c.field}, which no event may change`);
      continue;
    }
    const row = rows.get(typeof c.key === 'string' ? c.key : String(c.key));
    if (!row) {
      eventProblems.add(`event ${seq}: changes ${c.table} ${c.key}, which the game does not have`);
      continue;
    }
    if (row[c.field] !== c.before) {
      eventProblems.add(
        SECRET_TABLES.has(c.table)
          ? `event ${seq}: expects another ${c.table} ${c.key} ${c.field} than the log before it leaves (a side's secret: the values are not shown)`
          : `event ${seq}: expects ${c.table} ${c.key} ${c.field} to be ${show(c.before)}, the log before it leaves ${show(row[c.field])}`,
      );
    }
    row[c.field] = c.after;
  }
  return true;
}

/**
 * Every event in order, read once: the links and hashes of the chain (the genesis hash first, the dice
 * head after each event from the dice check), and each applied event replayed onto `state` as it goes
 * (the applied events in seq order are the order they were applied; the undo chain is checked against
 * the flags after). `state` is null afterwards if it could not be rebuilt.
 */
function checkEventChain(
  db: SqliteDatabase,
  genesis: string | null,
  diceHeads: readonly DiceHeadAfter[],
  rebuilt: { state: RebuiltState | null },
  eventProblems: Problems,
  stateProblems: Problems,
  useWorker: boolean,
): Log {
  const log: Log = { count: 0, marked: 0, prevHead: [], undone: [], redoNext: [] };
  let prevHash = genesis;
  let expected = 1;
  let dice = 0;
  // A secret entry's side (schema 6, RI-H01) is kept in its payload too, which the hash covers.
  const secretSide = (statement(db, "SELECT count(*) AS n FROM pragma_table_info('events') WHERE name = 'secret_side'").get() as { n: number }).n === 1 ? 'secret_side' : 'NULL';
  // Each page's hashes are computed on a second thread while the pages before it are replayed (db/page-hasher.ts).
  let inputDice = 0;
  let inputDiceHead = GENESIS_HASH;
  const inputOf = (r: SqlValue[]) => {
    for (; inputDice < diceHeads.length && diceHeads[inputDice]!.eventSeq <= (r[0] as number); inputDice += 1) inputDiceHead = diceHeads[inputDice]!.hash;
    return eventHashInput(String(r[7]), String(r[1]), inputDiceHead, String(r[2]), String(r[3]));
  };
  for (const { rows: page, hashes } of withHashes(pagesOf(db, `SELECT ${verifyEventColumns(db)}, ${secretSide} FROM events`, 'seq') as Generator<SqlValue[][]>, inputOf, useWorker)) {
    for (let i = 0; i < page.length; i += 1) {
    const r = page[i]!;
    const seq = r[0] as number;
    const storedPrev = r[7] as string | null;
    const stored = r[8] as string | null;
    if (seq > expected) eventProblems.add(seq - 1 > expected ? `events ${expected}-${seq - 1} are missing from the log` : `event ${expected} is missing from the log`);
    else if (seq < expected) eventProblems.add(`event ${seq} is out of order`);
    expected = seq + 1;
    while (dice < diceHeads.length && diceHeads[dice]!.eventSeq <= seq) dice += 1;
    if (storedPrev !== prevHash) eventProblems.add(`event ${seq}: its link to the ${seq === 1 ? 'genesis' : 'previous event'} is broken`);
    if (stored === null || hashes[i] !== stored) {
      eventProblems.add(`event ${seq}: its content (or the die rolls up to it) does not match its hash: edited or damaged`);
    }
    const payload = r[3];
    const at = typeof payload === 'string' ? changesAt(payload) : -1;
    if (typeof payload === 'string' && (r[9] ?? null) !== payloadSecretSide(payload, at)) {
      eventProblems.add(`event ${seq}: which side's secret entry it is does not match its record: edited`);
    }
    prevHash = stored;
    const undone = r[5] as number;
    log.count += 1;
    log.prevHead[seq] = r[4] as number | null;
    log.undone[seq] = undone;
    log.redoNext[seq] = r[6] as number | null;
    if (undone === 0) {
      log.marked += 1;
      if (rebuilt.state !== null && !replay(db, rebuilt.state, seq, payload, at, eventProblems, stateProblems)) rebuilt.state = null;
    }
    }
  }
  if (dice < diceHeads.length) eventProblems.add(`die roll(s) of event ${diceHeads[dice]!.eventSeq}, which is not in the log`);
  return log;
}

/** The undo chain from the head (descending, applied events only, all of them) and the redo chain (undone events only). */
function checkUndoRedo(db: SqliteDatabase, log: Log, problems: Problems): void {
  const pointers = statement(db, `SELECT ${HEAD_SEQ_SQL} AS head_seq, redo_seq FROM game WHERE id = 1`).get() as { head_seq: number | null; redo_seq: number | null } | undefined;
  if (!pointers) {
    problems.add('the game row is missing');
    return;
  }
  const has = (seq: number) => log.undone[seq] !== undefined;
  let applied = 0;
  let seq = pointers.head_seq;
  let last = Number.POSITIVE_INFINITY;
  while (seq !== null) {
    if (!has(seq)) {
      problems.add(`event ${seq} on the undo chain is missing`);
      break;
    }
    if (seq >= last) {
      problems.add(`event ${seq}: the undo chain does not go back in time`);
      break;
    }
    if (log.undone[seq] !== 0) problems.add(`event ${seq} is on the undo chain but marked undone`);
    applied += 1;
    last = seq;
    seq = log.prevHead[seq] ?? null;
  }
  if (log.marked !== applied) problems.add(`${log.marked} events are marked applied but ${applied} are on the undo chain`);
  let redo = pointers.redo_seq;
  let steps = 0;
  while (redo !== null && steps <= log.count) {
    if (!has(redo)) {
      problems.add(`event ${redo} on the redo chain is missing`);
      break;
    }
    if (log.undone[redo] !== 1) problems.add(`event ${redo} is on the redo chain but not undone`);
    redo = log.redoNext[redo] ?? null;
    steps += 1;
  }
  if (steps > log.count) problems.add('the redo chain loops');
}

/** The state tables against the rebuilt state, row by row and column by column. Returns the rows compared. */
function compareState(db: SqliteDatabase, rebuilt: RebuiltState, problems: Problems): number {
  let compared = 0;
  for (const table of STATE_TABLES) {
    const columns = stateColumns(db, table).map((c) => c.name);
    const expected = rebuilt.get(table)!;
    const seen = new Set<string>();
    const idAt = columns.indexOf('id');
    for (const values of statement(db, `SELECT ${columns.join(', ')} FROM ${table} ORDER BY id`).raw().iterate() as IterableIterator<SqlValue[]>) {
      compared += 1;
      const id = String(values[idAt]);
      seen.add(id);
      const want = expected.get(id);
      if (!want) {
        problems.add(`${table} ${id}: a row the game never had`);
        continue;
      }
      columns.forEach((c, i) => {
        if (values[i] === want[c]) return;
        // A side's secrets (db/secrets.ts) are named, never shown: verify's report goes to both players.
        problems.add(SECRET_TABLES.has(table) ? `${table} ${id}: ${c} is not what the log says (a side's secret: the values are not shown)` : `${table} ${id}: ${c} is ${show(values[i])}, the log says ${show(want[c])}`);
      });
    }
    for (const id of expected.keys()) if (!seen.has(id)) problems.add(`${table} ${id}: the row is missing`);
  }
  return compared;
}

/** Runs one step of verify; a step that throws is reported as a problem of its check, never thrown. */
function step<T>(problems: Problems, what: string, fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (e) {
    problems.add(`${what} could not be checked (${messageOf(e)})`);
    return fallback;
  }
}

/**
 * SQLite's integrity check of every table and its indexes but the two logs, the event log and the dice
 * log, whose every row verify reads in order and hashes itself (a damaged page of either fails the read
 * or the hash chain), and the file's length: "ok", or what was found.
 */
function fileCheck(db: SqliteDatabase, file: string | null): string {
  const found: string[] = [];
  try {
    const cutOff = file === null ? null : fileLengthProblem(file);
    if (cutOff !== null) found.push(cutOff);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('events', 'dice_log')").all() as { name: string }[]).map((t) => t.name);
    for (const table of tables) {
      const result = String(db.pragma(`integrity_check(${table})`, { simple: true }));
      // SQLite's report (pages, cells) is for the log file, not for players.
      if (result !== 'ok') found.push(`the ${table} table is damaged`);
    }
  } catch (e) {
    found.push(messageOf(e));
  }
  return found.length === 0 ? 'ok' : found.join('; ');
}

/** The whole check. Never throws: what cannot be read is reported as damaged. `file` adds the check of its length. */
export function verifyGame(db: SqliteDatabase, file: string | null = null, options: { hashOnSecondThread?: boolean } = {}): Omit<VerifyReport, 'schema'> {
  const eventProblems = new Problems();
  const diceProblems = new Problems();
  const stateProblems = new Problems();
  const integrity = fileCheck(db, file);
  const dice = step(diceProblems, 'the dice log', () => verifyDice(db, options.hashOnSecondThread ?? true), { count: 0, problems: [], heads: [] });
  for (const p of dice.problems) diceProblems.add(p);
  const genesis = step(eventProblems, 'the genesis', () => readGenesis(db), undefined);
  if (genesis && genesisHash(genesis.state) !== genesis.hash) eventProblems.add('the genesis (the state the game began with) does not match its hash: it was edited or damaged');
  const rebuilt = { state: startingState(db, genesis, stateProblems) };
  const empty: Log = { count: 0, marked: 0, prevHead: [], undone: [], redoNext: [] };
  const log = step(eventProblems, 'the event log', () => checkEventChain(db, genesis?.hash ?? null, dice.heads, rebuilt, eventProblems, stateProblems, options.hashOnSecondThread ?? true), empty);
  step(eventProblems, 'the undo and redo chains', () => checkUndoRedo(db, log, eventProblems), undefined);
  // The rebuilt state stands in for a foreign key check: the genesis was written, and every change
  // applied, with the keys enforced, so tables equal to it hold no dangling reference.
  const state = rebuilt.state;
  const compared = state === null ? 0 : step(stateProblems, 'the state tables', () => compareState(db, state, stateProblems), 0);
  const print = step(eventProblems, 'the fingerprint', () => fingerprint(db).value, '');
  const check = (count: number, p: Problems) => ({ count, ok: p.count === 0, problems: p.list() });
  const report = {
    integrity,
    fingerprint: print,
    events: check(log.count, eventProblems),
    dice: check(dice.count, diceProblems),
    state: check(compared, stateProblems),
  };
  return { ok: integrity === 'ok' && report.events.ok && report.dice.ok && report.state.ok, ...report };
}
