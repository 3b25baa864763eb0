/**
 * "Since you last played" (contract/since.ts): in a game played from two seats, what came in from the other
 * seat since this seat last played, grouped and worded for its player, and the mark he sets when he has read
 * it. Games by e-mail go on for weeks: the player opening his file needs the news before the Turn screen.
 *
 * What "last played" means: the later of two local marks of the seat's file (seat_seen, kept outside the hash
 * chain like seat_pending, never signed nor sent):
 * - the seat's last change: every write of its own and every secret entry it holds on its device
 *   (db/seats/calls.ts marks it). What the log held then was in front of its player. The other side's
 *   entries it learns at the reveal come after it, so they are news, although the reveal writes this seat's
 *   own entries after them;
 * - the player's last dismissal of the report ("Got it"), up to what the report showed him: what came in
 *   while he read it is news next time.
 * The report lists only the other seat's events after that mark (event_seats says who wrote each).
 *
 * Nothing in it is more than the log says to nobody in particular: the query runs as seen by no side (the
 * facade's asSeenBy), the events any side may not see yet are left out (hiddenEventSeqs), and every # is
 * History's. A game played at one laptop answers `twoSeats: false` and nothing else.
 */
import { describeStep, type SequenceStep } from '../../rules/sequence';
import type { EventKind, HistoryEntry, MarkSeenInput, SinceGroup, SinceGroupKind, SinceItem, SinceLastPlayed } from '../../contract';
import { SINCE_GROUPS } from '../../contract';
import { invalid } from '../errors';
import { eventHead, listHistory } from '../events';
import { assertWritable } from '../open';
import { markSeen as recordSeen, otherSide, seatOf, seenMarks } from '../seats/store';
import { statement } from '../statements';
import type { GameContext, ServiceFunctions } from './context';
import { numberingFor } from './numbering';
import { asSeenBy, hiddenEventSeqs } from './secrets';

const AT_ONE_LAPTOP: SinceLastPlayed = { twoSeats: false, seat: null, otherSeat: null, since: null, upTo: 0, changes: 0, count: 0, summary: 'A game played at one laptop: nothing comes in from another seat.', groups: [] };

/** The group each kind of event goes to; a loss's own kinds give one line per unit that lost (lossLines). */
const GROUP_OF: Partial<Record<EventKind, SinceGroupKind>> = {
  'reinforcement.arrived': 'arrivals',
  'reinforcement.attempt': 'arrivals',
  'leader.arrived': 'arrivals',
  'loss.sp': 'losses',
  'loss.straggler': 'losses',
  'guns.abandoned': 'losses',
  'guns.captured': 'losses',
  'guns.resolved': 'losses',
  fire: 'combat',
  shock: 'combat',
  'bayonet-charge': 'combat',
  rally: 'combat',
  udd: 'combat',
  confusion: 'combat',
  'leader.casualty': 'leaders',
  'leader.captured': 'leaders',
  'leader.replaced': 'leaders',
  'army-commander.successor': 'leaders',
  'orders.set': 'entries',
  'orders.preroll': 'entries',
  'orders.attempt': 'entries',
  'orders.warren': 'entries',
  'initiative.declared': 'entries',
  'entries.finished': 'entries',
  'clock.advanced': 'clock',
  'game.ended': 'clock',
};

/** Each group's words, one and many. */
const WORDS: Record<SinceGroupKind, [string, string]> = {
  arrivals: ['arrival', 'arrivals'],
  losses: ['loss', 'losses'],
  combat: ['combat result', 'combat results'],
  leaders: ['leader casualty', 'leader casualties'],
  entries: ['revealed entry', 'revealed entries'],
  play: ['other event', 'other events'],
  clock: ['move of the clock', 'moves of the clock'],
};

const counted = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/** What a unit lost in one event, read from the event's changes: SP, stragglers, guns, a rout or its end. */
function lossLines(entry: HistoryEntry, names: ReadonlyMap<string, string>): string[] {
  const byUnit = new Map<string, string[]>();
  const add = (unitId: string, words: string) => byUnit.set(unitId, [...(byUnit.get(unitId) ?? []), words]);
  const grew = (c: { before: unknown; after: unknown }) => Number(c.after) - Number(c.before);
  for (const c of entry.changes) {
    if (c.table !== 'units') continue;
    if (c.field === 'sp_lost' && grew(c) > 0) add(c.key, `loses ${grew(c)} SP`);
    else if (c.field === 'stragglers' && grew(c) > 0) add(c.key, `loses ${grew(c)} SP as stragglers`);
    else if (c.field === 'abandoned_guns' && grew(c) > 0) add(c.key, `abandons ${grew(c)} gun(s)`);
    else if (c.field === 'captured_guns' && grew(c) > 0) add(c.key, `has ${grew(c)} gun(s) captured`);
    else if (c.field === 'status' && c.after === 'routed') add(c.key, 'routs');
    else if (c.field === 'status' && c.after === 'shattered') add(c.key, 'is shattered');
    else if (c.field === 'status' && c.after === 'eliminated') add(c.key, 'is eliminated');
  }
  return [...byUnit].map(([id, what]) => `${names.get(id) ?? id} ${what.join(' and ')}`);
}

function stepLabel(entry: HistoryEntry): string {
  try {
    return describeStep({ segment: entry.segment as SequenceStep['segment'], phase: entry.phase as SequenceStep['phase'] }).label;
  } catch {
    // An event before the first step of play (the setup): its segment and phase as recorded.
    return `${entry.segment}.${entry.phase}`;
  }
}

/** The report, as the log stands (the caller runs it as seen by nobody in particular). */
function report(ctx: GameContext): SinceLastPlayed {
  const db = ctx.db;
  const seat = seatOf(db);
  if (!seat) return AT_ONE_LAPTOP;
  const other = otherSide(seat.side);
  const marks = seenMarks(db);
  const sinceSeq = Math.max(marks.playedSeq, marks.seenSeq);
  const head = eventHead(db).seq;
  const hidden = hiddenEventSeqs(db, undefined);
  const n = numberingFor(db, undefined);
  // The other seat's events after the mark that nobody in particular may not see (none undone: a two-seat game has no undo).
  const theirs = new Set(
    (statement(db, 'SELECT s.seq FROM event_seats s WHERE s.seq > ? AND s.side = ? ORDER BY s.seq').raw().all(sinceSeq, other) as [number][]).map((r) => r[0]),
  );
  const entries = theirs.size === 0 ? [] : listHistory(db, { beforeSeq: head + 1, limit: Math.min(5000, head - sinceSeq), includeUndone: false }, hidden).filter((e) => theirs.has(e.seq)).reverse();
  const names = new Map((statement(db, 'SELECT id, name FROM units').raw().all() as [string, string][]).map(([id, name]) => [id, name]));
  const items = new Map<SinceGroupKind, SinceItem[]>();
  const put = (kind: SinceGroupKind, entry: HistoryEntry, text: string) =>
    items.set(kind, [...(items.get(kind) ?? []), { seq: n.event(entry.seq), turnId: entry.turnId, segment: entry.segment, phase: entry.phase, step: stepLabel(entry), text, side: entry.side }]);
  for (const e of entries) {
    // Another side's entry, once revealed, is an entry whatever its kind (an order, a declaration, a pre-roll).
    const kind = e.secretSide !== null ? 'entries' : (GROUP_OF[e.kind] ?? 'play');
    const losses = lossLines(e, names);
    // A loss's own event, or a change of state that is nothing but a loss (a rout set on the Roster): the losses say it.
    if (kind === 'losses' || (kind === 'play' && losses.length > 0)) {
      for (const line of losses.length > 0 ? losses : [e.summary]) put('losses', e, line);
      continue;
    }
    // The event itself, and what it cost (a fire's SP, a rout, an elimination) among the losses.
    put(kind, e, e.summary);
    for (const line of losses) put('losses', e, line);
  }
  const groups: SinceGroup[] = SINCE_GROUPS.filter((k) => items.has(k)).map((k) => {
    const list = items.get(k)!;
    return { kind: k, title: counted(list.length, WORDS[k]), count: list.length, items: list };
  });
  const count = groups.reduce((sum, g) => sum + g.count, 0);
  // The later mark (a dismissal after the last change, or the last change); 'start' before either.
  const mark = marks.seenAt !== null && marks.seenSeq > marks.playedSeq ? 'seen' : marks.playedAt !== null || marks.playedSeq > 0 ? 'played' : marks.seenAt !== null ? 'seen' : 'start';
  const from = `from the ${other} seat`;
  const summary = entries.length === 0 ? `Nothing new ${from} since you last played.` : `${counted(entries.length, ['change', 'changes'])} ${from}: ${groups.map((g) => g.title).join(', ')}.`;
  return {
    twoSeats: true,
    seat: seat.side,
    otherSeat: other,
    since: { mark, seq: n.event(sinceSeq), at: mark === 'played' ? marks.playedAt : mark === 'seen' ? marks.seenAt : null },
    upTo: n.visibleEvents(head),
    changes: entries.length,
    count,
    summary,
    groups,
  };
}

function sinceLastPlayed(ctx: GameContext): SinceLastPlayed {
  return report(ctx);
}

/** The player has read the report up to `upTo` (History's #): the mark moves there, never back. */
function markSeen(ctx: GameContext, input: MarkSeenInput): SinceLastPlayed {
  if (!seatOf(ctx.db)) throw invalid('upTo', 'this game is played at one laptop: there is no seat, and nothing comes in from another one to mark as read');
  assertWritable(ctx.db);
  const n = numberingFor(ctx.db, undefined);
  const head = eventHead(ctx.db).seq;
  if (input.upTo > n.visibleEvents(head)) throw invalid('upTo', `the History has ${n.visibleEvents(head)} entries: #${input.upTo} is not one of them`);
  recordSeen(ctx.db, n.eventSeqOf(input.upTo), ctx.now());
  return asSeenBy(ctx, undefined, report);
}

export const sinceFunctions = { sinceLastPlayed, markSeen } satisfies Partial<ServiceFunctions>;
