/**
 * A New killed part-way never leaves a file that blocks the name: the game is made under a hidden name and
 * given its own only when whole (db/open.ts createGameDatabase). The command line's `new` is killed with
 * SIGKILL at moments spread over its run; after each kill the name is free, or holds a game that opens and
 * verifies, and `new` on the same name then succeeds or says the game already exists.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../db/cli';
import { GameService } from '../../db/service';
import { FIXTURE_SCENARIO, tempDir } from '../fixtures/game';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tmp = tempDir('muster-create-kill-');
afterAll(() => tmp.cleanup());

/**
 * Runs `new` in its own process and kills it `ms` after it has started, or (ms null) the moment its name
 * appears in the folder; whether it was killed or finished first.
 */
function newKilled(file: string, ms: number | null): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'db/cli.ts', 'new', file, '--scenario', FIXTURE_SCENARIO], { cwd: root, stdio: 'ignore' });
    const timer = ms === null ? setInterval(() => existsSync(file) && child.kill('SIGKILL'), 1) : setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearInterval(timer);
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' ? 'killed' : 'finished');
    });
  });
}

describe('a New killed part-way', () => {
  it('leaves the name free or a whole game under it, never an empty file blocking it', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const file = tmp.file(`killed-${i}.muster`);
      // The moment the name appears, then from before the process has loaded to after it has written the game.
      outcomes.push(await newKilled(file, i < 4 ? null : 300 + i * 120));
      if (existsSync(file)) {
        const g = GameService.open(file);
        expect(g.verify().ok).toBe(true);
        g.close();
        expect(runCli(['new', file, '--scenario', FIXTURE_SCENARIO])).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
      } else {
        expect(runCli(['new', file, '--scenario', FIXTURE_SCENARIO]).code).toBe(0);
      }
    }
    // Whatever is left beside the games is hidden (a dot-file), and never under a game's name.
    expect(readdirSync(tmp.dir).filter((f) => !f.startsWith('.') && !f.endsWith('.muster'))).toEqual([]);
    expect(outcomes).toContain('killed');
  }, 120_000);
});
