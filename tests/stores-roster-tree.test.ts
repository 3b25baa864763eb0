/**
 * The Roster's command tree and rows after a change: only what changed is new. A loss to the 2nd Wisconsin
 * makes its row new, and its Iron Brigade's, its division's, its corps' and its army's (their totals
 * changed); every other command, unit and row is the object the screen held, so Vue redraws those five rows
 * and no other. The same after Undo, after a read of the whole sheet, and with a search on. The stores run as
 * in the app, against window.muster made of the real handlers and the one dispatch, on a real game file.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShellHandlers } from '../electron/handlers';
import type { RosterRow } from '../renderer/src/roster-rows';
import { useAppStore } from '../renderer/src/stores/app';
import { useRosterStore } from '../renderer/src/stores/roster';
import { tempDir } from './fixtures/game';
import { closeInWindow, commandsById, openInWindow, type OpenInWindow } from './fixtures/window-muster';

const tmp = tempDir('muster-store-roster-tree-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow;
let shell: ShellHandlers;

beforeEach(async () => {
  // A public step (II.B): a write's answer carries the roster's changes.
  opened = await openInWindow(tmp.dir, { segment: 'II', phase: 'B' });
  shell = opened.shell;
  setActivePinia(createPinia());
});

afterEach(() => {
  closeInWindow(opened);
});

const calls = () => opened.calls.map((c) => c.fn);
const forgetCalls = () => {
  opened.calls.length = 0;
};

/** The Roster as the app shows it: booted, its sheet read. */
async function rosterShown() {
  const app = useAppStore();
  const roster = useRosterStore();
  await app.boot();
  await roster.ensureLoaded();
  forgetCalls();
  return { app, roster, backend: shell.currentBackend()! };
}

/** What the screen holds: the tree's commands, the rows by key, the units by id. */
function held(roster: ReturnType<typeof useRosterStore>) {
  return {
    nodes: commandsById(roster.tree),
    rows: new Map(roster.rows.map((r) => [r.key, r])),
    units: new Map(roster.units.map((u) => [u.id, u])),
  };
}

/** The 2nd Wisconsin and the chain of command above it: the Iron Brigade, Wadsworth's division, I Corps, the army. */
const CHAIN = ['iron', 'usa-i-1', 'usa-i', 'usa-army'];
const CHANGED_ROWS = ['u:2-wi', ...CHAIN.map((id) => `c:${id}`)];

/** Every row is the one held, but those of `changed`, which are new. */
function onlyChanged(rows: readonly RosterRow[], before: Map<string, RosterRow>, changed: readonly string[]): void {
  for (const row of rows) {
    if (changed.includes(row.key)) expect(row, row.key).not.toBe(before.get(row.key));
    else expect(row, row.key).toBe(before.get(row.key));
  }
}

const currentSp = (rows: readonly RosterRow[], key: string): number => {
  const row = rows.find((r) => r.key === key)!;
  return row.kind === 'unit' ? row.unit.currentSp : row.node.totals.currentSp;
};

describe("the Roster's tree and rows after a change: only what changed is new", () => {
  it('a loss to the 2nd Wisconsin: its row and its brigade, division, corps and army are new with the loss; every other command, unit and row is the object held', async () => {
    const { roster, backend } = await rosterShown();
    const before = held(roster);
    const sp = Object.fromEntries(CHANGED_ROWS.map((key) => [key, currentSp(roster.rows, key)]));
    const lost = before.units.get('2-wi')!.spLost;

    await roster.recordLoss('2-wi', 1, 'small-arms', false);
    await roster.ensureLoaded();

    // The write's answer brought it all: nothing read again.
    expect(calls()).toEqual(['recordLoss']);
    expect(roster.tree).toEqual(backend.commandTree({}));
    expect(roster.units).toEqual(backend.rosterSheet({}).units);
    const nodes = commandsById(roster.tree);
    for (const [id, node] of nodes) {
      if (CHAIN.includes(id)) expect(node, id).not.toBe(before.nodes.get(id));
      else expect(node, id).toBe(before.nodes.get(id));
    }
    for (const u of roster.units) {
      if (u.id === '2-wi') expect(u).not.toBe(before.units.get(u.id));
      else expect(u, u.id).toBe(before.units.get(u.id));
    }
    onlyChanged(roster.rows, before.rows, CHANGED_ROWS);
    // The new rows show the loss: the regiment's Lost and Current, its superiors' totals.
    const row = roster.rows.find((r) => r.key === 'u:2-wi')!;
    expect(row.kind === 'unit' && row.unit.spLost).toBe(lost + 1);
    for (const key of CHANGED_ROWS) expect(currentSp(roster.rows, key), key).toBe(sp[key]! - 1);
    for (const id of CHAIN) {
      const command = roster.rows.find((r) => r.key === `c:${id}`)!;
      expect(command.kind === 'command' && command.lossPercent, id).toBeGreaterThan(before.rows.get(`c:${id}`)!.lossPercent);
    }
  });

  it('Undo: the same five rows new again, with the strength they had; the others still the objects first held', async () => {
    const { app, roster, backend } = await rosterShown();
    const first = held(roster);
    await roster.recordLoss('2-wi', 2, 'small-arms', false);
    const afterLoss = held(roster);

    expect(await app.undo()).toBe(true);
    await roster.ensureLoaded();

    expect(calls()).toEqual(['recordLoss', 'undo']);
    expect(roster.tree).toEqual(backend.commandTree({}));
    onlyChanged(roster.rows, afterLoss.rows, CHANGED_ROWS);
    onlyChanged(roster.rows, first.rows, CHANGED_ROWS);
    for (const key of CHANGED_ROWS) expect(currentSp(roster.rows, key), key).toBe(currentSp([...first.rows.values()], key));
  });

  it("a division made Ineffective takes its Default Order: the answer's commands make the tree a fresh read gives; no command outside the division is new", async () => {
    const { app, roster, backend } = await rosterShown();
    const before = held(roster);
    const division = before.nodes.get('usa-i-1')!;
    const within = new Set(commandsById([division]).keys());

    await app.write('setCommandMarkers', { commandId: 'usa-i-1', ineffective: true });
    await roster.ensureLoaded();

    expect(calls()).toEqual(['setCommandMarkers']);
    expect(roster.tree).toEqual(backend.commandTree({}));
    const nodes = commandsById(roster.tree);
    expect(nodes.get('usa-i-1')!.ownOrder).not.toBe(division.ownOrder);
    // The division's superiors hold it, so they are new objects too (their totals did not change); every other command is the one held.
    const superiors = ['usa-i', 'usa-army'];
    for (const [id, node] of nodes) {
      if (id === 'usa-i-1' || superiors.includes(id)) expect(node, id).not.toBe(before.nodes.get(id));
      else if (!within.has(id)) expect(node, id).toBe(before.nodes.get(id));
    }
    for (const u of roster.units) if (!within.has(u.commandId)) expect(u, u.id).toBe(before.units.get(u.id));
  });

  it('the whole sheet read again (a change the answer says nothing of): what did not change is still the object held, rows and list', async () => {
    const { app, roster, backend } = await rosterShown();
    const before = held(roster);
    const rows = roster.rows;
    const tree = roster.tree;
    // A loss written behind the screen's back (as another window would): the screen learns of it only by reading.
    backend.recordLoss({ unitId: '2-wi', sp: 1 });
    await app.afterChange();
    await roster.ensureLoaded();

    expect(calls()).toContain('rosterSheet');
    expect(roster.tree).not.toBe(tree);
    expect(roster.tree).toEqual(backend.commandTree({}));
    onlyChanged(roster.rows, before.rows, CHANGED_ROWS);
    expect(currentSp(roster.rows, 'u:2-wi')).toBe(currentSp(rows, 'u:2-wi') - 1);

    // Read again with nothing changed since: the very list held.
    const now = roster.rows;
    await app.afterChange();
    await roster.ensureLoaded();
    expect(roster.rows).toBe(now);
  });

  it('with a search on: the rows it keeps are the objects held, and a loss makes only the matching chain new', async () => {
    const { roster } = await rosterShown();
    const all = held(roster);
    roster.filters.search = 'wisconsin';
    const searched = held(roster);
    expect(roster.rows.length).toBeLessThan(all.rows.size);
    // A row shown the same way with the search on is the row shown without it.
    for (const row of roster.rows) expect(row, row.key).toBe(all.rows.get(row.key));

    await roster.recordLoss('2-wi', 1, 'small-arms', false);
    onlyChanged(roster.rows, searched.rows, CHANGED_ROWS.filter((key) => searched.rows.has(key)));
    expect(roster.rows.some((r) => r.key === 'u:2-wi')).toBe(true);
  });

  it('folding a command: its row is new (folded), every other row shown is the object held', async () => {
    const { roster } = await rosterShown();
    const before = held(roster);
    roster.toggle('heth-div', true);
    const folded = roster.rows.find((r) => r.key === 'c:heth-div')!;
    expect(folded.kind === 'command' && folded.collapsed).toBe(true);
    onlyChanged(roster.rows, before.rows, ['c:heth-div']);
  });
});
