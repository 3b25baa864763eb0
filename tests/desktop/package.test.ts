// The packaged app, as electron-builder lays it out: `electron-builder --dir` with electron-builder.yml
// against a stub Electron folder (electronDist: no download). The stub's "binary" carries Electron's fuse
// sentinel, so the fuses are flipped as in a real build. Then app.asar and the unpacked files are read:
// everything the app loads at run time is in, this platform's SQLite addon only, no devDependencies.
// `npm test` builds out/ before the tests run.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// @electron/asar comes with electron-builder (it writes app.asar with it).
const asar = require('@electron/asar') as { listPackage(archive: string, options: object): string[]; extractFile(archive: string, file: string): Buffer };
const root = fileURLToPath(new URL('../..', import.meta.url));
const projectPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; productName: string; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const electronVersion = (JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;

/** Electron's fuse wire as a fresh Linux binary has it: sentinel, wire version 1, eight fuses. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ELECTRON_DEFAULT_FUSES = '10110001';
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';

let dir: string;
let unpacked: string;
let archive: string;
let files: string[];

beforeAll(() => {
  if (!existsSync(join(root, 'out', 'main', 'main.js'))) throw new Error('out/ is missing: build the app first (npx electron-vite build; npm test does it)');
  dir = mkdtempSync(join(tmpdir(), 'muster-package-'));
  const stub = join(dir, 'electron-dist');
  mkdirSync(join(stub, 'resources'), { recursive: true });
  writeFileSync(join(stub, 'electron'), `#!/bin/sh\n# ${FUSE_SENTINEL}\u0001\u0008${ELECTRON_DEFAULT_FUSES}\necho stub\n`, 'latin1');
  chmodSync(join(stub, 'electron'), 0o755);
  writeFileSync(join(stub, 'version'), `v${electronVersion}`);
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'electron-builder', 'cli.js'), '--config', 'electron-builder.yml', '--dir', '--linux', `--${arch}`, `-c.electronDist=${stub}`, `-c.directories.output=${join(dir, 'release')}`],
    { cwd: root, encoding: 'utf8', timeout: 240_000, env: { ...process.env, CI: 'true' } },
  );
  if (run.status !== 0) throw new Error(`electron-builder failed:\n${run.stdout}\n${run.stderr}`);
  unpacked = join(dir, 'release', arch === 'x64' ? 'linux-unpacked' : `linux-${arch}-unpacked`);
  archive = join(unpacked, 'resources', 'app.asar');
  files = asar.listPackage(archive, { isPack: false }).map((f) => f.replace(/\\/g, '/'));
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const topModules = () => [...new Set(files.filter((f) => f.startsWith('/node_modules/')).map((f) => f.split('/')[2]!))].sort();

describe('the packaged desktop app (electron-builder --dir against a stub Electron)', () => {
  it('is named Muster: the executable, and the package Electron reads (productName, for the user-data folder and the menus)', () => {
    expect(existsSync(join(unpacked, 'muster'))).toBe(true);
    const packaged = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as { productName: string; main: string; version: string };
    expect(packaged).toMatchObject({ productName: 'Muster', main: 'out/main/main.js', version: projectPackage.version });
  });

  it('carries the main bundle, the preload and the page with every asset it names', () => {
    expect(files).toEqual(expect.arrayContaining(['/out/main/main.js', '/out/preload/preload.cjs', '/out/renderer/index.html']));
    const page = asar.extractFile(archive, 'out/renderer/index.html').toString('utf8');
    const assets = [...page.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => `/out/renderer/${m[1]}`);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    expect(assets.filter((a) => !files.includes(a))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it("carries what the app reads at run time: every built-in scenario, the real battle's losses, Help's pages", () => {
    const scenarios = readdirSync(join(root, 'data', 'scenarios')).filter((f) => f.endsWith('.json'));
    expect(scenarios.length).toBeGreaterThan(3);
    for (const s of scenarios) expect(files).toContain(`/out/main/scenarios/${s}`);
    expect(files).toContain('/out/main/history/gettysburg-losses.json');
    expect(files).toEqual(expect.arrayContaining(['/out/docs/how-to-play.md', '/out/docs/rules-interpretations.md']));
  });

  it('carries only the production dependencies, and none of the devDependencies (zod is bundled into main.js)', () => {
    expect(topModules()).toEqual(Object.keys(projectPackage.dependencies).sort());
    for (const dev of Object.keys(projectPackage.devDependencies)) expect(topModules()).not.toContain(dev.split('/')[0]);
    expect(files.some((f) => f.startsWith('/node_modules/better-sqlite3/src/') || f.startsWith('/node_modules/better-sqlite3/deps/'))).toBe(false);
  });

  it("carries this platform's SQLite addon only, unpacked from the archive so it can be loaded", () => {
    const addons = files.filter((f) => f.endsWith('.node'));
    expect(addons).toEqual([`/node_modules/better-sqlite3/prebuilds/linux-${arch}.node`]);
    const onDisk = readdirSync(join(unpacked, 'resources', 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'prebuilds'));
    expect(onDisk).toEqual([`linux-${arch}.node`]);
  });

  it('has its fuses flipped: no RunAsNode, NODE_OPTIONS or inspect; cookies encrypted; the app only from an integrity-checked asar', () => {
    const binary = readFileSync(join(unpacked, 'muster'), 'latin1');
    const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    expect(binary.charCodeAt(at)).toBe(1);
    expect(binary.slice(at + 2, at + 10)).toBe('01001100');
  });
});
