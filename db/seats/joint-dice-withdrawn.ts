/**
 * Withdrawing joint dice that have not been answered (db/seats/joint-dice.ts), so that no request can leave a
 * game stuck: the other seat never answers (its player is away for a week, or its Muster refused the request),
 * or the player who asked changed his mind.
 *
 * - Only the asking seat withdraws, only its open request, and only while the other seat's share has not
 *   reached it. Once the share is here the seat knows the dice, its Muster writes the change with them at once,
 *   and a withdrawal is refused (no roll is escaped by withdrawing it).
 * - The withdrawal is a public entry of the shared log ('joint-dice.withdrawn'), signed like any change, written
 *   where the change was due; the asking seat's share is revealed with it (the packet carries it, checked against
 *   the commitment). The other seat replays it and takes it only from the asking seat, at that place, with no die.
 *   From then on an answer to the request is not used: nothing is written with it.
 *
 * The re-roll a withdrawal could hide: the answer is not an entry of the log but a signed share in the other
 * seat's packet, so a player can read it in the shared folder (or take his file back to a copy from before he
 * received it), work out the dice with his own share, and withdraw if he dislikes them. The other seat cannot
 * tell that from an honest withdrawal that crossed its answer on the way (the asking player pressed "Withdraw"
 * while the answer was in the folder); refusing the withdrawal would stop both files for good in the honest case
 * too. So it is taken and flagged, in the open: a file that holds both shares (the answering seat's at once, the
 * asking seat's once the late answer reaches it) names the withdrawal in History as made after the other seat
 * had answered, with the dice both shares give. A player cannot escape a roll unseen; he can only escape it in
 * front of his opponent, as with a change asked again in other words (docs/security.md).
 */
import type { JointDiceRequest, WithdrawJointDiceInput } from '../../contract';
import type { Side } from '../../rules/types';
import { forbidden, invalid } from '../errors';
import { write, type GameContext } from '../service/context';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { jointDiceOf, jointDiceRows, openJointDice, recordJointUse, requestView, type JointDiceRow } from './joint-dice-store';
import { otherSide, seatOf, type SeatFile } from './store';

const RULE = 'Rev. Sequence of Play';
export const WITHDRAWN_KIND = 'joint-dice.withdrawn' as const;
/** How many of the dice both shares give a History note shows (the change would have used as many as it rolls). */
const DICE_SHOWN = 3;

type Allowed = { allowed: true } | { allowed: false; reason: string; rule?: string };

/** Whether this seat may withdraw the open request now, and why not (contract jointDice.mayWithdraw). */
export function mayWithdraw(db: SqliteDatabase, seat: SeatFile): Allowed {
  const open = openJointDice(db);
  if (!open) return { allowed: false, reason: 'no joint dice are open: there is nothing to withdraw' };
  if (open.side !== seat.side) return { allowed: false, reason: `the joint dice for ${open.purpose} were asked for by the ${open.side} seat: only that seat may withdraw them`, rule: RULE };
  if (open.answer !== null) {
    return {
      allowed: false,
      reason: `the ${otherSide(open.side)} seat's share of the dice for ${open.purpose} is here: this seat knows the dice, so the change is due and is written with them (a roll cannot be escaped by withdrawing it)`,
      rule: RULE,
    };
  }
  return { allowed: true };
}

/** Whether a request was closed by its withdrawal. */
export function withdrawnRequest(db: SqliteDatabase, r: Pick<JointDiceRow, 'event_seq'>): boolean {
  if (r.event_seq === null) return false;
  const row = statement(db, 'SELECT kind FROM events WHERE seq = ?').get(r.event_seq) as { kind: string } | undefined;
  return row?.kind === WITHDRAWN_KIND;
}

/**
 * Withdraws the open request (see the file header). At the asking seat it is the player's call, refused once
 * the answer is here; at the other seat it runs only as the replay of the asking seat's packet (a local write
 * there is refused while the request is open: joint-dice-store.ts refuseWhileJointDiceOpen; and jointReplay
 * takes a withdrawal only from the asking seat, at the request's place), and is taken even if this seat had
 * answered: History flags it then (historyNote).
 */
export function withdrawJointDice(ctx: GameContext, input: WithdrawJointDiceInput): JointDiceRequest {
  const seat = seatOf(ctx.db);
  if (!seat) throw invalid('id', 'this game is played at one laptop: joint dice need two seats, each on its own file');
  const r = openJointDice(ctx.db);
  if (!r || r.id !== input.id) {
    const closed = jointDiceRows(ctx.db).find((x) => x.id === input.id);
    throw invalid('id', closed ? `the joint dice for ${closed.purpose} are closed already: there is nothing to withdraw` : 'no joint dice of this game are open under that id');
  }
  if (r.side === seat.side) {
    const verdict = mayWithdraw(ctx.db, seat);
    if (!verdict.allowed) throw forbidden('id', verdict.reason, verdict.rule ?? RULE);
  }
  const other = otherSide(r.side);
  const written = write(ctx, WITHDRAWN_KIND, input, () => ({
    summary: `The ${r.side} seat withdrew its request for joint dice for ${r.purpose} before the ${other} seat's share reached it: no die of it is rolled, and an answer coming after this is not used. Play goes on`,
    dice: [],
    result: {},
  }));
  recordJointUse(ctx.db, r.id, written.event.seq);
  return requestView(r, {
    status: 'withdrawn',
    eventSeq: written.event.seq,
    rolls: [],
    diceSeqs: [],
    words: withdrawnWords(r, seat.side),
  });
}

/** The first dice both shares of a request give, as text ("3, 8, 1"), once both are in this file; else null. */
export function wouldHaveRolled(gameId: string, r: Pick<JointDiceRow, 'id' | 'seed' | 'answer'>): string | null {
  return r.seed !== null && r.answer !== null ? jointDiceOf(gameId, r, DICE_SHOWN).join(', ') : null;
}

/** A withdrawn request in the players' words, as this seat's file knows it. */
export function withdrawnWords(r: Pick<JointDiceRow, 'side' | 'purpose' | 'answer'>, local: Side): string {
  const other = otherSide(r.side);
  if (r.answer === null) return `The ${r.side} seat withdrew its request for joint dice for ${r.purpose} before the ${other} seat's share reached it: no die of it was rolled`;
  return r.side === local
    ? `This seat withdrew its request for joint dice for ${r.purpose}; the ${other} seat's share came after it and was not used: nothing was written with it`
    : `The ${r.side} seat withdrew its request for joint dice for ${r.purpose} after this seat had answered it: see the History`;
}

/**
 * What History adds to a withdrawal this file knows was answered (see the file header): the other seat's
 * share and the asking seat's are both here, so the dice the request would have given are shown, in both files.
 */
export function withdrawalNote(db: SqliteDatabase, gameId: string, local: Side, seq: number): string | null {
  const r = jointDiceRows(db).find((x) => x.event_seq === seq);
  if (!r || r.answer === null) return null;
  const dice = wouldHaveRolled(gameId, r);
  if (dice === null) return null;
  const other = otherSide(r.side);
  const shares = `Both shares are in this file: the first dice they give are ${dice}`;
  return r.side === local
    ? `The ${other} seat's share of these dice came after this withdrawal: it was not used, and nothing was written with it. ${shares} (the ${other} seat's History shows them too).`
    : `Answered before the withdrawal arrived: this seat had sent its share of these dice before the ${r.side} seat withdrew them. If that share reached the ${r.side} seat first, its player could work out the dice before withdrawing. ${shares}.`;
}
