/** The turn: where the sequence of play stands (initiative, activations, passes) and moving the clock on. */
import { z } from 'zod';
import { ActivationEffectiveness, ChangeResult, NoInput, Side, query, write } from './common';
import { ClockState } from './game';

/** A command that activated this Activation Segment (its subordinates activated with it, RI-T02). */
export const CommandActivation = z.object({
  commandId: z.string(),
  side: Side,
  effectiveness: ActivationEffectiveness,
  /** The phase of segment III: 'A' In-Command, 'B' Out-of-Command. */
  phase: z.string(),
  /** Which activation of the turn it was (1 = the first). */
  order: z.number().int(),
  /** After a failed ME attempt: what the Confusion Table gave it, once recorded (RI-K06). */
  confusionResult: z.enum(['stand', 're', 'shock', 'pass', 'other']).nullable(),
});
export type CommandActivation = z.infer<typeof CommandActivation>;

/** A single unit activated in the Out-of-Command Activation Phase. */
export const UnitActivation = z.object({
  unitId: z.string(),
  /** The unit's command (its brigade), for showing it in the tree. */
  commandId: z.string(),
  side: Side,
  effectiveness: ActivationEffectiveness,
  phase: z.string(),
  order: z.number().int(),
  confusionResult: z.enum(['stand', 're', 'shock', 'pass', 'other']).nullable(),
});
export type UnitActivation = z.infer<typeof UnitActivation>;

export const TurnState = z.object({
  turnId: z.string(),
  initiative: Side.nullable(),
  /** The side holding the +1 Initiative Modifier earned on the previous turn, if any. */
  initiativeModifier: Side.nullable(),
  armyPointsForInitiative: z.object({ USA: z.boolean(), CSA: z.boolean() }),
  /** Army commander's pre-roll for non-automatic order changes this turn (null: not rolled). */
  orderPreRoll: z.object({ USA: z.boolean().nullable(), CSA: z.boolean().nullable() }),
  activations: z.number().int(),
  passesInRow: z.number().int(),
  /** The side whose turn it is to activate or pass, once initiative is known. */
  sideToAct: Side.nullable(),
  meAttempted: z.array(z.string()),
  orderChangeFailed: z.array(z.string()),
  attachmentMade: z.boolean(),
  /** Commands that activated this segment and how, in the order they did (recorded with each activation, undone with it). */
  activated: z.array(CommandActivation),
  /** Single units activated in the Out-of-Command Activation Phase, in order. */
  unitsActivated: z.array(UnitActivation),
});
export type TurnState = z.infer<typeof TurnState>;

export const AdvanceClockResult = ChangeResult.extend({
  clock: ClockState,
  /** Automatic events applied on the way (stragglers recovered at 0400, orders expired, ...). */
  automatic: z.array(z.string()),
});
export type AdvanceClockResult = z.infer<typeof AdvanceClockResult>;

export const clockContract = {
  turnState: query('This turn so far: initiative, pre-rolls, activations, passes, side to act', NoInput, TurnState),
  advanceClock: write('Moves on to the next step of the sequence of play (and the next turn), applying its automatic events', NoInput, AdvanceClockResult),
};
