/**
 * The victory tally in the game service (Rev. Victory, Rev. Victory Points for Losses): the Geographic
 * Objectives each side occupies and its Manpower Objective, recorded by the players as undoable events;
 * the result from rules/victory.ts gameVictory (objectives first, then loss points); the guns lost and
 * the divisions they count as; and each side's loss points turn by turn, replayed from the event log.
 * Fixture: tests/fixtures/two-brigades.json (one objective a side, one needed).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { advanceTo, expectRefused, expectUndoRedo, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('Geographic and Manpower Objectives, recorded by the players (RI-S27, RI-S28)', () => {
  it('lists each side\'s objectives, none occupied, and the number needed', () => {
    const g = newGame(tmp.dir);
    expect(g.tally().objectives).toEqual({
      USA: { geographic: [{ id: 'seminary-ridge', name: 'Seminary Ridge', occupied: false }], occupied: 0, required: 1, geographicMet: false, manpowerMet: false },
      CSA: { geographic: [{ id: 'mcpherson-ridge', name: 'McPherson Ridge', occupied: false }], occupied: 0, required: 1, geographicMet: false, manpowerMet: false },
    });
    expect(g.tally().result).toEqual({ winner: null, level: 'draw', by: 'losses', rule: 'Rev. Victory Points for Losses' });
  });

  it('objective and manpower ticks are state changes that undo and redo restore exactly, row for row', () => {
    const g = newGame(tmp.dir);
    expectUndoRedo(g, () => g.setObjective({ side: 'USA', objectiveId: 'seminary-ridge', occupied: true }));
    expectUndoRedo(g, () => g.setManpowerObjective({ side: 'CSA', met: true }));
  });

  it('a side alone occupying its objectives has a Substantial victory; undo and redo take it back and forth', () => {
    const g = newGame(tmp.dir);
    const r = g.setObjective({ side: 'CSA', objectiveId: 'mcpherson-ridge', occupied: true });
    expect(r.event).toMatchObject({ kind: 'objective.occupied', summary: 'CSA occupies McPherson Ridge: 1 of the 1 Geographic Objectives needed' });
    expect(g.tally().objectives.CSA).toMatchObject({ occupied: 1, geographicMet: true });
    expect(g.tally().result).toEqual({ winner: 'CSA', level: 'substantial', by: 'objectives', rule: 'Rev. Victory' });
    // The result on losses alone is still there to read.
    expect(g.tally().byLosses).toEqual({ winner: null, level: 'draw' });
    g.undo();
    expect(g.tally().objectives.CSA.occupied).toBe(0);
    expect(g.tally().result.by).toBe('losses');
    g.redo();
    expect(g.tally().result.winner).toBe('CSA');
    g.setObjective({ side: 'CSA', objectiveId: 'mcpherson-ridge', occupied: false });
    expect(g.tally().result.by).toBe('losses');
    expect(g.verify().ok).toBe(true);
  });

  it('a Manpower Objective met is a Substantial victory too; if both sides achieve theirs, loss points decide (RI-F16)', () => {
    const g = newGame(tmp.dir);
    g.setManpowerObjective({ side: 'USA', met: true });
    expect(g.tally().objectives.USA.manpowerMet).toBe(true);
    expect(g.tally().result).toMatchObject({ winner: 'USA', level: 'substantial', by: 'objectives' });
    g.setObjective({ side: 'CSA', objectiveId: 'mcpherson-ridge', occupied: true });
    expect(g.tally().result).toMatchObject({ winner: null, level: 'draw', by: 'losses' });
    g.undo();
    g.undo();
    expect(g.tally().objectives.USA.manpowerMet).toBe(false);
    expect(g.history({ kinds: ['objective.manpower'] })[0]).toMatchObject({ summary: 'USA Manpower Objective met', undone: true });
  });

  it('refuses an objective not on the side\'s list, a value already recorded, and a missing flag, changing nothing', () => {
    const g = newGame(tmp.dir);
    expectRefused(g, () => g.setObjective({ side: 'USA', objectiveId: 'little-round-top', occupied: true }), 'NOT_FOUND', 'objectiveId');
    // McPherson Ridge is on the CSA's list, not the USA's.
    expectRefused(g, () => g.setObjective({ side: 'USA', objectiveId: 'mcpherson-ridge', occupied: true }), 'NOT_FOUND', 'objectiveId');
    expectRefused(g, () => g.setObjective({ side: 'USA', objectiveId: 'seminary-ridge', occupied: false }), 'INVALID_ARGUMENT', 'occupied');
    expectRefused(g, () => g.setObjective({ side: 'USA', objectiveId: 'seminary-ridge' } as never), 'INVALID_ARGUMENT', 'occupied');
    expectRefused(g, () => g.setObjective({ side: 'UNION', objectiveId: 'seminary-ridge', occupied: true } as never), 'INVALID_ARGUMENT', 'side');
    expectRefused(g, () => g.setManpowerObjective({ side: 'CSA', met: false }), 'INVALID_ARGUMENT', 'met');
    g.endGame();
    expectRefused(g, () => g.setManpowerObjective({ side: 'CSA', met: true }), 'GAME_ENDED', 'game');
  });

  it('the full battle has the revision\'s lists: USA needs any 2, CSA any 5, Staging Areas included', () => {
    const full = GameService.create({ file: tmp.file('full-battle.muster'), scenario: 'gettysburg' }, { seed: 1 });
    const { objectives } = full.tally();
    expect(objectives.USA.required).toBe(2);
    expect(objectives.CSA.required).toBe(5);
    expect(objectives.USA.geographic.map((o) => o.name)).toEqual(expect.arrayContaining(['Staging Area 1', 'Staging Area 2']));
    expect(objectives.CSA.geographic.map((o) => o.name)).toEqual(expect.arrayContaining(['Staging Area 10', 'Staging Area 11']));
    const first = objectives.CSA.geographic.slice(0, 5);
    for (const o of first.slice(0, 4)) full.setObjective({ side: 'CSA', objectiveId: o.id, occupied: true });
    expect(full.tally().result.by).toBe('losses');
    full.setObjective({ side: 'CSA', objectiveId: first[4]!.id, occupied: true });
    expect(full.tally().result).toMatchObject({ winner: 'CSA', level: 'substantial', by: 'objectives' });
    full.close();
  });
});

describe('guns lost for Manpower Objectives (RI-S28)', () => {
  it('30 guns destroyed or captured count as a division', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: 'hall-me', sp: 6 });
    g.captureGuns({ unitId: 'crenshaw', sp: 4 });
    expect(g.tally().usa).toMatchObject({ gunsLost: 6, divisionsFromGuns: 0 });
    expect(g.tally().csa).toMatchObject({ gunsLost: 4, divisionsFromGuns: 0 });
  });
});

describe('loss points turn by turn, from the event log (RI-S29)', () => {
  it('gives each side\'s points at the end of every turn from the first to the current one; undone events do not count', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 3 }); // USA 3 infantry
    g.recordLoss({ unitId: '1-tn', sp: 2 }); // CSA 2 infantry
    g.recordLoss({ unitId: '1-tn', sp: 1 });
    g.undo(); // not counted
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'I', phase: 'A' });
    advanceTo(g, { turnId: '1863-07-01T0820', segment: 'I', phase: 'A' });
    g.recordLoss({ unitId: '8-il-cav', sp: 1 }); // USA +2
    g.recordLoss({ unitId: '7-tn', sp: 1, straggler: true }); // CSA +1 while the stragglers are out
    g.leaderCasualty({ leaderId: 'heth', roll: 2 }); // CSA +2 x 3 = 6
    const byTurn = g.tally().lossesByTurn;
    expect(byTurn).toEqual([
      { turnId: '1863-07-01T0740', date: '1863-07-01', time: '0740', USA: 3, CSA: 2 },
      { turnId: '1863-07-01T0800', date: '1863-07-01', time: '0800', USA: 3, CSA: 2 },
      { turnId: '1863-07-01T0820', date: '1863-07-01', time: '0820', USA: 5, CSA: 9 },
    ]);
    expect(byTurn.at(-1)).toMatchObject({ USA: g.tally().usa.lossPoints, CSA: g.tally().csa.lossPoints });
  });

  it('property: the last turn\'s points are the tally\'s, and there is one point per turn played, whatever the players record and undo', () => {
    const unitIds = ['2-wi', '6-wi', '8-il-cav', 'hall-me', '1-tn', '13-al', 'crenshaw'];
    type Op = { kind: 'loss'; unit: string; straggler: boolean } | { kind: 'advance' } | { kind: 'undo' } | { kind: 'casualty'; leader: string };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('loss' as const), unit: fc.constantFrom(...unitIds), straggler: fc.boolean() }),
      fc.constant({ kind: 'advance' as const }),
      fc.constant({ kind: 'undo' as const }),
      fc.record({ kind: fc.constant('casualty' as const), leader: fc.constantFrom('reynolds', 'wadsworth', 'heth', 'hill') }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const g = newGame(tmp.dir);
        try {
          for (const o of ops) {
            try {
              if (o.kind === 'loss') g.recordLoss({ unitId: o.unit, sp: 1, straggler: o.straggler });
              else if (o.kind === 'advance') for (let i = 0; i < 4; i += 1) g.advanceClock();
              else if (o.kind === 'undo') g.undo();
              else g.leaderCasualty({ leaderId: o.leader });
            } catch (e) {
              // Refusals (a straggler loss of artillery, nothing to undo...) change nothing.
              if (!(e instanceof Error && e.name === 'MusterError')) throw e;
            }
          }
          const t = g.tally();
          const turnIndex = g.info().clock.turnIndex;
          expect(t.lossesByTurn).toHaveLength(turnIndex + 1);
          expect(t.lossesByTurn.at(-1)).toMatchObject({ turnId: g.info().clock.turnId, USA: t.usa.lossPoints, CSA: t.csa.lossPoints });
        } finally {
          g.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("the scenario's objectives, corrected to the players' scenario sheet (RI-D13)", () => {
  it('renames an objective and sets how many a side needs, before play as setup edits, logged and undoable', () => {
    const g = newGame(tmp.dir);
    expectUndoRedo(g, () => g.editObjectives({ side: 'USA', objectiveId: 'seminary-ridge', name: "McPherson's Woods" }));
    expect(g.tally().objectives.USA.geographic).toEqual([{ id: 'seminary-ridge', name: "McPherson's Woods", occupied: false }]);
    expect(g.history({ limit: 1 })[0]).toMatchObject({ kind: 'setup.objective', summary: "USA Geographic Objectives: Seminary Ridge renamed McPherson's Woods" });
    expectUndoRedo(g, () => g.editObjectives({ side: 'CSA', required: 0 }));
    expect(g.tally().objectives.CSA).toMatchObject({ required: 0, geographicMet: true });
    expect(g.info().started).toBe(false);
    g.close();
  });

  it('refuses what no sheet could say, in words at the field, and writes nothing', () => {
    const g = newGame(tmp.dir);
    const more = expectRefused(g, () => g.editObjectives({ side: 'USA', required: 2 }), 'INVALID_ARGUMENT', 'required', 'Rev. Victory');
    expect(more.message).toContain('the USA lists 1 objective, so it cannot need 2');
    expectRefused(g, () => g.editObjectives({ side: 'USA', objectiveId: 'cemetery-hill', name: 'Cemetery Hill' }), 'NOT_FOUND', 'objectiveId');
    expectRefused(g, () => g.editObjectives({ side: 'USA' }), 'INVALID_ARGUMENT', 'name');
    g.close();
  });

  it('once play has begun, is a correction that needs its reason', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expectRefused(g, () => g.editObjectives({ side: 'CSA', required: 0 }), 'INVALID_ARGUMENT', 'reason', 'Rev. Victory');
    g.editObjectives({ side: 'CSA', required: 0, reason: 'the scenario sheet needs none' });
    expect(g.history({ limit: 1 })[0]).toMatchObject({ kind: 'setup.correction', summary: 'Correction: CSA Geographic Objectives: needs 0 (was 1) (the scenario sheet needs none)' });
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});
