/** Reinforcements: the arrival schedule, variable-arrival rolls and arrivals. */
import { z } from 'zod';
import { ChangeResult, Id, Itemised, NoInput, RollChangeResult, Side, TypedRoll, query, write } from './common';

export const ReinforcementGroupRow = z.object({
  id: z.string(),
  side: Side,
  commandIds: z.array(z.string()),
  scheduledTurnId: z.string(),
  entryArea: z.string(),
  arrivedTurnId: z.string().nullable(),
});
export type ReinforcementGroupRow = z.infer<typeof ReinforcementGroupRow>;

export const ReinforcementAttemptInput = z.strictObject({
  groupId: Id,
  /** Variable Arrival DRM: a combat unit of that division/corps is already on the map (default: from the roster). */
  formationOnMap: z.boolean().optional(),
  /** Variable Arrival DRM: the overall commander is on the map (default: from the roster). */
  overallCommanderOnMap: z.boolean().optional(),
  roll: TypedRoll.optional(),
});
export type ReinforcementAttemptInput = z.infer<typeof ReinforcementAttemptInput>;

export const ReinforcementAttemptResult = RollChangeResult.extend({
  /** True when the group entered (with MRCH orders and an RSM marker). */
  arrived: z.boolean(),
  /** True when no roll was needed (not yet eligible to roll, or arriving as scheduled). */
  rolled: z.boolean(),
  drm: Itemised.nullable(),
});
export type ReinforcementAttemptResult = z.infer<typeof ReinforcementAttemptResult>;

export const ArriveReinforcementInput = z.strictObject({ groupId: Id });
export type ArriveReinforcementInput = z.infer<typeof ArriveReinforcementInput>;

export const reinforcementsContract = {
  reinforcementGroups: query('Every reinforcement group with its schedule, entry area and arrival', NoInput, z.array(ReinforcementGroupRow)),
  attemptReinforcement: write("Rolls a group's variable arrival, DRMs itemised", ReinforcementAttemptInput, ReinforcementAttemptResult),
  arriveReinforcement: write('A group arrives as scheduled (MRCH orders, RSM marker)', ArriveReinforcementInput, ChangeResult),
};
