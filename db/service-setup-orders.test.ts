/**
 * Setup, corrections and orders as the rules allow them: counter
 * values corrected mid-game as logged corrections (RI-H04); "on the map" from the roster alone (RI-H05);
 * an initiative tie as a normal result; orders given without a roll only where the rules allow (RI-H06);
 * the DRM an order change roll will use, offered to its own side only (RI-S09, RI-H01); Warren's return, cavalry
 * commanders and horse artillery.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchGameSync, serviceHandlers } from './dispatch';
import { eventsOfTurn } from './clock';
import { GameService } from './service';
import type { TurnRow } from './store';
import { advanceTo, expectRefused, expectUndoRedo, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-setup-orders-');
afterAll(() => tmp.cleanup());

describe("a unit's cohesion ratings: entered once per side of the counter, blank until then", () => {
  it('are entered at setup, cleared back to "not entered", and corrected mid-game with a reason, undoably', () => {
    const g = newGame(tmp.dir);
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ cohesionOrdered: null, cohesionDisordered: null });
    expectUndoRedo(g, () => g.editUnit({ unitId: '2-wi', cohesionOrdered: 6, cohesionDisordered: 4 }));
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ cohesionOrdered: 6, cohesionDisordered: 4 });
    expect(g.history()[0]!.summary).toBe('2nd Wisconsin: printed 6 SP, weapon R; cohesion (ordered) not entered -> 6, cohesion (disordered) not entered -> 4');
    g.editUnit({ unitId: '2-wi', cohesionDisordered: null });
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ cohesionOrdered: 6, cohesionDisordered: null });
    expect(g.info().started).toBe(false);

    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expectRefused(g, () => g.editUnit({ unitId: '2-wi', cohesionOrdered: 5 }), 'GAME_STARTED', 'game');
    expectUndoRedo(g, () => g.correctUnit({ unitId: '2-wi', cohesionOrdered: 5, reason: 'the counter reads 5' }));
    expect(g.history()[0]).toMatchObject({
      kind: 'setup.correction',
      summary: 'Correction: 2nd Wisconsin cohesion (ordered) 6 -> 5 (the counter reads 5)',
      changes: [{ table: 'units', key: '2-wi', field: 'cohesion_ordered', before: 6, after: 5 }],
    });
    g.close();
  });

  it('refuses a rating no counter has, naming the field, and a correction that changes nothing', () => {
    const g = newGame(tmp.dir);
    const bad = expectRefused(g, () => g.editUnit({ unitId: '2-wi', cohesionOrdered: 10 }), 'INVALID_ARGUMENT', 'cohesionOrdered');
    expect(bad.message).toBe('cohesionOrdered: Cohesion rating must be a whole number from 0 to 9');
    expectRefused(g, () => g.correctUnit({ unitId: '2-wi', cohesionDisordered: null, reason: 'x' }), 'INVALID_ARGUMENT', 'cohesionDisordered');
    g.close();
  });
});

describe('a counter value is corrected after play began, as a logged correction with a reason (RI-H04)', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 2 });
  });

  it('corrects a leader\'s rating mid-game: old and new value and the reason in the history, undoably', () => {
    expect(g.info().started).toBe(true);
    expectRefused(g, () => g.editLeader({ leaderId: 'meredith', rating: 4 }), 'GAME_STARTED', 'game', 'Rev. Sequence of Play');
    expectUndoRedo(g, () => g.correctLeader({ leaderId: 'meredith', rating: 4, reason: 'misprint: the counter reads 4' }));
    expect(g.leaders().find((l) => l.id === 'meredith')).toMatchObject({ rating: 4, ratingVerified: true });
    expect(g.history()[0]).toMatchObject({
      kind: 'setup.correction',
      summary: 'Correction: Solomon Meredith rating 3 -> 4 (misprint: the counter reads 4)',
      changes: expect.arrayContaining([{ table: 'leaders', key: 'meredith', field: 'rating', before: 3, after: 4 }]),
    });
  });

  it('corrects a unit\'s SP, never below the losses already recorded', () => {
    g.correctUnit({ unitId: '2-wi', sp: 5, reason: 'the 2nd Wisconsin counter is a 5' });
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ sp: 5, spLost: 2, currentSp: 3 });
    const below = expectRefused(g, () => g.correctUnit({ unitId: '2-wi', sp: 1, reason: 'typo' }), 'INVALID_ARGUMENT', 'sp');
    expect(below.message).toBe('sp: 2nd Wisconsin has 2 SP lost, straggling or left as abandoned guns: its printed SP cannot be less than that (undo a loss first)');
  });

  it('refuses a correction without a reason, with no change, or with a value no counter has, in plain words', () => {
    expectRefused(g, () => g.correctLeader({ leaderId: 'meredith', rating: 4, reason: '  ' }), 'INVALID_ARGUMENT', 'reason');
    expectRefused(g, () => g.correctLeader({ leaderId: 'meredith', rating: 3, reason: 'checked' }), 'INVALID_ARGUMENT', 'rating');
    const bad = expectRefused(g, () => g.correctLeader({ leaderId: 'meredith', rating: 12, reason: 'x' }), 'INVALID_ARGUMENT', 'rating');
    // The contract's words, once: not "rating: rating: Too big: ...".
    expect(bad.message).toBe('Rating must be a whole number from 0 to 9');
  });

  it('a correction before play begins does not start the game', () => {
    const fresh = newGame(tmp.dir);
    fresh.correctLeader({ leaderId: 'meredith', stars: 2, reason: 'two stars on the counter' });
    expect(fresh.info().started).toBe(false);
    fresh.editLeader({ leaderId: 'meredith', rating: 4 });
    fresh.close();
  });
});

describe('"on the map" has one source: the roster (RI-H05)', () => {
  let g: GameService;
  beforeAll(() => {
    // In the full battle Meade arrives at 2400 on 1 July and Reynolds' wing command is not on the map at 0740.
    g = GameService.create({ file: tmp.file('full-on-map.muster'), scenario: 'gettysburg' }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
  });
  afterAll(() => g.close());

  it('the pre-roll takes the acting army commander\'s presence from the roster; the contract has no box to contradict it', () => {
    expect(g.leaders().find((l) => l.id === 'usa-meade')).toMatchObject({ onMap: false });
    advanceTo(g, { segment: 'I', phase: 'B' });
    expectRefused(g, () => g.orderPreRoll({ side: 'USA', roll: 1, armyCommanderOnMap: true } as never), 'INVALID_ARGUMENT', 'armyCommanderOnMap');
    const pre = g.orderPreRoll({ side: 'USA', roll: 1 });
    expect(pre).toMatchObject({ success: false, dice: [expect.objectContaining({ target: '<= 0' })] });
    expect(pre.event.summary).toBe("USA army commander's pre-roll (John F. Reynolds (Left Wing), not on the map: only a 0 passes): 1 fails: non-automatic order changes may not be attempted");
  });

  it('Meade\'s rating is refused for an order change or an activation while he is not on the map', () => {
    expectRefused(
      g,
      () => g.attemptOrderChange({ commandId: 'usa-cavalry-1-gamble', order: 'HOLD', superiorsUsingRating: ['usa-meade'], roll: 0 }),
      'RULES_FORBID',
      'superiorsUsingRating[0]',
      'Rev. Leaders and Activation',
    );
    advanceTo(g, { segment: 'II', phase: 'A' });
    expectRefused(g, () => g.declareInitiative({ side: 'USA', armyPoints: true }), 'RULES_FORBID', 'armyPoints', 'Rev. Initiative Segment');
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 5, CSA: 0 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    const refused = expectRefused(g, () => g.attemptActivation({ commandId: 'usa-cavalry-1-gamble', superiorsInRange: ['usa-meade'], roll: 0 }), 'RULES_FORBID', 'superiorsInRange[0]', 'Rev. Leaders and Activation');
    expect(refused.message).toContain('George G. Meade is not on the map');
  });

  it('cavalry commanders are never out of command: the service says so and refuses the claim', () => {
    const flat = (nodes: ReturnType<GameService['commandTree']>): ReturnType<GameService['commandTree']> => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const nodes = new Map(flat(g.commandTree()).map((n) => [n.id, n]));
    expect(nodes.get('usa-cavalry-1-gamble')!.mayBeOutOfCommand).toBe(false);
    expect(nodes.get('usa-i-corps')!.mayBeOutOfCommand).toBe(false);
    expect(nodes.get('usa-i-1-meredith')!.mayBeOutOfCommand).toBe(true);
    expectRefused(g, () => g.activateRe({ commandId: 'usa-cavalry-1-gamble', commanderOutOfCommand: true }), 'RULES_FORBID', 'commanderOutOfCommand', 'Rev. In-Command/Out-of-Command');
  });

  it('horse artillery may take any RE order as its Default Order: the roster lists the choices', () => {
    const battery = g.roster().find((u) => u.id === 'usa-battery-a-2nd-us')!;
    expect(battery).toMatchObject({ horseArtillery: true, defaultOrders: ['WDRW', 'SKPD', 'HOLD', 'RSRV'] });
    expect(g.roster().find((u) => u.arm === 'infantry')!.defaultOrders).toEqual(['HOLD']);
  });
});

describe('an initiative tie is a normal result', () => {
  it('comes back through the contract as a tie, with its dice, and the same declarations roll again (RI-C02)', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    const handlers = serviceHandlers(g);
    const tie = dispatchGameSync(handlers, 'rollInitiative', [{ armyPoints: { USA: true, CSA: false }, rolls: { USA: 1, CSA: 6 } }], { validateOutput: true });
    expect(tie).toMatchObject({ ok: true, value: { outcome: 'tie', winner: null, event: { summary: 'Initiative tied at 6: both sides roll again' } } });
    expect(g.turnState()).toMatchObject({ initiative: null, armyPointsForInitiative: { USA: true, CSA: false } });
    // Meade's points are committed, not yet spent: they stand for the re-roll.
    expect(g.leaders().find((l) => l.id === 'meade')!.pointsUsed).toBe(false);
    const again = dispatchGameSync(handlers, 'rollInitiative', [{ rolls: { USA: 0, CSA: 4 } }], { validateOutput: true });
    expect(again).toMatchObject({ ok: true, value: { outcome: 'winner', winner: 'USA', event: { summary: 'USA wins the Initiative, 5 to 4: USA activates first' } } });
    g.close();
  });
});

describe('orders are given without a roll only where the rules allow (RI-H06)', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
  });

  it('before play begins: any opening order, which does not start the game', () => {
    expect(g.info().directOrders).toMatchObject({ opening: true, reason: null });
    g.setOrders({ commandId: 'iron', order: 'ASLT' });
    g.setOrders({ unitId: '2-wi', order: 'SKPD' });
    expect(g.info().started).toBe(false);
    expect(g.history()[1]!.summary).toBe('Iron Brigade: opening orders ASLT');
  });

  it('once play has begun a command\'s orders change only by an attempt; an out-of-command unit takes its Default Order', () => {
    g.recordLoss({ unitId: '6-wi', sp: 1 });
    expect(g.info().directOrders).toMatchObject({ opening: false, commandersInitiative: true, defaultOrder: true });
    const command = expectRefused(g, () => g.setOrders({ commandId: 'iron', order: 'ASLT' }), 'RULES_FORBID', 'commandId', 'Rev. Orders Segment');
    expect(command.message).toContain("once play has begun a command's orders change only by an order change attempt");
    expectRefused(g, () => g.setOrders({ unitId: '2-wi', order: 'ASLT' }), 'RULES_FORBID', 'order', 'Rev. Out-of-Command Units');
    g.setOrders({ unitId: '2-wi', order: 'HOLD' });
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
    advanceTo(g, { segment: 'II', phase: 'B' });
    expect(g.info().directOrders).toMatchObject({ opening: false, commandersInitiative: false, defaultOrder: false, reason: expect.stringContaining('Orders Segment'), rule: 'Rev. Orders Segment' });
    expectRefused(g, () => g.setOrders({ unitId: '2-wi', order: null }), 'RULES_FORBID', 'unitId', 'Rev. Out-of-Command Units');
    advanceTo(g, { segment: 'III', phase: 'A' });
    // Marked OOC during Activation: the Default Order; back in command: its command's orders again.
    g.setOrders({ unitId: '2-wi', order: null });
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ effectiveOrder: 'HOLD', orderSource: 'usa-army' });
  });
});

describe('the order change list shows the DRM the roll will use, and only to its own side (RI-S09, RI-H01)', () => {
  it('Heth\'s division under MRCH: ASLT is offered with MRCH\'s +1, which is what the attempt then rolls with', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'CSA', roll: 0 });
    const heth = (viewer: 'USA' | 'CSA') => g.turnState({ viewer }).legal.orderChanges.find((o) => o.commandId === 'heth-div')!;
    const offered = heth('CSA');
    expect(offered).toMatchObject({ from: 'MRCH', mayAttempt: { allowed: true }, drm: { total: 1, items: [{ label: 'Orders Table DRM (MRCH)', value: 1, rule: 'Rev. Order Change DRMs' }] } });
    expect(offered.options.find((o) => o.order === 'ASLT')).toMatchObject({ allowed: true, kind: 'non-automatic' });
    const attempt = g.attemptOrderChange({ commandId: 'heth-div', order: 'ASLT', roll: 2 });
    expect(attempt.drm).toEqual(offered.drm);
    // The USA player's list shows Heth's division as it stood before CSA's hidden entries; CSA's own shows the change.
    expect(heth('USA').from).toBe('MRCH');
    expect(heth('USA').options.find((o) => o.order === 'ASLT')).toMatchObject({ allowed: false, reason: expect.stringContaining('pre-roll first') });
    expect(heth('CSA').from).toBe('ASLT');
    // Once CSA has finished, its list offers nothing more (RI-H01).
    g.finishEntries({ side: 'CSA' });
    expect(g.turnState({ viewer: 'CSA' }).legal.orderChanges.find((o) => o.commandId === 'pegram')!.mayAttempt).toMatchObject({ allowed: false, rule: 'Rev. Orders Segment', reason: expect.stringContaining('CSA has finished its entries') });
    g.close();
  });
});

describe('Warren\'s return is due on the first turn of a later day only', () => {
  const turn = (idx: number, date: string, time: string): TurnRow => ({ id: `${date}T${time}`, idx, date, time, light: 'day', afternoon: 0 });
  const turns = [turn(0, '1863-07-01', '0740'), turn(1, '1863-07-01', '2400'), turn(2, '1863-07-02', '0200')];

  it('not on the scenario\'s first turn (1 July 0740): he cannot have been used the day before', () => {
    expect(eventsOfTurn(turns, '1863-07-01T0740').map((e) => e.kind)).toEqual([]);
    expect(eventsOfTurn(turns, '1863-07-02T0200').map((e) => e.kind)).toEqual(['warren-returns']);
    const g = newGame(tmp.dir);
    expect(g.info().clock.due).toEqual([]);
    g.close();
  });
});
