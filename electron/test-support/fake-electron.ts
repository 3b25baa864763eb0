/**
 * A stand-in for the `electron` module (and electron-log/main) under plain Node, for the shell's tests.
 * It records what the main process and the preload do with Electron: BrowserWindow options, protocol
 * registrations and handlers, ipcMain.handle registrations, session permission and request handlers,
 * app event listeners, webContents handlers, the menu template, dialogs shown and links opened, and
 * lets a test play the part of Electron (fire app events, call handlers, answer dialogs).
 *
 * Use: vi.mock('electron', async () => (await import('./test-support/fake-electron')).electronModule)
 * and vi.mock('electron-log/main', async () => (await import(...)).logModule); call resetFake() before each test.
 */
type Listener = (...args: unknown[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  removeListener(event: string, listener: Listener): this {
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== listener));
    return this;
  }
  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }
  emit(event: string, ...args: unknown[]): boolean {
    const ls = this.listeners.get(event) ?? [];
    for (const l of ls) l(...args);
    return ls.length > 0;
  }
  listenerCount(event: string): number {
    return (this.listeners.get(event) ?? []).length;
  }
}

/** An Electron-style event whose default can be prevented. */
export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url?: string) {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

/** A frame as WebFrameMain presents it to IPC handlers. */
export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
  frameTreeNodeId: number;
}

let nextId = 1;

export class FakeWebContents extends Emitter {
  readonly id = nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' | 'allow' }) | null = null;
  loadedUrls: string[] = [];
  sent: { channel: string; args: unknown[] }[] = [];
  mainFrame: FakeFrame = { url: '', parent: null, frameTreeNodeId: 1 };
  destroyed = false;
  reloads = 0;
  /** Edit commands run on the page's focused field (the edit roles act through these). */
  editCommands: string[] = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void {
    this.windowOpenHandler = handler;
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    this.mainFrame = { ...this.mainFrame, url };
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  reload(): void {
    this.reloads += 1;
  }
  undo(): void {
    this.editCommands.push('undo');
  }
  redo(): void {
    this.editCommands.push('redo');
  }
}

export class FakeBrowserWindow extends Emitter {
  readonly webContents = new FakeWebContents();
  visible = false;
  focused = false;
  minimized = false;
  maximized = false;
  fullScreen = false;
  title: string;
  /** The window's place and size when it is neither maximized nor full screen. */
  normalBounds: { x: number; y: number; width: number; height: number };
  constructor(readonly options: Record<string, unknown>) {
    super();
    this.title = String(options.title ?? '');
    this.normalBounds = { x: Number(options.x ?? 100), y: Number(options.y ?? 80), width: Number(options.width ?? 800), height: Number(options.height ?? 600) };
    fake.state.windows.push(this);
    fake.state.app.emit('web-contents-created', new FakeEvent(), this.webContents);
    fake.state.app.emit('browser-window-created', new FakeEvent(), this);
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return fake.state.windows.filter((w) => !w.webContents.destroyed);
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {
    this.focused = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return this.webContents.destroyed;
  }
  setTitle(title: string): void {
    this.title = title;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.normalBounds };
  }
  /** The test moves or resizes the window as a player would, then Electron's events follow. */
  setBounds(bounds: { x: number; y: number; width: number; height: number }): void {
    this.normalBounds = { ...bounds };
    this.emit('resize');
    this.emit('move');
  }
  close(): void {
    this.emit('close', new FakeEvent());
    this.webContents.destroyed = true;
    this.emit('closed');
  }
  setRepresentedFilename(): void {}
  setDocumentEdited(): void {}
  /** The page's area: the window's size as created (no frame, no menu bar in the fake). */
  getContentBounds(): { x: number; y: number; width: number; height: number } {
    return { x: 0, y: 0, width: Number(this.options.width ?? 800), height: Number(this.options.height ?? 600) };
  }
}

class FakeApp extends Emitter {
  readonly paths = new Map<string, string>();
  appPath = '/fake/app';
  isPackaged = false;
  singleInstanceLock = true;
  quitCalls = 0;
  recentDocuments: string[] = [];
  private readyResolve: (() => void) | null = null;
  private readonly readyPromise = new Promise<void>((resolve) => {
    this.readyResolve = resolve;
  });
  ready = false;
  sandboxEnabled = false;
  enableSandbox(): void {
    if (this.ready) throw new Error('app.enableSandbox() must be called before the ready event');
    this.sandboxEnabled = true;
  }
  getPath(name: string): string {
    const p = this.paths.get(name);
    if (p === undefined) throw new Error(`fake app.getPath: no path set for ${name}`);
    return p;
  }
  setPath(name: string, value: string): void {
    this.paths.set(name, value);
  }
  getAppPath(): string {
    return this.appPath;
  }
  getVersion(): string {
    return '0.1.0';
  }
  getName(): string {
    return 'Muster';
  }
  setName(): void {}
  setAppUserModelId(): void {}
  requestSingleInstanceLock(): boolean {
    return this.singleInstanceLock;
  }
  quit(): void {
    this.quitCalls += 1;
  }
  exit(): void {
    this.quitCalls += 1;
  }
  whenReady(): Promise<void> {
    return this.readyPromise;
  }
  isReady(): boolean {
    return this.ready;
  }
  /** The test's "Electron is ready" moment. */
  fireReady(): void {
    this.ready = true;
    this.readyResolve?.();
    this.emit('ready');
  }
  addRecentDocument(path: string): void {
    this.recentDocuments.push(path);
  }
  clearRecentDocuments(): void {
    this.recentDocuments = [];
  }
  setAboutPanelOptions(): void {}
}

type PermissionRequestHandler = (webContents: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown) => void;
type PermissionCheckHandler = (webContents: unknown, permission: string, origin: string, details?: unknown) => boolean;
type BeforeRequestListener = (details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void;

class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  devicePermissionHandler: ((details: unknown) => boolean) | null = null;
  beforeRequest: BeforeRequestListener | null = null;
  readonly webRequest = {
    onBeforeRequest: (filterOrListener: unknown, maybeListener?: BeforeRequestListener) => {
      this.beforeRequest = (maybeListener ?? filterOrListener) as BeforeRequestListener;
    },
  };
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: ((details: unknown) => boolean) | null): void {
    this.devicePermissionHandler = handler;
  }
}

export interface DialogCall {
  kind: 'open' | 'save' | 'message' | 'error';
  options: Record<string, unknown>;
}

export interface FakeDisplay {
  id: number;
  workArea: { x: number; y: number; width: number; height: number };
}

function freshState() {
  return {
    displays: [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] as FakeDisplay[],
    nativeTheme: Object.assign(new Emitter(), { shouldUseDarkColors: false, themeSource: 'system' as 'system' | 'light' | 'dark' }),
    windows: [] as FakeBrowserWindow[],
    app: new FakeApp(),
    session: new FakeSession(),
    privilegedSchemes: [] as { scheme: string; privileges: Record<string, unknown> }[],
    protocolHandlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
    ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    exposed: new Map<string, unknown>(),
    rendererListeners: new Map<string, Listener[]>(),
    invoked: [] as { channel: string; args: unknown[] }[],
    menuTemplates: [] as unknown[],
    applicationMenu: null as unknown,
    openedExternally: [] as string[],
    openedPaths: [] as string[],
    shownInFolder: [] as string[],
    dialogs: [] as DialogCall[],
    /** Answers for the next dialogs, in order: a path (or null for cancel) for open/save, a button index for messages. */
    dialogAnswers: [] as (string | null | number)[],
    log: { info: [] as unknown[][], warn: [] as unknown[][], error: [] as unknown[][] },
    logger: createFakeLog(),
  };
}

/** electron-log/main's surface as main.ts uses it: records lines and the file transport's configuration. */
function createFakeLog() {
  const logger = {
    transports: {
      file: { resolvePathFn: null as null | (() => string), level: 'info' as string | false },
      console: { level: 'info' as string | false },
    },
    errorHandler: {
      started: false,
      startCatching() {
        logger.errorHandler.started = true;
      },
    },
    info: (...args: unknown[]) => void fake.state.log.info.push(args),
    warn: (...args: unknown[]) => void fake.state.log.warn.push(args),
    error: (...args: unknown[]) => void fake.state.log.error.push(args),
  };
  return logger;
}

type FakeState = ReturnType<typeof freshState>;

/**
 * The recordings live on globalThis: vi.resetModules() (needed to run main.ts again) gives the code under
 * test a fresh copy of this module, and both copies must share one record.
 */
const holder = globalThis as typeof globalThis & { __musterFakeElectron?: { state: FakeState } };
export const fake: { state: FakeState } = (holder.__musterFakeElectron ??= { state: undefined as unknown as FakeState });

/** Forget everything recorded (call before each test, with vi.resetModules() so main.ts runs again). */
export function resetFake(): FakeState {
  fake.state = freshState();
  return fake.state;
}

function nextAnswer(): string | null | number | undefined {
  return fake.state.dialogAnswers.shift();
}

/** The `electron` module as the main process and preload import it. */
export const electronModule = {
  get app() {
    return fake.state.app;
  },
  BrowserWindow: FakeBrowserWindow,
  get session() {
    return { defaultSession: fake.state.session };
  },
  protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, unknown> }[]) {
      fake.state.privilegedSchemes.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>) {
      fake.state.protocolHandlers.set(scheme, handler);
    },
    isProtocolHandled(scheme: string) {
      return fake.state.protocolHandlers.has(scheme);
    },
  },
  ipcMain: {
    handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
      if (fake.state.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      fake.state.ipcHandlers.set(channel, handler);
    },
    removeHandler(channel: string) {
      fake.state.ipcHandlers.delete(channel);
    },
  },
  ipcRenderer: {
    invoke(channel: string, ...args: unknown[]) {
      fake.state.invoked.push({ channel, args });
      return Promise.resolve({ ok: true, value: { channel, args } });
    },
    on(channel: string, listener: Listener) {
      fake.state.rendererListeners.set(channel, [...(fake.state.rendererListeners.get(channel) ?? []), listener]);
    },
    removeListener(channel: string, listener: Listener) {
      fake.state.rendererListeners.set(channel, (fake.state.rendererListeners.get(channel) ?? []).filter((l) => l !== listener));
    },
  },
  get screen() {
    return { getAllDisplays: () => fake.state.displays, getPrimaryDisplay: () => fake.state.displays[0]! };
  },
  get nativeTheme() {
    return fake.state.nativeTheme;
  },
  webUtils: {
    getPathForFile(file: { path?: string }) {
      return file.path ?? '';
    },
  },
  contextBridge: {
    exposeInMainWorld(key: string, api: unknown) {
      fake.state.exposed.set(key, api);
    },
  },
  Menu: {
    buildFromTemplate(template: unknown) {
      fake.state.menuTemplates.push(template);
      return { template };
    },
    setApplicationMenu(menu: unknown) {
      fake.state.applicationMenu = menu;
    },
  },
  shell: {
    async openExternal(url: string) {
      fake.state.openedExternally.push(url);
    },
    async openPath(path: string) {
      fake.state.openedPaths.push(path);
      return '';
    },
    showItemInFolder(path: string) {
      fake.state.shownInFolder.push(path);
    },
  },
  dialog: {
    async showOpenDialog(...args: unknown[]) {
      const options = (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>;
      fake.state.dialogs.push({ kind: 'open', options });
      const answer = nextAnswer();
      return typeof answer === 'string' ? { canceled: false, filePaths: [answer] } : { canceled: true, filePaths: [] };
    },
    async showSaveDialog(...args: unknown[]) {
      const options = (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>;
      fake.state.dialogs.push({ kind: 'save', options });
      const answer = nextAnswer();
      return typeof answer === 'string' ? { canceled: false, filePath: answer } : { canceled: true, filePath: '' };
    },
    async showMessageBox(...args: unknown[]) {
      const options = (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>;
      fake.state.dialogs.push({ kind: 'message', options });
      const answer = nextAnswer();
      return { response: typeof answer === 'number' ? answer : 0, checkboxChecked: false };
    },
    showErrorBox(title: string, content: string) {
      fake.state.dialogs.push({ kind: 'error', options: { title, content } });
    },
  },
};

/** electron-log/main, for the current record: the main process sets the file transport's path here. */
export const logModule = {
  get default() {
    return fake.state.logger;
  },
};

/** An IPC invoke event as Electron would build it for a frame of a webContents. */
export function fakeInvokeEvent(sender: FakeWebContents, frame: FakeFrame | null = sender.mainFrame) {
  return { sender, senderFrame: frame, frameId: frame?.frameTreeNodeId ?? 0, processId: 1 };
}

/** Calls a registered ipcMain handler as Electron would. */
export async function invokeHandler(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
  const handler = fake.state.ipcHandlers.get(channel);
  if (!handler) throw new Error(`no ipcMain handler for ${channel}`);
  return handler(event, ...args);
}
