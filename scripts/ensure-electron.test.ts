// `npm start` on a fresh machine: Electron's binary is fetched by Electron's own installer before
// electron-vite runs, with a message while it downloads and a clear one when it cannot (pointing to the
// browser preview). Each test works on its own copy of the `electron` package in a temp folder, so the
// machine's own Electron (installed or not) is never touched, and downloads go to a closed local port.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_PREVIEW_HINT, electronBinaryInstalled, ensureElectron } from './ensure-electron';

const root = fileURLToPath(new URL('..', import.meta.url));
const realElectron = join(root, 'node_modules', 'electron');
const electronVersion = (JSON.parse(readFileSync(join(realElectron, 'package.json'), 'utf8')) as { version: string }).version;

let dir: string;
let electronCopy: string;

/** A port nothing listens on: bound, then closed, so a download there is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The environment of a player's shell with no Electron binary and no way to download it. */
async function offlineEnv(): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MUSTER_ELECTRON_PACKAGE: electronCopy,
    ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
    electron_config_cache: join(dir, 'download-cache'),
  };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  delete env.npm_config_electron_mirror;
  return env;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-first-start-'));
  // The package as npm installs it (no dist/, no path.txt); its installer finds @electron/get through
  // node_modules beside it, as in a real install.
  const modules = join(dir, 'node_modules');
  electronCopy = join(modules, 'electron');
  mkdirSync(electronCopy, { recursive: true });
  for (const file of ['package.json', 'install.js', 'index.js', 'checksums.json']) copyFileSync(join(realElectron, file), join(electronCopy, file));
  symlinkSync(join(root, 'node_modules', '@electron'), join(modules, '@electron'), 'dir');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the first npm start', () => {
  it("fetches Electron's binary before electron-vite runs: offline, npm start ends in the download's network error, not electron-vite's 'Electron uninstall'", async () => {
    const run = spawnSync('npm', ['start'], { cwd: root, env: await offlineEnv(), encoding: 'utf8', timeout: 120_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status).not.toBe(0);
    expect(output).toContain("Muster's first start: downloading the Electron binary (about 100 MB, once)");
    expect(output).toMatch(/fetch failed|ECONNREFUSED/);
    expect(output).toContain('Muster could not download the Electron binary');
    expect(output).toContain(BROWSER_PREVIEW_HINT);
    // electron-vite never started: it would have built the app and then failed on the missing binary.
    expect(output).not.toContain('Electron uninstall');
    expect(output).not.toMatch(/electron-vite|building|vite v\d/i);
  });

  it('says so, and downloads nothing, when ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
    const lines: string[] = [];
    const result = ensureElectron({ ...(await offlineEnv()), ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, (line) => lines.push(line));
    expect(result).toEqual({ ok: false, downloaded: false });
    expect(lines.join('\n')).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it will not be downloaded');
    expect(lines.join('\n')).toContain('npm run browser');
    expect(lines.join('\n')).not.toContain('downloading');
  });

  it('goes straight on when the binary is installed (path.txt, dist/version and the executable, as the installer leaves them)', async () => {
    mkdirSync(join(electronCopy, 'dist'));
    writeFileSync(join(electronCopy, 'path.txt'), 'electron');
    writeFileSync(join(electronCopy, 'dist', 'version'), `v${electronVersion}`);
    writeFileSync(join(electronCopy, 'dist', 'electron'), '');
    expect(electronBinaryInstalled(electronCopy)).toBe(true);
    const lines: string[] = [];
    expect(ensureElectron(await offlineEnv(), (line) => lines.push(line))).toEqual({ ok: true, downloaded: false });
    expect(lines).toEqual([]);
  });

  it('downloads again when the installed binary is of another version or its executable is missing', () => {
    mkdirSync(join(electronCopy, 'dist'));
    writeFileSync(join(electronCopy, 'path.txt'), 'electron');
    writeFileSync(join(electronCopy, 'dist', 'version'), 'v1.0.0');
    writeFileSync(join(electronCopy, 'dist', 'electron'), '');
    expect(electronBinaryInstalled(electronCopy)).toBe(false);
    writeFileSync(join(electronCopy, 'dist', 'version'), electronVersion);
    rmSync(join(electronCopy, 'dist', 'electron'));
    expect(electronBinaryInstalled(electronCopy)).toBe(false);
    expect(electronBinaryInstalled(dirname(electronCopy))).toBe(false);
  });
});
