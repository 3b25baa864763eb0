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
 * opens is refused, naming the entry left out. A beginning names its command's anchor the same way
 * (followsAnchor of the anchor salt): the side publishes an anchor for every command of its side with its first
 * beginning, so a second beginning naming the same anchor is refused when sealed, and the deployment opens the
 * anchor salt, checked against the command's anchor, so a line begun from any other cannot be opened as the
 * command's. The seat's own side of this (keeping, trying and opening the entries) is db/seats/sealed-plots.ts.
 */
import type { ChangeResult, OpenConcealedPlotInput, SealConcealedPlotInput, SealedPlotEntry } from '../../contract';
import { forbidden, invalid } from '../errors';
import { readClock, readCommands, readConcealmentOf, readTurn, type CommandRow } from '../store';
import { CONCEALED_MOVEMENT_BEGINS, CONCEALED_RULE, DEPLOY_WHY, ownCommand, plotOf, withTurnEntry } from './concealment';
import { write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { playedFromTwoSeats } from './sealed-orders';
import { anchorsInLog, concealedAnchor, concealedAnchorsInLog, followsAnchor, followsEntry, sealedPlotCommitment, sealedPlotsInLog, type SealedPlotInLog } from './sealed-plot-log';

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
    refuseAnchorsPublished(ctx, input);
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
    const begins = `${input.side}'s sealed beginning of Concealed Movement`;
    if (input.follows === undefined) {
      throw forbidden('follows', `${begins} does not name its command's anchor: every beginning names one, so that a command begins Concealed Movement once until it deploys`, CONCEALED_RULE);
    }
    // The anchor is named by a SHA-256 of its salt: the log cannot tell which command, only that it is named twice.
    if (inLog.some((s) => s.follows === input.follows)) {
      throw forbidden('follows', `${begins} names the same command's anchor as an entry ${input.side} sealed before: a command begins Concealed Movement once, and again only after it deploys, so this beginning is refused`, CONCEALED_RULE);
    }
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

/**
 * A side's anchors (RI-H11) are published for every command of the side at once, with its first beginning of
 * Concealed Movement, so the list tells nothing of which command begins; a command that has none later (none
 * does in a scenario as loaded) gets one the same way, with the next beginning. A command's anchor is replaced
 * only by its deployment. No beginning is taken before the side's anchors are published.
 */
function refuseAnchorsPublished(ctx: GameContext, input: SealConcealedPlotInput): void {
  const side = input.side;
  if (input.what === 'plot') {
    if (input.anchors !== undefined) throw invalid('anchors', `${side}'s sealed plot publishes anchors: a side publishes its commands' anchors as one of them begins Concealed Movement`);
    return;
  }
  const published = concealedAnchorsInLog(ctx.db)[side];
  if (input.anchors === undefined) {
    if (published.size === 0) {
      throw forbidden('anchors', `${side} moves a command concealed without publishing its commands' anchors: the first beginning publishes an anchor for every ${side} command, so that each command begins Concealed Movement once until it deploys`, CONCEALED_RULE);
    }
    return;
  }
  const commands = new Map(readCommands(ctx.db).map((c) => [c.id, c]));
  const named = (id: string) => commands.get(id)?.name ?? id;
  const listed = new Set<string>();
  for (const a of input.anchors) {
    const c: CommandRow | undefined = commands.get(a.commandId);
    if (!c || c.side !== side) throw invalid('anchors', `${side} publishes an anchor for ${named(a.commandId)}, which is not a ${side} command`);
    if (published.has(c.id) || listed.has(c.id)) {
      throw forbidden('anchors', `${side} publishes an anchor for ${c.name}, which has one already: a command's anchor is published once, and replaced only when it deploys from Concealed Movement`, CONCEALED_RULE);
    }
    listed.add(c.id);
  }
  const left = [...commands.values()].find((c) => c.side === side && !published.has(c.id) && !listed.has(c.id));
  if (left) {
    throw forbidden('anchors', `${side}'s anchors leave out ${left.name}: a side publishes an anchor for every command of its side that has none, so that the list tells nothing of which command begins Concealed Movement`, CONCEALED_RULE);
  }
}

/**
 * The opened plot begins from the command's anchor (RI-H11): the anchor salt opened is the one its beginning
 * named, it opens this command's anchor, and the beginning came after that anchor was published, so a line
 * begun from a made-up anchor, or in advance from the next one (a second line a changed Muster kept for the
 * command), cannot be opened as the command's. The next anchor lets it begin again later.
 * A plot begun by an earlier Muster named no anchor: its opening gives none, and the command keeps its anchor.
 */
function refuseWrongAnchor(ctx: GameContext, input: OpenConcealedPlotInput, c: CommandRow, beginning: SealedPlotInLog): void {
  const opened = `${input.side}'s opened plot for ${c.name}`;
  if (beginning.follows === null) {
    if (input.anchorSalt !== undefined || input.nextAnchor !== undefined) {
      throw invalid('anchorSalt', `${opened} was begun before commands had anchors: its opening gives no anchor salt and no next anchor`);
    }
    return;
  }
  if (input.anchorSalt === undefined) {
    throw forbidden('anchorSalt', `${opened} does not give the anchor salt its beginning of Concealed Movement named: a plot is opened from its command's anchor, and this opening is refused`, CONCEALED_RULE);
  }
  if (followsAnchor(input.anchorSalt) !== beginning.follows) {
    throw forbidden('anchorSalt', `${opened} gives an anchor salt that is not the one its beginning of Concealed Movement named, and is refused`, CONCEALED_RULE);
  }
  const anchor = anchorsInLog(ctx.db)[input.side].get(c.id);
  if (!anchor || concealedAnchor(input.side, c.id, input.anchorSalt) !== anchor.anchor) {
    throw forbidden(
      'anchorSalt',
      `${opened} was not begun from ${c.name}'s anchor (the one ${input.side} published for it): a command's plot is the one begun from its own anchor, and this opening is refused`,
      CONCEALED_RULE,
    );
  }
  // A beginning sealed before its anchor was published (the next anchor of a deployment, made up in advance
  // by a changed Muster) is a second line kept while the command moved concealed on the first.
  if (beginning.seq < anchor.seq) {
    throw forbidden(
      'anchorSalt',
      `${opened} began Concealed Movement in ${turnWords(ctx, beginning.turnId)}, before ${c.name}'s anchor was published when it last deployed: a command begins again only after it deploys, and this opening is refused`,
      CONCEALED_RULE,
    );
  }
  if (input.nextAnchor === undefined) {
    throw forbidden('nextAnchor', `${opened} gives no next anchor for ${c.name}: its deployment publishes one, so that it may begin Concealed Movement again`, CONCEALED_RULE);
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
    let beginning: SealedPlotInLog | undefined;
    const entryWords = (e: SealedPlotEntry, i: number) => `${input.side}'s sealed entry ${i + 1} for ${c.name} (${e.what === 'conceal' ? 'begins Concealed Movement' : 'plotted'} at hex ${e.hex}, ${turnWords(ctx, e.turnId)})`;
    input.entries.forEach((e, i) => {
      const which = entryWords(e, i);
      const commitment = sealedPlotCommitment(input.side, c.id, e);
      const sealed = open.find((s) => s.commitment === commitment && !used.has(s.commitment));
      if (!sealed || sealed.turnId !== e.turnId || sealed.what !== e.what) {
        throw forbidden('entries', `${which} does not match any entry ${input.side} sealed: it is not what was committed to, and is refused`, CONCEALED_RULE);
      }
      used.add(commitment);
      if (i === 0) beginning = sealed;
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
    refuseWrongAnchor(ctx, input, c, beginning!);
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
