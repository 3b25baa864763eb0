/**
 * The Electron main process: one secure window showing the UI from app://muster/, the game file it
 * works on, the menu, and the IPC contract. Security (Electron's checklist): single instance;
 * contextIsolation, sandbox, no nodeIntegration, webSecurity; a strict CSP header on every app://
 * response; no remote content; every permission denied; navigation and redirects cancelled; new
 * windows denied (allowlisted https: links open in the browser); every IPC sender checked.
 * The policies themselves are pure functions in security.ts, tested without Electron.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, protocol, screen, session, shell, type MenuItemConstructorOptions, type Session, type WebContents } from 'electron';
import log from 'electron-log/main';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVENTS, type AppInfo, type ErrorInfo, type GameChangedEvent, type RendererMenuCommand } from '../contract';
import { toErrorInfo } from '../db/dispatch';
import { describeFileError, FILE_UNTOUCHED_NOTE, gameFileFromArgv, GAME_FILE_EXTENSION, RecentFilesStore, RECENT_FILES_NAME } from './files';
import { createGameBackendFactory } from './game-backend';
import { CHARTS_FILE_NAME, PlayerChartsStore } from './charts';
import { createHandlers, type ShellDialogs, type ShellHandlers } from './handlers';
import { registerIpc } from './ipc';
import { seatDialogs } from './seat-dialogs';
import { withOpeningFrame } from './opening-frame';
import { gameTitle as windowTitle } from '../renderer/src/format';
import { buildMenuTemplate, type MenuCommand, type MenuItemSpec } from './menu';
import { MIN_WINDOW_SIZE, placeWindow, readWindowState, writeWindowState, WINDOW_STATE_NAME, type SavedWindowState } from './window-state';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appResponseHeaders,
  contentTypeFor,
  decideLink,
  isRequestAllowed,
  resolveAppAsset,
  secureWebPreferences,
} from './security';

const PRODUCT_NAME = 'Muster';
const GAME_IS_SAFE = 'Your game is safe: every entry was written to the game file when it was made.';
const GAME_FILTERS = [{ name: 'Muster games', extensions: [GAME_FILE_EXTENSION.slice(1)] }];

// The log goes to a file in userData (logs/main.log), whatever electron-log's platform default is.
log.transports.file.resolvePathFn = () => logFilePath();
log.errorHandler.startCatching();

// Before 'ready': every renderer sandboxed (not only the window that asks), and the scheme the UI is served from.
app.enableSandbox();
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);

/** Folders of the built app: out/ under the app path (the project root, or app.asar when packaged). */
const rendererRoot = () => join(app.getAppPath(), 'out', 'renderer');
const preloadPath = () => join(app.getAppPath(), 'out', 'preload', 'preload.cjs');
const logFilePath = () => join(app.getPath('userData'), 'logs', 'main.log');
const windowStatePath = () => join(app.getPath('userData'), WINDOW_STATE_NAME);
/**
 * The window's background before the page paints, in the theme the system asks for (no white flash at
 * night): the page's own paper at night (styles.css, --muster-paper in the dark palette).
 */
const windowBackground = () => (nativeTheme.shouldUseDarkColors ? '#1b1a17' : '#f5f2ea');

let mainWindow: BrowserWindow | null = null;
let handlers: ShellHandlers | null = null;
let recent: RecentFilesStore | null = null;
/** A file named before the app was ready (command line, or macOS open-file during launch). */
let pendingFile: string | null = gameFileFromArgv(process.argv, process.cwd());
let lastMenuKey = '';
/** A text field of the window has the keyboard: Edit > Undo and Redo then act on its typing. */
let textFocused = false;

if (process.platform === 'win32') app.setAppUserModelId('org.muster.companion');

if (!app.requestSingleInstanceLock()) {
  // Another Muster is running: it receives our argv through 'second-instance' and opens the file.
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', (_event, argv, workingDirectory) => {
    focusWindow();
    const file = gameFileFromArgv(argv, workingDirectory);
    if (file !== null) void openFromShell(file);
  });
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (handlers !== null) void openFromShell(path);
    else pendingFile = path;
  });
  app.on('window-all-closed', () => {
    handlers?.shutdown();
    app.quit();
  });
  app.on('before-quit', () => handlers?.shutdown());
  app.on('activate', () => {
    if (handlers !== null && BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
  app
    .whenReady()
    .then(onReady)
    .catch((e: unknown) => {
      log.error('Muster failed to start', e);
      dialog.showErrorBox('Muster failed to start', `${(e as Error).message ?? String(e)}\n\nThe log file is in ${app.getPath('userData')}.`);
      app.quit();
    });
}

/** Navigation, redirects, new windows and webviews: all refused; allowlisted https: links go to the browser. */
function hardenWebContents(contents: WebContents): void {
  const leave = (event: { preventDefault(): void }, url: string) => {
    event.preventDefault();
    const decision = decideLink(url);
    if (decision.action === 'deny-and-open-externally') void shell.openExternal(decision.url);
    else log.warn(`blocked navigation to ${url}`);
  };
  contents.on('will-navigate', (event, url) => leave(event, url));
  contents.on('will-redirect', (event, url) => leave(event, url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideLink(url);
    if (decision.action === 'deny-and-open-externally') void shell.openExternal(decision.url);
    return { action: 'deny' };
  });
}

/** No permission is ever granted, and nothing but app:// is ever requested. */
function hardenSession(s: Session): void {
  s.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  s.setPermissionCheckHandler(() => false);
  s.setDevicePermissionHandler(() => false);
  s.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isRequestAllowed(details.url);
    if (!allowed) log.warn(`blocked request to ${details.url}`);
    callback({ cancel: !allowed });
  });
}

/** app://muster/<path>: a file of the built renderer with the CSP header, or 404 (also with the header). */
async function serveApp(request: Request): Promise<Response> {
  if (request.method !== 'GET') return new Response('Method not allowed', { status: 405, headers: appResponseHeaders('text/plain; charset=utf-8') });
  const file = resolveAppAsset(request.url, rendererRoot());
  if (file !== null) {
    try {
      const body = await readFile(file);
      if (file === join(rendererRoot(), 'index.html')) {
        // The page comes with the opening frame of the screen it opens on (electron/opening-frame.ts).
        const page = withOpeningFrame(body.toString('utf8'), request.url, handlers?.currentBackend() ?? null, {
          viewportHeight: mainWindow?.getContentBounds().height,
          onError: (e) => log.error('opening frame', e),
        });
        return new Response(page, { status: 200, headers: appResponseHeaders(contentTypeFor(file)) });
      }
      return new Response(body, { status: 200, headers: appResponseHeaders(contentTypeFor(file)) });
    } catch {
      // fall through to 404
    }
  }
  return new Response('Not found', { status: 404, headers: appResponseHeaders('text/plain; charset=utf-8') });
}

function createWindow(): BrowserWindow {
  const placement = placeWindow(
    readWindowState(windowStatePath()),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...(placement.x !== undefined && placement.y !== undefined ? { x: placement.x, y: placement.y } : {}),
    width: placement.width,
    height: placement.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: windowTitle(handlers?.currentBackend()?.info()?.file ?? null),
    backgroundColor: windowBackground(),
    webPreferences: secureWebPreferences(preloadPath()),
  });
  if (placement.maximized) win.maximize();
  // The title is the main process's (the open game's name), not the page's <title>, which says only Muster
  // until the screens have loaded.
  win.on('page-title-updated', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  rememberWindowState(win);
  watchRenderer(win);
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  void win.loadURL(APP_ENTRY_URL);
  return win;
}

/** Saves the window's place and size when it moves or is resized (a moment later) and when it closes. */
function rememberWindowState(win: BrowserWindow): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (win.isDestroyed()) return;
    const state: SavedWindowState = { ...win.getNormalBounds(), maximized: win.isMaximized(), fullScreen: win.isFullScreen() };
    try {
      writeWindowState(windowStatePath(), state);
    } catch (e) {
      log.warn('could not remember the window size', e);
    }
  };
  const later = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize', 'enter-full-screen', 'leave-full-screen'] as const) win.on(event as 'resize', later);
  win.on('close', save);
}

/**
 * A window whose page crashed, failed to load or hangs is never left blank without a word: the cause goes
 * to the log and the player is told, with Reload (every entry is already in the game file).
 */
function watchRenderer(win: BrowserWindow): void {
  const contents = win.webContents;
  let asking = false;
  const offerReload = async (message: string, detail: string, waitButton = false) => {
    if (asking || win.isDestroyed()) return;
    asking = true;
    try {
      const buttons = waitButton ? ['Reload', 'Wait'] : ['Reload', 'Quit Muster'];
      const { response } = await messageBox({ type: 'error', title: PRODUCT_NAME, message, detail: `${detail}\n\n${GAME_IS_SAFE}\nThe log file is ${logFilePath()}.`, buttons, defaultId: 0, cancelId: 1 });
      if (win.isDestroyed()) return;
      if (response === 0) contents.reload();
      else if (!waitButton) app.quit();
    } finally {
      asking = false;
    }
  };
  contents.on('render-process-gone', (_event, details) => {
    log.error(`the window's page stopped: ${details.reason} (exit code ${details.exitCode})`);
    if (details.reason === 'clean-exit') return;
    void offerReload("Muster's window stopped working.", `Reason: ${details.reason}.`);
  });
  contents.on('did-fail-load', (_event, errorCode, errorDescription, validatedURL, isMainFrame) => {
    // -3 is a load the page itself replaced (a reload while loading): not a failure.
    if (!isMainFrame || errorCode === -3) return;
    log.error(`the window's page did not load: ${validatedURL}: ${errorCode} ${errorDescription}`);
    void offerReload("Muster's window could not load its screens.", `${errorDescription} (${errorCode}).`);
  });
  contents.on('preload-error', (_event, preloadFile, error) => {
    log.error(`the window's preload failed: ${preloadFile}`, error);
  });
  win.on('unresponsive', () => {
    log.warn("the window's page is not responding");
    void offerReload("Muster's window is not responding.", 'You can wait a moment, or reload the window.', true);
  });
}

function focusWindow(): void {
  if (mainWindow === null) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function sendToWindow(channel: string, payload: unknown): void {
  if (mainWindow !== null && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, payload);
}

/** Dialogs are modal to the window when there is one. */
const saveDialog = (options: Electron.SaveDialogOptions) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options));
const openDialog = (options: Electron.OpenDialogOptions) => (mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options));
const messageBox = (options: Electron.MessageBoxOptions) => (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));

const dialogs: ShellDialogs = {
  async chooseNewGameFile(suggestedName) {
    const result = await saveDialog({
      title: 'New Game',
      buttonLabel: 'Create',
      defaultPath: join(app.getPath('documents'), suggestedName),
      filters: GAME_FILTERS,
      properties: ['createDirectory'],
    });
    return result.canceled || !result.filePath ? null : result.filePath;
  },
  async chooseGameToOpen() {
    const result = await openDialog({ title: 'Open Game', filters: GAME_FILTERS, properties: ['openFile'] });
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  async chooseSaveAsFile(suggestedName, name) {
    const result = await saveDialog({
      title: 'Save Game As',
      buttonLabel: 'Save Copy',
      defaultPath: join(app.getPath('documents'), name ?? suggestedName),
      filters: GAME_FILTERS,
      properties: ['createDirectory'],
    });
    return result.canceled || !result.filePath ? null : result.filePath;
  },
  async reportFileError(file, error) {
    await showFileError(file, error);
  },
  // A game played from two seats: the files for the other seat, the files it sent, the shared folder.
  ...seatDialogs({ saveDialog, openDialog, documents: () => app.getPath('documents') }),
};

async function showFileError(file: string, error: ErrorInfo): Promise<void> {
  log.warn(`file refused: ${file}: ${error.code} ${error.message}`);
  await messageBox({
    type: 'error',
    title: PRODUCT_NAME,
    message: describeFileError(error.code),
    detail: `${file}\n\n${error.message}\n\n${FILE_UNTOUCHED_NOTE}`,
    buttons: ['OK'],
  });
}

function appInfo(): AppInfo {
  return {
    name: PRODUCT_NAME,
    version: app.getVersion(),
    host: 'electron',
    platform: process.platform,
    versions: Object.fromEntries(
      Object.entries({ electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node }).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    ),
  };
}

function onGameChanged(event: GameChangedEvent): void {
  if (event.game !== null) app.addRecentDocument(event.game.file);
  mainWindow?.setTitle(windowTitle(event.game?.file ?? null));
  mainWindow?.setRepresentedFilename(event.game?.file ?? '');
  sendToWindow(EVENTS.onGameChanged, event);
  rebuildMenu(true);
}

function onReady(): void {
  hardenSession(session.defaultSession);
  protocol.handle(APP_SCHEME, serveApp);

  recent = new RecentFilesStore(join(app.getPath('userData'), RECENT_FILES_NAME));
  // One charts file: the Charts screen's, and the kit the open game computes its results from.
  const charts = new PlayerChartsStore(join(app.getPath('userData'), CHARTS_FILE_NAME));
  handlers = createHandlers({
    backend: createGameBackendFactory({ charts: () => charts.read() }),
    dialogs,
    recent,
    charts,
    appInfo: appInfo(),
    onGameChanged,
    logError: (message, error) => log.error(message, error),
    acceptsDroppedFiles: true,
    onTextFocus: (focused) => {
      if (focused === textFocused) return;
      textFocused = focused;
      rebuildMenu(false);
    },
  });
  registerIpc(ipcMain, handlers, {
    validateOutput: !app.isPackaged,
    trustedWebContents: () => mainWindow?.webContents ?? null,
    logError: (message, error) => log.error(message, error),
    logWarning: (message) => log.warn(message),
    // A call slower than a few frames goes to the log file, so a player's report shows where the time went.
    logSlowCall: (line) => log.warn(line),
    // A write is answered with what it changed: the window applies it instead of reading the game again.
    answerWrite: () => handlers?.currentBackend()?.answerWrite(),
    onCallDone: (_fn, writes) => {
      if (writes) rebuildMenu(false);
    },
  });

  rebuildMenu(true);
  // A game given at launch (file association, command line) is opened before the window asks for its
  // page, so the page comes with the game's opening frame: the roster is there in the window's first paint.
  const first = pendingFile;
  pendingFile = null;
  void (first === null ? Promise.resolve() : handlers.openFromShell(first))
    .catch((e: unknown) => log.error(`could not open ${first}`, e))
    .finally(() => {
      if (mainWindow === null) mainWindow = createWindow();
    });
}

async function openFromShell(file: string): Promise<void> {
  if (handlers === null) {
    pendingFile = file;
    return;
  }
  await handlers.openFromShell(file);
  focusWindow();
}

/** Rebuilds the menu when what it shows changed (game open, Undo/Redo available, Recent list). */
function rebuildMenu(force: boolean): void {
  const game = handlers?.currentBackend()?.info() ?? null;
  const state = {
    platform: process.platform,
    isPackaged: app.isPackaged,
    hasGame: game !== null,
    canUndo: game?.canUndo ?? false,
    canRedo: game?.canRedo ?? false,
    recentFiles: recent?.list() ?? [],
    textFocused,
    isSeatGame: game?.seat != null,
  };
  const key = JSON.stringify(state);
  if (!force && key === lastMenuKey) return;
  lastMenuKey = key;
  Menu.setApplicationMenu(Menu.buildFromTemplate(toElectronTemplate(buildMenuTemplate(state))));
}

function toElectronTemplate(items: readonly MenuItemSpec[]): MenuItemConstructorOptions[] {
  return items.map((item) => {
    const { command, submenu, disabledReason: _reason, ...rest } = item;
    return {
      ...rest,
      ...(submenu ? { submenu: toElectronTemplate(submenu) } : {}),
      ...(command ? { click: () => void runMenuCommand(command) } : {}),
    };
  });
}

async function runMenuCommand(command: MenuCommand): Promise<void> {
  if (handlers === null) return;
  const h = handlers;
  const toWindow = (c: RendererMenuCommand, screen?: string) => sendToWindow(EVENTS.onMenuCommand, screen === undefined ? { command: c } : { command: c, screen });
  try {
    switch (command.kind) {
      case 'new-game':
      case 'seats-new':
      case 'seats-join':
      case 'seats-receive':
      case 'seats-send':
      case 'seats-folder':
      case 'print-roster':
      case 'export-roster-csv':
      case 'export-log-csv':
        // Carried out by the screens (New Game asks for the scenario first, the two-seat items for the seat).
        toWindow(command.kind);
        return;
      case 'open-game':
        await h.openGame(undefined);
        return;
      case 'open-recent':
        await openFromShell(command.path);
        return;
      case 'clear-recent':
        recent?.clear();
        app.clearRecentDocuments();
        rebuildMenu(true);
        return;
      case 'save-as':
        await h.saveGameAs(undefined);
        return;
      case 'undo':
      case 'redo': {
        await (command.kind === 'undo' ? h.undo(undefined) : h.redo(undefined));
        onGameChanged({ game: await h.currentGame(undefined), reason: command.kind });
        return;
      }
      case 'show-help':
        // Help is a page of the window, as in the browser preview: the guide, then the readings.
        toWindow('show-help');
        return;
      case 'go-screen':
        toWindow('go-screen', command.screen);
        return;
      case 'show-log':
        shell.showItemInFolder(logFilePath());
        return;
      case 'about':
        await messageBox({
          type: 'info',
          title: `About ${PRODUCT_NAME}`,
          message: `${PRODUCT_NAME} ${app.getVersion()}`,
          detail: [
            'The roster, orders and turn companion for GBACW 3 Days of Gettysburg (rules revision, 1995 ed.).',
            `Electron ${process.versions.electron ?? '-'}, Chromium ${process.versions.chrome ?? '-'}, Node ${process.versions.node}.`,
            `Log file: ${logFilePath()}`,
          ].join('\n'),
          buttons: ['OK'],
        });
        return;
    }
  } catch (e) {
    // File operations already told the user which problem the file has; anything else is shown here.
    const error = toErrorInfo(e, (message, err) => log.error(message, err));
    if (!['FILE_NOT_FOUND', 'NOT_SQLITE', 'NOT_MUSTER', 'NEWER_VERSION', 'LOCKED', 'CORRUPT', 'MIGRATION_FAILED'].includes(error.code)) {
      await messageBox({ type: 'error', title: PRODUCT_NAME, message: error.message, buttons: ['OK'] });
    }
  }
}
