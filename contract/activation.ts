/** The Activation Segment: ME attempts, RE activations and passes, for commands and (III.B) single units. */
import { z } from 'zod';
import { ChangeResult, Id, Itemised, LeaderIds, RollChangeResult, Side, TypedRoll, oneOfCommandOrUnit, write } from './common';

/**
 * An ME attempt: a command (commandId), or, in the Out-of-Command Activation Phase (III.B), a single
 * unit (unitId). Exactly one of the two.
 */
export const ActivationAttemptInput = z
  .strictObject({
    commandId: Id.optional(),
    unitId: Id.optional(),
    anyUnitInBreastworks: z.boolean().optional(),
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
};
