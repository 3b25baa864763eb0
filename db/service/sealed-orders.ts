/**
 * Sealed Alternative Arrival Area orders (RI-H10), as the log holds them: read only. In a game played from
 * two seats an army commander's order sending a group to an Alternative Arrival Area is sealed by its seat:
 * the log holds a commitment to it, and its seat opens it at the beginning of the Activation Segment of the
 * first turn it changes what the group does, or says it stays sealed this turn. The orders themselves, until
 * they are opened, are in their own seat's file only (db/seats/side-secrets.ts).
 */
import { createHash } from 'node:crypto';
import type { Side } from '../../rules/types';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { readClock } from '../store';

const twoSeats = new WeakMap<SqliteDatabase, boolean>();

/** Whether the file is a seat of a game played from two seats (db/migrations/0016-seats.ts: its one seat_game row). */
export function playedFromTwoSeats(db: SqliteDatabase): boolean {
  let known = twoSeats.get(db);
  if (known === undefined) {
    const has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_game'").get() as { n: number }).n === 1;
    known = has && (db.prepare('SELECT count(*) AS n FROM seat_game').get() as { n: number }).n === 1;
    // A file becomes a seat once, when it is made: only a true answer is kept.
    if (known) twoSeats.set(db, known);
  }
  return known;
}

/** The commitment to a sealed order: SHA-256 over the side, the turn it was made, the group, the area and the salt. */
export function sealedOrderCommitment(o: { side: Side; turnId: string; groupId: string; entryArea: string; salt: string }): string {
  return createHash('sha256').update(`muster/sealed-arrival/1\n${JSON.stringify([o.side, o.turnId, o.groupId, o.entryArea, o.salt])}`).digest('hex');
}

export interface SealedOrder {
  seq: number;
  side: Side;
  /** The turn the order was made (its "ordered" time for the rolls' DRMs). */
  turnId: string;
  commitment: string;
  /** The event that opened it, or null while it is sealed. */
  openedSeq: number | null;
}

interface Row {
  seq: number;
  kind: 'reinforcement.sealed' | 'reinforcement.opened' | 'reinforcement.kept-sealed' | 'reinforcement.no-order';
  turn_id: string;
  payload: string;
}

const SQL = `SELECT seq, kind, turn_id, payload FROM events
  WHERE kind IN ('reinforcement.sealed', 'reinforcement.opened', 'reinforcement.kept-sealed', 'reinforcement.no-order') AND undone = 0 ORDER BY seq`;

function rows(db: SqliteDatabase): (Row & { input: Record<string, string> })[] {
  return (statement(db, SQL).all() as Row[]).map((r) => ({ ...r, input: (JSON.parse(r.payload) as { input: Record<string, string> }).input }));
}

/** Every sealed order of the log, with the event that opened it (matched by its commitment). */
export function sealedOrders(db: SqliteDatabase): SealedOrder[] {
  const all = rows(db);
  const orders: SealedOrder[] = all
    .filter((r) => r.kind === 'reinforcement.sealed')
    .map((r) => ({ seq: r.seq, side: r.input.side as Side, turnId: r.turn_id, commitment: r.input.commitment!, openedSeq: null }));
  for (const r of all.filter((x) => x.kind === 'reinforcement.opened')) {
    const i = r.input;
    const o = orders.find((s) => s.openedSeq === null && s.side === i.side && s.seq < r.seq && s.commitment === sealedOrderCommitment({ side: s.side, turnId: s.turnId, groupId: i.groupId!, entryArea: i.entryArea!, salt: i.salt! }));
    if (o) o.openedSeq = r.seq;
  }
  return orders;
}

/**
 * The sides whose seat must say, at this beginning of the Activation Segment, whether their sealed orders
 * are opened: a side with an order still sealed and no word from it this turn since the order was made
 * (USA first). The caller asks only at the beginning of the Activation Segment.
 */
export function sealedOrdersWaiting(db: SqliteDatabase): Side[] {
  // At one laptop nothing is sealed: the log is not read.
  if (!playedFromTwoSeats(db)) return [];
  const all = rows(db);
  if (all.length === 0) return [];
  const turnId = readClock(db).turn_id;
  const open = sealedOrders(db).filter((o) => o.openedSeq === null);
  const kept = all.filter((r) => r.kind === 'reinforcement.kept-sealed' && r.turn_id === turnId);
  return (['USA', 'CSA'] as const).filter((side) => open.some((o) => o.side === side && !kept.some((k) => k.input.side === side && k.seq > o.seq)));
}

/** The groups whose sealed orders have been opened into the log (in both files since). */
export function openedOrderGroups(db: SqliteDatabase): Set<string> {
  return new Set(rows(db).filter((r) => r.kind === 'reinforcement.opened').map((r) => r.input.groupId!));
}

/** The side has said "no Alternative Arrival Area order" this turn (declineAlternativeArrival). */
export function saidNoOrderThisTurn(db: SqliteDatabase, side: Side): boolean {
  const turnId = readClock(db).turn_id;
  return rows(db).some((r) => r.kind === 'reinforcement.no-order' && r.turn_id === turnId && r.input.side === side);
}
