/**
 * The dice log: every die roll of the game, app-rolled or typed in from the table, with its purpose,
 * its itemised modifiers, the modified result and the outcome. Rows are chained by SHA-256 (each hash
 * covers the row and the previous hash), so editing or deleting a past roll is detectable; and the hash
 * of the chain's head after each event is covered by that event's own hash (db/events.ts), so a roll
 * edited with the dice chain re-hashed, or the last roll deleted, breaks the event chain as well.
 *
 * Canonical serialisation of a roll (never changed; a new format gets a new function):
 *   values = JSON.stringify([seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome])
 *   format 1 (rows without a salt):  hash = hex(SHA-256(prev_hash + "\n" + values))
 *   format 2 (rows with a salt):     hash = hex(SHA-256(prev_hash + "\nmuster/dice/2\n" + salt + "\n" + values))
 * where `modifiers` is the stored JSON text and every string is exactly the stored one: strings are made
 * well-formed (db/wellformed.ts) before they are hashed or stored, so SQLite never stores a U+FFFD the
 * hash did not see. The first roll's prev_hash is 64 zeros. A format 1 `values` starts with "[", so no
 * row of one format serialises like a row of the other.
 *
 * The salt (schema 13) is 128 bits from node:crypto, one per roll, kept in the row and never shown by a
 * query: a roll's hash is shown in the dice log, and it covers the roll before it, so without the salt a
 * side could try every value of the other side's hidden roll (a digit, a time) until the hash of its own
 * next roll came out. With it, a hash tells nothing of the rolls it covers; `verify` checks them all.
 *
 * App rolls are drawn from the operating system's CSPRNG (node:crypto randomInt, which maps its random
 * bits to 0-9 without bias), fresh for every roll: nothing in the file or the log predicts the next one,
 * and nothing is stored but the roll itself. (Tests pass a seed: their die is a generator kept in memory.)
 */
import { hash as digest, randomFillSync, randomInt } from 'node:crypto';
import { uniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';
import type { DieRoll, Itemised } from '../rules/types';
import type { DiceRecord, DiceSource } from '../contract';
import type { SqliteDatabase } from './open';
import { withHashes } from './page-hasher';
import { pagesOf, statement } from './statements';
import { wellFormed } from './wellformed';

export const GENESIS_HASH = '0'.repeat(64);

interface DiceLogRow {
  seq: number;
  at: string;
  event_seq: number;
  purpose: string;
  source: DiceSource;
  roll: number;
  modifiers: string;
  modified: number;
  target: string | null;
  outcome: string;
  /** 32 hex characters (schema 13); null on rolls written before. */
  salt: string | null;
  prev_hash: string;
  hash: string;
}

/** The app's die: a roll of 0-9 drawn fresh from the operating system's CSPRNG, without bias. */
export function appRoll(): DieRoll {
  return randomInt(0, 10) as DieRoll;
}

/**
 * A die for tests: the same rolls for the same seed, from a generator held in memory by the open game
 * (never written to the file). Games opened by players always roll appRoll().
 */
export function seededDie(seed: number): () => DieRoll {
  let rng: RandomGenerator = xoroshiro128plus(seed);
  return () => {
    const [value, next] = uniformIntDistribution(0, 9, rng);
    rng = next;
    return value as DieRoll;
  };
}

/** The salts a replay must reuse, in the order they are asked for (db/seats/replay.ts), or null. */
let replaySalts: string[] | null = null;

/**
 * Fresh OS randomness, drawn a page at a time: one system call per 256 salts rather than one per salt (the
 * write path salts every event and roll). Each byte is handed out once and the page is wiped as it goes.
 */
const randomPage = Buffer.alloc(4096);
let randomUsed = randomPage.length;

function pooledRandomHex(bytes: number): string {
  if (randomUsed + bytes > randomPage.length) {
    randomFillSync(randomPage);
    randomUsed = 0;
  }
  const hex = randomPage.toString('hex', randomUsed, randomUsed + bytes);
  randomPage.fill(0, randomUsed, randomUsed + bytes);
  randomUsed += bytes;
  return hex;
}

/** A new salt: 128 bits from node:crypto, as 32 hex characters (while a replay runs, the next one it gave). */
export function newSalt(): string {
  if (replaySalts !== null) {
    const salt = replaySalts.shift();
    if (salt === undefined) throw new Error('the replayed change asked for more salts than its events carry');
    return salt;
  }
  return pooledRandomHex(16);
}

/**
 * Runs fn with the salts of events written elsewhere (another seat's, db/seats/replay.ts): a change
 * replayed from them then hashes exactly as it did where it was first written. Every salt must be used.
 */
export function withReplaySalts<T>(salts: readonly string[], fn: () => T): T {
  if (replaySalts !== null) throw new Error('a replay is already running');
  replaySalts = [...salts];
  try {
    const result = fn();
    if (replaySalts.length > 0) throw new Error('the replayed change used fewer salts than its events carry');
    return result;
  } finally {
    replaySalts = null;
  }
}

/** Runs fn with fresh salts even inside a replay: a trial rolled back must not take the replayed events' salts. */
export function withFreshSalts<T>(fn: () => T): T {
  const held = replaySalts;
  replaySalts = null;
  try {
    return fn();
  } finally {
    replaySalts = held;
  }
}

const salted = new WeakMap<SqliteDatabase, boolean>();

/** Whether the file keeps a salt with each roll and event (schema 13); a test may keep a file at an earlier schema. */
export function saltsRecorded(db: SqliteDatabase): boolean {
  let known = salted.get(db);
  if (known === undefined) {
    known = (db.prepare("SELECT count(*) AS n FROM pragma_table_info('dice_log') WHERE name = 'salt'").get() as { n: number }).n === 1;
    salted.set(db, known);
  }
  return known;
}

export interface NewDiceRow {
  eventSeq: number;
  purpose: string;
  source: DiceSource;
  roll: DieRoll;
  modifiers: Itemised;
  modified: number;
  target: string | null;
  outcome: string;
}

/** A roll as stored, with its link and its hash. */
export type StoredDiceRow = Omit<DiceLogRow, 'prev_hash' | 'hash'> & { prev_hash: string; hash: string };

/** What one roll's hash is taken of (see the file header): `values` are its ten columns in order. */
function diceHashInput(prevHash: string, values: readonly unknown[], salt: string | null): string {
  return salt === null ? `${prevHash}\n${JSON.stringify(values)}` : `${prevHash}\n${DICE_FORMAT_2}\n${salt}\n${JSON.stringify(values)}`;
}

const DICE_FORMAT_2 = 'muster/dice/2';

/** The canonical hash of one roll (see the file header: format 2 when it has a salt). */
export function diceRowHash(prevHash: string, r: Omit<DiceLogRow, 'prev_hash' | 'hash' | 'salt'> & { salt?: string | null }): string {
  return digest('sha256', diceHashInput(prevHash, [r.seq, r.at, r.event_seq, r.purpose, r.source, r.roll, r.modifiers, r.modified, r.target, r.outcome], r.salt ?? null));
}

/** The last roll of the log (its seq and hash), or seq 0 and the 64 zeros of an empty log. */
export function diceHead(db: SqliteDatabase): { seq: number; hash: string } {
  return (statement(db, 'SELECT seq, hash FROM dice_log ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined) ?? { seq: 0, hash: GENESIS_HASH };
}

/**
 * The rolls of one event as they will be stored, chained onto the log's head (`head`, diceHead()):
 * their seqs, links and hashes, and the chain's new head. Nothing is written (the event's own hash
 * needs the new head first).
 */
export function chainDiceRows(head: { seq: number; hash: string }, rows: readonly Omit<NewDiceRow, 'eventSeq'>[], eventSeq: number, at: string, withSalt = true): { rows: StoredDiceRow[]; head: string } {
  let { seq, hash: prevHash } = head;
  const stored = rows.map((row): StoredDiceRow => {
    seq += 1;
    const content = {
      seq,
      at: wellFormed(at),
      event_seq: eventSeq,
      purpose: wellFormed(row.purpose),
      source: row.source,
      roll: row.roll,
      modifiers: JSON.stringify(row.modifiers),
      modified: row.modified,
      target: row.target === null ? null : wellFormed(row.target),
      outcome: wellFormed(row.outcome),
      salt: withSalt ? newSalt() : null,
    };
    const hash = diceRowHash(prevHash, content);
    const out = { ...content, prev_hash: prevHash, hash };
    prevHash = hash;
    return out;
  });
  return { rows: stored, head: prevHash };
}

/** Writes rolls made by chainDiceRows. Call inside the change's transaction, after its event row. */
export function insertDiceRows(db: SqliteDatabase, rows: readonly StoredDiceRow[]): void {
  if (rows.length === 0) return;
  const withSalt = saltsRecorded(db);
  const insert = statement(
    db,
    withSalt
      ? `INSERT INTO dice_log (seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome, prev_hash, hash, salt)
     VALUES (@seq, @at, @event_seq, @purpose, @source, @roll, @modifiers, @modified, @target, @outcome, @prev_hash, @hash, @salt)`
      : `INSERT INTO dice_log (seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome, prev_hash, hash)
     VALUES (@seq, @at, @event_seq, @purpose, @source, @roll, @modifiers, @modified, @target, @outcome, @prev_hash, @hash)`,
  );
  for (const r of rows) {
    const { salt, ...unsalted } = r;
    insert.run(withSalt ? { ...unsalted, salt } : unsalted);
  }
}

/** A roll just written (its event applied), as the dice log shows it. */
export function diceRecordOf(r: StoredDiceRow): DiceRecord {
  return toRecord({ ...r, undone: 0 });
}

function toRecord(r: DiceLogRow & { undone: number }): DiceRecord {
  return {
    seq: r.seq,
    at: r.at,
    eventSeq: r.event_seq,
    eventUndone: r.undone === 1,
    purpose: r.purpose,
    source: r.source,
    roll: r.roll as DieRoll,
    modifiers: JSON.parse(r.modifiers) as Itemised,
    modified: r.modified,
    target: r.target,
    outcome: r.outcome,
    hash: r.hash,
  };
}

/** The dice log newest first, each roll marked when its event has been undone. */
export function listDice(db: SqliteDatabase, beforeSeq: number | null, limit: number, hiddenEvents: readonly number[] = [], afterSeq: number | null = null): DiceRecord[] {
  // The rolls of another side's secret entries are left out of the listing (RI-H01); the chain keeps them.
  const rows = statement(
    db,
    `SELECT d.*, e.undone FROM dice_log d JOIN events e ON e.seq = d.event_seq
     WHERE (@before IS NULL OR d.seq < @before) AND (@after IS NULL OR d.seq > @after)
       AND (@hidden IS NULL OR d.event_seq NOT IN (SELECT value FROM json_each(@hidden)))
     ORDER BY d.seq DESC LIMIT @limit`,
  ).all({ before: beforeSeq, after: afterSeq, limit, hidden: hiddenEvents.length > 0 ? JSON.stringify(hiddenEvents) : null }) as (DiceLogRow & { undone: number })[];
  return rows.map(toRecord);
}

/** The rolls recorded with the given events. */
export function diceOfEvents(db: SqliteDatabase, eventSeqs: number[]): Map<number, DiceRecord[]> {
  const result = new Map<number, DiceRecord[]>();
  const byEvent = statement(db, 'SELECT d.*, e.undone FROM dice_log d JOIN events e ON e.seq = d.event_seq WHERE d.event_seq = ? ORDER BY d.seq');
  for (const seq of eventSeqs) result.set(seq, (byEvent.all(seq) as (DiceLogRow & { undone: number })[]).map(toRecord));
  return result;
}

/** The dice chain's head after an event that rolled: the hash of that event's last roll. */
export interface DiceHeadAfter {
  eventSeq: number;
  hash: string;
}

/** The columns of a roll as verify reads them: its hashed content in canonical order, then its link, hash and salt. */
const DICE_COLUMNS = 'seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome, prev_hash, hash';

/**
 * Checks the whole chain: every hash (each with its salt) and every link. Also returns the chain's head
 * after each event that rolled, in order, for the event chain's check (db/integrity.ts). An app roll is
 * checked like a typed one: it was drawn from the operating system's randomness, which nothing replays;
 * a roll forged with every hash after it recomputed is caught by the event chain, which seals the dice
 * chain's head, and one forged with both chains recomputed only by a fingerprint noted before.
 */
export function verifyDice(db: SqliteDatabase, useWorker = true): { count: number; problems: string[]; heads: DiceHeadAfter[] } {
  const problems: string[] = [];
  const heads: DiceHeadAfter[] = [];
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  const columns = `${DICE_COLUMNS}, ${saltsRecorded(db) ? 'salt' : 'NULL'}`;
  // Raw rows: the values of the canonical serialisation are the first ten columns, in its order.
  // Each page's hashes are computed on a second thread while the pages before it are checked (db/page-hasher.ts).
  const inputOf = (r: unknown[]) => diceHashInput(String(r[10]), r.slice(0, 10), (r[12] as string | null) ?? null);
  for (const { rows: page, hashes } of withHashes(pagesOf(db, `SELECT ${columns} FROM dice_log`, 'seq'), inputOf, useWorker)) for (let i = 0; i < page.length; i += 1) {
    const r = page[i]!;
    const seq = r[0] as number;
    const hash = r[11] as string;
    count += 1;
    if (seq !== expectedSeq) problems.push(`roll ${seq}: expected roll ${expectedSeq} next (a roll is missing)`);
    expectedSeq = seq + 1;
    if (r[10] !== prevHash) problems.push(`roll ${seq}: its link to the previous roll is broken`);
    if (hashes[i] !== hash) problems.push(`roll ${seq}: its content does not match its hash (edited or damaged)`);
    const eventSeq = r[2] as number;
    const last = heads.at(-1);
    if (last !== undefined && last.eventSeq === eventSeq) last.hash = hash;
    else heads.push({ eventSeq, hash });
    prevHash = hash;
  }
  return { count, problems, heads };
}
