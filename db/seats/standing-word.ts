/**
 * A seat's standing word on Alternative Arrival Area orders (RI-H13): its player says once "No order until I
 * say otherwise", and whenever the service asks that seat's word at the beginning of the Activation Segment
 * (RI-H10, db/service/alternative-word.ts) Muster gives "No order this turn" for him, as his click would: the
 * same call (declineAlternativeArrival) through the same seat write, so it is held and committed to, sealed,
 * signed and revealed by the same protocol. It is given at the moment the word becomes due on the seat: after
 * the seat's own change that makes it due (its clock move), on receiving the packet that does, or at once when
 * the player ticks it while his word is awaited.
 *
 * The standing word is this device's preference, kept in the seat's own file (seat_standing_word, migration
 * 0023): outside the hash chain, never signed, never in a packet. The other seat cannot tell a word given by it
 * from a click, which tells it nothing the table does not. It ends when the player takes it back, or orders
 * one (sealOrder, db/seats/side-secrets.ts). At one laptop there is none.
 */
import type { SetStandingWordInput, StandingWord } from '../../contract';
import { seatToAct } from '../../rules/seats';
import type { Side } from '../../rules/types';
import { forbidden, invalid, MusterError } from '../errors';
import { assertWritable, type SqliteDatabase } from '../open';
import { alternativeWordFacts, alternativeWordsOwed } from '../service/alternative-word';
import type { GameContext } from '../service/context';
import { turnLabel } from '../service/arrival-checks';
import { SERVICE_FUNCTIONS } from '../service/index';
import { statement } from '../statements';
import { readClock, readGame, readTurn } from '../store';
import { seatWrite, stepFacts } from './calls';
import { restorePlayed, seatOf, seenMarks } from './store';

const STANDING_RULE = 'Rev. Alternative Arrival Areas, RI-H13';
const ONE_LAPTOP = 'this game is played at one laptop: a standing word is for a game played from two seats, where each army commander gives his word on his own seat';

interface StandingRow {
  side: Side;
  standing: number;
  set_at: string;
  given_turn_id: string | null;
  given_at: string | null;
  ended_turn_id: string | null;
}

const hasTable = new WeakMap<SqliteDatabase, boolean>();

/** Whether the file keeps standing words (schema 23); a file a test keeps at an earlier schema does not. */
function kept(db: SqliteDatabase): boolean {
  let has = hasTable.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_standing_word'").get() as { n: number }).n === 1;
    hasTable.set(db, has);
  }
  return has;
}

function rowOf(db: SqliteDatabase, side: Side): StandingRow | undefined {
  return kept(db) ? (statement(db, 'SELECT * FROM seat_standing_word WHERE side = ?').get(side) as StandingRow | undefined) : undefined;
}

/** Whether the seat's standing word holds now. */
export function standingWordHolds(db: SqliteDatabase): boolean {
  const seat = seatOf(db);
  return !!seat && rowOf(db, seat.side)?.standing === 1;
}

const labelOf = (db: SqliteDatabase, turnId: string) => turnLabel(readTurn(db, turnId)) || turnId;

/** Why the tick box is not offered to the side now (nothing left to order for), or null when it is. */
function notOffered(db: SqliteDatabase, side: Side): string | null {
  if (readGame(db).ended === 1) return 'the game has ended';
  const facts = alternativeWordFacts(db, side);
  // A group with an order, opened or sealed, has it: its army commander has nothing left to order.
  if (facts.groupsWithoutOpenedOrder <= facts.sealedOrders) return `${side} has no group still to come without an Alternative Arrival Area order`;
  return null;
}

/** The seat's standing word as its screens show it (contract StandingWord), or null at one laptop. */
export function standingWordState(ctx: GameContext): StandingWord | null {
  const seat = seatOf(ctx.db);
  if (!seat) return null;
  const row = rowOf(ctx.db, seat.side);
  const reason = kept(ctx.db) ? notOffered(ctx.db, seat.side) : 'this file was made by an earlier Muster and cannot keep a standing word';
  const now = readClock(ctx.db).turn_id;
  return {
    side: seat.side,
    offered: reason === null,
    reason,
    standing: row?.standing === 1,
    lastGiven: row?.given_turn_id ? { turnId: row.given_turn_id, label: labelOf(ctx.db, row.given_turn_id), thisTurn: row.given_turn_id === now } : null,
    endedByOrder: row && row.standing === 0 && row.ended_turn_id ? { turnId: row.ended_turn_id, label: labelOf(ctx.db, row.ended_turn_id) } : null,
  };
}

/**
 * The player ticks or unticks his standing word. Ticked while his word is awaited, it gives it at once (the
 * word is due and he has said what it is). Refused in words at one laptop, for the other seat's side, or when
 * nothing is left to stand for; taking it back is always allowed.
 */
export function setStandingWord(ctx: GameContext, input: SetStandingWordInput): StandingWord {
  const seat = seatOf(ctx.db);
  if (!seat) throw invalid('side', ONE_LAPTOP);
  if (input.side !== seat.side) throw forbidden('side', `the ${seat.side} seat sets only ${seat.side}'s standing word; ${input.side}'s is set at the ${input.side} seat`, STANDING_RULE);
  assertWritable(ctx.db);
  if (!kept(ctx.db)) throw invalid('side', 'this file was made by an earlier Muster and cannot keep a standing word: open it with this Muster to bring it up to date');
  if (input.standing) {
    const why = notOffered(ctx.db, seat.side);
    if (why !== null) throw forbidden('standing', `a standing word of no Alternative Arrival Area order is not needed: ${why}`, STANDING_RULE);
  }
  const at = ctx.now();
  statement(ctx.db, 'INSERT INTO seat_standing_word (side, standing, set_at) VALUES (@side, @standing, @at) ON CONFLICT (side) DO UPDATE SET standing = @standing, set_at = @at, ended_turn_id = NULL').run({
    side: seat.side,
    standing: input.standing ? 1 : 0,
    at,
  });
  if (input.standing) giveStandingWord(ctx);
  return standingWordState(ctx)!;
}

/** The seat's own order ends its standing word (RI-H13): he has said otherwise. */
export function endStandingWordByOrder(db: SqliteDatabase, side: Side, turnId: string): void {
  if (rowOf(db, side)?.standing !== 1) return;
  statement(db, 'UPDATE seat_standing_word SET standing = 0, ended_turn_id = ? WHERE side = ?').run(turnId, side);
}

/** Whether the seat's word is due now and the seat may give it: asked, not yet given or held, and its step. */
function wordDue(db: SqliteDatabase, side: Side): boolean {
  if (!alternativeWordsOwed(db).includes(side)) return false;
  const facts = stepFacts(db);
  // Given at the same time as the other's: held and committed on this seat already.
  if (facts.committed[side]) return false;
  const toAct = seatToAct(facts).seat;
  return toAct === side || toAct === 'both';
}

let giving = false;

/**
 * Gives "No order this turn" for the seat when its standing word holds and its word is due (see the file
 * header). Returns whether it gave it. A word the service refuses now (a joint roll on its way, say) is not
 * given: the next change that makes it due on the seat gives it.
 */
export function giveStandingWord(ctx: GameContext): boolean {
  const seat = seatOf(ctx.db);
  if (!seat || giving || ctx.db.readonly || ctx.db.inTransaction) return false;
  if (!standingWordHolds(ctx.db) || !wordDue(ctx.db, seat.side)) return false;
  giving = true;
  try {
    const input = { side: seat.side };
    const marks = seenMarks(ctx.db);
    seatWrite(ctx, 'declineAlternativeArrival', input, (c) => SERVICE_FUNCTIONS.declineAlternativeArrival(c, input));
    // Not the player's own change: "Since you last played" still shows him what came in before it.
    restorePlayed(ctx.db, marks);
    const c = readClock(ctx.db);
    statement(ctx.db, 'UPDATE seat_standing_word SET given_turn_id = ?, given_at = ? WHERE side = ?').run(c.turn_id, ctx.now(), seat.side);
    return true;
  } catch (e) {
    if (e instanceof MusterError) return false;
    throw e;
  } finally {
    giving = false;
  }
}
