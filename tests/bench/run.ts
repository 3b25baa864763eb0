/**
 * Benchmarks (`npm run bench`, not part of the tests). Each prints exactly one line,
 * `BENCH <name> ratio=<x> target=<y>`, its ratio measured in the same run against a baseline:
 *
 * - record-loss: a loss recorded through the game service vs a bare one-row INSERT in its own
 *   transaction on a file with the same pragmas: one small transaction with a single sync (target <= 1.5);
 * - create-full-battle: creating the full Gettysburg game (scenario loaded and checked, genesis written)
 *   vs a raw bulk insert of the same rows into the same schema, the one a new game file gets
 *   (db/migrations/schema.ts), so that a column or table the game gains costs both sides alike (target <= 1.5);
 * - undo-long-log: undo (and redo) at the end of a 50,000-event log vs at the end of a 100-event log
 *   (target <= 1.1);
 * - open-long-game: opening a 50,000-event game (with its opening checks) to its first roster vs opening
 *   a copy of the same game's state tables with no log (target <= 1.5);
 * - verify-long-game: verify of the 50,000-event game (SQLite's integrity check, both chains, the state
 *   rebuilt from the genesis and compared) vs reading every event row once (target <= 3);
 * - fire-attack: a fire attack resolved through the game service (two regiments' frontage, every DRM, the
 *   loss shared in front, one event) vs recording a single loss through it, on the same full-battle game
 *   (target <= 3);
 * - history-render and roster-render: the screens in Chromium (tests/bench/screens.ts);
 * - click-*: from a click to the paint that shows its effect, in Chromium (tests/bench/clicks.ts).
 *
 * The 50,000-event game is played through the service in this process (tests/bench/long-game.ts).
 * Ratios are of medians over repeated rounds, the two sides interleaved round by round so that disk and
 * load drift affect both alike. Progress goes to stderr. `npm run bench -- <name> ...` runs only those.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadScenario } from '../../data/scenarios';
import { SCHEMA_SNAPSHOT } from '../../db/migrations/schema';
import { GameService } from '../../db/service';
import { buildLongGame } from './long-game';

const dir = mkdtempSync(join(tmpdir(), 'muster-bench-'));
let fileNo = 0;
const nextFile = (name: string) => join(dir, `${name}-${(fileNo += 1)}.muster`);
const progress = (s: string) => process.stderr.write(`${s}\n`);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/**
 * Runs both sides `rounds` times, interleaved, and returns median(subject) / median(baseline), after
 * `warmUp` rounds of each that are thrown away (the JIT, the statement caches, the first pages read).
 */
function ratio(rounds: number, subject: () => number, baseline: () => number, warmUp = 0): number {
  for (let i = 0; i < warmUp; i += 1) {
    subject();
    baseline();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    if (i % 2 === 0) {
      a.push(subject());
      b.push(baseline());
    } else {
      b.push(baseline());
      a.push(subject());
    }
  }
  return median(a) / median(b);
}

function report(name: string, value: number, target: number): void {
  process.stdout.write(`BENCH ${name} ratio=${value.toFixed(2)} target=${target}\n`);
}

/** A plain SQLite file with the pragmas a game file has. */
function rawDatabase(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  return db;
}

function benchRecordLoss(): void {
  progress('record-loss ...');
  const game = GameService.create({ file: nextFile('loss'), scenario: 'gettysburg' });
  // Every unit of the order of battle (a loss is recorded for any unit, RI-S23), once per SP it can lose.
  const units = game.roster().flatMap((u) => Array.from({ length: u.currentSp }, () => u.id));
  const raw = rawDatabase(nextFile('raw-loss'));
  raw.exec('CREATE TABLE losses (id INTEGER PRIMARY KEY, unit_id TEXT NOT NULL, sp INTEGER NOT NULL)');
  const insert = raw.prepare('INSERT INTO losses (unit_id, sp) VALUES (?, ?)');
  const oneInsert = raw.transaction((unit: string) => insert.run(unit, 1));
  const rounds = 31;
  const warmUp = 3;
  const perRound = Math.min(20, Math.floor(units.length / (rounds + warmUp)));
  let u = 0;
  const value = ratio(
    rounds,
    () => time(() => {
      for (let i = 0; i < perRound; i += 1) {
        const unitId = units[u]!;
        u += 1;
        game.recordLoss({ unitId, sp: 1 });
      }
    }),
    () => time(() => {
      for (let i = 0; i < perRound; i += 1) oneInsert(units[i % units.length]!);
    }),
    warmUp,
  );
  game.close();
  raw.close();
  report('record-loss', value, 1.5);
}

function benchCreateFullBattle(): void {
  progress('create-full-battle ...');
  const scenario = loadScenario('gettysburg');
  const subject = () =>
    time(() => {
      GameService.create({ file: nextFile('create'), scenario: 'gettysburg' }).close();
    });
  const baseline = () =>
    time(() => {
      const db = rawDatabase(nextFile('raw-create'));
      // Rows go in file order, parents not always first: a raw load does not check references.
      db.pragma('foreign_keys = OFF');
      db.transaction(() => {
        // The schema a new game file gets (every table, index and trigger of the current version).
        db.exec(SCHEMA_SNAPSHOT.sql);
        const turn = db.prepare('INSERT INTO turns (id, idx, date, time, light, afternoon) VALUES (?, ?, ?, ?, ?, ?)');
        scenario.turns.forEach((t, i) => turn.run(t.id, i, t.date, t.time, t.light, t.afternoon ? 1 : 0));
        const command = db.prepare('INSERT INTO commands (id, side, level, name, parent_id, leader_id, cavalry, artillery, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
        scenario.commands.forEach((c, i) => command.run(c.id, c.side, c.level, c.name, c.parentId, c.leaderId, c.cavalry ? 1 : 0, c.artillery ? 1 : 0, i));
        const leader = db.prepare('INSERT INTO leaders (id, side, name, stars, rating, range, role, command_id, rating_verified, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
        scenario.leaders.forEach((l, i) => leader.run(l.id, l.side, l.name, l.stars, l.rating, l.range, l.role, l.commandId, l.ratingVerified ? 1 : 0, i));
        const unit = db.prepare('INSERT INTO units (id, side, name, arm, sp, weapon, command_id, horse_artillery, sharpshooters, can_dismount, men, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
        scenario.units.forEach((x, i) => unit.run(x.id, x.side, x.name, x.arm, x.sp, x.weapon, x.commandId, x.horseArtillery ? 1 : 0, x.sharpshooters ? 1 : 0, x.canDismount ? 1 : 0, x.men, i));
      })();
      db.close();
    });
  report('create-full-battle', ratio(15, subject, baseline, 2), 1.5);
}

/** A game whose log holds `events` events (built in batches inside one transaction each, which is not timed). */
function gameWithLog(events: number): GameService {
  const game = GameService.create({ file: nextFile(`log-${events}`), scenario: 'gettysburg' });
  const units = game.roster({ includeOffMap: false }).filter((u) => u.arm !== 'artillery').map((u) => u.id);
  const batch = game.db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) game.setFatigue({ unitId: units[i % units.length]!, level: (Math.floor(i / units.length) % 4) + 1 });
  });
  for (let i = 0; i < events; i += 5000) batch(i, Math.min(events, i + 5000));
  if (game.info().eventCount !== events) throw new Error(`built ${game.info().eventCount} events, wanted ${events}`);
  return game;
}

const LONG = 50_000;
let longGameFile: string | null = null;

/** The 50,000-event game of the long-game benchmarks, built once (closed). */
function longGame(): string {
  if (longGameFile === null) {
    progress(`building a ${LONG.toLocaleString('en')}-event game ...`);
    const file = nextFile('long-game');
    buildLongGame(file, LONG).close();
    longGameFile = file;
  }
  return longGameFile;
}

function benchUndoLongLog(): void {
  const long = GameService.open(longGame());
  const short = gameWithLog(100);
  progress('undo-long-log ...');
  const pairs = 20;
  const undoRedo = (g: GameService) => () =>
    time(() => {
      for (let i = 0; i < pairs; i += 1) {
        g.undo();
        g.redo();
      }
    });
  // Warm both (statement caches, pages) before measuring.
  undoRedo(long)();
  undoRedo(short)();
  const value = ratio(31, undoRedo(long), undoRedo(short));
  long.close();
  short.close();
  report('undo-long-log', value, 1.1);
}

/** The same game with no log: its state tables as they are, the events and rolls gone, the file compacted. */
function withoutLog(file: string): string {
  const copy = nextFile('long-game-no-log');
  copyFileSync(file, copy);
  const db = new Database(copy);
  // The append-only triggers are put back as they were: the opening checks refuse a file without them.
  const triggers = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('events_append_only_delete', 'dice_append_only_delete')").pluck().all() as string[];
  db.exec(`
    DROP TRIGGER events_append_only_delete; DROP TRIGGER dice_append_only_delete;
    DELETE FROM dice_log; DELETE FROM events; UPDATE game SET redo_seq = NULL;
  `);
  for (const sql of triggers) db.exec(sql);
  db.exec('VACUUM');
  db.close();
  return copy;
}

function benchOpenLongGame(): void {
  const file = longGame();
  const noLog = withoutLog(file);
  progress('open-long-game ...');
  // What the app does for its first screen: open the file (with the opening checks), the game's info, the roster.
  const openToRoster = (path: string) => () => {
    let game: GameService | null = null;
    const ms = time(() => {
      game = GameService.open(path);
      game.info();
      game.roster();
    });
    (game as GameService | null)?.close();
    return ms;
  };
  openToRoster(file)();
  openToRoster(noLog)();
  report('open-long-game', ratio(31, openToRoster(file), openToRoster(noLog)), 1.5);
}

function benchVerifyLongGame(): void {
  const game = GameService.open(longGame());
  progress('verify-long-game ...');
  const readEvery = game.db.prepare('SELECT * FROM events');
  let rows = 0;
  const verify = () =>
    time(() => {
      const report = game.verify();
      if (!report.ok) throw new Error(`the long game does not verify: ${JSON.stringify(report).slice(0, 500)}`);
    });
  const readOnce = () =>
    time(() => {
      rows = 0;
      for (const row of readEvery.iterate()) if (row) rows += 1;
    });
  verify();
  readOnce();
  const value = ratio(9, verify, readOnce);
  if (rows !== LONG) throw new Error(`read ${rows} events, the game has ${LONG}`);
  game.close();
  report('verify-long-game', value, 3);
}

/** The full battle's fire attack, as main measures it. */
function benchFireAttack(): void {
  progress('fire-attack ...');
  const game = GameService.create({ file: nextFile('fire'), scenario: 'gettysburg' });
  while (game.info().clock.segment !== 'II') game.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
  game.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
  while (game.info().clock.segment !== 'III') game.advanceClock();
  // On the map at 0740 on July 1: Buford's troopers (two to a hex) fire at Heth's regiments, one SP lost each
  // time. The attacks are chosen before timing, each with an odd modified roll so no trooper runs out of ammo.
  const onMap = game.roster({ includeOffMap: false }).filter((u) => u.arm !== 'artillery' && u.currentSp >= 2);
  const troopers = onMap.filter((u) => u.side === 'USA').map((u) => u.id);
  // Each regiment is fired upon while it has more than one SP left.
  const regiments = onMap.filter((u) => u.side === 'CSA' && u.arm === 'infantry').flatMap((u) => Array.from({ length: u.currentSp - 1 }, () => u.id));
  const rounds = 15;
  const perRound = Math.min(5, Math.floor(regiments.length / rounds));
  const attacks = Array.from({ length: rounds * perRound }, (_, i) => {
    const aim = { stack: [troopers[i % troopers.length]!, troopers[(i + 1) % troopers.length]!], range: 2, targets: [regiments[i]!] };
    const drm = game.planFire(aim).attack!.drm.total;
    return { ...aim, roll: ((((1 - drm) % 2) + 2) % 2) as 0 | 1, result: { sp: 1 } };
  });
  // The baseline records losses on units anywhere in the order of battle (on the map or not, RI-S23).
  const lossUnits = game.roster().filter((u) => u.currentSp >= 1 && !regiments.includes(u.id)).map((u) => u.id);
  let f = 0;
  let l = 0;
  const value = ratio(
    rounds,
    () => time(() => {
      for (let i = 0; i < perRound; i += 1) game.resolveFire(attacks[f++]!);
    }),
    () => time(() => {
      for (let i = 0; i < perRound; i += 1) game.recordLoss({ unitId: lossUnits[l++ % lossUnits.length]!, sp: 1 });
    }),
  );
  game.close();
  report('fire-attack', value, 3);
}

const BENCHES: Record<string, () => void | Promise<void>> = {
  'fire-attack': benchFireAttack,
  'record-loss': benchRecordLoss,
  'create-full-battle': benchCreateFullBattle,
  'undo-long-log': benchUndoLongLog,
  'open-long-game': benchOpenLongGame,
  'verify-long-game': benchVerifyLongGame,
  // The screens' benchmarks need the built renderer and Chromium.
  screens: async () => (await import('./screens')).benchScreens(longGame()),
  // From a click to the paint showing its effect, on a 20,000-event game (tests/bench/clicks.ts).
  clicks: async () => (await import('./clicks')).benchClicks(),
};

const only = process.argv.slice(2);
for (const name of only) if (!(name in BENCHES)) throw new Error(`no benchmark "${name}" (there are: ${Object.keys(BENCHES).join(', ')})`);
try {
  for (const [name, run] of Object.entries(BENCHES)) if (only.length === 0 || only.includes(name)) await run();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
