/**
 * Reinforcements: the arrival schedule (editable at setup), this turn's arrivals, variable-arrival rolls,
 * Alternative Arrival Areas (a side's secret) and arrivals.
 */
import { z } from 'zod';
import { ChangeResult, Id, Itemised, NoInput, RollChangeResult, Side, TurnId, TypedRoll, query, text, write } from './common';

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
  /**
   * The side rolling: each side rolls for its own groups, so that a group its army commander secretly sent to
   * an Alternative Arrival Area is rolled for, and refused, only in words its own side reads (RI-H08).
   */
  side: Side,
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

/** The side bringing its own group on (RI-H08: where a group sent to an Alternative Arrival Area enters is its side's to say). */
export const ArriveReinforcementInput = z.strictObject({ side: Side, groupId: Id });
export type ArriveReinforcementInput = z.infer<typeof ArriveReinforcementInput>;



/** The side whose player is looking: a side's secrets are returned to that side only (none without a viewer). */
export const SideViewer = z.strictObject({ viewer: Side.optional() });

/** How a group stands this turn (Rev. Variable Arrival of Reinforcements, Rev. Alternative Arrival Areas). */
export const ARRIVAL_STATUSES = [
  /** On the map. */
  'arrived',
  /** Arrives as scheduled (July 1, 0740-1000): enters by itself at the beginning of the Activation Segment. */
  'enters',
  /** Must roll for entry this turn, and has not yet. */
  'roll',
  /** Rolled this turn and did not enter. */
  'rolled',
  /** Not yet: rolls begin later. */
  'later',
] as const;
export const ArrivalStatus = z.enum(ARRIVAL_STATUSES);

export const ArrivalGroup = z.object({
  id: z.string(),
  side: Side,
  /** The commands arriving together, by name. */
  commandNames: z.array(z.string()),
  scheduledTurnId: z.string(),
  /** "1 July 1100". */
  scheduledLabel: z.string(),
  entryArea: z.string(),
  status: ArrivalStatus,
  /** The roll this turn: the DRMs itemised and the highest modified roll that enters; null when none is due or the viewer may not see it. */
  drm: Itemised.nullable(),
  needed: z.number().int().nullable(),
  rule: z.string(),
  arrivedTurnId: z.string().nullable(),
  /** Where it came on, once arrived (public then). */
  arrivedBy: z.string().nullable(),
  /** Its army commander ordered an Alternative Arrival Area: shown to the viewer of its own side only. */
  alternative: z.object({ entryArea: z.string(), orderedTurnId: z.string() }).nullable(),
});
export type ArrivalGroup = z.infer<typeof ArrivalGroup>;

export const ArrivalLeader = z.object({
  leaderId: z.string(),
  side: Side,
  name: z.string(),
  arrivalTurnId: z.string().nullable(),
  arrivalLabel: z.string().nullable(),
  arrivalArea: z.string().nullable(),
  /** arrived; enters (due now: comes on at the beginning of the Activation Segment); later; never (not in this scenario). */
  status: z.enum(['arrived', 'enters', 'later', 'never']),
});
export type ArrivalLeader = z.infer<typeof ArrivalLeader>;

export const ArrivalsReport = z.object({
  turnId: z.string(),
  /** Rolls for this turn may still be made (until the first activation or pass of III.A, RI-B02). */
  open: z.boolean(),
  /** Groups that must roll now and have not: the Activation Segment's first activation waits for them (RI-B02). */
  rollsDue: z.array(z.string()),
  /** Groups due this turn or rolling, then those still to come, then those arrived. */
  groups: z.array(ArrivalGroup),
  leaders: z.array(ArrivalLeader),
  /**
   * The viewer's side may still order an Alternative Arrival Area this turn, and with whose points. Between
   * two seats (RI-H10), `wordAwaited`: the viewer's side says now whether its army commander orders one (its
   * order, or declineAlternativeArrival); `wordTogether`: both sides give their word at the same time, each sealed
   * on its seat until both have, else the viewer's side (without the Initiative) gives it first, before the
   * Initiative player's step.
   */
  alternativeOrder: z.object({ side: Side, armyCommander: z.string(), rating: z.number().int(), allowed: z.boolean(), reason: z.string().nullable(), wordAwaited: z.boolean(), wordTogether: z.boolean() }).nullable(),
});
export type ArrivalsReport = z.infer<typeof ArrivalsReport>;

export const RollDueArrivalsInput = z.strictObject({
  /** Only this side's groups (default both). */
  side: Side.optional(),
});
export const RollDueArrivalsResult = RollChangeResult.extend({ arrived: z.array(z.string()), notYet: z.array(z.string()) });
export type RollDueArrivalsResult = z.infer<typeof RollDueArrivalsResult>;

export const OrderAlternativeArrivalInput = z.strictObject({
  side: Side,
  groupId: Id,
  /** The adjacent friendly entry area the group is sent to. */
  entryArea: text(80).pipe(z.string().min(1, 'entryArea: name the new entry area')),
});
export type OrderAlternativeArrivalInput = z.infer<typeof OrderAlternativeArrivalInput>;

/**
 * Two seats (RI-H10): an Alternative Arrival Area order sealed by its seat. The log holds the commitment (a
 * SHA-256 over the side, the turn, the group, the area and a 128-bit salt, hex); the order stays on the seat.
 */
export const SealAlternativeArrivalInput = z.strictObject({
  side: Side,
  commitment: z.string().regex(/^[0-9a-f]{64}$/, 'commitment: a SHA-256, 64 hexadecimal digits'),
});
export type SealAlternativeArrivalInput = z.infer<typeof SealAlternativeArrivalInput>;

/** Two seats (RI-H10): a sealed order opened into the log, with the salt that proves it is the one sealed. */
export const OpenAlternativeArrivalInput = OrderAlternativeArrivalInput.extend({
  salt: z.string().regex(/^[0-9a-f]{32}$/, 'salt: 128 bits, 32 hexadecimal digits'),
});
export type OpenAlternativeArrivalInput = z.infer<typeof OpenAlternativeArrivalInput>;

/** Two seats (RI-H10): the side's sealed orders stay sealed this turn. */
export const KeepAlternativeArrivalsSealedInput = z.strictObject({ side: Side });
export type KeepAlternativeArrivalsSealedInput = z.infer<typeof KeepAlternativeArrivalsSealedInput>;

/** Two seats (RI-H10): the side without the Initiative says its army commander orders no Alternative Arrival Area this turn. */
export const DeclineAlternativeArrivalInput = z.strictObject({ side: Side });
export type DeclineAlternativeArrivalInput = z.infer<typeof DeclineAlternativeArrivalInput>;

/**
 * Two seats (RI-H13): the seat's standing word on Alternative Arrival Area orders, "No order until I say
 * otherwise". While it stands, Muster gives "No order this turn" for the seat whenever the service asks its word
 * (RI-H10), as the click would. Kept in the seat's own file only: never in the shared log or a packet.
 */
export const StandingWord = z.object({
  side: Side,
  /** The tick box is offered: the side still has a group to come that could be sent to an Alternative Arrival Area. */
  offered: z.boolean(),
  /** Why it is not offered, in words; null when it is. Taking a standing word back is always offered. */
  reason: z.string().nullable(),
  /** The standing word holds now. */
  standing: z.boolean(),
  /** The last turn Muster gave the word for the seat by its standing word ("2 July 1200"), and whether it is this turn. */
  lastGiven: z.object({ turnId: z.string(), label: z.string(), thisTurn: z.boolean() }).nullable(),
  /** The turn the seat's own order ended its standing word, when that is how it ended (null while it stands). */
  endedByOrder: z.object({ turnId: z.string(), label: z.string() }).nullable(),
});
export type StandingWord = z.infer<typeof StandingWord>;

export const SetStandingWordInput = z.strictObject({ side: Side, standing: z.boolean() });
export type SetStandingWordInput = z.infer<typeof SetStandingWordInput>;

/** Setup: a group's schedule as on the players' Master Reinforcement Chart. */
export const EditReinforcementGroupInput = z.strictObject({
  groupId: Id,
  scheduledTurnId: TurnId.optional(),
  entryArea: text(80).pipe(z.string().min(1, 'entryArea: name the entry area')).optional(),
});
export type EditReinforcementGroupInput = z.infer<typeof EditReinforcementGroupInput>;

/** Setup: when and where a leader arriving on his own enters (null: he does not come in this scenario). */
export const EditLeaderArrivalInput = z.strictObject({
  leaderId: Id,
  scheduledTurnId: TurnId.nullable().optional(),
  entryArea: text(80).pipe(z.string().min(1, 'entryArea: name the entry area')).optional(),
});
export type EditLeaderArrivalInput = z.infer<typeof EditLeaderArrivalInput>;

export const reinforcementsContract = {
  reinforcementGroups: query('Every reinforcement group with its schedule, entry area and arrival', NoInput, z.array(ReinforcementGroupRow)),
  attemptReinforcement: write("Rolls a group's variable arrival (or its Alternative Arrival Area roll), DRMs itemised", ReinforcementAttemptInput, ReinforcementAttemptResult),
  arriveReinforcement: write('A group arrives as scheduled (MRCH orders, RSM marker)', ArriveReinforcementInput, ChangeResult),
  arrivals: query("This turn's arrivals: groups and leaders due, the rolls to make with their DRMs, the viewer's own Alternative Arrival orders", SideViewer.optional(), ArrivalsReport),
  rollDueArrivals: write('Rolls the app die for every group that must roll for entry now', RollDueArrivalsInput.optional(), RollDueArrivalsResult),
  orderAlternativeArrival: write("Sends a group to an Alternative Arrival Area, spending the army commander's rating points (which group stays secret)", OrderAlternativeArrivalInput, ChangeResult),
  sealAlternativeArrival: write("Two seats: an Alternative Arrival Area order sealed by its seat, the army commander's rating points spent (the log holds only its commitment)", SealAlternativeArrivalInput, ChangeResult),
  openAlternativeArrival: write('Two seats: a sealed Alternative Arrival Area order opened into the log when the group would first roll or enter, checked against its commitment', OpenAlternativeArrivalInput, ChangeResult),
  keepAlternativeArrivalsSealed: write("Two seats: the side's sealed Alternative Arrival Area orders stay sealed this turn (no group of them would roll or enter yet)", KeepAlternativeArrivalsSealedInput, ChangeResult),
  declineAlternativeArrival: write('Two seats: the side without the Initiative says its army commander orders no Alternative Arrival Area this turn (its word, asked at the beginning of the Activation Segment)', DeclineAlternativeArrivalInput, ChangeResult),
  standingWord: query("Two seats: this seat's standing word on Alternative Arrival Area orders (\"No order until I say otherwise\"), whether it is offered, and the last turn it gave the word; null at one laptop", NoInput, StandingWord.nullable()),
  setStandingWord: write("Two seats: the seat's player sets or takes back his standing word, \"No order until I say otherwise\" (kept in this file only, never signed or sent); while it stands Muster gives \"No order this turn\" for him whenever his word is asked", SetStandingWordInput, StandingWord),
  editReinforcementGroup: write("Changes a group's scheduled turn or entry area (before play begins)", EditReinforcementGroupInput, ChangeResult),
  editLeaderArrival: write('Changes when and where a leader arriving on his own enters (before play begins)', EditLeaderArrivalInput, ChangeResult),
};
