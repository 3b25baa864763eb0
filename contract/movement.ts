/**
 * Movement: a unit's or command's movement allowance this activation, itemised (arm, orders, Strategic
 * Movement, Double Time, weather, fatigue); Double Time's fatigue; fatigue recovery (designated in II.B,
 * recovered in IV.B).
 */
import { z } from 'zod';
import { Arm, ChangeResult, Id, Itemised, Order, oneOfCommandOrUnit, query, write } from './common';

export const MovementQuery = z
  .strictObject({
    /** A command (every unit of it on the map) or a single unit. */
    commandId: Id.optional(),
    unitId: Id.optional(),
    /** Strategic Movement this activation (default: the unit's Strategic Movement flag). */
    strategicMovement: z.boolean().optional(),
    doubleTime: z.boolean().optional(),
    /** Moving along pikes exclusively: rain does not halve the MA. */
    pikesExclusively: z.boolean().optional(),
    /** The printed MA, when the counters differ from Muster's defaults (RI-B05). */
    baseMa: z.number().int('baseMa must be a whole number of MPs').min(0, 'baseMa must be 0 or more').max(40, 'baseMa must be at most 40').optional(),
  })
  .refine(oneOfCommandOrUnit.check, oneOfCommandOrUnit.message);
export type MovementQuery = z.infer<typeof MovementQuery>;

export const UnitMovementRow = z.object({
  unitId: z.string(),
  name: z.string(),
  arm: Arm,
  order: Order,
  fatigue: z.number().int(),
  /** The MPs this activation, itemised (every weather item says so). */
  ma: Itemised,
  oneHexOnly: z.boolean(),
  restrictions: z.array(z.string()),
  strategicMovement: z.object({ used: z.boolean(), refused: z.array(z.string()) }),
  doubleTime: z.object({ used: z.boolean(), refused: z.array(z.string()) }),
  /** Fatigue after this activation's movement (Double Time: +2). */
  fatigueAfter: z.number().int(),
  /** Double Timed already this turn. */
  doubleTimedThisTurn: z.boolean(),
});
export type UnitMovementRow = z.infer<typeof UnitMovementRow>;

export const MovementReport = z.object({ units: z.array(UnitMovementRow), weather: z.array(z.object({ label: z.string(), rule: z.string() })) });
export type MovementReport = z.infer<typeof MovementReport>;

export const DoubleTimeInput = z.strictObject({ commandId: Id.optional(), unitId: Id.optional() }).refine(oneOfCommandOrUnit.check, oneOfCommandOrUnit.message);
export type DoubleTimeInput = z.infer<typeof DoubleTimeInput>;

export const FatigueRecoveryInput = z.strictObject({
  /** A brigade. */
  commandId: Id,
  designated: z.boolean(),
  /** Cavalry: the players attest its troopers are dismounted within one hex of water (Rev. Cavalry Fatigue). */
  dismountedNearWater: z.boolean().optional(),
});
export type FatigueRecoveryInput = z.infer<typeof FatigueRecoveryInput>;

export const movementContract = {
  movementAllowance: query("A unit's or command's movement allowance this activation, itemised, with what its orders and fatigue allow", MovementQuery, MovementReport),
  doubleTime: write('Records Double Time for an infantry brigade (or unit) on Strategic Movement: fatigue +2 levels', DoubleTimeInput, ChangeResult),
  designateFatigueRecovery: write('Designates a brigade to recover fatigue this turn (II.B), or takes the designation back', FatigueRecoveryInput, ChangeResult),
};
