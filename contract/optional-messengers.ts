/**
 * The Messengers optional rule: the order changes on their way to their commands. An order change attempt carries the
 * distance (contract/orders.ts OrderChangeAttemptInput.messengerDistance); this query lists the viewer's
 * own messages, what the Orders screen offers as the distance for each command, and how many messages
 * each side has on the way (public: RI-O51). Another side's messages are never returned.
 */
import { z } from 'zod';
import { ChangeResult, DieRoll, Id, LeaderIds, Order, Side, ViewerOnly, query, text, write } from './common';

/** A turn of the time track, for "arrives <turn>". */
export const MessageTurn = z.object({ turnId: z.string(), date: z.string(), time: z.string(), turnIndex: z.number().int() });
export type MessageTurn = z.infer<typeof MessageTurn>;

/** One message on its way, as its own side sees it. */
export const OrderMessageView = z.object({
  commandId: z.string(),
  commandName: z.string(),
  side: Side,
  order: Order,
  /** Who sent it: the leader of the command it answers to. */
  from: z.string(),
  distanceHexes: z.number().int(),
  /** messengerTurns(distance) (RI-O15). */
  turns: z.number().int(),
  sent: MessageTurn,
  arrives: MessageTurn,
});
export type OrderMessageView = z.infer<typeof OrderMessageView>;

/** What the Orders screen offers for a command's next message: who sends it and the distance to prefill. */
export const MessengerRoute = z.object({
  commandId: z.string(),
  /** The sender (the leader of the command it answers to); null: it answers to nobody, its changes are made at once. */
  from: z.string().nullable(),
  /** The distance last stated for this command, else one turn's ride (RI-O53). */
  distanceHexes: z.number().int(),
});
export type MessengerRoute = z.infer<typeof MessengerRoute>;

export const OrderMessages = z.object({
  /** The game was created with the Messengers rule; false: order changes take effect at once, and the lists are empty. */
  inForce: z.boolean(),
  rule: z.string(),
  /**
   * The messenger table (RI-O15) up to 200 hexes: a ride of fromHexes..toHexes takes `turns` turns and, sent
   * now, arrives in the Orders Segment of `arrives` (null: after the last turn of the game, refused).
   */
  table: z.array(z.object({ turns: z.number().int(), fromHexes: z.number().int(), toHexes: z.number().int(), arrives: MessageTurn.nullable() })),
  /** How many messages each side has on the way: public, not what they carry nor to whom (RI-O51). */
  onTheWay: z.object({ USA: z.number().int(), CSA: z.number().int() }),
  /** The viewer's own messages on their way, soonest first ('both': both sides'; no viewer: none). */
  messages: z.array(OrderMessageView),
  /** The viewer's own commands on the map ('both': both sides'; no viewer: none). */
  routes: z.array(MessengerRoute),
});
export type OrderMessages = z.infer<typeof OrderMessages>;

const Commitment = z.string().regex(/^[0-9a-f]{64}$/, 'commitment: a SHA-256, 64 hexadecimal digits');
const Salt = z.string().regex(/^[0-9a-f]{32}$/, 'salt: 128 bits, 32 hexadecimal digits');

/**
 * Two seats (RI-H12): an order change sent by messenger, sealed by its seat. The log holds which side sent a
 * message, the superiors whose rating points it spent (public, RI-O51), the message it replaces (by its
 * commitment, RI-O50), and a commitment to it: a SHA-256 over the side, the turn sent, the command, the order,
 * the distance, the attempt as rolled and a 128-bit salt.
 */
export const SealOrderMessageInput = z.strictObject({ side: Side, commitment: Commitment, superiorsUsingRating: LeaderIds.optional(), replaces: Commitment.optional() });
export type SealOrderMessageInput = z.infer<typeof SealOrderMessageInput>;

/**
 * The die of a sealed message's order change attempt, as the seat rolled it (a secret entry's roll is made on
 * its seat, RI-H09): recorded in the dice log when the message is opened, with its purpose and source as every
 * roll (RI-H12). A message sealed by an earlier version of Muster has none.
 */
const SealedDrmItem = z.strictObject({ label: text(300), value: z.number(), rule: text(300), id: text(100).optional(), source: text(200).optional() });

export const SealedAttemptDie = z.strictObject({
  purpose: text(300),
  /** Rolled by the app at the seat, or typed from the table (a secret entry is never rolled jointly). */
  source: z.enum(['app', 'table']),
  roll: DieRoll,
  /** The modifiers as the dice log itemises them (contract/common.ts Itemised). */
  modifiers: z.strictObject({ total: z.number(), items: z.array(SealedDrmItem).max(50) }),
  modified: z.number(),
  target: text(100).nullable(),
  outcome: text(100),
});
export type SealedAttemptDie = z.infer<typeof SealedAttemptDie>;

/** A sealed message as it is opened: what was sent, and its salt. */
export const SealedMessage = z.strictObject({
  order: Order,
  sentTurnId: text(40),
  distanceHexes: z.number().int().min(1).max(200),
  /** The attempt as its seat recorded it (the roll and its outcome), in words. */
  attempt: text(600),
  /** The attempt's die, for the dice log (RI-H12). */
  die: SealedAttemptDie.optional(),
  salt: Salt,
});
export type SealedMessage = z.infer<typeof SealedMessage>;

/**
 * Two seats (RI-H12): a sealed message opened in the Orders Segment of the turn it arrives, checked against its
 * commitment; with it, the messages it replaced on their way (newest first), each checked against the
 * commitment the one after it named.
 */
export const OpenOrderMessageInput = SealedMessage.extend({ side: Side, commandId: Id, replaced: z.array(SealedMessage).max(50).optional() });
export type OpenOrderMessageInput = z.infer<typeof OpenOrderMessageInput>;

export const messengersContract = {
  orderMessages: query("The Messengers rule: the viewer's own order changes on their way, and how many each side has on the way", ViewerOnly, OrderMessages),
  sealOrderMessage: write('Two seats: an order change sent by messenger, sealed by its seat (the log holds which side, the rating points spent, and a commitment)', SealOrderMessageInput, ChangeResult),
  openOrderMessage: write('Two seats: a sealed message opened as it arrives, checked against its commitment, and its order taken', OpenOrderMessageInput, ChangeResult),
};
