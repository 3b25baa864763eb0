// Every contract channel through the registered ipcMain handlers, on a real game file: forged senders
// are refused before anything runs; random and hostile arguments are refused with a typed error; and
// in every refused case the game is exactly as it was (roster, tally, turn state, leaders, events, dice).
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MusterError } from '../db/errors';
import {
  CHANNELS,
  CONTRACT,
  CONTRACT_FUNCTIONS as CHANNEL_FUNCTIONS,
  ERROR_CODES as IPC_ERROR_CODES,
  ErrorInfoSchema as IpcErrorSchema,
  MUSTER_ERROR_CODES,
  WRITE_FUNCTIONS,
  type CallResult as IpcResult,
  type ChannelHandlers,
  type ContractFunction as ChannelFunction,
} from '../contract';
import { PlayerChartsStore } from './charts';
import { RecentFilesStore } from './files';
import { createGameBackendFactory } from './game-backend';
import { createHandlers, type ShellHandlers } from './handlers';
import { registerIpc } from './ipc';
import { FakeWebContents, fakeInvokeEvent, type FakeFrame } from './test-support/fake-electron';
import { gameSnapshot, makeGameFile } from './test-support/games';

type Handler = (event: unknown, ...args: unknown[]) => Promise<IpcResult<unknown>>;

let dir: string;
let shell: ShellHandlers;
let calls: Map<ChannelFunction, number>;
const registered = new Map<string, Handler>();
const window = new FakeWebContents();
window.mainFrame = { url: 'app://muster/index.html', parent: null, frameTreeNodeId: 1 };
const trusted = () => fakeInvokeEvent(window);

/** Counts handler runs, so the tests can prove a refused call never reached the service. */
function counting(handlers: ChannelHandlers): ChannelHandlers {
  const wrapped = { ...handlers } as Record<string, (input: unknown) => unknown>;
  for (const fn of CHANNEL_FUNCTIONS) {
    const original = handlers[fn] as (input: unknown) => unknown;
    wrapped[fn] = (input: unknown) => {
      calls.set(fn, (calls.get(fn) ?? 0) + 1);
      return original(input);
    };
  }
  return wrapped as unknown as ChannelHandlers;
}

function invoke(fn: ChannelFunction, event: unknown, ...args: unknown[]): Promise<IpcResult<unknown>> {
  const handler = registered.get(CHANNELS[fn]);
  if (!handler) throw new Error(`${fn} is not registered`);
  return handler(event, ...args);
}

const snapshot = () => ({ file: shell.currentBackend()?.info().file, game: gameSnapshot(shell.currentBackend()!) });
const totalCalls = () => [...calls.values()].reduce((a, b) => a + b, 0);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'muster-ipc-'));
  const file = makeGameFile(dir);
  shell = createHandlers({
    backend: createGameBackendFactory(),
    dialogs: {
      chooseNewGameFile: async () => null,
      chooseGameToOpen: async () => null,
      chooseSaveAsFile: async () => null,
      reportFileError: async () => undefined,
    },
    recent: new RecentFilesStore(join(dir, 'recent-files.json'), 'linux'),
    charts: new PlayerChartsStore(join(dir, 'player-charts.json')),
    appInfo: { name: 'Muster', version: '0.1.0', host: 'electron', platform: 'linux', versions: {} },
    scenarios: () => [],
    platform: 'linux',
  });
  expect(await shell.openFromShell(file)).not.toBeNull();
  calls = new Map();
  registerIpc({ handle: (channel: string, handler: Handler) => void registered.set(channel, handler) } as never, counting(shell), {
    validateOutput: true,
    trustedWebContents: () => window as never,
  });
});

afterAll(() => {
  shell.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

function expectTypedRefusal(result: IpcResult<unknown>, codes: readonly string[] = IPC_ERROR_CODES): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(IpcErrorSchema.safeParse(result.error).success).toBe(true);
  expect(codes).toContain(result.error.code);
  // Never a stack trace or an exception object across the boundary.
  expect(JSON.stringify(result)).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
  expect(Object.keys(result).sort()).toEqual(['error', 'ok']);
}

describe('registration', () => {
  it('registers every channel of the contract exactly once', () => {
    expect([...registered.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
  });
});

describe('forged senders are refused before anything runs', () => {
  const appUrl = 'app://muster/index.html';
  const other = new FakeWebContents();
  other.mainFrame = { url: appUrl, parent: null, frameTreeNodeId: 7 };
  const subframe: FakeFrame = { url: appUrl, parent: window.mainFrame, frameTreeNodeId: 2 };
  const forged: [string, () => unknown][] = [
    ['another origin in the main frame', () => fakeInvokeEvent(window, { url: 'https://evil.example/', parent: null, frameTreeNodeId: 1 })],
    ['a look-alike host', () => fakeInvokeEvent(window, { url: 'app://muster.evil/index.html', parent: null, frameTreeNodeId: 1 })],
    ['a file: page', () => fakeInvokeEvent(window, { url: 'file:///tmp/attack.html', parent: null, frameTreeNodeId: 1 })],
    ['a subframe of our own origin', () => fakeInvokeEvent(window, subframe)],
    ['a subframe of another origin', () => fakeInvokeEvent(window, { url: 'https://ads.example/', parent: window.mainFrame, frameTreeNodeId: 3 })],
    ['a frame that is gone', () => fakeInvokeEvent(window, null)],
    ['another webContents showing our page', () => fakeInvokeEvent(other)],
  ];

  it.each(forged)('%s: every channel answers FORBIDDEN_SENDER and nothing runs', async (_what, event) => {
    const before = snapshot();
    const ran = totalCalls();
    for (const fn of CHANNEL_FUNCTIONS) {
      const result = await invoke(fn, event(), { unitId: '2-wi', sp: 1 });
      expectTypedRefusal(result, ['FORBIDDEN_SENDER']);
    }
    expect(totalCalls()).toBe(ran);
    expect(snapshot()).toEqual(before);
  });
});

describe('the trusted window', () => {
  it('records a loss and undoes it, with results that match the contract', async () => {
    const before = snapshot();
    const loss = await invoke('recordLoss', trusted(), { unitId: '2-wi', sp: 2 });
    expect(loss.ok).toBe(true);
    const roster = await invoke('roster', trusted());
    expect(roster.ok && (roster.value as { id: string; spLost: number }[]).find((u) => u.id === '2-wi')?.spLost).toBe(2);
    const undo = await invoke('undo', trusted());
    expect(undo.ok).toBe(true);
    expect(snapshot().game.roster).toEqual(before.game.roster);
  });

  it("parses a call's input once, at the contract: the service runs what dispatch parsed, and a refusal never reaches it", async () => {
    const schema = CONTRACT.recordLoss.input;
    const spies = (['parse', 'safeParse', 'parseAsync', 'safeParseAsync'] as const).map((m) => vi.spyOn(schema, m));
    const parses = () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
    try {
      const ran = calls.get('recordLoss') ?? 0;
      const loss = await invoke('recordLoss', trusted(), { unitId: '2-wi', sp: 1 });
      expect(loss.ok).toBe(true);
      expect(parses()).toBe(1);
      const refused = await invoke('recordLoss', trusted(), { unitId: '2-wi', sp: 99 });
      expectTypedRefusal(refused, ['INVALID_ARGUMENT']);
      expect(parses()).toBe(2);
      expect(calls.get('recordLoss')).toBe(ran + 1);
      expect((await invoke('undo', trusted())).ok).toBe(true);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it('names the field of a refused input', async () => {
    const result = await invoke('recordLoss', trusted(), { unitId: '2-wi', sp: 1.5 });
    expectTypedRefusal(result, ['INVALID_ARGUMENT']);
    expect(!result.ok && result.error.field).toBe('sp');
    const extra = await invoke('recordLoss', trusted(), { unitId: '2-wi', sp: 1, isAdmin: true });
    expect(!extra.ok && extra.error.field).toBe('isAdmin');
  });

  it('lets through every argument the service takes: the pre-roll without armyCommanderOnMap reaches the service', async () => {
    // The service looks the army commander up when the field is left out; the contract used to require it.
    // db/service/index.ts checks every function this way at compile time (SERVICE_FUNCTIONS satisfies ServiceFunctions).
    expect(CONTRACT.orderPreRoll.input.safeParse({ side: 'USA' }).success).toBe(true);
    const before = snapshot();
    const result = await invoke('orderPreRoll', trusted(), { side: 'USA', roll: 0 });
    // Refused by the service itself (the game is not at I.B), not by the contract.
    expectTypedRefusal(result, ['RULES_FORBID']);
    expect(!result.ok && result.error).toMatchObject({ field: 'side', rule: 'Rev. Non-Automatic Order Change Attempts' });
    expect(snapshot()).toEqual(before);
  });

  it('takes a command or a single unit for an activation, never both or neither', () => {
    for (const fn of ['attemptActivation', 'activateRe'] as const) {
      const schema = CONTRACT[fn].input;
      expect(schema.safeParse({ commandId: 'iron' }).success).toBe(true);
      expect(schema.safeParse({ unitId: '2-wi' }).success).toBe(true);
      expect(schema.safeParse({ commandId: 'iron', unitId: '2-wi' }).success).toBe(false);
      expect(schema.safeParse({}).success).toBe(false);
    }
  });

  it('passes the service’s own refusals through with their field and rule', async () => {
    const before = snapshot();
    const result = await invoke('recordLoss', trusted(), { unitId: '2-wi', sp: 40 });
    expectTypedRefusal(result, MUSTER_ERROR_CODES);
    expect(!result.ok && result.error.field).toBe('sp');
    expect(snapshot()).toEqual(before);
  });
});

describe('random and hostile arguments to every channel', () => {
  const hostileValue = fc.anything({
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
    withBoxedValues: true,
    withSparseArray: true,
    maxDepth: 3,
  });
  const nasty: unknown[] = [
    null,
    0,
    -1,
    Number.NaN,
    Infinity,
    '',
    'x'.repeat(100_000),
    [],
    {},
    { __proto__: { unitId: '2-wi', sp: 1 } },
    JSON.parse('{"__proto__": {"polluted": true}, "unitId": "2-wi", "sp": 1}'),
    { constructor: { prototype: { polluted: true } } },
    { unitId: "2-wi'; DROP TABLE units; --", sp: 1 },
    { unitId: '../../etc/passwd', sp: 1 },
    { file: '/etc/passwd' },
    { scenario: '../../../../etc/passwd' },
    { scenario: '/tmp/evil.json' },
    { unitId: '2-wi', sp: 1e308 },
    { unitId: '2-wi', sp: -0.5 },
    { roll: 10 },
    { side: 'UNION' },
    new Date(0),
    new Map([['unitId', '2-wi']]),
    new Uint8Array(16),
    10n,
    true,
  ];

  /** Arguments the channel's schema refuses (an argument list it accepts is not hostile). */
  const refusedArgs = (fn: ChannelFunction, args: unknown[]) => args.length > 1 || !CONTRACT[fn].input.safeParse(args[0]).success;

  it('every channel refuses a fixed set of nasty values without running its handler', async () => {
    const before = snapshot();
    const ran = totalCalls();
    for (const fn of CHANNEL_FUNCTIONS) {
      for (const value of nasty) {
        if (!refusedArgs(fn, [value])) continue;
        expectTypedRefusal(await invoke(fn, trusted(), value), ['INVALID_ARGUMENT']);
      }
      expectTypedRefusal(await invoke(fn, trusted(), undefined, 'a second argument'), ['INVALID_ARGUMENT']);
    }
    expect(totalCalls()).toBe(ran);
    expect(snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('property: any argument list a channel’s schema refuses is refused with INVALID_ARGUMENT, and the game is unchanged', async () => {
    const before = snapshot();
    const ran = totalCalls();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHANNEL_FUNCTIONS),
        fc.array(hostileValue, { maxLength: 3 }),
        async (fn, args) => {
          fc.pre(refusedArgs(fn, args));
          const result = await invoke(fn, trusted(), ...args);
          expectTypedRefusal(result, ['INVALID_ARGUMENT']);
          expect(!result.ok && typeof result.error.field).toBe('string');
          expect(totalCalls()).toBe(ran);
        },
      ),
      { numRuns: 1500 },
    );
    expect(snapshot()).toEqual(before);
  });

  // Schema-valid inputs whose ids name nothing in this game: the service refuses each with its own typed
  // error (never INTERNAL) and records nothing.
  const knownIds = new Set([
    ...['2-wi', '6-wi', '7-wi', '19-in', '24-mi', '76-ny', '147-ny', 'hall-me', '8-il-cav', '8-ny-cav', '1-tn', '7-tn', '13-al', '2-ms', '42-ms', '55-nc', 'crenshaw', 'marye'],
    ...['usa-army', 'usa-i', 'usa-i-1', 'iron', 'cutler', 'usa-i-art', 'usa-cav', 'gamble', 'csa-army', 'csa-iii', 'heth-div', 'archer', 'davis', 'pegram'],
    ...['meade', 'reynolds', 'wadsworth', 'meredith', 'cutler-l', 'wainwright', 'buford', 'gamble-l', 'lee', 'hill', 'heth', 'archer-l', 'davis-l', 'pegram-l'],
    ...['cutler-arrives', 'davis-arrives'],
    ...['seminary-ridge', 'mcpherson-ridge'],
  ]);
  const unknownId = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/).filter((id) => !knownIds.has(id));
  const samples: [ChannelFunction, (id: string) => unknown][] = [
    ['editLeader', (id) => ({ leaderId: id, rating: 3 })],
    ['editUnit', (id) => ({ unitId: id, sp: 5 })],
    ['recordLoss', (id) => ({ unitId: id, sp: 1 })],
    ['recordLoss', (id) => ({ unitId: id, sp: 1, straggler: true, cause: 'shock' })],
    ['setFatigue', (id) => ({ unitId: id, level: 1 })],
    ['setStatus', (id) => ({ unitId: id, status: 'disordered' })],
    ['setUnitFlags', (id) => ({ unitId: id, outOfAmmo: true })],
    ['designateSkirmishers', (id) => ({ unitId: id })],
    ['recallSkirmishers', (id) => ({ commandId: id })],
    ['setOrders', (id) => ({ commandId: id, order: 'HOLD' })],
    ['setOrders', (id) => ({ unitId: id, order: 'SKPD' })],
    ['attemptOrderChange', (id) => ({ commandId: id, order: 'HOLD', roll: 0 })],
    ['attemptActivation', (id) => ({ commandId: id, roll: 0 })],
    ['activateRe', (id) => ({ commandId: id })],
    ['attemptActivation', (id) => ({ unitId: id, roll: 0 })],
    ['activateRe', (id) => ({ unitId: id })],
    ['setObjective', (id) => ({ side: 'USA', objectiveId: id, occupied: true })],
    ['setObjective', (id) => ({ side: 'CSA', objectiveId: id, occupied: false })],
    ['leaderCasualty', (id) => ({ leaderId: id, roll: 0 })],
    ['leaderCaptured', (id) => ({ leaderId: id })],
    ['replaceLeader', (id) => ({ leaderId: id, rating: 2 })],
    ['leaderArrives', (id) => ({ leaderId: id })],
    ['chooseUsSuccessor', (id) => ({ leaderId: id })],
    ['resolveAbandonedGuns', (id) => ({ unitId: id, outcome: 'returned' })],
    ['captureGuns', (id) => ({ unitId: id, sp: 1 })],
    ['setCommandMarkers', (id) => ({ commandId: id, rsm: true })],
    ['attachCommand', (id) => ({ commandId: id, toCommandId: 'iron' })],
    ['attachCommand', (id) => ({ commandId: 'iron', toCommandId: id })],
    ['attemptReinforcement', (id) => ({ side: 'USA', groupId: id, roll: 0 })],
    ['arriveReinforcement', (id) => ({ side: 'USA', groupId: id })],
    ['openRecent', (id) => ({ file: `/tmp/${id}.muster` })],
    ['removeRecentFile', (id) => ({ file: `/tmp/${id}.muster` })],
  ];

  it('property: well-formed requests naming units, leaders, commands or groups that do not exist change nothing', async () => {
    const before = snapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...samples), unknownId, async ([fn, make], id) => {
        const input = make(id);
        expect(CONTRACT[fn].input.safeParse(input).success).toBe(true);
        const result = await invoke(fn, trusted(), input);
        if (fn === 'removeRecentFile') {
          expect(result.ok).toBe(true);
          return;
        }
        expectTypedRefusal(result, [...MUSTER_ERROR_CODES, 'NO_GAME']);
        expect(!result.ok && result.error.code).not.toBe('INTERNAL');
      }),
      { numRuns: 400 },
    );
    expect(snapshot()).toEqual(before);
  });

  // Strings a schema may well accept: control characters, right-to-left and zero-width marks, lone
  // surrogates, combining marks, 64 KB of text. Each call is accepted or refused with a typed error (never
  // INTERNAL); after every accepted write the game still verifies (integrity, event log, dice hash chain:
  // what was stored is what was hashed), and the write is undone again.
  const hostileChar = fc.oneof(
    fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u0000', '\u0007', '\u001b[31m', '\r\n', '\t', '\u0085', '\u2028'),
    fc.constantFrom('\u200F', '\u202E', '\u2066', '\u200B', '\u200D', '\uFEFF', 'e\u0301', '\u0301', '\uFFFD', '\uFFFF', '\u{1F1FA}\u{1F1F8}', '\u{10FFFF}'),
    fc.constantFrom("'", '"', '\\', '%', '_', '--', ';', '</script>', '${x}', ' '),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }),
  );
  const hostileString = fc.oneof(
    { weight: 5, arbitrary: fc.array(hostileChar, { minLength: 1, maxLength: 30 }).map((parts) => parts.join('')) },
    { weight: 1, arbitrary: fc.tuple(hostileChar, fc.constantFrom(65_536, 200, 201)).map(([c, n]) => c.repeat(Math.ceil(n / c.length)).slice(0, n)) },
  );
  const textInputs: [ChannelFunction, (s: string) => unknown][] = [
    ['rollDie', (s) => ({ purpose: s })],
    ['rollDie', (s) => ({ purpose: `morale ${s} check`, roll: 3 })],
    ['recordLoss', (s) => ({ unitId: s, sp: 1 })],
    ['setOrders', (s) => ({ commandId: s, order: 'HOLD' })],
    ['history', (s) => ({ turnId: s })],
    ['roster', (s) => ({ commandId: s })],
    ['openRecent', (s) => ({ file: s })],
    ['removeRecentFile', (s) => ({ file: s })],
  ];

  it('property: hostile strings are accepted or refused with a typed error, and every accepted write leaves a game that verifies', async () => {
    const before = snapshot();
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...textInputs), hostileString, async ([fn, make], text) => {
        const input = make(text);
        const result = await invoke(fn, trusted(), input);
        if (!result.ok) {
          expectTypedRefusal(result, [...MUSTER_ERROR_CODES, 'NO_GAME']);
          expect(result.error.code).not.toBe('INTERNAL');
          // A schema that takes the value lets it reach the service; only one that refuses it says INVALID_ARGUMENT first.
          if (!CONTRACT[fn].input.safeParse(input).success) expect(result.error.code).toBe('INVALID_ARGUMENT');
          return;
        }
        if (!(WRITE_FUNCTIONS as readonly string[]).includes(fn)) return;
        accepted += 1;
        const verified = await invoke('verify', trusted());
        expect(verified).toMatchObject({ ok: true, value: { ok: true } });
        if (fn === 'rollDie') {
          // Stored as the contract normalised it (NFC, trimmed), and read back the same.
          const stored = (result.value as { dice: { purpose: string }[] }).dice[0]!.purpose;
          expect(stored).toBe((input as { purpose: string }).purpose.normalize('NFC').trim());
          const log = await invoke('diceLog', trusted(), { limit: 1 });
          expect(log.ok && (log.value as { purpose: string }[])[0]!.purpose).toBe(stored);
        }
        expect((await invoke('undo', trusted())).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(0);
    const after = snapshot();
    // Accepted writes were undone: the game is as it was, apart from the undone events and their rolls kept in the logs.
    expect({ ...after.game, eventCount: 0, dice: 0, history: 0 }).toEqual({ ...before.game, eventCount: 0, dice: 0, history: 0 });
    expect((await invoke('verify', trusted())).ok).toBe(true);
  });
});

describe('what crosses the boundary when a handler fails', () => {
  const failing = (impl: (input: unknown) => unknown) => {
    const handlers = { ...shell, recordLoss: impl, roster: impl } as unknown as ChannelHandlers;
    const map = new Map<string, Handler>();
    registerIpc({ handle: (channel: string, handler: Handler) => void map.set(channel, handler) } as never, handlers, {
      validateOutput: true,
      trustedWebContents: () => window as never,
    });
    return (fn: ChannelFunction, ...args: unknown[]) => map.get(CHANNELS[fn])!(trusted(), ...args);
  };

  it('a bug becomes INTERNAL with no stack trace or message details', async () => {
    const call = failing(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'sp') at /work/main/db/service.ts:123:4");
    });
    const result = await call('recordLoss', { unitId: '2-wi', sp: 1 });
    expectTypedRefusal(result, ['INTERNAL']);
    expect(!result.ok && result.error.message).not.toMatch(/Cannot read|service\.ts/);
  });

  it('a MusterError keeps its code, field and rule', async () => {
    const call = failing(() => {
      throw new MusterError('RULES_FORBID', 'order', 'an ineffective command cannot be given ME orders', 'Rev. Orders Segment');
    });
    const result = await call('recordLoss', { unitId: '2-wi', sp: 1 });
    expect(result).toEqual({
      ok: false,
      error: { code: 'RULES_FORBID', field: 'order', rule: 'Rev. Orders Segment', message: 'order: an ineffective command cannot be given ME orders (Rev. Orders Segment)' },
    });
  });

  it('in development builds, a result outside the contract is caught as INTERNAL', async () => {
    const call = failing(() => [{ id: '2-wi', sp: 'six' }]);
    expectTypedRefusal(await call('roster'), ['INTERNAL']);
  });
});
