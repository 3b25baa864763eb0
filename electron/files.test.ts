// Recent files, game files named on the command line, and the file-name rules for New and Save As.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_RECENT_FILES,
  RecentFilesStore,
  addRecentFile,
  describeFileError,
  gameFileFromArgv,
  parseRecentFiles,
  removeRecentFile,
  serializeRecentFiles,
  withGameFileExtension,
} from './files';

const t0 = new Date('2025-07-01T12:00:00Z');
const t1 = new Date('2025-07-02T12:00:00Z');

describe('the Recent files list', () => {
  it('puts the latest file first and moves a reopened file to the top without duplicating it', () => {
    let list = addRecentFile([], '/games/a.muster', t0, 'linux');
    list = addRecentFile(list, '/games/b.muster', t0, 'linux');
    list = addRecentFile(list, '/games/a.muster', t1, 'linux');
    expect(list.map((f) => f.path)).toEqual(['/games/a.muster', '/games/b.muster']);
    expect(list[0]?.openedAt).toBe(t1.toISOString());
  });

  it(`keeps at most ${MAX_RECENT_FILES} files`, () => {
    let list = addRecentFile([], '/g/0.muster', t0, 'linux');
    for (let i = 1; i < 15; i++) list = addRecentFile(list, `/g/${i}.muster`, t0, 'linux');
    expect(list).toHaveLength(MAX_RECENT_FILES);
    expect(list[0]?.path).toBe('/g/14.muster');
  });

  it('treats paths case-insensitively on Windows and macOS, case-sensitively on Linux', () => {
    const base = addRecentFile([], '/Games/A.muster', t0, 'darwin');
    expect(addRecentFile(base, '/games/a.muster', t1, 'darwin')).toHaveLength(1);
    expect(addRecentFile(addRecentFile([], '/Games/A.muster', t0, 'linux'), '/games/a.muster', t1, 'linux')).toHaveLength(2);
  });

  it('stores absolute paths', () => {
    expect(addRecentFile([], 'rel/game.muster', t0, 'linux')[0]?.path).toBe(resolve('rel/game.muster'));
  });

  it('removes a file', () => {
    const list = addRecentFile(addRecentFile([], '/g/a.muster', t0, 'linux'), '/g/b.muster', t0, 'linux');
    expect(removeRecentFile(list, '/g/a.muster', 'linux').map((f) => f.path)).toEqual(['/g/b.muster']);
  });

  it('reads back what it wrote, and treats a damaged list as empty (it is a convenience, not data)', () => {
    const list = addRecentFile([], '/g/a.muster', t0, 'linux');
    expect(parseRecentFiles(serializeRecentFiles(list))).toEqual(list);
    expect(parseRecentFiles('{not json')).toEqual([]);
    expect(parseRecentFiles('{"version":2,"files":[]}')).toEqual([]);
    expect(parseRecentFiles('{"version":1,"files":[{"path":5}]}')).toEqual([]);
  });
});

describe('RecentFilesStore keeps the list as JSON in userData', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'muster-recent-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts empty, adds, removes and clears, persisting each change', () => {
    const file = join(dir, 'sub', 'recent-files.json');
    const store = new RecentFilesStore(file, 'linux', () => t0);
    expect(store.list()).toEqual([]);
    store.add('/g/a.muster');
    store.add('/g/b.muster');
    expect(new RecentFilesStore(file, 'linux').list().map((f) => f.path)).toEqual(['/g/b.muster', '/g/a.muster']);
    store.remove('/g/b.muster');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, files: [{ path: '/g/a.muster', openedAt: t0.toISOString() }] });
    store.clear();
    expect(store.list()).toEqual([]);
  });

  it('survives a damaged file by starting over', () => {
    const file = join(dir, 'recent-files.json');
    writeFileSync(file, '\u0000garbage');
    const store = new RecentFilesStore(file, 'linux', () => t0);
    expect(store.list()).toEqual([]);
    expect(store.add('/g/a.muster').map((f) => f.path)).toEqual(['/g/a.muster']);
  });
});

describe('a game file named on the command line or by a file association', () => {
  it('finds the .muster argument of a packaged launch and resolves it against the working directory', () => {
    expect(gameFileFromArgv(['/opt/Muster/muster', 'games/first-day.muster'], '/home/ann')).toBe(resolve('/home/ann', 'games/first-day.muster'));
  });

  it('skips electron and Chromium switches and the app path of a development launch', () => {
    expect(gameFileFromArgv(['/x/electron', '--inspect=0', '.', '--no-sandbox', '/tmp/g.MUSTER'], '/w')).toBe('/tmp/g.MUSTER');
  });

  it('is null when no game file is named', () => {
    expect(gameFileFromArgv(['/opt/Muster/muster', '--allow-file-access-from-files', 'notes.txt'], '/w')).toBeNull();
    expect(gameFileFromArgv([], '/w')).toBeNull();
  });
});

describe('file names', () => {
  it('adds .muster when the save dialog did not', () => {
    expect(withGameFileExtension('/g/day-one')).toBe('/g/day-one.muster');
    expect(withGameFileExtension('/g/day-one.muster')).toBe('/g/day-one.muster');
    expect(withGameFileExtension('/g/Day.MUSTER')).toBe('/g/Day.MUSTER');
  });
});

describe('the dialog for a refused file says which problem it has', () => {
  it.each([
    ['NEWER_VERSION', /newer version of Muster/],
    ['CORRUPT', /damaged/],
    ['NOT_MUSTER', /SQLite database, but not a Muster game/],
    ['NOT_SQLITE', /not a Muster game/],
    ['LOCKED', /open in another program/],
    ['READ_ONLY', /read-only/],
    ['DISK_FULL', /disk is full.*Nothing saved before was lost/],
  ])('%s', (code, headline) => {
    expect(describeFileError(code)).toMatch(headline);
  });
});
