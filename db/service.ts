/**
 * GameService: the one way to read and change a game file. Each change validates its input, asks the
 * rules engine (rules/) what the rules say, and writes the state change with its event (and its die
 * rolls) in ONE transaction. A refused request throws MusterError and writes nothing.
 *
 * No electron import: the Electron handlers, the CLI (db/cli.ts) and the tests all use this class.
 * Its methods and their argument/result types are the contract's (contract/index.ts GameServiceApi). This class opens
 * and creates game files; each method of the contract is a function of a domain module in db/service/,
 * listed in SERVICE_FUNCTIONS (db/service/index.ts) and installed on the class from there.
 */
import { existsSync } from 'node:fs';
import { loadScenario, ScenarioError } from '../data/scenarios';
import type { Scenario } from '../data/scenario-schema';
import { defaultOrder } from '../rules/orders';
import { SIDES } from '../rules/types';
import { firstClockStep } from './clock';
import { appRoll, seededDie } from './dice';
import { writeInitialGenesis } from './genesis';
import { fileLengthProblem } from './integrity';
import { openingProblems } from './opening-check';
import { GAME_CONTRACT, NewGameInput, type GameFunction, type GameServiceApi, type Input, type Output, type ParsedGameCalls, type PlayerCharts, type Viewer, type WriteAnswer } from '../contract';
import { MusterError, invalid, notFound, refusedInput } from './errors';
import { MIGRATIONS } from './migrations';
import { createGameDatabase, openGameDatabase, type OpenOptions, type SqliteDatabase } from './open';
import { SERVICE_FUNCTIONS, type GameContext } from './service/index';
import { asSeenBy, secretsRecorded } from './service/secrets';
import { anySecretEntry } from './secrets';
import { beforeWrite } from './service/write-answer';
import { normaliseOptionalRules, recordOptionalRules } from './service/game-options';
import { normaliseHouseReadings, recordHouseReadings } from './reading-choices';
import { HOUSE_READING_IDS } from '../rules/house-readings';
import { seatQuery, seatWrite } from './seats/calls';
import { SEAT_CALLS } from './seats/joint-dice';
import { insertScenario, selectForces } from './scenario-insert';
import { optionalIdList, requireId, requireObject } from './validate';

/**
 * Queries that report on the file rather than the game: `verify` checks the event log against the state
 * as it is (and says nothing of any entry), `info` gives the clock, the players and the undo state.
 */
const SEES_THE_FILE_AS_IT_IS = new Set<GameFunction>(['info', 'verify']);

export interface CreateGameInput {
  /** Path of the new .muster file; refused if it exists. */
  file: string;
  /** A built-in scenario id ("gettysburg") or a path to a scenario .json file. */
  scenario: string;
  /** Keep only these commands' subtrees (plus their superiors, for the chain of command). Omit for all. */
  commandIds?: string[];
  players?: { USA?: string; CSA?: string };
  /** The optional rules switched on, as New Game gives them; any left out is off. */
  optionalRules?: NewGameInput['optionalRules'];
  /** The house readings chosen, as New Game gives them; any left out is the documented reading. */
  houseReadings?: NewGameInput['houseReadings'];
}

export interface OpenGameInput {
  file: string;
}

export interface ServiceOptions extends Pick<OpenOptions, 'migrations' | 'busyTimeoutMs'> {
  /** Wall time for events and rolls (tests fix it). */
  now?: () => string;
  /**
   * Tests only: the app's die becomes a generator from this seed, held in memory while the game is open
   * (nothing of it is written to the file). Without it, every app roll is fresh operating-system randomness.
   */
  seed?: number;
  /**
   * A file the opening checks find damaged (db/integrity.ts) is refused ('refuse', the default), or
   * opened read-only with what is damaged in info().damage ('read-only': verify and info use it).
   */
  damaged?: 'refuse' | 'read-only';
  /** The player's charts (the group's kit), read when a result is computed from it; none: results are typed. */
  charts?: () => PlayerCharts;
}

/**
 * The methods of the contract. The class does not declare them one by one: its static block installs
 * each function of SERVICE_FUNCTIONS, whose type proves there is one for every method of GameServiceApi.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface GameService extends GameServiceApi, ParsedGameCalls {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class GameService {
  readonly db: SqliteDatabase;
  readonly file: string;
  readonly schemaVersion: number;
  /** What every service function reads and writes through (db/service/context.ts). */
  private readonly ctx: GameContext;

  static {
    // Each method parses its input by the contract's schema, so a direct call (tests, scripts) is refused
    // exactly as IPC, the bridge and the CLI refuse it, with a typed MusterError, before anything runs;
    // then it runs as runParsed does. db/dispatch.ts, which has parsed the input already, calls runParsed.
    for (const name of Object.keys(SERVICE_FUNCTIONS) as GameFunction[]) {
      const schema = GAME_CONTRACT[name].input;
      Object.defineProperty(GameService.prototype, name, {
        value(this: GameService, input?: unknown) {
          const parsed = schema.safeParse(input);
          if (!parsed.success) throw refusedInput(parsed.error);
          return this.runParsed(name, parsed.data as Input<typeof name>);
        },
        writable: true,
        configurable: true,
      });
    }
  }

  /**
   * Runs a game function on input its contract schema has already parsed (the one check is the caller's:
   * db/dispatch.ts), with the game's context. A write of a two-seat game is signed by its seat and holds its
   * secret entries (db/seats/calls.ts). Every query runs as its viewer may see the game (RI-H01): another
   * side's hidden entries are taken out, and with no viewer nobody's are shown. Only the file's own checks
   * see the file as it is.
   */
  runParsed<K extends GameFunction>(name: K, input: Input<K>): Output<K> {
    const impl = SERVICE_FUNCTIONS[name] as (ctx: GameContext, input: unknown) => Output<K>;
    if (GAME_CONTRACT[name].kind === 'write') return seatWrite(this.ctx, name, input, (ctx) => impl(ctx, input)) as Output<K>;
    if (SEES_THE_FILE_AS_IT_IS.has(name)) return impl(this.ctx, input);
    const viewer = (input as { viewer?: Viewer } | undefined)?.viewer;
    return seatQuery(this.ctx, viewer, (ctx) => asSeenBy(ctx, viewer, (seen) => impl(seen, input)));
  }

  private constructor(db: SqliteDatabase, file: string, version: number, options: ServiceOptions, damage: readonly string[] = []) {
    this.db = db;
    this.file = file;
    this.schemaVersion = version;
    this.ctx = {
      db,
      file,
      schemaVersion: version,
      migrations: options.migrations ?? MIGRATIONS,
      now: options.now ?? (() => new Date().toISOString()),
      damage,
      appDie: options.seed === undefined ? appRoll : seededDie(options.seed),
      charts: options.charts,
      seatCalls: SEAT_CALLS,
    };
    // Whether the file holds any secret entry is learnt here, outside any change: a game whose first calls
    // are changes (undo and redo at a long log's end) would otherwise ask it again inside each one.
    if (damage.length === 0 && secretsRecorded(db)) anySecretEntry(db);
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
    // RI-V04: names are player-typed text: well-formed, NFC and trimmed, as the contract's text() makes them.
    const names: Partial<Record<(typeof SIDES)[number], string>> = {};
    for (const side of SIDES) {
      if (players[side] === undefined) continue;
      if (typeof players[side] !== 'string') throw invalid(`players.${side}`, 'must be a name (a string)');
      const name = PLAYER_NAME.safeParse(players[side]);
      if (!name.success) throw refusedInput(name.error, `players.${side}`);
      names[side] = name.data;
    }
    const rulesChoice = NewGameInput.shape.optionalRules.safeParse(input.optionalRules);
    if (!rulesChoice.success) throw refusedInput(rulesChoice.error, 'optionalRules');
    const optionalRules = normaliseOptionalRules(rulesChoice.data);
    if (typeof input.houseReadings === 'object' && input.houseReadings !== null) {
      const unknown = Object.keys(input.houseReadings).find((k) => !(HOUSE_READING_IDS as string[]).includes(k));
      if (unknown !== undefined) throw invalid(`houseReadings.${unknown}`, `"${unknown}" is not a house reading Muster offers (${HOUSE_READING_IDS.join(', ')})`);
    }
    const readingsChoice = NewGameInput.shape.houseReadings.safeParse(input.houseReadings);
    if (!readingsChoice.success) throw refusedInput(readingsChoice.error, 'houseReadings');
    const houseReadings = normaliseHouseReadings(readingsChoice.data);
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
    const now = options.now ?? (() => new Date().toISOString());
    // The scenario goes in with the schema: one transaction, one sync (db/open.ts initialise).
    // Under a hidden name first, then given its name whole (db/open.ts createGameDatabase).
    const opened = createGameDatabase(file, {
      ...pickOpen(options),
      initialise: (db) => {
        insertScenario(db, selected, {
          players: { USA: names.USA ?? 'USA player', CSA: names.CSA ?? 'CSA player' },
          createdAt: now(),
          firstStep: firstClockStep(),
          // RI-S03: an army the scenario leaves without orders starts on the infantry Default Order.
          armyDefaultOrder: defaultOrder('infantry'),
        });
        recordOptionalRules(db, optionalRules);
        recordHouseReadings(db, houseReadings);
        writeInitialGenesis(db);
      },
    });
    return new GameService(opened.db, file, opened.version, options);
  }

  /**
   * Opens an existing game file (migrating it, with a backup, if it is from an older Muster). A file
   * cut off at its end is refused before it is opened; once open, the cheap checks of db/integrity.ts
   * run (the state tables, the genesis, the ends of the event and dice chains): a damaged file is
   * refused, or with `damaged: 'read-only'` opened read-only with what is damaged in info().damage (RI-V03).
   */
  static open(input: OpenGameInput | string, options: ServiceOptions = {}): GameService {
    const file = requireId('file', typeof input === 'string' ? input : requireObject('input', input).file);
    const readOnlyIfDamaged = options.damaged === 'read-only';
    const damage: string[] = [];
    const cutOff = existsSync(file) ? fileLengthProblem(file) : null;
    if (cutOff !== null) {
      if (!readOnlyIfDamaged) throw damaged(file, [cutOff]);
      damage.push(cutOff);
    }
    const opened = openGameDatabase(file, pickOpen(options));
    let hasGame: boolean;
    try {
      const tables = opened.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'game'").get() as { n: number };
      hasGame = tables.n === 1 && (opened.db.prepare('SELECT count(*) AS n FROM game').get() as { n: number }).n === 1;
    } catch {
      opened.db.close();
      // SQLite's own report ("database disk image is malformed", page numbers) is for `verify`, not for players.
      throw new MusterError('CORRUPT', 'file', `${file} is damaged: parts of it cannot be read, so Muster will not open it. Open a copy you saved earlier, or the backup Muster keeps beside the file`);
    }
    if (!hasGame) {
      opened.db.close();
      throw new MusterError('CORRUPT', 'file', `${file} has no game in it (its creation did not finish)`);
    }
    // A schema that is not the one Muster writes comes first: the file was opened read-only and left as it was.
    damage.push(...opened.schemaProblems.map((p) => `its structure is not the one Muster writes: ${p}`));
    damage.push(...openingProblems(opened.db));
    if (damage.length > 0 && !readOnlyIfDamaged) {
      opened.db.close();
      throw damaged(file, damage);
    }
    return new GameService(opened.db, file, opened.version, options, damage);
  }

  /** What the opening checks found damaged (a damaged file is open read-only); empty for a sound one. */
  get damage(): readonly string[] {
    return this.ctx.damage;
  }

  /**
   * Called before a write asked through the window: returns what makes the write's answer once it has run
   * (what it changed, for the screens to apply: db/service/write-answer.ts).
   */
  answerWrite(): () => WriteAnswer {
    return beforeWrite(this.ctx, this);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** The game's context (db/service/context.ts), for what works on the file as a whole: the two seats' exchange (db/seats/). */
export function contextOf(game: GameService): GameContext {
  return (game as unknown as { ctx: GameContext }).ctx;
}

/** The refusal of a damaged file: what is wrong, and where to look for the rest. */
function damaged(file: string, problems: readonly string[]): MusterError {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return new MusterError('CORRUPT', 'file', `${file} is damaged: ${problems[0]}${more}. Nothing was changed. Open a copy you saved earlier, or the backup Muster keeps beside the file`);
}

/** A player's name as New Game takes it (contract/files.ts). */
const PLAYER_NAME = NewGameInput.shape.players.unwrap().shape.USA.unwrap();

function pickOpen(o: ServiceOptions): OpenOptions {
  const out: OpenOptions = {};
  if (o.migrations) out.migrations = o.migrations;
  if (o.busyTimeoutMs !== undefined) out.busyTimeoutMs = o.busyTimeoutMs;
  return out;
}
