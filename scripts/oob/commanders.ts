/**
 * The converter's knowledge of the commanders: which corps and leaders the CSV's surnames stand for, the
 * fixed army, wing and staff commands, and the default stars, rating and range of every leader's role.
 */
import type { ScenarioLeader } from '../../data/scenario-schema';
import type { CommandLevel, Side } from '../../rules/types';

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

export const CORPS: Record<Side, Record<string, CorpsInfo>> = {
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
export const DIVISION_LEADER_NAMES: Record<Side, Record<string, string>> = {
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
export const BRIGADE_LEADER_NAMES: Record<string, string> = { Oneal: "O'Neal", 'Gregg J': 'J. Gregg' };

/** Division keys that are not commands: their brigades report straight to the corps (RI-D07). */
export const DIVISION_PLACEHOLDERS = new Set(['Artillery_Bde', 'Artillery_Reserve', 'Horse_Artillery']);

/** The US Left Wing under Reynolds: the corps that marched with him on 1 July (RI-D06). */
export const LEFT_WING_CORPS = ['Reynolds', 'Sickles', 'Howard'];

export const ARMIES: Record<Side, { id: string; name: string; leaderId: string; leader: string }> = {
  USA: { id: 'usa-army', name: 'Army of the Potomac', leaderId: 'usa-meade', leader: 'George G. Meade' },
  CSA: { id: 'csa-army', name: 'Army of Northern Virginia', leaderId: 'csa-lee', leader: 'Robert E. Lee' },
};
export const WING = { id: 'usa-left-wing', name: 'Left Wing', leaderId: 'usa-reynolds-wing', leader: 'John F. Reynolds (Left Wing)' };
/** Warren: a staff leader without a command, arriving with Meade (RI-D14). */
export const WARREN = { id: 'usa-warren', name: 'Gouverneur K. Warren' };

export type LeaderRole = ScenarioLeader['role'];

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

export function leaderValues(role: LeaderRole, level: CommandLevel): { stars: number; rating: number; range: number } {
  if (role === 'artillery') return { ...ARTILLERY_CHIEF, range: ARTILLERY_RANGE_BY_LEVEL[level] };
  return LEADER_DEFAULTS[role];
}
