// A call's input is checked once, at the contract: dispatch (the command line's way in here, the window's in
// electron/ipc.test.ts) parses it with the function's schema and the service trusts what it was given,
// while a direct call of a GameService method (tests, scripts) still parses it itself and refuses bad input
// in players' words. The parses are counted by spying on the schema's own parse functions.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { GAME_CONTRACT, type GameFunction } from '../contract';
import { dispatchGameSync, serviceHandlers } from './dispatch';
import { MusterError } from './errors';
import type { GameService } from './service';
import { newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-parse-once-');
let game: GameService;

beforeEach(() => {
  game = newGame(tmp.dir);
});

afterEach(() => {
  vi.restoreAllMocks();
  game.close();
});

afterAll(() => tmp.cleanup());

/** Counts every parse of `fn`'s input schema, whichever of zod's parse functions is used. */
function countParses(fn: GameFunction): () => number {
  // Read as any schema: the union of every function's input is more than the type checker will spell out.
  const schema: ZodType = (GAME_CONTRACT as Record<GameFunction, { input: ZodType }>)[fn].input;
  const spies = (['parse', 'safeParse', 'parseAsync', 'safeParseAsync'] as const).map((m) => vi.spyOn(schema, m));
  return () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
}

describe('an input is parsed once', () => {
  it('a write through dispatch parses its input once, and the change is made', () => {
    const unit = game.roster().find((u) => u.currentSp >= 2)!;
    const parses = countParses('recordLoss');
    const result = dispatchGameSync(serviceHandlers(game), 'recordLoss', [{ unitId: unit.id, sp: 1 }], { validateOutput: true });
    expect(result.ok).toBe(true);
    expect(parses()).toBe(1);
    expect(game.roster().find((u) => u.id === unit.id)!.spLost).toBe(unit.spLost + 1);
  });

  it('a query through dispatch, asked as one side sees the game, parses its input once', () => {
    const parses = countParses('roster');
    const result = dispatchGameSync(serviceHandlers(game), 'roster', [{ viewer: 'USA' }], { validateOutput: true });
    expect(result.ok).toBe(true);
    expect(parses()).toBe(1);
    expect(result.ok && (result.value as unknown[]).length).toBeGreaterThan(0);
  });

  it('a refused input is parsed once and never reaches the service: nothing is written', () => {
    const unit = game.roster()[0]!;
    const before = game.info().eventCount;
    const parses = countParses('recordLoss');
    const result = dispatchGameSync(serviceHandlers(game), 'recordLoss', [{ unitId: unit.id, sp: 99 }], { validateOutput: true });
    expect(result).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENT', field: 'sp', message: 'SP must be at most 40 (the largest counter)' } });
    expect(parses()).toBe(1);
    expect(game.info().eventCount).toBe(before);
  });

  it('a direct method call parses its input itself, once', () => {
    const unit = game.roster().find((u) => u.currentSp >= 2)!;
    const parses = countParses('recordLoss');
    game.recordLoss({ unitId: unit.id, sp: 1 });
    expect(parses()).toBe(1);
  });

  it('a direct method call still refuses bad input, in players\' words, before anything runs', () => {
    const unit = game.roster()[0]!;
    const before = game.info().eventCount;
    let caught: unknown;
    try {
      game.recordLoss({ unitId: unit.id, sp: 99 });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MusterError);
    expect((caught as MusterError).toInfo()).toEqual({ code: 'INVALID_ARGUMENT', field: 'sp', message: 'SP must be at most 40 (the largest counter)' });
    expect(() => (game.roster as (input: unknown) => unknown)({ viewer: 'France' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'viewer' }));
    expect(game.info().eventCount).toBe(before);
  });

  it('the output is still checked against the contract after the one parse of the input', () => {
    const handlers = { ...serviceHandlers(game), roster: () => [{ id: '2-wi', sp: 'six' }] } as unknown as ReturnType<typeof serviceHandlers>;
    const logged: string[] = [];
    const result = dispatchGameSync(handlers, 'roster', [], { validateOutput: true, logError: (m) => logged.push(m) });
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(logged[0]).toMatch(/^roster returned a value outside the contract/);
  });
});
