/**
 * Adding a game function means writing its schema (contract/<domain>.ts) and its service function
 * (db/service/<domain>.ts), nothing else: this test adds one, `echoTurn`, to the game domain of both
 * (through vi.mock, exactly as a developer would add it to those two files), and shows it reaching
 * window.muster (the preload's channel table as the build derives it), the IPC handler, the browser
 * bridge and `cli call`, with the same refusals everywhere. (A function declared in the contract but
 * not implemented fails to compile at db/service/index.ts, which names it; see the satisfies there.)
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('../contract/game', async (importOriginal) => {
  const original = await importOriginal<typeof import('../contract/game')>();
  const { query, text } = await import('../contract/common');
  return {
    ...original,
    gameContract: {
      ...original.gameContract,
      echoTurn: query('Echoes a text with the turn it was asked in', z.strictObject({ text: text(40) }), z.object({ text: z.string(), turnId: z.string() })),
    },
  };
});

vi.mock('../db/service/game', async (importOriginal) => {
  const original = await importOriginal<typeof import('../db/service/game')>();
  const { readClock } = await import('../db/store');
  return {
    ...original,
    gameFunctions: {
      ...original.gameFunctions,
      echoTurn: (ctx: { db: Parameters<typeof readClock>[0] }, input: { text: string }) => ({ text: input.text, turnId: readClock(ctx.db).turn_id }),
    },
  };
});

const { CHANNELS, CONTRACT_FUNCTIONS, GAME_FUNCTIONS, QUERY_FUNCTIONS } = await import('../contract');
const { GameService } = await import('../db/service');
const { runCli } = await import('../db/cli');
const { registerIpc } = await import('../electron/ipc');
const { createHandlers } = await import('../electron/handlers');
const { createGameBackendFactory } = await import('../electron/game-backend');
const { RecentFilesStore } = await import('../electron/files');
const { PlayerChartsStore } = await import('../electron/charts');
const { FakeWebContents, fakeInvokeEvent, resetFake } = await import('../electron/test-support/fake-electron');
resetFake();
const { buildMusterApi } = await import('../electron/preload');
const { startBridge } = await import('../electron/bridge/server');
const { bridgeClientScript } = await import('../electron/bridge/client-script');
const viteConfig = (await import('../electron.vite.config')).default as { preload: { define: Record<string, string> } };
const { FIXTURE_SCENARIO } = await import('./fixtures/game');

vi.mock('electron', async () => (await import('../electron/test-support/fake-electron')).electronModule);

let dir: string;
let gameFile: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-extension-'));
  gameFile = join(dir, 'game.muster');
  GameService.create({ file: gameFile, scenario: FIXTURE_SCENARIO }).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const expected = { text: 'hello', turnId: '1863-07-01T0740' };

describe('a function added to the contract and the service', () => {
  it('is in the contract, with a channel derived from its domain, as a query', () => {
    expect(CONTRACT_FUNCTIONS).toContain('echoTurn');
    expect(GAME_FUNCTIONS).toContain('echoTurn');
    expect(QUERY_FUNCTIONS).toContain('echoTurn');
    expect((CHANNELS as Record<string, string>).echoTurn).toBe('game:echoTurn');
  });

  it('is a method of the game service, its input parsed by the contract', () => {
    const game = GameService.open(gameFile);
    try {
      const echo = (game as unknown as { echoTurn: (input: unknown) => unknown }).echoTurn.bind(game);
      expect(echo({ text: 'hello' })).toEqual(expected);
      expect(() => echo({ text: 'x'.repeat(41) })).toThrow(/at most 40 characters/);
    } finally {
      game.close();
    }
  });

  it('reaches window.muster: the preload build derives its channel table from the contract', () => {
    const channels = JSON.parse(viteConfig.preload.define.__MUSTER_CHANNELS__!) as Record<string, string>;
    expect(channels.echoTurn).toBe('game:echoTurn');
    const invoked: { channel: string; args: unknown[] }[] = [];
    const api = buildMusterApi({ invoke: async (channel: string, ...args: unknown[]) => void invoked.push({ channel, args }), on: () => undefined, removeListener: () => undefined } as never, channels);
    void (api.echoTurn as (input: unknown) => unknown)({ text: 'hello' });
    expect(invoked).toEqual([{ channel: 'game:echoTurn', args: [{ text: 'hello' }] }]);
    // The browser preview's window.muster is generated from the same list.
    expect(bridgeClientScript()).toContain('"echoTurn"');
  });

  it('is registered with IPC and answered by the open game', async () => {
    const file = join(dir, 'ipc.muster');
    copyFileSync(gameFile, file);
    const shell = createHandlers({
      backend: createGameBackendFactory(),
      dialogs: { chooseNewGameFile: async () => null, chooseGameToOpen: async () => null, chooseSaveAsFile: async () => null, reportFileError: async () => undefined },
      recent: new RecentFilesStore(join(dir, 'recent.json'), 'linux'),
      charts: new PlayerChartsStore(join(dir, 'player-charts.json')),
      appInfo: { name: 'Muster', version: '0', host: 'electron', platform: 'linux', versions: {} },
      scenarios: () => [],
      platform: 'linux',
    });
    try {
      expect(await shell.openFromShell(file)).not.toBeNull();
      const registered = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
      const window = new FakeWebContents();
      window.mainFrame = { url: 'app://muster/index.html', parent: null, frameTreeNodeId: 1 };
      registerIpc({ handle: (channel: string, handler: never) => void registered.set(channel, handler) } as never, shell, { validateOutput: true, trustedWebContents: () => window as never });
      const handler = registered.get('game:echoTurn')!;
      expect(await handler(fakeInvokeEvent(window), { text: 'hello' })).toEqual({ ok: true, value: expected });
      expect(await handler(fakeInvokeEvent(window), { text: 'hello', extra: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', field: 'extra' } });
    } finally {
      shell.shutdown();
    }
  });

  it('is served by the browser bridge', async () => {
    const file = join(dir, 'bridge.muster');
    copyFileSync(gameFile, file);
    const rendererRoot = join(dir, 'renderer');
    mkdirSync(rendererRoot, { recursive: true });
    writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const bridge = await startBridge({ dir: join(dir, 'games'), file, rendererRoot, log: () => undefined });
    try {
      const response = await fetch(`${bridge.origin}/__muster/call/echoTurn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-muster-token': bridge.token },
        body: JSON.stringify({ args: [{ text: 'hello' }] }),
      });
      expect(await response.json()).toEqual({ ok: true, value: expected });
    } finally {
      await bridge.close();
    }
  });

  it('is called by `cli call`, JSON out', () => {
    const result = runCli(['call', gameFile, 'echoTurn', '{"text":"hello"}']);
    expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(expected)}\n`, stderr: '' });
    expect(runCli(['functions']).stdout).toMatch(/^echoTurn +query +Echoes a text/m);
  });
});
