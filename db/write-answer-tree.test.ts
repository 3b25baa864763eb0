/**
 * A write's answer carries the Roster's command tree as the commands that changed since the sheet the screen
 * held, not the whole tree: a loss sends the unit's command and its superiors (their totals moved), a leader
 * replaced sends nothing (the tree shows his name, which stands), a command's new order sends it and those of its subordinates that follow it, an attachment
 * sends the brigade and the two divisions it left and joined. The screen's tree, the one it held with those
 * commands put in (renderer/src/roster-rows.ts mergeTree), is the tree a fresh read gives, after every write
 * and after undo and redo. Through the same dispatch the bridge and IPC use, on real game files.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandChange, CommandNode, GameFunction, RosterUnit, WriteAnswer } from '../contract';
import { mergeTree, mergeUnits } from '../renderer/src/roster-rows';
import { dispatch, serviceHandlers } from './dispatch';
import type { GameService } from './service';
import type { ChannelHandlers } from '../contract';
import { advanceTo, newGame, tempDir } from '../tests/fixtures/game';
import { commandsById } from '../tests/fixtures/window-muster';

const tmp = tempDir('muster-write-answer-tree-');
afterAll(() => tmp.cleanup());

async function changedBy(game: GameService, fn: GameFunction, input?: unknown): Promise<WriteAnswer> {
  const result = await dispatch(serviceHandlers(game) as ChannelHandlers, fn, input === undefined ? [] : [input], { validateOutput: true, answerWrite: () => game.answerWrite() });
  if (!result.ok) throw new Error(`${fn} was refused: ${result.error.message}`);
  return result.changed!;
}

/** A command as the answer would send it: its own fields, its subordinates by id. */
function asChange(node: CommandNode): CommandChange {
  const { children, ...fields } = node;
  return { ...fields, childIds: children.map((c) => c.id) };
}

/** What the Roster holds: the tree, the units, and the name of the sheet they are. */
interface Screen {
  tree: CommandNode[];
  units: RosterUnit[];
  revision: string;
}

/**
 * The write made through the window, its answer applied as the Roster applies it (or, with no sheet in the
 * answer, the changes since the sheet held read as the Roster reads them). Checks the tree and the units the
 * screen ends with against a fresh read, and returns the ids of the commands sent.
 */
async function written(game: GameService, screen: Screen, fn: GameFunction, input?: unknown): Promise<{ screen: Screen; sent: string[] }> {
  const changed = await changedBy(game, fn, input);
  const sheet = changed.sheet ?? game.rosterSheet({ since: screen.revision });
  expect(sheet.changes?.since, fn).toBe(screen.revision);
  // Never the whole tree after a write: only what changed.
  expect(sheet.tree, fn).toBeUndefined();
  const held = commandsById(screen.tree);
  for (const c of sheet.changes!.commands) expect(c, `${fn}: ${c.id} is sent, and changed`).not.toEqual(held.has(c.id) ? asChange(held.get(c.id)!) : undefined);
  const tree = mergeTree(screen.tree, sheet.changes!.commands, sheet.changes!.rootIds);
  const units = mergeUnits(screen.units, sheet.units, sheet.changes!.unitIds);
  expect(tree, fn).toEqual(game.commandTree({}));
  expect(units, fn).toEqual(game.roster({}));
  // Every command not sent is the very object the screen held.
  const sent = new Set(sheet.changes!.commands.map((c) => c.id));
  for (const [id, node] of commandsById(tree!)) {
    if (!sent.has(id) && node.children.every((child, i) => child === held.get(id)?.children[i])) expect(node, `${fn}: ${id}`).toBe(held.get(id));
  }
  return { screen: { tree: tree!, units: units!, revision: sheet.revision! }, sent: [...sent].sort() };
}

/** The commands from one up to the top of its chain of command, as the tree has them now. */
function chainOf(game: GameService, commandId: string): string[] {
  const byId = commandsById(game.commandTree({}));
  const chain: string[] = [];
  for (let c = byId.get(commandId); c !== undefined; c = c.effectiveParentId === null ? undefined : byId.get(c.effectiveParentId)) chain.push(c.id);
  return chain.sort();
}

describe("a write's answer sends the Roster only the tree's commands that changed", () => {
  it('a loss, its undo and its redo: the regiment\'s brigade and its superiors, each time; the tree merged is a fresh read', async () => {
    const game = newGame(tmp.dir);
    try {
      advanceTo(game, { segment: 'II', phase: 'B' });
      const whole = game.rosterSheet({});
      let screen: Screen = { tree: whole.tree!, units: whole.units, revision: whole.revision! };
      const chain = chainOf(game, 'iron');
      expect(chain).toEqual(['iron', 'usa-army', 'usa-i', 'usa-i-1'].sort());
      for (const [fn, input] of [['recordLoss', { unitId: '2-wi', sp: 2 }], ['undo', {}], ['redo', {}]] as const) {
        const step = await written(game, screen, fn, input);
        expect(step.sent, fn).toEqual(chain);
        screen = step.screen;
      }
      // A die touches no command: nothing sent, the tree held is the tree.
      const die = await written(game, screen, 'rollDie', { purpose: 'a test', roll: 4 });
      expect(die.sent).toEqual([]);
      expect(die.screen.tree).toBe(screen.tree);
    } finally {
      game.close();
    }
  });

  it("a leader captured and replaced, a command's Default Order, an attachment and its undo: the tree merged is a fresh read each time", async () => {
    const game = newGame(tmp.dir);
    try {
      advanceTo(game, { segment: 'II', phase: 'C' });
      const whole = game.rosterSheet({});
      let screen: Screen = { tree: whole.tree!, units: whole.units, revision: whole.revision! };
      const archer = commandsById(screen.tree).get('archer')!;

      // A leader captured, then replaced: the leaders' rows change, and the tree (made of the leaders too) is
      // worked out again; it shows his name, which stands, so no command is sent and the tree held is the tree.
      for (const [fn, input] of [['leaderCaptured', { leaderId: 'archer-l' }], ['replaceLeader', { leaderId: 'archer-l', rating: 2 }]] as const) {
        const step = await written(game, screen, fn, input);
        expect(step.sent, fn).toEqual([]);
        expect(step.screen.tree, fn).toBe(screen.tree);
        expect(commandsById(step.screen.tree).get('archer')!.leaderName, fn).toBe(archer.leaderName);
        screen = step.screen;
      }

      // A division made Ineffective takes its Default Order: the division, and the brigades that follow its order.
      const division = commandsById(screen.tree).get('usa-i-1')!;
      let step = await written(game, screen, 'setCommandMarkers', { commandId: 'usa-i-1', ineffective: true });
      const now = commandsById(step.screen.tree).get('usa-i-1')!;
      expect(now.ownOrder).not.toBe(division.ownOrder);
      // Orders pass down the chain, not up: what is sent is the division and those of its brigades that follow it.
      const within = new Set(commandsById([division]).keys());
      expect(step.sent).toContain('usa-i-1');
      for (const id of step.sent) expect(within.has(id), id).toBe(true);
      screen = step.screen;

      // The Iron Brigade attached to the cavalry division: it moves, and the divisions' subordinates and totals change.
      step = await written(game, screen, 'attachCommand', { commandId: 'iron', toCommandId: 'usa-cav' });
      expect(step.sent).toEqual(expect.arrayContaining(['iron', 'usa-cav', 'usa-i-1']));
      expect(commandsById(step.screen.tree).get('usa-cav')!.children.map((c) => c.id)).toContain('iron');
      screen = step.screen;
      step = await written(game, screen, 'undo');
      expect(commandsById(step.screen.tree).get('usa-i-1')!.children.map((c) => c.id)).toContain('iron');
    } finally {
      game.close();
    }
  });
});
