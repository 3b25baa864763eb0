/**
 * How each side numbers the log (RI-H07): the numbers a side reads (an entry's #, a roll's #, the count of
 * events) are the places of the events and rolls it may see, counted without the other side's hidden
 * entries and their rolls. With the log's own seqs, "#3 then #6" would tell the other side that two hidden
 * entries lie between; counted this way, its numbers are the same whether the other side entered nothing or
 * ten orders. What a side may know is written down in docs/security.md: that the other side is still
 * entering, and whether it has finished, but not how many entries or rolls it made until they are revealed
 * (and never for an entry it took back).
 *
 * A number is the viewer's: once the step is revealed, the other side's entries take their places and the
 * numbers after them move up. Changes with no viewer (the write path's results, the app's roll given to a
 * combat by its #) are numbered as nobody in particular sees the log: every unrevealed entry left out.
 */
import type { DiceRecord, HistoryEntry, Viewer } from '../../contract';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { hiddenEventSeqs } from './secrets';

export interface Numbering {
  /** The number the viewer reads for an event it may see. */
  event(seq: number): number;
  /** The number the viewer reads for a roll it may see. */
  roll(seq: number): number;
  /** The log's seq of the event the viewer numbers `shown` (for paging: "before #n"). */
  eventSeqOf(shown: number): number;
  /** The log's seq of the roll the viewer numbers `shown`. */
  rollSeqOf(shown: number): number;
  /** How many of the log's events the viewer may see. */
  visibleEvents(total: number): number;
  /** How many of the log's rolls the viewer may see. */
  visibleRolls(total: number): number;
}

/** How many of the sorted `hidden` are below `seq`. */
function below(hidden: readonly number[], seq: number): number {
  let lo = 0;
  let hi = hidden.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (hidden[mid]! < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The seq whose number is `shown` once the sorted `hidden` seqs are left out. */
function seqOf(hidden: readonly number[], shown: number): number {
  let seq = shown;
  for (const h of hidden) {
    if (h <= seq) seq += 1;
    else break;
  }
  return seq;
}

const AS_STORED: Numbering = { event: (s) => s, roll: (s) => s, eventSeqOf: (s) => s, rollSeqOf: (s) => s, visibleEvents: (n) => n, visibleRolls: (n) => n };

/** The numbering the viewer reads (no viewer: nobody in particular, who sees no unrevealed entry). */
export function numberingFor(db: SqliteDatabase, viewer: Viewer | undefined): Numbering {
  const hidden = hiddenEventSeqs(db, viewer);
  if (hidden.length === 0) return AS_STORED;
  const hiddenRolls = (statement(db, 'SELECT seq FROM dice_log WHERE event_seq IN (SELECT value FROM json_each(?)) ORDER BY seq').raw().all(JSON.stringify(hidden)) as [number][]).map((r) => r[0]);
  return {
    event: (s) => s - below(hidden, s),
    roll: (s) => s - below(hiddenRolls, s),
    eventSeqOf: (n) => seqOf(hidden, n),
    rollSeqOf: (n) => seqOf(hiddenRolls, n),
    visibleEvents: (total) => total - hidden.length,
    visibleRolls: (total) => total - hiddenRolls.length,
  };
}

/** An entry as the numbering shows it (its # and its rolls' #s). */
export function numberedEntry(entry: HistoryEntry, n: Numbering): HistoryEntry {
  return n === AS_STORED ? entry : { ...entry, seq: n.event(entry.seq), diceSeqs: entry.diceSeqs.map(n.roll) };
}

/** A roll as the numbering shows it (its # and its event's #). */
export function numberedRoll(roll: DiceRecord, n: Numbering): DiceRecord {
  return n === AS_STORED ? roll : { ...roll, seq: n.roll(roll.seq), eventSeq: n.event(roll.eventSeq) };
}
