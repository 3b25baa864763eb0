// The contract itself: one channel per game-service method (same name), plus the shell's file channels;
// unique, well-formed channel names; inputs that refuse unknown keys; results typed as ok/error.
import { describe, expect, it } from 'vitest';
import { GAME_SERVICE_METHODS, GAME_SERVICE_QUERIES } from '../db/service-types';
import { CHANNELS, CHANNEL_FUNCTIONS, CONTRACT, IpcErrorSchema, fail, ok } from './api';

describe('the contract', () => {
  it('has a channel for every game-service method, under the method’s own name', () => {
    for (const method of GAME_SERVICE_METHODS) expect(CHANNELS).toHaveProperty(method);
  });

  it('adds the shell’s own channels for files, scenarios and the app', () => {
    const shell = CHANNEL_FUNCTIONS.filter((fn) => !(GAME_SERVICE_METHODS as readonly string[]).includes(fn));
    expect(shell.sort()).toEqual(['appInfo', 'closeGame', 'currentGame', 'newGame', 'openGame', 'openRecent', 'recentFiles', 'removeRecentFile', 'saveGameAs', 'scenarios']);
  });

  it('names channels area:action, each once', () => {
    const names = Object.values(CHANNELS);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
  });

  it('marks the service’s queries as read-only and its other methods as writing', () => {
    for (const method of GAME_SERVICE_METHODS) {
      expect(CONTRACT[method].writes, method).toBe(!(GAME_SERVICE_QUERIES as readonly string[]).includes(method));
    }
  });

  it('refuses unknown keys on every channel (no smuggled fields)', () => {
    for (const fn of CHANNEL_FUNCTIONS) {
      expect(CONTRACT[fn].input.safeParse({ smuggled: true }).success, fn).toBe(false);
    }
  });

  it('accepts only whole die rolls 0-9 typed at the table', () => {
    const attempt = CONTRACT.attemptActivation.input;
    expect(attempt.safeParse({ commandId: 'iron', roll: 0 }).success).toBe(true);
    expect(attempt.safeParse({ commandId: 'iron', roll: 9 }).success).toBe(true);
    for (const roll of [10, -1, 2.5, '3', null]) expect(attempt.safeParse({ commandId: 'iron', roll }).success).toBe(false);
  });

  it('New Game takes a built-in scenario id, never a path', () => {
    expect(CONTRACT.newGame.input.safeParse({ scenario: 'gettysburg' }).success).toBe(true);
    expect(CONTRACT.newGame.input.safeParse({ scenario: '../../etc/passwd.json' }).success).toBe(false);
    expect(CONTRACT.newGame.input.safeParse({ scenario: 'gettysburg', file: '/tmp/x.muster' }).success).toBe(false);
  });

  it('builds results as { ok, value } and refusals as { ok, error: { code, message, field?, rule? } }', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    const refusal = fail('INVALID_ARGUMENT', 'sp: must be whole', 'sp');
    expect(refusal).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENT', message: 'sp: must be whole', field: 'sp' } });
    expect(IpcErrorSchema.safeParse(refusal.error).success).toBe(true);
    expect(IpcErrorSchema.safeParse({ ...refusal.error, stack: 'Error\n at x' }).success).toBe(false);
  });
});
