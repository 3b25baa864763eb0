// Answers kept per state of the game file (the turn state, the roster sheet): the same state gets the
// answer already worked out; any change (a write, an undo, a refused write that touched nothing) is seen by
// the next question; and inside a transaction, where the tables are not the file's, nothing is kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameService } from '../service';
import { readClock, readCommands, steadyReads } from '../store';
import { mergeTree, mergeUnits } from '../../renderer/src/roster-rows';

let dir: string;
let game: GameService;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-revision-memo-'));
  game = GameService.create({ file: join(dir, 'game.muster'), scenario: 'gettysburg' });
});

afterEach(() => {
  game.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the turn state, kept per state of the file', () => {
  it('answers a second question with nothing changed from the first answer', () => {
    expect(game.turnState({})).toBe(game.turnState({}));
  });

  it('works the turn state out again after a change, and again after its undo', () => {
    const before = game.turnState({});
    game.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
    const after = game.turnState({});
    expect(after).not.toBe(before);
    // The next step offers other order changes (automatic ones in I.A, the others in I.B).
    expect(after).not.toEqual(before);
    game.undo();
    const undone = game.turnState({});
    expect(undone).not.toBe(after);
    expect(undone).toEqual(before);
  });

  it('is the same as worked out afresh on another connection to the same state', () => {
    const unit = game.roster().find((u) => u.currentSp >= 2)!;
    game.turnState({});
    game.recordLoss({ unitId: unit.id, sp: 1 });
    const kept = game.turnState({});
    const file = game.info().file;
    game.close();
    game = GameService.open(file);
    expect(game.turnState({})).toEqual(kept);
  });

  it('keeps nothing inside a transaction, where the tables are not yet (or no longer) the file\'s', () => {
    const outside = game.turnState({});
    game.db.transaction(() => {
      const inside = game.turnState({});
      expect(inside).not.toBe(outside);
      expect(game.turnState({})).not.toBe(inside);
    })();
    expect(game.turnState({})).toBe(game.turnState({}));
  });
});

describe('the roster sheet, kept per state of the file', () => {
  it('shows a loss recorded since the last sheet', () => {
    const unit = game.roster().find((u) => u.currentSp >= 2)!;
    const first = game.rosterSheet({});
    expect(game.rosterSheet({})).toBe(first);
    game.recordLoss({ unitId: unit.id, sp: 1 });
    const second = game.rosterSheet({});
    expect(second.units.find((u) => u.id === unit.id)!.spLost).toBe(first.units.find((u) => u.id === unit.id)!.spLost + 1);
  });
});

describe('the roster sheet since a sheet the screen holds', () => {
  it('sends only the units a loss changed, not the units\' order it left as held, which merged give the whole sheet', () => {
    const held = game.rosterSheet({});
    const unit = held.units.find((u) => u.currentSp >= 2)!;
    game.recordLoss({ unitId: unit.id, sp: 1 });
    const changes = game.rosterSheet({ since: held.revision! });
    expect(changes.changes).toMatchObject({ since: held.revision });
    // The units' order is the one held: it is not sent again.
    expect(changes.changes!.unitIds).toBeUndefined();
    expect(changes.units.map((u) => u.id)).toEqual([unit.id]);
    expect(changes.units[0]!.spLost).toBe(unit.spLost + 1);
    // Not the whole tree: the commands whose totals the loss moved, the unit's and its superiors'.
    expect(changes.tree).toBeUndefined();
    const byId = new Map(readCommands(game.db).map((c) => [c.id, c]));
    const superiors: string[] = [];
    for (let c = byId.get(unit.commandId); c !== undefined; c = byId.get(c.attached_to ?? c.parent_id ?? '')) superiors.push(c.id);
    expect(superiors.length).toBeGreaterThan(1);
    expect(changes.changes!.commands.map((c) => c.id).sort()).toEqual(superiors.sort());
    const whole = game.rosterSheet({});
    expect(mergeUnits(held.units, changes.units, changes.changes!.unitIds)).toEqual(whole.units);
    expect(mergeTree(held.tree!, changes.changes!.commands, changes.changes!.rootIds)).toEqual(whole.tree);
    expect(changes.revision).toBe(whole.revision);
  });

  it('sends nothing when nothing changed, and the whole sheet for a revision it does not know', () => {
    const held = game.rosterSheet({});
    expect(game.rosterSheet({ since: held.revision! }).units).toEqual([]);
    const unknown = game.rosterSheet({ since: 'a sheet of long ago' });
    expect(unknown.changes).toBeUndefined();
    expect(unknown.units).toEqual(held.units);
  });

  it('never compares with a sheet of another connection to the same file', () => {
    const held = game.rosterSheet({});
    const file = game.info().file;
    game.close();
    game = GameService.open(file);
    const again = game.rosterSheet({ since: held.revision! });
    expect(again.changes).toBeUndefined();
    expect(again.revision).not.toBe(held.revision);
    expect(again.units).toEqual(held.units);
  });

  it('merging refuses changes that name a unit the screen does not hold (the screen then reads the whole sheet)', () => {
    const held = game.rosterSheet({});
    expect(mergeUnits(held.units.slice(1), [], held.units.map((u) => u.id))).toBeNull();
  });

  it('merging refuses changes that name a command the screen does not hold, and keeps the tree held when none changed', () => {
    const held = game.rosterSheet({});
    const tree = held.tree!;
    const rootIds = tree.map((n) => n.id);
    expect(mergeTree(tree.slice(1), [], rootIds)).toBeNull();
    // A command's subordinates named by an id the screen does not hold.
    const { children, ...army } = tree[0]!;
    expect(mergeTree(tree, [{ ...army, childIds: [...children.map((c) => c.id), 'a command never held'] }], rootIds)).toBeNull();
    expect(mergeTree(tree, [], rootIds)).toBe(tree);
  });
});

describe('steady reads (a query reads the clock and the commands once)', () => {
  it('hands out one read of each table for the query\'s duration, and reads afresh after it', () => {
    const [clock1, clock2, commands1, commands2] = steadyReads(game.db, () => [readClock(game.db), readClock(game.db), readCommands(game.db), readCommands(game.db)]);
    expect(clock1).toBe(clock2);
    expect(commands1).toBe(commands2);
    expect(readClock(game.db)).not.toBe(clock1);
    expect(readClock(game.db)).toEqual(clock1);
  });

  it('reads each question afresh outside a query', () => {
    expect(readCommands(game.db)).not.toBe(readCommands(game.db));
  });
});
