/**
 * The contract's handlers: each channel mapped to the game service, and the shell's file operations
 * (New, Open, Open Recent, Save As, Close, Recent files) and the player's charts, holding the one game
 * file that is open.
 * No electron import: the file dialogs, the Recent list and the game backend are passed in, so the
 * tests and the screens' browser bridge use this module as it is.
 *
 * Every change is already on disk when a service call returns; there is no "unsaved" state. Save As
 * copies the open game to the new file with SQLite's online backup and continues on the copy.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { builtInScenarioIds, loadScenario } from '../data/scenarios';
import { OPTIONAL_RULE_MODULES } from '../rules/optional/catalogue';
import { HOUSE_READINGS } from '../rules/house-readings';
import { GAME_CONTRACT, GAME_FUNCTIONS, type KitCounterValues, type AppInfo, type ChannelHandlers, type ErrorInfo, type GameChangedEvent, type GameFunction, type GameInfo, type GameServiceApi, type Input, type ParsedGameCalls, type ScenarioSummary, type WriteAnswer } from '../contract';
import type { CreateGameInput } from '../db/service';
import { ShellError, toErrorInfo } from '../db/dispatch';
import { kitInfo, lookupConfusion, lookupFire, lookupRandomEvent, parseCharts, parseKit, serializeCharts, serializeKit, type PlayerChartsFile } from './charts';
import { GAME_FILE_EXTENSION, withGameFileExtension, type RecentFile } from './files';
import { readHelp } from './help';
import type { SeatBackendFactory } from './seat-backend';
import { createSeatHandlers, type SeatDialogs } from './seat-handlers';

/** One open game file: the service plus what the shell needs around it. */
export interface GameBackend extends GameServiceApi, ParsedGameCalls {
  /** Closes the connection (and releases the file's lock). */
  close(): void;
  /** Copies the open game to `file` with SQLite's online backup API; the open game stays open. */
  backupTo(file: string): Promise<void>;
  /** Before a write: what makes its answer (what it changed) once it has run (db/service/write-answer.ts). */
  answerWrite(): () => WriteAnswer;
}

/** Creates and opens game files (db/ raises MusterError for files it refuses, leaving them untouched). */
export interface GameBackendFactory {
  create(input: CreateGameInput): GameBackend;
  open(file: string): GameBackend;
  /** Games played from two seats (electron/seat-backend.ts); without it, the shell refuses them. */
  seats?: SeatBackendFactory;
}

/** The dialogs of the main process (Electron's dialog module in the app; scripted in tests and the bridge). */
export interface ShellDialogs extends SeatDialogs {
  /** Where to create a new game; null when cancelled. */
  chooseNewGameFile(suggestedName: string): Promise<string | null>;
  /** Which game to open; null when cancelled. */
  chooseGameToOpen(): Promise<string | null>;
  /** Where Save As should put the copy; null when cancelled. */
  /** `name`: the file name the player typed, where the window has no dialog of its own (the browser preview). */
  chooseSaveAsFile(suggestedName: string, name?: string): Promise<string | null>;
  /** Tells the user why a file could not be opened or created (newer Muster, corrupt, not a Muster game...). */
  reportFileError(file: string, error: ErrorInfo): Promise<void>;
}

export interface RecentFilesList {
  list(): RecentFile[];
  add(path: string): RecentFile[];
  remove(path: string): RecentFile[];
}

export interface HandlerDeps {
  backend: GameBackendFactory;
  dialogs: ShellDialogs;
  recent: RecentFilesList;
  /** The player's own charts, kept per user outside the game files (electron/charts.ts). */
  charts: PlayerChartsFile;
  appInfo: AppInfo;
  /** Built-in scenarios; defaults to data/scenarios/. */
  scenarios?: () => ScenarioSummary[];
  /** Called after the open game changed through a file operation (the shell tells the window and rebuilds the menu). */
  onGameChanged?: (event: GameChangedEvent) => void;
  logError?: (message: string, error?: unknown) => void;
  platform?: NodeJS.Platform;
  /**
   * The browser preview's folder of games: Open lists it (the browser has no file dialog). Leave it out in
   * the desktop app, whose Open uses the system's dialog.
   */
  gameFolder?: string;
  /** The folder of Help's pages (electron/help.ts); default the project's docs/ (or the build's out/docs/). */
  helpDir?: string;
  /** The desktop app: a game file dropped on the window may be opened (the browser preview has no paths). */
  acceptsDroppedFiles?: boolean;
  /** The window reported whether a text field has the keyboard (the desktop menu follows it). */
  onTextFocus?: (focused: boolean) => void;
  /** How often a two-seat game's shared folder is looked at, in ms (default 2000; 0: only when asked). */
  sharedFolderEveryMs?: number;
  /** The device a two-seat game's shared folder is remembered for (default: this computer and its user). */
  device?: string;
}

/** The handlers plus what the main process itself needs (menu, file association, quitting). */
export interface ShellHandlers extends ChannelHandlers {
  /** Opens a file named outside the window (menu, command line, file association); errors go to a dialog. */
  openFromShell(file: string): Promise<GameInfo | null>;
  /** The open game, or null. */
  currentBackend(): GameBackend | null;
  /** Closes the open game, if any (on quit). */
  shutdown(): void;
}

/** Reads the built-in scenarios once (the full battle is large) and summarises them for the Start screen. */
export function builtInScenarioSummaries(): ScenarioSummary[] {
  return builtInScenarioIds().map((id) => {
    const s = loadScenario(id);
    return {
      id: s.id,
      name: s.name,
      description: s.description,
      approximate: s.approximate,
      firstTurnId: s.firstTurnId,
      lastTurnId: s.lastTurnId,
      units: s.units.length,
      leaders: s.leaders.length,
      commands: s.commands
        .filter((c) => c.level === 'army' || c.level === 'wing' || c.level === 'corps' || c.level === 'division')
        .map((c) => ({ id: c.id, side: c.side, level: c.level, name: c.name, parentId: c.parentId })),
    };
  });
}

/** A game's counter values as a kit holds them. */
function countersOf(units: ReturnType<GameBackend['roster']>): KitCounterValues[] {
  return units.map((u) => ({ unitId: u.id, cohesionOrdered: u.cohesionOrdered, cohesionDisordered: u.cohesionDisordered, artilleryRow: u.artilleryRow }));
}

function samePath(a: string, b: string, platform: NodeJS.Platform): boolean {
  const [x, y] = [resolve(a), resolve(b)];
  return platform === 'linux' ? x === y : x.toLowerCase() === y.toLowerCase();
}

export function createHandlers(deps: HandlerDeps): ShellHandlers {
  const platform = deps.platform ?? process.platform;
  let current: GameBackend | null = null;
  let scenarioCache: ScenarioSummary[] | null = null;

  const game = (): GameBackend => {
    if (current === null) throw new ShellError('NO_GAME', 'file', 'no game is open: start a new game or open one first');
    return current;
  };

  const changed = (reason: GameChangedEvent['reason']) => {
    deps.onGameChanged?.({ game: current?.info() ?? null, reason });
  };

  /** Makes `next` the open game, closing the previous one only now that the new one is open. */
  const switchTo = (next: GameBackend, reason: GameChangedEvent['reason']): GameInfo => {
    const previous = current;
    if (previous !== next) seats.stop();
    current = next;
    if (previous !== null && previous !== next) {
      try {
        previous.close();
      } catch (e) {
        deps.logError?.('closing the previous game failed', e);
      }
    }
    const info = next.info();
    deps.recent.add(info.file);
    // A two-seat game opened again looks at the shared folder its player picked for it on this device.
    if (previous !== next) seats.resume();
    changed(reason);
    return info;
  };

  /** Opens a file; on refusal tells the user which problem it has (the file is left as it was) and rethrows. */
  const openFile = async (file: string): Promise<GameInfo> => {
    const path = resolve(file);
    if (current !== null && samePath(current.info().file, path, platform)) return current.info();
    let next: GameBackend;
    try {
      next = deps.backend.open(path);
    } catch (e) {
      const error = toErrorInfo(e, deps.logError);
      if (error.code === 'FILE_NOT_FOUND') deps.recent.remove(path);
      await deps.dialogs.reportFileError(path, error);
      throw e;
    }
    return switchTo(next, 'opened');
  };

  // A game played from two seats: its files and its shared folder (electron/seat-handlers.ts).
  const seats = createSeatHandlers({
    dialogs: deps.dialogs,
    backend: deps.backend,
    current: () => current,
    game,
    switchTo: (next, reason) => switchTo(next, reason),
    changed,
    ...(deps.logError ? { logError: deps.logError } : {}),
    sharedFolderEveryMs: deps.sharedFolderEveryMs ?? 2000,
    ...(deps.device !== undefined ? { device: deps.device } : {}),
  });

  const scenarios = () => {
    scenarioCache ??= (deps.scenarios ?? builtInScenarioSummaries)();
    return scenarioCache;
  };

  const shell: Omit<ShellHandlers, GameFunction> = {
    appInfo: () => deps.appInfo,
    scenarios: () => scenarios(),
    optionalRules: () => OPTIONAL_RULE_MODULES.map((m) => ({ ...m })),
    houseReadings: () => HOUSE_READINGS.map((r) => ({ id: r.id, readings: r.readings, name: r.name, changes: r.changes, choices: r.choices.map((c) => ({ ...c })) })),
    currentGame: () => current?.info() ?? null,

    newGame: async (input) => {
      const chosen = await deps.dialogs.chooseNewGameFile(`${input.scenario}.muster`);
      if (chosen === null) return null;
      const file = resolve(withGameFileExtension(chosen));
      let next: GameBackend;
      try {
        next = deps.backend.create({
          file,
          scenario: input.scenario,
          ...(input.commandIds ? { commandIds: input.commandIds } : {}),
          ...(input.players ? { players: input.players } : {}),
          ...(input.optionalRules ? { optionalRules: input.optionalRules } : {}),
          ...(input.houseReadings ? { houseReadings: input.houseReadings } : {}),
        });
      } catch (e) {
        await deps.dialogs.reportFileError(file, toErrorInfo(e, deps.logError));
        throw e;
      }
      return switchTo(next, 'created');
    },

    openGame: async () => {
      const chosen = await deps.dialogs.chooseGameToOpen();
      return chosen === null ? null : openFile(chosen);
    },

    openRecent: async ({ file }) => {
      // The window may only reopen what the user opened before: it cannot name arbitrary files.
      const entry = deps.recent.list().find((f) => samePath(f.path, file, platform));
      if (!entry) throw new ShellError('NOT_FOUND', 'file', `${file} is not on the Recent list; use Open to choose it`);
      return openFile(entry.path);
    },

    saveGameAs: async (input) => {
      const from = game();
      const fromFile = from.info().file;
      const named = input?.name;
      const chosen = await deps.dialogs.chooseSaveAsFile(basename(fromFile), named);
      if (chosen === null) return null;
      const target = resolve(withGameFileExtension(chosen));
      if (samePath(target, fromFile, platform)) return from.info();
      // Muster never overwrites a file: the target may be another game (even one open elsewhere).
      if (existsSync(target)) {
        throw named !== undefined
          ? new ShellError('FILE_EXISTS', 'name', `${basename(target)} is already a game in this folder; Muster never overwrites a file, choose another name`)
          : new ShellError('FILE_EXISTS', 'file', `${target} already exists; Muster never overwrites a file, choose a new name`);
      }
      await from.backupTo(target);
      return switchTo(deps.backend.open(target), 'saved-as');
    },

    ...seats.handlers,

    closeGame: () => {
      seats.stop();
      if (current !== null) {
        const closing = current;
        current = null;
        closing.close();
        changed('closed');
      }
      return null;
    },

    recentFiles: () => deps.recent.list(),
    removeRecentFile: ({ file }) => deps.recent.remove(file),

    gameFolder: () => {
      if (deps.gameFolder === undefined) return null;
      const folder = resolve(deps.gameFolder);
      const open = current?.info().file ?? null;
      const files = existsSync(folder)
        ? readdirSync(folder)
            .filter((name) => name.endsWith('.muster'))
            .map((name) => {
              const path = join(folder, name);
              const st = statSync(path);
              return { name, path, modifiedAt: st.mtime.toISOString(), bytes: st.size, open: open !== null && samePath(open, path, platform) };
            })
            .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.name.localeCompare(b.name))
        : [];
      return { folder, files };
    },

    openFromFolder: async ({ name }) => {
      if (deps.gameFolder === undefined) throw new ShellError('NOT_FOUND', 'name', 'there is no game folder here: use File > Open');
      // Only a plain file name that is in the folder now: never a path the window made up.
      if (basename(name) !== name || !name.endsWith('.muster')) throw new ShellError('INVALID_ARGUMENT', 'name', `${name} is not a game file name of the folder`);
      const path = join(resolve(deps.gameFolder), name);
      if (!existsSync(path)) throw new ShellError('FILE_NOT_FOUND', 'name', `${name} is not in ${resolve(deps.gameFolder)}`);
      return openFile(path);
    },

    helpText: () => readHelp(deps.helpDir),
    reportTextFocus: ({ focused }) => {
      deps.onTextFocus?.(focused);
      return null;
    },
    reportScreenError: ({ kind, message, stack, screen }) => {
      deps.logError?.(`screen ${kind}${screen ? ` on ${screen}` : ''}: ${message}`, stack);
      return null;
    },
    openDroppedFile: async ({ file }) => {
      if (!deps.acceptsDroppedFiles) throw new ShellError('INVALID_ARGUMENT', 'file', 'dropping a file opens it in the desktop app only: here, use File > Open');
      if (!isAbsolute(file) || !file.toLowerCase().endsWith(GAME_FILE_EXTENSION)) {
        throw new ShellError('NOT_MUSTER', 'file', `${basename(file)} is not a Muster game: only ${GAME_FILE_EXTENSION} files can be opened by dropping them on the window`);
      }
      return openFile(file);
    },

    charts: () => deps.charts.read(),
    saveCharts: (charts) => deps.charts.write(charts),
    importCharts: ({ json }) => deps.charts.write(parseCharts(json)),
    exportCharts: () => ({ json: serializeCharts(deps.charts.read()), fileName: 'muster-charts.json' }),
    chartFireResult: ({ strength, modified }) => lookupFire(deps.charts.read(), strength, modified),
    chartConfusionResult: ({ roll, modified }) => lookupConfusion(deps.charts.read(), roll, modified),
    chartRandomEvent: ({ roll }) => lookupRandomEvent(deps.charts.read(), roll),

    // The group's kit: the player's charts with the open game's counter values.
    kitInfo: () => {
      const units = current ? current.roster({}) : null;
      return kitInfo(deps.charts.read(), units ? countersOf(units) : null, units ? units.length : null);
    },
    exportKit: () => {
      const counters = current ? countersOf(current.roster({})) : [];
      const out = serializeKit(deps.charts.read(), counters, current?.info().scenarioName);
      return { ...out, fileName: `muster-kit-${out.fingerprint}.json` };
    },
    importKit: ({ json }) => {
      const kit = parseKit(json);
      const charts = deps.charts.write(kit.charts);
      let changed = 0;
      let unknown: string[] = [];
      if (current && kit.counters.length > 0) {
        const fingerprint = kitInfo(kit.charts, kit.counters, null).fingerprint;
        const r = current.applyCounterValues({ units: kit.counters, fingerprint });
        changed = r.changed;
        unknown = r.unknown;
      }
      const units = current ? current.roster({}) : null;
      return { charts, fingerprint: kitInfo(charts, units ? countersOf(units) : kit.counters, null).fingerprint, changed, unknown, counters: kit.counters.length };
    },

    openFromShell: async (file) => {
      try {
        return await openFile(file);
      } catch {
        return null;
      }
    },
    currentBackend: () => current,
    shutdown: () => {
      seats.stop();
      if (current !== null) {
        current.close();
        current = null;
      }
    },
  };

  // One handler per game function of the contract, same name: the open game runs the input dispatch has
  // parsed, without parsing it again (GameService.runParsed).
  // A change made here in a two-seat game goes to the shared folder at once, as this seat's packet.
  const service = Object.fromEntries(
    GAME_FUNCTIONS.map((fn) => [
      fn,
      GAME_CONTRACT[fn].kind === 'write'
        ? (input: Input<typeof fn>) => {
            const result = game().runParsed(fn, input);
            seats.afterLocalWrite();
            return result;
          }
        : (input: Input<typeof fn>) => game().runParsed(fn, input),
    ]),
  ) as Pick<ChannelHandlers, GameFunction>;

  return { ...shell, ...service };
}
