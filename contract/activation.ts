/** The Activation Segment: ME attempts, RE activations and passes, for commands and (III.B) single units. */
import { z } from 'zod';
import { ChangeResult, Id, Itemised, LeaderIds, RollChangeResult, Side, TypedRoll, oneOfCommandOrUnit, query, Viewer, write } from './common';

/**
 * An ME attempt: a command (commandId), or, in the Out-of-Command Activation Phase (III.B), a single
 * unit (unitId). Exactly one of the two.
 */
export const ActivationAttemptInput = z
  .strictObject({
    commandId: Id.optional(),
    unitId: Id.optional(),
    /**
     * The commander (a single unit's: its brigade leader) is out of command of his next superior: -1 on
     * the roll, and the command was not part of its superior formation's activation (RI-S24).
     */
    commanderOutOfCommand: z.boolean().optional(),
    /** Superior leaders in range using their ratings as DRMs (spending their points for the turn). */
    superiorsInRange: LeaderIds.optional(),
    roll: TypedRoll.optional(),
  })
  .refine(oneOfCommandOrUnit.check, oneOfCommandOrUnit.message);
export type ActivationAttemptInput = z.infer<typeof ActivationAttemptInput>;

export const ActivationAttemptResult = RollChangeResult.extend({
  effectiveness: z.enum(['ME', 'confusion']),
  drm: Itemised,
  rating: z.number(),
});
export type ActivationAttemptResult = z.infer<typeof ActivationAttemptResult>;

/** An RE activation: a command (commandId), or a single unit in III.B (unitId). Exactly one of the two. */
export const ActivateReInput = z
  .strictObject({
    commandId: Id.optional(),
    unitId: Id.optional(),
    /**
     * The command's commander is out of command of his next superior, so he was not included in his
     * superior formation's activation and may activate on his own (Rev. In-Command/Out-of-Command; RI-S24).
     */
    commanderOutOfCommand: z.boolean().optional(),
  })
  .refine(oneOfCommandOrUnit.check, oneOfCommandOrUnit.message);
export type ActivateReInput = z.infer<typeof ActivateReInput>;

/** What an ME attempt would roll with: the command or unit, and the boxes the players tick before the die. */
export const ActivationPreviewInput = z
  .strictObject({
    commandId: Id.optional(),
    unitId: Id.optional(),
    commanderOutOfCommand: z.boolean().optional(),
    superiorsInRange: LeaderIds.optional(),
    /** Who is looking: a side sees its own secret entries of the step (its points spent on them). */
    viewer: Viewer.optional(),
  })
  .refine(oneOfCommandOrUnit.check, oneOfCommandOrUnit.message);
export type ActivationPreviewInput = z.infer<typeof ActivationPreviewInput>;

/** A superior leader a form may offer: on the map, in play, each man once (never the command's own leader). */
export const SuperiorOffer = z.object({
  leaderId: Id,
  name: z.string(),
  /** The commands of the chain he leads, in words ("I Corps and Left Wing"). */
  commands: z.string(),
  rating: z.number(),
  /** What his rating points were spent on this turn, in words, or null while they are free. */
  pointsUsedFor: z.string().nullable(),
});
export type SuperiorOffer = z.infer<typeof SuperiorOffer>;

export const ActivationPreview = z.object({
  /** The DRMs the roll will use, from the same code as the roll. */
  drm: Itemised,
  /** The officer's rating the modified roll must not exceed; null when he cannot roll (not on the map, no leader). */
  rating: z.number().nullable(),
  /** The Initiative player's initial activation at ME, without a roll, applies. */
  initiativeMe: z.boolean(),
  /** The units whose works give the +1, from the roster. */
  worksUnits: z.array(z.string()),
  superiors: z.array(SuperiorOffer),
});
export type ActivationPreview = z.infer<typeof ActivationPreview>;

export const PassInput = z.strictObject({ side: Side });
export type PassInput = z.infer<typeof PassInput>;
export const PassResult = ChangeResult.extend({
  passesInRow: z.number().int(),
  /** Three passes in a row end the phase (Rev. Activation Segment). */
  phaseOver: z.boolean(),
});
export type PassResult = z.infer<typeof PassResult>;

export const activationContract = {
  attemptActivation: write('Attempts Maximum Effectiveness for a command or single unit, DRMs itemised', ActivationAttemptInput, ActivationAttemptResult),
  activateRe: write('Activates a command or single unit at Reduced Effectiveness', ActivateReInput, ChangeResult),
  pass: write('A side passes in the Activation Segment', PassInput, PassResult),
  previewActivation: query('What an ME attempt would roll with: its DRMs, the rating, the superiors to offer', ActivationPreviewInput, ActivationPreview),
};
