/**
 * What the seats of a two-seat game sign and commit to, in canonical texts (never changed; a new format
 * gets a new tag): an event with the call it came from, and a commitment to a side's entries of one step.
 */
import type { Side } from '../../rules/types';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { sha256 } from './keys';
import type { HeldCall, StepKey } from './store';

/** The app's rolls an event made, in order. */
export function appRollsOf(db: SqliteDatabase, seq: number): number[] {
  return (statement(db, "SELECT roll FROM dice_log WHERE event_seq = ? AND source = 'app' ORDER BY seq").raw().all(seq) as [number][]).map((r) => r[0]);
}

/** The text a seat signs for one event: the game, the event's place and hash, and the call it came from. */
export function eventSignedText(gameId: string, e: { seq: number; hash: string; side: Side; fn: string; input: string; at: string; index: number }): string {
  return `muster/seat-event/1\n${gameId}\n${e.seq}\n${e.hash}\n${e.side}\n${e.fn}\n${e.at}\n${e.index}\n${e.input}`;
}

/** A call's input as stored and sent: its JSON ('' for none). */
export const callInputText = (input: unknown): string => (input === undefined ? '' : JSON.stringify(input));

/** The commitment to a seat's entries of one step: SHA-256 over the game, the step, the calls and the salt. */
export function commitmentOf(gameId: string, side: Side, step: StepKey, calls: readonly HeldCall[], salt: string): string {
  return sha256(`muster/seat-commitment/1\n${JSON.stringify({ gameId, side, turnId: step.turnId, segment: step.segment, phase: step.phase, calls: calls.map((c) => [c.fn, c.input, c.at, c.rolls]), salt })}`);
}

/** The text a seat signs for its commitment. */
export function commitmentSignedText(gameId: string, side: Side, step: StepKey, commitment: string): string {
  return `muster/seat-commit/1\n${gameId}\n${side}\n${step.turnId}\n${step.segment}\n${step.phase}\n${commitment}`;
}

/** The commitment to a seat's share of a joint roll (db/seats/joint.ts). */
export const jointShareCommitment = (gameId: string, r: { id: string; side: Side; purpose: string }, share: number, salt: string): string =>
  sha256(`muster/seat-joint/1\n${gameId}\n${r.id}\n${r.side}\n${r.purpose}\n${share}\n${salt}`);
