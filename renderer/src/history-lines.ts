/**
 * The History screen's lines: each event, newest first, followed by its die rolls, and the words its
 * cells show (the side, the time, a roll's itemised modifiers). Pure functions of the service's data,
 * shared by the screen (views/HistoryView.vue) and the opening frame the page is served with
 * (electron/opening-frame.ts), so both show a line alike.
 */
import type { DiceRecord, EventKind, HistoryEntry } from '../../contract';
import { signed } from './format';

/** The History's first read of events and of rolls: about two screenfuls, enough to paint the newest events and their rolls. */
export const HISTORY_FIRST_PAGE = 60;

/**
 * One line of the list: an event, one of its die rolls under it, or one sentence of what the file adds to it
 * (the service's note: a withdrawal of joint dice the other seat had answered, with the dice both shares give).
 */
export type HistoryLine =
  | { kind: 'event'; key: string; entry: HistoryEntry }
  | { kind: 'die'; key: string; entry: HistoryEntry; die: DiceRecord }
  | { kind: 'note'; key: string; entry: HistoryEntry; text: string };

/** The lines of `entries` (in their order), each event followed by its rolls as `diceOf` finds them, then its note, a sentence a line. */
export function historyLines(entries: readonly HistoryEntry[], diceOf: (entry: HistoryEntry) => readonly DiceRecord[]): HistoryLine[] {
  const out: HistoryLine[] = [];
  for (const entry of entries) {
    out.push({ kind: 'event', key: `e${entry.seq}`, entry });
    for (const die of diceOf(entry)) out.push({ kind: 'die', key: `d${die.seq}`, entry, die });
    (entry.note?.split(/(?<=\.)\s+/) ?? []).forEach((text, i) => out.push({ kind: 'note', key: `n${entry.seq}-${i}`, entry, text }));
  }
  return out;
}

/** Each kind of event in a player's words, for the History's Kind column (every kind must have its words). */
export const EVENT_KIND_WORDS: Readonly<Record<EventKind, string>> = {
  'game.created': 'new game',
  'setup.leader': 'leader counter',
  'setup.unit': 'unit counter',
  'setup.correction': 'correction',
  'setup.objective': 'objectives',
  'loss.sp': 'loss',
  'loss.straggler': 'stragglers',
  'stragglers.recovered': 'stragglers back',
  fatigue: 'fatigue',
  status: 'status',
  'unit.flags': 'unit state',
  'skirmishers.designated': 'skirmishers out',
  'skirmishers.recalled': 'skirmishers back',
  'orders.set': 'orders',
  'orders.expired': 'orders lapse',
  'orders.preroll': 'pre-roll',
  'orders.attempt': 'order change',
  'orders.warren': "Warren's orders",
  'entries.finished': 'entries done',
  'initiative.declared': 'declaration',
  initiative: 'Initiative',
  'activation.attempt': 'ME attempt',
  'activation.re': 'RE activation',
  'activation.pass': 'pass',
  'activation.grant-me': 'ME given',
  'leader.casualty': 'leader hit',
  'leader.captured': 'leader captured',
  'leader.replaced': 'leader replaced',
  'leader.arrived': 'leader arrives',
  'army-commander.successor': 'successor',
  'guns.abandoned': 'guns abandoned',
  'guns.resolved': 'guns resolved',
  'guns.captured': 'guns captured',
  'command.markers': 'markers',
  'command.attachment': 'attachment',
  'reinforcement.attempt': 'arrival roll',
  'reinforcement.arrived': 'arrival',
  'clock.advanced': 'clock',
  'die.rolled': 'die',
  'joint-dice.refused': 'joint dice refused',
  'joint-dice.withdrawn': 'joint dice withdrawn',
  'objective.occupied': 'objective',
  fire: 'fire',
  shock: 'shock',
  'bayonet-charge': 'bayonet charge',
  rally: 'rally',
  udd: 'UDD',
  confusion: 'Confusion Table',
  works: 'works',
  weather: 'weather',
  'objective.manpower': 'manpower',
  'game.ended': 'end of game',
  'obligation.settled': 'due item settled',
  'reinforcement.schedule': 'schedule',
  'reinforcement.alternative': 'alternative area',
  'reinforcement.sealed': 'alternative area (sealed)',
  'reinforcement.opened': 'alternative area opened',
  'reinforcement.kept-sealed': 'alternative area stays sealed',
  'reinforcement.no-order': 'no alternative area order',
  'movement.double-time': 'double time',
  'fatigue.recovery': 'recovery',
  concealment: 'concealment',
  'concealment.sealed': 'concealment (sealed)',
  'concealment.opened': 'concealment opened',
  'orders.message-sealed': 'message sent (sealed)',
  'orders.message-opened': 'message arrived',
  'activation.draw': 'card drawn',
  'initiative.levels': 'Initiative Levels',
  'night.plot': 'night plot',
};

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
