/**
 * The Orders Segment: orders issued directly, the army commander's pre-roll, order-change attempts with
 * their itemised DRMs, and the attachment of one command to another.
 */
import { z } from 'zod';
import { OrderMessageView } from './optional-messengers';
import { SuperiorOffer } from './activation';
import { ChangeResult, Id, Itemised, LeaderIds, Order, RollChangeResult, Side, TypedRoll, oneOfCommandOrUnit, query, Viewer, write } from './common';

/** Issue an order directly: as the game begins, after an attempt rolled at the table, or by Commander's Initiative. */
export const SetOrdersInput = z
  .strictObject({
    /** Exactly one of commandId and unitId. */
    commandId: Id.optional(),
    unitId: Id.optional(),
    /** The new order; null removes the holder's own order, so it follows its superior's again. */
    order: Order.nullable(),
    /** Commander's Initiative (units stacked with a superior leader): any order, expiring at the end of the turn. */
    commandersInitiative: z.boolean().optional(),
    /** With commandersInitiative: the superior leader (division or higher, in the chain of command) stacked with the units. */
    stackedWithLeaderId: Id.optional(),
    /** Board facts the rules ask about (players attest them; default: the order is allowed). */
    neighbourHasAssaultOrSkirmishOrders: z.boolean().optional(),
    inEnemyLos: z.boolean().optional(),
  })
  .refine(oneOfCommandOrUnit.check, oneOfCommandOrUnit.message);
export type SetOrdersInput = z.infer<typeof SetOrdersInput>;

export const OrderPreRollInput = z.strictObject({
  side: Side,
  /** Whether the acting army commander is on the map comes from the roster (RI-H05); if he is not, only a 0 succeeds. */
  roll: TypedRoll.optional(),
});
export type OrderPreRollInput = z.infer<typeof OrderPreRollInput>;
export const OrderPreRollResult = RollChangeResult.extend({ success: z.boolean() });
export type OrderPreRollResult = z.infer<typeof OrderPreRollResult>;

export const OrderChangeAttemptInput = z.strictObject({
  commandId: Id,
  order: Order,
  /** Superior leaders in the chain of command whose range reaches the officer (-1 each). */
  superiorsInRange: LeaderIds.optional(),
  /** Superior leaders spending their rating points for the turn on this attempt (-rating each). */
  superiorsUsingRating: LeaderIds.optional(),
  adjacentToEnemy: z.boolean().optional(),
  /** Board facts for SUPT and RSRV (players attest them; default: the order is allowed). */
  neighbourHasAssaultOrSkirmishOrders: z.boolean().optional(),
  inEnemyLos: z.boolean().optional(),
  /**
   * The Messengers optional rule (RI-O16): hexes from the sending commander to the command's leader, as
   * the player states it; required with the rule, refused without it. 0: stacked, the change is made at once.
   */
  messengerDistance: z.number().int('the distance is a whole number of hexes').min(0, 'the distance is 0 hexes or more').max(200, 'the distance is at most 200 hexes').optional(),
  roll: TypedRoll.optional(),
});
export type OrderChangeAttemptInput = z.infer<typeof OrderChangeAttemptInput>;
export const OrderChangeAttemptResult = RollChangeResult.extend({
  automatic: z.boolean(),
  success: z.boolean(),
  drm: Itemised,
  /** The officer's rating the modified roll had to be at most. */
  rating: z.number(),
  /** With the Messengers rule, a successful change on its way: the orders change when it arrives (RI-O16). */
  message: OrderMessageView.nullable().optional(),
});
export type OrderChangeAttemptResult = z.infer<typeof OrderChangeAttemptResult>;

/** What an order change attempt would roll with: the command and the boxes the players tick before the die. */
export const OrderChangePreviewInput = z.strictObject({
  commandId: Id,
  superiorsInRange: LeaderIds.optional(),
  superiorsUsingRating: LeaderIds.optional(),
  adjacentToEnemy: z.boolean().optional(),
  /** Who is looking: a side sees its own secret entries of the step (its points spent on them). */
  viewer: Viewer.optional(),
});
export type OrderChangePreviewInput = z.infer<typeof OrderChangePreviewInput>;
export const OrderChangePreview = z.object({
  /** The DRMs the roll will use, from the same code as the roll. */
  drm: Itemised,
  /** The officer's rating the modified roll must not exceed; null when he cannot roll (not on the map). */
  rating: z.number().nullable(),
  superiors: z.array(SuperiorOffer),
});
export type OrderChangePreview = z.infer<typeof OrderChangePreview>;

export const StackedWithChoicesInput = z.strictObject({ unitId: Id, viewer: Viewer.optional() });
export type StackedWithChoicesInput = z.infer<typeof StackedWithChoicesInput>;
/** A leader a unit may be stacked with for Commander's Initiative: division or higher in its chain, on the map, each man once. */
export const StackedWithChoice = z.object({ leaderId: Id, name: z.string(), command: z.string() });
export type StackedWithChoice = z.infer<typeof StackedWithChoice>;

export const AttachCommandInput = z.strictObject({
  commandId: Id,
  /** The gaining command; null detaches (back to its printed superior). */
  toCommandId: Id.nullable(),
  /** The gaining commander has the detaching commander in range (players attest; default true). */
  gainingCommanderHasDetachingInRange: z.boolean().optional(),
  /** The army commander has the detaching commander in range (players attest; default true). */
  armyCommanderHasDetachingInRange: z.boolean().optional(),
});
export type AttachCommandInput = z.infer<typeof AttachCommandInput>;

export const ordersContract = {
  setOrders: write('Issues an order to a command or unit directly (game start, a roll made at the table, Commander’s Initiative)', SetOrdersInput, ChangeResult),
  orderPreRoll: write("The army commander's pre-roll for non-automatic order changes", OrderPreRollInput, OrderPreRollResult),
  attemptOrderChange: write('Attempts an order change, DRMs itemised', OrderChangeAttemptInput, OrderChangeAttemptResult),
  attachCommand: write('Attaches a command to another (or detaches it)', AttachCommandInput, ChangeResult),
  stackedWithChoices: query("The leaders a unit may be stacked with for Commander's Initiative", StackedWithChoicesInput, z.array(StackedWithChoice)),
  previewOrderChange: query('What an order change attempt would roll with: its DRMs, the rating, the superiors to offer', OrderChangePreviewInput, OrderChangePreview),
};
