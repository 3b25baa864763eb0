/**
 * Every combat result from the group's kit (RI-K25), in the game service, with an invented kit
 * (tests/fixtures/kit.ts: numbers made up for the tests, never the base game's): one die per attack, and
 * Muster reads the tables and applies the whole result as one event. Fire (the loss shared in front, the
 * cell's morale result and cohesion checks, Ammo, leader hits), shock (both sides' Pre-Shock checks, the
 * Shock Table at the chart's own odds column, retreats and statuses), Rally and UDD against the unit's
 * rating; the kit's fingerprint and every cell read in the event; refusals naming the field; and without a
 * kit, everything as before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GameService } from './service';
import type { PlayerCharts } from '../contract';
import { advanceTo, COMBAT_SCENARIO, expectRefused, expectUndoRedo, newGame, tempDir } from '../tests/fixtures/game';
import { KIT_CHARTS, KIT_COUNTERS } from '../tests/fixtures/kit';

const tmp = tempDir('muster-combat-kit-');
afterAll(() => tmp.cleanup());

/** A combat game with the invented kit and its counter values, at III.A: the CSA has the Initiative and Heth's division is active. */
function withKit(charts: () => PlayerCharts = () => KIT_CHARTS): GameService {
  const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO, charts });
  g.applyCounterValues({ units: KIT_COUNTERS });
  advanceTo(g, { segment: 'II', phase: 'A' });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
  advanceTo(g, { segment: 'III', phase: 'A' });
  g.attemptActivation({ commandId: 'heth-div' });
  return g;
}

const unit = (g: GameService, id: string) => g.roster().find((u) => u.id === id)!;
const fingerprintOf = (g: GameService) => g.planFire({ stack: ['2-wi'], range: 2, targets: ['1-tn'] }).attack!.kit!.fingerprint;

describe('a fire attack from one die', () => {
  const attack = { stack: ['2-wi', '6-wi'], range: 2, targets: ['1-tn', '7-tn'] };

  it('shows the kit\'s cell for the die, then applies it as one event: the loss shared in front, "Ammo" on every firer; fingerprint and cell in the event', () => {
    const g = withKit();
    const plan = g.planFire(attack).attack!;
    // A die that lands on the invented "6 to 7" row of the "four to nine" column.
    const roll = 6 - plan.drm.total;
    expect(plan.strength.total).toBeGreaterThanOrEqual(4);
    expect(plan.strength.total).toBeLessThanOrEqual(9);
    expect(plan.kit).toMatchObject({ found: false, note: "Roll the die: Muster reads the result in the kit's Fire Table" });
    const preview = g.planFire({ ...attack, previewRoll: roll }).attack!;
    expect(preview.kit).toMatchObject({ found: true, sp: 2, ammo: true, check: false, cell: { table: 'Fire Table', column: 'four to nine', row: '6 to 7', value: '2 SP, Ammo ("ii$")' } });
    expect(preview.kit!.fingerprint).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}$/);
    // The shares of the cell's loss are shown before it is applied.
    expect(preview.shares).toMatchObject({ sp: 2, fixed: [{ unitId: '1-tn', sp: 1 }, { unitId: '7-tn', sp: 1 }], choiceNeeded: false });

    const fingerprint = preview.kit!.fingerprint;
    expectUndoRedo(g, () => g.resolveFire({ ...attack, roll, kit: { fingerprint } }));
    expect(unit(g, '1-tn')).toMatchObject({ spLost: 1, status: 'ordered' });
    expect(unit(g, '7-tn')).toMatchObject({ spLost: 1 });
    expect(unit(g, '2-wi').outOfAmmo).toBe(true);
    expect(unit(g, '6-wi').outOfAmmo).toBe(true);
    const [event] = g.history({ limit: 1 });
    expect(event!.kit).toEqual({ fingerprint, cells: [{ table: 'Fire Table', column: 'four to nine', row: '6 to 7', value: '2 SP, Ammo ("ii$")' }] });
    expect(event!.summary).toContain(`2 SP (kit ${fingerprint}: Fire Table, column four to nine, row 6 to 7: 2 SP, Ammo ("ii$"))`);
    expect(g.verify().ok).toBe(true);
  });

  it('a cell calling for a cohesion check rolls it on the kit\'s UDD table against each unit\'s rating: disorder, SP lost, the straggler', () => {
    const g = withKit();
    const plan = g.planFire(attack).attack!;
    const roll = 3 - plan.drm.total; // "3 to 5": 1 SP and a cohesion check
    const fingerprint = plan.kit!.fingerprint;
    expect(g.planFire({ ...attack, previewRoll: roll }).attack!.kit).toMatchObject({ sp: 1, check: true, unrated: [] });
    // 1st Tennessee (ordered side 5) rolls 9: 9 - 5 = 4, "disordered, 1 SP"; 7th Tennessee (4) rolls 1: 1 - 4 = -3, no change.
    const r = g.resolveFire({ ...attack, roll, lossChoice: ['7-tn'], kit: { fingerprint, checkRolls: [{ unitId: '1-tn', roll: 9 }, { unitId: '7-tn', roll: 1 }] } });
    expect(unit(g, '7-tn')).toMatchObject({ spLost: 1, status: 'ordered' });
    // The check's SP, then one straggler for the flip to Disordered by fire (RI-K08).
    expect(unit(g, '1-tn')).toMatchObject({ spLost: 1, stragglers: 1, status: 'disordered' });
    expect(r.kit!.cells).toEqual([
      { table: 'Fire Table', column: 'four to nine', row: '3 to 5', value: '1 SP, cohesion check ("i?")' },
      { table: 'UDD', column: 'ordered', row: '4 to 40 against the rating', value: 'disordered, 1 SP', unitId: '1-tn' },
      { table: 'UDD', column: 'ordered', row: '-40 to 0 against the rating', value: 'no change', unitId: '7-tn' },
    ]);
    expect(r.dice.map((d) => [d.purpose, d.source, d.roll, d.target])).toEqual([
      ['Fire: 2nd Wisconsin, 6th Wisconsin at 1st Tennessee, 7th Tennessee', 'table', roll, null],
      ['Cohesion check after fire: 1st Tennessee', 'table', 9, 'cohesion 5'],
      ['Cohesion check after fire: 7th Tennessee', 'table', 1, 'cohesion 4'],
    ]);
  });

  it('the app rolls the checks it is not given; a unit without a rating is read at the table, or the result is refused naming it', () => {
    const g = withKit();
    g.correctUnit({ unitId: '7-tn', cohesionOrdered: null, reason: 'not checked yet' });
    const plan = g.planFire(attack).attack!;
    const roll = 3 - plan.drm.total;
    const fingerprint = plan.kit!.fingerprint;
    expect(g.planFire({ ...attack, previewRoll: roll }).attack!.kit!.unrated).toEqual(['7-tn']);
    const refused = expectRefused(g, () => g.resolveFire({ ...attack, roll, lossChoice: ['7-tn'], kit: { fingerprint } }), 'INVALID_ARGUMENT', 'kit.outcomes');
    expect(refused.message).toBe('kit.outcomes: 7th Tennessee cannot be checked from the kit (no ordered cohesion rating entered): give its outcome read at the table (kit.outcomes)');
    const r = g.resolveFire({ ...attack, roll, lossChoice: ['7-tn'], kit: { fingerprint, outcomes: [{ unitId: '7-tn', status: 'disordered' }] } });
    expect(unit(g, '7-tn')).toMatchObject({ status: 'disordered', stragglers: 1 });
    // 1st Tennessee's die was the app's, in the dice log with its purpose and rating.
    expect(r.dice.find((d) => d.purpose === 'Cohesion check after fire: 1st Tennessee')).toMatchObject({ source: 'app', target: 'cohesion 5' });
    expect(r.kit!.cells.map((c) => c.table)).toEqual(['Fire Table', 'UDD']);
  });

  it('a morale result on the cell disorders the units in front; the kit\'s leader hit check is rolled for a leader stacked with them', () => {
    const g = withKit();
    const plan = g.planFire(attack).attack!;
    const roll = 9 - plan.drm.total; // "8 to 40": 3 SP, disordered
    const r = g.resolveFire({ ...attack, roll, lossChoice: ['1-tn'], kit: { fingerprint: plan.kit!.fingerprint, leadersStacked: ['archer-l'] } });
    expect(unit(g, '1-tn')).toMatchObject({ spLost: 2, status: 'disordered', stragglers: 1 });
    expect(unit(g, '7-tn')).toMatchObject({ spLost: 1, status: 'disordered', stragglers: 1 });
    const check = r.dice.find((d) => d.purpose === 'Leader hit check: James J. Archer')!;
    expect(check.source).toBe('app');
    expect(r.kit!.cells[1]).toMatchObject({ table: 'Leader hit check', value: check.roll === 0 ? 'hit ("hit")' : 'unhurt' });
    const archer = g.leaders().find((l) => l.id === 'archer-l')!;
    expect(archer.casualty === 'none').toBe(check.roll !== 0);
  });

  it('a battery losing SPs to small arms from the kit\'s cell abandons its guns (Rev. Abandoned Guns)', () => {
    const g = withKit();
    const aim = { stack: ['2-wi'], range: 2, targets: ['crenshaw'] };
    const plan = g.planFire(aim).attack!;
    g.resolveFire({ ...aim, roll: 6 - plan.drm.total, kit: { fingerprint: plan.kit!.fingerprint } });
    expect(unit(g, 'crenshaw')).toMatchObject({ abandonedGuns: 2, spLost: 0 });
    expect(g.history({ limit: 1 })[0]!.summary).toContain('Crenshaw Battery abandons 2 gun(s) (AG marker)');
  });

  it('a battery fires on its own guns\' row of the kit\'s artillery range chart (a counter value), chosen once', () => {
    const g = withKit();
    const plan = g.planFire({ stack: ['hall-me'], range: 3 });
    expect(plan.rangeDrm).toEqual({ total: 0, items: [{ label: 'Range 3 (Long guns)', value: 0, rule: "Players' chart: artillery range columns" }] });
    g.correctUnit({ unitId: 'hall-me', artilleryRow: 'Brass guns', reason: 'smoothbores' });
    expect(g.planFire({ stack: ['hall-me'], range: 6 }).rangeNote).toBe('Brass guns cannot fire at range 6 (your chart)');
    expectRefused(g, () => g.correctUnit({ unitId: '2-wi', artilleryRow: 'Brass guns', reason: 'x' }), 'INVALID_ARGUMENT', 'artilleryRow');
  });
});

describe('refusals, and no kit', () => {
  it('refuses a result asked of a kit that changed since it was shown, of no kit, or given both ways', () => {
    const g = withKit();
    const attack = { stack: ['2-wi'], range: 2, targets: ['1-tn'], roll: 5 };
    const changed = expectRefused(g, () => g.resolveFire({ ...attack, kit: { fingerprint: '0000-0000' } }), 'INVALID_ARGUMENT', 'kit.fingerprint');
    expect(changed.message).toContain('the kit in use is now');
    expectRefused(g, () => g.resolveFire({ ...attack, result: { sp: 1 }, kit: { fingerprint: fingerprintOf(g) } }), 'INVALID_ARGUMENT', 'result');
    expectRefused(g, () => g.resolveFire(attack), 'INVALID_ARGUMENT', 'result');
    // A counter value changed: the fingerprint changes with it.
    const before = fingerprintOf(g);
    g.correctUnit({ unitId: '1-tn', cohesionOrdered: 6, reason: 'misread' });
    expect(fingerprintOf(g)).not.toBe(before);
  });

  it('without a kit the assistants show nothing from it and take typed results as before', () => {
    const g = withKit(() => ({ version: 1 }));
    const plan = g.planFire({ stack: ['2-wi'], range: 2, targets: ['1-tn'], previewRoll: 4 });
    expect(plan.attack!.kit).toBeNull();
    expect(g.planShock({ attackers: ['13-al'], defenders: ['24-mi'] }).kit).toBeNull();
    const none = expectRefused(g, () => g.resolveFire({ stack: ['2-wi'], range: 2, targets: ['1-tn'], roll: 4, kit: { fingerprint: 'efe2-294e' } }), 'INVALID_ARGUMENT', 'kit');
    expect(none.message).toContain('there is no kit with combat tables on this computer');
    g.resolveFire({ stack: ['2-wi'], range: 2, targets: ['1-tn'], roll: 4, result: { sp: 1 } });
    expect(unit(g, '1-tn').spLost).toBe(1);
    expect(g.history({ limit: 1 })[0]!.kit).toBeUndefined();
  });
});

describe('a shock from one die', () => {
  it('both sides\' Pre-Shock checks, the Shock Table at the column the Bayonet Charge rounds up to, losses, statuses and retreats: one event', () => {
    const g = withKit();
    g.designateBayonetCharge({ unitIds: ['13-al', '14-tn'], moved: true, fired: false });
    const shock = { attackers: ['13-al', '14-tn'], defenders: ['24-mi'] };
    const plan = g.planShock(shock);
    // 10 : 7 lies between "even" and "five to three": the charge rounds up (RI-K14).
    expect(plan.odds).toMatchObject({ attackerSp: 10, defenderSp: 7 });
    expect(plan.kit).toMatchObject({ column: 'five to three', preShockTable: true });
    expect(plan.kit!.preShock).toEqual([
      { unitId: '13-al', rating: 6, drm: 0 },
      { unitId: '14-tn', rating: 5, drm: 0 },
      { unitId: '24-mi', rating: 7, drm: 1 },
    ]);
    const roll = 5;
    const modified = roll + plan.drm.total;
    expect(g.planShock({ ...shock, previewRoll: roll }).kit).toMatchObject({ found: true, cell: { column: 'five to three' } });
    // Pre-Shock dice: 13th Alabama 1 (1 - 6, no change); 14th Tennessee 9 (9 - 5 = 4: disordered, stays); 24th Michigan 8 (8 + 1 - 7 = 2: disordered).
    const r = g.resolveShock({ ...shock, roll, kit: { fingerprint: plan.kit!.fingerprint, checkRolls: [{ unitId: '13-al', roll: 1 }, { unitId: '14-tn', roll: 9 }, { unitId: '24-mi', roll: 8 }] } });
    expect(r.kit!.cells.map((c) => `${c.table}|${c.column}|${c.value}`)).toEqual([
      'Pre-Shock Cohesion Check|ordered|no change',
      'Pre-Shock Cohesion Check|ordered|disordered',
      'Pre-Shock Cohesion Check|ordered|disordered',
      `Shock Table|five to three|${modified >= 4 ? 'attacker 0 SP; defender 3 SP, routed, retreat 2 ("d+")' : 'attacker 1 SP; defender 1 SP, disordered ("ad")'}`,
    ]);
    expect(modified).toBeGreaterThanOrEqual(4);
    expect(unit(g, '24-mi')).toMatchObject({ spLost: 3, status: 'routed' });
    expect(unit(g, '14-tn')).toMatchObject({ status: 'disordered', stragglers: 1 });
    expect(unit(g, '13-al')).toMatchObject({ status: 'ordered', bayonetCharge: false });
    expect(r.dice.map((d) => d.purpose)).toEqual(['Pre-Shock Cohesion Check: 13th Alabama', 'Pre-Shock Cohesion Check: 14th Tennessee', 'Pre-Shock Cohesion Check: 24th Michigan', 'Shock: 13th Alabama, 14th Tennessee against 24th Michigan']);
    expect(g.history({ limit: 1 })[0]!.summary).toContain('24th Michigan retreat 2 hex(es)');
    g.undo();
    expect(unit(g, '24-mi')).toMatchObject({ spLost: 0, status: 'ordered' });
    expect(unit(g, '13-al').bayonetCharge).toBe(true);
    g.redo();
    expect(unit(g, '24-mi')).toMatchObject({ spLost: 3, status: 'routed' });
  });

  it('a defender that retreats before shock makes a UDD; with no defender left there is no Shock Table roll', () => {
    const g = withKit();
    const shock = { attackers: ['13-al'], defenders: ['24-mi'] };
    const fingerprint = g.planShock(shock).kit!.fingerprint;
    g.setStatus({ unitId: '24-mi', status: 'disordered' });
    // 24th Michigan, disordered (rating 4), rolls 9: 9 - 4 = 5, "routed, retreat 2".
    const r = g.resolveShock({ ...shock, roll: 4, kit: { fingerprint, checkRolls: [{ unitId: '13-al', roll: 0 }, { unitId: '24-mi', roll: 9 }] } });
    expect(r.uddDue).toEqual(['24-mi']);
    expect(r.kit!.cells.map((c) => c.table)).toEqual(['Pre-Shock Cohesion Check', 'Pre-Shock Cohesion Check']);
    expect(g.history({ limit: 1 })[0]!.summary).toContain('no shock: no defender is left after the Pre-Shock checks');
    expect(unit(g, '24-mi')).toMatchObject({ status: 'routed', spLost: 0 });
    // The UDD is owed, as after a retreat read at the table: in the step's obligations until it is made.
    const uddItem = { id: 'udd:24-mi', kind: 'chore', text: 'UDD due for 24th Michigan after its retreat before shock', rule: 'Rev. Retreat Before Shock', where: 'Combat screen: Rally / UDD' };
    expect(g.obligations().items).toContainEqual(expect.objectContaining(uddItem));
    g.undo();
    expect(g.obligations().items.map((i) => i.id)).not.toContain('udd:24-mi');
    g.redo();
    g.udd({ unitId: '24-mi', cause: 'retreat-before-shock', roll: 0, result: {} });
    expect(g.obligations().items.map((i) => i.id)).not.toContain('udd:24-mi');
  });
});

describe('Rally and UDD against the rating', () => {
  it('Rally: the kit\'s Rally Table for the die and the unit\'s rating; an SP lost on the rally is a straggler', () => {
    const g = withKit();
    g.setStatus({ unitId: '24-mi', status: 'routed' });
    const plan = g.planCohesion({ unitId: '24-mi', check: 'rally', leaderId: 'meredith', previewRoll: 5 });
    // Routed: the disordered side's rating, 4; 5 - 1 (Meredith's star) - 4 = 0.
    expect(plan.kit).toMatchObject({ rating: 4, found: true, cell: { table: 'Rally Table', column: 'routed', row: '0 to 2 against the rating', value: 'disordered, 1 SP ("rallies, some run")' } });
    expectUndoRedo(g, () => g.rally({ unitId: '24-mi', outOfCommand: false, leaderId: 'meredith', roll: 5, kit: { fingerprint: plan.kit!.fingerprint } }));
    expect(unit(g, '24-mi')).toMatchObject({ status: 'disordered', stragglers: 1, spLost: 0 });
    expect(g.history({ limit: 1 })[0]!.kit!.cells).toEqual([{ table: 'Rally Table', column: 'routed', row: '0 to 2 against the rating', value: 'disordered, 1 SP ("rallies, some run")', unitId: '24-mi' }]);
  });

  it('UDD: a disordered unit\'s check that routs it loses its SP as a rout retreat\'s straggler and retreats', () => {
    const g = withKit();
    g.setStatus({ unitId: '1-tn', status: 'disordered' });
    const fingerprint = g.planCohesion({ unitId: '1-tn', check: 'udd', previewRoll: 9 }).kit!.fingerprint;
    const r = g.udd({ unitId: '1-tn', cause: 'fire', roll: 9, kit: { fingerprint } });
    expect(unit(g, '1-tn')).toMatchObject({ status: 'routed', stragglers: 1, spLost: 0 });
    expect(r.kit!.cells[0]).toMatchObject({ table: 'UDD', column: 'disordered', value: 'routed, 1 SP, retreat 3' });
    expect(r.event.summary).toContain('1st Tennessee retreats 3 hex(es)');
  });

  it('refuses a unit without a rating, naming the kit, so the players read the result at the table', () => {
    const g = withKit();
    g.setStatus({ unitId: '19-in', status: 'routed' });
    const plan = g.planCohesion({ unitId: '19-in', check: 'rally', previewRoll: 3 });
    expect(plan.kit).toMatchObject({ rating: null, found: false });
    const refused = expectRefused(g, () => g.rally({ unitId: '19-in', outOfCommand: false, roll: 3, kit: { fingerprint: plan.kit!.fingerprint } }), 'INVALID_ARGUMENT', 'kit');
    expect(refused.message).toBe('kit: 19th Indiana: no disordered cohesion rating entered for the unit: give the result read at the table (result)');
    g.rally({ unitId: '19-in', outOfCommand: false, roll: 3, result: { status: 'disordered' } });
    expect(unit(g, '19-in').status).toBe('disordered');
  });
});

describe('the hexes last used', () => {
  it('offers the hexes named in the last fires and shocks still in force, newest first, without the units gone', () => {
    const g = withKit();
    g.resolveFire({ stack: ['42-ms'], range: 3, targets: ['24-mi'], roll: 0, result: { sp: 0 } });
    g.resolveFire({ stack: ['19-in'], range: 3, targets: ['1-tn', '7-tn'], roll: 0, result: { sp: 0 } });
    expect(g.recentHexes().map((h) => `${h.side} ${h.unitIds.join('+')}`)).toEqual(['CSA 1-tn+7-tn', 'USA 19-in', 'USA 24-mi', 'CSA 42-ms']);
    g.undo();
    expect(g.recentHexes().map((h) => h.unitIds.join('+'))).toEqual(['24-mi', '42-ms']);
  });
});

describe('the kit\'s counter values in a game', () => {
  it('come in as one setup edit before play, one logged correction after, naming the kit; unknown units are reported', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    const r = g.applyCounterValues({ units: [...KIT_COUNTERS, { unitId: 'not-here', cohesionOrdered: 3, cohesionDisordered: 1, artilleryRow: null }], fingerprint: 'abcd-0123' });
    expect(r).toMatchObject({ changed: KIT_COUNTERS.length, unknown: ['not-here'] });
    expect(r.event).toMatchObject({ kind: 'setup.unit', summary: `Counter values from the kit abcd-0123: ${KIT_COUNTERS.length} unit(s) changed, 1 not in this game` });
    expect(g.info().started).toBe(false);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    const later = g.applyCounterValues({ units: [{ unitId: '2-wi', cohesionOrdered: 2, cohesionDisordered: 1, artilleryRow: null }] });
    expect(later.event).toMatchObject({ kind: 'setup.correction', summary: 'Correction: Counter values from the kit: 1 unit(s) changed' });
    g.undo();
    expect(unit(g, '2-wi')).toMatchObject({ cohesionOrdered: 6, cohesionDisordered: 4 });
    expectRefused(g, () => g.applyCounterValues({ units: [{ unitId: '2-wi', cohesionOrdered: 12, cohesionDisordered: 1, artilleryRow: null }] }), 'INVALID_ARGUMENT', 'units.0.cohesionOrdered');
  });
});
