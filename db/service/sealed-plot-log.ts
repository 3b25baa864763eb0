/**
 * Concealed plots between two seats (RI-H11), as the log holds them: read only. Each sealed entry is an event
 * naming its side and its commitment; the deployment that opens a plot names its entries with their salts.
 */
import { createHash } from 'node:crypto';
import type { OpenConcealedPlotInput, SealConcealedPlotInput, SealedPlotEntry } from '../../contract';
import type { Side } from '../../rules/types';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { playedFromTwoSeats } from './sealed-orders';

/** The commitment to one sealed entry of a concealed command's plot. */
export function sealedPlotCommitment(side: Side, commandId: string, e: Omit<SealedPlotEntry, 'salt'> & { salt: string }): string {
  const fields = [side, e.turnId, commandId, e.what, e.hex, e.note ?? '', e.strategicMovement ?? null, e.outOfEnemyLos ?? null, e.salt];
  return createHash('sha256').update(`muster/sealed-plot/1\n${JSON.stringify(fields)}`).digest('hex');
}

/**
 * What a plot sealed after an entry of its command says of that entry: a SHA-256 of the entry's salt. Nobody
 * can tie it to the entry (or to the command) before the salt is opened; once it is, anyone can, so an
 * opening that leaves out an entry following one it opens is seen (RI-H11).
 */
export function followsEntry(salt: string): string {
  return createHash('sha256').update(`muster/sealed-plot-follows/1\n${salt}`).digest('hex');
}

/**
 * A command's anchor (RI-H11): a SHA-256 over the side, the command and the anchor salt its seat keeps. Its
 * side publishes one for every command before any begins Concealed Movement, so the list says nothing; nobody
 * can tie it to a beginning until the salt is opened, with the command's deployment.
 */
export function concealedAnchor(side: Side, commandId: string, salt: string): string {
  return createHash('sha256').update(`muster/concealed-anchor/1\n${JSON.stringify([side, commandId, salt])}`).digest('hex');
}

/**
 * What a beginning of Concealed Movement says of its command's anchor: a SHA-256 of the anchor salt alone (as
 * a plot names the entry before it), so it names no command. No two entries of the log follow the same thing:
 * a second beginning naming the same anchor is refused when sealed. Its own prefix keeps it apart from a plot's.
 */
export function followsAnchor(salt: string): string {
  return createHash('sha256').update(`muster/concealed-anchor-follows/1\n${salt}`).digest('hex');
}

/** One sealed entry as the log holds it, with the event that opened it. */
export interface SealedPlotInLog {
  seq: number;
  side: Side;
  turnId: string;
  what: 'conceal' | 'plot';
  commitment: string;
  /**
   * For a plot: followsEntry of the entry before it; for a beginning: followsAnchor of its command's anchor salt
   * (null for an entry sealed by an earlier Muster).
   */
  follows: string | null;
  openedSeq: number | null;
  /** The salt it was opened with. */
  salt: string | null;
}

const SQL = `SELECT seq, kind, turn_id, payload FROM events WHERE kind IN ('concealment.sealed', 'concealment.opened') AND undone = 0 ORDER BY seq`;

/** Every sealed entry of the log, each with the opening that named it (matched by its commitment). */
export function sealedPlotsInLog(db: SqliteDatabase): SealedPlotInLog[] {
  if (!playedFromTwoSeats(db)) return [];
  const rows = statement(db, SQL).all() as { seq: number; kind: string; turn_id: string; payload: string }[];
  const sealed: SealedPlotInLog[] = [];
  for (const r of rows) {
    const input = (JSON.parse(r.payload) as { input: SealConcealedPlotInput & OpenConcealedPlotInput }).input;
    if (r.kind === 'concealment.sealed') {
      sealed.push({ seq: r.seq, side: input.side, turnId: r.turn_id, what: input.what, commitment: input.commitment, follows: input.follows ?? null, openedSeq: null, salt: null });
      continue;
    }
    for (const e of input.entries) {
      const c = sealedPlotCommitment(input.side, input.commandId, e);
      const s = sealed.find((x) => x.openedSeq === null && x.commitment === c);
      if (s) {
        s.openedSeq = r.seq;
        s.salt = e.salt;
      }
    }
  }
  return sealed;
}

/** A command's anchor as the log holds it, with the event that published it. */
export interface AnchorInLog {
  anchor: string;
  seq: number;
}

/**
 * Each command's anchor as the log holds it now (RI-H11): the one its side published with the side's first
 * beginning of Concealed Movement (or later, for a command that had none), or the next one its last
 * deployment from Concealed Movement published, with the event that published it. A command with none has no
 * anchor yet.
 */
export function anchorsInLog(db: SqliteDatabase): Record<Side, Map<string, AnchorInLog>> {
  const anchors = { USA: new Map<string, AnchorInLog>(), CSA: new Map<string, AnchorInLog>() };
  if (!playedFromTwoSeats(db)) return anchors;
  for (const r of statement(db, SQL).all() as { seq: number; kind: string; payload: string }[]) {
    const input = (JSON.parse(r.payload) as { input: SealConcealedPlotInput & OpenConcealedPlotInput }).input;
    for (const a of input.anchors ?? []) anchors[input.side].set(a.commandId, { anchor: a.anchor, seq: r.seq });
    if (r.kind === 'concealment.opened' && input.nextAnchor !== undefined) anchors[input.side].set(input.commandId, { anchor: input.nextAnchor, seq: r.seq });
  }
  return anchors;
}

/** Each command's anchor as the log holds it now (anchorsInLog without the events). */
export function concealedAnchorsInLog(db: SqliteDatabase): Record<Side, Map<string, string>> {
  const all = anchorsInLog(db);
  const anchors = (side: Side) => new Map([...all[side]].map(([id, a]) => [id, a.anchor]));
  return { USA: anchors('USA'), CSA: anchors('CSA') };
}

/** How many entries each side has sealed and not yet opened (public: the log says each was made). */
export function sealedPlotEntries(db: SqliteDatabase): Record<Side, number> {
  const count = { USA: 0, CSA: 0 };
  for (const s of sealedPlotsInLog(db)) if (s.openedSeq === null) count[s.side] += 1;
  return count;
}
