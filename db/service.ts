/**
 * GameService: the one way to read and change a game file. Each change validates its input, asks the
 * rules engine (rules/) what the rules say, and writes the state change with its event (and its die
 * rolls) in ONE transaction. A refused request throws MusterError and writes nothing.
 *
 * No electron import: the Electron handlers, the CLI (db/cli.ts) and the tests all use this class.
 * Its methods and their argument/result types are the contract in db/service-types.ts.
 */
import { existsSync } from 'node:fs';
import { loadScenario, ScenarioError } from '../data/scenarios';
import type { Scenario } from '../data/scenario-schema';
import {
  activateAtRe,
  activationOptions,
  afterActivationAction,
  ACTIVATION_LEVELS,
  initiativeMeActivation,
  mayAttemptMeActivation,
  maySpendRatingPoints,
  resolveMeAttempt,
} from '../rules/activation';
import { usArmyCommander } from '../rules/activation';
import type { ActivationLevel, RatingPointsLedger, RatingPointsUse } from '../rules/activation';
import { resolveInitiative } from '../rules/initiative';
import {
  abandonedGunsAtMidnight,
  artilleryLossKind,
  leaderCasualty as rollLeaderCasualty,
  mayDesignateStragglerRecovery,
  mayRecallSkirmishers,
  skirmisherIneligibility,
  skirmisherRecallLoss,
  stragglersRecovered,
} from '../rules/losses';
import { arrivalSucceeds, variableArrival } from '../rules/reinforcements';
import { commandAttachment } from '../rules/attachment';
import {
  canIssueOrder,
  commandAncestors,
  commandersInitiative,
  defaultOrder,
  mayAttemptOrderChange,
  nonAutomaticChangePreRoll,
  orderChangeAttemptKind,
  REINFORCEMENT_ENTRY_ORDERS,
  resolveOrderChangeAttempt,
  standingOrder,
  switchToDefaultOrder,
  unitOrder,
} from '../rules/orders';
import type { CommandCheck, CommandNode as RulesCommandNode, DefaultOrderCause, DefaultOrderSubject } from '../rules/orders';
import { ORDER_CODES, SIDES, UNIT_STATUSES, WEAPONS } from '../rules/types';
import type { Arm, DieRoll, Itemised, OrderCode, Side } from '../rules/types';
import { gameVictory, lossPoints, manpowerDivisionsLost, victoryByLosses } from '../rules/victory';
import { ACTIVATION_SEGMENT, clockAfter, clockInfo, eventDueAt, firstClockStep, INITIATIVE_SEGMENT, ORDERS_SEGMENT, type AutomaticEvent } from './clock';
import { diceOfEvents, drawAppRoll, initialiseDice, listDice, verifyDice, type NewDiceRow } from './dice';
import { MusterError, forbidden, invalid, notFound } from './errors';
import { ChangeSet, eventCount, historyEntry, listHistory, recordEvent, redoNext, undoHead, undoRedoAvailable, verifyEvents } from './events';
import { openGameDatabase, removeGameFile, type OpenOptions, type SqliteDatabase } from './open';
import { statement } from './statements';
import type {
  ActivateReInput,
  ActivationAttemptInput,
  ActivationAttemptResult,
  AdvanceClockResult,
  ArriveReinforcementInput,
  AttachCommandInput,
  CaptureGunsInput,
  ChangeResult,
  CommandNode,
  CreateGameInput,
  DesignateSkirmishersInput,
  DiceQuery,
  DiceRecord,
  EditLeaderInput,
  EditUnitInput,
  EventKind,
  GameInfo,
  GameServiceApi,
  HistoryEntry,
  HistoryQuery,
  InitiativeInput,
  InitiativeResult,
  LeaderCasualtyInput,
  LeaderCasualtyResult,
  LeaderInput,
  LeaderRow,
  LossCause,
  LossPointsBreakdown,
  OpenGameInput,
  OrderChangeAttemptInput,
  OrderChangeAttemptResult,
  OrderPreRollInput,
  PassInput,
  PassResult,
  RecallSkirmishersInput,
  RecordLossInput,
  ReinforcementAttemptInput,
  ReinforcementAttemptResult,
  ReinforcementGroupRow,
  ReplaceLeaderInput,
  ResolveAbandonedGunsInput,
  RollChangeResult,
  RollDieInput,
  RollDieResult,
  RosterQuery,
  RosterUnit,
  SetCommandMarkersInput,
  SetManpowerObjectiveInput,
  SetObjectiveInput,
  SideObjectives,
  SetFatigueInput,
  SetOrdersInput,
  SetStatusInput,
  SetUnitFlagsInput,
  TurnState,
  UndoRedoResult,
  VerifyReport,
  VictoryTally,
} from './service-types';
import { FATIGUE_LEVELS } from './service-types';
import {
  currentSp,
  insertScenario,
  readClock,
  readCommand,
  readCommands,
  readGame,
  readGroup,
  readGroups,
  readActivatedUnits,
  readLeader,
  readLeaders,
  readObjective,
  readObjectives,
  readTurn,
  readTurns,
  readTurnState,
  readUnit,
  readUnits,
  selectForces,
  type CommandRow,
  type Effectiveness,
  type GameRow,
  type LeaderDbRow,
  type UnitRow,
} from './store';
import { askRules, optionalBool, optionalIdList, optionalRoll, requireId, requireInt, requireObject, requireOneOf } from './validate';

/** A true/false field that must be given. */
function requireBool(field: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw invalid(field, `must be true or false, got ${JSON.stringify(v)}`);
  return v;
}

/** Rules sections the service itself cites when it refuses a request. */
const RULE = {
  stragglers: 'Rev. Infantry Stragglers',
  abandonedGuns: 'Rev. Abandoned Guns',
  ordersSegment: 'Rev. Orders Segment',
  nonAutomatic: 'Rev. Non-Automatic Order Change Attempts',
  ineffective: 'Rev. Ineffective Commands and Shattered ("Collapsed") Units',
  commandersInitiative: "Rev. Commander's Initiative",
  initiative: 'Rev. Initiative Segment',
  activation: 'Rev. Activation Segment',
  leaders: 'Rev. Leaders and Activation',
  skirmishers: 'Rev. Skirmishers',
  sequence: 'Rev. Sequence of Play',
  victory: 'Rev. Victory Points for Losses',
  leaderLosses: 'Rev. Leader Losses',
  cavalry: 'Rev. Cavalry',
  extendedColumns: 'Rev. Extended Columns',
  rsm: 'Rev. Reinforcement Strategic Movement',
  inCommand: 'Rev. In-Command/Out-of-Command',
} as const;

export interface ServiceOptions extends Pick<OpenOptions, 'migrations' | 'busyTimeoutMs'> {
  /** Wall time for events and rolls (tests fix it). */
  now?: () => string;
  /** Seed for the app's die when creating a game (tests fix it; otherwise node:crypto). */
  seed?: number;
}

interface Roll {
  roll: DieRoll;
  source: 'app' | 'table';
}

interface Draft<T> {
  summary: string;
  subjects?: string[];
  dice?: Omit<NewDiceRow, 'eventSeq'>[];
  result: T;
}

const yes = (b: boolean) => (b ? 1 : 0);

function commandArm(c: Pick<CommandRow, 'cavalry' | 'artillery'>): Arm {
  return c.cavalry ? 'cavalry' : c.artillery ? 'artillery' : 'infantry';
}

function unitSubject(u: UnitRow): DefaultOrderSubject {
  return { arm: u.arm, horseArtillery: u.horse_artillery === 1, sharpshooters: u.sharpshooters === 1 };
}

/** A rules check that says no becomes a refusal naming the field and the rule. */
function check<T extends object>(field: string, result: CommandCheck<T>): asserts result is { ok: true } & T {
  if (!result.ok) throw forbidden(field, result.reason, result.rule);
}

/** The activation phase of a step of segment III (A in-command, B out-of-command). */
function activationPhaseOf(phase: string): 'in-command' | 'out-of-command' {
  return phase === 'B' ? 'out-of-command' : 'in-command';
}

/** The command (either phase) or single unit (III.B only) an activation names, with the field that named it. */
interface ActivationSubject {
  field: 'commandId' | 'unitId';
  name: string;
  /** The unit, for a single-unit activation; null for a command. */
  unit: UnitRow | null;
  /** The command activated, or the unit's own command (its brigade). */
  c: CommandRow;
}

function effectivenessText(e: Effectiveness): string {
  return e === 'ME' ? 'at ME' : e === 'RE' ? 'at RE' : 'tried for ME: Confusion Table';
}

/** A side's own losses and the loss points they are worth (Rev. Victory Points for Losses). RI-S05, RI-S06. */
function sideLosses(s: Side, units: readonly UnitRow[], leaders: readonly LeaderDbRow[]): LossPointsBreakdown {
  const own = units.filter((u) => u.side === s);
  const sum = (f: (u: UnitRow) => number) => own.reduce((n, u) => n + f(u), 0);
  // RI-S05: straggler losses not recovered count as SP losses of their arm.
  const infantrySp = sum((u) => (u.arm === 'infantry' ? u.sp_lost + u.stragglers : 0));
  const cavalrySp = sum((u) => (u.arm === 'cavalry' ? u.sp_lost + u.stragglers : 0));
  const artilleryDestroyedSp = sum((u) => u.destroyed_guns);
  const artilleryCapturedSp = sum((u) => u.captured_guns);
  // RI-S06: commanders are leaders above brigade level (army, wing, corps, division, artillery chiefs).
  const commanders = leaders.filter((l) => l.side === s && l.role !== 'brigade' && l.role !== 'staff');
  const who = (status: 'killed' | 'wounded') =>
    commanders.filter((l) => l.casualty === status).map((l) => ({ leaderId: l.id, name: l.name, stars: l.stars, rating: l.rating }));
  const killed = who('killed');
  const wounded = who('wounded');
  const points = lossPoints({
    infantrySp,
    cavalrySp,
    artilleryDestroyedSp,
    artilleryCapturedSp,
    // RI-S21: no wagons in Muster's rosters.
    wagonPoints: 0,
    commandersKilled: killed.map(({ stars, rating }) => ({ stars, rating })),
    commandersWounded: wounded.map(({ stars, rating }) => ({ stars, rating })),
  });
  return {
    lossPoints: points.total,
    items: points.items,
    infantrySp,
    cavalrySp,
    artilleryDestroyedSp,
    artilleryCapturedSp,
    gunsLost: artilleryDestroyedSp + artilleryCapturedSp,
    abandonedGunsPending: sum((u) => u.abandoned_guns),
    commandersKilled: killed,
    commandersWounded: wounded,
    // RI-S28: wrecked divisions (15.6.7) are judged at the table; the guns' share is counted here.
    divisionsFromGuns: manpowerDivisionsLost({ divisions: 0, gunsDestroyed: artilleryDestroyedSp, gunsCaptured: artilleryCapturedSp }).total,
  };
}

export class GameService implements GameServiceApi {
  readonly db: SqliteDatabase;
  readonly file: string;
  readonly schemaVersion: number;
  private readonly now: () => string;

  private constructor(db: SqliteDatabase, file: string, version: number, options: ServiceOptions) {
    this.db = db;
    this.file = file;
    this.schemaVersion = version;
    this.now = options.now ?? (() => new Date().toISOString());
  }

  // -------------------------------------------------------------------------------------------
  // Files

  /** Creates a new game file from a scenario (all of it, or the chosen commands' subtrees). */
  static create(input: CreateGameInput, options: ServiceOptions = {}): GameService {
    requireObject('input', input);
    const file = requireId('file', input.file);
    const scenarioRef = requireId('scenario', input.scenario);
    const commandIds = optionalIdList('commandIds', input.commandIds);
    const players = input.players === undefined ? {} : requireObject('players', input.players);
    for (const side of SIDES) {
      if (players[side] !== undefined && typeof players[side] !== 'string') throw invalid(`players.${side}`, 'must be a name (a string)');
    }
    if (existsSync(file)) throw new MusterError('FILE_EXISTS', 'file', `${file} already exists; Muster never overwrites a file`);
    let scenario: Scenario;
    try {
      scenario = loadScenario(scenarioRef);
    } catch (e) {
      if (e instanceof ScenarioError) throw new MusterError('SCENARIO', 'scenario', e.message.replace(/^scenario: /, ''));
      throw e;
    }
    const known = new Set(scenario.commands.map((c) => c.id));
    commandIds.forEach((id, i) => {
      if (!known.has(id)) throw notFound(`commandIds[${i}]`, `scenario ${scenario.id} has no command "${id}"`);
    });
    const selected = selectForces(scenario, commandIds);
    const opened = openGameDatabase(file, { create: true, ...pickOpen(options) });
    const now = options.now ?? (() => new Date().toISOString());
    try {
      opened.db.transaction(() => {
        insertScenario(opened.db, selected, {
          players: { USA: (players.USA as string | undefined) ?? 'USA player', CSA: (players.CSA as string | undefined) ?? 'CSA player' },
          createdAt: now(),
          firstStep: firstClockStep(),
          // RI-S03: an army the scenario leaves without orders starts on the infantry Default Order.
          armyDefaultOrder: defaultOrder('infantry'),
        });
        initialiseDice(opened.db, options.seed);
      })();
    } catch (e) {
      opened.db.close();
      removeGameFile(file);
      throw e;
    }
    return new GameService(opened.db, file, opened.version, options);
  }

  /** Opens an existing game file (migrating it, with a backup, if it is from an older Muster). */
  static open(input: OpenGameInput | string, options: ServiceOptions = {}): GameService {
    const file = requireId('file', typeof input === 'string' ? input : requireObject('input', input).file);
    const opened = openGameDatabase(file, pickOpen(options));
    let quick: string;
    try {
      quick = String(opened.db.pragma('quick_check', { simple: true }));
    } catch (e) {
      quick = (e as Error).message;
    }
    if (quick !== 'ok') {
      opened.db.close();
      throw new MusterError('CORRUPT', 'file', `${file} is damaged (${quick})`);
    }
    const hasGame = opened.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'game'").get() as { n: number };
    const row = hasGame.n === 1 ? (opened.db.prepare('SELECT count(*) AS n FROM game').get() as { n: number }) : { n: 0 };
    if (row.n !== 1) {
      opened.db.close();
      throw new MusterError('CORRUPT', 'file', `${file} has no game in it (its creation did not finish)`);
    }
    return new GameService(opened.db, file, opened.version, options);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // -------------------------------------------------------------------------------------------
  // The write path: one transaction per change, event and state together

  private write<T>(kind: EventKind, input: unknown, build: (cs: ChangeSet, game: GameRow) => Draft<T>, opts: { setup?: boolean } = {}): T & { event: HistoryEntry; dice: DiceRecord[] } {
    const seq = this.db.transaction(() => {
      const game = readGame(this.db);
      if (game.ended) throw new MusterError('GAME_ENDED', 'game', 'the game has ended; nothing more can be recorded (undo the end of the game to continue)');
      if (opts.setup && game.started) {
        throw new MusterError('GAME_STARTED', 'game', 'setup values can only be edited before the first turn is played', RULE.sequence);
      }
      const cs = new ChangeSet();
      const draft = build(cs, game);
      // RI-S01: the first change that is not a setup edit starts the game.
      if (!opts.setup && game.started === 0) cs.set('game', 1, 'started', 0, 1);
      const eventSeq = recordEvent(this.db, { kind, summary: draft.summary, input, changes: cs, subjects: draft.subjects, dice: draft.dice }, this.now());
      return { eventSeq, result: draft.result };
    })();
    const event = historyEntry(this.db, seq.eventSeq);
    const dice = diceOfEvents(this.db, [seq.eventSeq]).get(seq.eventSeq) ?? [];
    return { ...seq.result, event, dice };
  }

  /** The die for one roll: typed in from the table, or drawn by the app (inside the change's transaction). */
  private die(typed: DieRoll | undefined): Roll {
    return typed === undefined ? { roll: drawAppRoll(this.db), source: 'app' } : { roll: typed, source: 'table' };
  }

  // -------------------------------------------------------------------------------------------
  // Lookups that refuse unknown ids

  private unit(field: string, id: unknown): UnitRow {
    const unitId = requireId(field, id);
    const u = readUnit(this.db, unitId);
    if (!u) throw notFound(field, `no unit "${unitId}" in this game`);
    return u;
  }

  private command(field: string, id: unknown): CommandRow {
    const commandId = requireId(field, id);
    const c = readCommand(this.db, commandId);
    if (!c) throw notFound(field, `no command "${commandId}" in this game`);
    return c;
  }

  private leader(field: string, id: unknown): LeaderDbRow {
    const leaderId = requireId(field, id);
    const l = readLeader(this.db, leaderId);
    if (!l) throw notFound(field, `no leader "${leaderId}" in this game`);
    return l;
  }

  /** RI-S23: orders need the unit on the map; recording what happened to it at the table does not. */
  private onMapUnit(field: string, id: unknown): UnitRow {
    const u = this.unit(field, id);
    if (!u.on_map) throw forbidden(field, `${u.name} has not arrived yet`, 'Rev. Variable Arrival of Reinforcements');
    return u;
  }

  private onMapCommand(field: string, id: unknown): CommandRow {
    const c = this.command(field, id);
    if (!c.on_map) throw forbidden(field, `${c.name} has not arrived yet`, 'Rev. Variable Arrival of Reinforcements');
    return c;
  }

  // -------------------------------------------------------------------------------------------
  // The chain of command and standing orders, asked of rules/orders.ts

  /** The tree as the rules see it: a command attached elsewhere sits under the gaining command. */
  private tree(commands: CommandRow[] = readCommands(this.db)): RulesCommandNode[] {
    return commands.map((c) => ({ id: c.id, parentId: c.attached_to ?? c.parent_id }));
  }

  private standingOrders(commands: CommandRow[] = readCommands(this.db)): Map<string, { order: OrderCode; from: string }> {
    const tree = this.tree(commands);
    const own: Record<string, OrderCode> = {};
    for (const c of commands) if (c.own_order) own[c.id] = c.own_order;
    const result = new Map<string, { order: OrderCode; from: string }>();
    for (const c of commands) {
      const s = standingOrder(tree, own, c.id);
      result.set(c.id, { order: s.order, from: s.fromCommandId });
    }
    return result;
  }

  private effectiveUnitOrder(u: UnitRow, orders: Map<string, { order: OrderCode; from: string }>): { order: OrderCode; from: string } {
    if (u.own_order) return { order: u.own_order, from: 'unit' };
    return orders.get(u.command_id)!;
  }

  /** Leader ids of the command's superiors, nearest first. */
  private superiorLeaderIds(commandId: string, commands: CommandRow[]): string[] {
    const byId = new Map(commands.map((c) => [c.id, c]));
    return commandAncestors(this.tree(commands), commandId)
      .map((id) => byId.get(id)?.leader_id ?? null)
      .filter((id): id is string => id !== null);
  }

  /** Checks each named leader is a superior of the command in its chain of command. */
  private superiors(field: string, ids: string[], commandId: string, commands: CommandRow[]): LeaderDbRow[] {
    const allowed = new Set(this.superiorLeaderIds(commandId, commands));
    return ids.map((id, i) => {
      const l = this.leader(`${field}[${i}]`, id);
      if (!allowed.has(id)) throw invalid(`${field}[${i}]`, `${l.name} is not a superior leader in ${commandId}'s chain of command`, 'Rev. Order Change DRMs');
      if (l.casualty !== 'none') throw forbidden(`${field}[${i}]`, `${l.name} is ${l.casualty}`, RULE.leaderLosses);
      return l;
    });
  }

  private ledger(): RatingPointsLedger {
    const leaders = readLeaders(this.db);
    return {
      pointsSpent: leaders.filter((l) => l.points_used !== null).map((l) => ({ leaderId: l.id, use: l.points_used as RatingPointsUse })),
      moved: leaders.filter((l) => l.moved === 1).map((l) => l.id),
    };
  }

  /** Spends leaders' rating points for the turn (once per turn each, as rules/activation.ts says). */
  private spendPoints(cs: ChangeSet, field: string, leaders: LeaderDbRow[], use: RatingPointsUse): void {
    const ledger = this.ledger();
    leaders.forEach((l, i) => {
      check(`${field}[${i}]`, askRules(() => maySpendRatingPoints(ledger, { id: l.id, role: l.role })));
      cs.set('leaders', l.id, 'points_used', l.points_used, use);
    });
  }

  /** The rating an officer rolls against: his own, or his replacement's. */
  private officerRating(field: string, c: CommandRow): { leader: LeaderDbRow; rating: number } {
    if (!c.leader_id) throw forbidden(field, `${c.name} has no leader to roll for it`, RULE.leaders);
    const leader = this.leader(field, c.leader_id);
    if (leader.casualty === 'none') return { leader, rating: leader.rating };
    if (leader.replaced && leader.replacement_rating !== null) return { leader, rating: leader.replacement_rating };
    throw forbidden(field, `${leader.name} is ${leader.casualty} and not yet replaced`, 'Rev. Sequence of Play (Leader Replacement Phase)');
  }

  /** Subtree of a command (itself included), with attachments. */
  private subtree(commandId: string, commands: CommandRow[]): Set<string> {
    const children = new Map<string, string[]>();
    for (const c of commands) {
      const p = c.attached_to ?? c.parent_id;
      if (p) children.set(p, [...(children.get(p) ?? []), c.id]);
    }
    const out = new Set<string>();
    const walk = (id: string) => {
      out.add(id);
      for (const k of children.get(id) ?? []) walk(k);
    };
    walk(commandId);
    return out;
  }

  /**
   * The side's acting army commander (for the pre-roll, initiative and attachments): the CSA army's leader;
   * for the USA, Meade once he is on the map, before that the US wing commander (Reynolds), and if he is
   * hors de combat the corps commander the US player chose (rules/activation.ts usArmyCommander).
   */
  private actingArmyCommander(field: string, side: Side, game: GameRow): { leader: LeaderDbRow; rating: number } {
    const army = this.command(field, side === 'USA' ? game.army_usa : game.army_csa);
    const armyLeader = army.leader_id ? readLeader(this.db, army.leader_id) : undefined;
    const wingLeader = side === 'USA' ? readLeaders(this.db).find((l) => l.side === 'USA' && l.role === 'wing') : undefined;
    if (side === 'CSA' || !armyLeader || !wingLeader) return this.officerRating(field, army);
    const acting = askRules(() =>
      usArmyCommander({ meadeArrived: armyLeader.on_map === 1, reynoldsHorsDeCombat: wingLeader.casualty !== 'none', chosenSuccessorId: game.us_successor }),
    );
    if (acting.acting === 'meade') return this.officerRating(field, army);
    if (acting.acting === 'choice-needed') throw forbidden(field, `${acting.reason}: choose him first`, acting.rule);
    const leader = this.leader(field, acting.acting === 'reynolds' ? wingLeader.id : acting.leaderId);
    if (leader.casualty !== 'none') throw forbidden(field, `${leader.name}, acting army commander, is ${leader.casualty}`, acting.rule);
    return { leader, rating: leader.rating };
  }

  // -------------------------------------------------------------------------------------------
  // Queries

  info(): GameInfo {
    const g = readGame(this.db);
    const { canUndo, canRedo } = undoRedoAvailable(this.db);
    return {
      file: this.file,
      schemaVersion: this.schemaVersion,
      scenarioId: g.scenario_id,
      scenarioName: g.scenario_name,
      approximate: g.approximate === 1,
      players: { USA: g.usa_player, CSA: g.csa_player },
      createdAt: g.created_at,
      started: g.started === 1,
      ended: g.ended === 1,
      clock: clockInfo(readClock(this.db), readTurns(this.db)),
      canUndo,
      canRedo,
      eventCount: eventCount(this.db),
      armyCommanders: { USA: this.armyCommanderSummary('USA', g), CSA: this.armyCommanderSummary('CSA', g) },
    };
  }

  private armyCommanderSummary(side: Side, game: GameRow): { leaderId: string; name: string; onMap: boolean } | null {
    try {
      const { leader } = this.actingArmyCommander('side', side, game);
      return { leaderId: leader.id, name: leader.name, onMap: leader.on_map === 1 };
    } catch (e) {
      if (e instanceof MusterError) return null;
      throw e;
    }
  }

  roster(input: RosterQuery = {}): RosterUnit[] {
    const q = requireObject('input', input);
    const side = q.side === undefined ? undefined : requireOneOf('side', q.side, SIDES);
    const includeOffMap = optionalBool('includeOffMap', q.includeOffMap, true);
    const commands = readCommands(this.db);
    const byId = new Map(commands.map((c) => [c.id, c]));
    const within = q.commandId === undefined ? null : this.subtree(this.command('commandId', q.commandId).id, commands);
    const orders = this.standingOrders(commands);
    const path = (id: string): string[] => {
      const names: string[] = [];
      let c = byId.get(id);
      while (c) {
        names.push(c.name);
        const p = c.attached_to ?? c.parent_id;
        c = p ? byId.get(p) : undefined;
      }
      return names;
    };
    return readUnits(this.db)
      .filter((u) => (side === undefined || u.side === side) && (within === null || within.has(u.command_id)) && (includeOffMap || u.on_map === 1))
      .map((u) => {
        const o = this.effectiveUnitOrder(u, orders);
        return {
          id: u.id,
          name: u.name,
          side: u.side,
          arm: u.arm,
          sp: u.sp,
          spLost: u.sp_lost,
          stragglers: u.stragglers,
          abandonedGuns: u.abandoned_guns,
          currentSp: currentSp(u),
          fatigue: u.fatigue,
          status: u.status,
          effectiveOrder: o.order,
          orderSource: o.from,
          orderExpires: u.own_order !== null && u.order_expires === 1,
          weapon: u.weapon,
          commandId: u.command_id,
          commandPath: path(u.command_id),
          horseArtillery: u.horse_artillery === 1,
          sharpshooters: u.sharpshooters === 1,
          canDismount: u.can_dismount === 1,
          mounted: u.mounted === 1,
          outOfAmmo: u.out_of_ammo === 1,
          extendedColumn: u.extended_column === 1,
          strategicMovement: u.strategic_movement === 1,
          skirmishers: u.skirmishers !== null,
          skirmishingFor: u.skirmishers,
          capturedGuns: u.captured_guns,
          destroyedGuns: u.destroyed_guns,
          onMap: u.on_map === 1,
        };
      });
  }

  leaders(): LeaderRow[] {
    return readLeaders(this.db).map((l) => ({
      id: l.id,
      side: l.side,
      name: l.name,
      stars: l.stars,
      rating: l.rating,
      range: l.range,
      role: l.role,
      commandId: l.command_id,
      ratingVerified: l.rating_verified === 1,
      pointsUsed: l.points_used !== null,
      pointsUsedFor: l.points_used,
      moved: l.moved === 1,
      casualty: l.casualty,
      replaced: l.replaced === 1,
      replacementRating: l.replacement_rating,
      onMap: l.on_map === 1,
      arrivalTurnId: l.arrival_turn_id,
      arrivalArea: l.arrival_area,
    }));
  }

  commandTree(): CommandNode[] {
    const commands = readCommands(this.db);
    const orders = this.standingOrders(commands);
    const leaderNames = new Map(readLeaders(this.db).map((l) => [l.id, l.name]));
    const unitsByCommand = new Map<string, UnitRow[]>();
    for (const u of readUnits(this.db)) unitsByCommand.set(u.command_id, [...(unitsByCommand.get(u.command_id) ?? []), u]);
    const nodes = new Map<string, CommandNode>();
    for (const c of commands) {
      const o = orders.get(c.id)!;
      nodes.set(c.id, {
        id: c.id,
        side: c.side,
        level: c.level,
        name: c.name,
        parentId: c.parent_id,
        effectiveParentId: c.attached_to ?? c.parent_id,
        attachedTo: c.attached_to,
        leaderId: c.leader_id,
        leaderName: c.leader_id ? (leaderNames.get(c.leader_id) ?? null) : null,
        cavalry: c.cavalry === 1,
        artillery: c.artillery === 1,
        ownOrder: c.own_order,
        effectiveOrder: o.order,
        orderSource: o.from,
        rsm: c.rsm === 1,
        recovery: c.recovery === 1,
        ineffective: c.ineffective === 1,
        onMap: c.on_map === 1,
        reinforcementGroupId: c.reinforcement_group_id,
        totals: { units: 0, sp: 0, spLost: 0, stragglers: 0, currentSp: 0, guns: 0 },
        children: [],
      });
    }
    const roots: CommandNode[] = [];
    for (const c of commands) {
      const node = nodes.get(c.id)!;
      const parent = node.effectiveParentId ? nodes.get(node.effectiveParentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const total = (node: CommandNode): CommandNode['totals'] => {
      const t = { units: 0, sp: 0, spLost: 0, stragglers: 0, currentSp: 0, guns: 0 };
      for (const u of unitsByCommand.get(node.id) ?? []) {
        t.units += 1;
        t.sp += u.sp;
        t.spLost += u.sp_lost;
        t.stragglers += u.stragglers;
        t.currentSp += currentSp(u);
        if (u.arm === 'artillery') t.guns += currentSp(u);
      }
      for (const child of node.children) {
        const ct = total(child);
        t.units += ct.units;
        t.sp += ct.sp;
        t.spLost += ct.spLost;
        t.stragglers += ct.stragglers;
        t.currentSp += ct.currentSp;
        t.guns += ct.guns;
      }
      node.totals = t;
      return t;
    };
    roots.forEach(total);
    return roots;
  }

  reinforcementGroups(): ReinforcementGroupRow[] {
    const commands = readCommands(this.db);
    return readGroups(this.db).map((g) => ({
      id: g.id,
      side: g.side,
      commandIds: commands.filter((c) => c.reinforcement_group_id === g.id).map((c) => c.id),
      scheduledTurnId: g.scheduled_turn_id,
      entryArea: g.entry_area,
      arrivedTurnId: g.arrived_turn_id,
    }));
  }

  turnState(): TurnState {
    const t = readTurnState(this.db);
    const commands = readCommands(this.db);
    const preroll = (v: number | null) => (v === null ? null : v === 1);
    return {
      turnId: readClock(this.db).turn_id,
      initiative: t.initiative,
      initiativeModifier: t.initiative_modifier,
      armyPointsForInitiative: { USA: t.army_points_usa === 1, CSA: t.army_points_csa === 1 },
      orderPreRoll: { USA: preroll(t.preroll_usa), CSA: preroll(t.preroll_csa) },
      activations: t.activations,
      passesInRow: t.passes_in_row,
      sideToAct: t.side_to_act,
      meAttempted: commands.filter((c) => c.me_attempted === 1).map((c) => c.id),
      orderChangeFailed: commands.filter((c) => c.order_change_failed === 1).map((c) => c.id),
      attachmentMade: t.attachment_made === 1,
      activated: commands
        .filter((c) => c.activation !== null)
        .map((c) => ({ commandId: c.id, side: c.side, effectiveness: c.activation!, phase: c.activation_phase ?? '', order: c.activation_order ?? 0 }))
        .sort((a, b) => a.order - b.order),
      unitsActivated: readActivatedUnits(this.db)
        .map((u) => ({ unitId: u.id, commandId: u.command_id, side: u.side, effectiveness: u.activation!, phase: u.activation_phase ?? '', order: u.activation_order ?? 0 }))
        .sort((a, b) => a.order - b.order),
    };
  }

  history(input: HistoryQuery = {}): HistoryEntry[] {
    const q = requireObject('input', input);
    if (q.limit !== undefined) requireInt('limit', q.limit, 1, 10_000);
    if (q.beforeSeq !== undefined) requireInt('beforeSeq', q.beforeSeq, 1, Number.MAX_SAFE_INTEGER);
    if (q.kinds !== undefined && !Array.isArray(q.kinds)) throw invalid('kinds', 'must be a list of event kinds');
    return listHistory(this.db, input);
  }

  diceLog(input: DiceQuery = {}): DiceRecord[] {
    const q = requireObject('input', input);
    const limit = q.limit === undefined ? 200 : requireInt('limit', q.limit, 1, 10_000);
    const before = q.beforeSeq === undefined ? null : requireInt('beforeSeq', q.beforeSeq, 1, Number.MAX_SAFE_INTEGER);
    return listDice(this.db, before, limit);
  }

  /**
   * The victory tally, computed by rules/victory.ts from the database: each side's loss points (RI-S05,
   * RI-S06), the objectives the players recorded (RI-S27, RI-S28), the result (objectives first, then
   * loss points) and the loss points at the end of each turn, replayed from the event log (RI-S29).
   */
  tally(): VictoryTally {
    const game = readGame(this.db);
    const units = readUnits(this.db);
    const leaders = readLeaders(this.db);
    const usa = sideLosses('USA', units, leaders);
    const csa = sideLosses('CSA', units, leaders);
    const lists = JSON.parse(game.objectives) as Scenario['objectives'];
    const rows = readObjectives(this.db);
    const objectives = Object.fromEntries(
      SIDES.map((side): [Side, SideObjectives] => {
        const geographic = rows.filter((o) => o.side === side).map((o) => ({ id: o.objective_id, name: o.name, occupied: o.occupied === 1 }));
        const occupied = geographic.filter((o) => o.occupied).length;
        const required = lists.required[side];
        const manpowerMet = (side === 'USA' ? game.manpower_usa : game.manpower_csa) === 1;
        return [side, { geographic, occupied, required, geographicMet: occupied >= required, manpowerMet }];
      }),
    ) as Record<Side, SideObjectives>;
    const victory = askRules(() =>
      gameVictory({
        objectivesOccupied: { USA: objectives.USA.occupied, CSA: objectives.CSA.occupied },
        manpowerObjectivesMet: { USA: objectives.USA.manpowerMet, CSA: objectives.CSA.manpowerMet },
        lossPoints: { USA: usa.lossPoints, CSA: csa.lossPoints },
        objectivesRequired: lists.required,
      }),
    );
    return {
      usa,
      csa,
      result: { winner: victory.winner, level: victory.level, by: victory.by, rule: victory.rule },
      byLosses: victoryByLosses(usa.lossPoints, csa.lossPoints),
      objectives,
      lossesByTurn: this.lossesByTurn(units, leaders, game),
      final: game.ended === 1,
    };
  }

  /**
   * Each side's loss points at the end of each turn from the scenario's first turn to the current one
   * (RI-S29): the applied events' changes to the loss fields are replayed from a game with no losses,
   * and the points are counted as tally() counts them. Only the changes to those fields are read.
   */
  private lossesByTurn(units: UnitRow[], leaders: LeaderDbRow[], game: GameRow): VictoryTally['lossesByTurn'] {
    const turns = readTurns(this.db);
    const idx = new Map(turns.map((t) => [t.id, t.idx]));
    const first = idx.get(game.first_turn_id) ?? 0;
    const current = idx.get(readClock(this.db).turn_id) ?? first;
    const changes = statement(
      this.db,
      `SELECT e.seq AS seq, e.turn_id AS turnId, json_extract(c.value, '$.table') AS tbl, json_extract(c.value, '$.key') AS rowKey,
              json_extract(c.value, '$.field') AS field, json_extract(c.value, '$.after') AS after
         FROM events e, json_each(e.payload, '$.changes') c
        WHERE e.undone = 0
          AND json_extract(c.value, '$.table') IN ('units', 'leaders')
          AND json_extract(c.value, '$.field') IN ('sp_lost', 'stragglers', 'destroyed_guns', 'captured_guns', 'casualty')
        ORDER BY e.seq, c.key`,
    ).all() as { seq: number; turnId: string; tbl: 'units' | 'leaders'; rowKey: string; field: string; after: string | number }[];
    // A game starts with no losses: every unit at full strength, every leader unhurt.
    const unitsNow = new Map(units.map((u) => [u.id, { ...u, sp_lost: 0, stragglers: 0, destroyed_guns: 0, captured_guns: 0 }]));
    const leadersNow = new Map(leaders.map((l) => [l.id, { ...l, casualty: 'none' as LeaderDbRow['casualty'] }]));
    const ordered = [...changes].sort((a, b) => (idx.get(a.turnId) ?? 0) - (idx.get(b.turnId) ?? 0) || a.seq - b.seq);
    const out: VictoryTally['lossesByTurn'] = [];
    let next = 0;
    for (const turn of turns) {
      if (turn.idx < first || turn.idx > current) continue;
      for (; next < ordered.length && (idx.get(ordered[next]!.turnId) ?? 0) <= turn.idx; next += 1) {
        const c = ordered[next]!;
        const row = c.tbl === 'units' ? unitsNow.get(c.rowKey) : leadersNow.get(c.rowKey);
        if (row) (row as unknown as Record<string, unknown>)[c.field] = c.after;
      }
      const u = [...unitsNow.values()];
      const l = [...leadersNow.values()];
      out.push({ turnId: turn.id, date: turn.date, time: turn.time, USA: sideLosses('USA', u, l).lossPoints, CSA: sideLosses('CSA', u, l).lossPoints });
    }
    return out;
  }

  verify(): VerifyReport {
    const integrity = String(this.db.pragma('integrity_check', { simple: true }));
    const events = verifyEvents(this.db);
    const dice = verifyDice(this.db);
    const fk = this.db.pragma('foreign_key_check') as unknown[];
    if (fk.length > 0) events.problems.push(`${fk.length} rows break a foreign key`);
    return {
      ok: integrity === 'ok' && events.problems.length === 0 && dice.problems.length === 0,
      integrity,
      events: { count: events.count, ok: events.problems.length === 0, problems: events.problems },
      dice: { count: dice.count, ok: dice.problems.length === 0, problems: dice.problems },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Setup edits

  editLeader(input: EditLeaderInput): ChangeResult {
    requireObject('input', input);
    return this.write('setup.leader', input, (cs) => {
      const l = this.leader('leaderId', input.leaderId);
      const rating = input.rating === undefined ? l.rating : requireInt('rating', input.rating, 0, 9);
      const stars = input.stars === undefined ? l.stars : requireInt('stars', input.stars, 0, 4);
      const range = input.range === undefined ? l.range : requireInt('range', input.range, 0, 20);
      if (input.rating === undefined && input.stars === undefined && input.range === undefined) throw invalid('rating', 'give at least one of rating, stars, range');
      cs.set('leaders', l.id, 'rating', l.rating, rating).set('leaders', l.id, 'stars', l.stars, stars).set('leaders', l.id, 'range', l.range, range);
      cs.set('leaders', l.id, 'rating_verified', l.rating_verified, 1);
      return { summary: `${l.name}: rating ${rating}, ${stars} star(s), range ${range} (from the counter)`, result: {} };
    }, { setup: true });
  }

  editUnit(input: EditUnitInput): ChangeResult {
    requireObject('input', input);
    return this.write('setup.unit', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      if (input.sp === undefined && input.weapon === undefined) throw invalid('sp', 'give sp or weapon');
      const sp = input.sp === undefined ? u.sp : requireInt('sp', input.sp, 1, 40);
      let weapon = u.weapon;
      if (input.weapon !== undefined) {
        if (u.arm === 'artillery') {
          if (input.weapon !== null) throw invalid('weapon', 'artillery has no small-arms weapon type (leave it null)', 'Rev. Range Effects Chart');
        } else {
          weapon = requireOneOf('weapon', input.weapon, WEAPONS);
        }
      }
      cs.set('units', u.id, 'sp', u.sp, sp).set('units', u.id, 'weapon', u.weapon, weapon);
      return { summary: `${u.name}: printed ${sp} SP${weapon ? `, weapon ${weapon}` : ''}`, result: {} };
    }, { setup: true });
  }

  // -------------------------------------------------------------------------------------------
  // Losses

  recordLoss(input: RecordLossInput): ChangeResult {
    requireObject('input', input);
    const straggler = optionalBool('straggler', input.straggler, false);
    return this.write(straggler ? 'loss.straggler' : 'loss.sp', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      const sp = requireInt('sp', input.sp, 1, Number.MAX_SAFE_INTEGER);
      const cause: LossCause = input.cause === undefined ? 'other' : requireOneOf('cause', input.cause, ['small-arms', 'artillery', 'shock', 'other'] as const);
      const now = currentSp(u);
      if (sp > now) throw invalid('sp', `${u.name} has only ${now} SP left; it cannot lose ${sp}`);
      if (straggler) {
        // RI-S04: straggler losses are infantry losses.
        if (u.arm !== 'infantry') throw forbidden('straggler', `${u.name} is ${u.arm}; only infantry loses stragglers`, RULE.stragglers);
        cs.set('units', u.id, 'stragglers', u.stragglers, u.stragglers + sp);
        return { summary: `${u.name} loses ${sp} SP as stragglers`, result: {} };
      }
      if (u.arm === 'artillery' && askRules(() => artilleryLossKind(cause)).kind === 'abandoned-guns') {
        cs.set('units', u.id, 'abandoned_guns', u.abandoned_guns, u.abandoned_guns + sp);
        return { summary: `${u.name} abandons ${sp} gun(s) under small-arms fire (AG marker)`, result: {} };
      }
      cs.set('units', u.id, 'sp_lost', u.sp_lost, u.sp_lost + sp);
      if (u.arm === 'artillery') cs.set('units', u.id, 'destroyed_guns', u.destroyed_guns, u.destroyed_guns + sp);
      // RI-S07: a unit with no printed SP left is eliminated.
      if (u.sp - u.sp_lost - sp === 0) cs.set('units', u.id, 'status', u.status, 'eliminated');
      return { summary: `${u.name} loses ${sp} SP${cause === 'other' ? '' : ` (${cause})`}`, result: {} };
    });
  }

  resolveAbandonedGuns(input: ResolveAbandonedGunsInput): ChangeResult {
    requireObject('input', input);
    return this.write('guns.resolved', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      const outcome = requireOneOf('outcome', input.outcome, ['returned', 'captured'] as const);
      if (u.abandoned_guns === 0) throw forbidden('unitId', `${u.name} has no abandoned guns`, RULE.abandonedGuns);
      this.requireEndOfDay('outcome');
      const n = u.abandoned_guns;
      const r = askRules(() => abandonedGunsAtMidnight({ guns: n, hexInsideFriendlyLines: outcome === 'returned' }));
      cs.set('units', u.id, 'abandoned_guns', n, 0);
      if (r.captured > 0) {
        cs.set('units', u.id, 'sp_lost', u.sp_lost, u.sp_lost + r.captured).set('units', u.id, 'captured_guns', u.captured_guns, u.captured_guns + r.captured);
        if (u.sp - u.sp_lost - r.captured === 0) cs.set('units', u.id, 'status', u.status, 'eliminated');
      }
      return { summary: r.captured === 0 ? `${r.returnedToBattery} abandoned gun(s) return to ${u.name}` : `${r.captured} abandoned gun(s) of ${u.name} are captured by the enemy`, result: {} };
    });
  }

  /** RI-S08: abandoned guns are resolved in the 2400 turn's Cleanup Phase, or on the last turn of the game. */
  private requireEndOfDay(field: string): void {
    const clock = readClock(this.db);
    const game = readGame(this.db);
    if (!eventDueAt(readTurns(this.db), clock, 'abandoned-guns') && clock.turn_id !== game.last_turn_id) {
      const turn = readTurn(this.db, clock.turn_id)!;
      throw forbidden(field, `abandoned guns are resolved at the end of the day (the 2400 turn's Cleanup Phase) or on the last turn, not at ${turn.time} ${clock.segment}.${clock.phase}`, RULE.abandonedGuns);
    }
  }

  captureGuns(input: CaptureGunsInput): ChangeResult {
    requireObject('input', input);
    return this.write('guns.captured', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      if (u.arm !== 'artillery') throw invalid('unitId', `${u.name} is ${u.arm}; only artillery guns are captured`, RULE.victory);
      const sp = requireInt('sp', input.sp, 1, Number.MAX_SAFE_INTEGER);
      const now = currentSp(u);
      if (sp > now) throw invalid('sp', `${u.name} has only ${now} gun(s) in action; it cannot lose ${sp}`);
      cs.set('units', u.id, 'sp_lost', u.sp_lost, u.sp_lost + sp).set('units', u.id, 'captured_guns', u.captured_guns, u.captured_guns + sp);
      if (u.sp - u.sp_lost - sp === 0) cs.set('units', u.id, 'status', u.status, 'eliminated');
      return { summary: `${sp} gun(s) of ${u.name} captured`, result: {} };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Unit state

  setFatigue(input: SetFatigueInput): ChangeResult {
    requireObject('input', input);
    return this.write('fatigue', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      if (u.arm === 'artillery') throw forbidden('unitId', `${u.name} is artillery; fatigue applies to infantry and cavalry`, 'Rev. Cavalry Fatigue');
      const level = requireInt('level', input.level, FATIGUE_LEVELS.min, FATIGUE_LEVELS.max);
      if (level === u.fatigue) throw invalid('level', `${u.name} is already at fatigue level ${level}`);
      cs.set('units', u.id, 'fatigue', u.fatigue, level);
      return { summary: `${u.name}: fatigue ${u.fatigue} -> ${level}`, result: {} };
    });
  }

  setStatus(input: SetStatusInput): ChangeResult {
    requireObject('input', input);
    return this.write('status', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      const status = requireOneOf('status', input.status, UNIT_STATUSES);
      if (status === u.status) throw invalid('status', `${u.name} is already ${status}`);
      cs.set('units', u.id, 'status', u.status, status);
      let extra = '';
      if (status === 'shattered') {
        // The moment the unit shatters it receives its Default Order.
        const d = askRules(() => switchToDefaultOrder(unitSubject(u), 'shattered'));
        cs.set('units', u.id, 'own_order', u.own_order, d.order).set('units', u.id, 'order_expires', u.order_expires, 0);
        extra = `; Default Order ${d.order}`;
      }
      return { summary: `${u.name}: ${u.status} -> ${status}${extra}`, result: {} };
    });
  }

  setUnitFlags(input: SetUnitFlagsInput): ChangeResult {
    requireObject('input', input);
    return this.write('unit.flags', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      const flags: string[] = [];
      const flag = (name: 'mounted' | 'outOfAmmo' | 'extendedColumn' | 'strategicMovement', column: 'mounted' | 'out_of_ammo' | 'extended_column' | 'strategic_movement') => {
        if (input[name] === undefined) return;
        const v = optionalBool(name, input[name], false);
        cs.set('units', u.id, column, u[column], yes(v));
        flags.push(`${name} ${v ? 'on' : 'off'}`);
      };
      if (input.mounted !== undefined && u.can_dismount !== 1) throw forbidden('mounted', `${u.name} cannot mount or dismount`, RULE.cavalry);
      flag('mounted', 'mounted');
      flag('outOfAmmo', 'out_of_ammo');
      flag('extendedColumn', 'extended_column');
      flag('strategicMovement', 'strategic_movement');
      if (flags.length === 0) throw invalid('mounted', 'give at least one of mounted, outOfAmmo, extendedColumn, strategicMovement');
      return { summary: `${u.name}: ${flags.join(', ')}`, result: {} };
    });
  }

  designateSkirmishers(input: DesignateSkirmishersInput): ChangeResult {
    requireObject('input', input);
    return this.write('skirmishers.designated', input, (cs) => {
      const u = this.unit('unitId', input.unitId);
      const brigade = input.brigadeId === undefined ? this.command('unitId', u.command_id) : this.onMapCommand('brigadeId', input.brigadeId);
      const atMe = optionalBool('brigadeAtMe', input.brigadeAtMe, true);
      if (u.skirmishers !== null) throw invalid('unitId', `${u.name} is already out as skirmishers`);
      const units = readUnits(this.db);
      if (units.some((x) => x.skirmishers === brigade.id)) throw forbidden('unitId', `${brigade.name} already has a unit out as skirmishers`, RULE.skirmishers);
      const others = units.filter((x) => x.command_id === brigade.id && x.id !== u.id && x.on_map === 1 && x.status !== 'eliminated');
      const reasons = askRules(() =>
        skirmisherIneligibility({
          brigade: { side: brigade.side, infantry: brigade.level === 'brigade' && commandArm(brigade) === 'infantry', effectiveness: atMe ? 'ME' : 'RE', atStartOfActivation: true },
          candidate: { side: u.side, arm: u.arm, sp: currentSp(u), sharpshooters: u.sharpshooters === 1, memberOfBrigade: u.command_id === brigade.id },
          otherRegimentsSp: others.map(currentSp),
        }),
      );
      if (reasons.length > 0) throw forbidden('unitId', reasons.join('; '), RULE.skirmishers);
      cs.set('units', u.id, 'skirmishers', null, brigade.id);
      return { summary: `${u.name} deployed as skirmishers for ${brigade.name}`, subjects: [`command:${brigade.id}`], result: {} };
    });
  }

  recallSkirmishers(input: RecallSkirmishersInput): ChangeResult {
    requireObject('input', input);
    return this.write('skirmishers.recalled', input, (cs) => {
      const brigade = this.onMapCommand('commandId', input.commandId);
      const atMe = optionalBool('brigadeAtMe', input.brigadeAtMe, true);
      const units = readUnits(this.db);
      const skirmisher = units.find((x) => x.skirmishers === brigade.id);
      if (!skirmisher) throw forbidden('commandId', `${brigade.name} has no skirmishers out`, RULE.skirmishers);
      if (!askRules(() => mayRecallSkirmishers({ effectiveness: atMe ? 'ME' : 'RE', atStartOfActivation: true }))) {
        throw forbidden('brigadeAtMe', 'skirmishers are recalled at the beginning of the brigade\'s activation, at ME', RULE.skirmishers);
      }
      const others = units.filter((x) => x.command_id === brigade.id && x.id !== skirmisher.id);
      const loss = Math.min(askRules(() => skirmisherRecallLoss(others.map((x) => x.sp_lost))), currentSp(skirmisher));
      cs.set('units', skirmisher.id, 'skirmishers', brigade.id, null);
      if (loss > 0) cs.set('units', skirmisher.id, 'sp_lost', skirmisher.sp_lost, skirmisher.sp_lost + loss);
      if (loss > 0 && skirmisher.sp - skirmisher.sp_lost - loss === 0) cs.set('units', skirmisher.id, 'status', skirmisher.status, 'eliminated');
      return { summary: `${skirmisher.name} recalled from skirmishing${loss > 0 ? `, losing ${loss} SP` : ''}`, subjects: [`command:${brigade.id}`], result: {} };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Orders

  setOrders(input: SetOrdersInput): ChangeResult {
    requireObject('input', input);
    return this.write('orders.set', input, (cs) => {
      const hasCommand = input.commandId !== undefined;
      if (hasCommand === (input.unitId !== undefined)) throw invalid('commandId', 'give exactly one of commandId and unitId');
      const ci = optionalBool('commandersInitiative', input.commandersInitiative, false);
      const order = input.order === null ? null : requireOneOf('order', input.order, ORDER_CODES);
      const neighbour = optionalBool('neighbourHasAssaultOrSkirmishOrders', input.neighbourHasAssaultOrSkirmishOrders, true);
      const inEnemyLos = optionalBool('inEnemyLos', input.inEnemyLos, false);
      const c = hasCommand ? this.onMapCommand('commandId', input.commandId) : null;
      const u = hasCommand ? null : this.onMapUnit('unitId', input.unitId);
      const holderCommand = c ?? this.command('unitId', u!.command_id);
      const name = c ? c.name : u!.name;
      if (c && order === null && (c.attached_to ?? c.parent_id) === null) {
        throw forbidden('order', `${c.name} heads the army; all commands must have an order at all times`, RULE.ordersSegment);
      }
      const target = {
        arm: c ? commandArm(c) : u!.arm,
        ineffective: holderCommand.ineffective === 1,
        shattered: u?.status === 'shattered',
        neighbourHasAssaultOrSkirmishOrders: neighbour,
        inEnemyLos,
      };
      if (ci) {
        this.requireSegment('commandersInitiative', ORDERS_SEGMENT, RULE.commandersInitiative);
        if (order === null) throw invalid('order', "a Commander's Initiative order must be an order, not null");
        const leader = this.leader('stackedWithLeaderId', input.stackedWithLeaderId);
        const led = leader.command_id ? readCommand(this.db, leader.command_id) : undefined;
        const commands = readCommands(this.db);
        const chain = [...(c ? [] : [holderCommand.id]), ...askRules(() => commandAncestors(this.tree(commands), holderCommand.id))];
        check('stackedWithLeaderId', askRules(() => commandersInitiative(order, target, { superiorLevel: led?.level ?? null, superiorInChainOfCommand: led !== undefined && chain.includes(led.id) })));
      } else if (order !== null) {
        check('order', askRules(() => canIssueOrder(order, target)));
      }
      const table = c ? 'commands' : 'units';
      const row = c ?? u!;
      if (order === row.own_order && yes(ci) === row.order_expires) throw invalid('order', `${name} already holds ${order ?? 'no order of its own'}`);
      cs.set(table, row.id, 'own_order', row.own_order, order).set(table, row.id, 'order_expires', row.order_expires, yes(ci && order !== null));
      return {
        summary: `${name}: orders ${order ?? (c ? 'removed (follows its superior)' : 'removed (follows its command)')}${ci ? " (Commander's Initiative, expires at end of turn)" : ''}`,
        subjects: [`command:${holderCommand.id}`],
        result: {},
      };
    });
  }

  orderPreRoll(input: OrderPreRollInput): RollChangeResult & { success: boolean } {
    requireObject('input', input);
    return this.write('orders.preroll', input, (cs, game) => {
      const side = requireOneOf('side', input.side, SIDES);
      const typed = optionalRoll('roll', input.roll);
      this.requireStep('side', ORDERS_SEGMENT, 'B', RULE.nonAutomatic);
      const { leader, rating } = this.actingArmyCommander('side', side, game);
      const onMap = optionalBool('armyCommanderOnMap', input.armyCommanderOnMap, leader.on_map === 1);
      const t = readTurnState(this.db);
      const column = side === 'USA' ? 'preroll_usa' : 'preroll_csa';
      if (t[column] !== null) throw forbidden('side', `${side} has already made the army commander's pre-roll this turn`, RULE.nonAutomatic);
      const r = this.die(typed);
      const result = askRules(() => nonAutomaticChangePreRoll({ armyCommanderOnMap: onMap, armyCommanderRating: rating }, r.roll));
      cs.set('turn_state', 1, column, null, yes(result.success));
      return {
        summary: `${side} army commander's pre-roll (${leader.name}${onMap ? '' : ', off the map'}): ${r.roll} ${result.success ? 'passes' : 'fails'}: non-automatic order changes ${result.success ? 'may' : 'may not'} be attempted`,
        dice: [{ purpose: `${side} army commander's pre-roll for non-automatic order changes`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: `<= ${result.highestSuccessfulRoll}`, outcome: result.success ? 'passed' : 'failed' }],
        result: { success: result.success },
      };
    });
  }

  attemptOrderChange(input: OrderChangeAttemptInput): OrderChangeAttemptResult {
    requireObject('input', input);
    return this.write('orders.attempt', input, (cs) => {
      const commands = readCommands(this.db);
      const c = this.onMapCommand('commandId', input.commandId);
      const order = requireOneOf('order', input.order, ORDER_CODES);
      const inRangeIds = optionalIdList('superiorsInRange', input.superiorsInRange);
      const usingIds = optionalIdList('superiorsUsingRating', input.superiorsUsingRating);
      const adjacent = optionalBool('adjacentToEnemy', input.adjacentToEnemy, false);
      const typed = optionalRoll('roll', input.roll);
      this.requireSegment('commandId', ORDERS_SEGMENT, RULE.ordersSegment);
      const inRange = this.superiors('superiorsInRange', inRangeIds, c.id, commands);
      const using = this.superiors('superiorsUsingRating', usingIds, c.id, commands);
      const orders = this.standingOrders(commands);
      const from = orders.get(c.id)!.order;
      if (from === order) throw invalid('order', `${c.name} is already under ${order}`);
      check('commandId', askRules(() => mayAttemptOrderChange(this.tree(commands), commands.filter((x) => x.order_change_failed === 1).map((x) => x.id), c.id)));
      if (c.order_change_failed === 1) throw forbidden('commandId', `${c.name}'s order change already failed this turn; the orders stand`, 'Rev. Order Change Attempt Procedure');
      check('order', askRules(() => canIssueOrder(order, { arm: commandArm(c), ineffective: c.ineffective === 1, shattered: false, neighbourHasAssaultOrSkirmishOrders: optionalBool('neighbourHasAssaultOrSkirmishOrders', input.neighbourHasAssaultOrSkirmishOrders, true), inEnemyLos: optionalBool('inEnemyLos', input.inEnemyLos, false) })));
      const kind = askRules(() => orderChangeAttemptKind({ from, to: order, hasRsm: c.rsm === 1, subject: { arm: commandArm(c) } }));
      // Automatic attempts belong to phase I.A, the others to I.B (Rev. Sequence of Play).
      if (kind.kind === 'automatic') this.requireStep('order', ORDERS_SEGMENT, 'A', kind.rule);
      else this.requireStep('order', ORDERS_SEGMENT, 'B', kind.rule);
      if (kind.kind === 'non-automatic') {
        const t = readTurnState(this.db);
        const pre = c.side === 'USA' ? t.preroll_usa : t.preroll_csa;
        if (pre === null) throw forbidden('commandId', `changing ${from} to ${order} is a non-automatic attempt: make the ${c.side} army commander's pre-roll first`, RULE.nonAutomatic);
        if (pre === 0) throw forbidden('commandId', `the ${c.side} army commander's pre-roll failed this turn: only automatic order changes may be attempted`, RULE.nonAutomatic);
      }
      const { leader, rating } = this.officerRating('commandId', c);
      this.spendPoints(cs, 'superiorsUsingRating', using, 'order-change');
      // RI-S09: the Orders Table DRM is the worst of the orders now standing within the command.
      const sub = this.subtree(c.id, commands);
      const standing = [...new Set(commands.filter((x) => sub.has(x.id) && x.on_map === 1).map((x) => orders.get(x.id)!.order))];
      const r = this.die(typed);
      const attempt = askRules(() =>
        resolveOrderChangeAttempt(
          {
            officerRating: rating,
            drm: {
              superiorsInRange: inRange.length,
              superiorRatingsUsed: using.map((l) => l.rating),
              orders: standing,
              hasRsm: c.rsm === 1,
              isCavalry: c.cavalry === 1,
              adjacentToEnemy: adjacent,
              ineffective: c.ineffective === 1,
            },
          },
          r.roll,
        ),
      );
      if (attempt.success) {
        cs.set('commands', c.id, 'own_order', c.own_order, order).set('commands', c.id, 'order_expires', c.order_expires, 0);
      } else {
        cs.set('commands', c.id, 'order_change_failed', c.order_change_failed, 1);
      }
      return {
        summary: `${c.name} (${leader.name}, rating ${rating}) tries ${from} -> ${order} (${kind.kind}): rolled ${r.roll}, modified ${attempt.modifiedRoll}: ${attempt.success ? 'orders changed' : 'orders stand'}`,
        subjects: [`command:${c.id}`, `leader:${leader.id}`],
        dice: [{ purpose: `Order change: ${c.name} ${from} -> ${order}`, source: r.source, roll: r.roll, modifiers: attempt.drm, modified: attempt.modifiedRoll, target: `<= ${rating}`, outcome: attempt.success ? 'success' : 'failure' }],
        result: { automatic: kind.kind === 'automatic', success: attempt.success, drm: attempt.drm, rating },
      };
    });
  }

  private requireSegment(field: string, segment: string, rule: string): void {
    const clock = readClock(this.db);
    if (clock.segment !== segment) throw forbidden(field, `this belongs to the ${segment} segment; the game is in the ${clock.segment} segment (${clock.phase})`, rule);
  }

  // -------------------------------------------------------------------------------------------
  // Initiative and activation

  rollInitiative(input: InitiativeInput): InitiativeResult {
    requireObject('input', input);
    return this.write<Omit<InitiativeResult, 'event' | 'dice'>>('initiative', input, (cs, game) => {
      const points = requireObject('armyPoints', input.armyPoints);
      const rolls = input.rolls === undefined ? {} : requireObject('rolls', input.rolls);
      const onMapIn = input.armyCommanderOnMap === undefined ? {} : requireObject('armyCommanderOnMap', input.armyCommanderOnMap);
      const typed = { USA: optionalRoll('rolls.USA', rolls.USA), CSA: optionalRoll('rolls.CSA', rolls.CSA) };
      if ((typed.USA === undefined) !== (typed.CSA === undefined)) throw invalid('rolls', 'type both sides\' rolls, or neither (the app rolls both)');
      this.requireSegment('armyPoints', INITIATIVE_SEGMENT, RULE.initiative);
      const t = readTurnState(this.db);
      if (t.initiative !== null) throw forbidden('armyPoints', `${t.initiative} already has the Initiative this turn`, RULE.initiative);
      const modifier = input.initiativeModifier === undefined ? t.initiative_modifier : input.initiativeModifier === null ? null : requireOneOf('initiativeModifier', input.initiativeModifier, SIDES);
      cs.set('turn_state', 1, 'initiative_modifier', t.initiative_modifier, modifier);
      const sides = Object.fromEntries(
        SIDES.map((s) => {
          const uses = optionalBool(`armyPoints.${s}`, points[s], false);
          const { leader, rating } = this.actingArmyCommander(`armyPoints.${s}`, s, game);
          const onMap = optionalBool(`armyCommanderOnMap.${s}`, onMapIn[s], leader.on_map === 1);
          return [s, { leader, rating, uses, onMap }];
        }),
      ) as Record<Side, { leader: LeaderDbRow; rating: number; uses: boolean; onMap: boolean }>;
      const ledger = this.ledger();
      for (const s of SIDES) {
        if (sides[s].uses) check(`armyPoints.${s}`, askRules(() => maySpendRatingPoints(ledger, { id: sides[s].leader.id, role: sides[s].leader.role })));
      }
      const dice: Omit<NewDiceRow, 'eventSeq'>[] = [];
      let outcome;
      // Ties are rolled again (rules/initiative.ts); app rolls repeat until there is a winner.
      for (;;) {
        const r = { USA: this.die(typed.USA), CSA: this.die(typed.CSA) };
        outcome = askRules(() =>
          resolveInitiative({
            USA: { armyCommanderOnMap: sides.USA.onMap, armyCommanderRating: sides.USA.rating, usesArmyCommanderPoints: sides.USA.uses, hasInitiativeModifier: modifier === 'USA', roll: r.USA.roll },
            CSA: { armyCommanderOnMap: sides.CSA.onMap, armyCommanderRating: sides.CSA.rating, usesArmyCommanderPoints: sides.CSA.uses, hasInitiativeModifier: modifier === 'CSA', roll: r.CSA.roll },
          }),
        );
        const o = outcome;
        for (const s of SIDES) {
          const res = o[s];
          dice.push({ purpose: `Initiative: ${s}`, source: r[s].source, roll: r[s].roll, modifiers: res.drm, modified: res.total, target: null, outcome: o.outcome === 're-roll' ? 'tie: roll again' : o.winner === s ? 'wins the Initiative' : 'loses the Initiative' });
        }
        if (outcome.outcome === 'winner' || typed.USA !== undefined) break;
      }
      const totals = { USA: outcome.USA.drm as Itemised, CSA: outcome.CSA.drm as Itemised };
      if (outcome.outcome === 're-roll') {
        return { summary: `Initiative tied at ${outcome.USA.total}: roll again`, dice, result: { winner: null, totals } };
      }
      for (const s of SIDES) {
        if (!sides[s].uses) continue;
        const l = sides[s].leader;
        cs.set('leaders', l.id, 'points_used', l.points_used, 'initiative').set('leaders', l.id, 'moved', l.moved, 1);
        cs.set('turn_state', 1, s === 'USA' ? 'army_points_usa' : 'army_points_csa', 0, 1);
      }
      cs.set('turn_state', 1, 'initiative', null, outcome.winner).set('turn_state', 1, 'side_to_act', t.side_to_act, outcome.winner).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0);
      return {
        summary: `${outcome.winner} wins the Initiative (${outcome.USA.total} to ${outcome.CSA.total}, USA first)`,
        subjects: SIDES.filter((s) => sides[s].uses).map((s) => `leader:${sides[s].leader.id}`),
        dice,
        result: { winner: outcome.winner, totals },
      };
    });
  }

  attemptActivation(input: ActivationAttemptInput): ActivationAttemptResult {
    requireObject('input', input);
    return this.write('activation.attempt', input, (cs) => {
      const commands = readCommands(this.db);
      const ooc = optionalBool('commanderOutOfCommand', input.commanderOutOfCommand, false);
      const subject = this.activationSubject(input, commands, ooc);
      const breastworks = optionalBool('anyUnitInBreastworks', input.anyUnitInBreastworks, false);
      const inRangeIds = optionalIdList('superiorsInRange', input.superiorsInRange);
      const typed = optionalRoll('roll', input.roll);
      const { c, field } = subject;
      // A single unit rolls as a brigade would (no Corps or Division Activation DRM). RI-S26.
      const level: ActivationLevel = subject.unit ? 'brigade' : (c.level as ActivationLevel);
      const t = this.requireSideToAct(field, c.side);
      const superiors = this.superiors('superiorsInRange', inRangeIds, c.id, commands);
      const order = this.activationOrder(subject, commands);
      const options = activationOptions(order);
      if (!options.mayAttemptMe) throw forbidden(field, `${subject.name} is under ${order}: RE activation only`, options.rule);
      // RI-C07: once a higher command has tried for ME, no subordinate may try for ME, in command of it or not.
      if (!subject.unit) check('commandId', askRules(() => mayAttemptMeActivation(this.tree(commands), commands.filter((x) => x.me_attempted === 1).map((x) => x.id), c.id)));
      const phase = readClock(this.db).phase;
      const next = afterActivationAction({ phase: activationPhaseOf(phase), toAct: c.side, consecutivePasses: t.passes_in_row, ended: false }, 'activate');
      if (!subject.unit) cs.set('commands', c.id, 'me_attempted', 0, 1);
      cs.set('turn_state', 1, 'activations', t.activations, t.activations + 1).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0).set('turn_state', 1, 'side_to_act', t.side_to_act, next.toAct);
      // The Initiative player's initial activation is at ME without a roll.
      const free = initiativeMeActivation({ initiativePlayer: t.initiative === c.side, firstActivationOfSegment: t.activations === 0, order });
      if (free.ok) {
        this.recordActivation(cs, subject, 'ME', phase, t.activations + 1);
        return {
          summary: `${subject.name} activates at ME: the Initiative player's initial activation`,
          subjects: [`command:${c.id}`],
          result: { effectiveness: 'ME' as const, drm: { total: 0, items: [] }, rating: 0 },
        };
      }
      const { leader, rating } = this.officerRating(field, c);
      this.spendPoints(cs, 'superiorsInRange', superiors, 'activation');
      const r = this.die(typed);
      const attempt = askRules(() =>
        resolveMeAttempt({ officerRating: rating, drm: { level, anyUnitInBreastworks: breastworks, commanderOutOfCommand: ooc, superiorRatingsInRange: superiors.map((l) => l.rating) } }, r.roll),
      );
      this.recordActivation(cs, subject, attempt.result, phase, t.activations + 1);
      const who = subject.unit ? `${subject.name} (out of command, ${order}; ${leader.name}, rating ${rating})` : `${c.name} (${leader.name}, rating ${rating})`;
      return {
        summary: `${who} tries for ME: rolled ${r.roll}, modified ${attempt.modifiedRoll}: ${attempt.result === 'ME' ? 'ME' : 'to the Confusion Table'}`,
        subjects: [`leader:${leader.id}`, `command:${c.id}`],
        dice: [{ purpose: `ME activation: ${subject.name}`, source: r.source, roll: r.roll, modifiers: attempt.drm, modified: attempt.modifiedRoll, target: `<= ${rating}`, outcome: attempt.result === 'ME' ? 'ME' : 'Confusion Table' }],
        result: { effectiveness: attempt.result, drm: attempt.drm, rating },
      };
    });
  }

  /**
   * What an activation names: a command (either phase), or a single unit in the Out-of-Command
   * Activation Phase (RI-S25), and whether it may still activate this segment: a command or unit
   * activates once per segment, and a command's subordinates activate with it unless its commander
   * is out of command of his superior, who may not include it (RI-T02, RI-S24).
   */
  private activationSubject(input: { commandId?: unknown; unitId?: unknown }, commands: CommandRow[], commanderOutOfCommand: boolean): ActivationSubject {
    const hasCommand = input.commandId !== undefined;
    if (hasCommand === (input.unitId !== undefined)) {
      throw invalid('commandId', 'give exactly one of commandId (a command, In-Command Activation Phase) and unitId (a single unit, Out-of-Command Activation Phase)');
    }
    if (!hasCommand) {
      const u = this.onMapUnit('unitId', input.unitId);
      this.requireSegment('unitId', ACTIVATION_SEGMENT, RULE.activation);
      if (readClock(this.db).phase !== 'B') {
        throw forbidden('unitId', `${u.name}: a single unit is activated in the Out-of-Command Activation Phase (III.B); in the In-Command phase units activate with their command`, RULE.inCommand);
      }
      if (u.status === 'eliminated') throw forbidden('unitId', `${u.name} is eliminated`, RULE.activation);
      if (u.activation !== null) throw forbidden('unitId', `${u.name} has already activated this segment (${effectivenessText(u.activation)})`, RULE.activation);
      return { field: 'unitId', name: u.name, unit: u, c: this.command('unitId', u.command_id) };
    }
    const c = this.onMapCommand('commandId', input.commandId);
    if (!(ACTIVATION_LEVELS as readonly string[]).includes(c.level)) throw invalid('commandId', `${c.name} is a ${c.level}; corps, divisions and brigades are activated`, RULE.activation);
    this.requireSegment('commandId', ACTIVATION_SEGMENT, RULE.activation);
    if (c.activation !== null) throw forbidden('commandId', `${c.name} has already activated this segment (${effectivenessText(c.activation)})`, RULE.activation);
    if (c.me_attempted === 1) throw forbidden('commandId', `${c.name} has already tried to activate for ME this segment`, RULE.activation);
    // A command activates with its superior formation (RI-T02), unless its commander is OOC of his superior:
    // then he "may not be included as part of the superior formation's activation" and acts on his own (RI-S24).
    if (!commanderOutOfCommand) {
      const byId = new Map(commands.map((x) => [x.id, x]));
      const ancestors = askRules(() => commandAncestors(this.tree(commands), c.id)).map((id) => byId.get(id)!);
      const superior = ancestors.find((x) => x.activation !== null || x.me_attempted === 1);
      if (superior) {
        const how = superior.activation === null ? 'tried for ME' : effectivenessText(superior.activation);
        throw forbidden(
          'commandId',
          `${c.name} activated with ${superior.name} this segment (${how}): its subordinates may not activate independently, unless the commander is out of command of his superior (commanderOutOfCommand)`,
          RULE.activation,
        );
      }
    }
    return { field: 'commandId', name: c.name, unit: null, c };
  }

  /** The order an activation is made under: the command's standing order; an out-of-command unit's Default Order (RI-S26). */
  private activationOrder(subject: ActivationSubject, commands: CommandRow[]): OrderCode {
    const standing = this.standingOrders(commands).get(subject.c.id)!.order;
    if (!subject.unit) return standing;
    return askRules(() => unitOrder({ unit: unitSubject(subject.unit!), commandOrder: standing, inCommand: false })).order;
  }

  /** Writes how the command or unit activated, with the activation's event (so undo takes it back). */
  private recordActivation(cs: ChangeSet, subject: ActivationSubject, effectiveness: Effectiveness, phase: string, order: number): void {
    const [table, row] = subject.unit ? (['units', subject.unit] as const) : (['commands', subject.c] as const);
    cs.set(table, row.id, 'activation', row.activation, effectiveness).set(table, row.id, 'activation_phase', row.activation_phase, phase).set(table, row.id, 'activation_order', row.activation_order, order);
  }

  /** Activations alternate, beginning with the Initiative player; the phase ends after three passes. */
  private requireSideToAct(field: string, side: Side) {
    const t = readTurnState(this.db);
    if (t.initiative === null) throw forbidden(field, 'roll for the Initiative first: the Initiative player activates first', RULE.initiative);
    if (t.passes_in_row >= 3) throw forbidden(field, 'three passes in a row have ended this phase; advance the clock', RULE.activation);
    if (t.side_to_act !== null && t.side_to_act !== side) throw forbidden(field, `it is ${t.side_to_act}'s turn to activate or pass`, RULE.activation);
    return t;
  }

  activateRe(input: ActivateReInput): ChangeResult {
    requireObject('input', input);
    return this.write('activation.re', input, (cs) => {
      const commands = readCommands(this.db);
      const ooc = optionalBool('commanderOutOfCommand', input.commanderOutOfCommand, false);
      const subject = this.activationSubject(input, commands, ooc);
      const { c, field } = subject;
      const t = this.requireSideToAct(field, c.side);
      const order = this.activationOrder(subject, commands);
      check(field, askRules(() => activateAtRe(order)));
      const phase = readClock(this.db).phase;
      const next = afterActivationAction({ phase: activationPhaseOf(phase), toAct: c.side, consecutivePasses: t.passes_in_row, ended: false }, 'activate');
      cs.set('turn_state', 1, 'activations', t.activations, t.activations + 1).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0).set('turn_state', 1, 'side_to_act', t.side_to_act, next.toAct);
      this.recordActivation(cs, subject, 'RE', phase, t.activations + 1);
      const summary = subject.unit ? `${subject.name} (out of command) activates at RE (Default Order ${order})` : `${c.name} activates at RE (${order})`;
      return { summary, subjects: [`command:${c.id}`], result: {} };
    });
  }

  pass(input: PassInput): PassResult {
    requireObject('input', input);
    return this.write('activation.pass', input, (cs) => {
      const side = requireOneOf('side', input.side, SIDES);
      this.requireSegment('side', ACTIVATION_SEGMENT, RULE.activation);
      const t = this.requireSideToAct('side', side);
      const next = afterActivationAction({ phase: activationPhaseOf(readClock(this.db).phase), toAct: side, consecutivePasses: t.passes_in_row, ended: false }, 'pass');
      cs.set('turn_state', 1, 'passes_in_row', t.passes_in_row, next.consecutivePasses).set('turn_state', 1, 'side_to_act', t.side_to_act, next.toAct);
      return {
        summary: `${side} passes${next.ended ? ': three passes in a row end the phase' : ''}`,
        result: { passesInRow: next.consecutivePasses, phaseOver: next.ended },
      };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Leaders

  leaderCasualty(input: LeaderCasualtyInput): LeaderCasualtyResult {
    requireObject('input', input);
    return this.write('leader.casualty', input, (cs) => {
      const l = this.leader('leaderId', input.leaderId);
      const typed = optionalRoll('roll', input.roll);
      if (l.casualty !== 'none') throw forbidden('leaderId', `${l.name} is already ${l.casualty}`, RULE.leaderLosses);
      const r = this.die(typed);
      const result = askRules(() => rollLeaderCasualty(r.roll));
      cs.set('leaders', l.id, 'casualty', 'none', result === 'KIA' ? 'killed' : 'wounded');
      return {
        summary: `${l.name} is hit: rolled ${r.roll}, ${result === 'KIA' ? 'killed' : 'wounded'}`,
        dice: [{ purpose: `Leader casualty: ${l.name}`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: '0-4 KIA, 5-9 WIA', outcome: result }],
        result: { result },
      };
    });
  }

  leaderCaptured(input: LeaderInput): ChangeResult {
    requireObject('input', input);
    return this.write('leader.captured', input, (cs) => {
      const l = this.leader('leaderId', input.leaderId);
      if (l.casualty !== 'none') throw forbidden('leaderId', `${l.name} is already ${l.casualty}`, RULE.leaderLosses);
      cs.set('leaders', l.id, 'casualty', 'none', 'captured');
      return { summary: `${l.name} is captured`, result: {} };
    });
  }

  replaceLeader(input: ReplaceLeaderInput): ChangeResult {
    requireObject('input', input);
    return this.write('leader.replaced', input, (cs) => {
      const l = this.leader('leaderId', input.leaderId);
      const rating = input.rating === undefined || input.rating === null ? null : requireInt('rating', input.rating, 0, 9);
      if (l.casualty === 'none') throw forbidden('leaderId', `${l.name} is not a casualty; only fallen leaders are replaced`, 'Rev. Sequence of Play (Leader Replacement Phase)');
      if (l.replaced === 1) throw invalid('leaderId', `${l.name} has already been replaced`);
      cs.set('leaders', l.id, 'replaced', 0, 1).set('leaders', l.id, 'replacement_rating', l.replacement_rating, rating);
      return { summary: `${l.name} is replaced${rating === null ? '' : ` (replacement rating ${rating})`}`, result: {} };
    });
  }

  leaderArrives(input: LeaderInput): ChangeResult {
    requireObject('input', input);
    return this.write('leader.arrived', input, (cs) => {
      const l = this.leader('leaderId', input.leaderId);
      if (l.on_map === 1) throw invalid('leaderId', `${l.name} is already on the map`);
      if (!l.arrives_alone) throw forbidden('leaderId', `${l.name} arrives with his command's reinforcement group`, 'Rev. Variable Arrival of Reinforcements');
      if (l.arrival_turn_id === null) throw forbidden('leaderId', `${l.name} does not enter during this scenario`, 'Rev. Scenario Corrections & Additions');
      const now = readTurn(this.db, readClock(this.db).turn_id)!;
      const due = readTurn(this.db, l.arrival_turn_id)!;
      // RI-S12: a leader arriving alone enters at his scheduled turn or later, without a roll.
      if (now.idx < due.idx) throw forbidden('leaderId', `${l.name} is due at ${due.date} ${due.time}`, 'Rev. Variable Arrival of Reinforcements');
      cs.set('leaders', l.id, 'on_map', 0, 1);
      return { summary: `${l.name} arrives${l.arrival_area ? ` by ${l.arrival_area}` : ''}`, result: {} };
    });
  }

  chooseUsSuccessor(input: { leaderId: string }): ChangeResult {
    requireObject('input', input);
    return this.write('army-commander.successor', input, (cs, game) => {
      const l = this.leader('leaderId', input.leaderId);
      if (l.side !== 'USA' || l.role !== 'corps') throw invalid('leaderId', `${l.name} is not a US corps commander`, 'Rev. US Wing/Grand Division Commanders');
      if (l.casualty !== 'none') throw forbidden('leaderId', `${l.name} is ${l.casualty}`, 'Rev. US Wing/Grand Division Commanders');
      if (game.us_successor === l.id) throw invalid('leaderId', `${l.name} is already the chosen successor`);
      cs.set('game', 1, 'us_successor', game.us_successor, l.id);
      return { summary: `${l.name} will act as US army commander while Reynolds is hors de combat`, subjects: [`leader:${l.id}`], result: {} };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Command markers and attachment

  setCommandMarkers(input: SetCommandMarkersInput): ChangeResult {
    requireObject('input', input);
    return this.write('command.markers', input, (cs) => {
      const c = this.onMapCommand('commandId', input.commandId);
      if (input.rsm === undefined && input.recovery === undefined && input.ineffective === undefined) throw invalid('rsm', 'give at least one of rsm, recovery, ineffective');
      const parts: string[] = [];
      if (input.rsm !== undefined) {
        const v = optionalBool('rsm', input.rsm, false);
        cs.set('commands', c.id, 'rsm', c.rsm, yes(v));
        parts.push(`RSM marker ${v ? 'placed' : 'removed'}`);
      }
      if (input.recovery !== undefined) {
        const v = optionalBool('recovery', input.recovery, false);
        if (v) {
          if (c.level !== 'brigade') throw forbidden('recovery', 'the Recovery marker is placed on brigades', RULE.stragglers);
          const clock = readClock(this.db);
          if (!eventDueAt(readTurns(this.db), clock, 'straggler-recovery-designation')) {
            throw forbidden('recovery', 'Straggler Recovery Designation takes place at 2400, in the Fatigue & Straggler Recovery Designation Phase', RULE.stragglers);
          }
          const order = this.standingOrders().get(c.id)!.order;
          if (!askRules(() => mayDesignateStragglerRecovery(order))) throw forbidden('recovery', `${c.name} is under ${order}; only orders that "Can Recover Stragglers" (HOLD, RSRV) may`, 'Rev. Orders Table');
        }
        cs.set('commands', c.id, 'recovery', c.recovery, yes(v));
        parts.push(`Recovery marker ${v ? 'placed' : 'removed'}`);
      }
      if (input.ineffective !== undefined) {
        const v = optionalBool('ineffective', input.ineffective, false);
        cs.set('commands', c.id, 'ineffective', c.ineffective, yes(v));
        parts.push(v ? 'Ineffective' : 'effective again');
        if (v && c.ineffective === 0) {
          // The moment the command becomes ineffective it receives its Default Order.
          const cause: DefaultOrderCause = 'ineffective';
          const d = askRules(() => switchToDefaultOrder({ arm: commandArm(c) }, cause));
          cs.set('commands', c.id, 'own_order', c.own_order, d.order).set('commands', c.id, 'order_expires', c.order_expires, 0);
          parts.push(`Default Order ${d.order}`);
        }
      }
      return { summary: `${c.name}: ${parts.join(', ')}`, result: {} };
    });
  }

  attachCommand(input: AttachCommandInput): ChangeResult {
    requireObject('input', input);
    return this.write('command.attachment', input, (cs, game) => {
      const commands = readCommands(this.db);
      const c = this.onMapCommand('commandId', input.commandId);
      const gainingRange = optionalBool('gainingCommanderHasDetachingInRange', input.gainingCommanderHasDetachingInRange, true);
      const armyRange = optionalBool('armyCommanderHasDetachingInRange', input.armyCommanderHasDetachingInRange, true);
      this.requireStep('commandId', INITIATIVE_SEGMENT, 'C', 'Rev. Command Attachment');
      const detach = input.toCommandId === null;
      if (input.toCommandId === undefined) throw invalid('toCommandId', 'give the gaining command, or null to detach');
      if (detach && c.attached_to === null) throw invalid('toCommandId', `${c.name} is not attached to another command`);
      const gaining = detach ? this.command('commandId', c.parent_id) : this.onMapCommand('toCommandId', input.toCommandId);
      if (gaining.side !== c.side) throw invalid('toCommandId', `${gaining.name} is on the other side`);
      if (!detach && gaining.id === (c.attached_to ?? c.parent_id)) throw invalid('toCommandId', `${c.name} already answers to ${gaining.name}`);
      // The new tree must not put a command under itself (rules/attachment.ts reattachCommand checks it).
      const movedUnder = [gaining.id, ...askRules(() => commandAncestors(this.tree(commands), gaining.id))];
      if (movedUnder.includes(c.id)) throw invalid('toCommandId', `${gaining.name} is ${c.name} or one of its subordinates`);
      const t = readTurnState(this.db);
      const { leader: army } = this.actingArmyCommander('commandId', c.side, game);
      const verdict = askRules(() =>
        commandAttachment(
          {
            kind: detach ? 'detach' : 'attach',
            moved: { size: c.level, arm: commandArm(c) },
            gaining: { size: gaining.level },
            gainingCommanderHasDetachingInRange: gainingRange,
            armyCommanderHasDetachingInRange: armyRange,
            attachmentsThisTurn: (t.attachment_made & (c.side === 'USA' ? 1 : 2)) === 0 ? 0 : 1,
          },
          this.ledger(),
          { id: army.id, role: army.role },
        ),
      );
      check('commandId', verdict);
      cs.set('commands', c.id, 'attached_to', c.attached_to, detach ? null : gaining.id);
      // attachment_made holds one bit per side: one attachment per turn per side (RI-C11).
      cs.set('turn_state', 1, 'attachment_made', t.attachment_made, t.attachment_made | (c.side === 'USA' ? 1 : 2));
      cs.set('leaders', army.id, 'points_used', army.points_used, 'attachment');
      return {
        summary: detach ? `${c.name} detached from ${this.command('commandId', c.attached_to).name}, back under ${gaining.name}` : `${c.name} attached to ${gaining.name} (${army.name}'s rating points spent)`,
        subjects: [`command:${gaining.id}`, `leader:${army.id}`],
        result: {},
      };
    });
  }

  private requireStep(field: string, segment: string, phase: string, rule: string): void {
    const clock = readClock(this.db);
    if (clock.segment !== segment || clock.phase !== phase) {
      throw forbidden(field, `this is done in step ${segment}.${phase} of the turn; the game is at ${clock.segment}.${clock.phase}`, rule);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Reinforcements

  attemptReinforcement(input: ReinforcementAttemptInput): ReinforcementAttemptResult {
    requireObject('input', input);
    return this.write<Omit<ReinforcementAttemptResult, 'event' | 'dice'>>('reinforcement.attempt', input, (cs, game) => {
      const g = this.group('groupId', input.groupId);
      const typed = optionalRoll('roll', input.roll);
      const clock = readClock(this.db);
      if (g.rolled_turn_id === clock.turn_id) throw forbidden('groupId', `${g.id} has already rolled for entry this turn`, 'Rev. Variable Arrival of Reinforcements');
      const commands = readCommands(this.db);
      const tops = commands.filter((c) => c.reinforcement_group_id === g.id);
      const formationOnMap = optionalBool('formationOnMap', input.formationOnMap, this.formationOnMap(tops, commands));
      // RI-S13: the "Overall Commander" is the side's army commander in person (Meade, not the interim wing commander).
      const armyCommand = this.command('groupId', g.side === 'USA' ? game.army_usa : game.army_csa);
      const armyLeader = armyCommand.leader_id ? readLeader(this.db, armyCommand.leader_id) : undefined;
      const overall = optionalBool('overallCommanderOnMap', input.overallCommanderOnMap, armyLeader?.on_map === 1 && armyLeader.casualty === 'none');
      const arrival = askRules(() => variableArrival({ scheduled: g.scheduled_turn_id, now: clock.turn_id, formationUnitOnMap: formationOnMap, overallCommanderOnMap: overall }));
      if (arrival.status === 'not-yet') throw forbidden('groupId', `${g.id} is due at ${g.scheduled_turn_id}; rolls begin one hour before`, arrival.rule);
      if (arrival.status === 'arrives') {
        return { summary: `${this.arrive(cs, g.id)} (July 1 morning groups arrive as scheduled)`, result: { arrived: true, rolled: false, drm: null } };
      }
      const r = this.die(typed);
      const outcome = askRules(() => arrivalSucceeds(arrival, r.roll));
      cs.set('reinforcement_groups', g.id, 'rolled_turn_id', g.rolled_turn_id, clock.turn_id);
      const summary = outcome.arrives ? this.arrive(cs, g.id) : `${g.id} does not arrive this turn`;
      return {
        summary: `Variable arrival of ${g.id}: rolled ${r.roll}, modified ${outcome.modified}: ${summary}`,
        dice: [{ purpose: `Variable arrival: ${g.id}`, source: r.source, roll: r.roll, modifiers: arrival.drm, modified: outcome.modified ?? r.roll, target: `<= ${arrival.needed}`, outcome: outcome.arrives ? 'arrives' : 'not yet' }],
        result: { arrived: outcome.arrives, rolled: true, drm: arrival.drm },
      };
    });
  }

  /** A combat unit of the group's division or corps is already on the map (Variable Arrival DRMs). */
  private formationOnMap(tops: CommandRow[], commands: CommandRow[]): boolean {
    const byId = new Map(commands.map((c) => [c.id, c]));
    const formations = new Set<string>();
    for (const top of tops) {
      let c: CommandRow | undefined = top;
      while (c) {
        if (c.level === 'division' || c.level === 'corps') formations.add(c.id);
        c = c.parent_id ? byId.get(c.parent_id) : undefined;
      }
    }
    const inFormation = new Set<string>();
    for (const f of formations) for (const id of this.subtree(f, commands)) inFormation.add(id);
    return readUnits(this.db).some((u) => u.on_map === 1 && inFormation.has(u.command_id));
  }

  arriveReinforcement(input: ArriveReinforcementInput): ChangeResult {
    requireObject('input', input);
    return this.write('reinforcement.arrived', input, (cs) => {
      const g = this.group('groupId', input.groupId);
      return { summary: this.arrive(cs, g.id), result: {} };
    });
  }

  /** @internal used by the reinforcement and attachment helpers */
  group(field: string, id: unknown) {
    const groupId = requireId(field, id);
    const g = readGroup(this.db, groupId);
    if (!g) throw notFound(field, `no reinforcement group "${groupId}" in this game`);
    if (g.arrived_turn_id !== null) throw forbidden(field, `${g.id} arrived on turn ${g.arrived_turn_id}`, 'Rev. Variable Arrival of Reinforcements');
    return g;
  }

  /** A group enters: its commands, their subordinates and units come on the map with MRCH orders and an RSM marker. */
  arrive(cs: ChangeSet, groupId: string): string {
    const commands = readCommands(this.db);
    const tops = commands.filter((c) => c.reinforcement_group_id === groupId);
    const clock = readClock(this.db);
    const entering = new Set<string>();
    for (const top of tops) for (const id of this.subtree(top.id, commands)) entering.add(id);
    for (const c of commands) if (entering.has(c.id)) cs.set('commands', c.id, 'on_map', c.on_map, 1);
    for (const u of readUnits(this.db)) if (entering.has(u.command_id)) cs.set('units', u.id, 'on_map', u.on_map, 1);
    for (const l of readLeaders(this.db)) if (l.command_id && entering.has(l.command_id) && !l.arrives_alone) cs.set('leaders', l.id, 'on_map', l.on_map, 1);
    for (const top of tops) {
      cs.set('commands', top.id, 'own_order', top.own_order, REINFORCEMENT_ENTRY_ORDERS.order).set('commands', top.id, 'rsm', top.rsm, 1).set('commands', top.id, 'order_expires', top.order_expires, 0);
    }
    cs.set('reinforcement_groups', groupId, 'arrived_turn_id', null, clock.turn_id);
    return `${tops.map((c) => c.name).join(', ')} ${tops.length === 1 ? 'arrives' : 'arrive'} with ${REINFORCEMENT_ENTRY_ORDERS.order} orders and an RSM marker`;
  }

  // -------------------------------------------------------------------------------------------
  // The clock

  advanceClock(): AdvanceClockResult {
    return this.write('clock.advanced', {}, (cs, game) => {
      const clock = readClock(this.db);
      const turns = readTurns(this.db);
      const next = clockAfter(clock, turns, game.last_turn_id);
      if (next === null) throw forbidden('clock', 'the last game turn is over: end the game', RULE.sequence);
      const t = readTurnState(this.db);
      // Abandoned guns must be resolved before the day ends. RI-S08.
      if (eventDueAt(turns, clock, 'abandoned-guns')) {
        const pending = readUnits(this.db).filter((u) => u.abandoned_guns > 0);
        if (pending.length > 0) throw forbidden('clock', `resolve the abandoned guns of ${pending.map((u) => u.name).join(', ')} before the day ends`, RULE.abandonedGuns);
      }
      cs.set('clock', 1, 'turn_id', clock.turn_id, next.turnId).set('clock', 1, 'step', clock.step, next.step).set('clock', 1, 'segment', clock.segment, next.segment).set('clock', 1, 'phase', clock.phase, next.phase);
      const automatic: string[] = [];
      for (const ev of next.events) automatic.push(...this.applyAutomatic(cs, ev, t, next.turnId));
      const turn = turns.find((x) => x.id === next.turnId)!;
      const info = clockInfo({ turn_id: next.turnId, segment: next.segment, phase: next.phase }, turns);
      return {
        summary: `Clock: ${turn.date} ${turn.time}, ${info.label}${automatic.length ? `; ${automatic.join('; ')}` : ''}`,
        result: { clock: info, automatic },
      };
    });
  }

  private applyAutomatic(cs: ChangeSet, ev: AutomaticEvent, t: ReturnType<typeof readTurnState>, turnId: string): string[] {
    switch (ev) {
      case 'start-activation-phase': {
        const side = t.initiative;
        cs.set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0).set('turn_state', 1, 'side_to_act', t.side_to_act, side);
        return side ? [`${side} activates first`] : [];
      }
      case 'new-turn': {
        // Per-turn state starts afresh: rating points, moves, ME attempts, failed order changes, initiative.
        for (const l of readLeaders(this.db)) {
          cs.set('leaders', l.id, 'points_used', l.points_used, null).set('leaders', l.id, 'moved', l.moved, 0);
        }
        for (const c of readCommands(this.db)) {
          cs.set('commands', c.id, 'me_attempted', c.me_attempted, 0).set('commands', c.id, 'order_change_failed', c.order_change_failed, 0);
          cs.set('commands', c.id, 'activation', c.activation, null).set('commands', c.id, 'activation_phase', c.activation_phase, null).set('commands', c.id, 'activation_order', c.activation_order, null);
        }
        for (const u of readActivatedUnits(this.db)) {
          cs.set('units', u.id, 'activation', u.activation, null).set('units', u.id, 'activation_phase', u.activation_phase, null).set('units', u.id, 'activation_order', u.activation_order, null);
        }
        // RI-S11: by default the previous turn's Initiative winner holds the +1 Initiative Modifier.
        cs.set('turn_state', 1, 'initiative_modifier', t.initiative_modifier, t.initiative);
        for (const [field, v] of [
          ['initiative', null],
          ['army_points_usa', 0],
          ['army_points_csa', 0],
          ['preroll_usa', null],
          ['preroll_csa', null],
          ['activations', 0],
          ['passes_in_row', 0],
          ['side_to_act', null],
          ['attachment_made', 0],
        ] as const) {
          cs.set('turn_state', 1, field, cs.valueOf('turn_state', 1, field, t[field]), v);
        }
        return [`turn ${turnId} begins`];
      }
      case 'expire-commanders-initiative': {
        // RI-S10: a Commander's Initiative order lapses and the holder follows its superior's order again.
        let n = 0;
        for (const c of readCommands(this.db)) {
          if (c.order_expires === 1) {
            cs.set('commands', c.id, 'own_order', c.own_order, null).set('commands', c.id, 'order_expires', 1, 0);
            n += 1;
          }
        }
        for (const u of readUnits(this.db)) {
          if (u.order_expires === 1) {
            cs.set('units', u.id, 'own_order', u.own_order, null).set('units', u.id, 'order_expires', 1, 0);
            n += 1;
          }
        }
        return n > 0 ? [`${n} Commander's Initiative order(s) expired`] : [];
      }
      case 'straggler-recovery': {
        const commands = readCommands(this.db).filter((c) => c.recovery === 1);
        const notes: string[] = [];
        for (const c of commands) {
          let recovered = 0;
          for (const u of readUnits(this.db).filter((x) => x.command_id === c.id && x.stragglers > 0)) {
            const back = askRules(() => stragglersRecovered(u.stragglers));
            cs.set('units', u.id, 'stragglers', u.stragglers, u.stragglers - back);
            recovered += back;
          }
          // The marker has done its work for the night.
          cs.set('commands', c.id, 'recovery', 1, 0);
          notes.push(`${c.name} recovers ${recovered} straggler SP`);
        }
        return notes;
      }
    }
  }

  rollDie(input: RollDieInput): RollDieResult {
    requireObject('input', input);
    return this.write('die.rolled', input, () => {
      const purpose = requireId('purpose', input.purpose);
      const typed = optionalRoll('roll', input.roll);
      const r = this.die(typed);
      return {
        summary: `Die roll for ${purpose}: ${r.roll}`,
        dice: [{ purpose, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: null, outcome: String(r.roll) }],
        result: { roll: r.roll },
      };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Victory objectives, recorded by the players (Rev. Victory)

  /** Records that a side occupies one of the Geographic Objectives on its list, or no longer does. RI-S27. */
  setObjective(input: SetObjectiveInput): ChangeResult {
    requireObject('input', input);
    return this.write('objective.occupied', input, (cs, game) => {
      const side = requireOneOf('side', input.side, SIDES);
      const objectiveId = requireId('objectiveId', input.objectiveId);
      const occupied = requireBool('occupied', input.occupied);
      const o = readObjective(this.db, `${side}:${objectiveId}`);
      if (!o) throw notFound('objectiveId', `"${objectiveId}" is not on the ${side} list of Geographic Objectives in this scenario`);
      if ((o.occupied === 1) === occupied) throw invalid('occupied', `${o.name} is already recorded as ${occupied ? 'occupied' : 'not occupied'} by the ${side}`);
      cs.set('objectives', o.id, 'occupied', o.occupied, yes(occupied));
      const count = readObjectives(this.db).filter((x) => x.side === side && (x.id === o.id ? occupied : x.occupied === 1)).length;
      const required = (JSON.parse(game.objectives) as Scenario['objectives']).required[side];
      return {
        summary: `${side} ${occupied ? 'occupies' : 'no longer occupies'} ${o.name}: ${count} of the ${required} Geographic Objectives needed`,
        result: {},
      };
    });
  }

  /** Records that a side's Manpower Objective (as its scenario sheet sets it) is met, or not. RI-S28. */
  setManpowerObjective(input: SetManpowerObjectiveInput): ChangeResult {
    requireObject('input', input);
    return this.write('objective.manpower', input, (cs, game) => {
      const side = requireOneOf('side', input.side, SIDES);
      const met = requireBool('met', input.met);
      const column = side === 'USA' ? 'manpower_usa' : 'manpower_csa';
      if ((game[column] === 1) === met) throw invalid('met', `the ${side} Manpower Objective is already recorded as ${met ? 'met' : 'not met'}`);
      cs.set('game', 1, column, game[column], yes(met));
      return { summary: `${side} Manpower Objective ${met ? 'met' : 'no longer met'}`, result: {} };
    });
  }

  endGame(): ChangeResult {
    return this.write('game.ended', {}, (cs) => {
      const pending = readUnits(this.db).filter((u) => u.abandoned_guns > 0);
      if (pending.length > 0) throw forbidden('game', `resolve the abandoned guns of ${pending.map((u) => u.name).join(', ')} before the end`, RULE.abandonedGuns);
      cs.set('game', 1, 'ended', 0, 1);
      return { summary: 'The game ends; losses are totalled for victory', result: {} };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Undo and redo

  undo(): UndoRedoResult {
    const seq = this.db.transaction(() => undoHead(this.db))();
    return { event: historyEntry(this.db, seq), ...undoRedoAvailable(this.db) };
  }

  redo(): UndoRedoResult {
    const seq = this.db.transaction(() => redoNext(this.db))();
    return { event: historyEntry(this.db, seq), ...undoRedoAvailable(this.db) };
  }
}

function pickOpen(o: ServiceOptions): OpenOptions {
  const out: OpenOptions = {};
  if (o.migrations) out.migrations = o.migrations;
  if (o.busyTimeoutMs !== undefined) out.busyTimeoutMs = o.busyTimeoutMs;
  return out;
}
