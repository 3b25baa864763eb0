/**
 * The fire tables and small fire rules of the revision that stand apart from one attack's situation: the
 * Range DRM table and the skirmishers' column shift, the small-arms maximum ranges, the ammo check, the
 * artillery friendly-fire tables, cease-movement fire, return fire and the choice of target.
 */
import { assertBoolean, assertOneOf, assertPositiveInteger, RulesArgumentError } from './errors';
import { ARMS, WEAPONS, type Arm, type Weapon } from './types';
import { weatherMaxRange, type Weather } from './weather';

const FRIENDLY_FIRE_RULE = 'Rev. Artillery Friendly Fire';
const CEASE_MOVEMENT_RULE = 'Rev. Cease Movement Fire';
const TARGETS_RULE = 'Rev. Fire Combat Targets';

// ---------------------------------------------------------------------------------------------
// Range
// ---------------------------------------------------------------------------------------------

/** Range DRMs for ranges 1 to 6 (Rev. Range DRMs); null where the table prints "-". */
const RANGE_DRMS: Readonly<Record<Weapon, readonly (number | null)[]>> = {
  M: [2, -2, -4, -5, -7, null],
  E: [1, 0, -2, -4, -6, null],
  R: [1, 0, -2, -3, -5, null],
  TR: [1, 0, -3, -4, -6, null],
  B: [2, 0, -1, -2, -4, null],
  'B-SS': [2, 2, 0, -1, -2, -3],
  C: [0, -1, -4, -5, -7, null],
  SR: [3, 1, 0, -1, -2, null],
};

/** "All Small Arms have a maximum range of 5, except US SS at 6" (Rev. Range Effects Chart). */
const SMALL_ARMS_MAX_RANGE: Readonly<Record<Weapon, number>> = {
  M: 5,
  E: 5,
  R: 5,
  TR: 5,
  B: 5,
  'B-SS': 6,
  C: 5,
  SR: 5,
};

/** The Range DRM of a small-arms weapon at a range in hexes (1 = adjacent); null beyond its maximum range. */
export function rangeDrm(weapon: Weapon, range: number): number | null {
  assertOneOf('weapon', weapon, WEAPONS);
  assertPositiveInteger('range', range);
  if (range > SMALL_ARMS_MAX_RANGE[weapon]) return null;
  return RANGE_DRMS[weapon][range - 1] ?? null;
}

/**
 * The Range DRM with Skirmishers out: the modifiers shift one column right without increasing range.
 * RI-F02: the value printed for range r applies at range r + 1, so at range r >= 2 the range r - 1 value
 * is used and range 1 keeps its own; the maximum range stays as it was.
 */
export function skirmisherRangeDrm(weapon: Weapon, range: number): number | null {
  assertOneOf('weapon', weapon, WEAPONS);
  assertPositiveInteger('range', range);
  if (range > SMALL_ARMS_MAX_RANGE[weapon]) return null;
  return rangeDrm(weapon, Math.max(1, range - 1));
}

/** The maximum range of a small-arms weapon in the given weather (rain halves it, rounded down: RI-F05). */
export function smallArmsMaxRange(weapon: Weapon, weather: Weather): number {
  assertOneOf('weapon', weapon, WEAPONS);
  return weatherMaxRange(SMALL_ARMS_MAX_RANGE[weapon], weather);
}

// ---------------------------------------------------------------------------------------------

const AMMO_WEAPONS: readonly Weapon[] = ['B', 'B-SS', 'SR'];

// ---------------------------------------------------------------------------------------------
// Ammo
// ---------------------------------------------------------------------------------------------

/** "All cavalry, B weapons, SR weapons: 'Ammo' on any adjusted even die roll." RI-F04: B-SS is a B weapon. */
export function ammoCheckApplies(firer: { arm: Arm; weapon: Weapon | null }): boolean {
  assertOneOf('firer.arm', firer.arm, ARMS);
  if (firer.weapon !== null) assertOneOf('firer.weapon', firer.weapon, WEAPONS);
  return firer.arm === 'cavalry' || (firer.weapon !== null && AMMO_WEAPONS.includes(firer.weapon));
}

/** Whether an adjusted fire roll gives "Ammo" for this firer (RI-F04: any even number, 0 and negatives included). */
export function isAmmoResult(firer: { arm: Arm; weapon: Weapon | null }, adjustedRoll: number): boolean {
  if (!Number.isInteger(adjustedRoll)) {
    throw new RulesArgumentError('adjustedRoll', `must be a whole number, the die roll plus its DRMs (got ${String(adjustedRoll)})`);
  }
  return ammoCheckApplies(firer) && adjustedRoll % 2 === 0;
}

// ---------------------------------------------------------------------------------------------
// Artillery friendly fire
// ---------------------------------------------------------------------------------------------

export type FriendlyFireResult = 'target' | 'friendly' | 'both-half' | 'miss';

export interface FriendlyFireTable {
  /** Hexes from the target to the nearest friendly unit for this table to apply. */
  friendlyDistanceToTarget: number;
  /** Least artillery range at which it applies. */
  minRange: number;
  /** Result for each die roll 0-9. */
  results: readonly FriendlyFireResult[];
  rule: string;
}

const T = 'target';
const F = 'friendly';
const BOTH = 'both-half';
const MISS = 'miss';

/** The two friendly-fire tables of Rev. Artillery Friendly Fire. */
const ARTILLERY_FRIENDLY_FIRE_TABLES: readonly FriendlyFireTable[] = [
  // "0-3: hits target; 4-5: hits nearest friendly unit in line of fire; 6-7: hits both ... at 1/2 SPs each; 8-9: misses everybody."
  { friendlyDistanceToTarget: 1, minRange: 5, results: [T, T, T, T, F, F, BOTH, BOTH, MISS, MISS], rule: FRIENDLY_FIRE_RULE },
  // "0-5: hits target; 6-7: hits nearest friendly unit in line of fire; 8: hits both ...; 9: misses everybody."
  { friendlyDistanceToTarget: 2, minRange: 8, results: [T, T, T, T, T, T, F, F, BOTH, MISS], rule: FRIENDLY_FIRE_RULE },
];

/** The friendly-fire table for artillery firing at `range` with the nearest friendly unit that far from the target (RI-F07), or null: no roll. */
export function friendlyFireTable(range: number, friendlyDistanceToTarget: number): FriendlyFireTable | null {
  return ARTILLERY_FRIENDLY_FIRE_TABLES.find((t) => t.friendlyDistanceToTarget === friendlyDistanceToTarget && range >= t.minRange) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Cease Movement Fire, Return Fire and the choice of target
// ---------------------------------------------------------------------------------------------

/** Cease Movement Fire reaches activating artillery within 3 hexes, other types within 2. */
export function ceaseMovementFireRange(movingArm: Arm): number {
  assertOneOf('movingArm', movingArm, ARMS);
  return movingArm === 'artillery' ? 3 : 2;
}

/** Whether non-phasing units may conduct Cease Movement Fire against an activating unit this close. */
export function ceaseMovementFireAllowed(movingArm: Arm, distance: number): { allowed: boolean; range: number; rule: string } {
  assertPositiveInteger('distance', distance);
  const range = ceaseMovementFireRange(movingArm);
  return { allowed: distance <= range, range, rule: CEASE_MOVEMENT_RULE };
}

/**
 * When Return Fire against an activating unit is resolved: before its own fire if it has moved (results
 * applied first), simultaneously if it has not.
 */
export function returnFireTiming(activatingUnitMoved: boolean): 'before' | 'simultaneous' {
  assertBoolean('activatingUnitMoved', activatingUnitMoved);
  return activatingUnitMoved ? 'before' : 'simultaneous';
}

export interface TargetCandidate {
  id: string;
  /** Hexes from the firer. */
  distance: number;
  /** Already engaged (fired upon) during the current activation. */
  engagedThisActivation: boolean;
}

/**
 * The targets a unit may fire at (Rev. Fire Combat Targets). Candidates are the enemy units it could fire
 * at. RI-F08: when any lies 3 or fewer hexes away the closest must be chosen, and among equally close ones
 * a target not yet engaged this activation if there is one; with none within 3, any candidate.
 */
export function allowedFireTargets(candidates: TargetCandidate[]): { ids: string[]; rule: string } {
  if (!Array.isArray(candidates)) throw new RulesArgumentError('candidates', 'must be a list of { id, distance, engagedThisActivation }');
  candidates.forEach((c, i) => {
    if (typeof c?.id !== 'string' || c.id.length === 0) throw new RulesArgumentError(`candidates[${i}].id`, 'must be a non-empty id string');
    assertPositiveInteger(`candidates[${i}].distance`, c.distance);
    assertBoolean(`candidates[${i}].engagedThisActivation`, c.engagedThisActivation);
  });
  const close = candidates.filter((c) => c.distance <= 3);
  if (close.length === 0) return { ids: candidates.map((c) => c.id), rule: TARGETS_RULE };
  const nearest = Math.min(...close.map((c) => c.distance));
  const closest = close.filter((c) => c.distance === nearest);
  const fresh = closest.filter((c) => !c.engagedThisActivation);
  return { ids: (fresh.length > 0 ? fresh : closest).map((c) => c.id), rule: TARGETS_RULE };
}
