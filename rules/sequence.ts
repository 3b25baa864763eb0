/**
 * The Sequence of Play as data (segments I-IV and their phases, exactly as at the top of the
 * revision), with a short "what happens now" text for each phase, the step that follows a given one,
 * and the automatic events due at given clock times (2400, 0400, the first turn of a day).
 */
import { assertBoolean, assertOneOf, RulesArgumentError } from './errors';

const SEQUENCE_OF_PLAY_RULE = 'Rev. Sequence of Play';

import { PHASE_IDS, SEGMENT_IDS, type PhaseId, type SegmentId } from './types';

export { PHASE_IDS, SEGMENT_IDS, type PhaseId, type SegmentId };

/** The segments by what happens in them, for code that checks a request against one (typed: each is one of SEGMENT_IDS). */
export const SEGMENT = { orders: 'I', initiative: 'II', activation: 'III', end: 'IV' } as const satisfies Record<string, SegmentId>;

export interface SequencePhase {
  id: PhaseId;
  name: string;
  /** What the players do now, in a few sentences. */
  whatHappens: string;
  /** The section(s) of the revision that govern the phase. */
  rules: readonly string[];
  /**
   * Set for the phases whose entries both players make "simultaneously and secretly": what each side
   * enters, and the rule that makes it secret (RI-H01). Absent for every other phase.
   */
  secret?: { entries: string; rule: string };
}

export interface SequenceSegment {
  id: SegmentId;
  name: string;
  phases: readonly SequencePhase[];
}

/** The Sequence of Play (Rev. Sequence of Play). */
export const SEQUENCE_OF_PLAY: readonly SequenceSegment[] = [
  {
    id: 'I',
    name: 'Orders Segment',
    phases: [
      {
        id: 'A',
        name: 'Automatic Order Change Phase',
        whatHappens:
          'Both players, simultaneously and secretly, make the automatic order change attempts: commands with a RSM marker, with Reserve orders, ' +
          'with Support orders changing to Assault or Skirmish, or changing to their Default Order. Roll for each officer: a modified roll at or ' +
          'under his rating changes the orders. Units stacked with a division-or-higher superior may change orders by Commander\'s Initiative. ' +
          'Units out of command range take their Default Order.',
        rules: ['Rev. Automatic Order Change Attempts', 'Rev. Order Change Attempt Procedure', "Rev. Commander's Initiative", 'Rev. Out-of-Command Units'],
        secret: { entries: 'automatic order change attempts, Commander\'s Initiative and Default Orders', rule: 'Rev. Orders Segment' },
      },
      {
        id: 'B',
        name: 'Non-Automatic Order Change Phase',
        whatHappens:
          'To attempt any other order change, first roll at or under half the army commander\'s rating, rounded down (a 0 if he is not on the ' +
          'map); this does not use his points. Then roll for each officer changing orders. If a higher command\'s attempt fails, its ' +
          'subordinate commands may not attempt their own this turn.',
        rules: ['Rev. Non-Automatic Order Change Attempts', 'Rev. Order Change Attempt Procedure', 'Rev. Commands and Orders'],
        secret: { entries: 'the army commander\'s pre-roll, non-automatic order change attempts, Commander\'s Initiative and Default Orders', rule: 'Rev. Orders Segment' },
      },
    ],
  },
  {
    id: 'II',
    name: 'Initiative Segment',
    phases: [
      {
        id: 'A',
        name: 'Initiative Phase',
        whatHappens:
          'Each player secretly decides whether his army commander (or US wing commander) adds all his rating points to the initiative roll, ' +
          'spending his points and his movement for the turn. Reveal, then both roll, adding the previous turn\'s +1 Initiative Modifier. ' +
          'The higher total has the Initiative; equal totals roll again.',
        rules: ['Rev. Initiative Segment'],
        secret: { entries: 'whether the army commander adds his rating points to the initiative roll', rule: 'Rev. Initiative Segment' },
      },
      {
        id: 'B',
        name: 'Fatigue & Straggler Recovery Designation Phase',
        whatHappens:
          'Designate the brigades that will recover fatigue this turn. At 2400, designate the brigades that will recover stragglers: they take ' +
          'the Recovery marker, and at 0400 recover half their stragglers.',
        rules: ['Rev. Infantry Stragglers', 'Rev. Orders Table'],
      },
      {
        id: 'C',
        name: 'Command Attachment/Detachment Phase',
        whatHappens:
          'Each side may attach or detach one infantry unit or command (up to a division, never a corps) to a larger command. Both the gaining ' +
          'commander and the army commander must have the detaching commander in range; it uses the army commander\'s rating points.',
        rules: ['Rev. Command Attachment'],
      },
    ],
  },
  {
    id: 'III',
    name: 'Activation Segment',
    phases: [
      {
        id: 'A',
        name: 'In-Command Activation Phase',
        whatHappens:
          'Beginning with the Initiative player, the players alternate: try to activate a command of any size at ME (a modified roll at or ' +
          'under the officer\'s rating; otherwise the Confusion Table), activate it at RE, as its orders allow, or pass. The Initiative ' +
          'player\'s first activation may be any size command at ME. Three passes in a row end the phase.',
        rules: ['Rev. Activation Segment', 'Rev. Activation Procedure', 'Rev. Activation DRMs', 'Rev. Initiative Segment'],
      },
      {
        id: 'B',
        name: 'Out-of-Command Activation Phase',
        whatHappens:
          'Beginning with the Initiative player, the players alternate activating a single out-of-command unit or passing. Three passes in ' +
          'a row end the phase.',
        rules: ['Rev. Activation Segment', 'Rev. In-Command/Out-of-Command'],
      },
    ],
  },
  {
    id: 'IV',
    name: 'End Segment',
    phases: [
      {
        id: 'A',
        name: 'Leader Replacement Phase',
        whatHappens: 'Replace leaders and commanders who are hors de combat.',
        rules: [SEQUENCE_OF_PLAY_RULE],
      },
      {
        id: 'B',
        name: 'Fatigue & Straggler Recovery Phase',
        whatHappens:
          'Designated brigades recover fatigue. At 0400, each unit of a brigade with the Recovery marker recovers 50% of its stragglers, ' +
          'rounded up.',
        rules: ['Rev. Infantry Stragglers'],
      },
      {
        id: 'C',
        name: 'Cleanup Phase',
        whatHappens:
          'Remove the RSM marker from any command with a unit within its superior commander\'s range. Orders given by Commander\'s ' +
          'Initiative expire. At 2400, abandoned guns inside friendly lines return to their batteries; the others are captured. Then the ' +
          'next turn begins.',
        rules: ['Rev. Reinforcement Strategic Movement', "Rev. Commander's Initiative", 'Rev. Abandoned Guns'],
      },
    ],
  },
];

export interface SequenceStep {
  segment: SegmentId;
  phase: PhaseId;
}

/** The first step of every turn: I.A, the Automatic Order Change Phase. */
export const FIRST_STEP: SequenceStep = { segment: 'I', phase: 'A' };

function locate(step: SequenceStep): { segmentIndex: number; phaseIndex: number } {
  if (typeof step !== 'object' || step === null) throw new RulesArgumentError('step', 'must be an object { segment, phase }');
  assertOneOf('step.segment', step.segment, SEGMENT_IDS);
  assertOneOf('step.phase', step.phase, PHASE_IDS);
  const segmentIndex = SEQUENCE_OF_PLAY.findIndex((segment) => segment.id === step.segment);
  const segment = SEQUENCE_OF_PLAY[segmentIndex];
  const phaseIndex = segment ? segment.phases.findIndex((phase) => phase.id === step.phase) : -1;
  if (!segment || phaseIndex < 0) {
    const accepted = segment ? segment.phases.map((phase) => phase.id).join(', ') : '';
    throw new RulesArgumentError('step.phase', `must be one of ${accepted} in segment ${step.segment} (got ${step.phase})`);
  }
  return { segmentIndex, phaseIndex };
}

export interface StepDescription extends SequenceStep {
  /** The phase's secret entries, if both players make them "simultaneously and secretly" (RI-H01). */
  secret: { entries: string; rule: string } | null;
  segmentName: string;
  phaseName: string;
  /** e.g. "III.A In-Command Activation Phase". */
  label: string;
  whatHappens: string;
  rules: readonly string[];
}

/** Names and "what happens now" for a step. */
export function describeStep(step: SequenceStep): StepDescription {
  const { segmentIndex, phaseIndex } = locate(step);
  const segment = SEQUENCE_OF_PLAY[segmentIndex] as SequenceSegment;
  const phase = segment.phases[phaseIndex] as SequencePhase;
  return {
    segment: segment.id,
    phase: phase.id,
    segmentName: segment.name,
    phaseName: phase.name,
    label: `${segment.id}.${phase.id} ${phase.name}`,
    whatHappens: phase.whatHappens,
    rules: phase.rules,
    secret: phase.secret ?? null,
  };
}

export interface NextStep extends SequenceStep {
  /** True when the step is the next turn's I.A (after IV.C). */
  newTurn: boolean;
  /** A line for the player, e.g. "End of turn: the next turn begins with I.A ...". */
  note: string;
}

/** The step after `current`; after IV.C comes the next turn's I.A. */
export function nextStep(current: SequenceStep): NextStep {
  const { segmentIndex, phaseIndex } = locate(current);
  const segment = SEQUENCE_OF_PLAY[segmentIndex] as SequenceSegment;
  const samePhase = segment.phases[phaseIndex + 1];
  if (samePhase) {
    return { segment: segment.id, phase: samePhase.id, newTurn: false, note: `${segment.name}: ${samePhase.name}` };
  }
  const nextSegment = SEQUENCE_OF_PLAY[segmentIndex + 1];
  if (nextSegment) {
    const first = nextSegment.phases[0] as SequencePhase;
    return { segment: nextSegment.id, phase: first.id, newTurn: false, note: `${nextSegment.name}: ${first.name}` };
  }
  const first = describeStep(FIRST_STEP);
  return { ...FIRST_STEP, newTurn: true, note: `End of turn: the next turn begins with ${first.label}` };
}

// ---------------------------------------------------------------------------------------------
// Automatic events at clock times
// ---------------------------------------------------------------------------------------------

export type ClockEventKind = 'straggler-recovery-designation' | 'abandoned-guns' | 'straggler-recovery' | 'warren-returns';

export interface ClockEvent {
  kind: ClockEventKind;
  /** The step of the turn in which it is done (RI-C12). */
  step: SequenceStep;
  text: string;
  rule: string;
}

/** A game-clock time "HHMM"; midnight is written 2400, as on the time track. */
function assertClockTime(argument: string, value: unknown): asserts value is string {
  const match = typeof value === 'string' ? /^(\d{2})(\d{2})$/.exec(value) : null;
  const hours = match ? Number(match[1]) : NaN;
  const minutes = match ? Number(match[2]) : NaN;
  const valid = match !== null && minutes < 60 && ((hours >= 1 && hours < 24) || (hours === 0 && minutes > 0) || (hours === 24 && minutes === 0));
  if (!valid) {
    throw new RulesArgumentError(argument, `must be a clock time HHMM from 0001 to 2400 (midnight is 2400) (got ${String(value)})`);
  }
}

/**
 * The automatic events due in a turn at this clock time: at 2400 the Straggler Recovery designation
 * and the resolution of abandoned guns; at 0400 straggler recovery; on the first turn of each day
 * Warren's return (if he was removed after his use on the day before).
 */
export function clockEventsDue(turn: { time: string; firstTurnOfDay: boolean }): ClockEvent[] {
  if (typeof turn !== 'object' || turn === null) throw new RulesArgumentError('turn', 'must be an object { time, firstTurnOfDay }');
  assertClockTime('turn.time', turn.time);
  assertBoolean('turn.firstTurnOfDay', turn.firstTurnOfDay);
  const events: ClockEvent[] = [];
  if (turn.firstTurnOfDay) {
    events.push({
      kind: 'warren-returns',
      step: { segment: 'I', phase: 'A' },
      text: 'If Warren was used and removed yesterday, he returns now, anywhere on the map.',
      rule: 'Rev. Warren',
    });
  }
  if (turn.time === '2400') {
    events.push({
      kind: 'straggler-recovery-designation',
      step: { segment: 'II', phase: 'B' },
      text: 'Straggler Recovery Designation: mark the brigades that will recover stragglers at 0400.',
      rule: 'Rev. Infantry Stragglers',
    });
    events.push({
      kind: 'abandoned-guns',
      step: { segment: 'IV', phase: 'C' },
      text: 'Abandoned guns inside friendly lines return to the battery that lost them; the others are captured by the enemy and permanently lost.',
      rule: 'Rev. Abandoned Guns',
    });
  }
  if (turn.time === '0400') {
    events.push({
      kind: 'straggler-recovery',
      step: { segment: 'IV', phase: 'B' },
      text: 'Each unit of a brigade with the Recovery marker recovers 50% of its stragglers, rounded up.',
      rule: 'Rev. Infantry Stragglers',
    });
  }
  return events;
}
