/**
 * Card-draw activation: the box of command cards in
 * the In-Command Activation Phase, drawn by Muster with its die, and the draw itself. The draw is public:
 * both sides see the box, every card drawn and the rolls that drew it.
 */
import { z } from 'zod';
import { ActivationEffectiveness, DiceSource, RollChangeResult, Side, write } from './common';
import { CardDrawLevel } from './optional';

/** A command's card: the command, its name and side. */
export const CardInBox = z.object({ commandId: z.string(), name: z.string(), side: Side });
export type CardInBox = z.infer<typeof CardInBox>;

/** One card drawn this segment, in the order drawn, with the d10 rolls that picked it (RI-O12). */
export const CardDrawn = CardInBox.extend({
  /** 1 for the first card drawn this segment, 2 for the next, ... */
  place: z.number().int(),
  /** The side that drew it: Side A (the Initiative player) first, then the side that did not move (RI-O11). */
  drawer: Side,
  /** The box held this many cards when it was drawn. */
  outOf: z.number().int(),
  /** The rolls in order (none for the last card in the box), and their rows in the dice log. */
  rolls: z.array(z.number().int()),
  diceSeqs: z.array(z.number().int()),
  /** Who rolled them: the app, or both seats jointly in a two-seat game (null for the last card, drawn without a roll). */
  rollsSource: DiceSource.nullable(),
  /** How the drawn command activated, or null while it has not (or its card was spent without activating). */
  activation: ActivationEffectiveness.nullable(),
});
export type CardDrawn = z.infer<typeof CardDrawn>;

/** The box as both sides see it: null in TurnState when the game does not use card-draw activation. */
export const CardDrawBox = z.object({
  level: CardDrawLevel,
  statusLadder: z.boolean(),
  /** The draw replaces alternation in the current step (the In-Command Activation Phase: RI-O11). */
  inPhase: z.boolean(),
  /** The cards still in the box, in the box's order (by command id: RI-O12). */
  inBox: z.array(CardInBox),
  remaining: z.object({ USA: z.number().int(), CSA: z.number().int() }),
  draws: z.array(CardDrawn),
  /** The drawn command that has not activated yet: the only legal activation until it has (RI-O40). */
  pending: CardInBox.extend({
    /** It is the Initiative player's first own card: ME without a roll (RI-O11). */
    initiativeMe: z.boolean(),
  }).nullable(),
  /** The side that draws next. */
  nextDrawer: Side.nullable(),
  /** The box is empty: the draw of this segment is over (RI-O11). */
  ended: z.boolean(),
  /** Whether a card may be drawn now, and if not why. */
  mayDraw: z.object({ allowed: z.boolean(), reason: z.string().optional(), rule: z.string().optional() }),
  rule: z.string(),
});
export type CardDrawBox = z.infer<typeof CardDrawBox>;

/** Draw the next card. Muster rolls (RI-O12); `side` may name who draws, and is refused if it is the other side's draw. */
export const DrawCardInput = z.strictObject({ side: Side.optional() }).optional();
export type DrawCardInput = z.infer<typeof DrawCardInput>;
export const DrawCardResult = RollChangeResult.extend({ card: CardDrawn, box: CardDrawBox });
export type DrawCardResult = z.infer<typeof DrawCardResult>;

export const cardDrawContract = {
  drawCard: write('Card-draw activation: Muster draws the next command card from the box with its die (rolls in the dice log)', DrawCardInput, DrawCardResult),
};
