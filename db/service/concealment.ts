/**
 * Concealed Movement (Rev. Concealed Movement): a side's concealed commands and their plots, the head hex
 * of each column turn by turn, until deployed. RI-B09: the plot is a side's secret, kept in the
 * `concealment` table (db/secrets.ts): the events say only which side plotted; concealedPlots returns a
 * side's plots to a viewer of that side and to nobody else. Deploying is public: the units are placed.
 */
import { mayUseConcealedMovement } from '../../rules/movement';
import { forbidden, invalid } from '../errors';
import type { ChangeResult, ConcealedPlots, ConcealInput, DeployInput, PlotEntry, PlotInput } from '../../contract';
import { readClock, readCommands, readConcealment, readConcealmentOf, readTurn, type CommandRow, type ConcealmentRow } from '../store';
import { askRules } from '../validate';
import { write, type GameContext, type ServiceFunctions } from './context';
import { command } from './lookups';
import { sealedPlotEntries } from './sealed-plot-log';
import type { Side } from '../../rules/types';
import type { SqliteDatabase } from '../open';

export const CONCEALED_RULE = 'Rev. Concealed Movement';

export function plotOf(row: ConcealmentRow): PlotEntry[] {
  return JSON.parse(row.plot) as PlotEntry[];
}

/** The turn as a plot names it ("1 July 1400"). */
export function plotLabel(db: SqliteDatabase, turnId: string): string {
  const t = readTurn(db, turnId);
  return t ? `${Number(t.date.slice(8, 10))} July ${t.time}` : turnId;
}

/** The plot with the head hex of a turn set: one per turn, a later entry of the same turn corrects it. */
export function withTurnEntry(db: SqliteDatabase, plot: readonly PlotEntry[], turnId: string, hex: string, note: string): PlotEntry[] {
  return [...plot.filter((p) => p.turnId !== turnId), { turnId, label: plotLabel(db, turnId), hex, note }];
}

export const CONCEALED_MOVEMENT_BEGINS = 'begins Concealed Movement';

/** Why a command deploys, in the players' words. */
export const DEPLOY_WHY: Record<DeployInput['reason'], string> = {
  'enemy-los': 'it came within enemy LOS',
  'adjacent-in-darkness': 'it came adjacent to the enemy at night, dusk or dawn',
  'failed-me': 'it failed its ME activation and is deployed for RE',
  player: 'its player deploys it',
};

function concealedPlots(ctx: GameContext, input: { viewer?: Side } = {}): ConcealedPlots {
  const viewer = input.viewer ?? null;
  // No viewer, no secrets: a caller that does not say which side is looking sees no plot at all.
  const sealed = sealedPlotEntries(ctx.db);
  if (viewer === null) return { viewer: null, commands: [], sealed };
  const names = new Map(readCommands(ctx.db).map((c) => [c.id, c.name]));
  const turnId = readClock(ctx.db).turn_id;
  const commands = readConcealment(ctx.db)
    .filter((r) => r.side === viewer && (r.concealed === 1 || plotOf(r).length > 0))
    .map((r) => {
      const plot = plotOf(r);
      return { commandId: r.id, name: names.get(r.id) ?? r.id, concealed: r.concealed === 1, plot, plottedThisTurn: plot.some((p) => p.turnId === turnId) };
    });
  return { viewer, commands, sealed };
}

/** The command of the side making the entry (a side only ever names its own commands). */
export function ownCommand(ctx: GameContext, side: Side, commandId: string): CommandRow {
  const c = command(ctx, 'commandId', commandId);
  if (c.side !== side) throw invalid('commandId', `${c.name} is not a ${side} command`);
  return c;
}

function concealCommand(ctx: GameContext, input: ConcealInput): ChangeResult {
  return write(ctx, 'concealment', input, (cs) => {
    const c = ownCommand(ctx, input.side, input.commandId);
    if (c.on_map !== 1) throw forbidden('commandId', `${c.name} has not arrived yet`, 'Rev. Variable Arrival of Reinforcements');
    const row = readConcealmentOf(ctx.db, c.id)!;
    if (row.concealed === 1) throw invalid('commandId', `${c.name} is already moving concealed`);
    const strategic = input.strategicMovement ?? false;
    const outOfLos = input.outOfEnemyLos ?? true;
    // A brigade whose division or corps entered with the RSM marker arrives by RSM too (RI-B09).
    const byId = new Map(readCommands(ctx.db).map((x) => [x.id, x]));
    let arrivingByRsm = false;
    for (let x: CommandRow | undefined = c; x; x = x.parent_id ? byId.get(x.parent_id) : undefined) if (x.rsm === 1) arrivingByRsm = true;
    if (!askRules(() => mayUseConcealedMovement({ strategicMovement: strategic, arrivingByRsm, inEnemyLos: !outOfLos }))) {
      throw forbidden('commandId', `${c.name} may not use Concealed Movement: it must be activated for Strategic Movement or arriving with an RSM marker, and out of enemy LOS`, CONCEALED_RULE);
    }
    const turnId = readClock(ctx.db).turn_id;
    const plot = withTurnEntry(ctx.db, plotOf(row), turnId, input.hex, CONCEALED_MOVEMENT_BEGINS);
    cs.set('concealment', c.id, 'concealed', 0, 1).set('concealment', c.id, 'plot', row.plot, JSON.stringify(plot));
    return { summary: `${input.side} moves a command concealed (secret until deployed)`, result: {} };
  });
}

function plotConcealed(ctx: GameContext, input: PlotInput): ChangeResult {
  return write(ctx, 'concealment', input, (cs) => {
    const c = ownCommand(ctx, input.side, input.commandId);
    const row = readConcealmentOf(ctx.db, c.id)!;
    if (row.concealed !== 1) throw forbidden('commandId', `${c.name} is not moving concealed`, CONCEALED_RULE);
    const turnId = readClock(ctx.db).turn_id;
    // One head hex per turn: plotting again this turn corrects it.
    const plot = withTurnEntry(ctx.db, plotOf(row), turnId, input.hex, input.note ?? '');
    cs.set('concealment', c.id, 'plot', row.plot, JSON.stringify(plot));
    return { summary: `${input.side} plots its concealed movement (secret)`, result: {} };
  });
}

function deployConcealed(ctx: GameContext, input: DeployInput): ChangeResult {
  return write(ctx, 'concealment', input, (cs) => {
    const c = ownCommand(ctx, input.side, input.commandId);
    const row = readConcealmentOf(ctx.db, c.id)!;
    if (row.concealed !== 1) throw forbidden('commandId', `${c.name} is not moving concealed`, CONCEALED_RULE);
    const turnId = readClock(ctx.db).turn_id;
    const why = DEPLOY_WHY[input.reason];
    const plot = withTurnEntry(ctx.db, plotOf(row), turnId, input.hex, `deployed: ${why}`);
    cs.set('concealment', c.id, 'concealed', 1, 0).set('concealment', c.id, 'plot', row.plot, JSON.stringify(plot));
    // Deployment is public: the units are on the table now.
    return { summary: `${c.name} deploys from Concealed Movement at hex ${input.hex}: ${why}`, subjects: [`command:${c.id}`], result: {} };
  });
}

export const concealmentFunctions = { concealedPlots, concealCommand, plotConcealed, deployConcealed } satisfies Partial<ServiceFunctions>;
