/**
 * Opening a game file: one better-sqlite3 connection per file, with the pragmas the game relies on
 * (WAL, synchronous=FULL, foreign keys, a busy timeout, an exclusive lock held while the game is open),
 * recognition of foreign files by Muster's application_id, and schema migrations by user_version.
 *
 * A file that cannot be used (not SQLite, not a Muster game, from a newer Muster, locked, corrupt) is
 * refused with a MusterError before anything is written to it.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { MusterError } from './errors';
import { MIGRATIONS, type Migration } from './migrations';

/** "MUST" in ASCII: marks a SQLite file as a Muster game (PRAGMA application_id). */
export const MUSTER_APPLICATION_ID = 0x4d555354;
const SQLITE_MAGIC = 'SQLite format 3\u0000';
const DEFAULT_BUSY_TIMEOUT_MS = 1000;

export type SqliteDatabase = Database.Database;

export interface OpenOptions {
  /** Create a new, empty game file (refused if the file exists). */
  create?: boolean;
  /** The migration list; tests pass extra steps to exercise the machinery. */
  migrations?: readonly Migration[];
  busyTimeoutMs?: number;
}

export interface OpenedDatabase {
  db: SqliteDatabase;
  path: string;
  /** Schema version after opening. */
  version: number;
  /** Version the file had before migrating, or null if no migration ran. */
  migratedFrom: number | null;
  /** The verified copy made before migrating, or null. */
  backupPath: string | null;
}

/** Opens (or creates) a game file and brings its schema up to date. */
export function openGameDatabase(path: string, options: OpenOptions = {}): OpenedDatabase {
  const migrations = options.migrations ?? MIGRATIONS;
  const latest = migrations.length === 0 ? 0 : migrations[migrations.length - 1]!.version;
  const create = options.create ?? false;

  if (create) {
    try {
      // 'wx' creates the file only if it does not exist: no race with another creator.
      closeSync(openSync(path, 'wx'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new MusterError('FILE_EXISTS', 'file', `${path} already exists; Muster never overwrites a file`);
      throw new MusterError('FILE_NOT_FOUND', 'file', `cannot create ${path}: ${(e as Error).message}`);
    }
  } else {
    checkHeader(path);
  }

  let db: SqliteDatabase;
  try {
    db = new Database(path, { fileMustExist: true, timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  } catch (e) {
    if (create) removeGameFile(path);
    throw translateSqliteError(e, path);
  }
  try {
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS}`);
    // Held for the life of the connection: a second Muster (or anything else) cannot write behind our back.
    db.pragma('locking_mode = EXCLUSIVE');
    // Reads only, so a foreign or newer file is left as it was.
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const version = db.pragma('user_version', { simple: true }) as number;
    if (!create && applicationId !== MUSTER_APPLICATION_ID) {
      throw new MusterError('NOT_MUSTER', 'file', `${path} is a SQLite database but not a Muster game`);
    }
    if (version > latest) {
      throw new MusterError('NEWER_VERSION', 'file', `${path} was written by a newer Muster (file version ${version}, this Muster reads up to ${latest}); update Muster to open it`);
    }
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // Take the write lock now, so a file in use elsewhere is refused at open rather than at the first change.
    db.exec('BEGIN IMMEDIATE');
    db.exec('COMMIT');

    let backupPath: string | null = null;
    let migratedFrom: number | null = null;
    if (version < latest) {
      if (version > 0) backupPath = backUpBeforeMigrating(db, path, version);
      migrate(db, migrations, version);
      migratedFrom = version;
    }
    return { db, path, version: latest, migratedFrom, backupPath };
  } catch (e) {
    db.close();
    if (create) removeGameFile(path);
    throw translateSqliteError(e, path);
  }
}

/** Deletes a game file with its WAL and shared-memory companions (used when creating it failed). */
export function removeGameFile(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(f, { force: true });
}

/** Reads the first 100 bytes: the SQLite magic string must be there. Nothing is opened for writing. */
function checkHeader(path: string): void {
  if (!existsSync(path)) throw new MusterError('FILE_NOT_FOUND', 'file', `${path} does not exist`);
  if (statSync(path).isDirectory()) throw new MusterError('NOT_SQLITE', 'file', `${path} is a folder, not a game file`);
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 0) throw new MusterError('NOT_MUSTER', 'file', `${path} is empty, not a Muster game`);
  if (read < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) {
    throw new MusterError('NOT_SQLITE', 'file', `${path} is not a SQLite database, so not a Muster game`);
  }
}

/** Copies the file with VACUUM INTO beside the original and checks the copy before any migration runs. */
function backUpBeforeMigrating(db: SqliteDatabase, path: string, version: number): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const backupPath = `${path}.v${version}-${stamp}.bak`;
  db.prepare('VACUUM INTO ?').run(backupPath);
  const copy = new Database(backupPath, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new MusterError('MIGRATION_FAILED', 'file', `the backup ${backupPath} failed its integrity check (${String(result)}); nothing was migrated`);
  } finally {
    copy.close();
  }
  return backupPath;
}

/** Applies every pending step and the new user_version in ONE transaction: all or nothing. */
function migrate(db: SqliteDatabase, migrations: readonly Migration[], from: number): void {
  const pending = migrations.filter((m) => m.version > from);
  pending.forEach((m, i) => {
    if (m.version !== from + i + 1) throw new MusterError('MIGRATION_FAILED', 'file', `migration ${m.version} (${m.name}) is out of sequence`);
  });
  try {
    db.transaction(() => {
      if (from === 0) db.pragma(`application_id = ${MUSTER_APPLICATION_ID}`);
      for (const m of pending) {
        m.up(db);
        db.pragma(`user_version = ${m.version}`);
      }
    })();
  } catch (e) {
    if (e instanceof MusterError) throw e;
    throw new MusterError('MIGRATION_FAILED', 'file', `schema migration failed, the file was left at version ${from}: ${(e as Error).message}`);
  }
}

function translateSqliteError(e: unknown, path: string): Error {
  if (e instanceof MusterError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new MusterError('LOCKED', 'file', `${path} is open in another program or another Muster window; close it there first`);
  }
  if (code === 'SQLITE_NOTADB') return new MusterError('NOT_SQLITE', 'file', `${path} is not a SQLite database, so not a Muster game`);
  // SQLite's own words ("database disk image is malformed") are for the log, not for players.
  if (code.startsWith('SQLITE_CORRUPT')) return new MusterError('CORRUPT', 'file', `${path} is damaged: parts of it cannot be read, so Muster will not open it. Open a copy you saved earlier, or the backup Muster keeps beside the file`);
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY')) {
    return new MusterError('FILE_NOT_FOUND', 'file', `cannot open ${path} for writing (${(e as Error).message})`);
  }
  return e instanceof Error ? e : new Error(String(e));
}
