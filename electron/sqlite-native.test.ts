// Inside Electron, every better-sqlite3 connection of the main bundle loads the Electron-ABI addon: the
// build aliases 'better-sqlite3' to electron/sqlite-native.ts, which adds `nativeBinding` to each open.
import RealDatabase from 'better-sqlite3';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import viteConfig from '../electron.vite.config';
import Database, { setNativeBinding, withNativeBinding } from './sqlite-native';

const nodeAbiAddon = fileURLToPath(new URL('../node_modules/better-sqlite3/build/Release/better_sqlite3.node', import.meta.url));

afterEach(() => setNativeBinding(undefined));

describe('the better-sqlite3 wrapper of the Electron main bundle', () => {
  it('opens databases like the real package when no addon is set (as under Node)', () => {
    const db = new Database(':memory:');
    expect(db).toBeInstanceOf(RealDatabase);
    expect(db.prepare('SELECT 6 * 7 AS answer').get()).toEqual({ answer: 42 });
    db.close();
    expect(Database.SqliteError).toBe(RealDatabase.SqliteError);
  });

  it('loads the addon it was given for every connection', () => {
    setNativeBinding(nodeAbiAddon);
    const db = new Database(':memory:', { readonly: false });
    expect(db.pragma('journal_mode', { simple: true })).toBe('memory');
    db.close();
    setNativeBinding('/nowhere/better_sqlite3.node');
    expect(() => new Database(':memory:')).toThrow(/nowhere/);
  });

  it('adds the addon to the options without dropping the caller’s, and keeps an explicit one', () => {
    setNativeBinding('/app/native/better_sqlite3.node');
    expect(withNativeBinding({ timeout: 1000, fileMustExist: true })).toEqual({ timeout: 1000, fileMustExist: true, nativeBinding: '/app/native/better_sqlite3.node' });
    expect(withNativeBinding({ nativeBinding: '/other.node' })).toEqual({ nativeBinding: '/other.node' });
  });
});

describe('electron.vite.config.ts', () => {
  const config = viteConfig as {
    main: { resolve: { alias: { find: RegExp; replacement: string }[] }; build: { externalizeDeps: { exclude: string[] }; rollupOptions: { output: { format: string } } } };
    preload: { build: { externalizeDeps: boolean; rollupOptions: { output: { format: string; entryFileNames: string } } } };
    renderer: { base: string; build: { modulePreload: { polyfill: boolean } } };
  };

  it('aliases better-sqlite3 to the wrapper in the main build (and does not externalize it first)', () => {
    const alias = config.main.resolve.alias.find((a) => a.find.test('better-sqlite3'));
    expect(alias?.replacement).toBe(fileURLToPath(new URL('./sqlite-native.ts', import.meta.url)));
    expect(alias?.find.test('better-sqlite3/lib/index.js')).toBe(false);
    expect(config.main.build.externalizeDeps.exclude).toContain('better-sqlite3');
  });

  it('builds a self-contained CommonJS preload (sandboxed preloads cannot load ES modules or node_modules)', () => {
    expect(config.preload.build.externalizeDeps).toBe(false);
    expect(config.preload.build.rollupOptions.output).toMatchObject({ format: 'cjs', entryFileNames: '[name].cjs' });
  });

  it('builds the renderer with relative URLs and no inline module-preload script (the CSP forbids inline script)', () => {
    expect(config.renderer.base).toBe('./');
    expect(config.renderer.build.modulePreload.polyfill).toBe(false);
  });
});
