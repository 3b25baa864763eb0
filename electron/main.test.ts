// The main process under a recording fake of Electron: every security option of the one window, the CSP
// header on app:// responses, navigation and window-open denial, permission denial, the single-instance
// lock, the IPC sender check, the menu, and game files given by file association or a second instance.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { GameService } from '../db/service';
import { CHANNELS, EVENTS } from '../contract';
import { CONTENT_SECURITY_POLICY } from './security';
import { describeFileError } from './files';
import { FakeEvent, FakeWebContents, fake, fakeInvokeEvent, resetFake } from './test-support/fake-electron';
import { fileDigest, makeGameFile, makeRefusedFiles } from './test-support/games';
import { fetchApp, fromWindow, invoke, mainFolders, startMain, useMainProcessFolders, win } from './test-support/main-process';

vi.mock('electron', async () => (await import('./test-support/fake-electron')).electronModule);
vi.mock('electron-log/main', async () => (await import('./test-support/fake-electron')).logModule);


useMainProcessFolders();

describe('before the app is ready', () => {
  it('registers app:// as a privileged, standard, secure scheme that bypasses nothing', async () => {
    resetFake();
    fake.state.app.setPath('userData', mainFolders.userData);
    vi.resetModules();
    await import('./main');
    expect(fake.state.privilegedSchemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false }) }]);
    expect(fake.state.app.sandboxEnabled).toBe(true);
    expect(fake.state.windows).toHaveLength(0);
    fake.state.app.fireReady();
    await vi.waitFor(() => expect(fake.state.windows).toHaveLength(1));
  });

  it('logs to a file in userData', async () => {
    await startMain();
    expect(fake.state.logger.transports.file.resolvePathFn?.()).toBe(join(mainFolders.userData, 'logs', 'main.log'));
    expect(fake.state.logger.errorHandler.started).toBe(true);
  });
});

describe('single instance', () => {
  it('a second Muster quits at once, registering nothing and opening no window', async () => {
    await startMain({ lock: false });
    expect(fake.state.app.quitCalls).toBe(1);
    expect(fake.state.windows).toHaveLength(0);
    expect(fake.state.ipcHandlers.size).toBe(0);
    expect(fake.state.protocolHandlers.size).toBe(0);
  });

  it('the first Muster opens the game file a second launch was given, and comes to the front', async () => {
    await startMain();
    const file = makeGameFile(mainFolders.dir, 'from-second-launch.muster');
    win().minimized = true;
    fake.state.app.emit('second-instance', new FakeEvent(), ['/opt/Muster/muster', 'from-second-launch.muster'], mainFolders.dir);
    await vi.waitFor(async () => expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toMatchObject({ file }));
    expect(win().minimized).toBe(false);
    expect(win().focused).toBe(true);
  });
});

describe('the one window', () => {
  it('is isolated, sandboxed, without Node, with web security, and loads the UI from app://muster', async () => {
    await startMain();
    expect(fake.state.windows).toHaveLength(1);
    const options = win().options as { show: boolean; webPreferences: Record<string, unknown> };
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      preload: join(mainFolders.appPath, 'out', 'preload', 'preload.cjs'),
    });
    expect(win().webContents.loadedUrls).toEqual(['app://muster/index.html']);
    win().emit('ready-to-show');
    expect(win().visible).toBe(true);
  });
});

describe('app:// responses', () => {
  it('serves the built renderer with the CSP header on every response', async () => {
    await startMain();
    const page = await fetchApp('app://muster/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>Muster</title>');
    const script = await fetchApp('app://muster/assets/index.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['a missing file', 'app://muster/nope.js', 'GET', 404],
    ['a way out of the renderer folder', 'app://muster/assets/..%2f..%2f..%2f..%2fsecret.txt', 'GET', 404],
    ['another host', 'app://elsewhere/index.html', 'GET', 404],
    ['a POST', 'app://muster/index.html', 'POST', 405],
  ])('refuses %s, still with the CSP header', async (_what, url, method, status) => {
    await startMain();
    const response = await fetchApp(url, method);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await response.text()).not.toContain('not for the window');
  });
});

describe('navigation, redirects and new windows', () => {
  it('cancels every navigation and redirect; allowlisted https links go to the browser', async () => {
    await startMain();
    const contents = win().webContents;
    for (const [event, url] of [
      ['will-navigate', 'https://evil.example/'],
      ['will-navigate', 'app://muster/other.html'],
      ['will-navigate', 'https://boardgamegeek.com/boardgame/1'],
      ['will-redirect', 'https://evil.example/login'],
    ] as const) {
      const e = new FakeEvent(url);
      contents.emit(event, e, url);
      expect(e.defaultPrevented).toBe(true);
    }
    expect(fake.state.openedExternally).toEqual(['https://boardgamegeek.com/boardgame/1']);
  });

  it('denies every new window; allowlisted https links open in the browser instead', async () => {
    await startMain();
    const open = win().webContents.windowOpenHandler!;
    expect(open({ url: 'https://evil.example/popup' })).toEqual({ action: 'deny' });
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(open({ url: 'https://github.com/muster' })).toEqual({ action: 'deny' });
    expect(fake.state.openedExternally).toEqual(['https://github.com/muster']);
    expect(fake.state.windows).toHaveLength(1);
  });

  it('refuses webviews, and hardens any other webContents that appears', async () => {
    await startMain();
    const attach = new FakeEvent();
    win().webContents.emit('will-attach-webview', attach);
    expect(attach.defaultPrevented).toBe(true);
    const stray = new FakeWebContents();
    fake.state.app.emit('web-contents-created', new FakeEvent(), stray);
    expect(stray.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const nav = new FakeEvent('https://evil.example/');
    stray.emit('will-navigate', nav, 'https://evil.example/');
    expect(nav.defaultPrevented).toBe(true);
  });
});

describe('permissions and requests', () => {
  it('denies every permission request and check', async () => {
    await startMain();
    const { permissionRequestHandler, permissionCheckHandler, devicePermissionHandler } = fake.state.session;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'fullscreen', 'openExternal', 'hid', 'serial']) {
      const granted: boolean[] = [];
      permissionRequestHandler!(win().webContents, permission, (g) => granted.push(g));
      expect(granted).toEqual([false]);
      expect(permissionCheckHandler!(win().webContents, permission, 'app://muster')).toBe(false);
    }
    expect(devicePermissionHandler!({ deviceType: 'usb' })).toBe(false);
  });

  it('loads no remote content: only app:// requests go through', async () => {
    await startMain();
    const decide = (url: string) => {
      let answer: { cancel?: boolean } = {};
      fake.state.session.beforeRequest!({ url }, (r) => (answer = r));
      return answer.cancel;
    };
    expect(decide('app://muster/assets/index.js')).toBe(false);
    expect(decide('https://cdn.example/lib.js')).toBe(true);
    expect(decide('http://localhost:5173/')).toBe(true);
    expect(decide('file:///etc/passwd')).toBe(true);
  });
});

describe('IPC', () => {
  it('registers every contract channel and answers the window', async () => {
    await startMain();
    expect([...fake.state.ipcHandlers.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
    const info = await invoke(CHANNELS.appInfo, fromWindow());
    expect(info).toMatchObject({ ok: true, value: { name: 'Muster', host: 'electron' } });
  });

  it('refuses a subframe, another origin and another webContents', async () => {
    await startMain();
    const wc = win().webContents;
    const other = new FakeWebContents();
    other.mainFrame = { url: 'app://muster/index.html', parent: null, frameTreeNodeId: 9 };
    for (const event of [
      fakeInvokeEvent(wc, { url: 'app://muster/index.html', parent: wc.mainFrame, frameTreeNodeId: 2 }),
      fakeInvokeEvent(wc, { url: 'https://evil.example/', parent: null, frameTreeNodeId: 1 }),
      fakeInvokeEvent(other),
    ]) {
      expect(await invoke(CHANNELS.recentFiles, event)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
  });
});

describe('game files from outside the window', () => {
  it('a file opened from the desktop (macOS open-file) during launch is open before the window loads: its page shows the roster at once', async () => {
    const file = makeGameFile(mainFolders.dir, 'double-clicked.muster');
    await startMain({
      beforeReady: () => {
        const e = new FakeEvent();
        fake.state.app.emit('open-file', e, file);
        expect(e.defaultPrevented).toBe(true);
      },
    });
    // The window is made once the game is open, so the first page it asks for has the game's opening frame.
    expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toMatchObject({ file });
    expect(fake.state.app.recentDocuments).toContain(file);
    const page = await (await fetchApp('app://muster/index.html')).text();
    expect(page).toMatch(/<div id="opening-frame" class="opening-frame" data-screen="roster" inert aria-hidden="true">.*<\/div><div id="app"><\/div>/s);
    expect(page).toContain('data-unit-id="2-wi"');
    expect(await (await fetchApp('app://muster/index.html?screen=history')).text()).toContain('data-screen="history"');
  });

  it('with no game open the page is the app alone', async () => {
    await startMain();
    expect(await (await fetchApp('app://muster/index.html')).text()).not.toContain('opening-frame');
  });

  it.each(['NEWER_VERSION', 'CORRUPT', 'NOT_MUSTER', 'NOT_SQLITE'] as const)('a %s file gets a dialog saying so, and is left untouched', async (kind) => {
    await startMain();
    const file = makeRefusedFiles(mainFolders.dir)[kind];
    const before = fileDigest(file);
    fake.state.app.emit('open-file', new FakeEvent(), file);
    await vi.waitFor(() => expect(fake.state.dialogs.filter((d) => d.kind === 'message')).toHaveLength(1));
    const shown = fake.state.dialogs[0]!.options;
    expect(shown).toMatchObject({ type: 'error', message: describeFileError(kind) });
    expect(String(shown.detail)).toContain('The file was not changed.');
    expect(fileDigest(file)).toBe(before);
    expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toBeNull();
  });

  it('releases the game file when the window closes', async () => {
    const file = makeGameFile(mainFolders.dir, 'closing.muster');
    await startMain({ beforeReady: () => fake.state.app.emit('open-file', new FakeEvent(), file) });
    await vi.waitFor(async () => expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toMatchObject({ file }));
    fake.state.app.emit('window-all-closed');
    expect(fake.state.app.quitCalls).toBe(1);
    const again = GameService.open(file); // would be LOCKED if Muster still held it
    again.close();
  });
});

describe('the menu', () => {
  type Item = { label?: string; role?: string; enabled?: boolean; accelerator?: string; click?: () => void; submenu?: Item[] };
  const menu = () => (fake.state.applicationMenu as { template: Item[] }).template;
  const find = (label: string): Item => {
    const walk = (items: Item[]): Item | undefined => {
      for (const i of items) {
        if (i.label === label) return i;
        const inner = walk(i.submenu ?? []);
        if (inner) return inner;
      }
      return undefined;
    };
    const item = walk(menu());
    if (!item) throw new Error(`no menu item ${label}`);
    return item;
  };

  it('is File, Edit, View, Go, Help with Print and the exports disabled', async () => {
    await startMain();
    expect(menu().map((m) => m.label ?? m.role)).toEqual(process.platform === 'darwin' ? ['appMenu', '&File', '&Edit', '&View', '&Go', 'windowMenu', '&Help'] : ['&File', '&Edit', '&View', '&Go', '&Help']);
    expect(find('&Print Roster…').enabled).toBe(false);
    expect(find('Export Roster as &CSV…').enabled).toBe(false);
    expect(find('Export &Log as CSV…').enabled).toBe(false);
    expect(find('&Undo Last Entry').enabled).toBe(false);
  });

  it('while a text field has the keyboard, Edit > Undo and Redo undo its typing (edit roles), and the game again once it has not', async () => {
    const file = makeGameFile(mainFolders.dir, 'typing.muster');
    await startMain({ beforeReady: () => fake.state.app.emit('open-file', new FakeEvent(), file) });
    await vi.waitFor(async () => expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toMatchObject({ file }));
    expect(await invoke(CHANNELS.recordLoss, fromWindow(), { unitId: '2-wi', sp: 1 })).toMatchObject({ ok: true });
    expect(await invoke(CHANNELS.reportTextFocus, fromWindow(), { focused: true })).toMatchObject({ ok: true });
    expect(find('&Undo Typing')).toMatchObject({ role: 'undo', accelerator: 'CmdOrCtrl+Z' });
    expect(find('&Undo Typing').click).toBeUndefined();
    expect(find('&Redo Typing')).toMatchObject({ role: 'redo' });
    expect(await invoke(CHANNELS.reportTextFocus, fromWindow(), { focused: false })).toMatchObject({ ok: true });
    expect(find('&Undo Last Entry')).toMatchObject({ enabled: true, accelerator: 'CmdOrCtrl+Z' });
    expect(find('&Undo Last Entry').role).toBeUndefined();
  });

  it('Go > a screen asks the window to show it; the shortcut is shown but left to the window', async () => {
    await startMain();
    const charts = find('Charts');
    expect(charts).toMatchObject({ accelerator: 'Alt+9', registerAccelerator: false });
    charts.click!();
    expect(win().webContents.sent).toContainEqual({ channel: EVENTS.onMenuCommand, args: [{ command: 'go-screen', screen: 'charts' }] });
  });

  it('Undo from the menu undoes the last change and tells the window', async () => {
    const file = makeGameFile(mainFolders.dir, 'undo.muster');
    await startMain({ beforeReady: () => fake.state.app.emit('open-file', new FakeEvent(), file) });
    await vi.waitFor(async () => expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toMatchObject({ file }));
    expect(await invoke(CHANNELS.recordLoss, fromWindow(), { unitId: '2-wi', sp: 1 })).toMatchObject({ ok: true });
    expect(find('&Undo Last Entry')).toMatchObject({ enabled: true, accelerator: 'CmdOrCtrl+Z' });
    win().webContents.sent = [];
    find('&Undo Last Entry').click!();
    await vi.waitFor(() => expect(win().webContents.sent).toContainEqual({ channel: EVENTS.onGameChanged, args: [expect.objectContaining({ reason: 'undo' })] }));
    const roster = (await invoke(CHANNELS.roster, fromWindow())).value as { id: string; spLost: number }[];
    expect(roster.find((u) => u.id === '2-wi')?.spLost).toBe(0);
    expect(find('&Redo Entry')).toMatchObject({ enabled: true, accelerator: 'CmdOrCtrl+Shift+Z' });
  });

  it('New Game asks the window (which asks for the scenario first)', async () => {
    await startMain();
    find('&New Game…').click!();
    expect(win().webContents.sent).toContainEqual({ channel: EVENTS.onMenuCommand, args: [{ command: 'new-game' }] });
  });

  it("Help shows Muster's Help in the window (F1), Show Log File the log, and About the version and the log file", async () => {
    await startMain();
    expect(find('Muster &Help').accelerator).toBe('F1');
    find('Muster &Help').click!();
    expect(win().webContents.sent).toContainEqual({ channel: EVENTS.onMenuCommand, args: [{ command: 'show-help' }] });
    expect(fake.state.openedPaths).toEqual([]);
    const help = (await invoke(CHANNELS.helpText, fromWindow())).value as { guide: string; readings: string };
    expect(help.guide).toContain('# Playing with Muster');
    expect(help.readings).toContain('### RI-C01');
    find('Show &Log File').click!();
    expect(fake.state.shownInFolder).toEqual([join(mainFolders.userData, 'logs', 'main.log')]);
    find('&About Muster').click!();
    await vi.waitFor(() => expect(fake.state.dialogs.at(-1)?.options).toMatchObject({ message: 'Muster 0.1.0' }));
    expect(String(fake.state.dialogs.at(-1)?.options.detail)).toContain(join(mainFolders.userData, 'logs', 'main.log'));
  });
});
