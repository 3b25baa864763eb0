/**
 * Concealed plots between two seats (RI-H11), the writes and what the log holds of them. At one laptop a
 * concealed command's plot is written into the side's secret table at once and hidden by the queries
 * (RI-B09); between two seats the plotting seat keeps it in its own file and the log holds, for each entry,
 * only what the opponent is told at the table (which side began Concealed Movement, or plotted) and a
 * commitment: a SHA-256 over the side, the turn, the command, the entry and a 128-bit salt. When the command
 * deploys, its seat opens the plot with the deployment: every entry since it began Concealed Movement, each
 * checked here against a commitment of its side sealed in the same turn, so the other seat replaying it
 * refuses a plot that is not the one sealed, naming the side, the command and the entry. The seat's own
 * side of this (keeping, trying and opening the entries) is db/seats/sealed-plots.ts.
 */
import type { ChangeResult, OpenConcealedPlotInput, SealConcealedPlotInput } from '../../contract';
import { forbidden } from '../errors';
import { readClock, readConcealmentOf, readTurn } from '../store';
import { CONCEALED_MOVEMENT_BEGINS, CONCEALED_RULE, DEPLOY_WHY, ownCommand, plotOf, withTurnEntry } from './concealment';
import { write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { playedFromTwoSeats } from './sealed-orders';
import { sealedPlotCommitment, sealedPlotsInLog } from './sealed-plot-log';

/** Sealing is how two seats keep a plot secret; at one laptop the plot is simply entered (concealCommand, plotConcealed). */
function requireTwoSeats(ctx: GameContext, field: string): void {
  if (!playedFromTwoSeats(ctx.db)) {
    throw forbidden(field, "a concealed command's plot is sealed or opened only in a game played from two seats; at one laptop it is plotted as it is", CONCEALED_RULE);
  }
}

function sealConcealedPlot(ctx: GameContext, input: SealConcealedPlotInput): ChangeResult {
  return write(ctx, 'concealment.sealed', input, () => {
    requireTwoSeats(ctx, 'side');
    if (sealedPlotsInLog(ctx.db).some((s) => s.commitment === input.commitment)) throw forbidden('commitment', 'this sealed entry is already in the log', CONCEALED_RULE);
    // What the opponent is told at the table: which side moves a command concealed, or plots (RI-B09, RI-H11).
    const summary = input.what === 'conceal' ? `${input.side} moves a command concealed (secret until deployed)` : `${input.side} plots its concealed movement (secret)`;
    return { summary, result: {} };
  });
}

function turnWords(ctx: GameContext, turnId: string): string {
  const t = readTurn(ctx.db, turnId);
  return t ? `${Number(t.date.slice(8, 10))} July ${t.time}` : turnId;
}

function openConcealedPlot(ctx: GameContext, input: OpenConcealedPlotInput): ChangeResult {
  return write(ctx, 'concealment.opened', input, (cs) => {
    requireTwoSeats(ctx, 'entries');
    const c = ownCommand(ctx, input.side, input.commandId);
    const open = sealedPlotsInLog(ctx.db).filter((s) => s.side === input.side && s.openedSeq === null);
    const used = new Set<string>();
    const row = readConcealmentOf(ctx.db, c.id)!;
    let plot = plotOf(row);
    let turnIdx = -1;
    input.entries.forEach((e, i) => {
      const which = `${input.side}'s sealed entry ${i + 1} for ${c.name} (${e.what === 'conceal' ? 'begins Concealed Movement' : 'plotted'} at hex ${e.hex}, ${turnWords(ctx, e.turnId)})`;
      const commitment = sealedPlotCommitment(input.side, c.id, e);
      const sealed = open.find((s) => s.commitment === commitment && !used.has(s.commitment));
      if (!sealed || sealed.turnId !== e.turnId || sealed.what !== e.what) {
        throw forbidden('entries', `${which} does not match any entry ${input.side} sealed: it is not what was committed to, and is refused`, CONCEALED_RULE);
      }
      used.add(commitment);
      if ((i === 0) !== (e.what === 'conceal')) throw forbidden('entries', `${which}: an opened plot begins with the command beginning Concealed Movement, and only there`, CONCEALED_RULE);
      const idx = readTurn(ctx.db, e.turnId)!.idx;
      if (idx < turnIdx) throw forbidden('entries', `${which} is out of turn order`, CONCEALED_RULE);
      turnIdx = idx;
      plot = withTurnEntry(ctx.db, plot, e.turnId, e.hex, e.what === 'conceal' ? CONCEALED_MOVEMENT_BEGINS : (e.note ?? ''));
    });
    const why = DEPLOY_WHY[input.reason];
    plot = withTurnEntry(ctx.db, plot, readClock(ctx.db).turn_id, input.hex, `deployed: ${why}`);
    cs.set('concealment', c.id, 'plot', row.plot, JSON.stringify(plot));
    // Deployment is public, and with it the plot that led there.
    const path = input.entries.map((e) => `${turnWords(ctx, e.turnId)} ${e.hex}`).join(', ');
    return { summary: `${c.name} deploys from Concealed Movement at hex ${input.hex}: ${why} (its sealed plot opened, checked against ${input.entries.length} commitment${input.entries.length === 1 ? '' : 's'}: ${path})`, subjects: [`command:${c.id}`], result: {} };
  });
}

export const sealedConcealmentFunctions = { sealConcealedPlot, openConcealedPlot } satisfies Partial<ServiceFunctions>;
