/**
 * Playing the whole battle, in the service: reinforcements arriving by the schedule (and the schedule edited
 * at setup), variable arrival rolls before the Activation Segment's first activation, Alternative Arrival
 * Areas kept secret, rain and mud, the movement helper, Double Time and fatigue recovery, concealed plots
 * that only their own side sees, and the end of the battle (losses by corps, the history check). Each
 * refusal leaves the file as it was; each change undoes and redoes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { advanceTo, expectRefused, expectUndoRedo, newGame, snapshot, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-battle-');
afterAll(() => tmp.cleanup());

let counter = 0;
function scenarioGame(scenario: string): GameService {
  counter += 1;
  return GameService.create({ file: tmp.file(`${scenario}-${counter}.muster`), scenario }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
}

const onMap = (g: GameService, unitId: string) => g.roster().find((u) => u.id === unitId)!.onMap;
const leaderOnMap = (g: GameService, leaderId: string) => g.leaders().find((l) => l.id === leaderId)!.onMap;
/** Everything the history shows, as one string (what the other side's screens could read). */
const historyText = (g: GameService) => JSON.stringify(g.history({ limit: 5000 }));

describe('arrivals by the schedule', () => {
  it('Willoughby Run: Pegram and Walker enter at 0800, the Iron Brigade and Reynolds at 1000, with MRCH orders and an RSM marker (RI-B01)', () => {
    const g = scenarioGame('skirmish-at-willoughby-run');
    const start = g.arrivals();
    expect(start.groups.map((x) => [x.id, x.status, x.scheduledLabel, x.entryArea])).toEqual([
      ['csa-pegram-battalion-arrival', 'later', '1 July 0800', 'Chambersburg Pike'],
      ['usa-wadsworth-arrival', 'later', '1 July 1000', 'Emmitsburg Road'],
    ]);
    expect(start.leaders.filter((l) => l.status === 'never').map((l) => l.leaderId).sort()).toEqual(['csa-lee', 'csa-pendleton', 'usa-meade', 'usa-pleasonton']);
    expect(onMap(g, 'csa-fredericksburg-battery-virginia')).toBe(false);

    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'II', phase: 'C' });
    expect(g.arrivals().groups[0]).toMatchObject({ id: 'csa-pegram-battalion-arrival', status: 'enters', drm: null });
    // Entering the Activation Segment, the group arriving as scheduled and the leader due come on by themselves.
    const entering = g.advanceClock();
    // The Initiative was rolled in II.A (RI-B15): its winner activates first.
    expect(entering.automatic).toEqual([`${g.turnState().initiative} activates first`, "Pegram's Artillery Battalion arrives by Chambersburg Pike with MRCH orders and an RSM marker", 'R. Lindsay Walker arrives by Chambersburg Pike']);
    expect(onMap(g, 'csa-fredericksburg-battery-virginia')).toBe(true);
    expect(g.roster().find((u) => u.id === 'csa-fredericksburg-battery-virginia')).toMatchObject({ effectiveOrder: 'MRCH', orderSource: 'csa-walker-pegram' });
    expect(leaderOnMap(g, 'csa-walker-pendleton')).toBe(true);
    expect(g.arrivals().groups.find((x) => x.id === 'csa-pegram-battalion-arrival')).toMatchObject({ status: 'arrived', arrivedTurnId: '1863-07-01T0800', arrivedBy: 'Chambersburg Pike' });

    // Before Reynolds arrives the acting US army commander is off the map: no points for the initiative.
    advanceTo(g, { turnId: '1863-07-01T0940', segment: 'II', phase: 'A' });
    expect(g.info().armyCommanders.USA).toMatchObject({ leaderId: 'usa-reynolds-wing', onMap: false });
    const before = snapshot(g);
    expect(() => g.rollInitiative({ armyPoints: { USA: true, CSA: false }, rolls: { USA: 5, CSA: 4 } })).toThrow(/army commander is on the map/);
    expect(snapshot(g)).toEqual(before);

    advanceTo(g, { turnId: '1863-07-01T1000', segment: 'III', phase: 'A' });
    for (const id of ['usa-19th-indiana', 'usa-24th-michigan', 'usa-2nd-wisconsin', 'usa-6th-wisconsin', 'usa-7th-wisconsin']) expect(onMap(g, id)).toBe(true);
    expect(g.commandTree()[0]!.children[0]!.children[0]!.children.find((c) => c.id === 'usa-i-1')).toMatchObject({ onMap: true, ownOrder: 'MRCH', rsm: true });
    for (const id of ['usa-reynolds-wing', 'usa-reynolds', 'usa-wadsworth', 'usa-meredith', 'csa-hill']) expect(leaderOnMap(g, id)).toBe(true);
    // Meade never comes in this scenario: the wing commander acts for him, now on the map.
    expect(g.info().armyCommanders.USA).toMatchObject({ leaderId: 'usa-reynolds-wing', onMap: true });
    expect(leaderOnMap(g, 'usa-meade')).toBe(false);
    // The Iron Brigade entered with its division's RSM marker: it may move concealed (RI-B09).
    g.concealCommand({ side: 'USA', commandId: 'usa-i-1-meredith', hex: '1017' });
    expect(g.concealedPlots({ viewer: 'USA' }).commands.map((c) => c.commandId)).toEqual(['usa-i-1-meredith']);
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('the full battle: Pegram at 0800, Reynolds and Wadsworth at 1000; the 1100 and 1120 groups roll from 1000 with their DRMs itemised', () => {
    const g = scenarioGame('gettysburg');
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'III', phase: 'A' });
    expect(g.roster({ commandId: 'csa-walker-pegram' }).every((u) => u.onMap)).toBe(true);
    advanceTo(g, { turnId: '1863-07-01T1000', segment: 'II', phase: 'A' });
    const report = g.arrivals();
    expect(report.groups.filter((x) => x.status === 'enters').map((x) => x.id).sort()).toEqual(['csa-pender-arrival', 'usa-wadsworth-arrival']);
    // Doubleday's group (1100) rolls from one hour before; I Corps has no unit on the map yet, Meade is away.
    const doubleday = report.groups.find((x) => x.id === 'usa-doubleday-arrival')!;
    expect(doubleday).toMatchObject({ status: 'roll', needed: 2, drm: { total: 0, items: [] } });
    expect(report.rollsDue).toContain('usa-doubleday-arrival');
    advanceTo(g, { turnId: '1863-07-01T1000', segment: 'III', phase: 'A' });
    expect(g.roster({ commandId: 'usa-i-1' }).every((u) => u.onMap)).toBe(true);
    // Wadsworth is on the map now: Doubleday's group gets the -1 of its corps.
    const after = g.arrivals().groups.find((x) => x.id === 'usa-doubleday-arrival')!;
    expect(after.drm).toEqual({ total: -1, items: [{ label: 'Combat unit of that div/corps already on map', value: -1, rule: 'Rev. Variable Arrival DRMs' }] });
    expect(leaderOnMap(g, 'usa-reynolds')).toBe(true);
    expect(leaderOnMap(g, 'usa-meade')).toBe(false);
    g.close();
  });
});

describe('a leader off the map lends no rating (RI-B11)', () => {
  it('Meade\'s points are refused while he is not on the map', () => {
    const g = scenarioGame('skirmish-at-willoughby-run');
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 6, CSA: 1 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.activateRe({ commandId: 'usa-cavalry-1-gamble' });
    g.pass({ side: 'CSA' });
    const away = expectRefused(g, () => g.attemptActivation({ commandId: 'usa-cavalry-1', superiorsInRange: ['usa-meade'], roll: 3 }), 'RULES_FORBID', 'superiorsInRange[0]', 'Rev. Leaders and Activation');
    expect(away.message).toContain('George G. Meade is not on the map');
    g.close();
  });
});

describe('variable arrival rolls at the beginning of the Activation Segment (RI-B02)', () => {
  it('the first activation or pass waits for the rolls due; one call rolls them all with the app die; then the window closes', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 2, CSA: 6 } });
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'III', phase: 'A' });
    const report = g.arrivals();
    expect(report.rollsDue).toEqual(['davis-arrives']);
    // Archer's brigade of Heth's division is on the map, and so is Lee.
    expect(report.groups[0]).toMatchObject({ id: 'davis-arrives', status: 'roll', needed: 2, drm: { total: -2 } });
    const waiting = expectRefused(g, () => g.pass({ side: 'CSA' }), 'RULES_FORBID', 'side', 'Rev. Variable Arrival of Reinforcements');
    expect(waiting.message).toContain("roll for the arrival of Davis's Brigade");
    expectRefused(g, () => g.activateRe({ commandId: 'archer' }), 'RULES_FORBID', 'commandId', 'Rev. Variable Arrival of Reinforcements');
    expectUndoRedo(g, () => g.rollDueArrivals());
    const rolled = g.diceLog({ limit: 1 })[0]!;
    expect(rolled).toMatchObject({ purpose: "Variable arrival: Davis's Brigade", source: 'app', target: '<= 2', modifiers: { total: -2 } });
    expect(g.arrivals().rollsDue).toEqual([]);
    expectRefused(g, () => g.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 0 }), 'RULES_FORBID', 'groupId', 'Rev. Variable Arrival of Reinforcements');
    expectRefused(g, () => g.rollDueArrivals(), 'RULES_FORBID', 'side');
    g.pass({ side: 'CSA' });
    expect(g.arrivals().open).toBe(false);
  });

  it('a typed die is recorded as the table\'s; rolls are refused after the Activation Segment has begun', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'III', phase: 'B' });
    expectRefused(g, () => g.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 0 }), 'RULES_FORBID', 'groupId', 'Rev. Variable Arrival of Reinforcements');
    advanceTo(g, { turnId: '1863-07-01T2200', segment: 'I', phase: 'A' });
    const r = g.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 4 });
    // More than an hour late: -1 more. 4 - 3 = 1.
    expect(r).toMatchObject({ arrived: true, rolled: true, drm: { total: -3 } });
    expect(r.dice[0]).toMatchObject({ source: 'table', roll: 4, modified: 1 });
    expect(r.event.summary).toContain("Davis's Brigade arrives by Chambersburg Pike with MRCH orders and an RSM marker");
  });
});

describe('Alternative Arrival Areas: a side\'s secret (RI-B03)', () => {
  it('ordered at the beginning of the Activation Segment with the army commander\'s points; the other side never learns which group', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: true }, rolls: { USA: 2, CSA: 2 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    // Lee spent his points on the initiative: nothing left for an Alternative Arrival Area.
    const spent = expectRefused(g, () => g.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Hagerstown Road' }), 'RULES_FORBID', 'side', 'Rev. Leaders and Activation');
    expect(spent.message).toContain('on the Initiative');
    expect(g.arrivals({ viewer: 'CSA' }).alternativeOrder).toEqual({ side: 'CSA', armyCommander: 'Robert E. Lee', rating: 6, allowed: false, reason: 'Robert E. Lee has already used his rating points this turn (on the Initiative)', wordAwaited: false, wordTogether: false });
    g.close();

    const h = newGame(tmp.dir);
    expectRefused(h, () => h.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Hagerstown Road' }), 'RULES_FORBID', 'groupId', 'Rev. Alternative Arrival Areas');
    advanceTo(h, { segment: 'III', phase: 'A' });
    expect(h.arrivals({ viewer: 'CSA' }).alternativeOrder).toEqual({ side: 'CSA', armyCommander: 'Robert E. Lee', rating: 6, allowed: true, reason: null, wordAwaited: false, wordTogether: false });
    expectRefused(h, () => h.orderAlternativeArrival({ side: 'USA', groupId: 'davis-arrives', entryArea: 'Hagerstown Road' }), 'INVALID_ARGUMENT', 'groupId');
    expectRefused(h, () => h.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Chambersburg Pike' }), 'INVALID_ARGUMENT', 'entryArea', 'Rev. Alternative Arrival Areas');
    expectUndoRedo(h, () => h.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Hagerstown Road' }));
    expect(h.leaders().find((l) => l.id === 'lee')).toMatchObject({ pointsUsed: true, pointsUsedFor: 'alternative-arrival' });
    // The opponent is told that it was done, not which group, nor where.
    const entry = h.history({ limit: 1 })[0]!;
    expect(entry.summary).toBe('CSA: Robert E. Lee spends all his rating points on an Alternative Arrival Area (which group is secret)');
    for (const text of [historyText(h), JSON.stringify(h.arrivals()), JSON.stringify(h.arrivals({ viewer: 'USA' }))]) {
      expect(text).not.toContain('Hagerstown');
    }
    expect(JSON.stringify(h.history({ limit: 5000 }))).not.toContain('davis');
    expect(h.arrivals({ viewer: 'CSA' }).groups.find((x) => x.id === 'davis-arrives')!.alternative).toEqual({ entryArea: 'Hagerstown Road', orderedTurnId: '1863-07-01T0740' });
    expectRefused(h, () => h.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Fairfield Road' }), 'RULES_FORBID', 'groupId', 'Rev. Alternative Arrival Areas');

    // Rolls at the new area begin one hour after the scheduled time (1400): none at 1400.
    advanceTo(h, { turnId: '1863-07-01T1400', segment: 'III', phase: 'A' });
    expect(h.arrivals().rollsDue).toEqual([]);
    expectRefused(h, () => h.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 0 }), 'RULES_FORBID', 'groupId', 'Rev. Alternative Arrival Areas');
    advanceTo(h, { turnId: '1863-07-01T2200', segment: 'I', phase: 'A' });
    // Davis's rating -2; 7 complete hours of delay after the first -7; ordered 6 complete hours early -6 (RI-F20).
    const usaView = h.arrivals({ viewer: 'USA' }).groups.find((x) => x.id === 'davis-arrives')!;
    expect(usaView).toMatchObject({ status: 'roll', drm: null, needed: null, alternative: null });
    const csaView = h.arrivals({ viewer: 'CSA' }).groups.find((x) => x.id === 'davis-arrives')!;
    expect(csaView.drm?.items.map((i) => i.value)).toEqual([-2, -7, -6]);
    expect(csaView.needed).toBe(0);
    const r = h.attemptReinforcement({ side: 'CSA', groupId: 'davis-arrives', roll: 9 });
    expect(r).toMatchObject({ arrived: true, rolled: true, drm: null });
    expect(r.event.summary).toContain("Davis's Brigade arrives by Hagerstown Road");
    expect(h.arrivals().groups.find((x) => x.id === 'davis-arrives')).toMatchObject({ status: 'arrived', arrivedBy: 'Hagerstown Road' });
    h.close();
  });
});

describe('the schedule is scenario data the players edit at setup (RI-B10)', () => {
  it('moves a group\'s turn and area and a lone leader\'s arrival before play begins, logged; refused once play has begun', () => {
    const g = newGame(tmp.dir);
    expectUndoRedo(g, () => g.editReinforcementGroup({ groupId: 'cutler-arrives', scheduledTurnId: '1863-07-01T1400', entryArea: 'Taneytown Road' }));
    expect(g.reinforcementGroups().find((x) => x.id === 'cutler-arrives')).toMatchObject({ scheduledTurnId: '1863-07-01T1400', entryArea: 'Taneytown Road' });
    expect(g.history({ limit: 1 })[0]).toMatchObject({ kind: 'reinforcement.schedule', summary: "Schedule: Cutler's Brigade due 1 July 1400 by Taneytown Road (was 1 July 0820 by Emmitsburg Road)" });
    expect(g.info().started).toBe(false);
    // The turns a schedule may name are the game's time track.
    expect(g.timeTrack().map((t) => t.label)).toEqual(['1 July 0740', '1 July 0800', '1 July 0820', '1 July 1400', '1 July 2200', '1 July 2400', '2 July 0200', '2 July 0400', '2 July 0500']);
    expectRefused(g, () => g.editReinforcementGroup({ groupId: 'cutler-arrives', scheduledTurnId: '1863-07-03T0500' }), 'INVALID_ARGUMENT', 'scheduledTurnId');
    expectRefused(g, () => g.editReinforcementGroup({ groupId: 'cutler-arrives', entryArea: '' }), 'INVALID_ARGUMENT', 'entryArea');
    expectRefused(g, () => g.editReinforcementGroup({ groupId: 'nobody' }), 'NOT_FOUND', 'groupId');
    expectUndoRedo(g, () => g.editLeaderArrival({ leaderId: 'buford', scheduledTurnId: null }));
    expect(g.arrivals().leaders.find((l) => l.leaderId === 'buford')).toMatchObject({ status: 'never', arrivalTurnId: null });
    expectRefused(g, () => g.editLeaderArrival({ leaderId: 'meredith', scheduledTurnId: '1863-07-01T0800' }), 'INVALID_ARGUMENT', 'leaderId');
    // Cutler, now due at 1400, is a rolling group (outside the July 1 morning window) and does not enter at 0820.
    g.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
    expectRefused(g, () => g.editReinforcementGroup({ groupId: 'cutler-arrives', scheduledTurnId: '1863-07-01T0820' }), 'GAME_STARTED', 'game');
    advanceTo(g, { turnId: '1863-07-01T0820', segment: 'IV', phase: 'C' });
    expect(onMap(g, '76-ny')).toBe(false);
  });
});

describe('weather: rain by Random Event M, its end, mud (RI-B04)', () => {
  it('rain begins only on afternoon turns; rolls to end it from the next turn, once a turn, with a cumulative -1; mud for good', () => {
    const g = newGame(tmp.dir);
    expect(g.info().weather).toMatchObject({ raining: false, mud: false, rainMayBegin: false, effects: [] });
    expectRefused(g, () => g.setWeather({ raining: true }), 'RULES_FORBID', 'raining', 'Rev. Rain');
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'I', phase: 'A' });
    expectUndoRedo(g, () => g.setWeather({ raining: true }));
    expect(g.info().weather).toMatchObject({ raining: true, rollDue: false, rainBeganTurnId: '1863-07-01T1400' });
    expect(g.info().weather.effects.map((e) => e.label)).toEqual([
      'All movement allowances halved, unless moving along pikes exclusively',
      'Artillery fire -2',
      'Fire range and strength halved (rounded down)',
    ]);
    expectRefused(g, () => g.setWeather({ raining: true }), 'INVALID_ARGUMENT', 'raining');
    expectRefused(g, () => g.rollToEndRain({ roll: 0 }), 'RULES_FORBID', 'roll', 'Rev. Rain');
    // The combat domain's weather query gives the same state as the turn bar.
    expect(g.weather()).toEqual(g.info().weather);
    // Every number the rain changes says so: the movement allowance halves, pikes excepted.
    const wet = g.movementAllowance({ unitId: '1-tn' });
    expect(wet.units[0]!.ma.items).toContainEqual({ label: 'Rain: all MAs reduced by half', value: -3, rule: 'Rev. Rain' });
    expect(wet.units[0]!.ma.total).toBe(3);
    expect(g.movementAllowance({ unitId: '1-tn', pikesExclusively: true }).units[0]!.ma.total).toBe(6);

    advanceTo(g, { turnId: '1863-07-01T2200', segment: 'II', phase: 'A' });
    expect(g.info().weather).toMatchObject({ rollDue: true, nextRollDrm: { total: 0, items: [] } });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 7, CSA: 1 } });
    advanceTo(g, { turnId: '1863-07-01T2200', segment: 'III', phase: 'A' });
    g.rollDueArrivals();
    const waiting = expectRefused(g, () => g.pass({ side: 'USA' }), 'RULES_FORBID', 'side', 'Rev. Rain');
    expect(waiting.message).toContain('roll to end the rain');
    const first = g.rollToEndRain({ roll: 1 });
    expect(first).toMatchObject({ stops: false, modified: 1, weather: { raining: true, rainStopRolls: 1, rollDue: false, nextRollDrm: { total: -1 } } });
    expect(first.dice[0]).toMatchObject({ roll: 1, modified: 1, target: '<= 0', outcome: 'rain continues', modifiers: { total: 0 } });
    expectRefused(g, () => g.rollToEndRain({ roll: 0 }), 'RULES_FORBID', 'roll', 'Rev. Rain');
    g.pass({ side: 'USA' });

    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'I', phase: 'A' });
    const second = g.rollToEndRain({ roll: 1 });
    expect(second.dice[0]).toMatchObject({ roll: 1, modified: 0, outcome: 'rain stops', modifiers: { total: -1, items: [{ label: 'Successive roll to end rain (1 before)', value: -1, rule: 'Rev. Rain' }] } });
    expect(g.info().weather).toMatchObject({ raining: false, mud: true, rollDue: false });
    const muddy = g.movementAllowance({ unitId: '1-tn' }).units[0]!.ma;
    expect(muddy).toEqual({ total: 5, items: [{ label: 'Movement Allowance (infantry)', value: 6, rule: 'Base game (Muster default, RI-B05)' }, { label: 'Mud: -1 all MAs', value: -1, rule: 'Rev. Mud' }] });
    expect(g.info().weather.effects.map((e) => e.label)).toEqual(['All movement allowances -1', 'Artillery fire -1']);
  });
});

describe('the movement helper, Double Time and fatigue (RI-B05, RI-B06, RI-B07)', () => {
  it('a unit\'s allowance from its arm, orders and Strategic Movement, itemised; HOLD allows one hex and no Strategic Movement', () => {
    const g = newGame(tmp.dir);
    const hold = g.movementAllowance({ unitId: '2-wi' }).units[0]!;
    expect(hold).toMatchObject({ order: 'HOLD', oneHexOnly: true, ma: { total: 6 }, strategicMovement: { used: false, refused: ['HOLD orders: No Strategic Movement'] } });
    expect(hold.restrictions).toEqual(['HOLD: One hex movement only', 'HOLD: No Strategic Movement']);
    expectRefused(g, () => g.movementAllowance({ unitId: '2-wi', strategicMovement: true }), 'INVALID_ARGUMENT', 'strategicMovement');
    const cavalry = g.movementAllowance({ unitId: '8-il-cav' }).units[0]!;
    expect(cavalry.ma.items[0]).toEqual({ label: 'Movement Allowance (dismounted cavalry)', value: 6, rule: 'Base game (Muster default, RI-B05)' });
    g.setUnitFlags({ unitId: '8-il-cav', mounted: true });
    expect(g.movementAllowance({ unitId: '8-il-cav' }).units[0]!.ma.total).toBe(12);
    expect(g.movementAllowance({ unitId: 'hall-me', baseMa: 7 }).units[0]!.ma.items[0]).toEqual({ label: 'Movement Allowance (as printed)', value: 7, rule: 'Base game' });
    // A command: every unit of it on the map, each with what it may do.
    const archer = g.movementAllowance({ commandId: 'archer', strategicMovement: true, doubleTime: true });
    expect(archer.units.map((u) => [u.unitId, u.order, u.ma.total, u.fatigueAfter])).toEqual([
      ['1-tn', 'MRCH', 15, 2],
      ['7-tn', 'MRCH', 15, 2],
      ['13-al', 'MRCH', 15, 2],
    ]);
  });

  it('Double Time: infantry on Strategic Movement, +2 fatigue levels, once a turn, never past level 4', () => {
    const g = newGame(tmp.dir);
    expectRefused(g, () => g.doubleTime({ commandId: 'archer' }), 'RULES_FORBID', 'commandId', 'Rev. Double Time');
    advanceTo(g, { segment: 'III', phase: 'A' });
    const noSm = expectRefused(g, () => g.doubleTime({ commandId: 'archer' }), 'RULES_FORBID', 'commandId', 'Rev. Double Time');
    expect(noSm.message).toContain('Double Time only with Strategic Movement');
    for (const id of ['1-tn', '7-tn', '13-al']) g.setUnitFlags({ unitId: id, strategicMovement: true });
    g.setFatigue({ unitId: '13-al', level: 3 });
    const tired = expectRefused(g, () => g.doubleTime({ commandId: 'archer' }), 'RULES_FORBID', 'commandId', 'Rev. Double Time');
    expect(tired.message).toContain('13th Alabama: fatigue level 3: Double Time would take it to 5, past the top level 4');
    expectUndoRedo(g, () => g.doubleTime({ unitId: '1-tn' }));
    expect(g.roster().find((u) => u.id === '1-tn')!.fatigue).toBe(2);
    expect(g.movementAllowance({ unitId: '1-tn' }).units[0]!.doubleTimedThisTurn).toBe(true);
    expectRefused(g, () => g.doubleTime({ unitId: '1-tn' }), 'RULES_FORBID', 'unitId', 'Rev. Double Time');
    expectRefused(g, () => g.doubleTime({ unitId: '8-il-cav' }), 'RULES_FORBID', 'unitId', 'Rev. Double Time');
  });

  it('brigades designated in II.B (HOLD or RSRV) recover one fatigue level in IV.B by themselves', () => {
    const g = newGame(tmp.dir);
    g.setFatigue({ unitId: '2-wi', level: 2 });
    g.setFatigue({ unitId: '6-wi', level: 1 });
    g.setFatigue({ unitId: '1-tn', level: 2 });
    expectRefused(g, () => g.designateFatigueRecovery({ commandId: 'iron', designated: true }), 'RULES_FORBID', 'commandId', /Fatigue & Straggler Recovery/);
    advanceTo(g, { segment: 'II', phase: 'B' });
    expectRefused(g, () => g.designateFatigueRecovery({ commandId: 'archer', designated: true }), 'RULES_FORBID', 'commandId', 'Rev. Orders Table');
    expectRefused(g, () => g.designateFatigueRecovery({ commandId: 'usa-i-1', designated: true }), 'INVALID_ARGUMENT', 'commandId');
    expectRefused(g, () => g.designateFatigueRecovery({ commandId: 'gamble', designated: true }), 'RULES_FORBID', 'commandId', 'Rev. Orders Table');
    expectUndoRedo(g, () => g.designateFatigueRecovery({ commandId: 'iron', designated: true }));
    const iron = () => g.commandTree()[0]!.children[0]!.children[0]!.children.find((c) => c.id === 'iron')!;
    expect(iron().fatigueRecovery).toBe(true);
    advanceTo(g, { segment: 'IV', phase: 'A' });
    const recovery = g.advanceClock();
    expect(recovery.automatic).toContain('Iron Brigade recovers fatigue (2 units one level)');
    const fatigue = (id: string) => g.roster().find((u) => u.id === id)!.fatigue;
    expect([fatigue('2-wi'), fatigue('6-wi'), fatigue('1-tn')]).toEqual([1, 0, 2]);
    // The designation has done its work for the turn.
    expect(iron().fatigueRecovery).toBe(false);
    g.undo();
    expect([fatigue('2-wi'), fatigue('6-wi')]).toEqual([2, 1]);
  });

  it('an artillery brigade under HOLD is not designated to recover fatigue: artillery has none, so IV.B could recover nothing', () => {
    const g = newGame(tmp.dir);
    g.setOrders({ commandId: 'usa-i-art', order: 'HOLD' });
    expectRefused(g, () => g.setFatigue({ unitId: 'hall-me', level: 1 }), 'RULES_FORBID', 'unitId', 'Rev. Cavalry Fatigue');
    advanceTo(g, { segment: 'II', phase: 'B' });
    expectRefused(g, () => g.designateFatigueRecovery({ commandId: 'usa-i-art', designated: true }), 'RULES_FORBID', 'commandId', 'Rev. Cavalry Fatigue');
  });
});

describe('concealed movement: each side\'s secret plot (RI-B09)', () => {
  it('plots the head hex turn by turn, visible to its own side only, until deployed', () => {
    const g = newGame(tmp.dir);
    expectRefused(g, () => g.concealCommand({ side: 'CSA', commandId: 'archer', hex: '1234' }), 'RULES_FORBID', 'commandId', 'Rev. Concealed Movement');
    expectRefused(g, () => g.concealCommand({ side: 'USA', commandId: 'archer', hex: '1234', strategicMovement: true }), 'INVALID_ARGUMENT', 'commandId');
    expectRefused(g, () => g.concealCommand({ side: 'CSA', commandId: 'archer', hex: 'north of town', strategicMovement: true }), 'INVALID_ARGUMENT', 'hex');
    expectRefused(g, () => g.concealCommand({ side: 'CSA', commandId: 'davis', hex: '1234', strategicMovement: true }), 'RULES_FORBID', 'commandId');
    expectUndoRedo(g, () => g.concealCommand({ side: 'CSA', commandId: 'archer', hex: '1234', strategicMovement: true }));
    g.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'I', phase: 'A' });
    expectUndoRedo(g, () => g.plotConcealed({ side: 'CSA', commandId: 'archer', hex: '1436', note: 'along the pike' }));
    expect(g.concealedPlots({ viewer: 'CSA' })).toEqual({
      viewer: 'CSA',
      commands: [
        {
          commandId: 'archer',
          name: "Archer's Brigade",
          concealed: true,
          plottedThisTurn: true,
          plot: [
            { turnId: '1863-07-01T0740', label: '1 July 0740', hex: '1234', note: 'begins Concealed Movement' },
            { turnId: '1863-07-01T0800', label: '1 July 0800', hex: '1436', note: 'along the pike' },
          ],
        },
      ],
      // At one laptop nothing is sealed (RI-H11 seals between two seats).
      sealed: { USA: 0, CSA: 0 },
    });
    // The other side, and anyone who does not say who is looking, sees nothing of it.
    expect(g.concealedPlots({ viewer: 'USA' })).toEqual({ viewer: 'USA', commands: [], sealed: { USA: 0, CSA: 0 } });
    expect(g.concealedPlots()).toEqual({ viewer: null, commands: [], sealed: { USA: 0, CSA: 0 } });
    const history = historyText(g);
    for (const secret of ['1234', '1436', 'along the pike', 'archer', 'Archer']) expect(history).not.toContain(secret);
    expect(g.history({ kinds: ['concealment'] }).map((e) => e.summary)).toEqual(['CSA plots its concealed movement (secret)', 'CSA moves a command concealed (secret until deployed)']);
    const undone = g.undo();
    expect(JSON.stringify(undone)).not.toContain('1436');
    g.redo();
    expectRefused(g, () => g.plotConcealed({ side: 'CSA', commandId: 'davis', hex: '1500' }), 'RULES_FORBID', 'commandId', 'Rev. Concealed Movement');
    // Deployed, the brigade is on the table: the event names it and its hex.
    expectUndoRedo(g, () => g.deployConcealed({ side: 'CSA', commandId: 'archer', hex: '1538', reason: 'enemy-los' }));
    expect(g.history({ limit: 1 })[0]!.summary).toBe("Archer's Brigade deploys from Concealed Movement at hex 1538: it came within enemy LOS");
    expect(g.concealedPlots({ viewer: 'CSA' }).commands[0]).toMatchObject({ concealed: false });
    expectRefused(g, () => g.plotConcealed({ side: 'CSA', commandId: 'archer', hex: '1600' }), 'RULES_FORBID', 'commandId', 'Rev. Concealed Movement');
  });
});

describe('the end of the battle: losses by corps and the history check (RI-B08, RI-B12)', () => {
  it('losses by corps add up to each side\'s loss points; army commanders count for headquarters', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 2 });
    g.recordLoss({ unitId: '8-il-cav', sp: 1 });
    g.recordLoss({ unitId: '1-tn', sp: 3 });
    g.leaderCasualty({ leaderId: 'wadsworth', roll: 0 });
    g.leaderCasualty({ leaderId: 'lee', roll: 9 });
    const t = g.tally();
    expect(t.lossesByCorps).toEqual([
      { commandId: 'usa-i', name: 'I Corps', side: 'USA', lossPoints: 5, spLost: 2 },
      { commandId: 'csa-army', name: 'Army of Northern Virginia headquarters', side: 'CSA', lossPoints: 12, spLost: 0 },
      { commandId: 'csa-iii', name: 'Third Corps', side: 'CSA', lossPoints: 3, spLost: 3 },
      { commandId: 'usa-cav', name: '1st Cavalry Division', side: 'USA', lossPoints: 2, spLost: 1 },
    ].sort((a, b) => b.lossPoints - a.lossPoints || a.name.localeCompare(b.name)));
    for (const side of ['USA', 'CSA'] as const) {
      const sum = t.lossesByCorps.filter((r) => r.side === side).reduce((n, r) => n + r.lossPoints, 0);
      expect(sum).toBe(side === 'USA' ? t.usa.lossPoints : t.csa.lossPoints);
    }
  });

  it('the history check applies the victory rules to the real losses of Willoughby Run\'s forces, counted by hand', () => {
    const g = scenarioGame('skirmish-at-willoughby-run');
    const h = g.historyCheck();
    // Iron Brigade: 213, 371, 240, 174, 185 men at 50 a SP (half up) = 4 + 7 + 5 + 3 + 4 = 23 SP.
    // Gamble's troopers: 5, 20, 32, 45 men = 0 + 0 + 1 + 1 = 2 SP, 2 points each. Calef's gunners add nothing.
    // Reynolds killed commanding the Left Wing: 3 stars x rating 2 = 6.
    expect(h.usa).toMatchObject({ infantrySp: 23, cavalrySp: 2, lossPoints: 33, men: 213 + 371 + 240 + 174 + 185 + 5 + 20 + 32 + 45, batteryMen: 12 });
    expect(h.usa.commanders.map((c) => [c.leaderId, c.casualty, c.stars, c.rating])).toEqual([['usa-reynolds-wing', 'killed', 3, 2]]);
    // Archer: 214, 48, 178, 116, 127 = 4 + 1 + 4 + 2 + 3 = 14; Davis: 232, 312, 265, 415 = 5 + 6 + 5 + 8 = 24. Heth wounded: 1/2 x 2 x 2 = 2.
    expect(h.csa).toMatchObject({ infantrySp: 38, cavalrySp: 0, lossPoints: 40 });
    // Neither side lost more than 300 points: a draw, as the revision says.
    expect(h.result).toEqual({ winner: null, level: 'draw' });
    expect(h).toMatchObject({ available: true, menPerSp: 50, unitsWithoutRecord: 0, game: { winner: null, level: 'draw', by: 'losses', usaPoints: 0, csaPoints: 0 } });
  });

  it('the full battle\'s real losses: each side above 300 points, the Union ahead on the ratio', () => {
    const g = scenarioGame('gettysburg');
    const h = g.historyCheck();
    expect(h.usa.lossPoints).toBeGreaterThan(300);
    expect(h.csa.lossPoints).toBeGreaterThan(300);
    const ratio = h.csa.lossPoints / h.usa.lossPoints;
    expect(h.result).toEqual(ratio > 1 ? { winner: 'USA', level: 'marginal' } : { winner: 'CSA', level: 'marginal' });
    expect(h.usa.commanders.map((c) => c.leaderId).sort()).toEqual(['usa-barlow', 'usa-gibbon', 'usa-hancock', 'usa-reynolds-wing', 'usa-sickles']);
    expect(h.csa.commanders.map((c) => c.leaderId).sort()).toEqual(['csa-heth', 'csa-hood', 'csa-pender']);
    g.close();
  });
});

describe('fewer clicks: the clock moves on to the next decision', () => {
  it('an empty turn is four calls: to the Initiative, its roll, to the Activation Segment, to the next turn', () => {
    const g = newGame(tmp.dir);
    // The Orders Segment's steps are secret entries: they pass only when both players say nobody enters anything (RI-H02).
    expectRefused(g, () => g.advanceToDecision(), 'RULES_FORBID', 'nothingToEnter', 'Rev. Orders Segment');
    const toInitiative = g.advanceToDecision({ nothingToEnter: ['USA', 'CSA'] });
    expect(toInitiative).toMatchObject({ passed: ['I.B Non-Automatic Order Change Phase', 'II.A Initiative Phase'], stoppedBecause: 'roll for the Initiative' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 3, CSA: 8 } });
    const toActivation = g.advanceToDecision();
    expect(toActivation).toMatchObject({ passed: ['II.B Fatigue & Straggler Recovery Designation Phase', 'II.C Command Attachment/Detachment Phase', 'III.A In-Command Activation Phase'], stoppedBecause: 'the Activation Segment', automatic: ['CSA activates first'] });
    const events = g.info().eventCount;
    const toNextTurn = g.advanceToDecision();
    expect(toNextTurn.passed).toEqual(['III.B Out-of-Command Activation Phase', 'IV.A Leader Replacement Phase', 'IV.B Fatigue & Straggler Recovery Phase', 'IV.C Cleanup Phase', 'I.A Automatic Order Change Phase']);
    expect(toNextTurn).toMatchObject({ stoppedBecause: 'a new turn: the Orders Segment', clock: { turnId: '1863-07-01T0800', segment: 'I', phase: 'A' } });
    // One event per step, as Next would have written: undo goes back one step at a time.
    expect(g.info().eventCount).toBe(events + 5);
    g.undo();
    expect(g.info().clock).toMatchObject({ turnId: '1863-07-01T0740', segment: 'IV', phase: 'C' });
  });

  it('stops where something waits: arrival rolls, a fallen leader, fatigue to recover, the 2400 chores; refuses when the very first step is refused', () => {
    const g = newGame(tmp.dir);
    g.setFatigue({ unitId: '2-wi', level: 1 });
    expect(g.advanceToDecision({ nothingToEnter: ['USA', 'CSA'] }).stoppedBecause).toBe('roll for the Initiative');
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 3, CSA: 8 } });
    expect(g.advanceToDecision()).toMatchObject({ stoppedBecause: 'fatigued brigades whose orders let them recover (Iron Brigade) may be designated to recover fatigue', clock: { segment: 'II', phase: 'B' } });
    // A designation the rules make optional is waived explicitly, as a logged event (RI-B15).
    g.settleObligation({ id: 'fatigue-designation', choice: 'done' });
    g.leaderCasualty({ leaderId: 'archer-l', roll: 2 });
    expect(g.advanceToDecision().stoppedBecause).toBe('the Activation Segment');
    expect(g.advanceToDecision()).toMatchObject({ stoppedBecause: 'James J. Archer fell this turn: replace him', clock: { segment: 'IV', phase: 'A' } });
    g.replaceLeader({ leaderId: 'archer-l' });
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'II', phase: 'C' });
    expect(g.advanceToDecision().stoppedBecause).toBe("the Activation Segment: first roll for the arrival of Davis's Brigade");
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'II', phase: 'A' });
    g.recordLoss({ unitId: '6-wi', sp: 1, straggler: true });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 3, CSA: 8 } });
    expect(g.advanceToDecision().stoppedBecause).toBe('Straggler Recovery Designation (2400): brigades with stragglers under orders that may recover them (Iron Brigade) may take the Recovery marker; fatigued brigades whose orders let them recover (Iron Brigade) may be designated to recover fatigue');
    g.settleObligation({ id: 'straggler-designation', choice: 'done' });
    g.settleObligation({ id: 'fatigue-designation', choice: 'done' });
    g.recordLoss({ unitId: 'hall-me', sp: 1, cause: 'small-arms' });
    g.advanceToDecision();
    expect(g.advanceToDecision()).toMatchObject({ stoppedBecause:
        "1 abandoned gun(s) of 2nd Maine Battery (Hall): returned if the hex is inside friendly lines at the end of the day, else captured by the enemy; RSM markers at the end of the Cleanup Phase: each is removed if any unit of its command is within its superior's range (Cutler's Brigade: James S. Wadsworth; Davis's Brigade: Henry Heth)",
      clock: { segment: 'IV', phase: 'C' } });
    expectRefused(g, () => g.advanceToDecision(), 'RULES_FORBID', 'clock', 'Rev. Abandoned Guns');
  });
});
