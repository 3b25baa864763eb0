/**
 * Messages on their way between two seats (the Messengers option, RI-H12), the writes. At one laptop an order
 * change sent by messenger is written into the command's row of side secrets and its attempt hidden from the
 * other side until it arrives (RI-O51); between two seats the sending seat keeps the message in its own file
 * and its Orders Segment entries hold, in its place, sealOrderMessage: which side sent a message, the
 * superiors' rating points spent on it (public at the table too), the message it replaces (RI-O50) and a
 * commitment. In the Orders Segment of the turn it arrives, its seat opens it as its first entry
 * (openOrderMessage): checked here against the commitment, so the other seat replaying it refuses a message
 * that is not the one sealed, or opened in another turn, naming the side and the message; then the order is
 * taken as at one laptop (RI-O52). The opening is public, written as the Orders Segment begins (before either
 * side's entries of I.A are revealed), and it records the attempt's die in the dice log, as at one laptop the
 * attempt's roll enters the other side's dice log when its message arrives. The seat's side of this is
 * db/seats/sealed-messages.ts.
 */
import { MESSENGER_RULES, messengerTurns } from '../../rules/optional/messengers';
import type { ChangeResult, OpenOrderMessageInput, SealedAttemptDie, SealOrderMessageInput } from '../../contract';
import type { DieRoll } from '../../rules/types';
import { ORDERS_SEGMENT } from '../clock';
import type { NewDiceRow } from '../dice';
import { forbidden } from '../errors';
import { readClock, readTurn, readTurns, readTurnState } from '../store';
import { manName, spendPoints } from './chain';
import { write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { leader, requireStep } from './lookups';
import { messengersInForce, takeMessage } from './optional-messengers';
import { sealedMessageCommitment, sealedMessagesInLog, type SealedMessageInLog } from './optional-messengers-secrets';
import type { Side } from '../../rules/types';
import { plotLabel } from './concealment';
import { playedFromTwoSeats } from './sealed-orders';

const RULE = MESSENGER_RULES.messengers;

function requireTwoSeats(ctx: GameContext, field: string): void {
  if (!playedFromTwoSeats(ctx.db) || !messengersInForce(ctx)) {
    throw forbidden(field, 'a message is sealed or opened only in a game played from two seats with the Messengers optional rule; at one laptop it is sent with the order change attempt', RULE);
  }
}

/** A sealed message replaces only one of its own side's messages still on its way (RI-O50), or it is refused, saying why. */
function refuseReplacing(ctx: GameContext, side: Side, replaces: string, log: readonly SealedMessageInLog[]): void {
  const named = log.find((s) => s.commitment === replaces);
  if (named && named.side === side && named.closedSeq === null) return;
  const why = !named
    ? `no message ${side} sealed is the one it names`
    : named.side !== side
      ? `the message it names is ${named.side}'s: a side's messenger replaces only its own side's messages`
      : `the message it names, sent ${plotLabel(ctx.db, named.turnId)}, is no longer on its way (it arrived, or another message replaced it already)`;
  throw forbidden('replaces', `${side}'s sealed message replaces a message on its way, but ${why}: refused`, RULE);
}

function sealOrderMessage(ctx: GameContext, input: SealOrderMessageInput): ChangeResult {
  return write(ctx, 'orders.message-sealed', input, (cs) => {
    requireTwoSeats(ctx, 'commitment');
    const clock = readClock(ctx.db);
    if (clock.segment !== ORDERS_SEGMENT) throw forbidden('commitment', `a message is sent with an order change attempt, in the Orders Segment; the game is at ${clock.segment}.${clock.phase}`, RULE);
    const log = sealedMessagesInLog(ctx.db);
    if (log.some((s) => s.commitment === input.commitment)) throw forbidden('commitment', 'this sealed message is already in the log', RULE);
    if (input.replaces) refuseReplacing(ctx, input.side, input.replaces, log);
    const superiors = (input.superiorsUsingRating ?? []).map((id, i) => leader(ctx, `superiorsUsingRating[${i}]`, id));
    for (const [i, l] of superiors.entries()) if (l.side !== input.side) throw forbidden(`superiorsUsingRating[${i}]`, `${manName(l)} is not a ${input.side} leader`, RULE);
    spendPoints(ctx, cs, 'superiorsUsingRating', superiors, 'order-change');
    const spent = superiors.length === 0 ? '' : `; ${superiors.map(manName).join(', ')} spent rating points on it`;
    const replacing = input.replaces ? ', replacing one of its messages on the way' : '';
    return {
      summary: `${input.side} sends an order change by messenger${replacing} (which command, and what, stay sealed until it arrives)${spent}`,
      subjects: superiors.map((l) => `leader:${l.id}`),
      result: {},
      entry: { side: input.side, field: 'commitment' },
    };
  });
}

function openOrderMessage(ctx: GameContext, input: OpenOrderMessageInput): ChangeResult {
  return write(ctx, 'orders.message-opened', input, (cs) => {
    requireTwoSeats(ctx, 'salt');
    requireStep(ctx, 'salt', ORDERS_SEGMENT, 'A', RULE);
    const log = sealedMessagesInLog(ctx.db);
    const which = `${input.side}'s opened message (${input.order} to ${input.commandId}, sent ${input.sentTurnId}, ${input.distanceHexes} hexes)`;
    const sealed = log.find((s) => s.side === input.side && s.closedSeq === null && s.commitment === sealedMessageCommitment(input.side, input.commandId, input));
    if (!sealed || sealed.turnId !== input.sentTurnId) throw forbidden('salt', `${which} does not match any message ${input.side} sealed and has on its way: it is not the message that was committed to, and is refused`, RULE);
    // Opened in the Orders Segment of the turn it arrives, and no other (RI-O15, RI-O16).
    const turns = readTurns(ctx.db);
    const arrives = turns.find((t) => t.idx === readTurn(ctx.db, input.sentTurnId)!.idx + messengerTurns(input.distanceHexes));
    const now = readClock(ctx.db).turn_id;
    if (arrives?.id !== now) throw forbidden('salt', `${which} arrives ${arrives ? `${arrives.date} ${arrives.time}` : 'after the last turn'}, not now: it is opened in the Orders Segment of the turn it arrives`, RULE);
    // The messages it replaced on their way (RI-O50), each the one the message after it named.
    let named = sealed.replaces;
    for (const [i, r] of (input.replaced ?? []).entries()) {
      const earlier = log.find((s) => s.commitment === named);
      if (!earlier || sealedMessageCommitment(input.side, input.commandId, r) !== named) {
        throw forbidden(`replaced[${i}]`, `${input.side}'s replaced message ${i + 1} (${r.order}, sent ${r.sentTurnId}) is not the message the one after it replaced: refused`, RULE);
      }
      named = earlier.replaces;
    }
    if (named !== null) throw forbidden('replaced', `${which} replaced a message on its way that is not opened with it`, RULE);
    // As the Orders Segment begins, as at one laptop (RI-O52): before either side's entries of I.A are revealed.
    if (readTurnState(ctx.db).entries_done !== 0) throw forbidden('salt', `${which} is opened as the Orders Segment begins, before the entries of its first step are revealed; they are revealed now`, RULE);
    const note = takeMessage(ctx, cs, { commandId: input.commandId, order: input.order, sentTurnId: input.sentTurnId, distanceHexes: input.distanceHexes });
    const replaced = (input.replaced ?? []).map((r) => ` It replaced: ${r.attempt}.`).join('');
    const dice = [input, ...(input.replaced ?? [])].flatMap((m) => (m.die ? [attemptDie(ctx, m.die, which)] : []));
    return { summary: `${input.side}'s sealed message is opened as it arrives: ${note}. The attempt: ${input.attempt}.${replaced}`, subjects: [`command:${input.commandId}`], result: {}, dice };
  });
}

/**
 * The attempt's die as it goes into the dice log when its message is opened (RI-H12). The seat rolled it with
 * the attempt; a die the app rolled is handed back to the opening as the app's roll (the seat's own opening and
 * the other seat's replay alike: it travels with the event's dice), and must be the one committed to.
 */
function attemptDie(ctx: GameContext, die: SealedAttemptDie, which: string): Omit<NewDiceRow, 'eventSeq'> {
  if (die.source === 'app' && ctx.appDie() !== die.roll) throw forbidden('die', `${which}: the attempt's die in the dice log is not the one committed to, and is refused`, RULE);
  return { purpose: die.purpose, source: die.source, roll: die.roll as DieRoll, modifiers: die.modifiers, modified: die.modified, target: die.target, outcome: die.outcome };
}

export const sealedMessageFunctions = { sealOrderMessage, openOrderMessage } satisfies Partial<ServiceFunctions>;
