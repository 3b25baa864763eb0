/**
 * A shock resolved from the group's kit (RI-K25), in the order the base game plays it: both sides'
 * Pre-Shock Cohesion Checks (each against the unit's rating, with the revision's DRMs), then, with the units
 * still in the shock, the Shock Table at the odds column the chart has (RI-K14) for the die, each side's loss
 * shared (RI-K24) with its status and retreat; then the Bayonet Charge markers and the leaders' hit checks.
 * One event, every cell and die in it.
 */
import { shareShockLoss, shockTableCell, type KitCohesionOutcome, type KitShockSide } from '../../rules/kit';
import type { UnitStatus } from '../../rules/types';
import type { PlanShockResult, ResolveShockInput, ResolveShockResult } from '../../contract';
import { invalid } from '../errors';
import type { ChangeSet } from '../events';
import { currentSp, type UnitRow } from '../store';
import { askRules } from '../validate';
import type { Draft, GameContext } from './context';
import { cellWords, cohesionCheck, KitCells, kitLeaderChecks, requireKit, typedCheckRolls, type CheckContext } from './combat-kit';
import { applyOutcomes, dieWords, sidesThatLost, signed, type Dice, type GivenDie } from './combat-units';
import { statusHitRule } from './rule-seam';
import type { UnitChanges } from './unit-changes';

type ShockDraft = Draft<Omit<ResolveShockResult, 'event' | 'dice'>>;


/** A shock combat's plan with its attacking and defending units, as combat-shock.ts builds it for the resolution. */
export interface ShockBuildFacts {
  plan: PlanShockResult;
  attackers: UnitRow[];
  defenders: UnitRow[];
}

/** A unit stays in the shock unless its check routed or shattered it, made it retreat, or its losses eliminated it. */
function staysIn(changes: UnitChanges, u: UnitRow, o: KitCohesionOutcome | null): boolean {
  if (changes.now(u).status === 'eliminated') return false;
  if (o === null) return true;
  return !(o.retreat !== undefined && o.retreat > 0) && o.status !== 'routed' && o.status !== 'shattered';
}

export function resolveShockFromKit(
  ctx: GameContext,
  cs: ChangeSet,
  input: ResolveShockInput,
  build: ShockBuildFacts,
  d: GivenDie,
  changes: UnitChanges,
  notes: string[],
  dice: Dice,
  enemyNear: boolean,
): ShockDraft {
  const kit = requireKit(ctx, input.kit!.fingerprint);
  const { plan } = build;
  const modified = d.roll + plan.drm.total;
  const units = new Map([...build.attackers, ...build.defenders].map((u) => [u.id, u]));
  const cells = new KitCells(kit.fingerprint);
  const ladder = statusHitRule(ctx);
  const preDice: Dice = [];
  const c: CheckContext = { ctx, changes, cells, dice: preDice, notes, units, typed: typedCheckRolls(input.kit!.checkRolls), outcomes: input.kit!.outcomes ?? [], enemyNear, ladder };
  if (!kit.charts.preShockCheck?.rows.length && (input.kit!.outcomes ?? []).length < units.size) {
    throw invalid('kit', 'the kit has no Pre-Shock Cohesion Check table: give the result read at the table (result)');
  }

  // 1. Both sides' Pre-Shock Cohesion Checks, attackers first.
  const preDrm = new Map(plan.preShock.map((p) => [p.unitId, p.drm]));
  const check = (u: UnitRow) => cohesionCheck(c, kit.charts.preShockCheck, 'Pre-Shock Cohesion Check', 'pre-shock', u, preDrm.get(u.id) ?? { total: 0, items: [] }, `Pre-Shock Cohesion Check: ${u.name}`, 'shock');
  const attackersIn = build.attackers.filter((u) => {
    const stays = staysIn(changes, u, check(u));
    if (!stays) notes.push(`${u.name} does not shock`);
    return stays;
  });
  const uddDue: string[] = [];
  const defendersIn = build.defenders.filter((u) => {
    const o = check(u);
    const stays = staysIn(changes, u, o);
    if (!stays && o?.retreat) {
      uddDue.push(u.id);
      // The UDD is owed until it is recorded, as after a retreat read at the table: the clock waits for it (db/service/obligations.ts).
      changes.put(u, 'udd_due', 1);
      notes.push(`${u.name} retreats before shock: UDD due`);
    }
    return stays;
  });

  // 2. The Shock Table with the units still in it, at the chart's own odds column (RI-K14).
  let outcome: string;
  if (attackersIn.length === 0) outcome = 'no shock: no attacker is left after the Pre-Shock checks';
  else if (defendersIn.length === 0) outcome = 'no shock: no defender is left after the Pre-Shock checks';
  else {
    const sp = (list: UnitRow[]) => list.reduce((s, u) => s + currentSp(changes.now(u)), 0);
    const inFavour = plan.odds.roundedForAttacker !== null;
    const cell = askRules(() => shockTableCell(kit.charts.shockTable?.columns ?? [], sp(attackersIn), sp(defendersIn), inFavour, modified));
    if (!cell.found) throw invalid('kit', `${cell.reason}: give the result read at the table (result)`);
    cells.add(cell.cell);
    outcome = cellWords(cell.cell);
    const side = (list: UnitRow[], r: KitShockSide, who: string) => {
      // RI-K24: the side's loss shared from the top down; guns lost in shock are destroyed (RI-K11).
      const shares = askRules(() => shareShockLoss(r.sp, list.map((u) => currentSp(changes.now(u)))));
      list.forEach((u, i) => changes.loseSp(u, shares.shares[i] ?? 0, 'shock'));
      if (shares.unabsorbed > 0) notes.push(`${shares.unabsorbed} SP more than the ${who} hold is not taken`);
      const alive = list.filter((u) => changes.now(u).status !== 'eliminated');
      if (r.status !== 'unchanged') applyOutcomes(changes, 'kit', alive.map((u) => ({ unitId: u.id, status: r.status as Exclude<UnitStatus, 'eliminated'> })), units, 'shock', enemyNear, ladder);
      if (r.retreat > 0 && alive.length) notes.push(`${alive.map((u) => u.name).join(', ')} retreat ${r.retreat} hex(es)`);
    };
    side(attackersIn, cell.result.attacker, 'attackers');
    side(defendersIn, cell.result.defender, 'defenders');
  }

  // 3. "Remove the marker from each unit after its first shock combat."
  for (const id of plan.bayonetMarkersRemoved) changes.put(units.get(id)!, 'bayonet_charge', 0);
  if (plan.bayonetMarkersRemoved.length) notes.push(`Bayonet Charge marker removed: ${plan.bayonetMarkersRemoved.map((id) => units.get(id)!.name).join(', ')}`);

  // 4. The leaders stacked with units that lost SPs.
  const postDice: Dice = [];
  kitLeaderChecks({ ctx, cells, dice: postDice, notes }, cs, kit, input.kit!.leadersStacked, sidesThatLost(changes, units));

  const names = (list: UnitRow[]) => list.map((u) => u.name).join(', ');
  const shockDie: Dice =
    d.source === 'table' ? [{ purpose: `Shock: ${names(build.attackers)} against ${names(build.defenders)}`, source: 'table', roll: d.roll, modifiers: plan.drm, modified, target: null, outcome }] : [];
  const lines = [...changes.notes, ...notes];
  const record = cells.record();
  return {
    summary: `Shock: ${names(build.attackers)} against ${names(build.defenders)}, odds ${plan.odds.text}, DRM ${signed(plan.drm.total)}; ${dieWords(d)}, modified ${modified}; kit ${kit.fingerprint}: ${outcome}${lines.length ? `; ${lines.join('; ')}` : ''}`,
    subjects: [...units.keys()].map((id) => `unit:${id}`),
    dice: [...preDice, ...shockDie, ...dice, ...postDice],
    result: { modified, bayonetMarkersRemoved: plan.bayonetMarkersRemoved, uddDue, ...(ladder && ladder.steps.length > 0 ? { statusLadder: ladder.steps } : {}), kit: record },
    computed: record,
    statusLadder: ladder?.steps,
  };
}
