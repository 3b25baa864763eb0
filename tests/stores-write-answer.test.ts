/**
 * The stores apply a write's answer (what it changed) instead of reading the game again: after a loss the
 * Roster's row, the game info and the turn bar's turn state are the service's, from the write's one call;
 * the rows that did not change keep their objects (Vue redraws only the changed row). The stores run as in
 * the app, against window.muster made of the real handlers and the one dispatch, on a real game file.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShellHandlers } from '../electron/handlers';
import { tempDir } from './fixtures/game';
import { closeInWindow, openInWindow, type OpenInWindow } from './fixtures/window-muster';
import { useAppStore } from '../renderer/src/stores/app';
import { useRosterStore } from '../renderer/src/stores/roster';
import { useTurnStore } from '../renderer/src/stores/turn';

const tmp = tempDir('muster-store-answers-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow;
let shell: ShellHandlers;
/** The window's calls since the last `forgetCalls()`, by function name, in order. */
const calls = () => opened.calls.map((c) => c.fn);
const forgetCalls = () => {
  opened.calls.length = 0;
};

beforeEach(async () => {
  // A game in a public step (II.B): a write's answer says what it changed.
  opened = await openInWindow(tmp.dir, { segment: 'II', phase: 'B' });
  shell = opened.shell;
  setActivePinia(createPinia());
});

afterEach(() => {
  closeInWindow(opened);
});

/** The Roster and the turn bar as the app shows them: booted, the sheet and the turn state read. */
async function rosterShown() {
  const app = useAppStore();
  const roster = useRosterStore();
  const turn = useTurnStore();
  await app.boot();
  await roster.ensureLoaded();
  await turn.loadTurnState();
  forgetCalls();
  return { app, roster, turn, backend: shell.currentBackend()! };
}

describe("the stores apply a write's answer", () => {
  it("a loss: the row, the game info and the turn state come with the write's one call, and the screens read nothing again", async () => {
    const { app, roster, turn, backend } = await rosterShown();
    const before = roster.units;
    const lostBefore = before.find((u) => u.id === '2-wi')!.spLost;

    await roster.recordLoss('2-wi', 1, 'small-arms', false);
    expect(calls()).toEqual(['recordLoss']);

    expect(roster.units.find((u) => u.id === '2-wi')!.spLost).toBe(lostBefore + 1);
    expect(app.game).toEqual(backend.info());
    expect(app.notice).toBe(backend.history({ limit: 1 })[0]!.summary);
    expect(turn.turn).toEqual(backend.turnState({}));
    // Only the changed unit is a new object: the other rows are not redrawn.
    const same = roster.units.filter((u, i) => u === before[i]).length;
    expect(same).toBe(before.length - 1);

    // What the screens then ask for on the new revision is already held: no call.
    await roster.ensureLoaded();
    await turn.loadTurnState();
    expect(calls()).toEqual(['recordLoss']);
    expect(roster.units).toEqual(backend.rosterSheet({}).units);
  });

  it("Undo brings the row back from its answer, as the service has it", async () => {
    const { app, roster, backend } = await rosterShown();
    const start = roster.units.find((u) => u.id === '2-wi');
    await roster.recordLoss('2-wi', 2, 'small-arms', false);
    expect(await app.undo()).toBe(true);
    expect(calls()).toEqual(['recordLoss', 'undo']);
    expect(roster.units.find((u) => u.id === '2-wi')).toEqual(start);
    expect(app.game?.canRedo).toBe(true);
    expect(app.notice).toMatch(/^Undone: /);
    await roster.ensureLoaded();
    expect(calls()).toEqual(['recordLoss', 'undo']);
    expect(roster.units).toEqual(backend.rosterSheet({}).units);
  });

  it('a refused write is thrown for its field, changes nothing, and the game info is read again', async () => {
    const { app, roster, backend } = await rosterShown();
    const before = backend.info();
    await expect(roster.setFatigue('hall-me', 1)).rejects.toMatchObject({ field: 'unitId' });
    expect(calls()).toEqual(['setFatigue', 'currentGame']);
    expect(app.game).toEqual(before);
  });

  it('the Turn screen reads again only the views the write may have changed: after Next, not the tree, leaders or units', async () => {
    const { app, turn } = await rosterShown();
    await turn.load();
    forgetCalls();
    await turn.advanceClock();
    expect(calls()).toEqual(['advanceClock']);
    await turn.load();
    expect(calls().slice(1).sort()).toEqual(['diceLog', 'history']);
    expect(app.game?.clock.phase).toBe('C');
  });
});
