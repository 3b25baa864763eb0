/**
 * The main process (electron/main.ts) started on the recording fake of Electron, for the tests of the
 * desktop app: the app's folder with a built page, its user-data folder, and the helpers that start it,
 * reach its one window, call its IPC handlers and fetch its app:// responses. Each test file mocks
 * 'electron' and 'electron-log/main' itself (vi.mock is per file) and calls useMainProcessFolders().
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fake, fakeInvokeEvent, resetFake, type FakeBrowserWindow } from './fake-electron';

/** The test's folders: a scratch folder, the app's folder inside it, and the user-data folder. */
export const mainFolders = { dir: '', appPath: '', userData: '' };

/** Makes fresh folders (with a built page) before each test and closes the app and removes them after. */
export function useMainProcessFolders(): void {
  beforeEach(() => {
    mainFolders.dir = mkdtempSync(join(tmpdir(), 'muster-main-'));
    mainFolders.appPath = join(mainFolders.dir, 'app');
    mainFolders.userData = join(mainFolders.dir, 'userData');
    mkdirSync(join(mainFolders.appPath, 'out', 'renderer', 'assets'), { recursive: true });
    writeFileSync(join(mainFolders.appPath, 'out', 'renderer', 'index.html'), '<!doctype html><title>Muster</title><script type="module" src="./assets/index.js"></script><body><div id="app"></div></body>');
    writeFileSync(join(mainFolders.appPath, 'out', 'renderer', 'assets', 'index.js'), 'console.log("muster")');
    writeFileSync(join(mainFolders.dir, 'secret.txt'), 'not for the window');
  });

  afterEach(() => {
    fake.state.app.emit('window-all-closed');
    rmSync(mainFolders.dir, { recursive: true, force: true });
  });
}

export async function startMain(options: { lock?: boolean; beforeReady?: () => void } = {}): Promise<void> {
  resetFake();
  await startMainKeepingFake(options);
}

/** Starts main.ts on the fake as it is (a test may set the system's theme or screens first). */
export async function startMainKeepingFake(options: { lock?: boolean; beforeReady?: () => void } = {}): Promise<void> {
  const state = fake.state;
  state.app.appPath = mainFolders.appPath;
  state.app.setPath('userData', mainFolders.userData);
  state.app.setPath('documents', mainFolders.dir);
  state.app.singleInstanceLock = options.lock ?? true;
  vi.resetModules();
  await import('../main');
  options.beforeReady?.();
  state.app.fireReady();
  if (options.lock ?? true) await vi.waitFor(() => expect(state.windows).toHaveLength(1));
  else await new Promise((r) => setTimeout(r, 20));
}

export const win = (): FakeBrowserWindow => fake.state.windows[0]!;

export function invoke(channel: string, event: unknown, ...args: unknown[]) {
  const handler = fake.state.ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, ...args) as Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
}

export const fromWindow = () => fakeInvokeEvent(win().webContents);

/** What the window gets for an app:// address (the main process's protocol handler). */
export async function fetchApp(url: string, method = 'GET'): Promise<Response> {
  const handler = fake.state.protocolHandlers.get('app');
  if (!handler) throw new Error('app:// is not handled');
  return handler(new Request(url, { method }));
}
