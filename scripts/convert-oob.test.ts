/**
 * The order-of-battle converter: names, strength points and weapon defaults as examples; the command tree built
 * from a small invented order of battle; and, on the shared CSV, the totals of shared/data/SOURCE.md and the
 * committed scenario files reproduced byte for byte (so nobody hand-edits generated files).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { builtInScenarioIds, loadScenario, SCENARIO_DIR } from '../data/scenarios';
import {
  buildOrderOfBattle,
  buildScenario,
  convertOob,
  defaultInitialOrders,
  fullTimeTrack,
  GUN_COLUMNS,
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

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The shared order of battle lives beside the repository (../shared), never inside it. */
const SHARED_CSV = process.env.MUSTER_OOB_CSV ?? join(ROOT, '..', 'shared', 'data', 'gettysburg-oob.csv');

const HEADER = [
  'type', 'state', 'regiment_or_battery', 'brigade', 'division', 'corps', 'army', 'july1_Commander', 'Cdr_casualty',
  'men', 'killed', 'wounded', 'captured', 'missing', 'total_casualties', ...GUN_COLUMNS,
];

/** CSV text for invented rows (not rows of the historical file); unspecified columns are blank or 0 guns. */
function csvOf(rows: Record<string, string>[], header = HEADER): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const line = (r: Record<string, string>) => header.map((c) => quote(r[c] ?? ((GUN_COLUMNS as readonly string[]).includes(c) ? '0' : ''))).join(',');
  return [header.join(','), ...rows.map(line)].join('\r\n') + '\r\n';
}

const row = (type: string, state: string, designation: string, brigade: string, division: string, corps: string, army: string, extra: Record<string, string> = {}) => ({
  type, state, regiment_or_battery: designation, brigade, division, corps, army, men: '300', total_casualties: '10', ...extra,
});

/** A made-up order of battle exercising every structural case of the real one. */
const INVENTED = [
  row('Infantry', 'Ohio', '199th', 'Alpha', 'Wadsworth', 'Reynolds', 'Union', { men: '275' }),
  row('Infantry', 'Ohio', '200th', 'Alpha', 'Wadsworth', 'Reynolds', 'Union', { men: '24', total_casualties: '' }),
  row('Infantry', 'US', '3rd  Sharpshooters', 'Alpha', 'Wadsworth', 'Reynolds', 'Union', { men: '120' }),
  row('Artillery', 'US', 'Battery Z,  9th', 'Beta', 'Artillery_Bde', 'Reynolds', 'Union', { men: '110', '3inch_rifles': '4', '12lb_napoleons': '2' }),
  row('Cavalry', 'Iowa', '99th', 'Gamma', 'Buford', 'Pleasonton', 'Union'),
  row('Artillery', 'US', 'Battery Q,  9th ', 'Buford', 'Buford', 'Pleasonton', 'Union', { '3inch_rifles': '6' }),
  row('Infantry', 'Texas', '99th', 'Jones', 'Early', 'Ewell', 'Confederate'),
  row('Infantry', 'Texas', '98th', 'Kappa', 'Johnson', 'Ewell', 'Confederate'),
  row('Artillery', 'Virginia', 'Battery Imaginary', 'Jones', 'Johnson', 'Ewell', 'Confederate', { '12lb_napoleons': '4' }),
  row('Cavalry', 'Virginia', '99th', 'Delta', 'Stuart', 'Stuart', 'Confederate'),
  row('Artillery', 'Virginia', 'Battery Phantom', 'Epsilon', 'Stuart', 'Stuart', 'Confederate', { men: '52' }),
];

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
  it('parses rows with their facts: men, casualties (null when blank) and guns summed over the gun columns', () => {
    const rows = readOob(csvOf(INVENTED));
    expect(rows).toHaveLength(INVENTED.length);
    expect(rows[1]).toMatchObject({ side: 'USA', arm: 'infantry', state: 'Ohio', designation: '200th', men: 24, casualties: null, guns: 0 });
    expect(rows[3]).toMatchObject({ arm: 'artillery', designation: 'Battery Z, 9th', brigade: 'Beta', division: 'Artillery_Bde', guns: 6 });
    expect(rows[5]!.designation).toBe('Battery Q, 9th');
  });

  it('refuses a CSV without a needed column, naming it', () => {
    expect(() => readOob(csvOf(INVENTED, HEADER.filter((c) => c !== 'men')))).toThrow(/no column "men"/);
  });

  it('refuses a count that is not a whole number, naming row and column', () => {
    expect(() => readOob(csvOf([row('Infantry', 'Ohio', '1st', 'A', 'B', 'Reynolds', 'Union', { men: '3OO' })]))).toThrow(/row 1, column men: "3OO"/);
  });

  it('refuses unknown arms and armies, listing the accepted values', () => {
    expect(() => readOob(csvOf([row('Dragoons', 'Ohio', '1st', 'A', 'B', 'Reynolds', 'Union')]))).toThrow(/Infantry, Cavalry, Artillery/);
    expect(() => readOob(csvOf([row('Infantry', 'Ohio', '1st', 'A', 'B', 'Reynolds', 'Mexico')]))).toThrow(/Union, Confederate/);
  });
});

describe('buildOrderOfBattle on an invented order of battle', () => {
  const oob = buildOrderOfBattle(readOob(csvOf(INVENTED)));
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

  it('gives every leader the default of his role, unverified (RI-D05), and adds Warren as staff', () => {
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
  });

  it('numbers a repeated unit id deterministically', () => {
    const doubled = buildOrderOfBattle(readOob(csvOf([...INVENTED, row('Infantry', 'Ohio', '199th', 'Omega', 'Wadsworth', 'Reynolds', 'Union')])));
    expect(doubled.units.filter((u) => u.name === '199th Ohio').map((u) => u.id)).toEqual(['usa-199th-ohio', 'usa-199th-ohio-2']);
  });

  it('refuses a corps or a placeholder division it does not know', () => {
    expect(() => buildOrderOfBattle(readOob(csvOf([row('Infantry', 'Ohio', '1st', 'A', 'B', 'Burnside', 'Union')])))).toThrow(/corps "Burnside".*known: Reynolds/);
    expect(() => buildOrderOfBattle(readOob(csvOf([row('Infantry', 'Ohio', '1st', 'A', 'Infantry_Bde', 'Reynolds', 'Union')])))).toThrow(/placeholder/);
  });
});

describe('initial orders (RI-D11)', () => {
  it('gives armies, the wing and corps their arm\'s Default Order, and commands of another arm their own', () => {
    const { commands } = buildOrderOfBattle(readOob(csvOf(INVENTED)));
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
    commandIds: ['usa-cavalry-1-gamble', 'csa-heth-archer'], unitIds: [], staffLeaderIds: [], notes: [], ...over,
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

describe('the shared order of battle (shared/data/gettysburg-oob.csv)', () => {
  const csvFound = existsSync(SHARED_CSV);
  const csv = csvFound ? readFileSync(SHARED_CSV, 'utf8') : '';
  const tmp = mkdtempSync(join(tmpdir(), 'muster-oob-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is where the tests expect it (set MUSTER_OOB_CSV to point elsewhere)', () => {
    expect(csvFound, `no order of battle at ${SHARED_CSV}`).toBe(true);
  });

  it('has the totals SOURCE.md states: 587 rows, Union 331 with 89,008 men and 356 guns, Confederate 256 with 69,115 men and 258 guns', () => {
    const rows = readOob(csv);
    const total = (side: string, f: (r: (typeof rows)[number]) => number) => rows.filter((r) => r.side === side).reduce((s, r) => s + f(r), 0);
    expect(rows).toHaveLength(587);
    expect(rows.filter((r) => r.side === 'USA')).toHaveLength(331);
    expect(rows.filter((r) => r.side === 'CSA')).toHaveLength(256);
    expect(total('USA', (r) => r.men ?? 0)).toBe(89_008);
    expect(total('CSA', (r) => r.men ?? 0)).toBe(69_115);
    expect(total('USA', (r) => r.guns)).toBe(356);
    expect(total('CSA', (r) => r.guns)).toBe(258);
    expect(total('USA', (r) => r.casualties ?? 0)).toBe(23_409);
    expect(total('CSA', (r) => r.casualties ?? 0)).toBe(22_431);
  });

  it('gives every unit the SPs of its row: men / 50 for infantry and cavalry, guns for batteries (RI-D01)', () => {
    const rows = readOob(csv);
    const { units } = buildOrderOfBattle(rows);
    for (const r of rows) {
      const unit = units.find((u) => u.side === r.side && u.name === unitName(r.arm, r.state, r.designation));
      expect(unit, `${r.state} ${r.designation}`).toBeDefined();
      expect(unit!.sp).toBe(strengthPoints(r.arm, r.men, r.guns));
      expect(unit!.men).toBe(r.men);
      expect(unit!.historicalCasualties).toBe(r.casualties);
    }
  });

  it('reproduces every committed scenario file byte for byte, and there are no others', () => {
    const generated = convertOob(csv);
    expect(builtInScenarioIds()).toEqual(generated.map((s) => s.id).sort());
    for (const scenario of generated) {
      expect(readFileSync(join(SCENARIO_DIR, `${scenario.id}.json`), 'utf8'), `${scenario.id}.json is not the converter's output`).toBe(serialiseScenario(scenario));
    }
  });

  it('produces the named scenarios of the revision plus the demo scenario', () => {
    expect(SCENARIO_SPECS.map((s) => s.id)).toEqual([
      'feeling-the-enemy', 'black-hat-fellers', 'georgia-on-my-mind', 'little-round-top', 'july-2-stuart-variant', 'skirmish-at-willoughby-run',
    ]);
  });

  it('runs from the command line, writing every scenario beside the output path', () => {
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const out = join(tmp, 'nested', 'gettysburg.json');
    const run = spawnSync(process.execPath, [tsx, join(ROOT, 'scripts', 'convert-oob.ts'), SHARED_CSV, out], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    for (const id of builtInScenarioIds()) {
      expect(readFileSync(join(tmp, 'nested', `${id}.json`), 'utf8')).toBe(readFileSync(join(SCENARIO_DIR, `${id}.json`), 'utf8'));
    }
  });

  it('prints its usage and exits with 2 when the arguments are wrong', () => {
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const run = spawnSync(process.execPath, [tsx, join(ROOT, 'scripts', 'convert-oob.ts'), SHARED_CSV], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage: npx tsx scripts\/convert-oob.ts <gettysburg-oob.csv> <output gettysburg.json>/);
  });
});
