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
  /**
   * Two seats (RI-H11): each side's concealment entries sealed on its seat and not yet opened (public: the log
   * says each was made); zero at one laptop.
   */
  sealed: z.object({ USA: z.number().int(), CSA: z.number().int() }),
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

/** A SHA-256, hex: what the log holds of a sealed entry. */
const Commitment = z.string().regex(/^[0-9a-f]{64}$/, 'commitment: a SHA-256, 64 hexadecimal digits');
/** 128 bits, hex: the salt that opens a sealed entry. */
const Salt = z.string().regex(/^[0-9a-f]{32}$/, 'salt: 128 bits, 32 hexadecimal digits');

/**
 * Two seats (RI-H11): a command's anchor, published by its side's seat for every command of the side before
 * any of them begins Concealed Movement: a SHA-256 over the side, the command and a 128-bit anchor salt kept on
 * the seat. It ties the command to nothing until the salt is opened, which its deployment does; a beginning
 * names it by a SHA-256 of the salt alone, so the log does not say which command began.
 */
export const ConcealedAnchor = z.strictObject({ commandId: Id, anchor: Commitment });
export type ConcealedAnchor = z.infer<typeof ConcealedAnchor>;

/**
 * Two seats (RI-H11): a concealed command's entry (its beginning Concealed Movement, or a turn's plot)
 * sealed by its seat. The log holds which side did which and a commitment (a SHA-256 over the side, the
 * turn, the command, the entry and a 128-bit salt); the entry stays on the seat until the command deploys.
 * A plot also carries `follows`: a SHA-256 of the salt of the command's entry it follows, which nobody can
 * tie to that entry until its salt is opened; then the opening must include it (nothing sealed is left out).
 * A beginning carries in `follows` a SHA-256 of its command's anchor salt instead (see ConcealedAnchor): no
 * two entries of the log follow the same thing, so a command begins Concealed Movement once per anchor.
 * The side's first beginning also publishes `anchors`, one for every command of the side (and a later one for
 * each command that has none yet). Entries sealed by an earlier Muster have no `follows`.
 */
export const SealConcealedPlotInput = z.strictObject({
  side: Side,
  what: z.enum(['conceal', 'plot']),
  commitment: Commitment,
  follows: Commitment.optional(),
  anchors: z.array(ConcealedAnchor).min(1).max(5000).optional(),
});
export type SealConcealedPlotInput = z.infer<typeof SealConcealedPlotInput>;

/** One sealed entry as it is opened: what the seat sealed in that turn, and its salt. */
export const SealedPlotEntry = z.strictObject({
  what: z.enum(['conceal', 'plot']),
  turnId: text(40),
  hex: Hex,
  note: text(120).optional(),
  strategicMovement: z.boolean().optional(),
  outOfEnemyLos: z.boolean().optional(),
  salt: Salt,
});
export type SealedPlotEntry = z.infer<typeof SealedPlotEntry>;

/**
 * Two seats (RI-H11): a concealed command deploys, and its sealed plot is opened with it: every entry since it
 * began Concealed Movement, each checked against its commitment, then the deployment as at one laptop. With
 * them the command's anchor salt (the one its beginning named, checked against the command's anchor) and the
 * command's next anchor, for a later beginning; a plot begun by an earlier Muster names no anchor and has neither.
 */
export const OpenConcealedPlotInput = DeployInput.extend({
  entries: z.array(SealedPlotEntry).min(1).max(500),
  anchorSalt: Salt.optional(),
  nextAnchor: Commitment.optional(),
});
export type OpenConcealedPlotInput = z.infer<typeof OpenConcealedPlotInput>;

export const concealmentContract = {
  concealedPlots: query("The viewer's own concealed commands and their plots (nothing without a viewer)", SideViewer.optional(), ConcealedPlots),
  concealCommand: write('A command begins Concealed Movement from a hex (a side\'s secret)', ConcealInput, ChangeResult),
  plotConcealed: write("Plots the head hex of a concealed command's column this turn (a side's secret)", PlotInput, ChangeResult),
  deployConcealed: write('Deploys a concealed command on the map (public)', DeployInput, ChangeResult),
  sealConcealedPlot: write("Two seats: a concealed command's entry sealed by its seat (the log holds which side, and a commitment)", SealConcealedPlotInput, ChangeResult),
  openConcealedPlot: write('Two seats: a concealed command deploys, its sealed plot opened and checked against its commitments', OpenConcealedPlotInput, ChangeResult),
};
