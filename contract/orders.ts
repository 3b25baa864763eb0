/**
 * The Orders Segment: orders issued directly, the army commander's pre-roll, order-change attempts with
 * their itemised DRMs, and the attachment of one command to another.
 */
import { z } from 'zod';
import { ChangeResult, Id, Itemised, LeaderIds, Order, RollChangeResult, Side, TypedRoll, Viewer, oneOfCommandOrUnit, query, write } from './common';

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
  roll: TypedRoll.optional(),
});
export type OrderChangeAttemptInput = z.infer<typeof OrderChangeAttemptInput>;
export const OrderChangeAttemptResult = RollChangeResult.extend({
  automatic: z.boolean(),
  success: z.boolean(),
  drm: Itemised,
  /** The officer's rating the modified roll had to be at most. */
  rating: z.number(),
});
export type OrderChangeAttemptResult = z.infer<typeof OrderChangeAttemptResult>;

export const OrderChangeOptionsInput = z.strictObject({ commandId: Id, viewer: Viewer.optional() });
export type OrderChangeOptionsInput = z.infer<typeof OrderChangeOptionsInput>;

/** One order a command may try to change to, and the DRM its roll will use (RI-S09, RI-H07). */
export const OrderChangeOption = z.object({
  order: Order,
  /** The attempt may be made now (step, pre-roll, orders flowing downhill, what the command may receive). */
  allowed: z.boolean(),
  /** Why not, in words, and the rule; null when allowed. */
  reason: z.string().nullable(),
  rule: z.string().nullable(),
  kind: z.enum(['automatic', 'non-automatic']),
  /** Why it is automatic: 'rsm-marker', 'reserve-orders', 'support-to-assault-or-skirmish', 'to-default-order'. */
  automaticReasons: z.array(z.string()),
  kindRule: z.string(),
  /**
   * The DRM the roll will use before the players' own choices (superiors in range or using their rating,
   * adjacent to the enemy): the Orders Table DRM of the orders standing within the command, cavalry,
   * ineffective. The same for every order asked for: the standing orders decide it, not the new one.
   */
  drm: Itemised,
});
export type OrderChangeOption = z.infer<typeof OrderChangeOption>;

export const OrderChangeOptions = z.object({
  commandId: z.string(),
  /** The command's standing order now. */
  from: Order,
  /** The officer who rolls, with the rating the modified roll must not exceed; null if none can. */
  officer: z.object({ leaderId: z.string(), name: z.string(), rating: z.number().int() }).nullable(),
  options: z.array(OrderChangeOption),
});
export type OrderChangeOptions = z.infer<typeof OrderChangeOptions>;

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
  orderChangeOptions: query('The orders a command may try to change to now, each with the DRM its roll will use', OrderChangeOptionsInput, OrderChangeOptions),
  attachCommand: write('Attaches a command to another (or detaches it)', AttachCommandInput, ChangeResult),
};
