/** Examples of the revision's Terrain Effects Chart rows and Close terrain. */
import { describe, expect, it } from 'vitest';
import {
  CLOSE_TERRAIN,
  isCloseTerrain,
  REVISION_TERRAIN_EFFECTS,
  TERRAIN_TYPES,
} from './terrain';

describe('REVISION_TERRAIN_EFFECTS: the rows added to the TEC, column for column', () => {
  it("Devils Den | 3D | NA | NA | 2 | -1 | -2 | Yes", () => {
    const row = REVISION_TERRAIN_EFFECTS['devils-den'];
    expect(row.cost).toEqual({
      infantry: { mp: 3, additive: false, disorders: true },
      'mounted-cavalry': null,
      'wagon-artillery': null,
      leader: { mp: 2, additive: false, disorders: false },
    });
    expect([row.fireDrm, row.shockDrm, row.blocking]).toEqual([-1, -2, true]);
    expect(row.rule).toBe('Rev. Terrain Effects Chart');
  });

  it('Entrenchment | +2 | +4 | NA | +1 | -2 | -2 | No', () => {
    const row = REVISION_TERRAIN_EFFECTS.entrenchment;
    expect(row.cost).toEqual({
      infantry: { mp: 2, additive: true, disorders: false },
      'mounted-cavalry': { mp: 4, additive: true, disorders: false },
      'wagon-artillery': null,
      leader: { mp: 1, additive: true, disorders: false },
    });
    expect([row.fireDrm, row.shockDrm, row.blocking]).toEqual([-2, -2, false]);
  });
});

describe("Close terrain: \"Devil's Den, Woods, Rough Woods and Town hexes\"", () => {
  it('is exactly those four', () => {
    expect([...CLOSE_TERRAIN].sort()).toEqual(['devils-den', 'rough-woods', 'town', 'woods']);
    expect(TERRAIN_TYPES.filter(isCloseTerrain).sort()).toEqual(['devils-den', 'rough-woods', 'town', 'woods']);
    expect(isCloseTerrain('orchard')).toBe(false);
  });
});
