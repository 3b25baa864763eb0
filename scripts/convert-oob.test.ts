/**
 * The order-of-battle converter, without the historical CSV (it lives outside the repository: `npm run scenarios`
 * checks the committed files against it). Names, strength points and weapon defaults as examples; the command tree
 * built from a small invented order of battle (tests/fixtures/oob-small.csv); and the whole pipeline, every built-in
 * scenario, run on an invented skeleton (tests/fixtures/oob-skeleton.csv) whose chain of command, leaders, arrivals
 * and notes must come out as in the committed data/scenarios files. The totals of the full battle are checked on
 * the committed data/scenarios/gettysburg.json (data/scenarios.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtInScenarioIds, loadScenario } from '../data/scenarios';
import type { Scenario } from '../data/scenario-schema';
import {
  buildOrderOfBattle,
  buildScenario,
  convertOob,
  defaultInitialOrders,
  fullTimeTrack,
  normaliseSpaces,
  ordinal,
  readOob,
  SCENARIO_SPECS,
  serialiseScenario,
  slug,
  strengthPoints,
  unitName,
  type ScenarioSpec,
} from './convert-oob';
import { parseCsv } from './csv';

/** A fixture under tests/fixtures/: invented rows in the columns of the historical CSV (shared/data/SOURCE.md). */
const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url), 'utf8');

/**
 * oob-small.csv: a made-up order of battle exercising every structural case of the real one (corps artillery,
 * a battery filed under its division commander, Stuart's collapsed corps, namesake leaders, sharpshooters) and
 * the CSV's quirks: quoted names with commas and doubled or trailing spaces, doubled quotes, quoted plain fields,
 * blank casualties ("" and empty), a row with no men, CRLF line ends.
 */
const SMALL = fixture('oob-small.csv');
/**
 * oob-skeleton.csv: one invented regiment or battery for each brigade the converter's tables name (arrivals,
 * leader arrivals, the named scenarios' selections and their three single batteries), for each division (so the
 * Union divisions keep their numbers) and for each namesake leader (so leader ids keep their suffixes).
 */
const SKELETON = fixture('oob-skeleton.csv');

/** `csv` with its header and records as objects, edited by `edit`, written back (quoting where needed). */
function edited(csv: string, edit: (rows: Record<string, string>[], header: string[]) => void): string {
  const [header = [], ...records] = parseCsv(csv);
  const rows = records.map((r) => Object.fromEntries(header.map((c, i) => [c, r[i] ?? ''])));
  edit(rows, header);
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [header, ...rows.map((r) => header.map((c) => r[c] ?? ''))].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** The small fixture with its first row changed. */
const firstRow = (changes: Record<string, string>) => edited(SMALL, (rows) => Object.assign(rows[0]!, changes));

describe('names and ids', () => {
  it('normalises the doubled and trailing spaces of the CSV', () => {
    expect(normaliseSpaces('Battery E and L,  1st  Light ')).toBe('Battery E and L, 1st Light');
    expect(normaliseSpaces('Gregg  J')).toBe('Gregg J');
  });

  it('makes id fragments of lower-case letters, digits and dashes', () => {
    expect(slug("O'Neal")).toBe('oneal');
    expect(slug('Battery B, 4th U.S.')).toBe('battery-b-4th-us');
    expect(slug('de Trobriand')).toBe('de-trobriand');
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 113].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '113th']);
  });

  it.each([
    ['infantry', 'Indiana', '19th', '19th Indiana'],
    ['infantry', 'New York', '84th, 14th Brooklyn', '84th New York (14th Brooklyn)'],
    ['infantry', 'Pennsylvania', '1st Reserves, 30th', '1st Pennsylvania Reserves (30th)'],
    ['infantry', 'US', '1st, Sharpshooters', '1st U.S. Sharpshooters'],
    ['infantry', 'US', '2nd Sharpshooters', '2nd U.S. Sharpshooters'],
    ['infantry', 'Minnesota', '2nd Co, sharpshooters', '2nd Company Minnesota Sharpshooters'],
    ['infantry', 'Alabama', '5th Bn', '5th Alabama Battalion'],
    ['infantry', 'New York', '33rd detachment', '33rd New York Detachment'],
    ['infantry', 'Georgia', "Cobb's Legion", "Cobb's Legion"],
    ['cavalry', 'Georgia', "Cobb's Legion", "Cobb's Legion Cavalry"],
    ['cavalry', 'Michigan', '1st', '1st Michigan Cavalry'],
    ['artillery', 'US', 'Battery B, 4th', 'Battery B, 4th U.S.'],
    ['artillery', 'Maine', 'Battery B, 2nd Light', 'Battery B, 2nd Maine Light'],
    ['artillery', 'Massachusetts', 'Battery 9th, Light', '9th Massachusetts Light Battery'],
    ['artillery', 'New York', 'Battery 13, Light', '13th New York Light Battery'],
    ['artillery', 'New York', 'Battery 6th Light', '6th New York Light Battery'],
    ['artillery', 'Massachusetts', 'Battery C, Light', 'Battery C, Massachusetts Light'],
    ['artillery', 'South Carolina', 'Battery A, Sumter', 'Battery A, Sumter (South Carolina)'],
    ['artillery', 'Louisiana', 'Battery 1st', '1st Louisiana Battery'],
    ['artillery', 'Virginia', 'Battery Fredericksburg', 'Fredericksburg Battery (Virginia)'],
    ['artillery', 'Georgia', 'Battery Georgia', 'Georgia Battery'],
  ] as const)('%s %s "%s" is named "%s"', (arm, state, designation, name) => {
    expect(unitName(arm, state, designation)).toBe(name);
  });
});

describe('strength points (RI-D01)', () => {
  it('gives infantry and cavalry one SP per 50 men, half rounding up, never below 1', () => {
    expect(strengthPoints('infantry', 308, 0)).toBe(6); // 6.16
    expect(strengthPoints('infantry', 496, 0)).toBe(10); // 9.92
    expect(strengthPoints('cavalry', 75, 0)).toBe(2); // 1.5 rounds up
    expect(strengthPoints('infantry', 74, 0)).toBe(1);
    expect(strengthPoints('infantry', 24, 0)).toBe(1); // 0.48 would be 0: at least 1
    expect(strengthPoints('infantry', null, 0)).toBe(1);
  });

  it('gives artillery one SP per gun, at least 1 when the source lists no guns', () => {
    expect(strengthPoints('artillery', 123, 6)).toBe(6);
    expect(strengthPoints('artillery', 52, 0)).toBe(1);
  });
});

describe('readOob', () => {
  const rows = readOob(SMALL);

  it('parses rows with their facts: men, casualties (null when blank) and guns summed over the gun columns', () => {
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ index: 0, side: 'USA', arm: 'infantry', state: 'Ohio', designation: '199th', men: 275, casualties: 10, guns: 0 });
    expect(rows[1]).toMatchObject({ side: 'USA', arm: 'infantry', state: 'Ohio', designation: '200th', men: 24, casualties: null, guns: 0 });
    expect(rows[3]).toMatchObject({ arm: 'artillery', designation: 'Battery Z, 9th', brigade: 'Beta', division: 'Artillery_Bde', guns: 6 });
    expect(rows[5]!.designation).toBe('Battery Q, 9th');
    expect(rows[6]).toMatchObject({ side: 'CSA', arm: 'infantry', state: 'Texas', corps: 'Ewell' });
    expect(rows[9]).toMatchObject({ side: 'CSA', arm: 'cavalry', division: 'Stuart', corps: 'Stuart' });
    expect(rows[10]).toMatchObject({ arm: 'artillery', men: 52, guns: 0 });
  });

  it('reads quoted fields (commas, doubled quotes, plain text in quotes) and normalises doubled spaces', () => {
    expect(rows[1]).toMatchObject({ arm: 'infantry', state: 'Ohio', designation: '200th' }); // "Infantry","Ohio","200th"
    expect(rows[2]!.designation).toBe('3rd Sharpshooters'); // 3rd  Sharpshooters
    expect(rows[3]!.designation).toBe('Battery Z, 9th'); // "Battery Z,  9th"
    expect(parseCsv(SMALL)[3]![7]).toBe('MAJ Cyrus "Deadeye" Doe'); // a column the converter does not need
  });

  it('reads a blank count as unknown (null): casualties of "" or nothing, a row without men', () => {
    expect(rows[11]).toMatchObject({ designation: '201st', men: null, casualties: null, guns: 0 });
  });

  it('refuses a CSV without a needed column, naming it', () => {
    expect(() => readOob(edited(SMALL, (_, header) => header.splice(header.indexOf('men'), 1)))).toThrow(/no column "men"/);
    expect(() => readOob(edited(SMALL, (_, header) => header.splice(header.indexOf('14lb_rifles'), 1)))).toThrow(/no column "14lb_rifles"/);
  });

  it('refuses a count that is not a whole number, naming row and column', () => {
    expect(() => readOob(firstRow({ men: '3OO' }))).toThrow(/row 1, column men: "3OO"/);
    expect(() => readOob(firstRow({ '12lb_napoleons': '-2' }))).toThrow(/row 1, column 12lb_napoleons: "-2"/);
  });

  it('refuses unknown arms and armies, listing the accepted values', () => {
    expect(() => readOob(firstRow({ type: 'Dragoons' }))).toThrow(/Infantry, Cavalry, Artillery/);
    expect(() => readOob(firstRow({ army: 'Mexico' }))).toThrow(/Union, Confederate/);
  });

  it('refuses an empty name or command column, naming it', () => {
    expect(() => readOob(firstRow({ brigade: '  ' }))).toThrow(/row 1: column brigade is empty/);
  });
});

describe('buildOrderOfBattle on an invented order of battle (tests/fixtures/oob-small.csv)', () => {
  const oob = buildOrderOfBattle(readOob(SMALL));
  const command = (id: string) => oob.commands.find((c) => c.id === id);
  const leader = (id: string) => oob.leaders.find((l) => l.id === id);
  const unit = (id: string) => oob.units.find((u) => u.id === id);

  it('builds readable, stable command ids down the tree, parents before children', () => {
    expect(oob.commands.map((c) => c.id)).toEqual([
      'usa-army', 'usa-left-wing', 'usa-i-corps', 'usa-i-1', 'usa-i-1-alpha', 'usa-i-beta',
      'usa-cavalry-corps', 'usa-cavalry-1', 'usa-cavalry-1-gamma', 'usa-cavalry-1-artillery',
      'csa-army', 'csa-second-corps', 'csa-early-division', 'csa-early-jones', 'csa-johnson-division', 'csa-johnson-kappa', 'csa-johnson-jones',
      'csa-cavalry-division', 'csa-stuart-delta', 'csa-stuart-epsilon',
    ]);
  });

  it('puts the I Corps under Reynolds\'s Left Wing, led by a wing leader with the corps commander\'s stars (RI-D06)', () => {
    expect(command('usa-i-corps')?.parentId).toBe('usa-left-wing');
    expect(command('usa-left-wing')).toMatchObject({ level: 'wing', parentId: 'usa-army', leaderId: 'usa-reynolds-wing' });
    expect(leader('usa-reynolds-wing')).toMatchObject({ role: 'wing', stars: 3 });
    expect(leader('usa-reynolds')).toMatchObject({ role: 'corps', stars: 3, commandId: 'usa-i-corps' });
  });

  it('hangs a corps artillery brigade ("Artillery_Bde") straight under its corps (RI-D07)', () => {
    expect(command('usa-i-beta')).toMatchObject({ level: 'brigade', parentId: 'usa-i-corps', artillery: true, name: "Beta's Artillery Brigade" });
    expect(leader('usa-beta')).toMatchObject({ role: 'artillery', stars: 1, range: 4 });
  });

  it('gives a battery filed under its division commander a leaderless division-artillery command (RI-D07)', () => {
    expect(command('usa-cavalry-1-artillery')).toMatchObject({ leaderId: null, cavalry: true, artillery: true, name: "Buford's Division Artillery" });
    expect(oob.leaders.filter((l) => l.name === 'John Buford')).toHaveLength(1);
  });

  it('makes Stuart\'s cavalry one division under the army, led by Stuart as a division commander (RI-D07)', () => {
    expect(command('csa-cavalry-division')).toMatchObject({ level: 'division', parentId: 'csa-army', cavalry: true, leaderId: 'csa-stuart' });
    expect(leader('csa-stuart')).toMatchObject({ name: 'J. E. B. Stuart', role: 'division', stars: 2 });
  });

  it('tells apart two leaders with one surname by their superior', () => {
    expect(leader('csa-jones-early')).toMatchObject({ name: 'Jones', commandId: 'csa-early-jones', role: 'brigade' });
    expect(leader('csa-jones-johnson')).toMatchObject({ name: 'Jones', commandId: 'csa-johnson-jones', role: 'artillery' });
  });

  it('flags cavalry down the tree and artillery where every unit is a battery (RI-D08)', () => {
    expect(oob.commands.filter((c) => c.cavalry).map((c) => c.id)).toEqual([
      'usa-cavalry-corps', 'usa-cavalry-1', 'usa-cavalry-1-gamma', 'usa-cavalry-1-artillery', 'csa-cavalry-division', 'csa-stuart-delta', 'csa-stuart-epsilon',
    ]);
    expect(oob.commands.filter((c) => c.artillery).map((c) => c.id)).toEqual(['usa-i-beta', 'usa-cavalry-1-artillery', 'csa-johnson-jones', 'csa-stuart-epsilon']);
  });

  it('gives every leader the default of his role, unverified (RI-D05), and adds Warren as staff (RI-D14)', () => {
    expect(leader('usa-meade')).toMatchObject({ role: 'army', stars: 4, rating: 3, range: 10, ratingVerified: false });
    expect(leader('usa-wadsworth')).toMatchObject({ name: 'James S. Wadsworth', role: 'division', stars: 2, rating: 2, range: 6 });
    expect(leader('usa-alpha')).toMatchObject({ role: 'brigade', stars: 1, rating: 2, range: 4 });
    expect(leader('usa-warren')).toMatchObject({ role: 'staff', commandId: null, name: 'Gouverneur K. Warren' });
    expect(oob.leaders.every((l) => !l.ratingVerified)).toBe(true);
  });

  it('makes units with their SPs, default weapons and flags (RI-D01 to RI-D04)', () => {
    expect(unit('usa-199th-ohio')).toMatchObject({ sp: 6, weapon: 'R', men: 275, historicalCasualties: 10, commandId: 'usa-i-1-alpha' });
    expect(unit('usa-200th-ohio')).toMatchObject({ sp: 1, historicalCasualties: null });
    expect(unit('usa-3rd-us-sharpshooters')).toMatchObject({ weapon: 'B-SS', sharpshooters: true });
    expect(unit('usa-battery-z-9th-us')).toMatchObject({ arm: 'artillery', sp: 6, weapon: null, horseArtillery: false });
    expect(unit('usa-99th-iowa-cavalry')).toMatchObject({ weapon: 'C', canDismount: true, sp: 6 });
    expect(unit('usa-battery-q-9th-us')).toMatchObject({ horseArtillery: true, commandId: 'usa-cavalry-1-artillery' });
    expect(unit('csa-99th-virginia-cavalry')).toMatchObject({ canDismount: true });
    expect(unit('csa-phantom-battery-virginia')).toMatchObject({ sp: 1, horseArtillery: true });
    expect(unit('usa-201st-ohio')).toMatchObject({ sp: 1, men: null, historicalCasualties: null, commandId: 'usa-i-1-alpha' });
  });

  it('numbers a repeated unit id deterministically', () => {
    const doubled = buildOrderOfBattle(readOob(edited(SMALL, (rows) => rows.push({ ...rows[0]!, brigade: 'Omega' }))));
    expect(doubled.units.filter((u) => u.name === '199th Ohio').map((u) => u.id)).toEqual(['usa-199th-ohio', 'usa-199th-ohio-2']);
  });

  it('refuses a corps or a placeholder division it does not know', () => {
    expect(() => buildOrderOfBattle(readOob(firstRow({ corps: 'Burnside' })))).toThrow(/corps "Burnside".*known: Reynolds/);
    expect(() => buildOrderOfBattle(readOob(firstRow({ division: 'Infantry_Bde' })))).toThrow(/placeholder/);
  });
});

describe('initial orders (RI-D11)', () => {
  it('gives armies, the wing and corps their arm\'s Default Order, and commands of another arm their own', () => {
    const { commands } = buildOrderOfBattle(readOob(SMALL));
    expect(defaultInitialOrders(commands)).toEqual([
      { commandId: 'usa-army', order: 'HOLD' },
      { commandId: 'usa-left-wing', order: 'HOLD' },
      { commandId: 'usa-i-corps', order: 'HOLD' },
      { commandId: 'usa-i-beta', order: 'WDRW' },
      { commandId: 'usa-cavalry-corps', order: 'SKPD' },
      { commandId: 'usa-cavalry-1-artillery', order: 'WDRW' },
      { commandId: 'csa-army', order: 'HOLD' },
      { commandId: 'csa-second-corps', order: 'HOLD' },
      { commandId: 'csa-johnson-jones', order: 'WDRW' },
      { commandId: 'csa-cavalry-division', order: 'SKPD' },
      { commandId: 'csa-stuart-epsilon', order: 'WDRW' },
    ]);
  });
});

describe('the time track (RI-D09)', () => {
  const track = fullTimeTrack();
  const day = (date: string) => track.filter((t) => t.date === date);

  it('runs 1-3 July in order with unique ids of the form 1863-07-01T0740', () => {
    expect(new Set(track.map((t) => t.id)).size).toBe(track.length);
    expect(track.every((t) => t.id === `${t.date}T${t.time}`)).toBe(true);
    expect([...new Set(track.map((t) => t.date))]).toEqual(['1863-07-01', '1863-07-02', '1863-07-03']);
  });

  it('has 20-minute turns from dawn to dusk and hourly night turns, midnight being 2400 of the day that ends', () => {
    expect(day('1863-07-02').map((t) => `${t.time} ${t.light}`).filter((x) => !x.endsWith(' day'))).toEqual([
      '0100 night', '0200 night', '0300 night', '0400 dawn', '0420 dawn', '0440 dawn',
      '1900 dusk', '1920 dusk', '1940 dusk', '2000 night', '2100 night', '2200 night', '2300 night', '2400 night',
    ]);
    const dayTurns = day('1863-07-02').filter((t) => t.light === 'day');
    expect(dayTurns[0]?.time).toBe('0500');
    expect(dayTurns.at(-1)?.time).toBe('1840');
    expect(dayTurns).toHaveLength(14 * 3);
  });

  it('has the 2400 and 0400 turns the automatic events need every night', () => {
    for (const date of ['1863-07-01', '1863-07-02', '1863-07-03']) expect(track.some((t) => t.id === `${date}T2400`)).toBe(true);
    for (const date of ['1863-07-02', '1863-07-03']) expect(track.some((t) => t.id === `${date}T0400`)).toBe(true);
  });

  it('marks afternoon exactly the day turns from 1200 on (Rain, Random Event M)', () => {
    const afternoon = day('1863-07-01').filter((t) => t.afternoon).map((t) => t.time);
    expect(afternoon[0]).toBe('1200');
    expect(afternoon.at(-1)).toBe('1840');
    expect(track.filter((t) => t.afternoon).every((t) => t.light === 'day' && t.time >= '1200')).toBe(true);
  });
});

describe('buildScenario refuses selections that do not fit', () => {
  const full = loadScenario('gettysburg');
  const spec = (over: Partial<ScenarioSpec>): ScenarioSpec => ({
    id: 'test', name: 'Test', description: '', firstTurnId: '1863-07-01T0740', lastTurnId: '1863-07-01T1000',
    commandIds: ['usa-cavalry-1-gamble', 'csa-heth-archer'], unitIds: [], staffLeaderIds: [], notes: [], objectives: full.objectives, ...over,
  });

  it('a command, unit or staff leader the full battle lacks', () => {
    expect(() => buildScenario(full, spec({ commandIds: ['usa-ix-corps'] }))).toThrow(/command usa-ix-corps/);
    expect(() => buildScenario(full, spec({ unitIds: ['usa-1st-atlantis'] }))).toThrow(/unit usa-1st-atlantis/);
    expect(() => buildScenario(full, spec({ staffLeaderIds: ['usa-meade'] }))).toThrow(/staff leader usa-meade/);
  });

  it('forces that arrive only after the last turn', () => {
    expect(() => buildScenario(full, spec({ commandIds: ['usa-vi-corps', 'csa-heth-archer'] }))).toThrow(/usa-vi-corps, which arrive \(1863-07-02T1600\) after its last turn/);
  });

  it('turns that are not on the track in order', () => {
    expect(() => buildScenario(full, spec({ lastTurnId: '1863-07-01T0700' }))).toThrow(/not on the time track after/);
  });
});

describe('every unit of the fixtures', () => {
  it.each([['oob-small.csv', SMALL], ['oob-skeleton.csv', SKELETON]])(
    'gives every unit the SPs of its row: men / 50 for infantry and cavalry, guns for batteries (RI-D01): %s',
    (_, csv) => {
      const rows = readOob(csv);
      const { units } = buildOrderOfBattle(rows);
      expect(units).toHaveLength(rows.length);
      for (const r of rows) {
        const unit = units.find((u) => u.side === r.side && u.name === unitName(r.arm, r.state, r.designation));
        expect(unit, `${r.state} ${r.designation}`).toBeDefined();
        expect(unit!.sp).toBe(strengthPoints(r.arm, r.men, r.guns));
        expect(unit!.men).toBe(r.men);
        expect(unit!.historicalCasualties).toBe(r.casualties);
      }
    },
  );
});

describe('the whole pipeline on the skeleton order of battle (tests/fixtures/oob-skeleton.csv)', () => {
  const generated = convertOob(SKELETON);
  const byId = new Map(generated.map((s) => [s.id, s]));
  const full = byId.get('gettysburg')!;
  const committed = (id: string) => loadScenario(id);

  it('produces every built-in scenario, and no other, each passing the loader\'s schema and cross-reference check', () => {
    expect(generated.map((s) => s.id)).toEqual(['gettysburg', ...SCENARIO_SPECS.map((s) => s.id)]);
    expect(builtInScenarioIds()).toEqual(generated.map((s) => s.id).sort());
  });

  it('produces the named scenarios of the revision plus the demo scenario', () => {
    expect(SCENARIO_SPECS.map((s) => s.id)).toEqual([
      'feeling-the-enemy', 'black-hat-fellers', 'georgia-on-my-mind', 'little-round-top', 'july-2-stuart-variant', 'skirmish-at-willoughby-run',
    ]);
  });

  it('is deterministic: the same CSV gives the same bytes', () => {
    expect(convertOob(SKELETON).map(serialiseScenario)).toEqual(generated.map(serialiseScenario));
  });

  it('holds every row of the CSV as a unit of the full battle, with its men and casualties', () => {
    const rows = readOob(SKELETON);
    const sum = (xs: (number | null)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
    for (const side of ['USA', 'CSA'] as const) {
      const sideRows = rows.filter((r) => r.side === side);
      const units = full.units.filter((u) => u.side === side);
      expect(units).toHaveLength(sideRows.length);
      expect(sum(units.map((u) => u.men))).toBe(sum(sideRows.map((r) => r.men)));
      expect(sum(units.map((u) => u.historicalCasualties))).toBe(sum(sideRows.map((r) => r.casualties)));
      expect(sum(units.filter((u) => u.arm === 'artillery').map((u) => u.sp))).toBe(sum(sideRows.filter((r) => r.arm === 'artillery').map((r) => Math.max(1, r.guns))));
    }
    expect(rows.some((r) => r.casualties === null)).toBe(true);
  });

  it('builds the committed full battle\'s commands and leaders, field for field, for the brigades it holds', () => {
    const real = committed('gettysburg');
    for (const c of full.commands) expect(c, c.id).toEqual(real.commands.find((x) => x.id === c.id));
    for (const l of full.leaders) expect(l, l.id).toEqual(real.leaders.find((x) => x.id === l.id));
    expect(full.initialOrders).toEqual(real.initialOrders.filter((o) => full.commands.some((c) => c.id === o.commandId)));
  });

  it('has the committed full battle\'s time track, arrivals, objectives and notes', () => {
    const real = committed('gettysburg');
    const rest = (s: Scenario) => ({ ...s, commands: [], leaders: [], units: [], initialOrders: [] });
    expect(rest(full)).toEqual(rest(real));
  });

  it.each(SCENARIO_SPECS.map((s) => s.id))('selects %s as the committed file does, for the commands it holds', (id) => {
    const made = byId.get(id)!;
    const real = committed(id);
    const heldHere = new Set(full.commands.map((c) => c.id));
    expect(made.commands).toEqual(real.commands.filter((c) => heldHere.has(c.id)));
    expect(made.leaders).toEqual(real.leaders.filter((l) => l.commandId === null || heldHere.has(l.commandId)));
    const rest = (s: Scenario) => ({ ...s, commands: [], leaders: [], units: [], initialOrders: [] });
    expect(rest(made)).toEqual(rest(real));
    expect(made.units.length).toBeGreaterThan(0);
  });

  it('keeps the three single batteries the named scenarios select by id', () => {
    expect(byId.get('georgia-on-my-mind')!.units.filter((u) => u.commandId === 'usa-xi-osborn').map((u) => u.id)).toEqual(['usa-battery-g-4th-us']);
    expect(byId.get('little-round-top')!.units.filter((u) => u.commandId === 'usa-v-martin').map((u) => u.id)).toEqual(['usa-battery-d-5th-us']);
    expect(byId.get('skirmish-at-willoughby-run')!.units.map((u) => u.id)).toContain('csa-fredericksburg-battery-virginia');
  });

  it('refuses an order of battle that lacks a command the arrivals name (the small fixture)', () => {
    expect(() => convertOob(SMALL)).toThrow(/reinforcement group .* names command .*, which the CSV did not produce/);
  });
});
