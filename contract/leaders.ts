/** Leaders: the leader roster, casualties, capture, replacement, arrival, and the US army command succession. */
import { z } from 'zod';
import { ChangeResult, Id, LeaderCasualtyState, LeaderRole, RollChangeResult, Side, TypedRoll, ViewerOnly, counterValue, query, write } from './common';

export const LeaderRow = z.object({
  id: z.string(),
  side: Side,
  name: z.string(),
  stars: z.number().int(),
  rating: z.number().int(),
  range: z.number().int(),
  role: LeaderRole,
  commandId: z.string().nullable(),
  ratingVerified: z.boolean(),
  /** Rating points already used this turn (each leader may use them once per turn). */
  pointsUsed: z.boolean(),
  /** What they were used for: 'order-change', 'activation', 'initiative', 'grant-me', 'attachment', 'alternative-arrival'. */
  pointsUsedFor: z.string().nullable(),
  moved: z.boolean(),
  casualty: LeaderCasualtyState,
  /** A replacement counter now leads the command; its rating, when known. */
  replaced: z.boolean(),
  replacementRating: z.number().int().nullable(),
  onMap: z.boolean(),
  /** For a leader who enters on his own (not with his command's group): when and where. */
  arrivalTurnId: z.string().nullable(),
  arrivalArea: z.string().nullable(),
});
export type LeaderRow = z.infer<typeof LeaderRow>;

export const LeaderCasualtyInput = z.strictObject({ leaderId: Id, roll: TypedRoll.optional() });
export type LeaderCasualtyInput = z.infer<typeof LeaderCasualtyInput>;
export const LeaderCasualtyResult = RollChangeResult.extend({ result: z.enum(['KIA', 'WIA']) });
export type LeaderCasualtyResult = z.infer<typeof LeaderCasualtyResult>;

export const LeaderInput = z.strictObject({ leaderId: Id });
export type LeaderInput = z.infer<typeof LeaderInput>;

/** The corps commander who acts as US army commander while Reynolds is hors de combat before Meade arrives. */
export const UsSuccessorInput = z.strictObject({ leaderId: Id });
export type UsSuccessorInput = z.infer<typeof UsSuccessorInput>;

export const ReplaceLeaderInput = z.strictObject({
  leaderId: Id,
  /** The replacement counter's rating, when the scenario gives one. */
  rating: counterValue('rating').nullable().optional(),
});
export type ReplaceLeaderInput = z.infer<typeof ReplaceLeaderInput>;

export const leadersContract = {
  leaders: query('Every leader with ratings, points used this turn, casualty state and whether on the map', ViewerOnly, z.array(LeaderRow)),
  leaderCasualty: write('Rolls a Leader Casualty check (killed or wounded)', LeaderCasualtyInput, LeaderCasualtyResult),
  leaderCaptured: write('Records a leader as captured', LeaderInput, ChangeResult),
  replaceLeader: write('A replacement counter takes over a fallen leader’s command', ReplaceLeaderInput, ChangeResult),
  leaderArrives: write('A leader who enters on his own arrives on the map', LeaderInput, ChangeResult),
  chooseUsSuccessor: write('Names the corps commander acting as US army commander', UsSuccessorInput, ChangeResult),
};
