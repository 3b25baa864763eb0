/** The turn: where the sequence of play stands (initiative, activations, passes) and moving the clock on. */
import { z } from 'zod';
import { AUTOMATIC_CHANGE_REASONS } from '../rules/types';
import { ActivationEffectiveness, ChangeResult, ConfusionResultKind, Itemised, Order, RollChangeResult, Side, ViewerOnly, query, write } from './common';
import { ClockState, SecretEntries } from './game';
import { CardDrawBox } from './optional-card-draw';
import { TurnOffers } from './offers';

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
  confusionResult: ConfusionResultKind.nullable(),
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
  confusionResult: ConfusionResultKind.nullable(),
});
export type UnitActivation = z.infer<typeof UnitActivation>;

/** Whether something may be done now, and if not, why, with the rule (the same check that would refuse it). */
export const Verdict = z.object({ allowed: z.boolean(), reason: z.string().optional(), rule: z.string().optional() });
export type Verdict = z.infer<typeof Verdict>;

/** An order a command's officer may try to change to in this step, and the kind of attempt it would be. */
export const OrderChangeOption = Verdict.extend({
  order: Order,
  /** Automatic (phase I.A, no pre-roll) or non-automatic (I.B, after the army commander's pre-roll), with why and the rule. */
  kind: z.enum(['automatic', 'non-automatic']),
  automaticBecause: z.array(z.enum(AUTOMATIC_CHANGE_REASONS)),
  kindRule: z.string(),
});
export type OrderChangeOption = z.infer<typeof OrderChangeOption>;

/** A command in the Orders Segment: whether it may attempt an order change now, to what, and the DRM the roll will use. */
export const LegalOrderChange = z.object({
  commandId: z.string(),
  side: Side,
  from: Order,
  /** Whether the command may attempt a change now at all, whatever the order (not in the Orders Segment, a superior's failed, its own failed). */
  mayAttempt: Verdict,
  /** Every other order, each with its verdict and kind. */
  options: z.array(OrderChangeOption),
  /**
   * The DRM the roll will use whatever order is tried (RI-S09: the worst Orders Table DRM standing within the
   * command; RSM, cavalry, ineffective). Superiors in range or using their rating and adjacency to the enemy
   * are the players' to add.
   */
  drm: Itemised,
});
export type LegalOrderChange = z.infer<typeof LegalOrderChange>;

/** A command (or, in III.B, a single unit) in the Activation Segment: may it try for ME, or activate at RE, now. */
export const LegalActivation = z.object({
  commandId: z.string().optional(),
  unitId: z.string().optional(),
  side: Side,
  order: Order,
  me: Verdict,
  re: Verdict,
  /** The same, if its commander is out of command of his superior (RI-S24); present only where that changes a verdict. */
  outOfCommand: z.object({ me: Verdict, re: Verdict }).optional(),
});
export type LegalActivation = z.infer<typeof LegalActivation>;

/** What each side may do in the current step, computed by the checks that enforce the rules. */
export const LegalActions = z.object({
  /** Orders Segment (I): one entry per command on the map; empty in other segments. */
  orderChanges: z.array(LegalOrderChange),
  /**
   * Activation Segment (III): the side to act's commands, and its single units in III.B (those already
   * activated included, refused with the reason); empty in other segments, before the Initiative and once
   * three passes end the phase. The other side may do nothing but wait: its `pass` verdict says so.
   */
  activations: z.array(LegalActivation),
  /** Activation Segment: whether each side may pass now. */
  pass: z.object({ USA: Verdict, CSA: Verdict }),
  /**
   * Moving the clock on: `next` is advanceClock as pressed; `nobodyEnters` is advanceClock with both sides
   * said to have nothing to enter, offered only in a step of secret entries neither side has begun (RI-H02).
   */
  advance: z.object({ next: Verdict, nobodyEnters: Verdict }),
});
export type LegalActions = z.infer<typeof LegalActions>;

/** One way the players may settle an obligation, in their words (the service applies it). */
export const ObligationChoice = z.object({ id: z.string(), label: z.string() });
export type ObligationChoice = z.infer<typeof ObligationChoice>;

/**
 * Something due in the current step before the clock may move (db/service/obligations.ts): a roll, a
 * chore the revision requires, a designation the players make or waive, or the end of the game.
 */
export const Obligation = z.object({
  /** Stable within the step: 'initiative', 'rain', 'arrival:<group>', 'udd:<unit>', 'rsm', 'guns:<unit>', 'replace:<leader>', 'straggler-designation', 'fatigue-designation', 'end-game', and between two seats 'alternative-word:<side>' (RI-H10: given by its order or declineAlternativeArrival, not settled here). */
  id: z.string(),
  /** roll: a die roll the rules require; chore: something the players must record; decision: a choice the rules let them waive; end: the end of the game. */
  kind: z.enum(['roll', 'chore', 'decision', 'end']),
  /** What is due, in the players' words. */
  text: z.string(),
  rule: z.string(),
  /** The side it falls to, or null for both (or neither). */
  side: Side.nullable(),
  /** The app may make this roll with its die ("roll all due", rollAllDue). */
  appRolls: z.boolean(),
  /** The ways the players may settle it here (settleObligation); empty when it is done on its own screen or by a roll. */
  choices: z.array(ObligationChoice),
  /** Where in the app it is done, when not by a roll or a choice here. */
  where: z.string().nullable(),
});
export type Obligation = z.infer<typeof Obligation>;

/** Everything due in the current step before the clock may move, and whether "roll all due" may be pressed. */
export const Obligations = z.object({
  items: z.array(Obligation),
  /**
   * rollAllDue as pressed. `nobodyAddsPoints`: the Initiative roll is due and neither side has declared
   * whether its army commander adds his points; the button then says "nobody adds points" and passes it (RI-B15).
   */
  rollAllDue: Verdict.extend({ nobodyAddsPoints: z.boolean() }),
});
export type Obligations = z.infer<typeof Obligations>;

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
  /** What each side may do now, and why not where it may not: the screens offer exactly this. */
  legal: LegalActions,
  /** The step's offers that are not a legal action of their own (the army commander's points, the pre-roll's target, Recovery markers). */
  offers: TurnOffers,
  /** Card-draw activation's box, or null when the game does not use it. */
  cardDraw: CardDrawBox.nullable(),
  /** Everything due in this step before the clock may move: Next and "To next decision" wait until it is empty. */
  obligations: Obligations,
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

export const AdvanceToDecisionResult = ChangeResult.extend({
  clock: ClockState,
  /** Every step passed through, in order ("I.B Non-Automatic Order Change Phase", ...), and where it stopped. */
  passed: z.array(z.string()),
  /** Why it stopped here: the decision, roll or chore that waits (RI-B13). */
  stoppedBecause: z.string(),
  /** Automatic events applied on the way. */
  automatic: z.array(z.string()),
});
export type AdvanceToDecisionResult = z.infer<typeof AdvanceToDecisionResult>;

export const RollAllDueInput = z
  .strictObject({
    /** Both sides say their army commanders do not add their points to the Initiative roll (neither has declared). */
    nobodyAddsPoints: z.boolean().optional(),
  })
  .optional();
export type RollAllDueInput = z.infer<typeof RollAllDueInput>;

export const RollAllDueResult = RollChangeResult.extend({
  /** Each roll made, in words ("Initiative", "arrival of Rowley's Brigade", ...), one event each. */
  rolled: z.array(z.string()),
});
export type RollAllDueResult = z.infer<typeof RollAllDueResult>;

/** An obligation's id or one of its choices: "rsm", "guns:<unit>", "remove:<command>". */
const ObligationKey = z.string().max(200).regex(/^[a-z0-9][a-z0-9:-]*$/, 'an obligation or choice is named by lower-case letters, digits, dashes and colons, as the turn state lists it');

export const SettleObligationInput = z.strictObject({
  /** The obligation's id, as the turn state lists it. */
  id: ObligationKey,
  /** One of the obligation's choices. */
  choice: ObligationKey,
});
export type SettleObligationInput = z.infer<typeof SettleObligationInput>;

export const clockContract = {
  turnState: query('This turn so far: initiative, pre-rolls, activations, passes, side to act, secret entries, what each side may do', ViewerOnly, TurnState),
  finishEntries: write("A side has finished its secret entries of this step (handing over); both finished reveals them", FinishEntriesInput, ChangeResult),
  advanceClock: write('Moves on to the next step of the sequence of play (and the next turn), applying its automatic events', AdvanceClockInput, AdvanceClockResult),
  obligations: query('Everything due in this step before the clock may move (the turn state carries the same list), and whether "roll all due" may be pressed', ViewerOnly, Obligations),
  rollAllDue: write("Makes every roll due in this step that the app may make (arrivals, the Initiative, the rain) with the app's die, one event each, each roll in the dice log", RollAllDueInput, RollAllDueResult),
  settleObligation: write('Settles one obligation of this step by one of its choices (a designation waived, an RSM marker kept or removed, abandoned guns returned or captured, the game ended)', SettleObligationInput, ChangeResult),
  advanceToDecision: write('Moves the clock on through the steps where nothing is to be entered, to the next decision, roll or chore (one event per step); steps of secret entries only as Next passes them', AdvanceClockInput, AdvanceToDecisionResult),
};
