/**
 * The weather's schemas (Rev. Rain, Rev. Mud): the state the turn bar shows (GameInfo.weather) and the
 * combat domain's `weather` query returns, and the roll that ends the rain. The functions that change it
 * are the combat domain's (setWeather, rollToEndRain).
 */
import { z } from 'zod';
import { DiceSource, Itemised, RollChangeResult, TypedRoll } from './common';

/** The weather in force and what it changes, as the turn bar shows it. */
export const WeatherState = z.object({
  raining: z.boolean(),
  mud: z.boolean(),
  /** Rolls already made to end this rain. */
  rainStopRolls: z.number().int(),
  /** The turn Random Event M brought the rain. */
  rainBeganTurnId: z.string().nullable(),
  /** A roll to end the rain is due this turn and not yet made (RI-B04). */
  rollDue: z.boolean(),
  /** The DRM the next roll to end the rain gets (-1 per roll already made). */
  nextRollDrm: Itemised,
  /** Rain may begin now: this is an afternoon turn and it is not raining (Random Event M). */
  rainMayBegin: z.boolean(),
  /** Every number the weather changes, with its rule. */
  effects: z.array(z.object({ label: z.string(), rule: z.string() })),
  /** The roll to end the rain made this turn, once made, and what came of it (public, as at the table). */
  rolledThisTurn: z.object({ roll: z.number().int(), modified: z.number().int(), source: DiceSource, stops: z.boolean() }).nullable(),
});
export type WeatherState = z.infer<typeof WeatherState>;

export const RainRollInput = z.strictObject({ roll: TypedRoll.optional() });
export type RainRollInput = z.infer<typeof RainRollInput>;
export const RainRollResult = RollChangeResult.extend({ stops: z.boolean(), modified: z.number(), drm: Itemised, weather: WeatherState });
export type RainRollResult = z.infer<typeof RainRollResult>;
