/**
 * The game clock over rules/sequence.ts: where the game stands (turn and step of the Sequence of Play),
 * the step that follows, and which automatic state changes the service makes on the way. The order of
 * play and the clock events come from the rules engine; this module only maps them onto the time track.
 */
import { clockEventsDue, describeStep, FIRST_STEP, nextStep, SEGMENT, SEQUENCE_OF_PLAY } from '../rules/sequence';
import type { ClockEvent, SequenceStep } from '../rules/sequence';
import type { ClockState } from '../contract';
import type { ClockRow, TurnRow } from './store';

/** Segment ids the service checks requests against (rules/sequence.ts names them). */
export const ORDERS_SEGMENT = SEGMENT.orders;
export const INITIATIVE_SEGMENT = SEGMENT.initiative;
export const ACTIVATION_SEGMENT = SEGMENT.activation;

/** Steps in order, numbered 0.. within a turn. */
const STEPS: SequenceStep[] = SEQUENCE_OF_PLAY.flatMap((segment) => segment.phases.map((phase) => ({ segment: segment.id, phase: phase.id })));

function stepIndex(step: SequenceStep): number {
  return STEPS.findIndex((s) => s.segment === step.segment && s.phase === step.phase);
}

export function firstClockStep(): { step: number } & SequenceStep {
  return { step: stepIndex(FIRST_STEP), segment: FIRST_STEP.segment, phase: FIRST_STEP.phase };
}

/**
 * The first turn of a day that follows a day of this game: the first turn with a later date than the turn
 * before. The scenario's first turn is not one: nothing of "the day before" happened in this game, so
 * Warren (used at most once a day, returning "the first turn of the next day") cannot be due back then.
 */
function firstTurnOfNextDay(turns: TurnRow[], index: number): boolean {
  return index > 0 && turns[index - 1]!.date !== turns[index]!.date;
}

/** The clock events (rules/sequence.ts) due in a turn. */
export function eventsOfTurn(turns: TurnRow[], turnId: string): ClockEvent[] {
  const index = turns.findIndex((t) => t.id === turnId);
  const turn = turns[index]!;
  return clockEventsDue({ time: turn.time, firstTurnOfDay: firstTurnOfNextDay(turns, index) });
}

/** Is this clock event due at the given step of the given turn? */
export function eventDueAt(turns: TurnRow[], clock: Pick<ClockRow, 'turn_id' | 'segment' | 'phase'>, kind: ClockEvent['kind']): boolean {
  return eventsOfTurn(turns, clock.turn_id).some((e) => e.kind === kind && e.step.segment === clock.segment && e.step.phase === clock.phase);
}

export function clockInfo(clock: Pick<ClockRow, 'turn_id' | 'segment' | 'phase'>, turns: TurnRow[]): ClockState {
  const index = turns.findIndex((t) => t.id === clock.turn_id);
  const turn = turns[index]!;
  const d = describeStep({ segment: clock.segment, phase: clock.phase });
  return {
    turnId: turn.id,
    date: turn.date,
    time: turn.time,
    light: turn.light,
    turnIndex: index,
    turnCount: turns.length,
    isLastTurn: index === turns.length - 1,
    segment: d.segment,
    phase: d.phase,
    segmentName: d.segmentName,
    phaseName: d.phaseName,
    label: d.label,
    whatHappens: d.whatHappens,
    rules: [...d.rules],
    due: eventsOfTurn(turns, turn.id)
      .filter((e) => e.step.segment === d.segment && e.step.phase === d.phase)
      .map((e) => ({ kind: e.kind, text: e.text, rule: e.rule })),
  };
}

/** Automatic state changes the service makes when the clock moves. */
export type AutomaticEvent =
  /** Leaving a turn's Cleanup Phase: orders given by Commander's Initiative expire. */
  | 'expire-commanders-initiative'
  /** A new turn: per-turn state (rating points, moves, ME attempts, initiative...) starts afresh. */
  | 'new-turn'
  /** Entering an activation phase: play begins with the Initiative player, no passes yet. */
  | 'start-activation-phase'
  /** Entering the 0400 turn's Fatigue & Straggler Recovery Phase: brigades with the Recovery marker recover. */
  | 'straggler-recovery'
  /** Entering the In-Command Activation Phase: reinforcements arriving as scheduled and leaders due enter (RI-B01). */
  | 'arrivals'
  /** Entering the Fatigue & Straggler Recovery Phase: brigades designated in II.B recover fatigue (RI-B07). */
  | 'fatigue-recovery';

export interface ClockMove {
  turnId: string;
  step: number;
  segment: SequenceStep['segment'];
  phase: SequenceStep['phase'];
  newTurn: boolean;
  events: AutomaticEvent[];
}

/** Where the clock goes next, and what happens automatically; null after the last turn's Cleanup Phase. */
export function clockAfter(clock: ClockRow, turns: TurnRow[], lastTurnId: string): ClockMove | null {
  const next = nextStep({ segment: clock.segment, phase: clock.phase });
  const events: AutomaticEvent[] = [];
  let turnId = clock.turn_id;
  if (next.newTurn) {
    if (clock.turn_id === lastTurnId) return null;
    const index = turns.findIndex((t) => t.id === clock.turn_id);
    const following = turns[index + 1];
    if (!following) return null;
    turnId = following.id;
    events.push('expire-commanders-initiative', 'new-turn');
  }
  if (next.segment === ACTIVATION_SEGMENT) events.push('start-activation-phase');
  if (next.segment === ACTIVATION_SEGMENT && next.phase === 'A') events.push('arrivals');
  if (next.segment === SEGMENT.end && next.phase === 'B') events.push('fatigue-recovery');
  if (eventDueAt(turns, { turn_id: turnId, segment: next.segment, phase: next.phase }, 'straggler-recovery')) events.push('straggler-recovery');
  return { turnId, step: stepIndex(next), segment: next.segment, phase: next.phase, newTurn: next.newTurn, events };
}
