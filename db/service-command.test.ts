/**
 * The game service on real SQLite files, the command side of a turn: orders and their change attempts,
 * initiative and activation, leaders arriving and the acting US army commander, reinforcements and
 * attachments, and the day's end. The fixture is tests/fixtures/two-brigades.json.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { GameService } from './service';
import type { RosterUnit } from '../contract';
import { advanceTo, expectRefused, expectUndoRedo, newGame, next, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A unit as both players together see it (hidden entries shown: RI-H01 is tested on its own). */
const unit = (g: GameService, id: string): RosterUnit => g.roster({ viewer: 'both' }).find((u) => u.id === id)!;

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
