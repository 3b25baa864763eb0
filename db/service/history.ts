/**
 * The record of play: the history (event log) and the dice log as players read them, and undo and redo,
 * which apply the logged before/after values (db/events.ts). Another side's secret entries are left out
 * of what a viewer reads, and undo and redo never cross into one (RI-H01, RI-H03).
 */
import { listDice } from '../dice';
import { forbidden } from '../errors';
import { listHistory, parsePayload, redoNext, undoHead } from '../events';
import { statement } from '../statements';
import { assertWritable } from '../open';
import type { DiceQuery, DiceRecord, HistoryEntry, HistoryQuery, UndoRedoResult, Viewer } from '../../contract';
import { assertUndamaged, inTransaction, type GameContext, type ServiceFunctions } from './context';
import { BOTH_DONE, handOverOf, hiddenEventSeqs, hiddenFrom, secretsRecorded, secretStep } from './secrets';
import { numberedEntry, numberedRoll, numberingFor } from './numbering';
import { readClock, readGame, readTurnState } from '../store';
import { withWriter, writersOf } from '../seats/store';

function history(ctx: GameContext, input: HistoryQuery = {}): HistoryEntry[] {
  // The viewer's numbers (RI-H07): "before #n" is the viewer's #n, and every # it reads is its own count.
  // "after #n" likewise: the seq of the viewer's #n (its events after it are those of higher seqs it may see).
  const n = numberingFor(ctx.db, input.viewer);
  const query = {
    ...input,
    ...(input.beforeSeq === undefined ? {} : { beforeSeq: n.eventSeqOf(input.beforeSeq) }),
    ...(input.afterSeq === undefined ? {} : { afterSeq: n.eventSeqOf(input.afterSeq) }),
  };
  const entries = listHistory(ctx.db, query, hiddenEventSeqs(ctx.db, input.viewer));
  const writer = writersOf(ctx.db, entries.map((e) => e.seq));
  return entries.map((e) => {
    // A joint-dice entry this file knows more of (a withdrawal the other seat had answered): the seats say what.
    const note = e.kind.startsWith('joint-dice.') ? (ctx.seatCalls?.historyNote(ctx, e.seq, e.kind) ?? null) : null;
    return numberedEntry(withWriter({ ...e, ...(note === null ? {} : { note }) }, writer(e.seq)), n);
  });
}

function diceLog(ctx: GameContext, input: DiceQuery = {}): DiceRecord[] {
  const limit = input.limit ?? 200;
  const before = input.beforeSeq ?? null;
  const after = input.afterSeq ?? null;
  const n = numberingFor(ctx.db, input.viewer);
  return listDice(ctx.db, before === null ? null : n.rollSeqOf(before), limit, hiddenEventSeqs(ctx.db, input.viewer), after === null ? null : n.rollSeqOf(after)).map((d) => numberedRoll(d, n));
}

/**
 * RI-H03: undo and redo refuse another side's hidden entry (it would be taken back, and shown, unasked),
 * and another side's hand-over in the current step (taking it back would reopen that side's entries to
 * whoever is at the keyboard).
 */
function refuseHidden(ctx: GameContext, seq: number | null, viewer: Viewer | undefined, what: 'undo' | 'redo'): void {
  if (seq === null) return;
  const handOver = handOverOf(ctx.db, seq);
  // The hand-over that revealed both sides' entries is both players' to take back: one side alone would have
  // read the other's entries and could then change its own (RI-H03).
  if (what === 'undo' && viewer !== 'both' && readTurnState(ctx.db).entries_done === BOTH_DONE && revealedTheStep(ctx, seq)) {
    const step = secretStep(readClock(ctx.db));
    throw forbidden('viewer', "the last entry is the one that revealed both sides' entries: only both players together may take it back (viewer \"both\")", step?.rule ?? 'Rev. Orders Segment');
  }
  if (handOver !== null && viewer !== handOver && viewer !== 'both') {
    const step = secretStep(readClock(ctx.db));
    const who = viewer === undefined ? 'no side was named as asking' : `${viewer} is asking`;
    throw forbidden('viewer', `the last ${what === 'undo' ? 'entry' : 'undone entry'} is ${handOver}'s hand-over (${handOver} finished its entries) and ${who}: only the ${handOver} player may take it back, or both players together`, step?.rule ?? 'Rev. Orders Segment');
  }
  const side = hiddenFrom(ctx.db, seq, viewer);
  if (side === null) return;
  const rule = secretStep(readClock(ctx.db))?.rule ?? 'Rev. Orders Segment';
  const who = viewer === undefined ? 'no side was named as asking' : `${viewer} is asking`;
  throw forbidden(
    'viewer',
    `the last ${what === 'undo' ? 'entry' : 'undone entry'} is ${side}'s hidden entry and ${who}: only the ${side} player may ${what} it, so that it is never taken back or shown to the other side`,
    rule,
  );
}

/**
 * Whether this event is the second side's hand-over or secret declaration, which revealed the step (an act of
 * both players, such as determining the Initiative Levels, is not one side's to have peeked with).
 */
function revealedTheStep(ctx: GameContext, seq: number): boolean {
  // secret_side is schema 6: a file a test keeps at an earlier schema has no secret entries.
  const row = statement(ctx.db, `SELECT seq, kind, payload, ${secretsRecorded(ctx.db) ? 'secret_side' : 'NULL AS secret_side'} FROM events WHERE seq = ?`).get(seq) as { seq: number; kind: string; payload: string; secret_side?: string | null } | undefined;
  if (row === undefined || (row.kind !== 'entries.finished' && (row.secret_side ?? null) === null)) return false;
  return parsePayload(row).changes.some((c) => c.table === 'turn_state' && c.field === 'entries_done' && c.after === BOTH_DONE);
}

function undo(ctx: GameContext, input: { viewer?: Viewer } = {}): UndoRedoResult {
  assertUndamaged(ctx);
  assertWritable(ctx.db);
  const { entry, canUndo, canRedo } = inTransaction(ctx.db, () => {
    refuseHidden(ctx, readGame(ctx.db).head_seq, input.viewer, 'undo');
    const done = undoHead(ctx.db);
    return { ...done, entry: numberedEntry(withWriter(done.entry, writersOf(ctx.db, [done.entry.seq])(done.entry.seq)), numberingFor(ctx.db, input.viewer)) };
  });
  return { event: entry, canUndo, canRedo };
}

function redo(ctx: GameContext, input: { viewer?: Viewer } = {}): UndoRedoResult {
  assertUndamaged(ctx);
  assertWritable(ctx.db);
  const { entry, canUndo, canRedo } = inTransaction(ctx.db, () => {
    refuseHidden(ctx, readGame(ctx.db).redo_seq, input.viewer, 'redo');
    const done = redoNext(ctx.db);
    return { ...done, entry: numberedEntry(withWriter(done.entry, writersOf(ctx.db, [done.entry.seq])(done.entry.seq)), numberingFor(ctx.db, input.viewer)) };
  });
  return { event: entry, canUndo, canRedo };
}

export const historyFunctions = { history, diceLog, undo, redo } satisfies Partial<ServiceFunctions>;
