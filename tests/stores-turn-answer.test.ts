/**
 * The Turn screen's command tree and units on the map follow a write's answer as the Roster's do: the answer's
 * roster sheet of changes (the commands and units that changed) merged into what the screen holds, by the same
 * mergeTree. A loss, its Undo and Redo, and an attachment (a brigade moved under another division) each leave
 * the Turn screen with the tree and the units a fresh read gives, without reading either again; after a change
 * from the menu (no answer), the Roster's sheet is asked for what changed since it, not the whole tree. The
 * stores run as in the app, against window.muster made of the real handlers and the one dispatch, on a real file.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../renderer/src/stores/app';
import { useRosterStore } from '../renderer/src/stores/roster';
import { useTurnStore } from '../renderer/src/stores/turn';
import { advanceTo, tempDir } from './fixtures/game';
import { closeInWindow, commandsById, openInWindow, type OpenInWindow } from './fixtures/window-muster';

const tmp = tempDir('muster-store-turn-answer-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow | null = null;
afterEach(() => {
  if (opened) closeInWindow(opened);
  opened = null;
});

/** The reads of the tree or the units: a whole tree, the units on the map, or the Roster's sheet. */
const TREE_READS = ['commandTree', 'roster', 'rosterSheet'];
const treeReads = () => opened!.calls.filter((c) => TREE_READS.includes(c.fn));

/** The Roster shown first (as an opened game is), then the Turn screen with a panel that lists the units. */
async function bothShown(step: { segment: 'II'; phase: 'B' | 'C' }) {
  opened = await openInWindow(tmp.dir, (g) => advanceTo(g, step));
  setActivePinia(createPinia());
  const app = useAppStore();
  const roster = useRosterStore();
  const turn = useTurnStore();
  await app.boot();
  await roster.ensureLoaded();
  await Promise.all([turn.load(), turn.loadRoster()]);
  opened.calls.length = 0;
  return { app, roster, turn, backend: opened.shell.currentBackend()! };
}

/** The Turn screen reloads as it does after a change, with its panel of units asking at once. */
async function turnReloads(turn: ReturnType<typeof useTurnStore>) {
  await Promise.all([turn.loadTurnState(), turn.load(), turn.loadRoster()]);
}

describe("the Turn screen's tree follows a write's answer", () => {
  it('opening the Turn screen after the Roster reads neither the tree nor the units: they are the sheet the Roster holds', async () => {
    opened = await openInWindow(tmp.dir, (g) => advanceTo(g, { segment: 'II', phase: 'B' }));
    setActivePinia(createPinia());
    const app = useAppStore();
    const roster = useRosterStore();
    const turn = useTurnStore();
    await app.boot();
    await roster.ensureLoaded();
    opened.calls.length = 0;
    await Promise.all([turn.load(), turn.loadRoster()]);
    expect(treeReads()).toEqual([]);
    const backend = opened.shell.currentBackend()!;
    expect(turn.tree).toEqual(backend.commandTree({}));
    expect(turn.roster).toEqual(backend.roster({ includeOffMap: false }));
  });

  it('a loss, Undo and Redo: after each, the tree and the units on the map are a fresh read, none read again; only the changed commands are new', async () => {
    const { app, roster, turn, backend } = await bothShown({ segment: 'II', phase: 'B' });
    const first = commandsById(turn.tree);
    const chain = ['iron', 'usa-i-1', 'usa-i', 'usa-army'];

    const steps: [string, () => Promise<unknown>][] = [
      ['loss', () => roster.recordLoss('2-wi', 2, 'small-arms', false)],
      ['undo', () => app.undo()],
      ['redo', () => app.redo()],
    ];
    for (const [name, write] of steps) {
      const held = commandsById(turn.tree);
      const units = turn.roster;
      await write();
      await turnReloads(turn);
      expect(treeReads(), name).toEqual([]);
      expect(turn.tree, name).toEqual(backend.commandTree({}));
      expect(turn.roster, name).toEqual(backend.roster({ includeOffMap: false }));
      for (const [id, node] of commandsById(turn.tree)) {
        if (chain.includes(id)) expect(node, `${name} ${id}`).not.toBe(held.get(id));
        else expect(node, `${name} ${id}`).toBe(held.get(id));
      }
      for (const u of turn.roster) {
        if (u.id === '2-wi') expect(u, name).not.toBe(units.find((x) => x.id === u.id));
        else expect(u, `${name} ${u.id}`).toBe(units.find((x) => x.id === u.id));
      }
    }
    // Undone then redone: the loss is in the tree as it was after the loss.
    expect(commandsById(turn.tree).get('iron')!.totals.currentSp).toBe(first.get('iron')!.totals.currentSp - 2);
  });

  it('an attachment moves the Iron Brigade under the cavalry division: the merged tree is a fresh read, and Undo puts it back', async () => {
    const { app, turn, backend } = await bothShown({ segment: 'II', phase: 'C' });
    const before = structuredClone(turn.tree);

    await turn.attachCommand({ commandId: 'iron', toCommandId: 'usa-cav' });
    await turnReloads(turn);
    expect(treeReads()).toEqual([]);
    expect(turn.tree).toEqual(backend.commandTree({}));
    expect(turn.tree).not.toEqual(before);
    const iron = commandsById(turn.tree).get('iron')!;
    expect(iron.effectiveParentId ?? iron.attachedTo).toBe('usa-cav');
    expect(turn.roster).toEqual(backend.roster({ includeOffMap: false }));

    expect(await app.undo()).toBe(true);
    await turnReloads(turn);
    expect(treeReads()).toEqual([]);
    expect(turn.tree).toEqual(backend.commandTree({}));
    expect(turn.tree).toEqual(before);
  });

  it('losses recorded from the Roster while the Turn screen is not shown: when it shows again, nothing of the tree is read', async () => {
    const { roster, turn, backend } = await bothShown({ segment: 'II', phase: 'B' });
    await roster.recordLoss('2-wi', 1, 'small-arms', false);
    await roster.ensureLoaded();
    await roster.recordLoss('2-wi', 1, 'artillery', false);
    await roster.ensureLoaded();
    await turnReloads(turn);
    expect(treeReads()).toEqual([]);
    expect(turn.tree).toEqual(backend.commandTree({}));
    expect(turn.roster).toEqual(backend.roster({ includeOffMap: false }));
  });

  it('a change from the menu (no answer): the Roster sheet is asked for what changed since it, once for the tree and the units, not the whole tree', async () => {
    const { app, turn, backend } = await bothShown({ segment: 'II', phase: 'B' });
    const held = commandsById(turn.tree);
    // A loss written behind the window's back (the desktop menu's Undo does the same): the screens learn of it by reading.
    backend.recordLoss({ unitId: '2-wi', sp: 1 });
    await app.afterChange();
    await turnReloads(turn);

    expect(treeReads().map((c) => c.fn)).toEqual(['rosterSheet']);
    expect(treeReads()[0]!.input).toMatchObject({ since: expect.any(String) });
    expect(turn.tree).toEqual(backend.commandTree({}));
    expect(turn.roster).toEqual(backend.roster({ includeOffMap: false }));
    // What did not change is still the object held.
    expect(commandsById(turn.tree).get('archer')).toBe(held.get('archer'));
  });
});
