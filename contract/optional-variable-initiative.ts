/**
 * Optional rule Variable Initiative: the Initiative
 * Levels determined at the First Day-Turn after a night, which decide the day's Initiative (RI-O01), and
 * the Simultaneous Night Movement plot pad, a side's secret entry until both sides have finished (RI-O25).
 */
import { z } from 'zod';
import { ChangeResult, DiceSource, DieRoll, Id, Itemised, RollChangeResult, Side, text, TurnId, TypedRoll, verbatimText, ViewerOnly, query, write } from './common';

export const InitiativeLevelUnitState = z.enum(['fresh', 'engaged', 'ineffective', 'eliminated']);

/** One infantry unit behind a side's level: what it counts as, and why. */
export const InitiativeLevelUnit = z.object({
  unitId: z.string(),
  name: z.string(),
  /** The SP it counts with: its SP now, or its printed SP once eliminated (RI-O21). */
  sp: z.number().int(),
  state: InitiativeLevelUnitState,
  arrived: z.enum(['night', 'first-day-turn']).nullable(),
  surrounded: z.boolean(),
  /** What it adds to the level; null for an Ineffective unit, whose SPs are divided together by the roll. */
  value: z.number().int().nullable(),
  /** Why, in words: "fired at 1 July 1420", "Shattered at nightfall", "arrived at 2 July 0300". */
  why: z.string(),
  /** With separated forces (RI-O06): its group, 0 the main body, 1 and on the groups the players named cut off. */
  group: z.number().int().optional(),
});
export type InitiativeLevelUnit = z.infer<typeof InitiativeLevelUnit>;

const IneffectiveRoll = z.object({ roll: DieRoll, source: DiceSource, divisor: z.number().int() });

/** One group of a side whose forces are separated (RI-O06): its own level, with its own Ineffective units' roll. */
export const InitiativeLevelGroup = z.object({
  /** "Main body", "Cut-off group 1", ... */
  label: z.string(),
  unitIds: z.array(z.string()),
  level: Itemised,
  ineffectiveSp: z.number().int(),
  ineffectiveRoll: IneffectiveRoll.nullable(),
});
export type InitiativeLevelGroup = z.infer<typeof InitiativeLevelGroup>;

/** A side's Initiative Level, itemised, with the units behind each line. */
export const InitiativeLevelSide = z.object({
  side: Side,
  /** The level: every line with its source (rules/optional/variable-initiative.ts variableInitiativeLevel). */
  level: Itemised,
  units: z.array(InitiativeLevelUnit),
  /** The SPs of the Ineffective units, divided by the roll (RI-O02, RI-O20). */
  ineffectiveSp: z.number().int(),
  /** The roll that divided them; null when there was none to divide (RI-O20) or it is still to be made. */
  ineffectiveRoll: IneffectiveRoll.nullable(),
  /**
   * Separated Forces (RI-O06), when the players named groups cut off from the main body: every group's level
   * (the main body first, its Ineffective SP and roll are the side's above); the side's level is the highest's.
   */
  groups: z.array(InitiativeLevelGroup).optional(),
  /** Which of `groups` gives the side's level. */
  chosenGroup: z.number().int().optional(),
});
export type InitiativeLevelSide = z.infer<typeof InitiativeLevelSide>;

/** The levels determined at one First Day-Turn, as the game file keeps them (turns.initiative_levels). */
export const InitiativeLevelsRecord = z.object({
  turnId: TurnId,
  /** "2 July 0400". */
  label: z.string(),
  USA: InitiativeLevelSide,
  CSA: InitiativeLevelSide,
  /** The side that holds the Initiative for the day (RI-O01). */
  winner: Side,
  /** Who held it before: a tie stays with that side (RI-O05). */
  previousHolder: Side.nullable(),
  tie: z.boolean(),
});
export type InitiativeLevelsRecord = z.infer<typeof InitiativeLevelsRecord>;

/** How this turn's Initiative is decided with Variable Initiative on. */
export const VariableInitiativeNow = z.object({
  /** 'levels-due': the First Day-Turn's levels are to be determined now (determineInitiativeLevels). */
  decidedBy: z.enum(['initiative-level', 'initiative-roll', 'levels-due']),
  holder: Side.nullable(),
  text: z.string(),
  rule: z.string(),
});

export const InitiativeLevelsReport = z.object({
  on: z.boolean(),
  turnId: TurnId,
  now: VariableInitiativeNow.nullable(),
  /** At II.A of a First Day-Turn before the levels: what must be done first (arrival rolls, RI-O22), in words. */
  waitingFor: z.array(z.object({ text: z.string(), rule: z.string() })),
  /** Before the levels are determined at a First Day-Turn: both sides as they stand, the Ineffective roll still to make. */
  preview: z.object({ USA: InitiativeLevelSide, CSA: InitiativeLevelSide }).nullable(),
  /** Every First Day-Turn's levels determined so far, in order. */
  records: z.array(InitiativeLevelsRecord),
});
export type InitiativeLevelsReport = z.infer<typeof InitiativeLevelsReport>;

/** Units the players state are surrounded by Enemy Zones of Control: they count nothing (Muster has no map). */
const Surrounded = z.array(Id).max(600);

/**
 * Separated Forces (RI-O06): the groups of a side's infantry the players state are cut off from its main
 * body by Enemy Zones of Control or the map edge, each a list of unit ids; every unit not named is the main body.
 */
const SeparatedGroups = z.array(z.array(Id).min(1, 'a cut-off group names at least one unit').max(600)).max(8);
const Separated = z.strictObject({ USA: SeparatedGroups.optional(), CSA: SeparatedGroups.optional() });

export const InitiativeLevelsInput = z
  .strictObject({
    viewer: ViewerOnly.unwrap().shape.viewer,
    /** The units the players are about to state surrounded: the preview counts them as nothing. */
    surrounded: Surrounded.optional(),
    /** The groups they are about to state cut off: the preview gives each its level (with no levels due, no preview: ignored). */
    separated: Separated.optional(),
  })
  .optional();
export type InitiativeLevelsInput = z.infer<typeof InitiativeLevelsInput>;

export const DetermineInitiativeLevelsInput = z
  .strictObject({
    /** Each side's die for its Ineffective units, typed from the table; left out, the app rolls (only where there are Ineffective units). */
    rolls: z.strictObject({ USA: TypedRoll.optional(), CSA: TypedRoll.optional() }).optional(),
    /** Units the players state are surrounded by Enemy Zones of Control: they count nothing. */
    surrounded: Surrounded.optional(),
    /** Groups cut off from a side's main body (RI-O06): each has its level, its Ineffective units' die rolled by the app. */
    separated: Separated.optional(),
  })
  .optional();
export type DetermineInitiativeLevelsInput = z.infer<typeof DetermineInitiativeLevelsInput>;

export const DetermineInitiativeLevelsResult = RollChangeResult.extend({ record: InitiativeLevelsRecord });
export type DetermineInitiativeLevelsResult = z.infer<typeof DetermineInitiativeLevelsResult>;

// ---------------------------------------------------------------------------------------------
// Simultaneous Night Movement

const Hex = text(12).pipe(z.string().min(1, 'name a hex (the map\'s four digits, e.g. 1017)'));
export const NightPlotStep = z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('hold') }), z.strictObject({ kind: z.literal('move'), hex: Hex })]);
export type NightPlotStep = z.infer<typeof NightPlotStep>;

export const PlotNightMovementInput = z.strictObject({
  side: Side,
  unitId: Id,
  /** The hex the unit starts the Night Turn in. Leave out with clear. */
  fromHex: Hex.optional(),
  /** The six Time Segments, each hold or a move into a hex (RI-O07). Leave out with clear. */
  steps: z.array(NightPlotStep).max(12).optional(),
  /** The players state the unit is in an Enemy ZOC, or its ZOC overlaps one: it may only hold. */
  inEnemyZoc: z.boolean().optional(),
  /** MP costs of hexes it enters, where the players state them: a run into a hex costing n takes n segments. */
  hexCosts: z.record(verbatimText(12), z.number().int().min(1).max(12)).optional(),
  /** Remove the unit's plot (it holds). */
  clear: z.boolean().optional(),
});
export type PlotNightMovementInput = z.infer<typeof PlotNightMovementInput>;

export const NightUnitPlotView = z.object({
  unitId: z.string(),
  name: z.string(),
  fromHex: z.string(),
  steps: z.array(NightPlotStep),
  /** Where the unit is at the end of each Time Segment (RI-O07). */
  positions: z.array(z.string()),
  inEnemyZoc: z.boolean(),
});
export type NightUnitPlotView = z.infer<typeof NightUnitPlotView>;

export const NightPlotsReport = z.object({
  on: z.boolean(),
  /** Plots are entered now: a Night Turn's Non-Automatic Order Change Phase (RI-O25). */
  entering: z.boolean(),
  /** This is a Night Turn: the plots made in it are shown (after the reveal) until the next turn. */
  night: z.boolean(),
  turnId: TurnId,
  /** Both sides' pads are revealed (both finished), or the step is past. */
  revealed: z.boolean(),
  pads: z.object({
    USA: z.object({ hidden: z.boolean(), plots: z.array(NightUnitPlotView) }),
    CSA: z.object({ hidden: z.boolean(), plots: z.array(NightUnitPlotView) }),
  }),
  /** The side's units that may be plotted (on the map, not eliminated), for the pad's unit list. */
  units: z.array(z.object({ unitId: z.string(), name: z.string(), side: Side, arm: z.string() })),
});
export type NightPlotsReport = z.infer<typeof NightPlotsReport>;

export const variableInitiativeContract = {
  initiativeLevels: query("Variable Initiative: how this turn's Initiative is decided, the First Day-Turn's levels (itemised) and every level so far (a preview counts the units named surrounded as nothing)", InitiativeLevelsInput, InitiativeLevelsReport),
  determineInitiativeLevels: write("Variable Initiative: determines both sides' Initiative Levels at the First Day-Turn after a night (the Ineffective units' roll logged); the higher holds the Initiative for the day", DetermineInitiativeLevelsInput, DetermineInitiativeLevelsResult),
  nightPlots: query('Simultaneous Night Movement: both sides\' plot pads as the viewer may see them (the other side\'s hidden until both have finished)', ViewerOnly, NightPlotsReport),
  plotNightMovement: write("Simultaneous Night Movement: a side's secret plot for one unit, six Time Segments of hold or move (or clear it)", PlotNightMovementInput, ChangeResult),
};
