/**
 * The browser preview and test bridge (`npm run browser`): serves the built renderer (out/renderer) on
 * 127.0.0.1 and installs `window.muster` in the page with the preload's shape, routing every call to
 * the real contract handlers (electron/handlers.ts) through electron/dispatch.ts over a real .muster
 * game file. This is how the end-to-end tests drive the screens in Chromium, and how a machine
 * without the Electron binary shows the app.
 *
 * Security: binds to 127.0.0.1 only; a random access token (printed in the URL, then kept in an
 * HttpOnly cookie) is required on every request; a foreign Host (DNS rebinding), a foreign Origin or a
 * cross-site fetch is refused with 403 before any handler runs; every response carries the app's
 * strict CSP (with connect-src 'self' for the bridge's own endpoints).
 *
 * Lifetime: the server closes the game (unlocking its file) and exits on SIGINT, SIGTERM and SIGHUP, and
 * when its parent process goes away however it ended (`npm run browser` runs it under npm and tsx; a
 * parent killed with SIGKILL forwards no signal), so no orphan keeps the port open and the game locked.
 *
 * Run directly: npx tsx electron/bridge/server.ts [--file <game.muster>] [--port <n>] [--dir <folder>] [--renderer <folder>] [--shared-root <folder>] [--build]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CONTRACT_FUNCTIONS, EVENTS, type AppInfo, type ContractFunction, type ErrorInfo, type GameChangedEvent } from '../../contract';
import { dispatch } from '../../db/dispatch';
import { CHARTS_FILE_NAME, PlayerChartsStore } from '../charts';
import { RecentFilesStore, RECENT_FILES_NAME } from '../files';
import { createGameBackendFactory } from '../game-backend';
import { createHandlers, type GameBackendFactory, type ShellDialogs, type ShellHandlers } from '../handlers';
import { withOpeningFrame } from '../opening-frame';
import { appResponseHeaders, contentTypeFor, CONTENT_SECURITY_POLICY, resolveAppAsset, APP_ORIGIN } from '../security';
import { MAX_BODY_BYTES, parseCallBody, readBody } from './call-body';
import { BRIDGE_PREFIX, bridgeClientScript, CALL_PATH, CLIENT_SCRIPT_PATH, EVENTS_PATH, injectClientScript, MAX_SEAT_FILE_BODY_BYTES, SEAT_FILE_FUNCTIONS, SEAT_FILE_PATH } from './client-script';
import { bridgeContentSecurityPolicy, checkRequest, tokenCookieName, TOKEN_QUERY } from './guard';
import { stopWithParent } from './parent-watch';
import { freshGameFile, freshSeatFile, namedGameFile, namedSharedFolder, refuseRememberedSharedFolder } from './preview-files';

export { freshGameFile, freshSeatFile, namedGameFile, namedSharedFolder, MAX_BODY_BYTES, parseCallBody };

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_RENDERER_ROOT = join(projectRoot, 'out', 'renderer');
/** Where the browser preview keeps new games when no --dir is given. */
export const DEFAULT_GAMES_DIR = join(homedir(), 'Muster', 'browser-games');

/** How long the browser may keep a built script or stylesheet: each is named by its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite's built scripts and stylesheets, named by a hash of their content (assets/<name>-<hash>.js|css). */
export function isHashedAsset(pathname: string): boolean {
  return /^\/assets\/[\w.-]+-[\w-]{8}\.(js|css)$/.test(pathname);
}

export interface BridgeOptions {
  /** Folder for new games (and the preview's Recent list); created if missing. */
  dir: string;
  /** A game file to open at start. */
  file?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The built renderer; default out/renderer. */
  rendererRoot?: string;
  /** Default: 32 random bytes, hex. */
  token?: string;
  /** Default: the real game files (db/ through electron/game-backend.ts). */
  backend?: GameBackendFactory;
  /** Where refusals and internal errors are reported; default stderr. */
  log?: (line: string) => void;
  /**
   * Check every result against the contract's output schema, as the desktop app's development builds
   * do (default true: the tests catch contract drift). The benchmark turns it off, like a release build.
   */
  validateOutput?: boolean;
  /** The clock calls are timed by for the slow-call log (db/dispatch.ts); tests pass their own. */
  clock?: () => number;
  /** How long a client may take to send its headers, and its whole request (tests shorten them). */
  timeouts?: Partial<typeof BRIDGE_TIMEOUTS>;
  /**
   * The folder under which a two-seat game's shared folder is picked (the preview has no folder dialog): the
   * player names a folder in it. Two previews given the same root play through one folder.
   */
  sharedRoot?: string;
  /** How often the shared folder is looked at, in ms (default 2000). */
  sharedFolderEveryMs?: number;
  /** The largest body of a call carrying a file of the other seat (default MAX_SEAT_FILE_BODY_BYTES; tests lower it). */
  maxSeatFileBodyBytes?: number;
}

/**
 * A request that sends its headers or its body slowly is cut off after these (Node's defaults keep it for
 * a minute or five): a page on this machine sends a call in milliseconds. Checked every second.
 */
export const BRIDGE_TIMEOUTS = { headersMs: 10_000, requestMs: 20_000, checkEveryMs: 1_000 };

/**
 * Where the first visit is sent once the token is in its cookie: the same path on this bridge. Leading
 * slashes are collapsed, so a path such as "//host/x" (which "/.//host/x" becomes) cannot name another host.
 */
export function sameBridgePath(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, '')}`;
}

export interface Bridge {
  /** The URL to open: the page with the access token. */
  url: string;
  origin: string;
  port: number;
  token: string;
  dir: string;
  handlers: ShellHandlers;
  /** The listening socket's actual address (server.address()): the tests check it is the loopback one. */
  address(): AddressInfo;
  /**
   * The browser has no native file dialog: Open… "chooses" the file queued here (once), else it is
   * cancelled. The tests queue files; the command line opens one with --file.
   */
  queueOpenFile(file: string | null): void;
  close(): Promise<void>;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function securityHeaders(contentType: string): Record<string, string> {
  return {
    ...appResponseHeaders(contentType),
    'Content-Security-Policy': bridgeContentSecurityPolicy(CONTENT_SECURITY_POLICY),
    'X-Frame-Options': 'DENY',
  };
}

function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...securityHeaders(contentType), ...extra });
  res.end(body);
}

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dir = resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const rendererRoot = resolve(options.rendererRoot ?? DEFAULT_RENDERER_ROOT);
  const sharedRoot = options.sharedRoot === undefined ? undefined : resolve(options.sharedRoot);
  if (sharedRoot !== undefined) mkdirSync(sharedRoot, { recursive: true });
  const token = options.token ?? randomBytes(32).toString('hex');
  const eventStreams = new Set<ServerResponse>();
  let queuedOpen: string | null = null;

  const broadcast = (name: keyof typeof EVENTS, payload: unknown) => {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of eventStreams) stream.write(frame);
  };

  const dialogs: ShellDialogs = {
    chooseNewGameFile: async (suggested) => freshGameFile(dir, suggested),
    chooseGameToOpen: async () => {
      const file = queuedOpen;
      queuedOpen = null;
      if (file === null) log('Open…: the browser preview has no file dialog; the window lists the games folder (gameFolder / openFromFolder).');
      return file;
    },
    chooseSaveAsFile: async (suggested, name) => (name !== undefined ? namedGameFile(dir, name) : freshGameFile(dir, `${basename(suggested, '.muster')}-copy`)),
    reportFileError: async (file: string, error: ErrorInfo) => log(`${file}: ${error.message}`),
    // A two-seat game: the files for the other seat go into the games folder (the window offers them as
    // downloads); the files the player was sent are read by the window; the shared folder is named under the root.
    chooseSeatFileToWrite: async (_kind, suggested) => freshSeatFile(dir, suggested),
    chooseSeatFileToRead: async () => {
      log('Receive…: the browser preview has no file dialog; the window reads the file the player picks and passes its text.');
      return null;
    },
    chooseSharedFolder: async (name) => namedSharedFolder(sharedRoot, name),
    refuseRememberedFolder: (folder) => refuseRememberedSharedFolder(sharedRoot, folder),
    sharedFolderChoices: () => ({
      root: sharedRoot ?? null,
      folders: sharedRoot !== undefined && existsSync(sharedRoot) ? readdirSync(sharedRoot, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort() : [],
    }),
  };

  const appInfo: AppInfo = {
    name: 'Muster',
    version: packageVersion(),
    host: 'browser',
    platform: process.platform,
    versions: { node: process.versions.node, v8: process.versions.v8 },
  };

  // One charts file: the Charts screen's, and the kit the open game computes its results from.
  const charts = new PlayerChartsStore(join(dir, CHARTS_FILE_NAME));
  const handlers = createHandlers({
    backend: options.backend ?? createGameBackendFactory({ charts: () => charts.read() }),
    dialogs,
    recent: new RecentFilesStore(join(dir, RECENT_FILES_NAME)),
    charts,
    appInfo,
    onGameChanged: (event: GameChangedEvent) => broadcast('onGameChanged', event),
    logError: (message, error) => log(`${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}`),
    // The browser has no file dialog: Open lists the games of this folder instead.
    gameFolder: dir,
    ...(options.sharedFolderEveryMs !== undefined ? { sharedFolderEveryMs: options.sharedFolderEveryMs } : {}),
  });

  if (options.file !== undefined) {
    const opened = await handlers.openFromShell(resolve(options.file));
    if (opened === null) throw new Error(`could not open ${options.file} (see the message above)`);
  }

  let port = options.port ?? 0;
  const guardConfig = () => ({ token, port });

  const serveStatic = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    // The same path rules as app://muster/ in the desktop app (never outside the renderer folder).
    const file = resolveAppAsset(`${APP_ORIGIN}${pathname}`, rendererRoot);
    if (file === null || !existsSync(file)) {
      if (pathname === '/' || pathname === '/index.html') {
        send(res, 503, 'text/plain; charset=utf-8', `The renderer is not built: run \`npx electron-vite build\` (expected ${join(rendererRoot, 'index.html')}).\n`);
        return;
      }
      send(res, 404, 'text/plain; charset=utf-8', 'Not found\n');
      return;
    }
    let body: Buffer | string = await readFile(file);
    let pageHeaders: Record<string, string> = {};
    if (file === join(rendererRoot, 'index.html')) {
      // The page comes with the opening frame of the screen it opens on (electron/opening-frame.ts).
      // The browser says how tall its window is (the client hint asked for below), so the frame has the rows it shows.
      body = withOpeningFrame(injectClientScript(body.toString('utf8')), req.url ?? '/', handlers.currentBackend(), {
        viewportHeight: Number(req.headers['sec-ch-viewport-height']) || undefined,
        onError: (e) => log(`opening frame: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
      });
      pageHeaders = { 'Accept-CH': 'Sec-CH-Viewport-Height' };
    }
    if (req.method === 'HEAD') {
      res.writeHead(200, securityHeaders(contentTypeFor(file)));
      res.end();
      return;
    }
    // The built scripts and styles are named by their content (assets/index-<hash>.js): a reload takes
    // them, and the scripts' compiled code, from the browser's cache. Everything else is asked for again.
    send(res, 200, contentTypeFor(file), body, isHashedAsset(pathname) ? { 'Cache-Control': IMMUTABLE } : pageHeaders);
  };

  // A call carrying a file the other seat sent has its own endpoint and limit; every other call keeps 1 MB.
  const seatFileLimit = options.maxSeatFileBodyBytes ?? MAX_SEAT_FILE_BODY_BYTES;
  const serveCall = async (req: IncomingMessage, res: ServerResponse, fn: string, seatFile = false) => {
    const limit = seatFile ? seatFileLimit : MAX_BODY_BYTES;
    if (!(CONTRACT_FUNCTIONS as readonly string[]).includes(fn) || (seatFile && !SEAT_FILE_FUNCTIONS.includes(fn))) {
      send(res, 404, 'text/plain; charset=utf-8', `no such function: ${fn}\n`);
      return;
    }
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      send(res, 415, 'text/plain; charset=utf-8', 'calls are JSON\n');
      return;
    }
    const text = await readBody(req, limit);
    if (text === null) {
      if (!res.destroyed) send(res, 413, 'text/plain; charset=utf-8', `request too large: a ${seatFile ? 'seat file call' : 'call'}'s body may be at most ${limit} bytes\n`, { Connection: 'close' });
      return;
    }
    const body = parseCallBody(text);
    if (!body.ok) {
      send(res, 400, 'text/plain; charset=utf-8', `malformed call: ${body.reason}\n`);
      return;
    }
    const result = await dispatch(handlers, fn as ContractFunction, body.args, {
      validateOutput: options.validateOutput ?? true,
      logError: (message, error) => log(`${fn}: ${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}`),
      logSlowCall: log,
      // A write is answered with what it changed: the page applies it instead of reading the game again.
      answerWrite: () => handlers.currentBackend()?.answerWrite(),
      ...(options.clock !== undefined ? { clock: options.clock } : {}),
    });
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result));
  };

  const serveEvents = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { ...securityHeaders('text/event-stream; charset=utf-8'), Connection: 'keep-alive' });
    res.write(': muster bridge events\n\n');
    eventStreams.add(res);
    req.on('close', () => eventStreams.delete(res));
  };

  const timeouts = { ...BRIDGE_TIMEOUTS, ...options.timeouts };
  const server = createServer({ headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs }, (req, res) => {
    const url = req.url ?? '/';
    const decision = checkRequest({ url, headers: req.headers }, guardConfig());
    if (!decision.allowed) {
      log(`refused ${req.method ?? '?'} ${url.replace(/token=[^&]*/, 'token=…')}: ${decision.reason}`);
      send(res, 403, 'text/plain; charset=utf-8', 'Forbidden\n');
      return;
    }
    const { pathname } = new URL(url, 'http://bridge.invalid');
    const method = req.method ?? 'GET';
    if (decision.tokenFromQuery && method === 'GET' && !pathname.startsWith(BRIDGE_PREFIX)) {
      // First visit: keep the token in an HttpOnly cookie (per port) and drop it from the address bar.
      res.writeHead(303, {
        ...securityHeaders('text/plain; charset=utf-8'),
        'Set-Cookie': `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        Location: sameBridgePath(pathname),
      });
      res.end();
      return;
    }
    const work = async () => {
      if (method === 'POST' && pathname.startsWith(CALL_PATH)) return serveCall(req, res, pathname.slice(CALL_PATH.length));
      if (method === 'POST' && pathname.startsWith(SEAT_FILE_PATH)) return serveCall(req, res, pathname.slice(SEAT_FILE_PATH.length), true);
      if (method !== 'GET' && method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n', { Allow: 'GET, HEAD, POST' });
      if (pathname === CLIENT_SCRIPT_PATH) return send(res, 200, 'text/javascript; charset=utf-8', bridgeClientScript());
      if (pathname === EVENTS_PATH) return serveEvents(req, res);
      return serveStatic(req, res, pathname);
    };
    work().catch((e: unknown) => {
      log(`internal error serving ${pathname}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error\n');
      else res.end();
    });
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?${TOKEN_QUERY}=${token}`,
    origin,
    port,
    token,
    dir,
    handlers,
    address: () => server.address() as AddressInfo,
    queueOpenFile: (file) => {
      queuedOpen = file === null ? null : resolve(file);
    },
    close: async () => {
      for (const stream of eventStreams) stream.end();
      eventStreams.clear();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      handlers.shutdown();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Command line

export interface BridgeCliOptions {
  file?: string;
  port?: number;
  dir?: string;
  /** A built renderer folder to serve instead of out/renderer (never built automatically). */
  renderer?: string;
  /** The folder two previews share for a two-seat game's shared folders. */
  sharedRoot?: string;
  build: boolean;
  help: boolean;
}

/** Parses the command line (the arguments after the script name). */
export function parseBridgeArgs(argv: readonly string[]): BridgeCliOptions {
  const options: BridgeCliOptions = { build: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      i++;
      return next;
    };
    if (arg === '--file') options.file = value();
    else if (arg === '--dir') options.dir = value();
    else if (arg === '--renderer') options.renderer = value();
    else if (arg === '--shared-root') options.sharedRoot = value();
    else if (arg === '--port') {
      const text = value();
      const port = Number(text);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a whole number 0-65535, got ${text}`);
      options.port = port;
    } else if (arg === '--build') options.build = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown option ${arg} (accepted: --file <path>, --port <n>, --dir <folder>, --renderer <folder>, --shared-root <folder>, --build, --help)`);
  }
  return options;
}

/** Builds out/renderer with the renderer part of electron.vite.config.ts (no Electron binary needed). */
export async function buildRenderer(): Promise<void> {
  const { build } = await import('vite');
  const config = (await import('../../electron.vite.config')).default as { renderer?: Record<string, unknown> };
  if (!config.renderer) throw new Error('electron.vite.config.ts has no renderer section');
  await build({ ...config.renderer, configFile: false, logLevel: 'warn', mode: 'production' });
}

const USAGE = `Muster browser preview: serves the screens on 127.0.0.1 with the real game service.
Usage: npx tsx electron/bridge/server.ts [--file <game.muster>] [--port <n>] [--dir <folder>] [--renderer <folder>] [--shared-root <folder>] [--build]
  --file         open this game at start
  --port         listen on this port (default: a free one)
  --dir          folder for new games (default: ${DEFAULT_GAMES_DIR})
  --renderer     serve this built renderer folder instead of out/renderer
  --shared-root  a two-seat game's shared folders are named under this folder (give both seats' previews the same one)
  --build        rebuild the renderer first (it is built anyway when out/renderer is missing)`;

async function main(): Promise<void> {
  let cli: BridgeCliOptions;
  try {
    cli = parseBridgeArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (cli.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (cli.build || (cli.renderer === undefined && !existsSync(join(DEFAULT_RENDERER_ROOT, 'index.html')))) {
    process.stdout.write('Building the renderer (out/renderer)…\n');
    await buildRenderer();
  }
  const dir = cli.dir ?? DEFAULT_GAMES_DIR;
  const bridge = await startBridge({
    dir,
    ...(cli.file !== undefined ? { file: cli.file } : {}),
    ...(cli.port !== undefined ? { port: cli.port } : {}),
    ...(cli.renderer !== undefined ? { rendererRoot: cli.renderer } : {}),
    ...(cli.sharedRoot !== undefined ? { sharedRoot: cli.sharedRoot } : {}),
  });
  const open = bridge.handlers.currentBackend()?.info().file;
  process.stdout.write(
    [
      'Muster browser preview',
      `  URL:   ${bridge.url}`,
      `  Games: new games are created in ${bridge.dir}${cli.dir === undefined ? ' (the default; change it with --dir)' : ''}`,
      open ? `  Open:  ${open}` : '  Open:  no game yet (start one on the Start screen)',
      '  Listening on 127.0.0.1 only; the URL carries this session\'s access token. Ctrl+C stops.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Closing the game releases its lock; should closing hang, exit anyway (the OS releases it then).
    setTimeout(() => process.exit(1), 5000).unref();
    void bridge.close().finally(() => process.exit(0));
  };
  stopWithParent(stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
