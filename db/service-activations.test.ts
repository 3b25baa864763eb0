/**
 * The Activation Segment in the game service (Rev. Activation Segment): which commands and units have
 * activated this segment and how, recorded with each activation's own event (undo takes it back); a
 * command activates once per segment and its subordinates with it, at RE as well as for ME (RI-T02,
 * RI-S24); the Out-of-Command Activation Phase activates single units (RI-S25, RI-S26). Every refusal
 * names the field and the rule and leaves the game as it was. Fixture: tests/fixtures/two-brigades.json.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { GameService } from './service';
import { advanceTo, expectRefused, expectUndoRedo, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const ACTIVATION = 'Rev. Activation Segment';

/** A game at III.A with the Initiative rolled: USA (die 1 to 0) or CSA (die 0 to 1) activates first. */
function atInCommandPhase(initiative: 'USA' | 'CSA'): GameService {
  const g = newGame(tmp.dir);
  advanceTo(g, { segment: 'II', phase: 'A' });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: initiative === 'USA' ? { USA: 1, CSA: 0 } : { USA: 0, CSA: 1 } });
  advanceTo(g, { segment: 'III', phase: 'A' });
  return g;
}

describe('who has activated this segment, and how', () => {
  let g: GameService;
  beforeEach(() => {
    g = atInCommandPhase('USA');
  });

  it('lists each command with its side, ME / RE / Confusion Table, the phase and its place in the turn', () => {
    expectUndoRedo(g, () => g.attemptActivation({ commandId: 'usa-i' }));
    // Heth's division (MRCH) rolls 9 + 1 = 10 > Heth's 3: the Confusion Table.
    g.attemptActivation({ commandId: 'heth-div', roll: 9 });
    expectUndoRedo(g, () => g.activateRe({ commandId: 'gamble' }));
    expect(g.turnState().activated).toEqual([
      { commandId: 'usa-i', side: 'USA', effectiveness: 'ME', phase: 'A', order: 1, confusionResult: null },
      { commandId: 'heth-div', side: 'CSA', effectiveness: 'confusion', phase: 'A', order: 2, confusionResult: null },
      { commandId: 'gamble', side: 'USA', effectiveness: 'RE', phase: 'A', order: 3, confusionResult: null },
    ]);
    expect(g.turnState().meAttempted.sort()).toEqual(['heth-div', 'usa-i']);
  });

  it('undo takes an activation off the list with its event; redo puts it back', () => {
    g.attemptActivation({ commandId: 'usa-i' });
    g.activateRe({ commandId: 'pegram' });
    g.undo();
    expect(g.turnState().activated.map((a) => a.commandId)).toEqual(['usa-i']);
    g.redo();
    expect(g.turnState().activated.map((a) => a.commandId)).toEqual(['usa-i', 'pegram']);
    expect(g.verify().ok).toBe(true);
  });

  it('a new turn begins with nobody activated', () => {
    g.attemptActivation({ commandId: 'usa-i' });
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'I', phase: 'A' });
    expect(g.turnState()).toMatchObject({ activated: [], unitsActivated: [], meAttempted: [] });
    expect(g.verify().ok).toBe(true);
  });
});

describe('a command activates once per segment, and its subordinates with it (RI-T02, RI-S24)', () => {
  it('refuses to activate again a command that activated at RE, for ME as well as at RE', () => {
    const g = atInCommandPhase('CSA');
    g.activateRe({ commandId: 'pegram' });
    g.pass({ side: 'USA' });
    const me = expectRefused(g, () => g.attemptActivation({ commandId: 'pegram', roll: 0 }), 'RULES_FORBID', 'commandId', ACTIVATION);
    expect(me.message).toContain("Pegram's Battalion has already activated this segment (at RE)");
    expectRefused(g, () => g.activateRe({ commandId: 'pegram' }), 'RULES_FORBID', 'commandId', ACTIVATION);
  });

  it('refuses the subordinates of a command that activated at RE', () => {
    const g = atInCommandPhase('CSA');
    g.activateRe({ commandId: 'csa-iii' });
    g.pass({ side: 'USA' });
    const e = expectRefused(g, () => g.activateRe({ commandId: 'pegram' }), 'RULES_FORBID', 'commandId', ACTIVATION);
    expect(e.message).toContain("Pegram's Battalion activated with Third Corps this segment (at RE): its subordinates may not activate independently");
    expectRefused(g, () => g.attemptActivation({ commandId: 'heth-div', roll: 0 }), 'RULES_FORBID', 'commandId', ACTIVATION);
    expectRefused(g, () => g.attemptActivation({ commandId: 'archer', roll: 0 }), 'RULES_FORBID', 'commandId', ACTIVATION);
  });

  it('refuses an RE activation of a brigade whose division tried for ME and went to the Confusion Table', () => {
    const g = atInCommandPhase('USA');
    g.activateRe({ commandId: 'gamble' });
    g.attemptActivation({ commandId: 'heth-div', roll: 9 });
    g.pass({ side: 'USA' });
    const e = expectRefused(g, () => g.activateRe({ commandId: 'archer' }), 'RULES_FORBID', 'commandId', ACTIVATION);
    expect(e.message).toContain('tried for ME: Confusion Table');
    // Another command of the same side is not barred.
    g.activateRe({ commandId: 'pegram' });
    expect(g.turnState().activated.map((a) => a.commandId)).toEqual(['gamble', 'heth-div', 'pegram']);
  });

  it('the screen\'s "activated with" reason is the service\'s too: a superior\'s free ME activation bars the whole corps', () => {
    const g = atInCommandPhase('USA');
    g.attemptActivation({ commandId: 'usa-i' });
    g.pass({ side: 'CSA' });
    for (const id of ['usa-i', 'usa-i-1', 'iron', 'usa-i-art']) {
      expectRefused(g, () => g.activateRe({ commandId: id }), 'RULES_FORBID', 'commandId', ACTIVATION);
    }
    // Gamble's brigade is not under I Corps (its division's commander, Buford, has not arrived: RI-B14).
    g.activateRe({ commandId: 'gamble' });
    expect(g.turnState().activated.map((a) => a.commandId)).toEqual(['usa-i', 'gamble']);
  });
});

describe('a commander out of command of his superior was not part of its activation (RI-S24, RI-C07)', () => {
  it('may activate his command at RE after the superior formation activated', () => {
    const g = atInCommandPhase('CSA');
    g.activateRe({ commandId: 'csa-iii' });
    g.pass({ side: 'USA' });
    // Pegram's commander is out of Hill's range: the battalion was not included, and activates on its own.
    expectUndoRedo(g, () => g.activateRe({ commandId: 'pegram', commanderOutOfCommand: true }));
    expect(g.turnState().activated.map((a) => a.commandId)).toEqual(['csa-iii', 'pegram']);
  });

  it('may try for ME (with the -1) after a superior activated at RE, but never after a superior tried for ME (RI-C07)', () => {
    const g = atInCommandPhase('CSA');
    g.activateRe({ commandId: 'csa-iii' });
    g.pass({ side: 'USA' });
    // Heth's division (MRCH) rolls 3, +1 division, -1 OOC = 3 <= Heth's 3.
    const r = g.attemptActivation({ commandId: 'heth-div', commanderOutOfCommand: true, roll: 3 });
    expect(r).toMatchObject({ effectiveness: 'ME', drm: { total: 0 } });
    g.pass({ side: 'USA' });
    // Archer's brigade is out of Heth's range: not part of the division's activation, but Heth has tried for ME.
    const me = expectRefused(g, () => g.attemptActivation({ commandId: 'archer', commanderOutOfCommand: true, roll: 0 }), 'RULES_FORBID', 'commandId', ACTIVATION);
    expect(me.message).toContain("Heth's Division has tried for ME: subordinates may not try for ME");
    // And under Heth's MRCH, an ME Order, it may not take RE instead: this segment it does not activate.
    const re = expectRefused(g, () => g.activateRe({ commandId: 'archer', commanderOutOfCommand: true }), 'RULES_FORBID', 'commandId', ACTIVATION);
    expect(re.message).toContain('MRCH is an ME Order');
    expect(g.turnState().activated.map((a) => [a.commandId, a.effectiveness])).toEqual([
      ['csa-iii', 'RE'],
      ['heth-div', 'ME'],
    ]);
  });
});

describe('the Out-of-Command Activation Phase activates single units (RI-S25, RI-S26)', () => {
  let g: GameService;
  beforeEach(() => {
    g = atInCommandPhase('USA');
    g.activateRe({ commandId: 'iron' });
  });

  it('refuses a single unit in the In-Command phase; in the Out-of-Command phase a command not yet activated may still go (RI-C10)', () => {
    g.pass({ side: 'CSA' });
    expectRefused(g, () => g.activateRe({ unitId: '2-wi' }), 'RULES_FORBID', 'unitId', 'Rev. In-Command/Out-of-Command');
    g.pass({ side: 'USA' });
    g.pass({ side: 'CSA' });
    g.advanceClock();
    expect(g.info().clock).toMatchObject({ segment: 'III', phase: 'B' });
    // The Iron Brigade activated in III.A: not again.
    expectRefused(g, () => g.activateRe({ commandId: 'iron' }), 'RULES_FORBID', 'commandId', ACTIVATION);
    expectRefused(g, () => g.activateRe({ commandId: 'gamble', unitId: '2-wi' }), 'INVALID_ARGUMENT', 'commandId');
    expectRefused(g, () => g.activateRe({}), 'INVALID_ARGUMENT', 'commandId');
    // "An OOC leader or commander may be activated at any time": Gamble's brigade has not activated yet.
    g.activateRe({ commandId: 'gamble' });
    expect(g.turnState().activated.map((a) => [a.commandId, a.phase])).toEqual([
      ['iron', 'A'],
      ['gamble', 'B'],
    ]);
  });

  it('activates a unit at RE or for ME under its Default Order, once; its brigade\'s activation in III.A does not count against it', () => {
    for (const side of ['CSA', 'USA', 'CSA'] as const) g.pass({ side });
    g.advanceClock();
    // The Initiative player (USA) begins again. The 2nd Wisconsin was out of command when the Iron Brigade activated.
    let re!: ReturnType<GameService['activateRe']>;
    expectUndoRedo(g, () => {
      re = g.activateRe({ unitId: '2-wi' });
    });
    expect(re.event.summary).toBe('2nd Wisconsin (out of command) activates at RE (Default Order HOLD)');
    // Archer's brigade is under Heth's MRCH; an out-of-command regiment is on its Default Order, HOLD, and may try for ME:
    // die 4 - Heth's rating 3 = 1 <= Archer's 3.
    const me = g.attemptActivation({ unitId: '1-tn', superiorsInRange: ['heth'], roll: 4 });
    expect(me).toMatchObject({ effectiveness: 'ME', rating: 3, drm: { total: -3 } });
    expect(me.drm.items.map((i) => i.label)).toEqual(["Superior commander's rating, in range (3)"]);
    expect(me.event.summary).toMatch(/^1st Tennessee \(out of command, HOLD; .*, rating 3\) tries for ME: rolled 4, modified 1: ME$/);
    expect(g.leaders().find((l) => l.id === 'heth')!.pointsUsedFor).toBe('activation');
    // A battery on its own: WDRW, at RE.
    g.activateRe({ unitId: 'hall-me' });
    expect(g.turnState().unitsActivated).toEqual([
      { unitId: '2-wi', commandId: 'iron', side: 'USA', effectiveness: 'RE', phase: 'B', order: 2, confusionResult: null },
      { unitId: '1-tn', commandId: 'archer', side: 'CSA', effectiveness: 'ME', phase: 'B', order: 3, confusionResult: null },
      { unitId: 'hall-me', commandId: 'usa-i-art', side: 'USA', effectiveness: 'RE', phase: 'B', order: 4, confusionResult: null },
    ]);
    expect(g.turnState().activated.map((a) => a.commandId)).toEqual(['iron']);
    // Once per segment.
    const again = expectRefused(g, () => g.attemptActivation({ unitId: '1-tn', roll: 0 }), 'RULES_FORBID', 'unitId', ACTIVATION);
    expect(again.message).toContain('has already activated this segment (at ME)');
    // Not arrived yet, or eliminated: refused.
    expectRefused(g, () => g.activateRe({ unitId: '2-ms' }), 'RULES_FORBID', 'unitId', 'Rev. Variable Arrival of Reinforcements');
    g.recordLoss({ unitId: '13-al', sp: 6 });
    expectRefused(g, () => g.activateRe({ unitId: '13-al' }), 'RULES_FORBID', 'unitId', ACTIVATION);
    expect(g.verify().ok).toBe(true);
  });

  it('a failed ME attempt of a single unit goes to the Confusion Table and counts as its activation', () => {
    for (const side of ['CSA', 'USA', 'CSA'] as const) g.pass({ side });
    g.advanceClock();
    // The +1 for works comes from the roster, not from a box the players tick (RI-S30).
    g.setWorks({ unitId: '6-wi', works: 'breastworks' });
    expect(g.previewActivation({ unitId: '6-wi' })).toMatchObject({ drm: { total: 1 }, worksUnits: ['6th Wisconsin'], rating: 3 });
    const r = g.attemptActivation({ unitId: '6-wi', roll: 3 });
    // 3 + 1 (breastworks) = 4 > Meredith's 3.
    expect(r).toMatchObject({ effectiveness: 'confusion', drm: { total: 1 } });
    expect(r.dice[0]).toMatchObject({ purpose: 'ME activation: 6th Wisconsin', roll: 3, modified: 4, outcome: 'Confusion Table' });
    expect(g.turnState().unitsActivated).toEqual([{ unitId: '6-wi', commandId: 'iron', side: 'USA', effectiveness: 'confusion', phase: 'B', order: 2, confusionResult: null }]);
    expect(g.turnState().sideToAct).toBe('CSA');
  });
});
