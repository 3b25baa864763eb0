/**
 * The player's own charts (issue 9, section 2): the base game's tables a player owns, typed in once and
 * kept per user outside any game file (the shell's user-data folder; electron/charts.ts). Muster ships
 * none of their values: the revision does not give them. Where a chart is present, Muster looks the result
 * up from the die for the player to confirm; where it is absent, the player types the result.
 *
 * These are shell functions (like the Recent list): they need no open game and write no game event.
 */
import { z } from 'zod';
import { ArtilleryRangeColumn, ConfusionResultKind } from './combat';
import { NoInput, TypedRoll, shell, text, verbatimText } from './common';

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

/** One cell of a Fire Table column: the modified rolls it covers, the SPs lost, and the table's own words ("1*", "2 + morale"). */
export const FireChartRow = z.strictObject({ min: ModifiedRoll, max: ModifiedRoll, sp: Int(0, 40, 'sp'), text: text(40) });
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
});
export type PlayerCharts = z.infer<typeof PlayerCharts>;

export const EMPTY_CHARTS: PlayerCharts = { version: 1 };

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
};
