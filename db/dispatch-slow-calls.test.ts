// The slow-call log: a contract call that takes longer than SLOW_CALL_MS is written to the log with its
// function's name and time, whichever way it came in (the window's dispatch, the command line's), and a
// quick one is not. Calls are timed by an injected clock: nothing here depends on how fast the machine is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelHandlers } from '../contract';
import { dispatch, dispatchGameSync, serviceHandlers, SLOW_CALL_MS, slowCallLine, type DispatchOptions } from './dispatch';
import { GameService } from './service';

let dir: string;
let game: GameService;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-slow-calls-'));
  game = GameService.create({ file: join(dir, 'game.muster'), scenario: 'gettysburg' });
});

afterAll(() => {
  game.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A clock that moves `step` ms each time it is read: a call read twice (start, end) takes `step` ms. */
function steppingClock(step: number): () => number {
  let now = 1000;
  return () => {
    const t = now;
    now += step;
    return t;
  };
}

function options(step: number, log: string[]): DispatchOptions {
  return { validateOutput: true, logSlowCall: (line) => log.push(line), clock: steppingClock(step) };
}

describe('the slow-call log', () => {
  it('words a slow call with the function and its time in whole milliseconds', () => {
    expect(slowCallLine('turnState', 62.4)).toBe('slow call: turnState took 62 ms');
  });

  it('logs a game function that took longer than the threshold, with its name and time', () => {
    const log: string[] = [];
    const result = dispatchGameSync(serviceHandlers(game), 'roster', [], options(SLOW_CALL_MS + 13, log));
    expect(result.ok).toBe(true);
    expect(log).toEqual([`slow call: roster took ${SLOW_CALL_MS + 13} ms`]);
  });

  it('says nothing of a call at or under the threshold', () => {
    const log: string[] = [];
    expect(dispatchGameSync(serviceHandlers(game), 'info', [], options(SLOW_CALL_MS, log)).ok).toBe(true);
    expect(dispatchGameSync(serviceHandlers(game), 'turnState', [{}], options(3, log)).ok).toBe(true);
    expect(log).toEqual([]);
  });

  it('times a write and a refused call alike: a refusal that took long is still time the player waited', () => {
    const log: string[] = [];
    const unit = game.roster().find((u) => u.currentSp >= 2)!;
    const before = game.info().eventCount;
    expect(dispatchGameSync(serviceHandlers(game), 'recordLoss', [{ unitId: unit.id, sp: 1 }], options(80, log)).ok).toBe(true);
    expect(dispatchGameSync(serviceHandlers(game), 'recordLoss', [{ unitId: unit.id, sp: 0 }], options(120, log)).ok).toBe(false);
    expect(game.info().eventCount).toBe(before + 1);
    expect(log).toEqual(['slow call: recordLoss took 80 ms', 'slow call: recordLoss took 120 ms']);
  });

  it('times an asynchronous handler until its answer is ready, through the window\'s dispatch', async () => {
    const log: string[] = [];
    let now = 0;
    // A handler that answers later (a shell function waiting on a dialog): the clock moves while it waits.
    const slow = {
      ...serviceHandlers(game),
      appInfo: async () => {
        await Promise.resolve();
        now += 75;
        return game.info();
      },
    } as unknown as ChannelHandlers;
    const result = await dispatch(slow, 'appInfo', [], { validateOutput: false, logSlowCall: (line) => log.push(line), clock: () => now });
    expect(result.ok).toBe(true);
    expect(log).toEqual(['slow call: appInfo took 75 ms']);
  });

  it('logs nothing, and times nothing, when no log is given (the command line)', () => {
    let reads = 0;
    const result = dispatchGameSync(serviceHandlers(game), 'info', [], { validateOutput: true, clock: () => (reads += 1) });
    expect(result.ok).toBe(true);
    expect(reads).toBe(0);
  });
});
