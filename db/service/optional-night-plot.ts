/**
 * Optional rule Variable Initiative, its Simultaneous Night Movement (RI-O07, RI-O25): in a Night Turn's
 * Non-Automatic Order Change Phase (I.B, a step of secret entries) each side writes its plot pad, six
 * Time Segments of one MP each per unit, kept in units.night_plot. Each plot is that side's hidden entry
 * (RI-H01): the other side's queries see nothing of it until both sides have finished the step, when
 * both pads are revealed together; the players then carry them out on the map. A new turn clears them.
 */
import { nightPlotPositions, nightPlotProblems, VARIABLE_INITIATIVE_RULES as R, type NightPlotStep } from '../../rules/optional/variable-initiative';
import { SIDES, type Side } from '../../rules/types';
import type { ChangeResult, ClockState, NightPlotsReport, NightUnitPlotView, PlotNightMovementInput, Viewer } from '../../contract';
import { ORDERS_SEGMENT } from '../clock';
import { forbidden, invalid } from '../errors';
import type { ChangeSet } from '../events';
import { statement } from '../statements';
import { readClock, readTurn, type UnitRow } from '../store';
import { askRules } from '../validate';
import { refuseFinishedEntries, write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { registerRuleModule } from './rule-seam';
import { unit } from './lookups';
import { variableInitiativeOn } from './optional-variable-initiative';
import { secretEntriesNow } from './secrets';

/** What units.night_plot holds. */
interface StoredPlot {
  turnId: string;
  fromHex: string;
  steps: NightPlotStep[];
  inEnemyZoc: boolean;
}

const PLOT_PHASE = 'B';

/** Plots are entered now: Variable Initiative on, a Night Turn, its Non-Automatic Order Change Phase. */
function entering(ctx: GameContext): boolean {
  const clock = readClock(ctx.db);
  return variableInitiativeOn(ctx.db) && readTurn(ctx.db, clock.turn_id)?.light === 'night' && clock.segment === ORDERS_SEGMENT && clock.phase === PLOT_PHASE;
}

function nightPlots(ctx: GameContext, input: { viewer?: Viewer } = {}): NightPlotsReport {
  const clock = readClock(ctx.db);
  const on = variableInitiativeOn(ctx.db);
  const night = on && readTurn(ctx.db, clock.turn_id)?.light === 'night';
  const now = entering(ctx);
  const revealed = !now || secretEntriesNow(ctx.db)?.revealed === true;
  const viewer = input.viewer ?? null;
  // The query runs as the viewer may see the game (asSeenBy): the other side's unrevealed plots are not there.
  const rows = night ? (statement(ctx.db, 'SELECT id, side, name, night_plot FROM units WHERE night_plot IS NOT NULL ORDER BY position').all() as { id: string; side: Side; name: string; night_plot: string }[]) : [];
  const pads = Object.fromEntries(
    SIDES.map((side) => {
      const hidden = !revealed && viewer !== side && viewer !== 'both';
      const plots: NightUnitPlotView[] = hidden
        ? []
        : rows
            .filter((r) => r.side === side)
            .map((r) => ({ r, p: JSON.parse(r.night_plot) as StoredPlot }))
            .filter(({ p }) => p.turnId === clock.turn_id)
            .map(({ r, p }) => ({ unitId: r.id, name: r.name, fromHex: p.fromHex, steps: p.steps, inEnemyZoc: p.inEnemyZoc, positions: askRules(() => nightPlotPositions({ unitId: r.id, fromHex: p.fromHex, steps: p.steps })) }));
      return [side, { hidden, plots }];
    }),
  ) as NightPlotsReport['pads'];
  const units = now
    ? (statement(ctx.db, "SELECT id, name, side, arm FROM units WHERE on_map = 1 AND status <> 'eliminated' ORDER BY position").all() as { id: string; name: string; side: Side; arm: string }[]).map((u) => ({ unitId: u.id, name: u.name, side: u.side, arm: u.arm }))
    : [];
  return { on, entering: now, night, turnId: clock.turn_id, revealed, pads, units };
}

function plotNightMovement(ctx: GameContext, input: PlotNightMovementInput): ChangeResult {
  return write(ctx, 'night.plot', input, (cs) => {
    if (!variableInitiativeOn(ctx.db)) throw forbidden('side', 'Variable Initiative is not one of this game\'s optional rules: night movement is not plotted', R.nightMovement);
    const clock = readClock(ctx.db);
    if (!entering(ctx)) {
      throw forbidden('side', `night movement is plotted in a Night Turn's Non-Automatic Order Change Phase (I.B), secretly by both players; the game is at ${clock.segment}.${clock.phase} of a ${readTurn(ctx.db, clock.turn_id)?.light ?? ''} turn`, R.nightMovement);
    }
    const u = unit(ctx, 'unitId', input.unitId) as UnitRow & { night_plot: string | null };
    if (u.side !== input.side) throw invalid('unitId', `${u.name} is a ${u.side} unit: each player plots his own units`, R.nightMovement);
    // RI-H08: once the side has finished, nothing about its plots (one to clear or not) decides the refusal.
    refuseFinishedEntries(ctx, input.side, 'side');
    if (u.on_map !== 1 || u.status === 'eliminated') throw forbidden('unitId', `${u.name} is not on the map`, R.nightMovement);
    const current = u.night_plot;
    const entry = { side: input.side, field: 'side' };
    if (input.clear === true) {
      if (current === null) throw invalid('clear', `${u.name} has no night plot to clear`);
      cs.set('units', u.id, 'night_plot', current, null);
      return { summary: `${input.side} clears the night plot of ${u.name} (it holds)`, subjects: [`unit:${u.id}`], result: {}, entry };
    }
    if (input.fromHex === undefined) throw invalid('fromHex', 'name the hex the unit starts the Night Turn in');
    if (input.steps === undefined) throw invalid('steps', 'give the six Time Segments, each hold or a move into a hex');
    const inEnemyZoc = input.inEnemyZoc === true;
    const plot = { unitId: u.id, fromHex: input.fromHex, steps: input.steps };
    const problems = askRules(() => nightPlotProblems({ side: input.side, turnId: clock.turn_id, plots: [plot] }, [{ id: u.id, side: u.side, inOrOverlappingEnemyZoc: inEnemyZoc }], input.hexCosts ?? {}));
    const problem = problems[0];
    if (problem) {
      const field = problem.segment !== undefined ? `steps[${problem.segment - 1}]` : 'steps';
      throw forbidden(field, `${u.name}: ${problem.reason}${problem.segment !== undefined ? ` (Time Segment ${problem.segment})` : ''}`, problem.rule);
    }
    const stored: StoredPlot = { turnId: clock.turn_id, fromHex: input.fromHex, steps: input.steps, inEnemyZoc };
    cs.set('units', u.id, 'night_plot', current, JSON.stringify(stored));
    const moves = input.steps.filter((s) => s.kind === 'move').length;
    return { summary: `${input.side} plots the night movement of ${u.name} from ${input.fromHex}: ${moves} of 6 Time Segments moving`, subjects: [`unit:${u.id}`], result: {}, entry };
  });
}

/** A new turn: the night's plots have been carried out on the map; the pads start empty. */
export function clearNightPlots(ctx: GameContext, cs: ChangeSet): void {
  const rows = statement(ctx.db, 'SELECT id, night_plot FROM units WHERE night_plot IS NOT NULL').all() as { id: string; night_plot: string }[];
  for (const r of rows) cs.set('units', r.id, 'night_plot', r.night_plot, null);
}

registerRuleModule({
  id: 'night-plot',
  name: 'Night movement plots (Variable Initiative, optional rule)',
  kind: 'optional-rule',
  active: variableInitiativeOn,
  // A new turn: the night's plots have been carried out on the map.
  onNewTurn: (ctx, cs) => {
    clearNightPlots(ctx, cs);
    return [];
  },
  guide: (ctx, clock: ClockState) => {
    if (!variableInitiativeOn(ctx.db) || `${clock.segment}.${clock.phase}` !== 'I.B' || clock.light !== 'night') return clock;
    const whatHappens = `${clock.whatHappens} Variable Initiative (optional rule): each side also plots its night movement secretly on the six-segment pad; both pads are revealed together.`;
    return { ...clock, whatHappens, rules: clock.rules.includes(R.nightMovement) ? clock.rules : [...clock.rules, R.nightMovement] };
  },
});

export const nightPlotFunctions = { nightPlots, plotNightMovement } satisfies Partial<ServiceFunctions>;
