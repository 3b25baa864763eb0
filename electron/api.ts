/**
 * THE contract between the window and the main process. For every `window.muster` function: the IPC
 * channel (electron/channels.ts), the zod schema its input must pass before any handler runs, and the
 * schema of its result (checked in development builds). Results cross as `{ ok: true, value }`, refusals
 * as `{ ok: false, error: { code, message, field?, rule? } }`: never an exception, never a stack trace.
 *
 * The game-service entries mirror db/service-types.ts method by method; the type checker proves that
 * every parsed input is acceptable to the service and every schema's output is the service's result type.
 * Inputs are strict (unknown keys are refused) and bounded (ids are short, numbers whole and in range),
 * so hostile arguments stop here with INVALID_ARGUMENT.
 */
import { z } from 'zod';
import {
  EVENT_KINDS,
  FATIGUE_LEVELS,
  GAME_SERVICE_METHODS,
  MUSTER_ERROR_CODES,
  type GameServiceApi,
  type GameServiceMethod,
  type ActivateReInput,
  type ActivationAttemptInput,
  type ActivationAttemptResult,
  type AdvanceClockResult,
  type ArriveReinforcementInput,
  type AttachCommandInput,
  type CaptureGunsInput,
  type ChangeResult,
  type ClockState,
  type CommandNode,
  type DesignateSkirmishersInput,
  type DiceQuery,
  type DiceRecord,
  type EditLeaderInput,
  type EditUnitInput,
  type FieldChange,
  type GameInfo,
  type HistoryEntry,
  type HistoryQuery,
  type InitiativeInput,
  type InitiativeResult,
  type LeaderCasualtyInput,
  type LeaderCasualtyResult,
  type LeaderInput,
  type UsSuccessorInput,
  type LeaderRow,
  type LossPointsBreakdown,
  type OrderChangeAttemptInput,
  type OrderChangeAttemptResult,
  type OrderPreRollInput,
  type PassInput,
  type PassResult,
  type RecallSkirmishersInput,
  type RecordLossInput,
  type ReinforcementAttemptInput,
  type ReinforcementAttemptResult,
  type ReinforcementGroupRow,
  type ReplaceLeaderInput,
  type ResolveAbandonedGunsInput,
  type RollChangeResult,
  type RollDieInput,
  type RollDieResult,
  type RosterQuery,
  type RosterUnit,
  type SetCommandMarkersInput,
  type SetManpowerObjectiveInput,
  type SetObjectiveInput,
  type SetFatigueInput,
  type SetOrdersInput,
  type SetStatusInput,
  type SetUnitFlagsInput,
  type TurnState,
  type UndoRedoResult,
  type VerifyReport,
  type VictoryTally,
} from '../db/service-types';
import { ARMS, COMMAND_LEVELS, ORDER_CODES, SIDES, UNIT_STATUSES, WEAPONS } from '../rules/types';
import { CHANNELS, EVENTS, RENDERER_MENU_COMMANDS, type ChannelFunction } from './channels';

export { CHANNELS, CHANNEL_FUNCTIONS, EVENTS, EVENT_FUNCTIONS, RENDERER_MENU_COMMANDS } from './channels';
export type { ChannelFunction, ChannelName, EventFunction, RendererMenuCommand } from './channels';

// ---------------------------------------------------------------------------------------------
// Results and errors

/** Refusals the shell adds to the service's own codes. */
export const SHELL_ERROR_CODES = [
  'FORBIDDEN_SENDER', // the call did not come from the main frame of app://muster
  'NO_GAME', // a game channel was called with no game file open
  'INTERNAL', // a bug: the details are in the log file, not in the window
] as const;
export const IPC_ERROR_CODES = [...MUSTER_ERROR_CODES, ...SHELL_ERROR_CODES] as const;
export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export const IpcErrorSchema = z.strictObject({
  code: z.enum(IPC_ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  rule: z.string().optional(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(code: IpcErrorCode, message: string, field?: string, rule?: string): { ok: false; error: IpcError } {
  return { ok: false, error: { code, message, ...(field !== undefined ? { field } : {}), ...(rule !== undefined ? { rule } : {}) } };
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const Side = z.enum(SIDES as ['USA', 'CSA']);
const Arm = z.enum(ARMS as ['infantry', 'cavalry', 'artillery']);
const Weapon = z.enum(WEAPONS as ['M', 'E', 'R', 'TR', 'B', 'B-SS', 'C', 'SR']);
const Order = z.enum(ORDER_CODES as ['ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW']);
const Level = z.enum(COMMAND_LEVELS as ['army', 'wing', 'corps', 'division', 'brigade']);
const Status = z.enum(UNIT_STATUSES as ['ordered', 'disordered', 'routed', 'shattered', 'eliminated']);
const Light = z.enum(['day', 'dusk', 'night', 'dawn']);
const EventKind = z.enum(EVENT_KINDS);
const DieRoll = z.literal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

/** Scenario ids of units, leaders, commands and reinforcement groups (data/scenario-schema.ts). */
const Id = z.string().max(120).regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lower-case letters, digits and dashes');
const TurnId = z.string().regex(/^1863-07-0[1-4]T\d{4}$/, 'turn ids look like 1863-07-01T0740');
/** A die typed in from the table: one d10 read 0-9. */
const TypedRoll = z.number().int().min(0).max(9);
const Count = z.number().int().min(0).max(1_000_000);
const PlayerName = z.string().trim().max(60);

const DrmItem = z.object({ label: z.string(), value: z.number(), rule: z.string() });
const Itemised = z.object({ total: z.number(), items: z.array(DrmItem) });

// ---------------------------------------------------------------------------------------------
// Inputs (one per service method that takes one). `input<T>()` proves at compile time that the parsed
// value is the service's input type T and that the schema knows every field of T (a field added to the
// service's input without being added here fails to compile, naming the field).

function input<T>() {
  return <S extends z.ZodType<T>>(
    schema: S,
    ..._fieldsMissingFromTheContract: [Exclude<keyof T, keyof z.input<S>>] extends [never] ? [] : [Exclude<keyof T, keyof z.input<S>>]
  ): S => schema;
}

const RosterQueryInput = input<RosterQuery>()(z.strictObject({
  side: Side.optional(),
  commandId: Id.optional(),
  includeOffMap: z.boolean().optional(),
}));
const HistoryQueryInput = input<HistoryQuery>()(z.strictObject({
  kinds: z.array(EventKind).max(EVENT_KINDS.length).optional(),
  unitId: Id.optional(),
  commandId: Id.optional(),
  leaderId: Id.optional(),
  turnId: TurnId.optional(),
  includeUndone: z.boolean().optional(),
  beforeSeq: Count.optional(),
  limit: z.number().int().min(1).max(5000).optional(),
}));
const DiceQueryInput = input<DiceQuery>()(z.strictObject({
  beforeSeq: Count.optional(),
  limit: z.number().int().min(1).max(5000).optional(),
}));
const EditLeader = input<EditLeaderInput>()(z.strictObject({
  leaderId: Id,
  rating: z.number().int().min(0).max(9).optional(),
  stars: z.number().int().min(0).max(4).optional(),
  range: z.number().int().min(0).max(20).optional(),
}));
const EditUnit = input<EditUnitInput>()(z.strictObject({
  unitId: Id,
  sp: z.number().int().min(1).max(40).optional(),
  weapon: Weapon.nullable().optional(),
}));
const RecordLoss = input<RecordLossInput>()(z.strictObject({
  unitId: Id,
  sp: z.number().int().min(1).max(40),
  straggler: z.boolean().optional(),
  cause: z.enum(['small-arms', 'artillery', 'shock', 'other']).optional(),
}));
const SetFatigue = input<SetFatigueInput>()(z.strictObject({ unitId: Id, level: z.number().int().min(FATIGUE_LEVELS.min).max(FATIGUE_LEVELS.max) }));
const SetStatus = input<SetStatusInput>()(z.strictObject({ unitId: Id, status: Status }));
const SetUnitFlags = input<SetUnitFlagsInput>()(z.strictObject({
  unitId: Id,
  mounted: z.boolean().optional(),
  outOfAmmo: z.boolean().optional(),
  extendedColumn: z.boolean().optional(),
  strategicMovement: z.boolean().optional(),
}));
const DesignateSkirmishers = input<DesignateSkirmishersInput>()(z.strictObject({ unitId: Id, brigadeId: Id.optional(), brigadeAtMe: z.boolean().optional() }));
const RecallSkirmishers = input<RecallSkirmishersInput>()(z.strictObject({ commandId: Id, brigadeAtMe: z.boolean().optional() }));
const SetOrders = input<SetOrdersInput>()(z
  .strictObject({
    commandId: Id.optional(),
    unitId: Id.optional(),
    order: Order.nullable(),
    commandersInitiative: z.boolean().optional(),
    stackedWithLeaderId: Id.optional(),
    neighbourHasAssaultOrSkirmishOrders: z.boolean().optional(),
    inEnemyLos: z.boolean().optional(),
  })
  .refine((v) => (v.commandId === undefined) !== (v.unitId === undefined), { message: 'give exactly one of commandId and unitId', path: ['commandId'] }));
const OrderPreRoll = input<OrderPreRollInput>()(z.strictObject({ side: Side, armyCommanderOnMap: z.boolean().optional(), roll: TypedRoll.optional() }));
const LeaderIds = z.array(Id).max(10);
const OrderChangeAttempt = input<OrderChangeAttemptInput>()(z.strictObject({
  commandId: Id,
  order: Order,
  superiorsInRange: LeaderIds.optional(),
  superiorsUsingRating: LeaderIds.optional(),
  adjacentToEnemy: z.boolean().optional(),
  neighbourHasAssaultOrSkirmishOrders: z.boolean().optional(),
  inEnemyLos: z.boolean().optional(),
  roll: TypedRoll.optional(),
}));
const Initiative = input<InitiativeInput>()(z.strictObject({
  armyPoints: z.strictObject({ USA: z.boolean(), CSA: z.boolean() }),
  armyCommanderOnMap: z.strictObject({ USA: z.boolean().optional(), CSA: z.boolean().optional() }).optional(),
  rolls: z.strictObject({ USA: TypedRoll.optional(), CSA: TypedRoll.optional() }).optional(),
  initiativeModifier: Side.nullable().optional(),
}));
/** A command (In-Command Activation Phase) or a single unit (Out-of-Command Activation Phase): exactly one. */
const oneActivationSubject = { message: 'give exactly one of commandId and unitId', path: ['commandId'] };
const ActivationAttempt = input<ActivationAttemptInput>()(z
  .strictObject({
    commandId: Id.optional(),
    unitId: Id.optional(),
    anyUnitInBreastworks: z.boolean().optional(),
    commanderOutOfCommand: z.boolean().optional(),
    superiorsInRange: LeaderIds.optional(),
    roll: TypedRoll.optional(),
  })
  .refine((v) => (v.commandId === undefined) !== (v.unitId === undefined), oneActivationSubject));
const ActivateRe = input<ActivateReInput>()(z
  .strictObject({ commandId: Id.optional(), unitId: Id.optional(), commanderOutOfCommand: z.boolean().optional() })
  .refine((v) => (v.commandId === undefined) !== (v.unitId === undefined), oneActivationSubject));
const Pass = input<PassInput>()(z.strictObject({ side: Side }));
const LeaderCasualty = input<LeaderCasualtyInput>()(z.strictObject({ leaderId: Id, roll: TypedRoll.optional() }));
const Leader = input<LeaderInput>()(z.strictObject({ leaderId: Id }));
const UsSuccessor = input<UsSuccessorInput>()(z.strictObject({ leaderId: Id }));
const ReplaceLeader = input<ReplaceLeaderInput>()(z.strictObject({ leaderId: Id, rating: z.number().int().min(0).max(9).nullable().optional() }));
const ResolveAbandonedGuns = input<ResolveAbandonedGunsInput>()(z.strictObject({ unitId: Id, outcome: z.enum(['returned', 'captured']) }));
const CaptureGuns = input<CaptureGunsInput>()(z.strictObject({ unitId: Id, sp: z.number().int().min(1).max(40) }));
const SetCommandMarkers = input<SetCommandMarkersInput>()(z.strictObject({
  commandId: Id,
  rsm: z.boolean().optional(),
  recovery: z.boolean().optional(),
  ineffective: z.boolean().optional(),
}));
const AttachCommand = input<AttachCommandInput>()(
  z.strictObject({
    commandId: Id,
    toCommandId: Id.nullable(),
    gainingCommanderHasDetachingInRange: z.boolean().optional(),
    armyCommanderHasDetachingInRange: z.boolean().optional(),
  }),
);
const ReinforcementAttempt = input<ReinforcementAttemptInput>()(z.strictObject({
  groupId: Id,
  formationOnMap: z.boolean().optional(),
  overallCommanderOnMap: z.boolean().optional(),
  roll: TypedRoll.optional(),
}));
const ArriveReinforcement = input<ArriveReinforcementInput>()(z.strictObject({ groupId: Id }));
const RollDie = input<RollDieInput>()(z.strictObject({ purpose: z.string().trim().min(1).max(200), roll: TypedRoll.optional() }));
const SetObjective = input<SetObjectiveInput>()(z.strictObject({ side: Side, objectiveId: Id, occupied: z.boolean() }));
const SetManpowerObjective = input<SetManpowerObjectiveInput>()(z.strictObject({ side: Side, met: z.boolean() }));

/** Channels that take no argument refuse any. */
const NoInput = z.undefined();

// ---------------------------------------------------------------------------------------------
// Outputs

const Clock: z.ZodType<ClockState> = z.object({
  turnId: z.string(),
  date: z.string(),
  time: z.string(),
  light: Light,
  turnIndex: z.number().int(),
  turnCount: z.number().int(),
  isLastTurn: z.boolean(),
  segment: z.string(),
  phase: z.string(),
  segmentName: z.string(),
  phaseName: z.string(),
  label: z.string(),
  whatHappens: z.string(),
  rules: z.array(z.string()),
  due: z.array(z.object({ kind: z.string(), text: z.string(), rule: z.string() })),
});
const ArmyCommander = z.object({ leaderId: z.string(), name: z.string(), onMap: z.boolean() });
const GameInfoOutput: z.ZodType<GameInfo> = z.object({
  file: z.string(),
  schemaVersion: z.number().int(),
  scenarioId: z.string(),
  scenarioName: z.string(),
  approximate: z.boolean(),
  players: z.object({ USA: z.string(), CSA: z.string() }),
  createdAt: z.string(),
  started: z.boolean(),
  ended: z.boolean(),
  clock: Clock,
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  eventCount: z.number().int(),
  armyCommanders: z.object({ USA: ArmyCommander.nullable(), CSA: ArmyCommander.nullable() }),
});
const FieldChangeOutput: z.ZodType<FieldChange> = z.object({
  table: z.string(),
  key: z.string(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
const HistoryEntryOutput: z.ZodType<HistoryEntry> = z.object({
  seq: z.number().int(),
  at: z.string(),
  turnId: z.string(),
  segment: z.string(),
  phase: z.string(),
  kind: EventKind,
  summary: z.string(),
  undone: z.boolean(),
  changes: z.array(FieldChangeOutput),
  diceSeqs: z.array(z.number().int()),
});
const DiceRecordOutput: z.ZodType<DiceRecord> = z.object({
  seq: z.number().int(),
  at: z.string(),
  eventSeq: z.number().int(),
  eventUndone: z.boolean(),
  purpose: z.string(),
  source: z.enum(['app', 'table']),
  roll: DieRoll,
  modifiers: Itemised,
  modified: z.number(),
  target: z.string().nullable(),
  outcome: z.string(),
  hash: z.string(),
});
const Change: z.ZodType<ChangeResult> = z.object({ event: HistoryEntryOutput });
const RollChangeShape = { event: HistoryEntryOutput, dice: z.array(DiceRecordOutput) };

const RosterUnitOutput: z.ZodType<RosterUnit> = z.object({
  id: z.string(),
  name: z.string(),
  side: Side,
  arm: Arm,
  sp: z.number().int(),
  spLost: z.number().int(),
  stragglers: z.number().int(),
  abandonedGuns: z.number().int(),
  currentSp: z.number().int(),
  fatigue: z.number().int(),
  status: Status,
  effectiveOrder: Order,
  orderSource: z.string(),
  orderExpires: z.boolean(),
  weapon: Weapon.nullable(),
  commandId: z.string(),
  commandPath: z.array(z.string()),
  horseArtillery: z.boolean(),
  sharpshooters: z.boolean(),
  canDismount: z.boolean(),
  mounted: z.boolean(),
  outOfAmmo: z.boolean(),
  extendedColumn: z.boolean(),
  strategicMovement: z.boolean(),
  skirmishers: z.boolean(),
  skirmishingFor: z.string().nullable(),
  capturedGuns: z.number().int(),
  destroyedGuns: z.number().int(),
  onMap: z.boolean(),
});
const LeaderRowOutput: z.ZodType<LeaderRow> = z.object({
  id: z.string(),
  side: Side,
  name: z.string(),
  stars: z.number().int(),
  rating: z.number().int(),
  range: z.number().int(),
  role: z.enum(['army', 'wing', 'corps', 'division', 'brigade', 'artillery', 'staff']),
  commandId: z.string().nullable(),
  ratingVerified: z.boolean(),
  pointsUsed: z.boolean(),
  pointsUsedFor: z.string().nullable(),
  moved: z.boolean(),
  casualty: z.enum(['none', 'wounded', 'killed', 'captured']),
  replaced: z.boolean(),
  replacementRating: z.number().int().nullable(),
  onMap: z.boolean(),
  arrivalTurnId: z.string().nullable(),
  arrivalArea: z.string().nullable(),
});
const CommandNodeOutput: z.ZodType<CommandNode> = z.lazy(() =>
  z.object({
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
    ineffective: z.boolean(),
    onMap: z.boolean(),
    reinforcementGroupId: z.string().nullable(),
    totals: z.object({
      units: z.number().int(),
      sp: z.number().int(),
      spLost: z.number().int(),
      stragglers: z.number().int(),
      currentSp: z.number().int(),
      guns: z.number().int(),
    }),
    children: z.array(CommandNodeOutput),
  }),
);
const ReinforcementGroupOutput: z.ZodType<ReinforcementGroupRow> = z.object({
  id: z.string(),
  side: Side,
  commandIds: z.array(z.string()),
  scheduledTurnId: z.string(),
  entryArea: z.string(),
  arrivedTurnId: z.string().nullable(),
});
const Effectiveness = z.enum(['ME', 'RE', 'confusion']);
const TurnStateOutput: z.ZodType<TurnState> = z.object({
  turnId: z.string(),
  initiative: Side.nullable(),
  initiativeModifier: Side.nullable(),
  armyPointsForInitiative: z.object({ USA: z.boolean(), CSA: z.boolean() }),
  orderPreRoll: z.object({ USA: z.boolean().nullable(), CSA: z.boolean().nullable() }),
  activations: z.number().int(),
  passesInRow: z.number().int(),
  sideToAct: Side.nullable(),
  meAttempted: z.array(z.string()),
  orderChangeFailed: z.array(z.string()),
  attachmentMade: z.boolean(),
  activated: z.array(z.object({ commandId: z.string(), side: Side, effectiveness: Effectiveness, phase: z.string(), order: z.number().int() })),
  unitsActivated: z.array(
    z.object({ unitId: z.string(), commandId: z.string(), side: Side, effectiveness: Effectiveness, phase: z.string(), order: z.number().int() }),
  ),
});
const LeaderLoss = z.object({ leaderId: z.string(), name: z.string(), stars: z.number(), rating: z.number() });
const LossPoints: z.ZodType<LossPointsBreakdown> = z.object({
  lossPoints: z.number(),
  items: z.array(DrmItem),
  infantrySp: z.number(),
  cavalrySp: z.number(),
  artilleryDestroyedSp: z.number(),
  artilleryCapturedSp: z.number(),
  gunsLost: z.number(),
  abandonedGunsPending: z.number(),
  commandersKilled: z.array(LeaderLoss),
  commandersWounded: z.array(LeaderLoss),
  divisionsFromGuns: z.number().int(),
});
const VictoryLevel = z.enum(['decisive', 'substantial', 'marginal', 'draw']);
const SideObjectivesOutput = z.object({
  geographic: z.array(z.object({ id: z.string(), name: z.string(), occupied: z.boolean() })),
  occupied: z.number().int(),
  required: z.number().int(),
  geographicMet: z.boolean(),
  manpowerMet: z.boolean(),
});
const TallyOutput: z.ZodType<VictoryTally> = z.object({
  usa: LossPoints,
  csa: LossPoints,
  result: z.object({ winner: Side.nullable(), level: VictoryLevel, by: z.enum(['objectives', 'losses']), rule: z.string() }),
  byLosses: z.object({ winner: Side.nullable(), level: VictoryLevel }),
  objectives: z.object({ USA: SideObjectivesOutput, CSA: SideObjectivesOutput }),
  lossesByTurn: z.array(z.object({ turnId: z.string(), date: z.string(), time: z.string(), USA: z.number(), CSA: z.number() })),
  final: z.boolean(),
});
const Check = z.object({ count: z.number().int(), ok: z.boolean(), problems: z.array(z.string()) });
const VerifyOutput: z.ZodType<VerifyReport> = z.object({ ok: z.boolean(), integrity: z.string(), events: Check, dice: Check });

const OrderPreRollOutput: z.ZodType<RollChangeResult & { success: boolean }> = z.object({ ...RollChangeShape, success: z.boolean() });
const OrderChangeAttemptOutput: z.ZodType<OrderChangeAttemptResult> = z.object({
  ...RollChangeShape,
  automatic: z.boolean(),
  success: z.boolean(),
  drm: Itemised,
  rating: z.number(),
});
const InitiativeOutput: z.ZodType<InitiativeResult> = z.object({ ...RollChangeShape, winner: Side, totals: z.object({ USA: Itemised, CSA: Itemised }) });
const ActivationAttemptOutput: z.ZodType<ActivationAttemptResult> = z.object({
  ...RollChangeShape,
  effectiveness: z.enum(['ME', 'confusion']),
  drm: Itemised,
  rating: z.number(),
});
const PassOutput: z.ZodType<PassResult> = z.object({ event: HistoryEntryOutput, passesInRow: z.number().int(), phaseOver: z.boolean() });
const LeaderCasualtyOutput: z.ZodType<LeaderCasualtyResult> = z.object({ ...RollChangeShape, result: z.enum(['KIA', 'WIA']) });
const ReinforcementAttemptOutput: z.ZodType<ReinforcementAttemptResult> = z.object({
  ...RollChangeShape,
  arrived: z.boolean(),
  rolled: z.boolean(),
  drm: Itemised.nullable(),
});
const AdvanceClockOutput: z.ZodType<AdvanceClockResult> = z.object({ event: HistoryEntryOutput, clock: Clock, automatic: z.array(z.string()) });
const RollDieOutput: z.ZodType<RollDieResult> = z.object({ ...RollChangeShape, roll: DieRoll });
const UndoRedoOutput: z.ZodType<UndoRedoResult> = z.object({ event: HistoryEntryOutput, canUndo: z.boolean(), canRedo: z.boolean() });

// ---------------------------------------------------------------------------------------------
// The shell's own shapes

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** 'electron' in the desktop app, 'browser' in the browser preview. */
  host: z.enum(['electron', 'browser']),
  platform: z.string(),
  versions: z.record(z.string(), z.string()),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const ScenarioSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  approximate: z.boolean(),
  firstTurnId: z.string(),
  lastTurnId: z.string(),
  units: z.number().int(),
  leaders: z.number().int(),
  /** Top commands (armies, wings, corps) a player may pick for a partial game. */
  commands: z.array(z.object({ id: z.string(), side: Side, level: Level, name: z.string(), parentId: z.string().nullable() })),
});
export type ScenarioSummary = z.infer<typeof ScenarioSummarySchema>;

export const RecentFileSchema = z.object({ path: z.string(), openedAt: z.string() });
export type RecentFileEntry = z.infer<typeof RecentFileSchema>;

/** New Game: the scenario and options come from the window; the file name from the main process's save dialog. */
export const NewGameInputSchema = z.strictObject({
  scenario: Id,
  commandIds: z.array(Id).min(1).max(200).optional(),
  players: z.strictObject({ USA: PlayerName.optional(), CSA: PlayerName.optional() }).optional(),
});
export type NewGameInput = z.infer<typeof NewGameInputSchema>;

/** Open Recent: only a path that is on the Recent list is accepted (the window cannot name arbitrary files). */
export const OpenRecentInputSchema = z.strictObject({ file: z.string().min(1).max(4096) });
export type OpenRecentInput = z.infer<typeof OpenRecentInputSchema>;

/** An open, save or new that the user cancelled in the file dialog is not an error: the value is null. */
const GameOrCancelled = GameInfoOutput.nullable();

// ---------------------------------------------------------------------------------------------
// The contract

interface ChannelSpec<I extends z.ZodType, O extends z.ZodType> {
  channel: string;
  input: I;
  output: O;
  /** True for channels that change the game file (used by the tests' "file unchanged" checks). */
  writes: boolean;
}

function spec<I extends z.ZodType, O extends z.ZodType>(fn: ChannelFunction, input: I, output: O, writes: boolean): ChannelSpec<I, O> {
  return { channel: CHANNELS[fn], input, output, writes };
}

export const CONTRACT = {
  appInfo: spec('appInfo', NoInput, AppInfoSchema, false),
  scenarios: spec('scenarios', NoInput, z.array(ScenarioSummarySchema), false),
  currentGame: spec('currentGame', NoInput, GameInfoOutput.nullable(), false),
  newGame: spec('newGame', NewGameInputSchema, GameOrCancelled, false),
  openGame: spec('openGame', NoInput, GameOrCancelled, false),
  openRecent: spec('openRecent', OpenRecentInputSchema, GameInfoOutput, false),
  saveGameAs: spec('saveGameAs', NoInput, GameOrCancelled, false),
  closeGame: spec('closeGame', NoInput, z.null(), false),
  recentFiles: spec('recentFiles', NoInput, z.array(RecentFileSchema), false),
  removeRecentFile: spec('removeRecentFile', OpenRecentInputSchema, z.array(RecentFileSchema), false),

  info: spec('info', NoInput, GameInfoOutput, false),
  roster: spec('roster', RosterQueryInput.optional(), z.array(RosterUnitOutput), false),
  leaders: spec('leaders', NoInput, z.array(LeaderRowOutput), false),
  commandTree: spec('commandTree', NoInput, z.array(CommandNodeOutput), false),
  reinforcementGroups: spec('reinforcementGroups', NoInput, z.array(ReinforcementGroupOutput), false),
  turnState: spec('turnState', NoInput, TurnStateOutput, false),
  history: spec('history', HistoryQueryInput.optional(), z.array(HistoryEntryOutput), false),
  diceLog: spec('diceLog', DiceQueryInput.optional(), z.array(DiceRecordOutput), false),
  tally: spec('tally', NoInput, TallyOutput, false),
  verify: spec('verify', NoInput, VerifyOutput, false),

  editLeader: spec('editLeader', EditLeader, Change, true),
  editUnit: spec('editUnit', EditUnit, Change, true),

  recordLoss: spec('recordLoss', RecordLoss, Change, true),
  setFatigue: spec('setFatigue', SetFatigue, Change, true),
  setStatus: spec('setStatus', SetStatus, Change, true),
  setUnitFlags: spec('setUnitFlags', SetUnitFlags, Change, true),
  designateSkirmishers: spec('designateSkirmishers', DesignateSkirmishers, Change, true),
  recallSkirmishers: spec('recallSkirmishers', RecallSkirmishers, Change, true),
  setOrders: spec('setOrders', SetOrders, Change, true),
  orderPreRoll: spec('orderPreRoll', OrderPreRoll, OrderPreRollOutput, true),
  attemptOrderChange: spec('attemptOrderChange', OrderChangeAttempt, OrderChangeAttemptOutput, true),
  rollInitiative: spec('rollInitiative', Initiative, InitiativeOutput, true),
  attemptActivation: spec('attemptActivation', ActivationAttempt, ActivationAttemptOutput, true),
  activateRe: spec('activateRe', ActivateRe, Change, true),
  pass: spec('pass', Pass, PassOutput, true),
  leaderCasualty: spec('leaderCasualty', LeaderCasualty, LeaderCasualtyOutput, true),
  leaderCaptured: spec('leaderCaptured', Leader, Change, true),
  replaceLeader: spec('replaceLeader', ReplaceLeader, Change, true),
  leaderArrives: spec('leaderArrives', Leader, Change, true),
  chooseUsSuccessor: spec('chooseUsSuccessor', UsSuccessor, Change, true),
  resolveAbandonedGuns: spec('resolveAbandonedGuns', ResolveAbandonedGuns, Change, true),
  captureGuns: spec('captureGuns', CaptureGuns, Change, true),
  setCommandMarkers: spec('setCommandMarkers', SetCommandMarkers, Change, true),
  attachCommand: spec('attachCommand', AttachCommand, Change, true),
  attemptReinforcement: spec('attemptReinforcement', ReinforcementAttempt, ReinforcementAttemptOutput, true),
  arriveReinforcement: spec('arriveReinforcement', ArriveReinforcement, Change, true),
  advanceClock: spec('advanceClock', NoInput, AdvanceClockOutput, true),
  rollDie: spec('rollDie', RollDie, RollDieOutput, true),
  setObjective: spec('setObjective', SetObjective, Change, true),
  setManpowerObjective: spec('setManpowerObjective', SetManpowerObjective, Change, true),
  endGame: spec('endGame', NoInput, Change, true),
  undo: spec('undo', NoInput, UndoRedoOutput, true),
  redo: spec('redo', NoInput, UndoRedoOutput, true),
} satisfies { [K in ChannelFunction]: ChannelSpec<z.ZodType, z.ZodType> };

export type Contract = typeof CONTRACT;

/** Every game-service method has its channel (a method added to the service without one fails to compile here). */
export const SERVICE_CHANNEL_FUNCTIONS: readonly ChannelFunction[] = GAME_SERVICE_METHODS satisfies readonly ChannelFunction[];
export type ChannelInput<K extends ChannelFunction> = z.input<Contract[K]['input']>;
export type ChannelParsedInput<K extends ChannelFunction> = z.output<Contract[K]['input']>;
export type ChannelOutput<K extends ChannelFunction> = z.output<Contract[K]['output']>;

/**
 * The contract and the service agree, method by method, in both directions: everything a schema lets
 * through is an argument the service takes, everything the service takes passes the schema's type (an
 * optional service field may not be required here), and each result schema is exactly the service's
 * result type. A method that disagrees is named in the compile error ("mismatched").
 */
type ServiceInput<K extends GameServiceMethod> = Parameters<GameServiceApi[K]>[0];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type ContractMismatch = {
  [K in GameServiceMethod]: [ChannelParsedInput<K>] extends [ServiceInput<K>]
    ? [ServiceInput<K>] extends [ChannelInput<K>]
      ? Same<ChannelOutput<K>, ReturnType<GameServiceApi[K]>> extends true
        ? never
        : K
      : K
    : K;
}[GameServiceMethod];
export const CONTRACT_MATCHES_SERVICE: [ContractMismatch] extends [never] ? true : { mismatched: ContractMismatch } = true;

/** A window.muster function: no parameter, an optional one, or a required one, as its input schema says. */
type ApiFunction<K extends ChannelFunction> = [ChannelInput<K>] extends [undefined]
  ? () => Promise<IpcResult<ChannelOutput<K>>>
  : undefined extends ChannelInput<K>
    ? (input?: ChannelInput<K>) => Promise<IpcResult<ChannelOutput<K>>>
    : (input: ChannelInput<K>) => Promise<IpcResult<ChannelOutput<K>>>;

/** What main-to-window events carry. */
export interface GameChangedEvent {
  /** The open game now, or null when none is open. */
  game: GameInfo | null;
  reason: 'opened' | 'created' | 'saved-as' | 'closed' | 'undo' | 'redo';
}
export interface MenuCommandEvent {
  command: (typeof RENDERER_MENU_COMMANDS)[number];
}
export const GameChangedEventSchema = z.object({
  game: GameInfoOutput.nullable(),
  reason: z.enum(['opened', 'created', 'saved-as', 'closed', 'undo', 'redo']),
});
export const MenuCommandEventSchema = z.object({ command: z.enum(RENDERER_MENU_COMMANDS) });

/** `window.muster`: one function per channel, plus one subscription per main-to-window event (each returns an unsubscribe). */
export type MusterApi = { [K in ChannelFunction]: ApiFunction<K> } & {
  [EVENTS_KEY in keyof typeof EVENTS]: EVENTS_KEY extends 'onGameChanged'
    ? (listener: (event: GameChangedEvent) => void) => () => void
    : (listener: (event: MenuCommandEvent) => void) => () => void;
};

/** The main-process side: one function per channel, taking the parsed input and returning the plain value. */
export type ChannelHandlers = { [K in ChannelFunction]: (input: ChannelParsedInput<K>) => ChannelOutput<K> | Promise<ChannelOutput<K>> };
