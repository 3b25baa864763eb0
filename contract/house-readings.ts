/**
 * House readings: where players read a rule of the revision differently, the choice a group makes when it
 * creates a game (rules/house-readings.ts says what each changes). Recorded in the game file at creation and
 * never changed afterwards; a reading left out is the documented one (docs/rules-interpretations.md).
 */
import { z } from 'zod';
import { HOUSE_READING_CHOICES as C } from '../rules/types';

const readings = {
  oocCommanderDrm: z.enum(C.oocCommanderDrm),
  orderChangeOrders: z.enum(C.orderChangeOrders),
  initiativeModifier: z.enum(C.initiativeModifier),
  overallCommander: z.enum(C.overallCommander),
  mixedBayonetCharge: z.enum(C.mixedBayonetCharge),
  attachable: z.enum(C.attachable),
  stragglersAtEnd: z.enum(C.stragglersAtEnd),
  capturedCommanders: z.enum(C.capturedCommanders),
  doubleTimePastTop: z.enum(C.doubleTimePastTop),
  rainDoubleTime: z.enum(C.rainDoubleTime),
  fatigueRecovery: z.enum(C.fatigueRecovery),
  loneLeaders: z.enum(C.loneLeaders),
};

export const HouseReadingId = z.enum(Object.keys(readings) as [keyof typeof readings, ...(keyof typeof readings)[]]);

/** New Game's choice: a reading left out is the documented one. */
export const HouseReadingsInput = z.strictObject({
  oocCommanderDrm: readings.oocCommanderDrm.optional(),
  orderChangeOrders: readings.orderChangeOrders.optional(),
  initiativeModifier: readings.initiativeModifier.optional(),
  overallCommander: readings.overallCommander.optional(),
  mixedBayonetCharge: readings.mixedBayonetCharge.optional(),
  attachable: readings.attachable.optional(),
  stragglersAtEnd: readings.stragglersAtEnd.optional(),
  capturedCommanders: readings.capturedCommanders.optional(),
  doubleTimePastTop: readings.doubleTimePastTop.optional(),
  rainDoubleTime: readings.rainDoubleTime.optional(),
  fatigueRecovery: readings.fatigueRecovery.optional(),
  loneLeaders: readings.loneLeaders.optional(),
});
export type HouseReadingsInput = z.input<typeof HouseReadingsInput>;

/** The readings recorded in the game file: one choice for each. */
export const HouseReadingSettings = z.object(readings);
export type HouseReadingSettings = z.infer<typeof HouseReadingSettings>;

/** A reading the game plays other than as documented, in words, for the turn guide and the Victory screen. */
export const HouseReadingInForce = z.object({ id: HouseReadingId, readings: z.string(), name: z.string(), choice: z.string(), choiceName: z.string(), detail: z.string() });
export const HouseReadingsState = z.object({ settings: HouseReadingSettings, inForce: z.array(HouseReadingInForce) });
export type HouseReadingsState = z.infer<typeof HouseReadingsState>;

/** What the New Game screen offers: each reading, what it changes and its choices, the documented one first. */
export const HouseReadingOffer = z.object({
  id: HouseReadingId,
  readings: z.string(),
  name: z.string(),
  changes: z.string(),
  choices: z.array(z.object({ id: z.string(), name: z.string(), detail: z.string() })),
});
export type HouseReadingOffer = z.infer<typeof HouseReadingOffer>;
