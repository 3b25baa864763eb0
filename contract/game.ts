/**
 * The game as a whole: what is open (info), whether its file is intact (verify), and a die rolled for
 * anything the players need one for.
 */
import { z } from 'zod';
import { PHASE_IDS, SEGMENT_IDS } from '../rules/types';
import { DieRoll, Id, Light, NoInput, RollChangeResult, Side, TypedRoll, ViewerOnly, query, text, write } from './common';
import { WeatherState } from './weather';
import { HouseReadingsState } from './house-readings';
import { OptionalRulesState } from './optional';
import { DemoralizationState } from './optional-demoralization';
import { SeatState } from './seat-state';

/** Where the game is on the time track and in the sequence of play (rules/sequence.ts). */
export const ClockState = z.object({
  turnId: z.string(),
  date: z.string(),
  time: z.string(),
  light: Light,
  /** 0-based position on the time track, and how many turns the scenario has. */
  turnIndex: z.number().int(),
  turnCount: z.number().int(),
  isLastTurn: z.boolean(),
  /** Segment id 'I'..'IV' and phase id 'A'..'C' of the Sequence of Play. */
  segment: z.enum(SEGMENT_IDS),
  phase: z.enum(PHASE_IDS),
  segmentName: z.string(),
  phaseName: z.string(),
  /** e.g. "III.A In-Command Activation Phase". */
  label: z.string(),
  /** What the players do now. */
  whatHappens: z.string(),
  rules: z.array(z.string()),
  /** Clock events due in this step of this turn (2400, 0400, first turn of a day). */
  due: z.array(z.object({ kind: z.string(), text: z.string(), rule: z.string() })),
});
export type ClockState = z.infer<typeof ClockState>;

export const Fingerprint = z.string().regex(/^[0-9a-f]{12}$/);
/** The secret entries of the current step (RI-H01): who has finished, and whether they are revealed. */
export const SecretEntries = z.object({
  /** What each side enters in this step, in words. */
  entries: z.string(),
  rule: z.string(),
  /** Each side has finished its entries (handed over); a side that has may enter nothing more. */
  finished: z.object({ USA: z.boolean(), CSA: z.boolean() }),
  /** Both sides have finished: every entry of the step is shown to both. */
  revealed: z.boolean(),
  /** The side whose entries come next at the keyboard (USA first), null once both have finished. */
  entering: Side.nullable(),
});
export type SecretEntries = z.infer<typeof SecretEntries>;

/** Which orders may be given directly now, without an order change roll (setOrders), and why not. */
export const DirectOrders = z.object({
  /** Before play begins: the game's opening orders, any order to any command or unit (Rev. Orders Segment). */
  opening: z.boolean(),
  /** Orders Segment: Commander's Initiative orders to units stacked with a superior leader. */
  commandersInitiative: z.boolean(),
  /** Orders and Activation Segments: an out-of-command unit takes a Default Order, or follows its command again. */
  defaultOrder: z.boolean(),
  /** Why no order may be given directly now, or null when one may. */
  reason: z.string().nullable(),
  rule: z.string(),
});
export type DirectOrders = z.infer<typeof DirectOrders>;

const ArmyCommander = z.object({ leaderId: z.string(), name: z.string(), onMap: z.boolean() });

export const GameInfo = z.object({
  file: z.string(),
  schemaVersion: z.number().int(),
  scenarioId: z.string(),
  scenarioName: z.string(),
  approximate: z.boolean(),
  players: z.object({ USA: z.string(), CSA: z.string() }),
  createdAt: z.string(),
  /** True once anything but a setup edit was recorded; setup edits are refused from then on. */
  started: z.boolean(),
  ended: z.boolean(),
  clock: ClockState,
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  /** The events the viewer may see: another side's hidden entries are not counted (RI-H07). */
  eventCount: z.number().int(),
  /** Each side's acting army commander now (for the USA: Meade once he arrives, else the wing commander); null if none can act. */
  armyCommanders: z.object({ USA: ArmyCommander.nullable(), CSA: ArmyCommander.nullable() }),
  /**
   * The secret entries of the current step and who has finished them (public: RI-H01), or null: the screens
   * ask every query as the side at the keyboard, which this names.
   */
  secretEntries: SecretEntries.nullable(),
  /** Which orders may be given now without an order change roll (setOrders), and why not (RI-H06). */
  directOrders: DirectOrders,
  /** The weather in force and what it changes (Rev. Rain, Rev. Mud). */
  weather: WeatherState,
  /**
   * The game fingerprint: 12 hex characters digesting the heads of the event and dice chains and where
   * undo stands (db/integrity.ts). Noted at the end of a session, it tells later whether anything before it changed.
   */
  fingerprint: Fingerprint,
  /** The optional rules recorded when the game was created, and those in force in words. */
  optionalRules: OptionalRulesState,
  /** The house readings recorded when the game was created, and those other than the documented readings in words. */
  houseReadings: HouseReadingsState,
  /** Optional Demoralization: each side's level and distance to each threshold; null when the game plays without it. */
  demoralization: DemoralizationState.nullable(),
  /** What the opening checks found damaged; empty unless the game was opened read-only because of it. */
  damage: z.array(z.string()),
  /** A game played from two seats: this file's seat, whose step it is and what it waits for (RI-H09); null at one laptop. */
  seat: SeatState.nullable(),
});
export type GameInfo = z.infer<typeof GameInfo>;

const Check = z.object({ count: z.number().int(), ok: z.boolean(), problems: z.array(z.string()) });
export const VerifyReport = z.object({
  ok: z.boolean(),
  /** SQLite's integrity check of the state tables and the file's length: "ok", or what is damaged, in words. */
  integrity: z.string(),
  /** The fingerprint the file has now (empty when it cannot be read). */
  fingerprint: z.union([Fingerprint, z.literal('')]),
  /** The event chain: each event's link and hash, and the undo and redo chains; count = the events anyone may see. */
  events: Check,
  /** The dice chain: each roll's link and hash (with its salt); count = the rolls anyone may see. */
  dice: Check,
  /** The state tables against the state rebuilt from the genesis and the applied events; count = rows compared. */
  state: Check,
  /** The file's tables, indexes and triggers against the schema this Muster writes; count = objects compared. */
  schema: Check,
  /** A two-seat game only: each event's seat signature and each commitment, signed and, once revealed, matching its entries. */
  seats: Check.optional(),
});
export type VerifyReport = z.infer<typeof VerifyReport>;

/**
 * The combat assistant a die is rolled for and the units picked in it (the firers or attackers, and the
 * units fired on or defending; the one unit of a Rally or UDD): recorded with the roll, so a die rolled
 * jointly in a two-seat game finds its assistant again after a reload, before the combat names it.
 */
export const DieRolledFor = z.strictObject({
  assistant: z.enum(['fire', 'shock', 'rally', 'udd']),
  units: z.array(Id).min(1).max(40),
  against: z.array(Id).max(40).optional(),
  /** Which of the assistant's dice, when not its own: the artillery friendly-fire die, rolled before the fire die (RI-K19). */
  die: z.enum(['friendly-fire']).optional(),
  /** The fire's range, and how near the target a friendly unit is: what makes the friendly-fire die due, so a reload shows its step again. */
  range: z.number().int().min(1).max(40).optional(),
  friendlyNearTarget: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type DieRolledFor = z.infer<typeof DieRolledFor>;
export const RollDieInput = z.strictObject({ purpose: text(200).pipe(z.string().min(1, 'say what the roll is for')), roll: TypedRoll.optional(), for: DieRolledFor.optional() });
export type RollDieInput = z.input<typeof RollDieInput>;
export const RollDieResult = RollChangeResult.extend({ roll: DieRoll });
export type RollDieResult = z.infer<typeof RollDieResult>;

/** One turn of the game's time track. */
export const TimeTrackTurn = z.object({ id: z.string(), date: z.string(), time: z.string(), light: Light, afternoon: z.boolean(), label: z.string() });
export type TimeTrackTurn = z.infer<typeof TimeTrackTurn>;

export const gameContract = {
  timeTrack: query("The game's turns, first to last", NoInput, z.array(TimeTrackTurn)),
  info: query('The open game: scenario, players, clock, undo/redo state, army commanders (the event count as the viewer may see it)', ViewerOnly, GameInfo),
  verify: query("Checks the file: SQLite's integrity check, both hash chains, and the state rebuilt from the genesis and the log", NoInput, VerifyReport),
  rollDie: write('Rolls (or records a typed) die for any purpose, in the dice log', RollDieInput, RollDieResult),
};


