/**
 * The game service on real SQLite files, operation by operation: what each change does, that undo and
 * redo restore the state exactly, and that every invalid request is refused with a MusterError naming
 * the field (and the rule) while leaving the tally, the roster, the event count and the file unchanged.
 * The fixture is tests/fixtures/two-brigades.json (Iron Brigade and Archer, with cavalry, a battery a
 * side, and two reinforcement groups).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MusterError } from './errors';
import { GameService } from './service';
import type { RosterUnit } from '../contract';
import { advanceTo, expectRefused, expectUndoRedo, FIXTURE_SCENARIO, newGame, next, snapshot, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A unit as both players together see it (hidden entries shown: RI-H01 is tested on its own). */
const unit = (g: GameService, id: string): RosterUnit => g.roster({ viewer: 'both' }).find((u) => u.id === id)!;

describe('creating a game', () => {
  it('copies the scenario in: units, leaders, commands, turns, orders inherited down the tree', () => {
    const g = newGame(tmp.dir);
    const info = g.info();
    expect(info).toMatchObject({ scenarioId: 'test-two-brigades', players: { USA: 'Ann', CSA: 'Bob' }, started: false, ended: false, canUndo: false, eventCount: 0 });
    expect(info.clock).toMatchObject({ turnId: '1863-07-01T0740', segment: 'I', phase: 'A', label: 'I.A Automatic Order Change Phase', turnIndex: 0, turnCount: 9 });
    expect(g.roster()).toHaveLength(18);
    expect(g.leaders()).toHaveLength(14);
    // The Iron Brigade has no orders of its own: it is under the army's HOLD (Rev. Orders Segment).
    expect(unit(g, '2-wi')).toMatchObject({ effectiveOrder: 'HOLD', orderSource: 'usa-army', currentSp: 6, onMap: true, commandPath: ['Iron Brigade', '1st Division, I Corps', 'I Corps', 'Army of the Potomac'] });
    expect(unit(g, '1-tn')).toMatchObject({ effectiveOrder: 'MRCH', orderSource: 'heth-div' });
    // Reinforcements start off the map.
    expect(unit(g, '76-ny').onMap).toBe(false);
    expect(unit(g, '2-ms').onMap).toBe(false);
    expect(g.roster({ includeOffMap: false })).toHaveLength(13);
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('keeps only the chosen commands\' subtrees and their chain of command', () => {
    const g = newGame(tmp.dir, { commandIds: ['iron', 'archer'] });
    expect(g.roster().map((u) => u.id).sort()).toEqual(['1-tn', '13-al', '19-in', '2-wi', '24-mi', '6-wi', '7-wi', '7-tn'].sort());
    const tree = g.commandTree();
    expect(tree.map((n) => n.id)).toEqual(['usa-army', 'csa-army']);
    expect(tree[0]!.children.map((n) => n.id)).toEqual(['usa-i']);
    expect(g.leaders().map((l) => l.id).sort()).toEqual(['archer-l', 'heth', 'hill', 'lee', 'meade', 'meredith', 'reynolds', 'wadsworth'].sort());
    expect(g.reinforcementGroups()).toEqual([]);
    // The Roster screen reads both in one query.
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expect(g.rosterSheet()).toEqual({ tree: g.commandTree(), units: g.roster(), revision: expect.any(String) });
    g.close();
  });

  it('makes the Roster sheet once per state of the file: the same sheet until anything is written, undone or redone', () => {
    const g = newGame(tmp.dir);
    const first = g.rosterSheet();
    // The page's opening frame and the Roster screen behind it ask twice for the same sheet: made once.
    expect(g.rosterSheet()).toBe(first);
    const spLost = (sheet: ReturnType<GameService['rosterSheet']>) => sheet.units.find((u) => u.id === '2-wi')!.spLost;
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expect(spLost(g.rosterSheet())).toBe(1);
    g.undo();
    expect(spLost(g.rosterSheet())).toBe(0);
    g.redo();
    expect(spLost(g.rosterSheet())).toBe(1);
    // A refused write changes nothing, and the sheet stays right.
    expect(() => g.recordLoss({ unitId: '2-wi', sp: 99 })).toThrow();
    expect(spLost(g.rosterSheet())).toBe(1);
    g.setFatigue({ unitId: '2-wi', level: 2 });
    expect(g.rosterSheet().units.find((u) => u.id === '2-wi')!.fatigue).toBe(2);
    expect(g.rosterSheet()).toEqual({ tree: g.commandTree(), units: g.roster(), revision: expect.any(String) });
    g.close();
  });

  it('refuses to overwrite a file, an unknown scenario and an unknown command, creating nothing', () => {
    const g = newGame(tmp.dir);
    g.close();
    const before = snapshotOfFile(g.file);
    expect(() => GameService.create({ file: g.file, scenario: FIXTURE_SCENARIO })).toThrow(expect.objectContaining({ code: 'FILE_EXISTS', field: 'file' }));
    expect(snapshotOfFile(g.file)).toEqual(before);
    const missing = tmp.file('never.muster');
    expect(() => GameService.create({ file: missing, scenario: 'no-such-scenario' })).toThrow(expect.objectContaining({ code: 'SCENARIO', field: 'scenario' }));
    expect(() => GameService.create({ file: missing, scenario: FIXTURE_SCENARIO, commandIds: ['nobody'] })).toThrow(expect.objectContaining({ code: 'NOT_FOUND', field: 'commandIds[0]' }));
    expect(existsSync(missing)).toBe(false);
  });

  it('the command tree totals strength by command', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 2 });
    const iron = g.commandTree()[0]!.children[0]!.children[0]!.children.find((n) => n.id === 'iron')!;
    expect(iron.totals).toEqual({ units: 5, sp: 36, spLost: 2, stragglers: 0, currentSp: 34, guns: 0 });
    expect(iron).toMatchObject({ leaderName: 'Solomon Meredith', effectiveOrder: 'HOLD', orderSource: 'usa-army', ownOrder: null });
    g.close();
  });
});

function snapshotOfFile(path: string): string {
  const g = GameService.open(path);
  const s = JSON.stringify(snapshot(g).state);
  g.close();
  return s;
}

describe('setup edits before the first turn', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
  });

  it('edits a leader from his counter (marking the rating verified), undoably', () => {
    expectUndoRedo(g, () => g.editLeader({ leaderId: 'meredith', rating: 4, range: 5 }));
    expect(g.leaders().find((l) => l.id === 'meredith')).toMatchObject({ rating: 4, range: 5, stars: 1, ratingVerified: true });
    expect(g.info().started).toBe(false);
  });

  it('edits a unit\'s printed SP and weapon; artillery has no weapon', () => {
    expectUndoRedo(g, () => g.editUnit({ unitId: '2-wi', sp: 5, weapon: 'M' }));
    expect(unit(g, '2-wi')).toMatchObject({ sp: 5, weapon: 'M', currentSp: 5 });
    expectRefused(g, () => g.editUnit({ unitId: 'hall-me', weapon: 'R' }), 'INVALID_ARGUMENT', 'weapon');
    expectRefused(g, () => g.editUnit({ unitId: '2-wi', sp: 0 }), 'INVALID_ARGUMENT', 'sp');
    expectRefused(g, () => g.editLeader({ leaderId: 'meredith', rating: 10 }), 'INVALID_ARGUMENT', 'rating');
    expectRefused(g, () => g.editLeader({ leaderId: 'nobody', rating: 3 }), 'NOT_FOUND', 'leaderId');
  });

  it('refuses setup edits once play has begun, and allows them again if that is undone (RI-S01)', () => {
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expect(g.info().started).toBe(true);
    expectRefused(g, () => g.editLeader({ leaderId: 'meredith', rating: 4 }), 'GAME_STARTED', 'game', 'Rev. Sequence of Play');
    expectRefused(g, () => g.editUnit({ unitId: '2-wi', sp: 5 }), 'GAME_STARTED', 'game');
    g.undo();
    expect(g.info().started).toBe(false);
    g.editLeader({ leaderId: 'meredith', rating: 4 });
  });
});

describe('the clock, the end of the game, generic rolls', () => {
  it('advances through the sequence of play and refuses to pass the last turn', () => {
    const g = newGame(tmp.dir);
    const labels: string[] = [];
    for (let i = 0; i < 10; i += 1) labels.push(next(g).clock.label);
    expect(labels).toEqual([
      'I.B Non-Automatic Order Change Phase',
      'II.A Initiative Phase',
      'II.B Fatigue & Straggler Recovery Designation Phase',
      'II.C Command Attachment/Detachment Phase',
      'III.A In-Command Activation Phase',
      'III.B Out-of-Command Activation Phase',
      'IV.A Leader Replacement Phase',
      'IV.B Fatigue & Straggler Recovery Phase',
      'IV.C Cleanup Phase',
      'I.A Automatic Order Change Phase',
    ]);
    expect(g.info().clock.turnId).toBe('1863-07-01T0800');
    advanceTo(g, { turnId: '1863-07-02T0500', segment: 'IV', phase: 'C' });
    expect(g.info().clock.isLastTurn).toBe(true);
    expectRefused(g, () => g.advanceClock(), 'RULES_FORBID', 'clock', 'Rev. Sequence of Play');
  });

  it('ends the game: every later change is refused, the tally is final, and the end can be undone', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '1-tn', sp: 2 });
    expectUndoRedo(g, () => g.endGame());
    expect(g.tally().final).toBe(true);
    expect(g.info().ended).toBe(true);
    expectRefused(g, () => g.recordLoss({ unitId: '1-tn', sp: 1 }), 'GAME_ENDED', 'game');
    expectRefused(g, () => g.advanceClock(), 'GAME_ENDED', 'game');
    expectRefused(g, () => g.rollDie({ purpose: 'fire' }), 'GAME_ENDED', 'game');
    g.undo();
    g.recordLoss({ unitId: '1-tn', sp: 1 });
    expect(g.info().canRedo).toBe(false);
  });

  it('rolls a die for any purpose: typed or app, logged, never undone (RI-S19)', () => {
    const g = newGame(tmp.dir);
    const typed = g.rollDie({ purpose: 'Fire: 6th Wisconsin at 2nd Mississippi', roll: 4 });
    expect(typed.roll).toBe(4);
    const app = g.rollDie({ purpose: 'Rally: 7th Tennessee' });
    expect(app.dice[0]!.source).toBe('app');
    g.undo();
    expect(g.diceLog().map((d) => [d.purpose, d.eventUndone])).toEqual([
      ['Rally: 7th Tennessee', true],
      ['Fire: 6th Wisconsin at 2nd Mississippi', false],
    ]);
    expectRefused(g, () => g.rollDie({ purpose: '' }), 'INVALID_ARGUMENT', 'purpose');
  });
});

describe('history, undo and redo', () => {
  it('lists events newest first, filtered by unit, kind and turn, with undone ones marked', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    g.recordLoss({ unitId: '1-tn', sp: 1 });
    g.setFatigue({ unitId: '2-wi', level: 1 });
    g.undo();
    expect(g.history().map((e) => [e.seq, e.kind, e.undone])).toEqual([
      [3, 'fatigue', true],
      [2, 'loss.sp', false],
      [1, 'loss.sp', false],
    ]);
    expect(g.history({ unitId: '2-wi' }).map((e) => e.seq)).toEqual([3, 1]);
    expect(g.history({ unitId: '2-wi', includeUndone: false }).map((e) => e.seq)).toEqual([1]);
    expect(g.history({ kinds: ['fatigue'] }).map((e) => e.seq)).toEqual([3]);
    expect(g.history({ turnId: '1863-07-01T0800' })).toEqual([]);
    expect(g.history({ limit: 1, beforeSeq: 3 }).map((e) => e.seq)).toEqual([2]);
    expectRefused(g, () => g.history({ limit: 0 }), 'INVALID_ARGUMENT', 'limit');
  });

  it('undo walks back and redo forward; a new change drops the redo chain', () => {
    const g = newGame(tmp.dir);
    expectRefused(g, () => g.undo(), 'NOTHING_TO_UNDO', 'undo');
    expectRefused(g, () => g.redo(), 'NOTHING_TO_REDO', 'redo');
    for (let i = 1; i <= 3; i += 1) g.recordLoss({ unitId: '24-mi', sp: i });
    expect(unit(g, '24-mi').spLost).toBe(6);
    g.undo();
    g.undo();
    expect(unit(g, '24-mi').spLost).toBe(1);
    expect(g.redo().event.seq).toBe(2);
    expect(unit(g, '24-mi').spLost).toBe(3);
    g.recordLoss({ unitId: '24-mi', sp: 4 });
    expect(g.info()).toMatchObject({ canUndo: true, canRedo: false, eventCount: 4 });
    expectRefused(g, () => g.redo(), 'NOTHING_TO_REDO', 'redo');
    expect(unit(g, '24-mi').spLost).toBe(7);
    g.undo();
    g.undo();
    g.undo();
    expect(unit(g, '24-mi').spLost).toBe(0);
    expect(g.redo().event.seq).toBe(1);
    expect(g.redo().event.seq).toBe(2);
    expect(g.redo().event.seq).toBe(4);
    expect(g.verify().ok).toBe(true);
  });

  it('keeps the game across closing and reopening, undo included', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 2 });
    g.recordLoss({ unitId: '6-wi', sp: 1 });
    g.undo();
    g.close();
    const again = GameService.open(g.file);
    expect(again.info()).toMatchObject({ canUndo: true, canRedo: true, eventCount: 2 });
    again.redo();
    expect(unit(again, '6-wi').spLost).toBe(1);
    again.close();
  });

  it('every refusal is a MusterError carrying its field', () => {
    const g = newGame(tmp.dir);
    // A domain check (the unit's own strength) ...
    const e = expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: 9 }), 'INVALID_ARGUMENT', 'sp');
    expect(e).toBeInstanceOf(MusterError);
    expect(e.toInfo()).toEqual({ code: 'INVALID_ARGUMENT', field: 'sp', message: 'sp: 2nd Wisconsin has only 6 SP left; it cannot lose 9' });
    // ... and the contract's limits, checked before the service runs, whoever calls it.
    const limit = expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: 99 }), 'INVALID_ARGUMENT', 'sp');
    expect(limit.toInfo()).toEqual({ code: 'INVALID_ARGUMENT', field: 'sp', message: 'SP must be at most 40 (the largest counter)' });
    // Inputs no JSON caller could send are refused the same typed way, never as a TypeError or RangeError.
    let nested: unknown = 'deep';
    for (let i = 0; i < 10_000; i++) nested = { unitId: nested };
    for (const hostile of [{ unitId: '2-wi', sp: 1n }, nested, { unitId: '2-wi', sp: 1, straggler: Symbol('x') }, [1, 2], 'text']) {
      let caught: unknown;
      try {
        (g.recordLoss as (input: unknown) => unknown)(hostile);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(MusterError);
      expect((caught as MusterError).code).toBe('INVALID_ARGUMENT');
    }
  });
});
