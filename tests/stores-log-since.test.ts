/**
 * After a write the Turn screen's log (this turn's entries, the newest rolls) and the History screen's
 * (every entry and roll) read only what came after the entries and rolls they hold, and what an undo or
 * redo revisited, in the side's own numbers: what they then hold is what reading the log whole gives. In a
 * step of secret entries a write's answer says nothing, and the log is read whole as the side at the
 * keyboard sees it (RI-H01, RI-H07). The stores run as in the app, against window.muster made of the
 * real handlers and the one dispatch, on a real game file.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractFunction } from '../contract';
import type { ShellHandlers } from '../electron/handlers';
import { tempDir } from './fixtures/game';
import { closeInWindow, openInWindow, type OpenInWindow } from './fixtures/window-muster';
import { useAppStore } from '../renderer/src/stores/app';
import { useHistoryStore } from '../renderer/src/stores/history';
import { useTurnStore } from '../renderer/src/stores/turn';

const tmp = tempDir('muster-store-log-since-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow;
let shell: ShellHandlers;
/** The window's calls, by function name and input, in order (emptied with `calls.length = 0`). */
let calls: { fn: ContractFunction; input: unknown }[];

/** A game at `step`, open in the shell, with window.muster calling it through the one dispatch. */
async function openGame(step: { segment: 'I' | 'II'; phase: 'A' | 'B' }): Promise<void> {
  opened = await openInWindow(tmp.dir, step);
  shell = opened.shell;
  calls = opened.calls;
}

beforeEach(() => {
  setActivePinia(createPinia());
});

afterEach(() => {
  closeInWindow(opened);
});


/** The log calls made since `calls` was cleared, each with its input. */
const logCalls = () => calls.filter((c) => c.fn === 'history' || c.fn === 'diceLog');

/** What the Turn screen's log is when read whole, as `viewer` sees it. */
function turnLogWhole(viewer?: 'USA' | 'CSA') {
  const backend = shell.currentBackend()!;
  const v = viewer === undefined ? {} : { viewer };
  const turnId = backend.info().clock.turnId;
  return {
    events: [...backend.history({ turnId, limit: 1000, ...v })].sort((a, b) => a.seq - b.seq),
    dice: backend.diceLog({ limit: 1000, ...v }),
  };
}

describe("the logs the screens hold are brought up to date with what came after them", () => {
  it("the Turn screen: after rolls, a loss, Undo and Redo it asks only what came after what it holds, and holds what a whole read gives", async () => {
    await openGame({ segment: 'II', phase: 'B' });
    const app = useAppStore();
    const turn = useTurnStore();
    await app.boot();
    const unit = shell.currentBackend()!.roster({ includeOffMap: false })[0]!;
    await app.write('rollDie', { purpose: 'a first roll', roll: 3 });
    await turn.load();
    const held = () => ({ events: turn.events, dice: [...turn.dice.values()] });
    expect(held()).toEqual(turnLogWhole());

    const steps: [string, () => Promise<unknown>][] = [
      ['a roll', () => app.write('rollDie', { purpose: 'fire: a test', roll: 7 })],
      ['a loss', () => app.write('recordLoss', { unitId: unit.id, sp: 1, cause: 'small-arms' })],
      ['Undo of the loss', () => app.undo()],
      ['Undo of the roll', () => app.undo()],
      ['Redo of the roll', () => app.redo()],
      ['a roll after Redo', () => app.write('rollDie', { purpose: 'morale: a test', roll: 2 })],
    ];
    for (const [what, step] of steps) {
      const newestEvent = turn.events.at(-1)!.seq;
      const newestRoll = Math.max(...turn.dice.keys());
      await step();
      calls.length = 0;
      await turn.load();
      expect(held(), `after ${what}`).toEqual(turnLogWhole());
      // Only what came after the entries and rolls held, or from the one an undo or redo revisited.
      const asked = logCalls();
      expect(asked.map((c) => c.fn).sort(), what).toEqual(['diceLog', 'history']);
      for (const c of asked) {
        const after = (c.input as { afterSeq?: number }).afterSeq;
        expect(after, `${what}: ${c.fn}`).toBeDefined();
        expect(after!, `${what}: ${c.fn}`).toBeLessThanOrEqual(c.fn === 'history' ? newestEvent : newestRoll);
      }
    }
    // The rows that did not change are the objects held before (a screen redraws only what changed).
    const before = turn.events;
    await app.write('rollDie', { purpose: 'one more', roll: 5 });
    await turn.load();
    expect(turn.events.slice(0, before.length).every((e, i) => e === before[i])).toBe(true);
  });

  it('the History screen: a whole log held is brought up to date after a write, an Undo and a Redo', async () => {
    await openGame({ segment: 'II', phase: 'B' });
    const app = useAppStore();
    const history = useHistoryStore();
    await app.boot();
    await app.write('rollDie', { purpose: 'a first roll', roll: 3 });
    await history.loadAll();
    const backend = shell.currentBackend()!;
    const whole = () => ({ entries: backend.history({ includeUndone: true, withChanges: false, limit: 5000 }), dice: backend.diceLog({ limit: 5000 }) });
    const held = () => ({ entries: history.entries, dice: [...history.dice.values()] });
    expect(held()).toEqual(whole());
    const unit = backend.roster({ includeOffMap: false })[0]!;
    for (const step of [() => app.write('rollDie', { purpose: 'fire: a test', roll: 7 }), () => app.undo(), () => app.redo(), () => app.write('recordLoss', { unitId: unit.id, sp: 1, cause: 'small-arms' })]) {
      await step();
      calls.length = 0;
      await history.ensureLoaded();
      expect(held()).toEqual(whole());
      expect(history.complete).toBe(true);
      expect(logCalls().map((c) => c.fn).sort()).toEqual(['diceLog', 'history']);
      for (const c of logCalls()) expect((c.input as { afterSeq?: number }).afterSeq).toBeDefined();
    }
  });

  it('in a step of secret entries the log is read whole, as the side at the keyboard sees it', async () => {
    await openGame({ segment: 'I', phase: 'B' });
    const app = useAppStore();
    const turn = useTurnStore();
    await app.boot();
    await turn.load();
    expect(app.viewer).toBe('USA');
    await turn.orderPreRoll({ side: 'USA', roll: 1 });
    calls.length = 0;
    await turn.load();
    expect(logCalls().map((c) => c.fn).sort()).toEqual(['diceLog', 'history']);
    for (const c of logCalls()) expect((c.input as { afterSeq?: number }).afterSeq).toBeUndefined();
    expect({ events: turn.events, dice: [...turn.dice.values()] }).toEqual(turnLogWhole('USA'));
    // USA's hidden pre-roll is in USA's log, and not in what nobody in particular reads.
    expect(turn.events.some((e) => e.kind === 'orders.preroll')).toBe(true);
    expect(turnLogWhole().events.some((e) => e.kind === 'orders.preroll')).toBe(false);
  });
});
