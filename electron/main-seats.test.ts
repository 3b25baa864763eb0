// The desktop app's shared folder of a two-seat game, on the recording fake of Electron: picked in the
// system's folder dialog, remembered for the game, and picked up again with no dialog when the game is opened
// in the next session of the app.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../contract';
import { fake } from './test-support/fake-electron';
import { fromWindow, invoke, mainFolders, startMain, useMainProcessFolders } from './test-support/main-process';

vi.mock('electron', async () => (await import('./test-support/fake-electron')).electronModule);
vi.mock('electron-log/main', async () => (await import('./test-support/fake-electron')).logModule);

useMainProcessFolders();

describe('the shared folder in the desktop app', () => {
  it('is picked in the folder dialog once, and opening the game in the next session looks at it again with no dialog', async () => {
    await startMain();
    const file = join(mainFolders.dir, 'first-day.muster');
    const folder = join(mainFolders.dir, 'Dropbox', 'gettysburg');
    mkdirSync(folder, { recursive: true });
    fake.state.dialogAnswers.push(file, join(mainFolders.dir, 'for-bob.json'));
    expect(await invoke(CHANNELS.newSeatGame, fromWindow(), { scenario: 'skirmish-at-willoughby-run', seat: 'USA' })).toMatchObject({ ok: true, value: { game: { file } } });
    fake.state.dialogAnswers.push(folder);
    expect(await invoke(CHANNELS.chooseSharedFolder, fromWindow(), {})).toMatchObject({ ok: true, value: { folder, remembered: false, problem: null } });
    expect(fake.state.dialogs.filter((d) => d.kind === 'open').map((d) => d.options.title)).toEqual(['Shared Folder (both players pick the same synced folder)']);
    await invoke(CHANNELS.closeGame, fromWindow());
    fake.state.app.emit('window-all-closed');

    // The next session: the game from the Recent list, its folder with it.
    await startMain();
    expect(await invoke(CHANNELS.openRecent, fromWindow(), { file })).toMatchObject({ ok: true, value: { file, seat: { side: 'USA' } } });
    expect(await invoke(CHANNELS.sharedFolder, fromWindow())).toMatchObject({ ok: true, value: { folder, remembered: true, problem: null, lastLook: expect.any(String), everySeconds: 2 } });
    expect(fake.state.dialogs.filter((d) => d.kind === 'open')).toEqual([]);
    await invoke(CHANNELS.closeGame, fromWindow());
  });
});
