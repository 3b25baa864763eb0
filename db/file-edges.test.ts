/**
 * The file edges, on real files: a read-only game opens read-only (every query works, every
 * change is refused as READ_ONLY, in the service, through dispatch and on the command line); a full disk
 * is DISK_FULL (never "internal error" or "schema migration failed") and loses nothing acknowledged; a
 * FIFO, a device or a folder is refused before anything opens it; a foreign file carrying Muster's
 * application_id is refused byte for byte; and failed migrations keep one backup per version.
 *
 * Read-only: this process must not be able to write the file. As a normal user 0444 does it; as root
 * (which ignores permissions) the test also sets the immutable attribute with chattr, and skips itself
 * where neither works.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WRITE_FUNCTIONS } from '../contract';
import { runCli } from './cli';
import { dispatchGameSync, serviceHandlers, toErrorInfo } from './dispatch';
import { MusterError } from './errors';
import { LATEST_VERSION, MIGRATIONS, type Migration } from './migrations';
import { assertWritable, backupPathFor, MUSTER_APPLICATION_ID, openGameDatabase } from './open';
import { GameService } from './service';
import { FIXTURE_SCENARIO, fileHash, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-file-edges-');
const undoReadOnly: (() => void)[] = [];
afterAll(() => {
  for (const undo of undoReadOnly) undo();
  tmp.cleanup();
});

const V = LATEST_VERSION;
const READ_ONLY_TEXT = 'this game file is read-only';

/** A game with two events (a loss, a die roll), closed. */
function playedGame(dir = tmp.dir): string {
  const g = newGame(dir);
  g.recordLoss({ unitId: '2-wi', sp: 2 });
  g.rollDie({ purpose: 'morale check', roll: 4 });
  g.close();
  return g.file;
}

/** Makes `path` unwritable for this process; false where that cannot be done (then the test skips). */
function makeReadOnly(path: string): boolean {
  const mode = statSync(path).mode & 0o777;
  chmodSync(path, statSync(path).isDirectory() ? 0o555 : 0o444);
  const immutable = process.getuid?.() === 0 && spawnSync('chattr', ['+i', path]).status === 0;
  const undo = () => {
    if (immutable) spawnSync('chattr', ['-i', path]);
    chmodSync(path, mode);
  };
  undoReadOnly.push(undo);
  try {
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/** Every file in the folder (a refused or read-only open must create none: no -wal, -shm, .bak). */
const filesIn = (dir: string) => readdirSync(dir).sort();

/** The game function's result through the one way in, as the app and the CLI get it. */
const callThroughDispatch = (g: GameService, fn: (typeof WRITE_FUNCTIONS)[number] | 'roster' | 'verify', input?: unknown) =>
  dispatchGameSync(serviceHandlers(g), fn, input === undefined ? [] : [input], { validateOutput: true });

describe('a read-only game file', () => {
  it('opens read-only: roster, history, tally, verify and info work, and nothing is written beside it', (ctx) => {
    const dir = join(tmp.dir, 'ro-file');
    mkdirSync(dir);
    const file = playedGame(dir);
    if (!makeReadOnly(file)) ctx.skip();
    const before = { hash: fileHash(file), files: filesIn(dir) };
    const g = GameService.open(file);
    try {
      expect(g.db.readonly).toBe(true);
      expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ spLost: 2 });
      expect(g.history({ limit: 10 }).map((e) => e.kind)).toEqual(['die.rolled', 'loss.sp']);
      expect(g.tally().usa.lossPoints).toBeGreaterThanOrEqual(0);
      expect(g.info()).toMatchObject({ file, eventCount: 2 });
      expect(g.verify()).toMatchObject({ ok: true, integrity: 'ok' });
      expect(callThroughDispatch(g, 'roster').ok).toBe(true);
    } finally {
      g.close();
    }
    expect({ hash: fileHash(file), files: filesIn(dir) }).toEqual(before);
  });

  it('refuses every change through dispatch (the app and the bridge) with READ_ONLY, and the file is unchanged', (ctx) => {
    const file = playedGame();
    if (!makeReadOnly(file)) ctx.skip();
    const before = fileHash(file);
    const g = GameService.open(file);
    try {
      const changes: [(typeof WRITE_FUNCTIONS)[number], unknown][] = [
        ['recordLoss', { unitId: '2-wi', sp: 1 }],
        ['rollDie', { purpose: 'a die for nothing' }],
        ['setFatigue', { unitId: '2-wi', level: 1 }],
        ['undo', undefined],
      ];
      for (const [fn, input] of changes) {
        expect(WRITE_FUNCTIONS).toContain(fn);
        const result = callThroughDispatch(g, fn, input);
        expect(result, fn).toMatchObject({ ok: false, error: { code: 'READ_ONLY', field: 'file' } });
        expect(!result.ok && result.error.message).toContain(READ_ONLY_TEXT);
      }
      expect(g.info().eventCount).toBe(2);
      expect(g.verify().ok).toBe(true);
    } finally {
      g.close();
    }
    expect(fileHash(file)).toBe(before);
  });

  it('refuses a change called on the service directly with a MusterError READ_ONLY (the write path calls assertWritable)', (ctx) => {
    const file = playedGame();
    if (!makeReadOnly(file)) ctx.skip();
    const g = GameService.open(file);
    try {
      expect(() => assertWritable(g.db)).toThrow(expect.objectContaining({ code: 'READ_ONLY', field: 'file' }));
      for (const change of [() => g.recordLoss({ unitId: '2-wi', sp: 1 }), () => g.undo(), () => g.redo()]) {
        let caught: unknown;
        try {
          change();
        } catch (e) {
          caught = e;
        }
        expect(caught).toBeInstanceOf(MusterError);
        expect(caught).toMatchObject({ code: 'READ_ONLY', field: 'file' });
      }
    } finally {
      g.close();
    }
  });

  it('on the command line: roster, tally and verify work; loss and undo are refused as read-only', (ctx) => {
    const file = playedGame();
    if (!makeReadOnly(file)) ctx.skip();
    const before = fileHash(file);
    for (const command of [['roster', file], ['tally', file], ['verify', file], ['log', file]]) {
      expect(runCli(command), command[0]).toMatchObject({ code: 0, stderr: '' });
    }
    for (const command of [['loss', file, '--unit', '2-wi', '--sp', '1'], ['undo', file]]) {
      const result = runCli(command);
      expect(result.code, command[0]).toBe(1);
      expect(result.stderr).toContain(READ_ONLY_TEXT);
    }
    expect(fileHash(file)).toBe(before);
  });

  it('Save As makes a writable copy of a read-only game', async (ctx) => {
    const file = playedGame();
    if (!makeReadOnly(file)) ctx.skip();
    const g = GameService.open(file);
    const copy = tmp.file('copy-of-read-only.muster');
    await g.db.backup(copy);
    g.close();
    const c = GameService.open(copy);
    try {
      expect(c.db.readonly).toBe(false);
      c.recordLoss({ unitId: '2-wi', sp: 1 });
      expect(c.info().eventCount).toBe(3);
      expect(c.verify().ok).toBe(true);
    } finally {
      c.close();
    }
  });

  it('a game in a folder Muster may not write opens read-only, without creating -wal or -shm there', (ctx) => {
    const dir = join(tmp.dir, 'ro-folder');
    mkdirSync(dir);
    const file = playedGame(dir);
    if (!makeReadOnly(dir)) ctx.skip();
    const before = { hash: fileHash(file), files: filesIn(dir) };
    const g = GameService.open(file);
    try {
      expect(g.db.readonly).toBe(true);
      expect(g.info().eventCount).toBe(2);
      expect(callThroughDispatch(g, 'recordLoss', { unitId: '2-wi', sp: 1 })).toMatchObject({ ok: false, error: { code: 'READ_ONLY' } });
    } finally {
      g.close();
    }
    expect({ hash: fileHash(file), files: filesIn(dir) }).toEqual(before);
  });

  it('a read-only game from an older Muster is refused (it cannot be migrated), untouched and without a backup', (ctx) => {
    const dir = join(tmp.dir, 'ro-old');
    mkdirSync(dir);
    const file = playedGame(dir);
    if (!makeReadOnly(file)) ctx.skip();
    const before = { hash: fileHash(file), files: filesIn(dir) };
    const addNotes: Migration = { version: V + 1, name: 'test-only', up: (db) => db.exec('CREATE TABLE notes (x)') };
    expect(() => GameService.open(file, { migrations: [...MIGRATIONS, addNotes] })).toThrow(expect.objectContaining({ code: 'MIGRATION_FAILED', message: expect.stringContaining('read-only') }));
    expect({ hash: fileHash(file), files: filesIn(dir) }).toEqual(before);
  });
});

describe('a full disk', () => {
  /** A migration step that fills the database to its page limit (PRAGMA max_page_count): SQLITE_FULL. */
  const fill: Migration = {
    version: V + 1,
    name: 'test-only: the disk fills up',
    up(db) {
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages + 2}`);
      db.exec('CREATE TABLE filler (x BLOB)');
      db.prepare('INSERT INTO filler VALUES (randomblob(100000))').run();
    },
  };

  it('a change on a full disk says the disk is full and loses nothing acknowledged', () => {
    const g = newGame(tmp.dir);
    try {
      g.recordLoss({ unitId: '2-wi', sp: 1 });
      const pages = g.db.pragma('page_count', { simple: true }) as number;
      g.db.pragma(`max_page_count = ${pages}`);
      let acknowledged = g.info().eventCount;
      let refused: ReturnType<typeof callThroughDispatch> | null = null;
      for (let i = 0; i < 500 && refused === null; i++) {
        const result = callThroughDispatch(g, 'rollDie', { purpose: `roll ${i} ${'x'.repeat(150)}` });
        if (result.ok) acknowledged += 1;
        else refused = result;
      }
      expect(refused).toMatchObject({ ok: false, error: { code: 'DISK_FULL', field: 'file' } });
      expect(!refused!.ok && refused!.error.message).toMatch(/disk is full.*everything saved before it is safe/);
      expect(g.info().eventCount).toBe(acknowledged);
      expect(g.verify().ok).toBe(true);
      // Room again: the game goes on.
      g.db.pragma('max_page_count = 1000000');
      expect(callThroughDispatch(g, 'rollDie', { purpose: 'after freeing space' }).ok).toBe(true);
    } finally {
      g.close();
    }
  });

  it('toErrorInfo maps SQLITE_FULL and ENOSPC to DISK_FULL, not INTERNAL', () => {
    const logged: string[] = [];
    for (const code of ['SQLITE_FULL', 'ENOSPC']) {
      const error = Object.assign(new Error('database or disk is full'), { code });
      expect(toErrorInfo(error, (m) => logged.push(m))).toMatchObject({ code: 'DISK_FULL', message: expect.stringContaining('disk is full') });
    }
    expect(logged).toEqual([]);
  });

  it('creating a game on a full disk is DISK_FULL (not "schema migration failed"), and leaves no file', () => {
    const file = tmp.file('new-on-full-disk.muster');
    expect(() => openGameDatabase(file, { create: true, migrations: [...MIGRATIONS, fill] })).toThrow(expect.objectContaining({ code: 'DISK_FULL', message: expect.stringContaining('disk is full') }));
    expect(existsSync(file)).toBe(false);
    expect(() => GameService.create({ file, scenario: FIXTURE_SCENARIO }, { migrations: [...MIGRATIONS, fill] })).toThrow(expect.objectContaining({ code: 'DISK_FULL' }));
    expect(filesIn(tmp.dir).filter((f) => f.startsWith('new-on-full-disk'))).toEqual([]);
  });

  it('bringing a game up to date on a full disk is DISK_FULL, and the game stays at its version', () => {
    const file = playedGame();
    expect(() => openGameDatabase(file, { migrations: [...MIGRATIONS, fill] })).toThrow(expect.objectContaining({ code: 'DISK_FULL' }));
    const g = GameService.open(file);
    expect(g.schemaVersion).toBe(V);
    expect(g.info().eventCount).toBe(2);
    g.close();
  });
});

describe('files that are not regular files', () => {
  it('a FIFO is refused at once, never blocking open() (checked in a child process that would hang)', () => {
    const fifo = tmp.file('game.muster');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const script = [
      "import { openGameDatabase } from './db/open.ts';",
      "import { GameService } from './db/service.ts';",
      'const codes = [];',
      'for (const open of [() => openGameDatabase(process.argv[1]), () => GameService.open(process.argv[1])]) {',
      '  try { open(); codes.push("opened"); } catch (e) { codes.push(e.code); }',
      '}',
      'console.log(JSON.stringify(codes));',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, fifo], { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8', timeout: 20_000 });
    expect(child.signal, 'opening the FIFO hung').toBeNull();
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual(['NOT_SQLITE', 'NOT_SQLITE']);
  });

  it('a folder and a device are refused as not game files', () => {
    const folder = join(tmp.dir, 'a-folder.muster');
    mkdirSync(folder);
    for (const path of [folder, '/dev/null']) {
      if (!existsSync(path)) continue;
      expect(() => GameService.open(path)).toThrow(expect.objectContaining({ code: 'NOT_SQLITE', field: 'file' }));
    }
  });
});

describe("a foreign file carrying Muster's application_id", () => {
  const foreign = (name: string, version: number) => {
    const path = tmp.file(name);
    const db = new Database(path);
    db.pragma(`application_id = ${MUSTER_APPLICATION_ID}`);
    db.pragma(`user_version = ${version}`);
    db.exec("CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('not a game');");
    db.close();
    return path;
  };

  it.each([
    ['version 0 (nothing migrated yet)', 0],
    ['an older version', V - 1],
    ['the latest version', V],
  ])('at %s: refused as NOT_MUSTER before anything is written, byte for byte, no file beside it', (_what, version) => {
    const path = foreign(`foreign-v${version}.sqlite`, version);
    const before = { hash: fileHash(path), files: filesIn(tmp.dir) };
    expect(() => GameService.open(path)).toThrow(expect.objectContaining({ code: 'NOT_MUSTER', field: 'file' }));
    expect(() => openGameDatabase(path)).toThrow(expect.objectContaining({ code: 'NOT_MUSTER' }));
    expect({ hash: fileHash(path), files: filesIn(tmp.dir) }).toEqual(before);
  });
});

describe('backups before migrating', () => {
  it('keeps one backup per version however many attempts fail, and the last one is the verified copy', () => {
    const dir = join(tmp.dir, 'backups');
    mkdirSync(dir);
    const file = playedGame(dir);
    const failing: Migration = { version: V + 1, name: 'test-only: fails', up: () => { throw new Error('disk on fire'); } };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(() => openGameDatabase(file, { migrations: [...MIGRATIONS, failing] })).toThrow(expect.objectContaining({ code: 'MIGRATION_FAILED' }));
    }
    const backups = () => filesIn(dir).filter((f) => f.includes('.bak'));
    expect(backups()).toEqual([`${basename(file)}.v${V}.bak`]);
    const works: Migration = { version: V + 1, name: 'test-only: works', up: (db) => db.exec('CREATE TABLE scratch (id INTEGER PRIMARY KEY)') };
    const opened = openGameDatabase(file, { migrations: [...MIGRATIONS, works] });
    expect(opened.backupPath).toBe(backupPathFor(file, V));
    opened.db.close();
    expect(backups()).toHaveLength(1);
    const backup = new Database(backupPathFor(file, V), { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(V);
    expect(backup.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((backup.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n).toBe(2);
    backup.close();
    // The copy of the original kept beside it is still openable as the game before the upgrade.
    copyFileSync(backupPathFor(file, V), join(dir, 'restored.muster'));
    const restored = GameService.open(join(dir, 'restored.muster'));
    expect(restored.info().eventCount).toBe(2);
    restored.close();
  });
});
