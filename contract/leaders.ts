/** Leaders: the leader roster, casualties, capture, replacement, arrival, and the US army command succession. */
import { z } from 'zod';
import { ChangeResult, Id, LeaderCasualtyState, LeaderIds, LeaderRole, Order, RollChangeResult, Side, TypedRoll, Viewer, ViewerOnly, counterValue, query, write } from './common';

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

/** Warren's order change (Rev. Warren, RI-C17): the brigade leaders stacked with or adjacent to him, as the players see the map. */
export const WarrenOrderChangeInput = z.strictObject({
  brigadeLeaderIds: LeaderIds,
  order: Order,
  /** Board facts for SUPT and RSRV (players attest them; default: the order is allowed). */
  neighbourHasAssaultOrSkirmishOrders: z.boolean().optional(),
  inEnemyLos: z.boolean().optional(),
});
export type WarrenOrderChangeInput = z.infer<typeof WarrenOrderChangeInput>;

/** Warren now: in the game or not, on the map or away until a turn, whether he may act, and the brigade leaders he could name. */
export const WarrenOffer = z.object({
  warren: z.object({ leaderId: Id, name: z.string(), onMap: z.boolean(), returnsTurnId: z.string().nullable() }).nullable(),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  rule: z.string(),
  brigadeLeaders: z.array(z.object({ leaderId: Id, name: z.string(), command: z.string() })),
});
export type WarrenOffer = z.infer<typeof WarrenOffer>;

/** A division-or-higher commander gives ME to the units stacked with him (Rev. Leaders and Activation, RI-S31). */
export const GrantMeInput = z.strictObject({ leaderId: Id, unitIds: z.array(Id).max(40) });
export type GrantMeInput = z.infer<typeof GrantMeInput>;
export const GrantMeOffersInput = z.strictObject({ side: Side, viewer: Viewer.optional() });
export type GrantMeOffersInput = z.infer<typeof GrantMeOffersInput>;
export const GrantMeOffer = z.object({
  leaderId: Id,
  name: z.string(),
  command: z.string(),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  rule: z.string(),
  /** His subordinate units on the map that have not activated: the players tick those stacked with him. */
  units: z.array(z.object({ unitId: Id, name: z.string() })),
});
export type GrantMeOffer = z.infer<typeof GrantMeOffer>;

export const leadersContract = {
  leaders: query('Every leader with ratings, points used this turn, casualty state and whether on the map', ViewerOnly, z.array(LeaderRow)),
  leaderCasualty: write('Rolls a Leader Casualty check (killed or wounded)', LeaderCasualtyInput, LeaderCasualtyResult),
  leaderCaptured: write('Records a leader as captured', LeaderInput, ChangeResult),
  replaceLeader: write('A replacement counter takes over a fallen leader’s command', ReplaceLeaderInput, ChangeResult),
  leaderArrives: write('A leader who enters on his own arrives on the map', LeaderInput, ChangeResult),
  warrenOffer: query("Warren now: whether he may change orders, and the brigade leaders he could name", ViewerOnly, WarrenOffer),
  warrenOrderChange: write('Warren changes the orders of the brigade leaders stacked with or adjacent to him, without a roll, once a day', WarrenOrderChangeInput, ChangeResult),
  grantMeOffers: query("The side's commanders who may give ME to the units stacked with them now, and their units", GrantMeOffersInput, z.array(GrantMeOffer)),
  grantMe: write('A division-or-higher commander gives ME to the units stacked with him, spending all his rating points', GrantMeInput, ChangeResult),
  chooseUsSuccessor: write('Names the corps commander acting as US army commander', UsSuccessorInput, ChangeResult),
};
