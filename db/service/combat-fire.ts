/**
 * Fire in the combat domain (db/service/combat.ts): the fire plan from the units' recorded state and the
 * players' map facts (planFire: frontage, range DRM, strength and every DRM, friendly fire, how a loss
 * shares out) and the result applied as ONE event (resolveFire: losses shared in front with the firing
 * player's choice, stragglers, abandoned guns, the ammo check, friendly fire, leader casualties).
 */
import { ARTILLERY_FRIENDLY_FIRE_TABLES, isAmmoResult, rangeDrmItems, smallArmsMaxRange, stackFireResolution, type StackFirer, type TargetUnit } from '../../rules/fire';
import { evenLossShares, STACK_LIMIT_SP } from '../../rules/stacking';
import type { DrmItem, Itemised, Side, UnitStatus } from '../../rules/types';
import { itemised } from '../../rules/itemise';
import { cohesionRatingOf, fireTableCell, type KitFireRow } from '../../rules/kit';
import { uddDrm } from '../../rules/rally';
import type { Kit } from '../kit';
import { cellWords, checkedUnit, cohesionCheck, KitCells, kitLeaderChecks, kitOf, requireKit, typedCheckRolls, type CheckContext } from './combat-kit';
import type { ArtilleryRangeColumn, FireResultInput, PlanFireInput, PlanFireResult, ResolveFireInput, ResolveFireResult } from '../../contract';
import { forbidden, invalid } from '../errors';
import { statement } from '../statements';
import { currentSp, readCommandLinks, readCommands, readGame, type UnitRow } from '../store';
import { askRules } from '../validate';
import { effectiveUnitOrder, standingOrdersOf } from './chain';
import { RULE } from './common';
import { write, type GameContext } from './context';
import { requireSegment } from './lookups';
import { fireDrmItems, statusHitRule } from './rule-seam';
import { UnitChanges } from './unit-changes';
import { ACTIVATION_SEGMENT, applyOutcomes, combatUnits, dieWords, givenDie, leaderChecks, lineUp, mountedFlag, oneSide, playerItems, sidesThatLost, signed, weatherOf, type Dice, type Orders } from './combat-units';

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

function buildFirePlan(ctx: GameContext, input: PlanFireInput): FireBuild {
  const game = readGame(ctx.db);
  const weather = weatherOf(game);
  const commands = readCommandLinks(ctx.db);
  const stack = combatUnits(ctx, 'stack', input.stack);
  const side = oneSide('stack', stack);
  const targetRows = input.targets === undefined ? [] : combatUnits(ctx, 'targets', input.targets);
  const orders = standingOrdersOf([...stack, ...targetRows].map((u) => u.command_id), commands);
  const lined = lineUp(stack, orders);
  const range = input.range;
  const facts = input.facts ?? {};
  // Asked once per brigade (no index on units.skirmishers: each ask reads every unit).
  const skirmishing = new Map<string, boolean>();
  const skirmishersOut = (u: UnitRow) => {
    let out = skirmishing.get(u.command_id);
    if (out === undefined) {
      out = statement(ctx.db, 'SELECT 1 FROM units WHERE skirmishers = ? LIMIT 1').get(u.command_id) !== undefined;
      skirmishing.set(u.command_id, out);
    }
    return out;
  };

  // The range DRM of the top unit's small arms, or of the players' artillery row (RI-F06).
  const top = stack[0]!;
  let rangeDrm: Itemised | null = null;
  let rangeNote: string | null = null;
  let artilleryRangeItem: DrmItem | null = null;
  if (top.arm === 'artillery') {
    // The row given, else the battery's own guns' row in the group's artillery range chart (a counter value).
    const gunRow = input.artilleryRange ?? batteryRow(ctx, top);
    if (gunRow) {
      const v = gunRow.drms[range - 1];
      if (v === undefined || v === null) rangeNote = `${gunRow.name} cannot fire at range ${range} (your chart)`;
      else {
        artilleryRangeItem = { label: `Range ${range} (${gunRow.name})`, value: v, rule: "Players' chart: artillery range columns" };
        rangeDrm = { total: v, items: [artilleryRangeItem] };
      }
    } else {
      rangeNote = "The revision gives no artillery range DRMs: they are the base game's artillery range columns (RI-F06). Choose your chart's row for these guns.";
    }
  } else {
    const max = askRules(() => smallArmsMaxRange(top.weapon!, weather));
    if (range > max) rangeNote = `Beyond the maximum range of ${max}${weather.raining ? ' (halved by rain)' : ''} for ${top.weapon} weapons`;
    else {
      const items = askRules(() => rangeDrmItems({ weapon: top.weapon, skirmishers: skirmishersOut(top) }, range));
      rangeDrm = { total: items.reduce((s, i) => s + i.value, 0), items };
    }
  }

  const stackSp = stack.reduce((s, u) => s + currentSp(u), 0);
  const plan: PlanFireResult = {
    firing: lined.map((l) => ({ unitId: l.unitId, sp: l.firingSp })),
    rangeDrm,
    rangeNote,
    stack: lined,
    stackSp,
    overstacked: stackSp > STACK_LIMIT_SP,
    weather: { raining: weather.raining, mud: weather.mud },
    attack: null,
  };
  if (input.targets === undefined) return { plan, stack, firers: [], targets: [], inFront: [], side, orders };

  // The target hex: its units in front take the fire (all of the one unit for Return Fire).
  const targets = targetRows;
  const targetSide = oneSide('targets', targets);
  if (targetSide === side) throw invalid('targets', `the targets are ${side} like the firing stack`);
  targets.forEach((t, i) => {
    if (input.stack.includes(t.id)) throw invalid(`targets[${i}]`, `${t.name} is in the firing stack`);
  });
  if (input.returnFire === true && targets.length !== 1) throw invalid('targets', 'Return Fire is against one activating unit: name only that unit');
  const targetLine = lineUp(targets, orders, input.returnFire === true);
  const inFront = targets.filter((_, i) => targetLine[i]!.inFront);
  if (inFront.length === 0) throw invalid('targets', 'no unit of the target hex has an SP in front');

  // The firers: those named, or every unit in front of the top firing unit's kind (RI-K05).
  const fireClass = (u: UnitRow) => (u.arm === 'artillery' ? 'artillery' : 'small-arms');
  const frontUnits = stack.filter((_, i) => lined[i]!.inFront);
  let firers: UnitRow[];
  if (input.firers) {
    firers = input.firers.map((id, i) => {
      const at = stack.findIndex((u) => u.id === id);
      if (at < 0) throw invalid(`firers[${i}]`, `${id} is not in the firing stack`);
      if (!lined[at]!.inFront) throw forbidden(`firers[${i}]`, `${stack[at]!.name} is behind the front line: none of its SPs may fire out of the hex`, RULE.stacking);
      return stack[at]!;
    });
    if (new Set(input.firers).size !== input.firers.length) throw invalid('firers', 'names a unit twice');
    firers.sort((a, b) => stack.indexOf(a) - stack.indexOf(b));
  } else {
    const kind = frontUnits[0] ? fireClass(frontUnits[0]) : 'small-arms';
    firers = frontUnits.filter((u) => fireClass(u) === kind);
  }
  if (firers.length === 0) throw invalid('stack', 'no unit of the stack has an SP in front');

  const kind = input.kind ?? 'phasing';
  const firingSp = new Map(lined.map((l) => [l.unitId, l.firingSp]));
  const stackFirers: StackFirer[] = firers.map((u) => ({
    name: u.name,
    arm: u.arm,
    weapon: u.weapon,
    sp: firingSp.get(u.id) ?? 0,
    order: effectiveUnitOrder(u, orders).order,
    ...mountedFlag(u),
    works: u.works,
    skirmishers: u.arm !== 'artillery' && skirmishersOut(u),
    movingArtillery: u.arm === 'artillery' && facts.movingArtillery === true,
    extendedColumn: u.extended_column === 1,
    bayonetCharge: u.bayonet_charge === 1,
  }));
  const targetUnits: TargetUnit[] = inFront.map((u) => ({
    arm: u.arm,
    weapon: u.weapon,
    sp: currentSp(u),
    order: effectiveUnitOrder(u, orders).order,
    ...mountedFlag(u),
    strategicMovementOrExtendedColumn: u.strategic_movement === 1 || u.extended_column === 1,
    moved: facts.targetMoved === true,
  }));
  // RI-F03: the target hex's works count only when every unit in front is in them.
  const targetWorks = inFront.every((u) => u.works === 'entrenchments') ? 'entrenchments' : inFront.every((u) => u.works !== 'none') ? 'breastworks' : 'none';
  const resolution = askRules(() =>
    stackFireResolution({
      firers: stackFirers,
      kind,
      range,
      targets: targetUnits,
      targetHex: { works: targetWorks, devilsDen: facts.targetInDevilsDen === true, throughRearHexside: facts.throughRearHexside === true },
      weather,
      ...(facts.firerInCloseTerrain !== undefined ? { firerInCloseTerrain: facts.firerInCloseTerrain } : {}),
      otherDrms: [
        ...(artilleryRangeItem && firers[0]!.arm === 'artillery' ? [artilleryRangeItem] : []),
        ...playerItems(input.otherDrms),
        // The rule modules' DRMs (Demoralization, RI-O08, RI-O32: the firing side against the target's side).
        ...fireDrmItems(ctx, { attacker: side, defender: targetSide, firers, targets: inFront, range }),
      ],
    }),
  );
  const prohibitions = resolution.prohibitions.map((p) => ({ unitId: p.firer === null ? null : firers[p.firer]!.id, reason: p.reason, rule: p.rule }));
  // RI-K09: a unit out of ammo does not fire until the players clear its marker.
  firers.forEach((u) => {
    if (u.out_of_ammo === 1) prohibitions.push({ unitId: u.id, reason: `${u.name} is out of ammo`, rule: RULE.fireTable });
  });
  if (firers[0]!.arm === 'artillery' && rangeNote !== null && (input.artilleryRange || batteryRow(ctx, firers[0]!))) prohibitions.push({ unitId: firers[0]!.id, reason: rangeNote, rule: "Players' chart: artillery range columns" });

  // Artillery friendly fire (RI-K19): the table for the nearest friendly unit's distance, when the range reaches it.
  let friendlyFire: NonNullable<PlanFireResult['attack']>['friendlyFire'] = null;
  const strength = { total: resolution.strength.total, items: [...resolution.strength.items] };
  if (firers[0]!.arm === 'artillery' && facts.friendlyNearTarget !== undefined) {
    const table = ARTILLERY_FRIENDLY_FIRE_TABLES.find((t) => t.friendlyDistanceToTarget === facts.friendlyNearTarget && range >= t.minRange);
    if (table) {
      const outcome = input.friendlyFireRoll === undefined ? null : (table.results[input.friendlyFireRoll] ?? null);
      friendlyFire = { distance: facts.friendlyNearTarget, results: [...table.results], outcome, rule: table.rule };
      if (outcome === 'both-half') {
        const half = Math.floor(strength.total / 2) - strength.total;
        strength.items.push({ label: 'Friendly fire: hits both friendly and enemy at 1/2 SPs each, rounded down', value: half, rule: table.rule });
        strength.total += half;
      }
    }
  }
  plan.attack = {
    firers: firers.map((u) => u.id),
    allowed: prohibitions.length === 0,
    prohibitions,
    strength,
    drm: resolution.drm,
    maxRange: resolution.maxRange,
    ammoCheck: firers.filter((_, i) => resolution.ammoCheck[i]).map((u) => u.id),
    lossCause: firers[0]!.arm === 'artillery' ? 'artillery' : 'small-arms',
    target: { units: targetLine, inFront: inFront.map((u) => u.id) },
    friendlyFire,
    shares: input.lossSp === undefined ? null : planShares(inFront, input.lossSp),
    kit: null,
  };
  // With the group's kit: the Fire Table's cell for the die, and the shares of the loss it gives.
  const kit = kitOf(ctx);
  if (kit?.charts.fireTable?.columns.length) {
    const preview = fireKitPreview(kit, plan.attack.strength.total, plan.attack.drm.total, input.previewRoll, inFront);
    plan.attack.kit = preview;
    if (input.lossSp === undefined && preview.sp !== null) plan.attack.shares = planShares(inFront, preview.sp);
  }
  return { plan, stack, firers, targets, inFront, side, orders };
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

type FireKitPreview = NonNullable<NonNullable<PlanFireResult['attack']>['kit']>;

/** What the kit's Fire Table gives for the die, before the players confirm it (RI-K25). */
function fireKitPreview(kit: Kit, strength: number, drm: number, roll: number | undefined, inFront: UnitRow[]): FireKitPreview {
  const none = { sp: null, check: false, checkDrm: 0, status: null, ammo: false, unrated: [] as string[] };
  if (roll === undefined) return { fingerprint: kit.fingerprint, found: false, cell: null, note: "Roll the die: Muster reads the result in the kit's Fire Table", ...none };
  const cell = askRules(() => fireTableCell(kit.charts.fireTable!.columns, strength, roll + drm));
  if (!cell.found) return { fingerprint: kit.fingerprint, found: false, cell: null, note: `${cell.reason[0]!.toUpperCase()}${cell.reason.slice(1)}: read the result at the table and type it`, ...none };
  const row = cell.result;
  const check = row.check === true;
  const unrated = check ? inFront.filter((u) => cohesionRatingOf(checkedUnit(u)) === null).map((u) => u.id) : [];
  return {
    fingerprint: kit.fingerprint,
    found: true,
    cell: cell.cell,
    note: `Kit ${kit.fingerprint}: ${cellWords(cell.cell)}`,
    sp: row.sp,
    check,
    checkDrm: row.checkDrm ?? 0,
    status: row.status && row.status !== 'unchanged' ? row.status : null,
    ammo: row.ammo === true,
    unrated,
  };
}

/** How a loss would be shared among the units in front (RI-K07), for the assistant to show before it is applied. */
function planShares(inFront: UnitRow[], sp: number): NonNullable<NonNullable<PlanFireResult['attack']>['shares']> {
  const shares = askRules(() => evenLossShares(sp, inFront.map(currentSp)));
  return {
    sp,
    fixed: inFront.map((u, i) => ({ unitId: u.id, sp: shares.fixed[i] ?? 0 })),
    extra: shares.extra,
    choices: shares.choices.map((i) => inFront[i]!.id),
    choiceNeeded: shares.extra > 0 && shares.choices.length > shares.extra,
    unabsorbed: shares.unabsorbed,
  };
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
    };
  });
}

