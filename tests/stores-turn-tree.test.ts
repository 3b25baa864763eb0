/**
 * The Turn screen's command tree, leaders and units on the map after a change: only what changed is new.
 * A loss in the Iron Brigade makes its row, its division's, its corps' and its army's new (their totals
 * changed) and leaves every other command, and its row in the screen's lists, the object held; a leader hit
 * makes his row new and no other; what the write's answer says it kept is not read again, even when a panel
 * asks for it as it opens. The stores run as in the app, against window.muster made of the real handlers
 * and the one dispatch, on a real game file.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractFunction } from '../contract';
import type { ShellHandlers } from '../electron/handlers';
import { useAppStore } from '../renderer/src/stores/app';
import { useTurnStore } from '../renderer/src/stores/turn';
import { tempDir } from './fixtures/game';
import { closeInWindow, commandsById, openInWindow, type OpenInWindow } from './fixtures/window-muster';

const tmp = tempDir('muster-store-turn-tree-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow;
let shell: ShellHandlers;

beforeEach(async () => {
  // A public step (II.B, Fatigue & Straggler Recovery Designation): a write's answer says what it changed.
  opened = await openInWindow(tmp.dir, { segment: 'II', phase: 'B' });
  shell = opened.shell;
  setActivePinia(createPinia());
});

afterEach(() => {
  closeInWindow(opened);
});

const calls = () => opened.calls.map((c) => c.fn);
const asked = (fn: ContractFunction) => calls().filter((c) => c === fn).length;
const forgetCalls = () => {
  opened.calls.length = 0;
};

/** The Turn screen as the app shows it, with a panel that lists the units on the map (loadRoster). */
async function turnShown() {
  const app = useAppStore();
  const turn = useTurnStore();
  await app.boot();
  await Promise.all([turn.load(), turn.loadRoster()]);
  forgetCalls();
  return { app, turn, backend: shell.currentBackend()! };
}

describe("the Turn screen's tree after a change: only what changed is new", () => {
  it('a loss in the Iron Brigade: it and its superiors are new with the loss; every other command and row is the object held; the leaders are not read', async () => {
    const { app, turn, backend } = await turnShown();
    const nodes = commandsById(turn.tree);
    const rows = new Map(turn.commands.map((r) => [r.node.id, r]));
    const leaders = turn.leaders;
    const units = turn.roster;
    const ironSp = nodes.get('iron')!.totals.currentSp;

    await app.write('recordLoss', { unitId: '2-wi', sp: 1, cause: 'small-arms' });
    // The screen reloads while a panel that lists the units asks for them: one read for both.
    await Promise.all([turn.load(), turn.loadRoster()]);

    expect(asked('commandTree')).toBe(1);
    expect(asked('leaders')).toBe(0);
    expect(turn.tree).toEqual(backend.commandTree({}));
    expect(turn.leaders).toBe(leaders);
    const now = commandsById(turn.tree);
    expect(now.get('iron')!.totals.currentSp).toBe(ironSp - 1);
    const changed = ['iron', 'usa-i-1', 'usa-i', 'usa-army'];
    for (const [id, node] of now) {
      if (changed.includes(id)) expect(node, id).not.toBe(nodes.get(id));
      else expect(node, id).toBe(nodes.get(id));
    }
    for (const row of turn.commands) {
      if (changed.includes(row.node.id)) expect(row, row.node.id).not.toBe(rows.get(row.node.id));
      else expect(row, row.node.id).toBe(rows.get(row.node.id));
    }
    // The units on the map: read once, the one that lost an SP new, the others the objects held.
    expect(asked('roster')).toBe(1);
    expect(turn.roster).toEqual(backend.roster({ includeOffMap: false }));
    for (const u of turn.roster) {
      if (u.id === '2-wi') expect(u).not.toBe(units.find((x) => x.id === u.id));
      else expect(u, u.id).toBe(units.find((x) => x.id === u.id));
    }
  });

  it('a leader hit: his row is new and no other; the tree, read again, is the tree held (nothing in it changed); the units are not read', async () => {
    const { app, turn, backend } = await turnShown();
    const tree = turn.tree;
    const commands = turn.commands;
    const leaders = new Map(turn.leaders.map((l) => [l.id, l]));

    await app.write('leaderCasualty', { leaderId: 'archer-l', roll: 7 });
    await Promise.all([turn.load(), turn.loadRoster()]);

    expect(asked('leaders')).toBe(1);
    expect(asked('roster')).toBe(0);
    expect(turn.leaders).toEqual(backend.leaders({}));
    for (const l of turn.leaders) {
      if (l.id === 'archer-l') expect(l.casualty).toBe('wounded');
      else expect(l, l.id).toBe(leaders.get(l.id));
    }
    expect(turn.tree).toBe(tree);
    expect(turn.commands).toBe(commands);
  });

  it('Next kept the tree, the leaders and the units: none is read again, not even by a panel opening as the step changes', async () => {
    const { turn } = await turnShown();
    const held = { tree: turn.tree, leaders: turn.leaders, roster: turn.roster };

    await turn.advanceClock();
    // The Turn screen reloads and the next step's panel asks for the units as it opens, at once.
    await Promise.all([turn.load(), turn.loadRoster()]);

    expect(calls().filter((c) => ['commandTree', 'leaders', 'roster'].includes(c))).toEqual([]);
    expect({ tree: turn.tree, leaders: turn.leaders, roster: turn.roster }).toEqual(held);
    expect(turn.tree).toBe(held.tree);
    expect(turn.roster).toBe(held.roster);
  });

  it('after a change the answer says nothing of (one from the menu), everything is read again and what did not change is still the object held', async () => {
    const { app, turn, backend } = await turnShown();
    const held = { tree: turn.tree, leaders: turn.leaders, roster: turn.roster };
    await app.afterChange();
    await Promise.all([turn.load(), turn.loadRoster()]);
    expect(asked('commandTree')).toBe(1);
    expect(asked('leaders')).toBe(1);
    expect(asked('roster')).toBe(1);
    expect(turn.tree).toBe(held.tree);
    expect(turn.leaders).toBe(held.leaders);
    expect(turn.roster).toBe(held.roster);
    expect(turn.tree).toEqual(backend.commandTree({}));
  });
});
