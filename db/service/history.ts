/**
 * The record of play: the history (event log) and the dice log as players read them, and undo and redo,
 * which apply the logged before/after values (db/events.ts). Another side's secret entries are left out
 * of what a viewer reads, and undo and redo never cross into one (RI-H01, RI-H03).
 */
import { listDice } from '../dice';
import { forbidden, invalid } from '../errors';
import { listHistory, redoNext, undoHead } from '../events';
import { assertWritable } from '../open';
import type { DiceQuery, DiceRecord, HistoryEntry, HistoryQuery, UndoRedoResult, Viewer } from '../../contract';
import { requireInt, requireObject } from '../validate';
import { assertUndamaged, inTransaction, type GameContext, type ServiceFunctions } from './context';
import { handOverOf, hiddenEventSeqs, hiddenFrom, secretStep } from './secrets';
import { readClock, readGame } from '../store';

function history(ctx: GameContext, input: HistoryQuery = {}): HistoryEntry[] {
  const q = requireObject('input', input);
  if (q.limit !== undefined) requireInt('limit', q.limit, 1, 10_000);
  if (q.beforeSeq !== undefined) requireInt('beforeSeq', q.beforeSeq, 1, Number.MAX_SAFE_INTEGER);
  if (q.kinds !== undefined && !Array.isArray(q.kinds)) throw invalid('kinds', 'must be a list of event kinds');
  return listHistory(ctx.db, input, hiddenEventSeqs(ctx.db, input.viewer));
}

function diceLog(ctx: GameContext, input: DiceQuery = {}): DiceRecord[] {
  const q = requireObject('input', input);
  const limit = q.limit === undefined ? 200 : requireInt('limit', q.limit, 1, 10_000);
  const before = q.beforeSeq === undefined ? null : requireInt('beforeSeq', q.beforeSeq, 1, Number.MAX_SAFE_INTEGER);
  return listDice(ctx.db, before, limit, hiddenEventSeqs(ctx.db, input.viewer));
}

/**
 * RI-H03: undo and redo refuse another side's hidden entry (it would be taken back, and shown, unasked),
 * and another side's hand-over in the current step (taking it back would reopen that side's entries to
 * whoever is at the keyboard).
 */
function refuseHidden(ctx: GameContext, seq: number | null, viewer: Viewer | undefined, what: 'undo' | 'redo'): void {
  if (seq === null) return;
  const handOver = handOverOf(ctx.db, seq);
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

function undo(ctx: GameContext, input: { viewer?: Viewer } = {}): UndoRedoResult {
  assertWritable(ctx.db);
  assertUndamaged(ctx);
  const { entry, canUndo, canRedo } = inTransaction(ctx.db, () => {
    refuseHidden(ctx, readGame(ctx.db).head_seq, input.viewer, 'undo');
    return undoHead(ctx.db);
  });
  return { event: entry, canUndo, canRedo };
}

function redo(ctx: GameContext, input: { viewer?: Viewer } = {}): UndoRedoResult {
  assertWritable(ctx.db);
  assertUndamaged(ctx);
  const { entry, canUndo, canRedo } = inTransaction(ctx.db, () => {
    refuseHidden(ctx, readGame(ctx.db).redo_seq, input.viewer, 'redo');
    return redoNext(ctx.db);
  });
  return { event: entry, canUndo, canRedo };
}

export const historyFunctions = { history, diceLog, undo, redo } satisfies Partial<ServiceFunctions>;
