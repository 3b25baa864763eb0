/**
 * Two seats (RI-H10): the army commanders' words on an Alternative Arrival Area order, at the beginning of the
 * Activation Segment. At one laptop either army commander orders one whenever that beginning is open; the rule
 * gives both the same moment. Between two seats one seat writes into the log at a time (RI-H09), so:
 *
 * - when both army commanders could order, both give their word at the same time (their order, sealed, or no
 *   order this turn), each held on its seat and committed to, in either order; once both have committed, the
 *   side without the Initiative's word is revealed first, then the Initiative player's, whose step follows;
 * - when only the side without the Initiative's could, it gives its word first, in the open, before the
 *   Initiative player's step (there is nothing to give at the same time, and the step waits for it anyway);
 * - when only the Initiative player's could, he orders, or not, in his own step.
 *
 * Whether a side is asked is worked out from what both files hold alike (rules/seats.ts alternativeWordNeeded):
 * being asked, or not, tells the other side nothing it does not see at the table. When it is not asked, nothing
 * is written for it.
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

/** The side's word is in the log this turn: its order, sealed, or no order. */
function wordGiven(db: SqliteDatabase, side: Side): boolean {
  const turnId = readClock(db).turn_id;
  return saidNoOrderThisTurn(db, side) || sealedOrders(db).some((o) => o.side === side && o.turnId === turnId);
}

/** The words awaited at this beginning of the Activation Segment (see the file header). */
export interface AlternativeWords {
  /** Only the side without the Initiative could order: its word, alone, before the Initiative player's step. */
  first: Side | null;
  /** Both could: both words at the same time, which are in the log, and whose is revealed first. */
  together: { given: Record<Side, boolean>; first: Side } | null;
}

const NONE: AlternativeWords = { first: null, together: null };

/** The words on Alternative Arrival Area orders awaited now, between two seats (none at one laptop). */
export function alternativeWords(db: SqliteDatabase): AlternativeWords {
  if (!playedFromTwoSeats(db) || !atTheBeginning(db)) return NONE;
  const initiative = readTurnState(db).initiative;
  if (initiative === null) return NONE;
  const first: Side = initiative === 'USA' ? 'CSA' : 'USA';
  const given = { USA: wordGiven(db, 'USA'), CSA: wordGiven(db, 'CSA') };
  const could = (side: Side) => alternativeWordNeeded(alternativeWordFacts(db, side)).needed;
  // A word given counts as owed: once both were asked together, the step lasts until both are revealed.
  if ((given.USA || could('USA')) && (given.CSA || could('CSA'))) return { first: null, together: { given, first } };
  return !given[first] && could(first) ? { first, together: null } : NONE;
}

/** The sides whose word is awaited now and not yet in the log. */
export function alternativeWordsOwed(db: SqliteDatabase): Side[] {
  const w = alternativeWords(db);
  if (w.together) return (['USA', 'CSA'] as const).filter((side) => !w.together!.given[side]);
  return w.first ? [w.first] : [];
}

/**
 * The side without the Initiative whose word alone is awaited now (only its army commander could order), before
 * the Initiative player's step; null otherwise (and always at one laptop).
 */
export function alternativeWordAwaited(db: SqliteDatabase): Side | null {
  return alternativeWords(db).first;
}

/** Why the side's army commander may not order now between two seats, or null when nothing of two seats stops him. */
export function twoSeatsOrderRefusal(db: SqliteDatabase, side: Side): string | null {
  if (!playedFromTwoSeats(db) || !atTheBeginning(db)) return null;
  const words = alternativeWords(db);
  if (words.together) return words.together.given[side] ? (alternativeWordNeeded(alternativeWordFacts(db, side)).reason ?? `${side} has given its word this turn`) : null;
  if (words.first === side) return null;
  if (words.first !== null) return `first the ${words.first} seat says whether its army commander sends a group to an Alternative Arrival Area`;
  const initiative = readTurnState(db).initiative;
  if (initiative === null || initiative === side) return null;
  return alternativeWordNeeded(alternativeWordFacts(db, side)).reason;
}
