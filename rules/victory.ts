/**
 * Victory in 3 Days of Gettysburg under the revision: Geographic and Manpower Objectives (a Substantial
 * Victory, and taking precedence), and otherwise the Victory Points for Losses, their ratio and the
 * 300-point draw.
 */
import { assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { HOUSE_READING_CHOICES, readingItem, type HouseReadingChoice } from './house-readings';
import { itemised } from './itemise';
import { SIDES, type Arm, type DrmItem, type Itemised, type Side } from './types';

const LOSSES_RULE = 'Rev. Victory Points for Losses';
const VICTORY_RULE = 'Rev. Victory';

// ---------------------------------------------------------------------------------------------
// Loss points
// ---------------------------------------------------------------------------------------------

export interface CommanderCasualty {
  stars: number;
  rating: number;
}

export interface Losses {
  infantrySp: number;
  cavalrySp: number;
  artilleryDestroyedSp: number;
  artilleryCapturedSp: number;
  wagonPoints: number;
  /** Commanders killed, not brigade leaders. */
  commandersKilled: CommanderCasualty[];
  /** Commanders wounded, not brigade leaders. */
  commandersWounded: CommanderCasualty[];
  /** Unrecovered stragglers of each arm, apart from the SPs above (RI-S05); left out, none. */
  infantryStragglers?: number;
  cavalryStragglers?: number;
  /** Commanders captured, not brigade leaders (RI-S06); left out, none. */
  commandersCaptured?: CommanderCasualty[];
  /** The game's house readings of the tally; left out, the documented readings. */
  readings?: { stragglersAtEnd?: HouseReadingChoice<'stragglersAtEnd'>; capturedCommanders?: HouseReadingChoice<'capturedCommanders'> };
}

/** Points per unit of loss (Rev. Victory Points for Losses). */
const LOSS_POINT_VALUES = {
  infantrySp: 1,
  cavalrySp: 2,
  artilleryDestroyedSp: 2,
  wagonPoints: 2,
  artilleryCapturedSp: 3,
} as const;

function assertCommanders(argument: string, list: unknown): asserts list is CommanderCasualty[] {
  if (!Array.isArray(list)) throw new RulesArgumentError(argument, `must be a list of { stars, rating } commanders (got ${String(list)})`);
  list.forEach((c: unknown, i) => {
    if (typeof c !== 'object' || c === null) throw new RulesArgumentError(`${argument}[${i}]`, 'must be a { stars, rating } commander');
    const { stars, rating } = c as Record<string, unknown>;
    assertNonNegativeInteger(`${argument}[${i}].stars`, stars);
    assertNonNegativeInteger(`${argument}[${i}].rating`, rating);
  });
}

/** A killed commander's points: Stars x Rating, minimum 1. */
function killedCommanderPoints(c: CommanderCasualty): number {
  return Math.max(1, c.stars * c.rating);
}

/** A wounded commander's points: 1/2 x Stars x Rating, no minimum (RI-F14: the exact half is kept). */
function woundedCommanderPoints(c: CommanderCasualty): number {
  return (c.stars * c.rating) / 2;
}

/** A side's loss points, itemised by category (every category listed, zeros included), and the infantry and cavalry SPs counted. */
export function lossPoints(l: Losses): { total: number; items: DrmItem[]; infantrySp: number; cavalrySp: number } {
  if (typeof l !== 'object' || l === null) throw new RulesArgumentError('l', 'must be the losses { infantrySp, cavalrySp, artilleryDestroyedSp, artilleryCapturedSp, wagonPoints, commandersKilled, commandersWounded }');
  for (const key of ['infantrySp', 'cavalrySp', 'artilleryDestroyedSp', 'artilleryCapturedSp', 'wagonPoints'] as const) {
    assertNonNegativeInteger(key, l[key]);
  }
  assertCommanders('commandersKilled', l.commandersKilled);
  assertCommanders('commandersWounded', l.commandersWounded);
  const infantryStragglers = l.infantryStragglers ?? 0;
  const cavalryStragglers = l.cavalryStragglers ?? 0;
  assertNonNegativeInteger('infantryStragglers', infantryStragglers);
  assertNonNegativeInteger('cavalryStragglers', cavalryStragglers);
  const captured = l.commandersCaptured ?? [];
  assertCommanders('commandersCaptured', captured);
  const stragglersReading = l.readings?.stragglersAtEnd ?? 'countAsLosses';
  const capturedReading = l.readings?.capturedCommanders ?? 'scoreNothing';
  assertOneOf('readings.stragglersAtEnd', stragglersReading, HOUSE_READING_CHOICES.stragglersAtEnd);
  assertOneOf('readings.capturedCommanders', capturedReading, HOUSE_READING_CHOICES.capturedCommanders);
  // RI-S05: unrecovered stragglers count as SP losses of their arm, unless the game chose the house reading that they do not.
  const stragglersCount = stragglersReading === 'countAsLosses';
  const infantrySp = l.infantrySp + (stragglersCount ? infantryStragglers : 0);
  const cavalrySp = l.cavalrySp + (stragglersCount ? cavalryStragglers : 0);
  const v = LOSS_POINT_VALUES;
  const killed = l.commandersKilled.reduce((sum, c) => sum + killedCommanderPoints(c), 0);
  const wounded = l.commandersWounded.reduce((sum, c) => sum + woundedCommanderPoints(c), 0);
  const items: DrmItem[] = [
    { label: `Infantry SPs (${infantrySp} x ${v.infantrySp})`, value: infantrySp * v.infantrySp, rule: LOSSES_RULE },
    { label: `Cavalry SPs (${cavalrySp} x ${v.cavalrySp})`, value: cavalrySp * v.cavalrySp, rule: LOSSES_RULE },
    { label: `Destroyed artillery SPs (${l.artilleryDestroyedSp} x ${v.artilleryDestroyedSp})`, value: l.artilleryDestroyedSp * v.artilleryDestroyedSp, rule: LOSSES_RULE },
    { label: `Wagon points (${l.wagonPoints} x ${v.wagonPoints})`, value: l.wagonPoints * v.wagonPoints, rule: LOSSES_RULE },
    { label: `Captured artillery SPs (${l.artilleryCapturedSp} x ${v.artilleryCapturedSp})`, value: l.artilleryCapturedSp * v.artilleryCapturedSp, rule: LOSSES_RULE },
    { label: `Commanders killed (${l.commandersKilled.length}: stars x rating, minimum 1)`, value: killed, rule: LOSSES_RULE },
    { label: `Commanders wounded (${l.commandersWounded.length}: 1/2 x stars x rating)`, value: wounded, rule: LOSSES_RULE },
  ];
  if (!stragglersCount && infantryStragglers + cavalryStragglers > 0) {
    items.push(readingItem({ label: `Unrecovered stragglers not counted (${infantryStragglers} infantry, ${cavalryStragglers} cavalry)`, value: 0, rule: LOSSES_RULE }, 'stragglersAtEnd', stragglersReading));
  }
  // RI-S06: capture is not in the table and scores nothing, unless the game chose the house reading that it scores as a death.
  if (capturedReading === 'scoreAsKilled' && captured.length > 0) {
    const points = captured.reduce((sum, c) => sum + killedCommanderPoints(c), 0);
    items.push(readingItem({ label: `Commanders captured (${captured.length}: stars x rating, minimum 1)`, value: points, rule: LOSSES_RULE }, 'capturedCommanders', capturedReading));
  }
  // The SPs counted for each arm, as the items count them.
  return { ...itemised(items), infantrySp, cavalrySp };
}

// ---------------------------------------------------------------------------------------------
// Victory by losses
// ---------------------------------------------------------------------------------------------

export type VictoryLevel = 'decisive' | 'substantial' | 'marginal' | 'draw';

/** Loss points above which (for at least one side) the game is not an automatic draw. */
const AUTOMATIC_DRAW_THRESHOLD = 300;

function assertLossTotal(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || !Number.isInteger(value * 2)) {
    throw new RulesArgumentError(argument, `must be a side's loss points, 0 or more in whole or half points (got ${String(value)})`);
  }
}

/**
 * Victory on points for losses; each argument is that side's own loss points. "Greater than a 1:1 ratio in
 * your favor is a Marginal Victory. Greater than 2:1 is Substantial, and greater than 3:1 is Decisive. If,
 * however, neither player's losses are above 300 points ... the game is an automatic Draw." RI-F15.
 */
export function victoryByLosses(usaLossPoints: number, csaLossPoints: number): { winner: Side | null; level: VictoryLevel } {
  assertLossTotal('usaLossPoints', usaLossPoints);
  assertLossTotal('csaLossPoints', csaLossPoints);
  if (usaLossPoints <= AUTOMATIC_DRAW_THRESHOLD && csaLossPoints <= AUTOMATIC_DRAW_THRESHOLD) return { winner: null, level: 'draw' };
  if (usaLossPoints === csaLossPoints) return { winner: null, level: 'draw' };
  const winner: Side = usaLossPoints < csaLossPoints ? 'USA' : 'CSA';
  const own = Math.min(usaLossPoints, csaLossPoints);
  const enemy = Math.max(usaLossPoints, csaLossPoints);
  // Ratios compared by cross-multiplying, so a side with no losses at all wins decisively.
  const level: VictoryLevel = enemy > 3 * own ? 'decisive' : enemy > 2 * own ? 'substantial' : 'marginal';
  return { winner, level };
}

// ---------------------------------------------------------------------------------------------
// Geographic and Manpower Objectives
// ---------------------------------------------------------------------------------------------

/** Objectives a side must occupy for a Substantial Victory (Rev. Victory). */
const GEOGRAPHIC_OBJECTIVES_REQUIRED: Readonly<Record<Side, number>> = { USA: 2, CSA: 5 };

/** Guns lost (destroyed or captured) that count as one division for Manpower Objectives. */
const GUNS_PER_DIVISION = 30;

/** Divisions a side has lost for Manpower Objectives: its wrecked divisions plus one per 30 guns lost, destroyed or captured. */
export function manpowerDivisionsLost(i: { divisions: number; gunsDestroyed: number; gunsCaptured: number }): Itemised {
  assertNonNegativeInteger('divisions', i?.divisions);
  assertNonNegativeInteger('gunsDestroyed', i.gunsDestroyed);
  assertNonNegativeInteger('gunsCaptured', i.gunsCaptured);
  const guns = i.gunsDestroyed + i.gunsCaptured;
  const items: DrmItem[] = [{ label: 'Divisions lost (15.6.7)', value: i.divisions, rule: VICTORY_RULE }];
  const fromGuns = Math.floor(guns / GUNS_PER_DIVISION);
  if (fromGuns > 0) items.push({ label: `${guns} guns lost (30 guns = 1 division)`, value: fromGuns, rule: VICTORY_RULE });
  return itemised(items);
}

export interface VictoryInput {
  /** Geographic objectives each side occupies (its own list, with the revision's Staging Areas). */
  objectivesOccupied: Record<Side, number>;
  /** Whether each side satisfies its Manpower Objectives per 15.6.7 (see manpowerDivisionsLost). */
  manpowerObjectivesMet: Record<Side, boolean>;
  lossPoints: Record<Side, number>;
  /** Objectives needed; defaults to the revision's USA 2, CSA 5. */
  objectivesRequired?: Record<Side, number>;
}

export interface VictoryResult {
  winner: Side | null;
  level: VictoryLevel;
  by: 'objectives' | 'losses';
  /** What each side achieved by objectives. */
  objectives: Record<Side, { geographic: boolean; manpower: boolean }>;
  rule: string;
}

/**
 * The result of the game. Occupying the Geographic Objectives or satisfying the Manpower Objectives gives a
 * Substantial Victory; "If victory is not achieved via Geographic or Manpower Objectives, it is calculated on
 * points for losses". RI-F16: if both sides achieve objectives, neither has achieved victory that way.
 */
export function gameVictory(i: VictoryInput): VictoryResult {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { objectivesOccupied, manpowerObjectivesMet, lossPoints, objectivesRequired? }');
  const required = i.objectivesRequired ?? GEOGRAPHIC_OBJECTIVES_REQUIRED;
  const objectives = {} as Record<Side, { geographic: boolean; manpower: boolean }>;
  for (const side of SIDES) {
    assertNonNegativeInteger(`objectivesOccupied.${side}`, i.objectivesOccupied?.[side]);
    assertNonNegativeInteger(`objectivesRequired.${side}`, required[side]);
    const manpower = i.manpowerObjectivesMet?.[side];
    if (typeof manpower !== 'boolean') throw new RulesArgumentError(`manpowerObjectivesMet.${side}`, `must be true or false (got ${String(manpower)})`);
    objectives[side] = { geographic: i.objectivesOccupied[side] >= required[side], manpower };
  }
  const achieved = SIDES.filter((side) => objectives[side].geographic || objectives[side].manpower);
  if (achieved.length === 1) {
    return { winner: achieved[0] ?? null, level: 'substantial', by: 'objectives', objectives, rule: VICTORY_RULE };
  }
  const byLosses = victoryByLosses(i.lossPoints?.USA, i.lossPoints?.CSA);
  return { ...byLosses, by: 'losses', objectives, rule: LOSSES_RULE };
}

// ---------------------------------------------------------------------------------------------
// The history check: the real battle's casualties in the game's terms
// ---------------------------------------------------------------------------------------------

/**
 * A unit's historical casualties as SP lost (RI-B08): infantry and cavalry at the scenario's men per SP,
 * half rounded up, never more than its printed SP; batteries none (their casualties are gunners, not guns).
 */
export function historicalSpLost(u: { arm: Arm; casualties: number | null; sp: number; menPerSp: number }): number {
  if (typeof u !== 'object' || u === null) throw new RulesArgumentError('u', 'must be { arm, casualties, sp, menPerSp }');
  if (u.casualties !== null) assertNonNegativeInteger('casualties', u.casualties);
  assertNonNegativeInteger('sp', u.sp);
  if (typeof u.menPerSp !== 'number' || !Number.isInteger(u.menPerSp) || u.menPerSp < 1) throw new RulesArgumentError('menPerSp', `must be a whole number of 1 or more (got ${String(u.menPerSp)})`);
  if (u.arm === 'artillery' || u.casualties === null) return 0;
  return Math.min(u.sp, Math.round(u.casualties / u.menPerSp));
}
