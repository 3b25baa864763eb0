/**
 * The order-of-battle converter: reads the historical order of battle (shared/data/gettysburg-oob.csv, kept
 * outside the repository; one row per regiment or battery) and makes Muster's own scenarios of it: the full battle
 * (`gettysburg`) and, as selections of its forces with their own start and end turns, the revision's five named
 * scenarios and a small demo scenario. Deterministic: the same CSV always gives the same bytes (stable ids, stable
 * order).
 *
 *   npm run scenarios -- <path/to/gettysburg-oob.csv> [--check]
 *
 * writes them to data/scenarios/<id>.json, or checks the committed files against them (scripts/scenarios.ts).
 * Every default this file chooses (SPs, weapons, leader values, arrival times, the time track) is an entry in
 * docs/rules-interpretations.md (RI-Dnn).
 */
import { parseScenario } from '../data/scenarios';
import type {
  LeaderArrival,
  ReinforcementGroup,
  Scenario,
  ScenarioCommand,
  ScenarioLeader,
  ScenarioTurn,
  ScenarioUnit,
} from '../data/scenario-schema';
import type { Arm, CommandLevel, OrderCode, Side } from '../rules/types';
import { parseCsvWithHeader } from './csv';

// ---------------------------------------------------------------------------------------------------------
// Reading the CSV

/** Columns the converter needs; the gun columns follow them. */
const REQUIRED_COLUMNS = ['type', 'state', 'regiment_or_battery', 'brigade', 'division', 'corps', 'army', 'men', 'total_casualties'] as const;
/** The number of guns of each type in a battery: a battery's SPs are their sum (RI-D01). */
export const GUN_COLUMNS = [
  '3inch_rifles', '4.5inch_rifles', '10lb_parrots', '12lb_howitzers', '12lb_napoleons',
  '6lb_howitzers', '24lb_howitzers', '20lb_parrots', '12lb_whitworths', '14lb_rifles',
] as const;

const ARM_OF_TYPE: Record<string, Arm> = { Infantry: 'infantry', Cavalry: 'cavalry', Artillery: 'artillery' };
const SIDE_OF_ARMY: Record<string, Side> = { Union: 'USA', Confederate: 'CSA' };

/** One regiment or battery of the order of battle, its text normalised. */
export interface OobRow {
  /** 0-based position in the CSV (after the header). */
  index: number;
  side: Side;
  arm: Arm;
  state: string;
  designation: string;
  brigade: string;
  division: string;
  corps: string;
  men: number | null;
  casualties: number | null;
  guns: number;
}

/** Collapses runs of whitespace (the CSV has doubled and trailing spaces) and trims. */
export function normaliseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function count(value: string, column: string, row: number): number | null {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) throw new Error(`convert-oob: row ${row + 1}, column ${column}: "${value}" is not a whole number`);
  return Number(text);
}

/** Parses the order-of-battle CSV into rows, checking columns, arms, armies and numbers. */
export function readOob(csvText: string): OobRow[] {
  const { columns, rows } = parseCsvWithHeader(csvText);
  for (const column of [...REQUIRED_COLUMNS, ...GUN_COLUMNS]) {
    if (!columns.includes(column)) throw new Error(`convert-oob: the CSV has no column "${column}" (columns: ${columns.join(', ')})`);
  }
  return rows.map((r, index) => {
    const arm = ARM_OF_TYPE[normaliseSpaces(r.type ?? '')];
    if (!arm) throw new Error(`convert-oob: row ${index + 1}: type "${r.type}" is not one of Infantry, Cavalry, Artillery`);
    const side = SIDE_OF_ARMY[normaliseSpaces(r.army ?? '')];
    if (!side) throw new Error(`convert-oob: row ${index + 1}: army "${r.army}" is not one of Union, Confederate`);
    const text = (column: string) => {
      const value = normaliseSpaces(r[column] ?? '');
      if (value === '') throw new Error(`convert-oob: row ${index + 1}: column ${column} is empty`);
      return value;
    };
    const guns = GUN_COLUMNS.reduce((sum, column) => sum + (count(r[column] ?? '', column, index) ?? 0), 0);
    return {
      index,
      side,
      arm,
      state: text('state'),
      designation: text('regiment_or_battery'),
      brigade: text('brigade'),
      division: text('division'),
      corps: text('corps'),
      men: count(r.men ?? '', 'men', index),
      casualties: count(r.total_casualties ?? '', 'total_casualties', index),
      guns,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Names and ids

/** Lower-case id fragment: letters and digits joined by dashes; apostrophes and dots vanish ("O'Neal" -> "oneal"). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/['.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

const ORDINAL_HEAD = /^(\d+(?:st|nd|rd|th))(?:\s+(.*))?$/i;
const DESCRIPTOR_WORDS: Record<string, string> = { bn: 'Battalion', co: 'Company', detachment: 'Detachment', sharpshooters: 'Sharpshooters' };

function stateLabel(state: string): string {
  return state === 'US' ? 'U.S.' : state;
}

function descriptor(text: string): string {
  return text
    .split(' ')
    .filter(Boolean)
    .map((word) => DESCRIPTOR_WORDS[word.toLowerCase()] ?? word)
    .join(' ');
}

/**
 * A readable unit name from the CSV's state and designation: "19th Indiana", "84th New York (14th Brooklyn)",
 * "1st U.S. Sharpshooters", "1st Michigan Cavalry", "Battery B, 4th U.S.", "9th Massachusetts Light Battery",
 * "Fredericksburg Battery (Virginia)". `designation` must already have its spaces normalised.
 */
export function unitName(arm: Arm, state: string, designation: string): string {
  const st = stateLabel(state);
  if (arm === 'artillery') {
    const core = designation.replace(/^Battery\s*/i, '');
    const comma = core.indexOf(',');
    if (comma >= 0) {
      const letter = core.slice(0, comma).trim();
      const regiment = core.slice(comma + 1).trim();
      const regimental = regiment.match(ORDINAL_HEAD);
      if (regimental) return `Battery ${letter}, ${[regimental[1], st, regimental[2]].filter(Boolean).join(' ')}`;
      if (regiment === 'Light' || regiment === '') {
        const numbered = letter.match(/^(\d+)(?:st|nd|rd|th)?$/i);
        if (numbered) return `${ordinal(Number(numbered[1]))} ${st} Light Battery`;
        return `Battery ${letter}, ${st} Light`;
      }
      return `Battery ${letter}, ${regiment} (${st})`;
    }
    const numbered = core.match(ORDINAL_HEAD);
    if (numbered && (numbered[2] === undefined || numbered[2] === 'Light')) {
      return `${[numbered[1], st, numbered[2]].filter(Boolean).join(' ')} Battery`;
    }
    if (core === state) return `${st} Battery`;
    return `${core} Battery (${st})`;
  }
  const [head = '', ...rest] = designation.split(',').map((part) => part.trim());
  const tail = rest.filter(Boolean).join(', ');
  const tailText = tail === '' ? '' : /^sharpshooters$/i.test(tail) ? 'Sharpshooters' : `(${tail})`;
  const numbered = head.match(ORDINAL_HEAD);
  let name: string;
  if (numbered) {
    const desc = descriptor(numbered[2] ?? '');
    const base = desc === 'Company' ? `${numbered[1]} Company ${st}` : [numbered[1], st, desc].filter(Boolean).join(' ');
    name = [base, tailText].filter(Boolean).join(' ');
  } else {
    name = [head, tailText].filter(Boolean).join(' ');
  }
  return arm === 'cavalry' ? `${name} Cavalry` : name;
}

/** The US Sharpshooters (Berdan's 1st and 2nd U.S. Sharpshooters): B-SS weapons and the sharpshooter flag (RI-D02). */
function isUsSharpshooters(row: OobRow): boolean {
  return row.side === 'USA' && row.state === 'US' && /sharpshooters/i.test(row.designation);
}

/** Infantry and cavalry: men / 50, half rounds up, at least 1. Artillery: one SP per gun, at least 1 (RI-D01). */
export function strengthPoints(arm: Arm, men: number | null, guns: number): number {
  if (arm === 'artillery') return Math.max(1, guns);
  return Math.max(1, Math.round((men ?? 0) / 50));
}

// ---------------------------------------------------------------------------------------------------------
// The command tree: what the CSV's surnames stand for (general knowledge, not verified: RI-D05, RI-D07)

interface CorpsInfo {
  /** Id fragment: usa-<tag>-corps, usa-<tag>-<division number>, csa-<tag>-corps. */
  tag: string;
  name: string;
  leader: string;
  cavalry?: boolean;
  /** Stuart's Cavalry: the CSV repeats Stuart as corps and division; Muster has one division under the army (RI-D07). */
  collapseToDivision?: boolean;
  /** A corps-level artillery reserve: its id is <side>-artillery-reserve. */
  artilleryReserve?: boolean;
}

const CORPS: Record<Side, Record<string, CorpsInfo>> = {
  USA: {
    Reynolds: { tag: 'i', name: 'I Corps', leader: 'John F. Reynolds' },
    Hancock: { tag: 'ii', name: 'II Corps', leader: 'Winfield S. Hancock' },
    Sickles: { tag: 'iii', name: 'III Corps', leader: 'Daniel E. Sickles' },
    Sykes: { tag: 'v', name: 'V Corps', leader: 'George Sykes' },
    Sedgwick: { tag: 'vi', name: 'VI Corps', leader: 'John Sedgwick' },
    Howard: { tag: 'xi', name: 'XI Corps', leader: 'Oliver O. Howard' },
    Slocum: { tag: 'xii', name: 'XII Corps', leader: 'Henry W. Slocum' },
    Pleasonton: { tag: 'cavalry', name: 'Cavalry Corps', leader: 'Alfred Pleasonton', cavalry: true },
    Tyler: { tag: 'artillery-reserve', name: 'Artillery Reserve', leader: 'Robert O. Tyler', artilleryReserve: true },
  },
  CSA: {
    Longstreet: { tag: 'first', name: 'First Corps', leader: 'James Longstreet' },
    Ewell: { tag: 'second', name: 'Second Corps', leader: 'Richard S. Ewell' },
    Hill: { tag: 'third', name: 'Third Corps', leader: 'A. P. Hill' },
    Pendleton: { tag: 'artillery-reserve', name: 'Artillery Reserve', leader: 'William N. Pendleton', artilleryReserve: true },
    Stuart: { tag: 'cavalry', name: "Stuart's Cavalry Division", leader: 'J. E. B. Stuart', cavalry: true, collapseToDivision: true },
  },
};

/** Well-known names of the division commanders the CSV gives by surname (RI-D05). */
const DIVISION_LEADER_NAMES: Record<Side, Record<string, string>> = {
  USA: {
    Wadsworth: 'James S. Wadsworth', Robinson: 'John C. Robinson', Doubleday: 'Abner Doubleday',
    Caldwell: 'John C. Caldwell', Gibbon: 'John Gibbon', Hays: 'Alexander Hays',
    Birney: 'David B. Birney', Humphreys: 'Andrew A. Humphreys',
    Barnes: 'James Barnes', Ayres: 'Romeyn B. Ayres', Crawford: 'Samuel W. Crawford',
    Wright: 'Horatio G. Wright', Howe: 'Albion P. Howe', Newton: 'John Newton',
    Barlow: 'Francis C. Barlow', 'von Steinwehr': 'Adolph von Steinwehr', Schurz: 'Carl Schurz',
    Williams: 'Alpheus S. Williams', Geary: 'John W. Geary',
    Buford: 'John Buford', Gregg: 'David McM. Gregg', Kilpatrick: 'H. Judson Kilpatrick',
  },
  CSA: {
    McLaws: 'Lafayette McLaws', Pickett: 'George E. Pickett', Hood: 'John B. Hood', Walton: 'James B. Walton',
    Early: 'Jubal A. Early', Johnson: 'Edward Johnson', Rodes: 'Robert E. Rodes', Brown: 'J. Thompson Brown',
    Anderson: 'Richard H. Anderson', Heth: 'Henry Heth', Pender: 'W. Dorsey Pender', Walker: 'R. Lindsay Walker',
  },
};

/** Brigade keys the CSV spells in its own way. */
const BRIGADE_LEADER_NAMES: Record<string, string> = { Oneal: "O'Neal", 'Gregg J': 'J. Gregg' };

/** Division keys that are not commands: their brigades report straight to the corps (RI-D07). */
const DIVISION_PLACEHOLDERS = new Set(['Artillery_Bde', 'Artillery_Reserve', 'Horse_Artillery']);

/** The US Left Wing under Reynolds: the corps that marched with him on 1 July (RI-D06). */
const LEFT_WING_CORPS = ['Reynolds', 'Sickles', 'Howard'];

const ARMIES: Record<Side, { id: string; name: string; leaderId: string; leader: string }> = {
  USA: { id: 'usa-army', name: 'Army of the Potomac', leaderId: 'usa-meade', leader: 'George G. Meade' },
  CSA: { id: 'csa-army', name: 'Army of Northern Virginia', leaderId: 'csa-lee', leader: 'Robert E. Lee' },
};
const WING = { id: 'usa-left-wing', name: 'Left Wing', leaderId: 'usa-reynolds-wing', leader: 'John F. Reynolds (Left Wing)' };
/** Warren: a staff leader without a command, arriving with Meade (RI-D14). */
const WARREN = { id: 'usa-warren', name: 'Gouverneur K. Warren' };

type LeaderRole = ScenarioLeader['role'];

/** Default stars, rating and range by role; artillery chiefs' range follows the size of their command (RI-D05). */
const LEADER_DEFAULTS: Record<Exclude<LeaderRole, 'artillery'>, { stars: number; rating: number; range: number }> = {
  army: { stars: 4, rating: 3, range: 10 },
  wing: { stars: 3, rating: 2, range: 8 },
  corps: { stars: 3, rating: 2, range: 8 },
  division: { stars: 2, rating: 2, range: 6 },
  brigade: { stars: 1, rating: 2, range: 4 },
  staff: { stars: 1, rating: 2, range: 4 },
};
const ARTILLERY_CHIEF = { stars: 1, rating: 2 };
const ARTILLERY_RANGE_BY_LEVEL: Record<CommandLevel, number> = { army: 10, wing: 8, corps: 8, division: 6, brigade: 4 };

function leaderValues(role: LeaderRole, level: CommandLevel): { stars: number; rating: number; range: number } {
  if (role === 'artillery') return { ...ARTILLERY_CHIEF, range: ARTILLERY_RANGE_BY_LEVEL[level] };
  return LEADER_DEFAULTS[role];
}

function possessive(name: string): string {
  return `${name}'s`;
}

// ---------------------------------------------------------------------------------------------------------
// The time track (RI-D09)

const BATTLE_DATES = ['1863-07-01', '1863-07-02', '1863-07-03'] as const;

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Every turn of 1-3 July: 20-minute turns from dawn (0400) to the end of dusk (1940), hourly night turns
 * from 2000 to 2400 and from 0100 to 0300. Midnight is 2400 of the day that ends.
 */
export function fullTimeTrack(): ScenarioTurn[] {
  const turns: ScenarioTurn[] = [];
  for (const date of BATTLE_DATES) {
    const add = (minutes: number, light: ScenarioTurn['light']) => {
      const time = clock(minutes);
      turns.push({ id: `${date}T${time}`, date, time, light, afternoon: light === 'day' && minutes >= 12 * 60 });
    };
    for (let m = 60; m <= 3 * 60; m += 60) add(m, 'night');
    for (let m = 4 * 60; m < 5 * 60; m += 20) add(m, 'dawn');
    for (let m = 5 * 60; m < 19 * 60; m += 20) add(m, 'day');
    for (let m = 19 * 60; m < 20 * 60; m += 20) add(m, 'dusk');
    for (let m = 20 * 60; m <= 24 * 60; m += 60) add(m, 'night');
  }
  return turns;
}

function turnsBetween(track: ScenarioTurn[], firstTurnId: string, lastTurnId: string): ScenarioTurn[] {
  const first = track.findIndex((t) => t.id === firstTurnId);
  const last = track.findIndex((t) => t.id === lastTurnId);
  if (first < 0) throw new Error(`convert-oob: first turn ${firstTurnId} is not on the time track`);
  if (last < first) throw new Error(`convert-oob: last turn ${lastTurnId} is not on the time track after ${firstTurnId}`);
  return track.slice(first, last + 1);
}

// ---------------------------------------------------------------------------------------------------------
// The full battle

const FULL_BATTLE_FIRST_TURN = '1863-07-01T0740';
const FULL_BATTLE_LAST_TURN = '1863-07-03T2400';

/**
 * Historical arrivals, approximated to the 20-minute track, by generated command id (RI-D12). A group never
 * lists a command together with one of its ancestors. Forces not listed start on the map: Buford's Gamble and
 * Devin (USA) and Heth's division (CSA).
 */
const FULL_BATTLE_GROUPS: { id: string; side: Side; turn: string; area: string; commandIds: string[] }[] = [
  { id: 'csa-pegram-battalion-arrival', side: 'CSA', turn: '1863-07-01T0800', area: 'Chambersburg Pike', commandIds: ['csa-walker-pegram'] },
  { id: 'usa-wadsworth-arrival', side: 'USA', turn: '1863-07-01T1000', area: 'Emmitsburg Road', commandIds: ['usa-i-1'] },
  { id: 'csa-pender-arrival', side: 'CSA', turn: '1863-07-01T1000', area: 'Chambersburg Pike', commandIds: ['csa-pender-division', 'csa-walker-mcintosh'] },
  { id: 'usa-doubleday-arrival', side: 'USA', turn: '1863-07-01T1100', area: 'Emmitsburg Road', commandIds: ['usa-i-3-rowley', 'usa-i-3-stone', 'usa-i-wainwright'] },
  { id: 'usa-robinson-arrival', side: 'USA', turn: '1863-07-01T1120', area: 'Emmitsburg Road', commandIds: ['usa-i-2'] },
  { id: 'csa-rodes-arrival', side: 'CSA', turn: '1863-07-01T1140', area: 'Carlisle Road', commandIds: ['csa-rodes-division'] },
  { id: 'usa-xi-corps-arrival', side: 'USA', turn: '1863-07-01T1240', area: 'Emmitsburg Road', commandIds: ['usa-xi-1', 'usa-xi-3', 'usa-xi-osborn'] },
  { id: 'usa-von-steinwehr-arrival', side: 'USA', turn: '1863-07-01T1400', area: 'Taneytown Road', commandIds: ['usa-xi-2'] },
  { id: 'csa-early-arrival', side: 'CSA', turn: '1863-07-01T1440', area: 'Harrisburg Road', commandIds: ['csa-early-division'] },
  { id: 'usa-williams-arrival', side: 'USA', turn: '1863-07-01T1600', area: 'Baltimore Pike', commandIds: ['usa-xii-1', 'usa-xii-muhlenberg'] },
  { id: 'usa-geary-arrival', side: 'USA', turn: '1863-07-01T1700', area: 'Baltimore Pike', commandIds: ['usa-xii-2'] },
  { id: 'usa-birney-arrival', side: 'USA', turn: '1863-07-01T1740', area: 'Emmitsburg Road', commandIds: ['usa-iii-1', 'usa-iii-randolph'] },
  { id: 'usa-stannard-arrival', side: 'USA', turn: '1863-07-01T1740', area: 'Emmitsburg Road', commandIds: ['usa-i-3-stannard'] },
  { id: 'csa-anderson-arrival', side: 'CSA', turn: '1863-07-01T1740', area: 'Chambersburg Pike', commandIds: ['csa-anderson-division'] },
  { id: 'csa-jenkins-arrival', side: 'CSA', turn: '1863-07-01T1740', area: 'Harrisburg Road', commandIds: ['csa-stuart-jenkins'] },
  { id: 'csa-johnson-arrival', side: 'CSA', turn: '1863-07-01T1900', area: 'Chambersburg Pike', commandIds: ['csa-johnson-division', 'csa-brown-artillery'] },
  { id: 'usa-humphreys-arrival', side: 'USA', turn: '1863-07-02T0100', area: 'Emmitsburg Road', commandIds: ['usa-iii-2'] },
  { id: 'usa-ii-corps-arrival', side: 'USA', turn: '1863-07-02T0500', area: 'Taneytown Road', commandIds: ['usa-ii-1', 'usa-ii-2', 'usa-ii-3', 'usa-ii-hazard'] },
  { id: 'csa-hood-arrival', side: 'CSA', turn: '1863-07-02T0700', area: 'Chambersburg Pike', commandIds: ['csa-hood-division'] },
  { id: 'usa-v-corps-arrival', side: 'USA', turn: '1863-07-02T0700', area: 'Hanover Road', commandIds: ['usa-v-1', 'usa-v-2', 'usa-v-martin'] },
  { id: 'csa-mclaws-arrival', side: 'CSA', turn: '1863-07-02T0800', area: 'Chambersburg Pike', commandIds: ['csa-mclaws-division', 'csa-walton-artillery'] },
  { id: 'usa-artillery-reserve-arrival', side: 'USA', turn: '1863-07-02T1000', area: 'Taneytown Road', commandIds: ['usa-artillery-reserve'] },
  { id: 'usa-gregg-arrival', side: 'USA', turn: '1863-07-02T1200', area: 'Hanover Road', commandIds: ['usa-cavalry-2', 'usa-cavalry-robertson'] },
  { id: 'usa-crawford-arrival', side: 'USA', turn: '1863-07-02T1400', area: 'Baltimore Pike', commandIds: ['usa-v-3'] },
  { id: 'csa-stuart-arrival', side: 'CSA', turn: '1863-07-02T1400', area: 'Harrisburg Road', commandIds: ['csa-stuart-hampton', 'csa-stuart-fitzhugh-lee', 'csa-stuart-chambliss', 'csa-stuart-beckham'] },
  { id: 'usa-kilpatrick-arrival', side: 'USA', turn: '1863-07-02T1600', area: 'Hunterstown Road', commandIds: ['usa-cavalry-3'] },
  { id: 'usa-vi-corps-arrival', side: 'USA', turn: '1863-07-02T1600', area: 'Baltimore Pike', commandIds: ['usa-vi-corps'] },
  { id: 'csa-pickett-arrival', side: 'CSA', turn: '1863-07-02T1800', area: 'Chambersburg Pike', commandIds: ['csa-pickett-division'] },
  { id: 'usa-merritt-arrival', side: 'USA', turn: '1863-07-03T1200', area: 'Emmitsburg Road', commandIds: ['usa-cavalry-1-merritt', 'usa-cavalry-1-artillery'] },
];

/** Leaders who ride in on their own: army commanders, staff, and corps commanders ahead of their troops (RI-D12). */
const FULL_BATTLE_LEADER_ARRIVALS: { leaderId: string; turn: string; area: string }[] = [
  { leaderId: 'csa-walker-pendleton', turn: '1863-07-01T0800', area: 'Chambersburg Pike' },
  { leaderId: 'usa-reynolds-wing', turn: '1863-07-01T1000', area: 'Emmitsburg Road' },
  { leaderId: 'usa-reynolds', turn: '1863-07-01T1000', area: 'Emmitsburg Road' },
  { leaderId: 'csa-hill', turn: '1863-07-01T1000', area: 'Chambersburg Pike' },
  { leaderId: 'usa-doubleday', turn: '1863-07-01T1100', area: 'Emmitsburg Road' },
  { leaderId: 'usa-howard', turn: '1863-07-01T1120', area: 'Taneytown Road' },
  { leaderId: 'csa-ewell', turn: '1863-07-01T1140', area: 'Carlisle Road' },
  { leaderId: 'csa-lee', turn: '1863-07-01T1400', area: 'Chambersburg Pike' },
  { leaderId: 'csa-pendleton', turn: '1863-07-01T1400', area: 'Chambersburg Pike' },
  { leaderId: 'usa-hancock', turn: '1863-07-01T1600', area: 'Taneytown Road' },
  { leaderId: 'csa-longstreet', turn: '1863-07-01T1700', area: 'Chambersburg Pike' },
  { leaderId: 'usa-slocum', turn: '1863-07-01T1700', area: 'Baltimore Pike' },
  { leaderId: 'usa-sickles', turn: '1863-07-01T1740', area: 'Emmitsburg Road' },
  { leaderId: 'usa-meade', turn: '1863-07-01T2400', area: 'Taneytown Road' },
  { leaderId: 'usa-pleasonton', turn: '1863-07-01T2400', area: 'Taneytown Road' },
  { leaderId: 'usa-warren', turn: '1863-07-01T2400', area: 'Taneytown Road' },
  { leaderId: 'usa-sykes', turn: '1863-07-02T0700', area: 'Hanover Road' },
  { leaderId: 'csa-stuart', turn: '1863-07-02T1400', area: 'Harrisburg Road' },
];

/** Geographic objectives (Rev. Victory; names approximate 15.6.7's lists, RI-D13). */
const OBJECTIVES: Scenario['objectives'] = {
  USA: [
    { id: 'seminary-ridge', name: 'Seminary Ridge' },
    { id: 'oak-hill', name: 'Oak Hill' },
    { id: 'herrs-ridge', name: "Herr's Ridge" },
    { id: 'benners-hill', name: "Benner's Hill" },
    { id: 'staging-area-1', name: 'Staging Area 1' },
    { id: 'staging-area-2', name: 'Staging Area 2' },
  ],
  CSA: [
    { id: 'cemetery-hill', name: 'Cemetery Hill' },
    { id: 'culps-hill', name: "Culp's Hill" },
    { id: 'cemetery-ridge', name: 'Cemetery Ridge' },
    { id: 'little-round-top', name: 'Little Round Top' },
    { id: 'big-round-top', name: 'Big Round Top' },
    { id: 'powers-hill', name: 'Powers Hill' },
    { id: 'gettysburg', name: 'Gettysburg (the town)' },
    { id: 'staging-area-10', name: 'Staging Area 10' },
    { id: 'staging-area-11', name: 'Staging Area 11' },
  ],
  required: { USA: 2, CSA: 5 },
};

const APPROXIMATION_NOTE =
  'Approximate: arrival times, entry areas, leader stars, ratings and ranges, and weapon types are Muster defaults ' +
  '(leaders are marked unverified). Adjust them to your Master Reinforcement Chart, counters and organization charts before the first turn.';

const STRENGTH_NOTE =
  'Strengths are the engaged strengths of the historical order of battle: infantry and cavalry 1 SP per 50 men (half up, at least 1), artillery 1 SP per gun. Edit them to match your counters.';
const ORDERS_NOTE =
  'Reinforcements enter with March orders and Reinforcement Strategic Movement markers (Rev. Orders Segment); the initial orders are those of the forces on the map at the start.';
const REYNOLDS_NOTE =
  'Reynolds appears twice: as I Corps commander and as Left Wing commander, the interim army commander until Meade arrives (Rev. US Wing/Grand Division Commanders).';
const LEE_NOTE = 'Lee enters under the restrictions of Random Event "S" (Rev. Robert E. Lee).';
const WARREN_NOTE = 'Warren, Chief of Engineers, may be used once per day: remove him after use; he returns the first turn of the next day (Rev. Warren).';

/** The general notes that apply to a scenario with these commands, leaders and leader arrivals. */
function standardNotes(commands: ScenarioCommand[], leaders: ScenarioLeader[], arrivals: LeaderArrival[]): string[] {
  const notes = [APPROXIMATION_NOTE, STRENGTH_NOTE, ORDERS_NOTE];
  if (commands.some((c) => c.id === WING.id)) notes.push(REYNOLDS_NOTE);
  if (arrivals.some((a) => a.leaderId === ARMIES.CSA.leaderId && a.scheduledTurnId !== null)) notes.push(LEE_NOTE);
  if (leaders.some((l) => l.id === WARREN.id)) notes.push(WARREN_NOTE);
  return notes;
}

interface TreeNode {
  command: ScenarioCommand;
  children: TreeNode[];
  rows: OobRow[];
}

/** A leader before his id is settled: `key` is his CSV surname, `parentKey` his superior's (for telling namesakes apart). */
interface LeaderDraft {
  side: Side;
  key: string;
  parentKey: string;
  name: string;
  role: LeaderRole;
  commandId: string | null;
  level: CommandLevel;
  fixedId?: string;
}

function firstAppearance<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function makeCommand(side: Side, level: CommandLevel, id: string, name: string, parentId: string | null, cavalry: boolean): ScenarioCommand {
  return { id, side, level, name, parentId, leaderId: null, cavalry, artillery: false };
}

/** The forces of both armies: the command tree, its leaders and every regiment and battery, in a stable order. */
export interface OrderOfBattle {
  commands: ScenarioCommand[];
  leaders: ScenarioLeader[];
  units: ScenarioUnit[];
}

/** Builds the command tree, leaders and units from the order-of-battle rows (RI-D01 to RI-D08). */
export function buildOrderOfBattle(rows: OobRow[]): OrderOfBattle {
  const roots: TreeNode[] = [];
  const drafts: LeaderDraft[] = [];
  const nodesInOrder: TreeNode[] = [];

  const addNode = (parent: TreeNode | null, command: ScenarioCommand): TreeNode => {
    const node: TreeNode = { command, children: [], rows: [] };
    if (parent) parent.children.push(node);
    else roots.push(node);
    return node;
  };

  for (const side of ['USA', 'CSA'] as const) {
    const sideRows = rows.filter((r) => r.side === side);
    const army = addNode(null, makeCommand(side, 'army', ARMIES[side].id, ARMIES[side].name, null, false));
    drafts.push({ side, key: 'army', parentKey: '', name: ARMIES[side].leader, role: 'army', commandId: army.command.id, level: 'army', fixedId: ARMIES[side].leaderId });
    let wing: TreeNode | null = null;
    if (side === 'USA') {
      wing = addNode(army, makeCommand(side, 'wing', WING.id, WING.name, army.command.id, false));
      drafts.push({ side, key: 'wing', parentKey: '', name: WING.leader, role: 'wing', commandId: WING.id, level: 'wing', fixedId: WING.leaderId });
    }

    for (const corpsKey of firstAppearance(sideRows.map((r) => r.corps))) {
      const info = CORPS[side][corpsKey];
      if (!info) throw new Error(`convert-oob: ${side} corps "${corpsKey}" is not in the converter's corps table (known: ${Object.keys(CORPS[side]).join(', ')})`);
      const corpsRows = sideRows.filter((r) => r.corps === corpsKey);
      const cavalry = info.cavalry === true;
      const prefix = side.toLowerCase();

      if (info.collapseToDivision) {
        const divisions = firstAppearance(corpsRows.map((r) => r.division));
        if (divisions.length !== 1 || divisions[0] !== corpsKey) {
          throw new Error(`convert-oob: ${side} corps "${corpsKey}" was expected to hold one division of the same name (found ${divisions.join(', ')})`);
        }
        const divisionId = `${prefix}-${info.tag}-division`;
        const division = addNode(army, makeCommand(side, 'division', divisionId, info.name, army.command.id, cavalry));
        drafts.push({ side, key: corpsKey, parentKey: 'army', name: info.leader, role: 'division', commandId: divisionId, level: 'division' });
        addBrigades(division, corpsRows, `${prefix}-${slug(corpsKey)}`, corpsKey, cavalry);
        continue;
      }

      const corpsId = info.artilleryReserve ? `${prefix}-artillery-reserve` : `${prefix}-${info.tag}-corps`;
      const corpsParent = side === 'USA' && wing && LEFT_WING_CORPS.includes(corpsKey) ? wing : army;
      const corps = addNode(corpsParent, makeCommand(side, 'corps', corpsId, info.name, corpsParent.command.id, cavalry));
      drafts.push({ side, key: corpsKey, parentKey: 'army', name: info.leader, role: 'corps', commandId: corpsId, level: 'corps' });
      const corpsTag = info.artilleryReserve ? `${prefix}-artillery-reserve` : `${prefix}-${info.tag}`;

      let divisionNumber = 0;
      for (const divisionKey of firstAppearance(corpsRows.map((r) => r.division))) {
        const divisionRows = corpsRows.filter((r) => r.division === divisionKey);
        if (DIVISION_PLACEHOLDERS.has(divisionKey)) {
          addBrigades(corps, divisionRows, corpsTag, corpsKey, cavalry);
          continue;
        }
        if (/_/.test(divisionKey)) throw new Error(`convert-oob: division "${divisionKey}" looks like a placeholder the converter does not know`);
        divisionNumber += 1;
        // USA divisions by number (usa-i-1), CSA divisions by commander (csa-hood-division); brigades below them.
        const allArtillery = divisionRows.every((r) => r.arm === 'artillery');
        const brigadePrefix = side === 'USA' ? `${corpsTag}-${divisionNumber}` : `${prefix}-${slug(divisionKey)}`;
        const divisionId = side === 'USA' ? brigadePrefix : `${brigadePrefix}-${allArtillery ? 'artillery' : 'division'}`;
        const divisionName =
          side === 'USA' ? `${ordinal(divisionNumber)} Division, ${info.name}` : `${possessive(divisionKey)} ${allArtillery ? 'Artillery Reserve' : 'Division'}`;
        const division = addNode(corps, makeCommand(side, 'division', divisionId, divisionName, corpsId, cavalry));
        drafts.push({
          side, key: divisionKey, parentKey: corpsKey,
          name: DIVISION_LEADER_NAMES[side][divisionKey] ?? divisionKey,
          role: 'division', commandId: divisionId, level: 'division',
        });
        addBrigades(division, divisionRows, brigadePrefix, divisionKey, cavalry);
      }
    }
  }

  function addBrigades(parent: TreeNode, parentRows: OobRow[], idPrefix: string, parentKey: string, cavalry: boolean): void {
    for (const brigadeKey of firstAppearance(parentRows.map((r) => r.brigade))) {
      const brigadeRows = parentRows.filter((r) => r.brigade === brigadeKey);
      const side = parent.command.side;
      if (brigadeKey === parentKey) {
        // A battery the CSV files under its division commander himself (Buford, Gregg): a leaderless command (RI-D07).
        const node = addNode(parent, makeCommand(side, 'brigade', `${idPrefix}-artillery`, `${possessive(brigadeKey)} Division Artillery`, parent.command.id, cavalry));
        node.rows.push(...brigadeRows);
        continue;
      }
      const leaderName = BRIGADE_LEADER_NAMES[brigadeKey] ?? brigadeKey;
      const allArtillery = brigadeRows.every((r) => r.arm === 'artillery');
      const artilleryKind = side === 'CSA' ? 'Battalion' : 'Brigade';
      const kind = allArtillery ? `${cavalry ? 'Horse Artillery' : 'Artillery'} ${artilleryKind}` : 'Brigade';
      const id = `${idPrefix}-${slug(leaderName)}`;
      const node = addNode(parent, makeCommand(side, 'brigade', id, `${possessive(leaderName)} ${kind}`, parent.command.id, cavalry));
      node.rows.push(...brigadeRows);
      drafts.push({ side, key: brigadeKey, parentKey, name: leaderName, role: allArtillery ? 'artillery' : 'brigade', commandId: id, level: 'brigade' });
    }
  }

  // Flatten: each army, then the wing, then every corps with its subtree, in the CSV's order (parents first).
  const visit = (node: TreeNode) => {
    nodesInOrder.push(node);
    for (const child of node.children) visit(child);
  };
  for (const root of roots) {
    nodesInOrder.push(root);
    const wingNode = root.children.find((c) => c.command.level === 'wing');
    if (wingNode) nodesInOrder.push(wingNode);
    const corpsLike = [...root.children.filter((c) => c.command.level !== 'wing'), ...(wingNode?.children ?? [])];
    const csvOrder = (n: TreeNode) => Math.min(...subtreeRows(n).map((r) => r.index));
    corpsLike.sort((a, b) => csvOrder(a) - csvOrder(b));
    for (const child of corpsLike) visit(child);
  }

  // Artillery commands: those whose units are all batteries (RI-D08).
  for (const node of nodesInOrder) {
    const rowsBelow = subtreeRows(node);
    node.command.artillery = rowsBelow.length > 0 && rowsBelow.every((r) => r.arm === 'artillery');
  }
  const commands = nodesInOrder.map((n) => n.command);
  assertUnique('command', commands.map((c) => c.id));

  // Leaders: artillery chiefs of division and corps level too; ids by surname, disambiguated by the superior's key.
  for (const d of drafts) {
    const command = commands.find((c) => c.id === d.commandId);
    if (command?.artillery && (d.role === 'division' || d.role === 'corps')) d.role = 'artillery';
  }
  const baseId = (d: LeaderDraft) => d.fixedId ?? `${d.side.toLowerCase()}-${slug(BRIGADE_LEADER_NAMES[d.key] ?? d.key)}`;
  const baseCounts = new Map<string, number>();
  for (const d of drafts) baseCounts.set(baseId(d), (baseCounts.get(baseId(d)) ?? 0) + 1);
  const leaders: ScenarioLeader[] = drafts.map((d) => {
    const base = baseId(d);
    const id = d.fixedId ?? ((baseCounts.get(base) ?? 0) > 1 ? `${base}-${slug(d.parentKey)}` : base);
    return { id, side: d.side, name: d.name, ...leaderValues(d.role, d.level), role: d.role, commandId: d.commandId, ratingVerified: false };
  });
  leaders.push({ id: WARREN.id, side: 'USA', name: WARREN.name, ...leaderValues('staff', 'brigade'), role: 'staff', commandId: null, ratingVerified: false });
  assertUnique('leader', leaders.map((l) => l.id));
  for (const l of leaders) {
    const command = commands.find((c) => c.id === l.commandId);
    if (command) command.leaderId = l.id;
  }
  // Leaders in command-tree order, each side's staff after its commanders.
  const commandPosition = new Map(commands.map((c, i) => [c.id, i]));
  const sortKey = (l: ScenarioLeader) => [l.side === 'USA' ? 0 : 1, l.commandId === null ? 1 : 0, l.commandId === null ? 0 : commandPosition.get(l.commandId)!];
  leaders.sort((a, b) => {
    const [ka, kb] = [sortKey(a), sortKey(b)];
    return ka[0]! - kb[0]! || ka[1]! - kb[1]! || ka[2]! - kb[2]!;
  });

  // Units in command-tree order, CSV order within a command; ids from names, numbered on collision.
  const units: ScenarioUnit[] = [];
  const unitIdCounts = new Map<string, number>();
  for (const node of nodesInOrder) {
    for (const row of node.rows) {
      const name = unitName(row.arm, row.state, row.designation);
      const base = `${row.side.toLowerCase()}-${slug(name)}`;
      const seen = (unitIdCounts.get(base) ?? 0) + 1;
      unitIdCounts.set(base, seen);
      const sharpshooters = row.arm === 'infantry' && isUsSharpshooters(row);
      units.push({
        id: seen === 1 ? base : `${base}-${seen}`,
        side: row.side,
        name,
        arm: row.arm,
        sp: strengthPoints(row.arm, row.men, row.guns),
        weapon: row.arm === 'artillery' ? null : sharpshooters ? 'B-SS' : row.arm === 'cavalry' ? 'C' : 'R',
        commandId: node.command.id,
        horseArtillery: row.arm === 'artillery' && node.command.cavalry,
        sharpshooters,
        canDismount: row.arm === 'cavalry',
        men: row.men,
        historicalCasualties: row.casualties,
      });
    }
  }

  return { commands, leaders, units };
}

/** Builds the full-battle scenario from the order-of-battle rows: all forces, 1-3 July, historical arrivals. */
export function buildFullBattle(rows: OobRow[]): Scenario {
  const { commands, leaders, units } = buildOrderOfBattle(rows);
  const turns = turnsBetween(fullTimeTrack(), FULL_BATTLE_FIRST_TURN, FULL_BATTLE_LAST_TURN);
  const commandIds = new Set(commands.map((c) => c.id));
  const reinforcements: ReinforcementGroup[] = FULL_BATTLE_GROUPS.map((g) => {
    for (const id of g.commandIds) if (!commandIds.has(id)) throw new Error(`convert-oob: reinforcement group ${g.id} names command ${id}, which the CSV did not produce`);
    return { id: g.id, side: g.side, commandIds: [...g.commandIds], scheduledTurnId: g.turn, entryArea: g.area };
  });
  const leaderIds = new Set(leaders.map((l) => l.id));
  const leaderArrivals: LeaderArrival[] = FULL_BATTLE_LEADER_ARRIVALS.map((a) => {
    if (!leaderIds.has(a.leaderId)) throw new Error(`convert-oob: leader arrival names leader ${a.leaderId}, which the CSV did not produce`);
    return { leaderId: a.leaderId, scheduledTurnId: a.turn, entryArea: a.area };
  });

  return {
    formatVersion: 1,
    id: 'gettysburg',
    name: 'The Battle of Gettysburg',
    description: 'The full battle, 1-3 July 1863: every regiment and battery of both armies, arriving as they did historically.',
    approximate: true,
    notes: standardNotes(commands, leaders, leaderArrivals),
    firstTurnId: FULL_BATTLE_FIRST_TURN,
    lastTurnId: FULL_BATTLE_LAST_TURN,
    turns,
    armies: { USA: ARMIES.USA.id, CSA: ARMIES.CSA.id },
    commands,
    leaders,
    units,
    initialOrders: defaultInitialOrders(commands),
    reinforcements,
    leaderArrivals,
    objectives: OBJECTIVES,
  };
}

function subtreeRows(node: TreeNode): OobRow[] {
  return [...node.rows, ...node.children.flatMap(subtreeRows)];
}

function assertUnique(kind: string, ids: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`convert-oob: two ${kind}s would get the id "${id}"`);
    seen.add(id);
  }
}

/** The Default Order of a command's arm (Rev. Orders Table): artillery WDRW, cavalry SKPD, otherwise HOLD. */
export function defaultOrderOf(command: Pick<ScenarioCommand, 'artillery' | 'cavalry'>): OrderCode {
  if (command.artillery) return 'WDRW';
  if (command.cavalry) return 'SKPD';
  return 'HOLD';
}

/**
 * Initial orders (RI-D11): every army, wing and corps (and Stuart's division, directly under its army) gets
 * its arm's Default Order, and so does every command whose arm's default differs from its superior's;
 * all other commands inherit (Rev. Orders Segment).
 */
export function defaultInitialOrders(commands: ScenarioCommand[]): Scenario['initialOrders'] {
  const byId = new Map(commands.map((c) => [c.id, c]));
  return commands.flatMap((c) => {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    const topLevel = !parent || c.level === 'wing' || c.level === 'corps' || parent.level === 'army';
    const order = defaultOrderOf(c);
    return topLevel || defaultOrderOf(parent) !== order ? [{ commandId: c.id, order }] : [];
  });
}

// ---------------------------------------------------------------------------------------------------------
// Named scenarios: selections of the full battle (RI-D15)

export interface ScenarioSpec {
  id: string;
  name: string;
  description: string;
  firstTurnId: string;
  lastTurnId: string;
  /** Commands whose whole subtrees take part. */
  commandIds: string[];
  /** Single units taking part without the rest of their command (e.g. Hazlett's battery). */
  unitIds: string[];
  /** Leaders without a command (staff) who take part. */
  staffLeaderIds: string[];
  notes: string[];
}

const SHEET_NOTE = "The forces and the start and end turns are Muster's selection from the historical order of battle: adjust them to the scenario sheet before the first turn.";

export const SCENARIO_SPECS: ScenarioSpec[] = [
  {
    id: 'feeling-the-enemy',
    name: 'Feeling the Enemy',
    description: "Heth v. Buford, 1 July morning (formerly \"Herr's Ridge\", with corrections): Heth's division and Pegram's guns push down the Chambersburg Pike against Buford's dismounted troopers.",
    firstTurnId: '1863-07-01T0740',
    lastTurnId: '1863-07-01T1000',
    commandIds: ['usa-cavalry-1-gamble', 'usa-cavalry-1-devin', 'csa-heth-division', 'csa-walker-pegram'],
    unitIds: [],
    staffLeaderIds: [],
    notes: ['Buford holds with Gamble and Devin; Merritt is away at Mechanicstown. Pegram\'s battalion follows Heth onto the map.'],
  },
  {
    id: 'black-hat-fellers',
    name: 'The Black Hat Fellers',
    description: "The Iron Brigade v. Heth, 1 July morning: Meredith's Black Hats arrive on McPherson's Ridge against Heth's division.",
    firstTurnId: '1863-07-01T1000',
    lastTurnId: '1863-07-01T1200',
    commandIds: ['usa-i-1-meredith', 'csa-heth-division'],
    unitIds: [],
    staffLeaderIds: [],
    notes: ["The Union side is Meredith's brigade alone; add Cutler's brigade or Hall's battery if the scenario sheet gives them."],
  },
  {
    id: 'georgia-on-my-mind',
    name: 'Georgia on My Mind',
    description: "Barlow's Knoll, 1 July afternoon: Barlow's division of the XI Corps and Wilkeson's battery against the Georgians of Gordon and Doles with Jones's guns.",
    firstTurnId: '1863-07-01T1440',
    lastTurnId: '1863-07-01T1640',
    commandIds: ['usa-xi-1', 'csa-early-gordon', 'csa-early-jones', 'csa-rodes-doles'],
    unitIds: ['usa-battery-g-4th-us'],
    staffLeaderIds: [],
    notes: ["The Confederate side is the two Georgia brigades that broke Barlow (Gordon of Early's division, Doles of Rodes's) with Jones's battalion; the rest of Early's division is left out."],
  },
  {
    id: 'little-round-top',
    name: 'Little Round Top',
    description: "2 July afternoon: Vincent's and Weed's brigades and Hazlett's battery race Law's and Robertson's brigades of Hood's division for the hill.",
    firstTurnId: '1863-07-02T1600',
    lastTurnId: '1863-07-02T1840',
    commandIds: ['usa-v-1-vincent', 'usa-v-2-weed', 'csa-hood-law', 'csa-hood-robertson'],
    unitIds: ['usa-battery-d-5th-us'],
    staffLeaderIds: ['usa-warren'],
    notes: ["Hazlett's battery (Battery D, 5th U.S.) comes without the rest of Martin's artillery brigade."],
  },
  {
    id: 'july-2-stuart-variant',
    name: 'July 2 - Stuart Variant',
    description: "Alternative history, 2 July: Stuart's cavalry division rides in east of town on the second day and meets the Union cavalry of Gregg and Kilpatrick.",
    firstTurnId: '1863-07-02T1200',
    lastTurnId: '1863-07-02T1840',
    commandIds: ['usa-cavalry-2', 'usa-cavalry-3', 'usa-cavalry-robertson', 'csa-cavalry-division'],
    unitIds: [],
    staffLeaderIds: [],
    notes: [
      "Muster's selection: Stuart's whole division (Jenkins already on the map, the rest entering on the Harrisburg Road) against Gregg's and Kilpatrick's divisions and Robertson's horse artillery. The cavalry fight of 3 July, moved to 2 July.",
    ],
  },
  {
    id: 'skirmish-at-willoughby-run',
    name: 'Skirmish at Willoughby Run',
    description: "A small demonstration scenario, 1 July morning: Gamble's troopers with Calef's battery and Meredith's Iron Brigade against Archer's and Davis's brigades with Marye's Fredericksburg battery.",
    firstTurnId: '1863-07-01T0740',
    lastTurnId: '1863-07-01T1100',
    commandIds: ['usa-cavalry-1-gamble', 'usa-i-1-meredith', 'csa-heth-archer', 'csa-heth-davis'],
    unitIds: ['csa-fredericksburg-battery-virginia'],
    staffLeaderIds: [],
    notes: ['Not a scenario of the revision: a brigade or two a side for learning Muster and for tests.'],
  },
];

/**
 * Builds a scenario from the full battle: the chosen subtrees and units, every superior command up to both
 * armies (so the chain of command is whole), their leaders, the turns between the spec's first and last turn,
 * and the full battle's arrivals that fall inside them. Forces scheduled at or before the first turn start on
 * the map; leaders arriving after the last turn are listed with a null turn (they never come).
 */
export function buildScenario(full: Scenario, spec: ScenarioSpec): Scenario {
  const commandById = new Map(full.commands.map((c) => [c.id, c]));
  const children = new Map<string, string[]>();
  for (const c of full.commands) if (c.parentId) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);

  const inSubtree = new Set<string>();
  const addSubtree = (id: string) => {
    inSubtree.add(id);
    for (const child of children.get(id) ?? []) addSubtree(child);
  };
  for (const id of spec.commandIds) {
    if (!commandById.has(id)) throw new Error(`convert-oob: scenario ${spec.id} selects command ${id}, which the full battle does not have`);
    addSubtree(id);
  }
  const unitById = new Map(full.units.map((u) => [u.id, u]));
  for (const id of spec.unitIds) if (!unitById.has(id)) throw new Error(`convert-oob: scenario ${spec.id} selects unit ${id}, which the full battle does not have`);
  const chosenUnits = new Set(spec.unitIds);

  const included = new Set<string>([full.armies.USA, full.armies.CSA]);
  const addWithSuperiors = (id: string | null) => {
    for (let at = id; at !== null; at = commandById.get(at)?.parentId ?? null) included.add(at);
  };
  for (const id of inSubtree) addWithSuperiors(id);
  for (const id of spec.unitIds) addWithSuperiors(unitById.get(id)!.commandId);

  const commands = full.commands.filter((c) => included.has(c.id));
  const units = full.units.filter((u) => inSubtree.has(u.commandId) || chosenUnits.has(u.id));
  const staff = new Set(spec.staffLeaderIds);
  const leaders = full.leaders.filter((l) => (l.commandId === null ? staff.has(l.id) : included.has(l.commandId)));
  for (const id of staff) if (!full.leaders.some((l) => l.id === id && l.commandId === null)) throw new Error(`convert-oob: scenario ${spec.id} names staff leader ${id}, who is not a staff leader of the full battle`);

  const turns = turnsBetween(full.turns, spec.firstTurnId, spec.lastTurnId);
  const position = new Map(full.turns.map((t, i) => [t.id, i]));
  const first = position.get(spec.firstTurnId)!;
  const last = position.get(spec.lastTurnId)!;

  const reinforcements: ReinforcementGroup[] = [];
  for (const g of full.reinforcements) {
    const commandIds = g.commandIds.filter((id) => included.has(id));
    const at = position.get(g.scheduledTurnId)!;
    if (commandIds.length === 0 || at <= first) continue;
    if (at > last) throw new Error(`convert-oob: scenario ${spec.id} includes ${commandIds.join(', ')}, which arrive (${g.scheduledTurnId}) after its last turn`);
    reinforcements.push({ ...g, commandIds });
  }
  const leaderIds = new Set(leaders.map((l) => l.id));
  const leaderArrivals: LeaderArrival[] = [];
  for (const a of full.leaderArrivals ?? []) {
    if (!leaderIds.has(a.leaderId) || a.scheduledTurnId === null) continue;
    const at = position.get(a.scheduledTurnId)!;
    if (at <= first) continue;
    leaderArrivals.push(at > last ? { leaderId: a.leaderId, scheduledTurnId: null, entryArea: null } : a);
  }

  return {
    formatVersion: 1,
    id: spec.id,
    name: spec.name,
    description: spec.description,
    approximate: true,
    notes: [SHEET_NOTE, ...spec.notes, ...standardNotes(commands, leaders, leaderArrivals)],
    firstTurnId: spec.firstTurnId,
    lastTurnId: spec.lastTurnId,
    turns,
    armies: full.armies,
    commands,
    leaders,
    units,
    initialOrders: full.initialOrders.filter((o) => included.has(o.commandId)),
    reinforcements,
    leaderArrivals,
    objectives: full.objectives,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Output

/** Pretty-printed JSON with a trailing newline: the committed form of a scenario. */
export function serialiseScenario(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

/** Every scenario the converter produces, validated (schema and cross-references), full battle first. */
export function convertOob(csvText: string): Scenario[] {
  const full = buildFullBattle(readOob(csvText));
  const all = [full, ...SCENARIO_SPECS.map((spec) => buildScenario(full, spec))];
  return all.map((s) => parseScenario(s, `generated scenario ${s.id}`));
}
