// The shell's file operations on real game files: New, Open, Open Recent, Save As (online backup, then
// continue on the copy), Close, the Recent list, and the refused files (newer, damaged, foreign, not
// SQLite, locked): each reported in a dialog that says which, and left exactly as it was.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameService } from '../db/service';
import type { ErrorInfo, GameChangedEvent } from '../contract';
import { createGameBackendFactory } from './game-backend';
import { builtInScenarioSummaries, createHandlers, type GameBackendFactory, type ShellDialogs, type ShellHandlers } from './handlers';
import { PlayerChartsStore } from './charts';
import { RecentFilesStore } from './files';
import { TEST_SCENARIO, fileDigest, makeGameFile, makeRefusedFiles } from './test-support/games';

interface Harness {
  dir: string;
  handlers: ShellHandlers;
  /** Answers for the next file dialogs (a path, or null for Cancel). */
  answers: (string | null)[];
  asked: string[];
  reported: { file: string; error: ErrorInfo }[];
  changes: GameChangedEvent[];
  recent: RecentFilesStore;
  charts: PlayerChartsStore;
}

/** The real backend, with any scenario id mapped to the test scenario (the built-in ones are large). */
function testBackend(): GameBackendFactory {
  const real = createGameBackendFactory();
  return { create: (input) => real.create({ ...input, scenario: TEST_SCENARIO }), open: (file) => real.open(file) };
}

function harness(): Harness {
  const dir = mkdtempSync(join(tmpdir(), 'muster-handlers-'));
  const answers: (string | null)[] = [];
  const asked: string[] = [];
  const reported: { file: string; error: ErrorInfo }[] = [];
  const changes: GameChangedEvent[] = [];
  const next = () => answers.shift() ?? null;
  const dialogs: ShellDialogs = {
    chooseNewGameFile: async (suggested) => (asked.push(`new ${suggested}`), next()),
    chooseGameToOpen: async () => (asked.push('open'), next()),
    chooseSaveAsFile: async (suggested) => (asked.push(`save-as ${suggested}`), next()),
    reportFileError: async (file, error) => void reported.push({ file, error }),
  };
  const recent = new RecentFilesStore(join(dir, 'userData', 'recent-files.json'), 'linux');
  const charts = new PlayerChartsStore(join(dir, 'userData', 'player-charts.json'));
  const handlers = createHandlers({
    backend: testBackend(),
    dialogs,
    recent,
    charts,
    appInfo: { name: 'Muster', version: '0.1.0', host: 'electron', platform: 'linux', versions: {} },
    scenarios: () => [],
    onGameChanged: (e) => changes.push(e),
    platform: 'linux',
  });
  return { dir, handlers, answers, asked, reported, changes, recent, charts };
}

let h: Harness;
beforeEach(() => {
  h = harness();
});
afterEach(() => {
  h.handlers.shutdown();
  rmSync(h.dir, { recursive: true, force: true });
});

describe('New Game', () => {
  it('asks where to save, creates the file with .muster added, opens it and puts it on the Recent list', async () => {
    h.answers.push(join(h.dir, 'first-day'));
    const info = await h.handlers.newGame({ scenario: 'two-brigades', players: { USA: 'Ann', CSA: 'Bob' } });
    expect(h.asked).toEqual(['new two-brigades.muster']);
    expect(info?.file).toBe(join(h.dir, 'first-day.muster'));
    expect(info?.players).toEqual({ USA: 'Ann', CSA: 'Bob' });
    expect(existsSync(join(h.dir, 'first-day.muster'))).toBe(true);
    expect(h.recent.list().map((f) => f.path)).toEqual([join(h.dir, 'first-day.muster')]);
    expect(h.changes.map((c) => c.reason)).toEqual(['created']);
    expect(await h.handlers.currentGame(undefined)).toEqual(info);
  });

  it('does nothing when the dialog is cancelled', async () => {
    h.answers.push(null);
    expect(await h.handlers.newGame({ scenario: 'two-brigades' })).toBeNull();
    expect(await h.handlers.currentGame(undefined)).toBeNull();
    expect(h.changes).toEqual([]);
  });

  it('never overwrites an existing file: FILE_EXISTS, reported, and the file untouched', async () => {
    const existing = makeGameFile(h.dir, 'taken.muster');
    const before = fileDigest(existing);
    h.answers.push(existing);
    await expect(h.handlers.newGame({ scenario: 'two-brigades' })).rejects.toMatchObject({ code: 'FILE_EXISTS' });
    expect(h.reported.map((r) => r.error.code)).toEqual(['FILE_EXISTS']);
    expect(fileDigest(existing)).toBe(before);
  });
});

describe('Open and Open Recent', () => {
  it('opens the chosen file; Cancel opens nothing', async () => {
    const file = makeGameFile(h.dir);
    h.answers.push(null, file);
    expect(await h.handlers.openGame(undefined)).toBeNull();
    const info = await h.handlers.openGame(undefined);
    expect(info?.file).toBe(file);
    expect(h.changes.map((c) => c.reason)).toEqual(['opened']);
  });

  it('reopens a file from the Recent list, but refuses a path that is not on it', async () => {
    const a = makeGameFile(h.dir, 'a.muster');
    const b = makeGameFile(h.dir, 'b.muster');
    h.answers.push(a);
    await h.handlers.openGame(undefined);
    await h.handlers.closeGame(undefined);
    expect((await h.handlers.openRecent({ file: a })).file).toBe(a);
    await expect(h.handlers.openRecent({ file: b })).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'file' });
    expect((await h.handlers.currentGame(undefined))?.file).toBe(a);
  });

  it('drops a vanished file from the Recent list', async () => {
    const file = makeGameFile(h.dir, 'gone.muster');
    h.answers.push(file);
    await h.handlers.openGame(undefined);
    await h.handlers.closeGame(undefined);
    rmSync(file);
    await expect(h.handlers.openRecent({ file })).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect(h.recent.list()).toEqual([]);
  });

  it('opening the file that is already open keeps it open', async () => {
    const file = makeGameFile(h.dir);
    h.answers.push(file, file);
    await h.handlers.openGame(undefined);
    expect((await h.handlers.openGame(undefined))?.file).toBe(file);
    expect((await h.handlers.roster(undefined)).length).toBeGreaterThan(0);
  });

  it('closing the game makes every game channel answer NO_GAME', async () => {
    h.answers.push(makeGameFile(h.dir));
    await h.handlers.openGame(undefined);
    expect(await h.handlers.closeGame(undefined)).toBeNull();
    expect(h.changes.at(-1)).toEqual({ game: null, reason: 'closed' });
    expect(() => h.handlers.roster(undefined)).toThrow(expect.objectContaining({ code: 'NO_GAME' }));
    expect(() => h.handlers.undo(undefined)).toThrow(expect.objectContaining({ code: 'NO_GAME' }));
  });
});

describe('files Muster refuses are reported by kind and left untouched', () => {
  it.each(['NEWER_VERSION', 'CORRUPT', 'NOT_MUSTER', 'NOT_SQLITE'] as const)('%s', async (kind) => {
    const refused = makeRefusedFiles(h.dir)[kind];
    const open = makeGameFile(h.dir, 'current.muster');
    h.answers.push(open);
    await h.handlers.openGame(undefined);
    const before = fileDigest(refused);
    h.answers.push(refused);
    await expect(h.handlers.openGame(undefined)).rejects.toMatchObject({ code: kind, field: 'file' });
    expect(h.reported).toEqual([{ file: refused, error: expect.objectContaining({ code: kind }) }]);
    // The words a player reads: no SQLite internals ("database disk image is malformed", "*** in database main ***").
    expect(h.reported[0]!.error.message).not.toMatch(/malformed|\*\*\*|SQLITE_|disk image/i);
    expect(fileDigest(refused)).toBe(before);
    expect(existsSync(`${refused}-wal`)).toBe(false);
    // The game that was open stays open.
    expect((await h.handlers.currentGame(undefined))?.file).toBe(open);
  });

  it('LOCKED: a file another Muster has open', async () => {
    const file = makeGameFile(h.dir, 'in-use.muster');
    const elsewhere = GameService.open(file);
    try {
      h.answers.push(file);
      await expect(h.handlers.openGame(undefined)).rejects.toMatchObject({ code: 'LOCKED' });
      expect(h.reported.map((r) => r.error.code)).toEqual(['LOCKED']);
      expect(elsewhere.info().eventCount).toBe(0);
    } finally {
      elsewhere.close();
    }
  });

  it('openFromShell (menu, command line, file association) reports and returns null instead of throwing', async () => {
    const { CORRUPT } = makeRefusedFiles(h.dir);
    expect(await h.handlers.openFromShell(CORRUPT)).toBeNull();
    expect(h.reported.map((r) => r.error.code)).toEqual(['CORRUPT']);
  });
});

describe('Save As', () => {
  it('copies the game with the online backup, then continues on the copy; the original keeps what it had', async () => {
    const original = makeGameFile(h.dir, 'original.muster');
    h.answers.push(original);
    await h.handlers.openGame(undefined);
    const unit = (await h.handlers.roster(undefined))[0]!;
    await h.handlers.recordLoss({ unitId: unit.id, sp: 1 });

    h.answers.push(join(h.dir, 'copy'));
    const info = await h.handlers.saveGameAs(undefined);
    expect(h.asked.at(-1)).toBe('save-as original.muster');
    expect(info?.file).toBe(join(h.dir, 'copy.muster'));
    expect(info?.eventCount).toBe(1);
    expect(h.changes.at(-1)?.reason).toBe('saved-as');
    expect(h.recent.list()[0]?.path).toBe(join(h.dir, 'copy.muster'));

    // Changes now go to the copy only.
    await h.handlers.recordLoss({ unitId: unit.id, sp: 1 });
    expect((await h.handlers.info(undefined)).eventCount).toBe(2);
    h.handlers.shutdown();
    const reopened = GameService.open(original);
    try {
      expect(reopened.info().eventCount).toBe(1);
      expect(reopened.roster().find((u) => u.id === unit.id)?.spLost).toBe(1);
    } finally {
      reopened.close();
    }
  });

  it('refuses to overwrite an existing file, leaving both files as they were', async () => {
    const original = makeGameFile(h.dir, 'original.muster');
    const other = makeGameFile(h.dir, 'other.muster');
    h.answers.push(original);
    await h.handlers.openGame(undefined);
    const before = fileDigest(other);
    h.answers.push(other);
    await expect(h.handlers.saveGameAs(undefined)).rejects.toMatchObject({ code: 'FILE_EXISTS', field: 'file' });
    expect(fileDigest(other)).toBe(before);
    expect((await h.handlers.currentGame(undefined))?.file).toBe(original);
  });

  it('a name the player typed (the preview has no dialog) is passed on; a taken one is refused at the name field', async () => {
    const original = makeGameFile(h.dir, 'original.muster');
    const other = makeGameFile(h.dir, 'other.muster');
    h.answers.push(original);
    await h.handlers.openGame(undefined);
    h.answers.push(other);
    await expect(h.handlers.saveGameAs({ name: 'other' })).rejects.toMatchObject({ code: 'FILE_EXISTS', field: 'name', message: 'other.muster is already a game in this folder; Muster never overwrites a file, choose another name' });
    expect(h.asked.at(-1)).toBe('save-as original.muster');
    expect((await h.handlers.currentGame(undefined))?.file).toBe(original);
  });

  it('needs an open game, and Cancel copies nothing', async () => {
    await expect(h.handlers.saveGameAs(undefined)).rejects.toMatchObject({ code: 'NO_GAME' });
    h.answers.push(makeGameFile(h.dir));
    await h.handlers.openGame(undefined);
    h.answers.push(null);
    expect(await h.handlers.saveGameAs(undefined)).toBeNull();
  });
});

describe('the Recent list through the contract', () => {
  it('lists and removes entries', async () => {
    const file = makeGameFile(h.dir);
    h.answers.push(file);
    await h.handlers.openGame(undefined);
    expect((await h.handlers.recentFiles(undefined)).map((f) => f.path)).toEqual([file]);
    expect(await h.handlers.removeRecentFile({ file })).toEqual([]);
  });
});

describe('the built-in scenarios', () => {
  it('are summarised for the Start screen: the full battle and the small skirmish among them', () => {
    const summaries = builtInScenarioSummaries();
    const ids = summaries.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['gettysburg', 'skirmish-at-willoughby-run']));
    const full = summaries.find((s) => s.id === 'gettysburg')!;
    expect(full.units).toBe(587);
    expect(full.commands.filter((c) => c.level === 'army').map((c) => c.side).sort()).toEqual(['CSA', 'USA']);
    expect(full.commands.every((c) => c.level !== 'brigade')).toBe(true);
  });

  it('New Game creates a game from a built-in scenario by id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-builtin-'));
    const handlers = createHandlers({
      backend: createGameBackendFactory(),
      dialogs: { chooseNewGameFile: async () => join(dir, 'willoughby'), chooseGameToOpen: async () => null, chooseSaveAsFile: async () => null, reportFileError: async () => undefined },
      recent: new RecentFilesStore(join(dir, 'recent.json'), 'linux'),
      charts: new PlayerChartsStore(join(dir, 'charts.json')),
      appInfo: { name: 'Muster', version: '0.1.0', host: 'electron', platform: 'linux', versions: {} },
    });
    try {
      const info = await handlers.newGame({ scenario: 'skirmish-at-willoughby-run' });
      expect(info).toMatchObject({ scenarioId: 'skirmish-at-willoughby-run', file: join(dir, 'willoughby.muster') });
      expect((await handlers.scenarios(undefined)).length).toBeGreaterThan(1);
    } finally {
      handlers.shutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the browser preview\'s File menu: Open from the games folder, Help', () => {
  function folderHandlers(folder?: string): ShellHandlers {
    return createHandlers({
      backend: testBackend(),
      dialogs: { chooseNewGameFile: async () => null, chooseGameToOpen: async () => null, chooseSaveAsFile: async () => null, reportFileError: async () => undefined },
      recent: new RecentFilesStore(join(h.dir, 'userData', 'recent-files.json'), 'linux'),
      appInfo: { name: 'Muster', version: '0.1.0', host: 'browser', platform: 'linux', versions: {} },
      scenarios: () => [],
      platform: 'linux',
      charts: h.charts,
      ...(folder !== undefined ? { gameFolder: folder } : {}),
    });
  }

  it('lists the folder\'s games (the desktop app, with a file dialog, has no folder) and opens one by name only', async () => {
    expect(await folderHandlers().gameFolder(undefined)).toBeNull();
    const folder = join(h.dir, 'games');
    const handlers = folderHandlers(folder);
    expect(await handlers.gameFolder(undefined)).toEqual({ folder, files: [] });
    const { mkdirSync, writeFileSync, utimesSync } = await import('node:fs');
    mkdirSync(folder);
    const older = makeGameFile(folder, 'first-day.muster');
    utimesSync(older, new Date('2024-07-01T10:00:00Z'), new Date('2024-07-01T10:00:00Z'));
    makeGameFile(folder, 'second-day.muster');
    writeFileSync(join(folder, 'notes.txt'), 'not a game');
    const listing = await handlers.gameFolder(undefined);
    expect(listing!.files.map((f) => [f.name, f.open])).toEqual([['second-day.muster', false], ['first-day.muster', false]]);
    const info = await handlers.openFromFolder({ name: 'first-day.muster' });
    expect(info.file).toBe(older);
    expect((await handlers.gameFolder(undefined))!.files.find((f) => f.name === 'first-day.muster')!.open).toBe(true);
    await expect(handlers.openFromFolder({ name: 'nobody.muster' })).rejects.toMatchObject({ code: 'FILE_NOT_FOUND', field: 'name' });
    await expect(handlers.openFromFolder({ name: '../first-day.muster' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', field: 'name' });
    await expect(folderHandlers().openFromFolder({ name: 'first-day.muster' })).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'name' });
    // A refused name leaves the open game open.
    expect((await handlers.currentGame(undefined))!.file).toBe(older);
    handlers.shutdown();
  });

  it('Help gives how to play with Muster, then the rules interpretations, as Markdown', async () => {
    const help = await folderHandlers().helpText(undefined);
    expect(help.title).toBe('Muster Help');
    expect(help.guide).toContain('# Playing with Muster');
    expect(help.guide).toContain('## Secret entries: the hand-over');
    expect(help.readings).toContain('# Rules interpretations');
    expect(help.readings).toContain('### RI-B01');
  });
});
