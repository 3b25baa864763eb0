/**
 * Sealed Alternative Arrival Area orders (RI-H10), the writes: a seat seals its side's order (the army
 * commander's points spent in the open, the group and the area committed to by hash), opens it at the
 * beginning of the Activation Segment of the first turn it changes what the group does, or says it stays
 * sealed this turn. Opening checks the order against its commitment, so the other seat, replaying it, refuses
 * an opened order that is not the one sealed, naming the side and the order. A game played at one laptop
 * orders its Alternative Arrival Areas as it always has (db/service/reinforcements.ts).
 */
import { sealedOrderOpensBy } from '../../rules/reinforcements';
import { alternativeWordNeeded } from '../../rules/seats';
import type { ChangeResult, DeclineAlternativeArrivalInput, KeepAlternativeArrivalsSealedInput, OpenAlternativeArrivalInput, SealAlternativeArrivalInput } from '../../contract';
import { forbidden } from '../errors';
import { readClock, readTurn, readTurns, readTurnState, readGame } from '../store';
import { alternativeWordFacts, alternativeWordsOwed } from './alternative-word';
import { ALTERNATIVE_RULE, turnLabel } from './arrival-checks';
import { write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { alternativeGroup, spendOnAlternativeArrival } from './reinforcements';
import { playedFromTwoSeats, sealedOrderCommitment, sealedOrders, sealedOrdersWaiting } from './sealed-orders';
import { atStartOfActivation } from './turn-start';

/** Sealing is how two seats keep an order secret; at one laptop the order is simply given (orderAlternativeArrival). */
function requireTwoSeats(ctx: GameContext): void {
  if (!playedFromTwoSeats(ctx.db)) {
    throw forbidden('side', 'an Alternative Arrival Area order is sealed, opened or kept sealed only in a game played from two seats; at one laptop it is ordered as it is', ALTERNATIVE_RULE);
  }
}

function requireStartOfActivation(ctx: GameContext, field: string, what: string): void {
  if (!atStartOfActivation(ctx)) {
    const clock = readClock(ctx.db);
    throw forbidden(field, `${what} at the beginning of the Activation Segment (before its first activation or pass), not at ${clock.segment}.${clock.phase}`, ALTERNATIVE_RULE);
  }
}

function sealAlternativeArrival(ctx: GameContext, input: SealAlternativeArrivalInput): ChangeResult {
  return write(ctx, 'reinforcement.sealed', input, (cs) => {
    const game = readGame(ctx.db);
    requireTwoSeats(ctx);
    if (sealedOrders(ctx.db).some((o) => o.commitment === input.commitment)) throw forbidden('commitment', 'this sealed order is already in the log', ALTERNATIVE_RULE);
    const army = spendOnAlternativeArrival(ctx, cs, input.side, game, 'side');
    return { summary: `${input.side}: ${army.name} spends all his rating points on an Alternative Arrival Area (which group is secret)`, subjects: [`leader:${army.id}`], result: {} };
  });
}

function openAlternativeArrival(ctx: GameContext, input: OpenAlternativeArrivalInput): ChangeResult {
  return write(ctx, 'reinforcement.opened', input, (cs) => {
    requireTwoSeats(ctx);
    const open = sealedOrders(ctx.db).filter((o) => o.side === input.side && o.openedSeq === null);
    if (open.length === 0) throw forbidden('salt', `${input.side} has no sealed Alternative Arrival Area order to open`, ALTERNATIVE_RULE);
    const order = open.find((o) => o.commitment === sealedOrderCommitment({ side: input.side, turnId: o.turnId, groupId: input.groupId, entryArea: input.entryArea, salt: input.salt }));
    if (!order) {
      throw forbidden('salt', `${input.side}'s opened Alternative Arrival Area order (${input.groupId} to ${input.entryArea}) does not match any order ${input.side} sealed: it is not the order that was committed to, and is refused`, ALTERNATIVE_RULE);
    }
    requireStartOfActivation(ctx, 'salt', 'a sealed Alternative Arrival Area order is opened');
    const g = alternativeGroup(ctx, input);
    // Opened at the first beginning of the Activation Segment it changes what the group does, and no later.
    const now = readClock(ctx.db).turn_id;
    const sealedIdx = readTurn(ctx.db, order.turnId)!.idx;
    const nowIdx = readTurn(ctx.db, now)!.idx;
    const before = readTurns(ctx.db).find((t) => t.idx === nowIdx - 1);
    if (before && before.idx >= sealedIdx && sealedOrderOpensBy({ scheduled: g.scheduled_turn_id, now: before.id })) {
      throw forbidden('salt', `${input.side} kept its Alternative Arrival Area order for ${input.groupId} sealed past ${turnLabel(before)}, when the group would have rolled or entered by its schedule: it had to be opened then, and is refused now`, ALTERNATIVE_RULE);
    }
    cs.set('alternative_arrivals', g.id, 'entry_area', null, input.entryArea).set('alternative_arrivals', g.id, 'ordered_turn_id', null, order.turnId);
    return { summary: `${input.side}: a sealed Alternative Arrival Area order is opened (which group, and where, stay secret until it arrives)`, result: {} };
  });
}

function keepAlternativeArrivalsSealed(ctx: GameContext, input: KeepAlternativeArrivalsSealedInput): ChangeResult {
  return write(ctx, 'reinforcement.kept-sealed', input, () => {
    requireTwoSeats(ctx);
    requireStartOfActivation(ctx, 'side', "a side's sealed Alternative Arrival Area orders are kept sealed");
    if (!sealedOrdersWaiting(ctx.db).includes(input.side)) throw forbidden('side', `${input.side} has no sealed Alternative Arrival Area order waiting for its word this turn`, ALTERNATIVE_RULE);
    return { summary: `${input.side}: its sealed Alternative Arrival Area orders stay sealed this turn`, result: {} };
  });
}

/**
 * The side without the Initiative says its army commander orders no Alternative Arrival Area this turn: its
 * word, when it is asked for (RI-H10, db/service/alternative-word.ts), and only then.
 */
function declineAlternativeArrival(ctx: GameContext, input: DeclineAlternativeArrivalInput): ChangeResult {
  return write(ctx, 'reinforcement.no-order', input, () => {
    requireTwoSeats(ctx);
    requireStartOfActivation(ctx, 'side', "a side's word on an Alternative Arrival Area order is given");
    if (!alternativeWordsOwed(ctx.db).includes(input.side)) {
      const facts = alternativeWordFacts(ctx.db, input.side);
      const initiative = readTurnState(ctx.db).initiative;
      const why = initiative === input.side ? `${input.side} has the Initiative: its army commander orders one, or not, in its own step` : (alternativeWordNeeded(facts).reason ?? `${input.side}'s word is not asked now`);
      throw forbidden('side', `${input.side}'s word on an Alternative Arrival Area order is not asked now: ${why}`, ALTERNATIVE_RULE);
    }
    return { summary: `${input.side}: no Alternative Arrival Area order this turn`, result: {} };
  });
}

export const sealedArrivalFunctions = {
  sealAlternativeArrival,
  openAlternativeArrival,
  keepAlternativeArrivalsSealed,
  declineAlternativeArrival,
} satisfies Partial<ServiceFunctions>;
