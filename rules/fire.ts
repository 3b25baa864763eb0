/**
 * Fire Combat under the revision: one fire attack's situation, the "Additional DRMs (cumulative)", the
 * Orders Table fire DRMs, weather, the fire strength with its halvings and whether the fire may happen.
 * stackFireResolution() puts one fire attack together, itemised (rules/fire-plan.ts plans it whole); the
 * tables it reads (range, ammo, friendly fire, cease-movement fire) are in rules/fire-tables.ts.
 *
 * A higher fire DR is better for the firer (close range +, long range -), so "most advantageous to the
 * enemy" of a target stack means the highest DRM. One call resolves the fire of the units in front of a stack.
 */
import { assertBoolean, assertMountedFlag, assertNonNegativeInteger, assertOneOf, assertPositiveInteger, RulesArgumentError } from './errors';
import { itemised } from './itemise';
import { ORDERS } from './orders-table';
import { isCloseTerrain, REVISION_TERRAIN_EFFECTS, TERRAIN_TYPES, WORKS, type TerrainType, type Works } from './terrain';
import { ARMS, ORDER_CODES, WEAPONS, type Arm, type DrmItem, type Itemised, type OrderCode, type Weapon } from './types';
import { assertWeather, weatherFireDrmItems, RAIN_RULE, type Weather } from './weather';
import { ammoCheckApplies, rangeDrm, skirmisherRangeDrm, smallArmsMaxRange } from './fire-tables';

const RANGE_RULE = 'Rev. Range DRMs';
const RANGE_CHART_RULE = 'Rev. Range Effects Chart';
const SKIRMISHERS_RULE = 'Rev. Skirmishers';
const ADDITIONAL_RULE = 'Rev. Additional DRMs';
const ORDERS_RULE = 'Rev. Orders Table';
const STACKING_RULE = 'Rev. Stacking and Fire Combat';
const CAVALRY_RULE = 'Rev. Cavalry';
const CLOSE_TERRAIN_RULE = 'Rev. Terrain Effects Chart';

/** The Additional DRMs that hang on a map fact the players state (rules/map-facts.ts offers them as ticks). */
export const FIRE_FACT_DRMS = { throughRearHexside: 2, targetMoved: 1, movingArtillery: -2 } as const;
export const FIRE_FACTS_RULE = ADDITIONAL_RULE;
export const CLOSE_TERRAIN_FIRE_RULE = CLOSE_TERRAIN_RULE;

// The situation of one fire attack
// ---------------------------------------------------------------------------------------------

/** Phasing fire by the activating side, or reaction fire (return, cease-movement) by the other. */
export type FireKind = 'phasing' | 'reaction';
const FIRE_KINDS: readonly FireKind[] = ['phasing', 'reaction'];

export interface FiringUnit {
  arm: Arm;
  /** Small-arms weapon; null for artillery. */
  weapon: Weapon | null;
  /** SPs of this unit that may fire out of its hex (fireFrontage). */
  sp: number;
  /** The order the unit acts under (its command's, or its Default Order if out of command). */
  order: OrderCode;
  /** Cavalry: mounted (fires at half strength) or dismounted; required for cavalry (RI-K03). */
  mounted?: boolean;
  works?: Works;
  /** Terrain of the firer's hex, for the Close terrain halving. */
  terrain?: TerrainType;
  /** The firer's brigade has Skirmishers out (Rev. Skirmishers). */
  skirmishers?: boolean;
  /** Artillery that is moving this activation and fires. */
  movingArtillery?: boolean;
  extendedColumn?: boolean;
  /** Designated for a Bayonet Charge: may not fire when activated. */
  bayonetCharge?: boolean;
}

export interface TargetUnit {
  arm: Arm;
  weapon: Weapon | null;
  /** SPs in front (those that take the fire). */
  sp: number;
  order: OrderCode;
  /** Cavalry: mounted or dismounted; required for cavalry (RI-K03). */
  mounted?: boolean;
  /** Using Strategic Movement or in Extended Column. */
  strategicMovementOrExtendedColumn?: boolean;
  /** A phasing unit that has moved during this activation. */
  moved?: boolean;
}

export interface TargetHex {
  works?: Works;
  devilsDen?: boolean;
  /** The fire enters the target hex through a rear hexside. */
  throughRearHexside?: boolean;
}

export interface FireSituation {
  firer: FiringUnit;
  kind: FireKind;
  range: number;
  /** The target's units in front, or the one activating unit for Return Fire against it. */
  targets: TargetUnit[];
  targetHex?: TargetHex;
  weather: Weather;
  /**
   * Modifiers from the base game that the revision does not restate (artillery range columns, base
   * terrain, mounted cavalry's adverse firing DRMs, ...), itemised by the caller (RI-F06).
   */
  otherDrms?: DrmItem[];
}

function optionalBoolean(argument: string, value: unknown): boolean {
  if (value === undefined) return false;
  assertBoolean(argument, value);
  return value;
}

function assertWeapon(argument: string, arm: Arm, weapon: unknown): void {
  if (arm === 'artillery') {
    if (weapon !== null) throw new RulesArgumentError(argument, `must be null for artillery (got ${String(weapon)})`);
    return;
  }
  assertOneOf(argument, weapon, WEAPONS);
}

function assertFiringUnit(u: FiringUnit): void {
  if (typeof u !== 'object' || u === null) throw new RulesArgumentError('firer', 'must be a firing unit { arm, weapon, sp, order, ... }');
  assertOneOf('firer.arm', u.arm, ARMS);
  assertWeapon('firer.weapon', u.arm, u.weapon);
  assertNonNegativeInteger('firer.sp', u.sp);
  assertOneOf('firer.order', u.order, ORDER_CODES);
  assertMountedFlag('firer.mounted', u.arm, u.mounted);
  if (u.works !== undefined) assertOneOf('firer.works', u.works, WORKS);
  if (u.terrain !== undefined) assertOneOf('firer.terrain', u.terrain, TERRAIN_TYPES);
  optionalBoolean('firer.skirmishers', u.skirmishers);
  optionalBoolean('firer.movingArtillery', u.movingArtillery);
  optionalBoolean('firer.extendedColumn', u.extendedColumn);
  optionalBoolean('firer.bayonetCharge', u.bayonetCharge);
  if (u.movingArtillery === true && u.arm !== 'artillery') {
    throw new RulesArgumentError('firer.movingArtillery', `may be true only for artillery (got arm ${u.arm})`);
  }
}

function assertSituation(s: FireSituation): void {
  if (typeof s !== 'object' || s === null) throw new RulesArgumentError('situation', 'must be a fire situation { firer, kind, range, targets, weather }');
  assertFiringUnit(s.firer);
  assertOneOf('kind', s.kind, FIRE_KINDS);
  assertPositiveInteger('range', s.range);
  if (!Array.isArray(s.targets) || s.targets.length === 0) {
    throw new RulesArgumentError('targets', 'must list at least one target unit { arm, weapon, sp, order, ... }');
  }
  s.targets.forEach((t, i) => {
    if (typeof t !== 'object' || t === null) throw new RulesArgumentError(`targets[${i}]`, 'must be a target unit { arm, weapon, sp, order, ... }');
    assertOneOf(`targets[${i}].arm`, t.arm, ARMS);
    assertWeapon(`targets[${i}].weapon`, t.arm, t.weapon);
    assertNonNegativeInteger(`targets[${i}].sp`, t.sp);
    assertOneOf(`targets[${i}].order`, t.order, ORDER_CODES);
    assertMountedFlag(`targets[${i}].mounted`, t.arm, t.mounted);
    optionalBoolean(`targets[${i}].strategicMovementOrExtendedColumn`, t.strategicMovementOrExtendedColumn);
    optionalBoolean(`targets[${i}].moved`, t.moved);
  });
  if (s.targetHex !== undefined) {
    if (typeof s.targetHex !== 'object' || s.targetHex === null) throw new RulesArgumentError('targetHex', 'must be { works?, devilsDen?, throughRearHexside? }');
    if (s.targetHex.works !== undefined) assertOneOf('targetHex.works', s.targetHex.works, WORKS);
    optionalBoolean('targetHex.devilsDen', s.targetHex.devilsDen);
    optionalBoolean('targetHex.throughRearHexside', s.targetHex.throughRearHexside);
  }
  assertWeather('weather', s.weather);
  if (s.otherDrms !== undefined) {
    if (!Array.isArray(s.otherDrms)) throw new RulesArgumentError('otherDrms', 'must be a list of { label, value, rule } items');
    s.otherDrms.forEach((d, i) => {
      if (typeof d !== 'object' || d === null || typeof d.label !== 'string' || typeof d.rule !== 'string' || !Number.isFinite(d.value)) {
        throw new RulesArgumentError(`otherDrms[${i}]`, 'must be a { label, value, rule } item with a finite value');
      }
    });
  }
}

// The flag is required for cavalry (RI-K03), so `mounted === false` is a dismounted unit, never a forgotten flag.
const isMountedCavalry = (u: { arm: Arm; mounted?: boolean }) => u.arm === 'cavalry' && u.mounted === true;
const isDismountedCavalry = (u: { arm: Arm; mounted?: boolean }) => u.arm === 'cavalry' && u.mounted === false;

/**
 * Whether a target unit qualifies for "Target is Dismounted Cavalry, or uses B/SR/C weapons -1 (max)".
 * RI-K01: mounted cavalry does not, whatever its weapons; its own line (+1 per 4 SPs) applies instead.
 */
const isHardTarget = (t: TargetUnit) =>
  isDismountedCavalry(t) || (!isMountedCavalry(t) && t.weapon !== null && HARD_TARGET_WEAPONS.includes(t.weapon));

/** B (including the US sharpshooters' B row), SR and C weapons: the "-1" target line and the ammo check. RI-F04. */
const HARD_TARGET_WEAPONS: readonly Weapon[] = ['B', 'B-SS', 'SR', 'C'];

// ---------------------------------------------------------------------------------------------
// DRMs
// ---------------------------------------------------------------------------------------------

/** The Range DRM, and the skirmishers' shift as a separate item, for a small-arms firer; none for artillery (RI-F06). */
export function rangeDrmItems(firer: Pick<FiringUnit, 'weapon' | 'skirmishers'>, range: number): DrmItem[] {
  if (firer.weapon !== null) assertOneOf('weapon', firer.weapon, WEAPONS);
  assertPositiveInteger('range', range);
  return rangeItems(firer, range);
}

function rangeItems(firer: Pick<FiringUnit, 'weapon' | 'skirmishers'>, range: number): DrmItem[] {
  if (firer.weapon === null) return [];
  const base = rangeDrm(firer.weapon, range);
  if (base === null) return [];
  const items: DrmItem[] = [{ label: `Range ${range} (${firer.weapon})`, value: base, rule: RANGE_RULE }];
  if (firer.skirmishers === true) {
    const shifted = skirmisherRangeDrm(firer.weapon, range) ?? base;
    if (shifted !== base) items.push({ label: 'Skirmishers: range modifiers one column right', value: shifted - base, rule: SKIRMISHERS_RULE });
  }
  return items;
}

/**
 * The "Additional DRMs (cumulative)" of Rev. Fire Table. Lines that depend on the target take the value
 * most advantageous to the firer among the target units (RI-F03).
 */
export function additionalFireDrmItems(s: FireSituation): DrmItem[] {
  assertSituation(s);
  const { firer, targets } = s;
  const hex = s.targetHex ?? {};
  const items: DrmItem[] = [];
  if (s.kind === 'reaction' && targets.some((t) => t.moved === true)) {
    items.push({ label: 'Reaction Fire against phasing unit that has moved', value: FIRE_FACT_DRMS.targetMoved, rule: ADDITIONAL_RULE });
  }
  if (s.kind === 'reaction' && firer.arm === 'infantry' && targets.some((t) => t.arm === 'artillery')) {
    items.push({ label: 'Infantry Reaction Fire against Artillery', value: 3, rule: ADDITIONAL_RULE });
  }
  if (firer.works === 'breastworks') items.push({ label: 'Firing from Breastworks', value: 1, rule: ADDITIONAL_RULE });
  if (firer.works === 'entrenchments') items.push({ label: 'Firing from Entrenchments', value: 2, rule: ADDITIONAL_RULE });
  if (hex.throughRearHexside === true) items.push({ label: 'Fire enters target hex through Rear Hexside', value: FIRE_FACT_DRMS.throughRearHexside, rule: ADDITIONAL_RULE });
  if (targets.some((t) => t.strategicMovementOrExtendedColumn === true)) {
    items.push({ label: 'Target using Strategic Movement or Extended Column', value: 1, rule: ADDITIONAL_RULE });
  }
  const mountedSp = targets.filter(isMountedCavalry).reduce((sum, t) => sum + t.sp, 0);
  if (mountedSp > 0) {
    const per4 = Math.ceil(mountedSp / 4);
    items.push({ label: `Target is Mounted Cavalry (${mountedSp} SPs: +1 per 4, rounded up)`, value: per4, rule: ADDITIONAL_RULE });
  }
  // "-1 (max)": at most -1 in all, and only when every target unit qualifies (RI-F03); never for mounted cavalry (RI-K01).
  if (targets.every(isHardTarget)) {
    items.push({ label: 'Target is Dismounted Cavalry, or uses B/SR/C weapons', value: -1, rule: ADDITIONAL_RULE });
  }
  if (firer.movingArtillery === true) items.push({ label: 'Moving Artillery firing', value: FIRE_FACT_DRMS.movingArtillery, rule: ADDITIONAL_RULE });
  return items;
}

/** The Orders Table fire DRMs, both on the fire DR: the firer's order (ATKR column) and the target's (DFDR column). RI-F23; RI-F03. */
export function ordersFireDrmItems(firerOrder: OrderCode, targetOrders: OrderCode[]): DrmItem[] {
  assertOneOf('firerOrder', firerOrder, ORDER_CODES);
  if (!Array.isArray(targetOrders) || targetOrders.length === 0) {
    throw new RulesArgumentError('targetOrders', `must list the orders of the target units, each one of ${ORDER_CODES.join(', ')}`);
  }
  targetOrders.forEach((o, i) => assertOneOf(`targetOrders[${i}]`, o, ORDER_CODES));
  const items: DrmItem[] = [];
  const attacker = ORDERS[firerOrder].fireDrm.attacker;
  if (attacker !== 0) items.push({ label: `Firer's orders (${firerOrder})`, value: attacker, rule: ORDERS_RULE });
  const targetOrder = targetOrders.reduce((best, o) => (ORDERS[o].fireDrm.defender > ORDERS[best].fireDrm.defender ? o : best));
  const defender = ORDERS[targetOrder].fireDrm.defender;
  if (defender !== 0) items.push({ label: `Target's orders (${targetOrder})`, value: defender, rule: ORDERS_RULE });
  return items;
}

/** The Combat Effect: Fire of the revision's Terrain Effects Chart rows for the target hex. */
function targetTerrainItems(hex: TargetHex): DrmItem[] {
  const items: DrmItem[] = [];
  if (hex.devilsDen === true) {
    const row = REVISION_TERRAIN_EFFECTS['devils-den'];
    items.push({ label: `Target in ${row.name}`, value: row.fireDrm, rule: row.rule });
  }
  if (hex.works === 'entrenchments') {
    const row = REVISION_TERRAIN_EFFECTS.entrenchment;
    items.push({ label: `Target in ${row.name}`, value: row.fireDrm, rule: row.rule });
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Whether the fire may happen at all
// ---------------------------------------------------------------------------------------------

export interface FireProhibition {
  reason: string;
  rule: string;
}

/** Reasons the firer may not make this fire attack (none = it may). */
export function fireProhibitions(s: FireSituation): FireProhibition[] {
  assertSituation(s);
  const reasons: FireProhibition[] = [];
  const { firer } = s;
  if (firer.sp === 0) reasons.push({ reason: 'The unit is not in front: none of its SPs may fire out of the hex', rule: STACKING_RULE });
  if (firer.extendedColumn === true) reasons.push({ reason: 'Units in Extended Column cannot fire', rule: 'Rev. Extended Columns' });
  if (s.kind === 'phasing' && !ORDERS[firer.order].may.phasingFire) {
    reasons.push({ reason: `${ORDERS[firer.order].name} orders: no Phasing Fire, Reaction Fire only`, rule: ORDERS_RULE });
  }
  if (s.kind === 'phasing' && firer.bayonetCharge === true) {
    reasons.push({ reason: 'Bayonet Charge units may not fire when activated', rule: 'Rev. Bayonet Charge' });
  }
  if (firer.weapon !== null) {
    const max = smallArmsMaxRange(firer.weapon, s.weather);
    if (s.range > max) {
      const rain = s.weather.raining ? ' (halved by rain)' : '';
      reasons.push({ reason: `Beyond the maximum range of ${max}${rain} for ${firer.weapon} weapons`, rule: s.weather.raining ? RAIN_RULE : RANGE_CHART_RULE });
    }
  }
  return reasons;
}

// ---------------------------------------------------------------------------------------------
// The fire of a stack: several units in front make one attack
// ---------------------------------------------------------------------------------------------

/** One unit making part of a stack's fire attack, named for the itemised lines. */
export interface StackFirer extends FiringUnit {
  name: string;
}

export interface StackFireSituation extends Omit<FireSituation, 'firer'> {
  /** The units making this attack, top of the stack first; each `sp` is what it may fire out of the hex (fireFrontage). */
  firers: StackFirer[];
  /** The firers' hex is Close terrain (players state it; otherwise the top firer's `terrain` decides). */
  firerInCloseTerrain?: boolean;
}

export interface StackFireProhibition extends FireProhibition {
  /** Index into `firers` of the unit it concerns; null for the attack as a whole. */
  firer: number | null;
}

export interface StackFireResolution {
  allowed: boolean;
  prohibitions: StackFireProhibition[];
  strength: Itemised;
  drm: Itemised;
  /** Least small-arms maximum range among the firers in this weather; null for artillery. */
  maxRange: number | null;
  /** For each firer, whether the Fire Table's "Ammo" result applies to it on an even adjusted roll. */
  ammoCheck: boolean[];
}

/** Lines of one firer's DRM, keyed by what they are about, so the lines of several firers can be compared. */
function keyedLines(s: FireSituation): { key: string; item: DrmItem }[] {
  const keyOf = (item: DrmItem): string => (item.label.startsWith("Firer's orders") ? 'firer-order' : item.label.startsWith("Target's orders") ? 'target-order' : item.label);
  return [
    ...additionalFireDrmItems(s),
    ...ordersFireDrmItems(s.firer.order, s.targets.map((t) => t.order)),
    ...targetTerrainItems(s.targetHex ?? {}),
    ...weatherFireDrmItems(s.weather, s.firer.arm),
  ].map((item) => ({ key: keyOf(item), item }));
}

/**
 * One fire attack by several units in front of a stack (Rev. Stacking and Fire Combat: "As many units as can
 * bring their SPs to bear may fire"). RI-K05:
 * - the strength is the sum of the firers' SPs that may fire, each mounted cavalry unit halved on its own
 *   (rounded down), then the Close terrain and rain halvings on the sum;
 * - the range DRM (and the skirmishers' shift) is the top firer's weapon's;
 * - every other line that differs between firers takes the value most advantageous to the enemy (the
 *   lowest), as the revision says of the units fired upon; a line one firer lacks counts 0 for it;
 * - artillery fires on its own range columns, so it may not join an attack with small arms.
 */
export function stackFireResolution(s: StackFireSituation): StackFireResolution {
  if (typeof s !== 'object' || s === null) throw new RulesArgumentError('situation', 'must be a stack fire situation { firers, kind, range, targets, weather }');
  if (!Array.isArray(s.firers) || s.firers.length === 0) throw new RulesArgumentError('firers', 'must list at least one firing unit { name, arm, weapon, sp, order, ... }');
  const { firers, ...rest } = s;
  const single = firers.map((firer, i) => {
    if (typeof firer?.name !== 'string' || firer.name.length === 0) throw new RulesArgumentError(`firers[${i}].name`, 'must name the unit');
    const one: FireSituation = { ...rest, firer };
    try {
      assertSituation(one);
    } catch (e) {
      // Name the firer by its place in the list.
      if (e instanceof RulesArgumentError && e.argument.startsWith('firer')) throw new RulesArgumentError(e.argument.replace(/^firer/, `firers[${i}]`), e.message.replace(`${e.argument}: `, ''));
      throw e;
    }
    return one;
  });

  const prohibitions: StackFireProhibition[] = single.flatMap((one, i) => fireProhibitions(one).map((p) => ({ ...p, firer: i, reason: `${firers[i]!.name}: ${p.reason}` })));
  const artillery = firers.some((f) => f.arm === 'artillery');
  if (artillery && firers.some((f) => f.arm !== 'artillery')) {
    prohibitions.push({ firer: null, reason: 'Artillery fires on its own range columns: it fires apart from small arms', rule: RANGE_CHART_RULE });
  }

  // Strength: each unit's SPs (mounted cavalry halved on its own), then the halvings of the whole attack.
  const items: DrmItem[] = [];
  let strength = 0;
  firers.forEach((f) => {
    items.push({ label: `${f.name}: SPs that may fire`, value: f.sp, rule: STACKING_RULE });
    strength += f.sp;
    if (isMountedCavalry(f)) {
      const cut = Math.floor(f.sp / 2) - f.sp;
      items.push({ label: `${f.name}: mounted cavalry fires at 1/2 strength, rounded down`, value: cut, rule: CAVALRY_RULE });
      strength += cut;
    }
  });
  const halve = (label: string, rule: string) => {
    const after = Math.floor(strength / 2);
    items.push({ label, value: after - strength, rule });
    strength = after;
  };
  const terrain = firers[0]!.terrain;
  const close = s.firerInCloseTerrain === undefined ? terrain !== undefined && isCloseTerrain(terrain) : optionalBoolean('firerInCloseTerrain', s.firerInCloseTerrain);
  if (close && s.range === 1) halve('Firing out of Close terrain into an adjacent hex: 1/2 strength, rounded down', CLOSE_TERRAIN_RULE); // RI-K02
  if (s.weather.raining) halve('Rain: 1/2 strength, rounded down', RAIN_RULE);
  if (strength === 0 && prohibitions.length === 0) prohibitions.push({ firer: null, reason: 'The fire strength is 0 after halving', rule: STACKING_RULE });

  // DRM: the top firer's range; every other line at its lowest over the firers (missing = 0).
  const lines = single.map(keyedLines);
  const keys: string[] = [];
  for (const l of lines) for (const { key } of l) if (!keys.includes(key)) keys.push(key);
  const chosen: DrmItem[] = [];
  for (const key of keys) {
    const candidates = lines.map((l) => l.find((x) => x.key === key)?.item ?? null);
    const lowest = candidates.reduce<DrmItem | null>((low, c) => ((c?.value ?? 0) < (low?.value ?? 0) ? c : low), candidates[0] ?? null);
    if (lowest !== null && lowest.value !== 0) chosen.push(lowest);
  }
  const drm = itemised([...rangeItems(firers[0]!, s.range), ...chosen, ...(s.otherDrms ?? [])]);

  const ranges = firers.filter((f) => f.weapon !== null).map((f) => smallArmsMaxRange(f.weapon!, s.weather));
  return {
    allowed: prohibitions.length === 0,
    prohibitions,
    strength: itemised(items),
    drm,
    maxRange: ranges.length === 0 ? null : Math.min(...ranges),
    ammoCheck: firers.map((f) => ammoCheckApplies(f)),
  };
}
