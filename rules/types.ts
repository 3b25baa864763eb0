/**
 * Core vocabulary of the 3 Days of Gettysburg (GBACW revision) rules engine.
 * Plain data types only: every other module in rules/, data/, db/ and the screens speaks these.
 */

export type Side = 'USA' | 'CSA';
export const SIDES: readonly Side[] = ['USA', 'CSA'];

/** Arms of service. (The Stacking and Fire Combat table order, artillery-infantry-cavalry, is FRONTAGE_TABLE_ORDER in stacking.ts.) */
export type Arm = 'infantry' | 'cavalry' | 'artillery';
export const ARMS: readonly Arm[] = ['infantry', 'cavalry', 'artillery'];

/** Small-arms weapon types of the Range Effects Chart. 'B-SS' is the US Sharpshooters' B row. */
export type Weapon = 'M' | 'E' | 'R' | 'TR' | 'B' | 'B-SS' | 'C' | 'SR';
export const WEAPONS: readonly Weapon[] = ['M', 'E', 'R', 'TR', 'B', 'B-SS', 'C', 'SR'];

/** The eight orders of the Orders Table. */
export type OrderCode = 'ASLT' | 'SUPT' | 'MRCH' | 'BOMB' | 'SKPD' | 'HOLD' | 'RSRV' | 'WDRW';
export const ORDER_CODES: readonly OrderCode[] = ['ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW'];

/** Levels of the chain of command, highest first. 'wing' is the US Wing/Grand Division commander. */
export type CommandLevel = 'army' | 'wing' | 'corps' | 'division' | 'brigade';
export const COMMAND_LEVELS: readonly CommandLevel[] = ['army', 'wing', 'corps', 'division', 'brigade'];

/** Cohesion states a unit can be in (Ordered / Disordered / Routed / Shattered), plus off the map for good. */
export type UnitStatus = 'ordered' | 'disordered' | 'routed' | 'shattered' | 'eliminated';
export const UNIT_STATUSES: readonly UnitStatus[] = ['ordered', 'disordered', 'routed', 'shattered', 'eliminated'];

/** Light condition of a game turn on the time track. */
export type Light = 'day' | 'dusk' | 'night' | 'dawn';

/** Effectiveness a command is activated at: Maximum or Reduced. */
export type Effectiveness = 'ME' | 'RE';

/** One ten-sided die read 0-9. */
export type DieRoll = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** One modifier shown to a player: what it is, how much, and the rules section it comes from. */
export interface DrmItem {
  label: string;
  value: number;
  /** Section of the rules revision, e.g. "Rev. Order Change DRMs". */
  rule: string;
}

/** A total that is never shown without its items; the items always sum to the total. */
export interface Itemised {
  total: number;
  items: DrmItem[];
}

/** Something that yields die rolls 0-9. Injected everywhere a roll is needed, so tests can fix the dice. */
export type Roller = () => DieRoll;
