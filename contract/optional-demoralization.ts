/**
 * Optional rule: Demoralization.
 * Each side's cumulative losses against its total SPs, the level it has reached, how far it is from
 * each threshold, and the DRMs its attacks take: what the turn bar and the Victory screen show
 * (GameInfo.demoralization) and the `demoralization` query returns. Losses are public (as the
 * victory tally is), so every viewer is answered alike. The fire and shock assistants apply the DRMs
 * themselves (combat domain).
 */
import { z } from 'zod';
import { DrmItem, Itemised, Side, ViewerOnly, query } from './common';

export const DemoralizationLevel = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** One threshold and the distance to it (RI-O10). */
export const DemoralizationThreshold = z.object({
  level: z.union([z.literal(1), z.literal(2)]),
  label: z.string(),
  /** The fewest cumulative loss SPs that reach it: one third (two thirds) of the total, rounded up. */
  lossSp: z.number().int(),
  /** Further SPs of loss before the side reaches it; 0 once reached. */
  remainingSp: z.number().int(),
  reached: z.boolean(),
});

/** One side's demoralization now. */
export const DemoralizationSide = z.object({
  side: Side,
  level: DemoralizationLevel,
  label: z.string(),
  /** The cumulative losses in SPs, itemised: SPs lost (guns destroyed or captured among them), stragglers not recovered (RI-O30). */
  losses: Itemised,
  /** The total SPs: the units on the map from the start and the reinforcements arrived so far (RI-O30). */
  total: Itemised,
  thresholds: z.array(DemoralizationThreshold),
  /** The DRM on this side's fire and Shock Resolution rolls from both sides' levels (RI-O08); no items when none applies. */
  attackDrm: Itemised,
  rule: z.string(),
});
export type DemoralizationSide = z.infer<typeof DemoralizationSide>;

export const DemoralizationState = z.object({
  USA: DemoralizationSide,
  CSA: DemoralizationSide,
  /** What the option changes, in words, with its sources. */
  effects: z.array(DrmItem.omit({ value: true })),
});
export type DemoralizationState = z.infer<typeof DemoralizationState>;

export const demoralizationContract = {
  demoralization: query(
    "Each side's demoralization (SPI B&G 11.6): losses against total SPs, the level reached, the distance to each threshold; null when the game plays without the option",
    ViewerOnly,
    DemoralizationState.nullable(),
  ),
};
