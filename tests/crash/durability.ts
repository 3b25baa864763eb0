/**
 * The durability check shared by the crash test (24 kills, in `npm test`) and the soak (`npm run soak --
 * --kills N`): a writer process (tests/crash/writer.ts) records events on a game file and acknowledges
 * each one once it has returned (committed); it is killed with SIGKILL at seeded random moments, and the
 * same file is reopened each time. After every kill the file must open (its opening checks pass), pass
 * verify (SQLite's check, both hash chains, the state rebuilt from the genesis and the log), hold every
 * acknowledged event, hold at most the one change in flight beyond them, and its state tables must be
 * the replay of the applied events from the state before the first kill (nothing half-applied).
 *
 * No vitest import: the soak runs it outside the test runner and prints what it counts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { uniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';
import type { SqliteDatabase } from '../../db/open';
import { GameService } from '../../db/service';
import { HEAD_SEQ_SQL } from '../../db/store';
import { dumpState } from '../fixtures/state';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What one writer run acknowledged before it was killed. */
interface Run {
  acked: number[];
  undone: number[];
  redone: number[];
}

export interface DurabilityReport {
  kills: number;
  /** Changes the writer acknowledged (each returned, so committed, before the kill). */
  acknowledged: number;
  /** Acknowledged changes missing from the file afterwards. */
  lost: number;
  /** Everything that went wrong, one line each ("kill 12: ..."); empty when the file held up. */
  problems: string[];
}

/**
 * Starts the writer, waits until it is writing, lets it run for `ms`, then kills it with SIGKILL. What it
 * acknowledged is read from its acknowledgements file once it is dead (tests/crash/writer.ts says why not stdout).
 */
function runAndKill(file: string, seed: number, ms: number): Promise<Run> {
  const ackFile = `${file}.acks`;
  rmSync(ackFile, { force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/crash/writer.ts', file, String(seed), ackFile], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (timer === undefined && chunk.includes('READY')) timer = setTimeout(() => child.kill('SIGKILL'), ms);
    });
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') {
        reject(new Error(`the writer exited without being killed: ${stderr.trim()}`));
        return;
      }
      const run: Run = { acked: [], undone: [], redone: [] };
      const lines = existsSync(ackFile) ? readFileSync(ackFile, 'utf8').split('\n') : [];
      rmSync(ackFile, { force: true });
      for (const line of lines) {
        // Only whole lines: a kill never splits one write(), but a line must end to count.
        const [word, n] = line.split(' ');
        if (word === 'ACK') run.acked.push(Number(n));
        else if (word === 'UNDO') run.undone.push(Number(n));
        else if (word === 'REDO') run.redone.push(Number(n));
      }
      resolve(run);
    });
  });
}

/** The state the log says the game is in: the initial state with every applied event's "after" values, oldest first. */
function replay(db: SqliteDatabase, initial: Record<string, unknown[]>): Record<string, unknown[]> {
  const state = structuredClone(initial) as Record<string, Record<string, unknown>[]>;
  const applied: { changes: { table: string; key: string | number; field: string; after: unknown }[] }[] = [];
  let seq = (db.prepare(`SELECT ${HEAD_SEQ_SQL} AS head_seq`).get() as { head_seq: number | null }).head_seq;
  while (seq !== null) {
    const row = db.prepare('SELECT payload, prev_head FROM events WHERE seq = ?').get(seq) as { payload: string; prev_head: number | null };
    applied.push(JSON.parse(row.payload) as (typeof applied)[number]);
    seq = row.prev_head;
  }
  for (const event of applied.reverse()) {
    for (const c of event.changes) {
      const target = state[c.table]!.find((r) => String(r.id) === String(c.key))!;
      target[c.field] = c.after;
    }
  }
  return state;
}

/** The checks after one kill; problems are pushed as lines, and the seqs now in the log are returned. */
function checkAfterKill(file: string, kill: number, run: Run, eventsBefore: number, initial: Record<string, unknown[]>, problems: string[]): { events: number; lost: number } {
  let game: GameService;
  try {
    game = GameService.open(file);
  } catch (e) {
    problems.push(`kill ${kill}: the file does not open: ${(e as Error).message}`);
    return { events: eventsBefore, lost: run.acked.length };
  }
  try {
    const report = game.verify();
    if (!report.ok) problems.push(`kill ${kill}: verify fails: ${JSON.stringify(report)}`);
    const present = new Set((game.db.prepare('SELECT seq FROM events').all() as { seq: number }[]).map((r) => r.seq));
    const lost = run.acked.filter((seq) => !present.has(seq));
    if (lost.length > 0) problems.push(`kill ${kill}: acknowledged events lost: ${lost.join(', ')}`);
    // At most the one change in flight when the writer died may have committed without its acknowledgement.
    const unacknowledged = present.size - eventsBefore - run.acked.length;
    if (unacknowledged < 0 || unacknowledged > 1) problems.push(`kill ${kill}: ${unacknowledged} events beyond the acknowledged ones (0 or 1 expected)`);
    if (!isDeepStrictEqual(dumpState(game.db), replay(game.db, initial))) problems.push(`kill ${kill}: the state is not the replay of the log`);
    return { events: present.size, lost: lost.length };
  } finally {
    game.close();
  }
}

/**
 * Kills a writer on `file` (a new game, no events yet) `kills` times (the moments drawn from `seed`) and checks the file after
 * each kill. `onKill` hears of each kill's running totals (the soak prints progress with it).
 */
export async function runDurability(file: string, options: { kills: number; seed: number; onKill?: (report: DurabilityReport) => void }): Promise<DurabilityReport> {
  const game = GameService.open(file);
  const initial = dumpState(game.db);
  let events = game.info().eventCount;
  game.close();
  // The replay starts from the state before any event.
  if (events !== 0) throw new Error(`${file} already has ${events} events: the durability check starts from a new game`);
  let rng: RandomGenerator = xoroshiro128plus(options.seed);
  const next = (max: number) => {
    const [v, r] = uniformIntDistribution(0, max, rng);
    rng = r;
    return v;
  };
  const report: DurabilityReport = { kills: 0, acknowledged: 0, lost: 0, problems: [] };
  for (let kill = 1; kill <= options.kills; kill += 1) {
    const run = await runAndKill(file, next(1_000_000), 20 + next(250));
    report.kills = kill;
    report.acknowledged += run.acked.length;
    const after = checkAfterKill(file, kill, run, events, initial, report.problems);
    events = after.events;
    report.lost += after.lost;
    options.onKill?.(report);
  }
  return report;
}
