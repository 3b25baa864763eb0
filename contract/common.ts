/**
 * The contract's building blocks: the vocabulary every domain file uses (ids, dice, counter values,
 * itemised modifiers, events and dice records), the error shape, and `query()` / `write()`, which declare
 * one function of the contract. Enums and counter limits come from rules/types.ts, declared once there.
 * No electron, no database: the sandboxed preload never imports this file (it gets the zod-free channel
 * table, contract/channels.ts).
 */
import { z } from 'zod';
import type { WriteAnswer } from './answer';
import {
  ACTIVATION_EFFECTIVENESS,
  ARMS,
  COMMAND_LEVELS,
  CONFUSION_RESULTS,
  COUNTER_LIMITS,
  DIE_FACES,
  LEADER_CASUALTIES,
  LEADER_ROLES,
  LIGHTS,
  LOSS_CAUSES,
  ORDER_CODES,
  SIDES,
  UNIT_STATUSES,
  WEAPONS,
  type CounterValue,
} from '../rules/types';

// ---------------------------------------------------------------------------------------------
// Errors

/** Refusals of the game service and the game file. */
export const MUSTER_ERROR_CODES = [
  'INVALID_ARGUMENT', // a field is missing, of the wrong type, out of range or not one of the accepted values
  'NOT_FOUND', // an id names no unit, leader, command, reinforcement group or turn of this game
  'RULES_FORBID', // the request is well-formed but the rules do not allow it now
  'GAME_STARTED', // a setup edit after play began
  'GAME_ENDED', // a change after the end of the game
  'NOTHING_TO_UNDO',
  'NOTHING_TO_REDO',
  'FILE_EXISTS', // creating a game over an existing file
  'FILE_NOT_FOUND',
  'NOT_SQLITE', // the file is not a SQLite database
  'NOT_MUSTER', // a SQLite database, but not a Muster game
  'NEWER_VERSION', // written by a newer Muster than this one
  'LOCKED', // another program (or another Muster window) has the file open
  'CORRUPT', // the file fails SQLite's integrity check or Muster's own consistency checks
  'MIGRATION_FAILED',
  'SCENARIO', // the scenario file is missing or invalid
  'READ_ONLY', // a change to a game file opened read-only (its permissions, a read-only folder or disk)
  'DISK_FULL', // the disk is full: the change was rolled back, nothing saved before it is lost
] as const;
export type MusterErrorCode = (typeof MUSTER_ERROR_CODES)[number];

/** Refusals the shell adds to the service's own codes. */
export const SHELL_ERROR_CODES = [
  'FORBIDDEN_SENDER', // the call did not come from the main frame of app://muster
  'NO_GAME', // a game function was called with no game file open
  'INTERNAL', // a bug: the details are in the log file, not in the window
] as const;
export const ERROR_CODES = [...MUSTER_ERROR_CODES, ...SHELL_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What a refused call reports: the field at fault and, where a rule forbids it, the rules section. */
export const ErrorInfoSchema = z.strictObject({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  rule: z.string().optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/**
 * Every call's answer: a value, or a refusal. Never an exception, never a stack trace. A write through the
 * window's way in also says what it changed (`changed`, contract/answer.ts), for the screens to apply.
 */
export type CallResult<T> = { ok: true; value: T; changed?: WriteAnswer } | { ok: false; error: ErrorInfo };

export function ok<T>(value: T): CallResult<T> {
  return { ok: true, value };
}

export function fail(code: ErrorCode, message: string, field?: string, rule?: string): { ok: false; error: ErrorInfo } {
  return { ok: false, error: { code, message, ...(field !== undefined ? { field } : {}), ...(rule !== undefined ? { rule } : {}) } };
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

export const Side = z.enum(SIDES);
export const Arm = z.enum(ARMS);
export const Weapon = z.enum(WEAPONS);
export const Order = z.enum(ORDER_CODES);
export const Level = z.enum(COMMAND_LEVELS);
export const Status = z.enum(UNIT_STATUSES);
export const Light = z.enum(LIGHTS);
export const LeaderRole = z.enum(LEADER_ROLES);
export const LossCause = z.enum(LOSS_CAUSES);
export const LeaderCasualtyState = z.enum(LEADER_CASUALTIES);
export const ActivationEffectiveness = z.enum(ACTIVATION_EFFECTIVENESS);
/** What the Confusion Table gave a command or unit, as Muster records it (RI-K06). */
export const ConfusionResultKind = z.enum(CONFUSION_RESULTS);
export const DieRoll = z.literal(DIE_FACES);

/** Lone UTF-16 surrogates: SQLite would store U+FFFD for them, so what is stored would differ from what was hashed. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text typed by a player: well-formed Unicode, trimmed, composed (NFC), at most `max` characters (RI-V04). */
export function text(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !LONE_SURROGATE.test(s), 'must be well-formed Unicode text (it holds a lone surrogate)')
    .transform((s) => s.normalize('NFC').trim());
}

/**
 * Text taken verbatim (a file's contents the window read): well-formed Unicode, at most `max`
 * characters, neither trimmed nor normalised (RI-V04).
 */
export function verbatimText(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !LONE_SURROGATE.test(s), 'must be well-formed Unicode text (it holds a lone surrogate)');
}

/**
 * A file path from the window (the Recent list): well-formed Unicode without NUL, kept exactly as given
 * (a path is not normalised: another normal form may name another file; RI-V04).
 */
export function pathText(max: number) {
  return z
    .string()
    .min(1, 'must name a file')
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !LONE_SURROGATE.test(s), 'must be well-formed Unicode text (it holds a lone surrogate)')
    .refine((s) => !s.includes('\u0000'), 'must not hold a NUL character');
}

/** Scenario ids of units, leaders, commands, objectives and reinforcement groups (data/scenario-schema.ts). */
export const Id = z.string().max(120).regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lower-case letters, digits and dashes');
export const TurnId = z.string().regex(/^1863-07-0[1-4]T\d{4}$/, 'turn ids look like 1863-07-01T0740');
/** A die typed in from the table: one d10 read 0-9. Leave it out and Muster rolls. */
export const TypedRoll = z.number().int('a die roll is a whole number').min(0, 'a die roll is 0 to 9').max(9, 'a die roll is 0 to 9');
export const Count = z.number().int().min(0).max(1_000_000);
export const LeaderIds = z.array(Id).max(10);

/** A number printed on a counter, within its limits (rules/types.ts COUNTER_LIMITS), refused in plain words. */
export function counterValue(which: CounterValue) {
  const { min, max, label } = COUNTER_LIMITS[which];
  const words = `${label} must be a whole number from ${min} to ${max}`;
  return z.number(words).int(words).min(min, words).max(max, words);
}

/** A number of SPs lost, captured or moved: at least 1, at most the largest counter. */
export const SpAmount = z
  .number('SP must be a whole number of 1 or more')
  .int('SP must be a whole number of 1 or more')
  .min(1, 'SP must be a whole number of 1 or more')
  .max(COUNTER_LIMITS.sp.max, `SP must be at most ${COUNTER_LIMITS.sp.max} (the largest counter)`);

/** One itemised DRM; an item an optional rule or a house reading adds names it (`source`) with its id there. */
export const DrmItem = z.object({ label: z.string(), value: z.number(), rule: z.string(), id: z.string().optional(), source: z.string().optional() });
export const Itemised = z.object({ total: z.number(), items: z.array(DrmItem) });

/** Exactly one of commandId and unitId (orders and activation name a command or a single unit). */
export const oneOfCommandOrUnit = {
  check: (v: { commandId?: unknown; unitId?: unknown }) => (v.commandId === undefined) !== (v.unitId === undefined),
  message: { message: 'name either a command or a single unit, not both', path: ['commandId'] },
};

/** Functions that take no argument refuse any. */
export const NoInput = z.undefined();

/**
 * Who is looking (RI-H01): a side sees its own secret entries, 'both' sees every entry (the players
 * together, or the command line's --reveal). Left out, nobody's unrevealed secret entry is shown: the
 * default never leaks one side's hidden entries to the other.
 */
export const Viewer = z.enum(['USA', 'CSA', 'both']);
export type Viewer = z.infer<typeof Viewer>;
/** The input of a query that takes nothing but who is looking. */
export const ViewerOnly = z.strictObject({ viewer: Viewer.optional() }).optional();

// ---------------------------------------------------------------------------------------------
// Events and dice: what every change returns

export const EVENT_KINDS = [
  'game.created',
  'setup.leader',
  'setup.unit',
  'setup.correction',
  'setup.objective',
  'loss.sp',
  'loss.straggler',
  'stragglers.recovered',
  'fatigue',
  'status',
  'unit.flags',
  'skirmishers.designated',
  'skirmishers.recalled',
  'orders.set',
  'orders.expired',
  'orders.preroll',
  'orders.attempt',
  'orders.warren',
  'entries.finished',
  'initiative.declared',
  'initiative',
  'activation.attempt',
  'activation.re',
  'activation.pass',
  'activation.grant-me',
  'leader.casualty',
  'leader.captured',
  'leader.replaced',
  'leader.arrived',
  'army-commander.successor',
  'guns.abandoned',
  'guns.resolved',
  'guns.captured',
  'command.markers',
  'command.attachment',
  'reinforcement.attempt',
  'reinforcement.arrived',
  'clock.advanced',
  'die.rolled',
  'joint-dice.refused',
  'joint-dice.withdrawn',
  'objective.occupied',
  'fire',
  'shock',
  'bayonet-charge',
  'rally',
  'udd',
  'confusion',
  'works',
  'weather',
  'objective.manpower',
  'game.ended',
  'obligation.settled',
  'reinforcement.schedule',
  'reinforcement.alternative',
  'reinforcement.sealed',
  'reinforcement.opened',
  'reinforcement.kept-sealed',
  'reinforcement.no-order',
  'movement.double-time',
  'fatigue.recovery',
  'concealment',
  'concealment.sealed',
  'concealment.opened',
  'orders.message-sealed',
  'orders.message-opened',
  'activation.draw',
  // Variable Initiative (optional).
  'initiative.levels',
  'night.plot',
] as const;
export const EventKind = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof EventKind>;

/** One field of one row as it was before and after an event. */
export const FieldChange = z.object({ table: z.string(), key: z.string(), field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof FieldChange>;

/** Which side an event concerns: its rows' side, 'both' when they differ, 'game' for the game as a whole (the clock...). */
export const EventSide = z.enum(['USA', 'CSA', 'both', 'game']);
export type EventSide = z.infer<typeof EventSide>;

/** One cell of the group's kit a computed result was read from: the table, its column, the row and what it says. */
export const KitCellRecord = z.object({ table: z.string(), column: z.string().nullable(), row: z.string(), value: z.string(), unitId: z.string().optional() });
export type KitCellRecord = z.infer<typeof KitCellRecord>;
/** The kit a computed result used: its fingerprint and every cell read, in order. */
export const KitRecord = z.object({ fingerprint: z.string(), cells: z.array(KitCellRecord) });
export type KitRecord = z.infer<typeof KitRecord>;

/**
 * A hit that climbed the status ladder (card-draw activation's sub-option, RI-O14): the unit's state
 * before, the result the table gave, the state it ends in, and why.
 */
export const StatusLadderStep = z.object({ unitId: z.string(), from: Status, hit: Status, status: Status, reason: z.string(), rule: z.string() });
export type StatusLadderStep = z.infer<typeof StatusLadderStep>;

/** One entry of the game history (the event log), as players read it. */
export const HistoryEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  turnId: z.string(),
  segment: z.string(),
  phase: z.string(),
  kind: EventKind,
  /** One line for people: "Iron Brigade/2nd Wisconsin loses 2 SP (small-arms fire)". */
  summary: z.string(),
  undone: z.boolean(),
  /** The side the event concerns, for the History screen's side filter (db/events.ts eventSide). */
  side: EventSide,
  /** Every field it changed (empty when the history was asked for without them: withChanges false). */
  /**
   * The side whose secret entry this is (an Order Change Phase, an Initiative declaration: RI-H01), or
   * null for a public event. The other side's queries leave it out until both sides have finished the step.
   */
  secretSide: Side.nullable(),
  /**
   * The History's answer only: the seat that wrote it in a game played from two seats (db/seats/: each seat
   * signs its events), null in a game played at one laptop (and for an event no seat signed).
   */
  seat: Side.nullable().optional(),
  changes: z.array(FieldChange),
  /** The seq of each die roll recorded with this event. */
  diceSeqs: z.array(z.number().int()),
  /**
   * The History's answer only: what this file adds to the entry from what it holds besides the log, in the
   * players' words (a withdrawal of joint dice that the other seat had answered before it arrived: the dice both
   * shares give). Absent when there is nothing to add.
   */
  note: z.string().optional(),
  /** A result computed from the group's kit: the kit's fingerprint and the cells it was read from. */
  kit: KitRecord.optional(),
  /**
   * Card-draw's status ladder (optional rule, RI-O14): the hits of a fire or shock that took the next worse state,
   * each with its reason and rule, as the change reported them; absent when none did. The screens show them from
   * here whether the change was applied at this laptop or asked jointly and written when the other seat answered.
   */
  statusLadder: z.array(StatusLadderStep).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Where a roll came from: the app's die, a die typed from the table, or a die rolled jointly by both seats of a two-seat game. */
export const DiceSource = z.enum(['app', 'table', 'joint']);
export type DiceSource = z.infer<typeof DiceSource>;

/** One row of the dice log. Rolls are never removed; a roll of an undone event is marked as such. */
export const DiceRecord = z.object({
  seq: z.number().int(),
  at: z.string(),
  /** The event the roll belongs to. */
  eventSeq: z.number().int(),
  /** True when the event the roll belongs to has been undone: the roll stays, its effect was reverted. */
  eventUndone: z.boolean(),
  purpose: z.string(),
  source: DiceSource,
  roll: DieRoll,
  modifiers: Itemised,
  modified: z.number(),
  /** What the modified roll was compared with, when it was ("<= 3"), else null. */
  target: z.string().nullable(),
  outcome: z.string(),
  /** SHA-256 over this row's content and the previous row's hash. */
  hash: z.string(),
});
export type DiceRecord = z.infer<typeof DiceRecord>;

/** The result of every change: the event written (in the same transaction as the change). */
export const ChangeResult = z.object({ event: HistoryEntry });
export type ChangeResult = z.infer<typeof ChangeResult>;
/** The result of a change that rolled the die. */
export const RollChangeResult = ChangeResult.extend({ dice: z.array(DiceRecord) });
export type RollChangeResult = z.infer<typeof RollChangeResult>;

// ---------------------------------------------------------------------------------------------
// Declaring a function

/**
 * One function of the contract: its input and output schemas and whether it changes the game file.
 * The domain file that declares it names its channel ("<domain>:<function>").
 */
export interface FunctionSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /**
   * 'write' for game functions that change the game file (they write one event), 'query' for those that
   * never do, 'shell' for the file functions around the open game (New, Open, Save As, the Recent list).
   */
  kind: 'query' | 'write' | 'shell';
  /** One line for people (the CLI's `call --list`). */
  summary: string;
}

export function query<I extends z.ZodType, O extends z.ZodType>(summary: string, input: I, output: O): FunctionSpec<I, O> {
  return { input, output, kind: 'query', summary };
}

export function write<I extends z.ZodType, O extends z.ZodType>(summary: string, input: I, output: O): FunctionSpec<I, O> {
  return { input, output, kind: 'write', summary };
}

export function shell<I extends z.ZodType, O extends z.ZodType>(summary: string, input: I, output: O): FunctionSpec<I, O> {
  return { input, output, kind: 'shell', summary };
}
