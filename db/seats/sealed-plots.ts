/**
 * Concealed plots between two seats, at the plotting seat (RI-H11). At one laptop a concealed command's
 * entries are written into the side's secret table and hidden by the queries (RI-B09); a packet would carry
 * them to the other seat's file. Between two seats they are sealed instead:
 *
 * - concealCommand and plotConcealed are tried through the service's own checks on the game as the seat's
 *   sealed entries leave it (in a transaction always rolled back); the entry is kept in the seat's own file
 *   (seat_side_secrets, kind 'concealed-plot', with a 128-bit salt), and the shared log gets only
 *   sealConcealedPlot: which side began Concealed Movement or plotted, and the commitment; a plot also names
 *   the command's entry before it by a link nobody can tie to it until that entry's salt is opened, so that the
 *   opening cannot leave an entry out (db/service/sealed-concealment.ts);
 * - deployConcealed opens the command's sealed entries with the deployment (openConcealedPlot): the other seat,
 *   replaying it, checks each against its commitment (db/service/sealed-concealment.ts);
 * - the seat's own queries see its sealed entries as if written (db/seats/calls.ts seatQuery), so its
 *   Concealment screen shows its plots, as at one laptop;
 * - its side's anchors: with the side's first beginning of Concealed Movement the seat publishes an anchor for
 *   every command of its side (a SHA-256 over the side, the command and an anchor salt it keeps, kind
 *   'concealed-anchor'); each beginning names its command's anchor by a SHA-256 of the salt alone, and the
 *   deployment opens the salt and publishes the command's next anchor, so a command begins Concealed Movement
 *   once until it deploys, whatever the seat's Muster does (RI-H11).
 */
import type { ConcealedAnchor, ConcealInput, DeployInput, OpenConcealedPlotInput, PlotInput, SealedPlotEntry } from '../../contract';
import type { Side } from '../../rules/types';
import { forbidden, MusterError } from '../errors';
import { eventHead } from '../events';
import type { SqliteDatabase } from '../open';
import { CONCEALED_MOVEMENT_BEGINS, CONCEALED_RULE, plotOf, withTurnEntry } from '../service/concealment';
import { inTransaction, type GameContext } from '../service/context';
import { SERVICE_FUNCTIONS } from '../service/index';
import { concealedAnchor, concealedAnchorsInLog, followsAnchor, followsEntry, sealedPlotCommitment, sealedPlotsInLog } from '../service/sealed-plot-log';
import { statement } from '../statements';
import { readClock, readCommands, readConcealmentOf } from '../store';
import { eventsAfter, refuseOutOfTurn, rolledBack, seatWrite, stepFacts } from './calls';
import { commitmentSalt } from './keys';
import type { SeatFile } from './store';

const KIND = 'concealed-plot';
const ANCHOR = 'concealed-anchor';

/** One entry the local seat sealed, as its own file keeps it. */
export interface SealedPlotRow {
  commitment: string;
  side: Side;
  turn_id: string;
  /** The command and the entry, as sealed (SealedPlotEntry without its salt, and the command). */
  input: string;
  salt: string;
}

interface Kept {
  commandId: string;
  entry: SealedPlotEntry;
}

const hasTable = new WeakMap<SqliteDatabase, boolean>();

/** Whether the file has the seat's secrets table (not in a file of an earlier schema). */
function hasSecrets(db: SqliteDatabase): boolean {
  let has = hasTable.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_side_secrets'").get() as { n: number }).n === 1;
    hasTable.set(db, has);
  }
  return has;
}

/** The local seat's entries still sealed (none in a file of an earlier schema, or played at one laptop). */
export function sealedPlotSecrets(db: SqliteDatabase): SealedPlotRow[] {
  if (!hasSecrets(db)) return [];
  return statement(db, `SELECT commitment, side, turn_id, input, salt FROM seat_side_secrets WHERE kind = '${KIND}' AND opened = 0 ORDER BY rowid`).all() as SealedPlotRow[];
}

function keptOf(r: SealedPlotRow): Kept {
  const k = JSON.parse(r.input) as { commandId: string; entry: Omit<SealedPlotEntry, 'salt'> };
  return { commandId: k.commandId, entry: { ...k.entry, salt: r.salt } };
}

/** The seat's sealed entries written into the state, for its own queries and trials only (the caller rolls them back). */
export function applySealedPlots(db: SqliteDatabase, rows: readonly SealedPlotRow[]): void {
  for (const r of rows) {
    const { commandId, entry } = keptOf(r);
    const row = readConcealmentOf(db, commandId);
    if (!row) continue;
    const plot = withTurnEntry(db, plotOf(row), entry.turnId, entry.hex, entry.what === 'conceal' ? CONCEALED_MOVEMENT_BEGINS : (entry.note ?? ''));
    statement(db, 'UPDATE concealment SET concealed = ?, plot = ? WHERE id = ?').run(entry.what === 'conceal' ? 1 : row.concealed, JSON.stringify(plot), commandId);
  }
}

/** One anchor of the local seat's side, as its own file keeps it (opened: spent by the command's deployment). */
export interface AnchorRow {
  anchor: string;
  commandId: string;
  salt: string;
  opened: 0 | 1;
}

/** The local seat's anchors, in the order it published them. */
export function concealedAnchorSecrets(db: SqliteDatabase): AnchorRow[] {
  if (!hasSecrets(db)) return [];
  const rows = statement(db, `SELECT commitment, input, salt, opened FROM seat_side_secrets WHERE kind = '${ANCHOR}' ORDER BY rowid`).all() as { commitment: string; input: string; salt: string; opened: 0 | 1 }[];
  return rows.map((r) => ({ anchor: r.commitment, commandId: (JSON.parse(r.input) as { commandId: string }).commandId, salt: r.salt, opened: r.opened }));
}

/** The salt of one of the seat's anchors still in use, by the anchor (undefined: not kept on this seat). */
function anchorSalt(db: SqliteDatabase, anchor: string | undefined): string | undefined {
  if (anchor === undefined) return undefined;
  return (statement(db, `SELECT salt FROM seat_side_secrets WHERE kind = '${ANCHOR}' AND commitment = ? AND opened = 0`).get(anchor) as { salt: string } | undefined)?.salt;
}

function keepAnchor(db: SqliteDatabase, side: Side, commandId: string, turnId: string, salt: string, anchor: string): void {
  statement(db, 'INSERT INTO seat_side_secrets (commitment, side, kind, turn_id, input, salt) VALUES (?, ?, ?, ?, ?, ?)').run(anchor, side, ANCHOR, turnId, JSON.stringify({ commandId }), salt);
}

/**
 * What a beginning of Concealed Movement carries of its command's anchor (RI-H11): the link to it (followsAnchor
 * of its salt), and, while some commands of the side have none (the side's first beginning), an anchor for each
 * of them, kept on the seat by `keep` in the transaction that seals the beginning.
 */
function beginningAnchor(db: SqliteDatabase, side: Side, commandId: string, turnId: string): { follows: string; anchors?: ConcealedAnchor[]; keep: () => void } {
  const published = concealedAnchorsInLog(db)[side];
  const fresh = readCommands(db)
    .filter((c) => c.side === side && !published.has(c.id))
    .map((c) => {
      const salt = commitmentSalt();
      return { commandId: c.id, anchor: concealedAnchor(side, c.id, salt), salt };
    });
  const salt = fresh.find((f) => f.commandId === commandId)?.salt ?? anchorSalt(db, published.get(commandId));
  if (salt === undefined) {
    throw forbidden('commandId', `this seat's file does not keep the anchor ${side} published for this command, so it cannot begin Concealed Movement from here`, CONCEALED_RULE);
  }
  return {
    follows: followsAnchor(salt),
    ...(fresh.length > 0 ? { anchors: fresh.map(({ commandId: id, anchor }) => ({ commandId: id, anchor })) } : {}),
    keep: () => {
      for (const f of fresh) keepAnchor(db, side, f.commandId, turnId, f.salt, f.anchor);
    },
  };
}

function requireOwnSide(seat: SeatFile, side: Side): void {
  if (side !== seat.side) throw forbidden('side', `the ${seat.side} seat conceals, plots and deploys only ${seat.side}'s commands; ${side}'s are at the ${side} seat`, CONCEALED_RULE);
}

/**
 * A concealed command's entry at its seat (concealCommand or plotConcealed in a two-seat game): tried as the
 * service would take it, kept on the seat, and sealed into the log.
 */
export function sealPlot(ctx: GameContext, seat: SeatFile, fn: 'concealCommand' | 'plotConcealed', input: unknown, run: (ctx: GameContext) => unknown): unknown {
  const given = input as ConcealInput & PlotInput;
  requireOwnSide(seat, given.side);
  const facts = stepFacts(ctx.db);
  const sealedBefore = sealedPlotSecrets(ctx.db);
  rolledBack(ctx.db, () => {
    applySealedPlots(ctx.db, sealedBefore);
    const before = eventHead(ctx.db).seq;
    run(ctx);
    try {
      refuseOutOfTurn(facts, seat.side, eventsAfter(ctx.db, before), 'revealed', 'side');
    } catch (e) {
      if (e instanceof MusterError) throw forbidden('side', `between two seats a concealed command is plotted at its seat in that side's step: ${e.reason}`, CONCEALED_RULE);
      throw e;
    }
  });
  const turnId = readClock(ctx.db).turn_id;
  const entry: Omit<SealedPlotEntry, 'salt'> = {
    what: fn === 'concealCommand' ? 'conceal' : 'plot',
    turnId,
    hex: given.hex,
    ...(fn === 'plotConcealed' && given.note !== undefined ? { note: given.note } : {}),
    ...(fn === 'concealCommand' && given.strategicMovement !== undefined ? { strategicMovement: given.strategicMovement } : {}),
    ...(fn === 'concealCommand' && given.outOfEnemyLos !== undefined ? { outOfEnemyLos: given.outOfEnemyLos } : {}),
  };
  const salt = commitmentSalt();
  const commitment = sealedPlotCommitment(given.side, given.commandId, { ...entry, salt });
  // A plot follows the command's entry before it (its last still sealed): the opening must then include it (RI-H11).
  const before = sealedBefore.filter((r) => keptOf(r).commandId === given.commandId).at(-1);
  // A beginning names its command's anchor instead, and the side's first publishes them all (RI-H11).
  const anchoring = entry.what === 'conceal' ? beginningAnchor(ctx.db, given.side, given.commandId, turnId) : null;
  const follows = anchoring ? { follows: anchoring.follows } : before ? { follows: followsEntry(before.salt) } : {};
  const seal = { side: given.side, what: entry.what, commitment, ...follows, ...(anchoring?.anchors ? { anchors: anchoring.anchors } : {}) };
  return inTransaction(ctx.db, () => {
    anchoring?.keep();
    statement(ctx.db, 'INSERT INTO seat_side_secrets (commitment, side, kind, turn_id, input, salt) VALUES (?, ?, ?, ?, ?, ?)').run(commitment, given.side, KIND, turnId, JSON.stringify({ commandId: given.commandId, entry }), salt);
    return seatWrite(ctx, 'sealConcealedPlot', seal, (c) => SERVICE_FUNCTIONS.sealConcealedPlot(c, seal));
  });
}

/**
 * A concealed command deploys at its seat: its sealed entries since it last began Concealed Movement are
 * opened with the deployment. Null when the seat holds none for the command (the deployment then goes on as
 * it is, and the service refuses a command that is not moving concealed).
 */
export function deploySealed(ctx: GameContext, seat: SeatFile, input: unknown): unknown {
  const deploy = input as DeployInput;
  requireOwnSide(seat, deploy.side);
  const mine = sealedPlotSecrets(ctx.db).filter((r) => keptOf(r).commandId === deploy.commandId);
  const start = mine.map((r) => keptOf(r).entry.what).lastIndexOf('conceal');
  if (start < 0) return null;
  const opening = mine.slice(start);
  // A beginning that named the command's anchor opens its salt and publishes the next (RI-H11); one sealed by an
  // earlier Muster named none.
  const named = sealedPlotsInLog(ctx.db).find((s) => s.commitment === opening[0]!.commitment)?.follows ?? null;
  const anchor = named === null ? undefined : concealedAnchorsInLog(ctx.db)[deploy.side].get(deploy.commandId);
  const salt = anchorSalt(ctx.db, anchor);
  const next = named === null ? null : commitmentSalt();
  const nextAnchor = next === null ? undefined : concealedAnchor(deploy.side, deploy.commandId, next);
  const open: OpenConcealedPlotInput = {
    ...deploy,
    entries: opening.map((r) => keptOf(r).entry),
    ...(salt !== undefined ? { anchorSalt: salt } : {}),
    ...(nextAnchor !== undefined ? { nextAnchor } : {}),
  };
  return inTransaction(ctx.db, () => {
    if (next !== null && nextAnchor !== undefined) {
      keepAnchor(ctx.db, deploy.side, deploy.commandId, readClock(ctx.db).turn_id, next, nextAnchor);
      if (anchor !== undefined) statement(ctx.db, 'UPDATE seat_side_secrets SET opened = 1 WHERE commitment = ?').run(anchor);
    }
    const result = seatWrite(ctx, 'openConcealedPlot', open, (c) => SERVICE_FUNCTIONS.openConcealedPlot(c, open));
    // Entries before the last beginning (a command concealed, deployed and concealed again) were opened then.
    for (const r of mine) statement(ctx.db, 'UPDATE seat_side_secrets SET opened = 1 WHERE commitment = ?').run(r.commitment);
    return result;
  });
}

/** The calls of a sealed plot's life: each is its own side's seat's alone (at the seat, and in a packet). */
const SEALED_PLOT_CALLS: ReadonlySet<string> = new Set(['sealConcealedPlot', 'openConcealedPlot']);

export function refuseOtherSidesPlots(seat: Side, fn: string, input: unknown, field = 'side'): void {
  if (!SEALED_PLOT_CALLS.has(fn)) return;
  const side = (input as { side?: unknown } | null)?.side;
  if (side !== seat) throw forbidden(field, `${String(side)}'s concealed plots are sealed and opened by the ${String(side)} seat only, not the ${seat} seat`, CONCEALED_RULE);
}
