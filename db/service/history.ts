/**
 * The record of play: the history (event log) and the dice log as players read them, and undo and redo,
 * which apply the logged before/after values (db/events.ts).
 */
import { listDice } from '../dice';
import { invalid } from '../errors';
import { listHistory, redoNext, undoHead } from '../events';
import { assertWritable } from '../open';
import type { DiceQuery, DiceRecord, HistoryEntry, HistoryQuery, UndoRedoResult } from '../../contract';
import { requireInt, requireObject } from '../validate';
import { assertUndamaged, inTransaction, type GameContext, type ServiceFunctions } from './context';

function history(ctx: GameContext, input: HistoryQuery = {}): HistoryEntry[] {
  const q = requireObject('input', input);
  if (q.limit !== undefined) requireInt('limit', q.limit, 1, 10_000);
  if (q.beforeSeq !== undefined) requireInt('beforeSeq', q.beforeSeq, 1, Number.MAX_SAFE_INTEGER);
  if (q.kinds !== undefined && !Array.isArray(q.kinds)) throw invalid('kinds', 'must be a list of event kinds');
  return listHistory(ctx.db, input);
}

function diceLog(ctx: GameContext, input: DiceQuery = {}): DiceRecord[] {
  const q = requireObject('input', input);
  const limit = q.limit === undefined ? 200 : requireInt('limit', q.limit, 1, 10_000);
  const before = q.beforeSeq === undefined ? null : requireInt('beforeSeq', q.beforeSeq, 1, Number.MAX_SAFE_INTEGER);
  return listDice(ctx.db, before, limit);
}

function undo(ctx: GameContext): UndoRedoResult {
  assertWritable(ctx.db);
  assertUndamaged(ctx);
  const { entry, canUndo, canRedo } = inTransaction(ctx.db, () => undoHead(ctx.db));
  return { event: entry, canUndo, canRedo };
}

function redo(ctx: GameContext): UndoRedoResult {
  assertWritable(ctx.db);
  assertUndamaged(ctx);
  const { entry, canUndo, canRedo } = inTransaction(ctx.db, () => redoNext(ctx.db));
  return { event: entry, canUndo, canRedo };
}

export const historyFunctions = { history, diceLog, undo, redo } satisfies Partial<ServiceFunctions>;
