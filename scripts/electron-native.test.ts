// The Electron-ABI build of better-sqlite3 happens in .native-electron/, never in node_modules: the plan's
// paths, a run against a copy of the package with the downloads stood in for, and the real script in
// --dry-run mode, each proving node_modules/better-sqlite3 is left byte for byte as npm built it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NATIVE_BINDING_RELATIVE } from '../electron/native-binding';
import {
  ELECTRON_HEADERS_URL,
  buildEnvironment,
  executeNativePlan,
  isInside,
  isUpToDate,
  pathsTouchedBy,
  planNativeBuild,
  stampContent,
  type NativeTarget,
} from './electron-native';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const target: NativeTarget = { electronVersion: '40.10.2', betterSqlite3Version: '12.11.1', platform: 'linux', arch: 'x64' };

/** SHA-256 over every file (path and content) under a folder. */
function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(relative(dir, p)).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

describe('the plan', () => {
  const plan = planNativeBuild('/proj', target);

  it('reads node_modules/better-sqlite3 and writes only under .native-electron/', () => {
    expect(plan.sourceDir).toBe('/proj/node_modules/better-sqlite3');
    expect(plan.targetDir).toBe('/proj/.native-electron/better-sqlite3');
    expect(plan.bindingPath).toBe(join('/proj', NATIVE_BINDING_RELATIVE));
    for (const path of pathsTouchedBy(plan)) {
      expect(isInside(path, '/proj/.native-electron')).toBe(true);
      expect(isInside(path, '/proj/node_modules')).toBe(false);
    }
  });

  it('copies what the build needs, never the package’s Node-ABI build', () => {
    const copy = plan.steps.find((s) => s.kind === 'copy');
    expect(copy && copy.kind === 'copy' && copy.entries).toEqual(['package.json', 'LICENSE', 'binding.gyp', 'src', 'deps']);
  });

  it('downloads the prebuilt addon for Electron first, then falls back to node-gyp with Electron headers', () => {
    const runs = plan.steps.filter((s) => s.kind === 'run');
    expect(runs.map((r) => r.kind === 'run' && r.optional)).toEqual([true, false]);
    const [prebuilt, gyp] = runs;
    expect(prebuilt?.kind === 'run' && prebuilt.args).toEqual(expect.arrayContaining(['--runtime=electron', '--target=40.10.2']));
    expect(gyp?.kind === 'run' && gyp.args).toEqual(expect.arrayContaining(['rebuild', '--runtime=electron', '--target=40.10.2', `--dist-url=${ELECTRON_HEADERS_URL}`]));
    for (const r of runs) expect(r.kind === 'run' && r.cwd).toBe('/proj/.native-electron/better-sqlite3');
  });

  it('keeps npm settings that would build for Node (nodedir, target, runtime) away from the build commands', () => {
    const env = buildEnvironment({ PATH: '/bin', npm_config_nodedir: '/usr', npm_config_target: '20.0.0', npm_config_runtime: 'node', npm_config_cache: '/c' });
    expect(env).toEqual({ PATH: '/bin', npm_config_cache: '/c' });
  });

  it('isInside tells folders apart from look-alike prefixes', () => {
    expect(isInside('/proj/.native-electron/x', '/proj/.native-electron')).toBe(true);
    expect(isInside('/proj/.native-electron-old/x', '/proj/.native-electron')).toBe(false);
    expect(isInside('/proj/node_modules/better-sqlite3', '/proj/.native-electron')).toBe(false);
  });
});

describe('running the plan on a copy of the package (downloads stood in for)', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function fakeProject(): string {
    root = mkdtempSync(join(tmpdir(), 'muster-native-'));
    const pkg = join(root, 'node_modules', 'better-sqlite3');
    for (const [file, content] of [
      ['package.json', '{"name":"better-sqlite3","version":"12.11.1"}'],
      ['lib/index.js', 'module.exports = 1;'],
      ['src/better_sqlite3.cpp', '// source'],
      ['binding.gyp', '{}'],
      ['build/Release/better_sqlite3.node', 'NODE-ABI BINARY'],
    ] as const) {
      mkdirSync(dirname(join(pkg, file)), { recursive: true });
      writeFileSync(join(pkg, file), content);
    }
    return pkg;
  }

  it('builds into .native-electron, leaves node_modules untouched, and then knows it is up to date', () => {
    const pkg = fakeProject();
    const before = treeDigest(pkg);
    const plan = planNativeBuild(root, target);
    const ran: string[] = [];
    const result = executeNativePlan(plan, {
      run: (_command, args, cwd) => {
        ran.push(cwd);
        // Stand-in for prebuild-install: it unpacks the Electron-ABI addon into the working folder.
        mkdirSync(join(cwd, 'build', 'Release'), { recursive: true });
        writeFileSync(join(cwd, 'build', 'Release', 'better_sqlite3.node'), `ELECTRON-ABI BINARY ${args.join(' ')}`);
        return 0;
      },
    });
    expect(result.status).toBe('built');
    expect(ran).toEqual([plan.targetDir]); // node-gyp was not needed
    expect(treeDigest(pkg)).toBe(before);
    expect(readFileSync(join(pkg, 'build/Release/better_sqlite3.node'), 'utf8')).toBe('NODE-ABI BINARY');
    expect(readFileSync(plan.bindingPath, 'utf8')).toMatch(/^ELECTRON-ABI BINARY .*--runtime=electron/);
    expect(existsSync(join(plan.targetDir, 'src/better_sqlite3.cpp'))).toBe(true);
    expect(existsSync(join(plan.targetDir, 'binding.gyp'))).toBe(true);
    expect(existsSync(join(plan.targetDir, 'lib'))).toBe(false);
    expect(readFileSync(plan.stampPath, 'utf8')).toBe(stampContent(target));
    expect(isUpToDate(plan)).toBe(true);
    expect(executeNativePlan(plan, { run: () => 1 }).status).toBe('up-to-date');
  });

  it('falls back to node-gyp when no prebuilt addon exists, and fails clearly when that fails too', () => {
    fakeProject();
    const plan = planNativeBuild(root, target);
    const tools: string[] = [];
    expect(() =>
      executeNativePlan(plan, {
        run: (_command, args) => {
          tools.push(args[0]!.includes('node-gyp') ? 'node-gyp' : 'prebuild-install');
          return 1;
        },
      }),
    ).toThrow(/node-gyp.*failed.*README/);
    expect(tools).toEqual(['prebuild-install', 'node-gyp']);
    expect(isUpToDate(plan)).toBe(false);
  });

  it('rebuilds when Electron is upgraded', () => {
    fakeProject();
    const plan = planNativeBuild(root, target);
    mkdirSync(dirname(plan.bindingPath), { recursive: true });
    writeFileSync(plan.bindingPath, 'old');
    writeFileSync(plan.stampPath, stampContent({ ...target, electronVersion: '39.0.0' }));
    expect(isUpToDate(plan)).toBe(false);
  });
});

describe('the real script in --dry-run mode', () => {
  it('changes nothing in node_modules/better-sqlite3 (nor anything else)', () => {
    const pkg = join(projectRoot, 'node_modules', 'better-sqlite3');
    const before = treeDigest(join(pkg, 'build', 'Release'));
    const hadNative = existsSync(join(projectRoot, '.native-electron'));
    const result = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(projectRoot, 'scripts', 'electron-native.ts'), '--dry-run'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/would|up to date/);
    expect(treeDigest(join(pkg, 'build', 'Release'))).toBe(before);
    expect(existsSync(join(projectRoot, '.native-electron'))).toBe(hadNative);
  });
});
