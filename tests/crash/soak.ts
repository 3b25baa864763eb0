/**
 * The durability soak: `npm run soak -- --kills N [--seed S]` runs the crash test's check
 * (tests/crash/durability.ts) for N kills on a new game of the two-brigade fixture, printing progress
 * and, at the end, the kills, the acknowledged writes and the lost writes. Exits 1 if anything was lost
 * or any check failed (each problem on its own line), 0 otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GameService } from '../../db/service';
import { runDurability } from './durability';

const { values } = parseArgs({ options: { kills: { type: 'string', default: '1000' }, seed: { type: 'string', default: '20240701' } }, strict: true });
const kills = Number(values.kills);
const seed = Number(values.seed);
if (!Number.isInteger(kills) || kills < 1) throw new Error(`--kills must be a whole number of 1 or more, got "${values.kills}"`);
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got "${values.seed}"`);

/** The crash test's scenario (tests/fixtures/game.ts FIXTURE_SCENARIO, which imports vitest). */
const FIXTURE_SCENARIO = fileURLToPath(new URL('../fixtures/two-brigades.json', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'muster-soak-'));
const started = Date.now();
try {
  const file = join(dir, 'soak.muster');
  GameService.create({ file, scenario: FIXTURE_SCENARIO, players: { USA: 'Ann', CSA: 'Bob' } }, { seed }).close();
  const report = await runDurability(file, {
    kills,
    seed,
    onKill: (r) => {
      if (r.kills % 50 === 0 || r.kills === kills) {
        process.stderr.write(`soak: ${r.kills} kills, ${r.acknowledged} acknowledged writes, ${r.lost} lost, ${r.problems.length} problems (${Math.round((Date.now() - started) / 1000)} s)\n`);
      }
    },
  });
  for (const p of report.problems) process.stdout.write(`PROBLEM ${p}\n`);
  process.stdout.write(`kills=${report.kills} acknowledged=${report.acknowledged} lost=${report.lost} problems=${report.problems.length}\n`);
  process.exitCode = report.lost === 0 && report.problems.length === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
