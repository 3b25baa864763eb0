/** Victory: loss points itemised per side, Geographic and Manpower Objectives, the result, the end of the game. */
import { z } from 'zod';
import { ChangeResult, DrmItem, Id, NoInput, Side, ViewerOnly, query, write } from './common';

const LeaderLoss = z.object({ leaderId: z.string(), name: z.string(), stars: z.number(), rating: z.number() });

export const LossPointsBreakdown = z.object({
  lossPoints: z.number(),
  items: z.array(DrmItem),
  infantrySp: z.number(),
  cavalrySp: z.number(),
  artilleryDestroyedSp: z.number(),
  artilleryCapturedSp: z.number(),
  /** Guns lost (destroyed or captured): 30 count as a division for Manpower Objectives. */
  gunsLost: z.number(),
  abandonedGunsPending: z.number(),
  commandersKilled: z.array(LeaderLoss),
  commandersWounded: z.array(LeaderLoss),
  /** Divisions the guns lost count as for Manpower Objectives (30 guns = 1 division, Rev. Victory). */
  divisionsFromGuns: z.number().int(),
});
export type LossPointsBreakdown = z.infer<typeof LossPointsBreakdown>;

export const VICTORY_LEVELS = ['decisive', 'substantial', 'marginal', 'draw'] as const;
export const VictoryLevel = z.enum(VICTORY_LEVELS);
export type VictoryLevel = z.infer<typeof VictoryLevel>;

/** One Geographic Objective of a side's list and whether the players recorded it as occupied. */
export const ObjectiveState = z.object({ id: z.string(), name: z.string(), occupied: z.boolean() });
export type ObjectiveState = z.infer<typeof ObjectiveState>;

/** A side's Geographic and Manpower Objectives (Rev. Victory). */
export const SideObjectives = z.object({
  /** The objectives this side must occupy: the scenario's list, with the revision's Staging Areas. */
  geographic: z.array(ObjectiveState),
  occupied: z.number().int(),
  /** How many it must occupy: any 2 for the USA, any 5 for the CSA (or as the scenario says). */
  required: z.number().int(),
  geographicMet: z.boolean(),
  /** The players' record that the side's Manpower Objective (from the scenario sheet) is met. */
  manpowerMet: z.boolean(),
});
export type SideObjectives = z.infer<typeof SideObjectives>;

/** A section an optional rule or a house reading adds to the Victory screen: lines in words, each with its rule. */
export const RuleModuleSection = z.object({
  moduleId: z.string(),
  name: z.string(),
  rule: z.string(),
  lines: z.array(z.object({ label: z.string(), value: z.string(), rule: z.string() })),
});
export type RuleModuleSection = z.infer<typeof RuleModuleSection>;

/** The victory tally: each side's own losses and what they are worth, the objectives, and the result. */
export const VictoryTally = z.object({
  usa: LossPointsBreakdown,
  csa: LossPointsBreakdown,
  /**
   * The result of the game (rules/victory.ts gameVictory): a side alone achieving its Geographic or
   * Manpower Objectives has a Substantial victory; otherwise loss points decide. `rule` cites the section.
   */
  result: z.object({ winner: Side.nullable(), level: VictoryLevel, by: z.enum(['objectives', 'losses']), rule: z.string() }),
  /** The result on loss points alone. */
  byLosses: z.object({ winner: Side.nullable(), level: VictoryLevel }),
  objectives: z.object({ USA: SideObjectives, CSA: SideObjectives }),
  /** Each side's loss points at the end of each turn, from the first turn to the current one, replayed from the event log. */
  lossesByTurn: z.array(z.object({ turnId: z.string(), date: z.string(), time: z.string(), USA: z.number(), CSA: z.number() })),
  /** Each corps' (or other top formation's) loss points and SP lost, both sides, largest first (RI-B12). */
  lossesByCorps: z.array(z.object({ commandId: z.string(), name: z.string(), side: Side, lossPoints: z.number(), spLost: z.number().int() })),
  /** True once the game has ended; before that the result is provisional. */
  final: z.boolean(),
  /** What the game's optional rules and house readings add to the Victory screen (db/service/rule-seam.ts). */
  ruleModules: z.array(RuleModuleSection),
});
export type VictoryTally = z.infer<typeof VictoryTally>;

/** The players record a Geographic Objective as occupied (or no longer occupied) by the side whose list it is on. */
export const SetObjectiveInput = z.strictObject({ side: Side, objectiveId: Id, occupied: z.boolean() });
export type SetObjectiveInput = z.infer<typeof SetObjectiveInput>;

/** The players record a side's Manpower Objective (from the scenario sheet) as met, or not. */
export const SetManpowerObjectiveInput = z.strictObject({ side: Side, met: z.boolean() });
export type SetManpowerObjectiveInput = z.infer<typeof SetManpowerObjectiveInput>;

/** One side's historical losses in the game's terms (RI-B08). */
export const HistoricalSide = z.object({
  lossPoints: z.number(),
  items: z.array(DrmItem),
  infantrySp: z.number().int(),
  cavalrySp: z.number().int(),
  /** Casualties (men) of the units counted, and of the batteries, which add no points. */
  men: z.number().int(),
  batteryMen: z.number().int(),
  commanders: z.array(z.object({ leaderId: z.string(), name: z.string(), casualty: z.enum(['killed', 'wounded']), note: z.string(), stars: z.number(), rating: z.number() })),
});
export type HistoricalSide = z.infer<typeof HistoricalSide>;

/** The revision's victory rules applied to the battle's real losses of this game's forces, beside the game's result. */
export const HistoryCheck = z.object({
  /** False when the historical losses file is missing or names none of this game's units. */
  available: z.boolean(),
  source: z.string(),
  menPerSp: z.number().int(),
  usa: HistoricalSide,
  csa: HistoricalSide,
  /** Victory on points for losses, as the revision calculates it, from the real losses. */
  result: z.object({ winner: Side.nullable(), level: VictoryLevel }),
  /** The game's own result now (the tally's), for comparison. */
  game: z.object({ winner: Side.nullable(), level: VictoryLevel, by: z.enum(['objectives', 'losses']), usaPoints: z.number(), csaPoints: z.number() }),
  /** Units of this game with no historical record (a scenario of the players' own). */
  unitsWithoutRecord: z.number().int(),
  notes: z.array(z.string()),
});
export type HistoryCheck = z.infer<typeof HistoryCheck>;

export const victoryContract = {
  historyCheck: query("The revision's victory rules applied to the real battle's losses of this game's forces, beside the game's result", ViewerOnly, HistoryCheck),
  tally: query('The victory tally: loss points itemised per side, objectives, result, losses by turn', ViewerOnly, VictoryTally),
  setObjective: write('Records a Geographic Objective as occupied or not', SetObjectiveInput, ChangeResult),
  setManpowerObjective: write("Records a side's Manpower Objective as met or not", SetManpowerObjectiveInput, ChangeResult),
  endGame: write('Ends the game: the tally becomes final', NoInput, ChangeResult),
};
