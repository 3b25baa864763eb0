/**
 * The roster: every unit with its strength, losses, fatigue, status, orders and flags; the command tree
 * with its totals; and the changes a player makes to a unit or a command's markers during play.
 */
import { z } from 'zod';
import { COUNTER_LIMITS, DISORDER_CAUSES } from '../rules/types';
import { Arm, ChangeResult, Id, Level, Order, Side, Status, Viewer, ViewerOnly, Weapon, query, text, write } from './common';

export const RosterQuery = z.strictObject({
  side: Side.optional(),
  /** Only units under this command (its whole subtree). */
  commandId: Id.optional(),
  /** Include units of reinforcements not yet arrived (default true). */
  includeOffMap: z.boolean().optional(),
  /** Who is looking: another side's secret order changes are not shown yet (RI-H01). */
  viewer: Viewer.optional(),
});
export type RosterQuery = z.infer<typeof RosterQuery>;

export const RosterUnit = z.object({
  id: z.string(),
  name: z.string(),
  side: Side,
  arm: Arm,
  /** Printed strength. */
  sp: z.number().int(),
  spLost: z.number().int(),
  stragglers: z.number().int(),
  /** Guns left on the field with an AG marker, not yet returned or captured. */
  abandonedGuns: z.number().int(),
  /** printed - lost - stragglers - abandoned guns. */
  currentSp: z.number().int(),
  fatigue: z.number().int(),
  status: Status,
  /** The order the unit is under: its own, else its command's, else inherited down the tree. */
  effectiveOrder: Order,
  /** Where the effective order comes from: 'unit' or the id of the command holding it. */
  orderSource: z.string(),
  /** True when the unit's own order is a Commander's Initiative order that expires at the end of the turn. */
  orderExpires: z.boolean(),
  /** The orders it may take as its Default Order when out of command: its arm's, or any RE order for horse artillery and sharpshooters. */
  defaultOrders: z.array(Order),
  weapon: Weapon.nullable(),
  /** The counter's cohesion ratings (ordered and disordered sides) as the group entered them; null: not entered. */
  cohesionOrdered: z.number().int().nullable(),
  cohesionDisordered: z.number().int().nullable(),
  /** A battery's row of the group's artillery range chart; null: not chosen. */
  artilleryRow: z.string().nullable(),
  commandId: z.string(),
  /** Names of the command chain, brigade first. */
  commandPath: z.array(z.string()),
  horseArtillery: z.boolean(),
  sharpshooters: z.boolean(),
  canDismount: z.boolean(),
  mounted: z.boolean(),
  outOfAmmo: z.boolean(),
  extendedColumn: z.boolean(),
  strategicMovement: z.boolean(),
  skirmishers: z.boolean(),
  /** Field works the unit is in (Rev. Breastworks/Entrenchments). */
  works: z.enum(['none', 'breastworks', 'entrenchments']),
  /** Designated for a Bayonet Charge (Rev. Bayonet Charge). */
  bayonetCharge: z.boolean(),
  /** The brigade the unit screens as skirmishers, or null. */
  skirmishingFor: z.string().nullable(),
  capturedGuns: z.number().int(),
  destroyedGuns: z.number().int(),
  onMap: z.boolean(),
});
export type RosterUnit = z.infer<typeof RosterUnit>;

const Totals = z.object({
  units: z.number().int(),
  sp: z.number().int(),
  spLost: z.number().int(),
  stragglers: z.number().int(),
  currentSp: z.number().int(),
  guns: z.number().int(),
});

export interface CommandNode {
  id: string;
  side: z.infer<typeof Side>;
  level: z.infer<typeof Level>;
  name: string;
  /** The superior in the printed order of battle. */
  parentId: string | null;
  /** The superior now (differs from parentId while attached to another command). */
  effectiveParentId: string | null;
  attachedTo: string | null;
  leaderId: string | null;
  leaderName: string | null;
  cavalry: boolean;
  artillery: boolean;
  ownOrder: z.infer<typeof Order> | null;
  effectiveOrder: z.infer<typeof Order>;
  orderSource: string;
  rsm: boolean;
  recovery: boolean;
  /** Designated in II.B to recover fatigue this turn (RI-B07). */
  fatigueRecovery: boolean;
  ineffective: boolean;
  onMap: boolean;
  /** False for corps (and higher) and cavalry commanders, who are never out of command (Rev. In-Command/Out-of-Command). */
  mayBeOutOfCommand: boolean;
  reinforcementGroupId: string | null;
  totals: z.infer<typeof Totals>;
  children: CommandNode[];
}
/** A command's own fields: everything a node of the tree says but its subordinates. */
const CommandFields = z.object({
  id: z.string(),
  side: Side,
  level: Level,
  name: z.string(),
  parentId: z.string().nullable(),
  effectiveParentId: z.string().nullable(),
  attachedTo: z.string().nullable(),
  leaderId: z.string().nullable(),
  leaderName: z.string().nullable(),
  cavalry: z.boolean(),
  artillery: z.boolean(),
  ownOrder: Order.nullable(),
  effectiveOrder: Order,
  orderSource: z.string(),
  rsm: z.boolean(),
  recovery: z.boolean(),
  fatigueRecovery: z.boolean(),
  ineffective: z.boolean(),
  onMap: z.boolean(),
  mayBeOutOfCommand: z.boolean(),
  reinforcementGroupId: z.string().nullable(),
  totals: Totals,
});
// A tree is recursive: the one place the contract writes the type beside the schema (zod cannot infer recursion).
export const CommandNode: z.ZodType<CommandNode> = z.lazy(() => CommandFields.extend({ children: z.array(CommandNode) }));

/**
 * One command of the tree that changed, without its subtree: its own fields and its subordinates' ids in
 * order (each subordinate is sent too if it changed; one not sent is the one the screen holds).
 */
export const CommandChange = CommandFields.extend({ childIds: z.array(z.string()) });
export type CommandChange = z.infer<typeof CommandChange>;

const fatigueWords = `Fatigue level must be a whole number from ${COUNTER_LIMITS.fatigue.min} to ${COUNTER_LIMITS.fatigue.max}`;
export const SetFatigueInput = z.strictObject({
  unitId: Id,
  level: z.number(fatigueWords).int(fatigueWords).min(COUNTER_LIMITS.fatigue.min, fatigueWords).max(COUNTER_LIMITS.fatigue.max, fatigueWords),
});
export type SetFatigueInput = z.infer<typeof SetFatigueInput>;

export const SetStatusInput = z.strictObject({
  unitId: Id,
  status: Status,
  /**
   * What turned the unit Disordered: a flip from Ordered by enemy action (fire, shock, withdrawal, reaction
   * facing change, retreat before shock) with an enemy within Tactical Movement range loses an infantry
   * straggler (Rev. Infantry Stragglers). Left out: no straggler.
   */
  cause: z.enum(DISORDER_CAUSES).optional(),
  /** An enemy unit is within Tactical Movement range (default true when a cause is given). */
  enemyWithinTacticalMovementRange: z.boolean().optional(),
});
export type SetStatusInput = z.infer<typeof SetStatusInput>;

export const SetUnitFlagsInput = z.strictObject({
  unitId: Id,
  mounted: z.boolean().optional(),
  outOfAmmo: z.boolean().optional(),
  extendedColumn: z.boolean().optional(),
  strategicMovement: z.boolean().optional(),
});
export type SetUnitFlagsInput = z.infer<typeof SetUnitFlagsInput>;

export const DesignateSkirmishersInput = z.strictObject({
  unitId: Id,
  /** The brigade it screens; defaults to its own (US Sharpshooters may serve any US brigade). */
  brigadeId: Id.optional(),
  /** The brigade is at ME at the beginning of its activation (players attest; default true). */
  brigadeAtMe: z.boolean().optional(),
});
export type DesignateSkirmishersInput = z.infer<typeof DesignateSkirmishersInput>;

export const RecallSkirmishersInput = z.strictObject({
  /** The brigade whose skirmishers are recalled. */
  commandId: Id,
  /** The brigade is at ME at the beginning of its activation (players attest; default true). */
  brigadeAtMe: z.boolean().optional(),
});
export type RecallSkirmishersInput = z.infer<typeof RecallSkirmishersInput>;

export const SetCommandMarkersInput = z.strictObject({
  commandId: Id,
  /** Reinforcement Strategic Movement marker. */
  rsm: z.boolean().optional(),
  /** Straggler Recovery marker. */
  recovery: z.boolean().optional(),
  ineffective: z.boolean().optional(),
});
export type SetCommandMarkersInput = z.infer<typeof SetCommandMarkersInput>;

/**
 * The Roster screen's data in one read: the command tree and every unit (roster and commandTree together).
 * `revision` names the state of the file the sheet shows (null when it shows the game as one side sees it,
 * with the other side's hidden entries taken out). Asked with `since`, the revision of a sheet the screen
 * holds, the answer carries `changes` when the service still knows that sheet: `units` then holds only
 * the units that differ from it (and `changes.unitIds`, every unit's id in order, only when the order or the
 * units themselves changed), so a change sends a row or two, not the whole order of battle.
 */
export const RosterSheet = z.object({
  /** The whole command tree, in a whole sheet; a sheet of changes (`changes`) sends the commands that changed instead. */
  tree: z.array(CommandNode).optional(),
  units: z.array(RosterUnit),
  revision: z.string().nullable().optional(),
  /**
   * What changed since the sheet the screen holds (`since`): `units` are the units that changed, `unitIds` every
   * unit's id in order when that differs from the sheet held (absent, the order held stands); `commands` the commands of the tree whose own fields or subordinates changed (a loss:
   * the unit's command and its superiors, whose totals moved), and `rootIds` the tree's top commands in order.
   */
  changes: z.object({ since: z.string(), unitIds: z.array(z.string()).optional(), commands: z.array(CommandChange), rootIds: z.array(z.string()) }).optional(),
});
export type RosterSheet = z.infer<typeof RosterSheet>;

export const RosterSheetQuery = z.strictObject({
  viewer: Viewer.optional(),
  /** The revision of the sheet the screen holds: only the units changed since are sent. */
  since: text(100).optional(),
}).optional();
export type RosterSheetQuery = z.infer<typeof RosterSheetQuery>;

export const rosterContract = {
  roster: query('Every unit (or one side, or one command) with strength, losses, fatigue, status, orders and flags', RosterQuery.optional(), z.array(RosterUnit)),
  rosterSheet: query('The Roster screen in one read: the command tree and every unit (or the units changed since a sheet the screen holds)', RosterSheetQuery, RosterSheet),
  commandTree: query('The chain of command with each command’s orders, markers and totals', ViewerOnly, z.array(CommandNode)),
  setFatigue: write("Sets a unit's fatigue level", SetFatigueInput, ChangeResult),
  setStatus: write("Sets a unit's cohesion status", SetStatusInput, ChangeResult),
  setUnitFlags: write('Sets a unit’s mounted, out-of-ammo, extended-column or strategic-movement flag', SetUnitFlagsInput, ChangeResult),
  designateSkirmishers: write('Designates a unit as skirmishers for a brigade', DesignateSkirmishersInput, ChangeResult),
  recallSkirmishers: write("Recalls a brigade's skirmishers", RecallSkirmishersInput, ChangeResult),
  setCommandMarkers: write("Sets a command's RSM, Straggler Recovery or Ineffective marker", SetCommandMarkersInput, ChangeResult),
};
