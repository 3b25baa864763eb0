/**
 * What the screens offer, decided by the service: the map facts (the rules' own list, with their DRMs),
 * and the turn state's offers, each from the check that would refuse it and only in its own step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MAP_FACTS } from '../rules/map-facts';
import { advanceTo, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('mapFacts: the facts each screen lets the players tick', () => {
  it('are the rules\' list, with each fact\'s words, DRM and rule', () => {
    const g = newGame(tmp.dir);
    const facts = g.mapFacts();
    expect(facts).toEqual(MAP_FACTS);
    expect(facts.fire.find((f) => f.id === 'throughRearHexside')).toMatchObject({ drm: 2, rule: 'Rev. Additional DRMs' });
  });
});

describe('turnState offers: each only in its own step', () => {
  it('I.B: the army commander\'s pre-roll needs half his rating, or 0 when he is not on the map', () => {
    const g = newGame(tmp.dir);
    expect(g.turnState().offers.orderPreRoll).toBeNull();
    advanceTo(g, { segment: 'I', phase: 'B' });
    const offer = g.turnState().offers.orderPreRoll!;
    const leaders = new Map(g.leaders().map((l) => [l.id, l]));
    for (const side of ['USA', 'CSA'] as const) {
      const acting = g.info().armyCommanders[side]!;
      const rating = leaders.get(acting.leaderId)!.rating;
      expect(offer[side]).toEqual(
        acting.onMap
          ? { highestSuccessfulRoll: Math.floor(rating / 2), because: `half of ${acting.name}'s rating ${rating}, rounded down`, rule: 'Rev. Non-Automatic Order Change Attempts' }
          : { highestSuccessfulRoll: 0, because: `${acting.name} is not on the map`, rule: 'Rev. Non-Automatic Order Change Attempts' },
      );
    }
    expect(g.turnState().offers.initiativePoints).toBeNull();
  });

  it('II.A: each side\'s army commander and whether he may add his points, as declareInitiative checks it; gone once the Initiative is rolled', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    const offer = g.turnState().offers.initiativePoints!;
    const leaders = new Map(g.leaders().map((l) => [l.id, l]));
    for (const side of ['USA', 'CSA'] as const) {
      const acting = g.info().armyCommanders[side]!;
      expect(offer[side]).toMatchObject({ leaderId: acting.leaderId, name: acting.name, drm: leaders.get(acting.leaderId)!.rating, allowed: acting.onMap });
      // The offer says what declaring would be told.
      if (!offer[side].allowed) {
        expect(offer[side].reason).toMatch(/is not on the map/);
        expect(() => g.declareInitiative({ side, armyPoints: true })).toThrow(offer[side].reason!);
      }
    }
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 5, CSA: 1 } });
    expect(g.turnState().offers.initiativePoints).toBeNull();
  });

  it('II.B at 2400: every brigade on the map, refused with the Orders Table\'s reason where its orders cannot recover stragglers', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'B' });
    expect(g.turnState().offers.recoveryMarkers).toBeNull();
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'II', phase: 'B' });
    const offers = new Map(g.turnState().offers.recoveryMarkers!.map((o) => [o.commandId, o]));
    // Archer's brigade is under MRCH, which cannot recover stragglers; the Iron Brigade may.
    expect(offers.get('archer')).toMatchObject({ allowed: false, rule: 'Rev. Orders Table' });
    expect(offers.get('archer')!.reason).toMatch(/Can Recover Stragglers/);
    expect(offers.get('iron')).toEqual({ commandId: 'iron', allowed: true });
    expect(offers.has('usa-i-1')).toBe(false);
    g.setCommandMarkers({ commandId: 'iron', recovery: true });
  });

  it('II.C: the commands that may be attached and where to: infantry up to division, to a larger command of its side that is not its own nor under it', () => {
    const g = newGame(tmp.dir);
    expect(g.turnState().offers.attachments).toBeNull();
    advanceTo(g, { segment: 'II', phase: 'C' });
    const offers = new Map(g.turnState().offers.attachments!.map((o) => [o.commandId, o.toCommandIds]));
    // Gamble's cavalry brigade and the I Corps artillery brigade are not infantry; a corps is too large.
    expect(offers.has('gamble')).toBe(false);
    expect(offers.has('usa-i-art')).toBe(false);
    expect(offers.has('usa-i')).toBe(false);
    // The Iron Brigade: not to its own division, nor to a brigade; the division only to a larger command.
    expect(offers.get('iron')).not.toContain('usa-i-1');
    expect(offers.get('iron')).not.toContain('cutler');
    expect(offers.get('iron')).toContain('usa-i');
    expect(offers.get('usa-i-1')).toEqual(['usa-army']);
    // Every command offered may be attached there, as attachCommand checks it.
    g.attachCommand({ commandId: 'iron', toCommandId: 'usa-i' });
    const after = new Map(g.turnState().offers.attachments!.map((o) => [o.commandId, o.toCommandIds]));
    expect(after.get('iron')).toContain('usa-i-1');
    expect(after.get('iron')).not.toContain('usa-i');
  });
});
