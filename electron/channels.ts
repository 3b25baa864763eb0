/**
 * The contract's channel list: each `window.muster` function name and the IPC channel it invokes.
 * Kept free of zod so the sandboxed preload bundles only this table; electron/api.ts pairs every
 * entry with its input and output schemas (and the type checker makes sure none is missing).
 *
 * Game-service functions have the service method's own name (db/service-types.ts GAME_SERVICE_METHODS);
 * the file functions are the shell's (New, Open, Open Recent, Save As, Close, Recent files).
 */
export const CHANNELS = {
  // the shell: app, scenarios and game files
  appInfo: 'app:info',
  scenarios: 'scenarios:list',
  currentGame: 'game:current',
  newGame: 'game:new',
  openGame: 'game:open',
  openRecent: 'game:open-recent',
  saveGameAs: 'game:save-as',
  closeGame: 'game:close',
  recentFiles: 'recent:list',
  removeRecentFile: 'recent:remove',
  // the game service: queries
  info: 'game:info',
  roster: 'roster:get',
  leaders: 'leaders:get',
  commandTree: 'commands:tree',
  reinforcementGroups: 'reinforcements:list',
  turnState: 'turn:state',
  history: 'history:list',
  diceLog: 'dice:log',
  tally: 'tally:get',
  verify: 'game:verify',
  // setup
  editLeader: 'setup:edit-leader',
  editUnit: 'setup:edit-unit',
  // play
  recordLoss: 'loss:record',
  setFatigue: 'unit:set-fatigue',
  setStatus: 'unit:set-status',
  setUnitFlags: 'unit:set-flags',
  designateSkirmishers: 'skirmishers:designate',
  recallSkirmishers: 'skirmishers:recall',
  setOrders: 'orders:set',
  orderPreRoll: 'orders:pre-roll',
  attemptOrderChange: 'orders:attempt',
  rollInitiative: 'initiative:roll',
  attemptActivation: 'activation:attempt',
  activateRe: 'activation:re',
  pass: 'activation:pass',
  leaderCasualty: 'leader:casualty',
  leaderCaptured: 'leader:captured',
  replaceLeader: 'leader:replace',
  leaderArrives: 'leader:arrives',
  chooseUsSuccessor: 'leader:us-successor',
  resolveAbandonedGuns: 'guns:resolve-abandoned',
  captureGuns: 'guns:capture',
  setCommandMarkers: 'command:set-markers',
  attachCommand: 'command:attach',
  attemptReinforcement: 'reinforcement:attempt',
  arriveReinforcement: 'reinforcement:arrive',
  advanceClock: 'clock:advance',
  rollDie: 'dice:roll',
  setObjective: 'objective:set',
  setManpowerObjective: 'objective:set-manpower',
  endGame: 'game:end',
  undo: 'history:undo',
  redo: 'history:redo',
} as const;

export type ChannelFunction = keyof typeof CHANNELS;
export type ChannelName = (typeof CHANNELS)[ChannelFunction];
export const CHANNEL_FUNCTIONS = Object.keys(CHANNELS) as ChannelFunction[];

/** Messages the main process sends to the window (the preload offers one subscription function for each). */
export const EVENTS = {
  /** The open game changed outside the screens' own calls (menu Undo/Redo, Open, Save As, a file association). */
  onGameChanged: 'event:game-changed',
  /** A menu item the screens carry out (New Game asks for the scenario first). */
  onMenuCommand: 'event:menu-command',
} as const;

export type EventFunction = keyof typeof EVENTS;
export const EVENT_FUNCTIONS = Object.keys(EVENTS) as EventFunction[];

/** Menu items that the window carries out (the rest run in the main process). */
export const RENDERER_MENU_COMMANDS = ['new-game', 'print-roster', 'export-roster-csv', 'export-log-csv'] as const;
export type RendererMenuCommand = (typeof RENDERER_MENU_COMMANDS)[number];
