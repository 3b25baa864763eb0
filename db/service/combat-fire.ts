/**
 * Fire in the combat domain (db/service/combat.ts): the fire plan from the units' recorded state and the
 * players' map facts (planFire: frontage, range DRM, strength and every DRM, friendly fire, how a loss
 * shares out) and the result applied as ONE event (resolveFire: losses shared in front with the firing
 * player's choice, stragglers, abandoned guns, the ammo check, friendly fire, leader casualties).
 */
import { isAmmoResult } from '../../rules/fire-tables';
import { firePlan, type FirePlanUnit } from '../../rules/fire-plan';
import { evenLossShares } from '../../rules/stacking';
import type { Side, UnitStatus } from '../../rules/types';
import { itemised } from '../../rules/itemise';
import { fireTableCell, type KitFireRow } from '../../rules/kit';
import { uddDrm } from '../../rules/rally';
import type { Kit } from '../kit';
import { cellWords, checkedUnit, cohesionCheck, KitCells, kitLeaderChecks, kitOf, requireKit, typedCheckRolls, type CheckContext } from './combat-kit';
import type { ArtilleryRangeColumn, FireResultInput, PlanFireInput, PlanFireResult, ResolveFireInput, ResolveFireResult } from '../../contract';
import { forbidden, invalid } from '../errors';
import { statement } from '../statements';
import { currentSp, readCommandChains, readCommands, readGame, type UnitRow } from '../store';
import { askRules } from '../validate';
import { effectiveUnitOrder, standingOrdersOf } from './chain';
import { RULE } from './common';
import { write, type GameContext } from './context';
import { requireSegment } from './lookups';
import { fireDrmItems, statusHitRule } from './rule-seam';
import { UnitChanges } from './unit-changes';
import { ACTIVATION_SEGMENT, applyOutcomes, combatUnits, dieWords, givenDie, leaderChecks, linedUp, lineUp, mountedFlag, oneSide, playerItems, sidesThatLost, signed, weatherOf, type Dice, type Orders } from './combat-units';

// -------------------------------------------------------------------------------------------
// Fire

interface FireBuild {
  plan: PlanFireResult;
  stack: UnitRow[];
  firers: UnitRow[];
  targets: UnitRow[];
  inFront: UnitRow[];
  side: Side;
  orders: Orders;
}

/**
 * The fire plan: the service reads the units, the weather, the chart rows, the kit and the DRMs of the
 * optional rules in play; rules/fire-plan.ts decides the whole plan (or refuses it); the service words it.
 */
function buildFirePlan(ctx: GameContext, input: PlanFireInput): FireBuild {
  const weather = weatherOf(readGame(ctx.db));
  const stack = combatUnits(ctx, 'stack', input.stack);
  const side = oneSide('stack', stack);
  const targets = input.targets === undefined ? [] : combatUnits(ctx, 'targets', input.targets);
  const targetSide = input.targets === undefined ? null : oneSide('targets', targets);
  const commandIds = [...stack, ...targets].map((u) => u.command_id);
  const orders = standingOrdersOf(commandIds, readCommandChains(ctx.db, commandIds));
  const kit = kitOf(ctx);
  const fireColumns = kit?.charts.fireTable?.columns ?? [];
  // The firing brigades with skirmishers out, asked once for them all (the units out as skirmishers are
  // indexed by their brigade: migration 0024).
  const firingBrigades = [...new Set(stack.filter((u) => u.arm !== 'artillery').map((u) => u.command_id))];
  const skirmishing = new Set(
    firingBrigades.length === 0 ? [] : (statement(ctx.db, 'SELECT DISTINCT skirmishers FROM units WHERE skirmishers IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(firingBrigades)) as string[]),
  );
  const skirmishersOut = (u: UnitRow) => skirmishing.has(u.command_id);
  const facts = (u: UnitRow, firing: boolean): FirePlanUnit => ({
    id: u.id,
    name: u.name,
    side: u.side,
    arm: u.arm,
    weapon: u.weapon,
    sp: currentSp(u),
    order: effectiveUnitOrder(u, orders).order,
    ...mountedFlag(u),
    works: u.works,
    status: u.status,
    skirmishers: firing && u.arm !== 'artillery' && skirmishersOut(u),
    extendedColumn: u.extended_column === 1,
    strategicMovement: u.strategic_movement === 1,
    bayonetCharge: u.bayonet_charge === 1,
    outOfAmmo: u.out_of_ammo === 1,
    ...(firing && u.arm === 'artillery' ? { artilleryRow: batteryRow(ctx, u) } : {}),
    ...(!firing && fireColumns.length > 0 ? { cohesion: checkedUnit(u) } : {}),
  });
  const decision = askRules(() =>
    firePlan({
      stack: stack.map((u) => facts(u, true)),
      ...(input.targets === undefined ? {} : { targets: targets.map((u) => facts(u, false)) }),
      ...(input.firers ? { firers: input.firers } : {}),
      ...(input.returnFire !== undefined ? { returnFire: input.returnFire } : {}),
      ...(input.kind ? { kind: input.kind } : {}),
      range: input.range,
      weather,
      ...(input.facts ? { facts: input.facts } : {}),
      ...(input.artilleryRange ? { artilleryRange: input.artilleryRange } : {}),
      otherDrms: [
        ...playerItems(input.otherDrms),
        // The rule modules' DRMs, itemised with their source (Demoralization, RI-O08, RI-O32: the firing side
        // against the target's side), once the target is named.
        ...(targetSide === null ? [] : fireDrmItems(ctx, { attacker: side, defender: targetSide, firers: stack, targets, range: input.range })),
      ],
      ...(input.friendlyFireRoll !== undefined ? { friendlyFireRoll: input.friendlyFireRoll } : {}),
      ...(input.lossSp !== undefined ? { lossSp: input.lossSp } : {}),
      kit: kit && fireColumns.length > 0 ? { fingerprint: kit.fingerprint, columns: fireColumns, ...(input.previewRoll !== undefined ? { previewRoll: input.previewRoll } : {}) } : null,
    }),
  );
  if (!decision.ok) {
    const r = decision.refusal;
    throw r.refused === 'forbidden' ? forbidden(r.field, r.message, r.rule!) : invalid(r.field, r.message, r.rule);
  }
  const { plan: decided } = decision;
  const { attack } = decided;
  const byId = new Map([...stack, ...targets].map((u) => [u.id, u]));
  const plan: PlanFireResult = {
    firing: decided.firing,
    rangeDrm: decided.rangeDrm,
    rangeNote: decided.rangeNote,
    stack: linedUp(stack, orders, decided.stack),
    stackSp: decided.stackSp,
    overstacked: decided.overstacked,
    weather: { raining: weather.raining, mud: weather.mud },
    attack: attack === null ? null : { ...attack, target: { units: linedUp(targets, orders, attack.target.units, input.returnFire === true), inFront: attack.target.inFront } },
  };
  const units = (ids: string[]) => ids.map((id) => byId.get(id)!);
  return { plan, stack, firers: attack ? units(attack.firers) : [], targets: attack ? targets : [], inFront: attack ? units(attack.target.inFront) : [], side, orders };
}

/** The battery's guns' row in the group's artillery range chart, when one is recorded and the chart has it. */
function batteryRow(ctx: GameContext, u: UnitRow): ArtilleryRangeColumn | null {
  if (u.artillery_row === null || !ctx.charts) return null;
  try {
    return ctx.charts().artilleryRange?.rows.find((r) => r.name === u.artillery_row) ?? null;
  } catch {
    return null;
  }
}

export function planFire(ctx: GameContext, input: PlanFireInput): PlanFireResult {
  return buildFirePlan(ctx, input).plan;
}

/**
 * A fire result's SP loss shared among the units in front "as evenly as possible, with choice left to the
 * firing player" (Rev. Stacking and Fire Combat; RI-K07). Loss beyond what they hold is not taken.
 */
function shareFireLoss(changes: UnitChanges, inFront: UnitRow[], result: FireResultInput, choice: string[], source: 'small-arms' | 'artillery', notes: string[]): void {
  const held = inFront.map((u) => currentSp(changes.now(u)));
  const shares = askRules(() => evenLossShares(result.sp, held));
  const chosen = choice.filter((id) => inFront.some((u) => u.id === id));
  let extraTo: number[];
  if (shares.extra === 0) {
    if (chosen.length > 0) throw invalid('lossChoice', 'the loss shares out evenly: there is no SP left to place');
    extraTo = [];
  } else if (shares.choices.length === shares.extra) {
    extraTo = shares.choices; // every unit that can take one takes one: no choice to make
  } else {
    const names = shares.choices.map((i) => inFront[i]!.name).join(', ');
    if (chosen.length !== shares.extra) {
      throw invalid('lossChoice', `${shares.extra} SP are left after an even share: name ${shares.extra} of ${names} to take one each (the firing player's choice)`, RULE.stacking);
    }
    extraTo = chosen.map((id, i) => {
      const at = inFront.findIndex((u) => u.id === id);
      if (!shares.choices.includes(at)) throw invalid(`lossChoice[${i}]`, `${inFront[at]!.name} cannot take one more SP; choose among ${names}`, RULE.stacking);
      return at;
    });
    if (new Set(extraTo).size !== extraTo.length) throw invalid('lossChoice', 'names a unit twice');
  }
  inFront.forEach((u, i) => changes.loseSp(u, (shares.fixed[i] ?? 0) + (extraTo.includes(i) ? 1 : 0), source));
  if (shares.unabsorbed > 0) notes.push(`${shares.unabsorbed} SP more than the units in front hold is not taken`);
}

export function resolveFire(ctx: GameContext, input: ResolveFireInput): ResolveFireResult {
  return write(ctx, 'fire', input, (cs) => {
    // RI-K20: fire combat happens in the Activation Segment.
    requireSegment(ctx, 'stack', ACTIVATION_SEGMENT, RULE.sequence);
    const ff = input.friendlyFire ? givenDie(ctx, 'friendlyFire.', input.friendlyFire) : null;
    const build = buildFirePlan(ctx, { ...input, ...(ff ? { friendlyFireRoll: ff.roll } : {}) });
    const attack = build.plan.attack;
    if (!attack) throw invalid('targets', "name the target hex's units (targets)");
    if (!attack.allowed) {
      const p = attack.prohibitions[0]!;
      const at = p.unitId === null ? -1 : build.firers.findIndex((u) => u.id === p.unitId);
      throw forbidden(at < 0 ? 'stack' : input.firers ? `firers[${input.firers.indexOf(p.unitId!)}]` : 'stack', p.reason, p.rule);
    }
    if (attack.friendlyFire && !ff) {
      throw forbidden('friendlyFire', `a friendly unit is ${attack.friendlyFire.distance} hex(es) from the target at range ${input.range}: roll for friendly fire first`, RULE.friendlyFire);
    }
    if (!attack.friendlyFire && input.friendlyFire) throw invalid('friendlyFire', 'no friendly-fire roll applies to this attack (artillery only; a friendly unit adjacent at range 5+, or 2 hexes away at range 8+)');
    const d = givenDie(ctx, '', input);
    const modified = d.roll + attack.drm.total;
    const changes = new UnitChanges(cs);
    const notes: string[] = [];
    const dice: Dice = [];
    /** The dice of the kit's checks, rolled after the fire die (cohesion checks, leader hit checks). */
    const checkDice: Dice = [];
    const enemyNear = input.enemyWithinTacticalMovementRange ?? true;
    const choice = input.lossChoice ?? [];
    const targetsById = new Map(build.targets.map((u) => [u.id, u]));
    const outcome = attack.friendlyFire?.outcome ?? null;
    const ladder = statusHitRule(ctx);

    // The result: read at the table, or computed from the group's kit (RI-K25).
    let result: FireResultInput;
    let computed: { kit: Kit; row: KitFireRow; cells: KitCells } | null = null;
    if (input.kit) {
      if (input.result) throw invalid('result', "give the result read at the table (result) or have it computed from the group's kit (kit), not both");
      if (outcome === 'friendly' || outcome === 'both-half') throw invalid('kit', 'the friendly-fire roll sends the fire onto a friendly unit: give the results read at the table (result)', RULE.friendlyFire);
      const kit = requireKit(ctx, input.kit.fingerprint);
      const cell = askRules(() => fireTableCell(kit.charts.fireTable?.columns ?? [], attack.strength.total, modified));
      if (!cell.found) throw invalid('kit', `${cell.reason}: give the result read at the table (result)`);
      computed = { kit, row: cell.result, cells: new KitCells(kit.fingerprint) };
      computed.cells.add(cell.cell);
      result = { sp: cell.result.sp };
    } else if (!input.result) {
      throw invalid('result', "give the Fire Table's result read at the table (result), or have it computed from the group's kit (kit)");
    } else result = input.result;

    // Where the fire lands: the target, the nearest friendly unit, both, or nobody (Rev. Artillery Friendly Fire).
    let friendly: UnitRow[] = [];
    if (outcome === 'friendly' || outcome === 'both-half') {
      if (!input.friendlyFire?.unitIds) throw invalid('friendlyFire.unitIds', `the friendly-fire roll of ${ff!.roll} hits the nearest friendly unit in the line of fire: name its hex's units`, RULE.friendlyFire);
      friendly = combatUnits(ctx, 'friendlyFire.unitIds', input.friendlyFire.unitIds);
      friendly.forEach((u, i) => {
        if (u.side !== build.side) throw invalid(`friendlyFire.unitIds[${i}]`, `${u.name} is not on the firing side`);
        if (input.stack.includes(u.id)) throw invalid(`friendlyFire.unitIds[${i}]`, `${u.name} is in the firing stack`);
      });
    }
    const friendlyLine = friendly.length === 0 ? [] : lineUp(friendly, standingOrdersOf(friendly.map((u) => u.command_id), readCommands(ctx.db)));
    const friendlyFront = friendly.filter((_, i) => friendlyLine[i]!.inFront);
    const friendlyById = new Map(friendly.map((u) => [u.id, u]));
    if (outcome === 'miss' && (result.sp > 0 || (result.outcomes ?? []).length > 0)) {
      throw invalid('result.sp', `the friendly-fire roll of ${ff!.roll} misses everybody: the fire has no result`, RULE.friendlyFire);
    }
    if (outcome === 'friendly') {
      shareFireLoss(changes, friendlyFront, result, choice, attack.lossCause, notes);
      applyOutcomes(changes, 'result.outcomes', result.outcomes, friendlyById, 'other', false);
    } else if (outcome !== 'miss') {
      shareFireLoss(changes, build.inFront, result, choice, attack.lossCause, notes);
      applyOutcomes(changes, 'result.outcomes', result.outcomes, targetsById, 'fire', enemyNear, ladder);
      if (computed) {
        // The cell's meaning: a morale result on the units in front, then their cohesion checks on the kit's UDD table.
        const { row } = computed;
        const alive = build.inFront.filter((u) => changes.now(u).status !== 'eliminated');
        if (row.status && row.status !== 'unchanged') {
          applyOutcomes(changes, 'kit', alive.map((u) => ({ unitId: u.id, status: row.status as Exclude<UnitStatus, 'eliminated'> })), targetsById, 'fire', enemyNear, ladder);
        }
        if (row.check) {
          const checks: CheckContext = { ctx, changes, cells: computed.cells, dice: checkDice, notes, units: targetsById, typed: typedCheckRolls(input.kit!.checkRolls), outcomes: input.kit!.outcomes ?? [], enemyNear, ladder };
          for (const u of alive) {
            const works = askRules(() => uddDrm({ works: u.works }));
            const drm = itemised([...(row.checkDrm ? [{ label: 'Fire Table result', value: row.checkDrm, rule: "Group's kit: Fire Table" }] : []), ...works.items]);
            cohesionCheck(checks, computed.kit.charts.uddTable, 'UDD', 'fire', u, drm, `Cohesion check after fire: ${u.name}`, 'fire');
          }
        }
      }
    }
    if (outcome === 'both-half') {
      const second = input.friendlyFire?.result;
      if (!second) throw invalid('friendlyFire.result', 'the fire hits both at 1/2 SPs each: give the result against the friendly unit too', RULE.friendlyFire);
      shareFireLoss(changes, friendlyFront, second, choice, attack.lossCause, notes);
      applyOutcomes(changes, 'friendlyFire.result.outcomes', second.outcomes, friendlyById, 'other', false);
    } else if (input.friendlyFire?.result) {
      throw invalid('friendlyFire.result', 'a second result is given only when the fire hits both at 1/2 SPs each');
    }

    // The ammo check: "Ammo" on any adjusted even roll for cavalry, B and SR weapons (RI-F04; RI-K09).
    // With the kit, a row the edition marks "Ammo" puts every firer out of ammo too.
    const outOfAmmo: string[] = [];
    for (const u of build.firers) {
      const marked = computed?.row.ammo === true;
      if (!attack.ammoCheck.includes(u.id) && !marked) continue;
      if ((marked || askRules(() => isAmmoResult({ arm: u.arm, weapon: u.weapon }, modified))) && u.out_of_ammo === 0) {
        changes.put(u, 'out_of_ammo', 1);
        outOfAmmo.push(u.id);
      }
    }

    const byId = new Map([...build.targets, ...friendly].map((u) => [u.id, u]));
    leaderChecks(ctx, cs, input.leaderChecks, sidesThatLost(changes, byId), dice, notes);
    if (computed) kitLeaderChecks({ ctx, cells: computed.cells, dice: checkDice, notes }, cs, computed.kit, input.kit!.leadersStacked, sidesThatLost(changes, byId));

    const firerNames = build.firers.map((u) => u.name).join(', ');
    const targetNames = build.inFront.map((u) => u.name).join(', ');
    const ffWords = ff ? `; friendly fire ${dieWords(ff)}: ${outcome}` : '';
    const resultWords = computed
      ? `${result.sp} SP (kit ${computed.kit.fingerprint}: ${cellWords(computed.cells.cells[0]!)})`
      : `${result.sp} SP${input.resultFrom === 'chart' ? ' (from your chart)' : ''}`;
    // The dice in the order they were rolled: friendly fire, the fire itself, then the rolls it led to.
    const ordered: Dice = [];
    if (ff && ff.source === 'table') {
      ordered.push({ purpose: `Artillery friendly fire: ${firerNames}`, source: 'table', roll: ff.roll, modifiers: { total: 0, items: [] }, modified: ff.roll, target: null, outcome: outcome ?? '' });
    }
    if (d.source === 'table') {
      ordered.push({ purpose: `Fire: ${firerNames} at ${targetNames}`, source: 'table', roll: d.roll, modifiers: attack.drm, modified, target: null, outcome: `${resultWords}${outOfAmmo.length ? '; Ammo' : ''}` });
    }
    ordered.push(...checkDice, ...dice);
    const ammoWords = outOfAmmo.length ? `; Ammo: ${outOfAmmo.map((id) => build.firers.find((u) => u.id === id)!.name).join(', ')} out of ammo` : '';
    const lines = [...changes.notes, ...notes];
    return {
      summary: `Fire: ${firerNames} (${attack.strength.total} SP) at ${targetNames}, range ${input.range}, DRM ${signed(attack.drm.total)}; ${dieWords(d)}, modified ${modified}${ffWords}: ${resultWords}${lines.length ? `; ${lines.join('; ')}` : ''}${ammoWords}`,
      subjects: [...build.stack, ...build.targets, ...friendly].map((u) => `unit:${u.id}`),
      dice: ordered,
      result: {
        modified,
        losses: changes.losses(),
        outOfAmmo,
        friendlyFire: outcome,
        ...(ladder && ladder.steps.length > 0 ? { statusLadder: ladder.steps } : {}),
        ...(computed ? { kit: computed.cells.record() } : {}),
      },
      ...(computed ? { computed: computed.cells.record() } : {}),
      statusLadder: ladder?.steps,
    };
  });
}

