/**
 * The group's kit in the combat domain (RI-K25): the kit the game computes with (the player's charts, with
 * this game's counter values and their fingerprint), the refusal when a result is asked of a kit that is
 * missing or changed since the players saw the result, the checks the kit resolves (cohesion checks and
 * the leader hit check) with their dice in the log, and the cells read, for the event.
 *
 * The tables are read by rules/kit.ts; this module gathers the facts, rolls through the context and applies.
 */
import { cellWords, checkLossCause, cohesionRatingOf, leaderHitCell, resolveCohesionCheck, type CohesionUnit, type KitCell, type KitCohesionOutcome, type KitCohesionTable } from '../../rules/kit';
import { dismountedCavalryCohesion } from '../../rules/rally';
import type { DieRoll, DisorderCause, Itemised } from '../../rules/types';
import { leaderCasualty as casualtyRoll } from '../../rules/losses';
import type { KitCellRecord, KitCheckRoll, KitRecord, UnitOutcome } from '../../contract';
import { forbidden, invalid } from '../errors';
import type { ChangeSet } from '../events';
import { gameCounterValues, hasCombatTables, kitFingerprint, type Kit } from '../kit';
import { currentSp, type UnitRow } from '../store';
import { askRules } from '../validate';
import { RULE } from './common';
import { die, type GameContext, type Roll } from './context';
import { leader } from './lookups';
import type { StatusHitRule } from './rule-seam';
import type { UnitChanges } from './unit-changes';
import { applyOutcomes, type Dice } from './combat-units';

/** The kit this game computes with, or null: no charts given to the service, or none with a combat table. */
export function kitOf(ctx: GameContext): Kit | null {
  if (!ctx.charts) return null;
  let charts;
  try {
    charts = ctx.charts();
  } catch {
    // A damaged charts file is the Charts screen's to report; the game computes nothing from it.
    return null;
  }
  if (!hasCombatTables(charts)) return null;
  return { charts, fingerprint: kitFingerprint(charts, gameCounterValues(ctx.db)) };
}

/**
 * A unit as its cohesion checks see it: its status and its entered ratings, a Confederate dismounted
 * cavalry unit's each 3 lower (Rev. Confederate Cavalry, RI-K04).
 */
export function checkedUnit(u: UnitRow): CohesionUnit {
  const csaDismounted = u.arm === 'cavalry' && u.mounted === 0 && u.side === 'CSA';
  const adjust = (v: number | null) => (v === null || !csaDismounted ? v : askRules(() => dismountedCavalryCohesion('CSA', v)).cohesion);
  return { status: u.status, cohesionOrdered: adjust(u.cohesion_ordered), cohesionDisordered: adjust(u.cohesion_disordered) };
}

/** The kit a result is computed from: refused when there is none, or when it changed since the players saw the result. */
export function requireKit(ctx: GameContext, fingerprint: string): Kit {
  const kit = kitOf(ctx);
  if (!kit) throw invalid('kit', "there is no kit with combat tables on this computer: give the result read at the table (result), or import the group's kit on the Charts screen");
  if (kit.fingerprint !== fingerprint) throw invalid('kit.fingerprint', `the kit in use is now ${kit.fingerprint}, not ${fingerprint}: look at the result again before applying it`);
  return kit;
}

/** What an event records of the kit: its fingerprint and each cell read, in order. */
export class KitCells {
  readonly cells: KitCellRecord[] = [];
  constructor(readonly fingerprint: string) {}
  add(cell: KitCell, unitId?: string): void {
    this.cells.push({ ...cell, ...(unitId !== undefined ? { unitId } : {}) });
  }
  record(): KitRecord {
    return { fingerprint: this.fingerprint, cells: this.cells };
  }
}

/** The words of a cell for a summary: "Fire Table, column 5-6, row 7 to 8: 2 SP". */
export { cellWords };

/** Typed dice for the kit's checks, one per unit, each used once. */
export function typedCheckRolls(rolls: KitCheckRoll[] | undefined): (unitId: string) => DieRoll | undefined {
  const byUnit = new Map<string, DieRoll>();
  (rolls ?? []).forEach((r, i) => {
    if (byUnit.has(r.unitId)) throw invalid(`kit.checkRolls[${i}].unitId`, `gives ${r.unitId} two dice`);
    byUnit.set(r.unitId, r.roll as DieRoll);
  });
  return (unitId) => byUnit.get(unitId);
}

export interface CheckContext {
  ctx: GameContext;
  changes: UnitChanges;
  cells: KitCells;
  dice: Dice;
  notes: string[];
  /** Units of this combat, for outcomes read at the table. */
  units: Map<string, UnitRow>;
  typed: (unitId: string) => DieRoll | undefined;
  /** Outcomes the players read at the table for units the kit cannot check. */
  outcomes: UnitOutcome[];
  enemyNear: boolean;
  ladder?: StatusHitRule | null;
}

/**
 * One unit's cohesion check resolved from the kit and applied: the die (typed or the app's, in the dice
 * log), the cell against its rating, SPs lost (a straggler where the revision says so), the new status
 * (with its straggler, RI-K08) and a retreat. A unit without a rating takes the outcome the players read
 * (kit.outcomes), or the result is refused naming the unit. Returns the outcome applied, or null.
 */
export function cohesionCheck(
  c: CheckContext,
  table: KitCohesionTable | undefined,
  name: string,
  kind: 'fire' | 'pre-shock' | 'udd',
  u: UnitRow,
  drm: Itemised,
  purpose: string,
  cause: DisorderCause,
): KitCohesionOutcome | null {
  const now = c.changes.now(u);
  if (now.status === 'eliminated') return null;
  const read = c.outcomes.find((o) => o.unitId === u.id);
  if (read) {
    applyOutcomes(c.changes, 'kit.outcomes', [read], c.units, cause, c.enemyNear, c.ladder ?? null);
    c.notes.push(`${u.name}'s ${name} read at the table`);
    return { status: read.status };
  }
  if (!table) throw invalid('kit', `the kit has no ${name} table: give the outcome of ${u.name}'s check read at the table (kit.outcomes)`);
  const typed = c.typed(u.id);
  const unit = checkedUnit(now);
  // The die's source is the roller's: the app's, or in a change rolled jointly by two seats, the joint one.
  let source: Roll['source'] = 'table';
  const r = askRules(() =>
    resolveCohesionCheck(table, name, unit, drm.total, { roll: typed, purpose }, () => {
      const d = die(c.ctx, undefined);
      source = d.source;
      return d.roll;
    }),
  );
  if (!r.check) {
    const side = cohesionRatingOf(unit) === null ? ` (${r.reason})` : `: ${r.reason}`;
    throw invalid('kit.outcomes', `${u.name} cannot be checked from the kit${side}: give its outcome read at the table (kit.outcomes)`);
  }
  const { check } = r;
  c.cells.add(check.cell, u.id);
  c.dice.push({ purpose, source, roll: check.roll, modifiers: drm, modified: check.modified, target: `cohesion ${check.rating}`, outcome: check.cell.value });
  const o = check.outcome;
  if (o.sp) c.changes.loseSpFrom(u, Math.min(o.sp, currentSp(now)), checkLossCause(kind, now.status, o));
  if (o.status !== 'unchanged' && c.changes.now(u).status !== 'eliminated') {
    applyOutcomes(c.changes, 'kit', [{ unitId: u.id, status: o.status }], c.units, cause, c.enemyNear, c.ladder ?? null);
  }
  if (o.retreat) c.notes.push(`${u.name} retreats ${o.retreat} hex(es)`);
  return o;
}

/**
 * The kit's leader hit check for each leader stacked with the units (RI-K23), for the sides that lost SPs:
 * the natural die on the kit's table, then the revision's KIA/WIA die for a hit (RI-K10), all in the log.
 */
export function kitLeaderChecks(c: Pick<CheckContext, 'ctx' | 'cells' | 'dice' | 'notes'>, cs: ChangeSet, kit: Kit, leaderIds: string[] | undefined, sidesHit: Set<string>): void {
  const seen = new Set<string>();
  (leaderIds ?? []).forEach((id, i) => {
    const field = `kit.leadersStacked[${i}]`;
    if (seen.has(id)) throw invalid(field, `names ${id} twice`);
    seen.add(id);
    const l = leader(c.ctx, field, id);
    if (l.casualty !== 'none') throw forbidden(field, `${l.name} is already ${l.casualty}`, RULE.leaderLosses);
    if (l.on_map !== 1) throw forbidden(field, `${l.name} is not on the map`, RULE.leaderLosses);
    if (!sidesHit.has(l.side)) return; // his units lost nothing: no check
    const rows = kit.charts.leaderHit?.rows;
    if (!rows || rows.length === 0) throw invalid(field, `the kit has no leader hit check: say whether ${l.name} was hit (leaderChecks)`);
    const r = die(c.ctx, undefined);
    const hit = askRules(() => leaderHitCell(rows, r.roll));
    if (!hit.found) throw invalid(field, `${hit.reason}: say whether ${l.name} was hit (leaderChecks)`);
    c.cells.add(hit.cell);
    c.dice.push({ purpose: `Leader hit check: ${l.name}`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: null, outcome: hit.cell.value });
    if (!hit.result.hit) {
      c.notes.push(`${l.name} checked: unhurt`);
      return;
    }
    const k = die(c.ctx, undefined);
    const result = askRules(() => casualtyRoll(k.roll));
    cs.set('leaders', l.id, 'casualty', 'none', result === 'KIA' ? 'killed' : 'wounded');
    c.dice.push({ purpose: `Leader casualty: ${l.name}`, source: k.source, roll: k.roll, modifiers: { total: 0, items: [] }, modified: k.roll, target: '0-4 KIA, 5-9 WIA', outcome: result });
    c.notes.push(`${l.name} is hit: rolled ${k.roll}, ${result === 'KIA' ? 'killed' : 'wounded'}`);
  });
}
