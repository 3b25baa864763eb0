/**
 * The bridge as `npm run browser` runs it: a process under a parent (npm, then tsx). When the parent goes
 * away, however it ended (here SIGKILL, which forwards no signal), the bridge must exit, so no orphan keeps
 * its port open and the game file locked; SIGTERM and SIGHUP close the game too. Each test starts the real
 * server script (electron/bridge/server.ts main()) with node --import tsx, serving a stub renderer folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameService } from '../../db/service';
import { makeGameFile } from '../test-support/games';

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

let dir: string;
let rendererRoot: string;
const started: number[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-bridge-process-'));
  rendererRoot = join(dir, 'renderer');
  mkdirSync(rendererRoot);
  writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
});

afterAll(() => {
  for (const pid of started) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Running, and not a zombie waiting for a parent that does not reap it. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (existsSync(stat)) {
    const state = readFileSync(stat, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  }
  return true;
}

function serverArgs(game: string): string[] {
  return ['--import', 'tsx', serverScript, '--file', game, '--dir', join(dir, 'games'), '--renderer', rendererRoot];
}

/** Collects a process's stdout and resolves once `pattern` has appeared in it. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern} in:\n${text}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (pattern.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!pattern.test(text)) reject(new Error(`exited (${code}) before ${pattern}:\n${text}`));
    });
  });
}

/** The game is held by the server: opening it elsewhere is refused as LOCKED. */
function expectLocked(game: string): void {
  expect(() => GameService.open(game, { busyTimeoutMs: 50 })).toThrow(expect.objectContaining({ code: 'LOCKED' }));
}

/** The game is free again: it opens, and the moves recorded through the bridge are in it. */
function expectOpenable(game: string): void {
  const g = GameService.open(game, { busyTimeoutMs: 50 });
  expect(g.verify().ok).toBe(true);
  g.close();
}

describe.skipIf(process.platform === 'win32')('the bridge process', () => {
  /**
   * A chain of `depth` node processes standing in for npm and tsx: the last starts the server, says its pid,
   * and each waits to be killed. Returns the top process, the server's pid once it listens, and the pids in between.
   */
  async function startUnderParents(game: string, depth: number): Promise<{ top: ChildProcess; serverPid: number; between: number[] }> {
    let script = [
      "const { spawn } = require('node:child_process');",
      `const child = spawn(process.execPath, ${JSON.stringify(serverArgs(game))}, { cwd: ${JSON.stringify(root)}, stdio: ['ignore', 'inherit', 'inherit'] });`,
      "process.stdout.write('SERVER PID ' + child.pid + '\\n');",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    for (let level = 1; level < depth; level++) {
      script = [
        "const { spawn } = require('node:child_process');",
        `const child = spawn(process.execPath, ['-e', ${JSON.stringify(script)}], { stdio: ['ignore', 'inherit', 'inherit'] });`,
        "process.stdout.write('PARENT PID ' + child.pid + '\\n');",
        'setInterval(() => {}, 1000);',
      ].join('\n');
    }
    const top = spawn(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(top.pid!);
    const output = await waitForOutput(top, /URL: +http:\/\/127\.0\.0\.1:\d+/);
    const serverPid = Number(/SERVER PID (\d+)/.exec(output)![1]);
    const between = [...output.matchAll(/PARENT PID (\d+)/g)].map((m) => Number(m[1]));
    started.push(serverPid, ...between);
    return { top, serverPid, between };
  }

  it.each([
    ['its parent (tsx)', 1],
    ['its grandparent (npm, while tsx lives on)', 2],
  ])('exits, unlocking the game, when %s is killed with SIGKILL', async (_who, depth) => {
    const game = makeGameFile(dir, `orphaned-${depth}.muster`);
    const { top, serverPid, between } = await startUnderParents(game, depth);
    expect(isRunning(serverPid)).toBe(true);
    expectLocked(game);

    top.kill('SIGKILL');
    await vi.waitFor(() => expect(isRunning(serverPid), 'the bridge outlived its parent').toBe(false), { timeout: 10_000, interval: 100 });
    expectOpenable(game);
    // The process in between (tsx's stand-in) was not what stopped it: it is still there.
    for (const pid of between) expect(isRunning(pid)).toBe(true);
  }, 60_000);

  it.each(['SIGTERM', 'SIGHUP', 'SIGINT'] as const)('closes the game and exits on %s', async (signal) => {
    const game = makeGameFile(dir, `signalled-${signal}.muster`);
    const server = spawn(process.execPath, serverArgs(game), { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(server.pid!);
    await waitForOutput(server, /URL: +http:\/\/127\.0\.0\.1:\d+/);
    expectLocked(game);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill(signal);
    expect(await exited).toBe(0);
    expectOpenable(game);
  }, 60_000);
});
