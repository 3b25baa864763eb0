/**
 * better-sqlite3 as the Electron main bundle sees it. electron.vite.config.ts aliases the bare
 * 'better-sqlite3' import to this module in the main build only, so db/ stays unaware of Electron while,
 * inside Electron, every connection loads the addon built for Electron's ABI (scripts/electron-native.ts)
 * through better-sqlite3's own `nativeBinding` option. Under Node (tests, CLI) nothing is aliased.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

// A runtime require is not touched by the bundler's alias, so this is the real package.
const RealDatabase = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

let nativeBinding: string | undefined;

/** Set once by the main process, before any game file is opened. */
export function setNativeBinding(path: string | undefined): void {
  nativeBinding = path;
}

/** The options a connection is opened with: the caller's, plus the Electron-ABI addon when one is set. */
export function withNativeBinding(options: BetterSqlite3.Options | undefined): BetterSqlite3.Options | undefined {
  if (nativeBinding === undefined || options?.nativeBinding !== undefined) return options;
  return { ...options, nativeBinding };
}

function Database(filename?: string | Buffer, options?: BetterSqlite3.Options): BetterSqlite3.Database {
  return new RealDatabase(filename, withNativeBinding(options));
}
// `instanceof` and the statics (SqliteError) behave as in the real package.
Database.prototype = RealDatabase.prototype;
Object.setPrototypeOf(Database, RealDatabase);

export default Database as unknown as typeof BetterSqlite3;
