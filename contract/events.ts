/**
 * Messages the main process sends to the window, with no zod: the sandboxed preload imports this file
 * (and only this one) to offer one subscription function per event. Their payload schemas are in
 * contract/files.ts.
 */
export const EVENTS = {
  /** The open game changed outside the screens' own calls (menu Undo/Redo, Open, Save As, a file association). */
  onGameChanged: 'event:game-changed',
  /** A menu item the screens carry out (New Game asks for the scenario first). */
  onMenuCommand: 'event:menu-command',
} as const;
export type EventFunction = keyof typeof EVENTS;
export const EVENT_FUNCTIONS = Object.keys(EVENTS) as EventFunction[];

/** Menu items that the window carries out (the rest run in the main process). */
export const RENDERER_MENU_COMMANDS = ['new-game', 'print-roster', 'export-roster-csv', 'export-log-csv', 'show-help', 'go-screen', 'seats-new', 'seats-join', 'seats-receive', 'seats-send', 'seats-folder'] as const;
export type RendererMenuCommand = (typeof RENDERER_MENU_COMMANDS)[number];

/**
 * Why the open game changed, as the main process tells the window: 'received' when what the other seat sent
 * came in (a packet, the reply), 'folder-problem' when a look at the shared folder failed.
 */
export const GAME_CHANGE_REASONS = ['opened', 'created', 'saved-as', 'closed', 'undo', 'redo', 'received', 'folder-problem'] as const;
