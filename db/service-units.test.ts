/**
 * The game service on real SQLite files, unit by unit: losses and their tally, a unit's state (fatigue,
 * status, flags, skirmishers) and leader casualties, each undoable and each bad request refused with the
 * field named. The fixture is tests/fixtures/two-brigades.json.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { GameService } from './service';
import type { RosterUnit } from '../contract';
import { expectRefused, expectUndoRedo, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A unit as both players together see it (hidden entries shown: RI-H01 is tested on its own). */
const unit = (g: GameService, id: string): RosterUnit => g.roster({ viewer: 'both' }).find((u) => u.id === id)!;

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
