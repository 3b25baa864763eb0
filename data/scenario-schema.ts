/**
 * The Muster scenario format: a zod schema for the forces, command tree, time track,
 * reinforcements and victory conditions of one 3 Days of Gettysburg scenario.
 * Scenario JSON files under data/scenarios/ are validated against it when loaded.
 */
import { z } from 'zod';
import { ARMS, COMMAND_LEVELS, ORDER_CODES, SIDES, WEAPONS } from '../rules/types';

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lower-case letters, digits and dashes');
export const SideSchema = z.enum(SIDES as ['USA', 'CSA']);
export const ArmSchema = z.enum(ARMS as ['infantry', 'cavalry', 'artillery']);
export const WeaponSchema = z.enum(WEAPONS as ['M', 'E', 'R', 'TR', 'B', 'B-SS', 'C', 'SR']);
export const OrderCodeSchema = z.enum(ORDER_CODES as ['ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW']);
export const CommandLevelSchema = z.enum(COMMAND_LEVELS as ['army', 'wing', 'corps', 'division', 'brigade']);

/** One game turn on the time track. */
export const TurnSchema = z.object({
  id: z.string().regex(/^1863-07-0[1-4]T\d{4}$/, 'turn ids look like 1863-07-01T0740'),
  date: z.string().regex(/^1863-07-0[1-4]$/),
  /** 24-hour clock, "0740"; midnight is "2400" of the day that ends. */
  time: z.string().regex(/^\d{4}$/),
  light: z.enum(['day', 'dusk', 'night', 'dawn']),
  /** Afternoon turns are the only ones in which Rain (Random Event M) can occur. */
  afternoon: z.boolean(),
});

/** A command: army, US wing, corps, division or brigade (artillery brigades and battalions are brigades). */
export const CommandSchema = z.object({
  id,
  side: SideSchema,
  level: CommandLevelSchema,
  name: z.string().min(1),
  parentId: id.nullable(),
  leaderId: id.nullable(),
  /** All cavalry commanders are never out of command; cavalry commands get -1 on order changes. */
  cavalry: z.boolean(),
  artillery: z.boolean(),
});

export const LeaderSchema = z.object({
  id,
  side: SideSchema,
  name: z.string().min(1),
  /** Rank in stars: used for Leader Rally DRMs and for loss points. Brigade leaders have 1. */
  stars: z.number().int().min(0).max(4),
  /** Efficiency/Activation rating. */
  rating: z.number().int().min(0).max(9),
  /** Command range in hexes. */
  range: z.number().int().min(0).max(20),
  role: z.enum(['army', 'wing', 'corps', 'division', 'brigade', 'artillery', 'staff']),
  /** The command this leader leads (null for staff such as Warren). */
  commandId: id.nullable(),
  /** False while the rating, stars and range are Muster's defaults rather than the counter's printed values. */
  ratingVerified: z.boolean(),
});

export const UnitSchema = z.object({
  id,
  side: SideSchema,
  name: z.string().min(1),
  arm: ArmSchema,
  /** Printed strength points. Infantry/cavalry: men / 50; artillery: guns. */
  sp: z.number().int().min(1).max(40),
  /** Small-arms weapon type; null for artillery. */
  weapon: WeaponSchema.nullable(),
  /** The brigade (or artillery brigade/battalion) the unit belongs to. */
  commandId: id,
  horseArtillery: z.boolean(),
  sharpshooters: z.boolean(),
  canDismount: z.boolean(),
  /** Historical facts kept for reference: engaged men and total casualties (null when unknown). */
  men: z.number().int().min(0).nullable(),
  historicalCasualties: z.number().int().min(0).nullable(),
});

export const ReinforcementGroupSchema = z.object({
  id,
  side: SideSchema,
  /** Commands arriving together (their units and subordinate commands arrive with them). */
  commandIds: z.array(id).min(1),
  scheduledTurnId: z.string(),
  entryArea: z.string().min(1),
});

/**
 * A leader who enters on his own rather than with a reinforcement group: army commanders, staff, corps
 * commanders riding ahead of their troops. Leaders of commands listed in a group arrive with that group;
 * leaders neither listed here nor covered by a group start on the map.
 */
export const LeaderArrivalSchema = z.object({
  leaderId: id,
  /** null: he does not enter during this scenario (he is present only to keep the chain of command whole). */
  scheduledTurnId: z.string().nullable(),
  entryArea: z.string().min(1).nullable(),
});

export const ObjectiveSchema = z.object({ id, name: z.string().min(1) });

export const ScenarioSchema = z.object({
  formatVersion: z.literal(1),
  id,
  name: z.string().min(1),
  description: z.string(),
  /** True where the forces or times are Muster's approximation of a scenario sheet. */
  approximate: z.boolean(),
  notes: z.array(z.string()),
  firstTurnId: z.string(),
  lastTurnId: z.string(),
  turns: z.array(TurnSchema).min(1),
  armies: z.object({ USA: id, CSA: id }),
  commands: z.array(CommandSchema),
  leaders: z.array(LeaderSchema),
  units: z.array(UnitSchema).min(1),
  /** Orders each command starts with; commands without an entry inherit their superior's (Rev. Orders Segment). */
  initialOrders: z.array(z.object({ commandId: id, order: OrderCodeSchema })),
  reinforcements: z.array(ReinforcementGroupSchema),
  /** Leaders arriving without a reinforcement group. Optional: without it, every leader starts on the map or comes with his group. */
  leaderArrivals: z.array(LeaderArrivalSchema).optional(),
  objectives: z.object({
    USA: z.array(ObjectiveSchema),
    CSA: z.array(ObjectiveSchema),
    /** How many objectives a side must occupy for a Substantial Victory (Rev. Victory: USA 2, CSA 5). */
    required: z.object({ USA: z.number().int().min(1), CSA: z.number().int().min(1) }),
  }),
});

export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioCommand = z.infer<typeof CommandSchema>;
export type ScenarioLeader = z.infer<typeof LeaderSchema>;
export type ScenarioUnit = z.infer<typeof UnitSchema>;
export type ScenarioTurn = z.infer<typeof TurnSchema>;
export type ReinforcementGroup = z.infer<typeof ReinforcementGroupSchema>;
export type LeaderArrival = z.infer<typeof LeaderArrivalSchema>;
