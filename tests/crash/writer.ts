/**
 * Child process of the crash-safety test: opens a game file and records events as fast as it can, writing
 * "ACK <seq>" to the acknowledgements file after each change has returned (committed), until the parent kills
 * it with SIGKILL. Each line is written with one write() before the next change begins: once written it is
 * the kernel's, and survives the kill. (Lines on stdout could wait in the process's memory while a busy parent
 * is slow to read the pipe, and die with it: acknowledged changes would then look unacknowledged.)
 * "READY" goes to stdout when writing begins.
 * Usage: node --import tsx tests/crash/writer.ts <game file> <seed> <acknowledgements file>
 */
import { openSync, writeSync } from 'node:fs';
import { uniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';
import { isMusterError } from '../../db/errors';
import { GameService } from '../../db/service';

const [file, seedText, ackFile] = process.argv.slice(2);
if (!file || !seedText || !ackFile) throw new Error('usage: writer.ts <game file> <seed> <acknowledgements file>');
const acks = openSync(ackFile, 'a');
const acknowledge = (line: string) => writeSync(acks, `${line}\n`);

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
      acknowledge(`ACK ${r.event.seq}`);
    } else if (action < 6) {
      const r = game.rollDie({ purpose: 'crash test' });
      acknowledge(`ACK ${r.event.seq}`);
    } else if (action < 7) {
      const id = unitIds[pick(unitIds.length)]!;
      const r = game.recordLoss({ unitId: id, sp: 1, straggler: pick(2) === 0 && id !== '8-il-cav' && id !== '8-ny-cav' });
      acknowledge(`ACK ${r.event.seq}`);
    } else if (action < 8) {
      const r = game.undo();
      acknowledge(`UNDO ${r.event.seq}`);
    } else if (action < 9) {
      const r = game.redo();
      acknowledge(`REDO ${r.event.seq}`);
    } else {
      const r = game.setStatus({ unitId: unitIds[pick(unitIds.length)]!, status: (['ordered', 'disordered', 'routed'] as const)[pick(3)]! });
      acknowledge(`ACK ${r.event.seq}`);
    }
  } catch (e) {
    // Refusals (nothing to redo, a unit already at that status, no SP left) are part of normal play.
    if (!isMusterError(e) || e.code === 'CORRUPT') throw e;
  }
}
