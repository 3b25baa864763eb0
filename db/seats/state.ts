/**
 * A two-seat file's state as the game's info offers it (contract/seat-state.ts): the seat, whose step it is
 * and what it waits for, from rules/seats.ts, so that screens show it and never work it out themselves.
 */
import type { SeatState } from '../../contract/seat-state';
import { seatToAct, seatWaitingFor } from '../../rules/seats';
import { eventHead } from '../events';
import type { SqliteDatabase } from '../open';
import { stepFacts } from './facts';
import { keyFingerprint } from './keys';
import { heldCalls, otherSide, peerHead, publicKeyOf, seatOf } from './store';

/** The seat's state, or null for a game played at one laptop. */
export function seatState(db: SqliteDatabase): SeatState | null {
  const seat = seatOf(db);
  if (!seat) return null;
  const facts = stepFacts(db);
  const toAct = seatToAct(facts);
  const own = publicKeyOf(db, seat.side);
  return {
    side: seat.side,
    gameId: seat.gameId.slice(0, 16),
    keyFingerprint: own === null ? '' : keyFingerprint(own),
    otherJoined: publicKeyOf(db, otherSide(seat.side)) !== null,
    toAct: { seat: toAct.seat, why: toAct.why, rule: toAct.rule },
    committed: { ...facts.committed },
    heldEntries: heldCalls(db).length,
    waiting: seatWaitingFor(facts, seat.side),
    unsent: Math.max(0, eventHead(db).seq - peerHead(db).seq),
  };
}
