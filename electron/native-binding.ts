/**
 * Where the Electron-ABI build of better-sqlite3 lives. node_modules/better-sqlite3 stays built for
 * Node (the tests and the CLI use it); `npm start` and `npm run package` build a second copy for
 * Electron under .native-electron/ (scripts/electron-native.ts), and the main process hands its
 * .node file to better-sqlite3 as the `nativeBinding` option. No electron import.
 */
import { join } from 'node:path';

/** Folder (relative to the project root) holding the Electron-ABI copy of better-sqlite3. */
export const NATIVE_ELECTRON_DIR = '.native-electron';
export const NATIVE_PACKAGE_DIR = join(NATIVE_ELECTRON_DIR, 'better-sqlite3');
/** The compiled addon inside that copy, relative to the project root. */
export const NATIVE_BINDING_RELATIVE = join(NATIVE_PACKAGE_DIR, 'build', 'Release', 'better_sqlite3.node');
/** Where electron-builder's extraResources puts the addon inside a packaged app's resources folder. */
export const PACKAGED_BINDING_RELATIVE = join('native', 'better_sqlite3.node');

export interface NativeBindingContext {
  /** app.isPackaged */
  isPackaged: boolean;
  /** process.resourcesPath (packaged apps) */
  resourcesPath: string;
  /** app.getAppPath(): the project root when started with `electron .` */
  appPath: string;
}

/** The better_sqlite3.node built for Electron's ABI, for the running app. */
export function electronNativeBindingPath(ctx: NativeBindingContext): string {
  return ctx.isPackaged ? join(ctx.resourcesPath, PACKAGED_BINDING_RELATIVE) : join(ctx.appPath, NATIVE_BINDING_RELATIVE);
}
