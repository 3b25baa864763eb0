/**
 * Opening game files: the pragmas, recognising foreign, corrupt, newer and locked files (each refused
 * with a MusterError and left byte-for-byte as it was), and the migration machinery: from version 0
 * (a new file), from each earlier version with a verified backup first, all pending steps in one
 * transaction, a failing step leaving the file at its old version. The two versions after the latest
 * here are test-only steps; each real step has its own test in db/migrations.test.ts.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, LATEST_VERSION } from './migrations';
import type { Migration } from './migrations';
import { MUSTER_APPLICATION_ID, openGameDatabase } from './open';
import { GameService } from './service';
import { fileHash, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

function expectRefusedUntouched(path: string, code: string, open: () => unknown = () => openGameDatabase(path)): void {
  const before = fileHash(path);
  expect(open).toThrow(expect.objectContaining({ code, field: 'file' }));
  expect(fileHash(path)).toBe(before);
}

const V = LATEST_VERSION;

/** A game file at the latest schema version, closed. */
function latestGame(): string {
  const g = newGame(tmp.dir);
  g.recordLoss({ unitId: '2-wi', sp: 2 });
  g.close();
  return g.file;
}

const addNotes: Migration = {
  version: V + 1,
  name: 'test-only: unit notes',
  up(db) {
    db.exec("ALTER TABLE units ADD COLUMN note TEXT NOT NULL DEFAULT ''");
  },
};
const addTable: Migration = {
  version: V + 2,
  name: 'test-only: a second step',
  up(db) {
    db.exec('CREATE TABLE scratch (id INTEGER PRIMARY KEY)');
  },
};

describe('opening a game file', () => {
  it('sets WAL, synchronous FULL, foreign keys, a busy timeout and Muster\'s application id', () => {
    const g = newGame(tmp.dir);
    const p = (name: string) => g.db.pragma(name, { simple: true });
    expect(p('journal_mode')).toBe('wal');
    expect(p('synchronous')).toBe(2);
    expect(p('foreign_keys')).toBe(1);
    expect(p('busy_timeout')).toBeGreaterThan(0);
    expect(p('application_id')).toBe(MUSTER_APPLICATION_ID);
    expect(p('user_version')).toBe(LATEST_VERSION);
    g.close();
  });

  it('refuses a missing file', () => {
    expect(() => openGameDatabase(tmp.file('missing.muster'))).toThrow(expect.objectContaining({ code: 'FILE_NOT_FOUND', field: 'file' }));
  });

  it('refuses a file that is not SQLite, and an empty one, leaving them untouched', () => {
    const text = tmp.file('notes.muster');
    writeFileSync(text, 'Pickett charged at 1500.\n'.repeat(20));
    expectRefusedUntouched(text, 'NOT_SQLITE');
    const empty = tmp.file('empty.muster');
    writeFileSync(empty, '');
    expectRefusedUntouched(empty, 'NOT_MUSTER');
  });

  it('refuses a SQLite database that is not a Muster game, leaving it untouched', () => {
    const foreign = tmp.file('foreign.sqlite');
    const db = new Database(foreign);
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);');
    db.close();
    expectRefusedUntouched(foreign, 'NOT_MUSTER');
    expectRefusedUntouched(foreign, 'NOT_MUSTER', () => GameService.open(foreign));
  });

  it('refuses a file from a newer Muster, leaving it untouched', () => {
    const path = latestGame();
    const db = new Database(path);
    db.pragma(`user_version = ${LATEST_VERSION + 1}`);
    db.close();
    const error = (() => {
      try {
        GameService.open(path);
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error).toMatchObject({ code: 'NEWER_VERSION' });
    expect(error!.message).toContain('newer Muster');
    expectRefusedUntouched(path, 'NEWER_VERSION');
  });

  it('refuses a file another Muster has open (it holds the lock), leaving it untouched', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expectRefusedUntouched(g.file, 'LOCKED', () => GameService.open(g.file, { busyTimeoutMs: 50 }));
    g.close();
    GameService.open(g.file).close();
  });

  it('refuses a file another program is writing', () => {
    const path = latestGame();
    const other = new Database(path);
    other.exec('BEGIN EXCLUSIVE');
    expect(() => openGameDatabase(path, { busyTimeoutMs: 50 })).toThrow(expect.objectContaining({ code: 'LOCKED' }));
    other.exec('ROLLBACK');
    other.close();
  });

  it('refuses a damaged file, in plain words without SQLite\'s internals', () => {
    const path = latestGame();
    const bytes = readFileSync(path);
    // Keep the header (and its application id), wreck every page after the first.
    for (let i = 4096; i < bytes.length; i += 1) bytes[i] = 0xa5;
    writeFileSync(path, bytes);
    let caught: unknown;
    try {
      const g = GameService.open(path);
      try {
        g.roster();
      } finally {
        g.close();
      }
    } catch (e) {
      caught = e;
    }
    expect(caught).toMatchObject({ code: expect.stringMatching(/^(CORRUPT|NOT_SQLITE)$/) });
    const message = (caught as Error).message;
    expect(message).toMatch(/is damaged: parts of it cannot be read|is not a SQLite database/);
    expect(message).not.toMatch(/\*\*\*|malformed|Tree \d|page \d|SQLITE_|disk image/i);
  });
});

describe('migrations', () => {
  it('a new file runs every migration from version 0 in one go', () => {
    const path = tmp.file('fresh.sqlite');
    const opened = openGameDatabase(path, { create: true });
    expect(opened).toMatchObject({ version: LATEST_VERSION, migratedFrom: 0, backupPath: null });
    expect(opened.db.pragma('application_id', { simple: true })).toBe(MUSTER_APPLICATION_ID);
    opened.db.close();
  });

  it('migrates a game to the next version, after a verified backup beside it, keeping every row', () => {
    const path = latestGame();
    const opened = openGameDatabase(path, { migrations: [...MIGRATIONS, addNotes] });
    expect(opened).toMatchObject({ version: V + 1, migratedFrom: V });
    expect(opened.backupPath).toBe(`${path}.v${V}.bak`);
    expect(existsSync(opened.backupPath!)).toBe(true);
    expect(opened.db.prepare("SELECT sp_lost, note FROM units WHERE id = '2-wi'").get()).toEqual({ sp_lost: 2, note: '' });
    expect(opened.db.pragma('user_version', { simple: true })).toBe(V + 1);
    opened.db.close();
    const backup = new Database(opened.backupPath!, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(V);
    expect(backup.pragma('integrity_check', { simple: true })).toBe('ok');
    backup.close();
    // The game service still reads and writes it.
    const g = GameService.open(path, { migrations: [...MIGRATIONS, addNotes] });
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('runs all pending steps (two at once) in one transaction; a failing step leaves the file at its version', () => {
    const path = latestGame();
    const copy = `${path}.copy`;
    copyFileSync(path, copy);
    const failing: Migration = { version: V + 2, name: 'test-only: fails', up: () => { throw new Error('disk on fire'); } };
    expect(() => openGameDatabase(copy, { migrations: [...MIGRATIONS, addNotes, failing] })).toThrow(expect.objectContaining({ code: 'MIGRATION_FAILED' }));
    const check = new Database(copy, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(V);
    expect((check.prepare('PRAGMA table_info(units)').all() as { name: string }[]).some((c) => c.name === 'note')).toBe(false);
    check.close();
    const opened = openGameDatabase(path, { migrations: [...MIGRATIONS, addNotes, addTable] });
    expect(opened).toMatchObject({ version: V + 2, migratedFrom: V });
    expect(opened.db.prepare("SELECT name FROM sqlite_master WHERE name = 'scratch'").get()).toEqual({ name: 'scratch' });
    opened.db.close();
  });

  it('migrates a file of each earlier version (one step behind as well as two)', () => {
    const path = latestGame();
    openGameDatabase(path, { migrations: [...MIGRATIONS, addNotes] }).db.close();
    const opened = openGameDatabase(path, { migrations: [...MIGRATIONS, addNotes, addTable] });
    expect(opened).toMatchObject({ version: V + 2, migratedFrom: V + 1 });
    expect(opened.backupPath).toBe(`${path}.v${V + 1}.bak`);
    opened.db.close();
    expect(readdirSync(tmp.dir).filter((f) => f.endsWith('.bak')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses migration steps out of sequence', () => {
    const path = latestGame();
    expect(() => openGameDatabase(path, { migrations: [...MIGRATIONS, addTable] })).toThrow(expect.objectContaining({ code: 'MIGRATION_FAILED' }));
  });
});
