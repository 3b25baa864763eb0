/**
 * The turn's obligations (RI-B15): everything due in the current step before the clock may move, one list
 * the turn state carries. Next and "To next decision" refuse while it is open, in words naming what is
 * due, and write nothing; "roll all due" makes every roll the app may make, each in the dice log; only
 * what the rules let players waive is waived, as a logged event.
 *
 * > players must roll for entry of each date/time reinforcement group, beginning 1 hour before the
 * > scheduled arrival time. (Rev. Variable Arrival of Reinforcements)
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GameService } from './service';
import { advanceTo, COMBAT_SCENARIO, expectRefused, newGame, next, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-obligations-');
afterAll(() => tmp.cleanup());

const ids = (g: GameService) => g.obligations().items.map((o) => o.id);

/** Both clock buttons refuse with these words and this rule, write nothing, and the turn state's verdict agrees. */
function clockRefused(g: GameService, words: string, rule: string): void {
  const fingerprint = g.info().fingerprint;
  const events = g.info().eventCount;
  const next = expectRefused(g, () => g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }), 'RULES_FORBID', 'clock', rule);
  expect(next.message).toBe(`clock: first ${words} (${rule})`);
  expectRefused(g, () => g.advanceToDecision({ nothingToEnter: ['USA', 'CSA'] }), 'RULES_FORBID', 'clock', rule);
  expect(g.turnState().legal.advance.next).toEqual({ allowed: false, reason: `first ${words}`, rule });
  expect(g.info()).toMatchObject({ fingerprint, eventCount: events });
}

describe('the Initiative (Rev. Initiative Segment)', () => {
  it('is due in II.A: the clock waits for it, and the app rolls it when nobody adds points', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    const due = g.obligations();
    expect(due.items).toEqual([{ id: 'initiative', kind: 'roll', text: 'roll for the Initiative', rule: 'Rev. Initiative Segment', side: null, appRolls: true, choices: [], where: null }]);
    expect(g.turnState().obligations).toEqual(due);
    clockRefused(g, 'roll for the Initiative', 'Rev. Initiative Segment');
    // Meade and Lee are on the map: whether they add their points is each side's decision, never the app's.
    expect(due.rollAllDue).toMatchObject({ allowed: true, nobodyAddsPoints: true });
    expectRefused(g, () => g.rollAllDue({}), 'RULES_FORBID', 'nobodyAddsPoints', 'Rev. Initiative Segment');
    const rolled = g.rollAllDue({ nobodyAddsPoints: true });
    expect(rolled.rolled).toEqual(['the Initiative']);
    expect(rolled.dice.map((d) => [d.purpose, d.source])).toEqual(expect.arrayContaining([['Initiative: USA', 'app'], ['Initiative: CSA', 'app']]));
    expect(g.turnState().initiative).not.toBeNull();
    expect(g.obligations().items).toEqual([]);
    expect(g.advanceClock().clock.label).toBe('II.B Fatigue & Straggler Recovery Designation Phase');
  });

  it('after both sides declared, "roll all due" uses their declarations', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.declareInitiative({ side: 'USA', armyPoints: true });
    expect(g.obligations().rollAllDue).toMatchObject({ allowed: false, reason: 'CSA has not declared yet whether its army commander adds his points: both declare before the roll' });
    expectRefused(g, () => g.rollAllDue({ nobodyAddsPoints: true }), 'RULES_FORBID', 'nobodyAddsPoints', 'Rev. Initiative Segment');
    g.declareInitiative({ side: 'CSA', armyPoints: false });
    g.rollAllDue({});
    expect(g.turnState().armyPointsForInitiative).toEqual({ USA: true, CSA: false });
    expect(g.leaders().find((l) => l.id === 'meade')).toMatchObject({ pointsUsed: true });
  });
});

describe('the rolls for entry (Rev. Variable Arrival of Reinforcements, RI-B02)', () => {
  it('Davis\'s Brigade, due 1400: its roll is due as that turn\'s Activation Segment begins; the clock waits, "roll all due" makes it', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'III', phase: 'A' });
    expect(g.obligations().items).toEqual([
      { id: 'arrival:davis-arrives', kind: 'roll', text: "roll for the arrival of Davis's Brigade", rule: 'Rev. Variable Arrival of Reinforcements', side: 'CSA', appRolls: true, choices: [], where: null },
    ]);
    clockRefused(g, "roll for the arrival of Davis's Brigade", 'Rev. Variable Arrival of Reinforcements');
    // Not a thing the players may waive.
    expectRefused(g, () => g.settleObligation({ id: 'arrival:davis-arrives', choice: 'done' }), 'INVALID_ARGUMENT', 'choice', 'Rev. Variable Arrival of Reinforcements');
    const before = g.diceLog({ limit: 5000 }).length;
    const r = g.rollAllDue({});
    expect(r.rolled).toEqual(["the arrival of Davis's Brigade"]);
    const log = g.diceLog({ limit: 5000 });
    expect(log.length).toBe(before + 1);
    expect(log[0]).toMatchObject({ purpose: "Variable arrival: Davis's Brigade", source: 'app', target: '<= 2' });
    expect(g.obligations().items).toEqual([]);
    expectRefused(g, () => g.rollAllDue({}), 'RULES_FORBID', 'rolls', 'Rev. Sequence of Play');
    g.advanceClock();
    expect(g.info().clock.label).toBe('III.B Out-of-Command Activation Phase');
  });

  it('a group arrives by itself only when its time has come without a roll; otherwise arriveReinforcement refuses and writes nothing', () => {
    const g = newGame(tmp.dir);
    // 0740: Davis's Brigade is due 1400.
    const early = expectRefused(g, () => g.arriveReinforcement({ side: 'CSA', groupId: 'davis-arrives' }), 'RULES_FORBID', 'groupId', 'Rev. Variable Arrival of Reinforcements');
    expect(early.message).toContain("Davis's Brigade is due 1 July 1400: it may not arrive before then");
    // Cutler's group is due 0820 and arrives as scheduled (July 1 morning): not before its turn.
    expectRefused(g, () => g.arriveReinforcement({ side: 'USA', groupId: 'cutler-arrives' }), 'RULES_FORBID', 'groupId', 'Rev. Variable Arrival of Reinforcements');
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'I', phase: 'A' });
    // 1400: Davis's Brigade must roll; it is not brought on by saying so.
    const roll = expectRefused(g, () => g.arriveReinforcement({ side: 'CSA', groupId: 'davis-arrives' }), 'RULES_FORBID', 'groupId', 'Rev. Variable Arrival of Reinforcements');
    expect(roll.message).toContain("Davis's Brigade enters only by its roll for entry (a modified 2 or less)");
    expectRefused(g, () => g.arriveReinforcement({ side: 'USA', groupId: 'cutler-arrives' }), 'RULES_FORBID', 'groupId', 'Rev. Variable Arrival of Reinforcements');
  });
});

describe('the rain (Rev. Rain, RI-B04)', () => {
  it('from the turn after it began, one roll to end it is due by the beginning of the Activation Segment', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'I', phase: 'A' });
    // Davis's Brigade comes on a typed 0 in the Orders Segment (its roll may be made from I.A, RI-B02).
    g.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 0 });
    g.setWeather({ raining: true });
    advanceTo(g, { turnId: '1863-07-01T2200', segment: 'III', phase: 'A' });
    expect(ids(g)).toEqual(['rain']);
    clockRefused(g, 'roll to end the rain', 'Rev. Rain');
    expect(g.rollAllDue({}).rolled).toEqual(['the end of the rain']);
    expect(g.diceLog({ limit: 1 })[0]).toMatchObject({ source: 'app', purpose: expect.stringMatching(/rain/i) });
    expect(ids(g)).toEqual([]);
  });
});

describe('a UDD after a retreat before shock (Rev. Retreat Before Shock)', () => {
  it('is owed until it is recorded: the clock waits, and it cannot be waived', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.attemptActivation({ commandId: 'heth-div' });
    g.resolveShock({ attackers: ['13-al'], defenders: ['12-il-cav'], roll: 7, result: {}, retreats: [{ unitId: '12-il-cav' }] });
    expect(g.obligations().items).toEqual([
      { id: 'udd:12-il-cav', kind: 'chore', text: 'UDD due for 12th Illinois Cavalry after its retreat before shock', rule: 'Rev. Retreat Before Shock', side: 'USA', appRolls: false, choices: [], where: 'Combat screen: Rally / UDD' },
    ]);
    clockRefused(g, 'UDD due for 12th Illinois Cavalry after its retreat before shock', 'Rev. Retreat Before Shock');
    expectRefused(g, () => g.settleObligation({ id: 'udd:12-il-cav', choice: 'done' }), 'INVALID_ARGUMENT', 'choice', 'Rev. Retreat Before Shock');
    expect(g.obligations().rollAllDue).toMatchObject({ allowed: false });
    g.udd({ unitId: '12-il-cav', cause: 'retreat-before-shock', roll: 4, result: {} });
    expect(ids(g)).toEqual([]);
    // Undo brings the debt back with the roll taken back.
    g.undo();
    expect(ids(g)).toEqual(['udd:12-il-cav']);
  });
});

describe('the designations the rules make optional, waived explicitly', () => {
  it('2400: Straggler Recovery Designation for brigades with stragglers under HOLD; "no more" is a logged event of this step only', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '6-wi', sp: 2, straggler: true });
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'II', phase: 'B' });
    const [designation] = g.obligations().items;
    expect(designation).toMatchObject({ id: 'straggler-designation', kind: 'decision', rule: 'Rev. Infantry Stragglers', choices: [{ id: 'done', label: 'No more Recovery markers tonight' }] });
    expect(designation!.text).toContain('(Iron Brigade)');
    clockRefused(g, designation!.text, 'Rev. Infantry Stragglers');
    expectRefused(g, () => g.settleObligation({ id: 'straggler-designation', choice: 'keep' }), 'INVALID_ARGUMENT', 'choice');
    expectRefused(g, () => g.settleObligation({ id: 'no-such-thing', choice: 'done' }), 'INVALID_ARGUMENT', 'id');
    const events = g.info().eventCount;
    g.settleObligation({ id: 'straggler-designation', choice: 'done' });
    expect(g.info().eventCount).toBe(events + 1);
    expect(g.history({ limit: 1 })[0]).toMatchObject({ kind: 'obligation.settled', summary: `${designation!.text}: No more Recovery markers tonight` });
    expect(ids(g)).toEqual([]);
    g.undo();
    expect(ids(g)).toEqual(['straggler-designation']);
    g.redo();
    g.advanceClock();
    expect(g.info().clock.label).toBe('II.C Command Attachment/Detachment Phase');
  });
});

describe('the End Segment', () => {
  it('IV.A: a leader who fell this turn is replaced before the clock moves', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'IV', phase: 'A' });
    g.leaderCasualty({ leaderId: 'archer-l', roll: 2 });
    expect(g.obligations().items).toEqual([
      { id: 'replace:archer-l', kind: 'chore', text: 'James J. Archer fell this turn: replace him', rule: 'Rev. Sequence of Play (Leader Replacement Phase)', side: 'CSA', appRolls: false, choices: [], where: 'Leaders screen' },
    ]);
    clockRefused(g, 'James J. Archer fell this turn: replace him', 'Rev. Sequence of Play (Leader Replacement Phase)');
    g.replaceLeader({ leaderId: 'archer-l' });
    expect(ids(g)).toEqual([]);
  });

  it('IV.C: every RSM marker is removed if a unit is in range, else kept, at the end of the Cleanup Phase, every turn', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { turnId: '1863-07-01T0820', segment: 'IV', phase: 'C' });
    const [rsm] = g.obligations().items;
    expect(rsm).toMatchObject({
      id: 'rsm',
      kind: 'chore',
      text: "RSM markers at the end of the Cleanup Phase: each is removed if any unit of its command is within its superior's range (Cutler's Brigade: James S. Wadsworth)",
      rule: 'Rev. Reinforcement Strategic Movement',
      choices: [
        { id: 'remove:cutler', label: "Cutler's Brigade in James S. Wadsworth's range: remove its marker" },
        { id: 'keep', label: 'Not in range: keep the marker' },
      ],
    });
    clockRefused(g, rsm!.text, 'Rev. Reinforcement Strategic Movement');
    g.settleObligation({ id: 'rsm', choice: 'keep' });
    next(g);
    // The next turn asks again: the marker is still there.
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'IV', phase: 'C' });
    expect(ids(g)).toContain('rsm');
    g.settleObligation({ id: 'rsm', choice: 'remove:cutler' });
    expect(g.commandTree()[0]!.children[0]!.children[0]!.children.find((c) => c.id === 'cutler')!.rsm).toBe(false);
    expect(ids(g)).toEqual([]);
  });

  it('2400: abandoned guns are returned or captured from the list; the day waits for them', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: 'hall-me', sp: 2, cause: 'small-arms' });
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'IV', phase: 'C' });
    expect(ids(g)[0]).toBe('guns:hall-me');
    expectRefused(g, () => g.advanceClock(), 'RULES_FORBID', 'clock', 'Rev. Abandoned Guns');
    g.settleObligation({ id: 'guns:hall-me', choice: 'returned' });
    expect(g.roster().find((u) => u.id === 'hall-me')).toMatchObject({ abandonedGuns: 0, spLost: 0 });
    expect(g.history({ limit: 1 })[0]!.kind).toBe('guns.resolved');
  });

  it('the last turn ends with the end of the game, after its guns; Next says so and writes nothing', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: 'crenshaw', sp: 1, cause: 'small-arms' });
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'IV', phase: 'C' });
    g.settleObligation({ id: 'guns:crenshaw', choice: 'captured' });
    advanceTo(g, { turnId: '1863-07-02T0200', segment: 'I', phase: 'A' });
    g.recordLoss({ unitId: 'hall-me', sp: 1, cause: 'small-arms' });
    advanceTo(g, { turnId: '1863-07-02T0500', segment: 'IV', phase: 'C' });
    expect(g.info().clock.isLastTurn).toBe(true);
    expect(ids(g)).toEqual(['guns:hall-me', 'end-game']);
    expect(g.obligations().items[1]).toMatchObject({ kind: 'end', choices: [{ id: 'end', label: 'End the game' }] });
    const next = expectRefused(g, () => g.advanceClock(), 'RULES_FORBID', 'clock', 'Rev. Sequence of Play');
    expect(next.message).toContain('the last game turn is over: end the game');
    // The game does not end while guns are pending (RI-S08).
    expectRefused(g, () => g.settleObligation({ id: 'end-game', choice: 'end' }), 'RULES_FORBID', 'game', 'Rev. Abandoned Guns');
    g.settleObligation({ id: 'guns:hall-me', choice: 'returned' });
    g.settleObligation({ id: 'end-game', choice: 'end' });
    expect(g.info().ended).toBe(true);
    expect(g.obligations().items).toEqual([]);
  });
});
