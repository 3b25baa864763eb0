/** History: the event log as players read it, the dice log, and undo/redo. */
import { z } from 'zod';
import { DiceRecord, EVENT_KINDS, EventKind, HistoryEntry, Id, TurnId, Viewer, ViewerOnly, query, write } from './common';

/** A # in the log as its reader counts it: 1 for the first entry or roll. */
const Seq = z.number().int().min(1).max(1_000_000);
/** The last # a screen holds (0: none), as its reader counts it: what comes after it is asked for. */
const HeldSeq = z.number().int().min(0).max(1_000_000);

export const HistoryQuery = z.strictObject({
  kinds: z.array(EventKind).max(EVENT_KINDS.length).optional(),
  unitId: Id.optional(),
  commandId: Id.optional(),
  leaderId: Id.optional(),
  turnId: TurnId.optional(),
  /** Include undone events (default true: players see them struck through). */
  includeUndone: z.boolean().optional(),
  /** Only events with seq below this (paging backwards). */
  beforeSeq: Seq.optional(),
  /** Only events with seq above this: what came after the last entry a screen holds (numbered as the viewer counts). */
  afterSeq: HeldSeq.optional(),
  /** Default 200. */
  limit: z.number().int().min(1).max(5000).optional(),
  /** Leave each entry's changes out (default true: in); the History screen shows none and pages a long log faster. */
  withChanges: z.boolean().optional(),
  /** Who is looking: another side's secret entries are left out (RI-H01). */
  viewer: Viewer.optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const DiceQuery = z.strictObject({
  beforeSeq: Seq.optional(),
  /** Only rolls with seq above this: what came after the last roll a screen holds (numbered as the viewer counts). */
  afterSeq: HeldSeq.optional(),
  limit: z.number().int().min(1).max(5000).optional(),
  viewer: Viewer.optional(),
});
export type DiceQuery = z.infer<typeof DiceQuery>;

export const UndoRedoResult = z.object({
  /** The event undone or redone. */
  event: HistoryEntry,
  canUndo: z.boolean(),
  canRedo: z.boolean(),
});
export type UndoRedoResult = z.infer<typeof UndoRedoResult>;

export const historyContract = {
  history: query('The event log, newest first, filtered by kind, unit, command, leader or turn', HistoryQuery.optional(), z.array(HistoryEntry)),
  diceLog: query('The dice log, newest first', DiceQuery.optional(), z.array(DiceRecord)),
  undo: write("Undoes the last event (never another side's secret entry: say who is asking)", ViewerOnly, UndoRedoResult),
  redo: write("Redoes the last undone event (never another side's secret entry: say who is asking)", ViewerOnly, UndoRedoResult),
};
