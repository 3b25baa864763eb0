/**
 * Two seats (RI-H10): the word of the side without the Initiative on an Alternative Arrival Area order, at
 * the beginning of the Activation Segment. At one laptop either army commander orders one whenever that
 * beginning is open; between two seats one seat writes at a time (RI-H09), so the side without the
 * Initiative says its word first (its order, sealed, or no order this turn), before the Initiative player's
 * step. Its seat is asked only when its army commander could order at all, and that is worked out from
 * what both files hold alike (rules/seats.ts alternativeWordNeeded): being asked, or not, tells the other
 * side nothing it does not see at the table. When it is not asked, nothing is written for it.
 */
import { alternativeWordNeeded, type AlternativeWordFacts } from '../../rules/seats';
import type { Side } from '../../rules/types';
import { MusterError } from '../errors';
import type { SqliteDatabase } from '../open';
import { readClock, readGame, readGroups, readTurnState } from '../store';
import { maySpendRatingPoints } from '../../rules/activation';
import { actingArmyCommander, ledger } from './chain';
import { openedOrderGroups, playedFromTwoSeats, saidNoOrderThisTurn, sealedOrders } from './sealed-orders';

/** III.A before its first activation or pass, as the file records it. */
function atTheBeginning(db: SqliteDatabase): boolean {
  const clock = readClock(db);
  if (clock.segment !== 'III' || clock.phase !== 'A') return false;
  const t = readTurnState(db);
  return t.activations === 0 && t.passes_in_row === 0;
}

/** What both files know of the side's army commander and its groups still to come (none of it secret). */
export function alternativeWordFacts(db: SqliteDatabase, side: Side): AlternativeWordFacts {
  const reader = { db };
  let armyMaySpend = false;
  try {
    const { leader: army } = actingArmyCommander(reader, 'side', side, readGame(db));
    armyMaySpend = army.on_map === 1 && maySpendRatingPoints(ledger(reader), { id: army.id, role: army.role, name: army.name }).ok;
  } catch (e) {
    // No acting army commander to name (one must be chosen, or he has fallen): he orders nothing.
    if (!(e instanceof MusterError) || (e.code !== 'RULES_FORBID' && e.code !== 'NOT_FOUND')) throw e;
  }
  const opened = openedOrderGroups(db);
  return {
    side,
    armyMaySpend,
    groupsWithoutOpenedOrder: readGroups(db).filter((g) => g.side === side && g.arrived_turn_id === null && !opened.has(g.id)).length,
    sealedOrders: sealedOrders(db).filter((o) => o.side === side && o.openedSeq === null).length,
    saidNoOrder: saidNoOrderThisTurn(db, side),
  };
}

/**
 * The side whose word on an Alternative Arrival Area order is awaited now: in a game played from two seats,
 * at the beginning of the Activation Segment, the side without the Initiative, when its army commander
 * could order one and it has not yet said; null otherwise (and always at one laptop).
 */
export function alternativeWordAwaited(db: SqliteDatabase): Side | null {
  if (!playedFromTwoSeats(db) || !atTheBeginning(db)) return null;
  const initiative = readTurnState(db).initiative;
  if (initiative === null) return null;
  const side: Side = initiative === 'USA' ? 'CSA' : 'USA';
  return alternativeWordNeeded(alternativeWordFacts(db, side)).needed ? side : null;
}

/** Why the side's army commander may not order now between two seats, or null when nothing of two seats stops him. */
export function twoSeatsOrderRefusal(db: SqliteDatabase, side: Side): string | null {
  if (!playedFromTwoSeats(db) || !atTheBeginning(db)) return null;
  const awaited = alternativeWordAwaited(db);
  if (awaited === side) return null;
  if (awaited !== null) return `first the ${awaited} seat says whether its army commander sends a group to an Alternative Arrival Area`;
  const initiative = readTurnState(db).initiative;
  if (initiative === null || initiative === side) return null;
  return alternativeWordNeeded(alternativeWordFacts(db, side)).reason;
}
