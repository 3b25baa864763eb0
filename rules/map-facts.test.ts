/**
 * The map facts a screen offers say the same DRM the rule applies: for each fact, the rule's own DRM
 * function with the fact and without it differs by exactly the fact's DRM (per point of rating where
 * a superior lends his). A typo in a label can then never change a roll, nor a rule change leave a
 * tick's words behind.
 */
import { describe, expect, it } from 'vitest';
import { FAIR_WEATHER } from './test-support';
import { activationDrm } from './activation';
import { stackFireResolution, type FireSituation } from './fire';
import { resolveInitiative } from './initiative';
import { MAP_FACTS, type MapFact } from './map-facts';
import { orderChangeDrm, type OrderChangeDrmInput } from './order-change';
import { rallyDrm } from './rally';
import { shockDrm } from './shock';
import { MAP_FACT_SITUATIONS } from './types';

const fact = (situation: keyof typeof MAP_FACTS, id: string): MapFact => {
  const found = MAP_FACTS[situation].find((f) => f.id === id);
  if (!found) throw new Error(`no ${situation} fact ${id}`);
  return found;
};

const fire = (over: Partial<FireSituation> = {}): FireSituation => ({
  firer: { arm: 'infantry', weapon: 'R', sp: 6, order: 'HOLD' },
  kind: 'phasing',
  range: 2,
  targets: [{ arm: 'infantry', weapon: 'R', sp: 5, order: 'HOLD' }],
  weather: FAIR_WEATHER,
  ...over,
});

/** One firer's attack, as the fire plan resolves it (a stack of one). */
const asStack = ({ firer, ...rest }: FireSituation) => stackFireResolution({ ...rest, firers: [{ name: 'Firer', ...firer }] });
const fireDrm = (s: FireSituation) => asStack(s).drm;
const fireStrength = (s: FireSituation) => asStack(s).strength;

describe('MAP_FACTS: each tick\'s DRM is the one the rule adds', () => {
  it('offers every situation, each fact with an id, words and a rule, and a DRM or an effect in words', () => {
    expect(Object.keys(MAP_FACTS).sort()).toEqual([...MAP_FACT_SITUATIONS].sort());
    for (const situation of MAP_FACT_SITUATIONS) {
      for (const f of MAP_FACTS[situation]) {
        expect(f.words.length, f.id).toBeGreaterThan(0);
        expect(f.rule, f.id).toMatch(/^Rev\. /);
        expect(f.drm === null ? f.effect : f.drm, f.id).not.toBeNull();
      }
    }
  });

  it('fire: a rear hexside (enfilade), Devil\'s Den, reaction fire at a unit that moved, moving artillery', () => {
    const plain = fireDrm(fire()).total;
    expect(fireDrm(fire({ targetHex: { throughRearHexside: true } })).total - plain).toBe(fact('fire', 'throughRearHexside').drm);
    expect(fireDrm(fire({ targetHex: { devilsDen: true } })).total - plain).toBe(fact('fire', 'targetInDevilsDen').drm);
    const reaction = fire({ kind: 'reaction' });
    expect(fireDrm({ ...reaction, targets: [{ ...reaction.targets[0]!, moved: true }] }).total - fireDrm(reaction).total).toBe(fact('fire', 'targetMoved').drm);
    const battery = fire({ firer: { arm: 'artillery', weapon: null, sp: 4, order: 'HOLD' } });
    expect(fireDrm({ ...battery, firer: { ...battery.firer, movingArtillery: true } }).total - fireDrm(battery).total).toBe(fact('fire', 'movingArtillery').drm);
  });

  it('fire: Close terrain is no DRM but a halving into an adjacent hex, as its effect says', () => {
    const close = fact('fire', 'firerInCloseTerrain');
    expect(close.drm).toBeNull();
    expect(close.effect).toBe('½ strength into an adjacent hex');
    const adjacent = fire({ range: 1, firer: { arm: 'infantry', weapon: 'R', sp: 6, order: 'HOLD', terrain: 'woods' } });
    expect(fireStrength(adjacent).total).toBe(3);
  });

  it('shock: the defending hex in Devil\'s Den', () => {
    const s = { attackers: [{ order: 'ASLT' as const }], defenders: [{ arm: 'infantry' as const, order: 'HOLD' as const }] };
    expect(shockDrm({ ...s, defenderHex: { devilsDen: true } }).total - shockDrm(s).total).toBe(fact('shock', 'defenderInDevilsDen').drm);
  });

  it('rally: the unit out of command', () => {
    expect(rallyDrm({ outOfCommand: true }).total - rallyDrm({ outOfCommand: false }).total).toBe(fact('rally', 'outOfCommand').drm);
  });

  it('order change: each superior in range, each point of a superior\'s rating used, the leader adjacent to an enemy unit', () => {
    const none: OrderChangeDrmInput = { superiorsInRange: 0, superiorRatingsUsed: [], orders: [], hasRsm: false, isCavalry: false, adjacentToEnemy: false, ineffective: false };
    const plain = orderChangeDrm(none).total;
    expect(orderChangeDrm({ ...none, superiorsInRange: 2 }).total - plain).toBe(2 * fact('orderChange', 'superiorsInRange').drm!);
    const rating = fact('orderChange', 'superiorsUsingRating');
    expect(rating.perRatingPoint).toBe(true);
    expect(orderChangeDrm({ ...none, superiorRatingsUsed: [4] }).total - plain).toBe(4 * rating.drm!);
    expect(orderChangeDrm({ ...none, adjacentToEnemy: true }).total - plain).toBe(fact('orderChange', 'adjacentToEnemy').drm);
  });

  it('activation: the commander out of command (RI-C01), units in works, each point of a superior\'s rating in range', () => {
    const brigade = { level: 'brigade' as const, anyUnitInBreastworks: false, commanderOutOfCommand: false, superiorRatingsInRange: [] };
    const plain = activationDrm(brigade).total;
    expect(activationDrm({ ...brigade, commanderOutOfCommand: true }).total - plain).toBe(fact('activation', 'commanderOutOfCommand').drm);
    expect(activationDrm({ ...brigade, anyUnitInBreastworks: true }).total - plain).toBe(fact('activation', 'unitsInWorks').drm);
    const rating = fact('activation', 'superiorsInRange');
    expect(rating.perRatingPoint).toBe(true);
    expect(activationDrm({ ...brigade, superiorRatingsInRange: [3] }).total - plain).toBe(3 * rating.drm!);
  });

  it('Initiative: the modifier from last turn', () => {
    const side = { armyCommanderOnMap: true, armyCommanderRating: 3, usesArmyCommanderPoints: false, hasInitiativeModifier: false, roll: 5 };
    const { USA, CSA } = resolveInitiative({ USA: { ...side, hasInitiativeModifier: true }, CSA: side });
    expect(USA.drm.total - CSA.drm.total).toBe(fact('initiative', 'initiativeModifier').drm);
  });
});
