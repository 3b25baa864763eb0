/**
 * The group's kit: the base game's tables a group types once (Fire Table, Shock Table, Pre-Shock Cohesion
 * Check, Rally, UDD, leader hit check), looked up from the die, and the checks resolved against a unit's
 * cohesion rating. Muster ships no value of these tables: the shapes are here, the numbers are the
 * group's (contract/charts.ts is their schema; these interfaces are what the lookups need of it).
 *
 * Every lookup names its cell (column, row, value) so the History can explain each number. Dice come
 * through an injected roller; nothing here rolls by itself.
 *
 * On cohesion checks a lower roll is better for the unit (RI-F10): rows are keyed by the margin, the
 * modified roll less the unit's cohesion rating (RI-K22).
 */
import { RulesArgumentError, assertDieRoll } from './errors';
import type { DieRoll, UnitStatus } from './types';

/** A row keyed by a range of rolls (or margins), min to max inclusive. */
export interface RollRange {
  min: number;
  max: number;
}

/** What a table result does to a unit's status: nothing, or a new one. */
export type StatusResult = 'unchanged' | Exclude<UnitStatus, 'eliminated'>;

/** Where a number came from: the table, its column (if it has columns), the row and what the cell says. */
export interface KitCell {
  table: string;
  column: string | null;
  row: string;
  value: string;
}

/** A cell in words: "Fire Table, column 5-7, row 3: 2 SP". */
export const cellWords = (c: KitCell) => `${c.table}${c.column ? `, column ${c.column}` : ''}, row ${c.row}: ${c.value}`;

/** A die for a check: asked of the roller with what it is for (the service logs each with its purpose). */
export type PurposeRoller = (purpose: string) => DieRoll;

const rowLabel = (r: RollRange): string => (r.min === r.max ? `${r.min}` : `${r.min} to ${r.max}`);

/** The row holding `key`, or null. Rows never overlap (the schema refuses it). */
function findRow<T extends RollRange>(rows: readonly T[], key: number): T | null {
  if (!Number.isInteger(key)) throw new RulesArgumentError('key', `must be a whole number (got ${String(key)})`);
  return rows.find((r) => key >= r.min && key <= r.max) ?? null;
}

const signedWords = (n: number) => (n > 0 ? `+${n}` : `${n}`);

// ---------------------------------------------------------------------------------------------
// The Fire Table
// ---------------------------------------------------------------------------------------------

export interface KitFireRow extends RollRange {
  sp: number;
  text: string;
  /** The units in front make a cohesion check (rolled on the UDD table), with this DRM. */
  check?: boolean | undefined;
  checkDrm?: number | undefined;
  /** A morale result imposed outright on the units in front. */
  status?: StatusResult | undefined;
  /** The edition marks an ammo check for every firer on this row. */
  ammo?: boolean | undefined;
}
export interface KitFireColumn {
  label: string;
  minSp: number;
  maxSp: number | null;
  rows: readonly KitFireRow[];
}

export type Lookup<T> = { found: true; cell: KitCell; result: T } | { found: false; reason: string };

/** The Fire Table's cell for a strength in SPs and a modified roll. */
export function fireTableCell(columns: readonly KitFireColumn[], strength: number, modified: number): Lookup<KitFireRow> {
  if (columns.length === 0) return { found: false, reason: 'the kit has no Fire Table' };
  const column = columns.find((c) => strength >= c.minSp && (c.maxSp === null || strength <= c.maxSp));
  if (!column) return { found: false, reason: `the kit's Fire Table has no column for a strength of ${strength} SP` };
  const row = findRow(column.rows, modified);
  if (!row) return { found: false, reason: `column ${column.label} of the kit's Fire Table has no row for a modified roll of ${modified}` };
  return { found: true, cell: { table: 'Fire Table', column: column.label, row: rowLabel(row), value: fireRowWords(row) }, result: row };
}

/** A Fire Table cell in words: "2 SP, cohesion check +1, Ammo (\"2*A\")". */
function fireRowWords(row: KitFireRow): string {
  const parts = [`${row.sp} SP`];
  if (row.check) parts.push(`cohesion check${row.checkDrm ? ` ${signedWords(row.checkDrm)}` : ''}`);
  if (row.status && row.status !== 'unchanged') parts.push(row.status);
  if (row.ammo) parts.push('Ammo');
  return `${parts.join(', ')}${row.text ? ` ("${row.text}")` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Cohesion checks: Pre-Shock, Rally, UDD (and the Fire Table's check, rolled on the UDD table)
// ---------------------------------------------------------------------------------------------

export interface KitCohesionOutcome {
  status: StatusResult;
  /** SPs the unit loses. */
  sp?: number | undefined;
  /** Hexes the unit retreats (0: it stays). */
  retreat?: number | undefined;
  text?: string | undefined;
}
export interface KitCohesionRow extends RollRange {
  ordered: KitCohesionOutcome;
  disordered: KitCohesionOutcome;
  /** Routed and shattered units (default: the disordered column). */
  routed?: KitCohesionOutcome | undefined;
}
export interface KitCohesionTable {
  rows: readonly KitCohesionRow[];
}

export interface CohesionUnit {
  status: UnitStatus;
  cohesionOrdered: number | null;
  cohesionDisordered: number | null;
}

/** RI-K22: an Ordered unit checks against its ordered side's rating; any other against its disordered side's. */
export function cohesionRatingOf(u: CohesionUnit): number | null {
  return u.status === 'ordered' ? u.cohesionOrdered : u.cohesionDisordered;
}

const columnOf = (status: UnitStatus): 'ordered' | 'disordered' | 'routed' => (status === 'ordered' ? 'ordered' : status === 'disordered' ? 'disordered' : 'routed');

function cohesionOutcomeWords(o: KitCohesionOutcome): string {
  const parts = [o.status === 'unchanged' ? 'no change' : o.status];
  if (o.sp) parts.push(`${o.sp} SP`);
  if (o.retreat) parts.push(`retreat ${o.retreat}`);
  return `${parts.join(', ')}${o.text ? ` ("${o.text}")` : ''}`;
}

/** The cell of a cohesion table for a unit's modified roll (margin = modified roll - rating, RI-K22). */
export function cohesionCell(table: KitCohesionTable, name: string, unit: CohesionUnit, modified: number): Lookup<KitCohesionOutcome> & { rating: number | null; margin: number | null } {
  const rating = cohesionRatingOf(unit);
  const side = unit.status === 'ordered' ? 'ordered' : 'disordered';
  if (rating === null) return { found: false, reason: `no ${side} cohesion rating entered for the unit`, rating, margin: null };
  const margin = modified - rating;
  const row = findRow(table.rows, margin);
  if (!row) return { found: false, reason: `the kit's ${name} has no row for a modified roll ${signedWords(margin)} against the rating`, rating, margin };
  const col = columnOf(unit.status);
  const outcome = col === 'routed' ? (row.routed ?? row.disordered) : row[col];
  return {
    found: true,
    rating,
    margin,
    cell: { table: name, column: col, row: `${rowLabel(row)} against the rating`, value: cohesionOutcomeWords(outcome) },
    result: outcome,
  };
}

export interface CohesionCheck {
  roll: DieRoll;
  drm: number;
  modified: number;
  rating: number;
  margin: number;
  cell: KitCell;
  outcome: KitCohesionOutcome;
}

/**
 * One cohesion check resolved from the die: the roll (given, or asked of the roller with its purpose),
 * its DRM, the unit's rating and the table's cell. Null when the unit has no rating entered or the table
 * no row: the players then read that unit's outcome at the table (`reason` says why).
 */
export function resolveCohesionCheck(
  table: KitCohesionTable,
  name: string,
  unit: CohesionUnit,
  drm: number,
  die: { roll?: DieRoll | undefined; purpose: string },
  roller: PurposeRoller,
): { check: CohesionCheck | null; reason: string | null } {
  if (cohesionRatingOf(unit) === null) return { check: null, reason: `no ${unit.status === 'ordered' ? 'ordered' : 'disordered'} cohesion rating entered` };
  const roll = die.roll ?? roller(die.purpose);
  assertDieRoll('roll', roll);
  const modified = roll + drm;
  const c = cohesionCell(table, name, unit, modified);
  if (!c.found) return { check: null, reason: c.reason };
  return { check: { roll, drm, modified, rating: c.rating!, margin: c.margin!, cell: c.cell, outcome: c.result }, reason: null };
}

// ---------------------------------------------------------------------------------------------
// The Shock Table
// ---------------------------------------------------------------------------------------------

export interface KitShockSide {
  sp: number;
  status: StatusResult;
  retreat: number;
}
export interface KitShockRow extends RollRange {
  attacker: KitShockSide;
  defender: KitShockSide;
  text: string;
}
export interface KitShockColumn {
  label: string;
  /** The odds the column is for, attacker : defender. */
  attacker: number;
  defender: number;
  rows: readonly KitShockRow[];
}

/**
 * RI-K14: the odds go to one of the chart's own columns. Without a Bayonet Charge, the column with the
 * highest odds not above the attack's (rounded in the defender's favour, the base game's custom); with a
 * charge by every attacker, the column with the lowest odds not below the attack's ("an automatic
 * rounding off of odds in their favor"). Beyond the first or last column, that column.
 */
export function oddsColumn<C extends Pick<KitShockColumn, 'label' | 'attacker' | 'defender'>>(
  columns: readonly C[],
  attackerSp: number,
  defenderSp: number,
  inAttackersFavour: boolean,
): { column: C; index: number; rounded: 'exact' | 'down' | 'up' | 'first' | 'last' } | null {
  if (columns.length === 0 || attackerSp <= 0 || defenderSp <= 0) return null;
  const ratio = (c: C) => c.attacker / c.defender;
  const odds = attackerSp / defenderSp;
  // Compared in whole numbers (a*D vs A*d) so 3:2 and 1.5 never differ by a rounding error.
  const cmp = (c: C) => Math.sign(attackerSp * c.defender - c.attacker * defenderSp);
  const sorted = columns.map((c, index) => ({ c, index })).sort((x, y) => ratio(x.c) - ratio(y.c));
  const exact = sorted.find((x) => cmp(x.c) === 0);
  if (exact) return { column: exact.c, index: exact.index, rounded: 'exact' };
  if (inAttackersFavour) {
    const up = sorted.find((x) => ratio(x.c) > odds);
    if (up) return { column: up.c, index: up.index, rounded: 'up' };
    const last = sorted[sorted.length - 1]!;
    return { column: last.c, index: last.index, rounded: 'last' };
  }
  const down = [...sorted].reverse().find((x) => ratio(x.c) < odds);
  if (down) return { column: down.c, index: down.index, rounded: 'down' };
  return { column: sorted[0]!.c, index: sorted[0]!.index, rounded: 'first' };
}

function shockSideWords(s: KitShockSide): string {
  const parts = [`${s.sp} SP`];
  if (s.status !== 'unchanged') parts.push(s.status);
  if (s.retreat) parts.push(`retreat ${s.retreat}`);
  return parts.join(', ');
}

/** The Shock Table's cell for the odds column (RI-K14) and the modified roll. */
export function shockTableCell(
  columns: readonly KitShockColumn[],
  attackerSp: number,
  defenderSp: number,
  inAttackersFavour: boolean,
  modified: number,
): Lookup<KitShockRow> & { column: string | null } {
  if (columns.length === 0) return { found: false, reason: 'the kit has no Shock Table', column: null };
  const col = oddsColumn(columns, attackerSp, defenderSp, inAttackersFavour);
  if (!col) return { found: false, reason: 'a side has no SPs: there are no odds to read', column: null };
  const row = findRow(col.column.rows, modified);
  if (!row) return { found: false, reason: `column ${col.column.label} of the kit's Shock Table has no row for a modified roll of ${modified}`, column: col.column.label };
  return {
    found: true,
    column: col.column.label,
    cell: { table: 'Shock Table', column: col.column.label, row: rowLabel(row), value: `attacker ${shockSideWords(row.attacker)}; defender ${shockSideWords(row.defender)}${row.text ? ` ("${row.text}")` : ''}` },
    result: row,
  };
}

// ---------------------------------------------------------------------------------------------
// The leader hit check
// ---------------------------------------------------------------------------------------------

export interface KitLeaderHitRow extends RollRange {
  hit: boolean;
  text: string;
}

/** RI-K23: the leader hit check is read on the natural die; a hit then rolls the revision's KIA/WIA die. */
export function leaderHitCell(rows: readonly KitLeaderHitRow[], roll: DieRoll): Lookup<KitLeaderHitRow> {
  assertDieRoll('roll', roll);
  if (rows.length === 0) return { found: false, reason: 'the kit has no leader hit check' };
  const row = findRow(rows, roll);
  if (!row) return { found: false, reason: `the kit's leader hit check has no row for a roll of ${roll}` };
  return { found: true, cell: { table: 'Leader hit check', column: null, row: rowLabel(row), value: `${row.hit ? 'hit' : 'unhurt'}${row.text ? ` ("${row.text}")` : ''}` }, result: row };
}

// ---------------------------------------------------------------------------------------------
// Sharing a side's shock loss
// ---------------------------------------------------------------------------------------------

/**
 * RI-K24: a Shock Table loss for one side is shared over that side's units as evenly as possible, one SP at
 * a time from the top of the stack down, never more than a unit holds; what none can hold is not taken.
 */
export function shareShockLoss(loss: number, held: readonly number[]): { shares: number[]; unabsorbed: number } {
  if (!Number.isInteger(loss) || loss < 0) throw new RulesArgumentError('loss', `must be a whole number of 0 or more (got ${String(loss)})`);
  const shares = held.map(() => 0);
  let left = loss;
  while (left > 0) {
    let placed = false;
    for (let i = 0; i < held.length && left > 0; i++) {
      if (shares[i]! < held[i]!) {
        shares[i]! += 1;
        left -= 1;
        placed = true;
      }
    }
    if (!placed) break;
  }
  return { shares, unabsorbed: left };
}

/**
 * RI-K22: what an SP loss from a cohesion check is, for the straggler rule ("if Rally, Rout Retreat or
 * Second Disorder causes an SP loss - that loss is considered a straggler"): on a Rally, the rally's; a
 * result that routs the unit, a rout retreat's; a unit already disordered, a second disorder's; else none.
 */
export function checkLossCause(check: 'rally' | 'udd' | 'pre-shock' | 'fire', before: UnitStatus, outcome: KitCohesionOutcome): 'rally' | 'rout-retreat' | 'second-disorder' | 'other' {
  if (check === 'rally') return 'rally';
  if (outcome.status === 'routed') return 'rout-retreat';
  if (before !== 'ordered') return 'second-disorder';
  return 'other';
}
