/**
 * Builds better-sqlite3 for Electron's ABI in a separate folder, for `npm start` and `npm run package`.
 *
 * node_modules/better-sqlite3 stays built for Node, so `npm test` and the CLI keep working after a
 * start. This script copies the package's sources (never its build/) to .native-electron/better-sqlite3,
 * fetches the prebuilt addon for the installed Electron version there (prebuild-install, from the
 * better-sqlite3 GitHub releases), or compiles it with node-gyp against Electron's headers
 * (https://electronjs.org/headers) when no prebuilt addon exists. The main process loads that file
 * through better-sqlite3's `nativeBinding` option. Both downloads need the internet; they happen once
 * and are skipped while the stamp file says the build matches the installed versions.
 *
 *   tsx scripts/electron-native.ts                   build if out of date
 *   tsx scripts/electron-native.ts --ensure-electron also download the Electron binary if it is missing
 *   tsx scripts/electron-native.ts --dry-run         print the plan, change nothing
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NATIVE_BINDING_RELATIVE, NATIVE_PACKAGE_DIR } from '../electron/native-binding';

export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';
export const STAMP_NAME = 'muster-native.json';

export interface NativeTarget {
  electronVersion: string;
  betterSqlite3Version: string;
  platform: NodeJS.Platform;
  arch: string;
}

/** One thing the build does. `writes` is every path the step may create, change or delete. */
export type NativeStep =
  | { kind: 'remove'; path: string; writes: string[] }
  | { kind: 'copy'; from: string; to: string; entries: string[]; writes: string[] }
  | { kind: 'run'; label: string; command: string; args: string[]; cwd: string; optional: boolean; writes: string[] }
  | { kind: 'stamp'; path: string; content: string; writes: string[] };

export interface NativePlan {
  target: NativeTarget;
  sourceDir: string;
  targetDir: string;
  bindingPath: string;
  stampPath: string;
  steps: NativeStep[];
}

/**
 * What the build needs from the better-sqlite3 package: its manifest (prebuild-install reads the version and
 * repository from it), the gyp files, the C++ sources and the bundled SQLite. Not its build/ (Node's ABI)
 * and not lib/ (the main process runs node_modules/better-sqlite3/lib and only loads the addon from here).
 */
export const COPIED_ENTRIES = ['package.json', 'LICENSE', 'binding.gyp', 'src', 'deps'];

/** The build as data: which folders it reads and writes, and the commands it runs there. Pure. */
export function planNativeBuild(root: string, target: NativeTarget): NativePlan {
  const sourceDir = join(root, 'node_modules', 'better-sqlite3');
  const targetDir = join(root, NATIVE_PACKAGE_DIR);
  const bindingPath = join(root, NATIVE_BINDING_RELATIVE);
  const stampPath = join(targetDir, STAMP_NAME);
  const node = process.execPath;
  const common = [`--arch=${target.arch}`, `--platform=${target.platform}`];
  return {
    target,
    sourceDir,
    targetDir,
    bindingPath,
    stampPath,
    steps: [
      { kind: 'remove', path: targetDir, writes: [targetDir] },
      { kind: 'copy', from: sourceDir, to: targetDir, entries: COPIED_ENTRIES, writes: [targetDir] },
      {
        kind: 'run',
        label: `download the prebuilt better-sqlite3 ${target.betterSqlite3Version} addon for Electron ${target.electronVersion}`,
        command: node,
        args: [join(root, 'node_modules', 'prebuild-install', 'bin.js'), '--runtime=electron', `--target=${target.electronVersion}`, ...common, '--verbose'],
        cwd: targetDir,
        optional: true,
        writes: [targetDir],
      },
      {
        kind: 'run',
        label: `compile better-sqlite3 against the Electron ${target.electronVersion} headers (node-gyp)`,
        command: node,
        args: [
          join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
          'rebuild',
          '--release',
          '--runtime=electron',
          `--target=${target.electronVersion}`,
          `--dist-url=${ELECTRON_HEADERS_URL}`,
          `--arch=${target.arch}`,
        ],
        cwd: targetDir,
        optional: false,
        writes: [targetDir],
      },
      { kind: 'stamp', path: stampPath, content: stampContent(target), writes: [stampPath] },
    ],
  };
}

export function stampContent(target: NativeTarget): string {
  return `${JSON.stringify(target, null, 2)}\n`;
}

/** True when `path` is `dir` or inside it. */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Every path any step may write, including the working folder of each command. */
export function pathsTouchedBy(plan: NativePlan): string[] {
  return plan.steps.flatMap((s) => (s.kind === 'run' ? [...s.writes, s.cwd] : s.writes));
}

export function isUpToDate(plan: NativePlan, exists: (p: string) => boolean = existsSync, read: (p: string) => string = (p) => readFileSync(p, 'utf8')): boolean {
  if (!exists(plan.bindingPath) || !exists(plan.stampPath)) return false;
  try {
    return read(plan.stampPath) === stampContent(plan.target);
  } catch {
    return false;
  }
}

export type CommandRunner = (command: string, args: string[], cwd: string) => number;

/**
 * npm passes its config to scripts as npm_config_* variables; a nodedir, target, runtime or disturl
 * set there (e.g. nodedir=/usr for offline Node headers) would make node-gyp or prebuild-install
 * build for Node instead of Electron, so they are removed from the commands' environment.
 */
export function buildEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  const overriding = /^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|platform|build_from_source)$/i;
  for (const [key, value] of Object.entries(env)) if (!overriding.test(key)) clean[key] = value;
  return clean;
}

const spawnRunner: CommandRunner = (command, args, cwd) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: buildEnvironment(process.env) });
  return result.status ?? 1;
};

export interface ExecuteResult {
  status: 'up-to-date' | 'built' | 'dry-run';
  log: string[];
}

/** Carries out the plan. The runner is injectable so tests can stand in for the downloads. */
export function executeNativePlan(plan: NativePlan, options: { dryRun?: boolean; run?: CommandRunner } = {}): ExecuteResult {
  const log: string[] = [];
  const say = (line: string) => {
    log.push(line);
    console.log(`[electron-native] ${line}`);
  };
  if (isUpToDate(plan)) {
    say(`better-sqlite3 for Electron ${plan.target.electronVersion} is up to date: ${plan.bindingPath}`);
    return { status: 'up-to-date', log };
  }
  const run = options.run ?? spawnRunner;
  let built = false;
  for (const step of plan.steps) {
    if (options.dryRun) {
      say(`would ${describe(step)}`);
      continue;
    }
    switch (step.kind) {
      case 'remove':
        say(describe(step));
        rmSync(step.path, { recursive: true, force: true });
        break;
      case 'copy':
        say(describe(step));
        mkdirSync(step.to, { recursive: true });
        for (const entry of step.entries) {
          if (existsSync(join(step.from, entry))) cpSync(join(step.from, entry), join(step.to, entry), { recursive: true });
        }
        break;
      case 'run': {
        if (built) break;
        say(step.label);
        const code = run(step.command, step.args, step.cwd);
        if (code === 0 && existsSync(plan.bindingPath)) built = true;
        else if (!step.optional) throw new Error(`${step.label} failed (exit ${code}). See the README: first start needs the internet, or a C++ toolchain and Python for node-gyp.`);
        else say('no prebuilt addon could be downloaded; compiling it instead');
        break;
      }
      case 'stamp':
        writeFileSync(step.path, step.content, 'utf8');
        break;
    }
  }
  if (options.dryRun) return { status: 'dry-run', log };
  say(`built ${plan.bindingPath}`);
  return { status: 'built', log };
}

function describe(step: NativeStep): string {
  switch (step.kind) {
    case 'remove':
      return `remove ${step.path}`;
    case 'copy':
      return `copy ${step.entries.join(', ')} of ${step.from} to ${step.to}`;
    case 'run':
      return `${step.label}: (in ${step.cwd}) ${[step.command, ...step.args].join(' ')}`;
    case 'stamp':
      return `write ${step.path}`;
  }
}

function packageVersion(root: string, name: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The installed versions and this machine's platform. */
export function installedTarget(root: string): NativeTarget {
  return {
    electronVersion: packageVersion(root, 'electron'),
    betterSqlite3Version: packageVersion(root, 'better-sqlite3'),
    platform: process.platform,
    arch: process.arch,
  };
}

/**
 * `npm install` normally downloads the Electron binary (electron's postinstall); machines that set
 * ELECTRON_SKIP_BINARY_DOWNLOAD, or installed offline, get it here on first start.
 */
function ensureElectronBinary(root: string, dryRun: boolean): void {
  const electronDir = join(root, 'node_modules', 'electron');
  if (existsSync(join(electronDir, 'path.txt'))) return;
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  console.log('[electron-native] the Electron binary is missing: downloading it (about 100 MB, once)');
  if (dryRun) return;
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('downloading Electron failed; without internet access use the browser preview instead (see README)');
}

function main(argv: string[]): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const dryRun = argv.includes('--dry-run');
  if (argv.includes('--ensure-electron')) ensureElectronBinary(root, dryRun);
  executeNativePlan(planNativeBuild(root, installedTarget(root)), { dryRun });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error(`[electron-native] ${(e as Error).message}`);
    process.exit(1);
  }
}
