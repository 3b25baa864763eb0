/**
 * `npm start`'s first step: make sure Electron's binary is on this machine before electron-vite asks for it.
 *
 * The `electron` npm package no longer downloads its binary when it is installed: it does so the first
 * time its own installer runs (`node_modules/electron/install.js`). electron-vite never runs that
 * installer; it reads `node_modules/electron/path.txt` and stops with "Electron uninstall" when the file is
 * missing. So on a fresh clone `npm install && npm start` would build the app and then fail. This script
 * runs Electron's installer first (a one-time download of about 100 MB), says so while it does, and when
 * the download cannot be made says what to do instead (the browser preview needs no Electron binary).
 *
 * Exit code 0: the binary is there (now or already). 1: it is not, with the reason printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const BROWSER_PREVIEW_HINT = 'Without it you can still play in the browser preview, which needs no Electron binary: npm run browser';

/** Where the `electron` package is: MUSTER_ELECTRON_PACKAGE (a test's copy), else the one npm installed. */
export function electronPackageDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MUSTER_ELECTRON_PACKAGE) return env.MUSTER_ELECTRON_PACKAGE;
  return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
}

/**
 * True when the package's binary is installed the way its installer leaves it: `path.txt` names the
 * executable under `dist/`, which exists, and `dist/version` is the package's version.
 */
export function electronBinaryInstalled(packageDir: string): boolean {
  try {
    const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
    const executable = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
    const distVersion = readFileSync(join(packageDir, 'dist', 'version'), 'utf8').trim().replace(/^v/, '');
    return executable !== '' && distVersion === version && existsSync(join(packageDir, 'dist', executable));
  } catch {
    return false;
  }
}

export interface EnsureResult {
  ok: boolean;
  downloaded: boolean;
}

export function ensureElectron(env: NodeJS.ProcessEnv = process.env, print: (line: string) => void = (line) => console.error(line)): EnsureResult {
  const packageDir = electronPackageDir(env);
  if (electronBinaryInstalled(packageDir)) return { ok: true, downloaded: false };

  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD && env.ELECTRON_SKIP_BINARY_DOWNLOAD !== '0') {
    print('Muster: the Electron binary is not installed, and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it will not be downloaded.');
    print('Unset ELECTRON_SKIP_BINARY_DOWNLOAD and run npm start again to download it (about 100 MB, once).');
    print(BROWSER_PREVIEW_HINT);
    return { ok: false, downloaded: false };
  }

  print("Muster's first start: downloading the Electron binary (about 100 MB, once). This can take a few minutes…");
  const install = spawnSync(process.execPath, [join(packageDir, 'install.js')], { stdio: 'inherit', env });
  if (install.status === 0 && electronBinaryInstalled(packageDir)) {
    print('Muster: Electron is installed. Starting…');
    return { ok: true, downloaded: true };
  }
  print('');
  print('Muster could not download the Electron binary (the reason is above). Check your internet connection and run npm start again.');
  print('Behind a proxy or mirror, Electron reads ELECTRON_MIRROR and the usual HTTPS_PROXY settings.');
  print(BROWSER_PREVIEW_HINT);
  return { ok: false, downloaded: false };
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  process.exitCode = ensureElectron().ok ? 0 : 1;
}
