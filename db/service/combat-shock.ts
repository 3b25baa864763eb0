/**
 * Shock in the combat domain (db/service/combat.ts): the shock plan (planShock: who may shock, Pre-Shock
 * DRMs, Shock Resolution DRMs and odds, rounded for a Bayonet Charge) and its result as ONE event
 * (resolveShock: losses, captured guns, statuses with stragglers, retreats, the markers removed), and the
 * Bayonet Charge designated and cancelled.
 */
import { shockPlan, type ShockPlanUnit } from '../../rules/shock-plan';
import { checkedUnit, kitOf } from './combat-kit';
import { resolveShockFromKit, type ShockBuildFacts } from './combat-shock-kit';
import { bayonetChargeIneligibility, retreatBeforeShock } from '../../rules/shock';
import type { BayonetChargeInput, CancelBayonetChargeInput, ChangeResult, PlanShockInput, PlanShockResult, ResolveShockInput, ResolveShockResult } from '../../contract';
import { forbidden, invalid } from '../errors';
import { currentSp, readCommandChains, readCommands, type UnitRow } from '../store';
import { askRules } from '../validate';
import { readHouseReadings } from '../reading-choices';
import { effectiveUnitOrder, standingOrdersOf } from './chain';
import { RULE } from './common';
import { write, type GameContext } from './context';
import { requireSegment } from './lookups';
import { shockDrmItems, statusHitRule } from './rule-seam';
import { UnitChanges } from './unit-changes';
import { ACTIVATION_SEGMENT, applyOutcomes, atMe, combatUnit, combatUnits, dieWords, givenDie, leaderChecks, mountedFlag, oneSide, playerItems, sidesThatLost, signed, type Dice } from './combat-units';

// -------------------------------------------------------------------------------------------
// Shock

type ShockBuild = ShockBuildFacts;

/**
 * The shock plan: the service reads the units, the kit and the DRMs of the optional rules in play;
 * rules/shock-plan.ts decides the whole plan; the service adds each unit's recorded state.
 */
function buildShockPlan(ctx: GameContext, input: PlanShockInput): ShockBuild {
  const attackers = combatUnits(ctx, 'attackers', input.attackers);
  const side = oneSide('attackers', attackers);
  const defenders = combatUnits(ctx, 'defenders', input.defenders);
  const commandIds = [...attackers, ...defenders].map((u) => u.command_id);
  const orders = standingOrdersOf(commandIds, readCommandChains(ctx.db, commandIds));
  const defenderSide = oneSide('defenders', defenders);
  if (defenderSide === side) throw invalid('defenders', `the defenders are ${side} like the attackers`);
  defenders.forEach((u, i) => {
    if (input.attackers.includes(u.id)) throw invalid(`defenders[${i}]`, `${u.name} is also an attacker`);
  });
  const kit = kitOf(ctx);
  const facts = (u: UnitRow): ShockPlanUnit => ({
    id: u.id,
    name: u.name,
    arm: u.arm,
    sp: currentSp(u),
    order: effectiveUnitOrder(u, orders).order,
    ...mountedFlag(u),
    status: u.status,
    works: u.works,
    extendedColumn: u.extended_column === 1,
    strategicMovement: u.strategic_movement === 1,
    bayonetCharge: u.bayonet_charge === 1,
    ...(kit ? { cohesion: checkedUnit(u) } : {}),
  });
  const decided = askRules(() =>
    shockPlan({
      attackers: attackers.map(facts),
      defenders: defenders.map(facts),
      defenderInDevilsDen: input.defenderInDevilsDen === true,
      // RI-F09, RI-K12: the game's house reading of a Bayonet Charge by only some attackers.
      bayonetChargeReading: readHouseReadings(ctx.db).mixedBayonetCharge,
      // The rule modules' DRMs, itemised with their source (Demoralization, RI-O08, RI-O32: the attackers' side against the defenders').
      otherDrms: [...playerItems(input.otherDrms), ...shockDrmItems(ctx, { attacker: side, defender: defenderSide, attackers, defenders })],
      kit: kit
        ? {
            fingerprint: kit.fingerprint,
            columns: kit.charts.shockTable?.columns ?? [],
            preShockTable: (kit.charts.preShockCheck?.rows.length ?? 0) > 0,
            ...(input.previewRoll !== undefined ? { previewRoll: input.previewRoll } : {}),
          }
        : null,
    }),
  );
  const { attackerProhibitions, ...plan } = decided;
  return {
    attackers,
    defenders,
    plan: {
      attackers: attackers.map((u, i) => ({ ...combatUnit(u, orders), prohibitions: attackerProhibitions[i]! })),
      defenders: defenders.map((u) => ({ ...combatUnit(u, orders), prohibitions: [] as string[] })),
      ...plan,
    },
  };
}

export function planShock(ctx: GameContext, input: PlanShockInput): PlanShockResult {
  return buildShockPlan(ctx, input).plan;
}

export function resolveShock(ctx: GameContext, input: ResolveShockInput): ResolveShockResult {
  return write(ctx, 'shock', input, (cs) => {
    // RI-K20: shock combat happens in the Activation Segment.
    requireSegment(ctx, 'attackers', ACTIVATION_SEGMENT, RULE.sequence);
    const build = buildShockPlan(ctx, input);
    const { plan } = build;
    if (!plan.allowed) {
      const p = plan.prohibitions[0]!;
      const at = p.unitId === null ? -1 : input.attackers.indexOf(p.unitId);
      throw forbidden(at < 0 ? 'defenders' : `attackers[${at}]`, p.reason, p.rule);
    }
    const d = givenDie(ctx, '', input);
    const modified = d.roll + plan.drm.total;
    const units = new Map([...build.attackers, ...build.defenders].map((u) => [u.id, u]));
    const changes = new UnitChanges(cs);
    const notes: string[] = [];
    const dice: Dice = [];
    const enemyNear = input.enemyWithinTacticalMovementRange ?? true;
    if (input.kit) {
      if (input.result) throw invalid('result', "give the result read at the table (result) or have it computed from the group's kit (kit), not both");
      return resolveShockFromKit(ctx, cs, input, build, d, changes, notes, dice, enemyNear);
    }
    if (!input.result) throw invalid('result', "give the Shock Table's result read at the table (result), or have it computed from the group's kit (kit)");
    const result = input.result;

    // RI-K11: shock losses are placed unit by unit, as the players read them; artillery loses its guns outright.
    const lossSeen = new Set<string>();
    (result.losses ?? []).forEach((l, i) => {
      const u = units.get(l.unitId);
      if (!u) throw invalid(`result.losses[${i}].unitId`, `${l.unitId} is not one of the units in this shock`);
      if (lossSeen.has(u.id)) throw invalid(`result.losses[${i}].unitId`, `gives ${u.name} two losses`);
      lossSeen.add(u.id);
      const left = currentSp(changes.now(u));
      if (l.sp > left) throw invalid(`result.losses[${i}].sp`, `${u.name} has only ${left} SP left; it cannot lose ${l.sp}`);
      changes.loseSp(u, l.sp, 'shock');
    });
    (result.capturedGuns ?? []).forEach((g, i) => {
      const u = units.get(g.unitId);
      if (!u) throw invalid(`result.capturedGuns[${i}].unitId`, `${g.unitId} is not one of the units in this shock`);
      if (u.arm !== 'artillery') throw invalid(`result.capturedGuns[${i}].unitId`, `${u.name} is ${u.arm}; only artillery guns are captured`, RULE.victory);
      const left = currentSp(changes.now(u));
      if (g.sp > left) throw invalid(`result.capturedGuns[${i}].sp`, `${u.name} has only ${left} gun(s) in action; it cannot lose ${g.sp}`);
      changes.captureGuns(u, g.sp);
    });
    const ladder = statusHitRule(ctx);
    applyOutcomes(changes, 'result.outcomes', result.outcomes, units, 'shock', enemyNear, ladder);

    // Retreat Before Shock: a UDD follows; dismounted cavalry may mount at the end of it.
    const uddDue: string[] = [];
    (input.retreats ?? []).forEach((r, i) => {
      const u = units.get(r.unitId);
      if (!u) throw invalid(`retreats[${i}].unitId`, `${r.unitId} is not one of the units in this shock`);
      if (uddDue.includes(u.id)) throw invalid(`retreats[${i}].unitId`, `names ${u.name} twice`);
      const retreat = askRules(() => retreatBeforeShock({ arm: u.arm, ...mountedFlag(u) }));
      if (r.mount === true) {
        if (!retreat.mayMount) throw forbidden(`retreats[${i}].mount`, `${u.name} is not dismounted cavalry: only dismounted cavalry may mount at the end of its retreat`, retreat.rule);
        changes.put(u, 'mounted', 1);
      }
      uddDue.push(u.id);
      // The UDD is owed until it is recorded: the clock waits for it (db/service/obligations.ts).
      changes.put(u, 'udd_due', 1);
      notes.push(`${u.name} retreats before shock${r.mount ? ' and mounts' : ''}: UDD due`);
    });

    // "Remove the marker from each unit after its first shock combat."
    for (const id of plan.bayonetMarkersRemoved) changes.put(units.get(id)!, 'bayonet_charge', 0);
    if (plan.bayonetMarkersRemoved.length) notes.push(`Bayonet Charge marker removed: ${plan.bayonetMarkersRemoved.map((id) => units.get(id)!.name).join(', ')}`);

    leaderChecks(ctx, cs, input.leaderChecks, sidesThatLost(changes, units), dice, notes);
    const names = (list: UnitRow[]) => list.map((u) => u.name).join(', ');
    if (d.source === 'table') {
      dice.unshift({ purpose: `Shock: ${names(build.attackers)} against ${names(build.defenders)}`, source: 'table', roll: d.roll, modifiers: plan.drm, modified, target: null, outcome: input.resultFrom === 'chart' ? 'result from the players\' chart' : 'result read at the table' });
    }
    const lines = [...changes.notes, ...notes];
    return {
      summary: `Shock: ${names(build.attackers)} against ${names(build.defenders)}, odds ${plan.odds.text}${plan.odds.roundedForAttacker ? `, rounded for the Bayonet Charge to ${plan.odds.roundedForAttacker}` : ''}, DRM ${signed(plan.drm.total)}; ${dieWords(d)}, modified ${modified}${lines.length ? `; ${lines.join('; ')}` : ''}`,
      subjects: [...units.keys()].map((id) => `unit:${id}`),
      dice,
      result: { modified, bayonetMarkersRemoved: plan.bayonetMarkersRemoved, uddDue, ...(ladder && ladder.steps.length > 0 ? { statusLadder: ladder.steps } : {}) },
      statusLadder: ladder?.steps,
    };
  });
}

// -------------------------------------------------------------------------------------------
// Bayonet Charge

export function designateBayonetCharge(ctx: GameContext, input: BayonetChargeInput): ChangeResult {
  return write(ctx, 'bayonet-charge', input, (cs) => {
    requireSegment(ctx, 'unitIds', ACTIVATION_SEGMENT, RULE.bayonetCharge);
    const units = combatUnits(ctx, 'unitIds', input.unitIds);
    oneSide('unitIds', units);
    if (input.fired) throw forbidden('fired', 'Bayonet Charge units may not fire when activated', RULE.bayonetCharge);
    const commands = readCommands(ctx.db);
    const orders = standingOrdersOf(units.map((u) => u.command_id), commands);
    units.forEach((u, i) => {
      if (u.bayonet_charge === 1) throw invalid(`unitIds[${i}]`, `${u.name} is already designated for a Bayonet Charge`);
      const reasons = askRules(() =>
        bayonetChargeIneligibility({ arm: u.arm, order: effectiveUnitOrder(u, orders).order, effectiveness: atMe(u, commands) ? 'ME' : 'RE', moved: input.moved }),
      );
      if (reasons.length > 0) throw forbidden(`unitIds[${i}]`, `${u.name}: ${reasons.join('; ')}`, RULE.bayonetCharge);
      cs.set('units', u.id, 'bayonet_charge', 0, 1);
    });
    return { summary: `Bayonet Charge: ${units.map((u) => u.name).join(', ')}`, subjects: units.map((u) => `unit:${u.id}`), result: {} };
  });
}

export function cancelBayonetCharge(ctx: GameContext, input: CancelBayonetChargeInput): ChangeResult {
  return write(ctx, 'bayonet-charge', input, (cs) => {
    const units = combatUnits(ctx, 'unitIds', input.unitIds);
    units.forEach((u, i) => {
      if (u.bayonet_charge === 0) throw invalid(`unitIds[${i}]`, `${u.name} has no Bayonet Charge marker`);
      cs.set('units', u.id, 'bayonet_charge', 1, 0);
    });
    return { summary: `Bayonet Charge marker removed: ${units.map((u) => u.name).join(', ')}`, subjects: units.map((u) => `unit:${u.id}`), result: {} };
  });
}

