/** Losses: SP and straggler losses, abandoned guns (returned or captured at 2400), captured guns. */
import { z } from 'zod';
import { ChangeResult, Id, LossCause, SpAmount, write } from './common';

export const RecordLossInput = z.strictObject({
  unitId: Id,
  /** Strength points lost: a whole number of 1 or more, at most the unit's current SP (the service checks that). */
  sp: SpAmount,
  /** A straggler loss (Rev. Infantry Stragglers) instead of a permanent SP loss. */
  straggler: z.boolean().optional(),
  /** What caused it; artillery SPs lost to small-arms fire become abandoned guns (Rev. Abandoned Guns). */
  cause: LossCause.optional(),
});
export type RecordLossInput = z.infer<typeof RecordLossInput>;

export const ResolveAbandonedGunsInput = z.strictObject({
  unitId: Id,
  /** Inside friendly lines at 2400: back to the battery; else captured by the enemy. */
  outcome: z.enum(['returned', 'captured']),
});
export type ResolveAbandonedGunsInput = z.infer<typeof ResolveAbandonedGunsInput>;

export const CaptureGunsInput = z.strictObject({ unitId: Id, sp: SpAmount });
export type CaptureGunsInput = z.infer<typeof CaptureGunsInput>;

export const lossesContract = {
  recordLoss: write('Records an SP or straggler loss for a unit', RecordLossInput, ChangeResult),
  resolveAbandonedGuns: write("Resolves a battery's abandoned guns at 2400: returned or captured", ResolveAbandonedGunsInput, ChangeResult),
  captureGuns: write("Records a battery's guns captured by the enemy", CaptureGunsInput, ChangeResult),
};
