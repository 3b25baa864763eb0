/**
 * Crash safety: a writer process records events and acknowledges each one; the test kills it with SIGKILL
 * at seeded random moments (24 kills, reopening the same file each time). After every kill the file must
 * open, pass verify, hold every acknowledged event, and its state must equal the replay of the applied
 * events from the initial state (no event half-applied), with both hash chains intact
 * (tests/crash/durability.ts; `npm run soak -- --kills N` runs the same check for longer).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { newGame, tempDir } from '../fixtures/game';
import { runDurability } from './durability';

const KILLS = 24;
const tmp = tempDir('muster-crash-');
afterAll(() => tmp.cleanup());

describe('crash safety', () => {
  it(`survives ${KILLS} SIGKILLs mid-stream: every acknowledged event is there and nothing is half-applied`, async () => {
    const game = newGame(tmp.dir);
    game.close();
    const report = await runDurability(game.file, { kills: KILLS, seed: 20240701 });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ kills: KILLS, lost: 0 });
    expect(report.acknowledged).toBeGreaterThan(KILLS);
  }, 120_000);
});
