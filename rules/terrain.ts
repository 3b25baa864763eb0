/**
 * Terrain rules of the revision (Rev. Terrain Effects Chart): the two rows it adds to the Terrain
 * Effects Chart as data, which terrain is Close, and what Close terrain does to fire and facing.
 * The base game's own chart rows (woods, town, ...) are not in the revision and are not restated here.
 */
import { assertOneOf } from './errors';

const TEC_RULE = 'Rev. Terrain Effects Chart';

/** Field works a unit may occupy (Rev. Breastworks/Entrenchments; declared once in types.ts). */
export { WORKS, type Works } from './types';

/** Who is paying a movement cost: the four MP columns of the chart. */
export type TerrainMover = 'infantry' | 'mounted-cavalry' | 'wagon-artillery' | 'leader';

/**
 * One MP entry of the chart: `mp` to enter (or `+mp` on top of the other terrain when `additive`),
 * `disorders` for a "D" suffix; null where the chart says NA (may not enter).
 */
export type TerrainMoveCost = { mp: number; additive: boolean; disorders: boolean } | null;

export interface TerrainEffectsRow {
  name: string;
  cost: Readonly<Record<TerrainMover, TerrainMoveCost>>;
  /** DRM to fire into the hex (Combat Effect: Fire). */
  fireDrm: number;
  /** DRM to shock against the hex (Combat Effect: Shock). */
  shockDrm: number;
  blocking: boolean;
  rule: string;
}

export type RevisionTerrain = 'devils-den' | 'entrenchment';

/**
 * The revision's additions to the Terrain Effects Chart, column for column. RI-F19: "3D" is 3 MPs and
 * the unit becomes disordered; dismounted cavalry pays the infantry column.
 */
export const REVISION_TERRAIN_EFFECTS: Readonly<Record<RevisionTerrain, TerrainEffectsRow>> = {
  'devils-den': {
    name: "Devil's Den",
    cost: {
      infantry: { mp: 3, additive: false, disorders: true },
      'mounted-cavalry': null,
      'wagon-artillery': null,
      leader: { mp: 2, additive: false, disorders: false },
    },
    fireDrm: -1,
    shockDrm: -2,
    blocking: true,
    rule: TEC_RULE,
  },
  entrenchment: {
    name: 'Entrenchment',
    cost: {
      infantry: { mp: 2, additive: true, disorders: false },
      'mounted-cavalry': { mp: 4, additive: true, disorders: false },
      'wagon-artillery': null,
      leader: { mp: 1, additive: true, disorders: false },
    },
    fireDrm: -2,
    shockDrm: -2,
    blocking: false,
    rule: TEC_RULE,
  },
};

/** Terrain types a hex can have, as far as Close terrain is concerned. */
export type TerrainType =
  | 'clear'
  | 'woods'
  | 'rough-woods'
  | 'town'
  | 'devils-den'
  | 'orchard'
  | 'rough'
  | 'marsh'
  | 'other';
export const TERRAIN_TYPES: readonly TerrainType[] = [
  'clear',
  'woods',
  'rough-woods',
  'town',
  'devils-den',
  'orchard',
  'rough',
  'marsh',
  'other',
];

/** "Devil's Den, Woods, Rough Woods and Town hexes are considered Close terrain." */
export const CLOSE_TERRAIN: readonly TerrainType[] = ['devils-den', 'woods', 'rough-woods', 'town'];

export function isCloseTerrain(terrain: TerrainType): boolean {
  assertOneOf('terrain', terrain, TERRAIN_TYPES);
  return CLOSE_TERRAIN.includes(terrain);
}
