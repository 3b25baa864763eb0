/**
 * Child process of the crash-safety test: opens a game file and records events as fast as it can, printing
 * "ACK <seq>" on stdout after each change has returned (committed), until the parent kills it with SIGKILL.
 * Usage: node --import tsx tests/crash/writer.ts <game file> <seed>
 */
import { uniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';
import { isMusterError } from '../../db/errors';
import { GameService } from '../../db/service';

const [file, seedText] = process.argv.slice(2);
if (!file || !seedText) throw new Error('usage: writer.ts <game file> <seed>');

let rng: RandomGenerator = xoroshiro128plus(Number(seedText));
const pick = (n: number): number => {
  const [v, next] = uniformIntDistribution(0, n - 1, rng);
  rng = next;
  return v;
};

const game = GameService.open(file);
const unitIds = game.roster({ includeOffMap: false }).filter((u) => u.arm !== 'artillery').map((u) => u.id);
process.stdout.write('READY\n');

for (;;) {
  const action = pick(10);
  try {
    if (action < 4) {
      const id = unitIds[pick(unitIds.length)]!;
      const u = game.roster().find((x) => x.id === id)!;
      const r = game.setFatigue({ unitId: id, level: (u.fatigue + 1) % 5 });
      process.stdout.write(`ACK ${r.event.seq}\n`);
    } else if (action < 6) {
      const r = game.rollDie({ purpose: 'crash test' });
      process.stdout.write(`ACK ${r.event.seq}\n`);
    } else if (action < 7) {
      const id = unitIds[pick(unitIds.length)]!;
      const r = game.recordLoss({ unitId: id, sp: 1, straggler: pick(2) === 0 && id !== '8-il-cav' && id !== '8-ny-cav' });
      process.stdout.write(`ACK ${r.event.seq}\n`);
    } else if (action < 8) {
      const r = game.undo();
      process.stdout.write(`UNDO ${r.event.seq}\n`);
    } else if (action < 9) {
      const r = game.redo();
      process.stdout.write(`REDO ${r.event.seq}\n`);
    } else {
      const r = game.setStatus({ unitId: unitIds[pick(unitIds.length)]!, status: (['ordered', 'disordered', 'routed'] as const)[pick(3)]! });
      process.stdout.write(`ACK ${r.event.seq}\n`);
    }
  } catch (e) {
    // Refusals (nothing to redo, a unit already at that status, no SP left) are part of normal play.
    if (!isMusterError(e) || e.code === 'CORRUPT') throw e;
  }
}
