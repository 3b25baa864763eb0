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

describe('losses', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
  });

  it('records an infantry SP loss, undoably, and the tally counts 1 point per infantry SP', () => {
    expectUndoRedo(g, () => g.recordLoss({ unitId: '6-wi', sp: 3, cause: 'small-arms' }));
    expect(unit(g, '6-wi')).toMatchObject({ spLost: 3, currentSp: 4, status: 'ordered' });
    expect(g.tally().usa).toMatchObject({ lossPoints: 3, infantrySp: 3 });
    expect(g.history()[0]).toMatchObject({ kind: 'loss.sp', summary: '6th Wisconsin loses 3 SP (small-arms)', changes: [{ table: 'units', key: '6-wi', field: 'sp_lost', before: 0, after: 3 }, { table: 'game', field: 'started', before: 0, after: 1 }] });
  });

  it('records straggler losses apart (infantry only) and counts them as losses while unrecovered (RI-S04, RI-S05)', () => {
    expectUndoRedo(g, () => g.recordLoss({ unitId: '7-wi', sp: 2, straggler: true }));
    expect(unit(g, '7-wi')).toMatchObject({ spLost: 0, stragglers: 2, currentSp: 5 });
    expect(g.tally().usa.lossPoints).toBe(2);
    expectRefused(g, () => g.recordLoss({ unitId: '8-il-cav', sp: 1, straggler: true }), 'RULES_FORBID', 'straggler', 'Rev. Infantry Stragglers');
    expectRefused(g, () => g.recordLoss({ unitId: 'hall-me', sp: 1, straggler: true }), 'RULES_FORBID', 'straggler', 'Rev. Infantry Stragglers');
  });

  it('turns artillery losses from small-arms fire into abandoned guns; other artillery losses are destroyed guns', () => {
    expectUndoRedo(g, () => g.recordLoss({ unitId: 'hall-me', sp: 2, cause: 'small-arms' }));
    expect(unit(g, 'hall-me')).toMatchObject({ abandonedGuns: 2, spLost: 0, currentSp: 4, destroyedGuns: 0 });
    expectUndoRedo(g, () => g.recordLoss({ unitId: 'crenshaw', sp: 1, cause: 'artillery' }));
    expect(unit(g, 'crenshaw')).toMatchObject({ spLost: 1, destroyedGuns: 1, currentSp: 3 });
    expect(g.tally().csa).toMatchObject({ lossPoints: 2, artilleryDestroyedSp: 1, gunsLost: 1 });
    expect(g.tally().usa).toMatchObject({ lossPoints: 0, abandonedGunsPending: 2 });
  });

  it('counts cavalry SPs double and eliminates a unit with nothing left (RI-S07)', () => {
    g.recordLoss({ unitId: '8-il-cav', sp: 9 });
    expect(unit(g, '8-il-cav')).toMatchObject({ spLost: 9, currentSp: 0, status: 'eliminated' });
    expect(g.tally().usa).toMatchObject({ lossPoints: 18, cavalrySp: 9 });
  });

  it('refuses unknown units, bad SPs, losses beyond current strength and bad causes', () => {
    g.recordLoss({ unitId: '2-wi', sp: 4 });
    expectRefused(g, () => g.recordLoss({ unitId: 'nobody', sp: 1 }), 'NOT_FOUND', 'unitId');
    expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: -1 }), 'INVALID_ARGUMENT', 'sp');
    expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: 0 }), 'INVALID_ARGUMENT', 'sp');
    expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: 1.5 }), 'INVALID_ARGUMENT', 'sp');
    expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: '1' as unknown as number }), 'INVALID_ARGUMENT', 'sp');
    expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: 3 }), 'INVALID_ARGUMENT', 'sp');
    expectRefused(g, () => g.recordLoss({ unitId: '2-wi', sp: 1, cause: 'cannonball' as 'other' }), 'INVALID_ARGUMENT', 'cause');
  });

  it('records losses of a unit whose arrival was not recorded, but gives it no orders (RI-S23)', () => {
    g.recordLoss({ unitId: '76-ny', sp: 1 });
    expect(unit(g, '76-ny')).toMatchObject({ onMap: false, spLost: 1 });
    expectRefused(g, () => g.setOrders({ unitId: '76-ny', order: 'HOLD' }), 'RULES_FORBID', 'unitId', 'Rev. Variable Arrival of Reinforcements');
    expectRefused(g, () => g.setOrders({ commandId: 'cutler', order: 'HOLD' }), 'RULES_FORBID', 'commandId', 'Rev. Variable Arrival of Reinforcements');
  });

  it('captures guns directly (3 points each) and refuses it for other arms', () => {
    expectUndoRedo(g, () => g.captureGuns({ unitId: 'marye', sp: 4 }));
    expect(unit(g, 'marye')).toMatchObject({ spLost: 4, capturedGuns: 4, status: 'eliminated' });
    expect(g.tally().csa).toMatchObject({ lossPoints: 12, artilleryCapturedSp: 4, gunsLost: 4 });
    expectRefused(g, () => g.captureGuns({ unitId: '1-tn', sp: 1 }), 'INVALID_ARGUMENT', 'unitId');
    expectRefused(g, () => g.captureGuns({ unitId: 'crenshaw', sp: 5 }), 'INVALID_ARGUMENT', 'sp');
  });
});

describe('unit state', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
  });

  it('changes fatigue within the levels, undoably (RI-S20)', () => {
    expectUndoRedo(g, () => g.setFatigue({ unitId: '19-in', level: 2 }));
    expect(unit(g, '19-in').fatigue).toBe(2);
    expectRefused(g, () => g.setFatigue({ unitId: '19-in', level: 5 }), 'INVALID_ARGUMENT', 'level');
    expectRefused(g, () => g.setFatigue({ unitId: '19-in', level: 2 }), 'INVALID_ARGUMENT', 'level');
    expectRefused(g, () => g.setFatigue({ unitId: 'hall-me', level: 1 }), 'RULES_FORBID', 'unitId');
  });

  it('changes status; a shattered unit receives its Default Order at once', () => {
    expectUndoRedo(g, () => g.setStatus({ unitId: '1-tn', status: 'disordered' }));
    expect(unit(g, '1-tn')).toMatchObject({ status: 'disordered', effectiveOrder: 'MRCH' });
    expectUndoRedo(g, () => g.setStatus({ unitId: '1-tn', status: 'shattered' }));
    expect(unit(g, '1-tn')).toMatchObject({ status: 'shattered', effectiveOrder: 'HOLD', orderSource: 'unit' });
    expectRefused(g, () => g.setStatus({ unitId: '1-tn', status: 'panicked' as 'routed' }), 'INVALID_ARGUMENT', 'status');
  });

  it('sets flags; only units that can dismount mount', () => {
    expectUndoRedo(g, () => g.setUnitFlags({ unitId: '8-ny-cav', mounted: true, outOfAmmo: true }));
    expect(unit(g, '8-ny-cav')).toMatchObject({ mounted: true, outOfAmmo: true });
    expectUndoRedo(g, () => g.setUnitFlags({ unitId: '24-mi', extendedColumn: true, strategicMovement: true }));
    expectRefused(g, () => g.setUnitFlags({ unitId: '24-mi', mounted: true }), 'RULES_FORBID', 'mounted', 'Rev. Cavalry');
    expectRefused(g, () => g.setUnitFlags({ unitId: '24-mi' }), 'INVALID_ARGUMENT', 'mounted');
  });

  it('skirmishers: the rulebook example, 3 regts lost 6 SPs each and 1 regt lost 4: the skirmishing regt loses 2', () => {
    expectUndoRedo(g, () => g.designateSkirmishers({ unitId: '2-wi' }));
    expect(unit(g, '2-wi')).toMatchObject({ skirmishers: true, skirmishingFor: 'iron' });
    expectRefused(g, () => g.designateSkirmishers({ unitId: '6-wi' }), 'RULES_FORBID', 'unitId', 'Rev. Skirmishers');
    g.recordLoss({ unitId: '6-wi', sp: 6 });
    g.recordLoss({ unitId: '7-wi', sp: 6 });
    g.recordLoss({ unitId: '19-in', sp: 6 });
    g.recordLoss({ unitId: '24-mi', sp: 4 });
    expectUndoRedo(g, () => g.recallSkirmishers({ commandId: 'iron' }));
    expect(unit(g, '2-wi')).toMatchObject({ skirmishers: false, spLost: 2 });
  });

  it('skirmishers: 3 regts lose 6 each, 1 other regt loses 1 SP: the skirmisher loses 0', () => {
    g.designateSkirmishers({ unitId: '2-wi' });
    for (const id of ['6-wi', '7-wi', '19-in']) g.recordLoss({ unitId: id, sp: 6 });
    g.recordLoss({ unitId: '24-mi', sp: 1 });
    g.recallSkirmishers({ commandId: 'iron' });
    expect(unit(g, '2-wi')).toMatchObject({ skirmishers: false, spLost: 0 });
  });

  it('skirmishers: cavalry brigades and weak regiments may not; recall needs skirmishers out and ME', () => {
    expectRefused(g, () => g.designateSkirmishers({ unitId: '8-il-cav' }), 'RULES_FORBID', 'unitId', 'Rev. Skirmishers');
    g.recordLoss({ unitId: '2-wi', sp: 4 }); // 2 SP left: less than half of 7, 7, 6, 10
    expectRefused(g, () => g.designateSkirmishers({ unitId: '2-wi' }), 'RULES_FORBID', 'unitId', 'Rev. Skirmishers');
    expectRefused(g, () => g.designateSkirmishers({ unitId: '6-wi', brigadeAtMe: false }), 'RULES_FORBID', 'unitId', 'Rev. Skirmishers');
    expectRefused(g, () => g.recallSkirmishers({ commandId: 'iron' }), 'RULES_FORBID', 'commandId', 'Rev. Skirmishers');
    g.designateSkirmishers({ unitId: '6-wi' });
    expectRefused(g, () => g.recallSkirmishers({ commandId: 'iron', brigadeAtMe: false }), 'RULES_FORBID', 'brigadeAtMe', 'Rev. Skirmishers');
  });
});

describe('orders', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
  });

  it('a command\'s order flows down to commands and units without their own', () => {
    expectUndoRedo(g, () => g.setOrders({ commandId: 'usa-i', order: 'SKPD' }));
    expect(unit(g, '2-wi')).toMatchObject({ effectiveOrder: 'SKPD', orderSource: 'usa-i' });
    expect(unit(g, '8-il-cav')).toMatchObject({ effectiveOrder: 'SKPD', orderSource: 'usa-cav' });
    g.setOrders({ commandId: 'iron', order: 'ASLT' });
    expect(unit(g, '2-wi')).toMatchObject({ effectiveOrder: 'ASLT', orderSource: 'iron' });
    g.setOrders({ commandId: 'iron', order: null });
    expect(unit(g, '2-wi')).toMatchObject({ effectiveOrder: 'SKPD', orderSource: 'usa-i' });
  });

  it('refuses ME-required orders for an ineffective command and a shattered unit (Rev. Ineffective Commands...)', () => {
    expectRefused(g, () => g.setOrders({ commandId: 'hall-me' as string, order: 'HOLD' }), 'NOT_FOUND', 'commandId');
    expectRefused(g, () => g.setOrders({ commandId: 'usa-i-art', order: 'ASLT' }), 'RULES_FORBID', 'order', 'Rev. Orders Table');
    expectRefused(g, () => g.setOrders({ commandId: 'usa-army', order: null }), 'RULES_FORBID', 'order', 'Rev. Orders Segment');
    expectRefused(g, () => g.setOrders({ commandId: 'iron', unitId: '2-wi', order: 'HOLD' }), 'INVALID_ARGUMENT', 'commandId');
    expectRefused(g, () => g.setOrders({ commandId: 'iron', order: 'CHARGE' as 'ASLT' }), 'INVALID_ARGUMENT', 'order');
    expectUndoRedo(g, () => g.setCommandMarkers({ commandId: 'archer', ineffective: true }));
    // Becoming ineffective gives the command its Default Order at once.
    expect(g.commandTree({ viewer: 'both' })[1]!.children[0]!.children[0]!.children.find((c) => c.id === 'archer')).toMatchObject({ ineffective: true, ownOrder: 'HOLD' });
    // Once play has begun its orders change by attempts, which may not give it an ME-required order.
    for (const order of ['ASLT', 'SUPT', 'MRCH'] as const) {
      expectRefused(g, () => g.attemptOrderChange({ commandId: 'archer', order, roll: 0 }), 'RULES_FORBID', 'order', /Ineffective Commands/);
    }
    g.setStatus({ unitId: '2-wi', status: 'shattered' });
    expectRefused(g, () => g.setOrders({ unitId: '2-wi', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'wadsworth' }), 'RULES_FORBID', 'stackedWithLeaderId', /Shattered/);
  });

  it('Commander\'s Initiative orders are given in the Orders Segment and expire at the end of the turn (RI-S10)', () => {
    expectRefused(g, () => g.setOrders({ unitId: '24-mi', order: 'ASLT', commandersInitiative: true }), 'INVALID_ARGUMENT', 'stackedWithLeaderId');
    expectRefused(g, () => g.setOrders({ unitId: '24-mi', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'meredith' }), 'RULES_FORBID', 'stackedWithLeaderId', "Rev. Commander's Initiative");
    expectRefused(g, () => g.setOrders({ unitId: '24-mi', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'heth' }), 'RULES_FORBID', 'stackedWithLeaderId', "Rev. Commander's Initiative");
    expectUndoRedo(g, () => g.setOrders({ unitId: '24-mi', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'wadsworth' }), 'USA');
    expect(unit(g, '24-mi')).toMatchObject({ effectiveOrder: 'ASLT', orderSource: 'unit', orderExpires: true });
    advanceTo(g, { segment: 'II', phase: 'A' });
    expectRefused(g, () => g.setOrders({ unitId: '19-in', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'reynolds' }), 'RULES_FORBID', 'commandersInitiative', "Rev. Commander's Initiative");
    expect(unit(g, '24-mi').effectiveOrder).toBe('ASLT');
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'I', phase: 'A' });
    // The unit follows its command's order again.
    expect(unit(g, '24-mi')).toMatchObject({ effectiveOrder: 'HOLD', orderSource: 'usa-army', orderExpires: false });
    expect(g.history({ kinds: ['clock.advanced'], limit: 1 })[0]!.summary).toContain("1 Commander's Initiative order(s) expired");
  });

  it('an automatic attempt (to the Default Order) rolls against the officer\'s rating with itemised DRMs', () => {
    let result!: ReturnType<GameService['attemptOrderChange']>;
    expectUndoRedo(g, () => {
      result = g.attemptOrderChange({ commandId: 'archer', order: 'HOLD', superiorsInRange: ['heth'], roll: 3 });
    }, 'CSA');
    expect(result).toMatchObject({ automatic: true, success: true, rating: 3 });
    // MRCH +1 from the Orders Table, -1 for Heth in range: 3 + 0 = 3 <= 3.
    expect(result.drm).toEqual({
      total: 0,
      items: [
        { label: 'Superior leaders in chain of command within range (1 x -1)', value: -1, rule: 'Rev. Order Change DRMs' },
        { label: 'Orders Table DRM (MRCH)', value: 1, rule: 'Rev. Order Change DRMs' },
      ],
    });
    expect(result.dice).toEqual([expect.objectContaining({ source: 'table', roll: 3, modified: 3, target: '<= 3', outcome: 'success', modifiers: result.drm })]);
    expect(unit(g, '1-tn')).toMatchObject({ effectiveOrder: 'HOLD', orderSource: 'archer' });
  });

  it('non-automatic attempts need the army commander\'s pre-roll; a failed division bars its brigades (RI-C06, RI-S16)', () => {
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'heth-div', order: 'ASLT', roll: 0 }), 'RULES_FORBID', 'order', 'Rev. Non-Automatic Order Change Attempts');
    advanceTo(g, { segment: 'I', phase: 'B' });
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'heth-div', order: 'ASLT', roll: 0 }), 'RULES_FORBID', 'commandId', 'Rev. Non-Automatic Order Change Attempts');
    // Lee's rating 6: a roll <= 3 passes.
    const pre = g.orderPreRoll({ side: 'CSA', roll: 3 });
    expect(pre.success).toBe(true);
    expect(pre.dice[0]).toMatchObject({ target: '<= 3', outcome: 'passed' });
    expectRefused(g, () => g.orderPreRoll({ side: 'CSA', roll: 0 }), 'RULES_FORBID', 'side', 'Rev. Non-Automatic Order Change Attempts');
    const attempt = g.attemptOrderChange({ commandId: 'heth-div', order: 'ASLT', superiorsUsingRating: ['hill'], roll: 9 });
    // 9 + MRCH 1 - Hill's rating 3 = 7 > Heth's 3.
    expect(attempt).toMatchObject({ automatic: false, success: false });
    expect(attempt.dice[0]!.modified).toBe(7);
    expect(g.leaders({ viewer: 'CSA' }).find((l) => l.id === 'hill')).toMatchObject({ pointsUsed: true, pointsUsedFor: 'order-change' });
    expect(g.turnState({ viewer: 'CSA' }).orderChangeFailed).toEqual(['heth-div']);
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'archer', order: 'ASLT', roll: 0 }), 'RULES_FORBID', 'commandId', 'Rev. Commands and Orders');
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'heth-div', order: 'ASLT', roll: 0 }), 'RULES_FORBID', 'commandId');
    // Hill's points are spent for the turn.
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'pegram', order: 'BOMB', superiorsUsingRating: ['hill'], roll: 0 }), 'RULES_FORBID', 'superiorsUsingRating[0]', 'Rev. Leaders and Activation');
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'pegram', order: 'BOMB', superiorsInRange: ['meade'], roll: 0 }), 'INVALID_ARGUMENT', 'superiorsInRange[0]');
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'pegram', order: 'BOMB', roll: 10 }), 'INVALID_ARGUMENT', 'roll');
    // A failed USA pre-roll allows no non-automatic attempts.
    g.orderPreRoll({ side: 'USA', roll: 9 });
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 }), 'RULES_FORBID', 'commandId', 'Rev. Non-Automatic Order Change Attempts');
  });

  it('app rolls come from the seeded die and are logged with the attempt', () => {
    const r = g.attemptOrderChange({ commandId: 'archer', order: 'HOLD' });
    expect(r.dice[0]).toMatchObject({ source: 'app', purpose: 'Order change: Archer\'s Brigade MRCH -> HOLD' });
    expect(g.diceLog({ viewer: 'CSA' })[0]!.seq).toBe(r.dice[0]!.seq);
  });
});

describe('initiative and activation', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
  });

  it('rolls for initiative: the army commander\'s points are added and spent with his movement', () => {
    let r!: ReturnType<GameService['rollInitiative']>;
    expectUndoRedo(g, () => {
      r = g.rollInitiative({ armyPoints: { USA: true, CSA: false }, rolls: { USA: 2, CSA: 6 } });
    });
    expect(r.winner).toBe('USA');
    expect(r.totals.USA.total).toBe(5);
    expect(r.dice.map((d) => [d.purpose, d.roll, d.modified, d.outcome])).toEqual([
      ['Initiative: USA', 2, 7, 'wins the Initiative'],
      ['Initiative: CSA', 6, 6, 'loses the Initiative'],
    ]);
    expect(g.leaders().find((l) => l.id === 'meade')).toMatchObject({ pointsUsedFor: 'initiative', moved: true });
    expect(g.turnState()).toMatchObject({ initiative: 'USA', sideToAct: 'USA', armyPointsForInitiative: { USA: true, CSA: false } });
    expectRefused(g, () => g.rollInitiative({ armyPoints: { USA: false, CSA: false } }), 'RULES_FORBID', 'armyPoints', 'Rev. Initiative Segment');
  });

  it('tied typed rolls are recorded and rolled again; app rolls repeat until there is a winner (RI-S17)', () => {
    const tie = g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 4, CSA: 4 } });
    expect(tie.winner).toBeNull();
    expect(g.turnState().initiative).toBeNull();
    expect(g.diceLog()).toHaveLength(2);
    const r = g.rollInitiative({ armyPoints: { USA: false, CSA: false } });
    expect(r.winner).not.toBeNull();
    expect(r.dice.length % 2).toBe(0);
    expectRefused(g, () => g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 3 } }), 'INVALID_ARGUMENT', 'rolls');
    expectRefused(g, () => g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 3, CSA: 1 } }), 'RULES_FORBID', 'armyPoints', 'Rev. Initiative Segment');
  });

  it('the previous turn\'s winner holds the +1 Initiative Modifier next turn, unless the players say otherwise (RI-S11)', () => {
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'II', phase: 'A' });
    expect(g.turnState()).toMatchObject({ initiative: null, initiativeModifier: 'USA' });
    const r = g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 3, CSA: 3 } });
    expect(r).toMatchObject({ winner: 'USA', totals: { USA: { total: 1 } } });
  });

  it('activation alternates from the Initiative player, whose first activation is at ME; three passes end the phase (RI-S18)', () => {
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    expectRefused(g, () => g.pass({ side: 'USA' }), 'RULES_FORBID', 'side', 'Rev. Activation Segment');
    advanceTo(g, { segment: 'III', phase: 'A' });
    expectRefused(g, () => g.activateRe({ commandId: 'archer' }), 'RULES_FORBID', 'commandId', 'Rev. Activation Segment');
    let first!: ReturnType<GameService['attemptActivation']>;
    expectUndoRedo(g, () => {
      first = g.attemptActivation({ commandId: 'usa-i' });
    });
    expect(first).toMatchObject({ effectiveness: 'ME', dice: [] });
    // Heth's division is under MRCH, an ME order: it must try for ME (3 + 1 division; 2 + 1 = 3 <= 3).
    expectRefused(g, () => g.activateRe({ commandId: 'heth-div' }), 'RULES_FORBID', 'commandId', 'Rev. Activation Segment');
    const csa = g.attemptActivation({ commandId: 'heth-div', roll: 2 });
    expect(csa).toMatchObject({ effectiveness: 'ME', rating: 3, drm: { total: 1 } });
    expect(csa.dice[0]).toMatchObject({ roll: 2, modified: 3, outcome: 'ME' });
    // A brigade of a division that tried for ME may not try on its own (RI-C07).
    g.pass({ side: 'USA' });
    expectRefused(g, () => g.attemptActivation({ commandId: 'archer', roll: 0 }), 'RULES_FORBID', 'commandId', 'Rev. Activation Segment');
    g.pass({ side: 'CSA' });
    const third = g.pass({ side: 'USA' });
    expect(third).toMatchObject({ passesInRow: 3, phaseOver: true });
    expectRefused(g, () => g.pass({ side: 'CSA' }), 'RULES_FORBID', 'side', 'Rev. Activation Segment');
    // The Out-of-Command phase starts again with the Initiative player.
    g.advanceClock();
    expect(g.turnState()).toMatchObject({ sideToAct: 'USA', passesInRow: 0 });
  });

  it('a failed ME roll goes to the Confusion Table; superiors in range lend their ratings once per turn', () => {
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.activateRe({ commandId: 'pegram' });
    const r = g.attemptActivation({ commandId: 'iron', superiorsInRange: ['wadsworth'], roll: 7 });
    // 7 - Wadsworth's 3 = 4 > Meredith's 3.
    expect(r).toMatchObject({ effectiveness: 'confusion', rating: 3 });
    expect(r.dice[0]).toMatchObject({ modified: 4, outcome: 'Confusion Table' });
    expect(g.leaders().find((l) => l.id === 'wadsworth')!.pointsUsedFor).toBe('activation');
    expectRefused(g, () => g.attemptActivation({ commandId: 'usa-army', roll: 0 }), 'INVALID_ARGUMENT', 'commandId', 'Rev. Activation Segment');
  });
});

describe('leaders', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
  });

  it('a leader casualty roll of 0-4 kills; the tally counts a killed commander stars x rating', () => {
    let r!: ReturnType<GameService['leaderCasualty']>;
    expectUndoRedo(g, () => {
      r = g.leaderCasualty({ leaderId: 'reynolds', roll: 3 });
    });
    expect(r.result).toBe('KIA');
    expect(g.tally().usa).toMatchObject({ lossPoints: 8, commandersKilled: [{ leaderId: 'reynolds', stars: 2, rating: 4 }] });
    expectRefused(g, () => g.leaderCasualty({ leaderId: 'reynolds', roll: 5 }), 'RULES_FORBID', 'leaderId', 'Rev. Leader Losses');
  });

  it('5-9 wounds: half stars x rating; brigade leaders are not counted (RI-S06)', () => {
    expect(g.leaderCasualty({ leaderId: 'heth', roll: 9 }).result).toBe('WIA');
    g.leaderCasualty({ leaderId: 'archer-l', roll: 0 });
    expect(g.tally().csa).toMatchObject({ lossPoints: 3, commandersWounded: [{ leaderId: 'heth' }], commandersKilled: [] });
  });

  it('a fallen leader is replaced; an unreplaced one cannot roll for his command', () => {
    g.leaderCaptured({ leaderId: 'archer-l' });
    expect(g.leaders().find((l) => l.id === 'archer-l')!.casualty).toBe('captured');
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'archer', order: 'HOLD', roll: 0 }), 'RULES_FORBID', 'commandId');
    expectUndoRedo(g, () => g.replaceLeader({ leaderId: 'archer-l', rating: 2 }));
    expect(g.attemptOrderChange({ commandId: 'archer', order: 'HOLD', roll: 1 })).toMatchObject({ rating: 2, success: true });
    expectRefused(g, () => g.replaceLeader({ leaderId: 'meade' }), 'RULES_FORBID', 'leaderId');
  });
});

describe('leaders arriving and the acting US army commander', () => {
  it('a leader arriving on his own enters at his scheduled turn, without a roll (RI-S12)', () => {
    const g = newGame(tmp.dir);
    expect(g.leaders().find((l) => l.id === 'buford')).toMatchObject({ onMap: false, arrivalTurnId: '1863-07-01T0800', arrivalArea: 'Emmitsburg Road' });
    expectRefused(g, () => g.leaderArrives({ leaderId: 'buford' }), 'RULES_FORBID', 'leaderId', 'Rev. Variable Arrival of Reinforcements');
    expectRefused(g, () => g.leaderArrives({ leaderId: 'meredith' }), 'INVALID_ARGUMENT', 'leaderId');
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'I', phase: 'A' });
    expectUndoRedo(g, () => g.leaderArrives({ leaderId: 'buford' }));
    expect(g.leaders().find((l) => l.id === 'buford')!.onMap).toBe(true);
    // Cutler comes with his brigade's group.
    expect(g.leaders().find((l) => l.id === 'cutler-l')!.onMap).toBe(false);
    advanceTo(g, { turnId: '1863-07-01T0820', segment: 'I', phase: 'A' });
    g.attemptReinforcement({ side: 'USA', groupId: 'cutler-arrives' });
    expect(g.leaders().find((l) => l.id === 'cutler-l')!.onMap).toBe(true);
  });

  it('in the full battle the US wing commander acts for Meade until Meade arrives; then a chosen successor', () => {
    const g = GameService.create({ file: tmp.file('full.muster'), scenario: 'gettysburg' }, { seed: 1 });
    expect(g.roster()).toHaveLength(587);
    expect(g.info().armyCommanders).toEqual({
      USA: { leaderId: 'usa-reynolds-wing', name: expect.any(String), onMap: false },
      CSA: { leaderId: 'csa-lee', name: expect.any(String), onMap: false },
    });
    // Off the map, the pre-roll needs a 0.
    advanceTo(g, { segment: 'I', phase: 'B' });
    expect(g.orderPreRoll({ side: 'USA', roll: 1 }).success).toBe(false);
    g.leaderCasualty({ leaderId: 'usa-reynolds-wing', roll: 0 });
    expect(g.info().armyCommanders.USA).toBeNull();
    advanceTo(g, { segment: 'II', phase: 'A' });
    expectRefused(g, () => g.rollInitiative({ armyPoints: { USA: false, CSA: false } }), 'RULES_FORBID', 'armyPoints.USA', 'Rev. US Wing/Grand Division Commanders');
    const corps = g.leaders().find((l) => l.side === 'USA' && l.role === 'corps')!;
    expectRefused(g, () => g.chooseUsSuccessor({ leaderId: 'csa-lee' }), 'INVALID_ARGUMENT', 'leaderId');
    expectUndoRedo(g, () => g.chooseUsSuccessor({ leaderId: corps.id }));
    expect(g.info().armyCommanders.USA).toMatchObject({ leaderId: corps.id });
    g.close();
  });
});

describe('the day\'s end: abandoned guns and stragglers', () => {
  it('abandoned guns are resolved at 2400 (returned or captured) before the day may end (RI-S08)', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: 'hall-me', sp: 2, cause: 'small-arms' });
    g.recordLoss({ unitId: 'crenshaw', sp: 3, cause: 'small-arms' });
    expectRefused(g, () => g.resolveAbandonedGuns({ unitId: 'hall-me', outcome: 'returned' }), 'RULES_FORBID', 'outcome', 'Rev. Abandoned Guns');
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'IV', phase: 'C' });
    expect(g.info().clock.due.map((d) => d.kind)).toEqual(['abandoned-guns']);
    expectRefused(g, () => g.advanceClock(), 'RULES_FORBID', 'clock', 'Rev. Abandoned Guns');
    expectRefused(g, () => g.endGame(), 'RULES_FORBID', 'game', 'Rev. Abandoned Guns');
    expectUndoRedo(g, () => g.resolveAbandonedGuns({ unitId: 'hall-me', outcome: 'returned' }));
    expect(unit(g, 'hall-me')).toMatchObject({ abandonedGuns: 0, spLost: 0, currentSp: 6 });
    expectUndoRedo(g, () => g.resolveAbandonedGuns({ unitId: 'crenshaw', outcome: 'captured' }));
    expect(unit(g, 'crenshaw')).toMatchObject({ abandonedGuns: 0, spLost: 3, capturedGuns: 3, currentSp: 1 });
    expect(g.tally().csa).toMatchObject({ lossPoints: 9, artilleryCapturedSp: 3 });
    expectRefused(g, () => g.resolveAbandonedGuns({ unitId: 'crenshaw', outcome: 'returned' }), 'RULES_FORBID', 'unitId', 'Rev. Abandoned Guns');
    next(g);
    expect(g.info().clock.turnId).toBe('1863-07-02T0200');
  });

  it('brigades designated at 2400 recover half their stragglers (rounded up) at 0400 (RI-S15)', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '6-wi', sp: 3, straggler: true });
    g.recordLoss({ unitId: '7-wi', sp: 1, straggler: true });
    g.recordLoss({ unitId: '1-tn', sp: 2, straggler: true });
    expectRefused(g, () => g.setCommandMarkers({ commandId: 'iron', recovery: true }), 'RULES_FORBID', 'recovery', 'Rev. Infantry Stragglers');
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'II', phase: 'B' });
    // Archer's brigade is under MRCH, which cannot recover stragglers.
    expectRefused(g, () => g.setCommandMarkers({ commandId: 'archer', recovery: true }), 'RULES_FORBID', 'recovery', 'Rev. Orders Table');
    expectRefused(g, () => g.setCommandMarkers({ commandId: 'usa-i-1', recovery: true }), 'RULES_FORBID', 'recovery', 'Rev. Infantry Stragglers');
    expectUndoRedo(g, () => g.setCommandMarkers({ commandId: 'iron', recovery: true }));
    advanceTo(g, { turnId: '1863-07-02T0400', segment: 'IV', phase: 'A' });
    const before = g.roster();
    expectUndoRedo(g, () => g.advanceClock());
    expect(g.info().clock.label).toBe('IV.B Fatigue & Straggler Recovery Phase');
    expect(unit(g, '6-wi').stragglers).toBe(1); // 3 -> recovers 2
    expect(unit(g, '7-wi').stragglers).toBe(0); // 1 -> recovers 1
    expect(unit(g, '1-tn').stragglers).toBe(2); // no marker
    expect(before.find((u) => u.id === '6-wi')!.stragglers).toBe(3);
    expect(g.commandTree()[0]!.children[0]!.children[0]!.children.find((c) => c.id === 'iron')!.recovery).toBe(false);
  });
});

describe('reinforcements and attachments', () => {
  it('July 1 morning groups arrive as scheduled, with MRCH orders and an RSM marker', () => {
    const g = newGame(tmp.dir);
    expectRefused(g, () => g.attemptReinforcement({ side: 'USA', groupId: 'cutler-arrives' }), 'RULES_FORBID', 'groupId', 'Rev. Variable Arrival of Reinforcements');
    advanceTo(g, { turnId: '1863-07-01T0820', segment: 'I', phase: 'A' });
    let r!: ReturnType<GameService['attemptReinforcement']>;
    expectUndoRedo(g, () => {
      r = g.attemptReinforcement({ side: 'USA', groupId: 'cutler-arrives' });
    });
    expect(r).toMatchObject({ arrived: true, rolled: false, dice: [] });
    expect(unit(g, '76-ny')).toMatchObject({ onMap: true, effectiveOrder: 'MRCH', orderSource: 'cutler' });
    expect(g.reinforcementGroups().find((x) => x.id === 'cutler-arrives')!.arrivedTurnId).toBe('1863-07-01T0820');
    expectRefused(g, () => g.arriveReinforcement({ side: 'USA', groupId: 'cutler-arrives' }), 'RULES_FORBID', 'groupId');
    expectRefused(g, () => g.arriveReinforcement({ side: 'USA', groupId: 'nobody' }), 'NOT_FOUND', 'groupId');
  });

  it('later groups roll a modified 2 or less, once a turn, with DRMs taken from the roster', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'I', phase: 'A' });
    const miss = g.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 9 });
    // Heth's division has Archer on the map (-1) and Lee is on the map (-1): 9 - 2 = 7.
    expect(miss).toMatchObject({ arrived: false, rolled: true, drm: { total: -2 } });
    expect(miss.dice[0]).toMatchObject({ modified: 7, target: '<= 2', outcome: 'not yet' });
    expectRefused(g, () => g.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 0 }), 'RULES_FORBID', 'groupId');
    advanceTo(g, { turnId: '1863-07-01T2200', segment: 'I', phase: 'A' });
    const hit = g.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 5 });
    // More than one hour late: another -1; 5 - 3 = 2.
    expect(hit).toMatchObject({ arrived: true, drm: { total: -3 } });
    expect(g.commandTree()[1]!.children[0]!.children[0]!.children.find((c) => c.id === 'davis')).toMatchObject({ onMap: true, ownOrder: 'MRCH', rsm: true });
  });

  it('attaches an infantry brigade to another division at II.C, once a turn, spending the army commander\'s points (RI-S22)', () => {
    const g = newGame(tmp.dir);
    expectRefused(g, () => g.attachCommand({ commandId: 'iron', toCommandId: 'usa-cav' }), 'RULES_FORBID', 'commandId', 'Rev. Command Attachment');
    advanceTo(g, { segment: 'II', phase: 'C' });
    expectRefused(g, () => g.attachCommand({ commandId: 'gamble', toCommandId: 'usa-i-1' }), 'RULES_FORBID', 'commandId', 'Rev. Command Attachment');
    expectRefused(g, () => g.attachCommand({ commandId: 'iron', toCommandId: 'heth-div' }), 'INVALID_ARGUMENT', 'toCommandId');
    expectRefused(g, () => g.attachCommand({ commandId: 'usa-i-1', toCommandId: 'iron' }), 'INVALID_ARGUMENT', 'toCommandId');
    expectRefused(g, () => g.attachCommand({ commandId: 'iron', toCommandId: 'usa-cav', armyCommanderHasDetachingInRange: false }), 'RULES_FORBID', 'commandId', 'Rev. Command Attachment');
    expectUndoRedo(g, () => g.attachCommand({ commandId: 'iron', toCommandId: 'usa-cav' }));
    expect(unit(g, '2-wi')).toMatchObject({ commandPath: ['Iron Brigade', '1st Cavalry Division', 'Army of the Potomac'], effectiveOrder: 'SKPD', orderSource: 'usa-cav' });
    expect(g.leaders().find((l) => l.id === 'meade')!.pointsUsedFor).toBe('attachment');
    expectRefused(g, () => g.attachCommand({ commandId: 'iron', toCommandId: null }), 'RULES_FORBID', 'commandId', 'Rev. Command Attachment');
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'II', phase: 'C' });
    g.attachCommand({ commandId: 'iron', toCommandId: null });
    expect(unit(g, '2-wi').orderSource).toBe('usa-army');
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
