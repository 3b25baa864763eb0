// The preload exposes window.muster: exactly one function per contract channel and one subscription per
// event, each bound to its own channel; nothing generic, and the page never sees ipcRenderer or an event.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, CONTRACT, CONTRACT_FUNCTIONS, EVENTS, EVENT_FUNCTIONS } from '../contract';
import { fake, resetFake } from './test-support/fake-electron';

vi.mock('electron', async () => (await import('./test-support/fake-electron')).electronModule);

async function loadPreload(): Promise<Record<string, (...args: unknown[]) => unknown>> {
  vi.resetModules();
  await import('./preload');
  const api = fake.state.exposed.get('muster');
  if (!api) throw new Error('preload exposed nothing as muster');
  return api as Record<string, (...args: unknown[]) => unknown>;
}

describe('window.muster', () => {
  beforeEach(() => resetFake());

  it('is exposed under exactly one key, "muster"', async () => {
    await loadPreload();
    expect([...fake.state.exposed.keys()]).toEqual(['muster']);
  });

  it('has one function per contract channel and one per event, and nothing else', async () => {
    const api = await loadPreload();
    expect(Object.keys(api).sort()).toEqual([...CONTRACT_FUNCTIONS, ...EVENT_FUNCTIONS].sort());
    expect(Object.keys(CONTRACT).sort()).toEqual([...CONTRACT_FUNCTIONS].sort());
    for (const key of Object.keys(api)) expect(typeof api[key]).toBe('function');
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('send');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('sends each function to its own channel with exactly one argument', async () => {
    const api = await loadPreload();
    for (const fn of CONTRACT_FUNCTIONS) {
      fake.state.invoked.length = 0;
      await api[fn]!({ probe: fn }, 'extra argument dropped');
      expect(fake.state.invoked).toEqual([{ channel: CHANNELS[fn], args: [{ probe: fn }] }]);
    }
  });

  it('sends undefined when called without an argument', async () => {
    const api = await loadPreload();
    await api.info!();
    expect(fake.state.invoked).toEqual([{ channel: CHANNELS.info, args: [undefined] }]);
  });

  it('channel names are unique', () => {
    expect(new Set(Object.values(CHANNELS)).size).toBe(CONTRACT_FUNCTIONS.length);
  });

  it('event subscriptions pass only the payload, and unsubscribe', async () => {
    const api = await loadPreload();
    const seen: unknown[] = [];
    const unsubscribe = api.onGameChanged!((payload: unknown) => seen.push(payload)) as () => void;
    const listeners = fake.state.rendererListeners.get(EVENTS.onGameChanged) ?? [];
    expect(listeners).toHaveLength(1);
    listeners[0]!({ sender: 'the IPC event stays in the preload' }, { game: null, reason: 'closed' });
    expect(seen).toEqual([{ game: null, reason: 'closed' }]);
    unsubscribe();
    expect(fake.state.rendererListeners.get(EVENTS.onGameChanged)).toHaveLength(0);
  });

  it('refuses a subscription without a function', async () => {
    const api = await loadPreload();
    expect(() => api.onMenuCommand!('not a function')).toThrow(TypeError);
  });
});

describe('a file dropped on the window', () => {
  type DropListener = (event: { dataTransfer?: { files?: ArrayLike<File> } | null; preventDefault(): void }) => void;
  function page() {
    const listeners: { listener: DropListener; capture: boolean }[] = [];
    return { listeners, addEventListener: (_type: 'drop', listener: DropListener, capture: boolean) => void listeners.push({ listener, capture }) };
  }
  const drop = (target: ReturnType<typeof page>, paths: string[]) => {
    const event = { dataTransfer: { files: paths.map((p) => ({ name: p, path: p }) as unknown as File) }, prevented: false, preventDefault() { this.prevented = true; } };
    for (const { listener } of target.listeners) listener(event);
    return event;
  };

  it('a .muster game is opened through openDroppedFile with the path the system gives (before the page sees the drop)', async () => {
    const { openDroppedGames } = await import('./preload');
    const target = page();
    const invoked: unknown[][] = [];
    openDroppedGames(target, { invoke: async (...args: unknown[]) => void invoked.push(args) } as never, (f) => (f as unknown as { path: string }).path);
    expect(target.listeners.map((l) => l.capture)).toEqual([true]);
    const event = drop(target, ['/games/Day two.muster']);
    expect(invoked).toEqual([[CHANNELS.openDroppedFile, { file: '/games/Day two.muster' }]]);
    expect(event.prevented).toBe(true);
  });

  it('anything else (another kind of file, no file, a file with no path) is left to the page', async () => {
    const { openDroppedGames } = await import('./preload');
    const target = page();
    const invoked: unknown[][] = [];
    openDroppedGames(target, { invoke: async (...args: unknown[]) => void invoked.push(args) } as never, (f) => (f as unknown as { path: string }).path);
    expect(drop(target, ['/games/notes.txt']).prevented).toBe(false);
    expect(drop(target, []).prevented).toBe(false);
    expect(drop(target, ['']).prevented).toBe(false);
    expect(invoked).toEqual([]);
  });
});
