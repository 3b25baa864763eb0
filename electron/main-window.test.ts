// The main process's one window as a desktop window, under the recording fake of Electron: its title, its
// remembered size and place, a game file dropped on it, the system theme from the first paint, and a page
// that fails to load.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../contract';
import { describeFileError } from './files';
import { FakeEvent, fake, resetFake } from './test-support/fake-electron';
import { makeGameFile, makeRefusedFiles } from './test-support/games';
import { fromWindow, invoke, mainFolders, startMain, startMainKeepingFake, useMainProcessFolders, win } from './test-support/main-process';

vi.mock('electron', async () => (await import('./test-support/fake-electron')).electronModule);
vi.mock('electron-log/main', async () => (await import('./test-support/fake-electron')).logModule);


useMainProcessFolders();

describe('the window as a desktop window', () => {
  it('is titled with the open game, and plain Muster without one', async () => {
    await startMain();
    expect(win().title).toBe('Muster');
    const file = makeGameFile(mainFolders.dir, 'Pickett at dawn.muster');
    fake.state.app.emit('open-file', new FakeEvent(), file);
    await vi.waitFor(() => expect(win().title).toBe('Pickett at dawn \u2014 Muster'));
    const pageTitle = new FakeEvent();
    win().emit('page-title-updated', pageTitle, 'Muster');
    expect(pageTitle.defaultPrevented).toBe(true);
    await invoke(CHANNELS.closeGame, fromWindow());
    expect(win().title).toBe('Muster');
  });

  it('a game given at launch titles the window from the start', async () => {
    const file = makeGameFile(mainFolders.dir, 'launch.muster');
    await startMain({ beforeReady: () => fake.state.app.emit('open-file', new FakeEvent(), file) });
    expect(win().title).toBe('launch \u2014 Muster');
  });

  it('remembers its size, place and maximized state for the next start', async () => {
    await startMain();
    expect(win().options).toMatchObject({ width: 1366, height: 860 });
    expect(win().options).not.toHaveProperty('x');
    win().setBounds({ x: 220, y: 140, width: 1200, height: 760 });
    win().maximize();
    win().close();
    expect(JSON.parse(readFileSync(join(mainFolders.userData, 'window-state.json'), 'utf8'))).toEqual({ x: 220, y: 140, width: 1200, height: 760, maximized: true, fullScreen: false });
    await startMain();
    expect(win().options).toMatchObject({ x: 220, y: 140, width: 1200, height: 760 });
    expect(win().maximized).toBe(true);
  });

  it('opens centred on the screen it has when the remembered place is on a monitor that is gone', async () => {
    mkdirSync(mainFolders.userData, { recursive: true });
    writeFileSync(join(mainFolders.userData, 'window-state.json'), JSON.stringify({ x: 2400, y: 100, width: 1300, height: 800, maximized: false, fullScreen: false }));
    await startMain();
    expect(win().options).toMatchObject({ width: 1300, height: 800 });
    expect(win().options).not.toHaveProperty('x');
  });

  it('a damaged window-state file means the default window, not an error', async () => {
    mkdirSync(mainFolders.userData, { recursive: true });
    writeFileSync(join(mainFolders.userData, 'window-state.json'), '{"x": "left"');
    await startMain();
    expect(win().options).toMatchObject({ width: 1366, height: 860 });
  });

  it('a game file dropped on the window opens with the same checks as Open', async () => {
    await startMain();
    const file = makeGameFile(mainFolders.dir, 'dropped.muster');
    expect(await invoke(CHANNELS.openDroppedFile, fromWindow(), { file })).toMatchObject({ ok: true, value: { file } });
    expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toMatchObject({ file });
    const refused = makeRefusedFiles(mainFolders.dir).CORRUPT;
    expect(await invoke(CHANNELS.openDroppedFile, fromWindow(), { file: refused })).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    expect(fake.state.dialogs.at(-1)?.options).toMatchObject({ type: 'error', message: describeFileError('CORRUPT') });
    expect((await invoke(CHANNELS.currentGame, fromWindow())).value).toMatchObject({ file });
    const notAGame = join(mainFolders.dir, 'notes.txt');
    writeFileSync(notAGame, 'hello');
    expect(await invoke(CHANNELS.openDroppedFile, fromWindow(), { file: notAGame })).toMatchObject({ ok: false, error: { code: 'NOT_MUSTER', field: 'file' } });
  });

  it('follows the system theme from its first paint (no white flash in dark mode)', async () => {
    resetFake();
    fake.state.nativeTheme.shouldUseDarkColors = true;
    await startMainKeepingFake();
    expect(win().options.backgroundColor).toBe('#1b1a17');
  });
});

describe('a window whose page fails', () => {
  it('a crashed page is logged and the player offered Reload, which reloads it', async () => {
    await startMain();
    fake.state.dialogAnswers.push(0);
    win().webContents.emit('render-process-gone', new FakeEvent(), { reason: 'crashed', exitCode: 11 });
    await vi.waitFor(() => expect(win().webContents.reloads).toBe(1));
    const shown = fake.state.dialogs.at(-1)!.options;
    expect(shown).toMatchObject({ type: 'error', message: "Muster's window stopped working.", buttons: ['Reload', 'Quit Muster'] });
    expect(String(shown.detail)).toContain('Your game is safe');
    expect(fake.state.log.error.flat().join(' ')).toContain('crashed');
  });

  it('Quit Muster quits', async () => {
    await startMain();
    fake.state.dialogAnswers.push(1);
    win().webContents.emit('render-process-gone', new FakeEvent(), { reason: 'oom', exitCode: 0 });
    await vi.waitFor(() => expect(fake.state.app.quitCalls).toBe(1));
    expect(win().webContents.reloads).toBe(0);
  });

  it('a page that does not load says so with Reload; a load replaced by a reload is not a failure', async () => {
    await startMain();
    win().webContents.emit('did-fail-load', new FakeEvent(), -3, 'ERR_ABORTED', 'app://muster/index.html', true);
    expect(fake.state.dialogs).toEqual([]);
    fake.state.dialogAnswers.push(0);
    win().webContents.emit('did-fail-load', new FakeEvent(), -6, 'ERR_FILE_NOT_FOUND', 'app://muster/index.html', true);
    await vi.waitFor(() => expect(win().webContents.reloads).toBe(1));
    expect(fake.state.dialogs.at(-1)!.options).toMatchObject({ message: "Muster's window could not load its screens." });
    expect(fake.state.log.error.flat().join(' ')).toContain('ERR_FILE_NOT_FOUND');
  });

  it('a page that hangs offers Reload or Wait', async () => {
    await startMain();
    fake.state.dialogAnswers.push(1);
    win().emit('unresponsive');
    await vi.waitFor(() => expect(fake.state.dialogs.at(-1)?.options).toMatchObject({ buttons: ['Reload', 'Wait'] }));
    expect(win().webContents.reloads).toBe(0);
    expect(fake.state.app.quitCalls).toBe(0);
  });

  it("errors the page catches are written to the log with the screen's words", async () => {
    await startMain();
    expect(await invoke(CHANNELS.reportScreenError, fromWindow(), { kind: 'error', message: 'TypeError: x is undefined', stack: 'at Roster', screen: 'roster' })).toMatchObject({ ok: true });
    expect(fake.state.log.error).toContainEqual(['screen error on roster: TypeError: x is undefined', 'at Roster']);
  });
});
