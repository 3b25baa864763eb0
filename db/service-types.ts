/**
 * The game service's public contract: every method's name, its one argument and its result, as plain
 * TypeScript types. The Electron layer generates its zod schemas and IPC channels (one per method) from
 * this module, so it imports nothing but rules/ types and stays stable: add fields, never rename them.
 *
 * Conventions:
 * - every method takes ONE plain object (or nothing) and returns plain JSON-safe data;
 * - `roll` on an input is a physical die typed in by a player (source 'table'); leave it out and the
 *   app rolls (source 'app');
 * - every change returns the event it wrote; invalid requests throw MusterError (shape MusterErrorInfo).
 */
import type { Arm, CommandLevel, DieRoll, Itemised, Light, OrderCode, Side, UnitStatus, Weapon } from '../rules/types';

export type { Arm, CommandLevel, DieRoll, Itemised, Light, OrderCode, Side, UnitStatus, Weapon };

// ---------------------------------------------------------------------------------------------
// Errors

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
] as const;
export type MusterErrorCode = (typeof MUSTER_ERROR_CODES)[number];

/** What a refused request reports: the field at fault and, where a rule forbids it, the rules section. */
export interface MusterErrorInfo {
  code: MusterErrorCode;
  message: string;
  /** The input field at fault, e.g. "sp" or "unitId"; "file" for file errors. */
  field: string;
  /** The rules section that forbids the request, e.g. "Rev. Orders Segment". */
  rule?: string;
}

// ---------------------------------------------------------------------------------------------
// Shared shapes

/** Where the game is on the time track and in the sequence of play (rules/sequence.ts). */
export interface ClockState {
  turnId: string;
  date: string;
  time: string;
  light: Light;
  /** 0-based position on the time track, and how many turns the scenario has. */
  turnIndex: number;
  turnCount: number;
  isLastTurn: boolean;
  /** Segment id 'I'..'IV' and phase id 'A'..'C' of the Sequence of Play. */
  segment: string;
  phase: string;
  segmentName: string;
  phaseName: string;
  /** e.g. "III.A In-Command Activation Phase". */
  label: string;
  /** What the players do now. */
  whatHappens: string;
  rules: string[];
  /** Clock events due in this step of this turn (2400, 0400, first turn of a day). */
  due: { kind: string; text: string; rule: string }[];
}

export type DiceSource = 'app' | 'table';

/** One row of the dice log. Rolls are never removed; a roll of an undone event is marked as such. */
export interface DiceRecord {
  seq: number;
  at: string;
  /** The event the roll belongs to. */
  eventSeq: number;
  /** True when the event the roll belongs to has been undone: the roll stays, its effect was reverted. */
  eventUndone: boolean;
  purpose: string;
  source: DiceSource;
  roll: DieRoll;
  modifiers: Itemised;
  modified: number;
  /** What the modified roll was compared with, when it was ("<= 3"), else null. */
  target: string | null;
  outcome: string;
  /** SHA-256 over this row's content and the previous row's hash. */
  hash: string;
}

/** One field of one row as it was before and after an event. */
export interface FieldChange {
  table: string;
  key: string;
  field: string;
  before: unknown;
  after: unknown;
}

/** One entry of the game history (the event log), as players read it. */
export interface HistoryEntry {
  seq: number;
  at: string;
  turnId: string;
  segment: string;
  phase: string;
  kind: EventKind;
  /** One line for people: "Iron Brigade/2nd Wisconsin loses 2 SP (small-arms fire)". */
  summary: string;
  undone: boolean;
  changes: FieldChange[];
  /** The seq of each die roll recorded with this event. */
  diceSeqs: number[];
}

export const EVENT_KINDS = [
  'game.created',
  'setup.leader',
  'setup.unit',
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
  'initiative',
  'activation.attempt',
  'activation.re',
  'activation.pass',
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
  'objective.occupied',
  'objective.manpower',
  'game.ended',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The result of every change: the event written (in the same transaction as the change). */
export interface ChangeResult {
  event: HistoryEntry;
}

/** The result of a change that rolled the die. */
export interface RollChangeResult extends ChangeResult {
  dice: DiceRecord[];
}

// ---------------------------------------------------------------------------------------------
// Files and game information

export interface CreateGameInput {
  /** Path of the new .muster file; refused if it exists. */
  file: string;
  /** A built-in scenario id ("gettysburg") or a path to a scenario .json file. */
  scenario: string;
  /** Keep only these commands' subtrees (plus their superiors, for the chain of command). Omit for all. */
  commandIds?: string[];
  players?: { USA?: string; CSA?: string };
}

export interface OpenGameInput {
  file: string;
}

export interface GameInfo {
  file: string;
  schemaVersion: number;
  scenarioId: string;
  scenarioName: string;
  approximate: boolean;
  players: { USA: string; CSA: string };
  createdAt: string;
  /** True once anything but a setup edit was recorded; setup edits are refused from then on. */
  started: boolean;
  ended: boolean;
  clock: ClockState;
  canUndo: boolean;
  canRedo: boolean;
  eventCount: number;
  /** Each side's acting army commander now (for the USA: Meade once he arrives, else the wing commander); null if none can act. */
  armyCommanders: { USA: { leaderId: string; name: string; onMap: boolean } | null; CSA: { leaderId: string; name: string; onMap: boolean } | null };
}

// ---------------------------------------------------------------------------------------------
// Queries

export interface RosterQuery {
  side?: Side;
  /** Only units under this command (its whole subtree). */
  commandId?: string;
  /** Include units of reinforcements not yet arrived (default true). */
  includeOffMap?: boolean;
}

export interface RosterUnit {
  id: string;
  name: string;
  side: Side;
  arm: Arm;
  /** Printed strength. */
  sp: number;
  spLost: number;
  stragglers: number;
  /** Guns left on the field with an AG marker, not yet returned or captured. */
  abandonedGuns: number;
  /** printed - lost - stragglers - abandoned guns. */
  currentSp: number;
  fatigue: number;
  status: UnitStatus;
  /** The order the unit is under: its own, else its command's, else inherited down the tree. */
  effectiveOrder: OrderCode;
  /** Where the effective order comes from: 'unit' or the id of the command holding it. */
  orderSource: string;
  /** True when the unit's own order is a Commander's Initiative order that expires at the end of the turn. */
  orderExpires: boolean;
  weapon: Weapon | null;
  commandId: string;
  /** Names of the command chain, brigade first. */
  commandPath: string[];
  horseArtillery: boolean;
  sharpshooters: boolean;
  canDismount: boolean;
  mounted: boolean;
  outOfAmmo: boolean;
  extendedColumn: boolean;
  strategicMovement: boolean;
  skirmishers: boolean;
  /** The brigade the unit screens as skirmishers, or null. */
  skirmishingFor: string | null;
  capturedGuns: number;
  destroyedGuns: number;
  onMap: boolean;
}

export interface LeaderRow {
  id: string;
  side: Side;
  name: string;
  stars: number;
  rating: number;
  range: number;
  role: 'army' | 'wing' | 'corps' | 'division' | 'brigade' | 'artillery' | 'staff';
  commandId: string | null;
  ratingVerified: boolean;
  /** Rating points already used this turn (each leader may use them once per turn). */
  pointsUsed: boolean;
  /** What they were used for: 'order-change', 'activation', 'initiative', 'grant-me', 'attachment', 'alternative-arrival'. */
  pointsUsedFor: string | null;
  moved: boolean;
  casualty: 'none' | 'wounded' | 'killed' | 'captured';
  /** A replacement counter now leads the command; its rating, when known. */
  replaced: boolean;
  replacementRating: number | null;
  onMap: boolean;
  /** For a leader who enters on his own (not with his command's group): when and where. */
  arrivalTurnId: string | null;
  arrivalArea: string | null;
}

export interface CommandNode {
  id: string;
  side: Side;
  level: CommandLevel;
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
  ownOrder: OrderCode | null;
  effectiveOrder: OrderCode;
  orderSource: string;
  rsm: boolean;
  recovery: boolean;
  ineffective: boolean;
  onMap: boolean;
  reinforcementGroupId: string | null;
  totals: { units: number; sp: number; spLost: number; stragglers: number; currentSp: number; guns: number };
  children: CommandNode[];
}

export interface HistoryQuery {
  kinds?: EventKind[];
  unitId?: string;
  commandId?: string;
  leaderId?: string;
  turnId?: string;
  /** Include undone events (default true: players see them struck through). */
  includeUndone?: boolean;
  /** Only events with seq below this (paging backwards). */
  beforeSeq?: number;
  /** Default 200. */
  limit?: number;
}

export interface DiceQuery {
  beforeSeq?: number;
  limit?: number;
}

/** How a command or unit activated: at ME, at RE, or tried for ME and went to the Confusion Table. */
export type ActivationEffectiveness = 'ME' | 'RE' | 'confusion';

/** A command that activated this Activation Segment (its subordinates activated with it, RI-T02). */
export interface CommandActivation {
  commandId: string;
  side: Side;
  effectiveness: ActivationEffectiveness;
  /** The phase of segment III: 'A' In-Command, 'B' Out-of-Command. */
  phase: string;
  /** Which activation of the turn it was (1 = the first). */
  order: number;
}

/** A single unit activated in the Out-of-Command Activation Phase. */
export interface UnitActivation {
  unitId: string;
  /** The unit's command (its brigade), for showing it in the tree. */
  commandId: string;
  side: Side;
  effectiveness: ActivationEffectiveness;
  phase: string;
  order: number;
}

export interface TurnState {
  turnId: string;
  initiative: Side | null;
  /** The side holding the +1 Initiative Modifier earned on the previous turn, if any. */
  initiativeModifier: Side | null;
  armyPointsForInitiative: { USA: boolean; CSA: boolean };
  /** Army commander's pre-roll for non-automatic order changes this turn (null: not rolled). */
  orderPreRoll: { USA: boolean | null; CSA: boolean | null };
  activations: number;
  passesInRow: number;
  /** The side whose turn it is to activate or pass, once initiative is known. */
  sideToAct: Side | null;
  meAttempted: string[];
  orderChangeFailed: string[];
  attachmentMade: boolean;
  /** Commands that activated this segment and how, in the order they did (recorded with each activation, undone with it). */
  activated: CommandActivation[];
  /** Single units activated in the Out-of-Command Activation Phase, in order. */
  unitsActivated: UnitActivation[];
}

export interface LossPointsBreakdown {
  lossPoints: number;
  items: Itemised['items'];
  infantrySp: number;
  cavalrySp: number;
  artilleryDestroyedSp: number;
  artilleryCapturedSp: number;
  /** Guns lost (destroyed or captured): 30 count as a division for Manpower Objectives. */
  gunsLost: number;
  abandonedGunsPending: number;
  commandersKilled: { leaderId: string; name: string; stars: number; rating: number }[];
  commandersWounded: { leaderId: string; name: string; stars: number; rating: number }[];
  /** Divisions the guns lost count as for Manpower Objectives (30 guns = 1 division, Rev. Victory). */
  divisionsFromGuns: number;
}

export type VictoryLevel = 'decisive' | 'substantial' | 'marginal' | 'draw';

/** One Geographic Objective of a side's list and whether the players recorded it as occupied. */
export interface ObjectiveState {
  id: string;
  name: string;
  occupied: boolean;
}

/** A side's Geographic and Manpower Objectives (Rev. Victory). */
export interface SideObjectives {
  /** The objectives this side must occupy: the scenario's list, with the revision's Staging Areas. */
  geographic: ObjectiveState[];
  occupied: number;
  /** How many it must occupy: any 2 for the USA, any 5 for the CSA (or as the scenario says). */
  required: number;
  geographicMet: boolean;
  /** The players' record that the side's Manpower Objective (from the scenario sheet) is met. */
  manpowerMet: boolean;
}

/** The victory tally: each side's own losses and what they are worth, the objectives, and the result. */
export interface VictoryTally {
  usa: LossPointsBreakdown;
  csa: LossPointsBreakdown;
  /**
   * The result of the game (rules/victory.ts gameVictory): a side alone achieving its Geographic or
   * Manpower Objectives has a Substantial victory; otherwise loss points decide. `rule` cites the section.
   */
  result: { winner: Side | null; level: VictoryLevel; by: 'objectives' | 'losses'; rule: string };
  /** The result on loss points alone. */
  byLosses: { winner: Side | null; level: VictoryLevel };
  objectives: { USA: SideObjectives; CSA: SideObjectives };
  /** Each side's loss points at the end of each turn, from the first turn to the current one, replayed from the event log. */
  lossesByTurn: { turnId: string; date: string; time: string; USA: number; CSA: number }[];
  /** True once the game has ended; before that the result is provisional. */
  final: boolean;
}

export interface VerifyReport {
  ok: boolean;
  integrity: string;
  events: { count: number; ok: boolean; problems: string[] };
  dice: { count: number; ok: boolean; problems: string[] };
}

// ---------------------------------------------------------------------------------------------
// Setup edits (refused once the game has started)

export interface EditLeaderInput {
  leaderId: string;
  rating?: number;
  stars?: number;
  range?: number;
}

export interface EditUnitInput {
  unitId: string;
  sp?: number;
  weapon?: Weapon | null;
}

// ---------------------------------------------------------------------------------------------
// Play

export type LossCause = 'small-arms' | 'artillery' | 'shock' | 'other';

export interface RecordLossInput {
  unitId: string;
  /** Strength points lost: a whole number of 1 or more, at most the unit's current SP. */
  sp: number;
  /** A straggler loss (Rev. Infantry Stragglers) instead of a permanent SP loss. */
  straggler?: boolean;
  /** What caused it; artillery SPs lost to small-arms fire become abandoned guns (Rev. Abandoned Guns). */
  cause?: LossCause;
}

export interface SetFatigueInput {
  unitId: string;
  level: number;
}

export interface SetStatusInput {
  unitId: string;
  status: UnitStatus;
}

export interface SetUnitFlagsInput {
  unitId: string;
  mounted?: boolean;
  outOfAmmo?: boolean;
  extendedColumn?: boolean;
  strategicMovement?: boolean;
}

export interface DesignateSkirmishersInput {
  unitId: string;
  /** The brigade it screens; defaults to its own (US Sharpshooters may serve any US brigade). */
  brigadeId?: string;
  /** The brigade is at ME at the beginning of its activation (players attest; default true). */
  brigadeAtMe?: boolean;
}

export interface RecallSkirmishersInput {
  /** The brigade whose skirmishers are recalled. */
  commandId: string;
  /** The brigade is at ME at the beginning of its activation (players attest; default true). */
  brigadeAtMe?: boolean;
}

/** Issue an order directly: as the game begins, after an attempt rolled at the table, or by Commander's Initiative. */
export interface SetOrdersInput {
  /** Exactly one of commandId and unitId. */
  commandId?: string;
  unitId?: string;
  /** The new order; null removes the holder's own order, so it follows its superior's again. */
  order: OrderCode | null;
  /** Commander's Initiative (units stacked with a superior leader): any order, expiring at the end of the turn. */
  commandersInitiative?: boolean;
  /** With commandersInitiative: the superior leader (division or higher, in the chain of command) stacked with the units. */
  stackedWithLeaderId?: string;
  /** Board facts the rules ask about (players attest them; default: the order is allowed). */
  neighbourHasAssaultOrSkirmishOrders?: boolean;
  inEnemyLos?: boolean;
}

export interface OrderPreRollInput {
  side: Side;
  /** Whether the acting army commander is on the map (default: from the roster); if not, only a 0 succeeds. */
  armyCommanderOnMap?: boolean;
  roll?: number;
}

export interface OrderChangeAttemptInput {
  commandId: string;
  order: OrderCode;
  /** Superior leaders in the chain of command whose range reaches the officer (-1 each). */
  superiorsInRange?: string[];
  /** Superior leaders spending their rating points for the turn on this attempt (-rating each). */
  superiorsUsingRating?: string[];
  adjacentToEnemy?: boolean;
  /** Board facts for SUPT and RSRV (players attest them; default: the order is allowed). */
  neighbourHasAssaultOrSkirmishOrders?: boolean;
  inEnemyLos?: boolean;
  roll?: number;
}

export interface OrderChangeAttemptResult extends RollChangeResult {
  automatic: boolean;
  success: boolean;
  drm: Itemised;
  /** The officer's rating the modified roll had to be at most. */
  rating: number;
}

export interface InitiativeInput {
  /** Whether each side adds its army commander's rating points (spending his points and movement for the turn). */
  armyPoints: { USA: boolean; CSA: boolean };
  /** Whether each army commander (or US wing commander) is on the map (default true). */
  armyCommanderOnMap?: { USA?: boolean; CSA?: boolean };
  /** Both sides' dice typed in from the table, or neither (the app rolls both, re-rolling ties). */
  rolls?: { USA?: number; CSA?: number };
  /**
   * Who holds the previous turn's +1 Initiative Modifier (RI-C04: the series rule in use decides). Omit to use
   * the turn state's value (by default the previous turn's Initiative winner, RI-S11); null: neither side.
   */
  initiativeModifier?: Side | null;
}

export interface InitiativeResult extends RollChangeResult {
  /** null when typed rolls tied: the event records them and the players roll again. */
  winner: Side | null;
  totals: { USA: Itemised; CSA: Itemised };
}

/**
 * An ME attempt: a command (commandId), or, in the Out-of-Command Activation Phase (III.B), a single
 * unit (unitId). Exactly one of the two.
 */
export interface ActivationAttemptInput {
  commandId?: string;
  unitId?: string;
  anyUnitInBreastworks?: boolean;
  /**
   * The commander (a single unit's: its brigade leader) is out of command of his next superior: -1 on
   * the roll, and the command was not part of its superior formation's activation (RI-S24).
   */
  commanderOutOfCommand?: boolean;
  /** Superior leaders in range using their ratings as DRMs (spending their points for the turn). */
  superiorsInRange?: string[];
  roll?: number;
}

export interface ActivationAttemptResult extends RollChangeResult {
  effectiveness: 'ME' | 'confusion';
  drm: Itemised;
  rating: number;
}

/** An RE activation: a command (commandId), or a single unit in III.B (unitId). Exactly one of the two. */
export interface ActivateReInput {
  commandId?: string;
  unitId?: string;
  /**
   * The command's commander is out of command of his next superior, so he was not included in his
   * superior formation's activation and may activate on his own (Rev. In-Command/Out-of-Command; RI-S24).
   */
  commanderOutOfCommand?: boolean;
}

/** The players record a Geographic Objective as occupied (or no longer occupied) by the side whose list it is on. */
export interface SetObjectiveInput {
  side: Side;
  objectiveId: string;
  occupied: boolean;
}

/** The players record a side's Manpower Objective (from the scenario sheet) as met, or not. */
export interface SetManpowerObjectiveInput {
  side: Side;
  met: boolean;
}

export interface PassInput {
  side: Side;
}

export interface PassResult extends ChangeResult {
  passesInRow: number;
  /** Three passes in a row end the phase (Rev. Activation Segment). */
  phaseOver: boolean;
}

export interface LeaderCasualtyInput {
  leaderId: string;
  roll?: number;
}

export interface LeaderCasualtyResult extends RollChangeResult {
  result: 'KIA' | 'WIA';
}

export interface LeaderInput {
  leaderId: string;
}

export interface UsSuccessorInput {
  /** The corps commander who acts as US army commander while Reynolds is hors de combat before Meade arrives. */
  leaderId: string;
}

export interface ReplaceLeaderInput {
  leaderId: string;
  /** The replacement counter's rating, when the scenario gives one. */
  rating?: number | null;
}

export interface ResolveAbandonedGunsInput {
  unitId: string;
  /** Inside friendly lines at 2400: back to the battery; else captured by the enemy. */
  outcome: 'returned' | 'captured';
}

export interface AttachCommandInputChecks {
  /** The gaining commander has the detaching commander in range (players attest; default true). */
  gainingCommanderHasDetachingInRange?: boolean;
  /** The army commander has the detaching commander in range (players attest; default true). */
  armyCommanderHasDetachingInRange?: boolean;
}

export interface CaptureGunsInput {
  unitId: string;
  sp: number;
}

export interface SetCommandMarkersInput {
  commandId: string;
  /** Reinforcement Strategic Movement marker. */
  rsm?: boolean;
  /** Straggler Recovery marker. */
  recovery?: boolean;
  ineffective?: boolean;
}

export interface AttachCommandInput extends AttachCommandInputChecks {
  commandId: string;
  /** The gaining command; null detaches (back to its printed superior). */
  toCommandId: string | null;
}

export interface ReinforcementAttemptInput {
  groupId: string;
  /** Variable Arrival DRM: a combat unit of that division/corps is already on the map (default: from the roster). */
  formationOnMap?: boolean;
  /** Variable Arrival DRM: the overall commander is on the map (default: from the roster). */
  overallCommanderOnMap?: boolean;
  roll?: number;
}

export interface ReinforcementAttemptResult extends RollChangeResult {
  /** True when the group entered (with MRCH orders and an RSM marker). */
  arrived: boolean;
  /** True when no roll was needed (not yet eligible to roll, or arriving as scheduled). */
  rolled: boolean;
  drm: Itemised | null;
}

export interface ArriveReinforcementInput {
  groupId: string;
}

export interface ReinforcementGroupRow {
  id: string;
  side: Side;
  commandIds: string[];
  scheduledTurnId: string;
  entryArea: string;
  arrivedTurnId: string | null;
}

export interface AdvanceClockResult extends ChangeResult {
  clock: ClockState;
  /** Automatic events applied on the way (stragglers recovered at 0400, orders expired, ...). */
  automatic: string[];
}

export interface RollDieInput {
  purpose: string;
  roll?: number;
}

export interface RollDieResult extends RollChangeResult {
  roll: DieRoll;
}

export interface UndoRedoResult {
  /** The event undone or redone. */
  event: HistoryEntry;
  canUndo: boolean;
  canRedo: boolean;
}

// ---------------------------------------------------------------------------------------------
// The service, method by method. The Electron contract has one channel per method, same name.

export interface GameServiceApi {
  // information
  info(): GameInfo;
  roster(input?: RosterQuery): RosterUnit[];
  leaders(): LeaderRow[];
  commandTree(): CommandNode[];
  reinforcementGroups(): ReinforcementGroupRow[];
  turnState(): TurnState;
  history(input?: HistoryQuery): HistoryEntry[];
  diceLog(input?: DiceQuery): DiceRecord[];
  tally(): VictoryTally;
  verify(): VerifyReport;
  // setup
  editLeader(input: EditLeaderInput): ChangeResult;
  editUnit(input: EditUnitInput): ChangeResult;
  // play
  recordLoss(input: RecordLossInput): ChangeResult;
  setFatigue(input: SetFatigueInput): ChangeResult;
  setStatus(input: SetStatusInput): ChangeResult;
  setUnitFlags(input: SetUnitFlagsInput): ChangeResult;
  designateSkirmishers(input: DesignateSkirmishersInput): ChangeResult;
  recallSkirmishers(input: RecallSkirmishersInput): ChangeResult;
  setOrders(input: SetOrdersInput): ChangeResult;
  orderPreRoll(input: OrderPreRollInput): RollChangeResult & { success: boolean };
  attemptOrderChange(input: OrderChangeAttemptInput): OrderChangeAttemptResult;
  rollInitiative(input: InitiativeInput): InitiativeResult;
  attemptActivation(input: ActivationAttemptInput): ActivationAttemptResult;
  activateRe(input: ActivateReInput): ChangeResult;
  pass(input: PassInput): PassResult;
  leaderCasualty(input: LeaderCasualtyInput): LeaderCasualtyResult;
  leaderCaptured(input: LeaderInput): ChangeResult;
  replaceLeader(input: ReplaceLeaderInput): ChangeResult;
  leaderArrives(input: LeaderInput): ChangeResult;
  chooseUsSuccessor(input: UsSuccessorInput): ChangeResult;
  resolveAbandonedGuns(input: ResolveAbandonedGunsInput): ChangeResult;
  captureGuns(input: CaptureGunsInput): ChangeResult;
  setCommandMarkers(input: SetCommandMarkersInput): ChangeResult;
  attachCommand(input: AttachCommandInput): ChangeResult;
  attemptReinforcement(input: ReinforcementAttemptInput): ReinforcementAttemptResult;
  arriveReinforcement(input: ArriveReinforcementInput): ChangeResult;
  advanceClock(): AdvanceClockResult;
  rollDie(input: RollDieInput): RollDieResult;
  setObjective(input: SetObjectiveInput): ChangeResult;
  setManpowerObjective(input: SetManpowerObjectiveInput): ChangeResult;
  endGame(): ChangeResult;
  undo(): UndoRedoResult;
  redo(): UndoRedoResult;
}

/** Method names in a stable order, for generating one IPC channel per method. */
export const GAME_SERVICE_METHODS = [
  'info',
  'roster',
  'leaders',
  'commandTree',
  'reinforcementGroups',
  'turnState',
  'history',
  'diceLog',
  'tally',
  'verify',
  'editLeader',
  'editUnit',
  'recordLoss',
  'setFatigue',
  'setStatus',
  'setUnitFlags',
  'designateSkirmishers',
  'recallSkirmishers',
  'setOrders',
  'orderPreRoll',
  'attemptOrderChange',
  'rollInitiative',
  'attemptActivation',
  'activateRe',
  'pass',
  'leaderCasualty',
  'leaderCaptured',
  'replaceLeader',
  'leaderArrives',
  'chooseUsSuccessor',
  'resolveAbandonedGuns',
  'captureGuns',
  'setCommandMarkers',
  'attachCommand',
  'attemptReinforcement',
  'arriveReinforcement',
  'advanceClock',
  'rollDie',
  'setObjective',
  'setManpowerObjective',
  'endGame',
  'undo',
  'redo',
] as const satisfies readonly (keyof GameServiceApi)[];
export type GameServiceMethod = (typeof GAME_SERVICE_METHODS)[number];

/** Read-only methods (safe to call at any time, never write). */
export const GAME_SERVICE_QUERIES = [
  'info',
  'roster',
  'leaders',
  'commandTree',
  'reinforcementGroups',
  'turnState',
  'history',
  'diceLog',
  'tally',
  'verify',
] as const satisfies readonly GameServiceMethod[];

/** Opening and creating files happen outside a game (the Electron shell's file menu). */
export interface GameFilesApi {
  createGame(input: CreateGameInput): GameInfo;
  openGame(input: OpenGameInput): GameInfo;
  closeGame(): void;
}

/** Fatigue levels a unit can be at (0 = fresh). */
export const FATIGUE_LEVELS = { min: 0, max: 4 } as const;
