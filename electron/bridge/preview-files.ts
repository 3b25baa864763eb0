/**
 * The files the browser preview names itself, having no file dialog: new games, Save As copies and the files
 * of a two-seat game go into its games folder under names that are new; a two-seat game's shared folder is
 * a folder the player names directly under the preview's shared root. Never a path the window made up.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ShellError } from '../../db/dispatch';
import { withGameFileExtension } from '../files';

/** A file name in `dir` that does not exist yet: `<base>-<yyyymmdd-hhmmss>[-n].muster`. */
export function freshGameFile(dir: string, suggestedName: string, now: Date = new Date()): string {
  const base = basename(withGameFileExtension(suggestedName), '.muster').replace(/[^A-Za-z0-9._-]+/g, '-') || 'game';
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  for (let n = 1; ; n++) {
    const file = join(dir, `${base}-${stamp}${n === 1 ? '' : `-${n}`}.muster`);
    if (!existsSync(file)) return file;
  }
}

/** A file name in `dir` that does not exist yet, for a file of a two-seat game: `<base>[-n].json`. */
export function freshSeatFile(dir: string, suggestedName: string): string {
  const base = basename(suggestedName, '.json').replace(/[^A-Za-z0-9._-]+/g, '-') || 'seat';
  for (let n = 1; ; n++) {
    const file = join(dir, `${base}${n === 1 ? '' : `-${n}`}.json`);
    if (!existsSync(file)) return file;
  }
}

/** The shared folder a player named in the preview: a folder directly under its shared root, never elsewhere. */
export function namedSharedFolder(root: string | undefined, name: string | undefined): string {
  if (root === undefined) throw new ShellError('NOT_FOUND', 'name', 'this preview has no shared folders: start it with --shared-root <folder> (the same folder for both seats)');
  const trimmed = (name ?? '').trim();
  if (trimmed === '') throw new ShellError('INVALID_ARGUMENT', 'name', 'Folder name: name the shared folder (both seats name the same one)');
  if (/[\\/]/.test(trimmed) || trimmed.startsWith('.')) {
    throw new ShellError('INVALID_ARGUMENT', 'name', `Folder name: "${trimmed}" is not a folder name: give a name without slashes or a leading dot; the folder is made in ${root}`);
  }
  const folder = join(root, trimmed);
  mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * Whether the shared folder remembered for a game (picked in an earlier session) may be used by this preview:
 * null if it is directly under its shared root, else why not, in players' words. The preview looks at no folder
 * elsewhere, whatever the game file says.
 */
export function refuseRememberedSharedFolder(root: string | undefined, folder: string): string | null {
  const name = basename(folder);
  if (root === undefined) return `the shared folder picked for this game last time (${name}) is not used here: this preview was started without --shared-root; start it with the same shared root, or pick a folder with Shared folder…`;
  if (dirname(resolve(folder)) !== resolve(root) || name.startsWith('.')) return `the shared folder picked for this game last time (${folder}) is not one of this preview's shared folders (in ${root}): pick one with Shared folder…`;
  return null;
}

/** The file a player named for Save As in the preview: in the preview's folder, never elsewhere. */
export function namedGameFile(dir: string, name: string): string {
  const trimmed = name.trim();
  if (/[\\/]/.test(trimmed) || trimmed === '.' || trimmed === '..' || trimmed.startsWith('.')) {
    throw new ShellError('INVALID_ARGUMENT', 'name', `"${trimmed}" is not a file name: give a name without folders; the copy goes into ${dir}`);
  }
  return join(dir, withGameFileExtension(trimmed));
}
