/**
 * The player's own charts, kept per user in a JSON file outside any game (the shell's user-data folder in
 * the app, the bridge's folder in the browser preview, a temp folder in tests), without electron: the store
 * that reads and writes it, its import and export as text, and the lookups that turn a die into a result
 * for the player to confirm. The schema is the contract's (contract/charts.ts). Muster ships no values.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ZodError } from 'zod';
import { EMPTY_CHARTS, GroupKit, PlayerCharts, type ChartConfusionResult, type ChartFireResult, type KitCounterValues, type KitInfo } from '../contract';
import { kitFingerprint } from '../db/kit';
import { ShellError } from '../db/dispatch';
import { refusedInput } from '../db/errors';

export const CHARTS_FILE_NAME = 'player-charts.json';

/** What the handlers need of the charts file (HandlerDeps.charts). */
export interface PlayerChartsFile {
  read(): PlayerCharts;
  write(charts: PlayerCharts): PlayerCharts;
}

/** A charts file's text parsed and checked against the schema; a refusal names the field at fault. */
export function parseCharts(json: string, field = 'json'): PlayerCharts {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new ShellError('INVALID_ARGUMENT', field, `${field}: not a charts file: the text is not JSON (${(e as Error).message})`);
  }
  try {
    return PlayerCharts.parse(raw);
  } catch (e) {
    if (e instanceof ZodError) {
      const refused = refusedInput(e);
      throw new ShellError('INVALID_ARGUMENT', refused.field, `not a valid charts file: ${refused.message}`);
    }
    throw e;
  }
}

/** A kit file's text parsed and checked against the schema; a refusal names the field at fault. */
export function parseKit(json: string, field = 'json'): GroupKit {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new ShellError('INVALID_ARGUMENT', field, `${field}: not a kit file: the text is not JSON (${(e as Error).message})`);
  }
  try {
    return GroupKit.parse(raw);
  } catch (e) {
    if (e instanceof ZodError) {
      const refused = refusedInput(e);
      throw new ShellError('INVALID_ARGUMENT', refused.field, `not a valid kit file: ${refused.message}`);
    }
    throw e;
  }
}

/** A kit as a file: the charts and the counter values, with the fingerprint they give. */
export function serializeKit(charts: PlayerCharts, counters: readonly KitCounterValues[], scenario?: string): { json: string; fingerprint: string } {
  const entered = counters.filter((c) => c.cohesionOrdered !== null || c.cohesionDisordered !== null || c.artilleryRow !== null);
  const kit: GroupKit = { format: 'muster-kit', version: 1, ...(scenario ? { scenario } : {}), charts, counters: entered };
  return { json: `${JSON.stringify(kit, null, 2)}\n`, fingerprint: kitFingerprint(charts, entered) };
}

const TABLE_NAMES: [keyof PlayerCharts, string][] = [
  ['fireTable', 'Fire Table'],
  ['artilleryRange', 'Artillery range'],
  ['terrain', 'Terrain Effects'],
  ['shockTable', 'Shock Table'],
  ['preShockCheck', 'Pre-Shock Cohesion Check'],
  ['rallyTable', 'Rally Table'],
  ['uddTable', 'UDD'],
  ['leaderHit', 'Leader hit check'],
  ['confusionTable', 'Confusion Table'],
  ['randomEvents', 'Random Events'],
];

/** What the kit holds: its fingerprint with these counter values, its tables, the units rated. */
export function kitInfo(charts: PlayerCharts, counters: readonly KitCounterValues[] | null, units: number | null): KitInfo {
  const tables = TABLE_NAMES.filter(([k]) => {
    const t = charts[k] as { rows?: unknown[]; columns?: unknown[] } | undefined;
    return t !== undefined && ((t.rows?.length ?? 0) > 0 || (t.columns?.length ?? 0) > 0);
  }).map(([, name]) => name);
  return {
    fingerprint: kitFingerprint(charts, counters ?? []),
    tables,
    rated: counters === null ? null : counters.filter((c) => c.cohesionOrdered !== null && c.cohesionDisordered !== null).length,
    units,
  };
}

export function serializeCharts(charts: PlayerCharts): string {
  return `${JSON.stringify(charts, null, 2)}\n`;
}

/** The charts file on disk, written atomically (a temp file, then rename). A missing file is no charts. */
export class PlayerChartsStore implements PlayerChartsFile {
  constructor(readonly file: string) {}

  read(): PlayerCharts {
    if (!existsSync(this.file)) return EMPTY_CHARTS;
    // A damaged file is reported, never dropped: the player typed it by hand.
    return parseCharts(readFileSync(this.file, 'utf8'), 'charts');
  }

  write(charts: PlayerCharts): PlayerCharts {
    const checked = PlayerCharts.parse(charts);
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, serializeCharts(checked), 'utf8');
    renameSync(temp, this.file);
    return checked;
  }
}

/** The fire result in the player's Fire Table: the column holding the strength, the row holding the modified roll. */
export function lookupFire(charts: PlayerCharts, strength: number, modified: number): ChartFireResult {
  const none = (note: string): ChartFireResult => ({ found: false, column: null, sp: null, text: null, note });
  const columns = charts.fireTable?.columns ?? [];
  if (columns.length === 0) return none('Your charts have no Fire Table: read the result at the table and type it.');
  const column = columns.find((c) => strength >= c.minSp && (c.maxSp === null || strength <= c.maxSp));
  if (!column) return none(`Your Fire Table has no column for a strength of ${strength} SP.`);
  const row = column.rows.find((r) => modified >= r.min && modified <= r.max);
  if (!row) return { found: false, column: column.label, sp: null, text: null, note: `Column ${column.label} of your Fire Table has no row for a modified roll of ${modified}.` };
  return { found: true, column: column.label, sp: row.sp, text: row.text, note: `Your Fire Table, column ${column.label}, roll ${modified}${row.text ? `: "${row.text}"` : ''}` };
}

/** The Confusion Table result for a failed ME roll, read natural or modified as the player's chart says (RI-T03). */
export function lookupConfusion(charts: PlayerCharts, roll: number, modified: number): ChartConfusionResult {
  const table = charts.confusionTable;
  if (!table || table.rows.length === 0) return { found: false, result: null, text: null, note: 'Your charts have no Confusion Table: read it at the table.' };
  const key = table.roll === 'natural' ? roll : modified;
  const row = table.rows.find((r) => key >= r.min && key <= r.max);
  if (!row) return { found: false, result: null, text: null, note: `Your Confusion Table has no row for a ${table.roll} roll of ${key}.` };
  return { found: true, result: row.result, text: row.text, note: `Your Confusion Table, ${table.roll} roll ${key}` };
}

export function lookupRandomEvent(charts: PlayerCharts, roll: number): { found: boolean; code: string | null; text: string | null; note: string } {
  const rows = charts.randomEvents?.rows ?? [];
  if (rows.length === 0) return { found: false, code: null, text: null, note: 'Your charts have no Random Events Table.' };
  const row = rows.find((r) => roll >= r.min && roll <= r.max);
  if (!row) return { found: false, code: null, text: null, note: `Your Random Events Table has no row for ${roll}.` };
  return { found: true, code: row.code, text: row.text, note: `Your Random Events Table, roll ${roll}` };
}
