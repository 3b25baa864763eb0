/**
 * The game store: typed reads of the state tables and the one-time copy of a scenario into a new game
 * file. Writes after creation go through the event log only (db/events.ts), never through here.
 */
import type { Arm, CommandLevel, ConfusionResultKind, OrderCode, PhaseId, SegmentId, Side, UnitStatus, Weapon } from '../rules/types';
import type { SqliteDatabase } from './open';
import { statement } from './statements';

export interface GameRow {
  id: 1;
  scenario_id: string;
  scenario_name: string;
  approximate: number;
  usa_player: string;
  csa_player: string;
  created_at: string;
  army_usa: string;
  army_csa: string;
  first_turn_id: string;
  last_turn_id: string;
  objectives: string;
  started: number;
  ended: number;
  us_successor: string | null;
  /** Whether the players recorded each side's Manpower Objective as met (schema version 2). */
  manpower_usa: number;
  manpower_csa: number;
  /** The weather (schema version 3): rain falling, mud for the rest of the game, rolls made to end the rain. */
  raining: number;
  mud: number;
  rain_stop_rolls: number;
  /** When Random Event M brought the rain, and the last turn a roll to end it was made (schema version 4). */
  rain_began_turn_id: string | null;
  rain_rolled_turn_id: string | null;
  /** The optional rules chosen at creation, JSON (schema version 7; db/service/game-options.ts). */
  optional_rules: string;
  /** The house readings chosen at creation, JSON (schema version 15; db/service/house-readings.ts). */
  house_readings: string;
  /** The demoralization level each side has reached (the demoralization migration; db/service/optional-demoralization.ts). */
  demoralization_usa: number;
  demoralization_csa: number;
  head_seq: number | null;
  redo_seq: number | null;
}

export interface TurnRow {
  id: string;
  idx: number;
  date: string;
  time: string;
  light: 'day' | 'dusk' | 'night' | 'dawn';
  afternoon: number;
}

export interface ClockRow {
  id: 1;
  turn_id: string;
  step: number;
  segment: SegmentId;
  phase: PhaseId;
}

export interface TurnStateRow {
  id: 1;
  initiative: Side | null;
  initiative_modifier: Side | null;
  army_points_usa: number;
  army_points_csa: number;
  preroll_usa: number | null;
  preroll_csa: number | null;
  activations: number;
  passes_in_row: number;
  side_to_act: Side | null;
  attachment_made: number;
  /** Sides that finished their secret entries in this step: bit 1 USA, bit 2 CSA (schema version 3, RI-H01). */
  entries_done: number;
  /** Card-draw activation: the drawn command that has not activated yet (schema version 10, RI-O40). */
  card_pending: string | null;
  /** The obligations of this step settled without a change of state: a JSON array of their ids (schema version 13). */
  settled: string;
}

export interface CommandRow {
  id: string;
  side: Side;
  level: CommandLevel;
  name: string;
  parent_id: string | null;
  leader_id: string | null;
  cavalry: number;
  artillery: number;
  position: number;
  reinforcement_group_id: string | null;
  own_order: OrderCode | null;
  order_expires: number;
  rsm: number;
  recovery: number;
  ineffective: number;
  attached_to: string | null;
  on_map: number;
  me_attempted: number;
  order_change_failed: number;
  /** How the command activated this Activation Segment, or null (schema version 2). */
  activation: Effectiveness | null;
  /** The phase of segment III it activated in ('A' or 'B'). */
  activation_phase: string | null;
  /** Which activation of the turn it was (1, 2, ...). */
  activation_order: number | null;
  /** What the Confusion Table gave it after a failed ME attempt this segment (schema version 3). */
  confusion_result: ConfusionResult | null;
  /** Designated in II.B to recover fatigue this turn (schema version 4). */
  fatigue_recovery: number;
  /** Card-draw activation: the place its card was drawn this turn, or null while in the box (schema version 10). */
  card_drawn: number | null;
}

/** What the Confusion Table gave a command or unit, as far as Muster applies it (RI-K06). */
export type ConfusionResult = ConfusionResultKind;

/** How a command or unit activated: at ME, at RE, or tried for ME and went to the Confusion Table. */
export type Effectiveness = 'ME' | 'RE' | 'confusion';

export type LeaderRole = 'army' | 'wing' | 'corps' | 'division' | 'brigade' | 'artillery' | 'staff';

export interface LeaderDbRow {
  id: string;
  side: Side;
  name: string;
  stars: number;
  rating: number;
  range: number;
  role: LeaderRole;
  command_id: string | null;
  rating_verified: number;
  position: number;
  points_used: string | null;
  moved: number;
  casualty: 'none' | 'wounded' | 'killed' | 'captured';
  replaced: number;
  replacement_rating: number | null;
  arrives_alone: number;
  arrival_turn_id: string | null;
  arrival_area: string | null;
  on_map: number;
  /** Lent his star rank to a UDD or Rally roll this turn (schema version 3). */
  rally_used: number;
}

export interface UnitRow {
  id: string;
  side: Side;
  name: string;
  arm: Arm;
  sp: number;
  weapon: Weapon | null;
  command_id: string;
  horse_artillery: number;
  sharpshooters: number;
  can_dismount: number;
  men: number | null;
  position: number;
  sp_lost: number;
  stragglers: number;
  abandoned_guns: number;
  captured_guns: number;
  destroyed_guns: number;
  fatigue: number;
  status: UnitStatus;
  mounted: number;
  out_of_ammo: number;
  extended_column: number;
  strategic_movement: number;
  skirmishers: string | null;
  own_order: OrderCode | null;
  order_expires: number;
  on_map: number;
  /** A single unit activated in the Out-of-Command Activation Phase (schema version 2). */
  activation: Effectiveness | null;
  activation_phase: string | null;
  activation_order: number | null;
  /** Field works the unit is in (schema version 3). */
  works: 'none' | 'breastworks' | 'entrenchments';
  /** Designated for a Bayonet Charge (schema version 3). */
  bayonet_charge: number;
  confusion_result: ConfusionResult | null;
  /** The turn the unit last Double Timed (schema version 4). */
  double_time_turn_id: string | null;
  /** Status ladder: hit this turn (schema version 10, RI-O14). */
  ladder_hit: number;
  /** The counter's cohesion ratings, ordered and disordered sides; null until the group enters them (schema version 12). */
  cohesion_ordered: number | null;
  cohesion_disordered: number | null;
  /** A battery's row of the group's artillery range chart (schema version 12); null: not chosen. */
  artillery_row: string | null;
  /** Owes a UDD after a retreat before shock (schema version 13). */
  udd_due: number;
}

export interface ObjectiveRow {
  /** '<side>:<objective id>'. */
  id: string;
  /** The side that must occupy it. */
  side: Side;
  objective_id: string;
  name: string;
  position: number;
  occupied: number;
}

export interface ReinforcementGroupDbRow {
  id: string;
  side: Side;
  scheduled_turn_id: string;
  entry_area: string;
  rolled_turn_id: string | null;
  arrived_turn_id: string | null;
}

/** An Alternative Arrival Area ordered for a group (schema version 3): a side's secret. */
export interface AlternativeArrivalRow {
  id: string;
  side: Side;
  entry_area: string | null;
  ordered_turn_id: string | null;
  rolled_turn_id: string | null;
}

/** A command's Concealed Movement (schema version 3): a side's secret. */
export interface ConcealmentRow {
  id: string;
  side: Side;
  concealed: number;
  /** JSON [{ turnId, hex, note }]. */
  plot: string;
  /** The Messengers option (schema 9): the order on its way to the command, and its ride (db/migrations/0009-messengers.ts). */
  message_order?: OrderCode | null;
  message_sent_turn_id?: string | null;
  message_arrives_turn_id?: string | null;
  message_distance?: number | null;
}

/** A unit's strength now: printed SP less permanent losses, stragglers and guns left on the field. */
export function currentSp(u: Pick<UnitRow, 'sp' | 'sp_lost' | 'stragglers' | 'abandoned_guns'>): number {
  return u.sp - u.sp_lost - u.stragglers - u.abandoned_guns;
}

/**
 * The reads a query keeps while it runs (steadyReads): the one-row tables, the turns and the commands, read
 * once however many checks ask for them. Only queries run this way, so nothing can change under them.
 */
const steady = new WeakMap<SqliteDatabase, Map<string, unknown>>();

function kept<T>(db: SqliteDatabase, sql: string, read: () => T): T {
  const reads = steady.get(db);
  if (reads === undefined) return read();
  if (!reads.has(sql)) reads.set(sql, read());
  return reads.get(sql) as T;
}

/**
 * A value worked out from the state tables, kept for the rest of a steadyReads query (made again outside
 * one): the turn state asks the same question of every command (is the beginning of the Activation
 * Segment done?). `key` names the question; the value must depend on the state tables only.
 */
export function steadyValue<T>(db: SqliteDatabase, key: string, make: () => T): T {
  return kept(db, `value:${key}`, make);
}

/**
 * Runs `query`, which must not write, with the game row, the clock, the turn state, the turns and the
 * commands each read once: the legal actions of the turn state run every order change's and activation's
 * checks, each of which reads the clock and the turn state again (thousands of reads in an Orders Segment
 * of the full battle). The rows it hands out are shared for the query's duration: callers read them only.
 */
export function steadyReads<T>(db: SqliteDatabase, query: () => T): T {
  if (steady.has(db)) return query();
  steady.set(db, new Map());
  try {
    return query();
  } finally {
    steady.delete(db);
  }
}

/**
 * The head of the log, as SQL: the last event not undone (NULL: nothing to undo). Every event after it is
 * undone (db/events.ts), so it walks back from the log's end over those only, none while play goes forward.
 */
export const HEAD_SEQ_SQL = '(SELECT seq FROM events WHERE undone = 0 ORDER BY seq DESC LIMIT 1)';

const GAME_SQL = `SELECT *, ${HEAD_SEQ_SQL} AS head_seq FROM game WHERE id = 1`;
const CLOCK_SQL = 'SELECT * FROM clock WHERE id = 1';
const TURN_STATE_SQL = 'SELECT * FROM turn_state WHERE id = 1';
const TURNS_SQL = 'SELECT * FROM turns ORDER BY idx';
const COMMANDS_SQL = 'SELECT * FROM commands ORDER BY position';

/**
 * What the write path asks of the game row before every change: has the game started or ended, and where
 * undo and redo stand. Not the whole row (its objectives and settings are long text no change needs).
 */
export const readWriteGate = (db: SqliteDatabase) =>
  statement(db, `SELECT started, ended, ${HEAD_SEQ_SQL} AS head_seq, redo_seq FROM game WHERE id = 1`).get() as Pick<GameRow, 'started' | 'ended' | 'head_seq' | 'redo_seq'>;
export const readGame = (db: SqliteDatabase) => kept(db, GAME_SQL, () => statement(db, GAME_SQL).get() as GameRow);
export const readClock = (db: SqliteDatabase) => kept(db, CLOCK_SQL, () => statement(db, CLOCK_SQL).get() as ClockRow);
export const readTurnState = (db: SqliteDatabase) => kept(db, TURN_STATE_SQL, () => statement(db, TURN_STATE_SQL).get() as TurnStateRow);
export const readTurns = (db: SqliteDatabase) => kept(db, TURNS_SQL, () => statement(db, TURNS_SQL).all() as TurnRow[]);
export const readTurn = (db: SqliteDatabase, id: string) => statement(db, 'SELECT * FROM turns WHERE id = ?').get(id) as TurnRow | undefined;
export const readUnit = (db: SqliteDatabase, id: string) => statement(db, 'SELECT * FROM units WHERE id = ?').get(id) as UnitRow | undefined;
export const readUnits = (db: SqliteDatabase) => statement(db, 'SELECT * FROM units ORDER BY position').all() as UnitRow[];
/** Units activated singly this segment (Out-of-Command Activation Phase). */
export const readActivatedUnits = (db: SqliteDatabase) => statement(db, 'SELECT * FROM units WHERE activation IS NOT NULL ORDER BY activation_order').all() as UnitRow[];
/** One command; inside a steadyReads query, from its one read of the commands (the checks look up hundreds). */
export const readCommand = (db: SqliteDatabase, id: string) =>
  steady.has(db) ? steadyValue(db, 'commands-by-id', () => new Map(readCommands(db).map((c) => [c.id, c]))).get(id) : (statement(db, 'SELECT * FROM commands WHERE id = ?').get(id) as CommandRow | undefined);
export const readCommands = (db: SqliteDatabase) => kept(db, COMMANDS_SQL, () => statement(db, COMMANDS_SQL).all() as CommandRow[]);
/**
 * The commands by id, made once per read of the commands (one array: inside a steadyReads query, the one
 * every check shares): the checks the turn state runs for every command each look up its chain.
 */
const byIdOfRead = new WeakMap<readonly CommandRow[], Map<string, CommandRow>>();
export function commandsById<C extends CommandRow>(commands: readonly C[]): Map<string, C> {
  let byId = byIdOfRead.get(commands);
  if (byId === undefined) {
    byId = new Map(commands.map((c) => [c.id, c]));
    byIdOfRead.set(commands, byId);
  }
  return byId as Map<string, C>;
}
/** What the chain of command and the standing orders are worked out from: four columns of every command, not all of them. */
export type CommandLink = Pick<CommandRow, 'id' | 'parent_id' | 'attached_to' | 'own_order'>;
export const readCommandLinks = (db: SqliteDatabase) => statement(db, 'SELECT id, parent_id, attached_to, own_order FROM commands ORDER BY position').all() as CommandLink[];
/**
 * The links of these commands and of every command above them (a command attached elsewhere goes up
 * through the gaining command, as the chain's tree does): all a few units' standing orders are worked out
 * from, read along their chains by the primary key rather than the whole table. UNION stops at a cycle.
 */
export const readCommandChains = (db: SqliteDatabase, ids: Iterable<string>) =>
  statement(
    db,
    `WITH RECURSIVE chain(id) AS (SELECT value FROM json_each(?)
       UNION SELECT coalesce(c.attached_to, c.parent_id) FROM commands c JOIN chain ON c.id = chain.id WHERE coalesce(c.attached_to, c.parent_id) IS NOT NULL)
     SELECT c.id, c.parent_id, c.attached_to, c.own_order FROM commands c WHERE c.id IN (SELECT id FROM chain) ORDER BY c.position`,
  ).all(JSON.stringify([...new Set(ids)])) as CommandLink[];
/** One leader; inside a steadyReads query, from one read of the leaders. */
export const readLeader = (db: SqliteDatabase, id: string) =>
  steady.has(db) ? steadyValue(db, 'leaders-by-id', () => new Map((statement(db, 'SELECT * FROM leaders ORDER BY position').all() as LeaderDbRow[]).map((l) => [l.id, l]))).get(id) : (statement(db, 'SELECT * FROM leaders WHERE id = ?').get(id) as LeaderDbRow | undefined);
export const readLeaders = (db: SqliteDatabase) => statement(db, 'SELECT * FROM leaders ORDER BY position').all() as LeaderDbRow[];
export const readObjectives = (db: SqliteDatabase) => statement(db, 'SELECT * FROM objectives ORDER BY side DESC, position').all() as ObjectiveRow[];
export const readObjective = (db: SqliteDatabase, id: string) => statement(db, 'SELECT * FROM objectives WHERE id = ?').get(id) as ObjectiveRow | undefined;
export const readGroups = (db: SqliteDatabase) => statement(db, 'SELECT * FROM reinforcement_groups ORDER BY scheduled_turn_id, id').all() as ReinforcementGroupDbRow[];
export const readGroup = (db: SqliteDatabase, id: string) => statement(db, 'SELECT * FROM reinforcement_groups WHERE id = ?').get(id) as ReinforcementGroupDbRow | undefined;
export const readAlternativeArrivals = (db: SqliteDatabase) => statement(db, 'SELECT * FROM alternative_arrivals ORDER BY id').all() as AlternativeArrivalRow[];
export const readAlternativeArrival = (db: SqliteDatabase, id: string) => statement(db, 'SELECT * FROM alternative_arrivals WHERE id = ?').get(id) as AlternativeArrivalRow | undefined;
export const readConcealment = (db: SqliteDatabase) => statement(db, 'SELECT * FROM concealment ORDER BY id').all() as ConcealmentRow[];
export const readConcealmentOf = (db: SqliteDatabase, id: string) => statement(db, 'SELECT * FROM concealment WHERE id = ?').get(id) as ConcealmentRow | undefined;
