/**
 * House readings (rules/house-readings.ts): where players read a rule differently, the group chooses at New
 * Game. Each reading is played both ways here, on real game files: the documented reading (the default)
 * and the alternative, with the number that changes and the option named where the number is itemised,
 * in the turn guide and on the Victory screen.
 */
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { HouseReadingsInput } from '../contract';
import { GameService } from './service';
import { fileURLToPath } from 'node:url';
import { advanceTo, COMBAT_SCENARIO, FIXTURE_SCENARIO, newGame, tempDir } from '../tests/fixtures/game';
import { HOUSE_READINGS } from '../rules/house-readings';
import { expectReadingNamed } from '../tests/fixtures/house-readings';

const tmp = tempDir('muster-house-');
afterAll(() => tmp.cleanup());

const game = (houseReadings?: HouseReadingsInput): GameService => newGame(tmp.dir, houseReadings ? { houseReadings } : {});
/** A Left Wing led by Reynolds over the I Corps; Meade and Lee ride in at 2200 (tests/fixtures/one-man.json). */
const ONE_MAN = fileURLToPath(new URL('../tests/fixtures/one-man.json', import.meta.url));

/** A game at III.A with the Initiative rolled: CSA (die 0 to 1) activates first. */
function csaActivating(houseReadings?: HouseReadingsInput): GameService {
  const g = game(houseReadings);
  advanceTo(g, { segment: 'II', phase: 'A' });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
  advanceTo(g, { segment: 'III', phase: 'A' });
  g.activateRe({ commandId: 'csa-iii' });
  g.pass({ side: 'USA' });
  return g;
}

describe('house readings chosen at New Game', () => {
  const at = { seed: 7, now: () => '2024-07-01T12:00:00.000Z' };

  it('are the documented readings in a game created without a choice, which names none', () => {
    const g = game();
    expect(g.info().houseReadings.inForce).toEqual([]);
    expect(Object.values(g.info().houseReadings.settings)).toEqual(HOUSE_READINGS.map((r) => r.choices[0]!.id));
    expect(g.tally().ruleModules.find((m) => m.moduleId === 'house-readings')).toBeUndefined();
    expect((g.db.prepare('SELECT house_readings AS t FROM game').get() as { t: string }).t).toBe('{}');
    g.close();
  });

  it('are recorded in the file (only those that differ) and read back wherever the game is opened again', () => {
    const file = tmp.file('with-readings.muster');
    GameService.create({ file, scenario: FIXTURE_SCENARIO, houseReadings: { oocCommanderDrm: 'hurts', stragglersAtEnd: 'countAsLosses', fatigueRecovery: 'allLevels' } }, at).close();
    const g = GameService.open(file);
    expect((g.db.prepare('SELECT house_readings AS t FROM game').get() as { t: string }).t).toBe('{"oocCommanderDrm":"hurts","fatigueRecovery":"allLevels"}');
    expect(g.info().houseReadings.inForce.map((r) => [r.id, r.readings, r.choiceName])).toEqual([
      ['oocCommanderDrm', 'RI-C01', '+1: he suffers it'],
      ['fatigueRecovery', 'RI-B07', 'Every level'],
    ]);
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('refuses a reading that is not offered, or a choice it does not have, naming the field, and creates no file', () => {
    const file = tmp.file('refused-readings.muster');
    expect(() => GameService.create({ file, scenario: FIXTURE_SCENARIO, houseReadings: { fogOfWar: 'on' } as never }, at)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'houseReadings.fogOfWar', message: expect.stringContaining('"fogOfWar" is not a house reading Muster offers') }),
    );
    expect(() => GameService.create({ file, scenario: FIXTURE_SCENARIO, houseReadings: { oocCommanderDrm: 'helps' } as never }, at)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'houseReadings.oocCommanderDrm' }),
    );
    expect(existsSync(file)).toBe(false);
  });

  it('cannot be changed once the game exists, and an edit made behind the trigger is caught by verify', () => {
    const file = tmp.file('fixed-readings.muster');
    GameService.create({ file, scenario: FIXTURE_SCENARIO, houseReadings: { capturedCommanders: 'scoreAsKilled' } }, at).close();
    const g = GameService.open(file);
    expect(() => g.db.prepare("UPDATE game SET house_readings = '{}'").run()).toThrow(/fixed when the game is created/);
    g.db.exec('DROP TRIGGER game_house_readings_fixed');
    g.db.prepare("UPDATE game SET house_readings = '{}'").run();
    const report = g.verify();
    expect(report.ok).toBe(false);
    expect(report.state.problems.join('\n')).toMatch(/house_readings/);
    g.close();
  });
});

describe("RI-C01: the out-of-command commander's activation DRM", () => {
  it('as documented, -1 as printed: Heth (rating 3) rolls 3, +1 division -1 OOC = 3, and gets ME', () => {
    const g = csaActivating();
    const r = g.attemptActivation({ commandId: 'heth-div', commanderOutOfCommand: true, roll: 3 });
    expect(r.drm!.items).toContainEqual({ label: 'Commander/Leader of activating command is OOC', value: -1, rule: 'Rev. Activation DRMs' });
    expect(r).toMatchObject({ effectiveness: 'ME', drm: { total: 0 } });
    expect(g.info().houseReadings.inForce).toEqual([]);
    g.close();
  });

  it('house reading "he suffers it": +1, so the same roll of 3 is 5 and goes to the Confusion Table; the item names the option', () => {
    const g = csaActivating({ oocCommanderDrm: 'hurts' });
    const preview = g.previewActivation({ commandId: 'heth-div', commanderOutOfCommand: true });
    expect(preview.drm.total).toBe(2);
    const r = g.attemptActivation({ commandId: 'heth-div', commanderOutOfCommand: true, roll: 3 });
    const ooc = r.drm.items.find((i) => i.label.startsWith('Commander/Leader of activating command is OOC'))!;
    expect(ooc.value).toBe(1);
    expect(ooc.rule).toBe("Rev. Activation DRMs; House reading: Out-of-command commander's activation DRM: +1: he suffers it (RI-C01)");
    expect(ooc.source).toBe("House reading: Out-of-command commander's activation DRM: +1: he suffers it (RI-C01)");
    expect(r).toMatchObject({ effectiveness: 'confusion', drm: { total: 2 } });
    expectReadingNamed(g, 'oocCommanderDrm', 'RI-C01');
    g.close();
  });
});

describe('RI-S05: unrecovered stragglers in the victory tally', () => {
  it('as documented, they count as SP losses: 3 SPs lost and 2 stragglers are 5 loss points', () => {
    const g = game();
    g.recordLoss({ unitId: '6-wi', sp: 3, cause: 'small-arms' });
    g.recordLoss({ unitId: '7-wi', sp: 2, straggler: true });
    expect(g.tally().usa).toMatchObject({ lossPoints: 5, infantrySp: 5 });
    g.close();
  });

  it('house reading "not counted": the same losses are 3 points, and the tally says which stragglers it left out and why', () => {
    const g = game({ stragglersAtEnd: 'notCounted' });
    g.recordLoss({ unitId: '6-wi', sp: 3, cause: 'small-arms' });
    g.recordLoss({ unitId: '7-wi', sp: 2, straggler: true });
    const usa = g.tally().usa;
    expect(usa).toMatchObject({ lossPoints: 3, infantrySp: 3 });
    expect(usa.items).toContainEqual({
      label: 'Unrecovered stragglers not counted (2 infantry, 0 cavalry)',
      value: 0,
      rule: 'Rev. Victory Points for Losses; House reading: Unrecovered stragglers at the end: Not counted (RI-S05)',
      id: 'house-reading:stragglersAtEnd',
      source: 'House reading: Unrecovered stragglers at the end: Not counted (RI-S05)',
    });
    // The points turn by turn are counted the same way.
    expect(g.tally().lossesByTurn.at(-1)).toMatchObject({ USA: 3 });
    expectReadingNamed(g, 'stragglersAtEnd', 'RI-S05');
    g.close();
  });
});

describe('RI-S06: captured commanders in the victory tally', () => {
  it('as documented, a captured commander scores nothing', () => {
    const g = game();
    g.leaderCaptured({ leaderId: 'wadsworth' });
    expect(g.tally().usa.lossPoints).toBe(0);
    g.close();
  });

  it('house reading "score as killed": Wadsworth (1 star, rating 3) captured is 3 points, itemised with the option', () => {
    const g = game({ capturedCommanders: 'scoreAsKilled' });
    g.leaderCaptured({ leaderId: 'wadsworth' });
    // A brigade leader still scores nothing, captured or not.
    g.leaderCaptured({ leaderId: 'meredith' });
    const usa = g.tally().usa;
    expect(usa.lossPoints).toBe(3);
    expect(usa.items).toContainEqual(
      expect.objectContaining({ label: 'Commanders captured (1: stars x rating, minimum 1)', value: 3, source: 'House reading: Captured commanders: Score as killed (RI-S06)' }),
    );
    expect(g.tally().lossesByCorps).toContainEqual(expect.objectContaining({ commandId: 'usa-i', lossPoints: 3 }));
    expectReadingNamed(g, 'capturedCommanders', 'RI-S06');
    g.close();
  });
});

describe('RI-S11: who holds the +1 Initiative Modifier', () => {
  /** USA wins the first turn's Initiative (1 to 0); the next turn's Initiative Segment. */
  function nextTurnInitiative(houseReadings?: HouseReadingsInput): GameService {
    const g = game(houseReadings);
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'II', phase: 'A' });
    return g;
  }

  it("as documented, last turn's winner holds it: the USA adds +1, and 4 to 4 rolled is the USA's 5 to 4", () => {
    const g = nextTurnInitiative();
    expect(g.turnState().initiativeModifier).toBe('USA');
    const r = g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 4, CSA: 4 } });
    expect(r).toMatchObject({ winner: 'USA', totals: { USA: { total: 1 }, CSA: { total: 0 } } });
    g.close();
  });

  it("house reading \"previous turn's loser\": the CSA holds it, and the same 4 to 4 is the CSA's 5 to 4; the item names the option", () => {
    const g = nextTurnInitiative({ initiativeModifier: 'previousLoser' });
    expect(g.turnState().initiativeModifier).toBe('CSA');
    const r = g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 4, CSA: 4 } });
    expect(r).toMatchObject({ winner: 'CSA', totals: { USA: { total: 0 }, CSA: { total: 1 } } });
    expect(r.totals.CSA.items[0]).toMatchObject({ value: 1, source: "House reading: Who holds the +1 Initiative Modifier: The previous turn's loser (RI-S11)" });
    expectReadingNamed(g, 'initiativeModifier', 'RI-S11');
    g.close();
  });
});

describe('RI-B06: Double Time past the top fatigue level', () => {
  /** Archer's brigade (MRCH) on Strategic Movement in the Activation Segment, the 13th Alabama at fatigue 3. */
  function archerMarching(houseReadings?: HouseReadingsInput): GameService {
    const g = game(houseReadings);
    advanceTo(g, { segment: 'III', phase: 'A' });
    for (const id of ['1-tn', '7-tn', '13-al']) g.setUnitFlags({ unitId: id, strategicMovement: true });
    g.setFatigue({ unitId: '13-al', level: 3 });
    return g;
  }
  const fatigue = (g: GameService, id: string) => g.roster().find((u) => u.id === id)!.fatigue;

  it('as documented, refused: the 13th Alabama at fatigue 3 may not Double Time', () => {
    const g = archerMarching();
    expect(g.movementAllowance({ unitId: '13-al' }).units[0]!.doubleTime.refused).toEqual(['fatigue level 3: Double Time would take it to 5, past the top level 4']);
    expect(() => g.doubleTime({ unitId: '13-al' })).toThrow(/past the top level 4/);
    expect(fatigue(g, '13-al')).toBe(3);
    g.close();
  });

  it('house reading "allowed, fatigue stops at 4": it Double Times, 3 -> 4, and the event names the option', () => {
    const g = archerMarching({ doubleTimePastTop: 'cappedAtTop' });
    const helper = g.movementAllowance({ unitId: '13-al', doubleTime: true }).units[0]!;
    expect(helper).toMatchObject({ doubleTime: { used: true, refused: [] }, fatigueAfter: 4, ma: { total: 15 } });
    const r = g.doubleTime({ commandId: 'archer' });
    expect(fatigue(g, '13-al')).toBe(4);
    expect(fatigue(g, '1-tn')).toBe(2);
    expect(r.event.summary).toContain('13th Alabama 3 -> 4');
    expect(r.event.summary).toContain('House reading: Double Time past the top fatigue level: Allowed, fatigue stops at 4 (RI-B06)');
    expectReadingNamed(g, 'doubleTimePastTop', 'RI-B06');
    g.close();
  });
});

describe("RI-F21: Double Time's +3 in rain", () => {
  /** The afternoon turn with rain falling, Archer's brigade on Strategic Movement in the Activation Segment. */
  function inTheRain(houseReadings?: HouseReadingsInput): GameService {
    const g = game(houseReadings);
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'I', phase: 'A' });
    g.setWeather({ raining: true });
    g.setUnitFlags({ unitId: '1-tn', strategicMovement: true });
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'III', phase: 'A' });
    return g;
  }

  it('as documented, the whole allowance is halved: (6 doubled + 3) / 2 = 7.5 MPs', () => {
    const g = inTheRain();
    expect(g.movementAllowance({ unitId: '1-tn', doubleTime: true }).units[0]!.ma.total).toBe(7.5);
    g.close();
  });

  it('house reading "added after halving": 12 / 2 + 3 = 9 MPs, both changed items naming the option', () => {
    const g = inTheRain({ rainDoubleTime: 'addedAfterHalving' });
    const ma = g.movementAllowance({ unitId: '1-tn', doubleTime: true }).units[0]!.ma;
    expect(ma.total).toBe(9);
    expect(ma.items.filter((i) => i.source === "House reading: Double Time's +3 in rain: Added after halving (RI-F21)").map((i) => i.value)).toEqual([-6, 3]);
    expectReadingNamed(g, 'rainDoubleTime', 'RI-F21');
    g.close();
  });
});

describe('RI-B07: fatigue recovered by a designated brigade', () => {
  /** The Iron Brigade (HOLD) designated in II.B, with the 2nd Wisconsin at fatigue 3; the clock enters IV.B. */
  function recovering(houseReadings?: HouseReadingsInput): { g: GameService; automatic: string[] } {
    const g = game(houseReadings);
    g.setFatigue({ unitId: '2-wi', level: 3 });
    advanceTo(g, { segment: 'II', phase: 'B' });
    g.designateFatigueRecovery({ commandId: 'iron', designated: true });
    advanceTo(g, { segment: 'IV', phase: 'A' });
    return { g, automatic: g.advanceClock().automatic };
  }
  const fatigue = (g: GameService) => g.roster().find((u) => u.id === '2-wi')!.fatigue;

  it('as documented, one level: 3 -> 2', () => {
    const { g, automatic } = recovering();
    expect(fatigue(g)).toBe(2);
    expect(automatic).toContain('Iron Brigade recovers fatigue (1 unit one level)');
    g.close();
  });

  it('house reading "every level": 3 -> 0, and the clock\'s note names the option', () => {
    const { g, automatic } = recovering({ fatigueRecovery: 'allLevels' });
    expect(fatigue(g)).toBe(0);
    expect(automatic).toContain('Iron Brigade recovers fatigue (1 unit every level: House reading: Fatigue recovered by a designated brigade: Every level (RI-B07))');
    expectReadingNamed(g, 'fatigueRecovery', 'RI-B07');
    g.close();
  });
});

describe("RI-S09: the orders behind a command's order change DRM", () => {
  /** Heth's Division on HOLD, Archer's Brigade on ASLT of its own, Davis's brigade not yet arrived; the Orders Segment. */
  function hethHoldsArcherAssaults(houseReadings?: HouseReadingsInput): GameService {
    const g = game(houseReadings);
    g.setOrders({ commandId: 'heth-div', order: 'HOLD' });
    g.setOrders({ commandId: 'archer', order: 'ASLT' });
    return g;
  }
  const ordersItem = (g: GameService) => g.previewOrderChange({ commandId: 'heth-div' }).drm.items.find((i) => i.label.startsWith('Orders Table DRM'))!;

  it("as documented, the worst order anywhere in the command: Archer's Assault turns Heth's Hold -1 into +2", () => {
    const g = hethHoldsArcherAssaults();
    expect(ordersItem(g)).toEqual({ label: 'Orders Table DRM (ASLT, worst of HOLD/ASLT)', value: 2, rule: 'Rev. Order Change DRMs' });
    expect(g.turnState({ viewer: 'CSA' }).legal.orderChanges.find((o) => o.commandId === 'heth-div')!.drm.total).toBe(2);
    g.close();
  });

  it("house reading \"its own order only\": Heth's attempt carries his Hold's -1, itemised with the option; Archer's own attempt still its Assault's +2", () => {
    const g = hethHoldsArcherAssaults({ orderChangeOrders: 'ownOrder' });
    expect(ordersItem(g)).toMatchObject({ label: "Orders Table DRM (HOLD, the command's own order)", value: -1, source: 'House reading: Orders behind an order change DRM: Its own order only (RI-S09)' });
    expect(g.turnState({ viewer: 'CSA' }).legal.orderChanges.find((o) => o.commandId === 'heth-div')!.drm.total).toBe(-1);
    expect(g.previewOrderChange({ commandId: 'archer' }).drm.total).toBe(2);
    expectReadingNamed(g, 'orderChangeOrders', 'RI-S09');
    g.close();
  });
});

describe('RI-C11: what may be attached', () => {
  /** The Command Attachment/Detachment Phase. */
  function atAttachment(houseReadings?: HouseReadingsInput): GameService {
    const g = game(houseReadings);
    advanceTo(g, { segment: 'II', phase: 'C' });
    return g;
  }
  const crenshaw = (g: GameService) => g.roster().find((u) => u.id === 'crenshaw')!;

  it("as documented, infantry only: Pegram's Battalion may not be attached to Heth's Division", () => {
    const g = atAttachment();
    expect(() => g.attachCommand({ commandId: 'pegram', toCommandId: 'heth-div' })).toThrow(/Only infantry commands may be attached or detached, not artillery/);
    expect(crenshaw(g)).toMatchObject({ commandPath: ["Pegram's Battalion", 'Third Corps', 'Army of Northern Virginia'], effectiveOrder: 'WDRW' });
    g.close();
  });

  it("house reading \"infantry and artillery\": the battalion's batteries join Heth's Division, keeping their own order; the event names the option; cavalry still may not", () => {
    const g = atAttachment({ attachable: 'infantryAndArtillery' });
    expect(() => g.attachCommand({ commandId: 'gamble', toCommandId: 'usa-i-1' })).toThrow(/Only infantry commands may be attached or detached, not cavalry/);
    const r = g.attachCommand({ commandId: 'pegram', toCommandId: 'heth-div' });
    expect(r.event.summary).toBe("Pegram's Battalion attached to Heth's Division (Robert E. Lee's rating points spent) (House reading: What may be attached: Infantry and artillery (RI-C11))");
    expect(crenshaw(g)).toMatchObject({ commandPath: ["Pegram's Battalion", "Heth's Division", 'Third Corps', 'Army of Northern Virginia'], effectiveOrder: 'WDRW' });
    expect(g.leaders().find((l) => l.id === 'lee')!.pointsUsedFor).toBe('attachment');
    expectReadingNamed(g, 'attachable', 'RI-C11');
    g.close();
  });
});

describe('RI-S13: "Overall Commander on map" for arrivals', () => {
  /** Cutler's brigade made a rolling group due at 1400, while Reynolds commands the USA before Meade arrives. */
  function cutlerDueWhileReynoldsCommands(houseReadings?: HouseReadingsInput): GameService {
    const g = newGame(tmp.dir, { scenario: ONE_MAN, ...(houseReadings ? { houseReadings } : {}) });
    g.editReinforcementGroup({ groupId: 'cutler-arrives', scheduledTurnId: '1863-07-01T1400' });
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'I', phase: 'A' });
    return g;
  }

  it('as documented, only Meade or Lee: no -1 while Reynolds commands, so a 4 (-1 for the I Corps on the map) is a 3 and Cutler waits', () => {
    const g = cutlerDueWhileReynoldsCommands();
    const r = g.attemptReinforcement({ side: 'USA', groupId: 'cutler-arrives', roll: 4 });
    expect(r).toMatchObject({ arrived: false, drm: { total: -1 } });
    expect(r.drm!.items.map((i) => i.label)).toEqual(['Combat unit of that div/corps already on map']);
    g.close();
  });

  it('house reading "the acting army commander": Reynolds gives the -1, the same 4 is a 2 and Cutler arrives; the item names the option', () => {
    const g = cutlerDueWhileReynoldsCommands({ overallCommander: 'actingCommander' });
    const r = g.attemptReinforcement({ side: 'USA', groupId: 'cutler-arrives', roll: 4 });
    expect(r).toMatchObject({ arrived: true, drm: { total: -2 } });
    expect(r.drm!.items).toContainEqual(expect.objectContaining({ label: 'Overall Commander on map (the acting army commander)', value: -1, source: 'House reading: "Overall Commander on map" for arrivals: The acting army commander (RI-S13)' }));
    expectReadingNamed(g, 'overallCommander', 'RI-S13');
    g.close();
  });
});

describe('RI-F09, RI-K12: a Bayonet Charge by only some of the attackers', () => {
  /** Heth's Division at ME (the CSA's free initiative activation); the 1st Tennessee charges, the 7th does not. */
  function oneOfTwoCharging(houseReadings?: HouseReadingsInput): GameService {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO, ...(houseReadings ? { houseReadings } : {}) });
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.attemptActivation({ commandId: 'heth-div' });
    g.designateBayonetCharge({ unitIds: ['1-tn'], moved: true, fired: false });
    return g;
  }
  const shock = { attackers: ['1-tn', '7-tn'], defenders: ['2-wi', '6-wi'] };
  const preShock = (plan: ReturnType<GameService['planShock']>) => plan.preShock.find((p) => p.unitId === '2-wi')!.drm;

  it('as documented: no Shock Resolution +1 and no rounding (not every attacker charges), but the Pre-Shock +1 (one undisordered charger)', () => {
    const g = oneOfTwoCharging();
    const plan = g.planShock(shock);
    expect(plan.drm.items.map((i) => [i.label, i.value])).toEqual([
      ["Attacker's orders (ASLT)", 1],
      ["Defender's orders (HOLD)", -1],
    ]);
    expect(plan.odds.roundedForAttacker).toBeNull();
    expect(preShock(plan)).toEqual({ total: 1, items: [{ label: 'Facing an undisordered Bayonet Charge unit', value: 1, rule: 'Rev. Bayonet Charge' }] });
    g.close();
  });

  it('house reading "any charger gives both": the Shock Resolution +1 (named with the option), the odds rounded for the attacker, and the Pre-Shock +1', () => {
    const g = oneOfTwoCharging({ mixedBayonetCharge: 'anyForBoth' });
    const plan = g.planShock(shock);
    expect(plan.drm.total).toBe(1);
    expect(plan.drm.items[0]).toMatchObject({ label: 'Bayonet Charge (not every attacker charging)', value: 1, source: 'House reading: A Bayonet Charge by only some attackers: Any charger gives both (RI-F09, RI-K12)' });
    expect(plan.odds.roundedForAttacker).not.toBeNull();
    expect(preShock(plan).total).toBe(1);
    expectReadingNamed(g, 'mixedBayonetCharge', 'RI-F09');
    expectReadingNamed(g, 'mixedBayonetCharge', 'RI-K12');
    g.close();
  });

  it('house reading "every attacker must charge for either": no Shock Resolution +1 and no Pre-Shock +1; with both charging, both, the Pre-Shock line naming the option', () => {
    const g = oneOfTwoCharging({ mixedBayonetCharge: 'allForBoth' });
    const plan = g.planShock(shock);
    expect(plan.drm.total).toBe(0);
    expect(preShock(plan)).toEqual({ total: 0, items: [] });
    g.designateBayonetCharge({ unitIds: ['7-tn'], moved: true, fired: false });
    const both = g.planShock(shock);
    expect(both.drm.items[0]).toEqual({ label: 'Bayonet Charge', value: 1, rule: 'Rev. Bayonet Charge' });
    expect(preShock(both).items).toEqual([expect.objectContaining({ value: 1, source: 'House reading: A Bayonet Charge by only some attackers: Every attacker must charge for either (RI-F09, RI-K12)' })]);
    expectReadingNamed(g, 'mixedBayonetCharge', 'RI-K12');
    g.close();
  });
});

describe('RI-B03: a leader riding in alone on a group\'s turn and area', () => {
  /**
   * Buford (division, rating 4) rides in alone on Cutler's brigade's turn and road; the USA sends Cutler's group
   * to an Alternative Arrival Area on the first turn, and rolls for it when it is due.
   */
  function cutlerSentElsewhere(houseReadings?: HouseReadingsInput): GameService {
    const g = game(houseReadings);
    g.editReinforcementGroup({ groupId: 'cutler-arrives', scheduledTurnId: '1863-07-01T1400' });
    g.editLeaderArrival({ leaderId: 'buford', scheduledTurnId: '1863-07-01T1400' });
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.orderAlternativeArrival({ side: 'USA', groupId: 'cutler-arrives', entryArea: 'Taneytown Road' });
    advanceTo(g, { turnId: '1863-07-01T2200', segment: 'I', phase: 'A' });
    return g;
  }
  const highest = (g: GameService) => g.arrivals({ viewer: 'USA' }).groups.find((x) => x.id === 'cutler-arrives')!.drm!.items.find((i) => i.label.startsWith('Rating of highest commander'))!;

  it("as documented, left out: Buford commands nothing of the group, so its highest commander is Cutler (2)", () => {
    const g = cutlerSentElsewhere();
    expect(highest(g)).toEqual({ label: 'Rating of highest commander in group (2)', value: -2, rule: 'Rev. Alternative Arrival Areas DRMs' });
    g.close();
  });

  it('house reading "arrive with the group": Buford, a division commander, is its highest commander (4), the item naming the option', () => {
    const g = cutlerSentElsewhere({ loneLeaders: 'withGroup' });
    expect(highest(g)).toMatchObject({ label: 'Rating of highest commander in group (4)', value: -4, source: 'House reading: Leaders riding in alone beside a group: Arrive with the group (RI-B03)' });
    expect(g.info().houseReadings.inForce.map((r) => r.id)).toEqual(['loneLeaders']);
    expectReadingNamed(g, 'loneLeaders', 'RI-B03');
    g.close();
  });
});
