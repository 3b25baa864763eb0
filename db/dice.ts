/**
 * The dice log: every die roll of the game, app-rolled or typed in from the table, with its purpose,
 * its itemised modifiers, the modified result and the outcome. Rows are chained by SHA-256 (each hash
 * covers the row and the previous hash), so editing or deleting a past roll is detectable; and the hash
 * of the chain's head after each event is covered by that event's own hash (db/events.ts), so a roll
 * edited with the dice chain re-hashed, or the last roll deleted, breaks the event chain as well.
 *
 * Canonical serialisation of a roll (format 1, never changed; a new format gets a new function):
 *   hash = hex(SHA-256(prev_hash + "\n" + JSON.stringify([seq, at, event_seq, purpose, source, roll,
 *                                                         modifiers, modified, target, outcome])))
 * where `modifiers` is the stored JSON text and every string is exactly the stored one: strings are made
 * well-formed (db/wellformed.ts) before they are hashed or stored, so SQLite never stores a U+FFFD the
 * hash did not see. The first roll's prev_hash is 64 zeros.
 *
 * App rolls come from pure-rand's xoroshiro128+ seeded once from node:crypto; the generator's state
 * and the count of draws are stored in the file (in the same transaction as the roll), so the sequence
 * continues after reopening and can be replayed from the seed to check every app roll.
 */
import { hash as digest, randomInt } from 'node:crypto';
import { uniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import type { DieRoll, Itemised } from '../rules/types';
import type { DiceRecord, DiceSource } from '../contract';
import type { SqliteDatabase } from './open';
import { withHashes } from './page-hasher';
import { pagesOf, statement } from './statements';
import { wellFormed } from './wellformed';

export const GENESIS_HASH = '0'.repeat(64);

interface DiceStateRow {
  seed: number;
  count: number;
  state: string;
}

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
  prev_hash: string;
  hash: string;
}

/** Seeds the app's die from the operating system's CSPRNG. Called once, when the game is created. */
export function initialiseDice(db: SqliteDatabase, seed: number = randomInt(0, 2 ** 31)): void {
  const rng = xoroshiro128plus(seed);
  statement(db, 'INSERT INTO dice_state (id, seed, count, state) VALUES (1, ?, 0, ?)').run(seed, JSON.stringify(rng.getState()));
}

/** Draws the next app roll (0-9) and stores the generator's new state. Call inside the change's transaction. */
export function drawAppRoll(db: SqliteDatabase): DieRoll {
  const row = statement(db, 'SELECT seed, count, state FROM dice_state WHERE id = 1').get() as DiceStateRow;
  const rng = xoroshiro128plus.fromState(JSON.parse(row.state) as number[]);
  const [value, next] = uniformIntDistribution(0, 9, rng);
  statement(db, 'UPDATE dice_state SET count = count + 1, state = ? WHERE id = 1').run(JSON.stringify(next.getState()));
  return value as DieRoll;
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

/** What one roll's hash is taken of (format 1, see the file header): `values` are its ten columns in order. */
function diceHashInput(prevHash: string, values: readonly unknown[]): string {
  return `${prevHash}\n${JSON.stringify(values)}`;
}

/** The canonical hash of one roll (format 1, see the file header). */
export function diceRowHash(prevHash: string, r: Omit<DiceLogRow, 'prev_hash' | 'hash'>): string {
  return digest('sha256', diceHashInput(prevHash, [r.seq, r.at, r.event_seq, r.purpose, r.source, r.roll, r.modifiers, r.modified, r.target, r.outcome]));
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
export function chainDiceRows(head: { seq: number; hash: string }, rows: readonly Omit<NewDiceRow, 'eventSeq'>[], eventSeq: number, at: string): { rows: StoredDiceRow[]; head: string } {
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
  const insert = statement(
    db,
    `INSERT INTO dice_log (seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome, prev_hash, hash)
     VALUES (@seq, @at, @event_seq, @purpose, @source, @roll, @modifiers, @modified, @target, @outcome, @prev_hash, @hash)`,
  );
  for (const r of rows) insert.run(r);
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
export function listDice(db: SqliteDatabase, beforeSeq: number | null, limit: number, hiddenEvents: readonly number[] = []): DiceRecord[] {
  // The rolls of another side's secret entries are left out of the listing (RI-H01); the chain keeps them.
  const rows = statement(
    db,
    `SELECT d.*, e.undone FROM dice_log d JOIN events e ON e.seq = d.event_seq
     WHERE (@before IS NULL OR d.seq < @before)
       AND (@hidden IS NULL OR d.event_seq NOT IN (SELECT value FROM json_each(@hidden)))
     ORDER BY d.seq DESC LIMIT @limit`,
  ).all({ before: beforeSeq, limit, hidden: hiddenEvents.length > 0 ? JSON.stringify(hiddenEvents) : null }) as (DiceLogRow & { undone: number })[];
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

/** The columns of a roll as verify reads them: its hashed content in canonical order, then its link and hash. */
const DICE_COLUMNS = 'seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome, prev_hash, hash';

/**
 * Checks the whole chain: every hash, every link, and that the app rolls are exactly the generator's
 * sequence from the stored seed (so a re-hashed forgery of an app roll is caught as well). Also returns
 * the chain's head after each event that rolled, in order, for the event chain's check (db/integrity.ts).
 */
export function verifyDice(db: SqliteDatabase, useWorker = true): { count: number; problems: string[]; heads: DiceHeadAfter[] } {
  const problems: string[] = [];
  const heads: DiceHeadAfter[] = [];
  const state = statement(db, 'SELECT seed, count, state FROM dice_state WHERE id = 1').get() as DiceStateRow | undefined;
  if (!state) return { count: 0, problems: ['the dice state row is missing'], heads };
  let rng = xoroshiro128plus(state.seed);
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let appRolls = 0;
  let count = 0;
  // Raw rows: the values of the canonical serialisation are the first ten columns, in its order.
  // Each page's hashes are computed on a second thread while the pages before it are checked (db/page-hasher.ts).
  const inputOf = (r: unknown[]) => diceHashInput(String(r[10]), r.slice(0, 10));
  for (const { rows: page, hashes } of withHashes(pagesOf(db, `SELECT ${DICE_COLUMNS} FROM dice_log`, 'seq'), inputOf, useWorker)) for (let i = 0; i < page.length; i += 1) {
    const r = page[i]!;
    const seq = r[0] as number;
    const hash = r[11] as string;
    count += 1;
    if (seq !== expectedSeq) problems.push(`roll ${seq}: expected roll ${expectedSeq} next (a roll is missing)`);
    expectedSeq = seq + 1;
    if (r[10] !== prevHash) problems.push(`roll ${seq}: its link to the previous roll is broken`);
    if (hashes[i] !== hash) problems.push(`roll ${seq}: its content does not match its hash (edited or damaged)`);
    if (r[4] === 'app') {
      const [value, next] = uniformIntDistribution(0, 9, rng);
      rng = next;
      appRolls += 1;
      if (value !== r[5]) problems.push(`roll ${seq}: the app rolled ${value} here, the log says ${String(r[5])}`);
    }
    const eventSeq = r[2] as number;
    const last = heads.at(-1);
    if (last !== undefined && last.eventSeq === eventSeq) last.hash = hash;
    else heads.push({ eventSeq, hash });
    prevHash = hash;
  }
  if (appRolls !== state.count) problems.push(`the generator has drawn ${state.count} rolls but the log holds ${appRolls} app rolls`);
  if (JSON.stringify(rng.getState()) !== state.state) problems.push('the stored generator state does not follow from the seed and the logged rolls');
  return { count, problems, heads };
}
