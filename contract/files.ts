/**
 * The shell's own functions: the app, the built-in scenarios and game files (New, Open, Open Recent,
 * Save As, Close, the Recent list), and the payloads of the main-to-window events. They run in the
 * main process around the one open game; the game's own functions are in the other domain files.
 */
import { z } from 'zod';
import { Id, Level, NoInput, Side, pathText, shell, text } from './common';
import { GAME_CHANGE_REASONS, RENDERER_MENU_COMMANDS } from './events';
import { GameInfo } from './game';
import { HouseReadingOffer, HouseReadingsInput } from './house-readings';
import { OptionalRuleModule, OptionalRulesInput } from './optional';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** 'electron' in the desktop app, 'browser' in the browser preview. */
  host: z.enum(['electron', 'browser']),
  platform: z.string(),
  versions: z.record(z.string(), z.string()),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const ScenarioSummary = z.object({
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
export type ScenarioSummary = z.infer<typeof ScenarioSummary>;

export const RecentFile = z.object({ path: z.string(), openedAt: z.string() });
export type RecentFileEntry = z.infer<typeof RecentFile>;

/** New Game: the scenario and options come from the window; the file name from the main process's save dialog. */
export const NewGameInput = z.strictObject({
  scenario: Id,
  commandIds: z.array(Id).min(1).max(200).optional(),
  players: z.strictObject({ USA: text(60).optional(), CSA: text(60).optional() }).optional(),
  /** The optional rules switched on; any left out is off. Recorded in the file, never changed after. */
  optionalRules: OptionalRulesInput.optional(),
  /** The house readings chosen where players read a rule differently; any left out is the documented reading. Never changed after. */
  houseReadings: HouseReadingsInput.optional(),
});
export type NewGameInput = z.infer<typeof NewGameInput>;

/** Open Recent: only a path that is on the Recent list is accepted (the window cannot name arbitrary files). */
export const OpenRecentInput = z.strictObject({ file: pathText(4096) });
export type OpenRecentInput = z.infer<typeof OpenRecentInput>;

/**
 * Save As: where the window has no file dialog (the browser preview), the player names the new file; it
 * goes into the preview's folder. The desktop app's dialog offers the name as its default.
 */
export const SaveGameAsInput = z
  .strictObject({ name: text(120).pipe(z.string().min(1, 'File name: name the new game file')).optional() })
  .optional();
export type SaveGameAsInput = z.infer<typeof SaveGameAsInput>;

/** An open, save or new that the user cancelled in the file dialog is not an error: the value is null. */
const GameOrCancelled = GameInfo.nullable();

export const GameChangedEvent = z.object({
  /** The open game now, or null when none is open. */
  game: GameInfo.nullable(),
  reason: z.enum(GAME_CHANGE_REASONS),
});
export type GameChangedEvent = z.infer<typeof GameChangedEvent>;
export const MenuCommandEvent = z.object({
  command: z.enum(RENDERER_MENU_COMMANDS),
  /** go-screen: the screen's name (renderer/src/screens.ts). */
  screen: z.string().optional(),
});
export type MenuCommandEvent = z.infer<typeof MenuCommandEvent>;

/** The game files of the browser preview's folder (the browser has no file dialog): Open lists them. */
export const GameFolder = z.object({
  folder: z.string(),
  files: z.array(z.object({ name: z.string(), path: z.string(), modifiedAt: z.string(), bytes: z.number().int(), open: z.boolean() })),
});
export type GameFolder = z.infer<typeof GameFolder>;

/** Open from the folder: a file name of the listing only (the window cannot name arbitrary paths). */
export const OpenFromFolderInput = z.strictObject({ name: z.string().min(1).max(255).regex(/^[^/\\]+\.muster$/, 'name must be a .muster file name of the game folder, without a path') });
export type OpenFromFolderInput = z.infer<typeof OpenFromFolderInput>;

/** Help, as Markdown: how to play with Muster (docs/how-to-play.md), then the rules interpretations. */
export const HelpText = z.object({ title: z.string(), guide: z.string(), readings: z.string() });
export type HelpText = z.infer<typeof HelpText>;

/** The window says whether a text field has the keyboard, so Edit > Undo acts on its typing, not the game. */
export const TextFocusInput = z.strictObject({ focused: z.boolean() });
export type TextFocusInput = z.infer<typeof TextFocusInput>;

/** A screen error the window caught (or a page that failed to load), for the log file. */
export const ScreenErrorInput = z.strictObject({
  kind: z.enum(['error', 'unhandledrejection', 'load']),
  message: text(2000),
  stack: text(8000).optional(),
  screen: text(40).optional(),
});
export type ScreenErrorInput = z.infer<typeof ScreenErrorInput>;

/** A game file dropped on the window (desktop app: the path comes from the system's drop). */
export const DroppedFileInput = z.strictObject({ file: pathText(4096) });
export type DroppedFileInput = z.infer<typeof DroppedFileInput>;

/** The shell's functions: they never write a game event. */
export const filesContract = {
  appInfo: shell("Muster's name, version, host (desktop or browser) and platform", NoInput, AppInfo),
  scenarios: shell('The built-in scenarios', NoInput, z.array(ScenarioSummary)),
  optionalRules: shell('The optional rules a new game may switch on', NoInput, z.array(OptionalRuleModule)),
  houseReadings: shell('The house readings a new game may choose, each with its choices (the documented reading first)', NoInput, z.array(HouseReadingOffer)),
  currentGame: shell('The open game, or null', NoInput, GameInfo.nullable()),
  newGame: shell('Creates a game from a scenario (the file name comes from a save dialog)', NewGameInput, GameOrCancelled),
  openGame: shell('Opens a game file chosen in a dialog', NoInput, GameOrCancelled),
  openRecent: shell('Opens a game file from the Recent list', OpenRecentInput, GameInfo),
  saveGameAs: shell('Copies the open game to a new file (named by the player where there is no file dialog) and continues there', SaveGameAsInput, GameOrCancelled),
  closeGame: shell('Closes the open game', NoInput, z.null()),
  recentFiles: shell('The Recent list', NoInput, z.array(RecentFile)),
  removeRecentFile: shell('Removes a file from the Recent list', OpenRecentInput, z.array(RecentFile)),
  gameFolder: shell("The game files of the browser preview's folder, newest first (null in the desktop app, which has a file dialog)", NoInput, GameFolder.nullable()),
  openFromFolder: shell("Opens a game file of the browser preview's folder by name", OpenFromFolderInput, GameInfo),
  helpText: shell('Help: how to play with Muster, then the rules interpretations, as Markdown', NoInput, HelpText),
  reportTextFocus: shell('Whether a text field of the window has the keyboard (Edit > Undo then undoes its typing)', TextFocusInput, z.null()),
  reportScreenError: shell('Writes an error the window caught to the log file', ScreenErrorInput, z.null()),
  openDroppedFile: shell('Opens a game file dropped on the window (desktop app), with the same checks as Open', DroppedFileInput, GameInfo),
};
