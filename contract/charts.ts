/**
 * The player's own charts: the base game's tables a player owns, typed in once and
 * kept per user outside any game file (the shell's user-data folder; electron/charts.ts). Muster ships
 * none of their values: the revision does not give them. Where a chart is present, Muster looks the result
 * up from the die for the player to confirm; where it is absent, the player types the result.
 *
 * These are shell functions (like the Recent list): they need no open game and write no game event.
 */
import { z } from 'zod';
import { ArtilleryRangeColumn, ConfusionResultKind } from './combat';
import { NoInput, TypedRoll, shell, text, verbatimText } from './common';
import { KitCounterValues } from './setup';

const Int = (min: number, max: number, what: string) => {
  const words = `${what} must be a whole number from ${min} to ${max}`;
  return z.number(words).int(words).min(min, words).max(max, words);
};
/** A modified roll on a chart row: the die plus its DRMs, which can run well below 0 or above 9. */
const ModifiedRoll = Int(-30, 40, 'a modified roll');
const label = (max: number, what: string) => text(max).pipe(z.string().min(1, `${what} must not be empty`));

/** Rows keyed by a range of rolls, min to max inclusive: none may overlap. */
function rowsWithoutOverlap<T extends z.ZodType<{ min: number; max: number }>>(row: T, max: number) {
  return z
    .array(row)
    .max(max)
    .superRefine((rows, ctx) => {
      rows.forEach((r, i) => {
        if (r.min > r.max) ctx.addIssue({ code: 'custom', path: [i, 'max'], message: `max must be at least min (${r.min})` });
        rows.forEach((o, j) => {
          if (j < i && r.min <= o.max && o.min <= r.max) ctx.addIssue({ code: 'custom', path: [i, 'min'], message: `rolls ${r.min} to ${r.max} overlap row ${j + 1} (${o.min} to ${o.max})` });
        });
      });
    });
}

/** What a result does to a unit's status: nothing, or a new status (a unit is eliminated by its losses only, RI-K16). */
export const StatusResult = z.enum(['unchanged', 'ordered', 'disordered', 'routed', 'shattered'], 'status must be one of unchanged, ordered, disordered, routed, shattered');

/**
 * One cell of a Fire Table column: the modified rolls it covers, the SPs lost, the table's own words
 * ("1*", "2 + morale"), and what the words mean, so Muster can apply the whole result: a cohesion check
 * for the units in front (rolled on the UDD table, with its DRM), a morale result imposed outright, and an
 * ammo check where the edition marks one (beside the revision's "Ammo" on even rolls).
 */
export const FireChartRow = z.strictObject({
  min: ModifiedRoll,
  max: ModifiedRoll,
  sp: Int(0, 40, 'sp'),
  text: text(40),
  check: z.boolean('check must be true or false').optional(),
  checkDrm: Int(-9, 9, 'checkDrm').optional(),
  status: StatusResult.optional(),
  ammo: z.boolean('ammo must be true or false').optional(),
});
export const FireChartColumn = z.strictObject({
  /** As printed: "5-6", "13+". */
  label: label(20, 'label'),
  /** The fire strengths in SPs the column is for, minSp to maxSp (null: no upper limit). */
  minSp: Int(0, 60, 'minSp'),
  maxSp: Int(0, 60, 'maxSp').nullable(),
  rows: rowsWithoutOverlap(FireChartRow, 40),
});
export type FireChartColumn = z.infer<typeof FireChartColumn>;

export const TerrainChartRow = z.strictObject({
  name: label(40, 'name'),
  /** Combat Effect: Fire (DRM on fire into the hex); null where the chart has none. */
  fire: Int(-20, 20, 'fire').nullable(),
  /** Combat Effect: Shock. */
  shock: Int(-20, 20, 'shock').nullable(),
});
export const ConfusionChartRow = z.strictObject({ min: ModifiedRoll, max: ModifiedRoll, result: ConfusionResultKind, text: text(120) });
export const RandomEventRow = z.strictObject({ min: ModifiedRoll, max: ModifiedRoll, code: text(4), text: label(200, 'text') });

/** A cohesion table's row key: the modified roll less the unit's cohesion rating (RI-K22). */
const Margin = Int(-40, 40, 'a margin (modified roll less the rating)');

/** What a cohesion check does to the unit: its new status, SPs lost, hexes retreated. */
export const CohesionOutcome = z.strictObject({
  status: StatusResult,
  sp: Int(0, 20, 'sp').optional(),
  retreat: Int(0, 9, 'retreat').optional(),
  text: text(40).optional(),
});
export const CohesionChartRow = z.strictObject({
  min: Margin,
  max: Margin,
  /** For an Ordered unit (checked against its ordered side's rating). */
  ordered: CohesionOutcome,
  /** For a Disordered unit (its disordered side's rating). */
  disordered: CohesionOutcome,
  /** For a Routed or Shattered unit; left out, the disordered column. */
  routed: CohesionOutcome.optional(),
});
/** The Pre-Shock Cohesion Check, Rally or UDD: rows by modified roll less the rating, a column per status. */
export const CohesionChart = z.strictObject({ rows: rowsWithoutOverlap(CohesionChartRow, 30) });

export const ShockSideResult = z.strictObject({ sp: Int(0, 20, 'sp'), status: StatusResult, retreat: Int(0, 9, 'retreat') });
export const ShockChartRow = z.strictObject({ min: ModifiedRoll, max: ModifiedRoll, attacker: ShockSideResult, defender: ShockSideResult, text: text(40) });
export const ShockChartColumn = z.strictObject({
  /** As printed: "1:2", "1.5:1". */
  label: label(20, 'label'),
  /** The odds the column is for, attacker to defender (3 and 2 for 1.5:1). */
  attacker: Int(1, 20, 'attacker'),
  defender: Int(1, 20, 'defender'),
  rows: rowsWithoutOverlap(ShockChartRow, 40),
});
export const LeaderHitRow = z.strictObject({ min: Int(0, 9, 'min'), max: Int(0, 9, 'max'), hit: z.boolean('hit must be true or false'), text: text(40) });

export const PlayerCharts = z.strictObject({
  version: z.literal(1),
  fireTable: z
    .strictObject({
      columns: z.array(FireChartColumn).max(30).superRefine((cols, ctx) => {
        cols.forEach((c, i) => {
          if (c.maxSp !== null && c.maxSp < c.minSp) ctx.addIssue({ code: 'custom', path: [i, 'maxSp'], message: `maxSp must be at least minSp (${c.minSp})` });
          cols.forEach((o, j) => {
            const overlap = c.minSp <= (o.maxSp ?? Infinity) && o.minSp <= (c.maxSp ?? Infinity);
            if (j < i && overlap) ctx.addIssue({ code: 'custom', path: [i, 'minSp'], message: `column ${c.label} overlaps column ${o.label}` });
          });
        });
      }),
    })
    .optional(),
  /** The base game's artillery range rows: one per kind of gun, the DRM at range 1, 2, ... */
  artilleryRange: z.strictObject({ rows: z.array(ArtilleryRangeColumn).max(20) }).optional(),
  /** The Terrain Effects Chart rows used for fire and shock. */
  terrain: z.strictObject({ rows: z.array(TerrainChartRow).max(40) }).optional(),
  /** The Confusion Table: rows by the failed ME roll, natural or modified, as the player's edition reads it (RI-T03). */
  confusionTable: z.strictObject({ roll: z.enum(['natural', 'modified']), rows: rowsWithoutOverlap(ConfusionChartRow, 20) }).optional(),
  randomEvents: z.strictObject({ rows: rowsWithoutOverlap(RandomEventRow, 40) }).optional(),
  /** The Shock Table: odds columns (Muster rounds to them, RI-K14), rows of modified rolls, a result for each side. */
  shockTable: z
    .strictObject({
      columns: z.array(ShockChartColumn).max(20).superRefine((cols, ctx) => {
        cols.forEach((c, i) => {
          cols.forEach((o, j) => {
            if (j < i && c.attacker * o.defender === o.attacker * c.defender) ctx.addIssue({ code: 'custom', path: [i, 'attacker'], message: `column ${c.label} has the same odds as column ${o.label}` });
          });
        });
      }),
    })
    .optional(),
  /** The Pre-Shock Cohesion Check (both sides), by modified roll less the unit's rating. */
  preShockCheck: CohesionChart.optional(),
  /** The Rally Table, by modified roll less the unit's rating. */
  rallyTable: CohesionChart.optional(),
  /** The UDD (Unit Disorder/Disruption) check, by modified roll less the unit's rating; the Fire Table's cohesion checks too. */
  uddTable: CohesionChart.optional(),
  /** The leader hit check for a leader stacked with a unit that lost SPs, by the natural die. */
  leaderHit: z.strictObject({ rows: rowsWithoutOverlap(LeaderHitRow, 10) }).optional(),
});
export type PlayerCharts = z.infer<typeof PlayerCharts>;

export const EMPTY_CHARTS: PlayerCharts = { version: 1 };

/**
 * A group's kit as one file: the charts and the counter values a result needs (cohesion ratings, the
 * batteries' guns), exported by one player and imported by another. Its fingerprint (db/kit.ts) is short
 * enough to read aloud, so a group can see they play with the same kit.
 */
export const GroupKit = z.strictObject({
  format: z.literal('muster-kit', 'format: not a Muster kit file (format must be "muster-kit")'),
  version: z.literal(1, 'version: this Muster reads kit files of version 1'),
  /** The scenario the counter values were entered on (for the players; ids are matched one by one). */
  scenario: text(80).optional(),
  charts: PlayerCharts,
  counters: z.array(KitCounterValues).max(2000),
});
export type GroupKit = z.infer<typeof GroupKit>;

export const KitInfo = z.object({
  /** The kit's fingerprint: the charts with the open game's counter values ("3fa2-91c0"). */
  fingerprint: z.string(),
  /** The tables present, by name. */
  tables: z.array(z.string()),
  /** With a game open: units with both cohesion ratings entered, and all of them. */
  rated: z.number().int().nullable(),
  units: z.number().int().nullable(),
});
export type KitInfo = z.infer<typeof KitInfo>;
export const ImportedKit = z.object({ charts: PlayerCharts, fingerprint: z.string(), changed: z.number().int(), unknown: z.array(z.string()), counters: z.number().int() });
export const ExportedKit = z.object({ json: z.string(), fileName: z.string(), fingerprint: z.string() });

export const ImportChartsInput = z.strictObject({ json: verbatimText(1_000_000) });
export const ExportedCharts = z.object({ json: z.string(), fileName: z.string() });

export const ChartFireInput = z.strictObject({
  /** The fire strength in SPs (after every halving). */
  strength: Int(0, 60, 'strength'),
  modified: ModifiedRoll,
});
export const ChartFireResult = z.object({
  /** False when the chart has no Fire Table, or no column or row for these numbers: the player types the result. */
  found: z.boolean(),
  column: z.string().nullable(),
  sp: z.number().int().nullable(),
  text: z.string().nullable(),
  note: z.string(),
});
export type ChartFireResult = z.infer<typeof ChartFireResult>;

export const ChartConfusionInput = z.strictObject({ roll: TypedRoll, modified: ModifiedRoll });
export const ChartConfusionResult = z.object({ found: z.boolean(), result: ConfusionResultKind.nullable(), text: z.string().nullable(), note: z.string() });
export type ChartConfusionResult = z.infer<typeof ChartConfusionResult>;

export const ChartRandomEventInput = z.strictObject({ roll: ModifiedRoll });
export const ChartRandomEventResult = z.object({ found: z.boolean(), code: z.string().nullable(), text: z.string().nullable(), note: z.string() });

export const chartsContract = {
  charts: shell("The player's own charts (empty until he types or imports them)", NoInput, PlayerCharts),
  saveCharts: shell("Saves the player's charts", PlayerCharts, PlayerCharts),
  importCharts: shell("Replaces the player's charts with a charts JSON file's text, checked first", ImportChartsInput, PlayerCharts),
  exportCharts: shell("The player's charts as JSON text, to save as a file", NoInput, ExportedCharts),
  chartFireResult: shell("Looks a fire result up in the player's Fire Table", ChartFireInput, ChartFireResult),
  chartConfusionResult: shell("Looks a Confusion Table result up in the player's chart", ChartConfusionInput, ChartConfusionResult),
  chartRandomEvent: shell("Looks a Random Event up in the player's chart", ChartRandomEventInput, ChartRandomEventResult),
  kitInfo: shell("The group's kit in use: its fingerprint, its tables, and how many units have their cohesion ratings", NoInput, KitInfo),
  exportKit: shell("The group's kit as one file: the player's charts and the open game's counter values, with its fingerprint", NoInput, ExportedKit),
  importKit: shell("Imports a group's kit: its charts replace the player's, its counter values go into the open game (one event)", ImportChartsInput, ImportedKit),
};
