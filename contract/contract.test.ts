// The contract itself: every function declared once, in one domain, with a derived "<domain>:<function>"
// channel; the shell's file functions beside the game's; strict, bounded inputs that refuse in plain
// words; results typed as ok/error.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { COUNTER_LIMITS } from '../rules/types';
import {
  CHANNELS,
  CONTRACT,
  CONTRACT_FUNCTIONS,
  DOMAINS,
  ErrorInfoSchema,
  GAME_DOMAINS,
  GAME_FUNCTIONS,
  QUERY_FUNCTIONS,
  SHELL_FUNCTIONS,
  WRITE_FUNCTIONS,
  fail,
  ok,
} from './index';

describe('the contract', () => {
  it('declares every function in exactly one domain, and derives its channel from the two names', () => {
    const seen = new Map<string, string>();
    for (const [domain, fns] of Object.entries(DOMAINS)) {
      for (const fn of Object.keys(fns)) {
        expect(seen.get(fn), `${fn} in ${domain}`).toBeUndefined();
        seen.set(fn, domain);
        expect(CHANNELS[fn as keyof typeof CHANNELS]).toBe(`${domain}:${fn}`);
      }
    }
    expect([...seen.keys()].sort()).toEqual([...CONTRACT_FUNCTIONS].sort());
    expect(new Set(Object.values(CHANNELS)).size).toBe(CONTRACT_FUNCTIONS.length);
  });

  it('keeps the shell’s file functions apart from the game’s', () => {
    expect([...SHELL_FUNCTIONS].sort()).toEqual([
      'appInfo',
      'chartConfusionResult',
      'chartFireResult',
      'chartRandomEvent',
      'charts',
      'chooseSharedFolder',
      'closeGame',
      'currentGame',
      'exportCharts',
      'exportKit',
      'gameFolder',
      'helpText',
      'houseReadings',
      'importCharts',
      'importKit',
      'joinSeatGame',
      'kitInfo',
      'lookAtSharedFolder',
      'newGame',
      'newSeatGame',
      'openDroppedFile',
      'openFromFolder',
      'openGame',
      'openRecent',
      'optionalRules',
      'receiveSeatFile',
      'recentFiles',
      'removeRecentFile',
      'reportScreenError',
      'reportTextFocus',
      'saveCharts',
      'saveGameAs',
      'scenarios',
      'sendSeatPacket',
      'sharedFolder',
      'sharedFolderChoices',
    ]);
    for (const fn of SHELL_FUNCTIONS) expect(CONTRACT[fn].kind).toBe('shell');
    expect(GAME_FUNCTIONS.some((fn) => (SHELL_FUNCTIONS as readonly string[]).includes(fn))).toBe(false);
    expect(Object.keys(GAME_DOMAINS)).not.toContain('files');
  });

  it('splits the game functions into queries and writes, derived from the declarations', () => {
    expect([...QUERY_FUNCTIONS, ...WRITE_FUNCTIONS].sort()).toEqual([...GAME_FUNCTIONS].sort());
    expect(QUERY_FUNCTIONS).toEqual(expect.arrayContaining(['info', 'roster', 'leaders', 'commandTree', 'turnState', 'history', 'diceLog', 'tally', 'verify']));
    expect(WRITE_FUNCTIONS).toEqual(expect.arrayContaining(['recordLoss', 'setOrders', 'advanceClock', 'undo', 'redo']));
  });

  it('gives every function a one-line summary', () => {
    for (const fn of CONTRACT_FUNCTIONS) expect(CONTRACT[fn].summary.length, fn).toBeGreaterThan(10);
  });

  it('refuses unknown keys on every function (no smuggled fields)', () => {
    for (const fn of CONTRACT_FUNCTIONS) {
      expect(CONTRACT[fn].input.safeParse({ smuggled: true }).success, fn).toBe(false);
    }
  });

  it('accepts only whole die rolls 0-9 typed at the table', () => {
    const attempt = CONTRACT.attemptActivation.input;
    expect(attempt.safeParse({ commandId: 'iron', roll: 0 }).success).toBe(true);
    expect(attempt.safeParse({ commandId: 'iron', roll: 9 }).success).toBe(true);
    for (const roll of [10, -1, 2.5, '3', null]) expect(attempt.safeParse({ commandId: 'iron', roll }).success).toBe(false);
  });

  it('reads counter limits from the one declaration and refuses in plain words', () => {
    const edit = CONTRACT.editLeader.input;
    expect(edit.safeParse({ leaderId: 'meade', rating: COUNTER_LIMITS.rating.max }).success).toBe(true);
    const refused = edit.safeParse({ leaderId: 'meade', rating: COUNTER_LIMITS.rating.max + 1 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Rating must be a whole number from 0 to 9');
    expect(CONTRACT.editUnit.input.safeParse({ unitId: 'x', sp: COUNTER_LIMITS.sp.max + 1 }).error?.issues[0]?.message).toBe('Strength (SP) must be a whole number from 1 to 40');
    // The command line and the screens share this limit: a loss is at most the largest counter.
    expect(CONTRACT.recordLoss.input.safeParse({ unitId: 'x', sp: COUNTER_LIMITS.sp.max + 1 }).success).toBe(false);
  });

  it('refuses text that is not well-formed Unicode (SQLite would store something else than was hashed)', () => {
    const roll = CONTRACT.rollDie.input;
    expect(roll.safeParse({ purpose: 'Random event' }).success).toBe(true);
    expect(roll.safeParse({ purpose: 'lone \uD800 surrogate' }).success).toBe(false);
    expect(roll.safeParse({ purpose: '\uDC00' }).success).toBe(false);
    expect(roll.safeParse({ purpose: 'flag \uD83C\uDDFA\uD83C\uDDF8 is a pair' }).success).toBe(true);
    expect(roll.safeParse({ purpose: '   ' }).success).toBe(false);
  });

  it('refuses a lone surrogate in every text field any function takes, each with its own message (RI-V04)', () => {
    const fields = CONTRACT_FUNCTIONS.flatMap((fn) => stringFields(CONTRACT[fn].input, fn));
    // Ids, turn ids, paths, player names and roll purposes, in every function that takes one.
    expect(fields.map((f) => f.path)).toEqual(expect.arrayContaining(['newGame.players.USA', 'openRecent.file', 'rollDie.purpose', 'recordLoss.unitId', 'history.turnId', 'attemptActivation.superiorsInRange[]']));
    for (const { path, schema } of fields) {
      for (const lone of ['\uD800', 'a\uDFFFb', 'end \uDBFF']) {
        const parsed = schema.safeParse(lone);
        expect(parsed.success, `${path} took ${JSON.stringify(lone)}`).toBe(false);
        expect(parsed.error?.issues[0]?.message, path).toMatch(/\w/);
      }
    }
  });

  it('stores what it hashes: player text is normalised (NFC) and trimmed; paths are kept exactly (RI-V04)', () => {
    const decomposed = '  Le\u0301on  ';
    expect(CONTRACT.rollDie.input.parse({ purpose: decomposed })).toEqual({ purpose: 'L\u00e9on' });
    expect(CONTRACT.newGame.input.parse({ scenario: 'gettysburg', players: { USA: decomposed } })).toMatchObject({ players: { USA: 'L\u00e9on' } });
    expect(CONTRACT.openRecent.input.parse({ file: '/games/Le\u0301on.muster' })).toEqual({ file: '/games/Le\u0301on.muster' });
    expect(CONTRACT.openRecent.input.safeParse({ file: '/games/a\u0000.muster' }).success).toBe(false);
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
    expect(ErrorInfoSchema.safeParse(refusal.error).success).toBe(true);
    expect(ErrorInfoSchema.safeParse({ ...refusal.error, stack: 'Error\n at x' }).success).toBe(false);
  });
});

/**
 * Every string a caller can send in an input schema, with its path: objects, arrays, optionals,
 * nullables, unions and records are walked; a pipe is walked on its input side (its output side only
 * ever sees what the input side produced).
 */
function stringFields(schema: z.ZodType, path: string): { path: string; schema: z.ZodType }[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (inner: unknown, at: string) => stringFields(inner as z.ZodType, at);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => walk(v, `${path}.${k}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return walk(def.innerType, path);
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'pipe':
      return walk(def.in, path);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => walk(o, path));
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    // Another function's input, carried whole (askJointDice.input): that function's own schema parses it,
    // and its text fields are walked here under its own name.
    case 'unknown':
    case 'undefined':
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
      return [];
    default:
      throw new Error(`${path}: a ${def.type} schema; teach stringFields to look inside it`);
  }
}
