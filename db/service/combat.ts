/**
 * Combat at the table (issue 9): fire and shock worked out from the units' recorded state and the map
 * facts the players state, and their results applied as ONE event each; the Bayonet Charge; Rally and UDD
 * rolls; the Confusion Table result after a failed ME attempt; field works; the weather.
 *
 * The revision's rules are asked of rules/ (frontage, fire and shock DRMs, stragglers, abandoned guns, the
 * ammo check, friendly fire, leader casualties, rally). The base game's tables are not Muster's: the
 * players read them (or their own charts) and give the result, which this module applies.
 */
import { ARTILLERY_FRIENDLY_FIRE_TABLES, isAmmoResult, rangeDrmItems, smallArmsMaxRange, stackFireResolution, type StackFirer, type TargetUnit } from '../../rules/fire';
import { leaderCasualty as casualtyRoll, type DisorderCause } from '../../rules/losses';
import { commandAncestors } from '../../rules/orders';
import { dismountedCavalryCohesion, rallyDrm, uddDrm, type RallyLeader } from '../../rules/rally';
import { bayonetChargeIneligibility, mustObeyConfusionTableShock, oddsRoundedForAttacker, orderMayShock, preShockDrm, retreatBeforeShock, shockDrm, type ShockAttacker } from '../../rules/shock';
import { evenLossShares, fireFrontageSteps, frontLine, STACK_LIMIT_SP, type FrontageStep } from '../../rules/stacking';
import { ORDERS } from '../../rules/orders';
import type { Arm, DieRoll, DrmItem, Itemised, Side } from '../../rules/types';
import { rainEvent, rollToEndRain as endRainRoll, RAIN_RULE, type Weather } from '../../rules/weather';
import type {
  BayonetChargeInput,
  CancelBayonetChargeInput,
  ChangeResult,
  CohesionRollResult,
  CombatUnit,
  ConfusionInput,
  ConfusionResult,
  FireResultInput,
  LeaderCheck,
  LinedUpUnit,
  PlanCohesionInput,
  PlanCohesionResult,
  PlanFireInput,
  PlanFireResult,
  PlanShockInput,
  PlanShockResult,
  PlayerDrm,
  RallyInput,
  ResolveFireInput,
  ResolveFireResult,
  ResolveShockInput,
  ResolveShockResult,
  SetWeatherInput,
  SetWorksInput,
  UddInput,
  UnitOutcome,
  WeatherState,
} from '../../contract';
import type { NewDiceRow } from '../dice';
import { forbidden, invalid, notFound } from '../errors';
import type { ChangeSet } from '../events';
import { statement } from '../statements';
import { currentSp, readClock, readCommands, readGame, readLeaders, readTurn, readUnits, type CommandRow, type GameRow, type LeaderDbRow, type UnitRow } from '../store';
import { askRules } from '../validate';
import { effectiveUnitOrder, standingOrdersOf, tree } from './chain';
import { RULE } from './common';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { leader, onMapCommand, onMapUnit, requireSegment } from './lookups';
import { UnitChanges } from './unit-changes';

type Dice = Omit<NewDiceRow, 'eventSeq'>[];
const ACTIVATION_SEGMENT = 'III';
const PLAYERS_RULE = 'Players (base game)';

// -------------------------------------------------------------------------------------------
// Units, as the assistants see them

/** Units named in a list: each once, on the map and not eliminated. */
function combatUnits(ctx: GameContext, field: string, ids: readonly string[]): UnitRow[] {
  const seen = new Set<string>();
  return ids.map((id, i) => {
    if (seen.has(id)) throw invalid(`${field}[${i}]`, `names ${id} twice`);
    seen.add(id);
    const u = onMapUnit(ctx, `${field}[${i}]`, id);
    if (u.status === 'eliminated') throw forbidden(`${field}[${i}]`, `${u.name} is eliminated`, RULE.stacking);
    return u;
  });
}

function oneSide(field: string, units: UnitRow[]): Side {
  const side = units[0]!.side;
  units.forEach((u, i) => {
    if (u.side !== side) throw invalid(`${field}[${i}]`, `${u.name} is ${u.side}; the other units named are ${side}`);
  });
  return side;
}

type Orders = ReturnType<typeof standingOrdersOf>;

function combatUnit(u: UnitRow, orders: Orders): CombatUnit {
  return {
    unitId: u.id,
    name: u.name,
    side: u.side,
    arm: u.arm,
    weapon: u.weapon,
    order: effectiveUnitOrder(u, orders).order,
    status: u.status,
    mounted: u.mounted === 1,
    outOfAmmo: u.out_of_ammo === 1,
    works: u.works,
    bayonetCharge: u.bayonet_charge === 1,
    currentSp: currentSp(u),
  };
}

/** RI-K03: cavalry passes its recorded state; other arms pass nothing. */
const mountedFlag = (u: UnitRow): { mounted?: boolean } => (u.arm === 'cavalry' ? { mounted: u.mounted === 1 } : {});

const ARM_WORDS: Record<Arm, { one: string; type: string }> = {
  artillery: { one: 'battery', type: 'Artillery' },
  infantry: { one: 'regiment', type: 'Infantry' },
  cavalry: { one: 'battalion', type: 'Cavalry' },
};

function factorWords(factor: number, to: Arm): string {
  const type = ARM_WORDS[to].type;
  switch (factor) {
    case 1:
      return `same type (${type})`;
    case 0.5:
      return `x1/2 for going down one level to ${type}`;
    case 0.25:
      return `x1/4 for going down two levels to ${type}`;
    case 2:
      return `x2 for going up one level to ${type}`;
    default:
      return `x${factor} for going up two levels to ${type}`;
  }
}

const sps = (n: number) => `${n} SP${n === 1 ? '' : 's'}`;

/** The procedure for one unit in the words of the revision's worked examples. */
function explain(u: UnitRow, step: FrontageStep, first: boolean): string {
  const sp = currentSp(u);
  const whole = step.fires === sp ? (sp === 1 ? `Its ${sps(sp)} may fire.` : `All ${sps(sp)} may fire.`) : `${step.fires} of its ${sps(sp)} may fire.`;
  switch (step.source) {
    case 'no-sp':
      return 'No SPs left in the line: it does not fire.';
    case 'exhausted':
      return step.spaceIn === 0 ? 'The difference having been used up, it may not fire.' : 'No additional fire from the stack: it may not fire.';
    case 'maximum': {
      const type = ARM_WORDS[u.arm].type;
      const left = step.spaceOut ?? 0;
      const diff = left > 0 ? ` The difference is ${left} (${step.available}-${step.fires}=${left}).` : ' The difference is used up.';
      return `${type} maximum is ${step.available}${first ? '' : ' (the first unit that fires)'}. ${whole}${diff}`;
    }
    case 'below-one':
      return `The difference is ${step.spaceIn}; ${factorWords(step.factor!, u.arm)} = ${step.exact}: less than 1, no additional fire from the stack.`;
    case 'space': {
      const rounded = step.exact !== step.available ? `${step.exact}, rounded down to ${step.available}` : `${step.available}`;
      const left = step.spaceOut ?? 0;
      const after = left > 0 ? ` The difference is now ${left} (${step.available}-${step.fires}=${left}).` : '';
      return `The difference is ${step.spaceIn}; ${factorWords(step.factor!, u.arm)} = ${rounded} ${step.available === 1 ? 'SP' : 'SPs'} eligible. ${whole}${after}`;
    }
  }
}

/** A stack lined up for fire: who fires what, right to left from the top, who stands behind (Rev. Stacking and Fire Combat). */
function lineUp(units: UnitRow[], orders: Orders, allInFront = false): LinedUpUnit[] {
  const stacked = units.map((u) => ({ arm: u.arm, sp: currentSp(u) }));
  const steps = askRules(() => fireFrontageSteps(stacked));
  const front = askRules(() => frontLine(stacked));
  const position = new Map(front.inFront.map((f) => [f.index, f.position]));
  return units.map((u, i) => {
    const step = steps[i]!;
    const inFront = allInFront ? currentSp(u) > 0 : step.fires > 0;
    return {
      ...combatUnit(u, orders),
      firingSp: step.fires,
      inFront,
      position: allInFront ? (inFront ? 'right' : null) : (position.get(i) ?? null),
      step,
      explanation: allInFront ? 'Return Fire against this activating unit: all of it takes the fire.' : explain(u, step, steps.findIndex((s) => s.source === 'maximum') === i),
    };
  });
}

function weatherOf(game: GameRow): Weather {
  return { raining: game.raining === 1, mud: game.mud === 1, rainStopRolls: game.rain_stop_rolls };
}

const playerItems = (drms: PlayerDrm[] | undefined): DrmItem[] => (drms ?? []).map((d) => ({ label: d.label, value: d.value, rule: d.rule && d.rule.length > 0 ? d.rule : PLAYERS_RULE }));

/** The commands a unit is in, its own first, then up the chain. */
function commandChain(u: UnitRow, commands: CommandRow[]): CommandRow[] {
  const byId = new Map(commands.map((c) => [c.id, c]));
  const ids = [u.command_id, ...askRules(() => commandAncestors(tree(commands), u.command_id))];
  return ids.map((id) => byId.get(id)).filter((c): c is CommandRow => c !== undefined);
}

/** At ME now: activated at ME itself (III.B), or with a command it belongs to. */
function atMe(u: UnitRow, commands: CommandRow[]): boolean {
  return u.activation === 'ME' || commandChain(u, commands).some((c) => c.activation === 'ME');
}

// -------------------------------------------------------------------------------------------
// Dice the players must see before they give the result

interface GivenDie {
  roll: DieRoll;
  source: 'app' | 'table';
  /** The dice-log seq of an app roll made before with rollDie; null for a typed die. */
  seq: number | null;
}

/**
 * RI-K18: the die of a roll whose result the players read from a table is typed at the table, or is the
 * app's roll made just before with rollDie (its seq): an app roll not yet used by another combat.
 */
function givenDie(ctx: GameContext, prefix: string, given: { roll?: number | undefined; rollSeq?: number | undefined }): GivenDie {
  const rollField = `${prefix}roll`;
  const seqField = `${prefix}rollSeq`;
  if (given.roll !== undefined && given.rollSeq !== undefined) throw invalid(rollField, 'give the die typed at the table (roll) or the seq of the app\'s roll (rollSeq), not both');
  if (given.roll !== undefined) return { roll: given.roll as DieRoll, source: 'table', seq: null };
  if (given.rollSeq === undefined) {
    throw invalid(rollField, 'give the die typed at the table (roll), or roll it with rollDie first and give its seq (rollSeq): the result depends on the roll (RI-K18)');
  }
  const row = statement(ctx.db, 'SELECT d.seq, d.roll, d.source, d.event_seq, e.kind, e.undone FROM dice_log d JOIN events e ON e.seq = d.event_seq WHERE d.seq = ?').get(given.rollSeq) as
    | { seq: number; roll: number; source: string; event_seq: number; kind: string; undone: number }
    | undefined;
  if (!row) throw notFound(seqField, `no roll #${given.rollSeq} in the dice log`);
  if (row.source !== 'app' || row.kind !== 'die.rolled') throw invalid(seqField, `roll #${row.seq} is not an app roll made with rollDie`);
  if (row.undone === 1) throw invalid(seqField, `roll #${row.seq} was undone`);
  const used = statement(
    ctx.db,
    "SELECT e.seq FROM events e, json_tree(e.payload, '$.input') t WHERE e.seq > ? AND e.undone = 0 AND t.key = 'rollSeq' AND t.atom = ? LIMIT 1",
  ).get(row.event_seq, row.seq) as { seq: number } | undefined;
  if (used) throw invalid(seqField, `roll #${row.seq} was already used by event #${used.seq}`);
  return { roll: row.roll as DieRoll, source: 'app', seq: row.seq };
}

const dieWords = (d: GivenDie) => (d.source === 'table' ? `rolled ${d.roll}` : `app roll #${d.seq}: ${d.roll}`);
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

// -------------------------------------------------------------------------------------------
// Leader casualties

/**
 * RI-K10: the players name the leaders stacked with a unit that lost SPs and say whether the base game's
 * check hit each; a hit leader rolls the revision's Leader Casualty die (0-4 KIA, 5-9 WIA), typed or rolled.
 */
function leaderChecks(ctx: GameContext, cs: ChangeSet, checks: LeaderCheck[] | undefined, sidesHit: Set<Side>, dice: Dice, notes: string[]): void {
  const seen = new Set<string>();
  (checks ?? []).forEach((c, i) => {
    const field = `leaderChecks[${i}].leaderId`;
    if (seen.has(c.leaderId)) throw invalid(field, `names ${c.leaderId} twice`);
    seen.add(c.leaderId);
    const l = leader(ctx, field, c.leaderId);
    if (l.casualty !== 'none') throw forbidden(field, `${l.name} is already ${l.casualty}`, RULE.leaderLosses);
    if (l.on_map !== 1) throw forbidden(field, `${l.name} is not on the map`, RULE.leaderLosses);
    if (!sidesHit.has(l.side)) throw forbidden(field, `no ${l.side} unit lost SPs in this combat: only leaders stacked with a unit that lost SPs are checked`, RULE.leaderLosses);
    if (!c.hit) {
      notes.push(`${l.name} checked: unhurt`);
      return;
    }
    const r = die(ctx, c.roll as DieRoll | undefined);
    const result = askRules(() => casualtyRoll(r.roll));
    cs.set('leaders', l.id, 'casualty', 'none', result === 'KIA' ? 'killed' : 'wounded');
    dice.push({ purpose: `Leader casualty: ${l.name}`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: '0-4 KIA, 5-9 WIA', outcome: result });
    notes.push(`${l.name} is hit: rolled ${r.roll}, ${result === 'KIA' ? 'killed' : 'wounded'}`);
  });
}

/** Sides with a unit that lost SPs (permanent, stragglers or abandoned guns) in this change. */
function sidesThatLost(changes: UnitChanges, byId: Map<string, UnitRow>): Set<Side> {
  return new Set(changes.losses().map((t) => byId.get(t.unitId)!.side));
}

/** Status results: each for a unit of the combat, never for one its losses eliminated. */
function applyOutcomes(changes: UnitChanges, field: string, outcomes: UnitOutcome[] | undefined, units: Map<string, UnitRow>, defaultCause: DisorderCause, enemyNear: boolean): void {
  const seen = new Set<string>();
  (outcomes ?? []).forEach((o, i) => {
    const u = units.get(o.unitId);
    if (!u) throw invalid(`${field}[${i}].unitId`, `${o.unitId} is not one of the units in this combat`);
    if (seen.has(o.unitId)) throw invalid(`${field}[${i}].unitId`, `gives ${u.name} two results`);
    seen.add(o.unitId);
    if (changes.now(u).status === 'eliminated') throw invalid(`${field}[${i}].unitId`, `${u.name} is eliminated by its losses`);
    changes.setStatus(u, o.status, o.cause ?? defaultCause, enemyNear);
  });
}

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
  const commands = readCommands(ctx.db);
  const stack = combatUnits(ctx, 'stack', input.stack);
  const side = oneSide('stack', stack);
  const targetRows = input.targets === undefined ? [] : combatUnits(ctx, 'targets', input.targets);
  const orders = standingOrdersOf([...stack, ...targetRows].map((u) => u.command_id), commands);
  const lined = lineUp(stack, orders);
  const range = input.range;
  const facts = input.facts ?? {};
  const skirmishersOut = (u: UnitRow) => statement(ctx.db, 'SELECT 1 FROM units WHERE skirmishers = ? LIMIT 1').get(u.command_id) !== undefined;

  // The range DRM of the top unit's small arms, or of the players' artillery row (RI-F06).
  const top = stack[0]!;
  let rangeDrm: Itemised | null = null;
  let rangeNote: string | null = null;
  let artilleryRangeItem: DrmItem | null = null;
  if (top.arm === 'artillery') {
    if (input.artilleryRange) {
      const v = input.artilleryRange.drms[range - 1];
      if (v === undefined || v === null) rangeNote = `${input.artilleryRange.name} cannot fire at range ${range} (your chart)`;
      else {
        artilleryRangeItem = { label: `Range ${range} (${input.artilleryRange.name})`, value: v, rule: "Players' chart: artillery range columns" };
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
      otherDrms: [...(artilleryRangeItem && firers[0]!.arm === 'artillery' ? [artilleryRangeItem] : []), ...playerItems(input.otherDrms)],
    }),
  );
  const prohibitions = resolution.prohibitions.map((p) => ({ unitId: p.firer === null ? null : firers[p.firer]!.id, reason: p.reason, rule: p.rule }));
  // RI-K09: a unit out of ammo does not fire until the players clear its marker.
  firers.forEach((u) => {
    if (u.out_of_ammo === 1) prohibitions.push({ unitId: u.id, reason: `${u.name} is out of ammo`, rule: RULE.fireTable });
  });
  if (firers[0]!.arm === 'artillery' && rangeNote !== null && input.artilleryRange) prohibitions.push({ unitId: firers[0]!.id, reason: rangeNote, rule: "Players' chart: artillery range columns" });

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
  };
  return { plan, stack, firers, targets, inFront, side, orders };
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

function planFire(ctx: GameContext, input: PlanFireInput): PlanFireResult {
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

function resolveFire(ctx: GameContext, input: ResolveFireInput): ResolveFireResult {
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
    const enemyNear = input.enemyWithinTacticalMovementRange ?? true;
    const choice = input.lossChoice ?? [];
    const targetsById = new Map(build.targets.map((u) => [u.id, u]));
    const outcome = attack.friendlyFire?.outcome ?? null;

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
    const friendlyLine = lineUp(friendly, standingOrdersOf(friendly.map((u) => u.command_id), readCommands(ctx.db)));
    const friendlyFront = friendly.filter((_, i) => friendlyLine[i]!.inFront);
    const friendlyById = new Map(friendly.map((u) => [u.id, u]));
    if (outcome === 'miss' && (input.result.sp > 0 || (input.result.outcomes ?? []).length > 0)) {
      throw invalid('result.sp', `the friendly-fire roll of ${ff!.roll} misses everybody: the fire has no result`, RULE.friendlyFire);
    }
    if (outcome === 'friendly') {
      shareFireLoss(changes, friendlyFront, input.result, choice, attack.lossCause, notes);
      applyOutcomes(changes, 'result.outcomes', input.result.outcomes, friendlyById, 'other', false);
    } else if (outcome !== 'miss') {
      shareFireLoss(changes, build.inFront, input.result, choice, attack.lossCause, notes);
      applyOutcomes(changes, 'result.outcomes', input.result.outcomes, targetsById, 'fire', enemyNear);
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
    const outOfAmmo: string[] = [];
    for (const u of build.firers) {
      if (!attack.ammoCheck.includes(u.id)) continue;
      if (askRules(() => isAmmoResult({ arm: u.arm, weapon: u.weapon }, modified)) && u.out_of_ammo === 0) {
        changes.put(u, 'out_of_ammo', 1);
        outOfAmmo.push(u.id);
      }
    }

    const byId = new Map([...build.targets, ...friendly].map((u) => [u.id, u]));
    leaderChecks(ctx, cs, input.leaderChecks, sidesThatLost(changes, byId), dice, notes);

    const firerNames = build.firers.map((u) => u.name).join(', ');
    const targetNames = build.inFront.map((u) => u.name).join(', ');
    const ffWords = ff ? `; friendly fire ${dieWords(ff)}: ${outcome}` : '';
    const resultWords = `${input.result.sp} SP${input.resultFrom === 'chart' ? ' (from your chart)' : ''}`;
    // The dice in the order they were rolled: friendly fire, the fire itself, then the rolls it led to.
    const ordered: Dice = [];
    if (ff && ff.source === 'table') {
      ordered.push({ purpose: `Artillery friendly fire: ${firerNames}`, source: 'table', roll: ff.roll, modifiers: { total: 0, items: [] }, modified: ff.roll, target: null, outcome: outcome ?? '' });
    }
    if (d.source === 'table') {
      ordered.push({ purpose: `Fire: ${firerNames} at ${targetNames}`, source: 'table', roll: d.roll, modifiers: attack.drm, modified, target: null, outcome: `${resultWords}${outOfAmmo.length ? '; Ammo' : ''}` });
    }
    ordered.push(...dice);
    const ammoWords = outOfAmmo.length ? `; Ammo: ${outOfAmmo.map((id) => build.firers.find((u) => u.id === id)!.name).join(', ')} out of ammo` : '';
    const lines = [...changes.notes, ...notes];
    return {
      summary: `Fire: ${firerNames} (${attack.strength.total} SP) at ${targetNames}, range ${input.range}, DRM ${signed(attack.drm.total)}; ${dieWords(d)}, modified ${modified}${ffWords}: ${resultWords}${lines.length ? `; ${lines.join('; ')}` : ''}${ammoWords}`,
      subjects: [...build.stack, ...build.targets, ...friendly].map((u) => `unit:${u.id}`),
      dice: ordered,
      result: { modified, losses: changes.losses(), outOfAmmo, friendlyFire: outcome },
    };
  });
}

// -------------------------------------------------------------------------------------------
// Shock

interface ShockBuild {
  plan: PlanShockResult;
  attackers: UnitRow[];
  defenders: UnitRow[];
}

function buildShockPlan(ctx: GameContext, input: PlanShockInput): ShockBuild {
  const attackers = combatUnits(ctx, 'attackers', input.attackers);
  const side = oneSide('attackers', attackers);
  const defenders = combatUnits(ctx, 'defenders', input.defenders);
  const orders = standingOrdersOf([...attackers, ...defenders].map((u) => u.command_id), readCommands(ctx.db));
  if (oneSide('defenders', defenders) === side) throw invalid('defenders', `the defenders are ${side} like the attackers`);
  defenders.forEach((u, i) => {
    if (input.attackers.includes(u.id)) throw invalid(`defenders[${i}]`, `${u.name} is also an attacker`);
  });
  const attackerRows = attackers.map((u) => {
    const c = combatUnit(u, orders);
    const reasons: string[] = [];
    if (!askRules(() => orderMayShock(c.order))) reasons.push(`${ORDERS[c.order].name} orders: No Shock attacks`);
    if (c.currentSp === 0) reasons.push('No SPs left in the line');
    return { ...c, prohibitions: reasons };
  });
  const defenderRows = defenders.map((u) => ({ ...combatUnit(u, orders), prohibitions: [] as string[] }));
  const prohibitions: PlanShockResult['prohibitions'] = attackerRows.flatMap((a) => a.prohibitions.map((reason) => ({ unitId: a.unitId, reason: `${a.name}: ${reason}`, rule: 'Rev. Orders Table' })));
  const defenderSp = defenderRows.reduce((s, d) => s + d.currentSp, 0);
  if (defenderSp === 0) prohibitions.push({ unitId: null, reason: 'The defenders have no SPs left', rule: 'Rev. Shock DRMs' });

  // RI-K12: the Pre-Shock +1 applies when any attacking Bayonet Charge unit is undisordered (RI-F09: most advantageous to the attacker).
  const undisorderedCharge = attackers.some((a) => a.bayonet_charge === 1 && a.status === 'ordered');
  const preShock = [
    ...attackers.map((u) => ({ unitId: u.id, drm: { total: 0, items: [] } })),
    ...defenders.map((u) => ({
      unitId: u.id,
      drm: askRules(() => preShockDrm({ works: u.works, extendedColumnOrStrategicMovement: u.strategic_movement === 1 || u.extended_column === 1, facingUndisorderedBayonetCharge: undisorderedCharge })),
    })),
  ];
  const eligible = attackers.filter((_, i) => attackerRows[i]!.prohibitions.length === 0);
  const shockAttackers: ShockAttacker[] = eligible.map((u) => ({ order: effectiveUnitOrder(u, orders).order, bayonetCharge: u.bayonet_charge === 1 }));
  // RI-F09: the defender's works line counts only when every defending unit is in them.
  const works = defenders.every((u) => u.works === 'entrenchments') ? 'entrenchments' : defenders.every((u) => u.works !== 'none') ? 'breastworks' : 'none';
  const drm =
    shockAttackers.length === 0
      ? { total: 0, items: [] }
      : askRules(() =>
          shockDrm({
            attackers: shockAttackers,
            defenders: defenders.map((u) => ({ arm: u.arm, order: effectiveUnitOrder(u, orders).order, ...mountedFlag(u), extendedColumnOrStrategicMovement: u.strategic_movement === 1 || u.extended_column === 1 })),
            defenderHex: { devilsDen: input.defenderInDevilsDen === true, works },
            otherDrms: playerItems(input.otherDrms),
          }),
        );
  const attackerSp = attackerRows.filter((a) => a.prohibitions.length === 0).reduce((s, a) => s + a.currentSp, 0);
  const rounded = shockAttackers.length > 0 && askRules(() => oddsRoundedForAttacker(shockAttackers));
  return {
    attackers,
    defenders,
    plan: {
      attackers: attackerRows,
      defenders: defenderRows,
      preShock,
      allowed: prohibitions.length === 0,
      prohibitions,
      drm,
      odds: { attackerSp, defenderSp, text: oddsText(attackerSp, defenderSp), roundedForAttacker: rounded ? oddsInFavour(attackerSp, defenderSp) : null },
      bayonetMarkersRemoved: [...attackers, ...defenders].filter((u) => u.bayonet_charge === 1).map((u) => u.id),
    },
  };
}

function oddsText(a: number, d: number): string {
  if (a === 0 || d === 0) return `${a} : ${d}`;
  const ratio = a >= d ? `${Number((a / d).toFixed(1))} : 1` : `1 : ${Number((d / a).toFixed(1))}`;
  return `${a} : ${d} (${ratio})`;
}

/** RI-K14: "an automatic rounding off of odds in their favor": to the next whole odds better for the attacker. */
function oddsInFavour(a: number, d: number): string {
  if (a === 0 || d === 0) return `${a} : ${d}`;
  return a >= d ? `${Math.ceil(a / d)} : 1` : `1 : ${Math.floor(d / a)}`;
}

function planShock(ctx: GameContext, input: PlanShockInput): PlanShockResult {
  return buildShockPlan(ctx, input).plan;
}

function resolveShock(ctx: GameContext, input: ResolveShockInput): ResolveShockResult {
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

    // RI-K11: shock losses are placed unit by unit, as the players read them; artillery loses its guns outright.
    const lossSeen = new Set<string>();
    (input.result.losses ?? []).forEach((l, i) => {
      const u = units.get(l.unitId);
      if (!u) throw invalid(`result.losses[${i}].unitId`, `${l.unitId} is not one of the units in this shock`);
      if (lossSeen.has(u.id)) throw invalid(`result.losses[${i}].unitId`, `gives ${u.name} two losses`);
      lossSeen.add(u.id);
      const left = currentSp(changes.now(u));
      if (l.sp > left) throw invalid(`result.losses[${i}].sp`, `${u.name} has only ${left} SP left; it cannot lose ${l.sp}`);
      changes.loseSp(u, l.sp, 'shock');
    });
    (input.result.capturedGuns ?? []).forEach((g, i) => {
      const u = units.get(g.unitId);
      if (!u) throw invalid(`result.capturedGuns[${i}].unitId`, `${g.unitId} is not one of the units in this shock`);
      if (u.arm !== 'artillery') throw invalid(`result.capturedGuns[${i}].unitId`, `${u.name} is ${u.arm}; only artillery guns are captured`, RULE.victory);
      const left = currentSp(changes.now(u));
      if (g.sp > left) throw invalid(`result.capturedGuns[${i}].sp`, `${u.name} has only ${left} gun(s) in action; it cannot lose ${g.sp}`);
      changes.captureGuns(u, g.sp);
    });
    applyOutcomes(changes, 'result.outcomes', input.result.outcomes, units, 'shock', enemyNear);

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
      result: { modified, bayonetMarkersRemoved: plan.bayonetMarkersRemoved, uddDue },
    };
  });
}

// -------------------------------------------------------------------------------------------
// Bayonet Charge

function designateBayonetCharge(ctx: GameContext, input: BayonetChargeInput): ChangeResult {
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

function cancelBayonetCharge(ctx: GameContext, input: CancelBayonetChargeInput): ChangeResult {
  return write(ctx, 'bayonet-charge', input, (cs) => {
    const units = combatUnits(ctx, 'unitIds', input.unitIds);
    units.forEach((u, i) => {
      if (u.bayonet_charge === 0) throw invalid(`unitIds[${i}]`, `${u.name} has no Bayonet Charge marker`);
      cs.set('units', u.id, 'bayonet_charge', 1, 0);
    });
    return { summary: `Bayonet Charge marker removed: ${units.map((u) => u.name).join(', ')}`, subjects: units.map((u) => `unit:${u.id}`), result: {} };
  });
}

// -------------------------------------------------------------------------------------------
// Rally and UDD

/** The superior leaders in a unit's chain (its brigade's leader and up), who may lend their star rank. */
function superiorLeaders(u: UnitRow, commands: CommandRow[], leaders: LeaderDbRow[]): LeaderDbRow[] {
  const ids = commandChain(u, commands).map((c) => c.leader_id);
  return ids.flatMap((id) => leaders.filter((l) => l.id === id));
}

function rallyLeader(ctx: GameContext, u: UnitRow, leaderId: string | undefined): { row: LeaderDbRow; rules: RallyLeader } | null {
  if (leaderId === undefined) return null;
  const l = leader(ctx, 'leaderId', leaderId);
  const superiors = superiorLeaders(u, readCommands(ctx.db), readLeaders(ctx.db));
  if (!superiors.some((s) => s.id === l.id)) throw forbidden('leaderId', `${u.name} is not subordinate to ${l.name}`, RULE.leaderRally);
  if (l.casualty !== 'none' || l.on_map !== 1) throw forbidden('leaderId', `${l.name} is ${l.casualty !== 'none' ? l.casualty : 'not on the map'}`, RULE.leaderRally);
  return { row: l, rules: { stars: l.stars, stacked: true, superiorOfUnit: true, usedThisTurn: l.rally_used === 1 } };
}

function cohesionDrm(u: UnitRow, check: 'rally' | 'udd', outOfCommand: boolean, l: RallyLeader | null): Itemised {
  return askRules(() => (check === 'rally' ? rallyDrm({ outOfCommand, leader: l }) : uddDrm({ works: u.works, leader: l })));
}

function planCohesion(ctx: GameContext, input: PlanCohesionInput): PlanCohesionResult {
  const [u] = combatUnits(ctx, 'unitId', [input.unitId]) as [UnitRow];
  const l = rallyLeader(ctx, u, input.leaderId);
  const leaders = superiorLeaders(u, readCommands(ctx.db), readLeaders(ctx.db)).map((x) => {
    const reason = x.casualty !== 'none' ? `${x.casualty}` : x.on_map !== 1 ? 'not on the map' : x.rally_used === 1 ? 'has used his star rank this turn' : null;
    return { leaderId: x.id, name: x.name, stars: x.stars, available: reason === null && x.stars > 0, reason: reason ?? (x.stars === 0 ? 'no stars' : null) };
  });
  return {
    unit: combatUnit(u, standingOrdersOf([u.command_id], readCommands(ctx.db))),
    drm: cohesionDrm(u, input.check, input.outOfCommand === true, l?.rules ?? null),
    cohesion: u.arm === 'cavalry' && u.mounted === 0 ? askRules(() => dismountedCavalryCohesion(u.side, 0)).items : [],
    leaders,
    rule: input.check === 'rally' ? RULE.rally : 'Rev. Leader Rally (UDD)',
  };
}

/**
 * RI-K13: the players roll against the unit's cohesion rating (a base-game number Muster does not hold) and
 * give the result; Muster itemises the revision's DRMs, spends the leader's star rank for the turn, and
 * records the status and any SP lost (a straggler where the revision says so).
 */
function cohesionRoll(ctx: GameContext, input: RallyInput | UddInput, check: 'rally' | 'udd'): CohesionRollResult {
  return write(ctx, check, input, (cs) => {
    const [u] = combatUnits(ctx, 'unitId', [input.unitId]) as [UnitRow];
    if (check === 'rally' && u.status === 'ordered') throw forbidden('unitId', `${u.name} is Ordered: there is nothing to rally`, RULE.rally);
    const l = rallyLeader(ctx, u, input.leaderId);
    if (l?.rules.usedThisTurn) throw forbidden('leaderId', `${l.row.name} has already used his star rank this turn`, RULE.leaderRally);
    const outOfCommand = 'outOfCommand' in input ? input.outOfCommand : false;
    const drm = cohesionDrm(u, check, outOfCommand, l?.rules ?? null);
    const d = givenDie(ctx, '', input);
    const modified = d.roll + drm.total;
    const changes = new UnitChanges(cs);
    if (l) cs.set('leaders', l.row.id, 'rally_used', 0, 1);
    const spLoss = input.result.spLoss ?? 0;
    if (spLoss > currentSp(u)) throw invalid('result.spLoss', `${u.name} has only ${currentSp(u)} SP left; it cannot lose ${spLoss}`);
    if (check === 'rally') {
      changes.loseSpFrom(u, spLoss, 'rally');
      if (input.result.status && changes.now(u).status !== 'eliminated') changes.setStatus(u, input.result.status, null, false);
    } else {
      const udd = input as UddInput;
      const lossCause = udd.result.lossCause ?? 'other';
      changes.loseSpFrom(u, spLoss, lossCause);
      if (input.result.status && changes.now(u).status !== 'eliminated') changes.setStatus(u, input.result.status, udd.cause, udd.enemyWithinTacticalMovementRange ?? true);
    }
    const what = check === 'rally' ? 'Rally' : `UDD (${(input as UddInput).cause.replace(/-/g, ' ')})`;
    const dice: Dice =
      d.source === 'table' ? [{ purpose: `${what}: ${u.name}`, source: 'table', roll: d.roll, modifiers: drm, modified, target: null, outcome: changes.notes.join('; ') || 'no change' }] : [];
    return {
      summary: `${what}: ${u.name}, DRM ${signed(drm.total)}${l ? ` (${l.row.name}'s star rank)` : ''}; ${dieWords(d)}, modified ${modified}: ${changes.notes.join('; ') || 'no change'}`,
      subjects: [`unit:${u.id}`, ...(l ? [`leader:${l.row.id}`] : [])],
      dice,
      result: { modified, drm },
    };
  });
}

function rally(ctx: GameContext, input: RallyInput): CohesionRollResult {
  return cohesionRoll(ctx, input, 'rally');
}

function udd(ctx: GameContext, input: UddInput): CohesionRollResult {
  return cohesionRoll(ctx, input, 'udd');
}

// -------------------------------------------------------------------------------------------
// The Confusion Table

const CONFUSION_WORDS = {
  stand: 'Stand: it stays where it is this activation',
  re: 'activates at RE',
  shock: 'must advance and shock',
  pass: 'the activation is spent: it does nothing',
  other: 'recorded',
} as const;

/** RI-K06: the players read the Confusion Table; Muster records the result and applies what it means for the activation. */
function recordConfusion(ctx: GameContext, input: ConfusionInput): ConfusionResult {
  return write(ctx, 'confusion', input, (cs) => {
    const isUnit = input.unitId !== undefined;
    const field = isUnit ? 'unitId' : 'commandId';
    requireSegment(ctx, field, ACTIVATION_SEGMENT, RULE.activation);
    const subject = isUnit ? onMapUnit(ctx, 'unitId', input.unitId) : onMapCommand(ctx, 'commandId', input.commandId);
    if (subject.activation !== 'confusion') {
      throw forbidden(field, `${subject.name} did not go to the Confusion Table this segment (${subject.activation === null ? 'not activated' : `activated at ${subject.activation}`})`, RULE.activation);
    }
    if (subject.confusion_result !== null) throw invalid(field, `the Confusion Table result of ${subject.name} is already recorded (${subject.confusion_result})`);
    if (input.result === 'other' && !input.text) throw invalid('text', 'say what the Confusion Table gave (text) when it is none of Stand, RE, shock or pass');
    if (isUnit) cs.set('units', subject.id, 'confusion_result', null, input.result);
    else cs.set('commands', subject.id, 'confusion_result', null, input.result);
    const mustShock: string[] = [];
    const exempt: string[] = [];
    if (input.result === 'shock') {
      const commands = readCommands(ctx.db);
      const within = isUnit ? null : new Set([subject.id, ...commands.filter((c) => askRules(() => commandAncestors(tree(commands), c.id)).includes(subject.id)).map((c) => c.id)]);
      const units = isUnit ? [subject as UnitRow] : readUnits(ctx.db).filter((u) => within!.has(u.command_id) && u.on_map === 1 && u.status !== 'eliminated');
      for (const u of units) (askRules(() => mustObeyConfusionTableShock({ arm: u.arm, ...mountedFlag(u) })).must ? mustShock : exempt).push(u.id);
    }
    const text = input.text ? ` ("${input.text}"${input.resultFrom === 'chart' ? ', your chart' : ''})` : '';
    const exemptWords = exempt.length ? `; dismounted cavalry need not: ${exempt.length} unit(s)` : '';
    return {
      summary: `Confusion Table: ${subject.name} ${CONFUSION_WORDS[input.result]}${text}${input.result === 'shock' ? `: ${mustShock.length} unit(s)${exemptWords}` : ''}`,
      subjects: [isUnit ? `unit:${subject.id}` : `command:${subject.id}`],
      result: { mustShock, exempt },
    };
  });
}

// -------------------------------------------------------------------------------------------
// Field works

function setWorks(ctx: GameContext, input: SetWorksInput): ChangeResult {
  return write(ctx, 'works', input, (cs) => {
    const [u] = combatUnits(ctx, 'unitId', [input.unitId]) as [UnitRow];
    if (u.works === input.works) throw invalid('works', `${u.name} is already ${input.works === 'none' ? 'out of works' : `in ${input.works}`}`);
    if (input.construct === true) {
      // RI-K15: building works is the unit's activity at ME under an order that "Can Construct Breastworks if ME".
      if (input.works === 'none') throw invalid('construct', 'say which works the unit builds');
      if (input.works === 'entrenchments') throw forbidden('construct', 'Entrenchments may be constructed in 1864; in 1863 units build Breastworks', RULE.works);
      const commands = readCommands(ctx.db);
      const order = effectiveUnitOrder(u, standingOrdersOf([u.command_id], commands)).order;
      if (!ORDERS[order].actions.includes('Can Construct Breastworks if ME')) throw forbidden('construct', `${u.name} is under ${order}: only Hold orders "Can Construct Breastworks if ME"`, 'Rev. Orders Table');
      if (readClock(ctx.db).segment !== ACTIVATION_SEGMENT || !atMe(u, commands)) throw forbidden('construct', `Units must be at ME to construct Breastworks: ${u.name} has not activated at ME this segment`, RULE.works);
    }
    cs.set('units', u.id, 'works', u.works, input.works);
    const what = input.works === 'none' ? 'leaves its works' : `${input.construct ? 'builds' : 'occupies'} ${input.works}`;
    return { summary: `${u.name} ${what}`, subjects: [`unit:${u.id}`], result: {} };
  });
}

// -------------------------------------------------------------------------------------------
// Weather

function weather(ctx: GameContext): WeatherState {
  const game = readGame(ctx.db);
  const turn = readTurn(ctx.db, readClock(ctx.db).turn_id)!;
  return { raining: game.raining === 1, mud: game.mud === 1, rainStopRolls: game.rain_stop_rolls, rainMayBegin: game.raining === 0 && turn.afternoon === 1 };
}

/** RI-K17: rain begins only in an afternoon turn; when it stops, mud follows for the rest of the game. */
function setWeather(ctx: GameContext, input: SetWeatherInput): ChangeResult {
  return write(ctx, 'weather', input, (cs, game) => {
    const w = weatherOf(game);
    if (input.raining) {
      if (w.raining) throw invalid('raining', 'it is already raining');
      const turn = readTurn(ctx.db, readClock(ctx.db).turn_id)!;
      const next = askRules(() => rainEvent(w, turn.afternoon === 1));
      if (!next.raining) throw forbidden('raining', `Rain (Random Event "M") only occurs in afternoon game turns; ${turn.time} is not one`, RAIN_RULE);
      cs.set('game', 1, 'raining', 0, 1).set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, 0);
      return { summary: 'Rain begins (Random Event M)', result: {} };
    }
    if (!w.raining) throw invalid('raining', 'it is not raining');
    cs.set('game', 1, 'raining', 1, 0).set('game', 1, 'mud', game.mud, 1).set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, 0);
    return { summary: 'The rain stops: mud for the rest of the game', result: {} };
  });
}

function rollToEndRain(ctx: GameContext, input: { roll?: number | undefined }): ReturnType<ServiceFunctions['rollToEndRain']> {
  return write(ctx, 'weather', input, (cs, game) => {
    const w = weatherOf(game);
    if (!w.raining) throw forbidden('roll', 'it is not raining', RAIN_RULE);
    const r = die(ctx, input.roll as DieRoll | undefined);
    const res = askRules(() => endRainRoll(w, r.roll));
    cs.set('game', 1, 'raining', 1, res.weather.raining ? 1 : 0).set('game', 1, 'mud', game.mud, res.weather.mud ? 1 : 0).set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, res.weather.rainStopRolls);
    return {
      summary: `Roll to end the rain: rolled ${r.roll}, modified ${res.modified}: ${res.stops ? 'the rain stops; mud for the rest of the game' : 'it rains on'}`,
      dice: [{ purpose: 'End of rain', source: r.source, roll: r.roll, modifiers: res.drm, modified: res.modified, target: '<= 0', outcome: res.stops ? 'rain stops' : 'rain continues' }],
      result: { stops: res.stops, modified: res.modified, drm: res.drm },
    };
  });
}

export const combatFunctions = {
  planFire,
  resolveFire,
  planShock,
  resolveShock,
  designateBayonetCharge,
  cancelBayonetCharge,
  planCohesion,
  rally,
  udd,
  recordConfusion,
  setWorks,
  weather,
  setWeather,
  rollToEndRain,
} satisfies Partial<ServiceFunctions>;

