// Initiative (Rev. Initiative Segment): army commander's points on the roll, the +1 modifier, the winner.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesArgumentError } from './errors';
import { resolveInitiative } from './initiative';
import type { InitiativeSide } from './initiative';

const meadeHolding: InitiativeSide = { armyCommanderOnMap: true, armyCommanderRating: 3, usesArmyCommanderPoints: false, hasInitiativeModifier: false };
const leeCommitting: InitiativeSide = { armyCommanderOnMap: true, armyCommanderRating: 4, usesArmyCommanderPoints: true, hasInitiativeModifier: false };

/** One side's modifiers, as the resolution itemises them (the other side's do not change them). */
const drmOf = (side: InitiativeSide) => resolveInitiative({ USA: { ...side, roll: 0 }, CSA: { ...meadeHolding, roll: 0 } }).USA.drm;

describe("each side's modifiers", () => {
  it('the army commander on the map may add all his rating points to the roll', () => {
    expect(drmOf(leeCommitting)).toEqual({
      total: 4,
      items: [{ label: "Army commander's rating points (4)", value: 4, rule: 'Rev. Initiative Segment' }],
    });
    expect(drmOf(meadeHolding)).toEqual({ total: 0, items: [] });
  });

  it("adds the previous turn's +1 Initiative Modifier (RI-C04)", () => {
    expect(drmOf({ ...leeCommitting, hasInitiativeModifier: true }).total).toBe(5);
    expect(drmOf({ ...meadeHolding, hasInitiativeModifier: true }).items).toEqual([
      { label: "Previous turn's +1 Initiative Modifier", value: 1, rule: 'Rev. Initiative Segment' },
    ]);
  });

  it('an army commander off the map cannot add his points', () => {
    expect(() => drmOf({ ...leeCommitting, armyCommanderOnMap: false })).toThrow(RulesArgumentError);
    expect(() => drmOf({ ...leeCommitting, armyCommanderOnMap: false })).toThrow(/USA.usesArmyCommanderPoints/);
  });

  it('validates its arguments', () => {
    expect(() => drmOf({ ...leeCommitting, armyCommanderRating: 10 })).toThrow(/USA.armyCommanderRating: must be a leader rating, a whole number from 0 to 9/);
    expect(() => drmOf({ ...leeCommitting, hasInitiativeModifier: 1 as never })).toThrow(/USA.hasInitiativeModifier/);
  });

  it('property: items sum to the total', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 9 }), fc.boolean(), fc.boolean(), (onMap, rating, uses, modifier) => {
        const drm = drmOf({ armyCommanderOnMap: onMap, armyCommanderRating: rating, usesArmyCommanderPoints: uses && onMap, hasInitiativeModifier: modifier });
        expect(drm.items.reduce((sum, item) => sum + item.value, 0)).toBe(drm.total);
      }),
    );
  });
});

describe("the army commander's cost", () => {
  it('adding his points spends both his points and his movement for the entire turn', () => {
    const { USA, CSA } = resolveInitiative({ USA: { ...meadeHolding, roll: 0 }, CSA: { ...leeCommitting, roll: 0 } });
    expect(CSA).toMatchObject({ ratingPointsSpent: true, movementSpent: true });
    expect(USA).toMatchObject({ ratingPointsSpent: false, movementSpent: false });
  });
});

describe('resolveInitiative', () => {
  it('the higher modified roll wins, each side itemised (RI-C03)', () => {
    const result = resolveInitiative({ USA: { ...meadeHolding, roll: 7 }, CSA: { ...leeCommitting, roll: 4 } });
    expect(result.outcome).toBe('winner');
    if (result.outcome !== 'winner') return;
    expect(result.winner).toBe('CSA');
    expect(result.loser).toBe('USA');
    expect(result.CSA).toMatchObject({ roll: 4, total: 8, ratingPointsSpent: true, movementSpent: true });
    expect(result.USA).toMatchObject({ roll: 7, total: 7, ratingPointsSpent: false });
    expect(result.CSA.drm.items).toHaveLength(1);
  });

  it('equal totals are rolled again (RI-C02)', () => {
    const result = resolveInitiative({ USA: { ...meadeHolding, hasInitiativeModifier: true, roll: 8 }, CSA: { ...leeCommitting, roll: 5 } });
    expect(result).toMatchObject({ outcome: 're-roll', USA: { total: 9 }, CSA: { total: 9 } });
  });

  it('boundaries: 0 against 9 without modifiers; 9 plus points', () => {
    expect(resolveInitiative({ USA: { ...meadeHolding, roll: 0 }, CSA: { ...meadeHolding, roll: 9 } })).toMatchObject({ outcome: 'winner', winner: 'CSA' });
    expect(resolveInitiative({ USA: { ...leeCommitting, armyCommanderRating: 9, roll: 9 }, CSA: { ...meadeHolding, roll: 9 } })).toMatchObject({
      outcome: 'winner',
      winner: 'USA',
      USA: { total: 18 },
    });
  });

  it('throws on a bad roll, naming the side', () => {
    expect(() => resolveInitiative({ USA: { ...meadeHolding, roll: 10 }, CSA: { ...meadeHolding, roll: 1 } })).toThrow(/USA.roll: must be a die roll/);
    expect(() => resolveInitiative({ USA: { ...meadeHolding, roll: 1 }, CSA: { ...meadeHolding, armyCommanderRating: -2, roll: 1 } })).toThrow(/CSA.armyCommanderRating/);
  });

  it('property: the winner is the side with the strictly higher total; otherwise a re-roll', () => {
    const side = fc.record({
      armyCommanderOnMap: fc.constant(true),
      armyCommanderRating: fc.integer({ min: 0, max: 9 }),
      usesArmyCommanderPoints: fc.boolean(),
      hasInitiativeModifier: fc.boolean(),
      roll: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(side, side, (usa, csa) => {
        const result = resolveInitiative({ USA: usa, CSA: csa });
        const usaTotal = usa.roll + (usa.usesArmyCommanderPoints ? usa.armyCommanderRating : 0) + (usa.hasInitiativeModifier ? 1 : 0);
        const csaTotal = csa.roll + (csa.usesArmyCommanderPoints ? csa.armyCommanderRating : 0) + (csa.hasInitiativeModifier ? 1 : 0);
        expect(result.USA.total).toBe(usaTotal);
        expect(result.CSA.total).toBe(csaTotal);
        if (usaTotal === csaTotal) expect(result.outcome).toBe('re-roll');
        else expect(result).toMatchObject({ outcome: 'winner', winner: usaTotal > csaTotal ? 'USA' : 'CSA' });
      }),
    );
  });
});
