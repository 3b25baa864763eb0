/**
 * What the screens offer the players, decided by the service so that no screen re-derives a rule: the map
 * facts each situation lets them tick (with the DRM the rules apply for each), and the turn's offers that
 * are not a legal action of their own (who may add his army commander's points to the Initiative, what the
 * army commander's pre-roll needs, which brigades may take the Recovery marker).
 */
import { z } from 'zod';
import { MAP_FACT_SITUATIONS } from '../rules/types';
import { NoInput, query } from './common';
import { JointDiceState } from './joint-dice';

/** One fact only the board shows, as a tick on a screen. */
export const MapFact = z.object({
  /** The input field the tick sets (planFire's facts.throughRearHexside, attemptOrderChange's adjacentToEnemy, ...). */
  id: z.string(),
  /** The fact in the players' words. */
  words: z.string(),
  /** The DRM the rules add for it, or null when it is not a DRM (then `effect` says what it does). */
  drm: z.number().int().nullable(),
  /** The DRM counts once per point of a leader's rating (a superior lending his rating). */
  perRatingPoint: z.boolean(),
  /** What it does when it is not a DRM ("½ strength into an adjacent hex", "needed for SUPT"). */
  effect: z.string().nullable(),
  rule: z.string(),
});
export type MapFact = z.infer<typeof MapFact>;

export const MapFactSituation = z.enum(MAP_FACT_SITUATIONS);
export type MapFactSituation = z.infer<typeof MapFactSituation>;

/** Every situation's facts, in the order the screens show them. */
export const MapFacts = z.object(Object.fromEntries(MAP_FACT_SITUATIONS.map((s) => [s, z.array(MapFact)])) as Record<MapFactSituation, z.ZodArray<typeof MapFact>>);
export type MapFacts = z.infer<typeof MapFacts>;

/** Whether a thing may be done, and why not (the check that would refuse it). */
const Allowed = z.object({ allowed: z.boolean(), reason: z.string().optional(), rule: z.string().optional() });

/** A side's army commander and whether he may add his rating points to the Initiative roll now. */
export const InitiativePointsOffer = Allowed.extend({
  /** The acting army commander (RI-H05), or null when the side has none in play. */
  leaderId: z.string().nullable(),
  name: z.string().nullable(),
  /** What his points add to the roll (his rating). */
  drm: z.number().int(),
});
export type InitiativePointsOffer = z.infer<typeof InitiativePointsOffer>;

/** What a side's army commander's pre-roll for non-automatic order changes needs (Rev. Non-Automatic Order Change Attempts). */
export const OrderPreRollOffer = z.object({
  /** The highest roll that succeeds: half his rating rounded down, 0 when he is not on the map or there is none. */
  highestSuccessfulRoll: z.number().int(),
  /** Why, in words: "half of Meade's rating 5, rounded down", "Lee is not on the map". */
  because: z.string(),
  rule: z.string(),
});
export type OrderPreRollOffer = z.infer<typeof OrderPreRollOffer>;

/** A brigade at the 2400 Straggler Recovery designation: may it take the Recovery marker (its orders "Can Recover Stragglers")? */
export const RecoveryMarkerOffer = Allowed.extend({ commandId: z.string() });
export type RecoveryMarkerOffer = z.infer<typeof RecoveryMarkerOffer>;

/** A command that may be attached at this Command Attachment Phase, and the commands it may go to (infantry up to division, to a larger command of its side on the map). */
export const AttachmentOffer = z.object({ commandId: z.string(), toCommandIds: z.array(z.string()) });
export type AttachmentOffer = z.infer<typeof AttachmentOffer>;

/** The turn's offers; each is null outside the step it belongs to (and so never speaks of another step's secret entries). */
export const TurnOffers = z.object({
  /** II.A, before the Initiative is known: each side's army commander's points. */
  initiativePoints: z.object({ USA: InitiativePointsOffer, CSA: InitiativePointsOffer }).nullable(),
  /** I.B: what each side's pre-roll needs. */
  orderPreRoll: z.object({ USA: OrderPreRollOffer, CSA: OrderPreRollOffer }).nullable(),
  /** II.B at 2400: every brigade on the map, whether it may take the Recovery marker. */
  recoveryMarkers: z.array(RecoveryMarkerOffer).nullable(),
  /**
   * II.C: the commands on the map that may be attached (or, attached, detached) and where to. What only the
   * map shows (the commanders' ranges) and what the turn has spent (one attachment, the army commander's
   * points) attachCommand checks when it is asked.
   */
  attachments: z.array(AttachmentOffer).nullable(),
  /**
   * A two-seat game (null at one laptop): whether this seat may ask for joint dice now, and the request
   * waiting for the other seat's share (while it is open, its change is due and nothing else is recorded).
   */
  jointDice: JointDiceState.nullable(),
});
export type TurnOffers = z.infer<typeof TurnOffers>;

export const offersContract = {
  mapFacts: query('The map facts the players state on each screen (fire, shock, rally, order change, activation, Initiative), each with its words, DRM and rule', NoInput, MapFacts),
};
