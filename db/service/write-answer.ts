/**
 * A write's answer to the window (contract/answer.ts): what it changed, so the screens apply it instead of
 * reading the game again. Marked before the write runs (which views a screen holds of the state before it:
 * the roster sheet and the turn state kept for that state, db/service/revision-memo.ts), made after it:
 * the game's info, the sheet's changes since the one held, the new turn state, the tables touched, and the
 * queries the write left as they were (db/service/kept-queries.ts).
 *
 * No work the answer does not need: a view nobody held before the write (no screen shows it) is not made
 * for the answer. Every view is the game as nobody in particular sees it, made by the very queries a
 * screen would ask (the service's methods, which take out any side's hidden entries). In a step of secret
 * entries, before or after the write, only the game's info is sent: the screens read again as the side at
 * the keyboard, and whether a view could be sent tells nothing of the entries (RI-H01).
 *
 * With one addition, in that step: the compared queries (kept-queries.ts; the joint dice of a two-seat game)
 * that are answered after the write as they were before it are named as kept. That tells the side at the
 * keyboard nothing of the other side's entries: such a query takes no input, so no viewer, and every screen
 * of the file is given the same answer whoever sits there; the answer held before the write is on the screen
 * that asked it, and the answer after is what that screen would be given if it asked again, so "as they
 * were" says no more than the two answers the screen has or would get. Whether the query is named at all
 * depends on whether a screen asked it before the write, never on the entries. And the joint dice are made of
 * what the seat's own file holds (its own rows; whose step it is, from the clock and whether each side has
 * finished, which is public: RI-H07), where the other seat's entries of the step are not until both are
 * revealed (they stay on its own device: db/seats/calls.ts holdEntry). Every other view of the step is read
 * again, as before.
 */
import type { RosterSheet, TurnState, Viewer, WriteAnswer, GameInfo } from '../../contract';
import { parsePayload, type EventRow } from '../events';
import { statement } from '../statements';
import { HEAD_SEQ_SQL, readClock } from '../store';
import type { GameContext } from './context';
import { keptTurnState } from './clock';
import { answersHeld, keptQueries } from './kept-queries';
import { carrySheet, sheetHeld, sheetState } from './roster-sheet';
import { secretsRecorded, secretStep } from './secrets';

/** The queries the answer is made of, as the service answers them to any caller. */
export interface AnswerQueries {
  info(): GameInfo;
  rosterSheet(input: { since: string }): RosterSheet;
  turnState(input?: { viewer?: Viewer }): TurnState;
}

/** Where the log stands: its last event and the event undo would take back. */
function logMark(ctx: GameContext): { last: number; head: number | null } {
  const row = statement(ctx.db, `SELECT (SELECT max(seq) FROM events) AS last, ${HEAD_SEQ_SQL} AS head`).get() as { last: number | null; head: number | null };
  return { last: row.last ?? 0, head: row.head };
}

/** True while a step's entries are secret (the clock alone says so: nothing of the entries). */
function secretNow(ctx: GameContext): boolean {
  return secretStep(readClock(ctx.db)) !== null && secretsRecorded(ctx.db);
}

/**
 * The rows changed by the events written since `before` (new events), and by the events undo or redo took
 * back or brought back (the head moved without a new event), with the kinds of those events.
 */
function rowsTouched(ctx: GameContext, before: { last: number; head: number | null }): { changes: { table: string; key: string | number }[]; eventKinds: Set<string> } {
  const after = logMark(ctx);
  const rows = statement(ctx.db, 'SELECT seq, kind, payload FROM events WHERE seq > ?').all(before.last) as Pick<EventRow, 'seq' | 'kind' | 'payload'>[];
  // No new event, the head moved: undo took back the head before, or redo brought back the head after.
  if (rows.length === 0 && after.head !== before.head) {
    const seq = before.head !== null && (after.head === null || after.head < before.head) ? before.head : after.head;
    if (seq !== null) rows.push(statement(ctx.db, 'SELECT seq, kind, payload FROM events WHERE seq = ?').get(seq) as Pick<EventRow, 'seq' | 'kind' | 'payload'>);
  }
  return { changes: rows.flatMap((row) => parsePayload(row).changes.map((c) => ({ table: c.table, key: c.key }))), eventKinds: new Set(rows.map((row) => row.kind)) };
}

/**
 * Called before a write: what the screens hold of the state before it. Returns the function that makes the
 * write's answer once it has run (and only then: a refused write is answered with its refusal alone).
 */
export function beforeWrite(ctx: GameContext, queries: AnswerQueries): () => WriteAnswer {
  const secretBefore = secretNow(ctx);
  const sheet = secretBefore ? null : sheetHeld(ctx);
  // The sheet made at the state before is carried to the state after whoever it was made for: in a step of
  // secret entries too, where the answer sends none, the side at the keyboard reading its sheet again is then
  // sent the rows that changed without every unit worked out afresh (the same sheet: carrySheet).
  const stateBefore = sheetState(ctx);
  const turnStateHeld = !secretBefore && (keptTurnState.asked(ctx, {}) || keptTurnState.asked(ctx, undefined));
  const log = logMark(ctx);
  // In a step of secret entries too: the compared queries are asked with no input, so as nobody in particular.
  const alike = answersHeld(ctx);
  return () => {
    const game = queries.info();
    const touched = rowsTouched(ctx, log);
    if (stateBefore !== null) carrySheet(ctx, stateBefore, touched.changes);
    if (secretBefore || secretNow(ctx)) {
      // Only the compared queries answered alike are named (the joint dice): see the header.
      const kept = [...alike()].sort();
      return { game, sheet: null, turnState: null, tables: null, kept: kept.length === 0 ? null : kept };
    }
    const tables = [...new Set(touched.changes.map((c) => c.table))].sort();
    const changes = sheet === null ? null : queries.rosterSheet({ since: sheet });
    return {
      game,
      // Only the changes since the sheet held: a whole sheet (the one held was forgotten) is left for the screen to ask.
      sheet: changes?.changes === undefined ? null : changes,
      turnState: turnStateHeld ? queries.turnState({}) : null,
      tables,
      kept: keptQueries({ tables: new Set(tables), eventKinds: touched.eventKinds, answeredAlike: alike() }),
    };
  };
}
