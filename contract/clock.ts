/** The turn: where the sequence of play stands (initiative, activations, passes) and moving the clock on. */
import { z } from 'zod';
import { ActivationEffectiveness, ChangeResult, Side, ViewerOnly, query, write } from './common';
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
});
export type UnitActivation = z.infer<typeof UnitActivation>;

/** The secret entries of the current step (RI-H01): who has finished, and whether they are revealed. */
export const SecretEntries = z.object({
  /** What each side enters in this step, in words. */
  entries: z.string(),
  rule: z.string(),
  /** Each side has finished its entries (handed over); a side that has may enter nothing more. */
  finished: z.object({ USA: z.boolean(), CSA: z.boolean() }),
  /** Both sides have finished: every entry of the step is shown to both. */
  revealed: z.boolean(),
  /** The side whose entries come next at the keyboard (USA first), null once both have finished. */
  entering: Side.nullable(),
});
export type SecretEntries = z.infer<typeof SecretEntries>;

/** Which orders may be given directly now, without an order change roll (setOrders), and why not. */
export const DirectOrders = z.object({
  /** Before play begins: the game's opening orders, any order to any command or unit (Rev. Orders Segment). */
  opening: z.boolean(),
  /** Orders Segment: Commander's Initiative orders to units stacked with a superior leader. */
  commandersInitiative: z.boolean(),
  /** Orders and Activation Segments: an out-of-command unit takes a Default Order, or follows its command again. */
  defaultOrder: z.boolean(),
  /** Why no order may be given directly now, or null when one may. */
  reason: z.string().nullable(),
  rule: z.string(),
});
export type DirectOrders = z.infer<typeof DirectOrders>;

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
  /** The secret entries of this step, or null when the step has none (RI-H01). */
  secretEntries: SecretEntries.nullable(),
  /** Which orders may be given directly now (setOrders), and why not. */
  directOrders: DirectOrders,
});
export type TurnState = z.infer<typeof TurnState>;

export const FinishEntriesInput = z.strictObject({ side: Side });
export type FinishEntriesInput = z.infer<typeof FinishEntriesInput>;

export const AdvanceClockInput = z
  .strictObject({
    /**
     * Sides that have nothing to enter in this step of secret entries (RI-H02): without it, Next is
     * refused while a side has not finished its entries, so it never skips a side's step unasked.
     */
    nothingToEnter: z.array(Side).max(2).optional(),
  })
  .optional();
export type AdvanceClockInput = z.infer<typeof AdvanceClockInput>;

export const AdvanceClockResult = ChangeResult.extend({
  clock: ClockState,
  /** Automatic events applied on the way (stragglers recovered at 0400, orders expired, ...). */
  automatic: z.array(z.string()),
});
export type AdvanceClockResult = z.infer<typeof AdvanceClockResult>;

export const clockContract = {
  turnState: query('This turn so far: initiative, pre-rolls, activations, passes, side to act, secret entries, direct orders', ViewerOnly, TurnState),
  finishEntries: write("A side has finished its secret entries of this step (handing over); both finished reveals them", FinishEntriesInput, ChangeResult),
  advanceClock: write('Moves on to the next step of the sequence of play (and the next turn), applying its automatic events', AdvanceClockInput, AdvanceClockResult),
};
