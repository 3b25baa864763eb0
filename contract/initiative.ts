/** The Initiative Segment: both sides' rolls, army commanders' points, the +1 Initiative Modifier. */
import { z } from 'zod';
import { Itemised, RollChangeResult, Side, TypedRoll, write } from './common';

export const InitiativeInput = z.strictObject({
  /** Whether each side adds its army commander's rating points (spending his points and movement for the turn). */
  armyPoints: z.strictObject({ USA: z.boolean(), CSA: z.boolean() }),
  /** Whether each army commander (or US wing commander) is on the map (default true). */
  armyCommanderOnMap: z.strictObject({ USA: z.boolean().optional(), CSA: z.boolean().optional() }).optional(),
  /** Both sides' dice typed in from the table, or neither (the app rolls both, re-rolling ties). */
  rolls: z.strictObject({ USA: TypedRoll.optional(), CSA: TypedRoll.optional() }).optional(),
  /**
   * Who holds the previous turn's +1 Initiative Modifier (RI-C04: the series rule in use decides). Omit to use
   * the turn state's value (by default the previous turn's Initiative winner, RI-S11); null: neither side.
   */
  initiativeModifier: Side.nullable().optional(),
});
export type InitiativeInput = z.infer<typeof InitiativeInput>;

export const InitiativeResult = RollChangeResult.extend({
  /** null when typed rolls tied: the event records them and the players roll again. */
  winner: Side.nullable(),
  totals: z.object({ USA: Itemised, CSA: Itemised }),
});
export type InitiativeResult = z.infer<typeof InitiativeResult>;

export const initiativeContract = {
  rollInitiative: write('Rolls (or records typed) Initiative dice for both sides, totals itemised', InitiativeInput, InitiativeResult),
};
