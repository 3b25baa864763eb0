/**
 * Optional Demoralization on the full battle, through the service:
 *
 * > A Player's units are demoralized for the rest of the game when his losses reach a cumulative total of
 * > one-third of his total Strength Points (of initial units plus reinforcements through that Turn) ...
 * > double-demoralized ... two-thirds ... Demoralization takes effect immediately ... Either or both sides
 * > may be demoralized at any time.
 *
 * The Union's losses are recorded until they cross one third and then two thirds of its total, which the
 * reinforcements raise as they arrive; the fire and shock plans itemise the column shifts as DRMs
 * (RI-O08) from the very next roll; undo takes a crossing back with the loss that made it (RI-O31).
 * A game without the option plays exactly as before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { MIGRATIONS } from './migrations';
import { advanceTo, newGame, tempDir } from '../tests/fixtures/game';
import type { DemoralizationState } from '../contract';

const tmp = tempDir('muster-demoralization-');
afterAll(() => tmp.cleanup());

let counter = 0;
function gettysburg(demoralization: boolean): GameService {
  counter += 1;
  return GameService.create(
    { file: tmp.file(`gettysburg-${counter}.muster`), scenario: 'gettysburg', optionalRules: demoralization ? { demoralization: true } : {} },
    { seed: 11, now: () => '2024-07-01T12:00:00.000Z' },
  );
}

const COLUMNS = 'SPI B&G 11.61 (printed 11.16)';
const state = (g: GameService): DemoralizationState => g.demoralization()!;
/** A side's level, losses, total and distances to one third and two thirds, in one line to read. */
const line = (g: GameService, side: 'USA' | 'CSA') => {
  const s = state(g)[side];
  return { level: s.level, lossSp: s.losses.total, totalSp: s.total.total, toOneThird: s.thresholds[0]!.remainingSp, toTwoThirds: s.thresholds[1]!.remainingSp };
};
const stored = (g: GameService) => g.db.prepare('SELECT demoralization_usa AS USA, demoralization_csa AS CSA FROM game').get();

/** A CSA regiment fires at an Iron Brigade regiment, and the Iron Brigade fires back. */
const csaFires = { stack: ['csa-26th-north-carolina'], range: 2, targets: ['usa-24th-michigan'] };
const usaFires = { stack: ['usa-2nd-wisconsin'], range: 2, targets: ['csa-26th-north-carolina'] };
const usaShocks = { attackers: ['usa-6th-wisconsin'], defenders: ['csa-55th-north-carolina'] };
/** A roll's demoralization items, each itemised with the option it comes from (then compared by their words, value and rule). */
const demoralizationItems = (items: { label: string; value: number; rule: string; id?: string; source?: string }[]) =>
  items
    .filter((i) => i.rule === COLUMNS)
    .map(({ id, source, ...item }) => {
      expect(source).toBe('Demoralization (optional rule)');
      expect(id).toMatch(/^demoralization:/);
      return item;
    });

/** Loses `sp` SPs from the side's units on the map, a unit at a time (the last loss is one event). */
function loseSp(g: GameService, side: 'USA' | 'CSA', sp: number, except: string[] = []): void {
  let left = sp;
  for (const u of g.roster().filter((x) => x.side === side && x.onMap && x.currentSp > 0 && !except.includes(x.id))) {
    if (left === 0) return;
    const take = Math.min(u.currentSp, left);
    g.recordLoss({ unitId: u.id, sp: take });
    left -= take;
  }
  expect(left, `${side} had too few SPs on the map`).toBe(0);
}

describe('Demoralization on the full battle (SPI B&G 11.6)', () => {
  const g = gettysburg(true);
  const kept = ['usa-2nd-wisconsin', 'usa-6th-wisconsin', 'usa-24th-michigan'];

  it('counts each side\'s losses against its total SPs: the units on the map at the start (RI-O30)', () => {
    expect(state(g).USA.total.items.map((i) => [i.label, i.value])).toEqual([
      ['Units on the map from the start', 59],
      ['Reinforcements arrived so far', 0],
    ]);
    // ceil(59 / 3) = 20 and ceil(118 / 3) = 40 SPs of loss.
    expect(line(g, 'USA')).toEqual({ level: 0, lossSp: 0, totalSp: 59, toOneThird: 20, toTwoThirds: 40 });
    expect(line(g, 'CSA')).toEqual({ level: 0, lossSp: 0, totalSp: 156, toOneThird: 52, toTwoThirds: 104 });
    expect(g.info().demoralization).toEqual(state(g));
  });

  it('"plus reinforcements through that Turn": an arriving division raises the total and the distances', () => {
    // The players' chart brings Wadsworth's division in at the start (a setup edit, RI-B10): it may then
    // arrive as scheduled, while a group whose time has not come may not (RI-B15).
    g.editReinforcementGroup({ groupId: 'usa-wadsworth-arrival', scheduledTurnId: '1863-07-01T0740' });
    g.editReinforcementGroup({ groupId: 'usa-doubleday-arrival', scheduledTurnId: '1863-07-01T0800' });
    g.recordLoss({ unitId: 'usa-8th-illinois-cavalry', sp: 9 });
    g.recordLoss({ unitId: 'usa-3rd-indiana-cavalry', sp: 3 });
    expect(line(g, 'USA')).toEqual({ level: 0, lossSp: 12, totalSp: 59, toOneThird: 8, toTwoThirds: 28 });
    expect(() => g.arriveReinforcement({ side: 'USA', groupId: 'usa-doubleday-arrival' })).toThrow(/due 1 July 0800: it may not arrive before then/);
    g.arriveReinforcement({ side: 'USA', groupId: 'usa-wadsworth-arrival' });
    // Wadsworth's division: 77 SPs. 136 SPs: one third is 46 (45⅓ rounded up), two thirds 91 (90⅔).
    expect(state(g).USA.total.items.map((i) => i.value)).toEqual([59, 77]);
    expect(line(g, 'USA')).toEqual({ level: 0, lossSp: 12, totalSp: 136, toOneThird: 34, toTwoThirds: 79 });
  });

  it('no side demoralized: the fire and shock plans have no demoralization item', () => {
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    expect(demoralizationItems(g.planFire(csaFires).attack!.drm.items)).toEqual([]);
    expect(demoralizationItems(g.planShock(usaShocks).drm.items)).toEqual([]);
  });

  let baseCsaFire = 0;
  let baseUsaFire = 0;
  let baseUsaShock = 0;
  it('the loss that reaches one third demoralizes the Union in that same event, stragglers counted (RI-O30, RI-O31)', () => {
    baseCsaFire = g.planFire(csaFires).attack!.drm.total;
    baseUsaFire = g.planFire(usaFires).attack!.drm.total;
    baseUsaShock = g.planShock(usaShocks).drm.total;
    loseSp(g, 'USA', 30, kept);
    expect(line(g, 'USA')).toMatchObject({ level: 0, lossSp: 42, toOneThird: 4 });
    expect(stored(g)).toEqual({ USA: 0, CSA: 0 });
    const crossing = g.recordLoss({ unitId: 'usa-24th-michigan', sp: 4, straggler: true });
    expect(crossing.event.summary).toBe('24th Michigan loses 4 SP as stragglers; the USA is demoralized: its losses of 46 SP reach one third of its 136 SP (SPI B&G 11.6)');
    expect(crossing.event.changes).toContainEqual(expect.objectContaining({ table: 'game', field: 'demoralization_usa', before: 0, after: 1 }));
    expect(stored(g)).toEqual({ USA: 1, CSA: 0 });
    expect(state(g).USA.losses.items.map((i) => [i.label, i.value])).toEqual([
      ['SPs lost (guns destroyed or captured among them)', 42],
      ['Stragglers not recovered', 4],
    ]);
    expect(line(g, 'USA')).toEqual({ level: 1, lossSp: 46, totalSp: 136, toOneThird: 0, toTwoThirds: 45 });
    expect(state(g).USA.label).toBe('Demoralized');
    expect(state(g).USA.thresholds[0]).toMatchObject({ reached: true, lossSp: 46 });
  });

  it('"takes effect immediately": the next fire and shock rolls carry the column shifts as itemised DRMs (RI-O08, RI-O32)', () => {
    // "all attacks made on demoralized units have their odds shifted one column to the right"
    const atUnion = g.planFire(csaFires).attack!.drm;
    expect(demoralizationItems(atUnion.items)).toEqual([{ label: "Target's side demoralized: one column right", value: 1, rule: COLUMNS }]);
    expect(atUnion.total).toBe(baseCsaFire + 1);
    // "All attacks made by demoralized units have the odds shifted one column to the left"
    const byUnion = g.planFire(usaFires).attack!.drm;
    expect(demoralizationItems(byUnion.items)).toEqual([{ label: "Firer's side demoralized: one column left", value: -1, rule: COLUMNS }]);
    expect(byUnion.total).toBe(baseUsaFire - 1);
    const shock = g.planShock(usaShocks).drm;
    expect(demoralizationItems(shock.items)).toEqual([{ label: "Attacker's side demoralized: one column left", value: -1, rule: COLUMNS }]);
    expect(shock.total).toBe(baseUsaShock - 1);
    expect(state(g).USA.attackDrm.total).toBe(-1);
    expect(state(g).CSA.attackDrm.total).toBe(1);

    // The fire is resolved with the shifted DRM: the same die gives a higher modified roll, and the dice log shows why.
    const fire = g.resolveFire({ ...csaFires, roll: 4, result: { sp: 1 } });
    expect(fire.modified).toBe(4 + baseCsaFire + 1);
    expect(fire.event.summary).toContain(`DRM ${baseCsaFire + 1 >= 0 ? '+' : ''}${baseCsaFire + 1}; rolled 4, modified ${5 + baseCsaFire}`);
    expect(demoralizationItems(fire.dice[0]!.modifiers.items)).toEqual([{ label: "Target's side demoralized: one column right", value: 1, rule: COLUMNS }]);
    const shockResult = g.resolveShock({ ...usaShocks, roll: 5, result: {} });
    expect(shockResult.modified).toBe(5 + baseUsaShock - 1);
  });

  it('"for the rest of the game": later reinforcements raise the total but do not lift the demoralization (RI-O10)', () => {
    const before = line(g, 'USA');
    // Doubleday's group enters as the 0800 turn's Activation Segment begins (RI-B01).
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'III', phase: 'A' });
    const after = line(g, 'USA');
    expect(after.totalSp).toBeGreaterThan(before.totalSp);
    // Its losses are now under one third of the new total, and it stays demoralized.
    expect(3 * after.lossSp).toBeLessThan(after.totalSp);
    expect(after).toMatchObject({ level: 1, toOneThird: 0, toTwoThirds: Math.ceil((2 * after.totalSp) / 3) - after.lossSp });
    expect(stored(g)).toEqual({ USA: 1, CSA: 0 });
  });

  it('the loss that reaches two thirds double-demoralizes the Union: two columns; undo takes it back with that loss, redo gives it again', () => {
    const { toTwoThirds } = line(g, 'USA');
    loseSp(g, 'USA', toTwoThirds - 1, kept);
    expect(line(g, 'USA')).toMatchObject({ level: 1, toTwoThirds: 1 });
    const crossing = g.recordLoss({ unitId: 'usa-2nd-wisconsin', sp: 1 });
    expect(crossing.event.summary).toMatch(/; the USA is double-demoralized: its losses of \d+ SP reach two thirds of its \d+ SP \(SPI B&G 11\.6\)$/);
    expect(line(g, 'USA')).toMatchObject({ level: 2, toOneThird: 0, toTwoThirds: 0 });
    expect(state(g).USA.label).toBe('Double-demoralized');
    expect(demoralizationItems(g.planFire(csaFires).attack!.drm.items)).toEqual([{ label: "Target's side double-demoralized: two columns right", value: 2, rule: COLUMNS }]);

    g.undo();
    expect(stored(g)).toEqual({ USA: 1, CSA: 0 });
    expect(line(g, 'USA')).toMatchObject({ level: 1, toTwoThirds: 1 });
    expect(demoralizationItems(g.planFire(csaFires).attack!.drm.items)).toEqual([{ label: "Target's side demoralized: one column right", value: 1, rule: COLUMNS }]);
    g.redo();
    expect(stored(g)).toEqual({ USA: 2, CSA: 0 });
    expect(line(g, 'USA')).toMatchObject({ level: 2, toTwoThirds: 0 });
    expect(g.verify().ok).toBe(true);
  });

  it('"Either or both sides may be demoralized": the Confederates at one third, the shifts net out (RI-O08)', () => {
    const { toOneThird } = line(g, 'CSA');
    loseSp(g, 'CSA', toOneThird, ['csa-26th-north-carolina', 'csa-55th-north-carolina']);
    expect(line(g, 'CSA')).toMatchObject({ level: 1, toOneThird: 0 });
    expect(g.history({ limit: 1 })[0]!.summary).toContain('the CSA is demoralized');
    // Double-demoralized (-2) firing at demoralized (+1): one column left on balance.
    const items = demoralizationItems(g.planFire(usaFires).attack!.drm.items);
    expect(items).toEqual([
      { label: "Firer's side double-demoralized: two columns left", value: -2, rule: COLUMNS },
      { label: "Target's side demoralized: one column right", value: 1, rule: COLUMNS },
    ]);
    expect(state(g).USA.attackDrm.total).toBe(-1);
    expect(state(g).CSA.attackDrm.total).toBe(1);
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});

describe('a game without the option plays as before', () => {
  it('the same losses change no level, add no DRM and say nothing of demoralization', () => {
    const g = gettysburg(false);
    expect(g.demoralization()).toBeNull();
    expect(g.info().demoralization).toBeNull();
    // The Union's losses reach one third of its 136 SPs, as in the game above.
    g.editReinforcementGroup({ groupId: 'usa-wadsworth-arrival', scheduledTurnId: '1863-07-01T0740' });
    g.arriveReinforcement({ side: 'USA', groupId: 'usa-wadsworth-arrival' });
    loseSp(g, 'USA', 46, ['usa-2nd-wisconsin', 'usa-6th-wisconsin', 'usa-24th-michigan']);
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    expect(demoralizationItems(g.planFire(csaFires).attack!.drm.items)).toEqual([]);
    expect(demoralizationItems(g.planShock(usaShocks).drm.items)).toEqual([]);
    expect(stored(g)).toEqual({ USA: 0, CSA: 0 });
    expect(JSON.stringify(g.history({ limit: 500 }))).not.toMatch(/demoraliz/i);
    g.close();
  });
});

describe('the demoralization migration', () => {
  it('gives a game from before it (the optional rules\' schema) both sides at level 0, and verify passes', () => {
    const before = MIGRATIONS.findIndex((m) => m.name === 'demoralization');
    const old = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, before) });
    expect(old.schemaVersion).toBe(before);
    old.recordLoss({ unitId: '2-wi', sp: 1 });
    old.close();
    const g = GameService.open(old.file);
    expect(g.schemaVersion).toBe(MIGRATIONS.length);
    expect(stored(g)).toEqual({ USA: 0, CSA: 0 });
    expect(g.demoralization()).toBeNull();
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});
