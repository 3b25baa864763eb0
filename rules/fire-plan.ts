/**
 * One fire attack planned whole: the service gathers the facts (the units as recorded, the players' map facts,
 * the chart rows, the kit's Fire Table) and firePlan() decides everything a player sees before the die is
 * read: who fires what under the frontage rule, the range DRM or why there is none, who may fire, the
 * strength and every DRM, the friendly-fire table, how a loss shares out in front and what the kit's Fire
 * Table gives for the die. A request the rules refuse comes back as a value naming the field and the rule.
 */
import {
  allowedFireTargets,
  ceaseMovementFireAllowed,
  friendlyFireTable,
  returnFireTiming,
  smallArmsMaxRange,
  type FriendlyFireResult,
} from './fire-tables';
import { rangeDrmItems, stackFireResolution, type FireKind, type StackFirer, type TargetUnit } from './fire';
import { cellWords, cohesionRatingOf, fireTableCell, type CohesionUnit, type KitCell, type KitFireColumn } from './kit';
import { evenLossShares, fireFrontageSteps, frontLine, stackingAllowed, type FrontPosition, type FrontageStep } from './stacking';
import type { Works } from './terrain';
import type { Arm, DrmItem, Itemised, OrderCode, Side, UnitStatus, Weapon } from './types';
import type { Weather } from './weather';

const STACKING_RULE = 'Rev. Stacking and Fire Combat';
const FIRE_TABLE_RULE = 'Rev. Fire Table';
const CHART_RULE = "Players' chart: artillery range columns";

/** A row of the players' artillery range chart: the DRM at each range from 1, null where the guns cannot reach (RI-F06). */
export interface ArtilleryRangeRow {
  name: string;
  drms: readonly (number | null)[];
}

/** A unit as the fire plan sees it: its recorded state, read by the service. */
export interface FirePlanUnit {
  id: string;
  name: string;
  side: Side;
  arm: Arm;
  weapon: Weapon | null;
  /** SPs it has now (stragglers and lost SPs gone). */
  sp: number;
  /** The order it acts under (its command's, or its Default Order if out of command). */
  order: OrderCode;
  /** Cavalry only (RI-K03). */
  mounted?: boolean;
  works: Works;
  status: UnitStatus;
  /** Its brigade has Skirmishers out (Rev. Skirmishers). */
  skirmishers: boolean;
  extendedColumn: boolean;
  strategicMovement: boolean;
  bayonetCharge: boolean;
  outOfAmmo: boolean;
  /** A battery's own guns' row in the group's artillery range chart, when one is recorded and the chart has it. */
  artilleryRow?: ArtilleryRangeRow | null;
  /** The unit as its cohesion checks see it (the kit's Fire Table may call for a check). */
  cohesion?: CohesionUnit;
}

/** Facts about the map the players state for this attack (RI-S14); each defaults to "no". */
export interface FireMapFacts {
  throughRearHexside?: boolean;
  firerInCloseTerrain?: boolean;
  targetInDevilsDen?: boolean;
  movingArtillery?: boolean;
  targetMoved?: boolean;
  friendlyNearTarget?: 1 | 2;
  /** Cease Movement Fire at an activating unit as it moves. */
  ceaseMovement?: boolean;
  /** The target hex was already fired upon this activation. */
  targetEngaged?: boolean;
  /** The other enemy hexes the firers could fire at instead (RI-F08). */
  otherTargets?: readonly { range: number; engaged?: boolean }[];
}

export interface FirePlanSituation {
  /** The firing hex's units, top of the stack first, all of one side. */
  stack: FirePlanUnit[];
  /** The target hex's units, top first; undefined before the players name them. */
  targets?: FirePlanUnit[];
  /** The units the players name to fire (default: every unit in front of the top firing unit's kind, RI-K05). */
  firers?: string[];
  /** Return Fire against one activating unit: all of it takes the fire. */
  returnFire?: boolean;
  kind?: FireKind;
  range: number;
  weather: Weather;
  facts?: FireMapFacts;
  /** The artillery range row the players chose for these guns (else each battery's own row). */
  artilleryRange?: ArtilleryRangeRow;
  /** Modifiers from outside the revision: the players' own, and those of the optional rules in play. */
  otherDrms?: DrmItem[];
  friendlyFireRoll?: number;
  /** A loss to share out in front, to show before it is applied. */
  lossSp?: number;
  /** The group's kit, when it has a Fire Table: its fingerprint and columns, and the die to preview. */
  kit?: { fingerprint: string; columns: readonly KitFireColumn[]; previewRoll?: number } | null;
}

/** A unit's place in a stack lined up for fire (Rev. Stacking and Fire Combat). */
export interface FireLinePlace {
  unitId: string;
  firingSp: number;
  inFront: boolean;
  position: FrontPosition | null;
  step: FrontageStep;
}

export interface FirePlanProhibition {
  unitId: string | null;
  reason: string;
  rule: string;
}

export interface FriendlyFirePlan {
  distance: 1 | 2;
  results: FriendlyFireResult[];
  outcome: FriendlyFireResult | null;
  rule: string;
}

export interface LossSharePlan {
  sp: number;
  fixed: { unitId: string; sp: number }[];
  extra: number;
  choices: string[];
  choiceNeeded: boolean;
  unabsorbed: number;
}

export interface FireKitPlan {
  fingerprint: string;
  found: boolean;
  cell: KitCell | null;
  note: string;
  sp: number | null;
  check: boolean;
  checkDrm: number;
  status: string | null;
  ammo: boolean;
  unrated: string[];
}

export interface FireAttackPlan {
  firers: string[];
  allowed: boolean;
  prohibitions: FirePlanProhibition[];
  strength: Itemised;
  drm: Itemised;
  maxRange: number | null;
  ammoCheck: string[];
  lossCause: 'small-arms' | 'artillery';
  target: { units: FireLinePlace[]; inFront: string[] };
  friendlyFire: FriendlyFirePlan | null;
  returnFireTiming: 'before' | 'simultaneous' | null;
  shares: LossSharePlan | null;
  kit: FireKitPlan | null;
}

export interface FirePlan {
  firing: { unitId: string; sp: number }[];
  rangeDrm: Itemised | null;
  rangeNote: string | null;
  stack: FireLinePlace[];
  stackSp: number;
  overstacked: boolean;
  attack: FireAttackPlan | null;
}

/** A request the rules refuse: 'invalid' when it names the wrong things, 'forbidden' when a rule forbids it. */
export interface FirePlanRefusal {
  refused: 'invalid' | 'forbidden';
  field: string;
  message: string;
  rule?: string;
}

export type FirePlanDecision = { ok: true; plan: FirePlan } | { ok: false; refusal: FirePlanRefusal };

const invalid = (field: string, message: string, rule?: string): FirePlanDecision => ({ ok: false, refusal: { refused: 'invalid', field, message, ...(rule ? { rule } : {}) } });
const forbidden = (field: string, message: string, rule: string): FirePlanDecision => ({ ok: false, refusal: { refused: 'forbidden', field, message, rule } });

/**
 * A stack lined up for fire: who fires what, right to left from the top, who stands behind (Rev. Stacking
 * and Fire Combat). For Return Fire against one activating unit, all of it is in front.
 */
export function fireLine(units: readonly { id: string; arm: Arm; sp: number }[], allInFront = false): FireLinePlace[] {
  const stacked = units.map((u) => ({ arm: u.arm, sp: u.sp }));
  const steps = fireFrontageSteps(stacked);
  const position = new Map(frontLine(stacked).inFront.map((f) => [f.index, f.position]));
  return units.map((u, i) => {
    const step = steps[i]!;
    const inFront = allInFront ? u.sp > 0 : step.fires > 0;
    return { unitId: u.id, firingSp: step.fires, inFront, position: allInFront ? (inFront ? 'right' : null) : (position.get(i) ?? null), step };
  });
}

/** How a loss would be shared among the units in front (RI-K07): each one's certain share, and the SPs left for the firing player to place. */
function lossSharePlan(inFront: readonly { id: string; sp: number }[], sp: number): LossSharePlan {
  const shares = evenLossShares(sp, inFront.map((u) => u.sp));
  return {
    sp,
    fixed: inFront.map((u, i) => ({ unitId: u.id, sp: shares.fixed[i] ?? 0 })),
    extra: shares.extra,
    choices: shares.choices.map((i) => inFront[i]!.id),
    choiceNeeded: shares.extra > 0 && shares.choices.length > shares.extra,
    unabsorbed: shares.unabsorbed,
  };
}

/** RI-F03: the target hex's works count only when every unit in front is in them (breastworks when all are in some). */
export function worksAllAreIn(units: readonly { works: Works }[]): Works {
  return units.every((u) => u.works === 'entrenchments') ? 'entrenchments' : units.every((u) => u.works !== 'none') ? 'breastworks' : 'none';
}

/** The range DRM of the top unit's small arms, or of the artillery row (RI-F06), or why there is none. */
function rangeOf(s: FirePlanSituation, top: FirePlanUnit): { rangeDrm: Itemised | null; rangeNote: string | null; artilleryItem: DrmItem | null } {
  const { range, weather } = s;
  if (top.arm === 'artillery') {
    const row = s.artilleryRange ?? top.artilleryRow ?? null;
    if (!row) {
      return { rangeDrm: null, artilleryItem: null, rangeNote: "The revision gives no artillery range DRMs: they are the base game's artillery range columns (RI-F06). Choose your chart's row for these guns." };
    }
    const v = row.drms[range - 1];
    if (v === undefined || v === null) return { rangeDrm: null, artilleryItem: null, rangeNote: `${row.name} cannot fire at range ${range} (your chart)` };
    const item = { label: `Range ${range} (${row.name})`, value: v, rule: CHART_RULE };
    return { rangeDrm: { total: v, items: [item] }, rangeNote: null, artilleryItem: item };
  }
  const max = smallArmsMaxRange(top.weapon!, weather);
  if (range > max) return { rangeDrm: null, artilleryItem: null, rangeNote: `Beyond the maximum range of ${max}${weather.raining ? ' (halved by rain)' : ''} for ${top.weapon} weapons` };
  const items = rangeDrmItems({ weapon: top.weapon, skirmishers: top.skirmishers }, range);
  return { rangeDrm: { total: items.reduce((sum, i) => sum + i.value, 0), items }, rangeNote: null, artilleryItem: null };
}

/** What the kit's Fire Table gives for the die, before the players confirm it (RI-K25). */
function kitPreview(kit: NonNullable<FirePlanSituation['kit']>, strength: number, drm: number, inFront: readonly FirePlanUnit[]): FireKitPlan {
  const none = { sp: null, check: false, checkDrm: 0, status: null, ammo: false, unrated: [] as string[] };
  if (kit.previewRoll === undefined) return { fingerprint: kit.fingerprint, found: false, cell: null, note: "Roll the die: Muster reads the result in the kit's Fire Table", ...none };
  const cell = fireTableCell(kit.columns, strength, kit.previewRoll + drm);
  if (!cell.found) return { fingerprint: kit.fingerprint, found: false, cell: null, note: `${cell.reason[0]!.toUpperCase()}${cell.reason.slice(1)}: read the result at the table and type it`, ...none };
  const row = cell.result;
  const check = row.check === true;
  const unrated = check ? inFront.filter((u) => !u.cohesion || cohesionRatingOf(u.cohesion) === null).map((u) => u.id) : [];
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

/** The units that make the attack: those named (each in front, once), or every unit in front of the top firing unit's kind (RI-K05). */
function chooseFirers(s: FirePlanSituation, line: FireLinePlace[]): FirePlanUnit[] | FirePlanDecision {
  const { stack } = s;
  const fireClass = (u: FirePlanUnit) => (u.arm === 'artillery' ? 'artillery' : 'small-arms');
  if (s.firers) {
    const firers: FirePlanUnit[] = [];
    for (const [i, id] of s.firers.entries()) {
      const at = stack.findIndex((u) => u.id === id);
      if (at < 0) return invalid(`firers[${i}]`, `${id} is not in the firing stack`);
      if (!line[at]!.inFront) return forbidden(`firers[${i}]`, `${stack[at]!.name} is behind the front line: none of its SPs may fire out of the hex`, STACKING_RULE);
      firers.push(stack[at]!);
    }
    if (new Set(s.firers).size !== s.firers.length) return invalid('firers', 'names a unit twice');
    return firers.sort((a, b) => stack.indexOf(a) - stack.indexOf(b));
  }
  const front = stack.filter((_, i) => line[i]!.inFront);
  const kind = front[0] ? fireClass(front[0]) : 'small-arms';
  return front.filter((u) => fireClass(u) === kind);
}

/**
 * The whole fire plan from the facts: the stack's line-up and range DRM, and once the targets are named the
 * attack (Rev. Fire Combat; Rev. Stacking and Fire Combat; Rev. Artillery Friendly Fire), or the refusal.
 */
export function firePlan(s: FirePlanSituation): FirePlanDecision {
  const { stack, range, weather } = s;
  const facts = s.facts ?? {};
  const line = fireLine(stack);
  const { rangeDrm, rangeNote, artilleryItem } = rangeOf(s, stack[0]!);
  const stackSp = stack.reduce((sum, u) => sum + u.sp, 0);
  const plan: FirePlan = {
    firing: line.map((l) => ({ unitId: l.unitId, sp: l.firingSp })),
    rangeDrm,
    rangeNote,
    stack: line,
    stackSp,
    // A stack over the limit may only be in motion (Rev. Passage of Lines): a stack that fires is not.
    overstacked: !stackingAllowed(stack, false),
    attack: null,
  };
  if (s.targets === undefined) return { ok: true, plan };

  // The target hex: its units in front take the fire (all of the one unit for Return Fire).
  const targets = s.targets;
  const side = stack[0]!.side;
  if (targets[0]!.side === side) return invalid('targets', `the targets are ${side} like the firing stack`);
  for (const [i, t] of targets.entries()) {
    if (stack.some((u) => u.id === t.id)) return invalid(`targets[${i}]`, `${t.name} is in the firing stack`);
  }
  if (s.returnFire === true && targets.length !== 1) return invalid('targets', 'Return Fire is against one activating unit: name only that unit');
  const targetLine = fireLine(targets, s.returnFire === true);
  const inFront = targets.filter((_, i) => targetLine[i]!.inFront);
  if (inFront.length === 0) return invalid('targets', 'no unit of the target hex has an SP in front');

  const chosen = chooseFirers(s, line);
  if (!Array.isArray(chosen)) return chosen;
  const firers = chosen;
  if (firers.length === 0) return invalid('stack', 'no unit of the stack has an SP in front');
  const lead = firers[0]!;

  const firingSp = new Map(line.map((l) => [l.unitId, l.firingSp]));
  const stackFirers: StackFirer[] = firers.map((u) => ({
    name: u.name,
    arm: u.arm,
    weapon: u.weapon,
    sp: firingSp.get(u.id) ?? 0,
    order: u.order,
    ...(u.mounted !== undefined ? { mounted: u.mounted } : {}),
    works: u.works,
    skirmishers: u.arm !== 'artillery' && u.skirmishers,
    movingArtillery: u.arm === 'artillery' && facts.movingArtillery === true,
    extendedColumn: u.extendedColumn,
    bayonetCharge: u.bayonetCharge,
  }));
  const targetUnits: TargetUnit[] = inFront.map((u) => ({
    arm: u.arm,
    weapon: u.weapon,
    sp: u.sp,
    order: u.order,
    ...(u.mounted !== undefined ? { mounted: u.mounted } : {}),
    strategicMovementOrExtendedColumn: u.strategicMovement || u.extendedColumn,
    moved: facts.targetMoved === true,
  }));
  const resolution = stackFireResolution({
    firers: stackFirers,
    kind: s.kind ?? 'phasing',
    range,
    targets: targetUnits,
    targetHex: { works: worksAllAreIn(inFront), devilsDen: facts.targetInDevilsDen === true, throughRearHexside: facts.throughRearHexside === true },
    weather,
    ...(facts.firerInCloseTerrain !== undefined ? { firerInCloseTerrain: facts.firerInCloseTerrain } : {}),
    otherDrms: [...(artilleryItem && lead.arm === 'artillery' ? [artilleryItem] : []), ...(s.otherDrms ?? [])],
  });
  const prohibitions: FirePlanProhibition[] = resolution.prohibitions.map((p) => ({ unitId: p.firer === null ? null : firers[p.firer]!.id, reason: p.reason, rule: p.rule }));
  // RI-K09: a unit out of ammo does not fire until the players clear its marker.
  for (const u of firers) if (u.outOfAmmo) prohibitions.push({ unitId: u.id, reason: `${u.name} is out of ammo`, rule: FIRE_TABLE_RULE });
  // Guns with a chart row that does not reach this far may not fire; with no row at all the players choose one.
  if (lead.arm === 'artillery' && rangeNote !== null && (s.artilleryRange || lead.artilleryRow)) prohibitions.push({ unitId: lead.id, reason: rangeNote, rule: CHART_RULE });
  // Cease Movement Fire reaches an activating battery within 3 hexes, any other unit within 2.
  if (facts.ceaseMovement === true) {
    const cease = ceaseMovementFireAllowed(inFront[0]!.arm, range);
    if (!cease.allowed) prohibitions.push({ unitId: null, reason: `Cease Movement Fire reaches an activating ${inFront[0]!.arm === 'artillery' ? 'battery' : 'unit'} only within ${cease.range} hexes`, rule: cease.rule });
  }
  // RI-F08: with a target 3 or fewer hexes away, the closest must be taken, and among equally close ones one not yet engaged.
  if (facts.otherTargets && facts.otherTargets.length > 0) {
    const choice = allowedFireTargets([
      { id: 'target', distance: range, engagedThisActivation: facts.targetEngaged === true },
      ...facts.otherTargets.map((t, i) => ({ id: `other-${i}`, distance: t.range, engagedThisActivation: t.engaged === true })),
    ]);
    if (!choice.ids.includes('target')) {
      const closer = facts.otherTargets.some((t) => t.range < range);
      prohibitions.push({ unitId: null, reason: closer ? 'Another enemy target is closer, within 3 hexes: fire at the closest one' : 'Another enemy target as close has not been engaged this activation: fire at it', rule: choice.rule });
    }
  }

  // Artillery friendly fire (RI-K19): the table for the nearest friendly unit's distance, when the range reaches it.
  let friendlyFire: FriendlyFirePlan | null = null;
  const strength = { total: resolution.strength.total, items: [...resolution.strength.items] };
  if (lead.arm === 'artillery' && facts.friendlyNearTarget !== undefined) {
    const table = friendlyFireTable(range, facts.friendlyNearTarget);
    if (table) {
      const outcome = s.friendlyFireRoll === undefined ? null : (table.results[s.friendlyFireRoll] ?? null);
      friendlyFire = { distance: facts.friendlyNearTarget, results: [...table.results], outcome, rule: table.rule };
      if (outcome === 'both-half') {
        const half = Math.floor(strength.total / 2) - strength.total;
        strength.items.push({ label: 'Friendly fire: hits both friendly and enemy at 1/2 SPs each, rounded down', value: half, rule: table.rule });
        strength.total += half;
      }
    }
  }
  const front = inFront.map((u) => ({ id: u.id, sp: u.sp }));
  const kit = s.kit ? kitPreview(s.kit, strength.total, resolution.drm.total, inFront) : null;
  const lossSp = s.lossSp ?? (kit?.sp ?? undefined);
  plan.attack = {
    firers: firers.map((u) => u.id),
    allowed: prohibitions.length === 0,
    prohibitions,
    strength,
    drm: resolution.drm,
    maxRange: resolution.maxRange,
    ammoCheck: firers.filter((_, i) => resolution.ammoCheck[i]).map((u) => u.id),
    lossCause: lead.arm === 'artillery' ? 'artillery' : 'small-arms',
    target: { units: targetLine, inFront: inFront.map((u) => u.id) },
    friendlyFire,
    returnFireTiming: s.returnFire === true ? returnFireTiming(facts.targetMoved === true) : null,
    // With the kit's cell for the die, the shares of the loss it gives.
    shares: lossSp === undefined ? null : lossSharePlan(front, lossSp),
    kit,
  };
  return { ok: true, plan };
}
