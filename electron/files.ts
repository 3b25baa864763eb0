/**
 * Game-file bookkeeping for the shell, without electron: the Recent files list (kept as JSON in
 * userData), the game file named on a command line or by a file association, and file-name rules
 * for New and Save As. main.ts supplies the paths; tests use temp dirs.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { z } from 'zod';

/** Muster game files are SQLite databases named *.muster. */
export const GAME_FILE_EXTENSION = '.muster';
export const MAX_RECENT_FILES = 10;
export const RECENT_FILES_NAME = 'recent-files.json';

export interface RecentFile {
  /** Absolute path of the game file. */
  path: string;
  /** When it was last opened or created, ISO 8601. */
  openedAt: string;
}

const RecentFilesFileSchema = z.object({
  version: z.literal(1),
  files: z.array(z.object({ path: z.string().min(1), openedAt: z.string() })),
});

/** Case matters on Linux; Windows and macOS file systems usually ignore it. */
function samePath(a: string, b: string, platform: NodeJS.Platform): boolean {
  return platform === 'linux' ? a === b : a.toLowerCase() === b.toLowerCase();
}

/** The list with `path` first (moved up if already there), at most `max` entries. */
export function addRecentFile(
  list: readonly RecentFile[],
  path: string,
  openedAt: Date,
  platform: NodeJS.Platform = process.platform,
  max = MAX_RECENT_FILES,
): RecentFile[] {
  const absolute = resolve(path);
  const others = list.filter((f) => !samePath(f.path, absolute, platform));
  return [{ path: absolute, openedAt: openedAt.toISOString() }, ...others].slice(0, max);
}

/** The list without `path` (e.g. after it failed to open). */
export function removeRecentFile(list: readonly RecentFile[], path: string, platform: NodeJS.Platform = process.platform): RecentFile[] {
  const absolute = resolve(path);
  return list.filter((f) => !samePath(f.path, absolute, platform));
}

/** Parses the JSON file's text; anything unreadable or malformed is an empty list (the list is a convenience, not data). */
export function parseRecentFiles(text: string): RecentFile[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = RecentFilesFileSchema.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.files.filter((f) => f.path.trim() !== '').slice(0, MAX_RECENT_FILES);
}

export function serializeRecentFiles(list: readonly RecentFile[]): string {
  return `${JSON.stringify({ version: 1, files: list }, null, 2)}\n`;
}

/** The Recent files list kept in a JSON file (written atomically: temp file, then rename). */
export class RecentFilesStore {
  constructor(
    readonly file: string,
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): RecentFile[] {
    if (!existsSync(this.file)) return [];
    try {
      return parseRecentFiles(readFileSync(this.file, 'utf8'));
    } catch {
      return [];
    }
  }

  add(path: string): RecentFile[] {
    return this.write(addRecentFile(this.list(), path, this.now(), this.platform));
  }

  remove(path: string): RecentFile[] {
    return this.write(removeRecentFile(this.list(), path, this.platform));
  }

  clear(): RecentFile[] {
    return this.write([]);
  }

  private write(list: RecentFile[]): RecentFile[] {
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, serializeRecentFiles(list), 'utf8');
    renameSync(temp, this.file);
    return list;
  }
}

/** True for a path that names a Muster game file by its extension. */
export function isGameFilePath(path: string): boolean {
  return extname(path).toLowerCase() === GAME_FILE_EXTENSION;
}

/** Adds .muster unless the name already ends with it (Save As and New dialogs on Linux do not add it). */
export function withGameFileExtension(path: string): string {
  return isGameFilePath(path) ? path : `${path}${GAME_FILE_EXTENSION}`;
}

/**
 * The game file named on a command line (first launch, or a second instance's argv), resolved
 * against the working directory it was given in. argv[0] is the executable; in development
 * argv also holds electron's own arguments and the app path, so only *.muster arguments count.
 */
export function gameFileFromArgv(argv: readonly string[], workingDirectory: string): string | null {
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    if (isGameFilePath(arg)) return resolve(workingDirectory, arg);
  }
  return null;
}

/** The headline of the dialog shown when a game file cannot be opened, created or saved, by error code. */
export function describeFileError(code: string): string {
  switch (code) {
    case 'NEWER_VERSION':
      return 'This game was saved by a newer version of Muster. Update Muster to open it.';
    case 'CORRUPT':
      return 'This game file is damaged.';
    case 'NOT_MUSTER':
      return 'This file is a SQLite database, but not a Muster game.';
    case 'NOT_SQLITE':
      return 'This file is not a Muster game (it is not a SQLite database).';
    case 'LOCKED':
      return 'This game is open in another program or another Muster window.';
    case 'FILE_NOT_FOUND':
      return 'The game file could not be found or opened.';
    case 'FILE_EXISTS':
      return 'A file with that name already exists; Muster never overwrites a file.';
    case 'MIGRATION_FAILED':
      return 'This game could not be brought up to date for this version of Muster.';
    case 'SCENARIO':
      return 'The scenario could not be loaded.';
    case 'READ_ONLY':
      return 'This game file is read-only: Muster can show it but not record anything in it.';
    case 'DISK_FULL':
      return 'The disk is full. Nothing saved before was lost; free some space and try again.';
    default:
      return 'Muster could not use this file.';
  }
}

/** The dialog's closing line: refused files are never changed. */
export const FILE_UNTOUCHED_NOTE = 'The file was not changed.';

