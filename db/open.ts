/**
 * Opening a game file: one better-sqlite3 connection per file, with the pragmas the game relies on
 * (WAL, synchronous=FULL, foreign keys, a busy timeout, an exclusive lock held while the game is open),
 * recognition of foreign files by Muster's application_id, and schema migrations by user_version.
 *
 * A file that cannot be used (not a regular file, not SQLite, not a Muster game, from a newer Muster,
 * locked, corrupt) is refused with a MusterError before anything is written to it. A game file Muster may
 * not write (its permissions, a read-only folder or disk) opens read-only: every query works, and the
 * write path refuses each change with READ_ONLY (assertWritable). A full disk is DISK_FULL, never an
 * internal error.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, fstatSync, linkSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MusterError } from './errors';
import { MIGRATIONS, type Migration } from './migrations';
import { snapshotFor } from './migrations/schema';
import { schemaProblems as checkSchema } from './schema-check';

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
  /**
   * With create: fills the new file inside the transaction that writes its schema, so the schema and
   * the first content commit together (one transaction, one sync; a failure leaves no file behind).
   */
  initialise?: (db: SqliteDatabase) => void;
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
  /** Opened read-only: Muster may not write the file (or its folder). db.readonly says the same. */
  readOnly: boolean;
  /**
   * How the file's schema differs from the one Muster writes (db/schema-check.ts); empty when it agrees.
   * A file that differs is opened read-only, and nothing was written to it (no WAL switch, no migration).
   */
  schemaProblems: string[];
}

/** The refusal of every change to a game opened read-only. */
export function readOnlyError(): MusterError {
  return new MusterError('READ_ONLY', 'file', 'this game file is read-only, so nothing can be recorded in it; Save As makes a copy you can play on');
}

/**
 * The disk (or the file system's quota) is full: SQLite rolled the change back (SQLITE_FULL, ENOSPC), so
 * nothing acknowledged is lost. `what` says what did not happen.
 */
export function diskFullError(what: string): MusterError {
  return new MusterError('DISK_FULL', 'file', `the disk is full: ${what}. Free some disk space and try again`);
}

/** SQLite's SQLITE_FULL or the system's ENOSPC (a Node fs error). */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}

/**
 * The write path's guard (db/service/context.ts write(), and undo/redo): a game opened read-only refuses
 * every change with READ_ONLY before anything runs.
 */
export function assertWritable(db: SqliteDatabase): void {
  if (db.readonly) throw readOnlyError();
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
      if (isDiskFull(e)) throw diskFullError(`${path} was not created`);
      throw new MusterError('FILE_NOT_FOUND', 'file', `cannot create ${path}: ${(e as Error).message}`);
    }
  } else {
    checkHeader(path);
  }
  const readOnly = !create && !isWritable(path);

  let db: SqliteDatabase;
  try {
    db = readOnly ? openReadOnly(path) : new Database(path, { fileMustExist: true, timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  } catch (e) {
    if (create) removeGameFile(path);
    throw translateSqliteError(e, path);
  }
  try {
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS}`);
    // Held for the life of the connection: a second Muster (or anything else) cannot write behind our back.
    // (Not on a read-only connection: its file descriptor cannot take a write lock.)
    if (!readOnly) db.pragma('locking_mode = EXCLUSIVE');
    // Reads only, so a foreign or newer file is left as it was.
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const version = db.pragma('user_version', { simple: true }) as number;
    if (!create) checkIsMusterGame(db, path, applicationId, version);
    if (version > latest) {
      throw new MusterError('NEWER_VERSION', 'file', `${path} was written by a newer Muster (file version ${version}, this Muster reads up to ${latest}); update Muster to open it`);
    }
    // Reads sqlite_master only: a file whose schema is not the one Muster writes at its version (an added
    // trigger, a dropped append-only one, a table of its own) is left exactly as it was, and opened read-only.
    const schemaProblems = create ? [] : checkSchema(db, migrations, version);
    if (schemaProblems.length > 0) {
      if (!readOnly) {
        db.close();
        db = openReadOnly(path);
      }
      return { db, path, version, migratedFrom: null, backupPath: null, readOnly: true, schemaProblems };
    }
    if (readOnly) {
      if (version < latest) {
        throw new MusterError('MIGRATION_FAILED', 'file', `${path} was written by an older Muster (file version ${version}) and must be brought up to date, but it is read-only; make it writable (or copy it to a folder you can write to) and open it again`);
      }
      return { db, path, version, migratedFrom: null, backupPath: null, readOnly: true, schemaProblems };
    }
    // A new file is written once, its pages straight into the file (nothing to copy back at a first WAL
    // checkpoint), with the rollback journal kept in memory: a creation that fails rolls back and the file is
    // removed; one cut short by a crash was never acknowledged and is refused on opening (no game in it, or
    // damaged). Once its schema and game are in, the file switches to WAL for every acknowledged change.
    db.pragma(create ? 'journal_mode = MEMORY' : 'journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // Take the write lock now, so a file in use elsewhere is refused at open rather than at the first change.
    // (A file this call has just created is nobody else's: its creation's transaction takes the lock.)
    if (!create) {
      db.exec('BEGIN IMMEDIATE');
      db.exec('COMMIT');
    }

    let backupPath: string | null = null;
    let migratedFrom: number | null = null;
    if (version < latest) {
      if (version > 0) backupPath = backUpBeforeMigrating(db, path, version);
      migrate(db, path, migrations, version, create ? options.initialise : undefined);
      migratedFrom = version;
    }
    if (create) db.pragma('journal_mode = WAL');
    return { db, path, version: latest, migratedFrom, backupPath, readOnly: false, schemaProblems };
  } catch (e) {
    db.close();
    if (create) removeGameFile(path);
    throw translateSqliteError(e, path);
  }
}

/**
 * Creates a game file that appears under its name whole or not at all: it is made and filled under a
 * hidden name beside it (".<name>.<pid>-<random>.creating"), closed, then linked to its name (which
 * refuses to replace a file that exists), and opened there. A creation killed half-way leaves at most the
 * hidden file, never an empty or half-made file that would block the name.
 */
export function createGameDatabase(path: string, options: Omit<OpenOptions, 'create'> = {}): OpenedDatabase {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.creating`);
  try {
    openGameDatabase(temp, { ...options, create: true }).db.close();
    takeName(temp, path);
  } catch (e) {
    // Its words name the file the player asked for, never the hidden one.
    if (e instanceof MusterError) throw new MusterError(e.code, e.field, e.reason.replaceAll(temp, path), e.rule);
    throw e;
  } finally {
    removeGameFile(temp);
  }
  const { initialise: _done, ...rest } = options;
  return openGameDatabase(path, rest);
}

/** Gives the finished file its name: a hard link (which never replaces a file), else a rename once the name is free. */
function takeName(temp: string, path: string): void {
  try {
    linkSync(temp, path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new MusterError('FILE_EXISTS', 'file', `${path} already exists; Muster never overwrites a file`);
    if (isDiskFull(e)) throw diskFullError(`${path} was not created`);
    // A file system without hard links (FAT, some network shares).
    if (existsSync(path)) throw new MusterError('FILE_EXISTS', 'file', `${path} already exists; Muster never overwrites a file`);
    renameSync(temp, path);
  }
}

/** Deletes a game file with its WAL and shared-memory companions (used when creating it failed). */
export function removeGameFile(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(f, { force: true });
}

/**
 * Only a regular file may be opened: a FIFO would block open() (and the main process) until a writer
 * came, a device or socket is no game. Then the first 100 bytes must hold the SQLite magic string.
 * Nothing is opened for writing.
 */
function checkHeader(path: string): void {
  if (!existsSync(path)) throw new MusterError('FILE_NOT_FOUND', 'file', `${path} does not exist`);
  const stat = statSync(path);
  if (stat.isDirectory()) throw new MusterError('NOT_SQLITE', 'file', `${path} is a folder, not a game file`);
  if (!stat.isFile()) throw notARegularFile(path);
  const header = Buffer.alloc(100);
  // O_NONBLOCK: should the path have become a FIFO since the stat, open() still returns at once.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  let read: number;
  try {
    if (!fstatSync(fd).isFile()) throw notARegularFile(path);
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 0) throw new MusterError('NOT_MUSTER', 'file', `${path} is empty, not a Muster game`);
  if (read < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) {
    throw new MusterError('NOT_SQLITE', 'file', `${path} is not a SQLite database, so not a Muster game`);
  }
}

function notARegularFile(path: string): MusterError {
  return new MusterError('NOT_SQLITE', 'file', `${path} is not a regular file (a pipe, device or socket), so not a game file`);
}

/**
 * Recognises a Muster game by reading only: Muster's application_id, a schema version (a game is never
 * at 0: creation sets both in one transaction) and the game table. Runs before any pragma or migration
 * writes to the file, so a foreign file that happens to carry our application_id is left byte for byte.
 */
function checkIsMusterGame(db: SqliteDatabase, path: string, applicationId: number, version: number): void {
  if (applicationId !== MUSTER_APPLICATION_ID) {
    throw new MusterError('NOT_MUSTER', 'file', `${path} is a SQLite database but not a Muster game`);
  }
  const hasGameTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'game'").get() !== undefined;
  if (version === 0 || !hasGameTable) {
    throw new MusterError('NOT_MUSTER', 'file', `${path} carries Muster's mark but holds no Muster game (no game tables)`);
  }
}

/** Whether Muster may write the file and create its -wal beside it (permissions, a read-only disk). */
function isWritable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A read-only connection that needs nothing beside the file: a private in-memory copy of it, so no lock,
 * -wal or -shm has to be created (a read-only folder or disk allows none). The copy's header says
 * rollback journal instead of WAL (bytes 18-19), which an in-memory database requires; the file itself
 * is never touched. A file whose -wal still holds changes is read through SQLite's own read-only mode,
 * which merges them in.
 */
function openReadOnly(path: string): SqliteDatabase {
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return new Database(path, { readonly: true, fileMustExist: true });
  const bytes = readFileSync(path);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return new Database(bytes, { readonly: true });
}

/** The one backup kept per version: `<file>.v<version>.bak`. */
export function backupPathFor(path: string, version: number): string {
  return `${path}.v${version}.bak`;
}

/**
 * Copies the file with VACUUM INTO beside the original and checks the copy before any migration runs.
 * One backup per version: the copy is made under a temporary name and, verified, replaces an earlier
 * attempt's backup of the same version, so failed attempts do not pile up .bak files.
 */
function backUpBeforeMigrating(db: SqliteDatabase, path: string, version: number): string {
  const backupPath = backupPathFor(path, version);
  const partial = `${backupPath}.partial`;
  rmSync(partial, { force: true });
  try {
    db.prepare('VACUUM INTO ?').run(partial);
    const copy = new Database(partial, { readonly: true, fileMustExist: true });
    try {
      const result = copy.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new MusterError('MIGRATION_FAILED', 'file', `the backup ${backupPath} failed its integrity check (${String(result)}); nothing was migrated`);
    } finally {
      copy.close();
    }
    renameSync(partial, backupPath);
  } catch (e) {
    rmSync(partial, { force: true });
    if (isDiskFull(e)) throw diskFullError(`there is no room for the backup made before bringing ${path} up to date; the file was left as it was`);
    throw e;
  }
  return backupPath;
}

/** Applies every pending step and the new user_version in ONE transaction: all or nothing. */
function migrate(db: SqliteDatabase, path: string, migrations: readonly Migration[], from: number, initialise?: (db: SqliteDatabase) => void): void {
  const pending = migrations.filter((m) => m.version > from);
  pending.forEach((m, i) => {
    if (m.version !== from + i + 1) throw new MusterError('MIGRATION_FAILED', 'file', `migration ${m.version} (${m.name}) is out of sequence`);
  });
  try {
    db.transaction(() => {
      let steps = pending;
      if (from === 0) {
        db.pragma(`application_id = ${MUSTER_APPLICATION_ID}`);
        // A new file gets the schema the first steps would leave in one script (db/migrations/schema.ts).
        const snapshot = snapshotFor(migrations);
        if (snapshot !== null) {
          db.exec(snapshot.sql);
          db.pragma(`user_version = ${snapshot.version}`);
          steps = pending.filter((m) => m.version > snapshot.version);
        }
      }
      for (const m of steps) {
        m.up(db);
        db.pragma(`user_version = ${m.version}`);
      }
      initialise?.(db);
    })();
  } catch (e) {
    if (e instanceof MusterError) throw e;
    if (isDiskFull(e)) throw diskFullError(from === 0 ? `${path} could not be set up as a game file` : `${path} could not be brought up to date; it was left at version ${from}`);
    // SQLite's own words ("no such table ...") are not for players: the file is not what the step expects.
    throw new MusterError('MIGRATION_FAILED', 'file', `${path} could not be brought up to date (its contents are not what this Muster expects of a version ${from} game); it was left at version ${from}`);
  }
}

function translateSqliteError(e: unknown, path: string): Error {
  if (e instanceof MusterError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new MusterError('LOCKED', 'file', `${path} is open in another program or another Muster window; close it there first`);
  }
  if (isDiskFull(e)) return diskFullError(`${path} could not be opened or brought up to date; it was left as it was`);
  if (code === 'SQLITE_NOTADB') return new MusterError('NOT_SQLITE', 'file', `${path} is not a SQLite database, so not a Muster game`);
  // SQLite's own words ("database disk image is malformed") are for the log, not for players.
  if (code.startsWith('SQLITE_CORRUPT')) return new MusterError('CORRUPT', 'file', `${path} is damaged: parts of it cannot be read, so Muster will not open it. Open a copy you saved earlier, or the backup Muster keeps beside the file`);
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY')) {
    return new MusterError('FILE_NOT_FOUND', 'file', `cannot open ${path} for writing: check that it exists and that you may write to it and to its folder`);
  }
  return e instanceof Error ? e : new Error(String(e));
}
