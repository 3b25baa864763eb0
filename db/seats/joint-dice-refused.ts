/**
 * The way out of joint dice whose change the service refuses with those very dice (db/seats/joint-dice.ts).
 *
 * A change asked jointly is tried when it is asked (with the app's dice, rolled back) and refused then if the
 * service would refuse it; from then on nothing is written at either seat until it is. So if the service
 * refuses it once both shares are in, only its dice can be the cause: the log, the state and the input are
 * those it was tried on. Without a way out the game would stall for good. The way out keeps "no re-roll":
 *
 * - It is not a choice. The asking seat's Muster writes it by itself, and only when the change is refused
 *   with the dice both shares give: `closeRefusedJointDice` runs the change named in the request again with
 *   those dice (rolled back) and is refused itself if the change would be written. A seat cannot close a
 *   request to escape a roll it dislikes: the change is due, and written with the dice.
 * - The other seat checks it by replaying it: the same call, at the same place in the log, with the dice of
 *   the same shares (the asking seat's share is revealed with it and checked against its commitment). If the
 *   change is not refused there with those dice, the packet is refused whole.
 * - The dice are used, in the open: the event ('joint-dice.refused') records the dice in the dice log as
 *   rolled jointly, the change that was asked for and the refusal in the service's words; History shows it.
 * - The same change (the same game function and input) is not asked jointly again in the same step: that
 *   would roll its dice again. A different change (another input, that fits what the dice said) is asked
 *   in the open, after the refused one in History.
 * - A change refused before any of its dice is drawn (the trial when it was asked foresees what the service
 *   and the seat refuse, so only a cause no trial sees: a house rule's hook, a Muster of another version) is
 *   closed the same way, publicly, so that it cannot stall the game: the event has no die (none decided
 *   anything), and says so; the asking seat's share is revealed with it, so both files hold both shares, and
 *   History names the first dice they give: what the asking seat could know, the other player reads too.
 *   The other seat replays it, and takes it only if the change is refused there too before any of its dice.
 */
import { GAME_CONTRACT, type CloseRefusedJointDiceInput, type JointDiceRequest } from '../../contract';
import type { DieRoll } from '../../rules/types';
import { withFreshSalts } from '../dice';
import { MusterError, forbidden, invalid } from '../errors';
import { eventHead } from '../events';
import type { SqliteDatabase } from '../open';
import { write, type GameContext } from '../service/context';
import { SERVICE_FUNCTIONS } from '../service/index';
import { statement } from '../statements';
import { readClock } from '../store';
import { eventsAfter, refuseOutOfTurn, refuseSideSecrets, rolledBack, stepFacts } from './calls';
import { jointDiceOf, jointDiceRows, jointDiceStream, openJointDice, recordJointUse, requestView, type JointDiceRow } from './joint-dice-store';
import { otherSide, seatOf } from './store';

const RULE = 'Rev. Sequence of Play';
export const REFUSED_KIND = 'joint-dice.refused' as const;

type AnyImpl = (ctx: GameContext, input: unknown) => unknown;
type AnyContract = { input: { safeParse(v: unknown): { success: true; data: unknown } | { success: false } } };

/** Whether a request was closed as refused (its event is a refusal, not the change). */
export function closedAsRefused(db: SqliteDatabase, r: Pick<JointDiceRow, 'event_seq'>): boolean {
  if (r.event_seq === null) return false;
  const row = statement(db, 'SELECT kind FROM events WHERE seq = ?').get(r.event_seq) as { kind: string } | undefined;
  return row?.kind === REFUSED_KIND;
}

/**
 * The change of a request run with the dice both shares give, rolled back: how many of those dice it drew
 * and the service's refusal, or null when the change would be written.
 */
function tryWithTheDice(ctx: GameContext, gameId: string, r: JointDiceRow): { drawn: number; refusal: MusterError | null } {
  const contract = (GAME_CONTRACT as unknown as Record<string, AnyContract | undefined>)[r.call_fn];
  const impl = (SERVICE_FUNCTIONS as unknown as Record<string, AnyImpl | undefined>)[r.call_fn];
  // A change this Muster no longer takes (the file opened by a newer Muster after the request) is refused before any die.
  if (!contract || !impl) return { drawn: 0, refusal: invalid('id', `the joint dice for ${r.purpose} name a change this Muster does not know (${r.call_fn})`) };
  const parsed = contract.input.safeParse(r.call_input === '' ? undefined : JSON.parse(r.call_input));
  if (!parsed.success) return { drawn: 0, refusal: invalid('id', `the joint dice for ${r.purpose} name a change whose input this Muster does not take`) };
  const next = jointDiceStream(gameId, r.id, r.seed!, r.answer!);
  let drawn = 0;
  const jointDie = (): DieRoll => {
    drawn += 1;
    return next();
  };
  let refusal: MusterError | null = null;
  const facts = stepFacts(ctx.db);
  const head = eventHead(ctx.db).seq;
  withFreshSalts(() =>
    rolledBack(ctx.db, () => {
      try {
        impl({ ...ctx, jointDie }, parsed.data);
        // What a seat's write is refused for besides the service (db/seats/calls.ts seatWrite), on what it wrote.
        const written = eventsAfter(ctx.db, head);
        refuseOutOfTurn(facts, r.side, written, 'revealed');
        refuseSideSecrets(written);
      } catch (e) {
        if (!(e instanceof MusterError)) throw e;
        refusal = e;
      }
    }),
  );
  return { drawn, refusal };
}

/** Closes this seat's open request whose change the service refuses with its joint dice (see the file header). */
export function closeRefusedJointDice(ctx: GameContext, input: CloseRefusedJointDiceInput): JointDiceRequest {
  const seat = seatOf(ctx.db);
  if (!seat) throw invalid('id', 'this game is played at one laptop: joint dice need two seats, each on its own file');
  const r = openJointDice(ctx.db);
  if (!r || r.id !== input.id) {
    const closed = jointDiceRows(ctx.db).find((x) => x.id === input.id);
    throw invalid('id', closed ? `the joint dice for ${closed.purpose} are closed already` : 'no joint dice of this game are open under that id');
  }
  // Only the asking seat closes it: at the other seat a local write is refused while the request is open
  // (joint-dice-store.ts refuseWhileJointDiceOpen), and a packet's closing must come from the asking seat (jointReplay).
  if (r.answer === null || r.seed === null) throw forbidden('id', `the ${otherSide(r.side)} seat's share of the dice for ${r.purpose} is not in yet: nothing is rolled, so nothing is refused`, RULE);
  const { drawn, refusal } = tryWithTheDice(ctx, seat.gameId, r);
  const refused = refusal as MusterError | null;
  if (refused === null) {
    throw forbidden('id', `the change the joint dice for ${r.purpose} were asked for is not refused with those dice: it is due, and is written with them (a roll cannot be escaped by closing its request)`, RULE);
  }
  if (drawn === 0) return closeBeforeItsDice(ctx, seat.gameId, r, refused, input);
  const dice = jointDiceOf(seat.gameId, r, drawn);
  const words = `refused with these dice: ${refused.reason}`;
  const written = write(ctx, REFUSED_KIND, input, () => ({
    summary: `The dice for ${r.purpose}, rolled jointly by both seats (${dice.join(', ')}), make the change asked for refused: ${refused.reason}. The request is closed; play goes on`,
    dice: dice.map((roll) => ({ purpose: r.purpose, source: 'joint' as const, roll, modifiers: { total: 0, items: [] }, modified: roll, target: null, outcome: words.slice(0, 200) })),
    result: {},
  }));
  recordJointUse(ctx.db, r.id, eventHead(ctx.db).seq);
  return requestView(r, {
    status: 'refused',
    eventSeq: written.event.seq,
    rolls: written.dice.map((d) => d.roll),
    diceSeqs: written.dice.map((d) => d.seq),
    words: `The dice for ${r.purpose} were rolled jointly by both seats and the change was refused with them: ${refused.reason}`,
  });
}

/** How many of the dice both shares give a closing before any die names (the change would have used as many as it rolls). */
const DICE_NAMED = 3;

/** The request closed because its change is refused before any of its dice is drawn (see the file header). */
function closeBeforeItsDice(ctx: GameContext, gameId: string, r: JointDiceRow, refused: MusterError, input: CloseRefusedJointDiceInput): JointDiceRequest {
  const first = jointDiceOf(gameId, r, DICE_NAMED).join(', ');
  const written = write(ctx, REFUSED_KIND, input, () => ({
    summary: `The change asked with joint dice for ${r.purpose} is refused before any of its dice is drawn: ${refused.reason}. No die of it is used; both seats' shares are in both files, and the first dice they give are ${first}. The request is closed; play goes on`,
    dice: [],
    result: {},
  }));
  recordJointUse(ctx.db, r.id, eventHead(ctx.db).seq);
  return requestView(r, {
    status: 'refused',
    eventSeq: written.event.seq,
    rolls: [],
    diceSeqs: [],
    words: refusedWords(r, 0),
  });
}

/** A request closed as refused, in the players' words: with its dice, or before any of them was drawn. */
export function refusedWords(r: Pick<JointDiceRow, 'purpose'>, dice: number): string {
  return dice > 0
    ? `The dice for ${r.purpose} were rolled jointly by both seats, and the change asked for was refused with them: the request is closed`
    : `The change asked with joint dice for ${r.purpose} was refused before any of its dice was drawn: no die of it was used, and the request is closed`;
}

/**
 * A request for a change that joint dice of this step already closed as refused, word for word, is refused:
 * asking for it again would roll its dice again.
 */
export function refuseAskedAgain(db: SqliteDatabase, fn: string, inputText: string): void {
  const clock = readClock(db);
  for (const r of jointDiceRows(db)) {
    if (r.call_fn !== fn || r.call_input !== inputText || !closedAsRefused(db, r)) continue;
    const at = statement(db, 'SELECT turn_id, segment, phase FROM events WHERE seq = ?').get(r.event_seq) as { turn_id: string; segment: string; phase: string };
    if (at.turn_id === clock.turn_id && at.segment === clock.segment && at.phase === clock.phase) {
      throw forbidden('input', `the joint dice for ${r.purpose} were rolled in this step and refused that very change (event #${r.event_seq}): asking for it again would roll its dice again; ask for a change that fits what they said`, RULE);
    }
  }
}
