/**
 * Weather (Rev. Rain, Rev. Mud): when rain may begin, the roll that ends it, the mud that follows for
 * the rest of the game, and the weather modifiers other modules apply to fire and movement.
 */
import { assertBoolean, assertDieRoll, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { itemised } from './itemise';
import { ARMS, type Arm, type DrmItem, type Itemised } from './types';

export const RAIN_RULE = 'Rev. Rain';
export const MUD_RULE = 'Rev. Mud';

/** The weather in force: rain now falling, and whether the ground has turned to mud (for good). */
export interface Weather {
  raining: boolean;
  mud: boolean;
  /** Rolls already made to end the current rain (each successive roll gets a further -1). */
  rainStopRolls: number;
}

export function assertWeather(argument: string, weather: unknown): asserts weather is Weather {
  if (typeof weather !== 'object' || weather === null) {
    throw new RulesArgumentError(argument, `must be a weather state { raining, mud, rainStopRolls } (got ${String(weather)})`);
  }
  const w = weather as Record<string, unknown>;
  assertBoolean(`${argument}.raining`, w.raining);
  assertBoolean(`${argument}.mud`, w.mud);
  assertNonNegativeInteger(`${argument}.rainStopRolls`, w.rainStopRolls);
}

/**
 * Random Event "M" brings rain, but "This event only occurs in afternoon game turns": the weather after
 * the event is drawn in a turn that is (or is not) an afternoon turn.
 */
export function rainEvent(weather: Weather, afternoonTurn: boolean): Weather {
  assertWeather('weather', weather);
  assertBoolean('afternoonTurn', afternoonTurn);
  if (!afternoonTurn || weather.raining) return weather;
  return { raining: true, mud: weather.mud, rainStopRolls: 0 };
}

/** DRM on a roll to end the rain: -1 cumulative for each successive roll (RI-F17: the first roll is unmodified). */
export function rainStopDrm(rollsAlreadyMade: number): Itemised {
  assertNonNegativeInteger('rollsAlreadyMade', rollsAlreadyMade);
  const items: DrmItem[] =
    rollsAlreadyMade === 0 ? [] : [{ label: `Successive roll to end rain (${rollsAlreadyMade} before)`, value: -rollsAlreadyMade, rule: RAIN_RULE }];
  return itemised(items);
}

export interface RainRollResult {
  modified: number;
  drm: Itemised;
  stops: boolean;
  weather: Weather;
}

/**
 * One roll to end the rain: "It rains until a modified '0' is rolled". RI-F17: a modified 0 or less
 * ends it, and "Mud occurs when Rain stops" for the rest of the game.
 */
export function rollToEndRain(weather: Weather, roll: number): RainRollResult {
  assertWeather('weather', weather);
  assertDieRoll('roll', roll);
  if (!weather.raining) {
    throw new RulesArgumentError('weather', 'must have rain falling (raining: true) to roll for the rain to end');
  }
  const drm = rainStopDrm(weather.rainStopRolls);
  const modified = roll + drm.total;
  const stops = modified <= 0;
  const next: Weather = stops
    ? { raining: false, mud: true, rainStopRolls: 0 }
    : { raining: true, mud: weather.mud, rainStopRolls: weather.rainStopRolls + 1 };
  return { modified, drm, stops, weather: next };
}

/** Weather DRMs on a fire roll: rain -2 and mud -1 to all Artillery Fire DRs (RI-F17: both while it rains on mud). */
export function weatherFireDrmItems(weather: Weather, firerArm: Arm): DrmItem[] {
  assertWeather('weather', weather);
  assertOneOf('firerArm', firerArm, ARMS);
  if (firerArm !== 'artillery') return [];
  const items: DrmItem[] = [];
  if (weather.raining) items.push({ label: 'Rain: artillery fire', value: -2, rule: RAIN_RULE });
  if (weather.mud) items.push({ label: 'Mud: artillery fire', value: -1, rule: MUD_RULE });
  return items;
}

/** Rain gives "1/2 range and strength (rounded down) for all Fire Combat" (RI-F05: the maximum range is halved). */
export function weatherMaxRange(maxRange: number, weather: Weather): number {
  assertNonNegativeInteger('maxRange', maxRange);
  assertWeather('weather', weather);
  return weather.raining ? Math.floor(maxRange / 2) : maxRange;
}

/**
 * Whether Random Event M brings rain now: "This event only occurs in afternoon game turns", and rain
 * already falling cannot begin again.
 */
export function mayRainBegin(weather: Weather, afternoonTurn: boolean): { ok: true } | { ok: false; reason: string; rule: string } {
  assertWeather('weather', weather);
  assertBoolean('afternoonTurn', afternoonTurn);
  if (weather.raining) return { ok: false, reason: 'it is already raining', rule: RAIN_RULE };
  if (!afternoonTurn) return { ok: false, reason: 'Random Event M (Rain) only occurs in afternoon game turns', rule: RAIN_RULE };
  return { ok: true };
}

/** What the weather in force changes, one line per effect with its rule (for the turn bar and every number it changes). */
export function weatherEffects(weather: Weather): { label: string; rule: string }[] {
  assertWeather('weather', weather);
  const effects: { label: string; rule: string }[] = [];
  if (weather.raining) {
    effects.push({ label: 'All movement allowances halved, unless moving along pikes exclusively', rule: RAIN_RULE });
    effects.push({ label: 'Artillery fire -2', rule: RAIN_RULE });
    effects.push({ label: 'Fire range and strength halved (rounded down)', rule: RAIN_RULE });
  }
  if (weather.mud) {
    effects.push({ label: 'All movement allowances -1', rule: MUD_RULE });
    effects.push({ label: 'Artillery fire -1', rule: MUD_RULE });
  }
  return effects;
}
