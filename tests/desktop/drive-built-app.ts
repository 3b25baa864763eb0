/**
 * Runs the BUILT desktop app's main process (out/main/main.js) under plain Node, with the stand-in
 * `electron` module (stand-in/register.mjs), the way Electron would start it for a player who
 * double-clicked a game: the game's path on the command line. Then it plays the part of the window:
 * loads the page it is given over app://, every script and stylesheet that page names, the preload it
 * is told to run, and asks the main process, over its IPC handlers, for the game, the scenarios, Help and
 * the Victory screen's history check. It writes one JSON report to the file it is given and exits (a file,
 * not stdout: process.exit does not wait for a pipe to drain, and a busy machine would cut the report).
 *
 * Use (tests/desktop/built-app.test.ts):
 *   node --import tsx --import ./tests/desktop/stand-in/register.mjs tests/desktop/drive-built-app.ts <out/main/main.js> <game.muster> <user-data folder> <report.json>
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHANNELS } from '../../contract';
import { fake, fakeInvokeEvent, resetFake } from '../../electron/test-support/fake-electron';

export interface BuiltAppReport {
  windowTitle: string;
  preload: { path: string; exists: boolean };
  page: { url: string; status: number; hasOpeningFrame: boolean };
  assets: { url: string; status: number }[];
  calls: Record<string, { ok: boolean; value?: unknown; error?: unknown }>;
  logErrors: string[];
}

async function main(): Promise<void> {
  const [mainBundle, gameFile, userData, reportFile] = process.argv.slice(2);
  if (!mainBundle || !gameFile || !userData || !reportFile) throw new Error('usage: drive-built-app.ts <out/main/main.js> <game.muster> <user-data folder> <report.json>');
  const bundle = resolve(mainBundle);
  const state = resetFake();
  // Electron's app path for `electron .` is the project folder: out/ is below it.
  state.app.appPath = dirname(dirname(dirname(bundle)));
  state.app.setPath('userData', userData);
  state.app.setPath('documents', userData);
  // What Electron passes a double-clicked game: the executable, then the file.
  process.argv = [process.execPath, resolve(gameFile)];

  await import(pathToFileURL(bundle).href);
  state.app.fireReady();
  for (let i = 0; i < 200 && state.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  const win = state.windows[0];
  if (!win) throw new Error('the built app opened no window');

  const serve = state.protocolHandlers.get('app');
  if (!serve) throw new Error('the built app serves nothing on app://');
  const pageUrl = win.webContents.loadedUrls[0] ?? '';
  const pageResponse = await serve(new Request(pageUrl));
  const page = await pageResponse.text();
  const referenced = [...page.matchAll(/(?:src|href)="(\.\/[^"]+)"/g)].map((m) => new URL(m[1]!, pageUrl).href);
  const assets = await Promise.all(referenced.map(async (url) => ({ url, status: (await serve(new Request(url))).status })));

  const event = fakeInvokeEvent(win.webContents);
  const call = async (fn: keyof typeof CHANNELS, input?: unknown) => {
    const handler = state.ipcHandlers.get(CHANNELS[fn]);
    if (!handler) return { ok: false, error: `no handler for ${fn}` };
    return (await handler(event, input)) as { ok: boolean; value?: unknown; error?: unknown };
  };
  const preload = String((win.options.webPreferences as { preload?: string }).preload ?? '');
  const report: BuiltAppReport = {
    windowTitle: win.title,
    preload: { path: preload, exists: preload !== '' && existsSync(preload) },
    page: { url: pageUrl, status: pageResponse.status, hasOpeningFrame: page.includes('id="opening-frame"') },
    assets,
    calls: {
      currentGame: await call('currentGame'),
      scenarios: await call('scenarios'),
      helpText: await call('helpText'),
      historyCheck: await call('historyCheck', {}),
      verify: await call('verify'),
    },
    logErrors: fake.state.log.error.map((args) => args.map(String).join(' ')),
  };
  writeFileSync(reportFile, JSON.stringify(report));
  fake.state.app.emit('window-all-closed');
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  },
);
