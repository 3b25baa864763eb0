/**
 * Combat at the table: the fire assistant's plan and its result, the shock assistant's plan and
 * its result with the Bayonet Charge, Rally and UDD rolls, the Confusion Table result after a failed ME
 * attempt, field works and the weather. Each write is ONE event (one undoable step), itemised in the
 * history; every query changes nothing.
 *
 * Muster has no map and no base-game charts: the players state the map facts (labelled fields below) and
 * read the base game's Fire, Shock and Rally tables, typing the result (or taking it from their own
 * charts, contract/charts.ts). Muster applies the revision's rules to that result.
 */
import { z } from 'zod';
import { WORKS } from '../rules/types';
import { Arm, ChangeResult, StatusLadderStep, ConfusionResultKind, Id, Itemised, KitRecord, Order, RollChangeResult, Side, SpAmount, Status, TypedRoll, Weapon, query, text, write } from './common';
import { RainRollInput, RainRollResult, WeatherState } from './weather';
import { DisorderCause, KitPreview, KitResolution, LeaderCheck, RecentHex, UnitOutcome } from './combat-results';

// ---------------------------------------------------------------------------------------------
// Building blocks

export const Works = z.enum(WORKS);
export const FireKind = z.enum(['phasing', 'reaction']);

/** A modifier the players add from the base game or their own charts (RI-F06): labelled, itemised, counted. */
export const PlayerDrm = z.strictObject({
  label: text(80).pipe(z.string().min(1, 'label: say what the modifier is')),
  value: z.number('value must be a whole number from -20 to 20').int('value must be a whole number from -20 to 20').min(-20).max(20),
  /** Where it comes from; default "Players (base game)". */
  rule: text(80).optional(),
  /**
   * The screen's own entry it was made by, when not a modifier the players typed: the Fire assistant's target
   * level (higher or lower) or its target terrain (the row of the players' chart, by name). A form filled in again
   * from an input (a fire asked jointly, after a reload) puts it back in that entry by this, never by its label (a
   * typed modifier may read the same). The service reads only label, value and rule; older inputs have none.
   */
  entry: z
    .discriminatedUnion('field', [
      z.strictObject({ field: z.literal('targetLevel'), level: z.enum(['higher', 'lower']) }),
      z.strictObject({ field: z.literal('targetTerrain'), row: text(60) }),
    ])
    .optional(),
});
export type PlayerDrm = z.infer<typeof PlayerDrm>;

/** One row of the players' artillery range chart (base game): the DRM at range 1, 2, ...; null where it cannot fire. */
export const ArtilleryRangeColumn = z.strictObject({
  name: text(60).pipe(z.string().min(1, 'name: say which guns the row is for')),
  drms: z.array(z.number().int().min(-20).max(20).nullable()).min(1).max(40),
});
export type ArtilleryRangeColumn = z.infer<typeof ArtilleryRangeColumn>;

/**
 * A die for a roll whose result the players must see before they can give the result (fire, shock, rally,
 * UDD, friendly fire): typed at the table (`roll`), or the app's roll made just before with rollDie
 * (`rollSeq`, its seq in the dice log; RI-K18). Exactly one of the two.
 */
const dieFields = {
  roll: TypedRoll.optional(),
  rollSeq: z.number().int().min(1).optional(),
};

/** A unit as the assistants line it up. */
export const CombatUnit = z.object({
  unitId: z.string(),
  name: z.string(),
  side: Side,
  arm: Arm,
  weapon: Weapon.nullable(),
  order: Order,
  status: Status,
  mounted: z.boolean(),
  outOfAmmo: z.boolean(),
  works: Works,
  bayonetCharge: z.boolean(),
  currentSp: z.number().int(),
});
export type CombatUnit = z.infer<typeof CombatUnit>;

// ---------------------------------------------------------------------------------------------
// Fire

/** Facts about the map the players state for a fire attack (RI-S14); each defaults to "no". */
export const FireFacts = z.strictObject({
  /** Fire enters the target hex through a rear hexside (+2). */
  throughRearHexside: z.boolean().optional(),
  /** The firers are in Close terrain (Devil's Den, Woods, Rough Woods, Town): half strength into an adjacent hex. */
  firerInCloseTerrain: z.boolean().optional(),
  /** The target hex is Devil's Den (-1). */
  targetInDevilsDen: z.boolean().optional(),
  /** The firing artillery is moving this activation (-2). */
  movingArtillery: z.boolean().optional(),
  /** Reaction fire against a phasing unit that has moved (+1). */
  targetMoved: z.boolean().optional(),
  /** Artillery fire: hexes from the target to the nearest friendly unit of the firer, when 1 or 2 (Rev. Artillery Friendly Fire). */
  friendlyNearTarget: z.union([z.literal(1), z.literal(2)]).optional(),
  /** Cease Movement Fire: reaction fire at an activating unit as it moves (within 3 hexes of artillery, 2 of others). */
  ceaseMovement: z.boolean().optional(),
  /** The target hex was already fired upon during this activation (for the choice of target, RI-F08). */
  targetEngaged: z.boolean().optional(),
  /** The other enemy hexes the firers could fire at instead: each one's range and whether it was engaged this activation (RI-F08). */
  otherTargets: z.array(z.strictObject({ range: z.number().int().min(1).max(40), engaged: z.boolean().optional() })).max(20).optional(),
});
export type FireFacts = z.infer<typeof FireFacts>;

const planFireFields = {
  /** The firing hex's units, top of the stack first. */
  stack: z.array(Id).min(1, 'stack: name at least one unit').max(20),
  /** Hexes to the target, 1 = adjacent. */
  range: z.number('range must be a whole number of hexes, 1 or more').int('range must be a whole number of hexes, 1 or more').min(1, 'range must be a whole number of hexes, 1 or more').max(40),
  /** The units making this attack (default: every unit in front of the top firing unit's kind, RI-K05). */
  firers: z.array(Id).min(1).max(20).optional(),
  /** The target hex's units, top of the stack first (the units in front take the losses). */
  targets: z.array(Id).min(1).max(20).optional(),
  /** Return Fire against one activating unit: `targets` is that unit, all of it in front. */
  returnFire: z.boolean().optional(),
  /** Phasing fire (default) or reaction fire. */
  kind: FireKind.optional(),
  facts: FireFacts.optional(),
  /** The row of the players' artillery range chart for the guns that fire (the revision gives none, RI-F06). */
  artilleryRange: ArtilleryRangeColumn.optional(),
  /** Modifiers from the base game or the players' charts (terrain rows, elevation, ...), itemised as given. */
  otherDrms: z.array(PlayerDrm).max(20).optional(),
  /** The artillery friendly-fire die, once rolled, to show what it does to this attack. */
  friendlyFireRoll: TypedRoll.optional(),
  /** A result's SP loss, to show how it is shared among the units in front (and whether the firer must choose). */
  lossSp: z.number().int().min(0).max(40).optional(),
  /** The fire die, to show the kit's result for it before it is applied (the loss shares follow it). */
  previewRoll: TypedRoll.optional(),
};

export const PlanFireInput = z.strictObject(planFireFields);
export type PlanFireInput = z.infer<typeof PlanFireInput>;

/** How one unit of a stack came to fire what it fires (rules/stacking.ts fireFrontageSteps). */
export const FrontageStep = z.object({
  fires: z.number().int(),
  source: z.enum(['maximum', 'space', 'no-sp', 'exhausted', 'below-one']),
  spaceIn: z.number().nullable(),
  spaceArm: Arm.nullable(),
  factor: z.number().nullable(),
  exact: z.number().nullable(),
  available: z.number().nullable(),
  spaceOut: z.number().nullable(),
});

/** A unit of a stack in the line-up: what it fires, where it stands, and the procedure's words for it. */
export const LinedUpUnit = CombatUnit.extend({
  firingSp: z.number().int(),
  /** In front (may fire) or behind the front line. */
  inFront: z.boolean(),
  /** Right to left going from the top of the stack down; null behind. */
  position: z.enum(['right', 'centre', 'left']).nullable(),
  step: FrontageStep,
  /** The procedure for this unit in the words of the revision's examples. */
  explanation: z.string(),
});
export type LinedUpUnit = z.infer<typeof LinedUpUnit>;

export const Prohibition = z.object({ unitId: z.string().nullable(), reason: z.string(), rule: z.string() });

export const FriendlyFirePlan = z.object({
  /** 1: a friendly unit adjacent to the target at range 5+; 2: two hexes away at range 8+. */
  distance: z.union([z.literal(1), z.literal(2)]),
  /** The result for each die roll 0-9. */
  results: z.array(z.enum(['target', 'friendly', 'both-half', 'miss'])),
  /** What the given friendly-fire die does, when one was given. */
  outcome: z.enum(['target', 'friendly', 'both-half', 'miss']).nullable(),
  rule: z.string(),
});

export const PlanFireResult = z.object({
  /** Every unit of the stack, in stack order, with the SPs it may fire under the frontage rule (0 if none). */
  firing: z.array(z.object({ unitId: z.string(), sp: z.number().int() })),
  /** The range DRM of the top unit's small-arms weapon (or the artillery row given); null beyond range or with none. */
  rangeDrm: Itemised.nullable(),
  /** Why rangeDrm is null. */
  rangeNote: z.string().nullable(),
  stack: z.array(LinedUpUnit),
  stackSp: z.number().int(),
  /** A stack over 12 SPs may only be in motion (Rev. Passage of Lines). */
  overstacked: z.boolean(),
  weather: z.object({ raining: z.boolean(), mud: z.boolean() }),
  /** The attack, once the target hex's units are named. */
  attack: z
    .object({
      firers: z.array(z.string()),
      allowed: z.boolean(),
      prohibitions: z.array(Prohibition),
      strength: Itemised,
      drm: Itemised,
      maxRange: z.number().int().nullable(),
      /** Firers that make the ammo check: "Ammo" on any adjusted even roll. */
      ammoCheck: z.array(z.string()),
      /** What SPs of artillery in front lose to this fire become: abandoned guns under small arms. */
      lossCause: z.enum(['small-arms', 'artillery']),
      target: z.object({ units: z.array(LinedUpUnit), inFront: z.array(z.string()) }),
      friendlyFire: FriendlyFirePlan.nullable(),
      /** Return Fire against an activating unit: before its own fire if it has moved (facts.targetMoved), else simultaneous. */
      returnFireTiming: z.enum(['before', 'simultaneous']).nullable(),
      /** With lossSp: each unit in front's certain share, and the SPs left for the firing player to place one each (RI-K07). */
      shares: z
        .object({
          sp: z.number().int(),
          fixed: z.array(z.object({ unitId: z.string(), sp: z.number().int() })),
          extra: z.number().int(),
          choices: z.array(z.string()),
          /** True when the firing player must name which of `choices` take the extra SPs. */
          choiceNeeded: z.boolean(),
          unabsorbed: z.number().int(),
        })
        .nullable(),
      /** With the group's kit: the Fire Table's cell for previewRoll, and what it means (null without a Fire Table in the kit). */
      kit: KitPreview.extend({
        sp: z.number().int().nullable(),
        check: z.boolean(),
        checkDrm: z.number().int(),
        status: z.string().nullable(),
        ammo: z.boolean(),
        /** Units in front that would need their outcome read at the table: no cohesion rating entered. */
        unrated: z.array(z.string()),
      }).nullable(),
    })
    .nullable(),
});
export type PlanFireResult = z.infer<typeof PlanFireResult>;

/** The Fire Table's result as the players read it (or took it from their chart): SPs lost by the units in front, and status changes. */
export const FireResultInput = z.strictObject({
  sp: z.number('sp must be a whole number of SPs, 0 or more').int('sp must be a whole number of SPs, 0 or more').min(0, 'sp must be a whole number of SPs, 0 or more').max(40),
  outcomes: z.array(UnitOutcome).max(20).optional(),
});
export type FireResultInput = z.infer<typeof FireResultInput>;

export const ResolveFireInput = z.strictObject({
  ...planFireFields,
  ...dieFields,
  /** The Fire Table's result as read at the table; leave it out and give `kit` to have it computed from the group's kit. */
  result: FireResultInput.optional(),
  kit: KitResolution.optional(),
  /** Where the result was read: the players' Fire Table, or Muster's lookup in their chart (for the history). */
  resultFrom: z.enum(['table', 'chart']).optional(),
  /** Units in front to take the SPs left after an even share, one each: the firing player's choice (Rev. Stacking and Fire Combat). */
  lossChoice: z.array(Id).max(20).optional(),
  /** An enemy unit is within Tactical Movement range of the units fired upon (stragglers from disorder; default true). */
  enemyWithinTacticalMovementRange: z.boolean().optional(),
  /** The artillery friendly-fire roll, when a friendly unit is near the target (facts.friendlyNearTarget). */
  friendlyFire: z
    .strictObject({
      ...dieFields,
      /** The nearest friendly unit in the line of fire (its hex's units, top first), when the roll hits it. */
      unitIds: z.array(Id).min(1).max(20).optional(),
      /** For "hits both at 1/2 SPs each": the result against the friendly unit. */
      result: FireResultInput.optional(),
    })
    .optional(),
  leaderChecks: z.array(LeaderCheck).max(10).optional(),
});
export type ResolveFireInput = z.infer<typeof ResolveFireInput>;


export const ResolveFireResult = RollChangeResult.extend({
  /** The modified fire roll. */
  modified: z.number(),
  /** SPs each unit lost (straggler SPs included), in the order they were applied. */
  losses: z.array(z.object({ unitId: z.string(), sp: z.number().int(), stragglers: z.number().int(), abandonedGuns: z.number().int() })),
  /** Firers marked out of ammo by an even adjusted roll. */
  outOfAmmo: z.array(z.string()),
  friendlyFire: z.enum(['target', 'friendly', 'both-half', 'miss']).nullable(),
  /** Card-draw's status ladder: hits that took the next worse state (present only when one did). */
  statusLadder: z.array(StatusLadderStep).optional(),
  /** A result computed from the group's kit: its fingerprint and every cell read. */
  kit: KitRecord.optional(),
});
export type ResolveFireResult = z.infer<typeof ResolveFireResult>;

// ---------------------------------------------------------------------------------------------
// Shock

const planShockFields = {
  attackers: z.array(Id).min(1, 'attackers: name at least one unit').max(20),
  /** The defending hex's units, top of the stack first. */
  defenders: z.array(Id).min(1, 'defenders: name at least one unit').max(20),
  /** The defending hex is Devil's Den (Shock -2). */
  defenderInDevilsDen: z.boolean().optional(),
  /** Shock Resolution modifiers from the base game or the players' charts. */
  otherDrms: z.array(PlayerDrm).max(20).optional(),
  /** The shock die, to show the kit's Shock Table cell for it (with every unit still in the shock). */
  previewRoll: TypedRoll.optional(),
};
export const PlanShockInput = z.strictObject(planShockFields);
export type PlanShockInput = z.infer<typeof PlanShockInput>;

export const ShockUnit = CombatUnit.extend({
  /** Why it may not take part (none: it may). */
  prohibitions: z.array(z.string()),
});

export const PlanShockResult = z.object({
  attackers: z.array(ShockUnit),
  defenders: z.array(ShockUnit),
  /** Each unit's Pre-Shock Cohesion Check DRMs from the revision (attackers have none of its own). */
  preShock: z.array(z.object({ unitId: z.string(), drm: Itemised })),
  allowed: z.boolean(),
  prohibitions: z.array(Prohibition),
  drm: Itemised,
  odds: z.object({
    attackerSp: z.number().int(),
    defenderSp: z.number().int(),
    /** "7 : 3" and its ratio to one decimal, "2.3 : 1". */
    text: z.string(),
    /** With a Bayonet Charge: the odds rounded in the attacker's favour (RI-K14); null otherwise. */
    roundedForAttacker: z.string().nullable(),
  }),
  /** Units whose Bayonet Charge marker this shock removes. */
  bayonetMarkersRemoved: z.array(z.string()),
  /** With the group's kit: the odds column (rounded to the chart's columns, RI-K14), the cell for previewRoll, the Pre-Shock checks to roll. */
  kit: KitPreview.extend({
    column: z.string().nullable(),
    /** Each unit's Pre-Shock check: its rating (null: not entered, read at the table) and DRM. */
    preShock: z.array(z.object({ unitId: z.string(), rating: z.number().int().nullable(), drm: z.number().int() })),
    /** False when the kit has no Pre-Shock Cohesion Check table. */
    preShockTable: z.boolean(),
  }).nullable(),
});
export type PlanShockResult = z.infer<typeof PlanShockResult>;

export const ResolveShockInput = z.strictObject({
  ...planShockFields,
  ...dieFields,
  /** Leave it out and give `kit` to have the Pre-Shock checks, the Shock Table and what follows computed from the group's kit. */
  kit: KitResolution.optional(),
  result: z.strictObject({
    /** SPs each unit lost, as the players read the base game's Shock Table (RI-K11). */
    losses: z.array(z.strictObject({ unitId: Id, sp: SpAmount })).max(40).optional(),
    /** Status changes from the Pre-Shock checks and the Shock Table, each with its cause. */
    outcomes: z.array(UnitOutcome).max(40).optional(),
    /** Guns captured from artillery units in the shock. */
    capturedGuns: z.array(z.strictObject({ unitId: Id, sp: SpAmount })).max(20).optional(),
  }).optional(),
  resultFrom: z.enum(['table', 'chart']).optional(),
  /** Units that retreat before shock (each makes a UDD after; dismounted cavalry may mount at the end). */
  retreats: z.array(z.strictObject({ unitId: Id, mount: z.boolean().optional() })).max(20).optional(),
  enemyWithinTacticalMovementRange: z.boolean().optional(),
  leaderChecks: z.array(LeaderCheck).max(10).optional(),
});
export type ResolveShockInput = z.infer<typeof ResolveShockInput>;

export const ResolveShockResult = RollChangeResult.extend({
  modified: z.number(),
  bayonetMarkersRemoved: z.array(z.string()),
  /** Units that must now make a UDD (after a retreat before shock). */
  uddDue: z.array(z.string()),
  /** Card-draw's status ladder: hits that took the next worse state (present only when one did). */
  statusLadder: z.array(StatusLadderStep).optional(),
  kit: KitRecord.optional(),
});
export type ResolveShockResult = z.infer<typeof ResolveShockResult>;

export const BayonetChargeInput = z.strictObject({
  unitIds: z.array(Id).min(1, 'unitIds: name at least one unit').max(40),
  /** The units moved during this activation (the players attest). */
  moved: z.boolean(),
  /** The units fired during this activation (Bayonet Charge units may not fire when activated). */
  fired: z.boolean(),
});
export type BayonetChargeInput = z.infer<typeof BayonetChargeInput>;
export const CancelBayonetChargeInput = z.strictObject({ unitIds: z.array(Id).min(1).max(40) });
export type CancelBayonetChargeInput = z.infer<typeof CancelBayonetChargeInput>;

// ---------------------------------------------------------------------------------------------
// Rally and UDD

export const CohesionCheck = z.enum(['rally', 'udd']);

export const PlanCohesionInput = z.strictObject({
  unitId: Id,
  check: CohesionCheck,
  /** Rally: the unit is out of command (+1). */
  outOfCommand: z.boolean().optional(),
  /** A superior leader stacked with the unit lending his star rank (once per turn). */
  leaderId: Id.optional(),
  /** The die, to show the kit's result for it against the unit's cohesion rating. */
  previewRoll: TypedRoll.optional(),
});
export type PlanCohesionInput = z.infer<typeof PlanCohesionInput>;

export const PlanCohesionResult = z.object({
  unit: CombatUnit,
  drm: Itemised,
  /** The unit's cohesion rating is its printed one with these (Confederate dismounted cavalry -3, RI-K04). */
  cohesion: z.array(z.object({ label: z.string(), value: z.number(), rule: z.string() })),
  /** Superior leaders who might lend their star rank, and whether they may now. */
  leaders: z.array(z.object({ leaderId: z.string(), name: z.string(), stars: z.number().int(), available: z.boolean(), reason: z.string().nullable() })),
  rule: z.string(),
  /** With the group's kit: the unit's rating (null: not entered) and the table's cell for previewRoll. */
  kit: KitPreview.extend({ rating: z.number().int().nullable() }).nullable(),
});
export type PlanCohesionResult = z.infer<typeof PlanCohesionResult>;

/** What a Rally or UDD roll did, as the players read it: the new status (if it changes), and any SP it cost. */
export const CohesionResultInput = z.strictObject({
  status: Status.exclude(['eliminated'], { message: 'status: a unit is eliminated by its losses, not by a status result (RI-S07)' }).optional(),
  spLoss: z.number().int().min(0).max(40).optional(),
});

export const RallyInput = z.strictObject({
  unitId: Id,
  outOfCommand: z.boolean(),
  leaderId: Id.optional(),
  ...dieFields,
  /** As read at the table; leave it out and give `kit` to have it computed against the unit's rating. */
  result: CohesionResultInput.optional(),
  kit: z.strictObject({ fingerprint: KitResolution.shape.fingerprint }).optional(),
});
export type RallyInput = z.infer<typeof RallyInput>;

export const UddInput = z.strictObject({
  unitId: Id,
  /** What made the UDD: a disorder from enemy action with an enemy within Tactical Movement range loses a straggler. */
  cause: DisorderCause,
  enemyWithinTacticalMovementRange: z.boolean().optional(),
  leaderId: Id.optional(),
  ...dieFields,
  result: CohesionResultInput.extend({
    /** What an SP loss came from: a Second Disorder's or a Rout Retreat's is a straggler (infantry). */
    lossCause: z.enum(['second-disorder', 'rout-retreat', 'other']).optional(),
  }).optional(),
  kit: z.strictObject({ fingerprint: KitResolution.shape.fingerprint }).optional(),
});
export type UddInput = z.infer<typeof UddInput>;

export const CohesionRollResult = RollChangeResult.extend({ modified: z.number(), drm: Itemised, kit: KitRecord.optional() });
export type CohesionRollResult = z.infer<typeof CohesionRollResult>;

// ---------------------------------------------------------------------------------------------
// Confusion Table, works, weather

export { ConfusionResultKind };

export const ConfusionInput = z
  .strictObject({
    commandId: Id.optional(),
    unitId: Id.optional(),
    result: ConfusionResultKind,
    /** The table's words, as printed (the players' own chart, or typed). */
    text: text(200).optional(),
    resultFrom: z.enum(['table', 'chart']).optional(),
  })
  .refine((v) => (v.commandId === undefined) !== (v.unitId === undefined), { message: 'name either a command or a single unit, not both', path: ['commandId'] });
export type ConfusionInput = z.infer<typeof ConfusionInput>;

export const ConfusionResult = ChangeResult.extend({
  /** For a forced shock: the units that must advance and shock, and those that need not (dismounted cavalry). */
  mustShock: z.array(z.string()),
  exempt: z.array(z.string()),
});
export type ConfusionResult = z.infer<typeof ConfusionResult>;

export const SetWorksInput = z.strictObject({
  unitId: Id,
  works: Works,
  /** The unit builds them now (breastworks need ME and the HOLD order; entrenchments are 1864's), rather than occupying works already there. */
  construct: z.boolean().optional(),
});
export type SetWorksInput = z.infer<typeof SetWorksInput>;

// The weather's state and its roll's schemas are contract/weather.ts's (one declaration for the turn bar and combat).

export const SetWeatherInput = z.strictObject({ raining: z.boolean() });
export type SetWeatherInput = z.infer<typeof SetWeatherInput>;


export const combatContract = {
  planFire: query('A fire attack worked out: which SPs of the stack fire, the range DRM, the line-up, and (with targets) strength and every DRM, itemised', PlanFireInput, PlanFireResult),
  resolveFire: write("Applies a fire attack's result: losses shared in front, stragglers, abandoned guns, ammo, friendly fire, leader casualties", ResolveFireInput, ResolveFireResult),
  planShock: query('A shock combat worked out: who may shock, Pre-Shock DRMs, Shock Resolution DRMs and odds, itemised', PlanShockInput, PlanShockResult),
  resolveShock: write("Applies a shock's result: losses, status, stragglers, retreats, captured guns, Bayonet Charge markers, leader casualties", ResolveShockInput, ResolveShockResult),
  designateBayonetCharge: write('Designates units for a Bayonet Charge (infantry, Assault orders, at ME, moved, did not fire)', BayonetChargeInput, ChangeResult),
  cancelBayonetCharge: write("Removes units' Bayonet Charge markers", CancelBayonetChargeInput, ChangeResult),
  planCohesion: query("A Rally or UDD roll's DRMs, itemised, and the leaders who may lend their star rank", PlanCohesionInput, PlanCohesionResult),
  rally: write('Records a Rally roll and its result', RallyInput, CohesionRollResult),
  udd: write('Records a UDD roll and its result', UddInput, CohesionRollResult),
  recordConfusion: write('Records the Confusion Table result of a failed ME attempt and applies what Muster can', ConfusionInput, ConfusionResult),
  setWorks: write('A unit occupies or builds breastworks or entrenchments, or leaves them', SetWorksInput, ChangeResult),
  recentHexes: query('The hexes last named in fire and shock (firing stacks, targets, attackers, defenders), newest first, with the units still on the map', z.undefined(), z.array(RecentHex)),
  weather: query('The weather: rain, mud, the rolls made to end the rain and every number it changes', z.undefined(), WeatherState),
  setWeather: write('Rain begins (Random Event M, afternoon turns only) or stops (mud for the rest of the game)', SetWeatherInput, ChangeResult),
  rollToEndRain: write('Rolls to end the rain (once a turn, from the turn after it began): it stops on a modified 0, with -1 for each roll before', RainRollInput, RainRollResult),
};
