/**
 * The application menu as data, built without electron: labels, accelerators, roles and the
 * command each item runs. main.ts turns it into a Menu and binds each `command` to its action,
 * so the tests can check every item, shortcut and disabled state without the binary.
 */
import { basename } from 'node:path';
import { GAME_SCREENS, SCREENS, SCREEN_LABELS, type ScreenName } from '../renderer/src/screens';
import type { RecentFile } from './files';

/** Everything a menu item can ask the main process to do. */
export type MenuCommand =
  | { kind: 'new-game' }
  | { kind: 'open-game' }
  | { kind: 'open-recent'; path: string }
  | { kind: 'clear-recent' }
  | { kind: 'save-as' }
  | { kind: 'print-roster' }
  | { kind: 'export-roster-csv' }
  | { kind: 'export-log-csv' }
  | { kind: 'seats-new' }
  | { kind: 'seats-join' }
  | { kind: 'seats-receive' }
  | { kind: 'seats-send' }
  | { kind: 'seats-folder' }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'go-screen'; screen: ScreenName }
  | { kind: 'show-help' }
  | { kind: 'show-log' }
  | { kind: 'about' };

/** Electron menu roles used here (a subset of MenuItemConstructorOptions['role']). */
export type MenuRole =
  | 'appMenu'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'windowMenu'
  | 'recentDocuments'
  | 'clearRecentDocuments';

/** One menu item as data: the same fields as Electron's MenuItemConstructorOptions, plus `command`. */
export interface MenuItemSpec {
  id?: string;
  label?: string;
  type?: 'normal' | 'separator' | 'submenu';
  role?: MenuRole;
  accelerator?: string;
  /**
   * False: the shortcut is shown beside the item but the window handles the key itself (the screen keys
   * Alt+1..9, which the page must still receive while a text field has focus).
   */
  registerAccelerator?: boolean;
  enabled?: boolean;
  /** Why an item is disabled, for the tests and for anyone reading the template. */
  disabledReason?: string;
  command?: MenuCommand;
  submenu?: MenuItemSpec[];
}

export interface MenuState {
  platform: NodeJS.Platform;
  /** True when the app is packaged: the developer tools item is left out. */
  isPackaged: boolean;
  /** A game file is open (Save As, Undo, Redo need one). */
  hasGame: boolean;
  canUndo: boolean;
  canRedo: boolean;
  recentFiles: readonly RecentFile[];
  /**
   * A text field of the window has the keyboard: Undo and Redo then act on its typing (Electron's edit
   * roles), not on the game. The window reports focus changes (reportTextFocus).
   */
  textFocused?: boolean;
  /** The open game is played from two seats (Receive, Send and Shared Folder need one). */
  isSeatGame?: boolean;
}

const separator: MenuItemSpec = { type: 'separator' };
/** Screens that need an open game (their Go items are disabled without one, as the window's buttons are). */
const GAME_SCREEN_SET: ReadonlySet<ScreenName> = new Set(GAME_SCREENS);
/** Items that act on the open game: enabled with one, disabled (with the reason) without. */
function needsGame(state: MenuState): Pick<MenuItemSpec, 'enabled' | 'disabledReason'> {
  return state.hasGame ? { enabled: true } : { enabled: false, disabledReason: 'no game is open' };
}

/** Items of a game played from two seats: enabled with one open, disabled (with the reason) without. */
function needsSeatGame(state: MenuState): Pick<MenuItemSpec, 'enabled' | 'disabledReason'> {
  return state.isSeatGame ? { enabled: true } : { enabled: false, disabledReason: state.hasGame ? 'the open game is played at one laptop' : 'no game is open' };
}

/** Two seats, each on its own device (RI-H09): the window carries the items out (it asks for the seat first). */
function seatsSubmenu(state: MenuState): MenuItemSpec[] {
  return [
    { id: 'seats-new', label: '&Play from Two Seats…', command: { kind: 'seats-new' } },
    { id: 'seats-join', label: '&Join a Game…', command: { kind: 'seats-join' } },
    separator,
    { id: 'seats-receive', label: '&Receive…', ...needsSeatGame(state), command: { kind: 'seats-receive' } },
    { id: 'seats-send', label: '&Send…', ...needsSeatGame(state), command: { kind: 'seats-send' } },
    { id: 'seats-folder', label: 'Shared &Folder…', ...needsSeatGame(state), command: { kind: 'seats-folder' } },
  ];
}

function recentSubmenu(recent: readonly RecentFile[]): MenuItemSpec[] {
  if (recent.length === 0) return [{ id: 'recent-none', label: 'No Recent Games', enabled: false }];
  return [
    ...recent.map((f, i) => ({
      id: `recent-${i}`,
      label: `${i < 9 ? `&${i + 1} ` : ''}${basename(f.path)}  (${f.path})`,
      command: { kind: 'open-recent', path: f.path } as const,
    })),
    separator,
    { id: 'recent-clear', label: 'Clear Recent', command: { kind: 'clear-recent' } },
  ];
}

/** The whole menu bar for the given state. */
export function buildMenuTemplate(state: MenuState): MenuItemSpec[] {
  const isMac = state.platform === 'darwin';
  const file: MenuItemSpec = {
    id: 'file',
    label: '&File',
    submenu: [
      { id: 'new-game', label: '&New Game…', accelerator: 'CmdOrCtrl+N', command: { kind: 'new-game' } },
      { id: 'open-game', label: '&Open…', accelerator: 'CmdOrCtrl+O', command: { kind: 'open-game' } },
      { id: 'open-recent', label: 'Open &Recent', submenu: recentSubmenu(state.recentFiles) },
      separator,
      {
        id: 'save-as',
        label: 'Save &As…',
        accelerator: 'CmdOrCtrl+Shift+S',
        enabled: state.hasGame,
        ...(state.hasGame ? {} : { disabledReason: 'no game is open' }),
        command: { kind: 'save-as' },
      },
      { id: 'two-seats', label: '&Two Seats', submenu: seatsSubmenu(state) },
      separator,
      { id: 'print-roster', label: '&Print Roster…', accelerator: 'CmdOrCtrl+P', ...needsGame(state), command: { kind: 'print-roster' } },
      { id: 'export-roster-csv', label: 'Export Roster as &CSV…', ...needsGame(state), command: { kind: 'export-roster-csv' } },
      { id: 'export-log-csv', label: 'Export &Log as CSV…', ...needsGame(state), command: { kind: 'export-log-csv' } },
      ...(isMac ? [separator, { role: 'close' as const }] : [separator, { id: 'quit', label: 'E&xit', role: 'quit' as const }]),
    ],
  };
  // Undo and Redo follow the keyboard: in a text field they undo the typing (the edit roles), elsewhere
  // the game's last entry. Both keep the same shortcuts, so Ctrl/Cmd+Z never reaches past a field's typing.
  const gameUndoRedo: MenuItemSpec[] = [
    { id: 'undo', label: '&Undo Last Entry', accelerator: 'CmdOrCtrl+Z', enabled: state.hasGame && state.canUndo, ...(state.hasGame ? {} : { disabledReason: 'no game is open' }), command: { kind: 'undo' } },
    { id: 'redo', label: '&Redo Entry', accelerator: 'CmdOrCtrl+Shift+Z', enabled: state.hasGame && state.canRedo, ...(state.hasGame ? {} : { disabledReason: 'no game is open' }), command: { kind: 'redo' } },
  ];
  const textUndoRedo: MenuItemSpec[] = [
    { id: 'undo', label: '&Undo Typing', role: 'undo', accelerator: 'CmdOrCtrl+Z' },
    { id: 'redo', label: '&Redo Typing', role: 'redo', accelerator: 'CmdOrCtrl+Shift+Z' },
  ];
  const edit: MenuItemSpec = {
    id: 'edit',
    label: '&Edit',
    submenu: [
      ...(state.textFocused ? textUndoRedo : gameUndoRedo),
      separator,
      // Text fields keep their clipboard shortcuts (on macOS they only work through these roles).
      { role: 'cut', accelerator: 'CmdOrCtrl+X' },
      { role: 'copy', accelerator: 'CmdOrCtrl+C' },
      { role: 'paste', accelerator: 'CmdOrCtrl+V' },
      { role: 'selectAll', accelerator: 'CmdOrCtrl+A' },
    ],
  };
  // The screens and their keys, so the Alt+1..9 shortcuts are written somewhere a player looks.
  const go: MenuItemSpec = {
    id: 'go',
    label: '&Go',
    submenu: SCREENS.map((screen, index) => ({
      id: `go-${screen}`,
      label: SCREEN_LABELS[screen],
      accelerator: `Alt+${index + 1}`,
      registerAccelerator: false,
      ...(GAME_SCREEN_SET.has(screen) ? needsGame(state) : {}),
      command: { kind: 'go-screen', screen } as const,
    })),
  };
  const view: MenuItemSpec = {
    id: 'view',
    label: '&View',
    submenu: [
      { role: 'reload' },
      ...(state.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemSpec = {
    id: 'help',
    label: '&Help',
    submenu: [
      { id: 'muster-help', label: 'Muster &Help', accelerator: 'F1', command: { kind: 'show-help' } },
      { id: 'show-log', label: 'Show &Log File', command: { kind: 'show-log' } },
      separator,
      { id: 'about', label: '&About Muster', command: { kind: 'about' } },
    ],
  };
  return [...(isMac ? [{ role: 'appMenu' as const }] : []), file, edit, view, go, ...(isMac ? [{ role: 'windowMenu' as const }] : []), help];
}

/** Every item in the template, depth first (for lookups by id and for the tests). */
export function flattenMenu(items: readonly MenuItemSpec[]): MenuItemSpec[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.submenu ?? [])]);
}
