/** The Initiative Segment: both sides' rolls, army commanders' points, the +1 Initiative Modifier. */
import { z } from 'zod';
import { ChangeResult, Itemised, RollChangeResult, Side, TypedRoll, write } from './common';

/** One side's secret declaration (RI-H01): whether its army commander adds his rating points to the roll. */
export const DeclareInitiativeInput = z.strictObject({ side: Side, armyPoints: z.boolean() });
export type DeclareInitiativeInput = z.infer<typeof DeclareInitiativeInput>;

export const InitiativeInput = z.strictObject({
  /**
   * Whether each side adds its army commander's rating points (spending his points and movement for the
   * turn). Leave it out when both sides declared (declareInitiative): the declarations are used. Whether
   * an army commander is on the map comes from the roster (RI-H05).
   */
  armyPoints: z.strictObject({ USA: z.boolean(), CSA: z.boolean() }).optional(),
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
  /** 'tie' when typed rolls tied: a normal result, recorded with its dice; the players roll again (RI-C02). */
  outcome: z.enum(['winner', 'tie']),
  /** The side with the Initiative; null on a tie. */
  winner: Side.nullable(),
  totals: z.object({ USA: Itemised, CSA: Itemised }),
});
export type InitiativeResult = z.infer<typeof InitiativeResult>;

export const initiativeContract = {
  declareInitiative: write("A side's secret declaration: does its army commander add his rating points to the initiative roll?", DeclareInitiativeInput, ChangeResult),
  rollInitiative: write('Rolls (or records typed) Initiative dice for both sides, totals itemised', InitiativeInput, InitiativeResult),
};
