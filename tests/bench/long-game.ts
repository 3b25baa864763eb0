/**
 * A long game for the benchmarks: the full battle played turn after turn with every kind of record a
 * three-day game piles up (fatigue, status changes, SP and straggler losses, die rolls for fire and
 * shock, a few undone and replaced entries, the clock through every step of every turn), `events` events
 * in all. Written through the game service in this process, a few thousand changes per transaction (the
 * service's own transactions nest inside as savepoints), so 50,000 events take seconds, not minutes.
 * Deterministic: the same events in the same order every time (typed rolls, fixed seed and clock).
 */
import { GameService } from '../../db/service';
import { settleDue } from '../fixtures/obligations';

const STATUSES = ['ordered', 'disordered', 'ordered', 'routed'] as const;

/** Creates `file` and plays it until its log holds exactly `events` events. Returns it open. */
export function buildLongGame(file: string, events: number): GameService {
  let minute = 0;
  // A fixed clock: each event a minute after the last, as if typed in at the table.
  const now = () => new Date(Date.UTC(2024, 6, 1, 9, 0) + (minute += 1) * 60_000).toISOString();
  const game = GameService.create({ file, scenario: 'gettysburg', players: { USA: 'Meade player', CSA: 'Lee player' } }, { seed: 1863, now });
  const units = game.roster().filter((u) => u.arm !== 'artillery');
  const sp = new Map(units.map((u) => [u.id, u.currentSp]));
  const status = new Map(units.map((u) => [u.id, 0]));
  const fatigue = new Map(units.map((u) => [u.id, 0]));
  let made = 0;
  let i = 0;
  /** One record of play, chosen by i; every branch writes exactly one event. */
  const play = () => {
    const u = units[(i * 7) % units.length]!;
    const kind = i % 10;
    if (kind < 3) {
      const level = (fatigue.get(u.id)! + 1) % 5;
      fatigue.set(u.id, level);
      game.setFatigue({ unitId: u.id, level });
    } else if (kind < 5) {
      game.rollDie({ purpose: `${kind === 3 ? 'fire' : 'shock'}: ${u.name}`, roll: (i * 3) % 10 });
    } else if (kind < 7 && sp.get(u.id)! > 2) {
      const straggler = kind === 6 && u.arm === 'infantry';
      sp.set(u.id, sp.get(u.id)! - 1);
      game.recordLoss({ unitId: u.id, sp: 1, ...(straggler ? { straggler } : { cause: 'small-arms' as const }) });
    } else if (kind === 7 && i % 40 === 7 && made + 2 <= events) {
      // A record taken back and entered again: one undone event left in the log, one new one.
      game.rollDie({ purpose: `misread: ${u.name}`, roll: 1 });
      game.undo();
      made += 1;
      game.rollDie({ purpose: `morale: ${u.name}`, roll: 2 });
    } else {
      const next = (status.get(u.id)! + 1) % STATUSES.length;
      status.set(u.id, next);
      game.setStatus({ unitId: u.id, status: STATUSES[next]! });
    }
    made += 1;
    i += 1;
  };
  const batch = game.db.transaction((count: number) => {
    for (let k = 0; k < count && made < events; k += 1) {
      // About 500 records a turn, then the clock through the turn's steps to the next one.
      // Not within the last few hundred events: a turn's rolls and settlements (RI-B15) vary in number.
      if (i > 0 && i % 500 === 0 && events - made > 300) {
        const turn = game.info().clock.turnId;
        while (game.info().clock.turnId === turn) {
          settleDue(game);
          game.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
        }
        made = game.info().eventCount;
      }
      play();
    }
  });
  while (made < events) batch(5000);
  const built = game.info().eventCount;
  if (built !== events) throw new Error(`built ${built} events, wanted ${events}`);
  return game;
}
