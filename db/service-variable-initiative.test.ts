/**
 * Variable Initiative on the full battle: 1 July is played through the service (a
 * fire combat, losses, an elimination, a Shattered unit and an Ineffective brigade at nightfall, others
 * untouched, corps arriving in the night), and at 2 July 0400 each side's Initiative Level is computed
 * from it, itemised unit by unit, the Ineffective units' roll logged; the higher level holds the
 * Initiative for the day with no roll (RI-O01). The night plot pad is a side's secret until both finish.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { MIGRATIONS } from './migrations';
import type { InitiativeLevelSide, InitiativeLevelsRecord } from '../contract';
import { expectRefused, expectUndoRedo, newGame, tempDir } from '../tests/fixtures/game';
import { playFirstJulyMorning, playTo } from '../tests/fixtures/variable-initiative';

const tmp = tempDir('muster-vi-');
afterAll(() => tmp.cleanup());

const LEVELS = 'Variable Initiative (B&G Folio), Initiative Levels';
const VARIABLE = 'Variable Initiative (B&G Folio), Variable Initiative';

const unitOf = (side: InitiativeLevelSide, unitId: string) => side.units.find((u) => u.unitId === unitId)!;
const itemSum = (side: InitiativeLevelSide) => side.level.items.reduce((n, i) => n + i.value, 0);

/** The level as the unit list gives it: each unit's own value, and the Ineffective units' SPs divided by the roll. */
function levelFromUnits(side: InitiativeLevelSide): number {
  const own = side.units.reduce((n, u) => n + (u.value ?? 0), 0);
  return own + (side.ineffectiveRoll ? Math.floor(side.ineffectiveSp / side.ineffectiveRoll.divisor) : 0);
}

describe('Variable Initiative on the full battle', () => {
  const g = GameService.create({ file: tmp.file('gettysburg-vi.muster'), scenario: 'gettysburg', optionalRules: { variableInitiative: true } }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
  afterAll(() => g.close());
  let july2: InitiativeLevelsRecord;

  it('1 July: a fire combat, losses, an elimination, a Shattered unit and an Ineffective brigade', () => {
    // Before any night the Initiative is rolled as the revision says (RI-O01).
    expect(g.initiativeLevels({ viewer: 'both' }).now).toMatchObject({ decidedBy: 'initiative-roll' });
    playFirstJulyMorning(g);
    expect(g.roster({ viewer: 'both' }).find((u) => u.id === 'csa-14th-tennessee')!.status).toBe('eliminated');
  });

  it('the night: what changes after nightfall does not change who was Ineffective at nightfall (RI-O03, RI-O24)', () => {
    playTo(g, '1863-07-01T2200', 'III', 'A');
    g.setCommandMarkers({ commandId: 'usa-i-1-meredith', ineffective: false });
    g.setStatus({ unitId: 'csa-2nd-mississippi', status: 'shattered' });
  }, 120_000);

  it('2 July 0400: the levels wait for the arrival rolls, and the Initiative is not rolled (RI-O01, RI-O22)', () => {
    playTo(g, '1863-07-02T0400', 'I', 'A');
    expect(g.advanceToDecision({ nothingToEnter: ['USA', 'CSA'] }).stoppedBecause).toMatch(/^determine the Initiative Levels \(Variable Initiative\); roll for the arrival of /);
    const report = g.initiativeLevels({ viewer: 'both' });
    expect(report.now).toMatchObject({ decidedBy: 'levels-due', rule: VARIABLE });
    expect(report.waitingFor.length).toBeGreaterThan(0);
    expect(report.preview!.USA.level.total).toBeGreaterThan(0);
    expectRefused(g, () => g.determineInitiativeLevels({}), 'RULES_FORBID', 'rolls', /Reinforcements/);
    expectRefused(g, () => g.rollInitiative({ armyPoints: { USA: false, CSA: false } }), 'RULES_FORBID', 'armyPoints', VARIABLE);
    expectRefused(g, () => g.declareInitiative({ side: 'USA', armyPoints: false }), 'RULES_FORBID', 'side', VARIABLE);
    // Next waits for the levels (the legal actions agree: the Turn screen offers only them).
    expectRefused(g, () => g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }), 'RULES_FORBID', 'clock', VARIABLE);
    expectRefused(g, () => g.advanceToDecision({ nothingToEnter: ['USA', 'CSA'] }), 'RULES_FORBID', 'clock', VARIABLE);
    // ... and so do the Next and skip buttons' verdicts: neither "Next" nor "Nobody enters anything" is offered.
    const { advance } = g.turnState({ viewer: 'USA' }).legal;
    expect(advance.next).toMatchObject({ allowed: false, rule: VARIABLE, reason: expect.stringMatching(/^first determine the Initiative Levels \(Variable Initiative\); roll for the arrival of /) });
    expect(advance.nobodyEnters).toMatchObject({ allowed: false, rule: VARIABLE });
    g.rollDueArrivals({});
    expect(g.initiativeLevels({ viewer: 'both' }).waitingFor).toEqual([]);
  });

  it('2 July 0400: a unit the players state surrounded by Enemy ZOC counts nothing, in the preview as in the level', () => {
    const before = g.initiativeLevels({ viewer: 'both' }).preview!.USA;
    const fresh = before.units.find((u) => u.state === 'fresh' && u.arrived === null)!;
    expect(fresh.value).toBe(2 * fresh.sp);
    const after = g.initiativeLevels({ viewer: 'both', surrounded: [fresh.unitId] }).preview!.USA;
    expect(after.units.find((u) => u.unitId === fresh.unitId)).toMatchObject({ surrounded: true, value: 0, why: 'surrounded by Enemy Zones of Control (stated by the players)' });
    expect(after.level.total).toBe(before.level.total - 2 * fresh.sp);
    // A unit that is not in the game is refused, naming the field: the query and the write check alike.
    expectRefused(g, () => g.initiativeLevels({ surrounded: ['no-such-unit'] }), 'NOT_FOUND', 'surrounded[0]');
    expectRefused(g, () => g.determineInitiativeLevels({ surrounded: [fresh.unitId, 'no-such-unit'] }), 'NOT_FOUND', 'surrounded[1]');
  });

  it('2 July 0400: separated forces, each group its own level and the highest the side\'s (RI-O06)', () => {
    const before = g.initiativeLevels({ viewer: 'both' }).preview!.USA;
    const fresh = before.units.filter((u) => u.state === 'fresh' && u.arrived === null).slice(0, 2);
    const cutOff = fresh.map((u) => u.unitId);
    const preview = g.initiativeLevels({ viewer: 'both', separated: { USA: [cutOff] } }).preview!;
    const usa = preview.USA;
    expect(usa.groups!.map((x) => x.label)).toEqual(['Main body', 'Cut-off group 1']);
    expect(usa.groups![1]).toMatchObject({ unitIds: cutOff, level: { total: 2 * (fresh[0]!.sp + fresh[1]!.sp) }, ineffectiveSp: 0, ineffectiveRoll: null });
    // The main body is far the larger: it gives the side's level, without the cut-off units.
    expect(usa.chosenGroup).toBe(0);
    expect(usa.level.total).toBe(before.level.total - 2 * (fresh[0]!.sp + fresh[1]!.sp));
    expect(usa.level.items.at(-1)).toEqual({ label: "Separated forces: the highest of 2 groups' levels (Main body)", value: 0, rule: 'Variable Initiative (B&G Folio), Separated Forces' });
    expect(usa.units.find((u) => u.unitId === cutOff[0])!.group).toBe(1);
    expect(preview.CSA.groups).toBeUndefined();
    // Named wrongly: refused with the field and the rule, nothing changed.
    const csaUnit = preview.CSA.units[0]!.unitId;
    expectRefused(g, () => g.initiativeLevels({ separated: { USA: [[csaUnit]] } }), 'INVALID_ARGUMENT', 'separated.USA[0][0]', LEVELS);
    expectRefused(g, () => g.initiativeLevels({ separated: { USA: [cutOff, [cutOff[0]!]] } }), 'INVALID_ARGUMENT', 'separated.USA[1][0]', /Separated Forces/);
    const eliminated = preview.CSA.units.find((u) => u.state === 'eliminated')!;
    expectRefused(g, () => g.determineInitiativeLevels({ rolls: { USA: 0, CSA: 4 }, separated: { CSA: [[eliminated.unitId]] } }), 'INVALID_ARGUMENT', 'separated.CSA[0][0]', /Separated Forces/);
    // Determined so, the record keeps every group; undone, the dawn is as it was.
    const record = g.determineInitiativeLevels({ rolls: { USA: 0, CSA: 4 }, separated: { USA: [cutOff] } }).record;
    expect(record.USA.groups!.map((x) => x.level.total)).toEqual(usa.groups!.map((x, i) => (i === 0 ? record.USA.level.total : x.level.total)));
    expect(g.verify().ok).toBe(true);
    g.undo({ viewer: 'both' });
    expect(g.initiativeLevels({ viewer: 'both' }).records).toEqual([]);
  });

  it('2 July 0400: each side\'s level, itemised unit by unit, with the Ineffective units\' roll logged (RI-O02, RI-O20, RI-O23)', () => {
    let result!: ReturnType<GameService['determineInitiativeLevels']>;
    expectUndoRedo(g, () => (result = g.determineInitiativeLevels({ rolls: { USA: 0, CSA: 4 } })));
    july2 = g.initiativeLevels({ viewer: 'both' }).records[0]!;
    expect(july2).toEqual(result.record);
    const { USA, CSA } = july2;

    // The Iron Brigade was Ineffective at nightfall, though the marker came off at 2200: its 36 SP ÷ 10 (a 0 is 10).
    expect(unitOf(USA, 'usa-2nd-wisconsin')).toMatchObject({ state: 'ineffective', sp: 6, value: null, why: "Meredith's Brigade Ineffective at nightfall" });
    expect(USA.ineffectiveSp).toBe(36);
    expect(USA.ineffectiveRoll).toEqual({ roll: 0, source: 'table', divisor: 10 });
    expect(USA.level.items).toContainEqual({ label: 'Ineffective infantry (5 units): 36 SP ÷ 10, fractions dropped', value: 3, rule: LEVELS });
    // II Corps and III Corps came up in the night: twice their SP (RI-O04).
    const nightArrivals = USA.units.filter((u) => u.arrived === 'night');
    expect(nightArrivals.length).toBeGreaterThan(0);
    for (const u of nightArrivals) expect(u).toMatchObject({ value: 2 * u.sp, why: expect.stringMatching(/^arrived during the Night Turns \(\d July \d{4}\)$/) });

    // Archer's Brigade: fired on, losses, eliminated, Shattered; Davis's untouched, even the 2nd Mississippi Shattered after nightfall.
    expect(unitOf(CSA, 'csa-1st-tennessee')).toMatchObject({ state: 'engaged', sp: 5, value: 5, why: 'in a fire combat at 1 July 1000' });
    expect(unitOf(CSA, 'csa-7th-tennessee')).toMatchObject({ state: 'engaged', sp: 4, value: 4, why: 'took losses at 1 July 1000' });
    expect(unitOf(CSA, 'csa-14th-tennessee')).toMatchObject({ state: 'eliminated', sp: 4, value: -4, why: 'eliminated' });
    expect(unitOf(CSA, 'csa-13th-alabama')).toMatchObject({ state: 'ineffective', sp: 6, value: null, why: 'Shattered at nightfall' });
    expect(unitOf(CSA, 'csa-5th-alabama-battalion')).toMatchObject({ state: 'fresh', sp: 3, value: 6, why: 'not in combat the previous day' });
    expect(unitOf(CSA, 'csa-2nd-mississippi')).toMatchObject({ state: 'fresh', sp: 10, value: 20 });
    expect(CSA.ineffectiveRoll).toEqual({ roll: 4, source: 'table', divisor: 4 });
    expect(CSA.level.items).toContainEqual({ label: 'Eliminated infantry (1 unit): minus 4 SP', value: -4, rule: LEVELS });
    expect(CSA.level.items).toContainEqual({ label: 'Ineffective infantry (1 unit): 6 SP ÷ 4, fractions dropped', value: 1, rule: LEVELS });
    // Only infantry counts: no cavalry or artillery is listed.
    expect([...USA.units, ...CSA.units].some((u) => /cavalry|battery/.test(u.unitId))).toBe(false);

    for (const side of [USA, CSA]) {
      expect(itemSum(side)).toBe(side.level.total);
      expect(levelFromUnits(side)).toBe(side.level.total);
    }
    // The higher level holds the Initiative (a tie would stay with the side that held it before, RI-O05).
    const higher = USA.level.total > CSA.level.total ? 'USA' : 'CSA';
    expect(july2.winner).toBe(higher);
    expect(july2.tie).toBe(false);
    expect(g.turnState({ viewer: 'both' })).toMatchObject({ initiative: higher, sideToAct: higher });
    // The rolls are in the dice log with what they divided.
    expect(result.dice.map((d) => [d.purpose, d.roll, d.modified, d.outcome])).toEqual([
      ['Initiative Level: USA Ineffective infantry', 0, 10, '36 SP ÷ 10 = 3'],
      ['Initiative Level: CSA Ineffective infantry', 4, 4, '6 SP ÷ 4 = 1'],
    ]);
    expect(result.event.summary).toMatch(new RegExp(`^Initiative Levels at 2 July 0400: USA ${USA.level.total}, CSA ${CSA.level.total}; ${higher} has the higher level`));
    expectRefused(g, () => g.determineInitiativeLevels({}), 'RULES_FORBID', 'rolls', VARIABLE);
    // Once determined there is no preview: statements the screen still holds shape nothing, and are not checked.
    expect(g.initiativeLevels({ viewer: 'both', separated: { USA: [['no-such-unit']] } })).toMatchObject({ preview: null, records: [july2] });
    expect(g.verify().ok).toBe(true);
  });

  it('the rest of the day: the winner holds the Initiative on every turn with no roll, until the night (RI-O01)', () => {
    const holder = july2.winner;
    g.advanceClock();
    playTo(g, '1863-07-02T1400');
    expect(g.turnState({ viewer: 'both' }).initiative).toBe(holder);
    expect(g.initiativeLevels({ viewer: 'both' }).now).toMatchObject({ decidedBy: 'initiative-level', holder });
    expectRefused(g, () => g.rollInitiative({ armyPoints: { USA: false, CSA: false } }), 'RULES_FORBID', 'armyPoints', VARIABLE);
    playTo(g, '1863-07-02T2100');
    expect(g.turnState({ viewer: 'both' }).initiative).toBeNull();
    expect(g.initiativeLevels({ viewer: 'both' }).now).toMatchObject({ decidedBy: 'initiative-roll' });
    // Twenty turns of the full battle, each played as the rules require (RI-B15): longer than most tests.
  }, 120_000);

  it('3 July 0400: the previous day begins at 2 July 0400, and an eliminated unit still counts minus its SP (RI-O04, RI-O21)', () => {
    playTo(g, '1863-07-03T0400');
    if (g.initiativeLevels({ viewer: 'both' }).waitingFor.length > 0) g.rollDueArrivals({});
    const record = g.determineInitiativeLevels({}).record;
    expect(unitOf(record.CSA, 'csa-1st-tennessee')).toMatchObject({ state: 'fresh', value: 10 });
    expect(unitOf(record.CSA, 'csa-14th-tennessee')).toMatchObject({ state: 'eliminated', value: -4 });
    expect(unitOf(record.USA, 'usa-2nd-wisconsin')).toMatchObject({ state: 'fresh', value: 12 });
    expect(g.initiativeLevels({ viewer: 'both' }).records.map((r) => r.label)).toEqual(['2 July 0400', '3 July 0400']);
    expect(g.verify().ok).toBe(true);
  }, 120_000);
});

describe('the night plot pad (RI-O07, RI-O25)', () => {
  it('is a side\'s secret until both have finished, then both are revealed; a new turn clears it', () => {
    const g = GameService.create({ file: tmp.file('gettysburg-plot.muster'), scenario: 'gettysburg', optionalRules: { variableInitiative: true } }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
    const usaPlot = { side: 'USA' as const, unitId: 'usa-8th-illinois-cavalry', fromHex: '1510', steps: [{ kind: 'move' as const, hex: '1511' }, { kind: 'hold' as const }, { kind: 'move' as const, hex: '1512' }, { kind: 'move' as const, hex: '1512' }, { kind: 'hold' as const }, { kind: 'hold' as const }] };
    // Not by day: plots are entered in a Night Turn's I.B.
    expectRefused(g, () => g.plotNightMovement(usaPlot), 'RULES_FORBID', 'side', 'Variable Initiative (B&G Folio), Simultaneous Night Movement');
    playTo(g, '1863-07-01T2000', 'I', 'B');
    expect(g.nightPlots({ viewer: 'USA' })).toMatchObject({ entering: true, night: true, revealed: false });
    expectRefused(g, () => g.plotNightMovement({ ...usaPlot, steps: usaPlot.steps.slice(0, 5) }), 'RULES_FORBID', 'steps', 'Variable Initiative (B&G Folio), Simultaneous Night Movement');
    expectRefused(g, () => g.plotNightMovement({ ...usaPlot, inEnemyZoc: true }), 'RULES_FORBID', 'steps[0]', 'Variable Initiative (B&G Folio), Restrictions');
    expectRefused(g, () => g.plotNightMovement({ ...usaPlot, hexCosts: { '1512': 3 } }), 'RULES_FORBID', 'steps[2]', 'Variable Initiative (B&G Folio), Simultaneous Night Movement');
    expectRefused(g, () => g.plotNightMovement({ ...usaPlot, side: 'CSA' }), 'INVALID_ARGUMENT', 'unitId');
    expectUndoRedo(g, () => g.plotNightMovement({ ...usaPlot, hexCosts: { '1512': 2 } }), 'USA');

    // USA sees its own plot, the 1512 move entered at the end of segment 4; CSA sees nothing of it.
    expect(g.nightPlots({ viewer: 'USA' }).pads.USA.plots).toEqual([
      { unitId: 'usa-8th-illinois-cavalry', name: '8th Illinois Cavalry', fromHex: '1510', steps: usaPlot.steps, inEnemyZoc: false, positions: ['1511', '1511', '1511', '1512', '1512', '1512'] },
    ]);
    const csaView = g.nightPlots({ viewer: 'CSA' });
    expect(csaView.pads.USA).toEqual({ hidden: true, plots: [] });
    expect(JSON.stringify(g.history({ viewer: 'CSA', limit: 5000 }))).not.toContain('1511');
    g.finishEntries({ side: 'USA' });
    g.plotNightMovement({ side: 'CSA', unitId: 'csa-11th-mississippi', fromHex: '0520', steps: [{ kind: 'hold' }, { kind: 'hold' }, { kind: 'hold' }, { kind: 'hold' }, { kind: 'hold' }, { kind: 'hold' }] });
    expect(g.nightPlots({ viewer: 'USA' }).pads.CSA).toEqual({ hidden: true, plots: [] });
    g.finishEntries({ side: 'CSA' });

    // Both finished: revealed together, to either side.
    const revealed = g.nightPlots({ viewer: 'CSA' });
    expect(revealed.revealed).toBe(true);
    expect(revealed.pads.USA.plots.map((p) => p.unitId)).toEqual(['usa-8th-illinois-cavalry']);
    expect(revealed.pads.CSA.plots.map((p) => p.unitId)).toEqual(['csa-11th-mississippi']);
    // Shown through the night turn; the next turn begins with empty pads.
    playTo(g, '1863-07-01T2000', 'III', 'A');
    expect(g.nightPlots({ viewer: 'USA' }).pads.CSA.plots).toHaveLength(1);
    playTo(g, '1863-07-01T2100', 'I', 'A');
    expect(g.nightPlots({ viewer: 'both' }).pads).toEqual({ USA: { hidden: false, plots: [] }, CSA: { hidden: false, plots: [] } });
    expect(g.verify().ok).toBe(true);
    g.close();
  }, 120_000);
});

describe('a game without Variable Initiative', () => {
  it('has no levels and no plots, and refuses both in words', () => {
    const g = newGame(tmp.dir);
    expect(g.initiativeLevels({ viewer: 'both' })).toMatchObject({ on: false, now: null, preview: null, records: [] });
    expectRefused(g, () => g.determineInitiativeLevels({}), 'RULES_FORBID', 'rolls', VARIABLE);
    expectRefused(g, () => g.plotNightMovement({ side: 'USA', unitId: '2-wi', fromHex: '1010', steps: [] }), 'RULES_FORBID', 'side', 'Variable Initiative (B&G Folio), Simultaneous Night Movement');
    g.close();
  });

  it('is what a file from before the Variable Initiative columns becomes when it is opened: no levels, no plots, verified', () => {
    const old = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, MIGRATIONS.length - 1) });
    expect(old.schemaVersion).toBe(MIGRATIONS.length - 1);
    old.recordLoss({ unitId: '2-wi', sp: 1 });
    old.close();
    const g = GameService.open(old.file);
    expect(g.schemaVersion).toBe(MIGRATIONS.length);
    expect(g.db.prepare('SELECT count(*) AS n FROM turns WHERE initiative_levels IS NOT NULL').get()).toEqual({ n: 0 });
    expect(g.db.prepare('SELECT count(*) AS n FROM units WHERE night_plot IS NOT NULL').get()).toEqual({ n: 0 });
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});
