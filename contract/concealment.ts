/**
 * Concealed Movement (Rev. Concealed Movement): each side's secret plot of its concealed commands, the
 * head hex of each column turn by turn, until they are deployed on the map. A plot is returned only to the
 * viewer of its own side; the history records that a side plotted, never what.
 */
import { z } from 'zod';
import { ChangeResult, Id, Side, query, text, write } from './common';
import { SideViewer } from './reinforcements';

/** A hex number as on the map ("1234", "B1234"). */
export const Hex = text(12).pipe(z.string().regex(/^[A-Za-z]{0,2}\d{3,5}$/, 'hex must be a map hex number such as 1234'));

export const PlotEntry = z.object({ turnId: z.string(), label: z.string(), hex: z.string(), note: z.string() });
export type PlotEntry = z.infer<typeof PlotEntry>;

export const ConcealedCommand = z.object({
  commandId: z.string(),
  name: z.string(),
  concealed: z.boolean(),
  plot: z.array(PlotEntry),
  /** The head hex has been plotted for the current turn. */
  plottedThisTurn: z.boolean(),
});
export type ConcealedCommand = z.infer<typeof ConcealedCommand>;

export const ConcealedPlots = z.object({
  /** Whose plots these are; null: no viewer was given, so no plot is returned. */
  viewer: Side.nullable(),
  commands: z.array(ConcealedCommand),
});
export type ConcealedPlots = z.infer<typeof ConcealedPlots>;

export const ConcealInput = z.strictObject({
  side: Side,
  commandId: Id,
  /** The head of the column now. */
  hex: Hex,
  /** The command was activated for Strategic Movement (or arrives with an RSM marker, which Muster knows). */
  strategicMovement: z.boolean().optional(),
  /** The players attest the units are out of enemy LOS (default true; in LOS they may not conceal). */
  outOfEnemyLos: z.boolean().optional(),
});
export type ConcealInput = z.infer<typeof ConcealInput>;

export const PlotInput = z.strictObject({ side: Side, commandId: Id, hex: Hex, note: text(120).optional() });
export type PlotInput = z.infer<typeof PlotInput>;

export const DeployInput = z.strictObject({
  side: Side,
  commandId: Id,
  /** Where the units are placed (public from now on). */
  hex: Hex,
  reason: z.enum(['enemy-los', 'adjacent-in-darkness', 'failed-me', 'player']),
});
export type DeployInput = z.infer<typeof DeployInput>;

export const concealmentContract = {
  concealedPlots: query("The viewer's own concealed commands and their plots (nothing without a viewer)", SideViewer.optional(), ConcealedPlots),
  concealCommand: write('A command begins Concealed Movement from a hex (a side\'s secret)', ConcealInput, ChangeResult),
  plotConcealed: write("Plots the head hex of a concealed command's column this turn (a side's secret)", PlotInput, ChangeResult),
  deployConcealed: write('Deploys a concealed command on the map (public)', DeployInput, ChangeResult),
};
