/**
 * One way in: IPC, the browser bridge and `cli call` all go through db/dispatch.ts, so the same hostile
 * input is refused by all three with the same code, field and message, and none of them changes its game
 * file. Three byte-identical copies of one game, one per way in; fast-check sends JSON-shaped inputs
 * (the command line can only send JSON) that the contract refuses, and well-formed ones the service's
 * domain checks refuse.
 */
import fc from 'fast-check';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS, CONTRACT, GAME_FUNCTIONS, type CallResult, type ErrorInfo, type GameFunction } from '../contract';
import { runCli } from '../db/cli';
import { GameService } from '../db/service';
import { startBridge, type Bridge } from '../electron/bridge/server';
import { RecentFilesStore } from '../electron/files';
import { PlayerChartsStore } from '../electron/charts';
import { createGameBackendFactory } from '../electron/game-backend';
import { createHandlers, type ShellHandlers } from '../electron/handlers';
import { registerIpc } from '../electron/ipc';
import { FakeWebContents, fakeInvokeEvent } from '../electron/test-support/fake-electron';
import { FIXTURE_SCENARIO, fileHash } from './fixtures/game';

vi.mock('electron', async () => (await import('../electron/test-support/fake-electron')).electronModule);

let dir: string;
const files = { ipc: '', bridge: '', cli: '' };
let shell: ShellHandlers;
let bridge: Bridge;
const registered = new Map<string, (event: unknown, ...args: unknown[]) => Promise<CallResult<unknown>>>();
const window = new FakeWebContents();
window.mainFrame = { url: 'app://muster/index.html', parent: null, frameTreeNodeId: 1 };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'muster-one-way-in-'));
  const original = join(dir, 'original.muster');
  GameService.create({ file: original, scenario: FIXTURE_SCENARIO }, { seed: 7 }).close();
  for (const way of ['ipc', 'bridge', 'cli'] as const) {
    files[way] = join(dir, `${way}.muster`);
    copyFileSync(original, files[way]);
  }
  shell = createHandlers({
    backend: createGameBackendFactory(),
    dialogs: { chooseNewGameFile: async () => null, chooseGameToOpen: async () => null, chooseSaveAsFile: async () => null, reportFileError: async () => undefined },
    recent: new RecentFilesStore(join(dir, 'recent.json'), 'linux'),
    charts: new PlayerChartsStore(join(dir, 'player-charts.json')),
    appInfo: { name: 'Muster', version: '0', host: 'electron', platform: 'linux', versions: {} },
    scenarios: () => [],
    platform: 'linux',
  });
  expect(await shell.openFromShell(files.ipc)).not.toBeNull();
  registerIpc({ handle: (channel: string, handler: never) => void registered.set(channel, handler) } as never, shell, { validateOutput: true, trustedWebContents: () => window as never });
  const rendererRoot = join(dir, 'renderer');
  mkdirSync(rendererRoot, { recursive: true });
  writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  bridge = await startBridge({ dir: join(dir, 'games'), file: files.bridge, rendererRoot, log: () => undefined });
});

afterAll(async () => {
  shell.shutdown();
  await bridge.close();
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { ok: true } | { ok: false; error: Pick<ErrorInfo, 'code' | 'field' | 'message'> };

const refusal = (r: CallResult<unknown>): Outcome => (r.ok ? { ok: true } : { ok: false, error: { code: r.error.code, field: r.error.field, message: r.error.message } });

async function viaIpc(fn: GameFunction, input: unknown): Promise<Outcome> {
  return refusal(await registered.get(CHANNELS[fn])!(fakeInvokeEvent(window), input));
}

async function viaBridge(fn: GameFunction, input: unknown): Promise<Outcome> {
  const response = await fetch(`${bridge.origin}/__muster/call/${fn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-muster-token': bridge.token },
    body: JSON.stringify({ args: input === undefined ? [] : [input] }),
  });
  return refusal((await response.json()) as CallResult<unknown>);
}

/** The CLI prints the message alone; code and field are what the other two ways said (compared by message). */
function viaCli(fn: GameFunction, input: unknown): { ok: boolean; message?: string } {
  const r = runCli(['call', files.cli, fn, ...(input === undefined ? [] : [JSON.stringify(input)])]);
  if (r.code === 0) return { ok: true };
  expect(r.code, r.stderr).toBe(1);
  expect(r.stdout).toBe('');
  return { ok: false, message: r.stderr.replace(/^error: /, '').replace(/\n$/, '') };
}

const hashes = () => ({ ipc: fileHash(files.ipc), bridge: fileHash(files.bridge), cli: fileHash(files.cli) });

/** Inputs a game function's schema refuses: wrong shapes, unknown keys, hostile strings, out-of-range numbers. */
const hostileText = fc.constantFrom('\uD800', 'a\uDC00b', '\u202Eevil', '\u0000\u0007', 'x'.repeat(70_000), '', ' ');
const hostileValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileText, fc.constantFrom(-1, 41, 1.5, 1e308, -0, null));
const arbitraryInput = (fn: GameFunction) =>
  fc
    .oneof(
      hostileValue,
      fc.dictionary(fc.constantFrom('unitId', 'commandId', 'leaderId', 'sp', 'roll', 'side', 'order', 'purpose', 'level', 'status', 'smuggled'), hostileValue, { maxKeys: 4 }),
    )
    .filter((input) => !CONTRACT[fn].input.safeParse(input).success);

describe('IPC, the bridge and the command line refuse alike', () => {
  it('inputs the contract refuses: same code, field and message everywhere, and no file changes', async () => {
    const before = hashes();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GAME_FUNCTIONS).chain((fn) => fc.tuple(fc.constant(fn), arbitraryInput(fn))),
        async ([fn, input]) => {
          const ipc = await viaIpc(fn, input);
          const viaHttp = await viaBridge(fn, input);
          const cli = viaCli(fn, input);
          expect(ipc.ok).toBe(false);
          expect(viaHttp).toEqual(ipc);
          expect(cli).toEqual({ ok: false, message: ipc.ok ? undefined : ipc.error.message });
        },
      ),
      { numRuns: 150, seed: 20261123 },
    );
    expect(hashes()).toEqual(before);
  });

  it('inputs the service refuses for the rules or the game state: the same everywhere, and no file changes', async () => {
    const before = hashes();
    const cases: [GameFunction, unknown][] = [
      ['recordLoss', { unitId: 'nobody', sp: 1 }],
      ['recordLoss', { unitId: '2-wi', sp: 7 }],
      ['recordLoss', { unitId: 'hall-me', sp: 1, straggler: true }],
      ['attemptActivation', { commandId: 'iron', roll: 3 }],
      ['pass', { side: 'USA' }],
      ['redo', undefined],
      ['undo', undefined],
      ['setOrders', { commandId: 'iron', order: null }],
      ['editLeader', { leaderId: 'no-such-leader', rating: 3 }],
    ];
    for (const [fn, input] of cases) {
      const ipc = await viaIpc(fn, input);
      expect(ipc.ok, `${fn} ${JSON.stringify(input)}`).toBe(false);
      expect(await viaBridge(fn, input)).toEqual(ipc);
      expect(viaCli(fn, input)).toEqual({ ok: false, message: ipc.ok ? undefined : ipc.error.message });
    }
    expect(hashes()).toEqual(before);
  });
});
