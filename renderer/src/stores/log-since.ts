/**
 * The log a screen holds, brought up to date after a write by reading only what came after it: the entries
 * and rolls after the last ones held (history and diceLog `afterSeq`), and, after an undo or redo, the
 * entry it revisited and every one after it (their "undone" marks changed in place).
 *
 * The numbers are the viewer's own (RI-H07): another side's hidden entries are left out of its count, and
 * once a step is revealed the numbers after them move up. So a log is only brought up to date for the same
 * side at the keyboard and the same turn (the Messengers' attempts come into the count as their messages
 * arrive, turn by turn), after a write whose answer said what it touched: in a step of secret entries a
 * write's answer says nothing, and every screen reads its log whole again.
 */
import type { DiceRecord, HistoryEntry, Viewer } from '../../../contract';

/** Whose log a screen holds, and of which turn. */
export interface LogHeld {
  turnId: string;
  viewer: Viewer | undefined;
}

/** An entry undo or redo took back or brought back: its # and its rolls' #s. */
export interface Revisited {
  seq: number;
  diceSeqs: readonly number[];
}

/** What to ask after a write, and how the answers join what is held. */
export interface SinceHeld {
  /** The last entry's # still held as it is: ask the entries after it. */
  afterEvent: number;
  /** The last roll's # still held as it is: ask the rolls after it. */
  afterRoll: number;
}

/**
 * What to ask to bring the log held up to date, or null when it must be read whole (another side at the
 * keyboard, another turn, nothing held to count from).
 */
export function sinceHeld(before: LogHeld | null, now: LogHeld, newestEvent: number | undefined, newestRoll: number | undefined, revisited: Revisited | null): SinceHeld | null {
  if (before === null || before.turnId !== now.turnId || before.viewer !== now.viewer) return null;
  if (newestEvent === undefined || newestRoll === undefined) return null;
  let afterEvent = newestEvent;
  let afterRoll = newestRoll;
  if (revisited !== null) {
    afterEvent = Math.min(afterEvent, revisited.seq - 1);
    if (revisited.diceSeqs.length > 0) afterRoll = Math.min(afterRoll, Math.min(...revisited.diceSeqs) - 1);
  }
  return { afterEvent: Math.max(0, afterEvent), afterRoll: Math.max(0, afterRoll) };
}

/** Entries held oldest first, joined by those read after #`after` (any order): the ones above it replaced. */
export function entriesOldestFirst(held: readonly HistoryEntry[], after: number, read: readonly HistoryEntry[]): HistoryEntry[] {
  const kept = held.filter((e) => e.seq <= after);
  return read.length === 0 && kept.length === held.length ? (held as HistoryEntry[]) : [...kept, ...[...read].sort((a, b) => a.seq - b.seq)];
}

/** Entries held newest first, joined by those read after #`after` (any order): the ones above it replaced. */
export function entriesNewestFirst(held: readonly HistoryEntry[], after: number, read: readonly HistoryEntry[]): HistoryEntry[] {
  const kept = held.filter((e) => e.seq <= after);
  return read.length === 0 && kept.length === held.length ? (held as HistoryEntry[]) : [...[...read].sort((a, b) => b.seq - a.seq), ...kept];
}

/**
 * Rolls held by #, joined by those read after #`after`: the ones above it replaced; at most `newest` kept (the
 * newest), newest first as the dice log lists them.
 */
export function rollsJoined(held: ReadonlyMap<number, DiceRecord>, after: number, read: readonly DiceRecord[], newest = Infinity): Map<number, DiceRecord> {
  if (read.length === 0 && [...held.keys()].every((seq) => seq <= after)) return held as Map<number, DiceRecord>;
  const seqs = [...held.keys()].filter((seq) => seq <= after);
  for (const d of read) seqs.push(d.seq);
  seqs.sort((a, b) => b - a);
  const readBySeq = new Map(read.map((d) => [d.seq, d]));
  const joined = new Map<number, DiceRecord>();
  for (const seq of seqs.slice(0, newest)) joined.set(seq, readBySeq.get(seq) ?? held.get(seq)!);
  return joined;
}
