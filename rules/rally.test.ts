/** Examples of the revision's Rally Table DRM, Leader Rally, entrenchments on UDDs and CSA dismounted cohesion. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dismountedCavalryCohesion, leaderRallyAvailable, rallyDrm, uddDrm, type RallyLeader } from './rally';

const brigadier: RallyLeader = { stars: 1, stacked: true, superiorOfUnit: true, usedThisTurn: false };
const divisional: RallyLeader = { stars: 2, stacked: true, superiorOfUnit: true, usedThisTurn: false };

describe('rallyDrm: "Rally Table: DRM: +1 if unit is Out of Command"', () => {
  it('+1 out of command, nothing in command', () => {
    expect(rallyDrm({ outOfCommand: true })).toEqual({ total: 1, items: [{ label: 'Unit is Out of Command', value: 1, rule: 'Rev. Rally Table' }] });
    expect(rallyDrm({ outOfCommand: false })).toEqual({ total: 0, items: [] });
  });

  it('RI-F10: a stacked superior leader lends his star rank, helping the unit (-stars)', () => {
    expect(rallyDrm({ outOfCommand: true, leader: divisional })).toEqual({
      total: -1,
      items: [
        { label: 'Unit is Out of Command', value: 1, rule: 'Rev. Rally Table' },
        { label: "Leader's star rank (2)", value: -2, rule: 'Rev. Leader Rally' },
      ],
    });
  });

  it('names a bad flag', () => {
    expect(() => rallyDrm({ outOfCommand: 'no' as never })).toThrow(/outOfCommand: must be true or false/);
  });
});

describe('leaderRallyAvailable: "stacked with a subordinate unit ... once per turn"', () => {
  it('is available to a stacked superior who has not used it this turn', () => {
    expect(leaderRallyAvailable(brigadier)).toEqual({ available: true, reason: null, rule: 'Rev. Leader Rally' });
  });

  it('not when he is elsewhere, not the unit\'s superior, or has used it this turn; then no DRM is given', () => {
    expect(leaderRallyAvailable({ ...brigadier, stacked: false }).reason).toBe('The leader is not stacked with the unit');
    expect(leaderRallyAvailable({ ...brigadier, superiorOfUnit: false }).reason).toBe('The unit is not subordinate to the leader');
    expect(leaderRallyAvailable({ ...brigadier, usedThisTurn: true }).reason).toBe('The leader has already used his star rank this turn');
    expect(rallyDrm({ outOfCommand: false, leader: { ...divisional, usedThisTurn: true } }).total).toBe(0);
  });

  it('names bad leader fields', () => {
    expect(() => leaderRallyAvailable({ ...brigadier, stars: -1 })).toThrow(/leader\.stars: must be a whole number of 0 or more/);
  });
});

describe('uddDrm: entrenchments "provide -3 DRMs for UDDs"', () => {
  it('-3 in entrenchments; RI-F11: no revision DRM for breastworks or open ground', () => {
    expect(uddDrm({ works: 'entrenchments' })).toEqual({
      total: -3,
      items: [{ label: 'Unit in Entrenchments', value: -3, rule: 'Rev. Breastworks/Entrenchments' }],
    });
    expect(uddDrm({ works: 'breastworks' })).toEqual({ total: 0, items: [] });
    expect(uddDrm({ works: 'none' })).toEqual({ total: 0, items: [] });
  });

  it('the leader\'s star rank is a UDD DRM too', () => {
    expect(uddDrm({ works: 'entrenchments', leader: brigadier }).total).toBe(-4);
  });

  it('items always sum to the total (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('none', 'breastworks', 'entrenchments'),
        fc.boolean(),
        fc.record({ stars: fc.integer({ min: 0, max: 4 }), stacked: fc.boolean(), superiorOfUnit: fc.boolean(), usedThisTurn: fc.boolean() }),
        (works, outOfCommand, leader) => {
          const a = uddDrm({ works, leader });
          const b = rallyDrm({ outOfCommand, leader });
          const sum = (items: { value: number }[]) => items.reduce((s, i) => s + i.value, 0);
          return a.total === sum(a.items) && b.total === sum(b.items);
        },
      ),
    );
  });
});

describe('dismountedCavalryCohesion: "Confederate cavalry may also dismount, with Cohesion ratings -3"', () => {
  it('CSA: printed cohesion less 3; USA: as printed', () => {
    expect(dismountedCavalryCohesion('CSA', 6)).toEqual({ cohesion: 3, items: [{ label: 'Confederate cavalry dismounted', value: -3, rule: 'Rev. Confederate Cavalry' }] });
    expect(dismountedCavalryCohesion('USA', 6)).toEqual({ cohesion: 6, items: [] });
    expect(() => dismountedCavalryCohesion('UK' as never, 6)).toThrow(/side: must be one of USA, CSA/);
  });
});

describe('RI-K04: a Confederate dismounted cavalry rating may fall below 0 and is kept', () => {
  it('a printed 2 becomes -1: no unmodified roll passes, but a leader\'s two stars bring a 0 to -2, which does', () => {
    const { cohesion } = dismountedCavalryCohesion('CSA', 2);
    expect(cohesion).toBe(-1);
    const drm = uddDrm({ works: 'none', leader: { stars: 2, stacked: true, superiorOfUnit: true, usedThisTurn: false } });
    expect(0 + drm.total).toBeLessThanOrEqual(cohesion);
    expect(0).toBeGreaterThan(cohesion);
  });
});
