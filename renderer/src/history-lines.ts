/**
 * The History screen's lines: each event, newest first, followed by its die rolls, and the words its
 * cells show (the side, the time, a roll's itemised modifiers). Pure functions of the service's data,
 * shared by the screen (views/HistoryView.vue) and the opening frame the page is served with
 * (electron/opening-frame.ts), so both show a line alike.
 */
import type { DiceRecord, HistoryEntry } from '../../contract';
import { signed } from './format';

/** The History's first read of events and of rolls: about two screenfuls, enough to paint the newest events and their rolls. */
export const HISTORY_FIRST_PAGE = 60;

/** One line of the list: an event, or one of its die rolls under it. */
export type HistoryLine = { kind: 'event'; key: string; entry: HistoryEntry } | { kind: 'die'; key: string; entry: HistoryEntry; die: DiceRecord };

/** The lines of `entries` (in their order), each event followed by its rolls as `diceOf` finds them. */
export function historyLines(entries: readonly HistoryEntry[], diceOf: (entry: HistoryEntry) => readonly DiceRecord[]): HistoryLine[] {
  const out: HistoryLine[] = [];
  for (const entry of entries) {
    out.push({ kind: 'event', key: `e${entry.seq}`, entry });
    for (const die of diceOf(entry)) out.push({ kind: 'die', key: `d${die.seq}`, entry, die });
  }
  return out;
}

export const SIDE_TEXT: Record<HistoryEntry['side'], string> = { USA: 'USA', CSA: 'CSA', both: 'both', game: '' };

/** When an event was recorded, as a clock time of the players' day. */
export function recordedAt(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** A roll's modifiers, each with its value and its rules source. */
export function drmWords(die: DiceRecord): string {
  return die.modifiers.items.map((item) => `${signed(item.value)} ${item.label} (${item.rule})`).join(', ');
}
