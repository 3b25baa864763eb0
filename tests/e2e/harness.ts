/**
 * End-to-end harness: the browser bridge (electron/bridge/server.ts) on a temp folder with real .muster
 * files, Debian's Chromium driven by playwright-core at 1366x768, and helpers to call window.muster in
 * the page, move between screens, wait for the app to settle and take screenshots into docs/screenshots/.
 *
 * Needs the built renderer (out/renderer: `npx electron-vite build` runs before the e2e tests) and
 * /usr/bin/chromium (.ci/run installs it). Use:
 *
 *   const e2e = await startE2E();
 *   await e2e.createGame({ scenario: 'gettysburg' });      // or drive the Start screen
 *   await e2e.screen('roster');
 *   ...
 *   await e2e.close();
 *
 * Exports are stable: the turn-flow tests (tests/e2e/turn.test.ts) use them too.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { GameInfo, PlayerCharts } from '../../contract';
import type { ContractFunction, CallInput, Output, ErrorInfo, CallResult, NewGameInput } from '../../contract';
import { DEFAULT_RENDERER_ROOT, startBridge, type Bridge } from '../../electron/bridge/server';
import { CHARTS_FILE_NAME, PlayerChartsStore } from '../../electron/charts';
import { createGameBackendFactory } from '../../electron/game-backend';
import type { GameBackendFactory } from '../../electron/handlers';
import { SCREEN_LABELS, type ScreenName } from '../../renderer/src/screens';

export type { ScreenName };

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/**
 * Screenshots go to docs/screenshots/ (committed) when MUSTER_UPDATE_SCREENSHOTS=1, else to a git-ignored
 * folder, so that an ordinary test run leaves the work tree clean.
 */
export const SCREENSHOT_DIR = process.env.MUSTER_UPDATE_SCREENSHOTS === '1'
  ? join(projectRoot, 'docs', 'screenshots')
  : join(projectRoot, 'tests', 'e2e', 'artifacts');
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];
export const VIEWPORT = { width: 1366, height: 768 } as const;

/** How long settle() lets the page react before waiting for idle: a call started by a click is in flight by then. */
const SETTLE_MS = 80;
/**
 * The theme the pages are shown in, as the operating system would ask for it (prefers-color-scheme):
 * light unless MUSTER_E2E_THEME=dark, which runs any browser test at night and names its screenshots
 * dark-<name>.png (`MUSTER_E2E_THEME=dark npx vitest run tests/e2e/combat.test.ts`).
 */
export const THEME: 'light' | 'dark' = process.env.MUSTER_E2E_THEME === 'dark' ? 'dark' : 'light';

/** A refusal from window.muster, thrown by E2E.call so a test fails with the service's own words. */
export class MusterCallError extends Error {
  constructor(
    readonly fn: string,
    readonly error: ErrorInfo,
  ) {
    super(`${fn} refused: ${error.code} ${error.message}${error.field ? ` (field ${error.field})` : ''}`);
    this.name = 'MusterCallError';
  }
}

export interface E2EOptions {
  /** A game file to open at start (the bridge's --file). */
  file?: string;
  /** Folder for new games; default a fresh temp folder, removed by close(). */
  dir?: string;
  viewport?: { width: number; height: number };
  /** Load the app right away (default true). */
  open?: boolean;
  /** Check results against the contract's output schemas (default true; the benchmark turns it off like a release build). */
  validateOutput?: boolean;
  /** The bridge's shared root for a two-seat game's shared folders (two bridges given one root share them). */
  sharedRoot?: string;
  /** How often the bridge looks at a shared folder, in ms (default 2000). */
  sharedFolderEveryMs?: number;
  /**
   * The app's die for the games the bridge opens: rolls from this seed (a generator held in memory, as the
   * service's tests inject dice). Without it the die is the operating system's, as for players.
   */
  seed?: number;
  /** The games the bridge opens, made by the test (it then holds the very connection the page's calls go through). */
  backend?: GameBackendFactory;
}

export interface E2E {
  bridge: Bridge;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Where the games of this run are. */
  dir: string;
  /** Page errors and console errors (CSP violations show up here); tests usually expect it empty. */
  consoleErrors: string[];
  /** What the bridge wrote to its log: refusals, internal errors, and the errors the page reported. */
  bridgeLog: string[];
  /** Loads the app from the bridge URL (with the token) and waits until it is ready. */
  open(): Promise<void>;
  /** Reloads the page (the game stays open in the bridge) and waits until the app is ready. */
  reload(): Promise<void>;
  /** Waits until the app has finished loading and no window.muster call is in flight. */
  idle(): Promise<void>;
  /** Lets the page react to what was just done (a few frames), then waits until it is idle. */
  settle(): Promise<void>;
  /** Clicks the first element with this test id, then settles. */
  click(testId: string): Promise<void>;
  /** Types a table die (one keystroke) into the die input inside the element with this test id, then settles. */
  typeDie(testId: string, digit: number): Promise<void>;
  /** The game's step as "segment.phase" (the turn bar's place in the Sequence of Play). */
  step(): Promise<string>;
  /** The game's clock as "time segment.phase". */
  clockText(): Promise<string>;
  /** Calls window.muster.<fn>(input) in the page; returns the value, throws MusterCallError on a refusal. */
  call<K extends ContractFunction>(fn: K, input?: CallInput<K>): Promise<Output<K>>;
  /** Calls window.muster.<fn>(input) in the page and returns the CallResult as it came. */
  callRaw<K extends ContractFunction>(fn: K, input?: CallInput<K>): Promise<CallResult<Output<K>>>;
  /** The open game, read through window.muster.currentGame (null when none). */
  gameInfo(): Promise<GameInfo | null>;
  /** Creates a game through window.muster.newGame and reloads, so the screens show it. */
  createGame(input: NewGameInput): Promise<GameInfo>;
  /** Clicks the screen's button in the navigation and waits for the screen. */
  screen(name: ScreenName): Promise<void>;
  /** Saves a 1366x768 screenshot as docs/screenshots/<name>.png and returns the path. */
  screenshot(name: string): Promise<string>;
  /** Visible controls (buttons, inputs, selects, text areas, focusable grids) without an accessible name, described. */
  unnamedControls(): Promise<string[]>;
  /**
   * What a player did in the page since the last reset: clicks, keys pressed (modifier keys alone not
   * counted), choices in a select and text fields filled (each one action). Counted in the page from
   * trusted events, whichever helper made them.
   */
  actions(): Promise<ActionCount>;
  resetActions(): Promise<void>;
  /** Closes the browser, the bridge and the game; removes the temp folder it made. */
  close(): Promise<void>;
}

/** Why the e2e tests cannot run here, or null. They never skip: the test fails with this message. */
export function e2ePrerequisiteProblem(): string | null {
  if (!existsSync(CHROMIUM_PATH)) return `Chromium is not installed at ${CHROMIUM_PATH} (.ci/run installs Debian's chromium package)`;
  if (!existsSync(join(DEFAULT_RENDERER_ROOT, 'index.html'))) return 'the renderer is not built: run `npx electron-vite build` before the end-to-end tests';
  return null;
}

/**
 * Runs in the page (as text, so no bundler helper leaks in): every visible control and its name from
 * aria-labelledby, aria-label, its <label>s, its text, title or placeholder, as the accessibility tree would.
 */
const UNNAMED_CONTROLS = `(() => {
  const controls = [...document.querySelectorAll('button, input:not([type=hidden]), select, textarea, [role=grid], [tabindex="0"]')];
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    const aria = el.getAttribute('aria-label');
    if (aria && aria.trim()) return aria.trim();
    const labels = el.labels ? [...el.labels].map((l) => l.textContent ?? '').join(' ').trim() : '';
    if (labels) return labels;
    if (el.tagName === 'BUTTON') return (el.textContent ?? '').trim() || (el.getAttribute('title') ?? '');
    return (el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '').trim();
  };
  return controls.filter(visible).filter((el) => nameOf(el) === '').map((el) => el.outerHTML.slice(0, 160));
})()`;

export interface ActionCount {
  clicks: number;
  keys: number;
  selects: number;
  texts: number;
  total: number;
}

/**
 * Counts a player's actions in the page (installed before the app's scripts; trusted events only). The
 * counts are kept in the tab's sessionStorage, so a reload in the middle of a turn does not lose them.
 */
const ACTION_COUNTER = `(() => {
  const KEY = 'muster.e2e.actions';
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(KEY) || 'null'); } catch (e) { saved = null; }
  const count = saved || { clicks: 0, keys: 0, selects: 0, texts: 0 };
  const save = () => { try { sessionStorage.setItem(KEY, JSON.stringify(count)); } catch (e) { /* storage unavailable */ } };
  Object.defineProperty(window, '__musterActions', { value: count });
  Object.defineProperty(window, '__musterActionsSave', { value: save });
  addEventListener('click', (e) => { if (e.isTrusted && e.detail !== 0) { count.clicks++; save(); } }, true);
  addEventListener('keydown', (e) => { if (e.isTrusted && !['Shift', 'Alt', 'Control', 'Meta'].includes(e.key)) { count.keys++; save(); } }, true);
  // A choice in a select: Playwright's selectOption dispatches the change itself (not trusted), the app never does.
  addEventListener('change', (e) => {
    const t = e.target;
    if (!t) return;
    if (t.tagName === 'SELECT') count.selects++;
    else if (e.isTrusted && t.tagName === 'INPUT' && (t.type === 'text' || t.type === 'number')) count.texts++;
    else return;
    save();
  }, true);
})()`;

/** The player's charts the preview in `dir` keeps (electron/bridge/server.ts: one charts file in its folder). */
function chartsOf(dir: string): PlayerCharts {
  return new PlayerChartsStore(join(dir, CHARTS_FILE_NAME)).read();
}

export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  const problem = e2ePrerequisiteProblem();
  if (problem !== null) throw new Error(problem);
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'muster-e2e-'));
  const bridgeLog: string[] = [];
  const bridge = await startBridge({
    dir,
    ...(options.file !== undefined ? { file: options.file } : {}),
    ...(options.validateOutput !== undefined ? { validateOutput: options.validateOutput } : {}),
    // A seeded die, with the kit the preview's Charts screen keeps (its one charts file), as the preview's own backend has it.
    ...(options.backend !== undefined ? { backend: options.backend } : options.seed !== undefined ? { backend: createGameBackendFactory({ seed: options.seed, charts: () => chartsOf(dir) }) } : {}),
    ...(options.sharedRoot !== undefined ? { sharedRoot: options.sharedRoot } : {}),
    ...(options.sharedFolderEveryMs !== undefined ? { sharedFolderEveryMs: options.sharedFolderEveryMs } : {}),
    log: (line) => bridgeLog.push(line),
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (e) {
    await bridge.close();
    throw e;
  }
  const context = await browser.newContext({ viewport: options.viewport ?? VIEWPORT, deviceScaleFactor: 1, locale: 'en-US', colorScheme: THEME });
  await context.addInitScript(ACTION_COUNTER);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`console: ${message.text()}`);
  });

  const idle = async () => {
    await page.waitForSelector('[data-app-ready="true"]:not([data-busy="true"])', { state: 'attached', timeout: 20_000 });
    // The opening frame the page came with (electron/opening-frame.ts) is gone once the app is ready.
    await page.waitForSelector('#opening-frame', { state: 'detached', timeout: 20_000 });
  };

  const callRaw = async <K extends ContractFunction>(fn: K, input?: CallInput<K>): Promise<CallResult<Output<K>>> => {
    const result = await page.evaluate(
      async ([name, arg]) => {
        // Runs in the page: window.muster is the bridge's (the node-side type checker has no DOM types).
        const api = (globalThis as unknown as { muster?: Record<string, (input?: unknown) => Promise<unknown>> }).muster;
        if (!api) throw new Error('window.muster is missing');
        const fnToCall = api[name];
        if (!fnToCall) throw new Error(`window.muster.${name} is missing`);
        return fnToCall(arg === null ? undefined : arg);
      },
      [fn, input === undefined ? null : input] as const,
    );
    return result as CallResult<Output<K>>;
  };

  const call = async <K extends ContractFunction>(fn: K, input?: CallInput<K>): Promise<Output<K>> => {
    const result = await callRaw(fn, input);
    if (!result.ok) throw new MusterCallError(fn, result.error);
    return result.value;
  };

  const open = async () => {
    await page.goto(bridge.url, { waitUntil: 'load' });
    await idle();
  };

  const settle = async () => {
    await page.waitForTimeout(SETTLE_MS);
    await idle();
  };

  const e2e: E2E = {
    bridge,
    browser,
    context,
    page,
    dir,
    consoleErrors,
    bridgeLog,
    open,
    reload: async () => {
      await page.reload({ waitUntil: 'load' });
      await idle();
    },
    idle,
    settle,
    click: async (testId) => {
      await page.getByTestId(testId).first().click();
      await settle();
    },
    typeDie: async (testId, digit) => {
      await page.getByTestId(testId).getByTestId('die-typed').focus();
      await page.keyboard.press(String(digit));
      await settle();
    },
    step: async () => {
      const info = await call('currentGame');
      return `${info?.clock.segment}.${info?.clock.phase}`;
    },
    clockText: async () => {
      const info = await call('currentGame');
      return `${info?.clock.time} ${info?.clock.segment}.${info?.clock.phase}`;
    },
    call,
    callRaw,
    gameInfo: () => call('currentGame'),
    createGame: async (input) => {
      const info = await call('newGame', input);
      if (info === null) throw new Error('newGame was cancelled (the bridge should always choose a file)');
      await e2e.reload();
      return info;
    },
    screen: async (name) => {
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: SCREEN_LABELS[name], exact: true }).click();
      await page.waitForSelector(`[data-screen="${name}"]`, { state: 'visible', timeout: 20_000 });
      await idle();
    },
    screenshot: async (name) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${THEME === 'dark' && !name.startsWith('dark-') ? 'dark-' : ''}${name}.png`);
      // Two frames: anything scrolled or laid out after the last event is on screen.
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      await page.screenshot({ path, fullPage: false });
      return path;
    },
    unnamedControls: async () => (await page.evaluate(UNNAMED_CONTROLS)) as string[],
    actions: async () => {
      const c = (await page.evaluate('({ ...window.__musterActions })')) as Omit<ActionCount, 'total'>;
      return { ...c, total: c.clicks + c.keys + c.selects + c.texts };
    },
    resetActions: async () => {
      await page.evaluate('Object.assign(window.__musterActions, { clicks: 0, keys: 0, selects: 0, texts: 0 }); window.__musterActionsSave()');
    },
    close: async () => {
      await browser.close().catch(() => undefined);
      await bridge.close();
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };

  if (options.open ?? true) {
    try {
      await open();
    } catch (e) {
      await e2e.close();
      throw new Error(`the app did not load: ${(e as Error).message}\nbridge log:\n${bridgeLog.join('\n')}\nconsole:\n${consoleErrors.join('\n')}`);
    }
  }
  return e2e;
}
