/** Weather (Rev. Rain, Rev. Mud): rain brought by Random Event M, the rolls that end it, the mud it leaves. */
import { z } from 'zod';
import { Itemised, NoInput, RollChangeResult, TypedRoll, ChangeResult, write } from './common';

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
});
export type WeatherState = z.infer<typeof WeatherState>;

export const RainRollInput = z.strictObject({ roll: TypedRoll.optional() });
export type RainRollInput = z.infer<typeof RainRollInput>;
export const RainRollResult = RollChangeResult.extend({ stops: z.boolean(), weather: WeatherState });
export type RainRollResult = z.infer<typeof RainRollResult>;

export const weatherContract = {
  rainBegins: write('Random Event M: rain begins (afternoon turns only)', NoInput, ChangeResult),
  rollRainEnd: write('Rolls to end the rain (a modified 0; -1 for each roll before); mud follows', RainRollInput.optional(), RainRollResult),
};
