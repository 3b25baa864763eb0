/**
 * The History store on a long game: the newest events and rolls arrive in one small call each (the
 * screen paints them), the rest page by page behind them; the turn and side filters answer from what
 * is loaded, using the side the service gives each event; a change while pages are still coming starts
 * over, and the pages of the old load are dropped. Run against a fake window.muster of 12,345 events.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './app';
import { useHistoryStore } from './history';

const EVENTS = 12_345;
/** Every 3rd event rolled a die; sides cycle USA, CSA, both, game; ten turns of events. */
function entry(seq: number) {
  return {
    seq,
    at: '',
    turnId: `1863-07-01T${String(800 + Math.floor((seq - 1) / 1235)).padStart(4, '0')}`,
    segment: 'III',
    phase: 'A',
    kind: 'fatigue',
    secretSide: null,
    summary: `event ${seq}`,
    undone: false,
    side: (['USA', 'CSA', 'both', 'game'] as const)[seq % 4],
    changes: [],
    diceSeqs: seq % 3 === 0 ? [seq / 3] : [],
  };
}
const die = (seq: number) => ({ seq, at: '', eventSeq: seq * 3, eventUndone: false, purpose: 'fire', source: 'table', roll: seq % 10, modifiers: { total: 0, items: [] }, modified: seq % 10, target: null, outcome: 'hit', hash: 'x' });

function fakeMuster() {
  const calls: { fn: string; input: Record<string, number | boolean | undefined> }[] = [];
  let revisionEvents = EVENTS;
  const page = <T>(all: (seq: number) => T, count: number, input: { beforeSeq?: number; limit?: number }) => {
    const top = Math.min(count, (input.beforeSeq ?? count + 1) - 1);
    const limit = input.limit ?? 200;
    return Array.from({ length: Math.max(0, Math.min(limit, top)) }, (_, i) => all(top - i));
  };
  const values: Record<string, (input: never) => unknown> = {
    appInfo: () => ({ host: 'browser' }),
    recentFiles: () => [],
    currentGame: () => ({ file: '/games/long.muster', scenarioName: 'Long', eventCount: revisionEvents, canUndo: true, canRedo: false, clock: { turnId: '1863-07-01T0800' }, fingerprint: 'abcdefabcdef' }),
    history: (input: { beforeSeq?: number; limit?: number }) => page(entry, revisionEvents, input),
    diceLog: (input: { beforeSeq?: number; limit?: number }) => page(die, Math.floor(revisionEvents / 3), input),
  };
  const muster: Record<string, unknown> = { onGameChanged: () => () => undefined, onMenuCommand: () => () => undefined };
  for (const [fn, value] of Object.entries(values)) {
    muster[fn] = async (input: Record<string, number | boolean | undefined> = {}) => {
      calls.push({ fn, input });
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { ok: true, value: value(input as never) };
    };
  }
  return { muster, calls, addEvent: () => (revisionEvents += 1) };
}

let fake: ReturnType<typeof fakeMuster>;
beforeEach(() => {
  fake = fakeMuster();
  vi.stubGlobal('window', { muster: fake.muster });
  setActivePinia(createPinia());
});
afterEach(() => vi.unstubAllGlobals());

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(done()).toBe(true);
};

describe('the History store on a long game', () => {
  it('paints from one small call for events and one for rolls, then loads the rest page by page behind it', async () => {
    const app = useAppStore();
    const history = useHistoryStore();
    await app.boot();
    await history.ensureLoaded();
    // What the first paint has: the newest 60 events, the newest 60 rolls.
    expect(history.entries.map((e) => e.seq).slice(0, 3)).toEqual([EVENTS, EVENTS - 1, EVENTS - 2]);
    expect(history.entries.length).toBeLessThanOrEqual(60);
    expect(fake.calls.filter((c) => c.fn === 'history')[0]!.input).toEqual({ includeUndone: true, withChanges: false, limit: 60 });
    expect(history.diceOf(history.entries.find((e) => e.diceSeqs.length > 0)!)).toHaveLength(1);
    await until(() => history.complete);
    expect(history.entries).toHaveLength(EVENTS);
    expect(history.entries.at(-1)!.seq).toBe(1);
    expect(history.dice.size).toBe(Math.floor(EVENTS / 3));
    // Pages of the contract's largest size, each before the oldest loaded so far, never a repeat.
    const pages = fake.calls.filter((c) => c.fn === 'history').slice(1);
    expect(pages.map((c) => [c.input.limit, c.input.beforeSeq])).toEqual([[5000, EVENTS - 59], [5000, EVENTS - 5059], [5000, EVENTS - 10059]]);
  });

  it('filters by turn and side from what is loaded, using the side the service gives each event', async () => {
    const app = useAppStore();
    const history = useHistoryStore();
    await app.boot();
    await history.ensureLoaded();
    await until(() => history.complete);
    history.sideFilter = 'CSA';
    expect(history.filtered.every((e) => e.side === 'CSA' || e.side === 'both')).toBe(true);
    expect(history.filtered).toHaveLength(history.entries.filter((e) => e.side === 'CSA' || e.side === 'both').length);
    history.turnFilter = '1863-07-01T0801';
    expect(history.filtered.map((e) => e.turnId)).toEqual(Array(history.filtered.length).fill('1863-07-01T0801'));
    expect(history.turns).toHaveLength(10);
  });

  it('starts over when the game changes while older pages are coming, dropping the old load’s pages', async () => {
    const app = useAppStore();
    const history = useHistoryStore();
    await app.boot();
    await history.ensureLoaded();
    fake.addEvent();
    await app.afterChange('one more event');
    await history.ensureLoaded();
    await until(() => history.complete);
    expect(history.entries[0]!.seq).toBe(EVENTS + 1);
    expect(history.entries).toHaveLength(EVENTS + 1);
    expect(new Set(history.entries.map((e) => e.seq)).size).toBe(EVENTS + 1);
  });
});
