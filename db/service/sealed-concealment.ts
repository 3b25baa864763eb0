/**
 * Concealed plots between two seats (RI-H11), the writes and what the log holds of them. At one laptop a
 * concealed command's plot is written into the side's secret table at once and hidden by the queries
 * (RI-B09); between two seats the plotting seat keeps it in its own file and the log holds, for each entry,
 * only what the opponent is told at the table (which side began Concealed Movement, or plotted) and a
 * commitment: a SHA-256 over the side, the turn, the command, the entry and a 128-bit salt. When the command
 * deploys, its seat opens the plot with the deployment: every entry since it began Concealed Movement, each
 * checked here against a commitment of its side sealed in the same turn, so the other seat replaying it
 * refuses a plot that is not the one sealed, naming the side, the command and the entry. Each plot sealed
 * also names the command's entry before it (followsEntry of that entry's salt, which ties it to nothing until
 * the salt is opened): the opening is one line, and one that leaves out an entry sealed after an entry it
 * opens is refused, naming the entry left out. The seat's own
 * side of this (keeping, trying and opening the entries) is db/seats/sealed-plots.ts.
 */
import type { ChangeResult, OpenConcealedPlotInput, SealConcealedPlotInput, SealedPlotEntry } from '../../contract';
import { forbidden, invalid } from '../errors';
import { readClock, readConcealmentOf, readTurn } from '../store';
import { CONCEALED_MOVEMENT_BEGINS, CONCEALED_RULE, DEPLOY_WHY, ownCommand, plotOf, withTurnEntry } from './concealment';
import { write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { playedFromTwoSeats } from './sealed-orders';
import { followsEntry, sealedPlotCommitment, sealedPlotsInLog, type SealedPlotInLog } from './sealed-plot-log';

/** Sealing is how two seats keep a plot secret; at one laptop the plot is simply entered (concealCommand, plotConcealed). */
function requireTwoSeats(ctx: GameContext, field: string): void {
  if (!playedFromTwoSeats(ctx.db)) {
    throw forbidden(field, "a concealed command's plot is sealed or opened only in a game played from two seats; at one laptop it is plotted as it is", CONCEALED_RULE);
  }
}

function sealConcealedPlot(ctx: GameContext, input: SealConcealedPlotInput): ChangeResult {
  return write(ctx, 'concealment.sealed', input, () => {
    requireTwoSeats(ctx, 'side');
    const inLog = sealedPlotsInLog(ctx.db);
    if (inLog.some((s) => s.commitment === input.commitment)) throw forbidden('commitment', 'this sealed entry is already in the log', CONCEALED_RULE);
    refuseBrokenLine(input, inLog);
    // What the opponent is told at the table: which side moves a command concealed, or plots (RI-B09, RI-H11).
    const summary = input.what === 'conceal' ? `${input.side} moves a command concealed (secret until deployed)` : `${input.side} plots its concealed movement (secret)`;
    return { summary, result: {} };
  });
}

/**
 * A command's plot is one line (RI-H11): each plot sealed follows the entry before it, by a link nobody can
 * tie to that entry until its salt is opened. Refused: a plot that names no entry it follows (it could be
 * left out of the opening unseen), one that follows an entry another plot already follows (two lines for one
 * command, one to open and one to keep back), and one that follows an entry opened already (its command deployed).
 */
function refuseBrokenLine(input: SealConcealedPlotInput, inLog: readonly SealedPlotInLog[]): void {
  if (input.what === 'conceal') {
    if (input.follows !== undefined) throw invalid('follows', 'a command beginning Concealed Movement starts its plot: it follows no entry');
    return;
  }
  const plot = `${input.side}'s sealed plot`;
  if (input.follows === undefined) {
    throw forbidden('follows', `${plot} does not say which entry of its command it follows: every plot continues its command's plot, so that none can be left out when the command deploys`, CONCEALED_RULE);
  }
  if (inLog.some((s) => s.follows === input.follows)) {
    throw forbidden('follows', `${plot} follows the same entry as a plot ${input.side} sealed before: a command's plot is one line, each entry after the one before`, CONCEALED_RULE);
  }
  if (inLog.some((s) => s.salt !== null && followsEntry(s.salt) === input.follows)) {
    throw forbidden('follows', `${plot} follows an entry of a plot opened already, when its command deployed: a deployed command plots no more`, CONCEALED_RULE);
  }
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
    const entryWords = (e: SealedPlotEntry, i: number) => `${input.side}'s sealed entry ${i + 1} for ${c.name} (${e.what === 'conceal' ? 'begins Concealed Movement' : 'plotted'} at hex ${e.hex}, ${turnWords(ctx, e.turnId)})`;
    input.entries.forEach((e, i) => {
      const which = entryWords(e, i);
      const commitment = sealedPlotCommitment(input.side, c.id, e);
      const sealed = open.find((s) => s.commitment === commitment && !used.has(s.commitment));
      if (!sealed || sealed.turnId !== e.turnId || sealed.what !== e.what) {
        throw forbidden('entries', `${which} does not match any entry ${input.side} sealed: it is not what was committed to, and is refused`, CONCEALED_RULE);
      }
      used.add(commitment);
      if ((i === 0) !== (e.what === 'conceal')) throw forbidden('entries', `${which}: an opened plot begins with the command beginning Concealed Movement, and only there`, CONCEALED_RULE);
      // Each plot follows the entry before it in the opening: the line has no gap (RI-H11).
      if (i > 0 && sealed.follows !== null && sealed.follows !== followsEntry(input.entries[i - 1]!.salt)) {
        throw forbidden('entries', `${which} was sealed after another entry than ${entryWords(input.entries[i - 1]!, i - 1)}: the plot is opened entry by entry, as it was sealed, and is refused`, CONCEALED_RULE);
      }
      const idx = readTurn(ctx.db, e.turnId)!.idx;
      if (idx < turnIdx) throw forbidden('entries', `${which} is out of turn order`, CONCEALED_RULE);
      turnIdx = idx;
      plot = withTurnEntry(ctx.db, plot, e.turnId, e.hex, e.what === 'conceal' ? CONCEALED_MOVEMENT_BEGINS : (e.note ?? ''));
    });
    refuseLeftOut(ctx, input, c.name, open.filter((s) => !used.has(s.commitment)), entryWords);
    const why = DEPLOY_WHY[input.reason];
    plot = withTurnEntry(ctx.db, plot, readClock(ctx.db).turn_id, input.hex, `deployed: ${why}`);
    cs.set('concealment', c.id, 'plot', row.plot, JSON.stringify(plot));
    // Deployment is public, and with it the plot that led there.
    const path = input.entries.map((e) => `${turnWords(ctx, e.turnId)} ${e.hex}`).join(', ');
    return { summary: `${c.name} deploys from Concealed Movement at hex ${input.hex}: ${why} (its sealed plot opened, checked against ${input.entries.length} commitment${input.entries.length === 1 ? '' : 's'}: ${path})`, subjects: [`command:${c.id}`], result: {} };
  });
}

/**
 * Nothing sealed is left out of an opening (RI-H11). A plot sealed after an entry this opening opens names
 * that entry (followsEntry of its salt, now public), so an opening without it is refused, naming it. And when
 * the side's last command moving concealed deploys (the beginnings still sealed are public to count), every
 * entry the side sealed must be open by then: one left over could belong to no command still concealed.
 */
function refuseLeftOut(ctx: GameContext, input: OpenConcealedPlotInput, name: string, rest: readonly SealedPlotInLog[], entryWords: (e: SealedPlotEntry, i: number) => string): void {
  const links = new Map(input.entries.map((e, i) => [followsEntry(e.salt), i]));
  const sealedIn = (s: SealedPlotInLog) => `the ${s.what === 'conceal' ? 'beginning of Concealed Movement' : 'plot'} ${input.side} sealed in ${turnWords(ctx, s.turnId)}`;
  for (const s of rest) {
    const after = s.follows === null ? undefined : links.get(s.follows);
    if (after === undefined) continue;
    throw forbidden(
      'entries',
      `${input.side}'s opened plot for ${name} leaves out ${sealedIn(s)}, which follows ${entryWords(input.entries[after]!, after)}: every entry sealed for a command is opened when it deploys, and this opening is refused`,
      CONCEALED_RULE,
    );
  }
  if (rest.some((s) => s.what === 'conceal')) return;
  const left = rest[0];
  if (left) {
    throw forbidden(
      'entries',
      `${name} is the last ${input.side} command moving concealed, yet ${sealedIn(left)} would stay sealed: every entry sealed for a command is opened when it deploys, and this opening is refused`,
      CONCEALED_RULE,
    );
  }
}

export const sealedConcealmentFunctions = { sealConcealedPlot, openConcealedPlot } satisfies Partial<ServiceFunctions>;
