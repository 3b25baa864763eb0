/**
 * Movement helpers of the revision: the movement allowance with Strategic Movement, Double Time and the
 * weather; Passage of Lines; Extended Columns; Reinforcement Strategic Movement markers; Concealed Movement;
 * Extended Line and battery sections; mounting and cavalry fatigue. Terrain costs themselves are the base
 * game's, apart from the two rows in terrain.ts.
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { HOUSE_READING_CHOICES, houseReadingSource, readingItem, type HouseReadingChoice } from './house-readings';
import { itemised } from './itemise';
import { ORDERS } from './orders-table';
import { ARMS, COUNTER_LIMITS, ORDER_CODES, type Arm, type DrmItem, type Itemised, type OrderCode } from './types';
import { assertWeather, MUD_RULE, RAIN_RULE, type Weather } from './weather';

const DOUBLE_TIME_RULE = 'Rev. Double Time';

function optionalBoolean(argument: string, value: unknown): boolean {
  if (value === undefined) return false;
  assertBoolean(argument, value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Movement allowance
// ---------------------------------------------------------------------------------------------

/**
 * Why a unit may not Double Time (none = it may): "Infantry brigades using Strategic Movement (only) may
 * Double Time".
 */
export function doubleTimeIneligibility(u: { arm: Arm; strategicMovement: boolean }): string[] {
  assertOneOf('unit.arm', u?.arm, ARMS);
  assertBoolean('unit.strategicMovement', u.strategicMovement);
  const reasons: string[] = [];
  if (u.arm !== 'infantry') reasons.push('Only infantry brigades may Double Time');
  if (!u.strategicMovement) reasons.push('Double Time only with Strategic Movement');
  return reasons;
}

export interface MovementAllowanceInput {
  arm: Arm;
  /** Printed movement allowance. */
  baseMa: number;
  strategicMovement?: boolean;
  doubleTime?: boolean;
  weather: Weather;
  /** Moving along pikes exclusively this activation: rain does not halve the MA. */
  pikesExclusively?: boolean;
  /** The game's house reading of Double Time's +3 in rain (RI-F21); left out, the documented reading. */
  rainDoubleTime?: HouseReadingChoice<'rainDoubleTime'>;
}

export interface MovementAllowance {
  ma: Itemised;
  /** Fatigue levels added by this activation's movement (Double Time: +2). */
  fatigueLevels: number;
}

/**
 * The MPs a unit has for one activation, itemised: the printed MA, doubled for Strategic Movement, +3 for
 * Double Time (fatigue +2 levels), halved in rain unless it keeps to pikes, -1 in mud. RI-F21: the
 * halving applies to the whole allowance and keeps an exact half.
 */
export function movementAllowance(i: MovementAllowanceInput): MovementAllowance {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { arm, baseMa, strategicMovement?, doubleTime?, weather, pikesExclusively? }');
  assertOneOf('arm', i.arm, ARMS);
  assertNonNegativeInteger('baseMa', i.baseMa);
  const strategic = optionalBoolean('strategicMovement', i.strategicMovement);
  const doubleTime = optionalBoolean('doubleTime', i.doubleTime);
  const pikes = optionalBoolean('pikesExclusively', i.pikesExclusively);
  assertWeather('weather', i.weather);
  const rainReading = i.rainDoubleTime ?? 'halvedWithAllowance';
  assertOneOf('rainDoubleTime', rainReading, HOUSE_READING_CHOICES.rainDoubleTime);
  if (doubleTime) {
    const reasons = doubleTimeIneligibility({ arm: i.arm, strategicMovement: strategic });
    if (reasons.length > 0) throw new RulesArgumentError('doubleTime', `may be true only for infantry using Strategic Movement (${reasons.join('; ')})`);
  }
  const items: DrmItem[] = [{ label: 'Movement Allowance', value: i.baseMa, rule: 'Base game' }];
  let ma = i.baseMa;
  if (strategic) {
    items.push({ label: 'Strategic Movement: doubled Movement Allowance', value: i.baseMa, rule: DOUBLE_TIME_RULE });
    ma += i.baseMa;
  }
  const halves = i.weather.raining && !pikes;
  // RI-F21: the house reading "added after halving" gives Double Time's +3 whole in rain.
  const addedAfter = doubleTime && halves && rainReading === 'addedAfterHalving';
  if (doubleTime && !addedAfter) {
    items.push({ label: 'Double Time', value: 3, rule: DOUBLE_TIME_RULE });
    ma += 3;
  }
  if (halves) {
    const rain = { label: 'Rain: all MAs reduced by half', value: -ma / 2, rule: RAIN_RULE };
    items.push(addedAfter ? readingItem({ ...rain, label: `${rain.label} (before Double Time)` }, 'rainDoubleTime', rainReading) : rain);
    ma -= ma / 2;
  }
  if (addedAfter) {
    items.push(readingItem({ label: 'Double Time (added after the rain halves the allowance)', value: 3, rule: DOUBLE_TIME_RULE }, 'rainDoubleTime', rainReading));
    ma += 3;
  }
  if (i.weather.mud && ma > 0) {
    const mud = -Math.min(1, ma);
    items.push({ label: 'Mud: -1 all MAs', value: mud, rule: MUD_RULE });
  }
  return { ma: itemised(items), fatigueLevels: doubleTime ? 2 : 0 };
}

// ---------------------------------------------------------------------------------------------
// Concealed Movement
// ---------------------------------------------------------------------------------------------

/**
 * "Units activated for Strategic Movement, out of enemy LOS, or arriving via Reinforcement SM and out of enemy
 * LOS may use Concealed Movement": either way the units must be out of enemy LOS.
 */
export function mayUseConcealedMovement(i: { strategicMovement: boolean; arrivingByRsm: boolean; inEnemyLos: boolean }): boolean {
  assertBoolean('strategicMovement', i?.strategicMovement);
  assertBoolean('arrivingByRsm', i.arrivingByRsm);
  assertBoolean('inEnemyLos', i.inEnemyLos);
  return (i.strategicMovement || i.arrivingByRsm) && !i.inEnemyLos;
}

// ---------------------------------------------------------------------------------------------
// The movement helper: a unit's allowance this activation, with what its orders and fatigue allow
// ---------------------------------------------------------------------------------------------

const BASE_MOVEMENT_RULE = 'Base game (Muster default, RI-B05)';

/**
 * RI-B05: the revision prints no movement allowances; these are Muster's defaults for the base game's
 * printed MAs, shown with their source so players with other counters type their own.
 */
export const DEFAULT_MOVEMENT_ALLOWANCES = {
  infantry: 6,
  cavalryMounted: 12,
  /** RI-F19: dismounted cavalry moves as infantry. */
  cavalryDismounted: 6,
  artillery: 8,
  horseArtillery: 10,
} as const;

/** The default printed MA of a unit, and what it is (RI-B05). */
export function defaultMovementAllowance(u: { arm: Arm; mounted?: boolean; horseArtillery?: boolean }): { value: number; label: string } {
  assertOneOf('unit.arm', u?.arm, ARMS);
  const mounted = optionalBoolean('unit.mounted', u.mounted);
  const horse = optionalBoolean('unit.horseArtillery', u.horseArtillery);
  const d = DEFAULT_MOVEMENT_ALLOWANCES;
  if (u.arm === 'infantry') return { value: d.infantry, label: 'Movement Allowance (infantry)' };
  if (u.arm === 'cavalry') return mounted ? { value: d.cavalryMounted, label: 'Movement Allowance (mounted cavalry)' } : { value: d.cavalryDismounted, label: 'Movement Allowance (dismounted cavalry)' };
  return horse ? { value: d.horseArtillery, label: 'Movement Allowance (horse artillery)' } : { value: d.artillery, label: 'Movement Allowance (artillery)' };
}

/** What an order's ACTIONS & RESTRICTIONS say about moving (Rev. Orders Table). */
export function orderMovement(order: OrderCode): { strategicMovementAllowed: boolean; oneHexOnly: boolean; restrictions: string[]; rule: string } {
  assertOneOf('order', order, ORDER_CODES);
  const actions = ORDERS[order].actions;
  const moving = /mov|MPs|hex|Strategic/i;
  return {
    strategicMovementAllowed: ORDERS[order].may.strategicMovement,
    oneHexOnly: ORDERS[order].may.oneHexMovementOnly,
    restrictions: actions.filter((a) => moving.test(a)).map((a) => `${order}: ${a}`),
    rule: ORDERS[order].rule,
  };
}

export interface UnitMovementInput {
  arm: Arm;
  /** Printed MA; default from DEFAULT_MOVEMENT_ALLOWANCES (RI-B05). */
  baseMa?: number;
  mounted?: boolean;
  horseArtillery?: boolean;
  /** The order the unit is under. */
  order: OrderCode;
  strategicMovement?: boolean;
  doubleTime?: boolean;
  pikesExclusively?: boolean;
  weather: Weather;
  /** The unit's fatigue level now (0-4). */
  fatigue: number;
  /** The game's house readings of movement (RI-B06, RI-F21); left out, the documented readings. */
  readings?: { doubleTimePastTop?: HouseReadingChoice<'doubleTimePastTop'>; rainDoubleTime?: HouseReadingChoice<'rainDoubleTime'> };
}

export interface UnitMovement extends MovementAllowance {
  /** Why Strategic Movement or Double Time is not open to the unit now (empty: it is). */
  strategicMovement: { used: boolean; refused: string[] };
  doubleTime: { used: boolean; refused: string[] };
  /** The order's movement restrictions, and the one-hex limit of HOLD. */
  restrictions: string[];
  oneHexOnly: boolean;
  /** The fatigue level after this activation's movement. */
  fatigueAfter: number;
}

/**
 * A unit's movement allowance for one activation and everything that bounds it, itemised: its arm's MA,
 * Strategic Movement (if its orders allow it), Double Time (infantry on Strategic Movement whose fatigue
 * can take +2 levels, RI-B06), rain and mud. Asking for what the unit may not do is refused with the
 * reasons, so the number shown is always one the rules allow.
 */
export function unitMovement(i: UnitMovementInput): UnitMovement {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { arm, order, weather, fatigue, baseMa?, strategicMovement?, doubleTime?, pikesExclusively? }');
  assertOneOf('arm', i.arm, ARMS);
  assertOneOf('order', i.order, ORDER_CODES);
  assertNonNegativeInteger('fatigue', i.fatigue);
  assertWeather('weather', i.weather);
  const strategic = optionalBoolean('strategicMovement', i.strategicMovement);
  const doubleTime = optionalBoolean('doubleTime', i.doubleTime);
  const orders = orderMovement(i.order);
  const smRefused = orders.strategicMovementAllowed ? [] : [`${i.order} orders: No Strategic Movement`];
  if (strategic && smRefused.length > 0) throw new RulesArgumentError('strategicMovement', `may not be used: ${smRefused.join('; ')} (${orders.rule})`);
  const dtRefused = doubleTimeIneligibility({ arm: i.arm, strategicMovement: strategic });
  const fatigue = doubleTimeFatigue(i.fatigue, i.readings?.doubleTimePastTop);
  if (!fatigue.ok) dtRefused.push(fatigue.reason);
  if (doubleTime && dtRefused.length > 0) throw new RulesArgumentError('doubleTime', `may not be used: ${dtRefused.join('; ')}`);
  const base = i.baseMa ?? defaultMovementAllowance(i).value;
  const label = i.baseMa === undefined ? defaultMovementAllowance(i).label : 'Movement Allowance (as printed)';
  const result = movementAllowance({
    arm: i.arm,
    baseMa: base,
    strategicMovement: strategic,
    doubleTime,
    weather: i.weather,
    pikesExclusively: i.pikesExclusively ?? false,
    ...(i.readings?.rainDoubleTime ? { rainDoubleTime: i.readings.rainDoubleTime } : {}),
  });
  const [first, ...rest] = result.ma.items;
  const items = [{ ...first!, label, rule: i.baseMa === undefined ? BASE_MOVEMENT_RULE : 'Base game' }, ...rest];
  return {
    ma: itemised(items),
    fatigueLevels: result.fatigueLevels,
    strategicMovement: { used: strategic, refused: smRefused },
    doubleTime: { used: doubleTime, refused: dtRefused },
    restrictions: orders.restrictions,
    oneHexOnly: orders.oneHexOnly,
    fatigueAfter: doubleTime && fatigue.ok ? fatigue.after : i.fatigue,
  };
}

/**
 * Double Time's fatigue: "Fatigue is then increased by 2 levels." RI-B06: a unit whose fatigue would pass the
 * top level (4, RI-S20) may not Double Time; under the house reading "capped at the top" it may, and its
 * fatigue stops at the top level (`rule` then names the option).
 */
export function doubleTimeFatigue(level: number, reading: HouseReadingChoice<'doubleTimePastTop'> = 'refused'): { ok: true; after: number; rule: string } | { ok: false; reason: string; rule: string } {
  assertNonNegativeInteger('level', level);
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.doubleTimePastTop);
  const after = level + 2;
  const top = COUNTER_LIMITS.fatigue.max;
  if (after <= top) return { ok: true, after, rule: DOUBLE_TIME_RULE };
  if (reading === 'cappedAtTop') return { ok: true, after: top, rule: `${DOUBLE_TIME_RULE}; ${houseReadingSource('doubleTimePastTop', reading)}` };
  return { ok: false, reason: `fatigue level ${level}: Double Time would take it to ${after}, past the top level ${top}`, rule: DOUBLE_TIME_RULE };
}
