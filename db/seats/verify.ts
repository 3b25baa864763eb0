/**
 * `verify` of a two-seat file (RI-H09): every event is signed by the seat that wrote it, with that seat's
 * key; every commitment is signed by its seat; every revealed commitment matches the entries revealed into
 * the log; and no side's entries are in the log without the revealed commitment that proves them.
 */
import type { Side } from '../../rules/types';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { appRollsOf, commitmentOf, commitmentSignedText, eventSignedText, jointShareCommitment } from './signed';
import { signatureHolds } from './keys';
import { jointDiceProblems } from './joint-dice-store';

import { allCommitments, jointRolls, publicKeyOf, seatOf, type HeldCall, type StepKey } from './store';

/** The kinds of a side's word on an Alternative Arrival Area order (RI-H10): an entry when it was committed to. */
export const WORD_KINDS = ['reinforcement.sealed', 'reinforcement.no-order'];
export const WORD_KINDS_SQL = `(${WORD_KINDS.map((k) => `'${k}'`).join(', ')})`;
/** SQL: the side (s.side) committed to its entries of the event's (e) step. */
export const COMMITTED_STEP_SQL = 'EXISTS (SELECT 1 FROM seat_commitments k WHERE k.turn_id = e.turn_id AND k.segment = e.segment AND k.phase = e.phase AND k.side = s.side)';

/** The calls a side revealed into the log in one step, in order, with the app's rolls each made. */
export function callsOfStep(db: SqliteDatabase, side: Side, step: StepKey): HeldCall[] {
  const rows = statement(
    db,
    `SELECT s.seq, s.call_fn, s.call_input, s.call_at, s.call_index, e.secret_side, e.kind FROM event_seats s JOIN events e ON e.seq = s.seq
      WHERE s.side = ? AND e.turn_id = ? AND e.segment = ? AND e.phase = ? ORDER BY s.seq`,
  ).all(side, step.turnId, step.segment, step.phase) as { seq: number; call_fn: string; call_input: string; call_at: string; call_index: number; secret_side: Side | null; kind: string }[];
  const calls: HeldCall[] = [];
  let inEntry = false;
  // RI-H10: at the beginning of the Activation Segment, a word given at the same time as the other side's.
  const words = step.segment === 'III' && step.phase === 'A';
  for (const r of rows) {
    // A call is one of the side's entries when its first event is (a secret entry, or the side's finishing).
    if (r.call_index === 0) {
      inEntry = r.secret_side === side || r.kind === 'entries.finished' || (words && WORD_KINDS.includes(r.kind));
      if (inEntry) calls.push({ fn: r.call_fn, input: r.call_input, at: r.call_at, rolls: [] });
    }
    if (inEntry) calls.at(-1)!.rolls.push(...appRollsOf(db, r.seq));
  }
  return calls;
}

/** Whether the calls and the salt give the commitment. */
export function checkCommitment(gameId: string, side: Side, step: StepKey, calls: readonly HeldCall[], salt: string, commitment: string): boolean {
  return commitmentOf(gameId, side, step, calls, salt) === commitment;
}

/** The problems `verify` finds in a two-seat file's signatures and commitments (none for a one-laptop game). */
export function seatProblems(db: SqliteDatabase): { count: number; problems: string[] } | null {
  let seat;
  try {
    seat = seatOf(db);
  } catch {
    return null;
  }
  if (!seat) return null;
  const problems: string[] = [];
  const keys = { USA: publicKeyOf(db, 'USA'), CSA: publicKeyOf(db, 'CSA') };
  const rows = statement(
    db,
    `SELECT e.seq, e.hash, s.side, s.call_fn, s.call_input, s.call_at, s.call_index, s.signature FROM events e LEFT JOIN event_seats s ON s.seq = e.seq ORDER BY e.seq`,
  ).all() as { seq: number; hash: string; side: Side | null; call_fn: string; call_input: string; call_at: string; call_index: number; signature: string | null }[];
  for (const r of rows) {
    if (r.side === null || r.signature === null) {
      problems.push(`event ${r.seq} is signed by no seat`);
      continue;
    }
    const key = keys[r.side];
    const text = eventSignedText(seat.gameId, { seq: r.seq, hash: r.hash, side: r.side, fn: r.call_fn, input: r.call_input, at: r.call_at, index: r.call_index });
    if (key === null || !signatureHolds(key, text, r.signature)) problems.push(`event ${r.seq}'s signature is not the ${r.side} seat's`);
  }
  const commitments = allCommitments(db);
  for (const c of commitments) {
    const step = { turnId: c.turn_id, segment: c.segment, phase: c.phase };
    const key = keys[c.side];
    if (key === null || !signatureHolds(key, commitmentSignedText(seat.gameId, c.side, step, c.commitment), c.signature)) {
      problems.push(`${c.side}'s commitment of turn ${c.turn_id} ${c.segment}.${c.phase} is not signed by the ${c.side} seat`);
    }
    if (c.revealed === 1 && (c.salt === null || !checkCommitment(seat.gameId, c.side, step, callsOfStep(db, c.side, step), c.salt, c.commitment))) {
      problems.push(`${c.side}'s revealed entries of turn ${c.turn_id} ${c.segment}.${c.phase} do not match its commitment`);
    }
  }
  const unproven = statement(
    db,
    `SELECT DISTINCT s.side, e.turn_id, e.segment, e.phase FROM events e JOIN event_seats s ON s.seq = e.seq
      WHERE (e.secret_side = s.side OR e.kind = 'entries.finished' OR (e.kind IN ${WORD_KINDS_SQL} AND ${COMMITTED_STEP_SQL}))
        AND NOT EXISTS (SELECT 1 FROM seat_commitments c WHERE c.turn_id = e.turn_id AND c.segment = e.segment AND c.phase = e.phase AND c.side = s.side AND c.revealed = 1)`,
  ).all() as { side: Side; turn_id: string; segment: string; phase: string }[];
  for (const u of unproven) problems.push(`${u.side}'s entries of turn ${u.turn_id} ${u.segment}.${u.phase} are in the log without a revealed commitment`);
  // Joint rolls: each recorded one is the two shares added, its share the one committed to.
  const joint = jointRolls(db);
  for (const r of joint.filter((x) => x.event_seq !== null)) {
    const call = statement(db, "SELECT call_input FROM event_seats WHERE seq = ? AND call_index = 0 AND call_fn = 'rollDie'").get(r.event_seq) as { call_input: string } | undefined;
    const roll = call ? (JSON.parse(call.call_input) as { roll?: number }).roll : undefined;
    const sound = r.share !== null && r.salt !== null && r.answer !== null && jointShareCommitment(seat.gameId, r, r.share, r.salt) === r.commitment && roll === (r.share + r.answer) % 10;
    if (!sound) problems.push(`the joint roll for ${r.purpose} (event ${r.event_seq}) is not the two seats' shares added`);
  }
  // Joint dice inside a change (db/seats/joint-dice.ts).
  const jointDice = jointDiceProblems(db, seat.gameId, keys, signatureHolds);
  problems.push(...jointDice.problems);
  return { count: rows.length + commitments.length + joint.length + jointDice.count, problems };
}
