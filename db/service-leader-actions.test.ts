/**
 * What a leader does in person, recorded through the service: Warren's order change (Rev. Warren,
 * RI-C17) and ME given by a division-or-higher commander to the units stacked with him, at the cost of
 * all his rating points (Rev. Leaders and Activation, RI-S31). Fixture: tests/fixtures/one-man.json
 * (Warren on the map; Reynolds on two counters; Buford and Meade arriving later).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameService } from './service';
import { advanceTo, expectRefused, expectUndoRedo, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const ONE_MAN = fileURLToPath(new URL('../tests/fixtures/one-man.json', import.meta.url));
const ownOrder = (g: GameService, id: string) => (g.db.prepare('SELECT own_order FROM commands WHERE id = ?').get(id) as { own_order: string | null }).own_order;

describe("Warren's order change (RI-C17)", () => {
  it('changes the orders of the brigade leaders named as stacked with or adjacent to him, without a roll, and leaves the map until the next day', () => {
    const g = newGame(tmp.dir, { scenario: ONE_MAN });
    const offer = g.warrenOffer();
    expect(offer).toMatchObject({ warren: { name: 'Gouverneur K. Warren', onMap: true }, allowed: true });
    expect(offer.brigadeLeaders.map((b) => b.leaderId)).toEqual(['meredith', 'wainwright', 'gamble-l']);
    expectRefused(g, () => g.warrenOrderChange({ brigadeLeaderIds: [], order: 'ASLT' }), 'INVALID_ARGUMENT', 'brigadeLeaderIds', 'Rev. Warren');
    const notBrigade = expectRefused(g, () => g.warrenOrderChange({ brigadeLeaderIds: ['wadsworth'], order: 'ASLT' }), 'INVALID_ARGUMENT', 'brigadeLeaderIds[0]', 'Rev. Warren');
    expect(notBrigade.message).toContain('James S. Wadsworth is not a Union brigade leader');
    expectRefused(g, () => g.warrenOrderChange({ brigadeLeaderIds: ['archer-l'], order: 'ASLT' }), 'INVALID_ARGUMENT', 'brigadeLeaderIds[0]', 'Rev. Warren');
    // Artillery may not Assault: the Orders Table still holds (RI-C09).
    expectRefused(g, () => g.warrenOrderChange({ brigadeLeaderIds: ['meredith', 'wainwright'], order: 'ASLT' }), 'RULES_FORBID', 'order', 'Rev. Orders Table');
    expectUndoRedo(g, () => g.warrenOrderChange({ brigadeLeaderIds: ['meredith'], order: 'ASLT' }), 'USA');
    expect(ownOrder(g, 'iron')).toBe('ASLT');
    expect(g.history({ limit: 1, viewer: 'USA' })[0]).toMatchObject({
      kind: 'orders.warren',
      summary: "Gouverneur K. Warren changes the orders of Iron Brigade to ASLT without a roll; he leaves the map until 2 July 0200",
    });
    // Once a day: he is off the map until the first turn of the next day.
    const again = expectRefused(g, () => g.warrenOrderChange({ brigadeLeaderIds: ['gamble-l'], order: 'HOLD' }), 'RULES_FORBID', 'brigadeLeaderIds', 'Rev. Warren');
    expect(again.message).toContain('Gouverneur K. Warren is not on the map: he returns on 2 July 0200');
    expect(g.warrenOffer({ viewer: 'USA' })).toMatchObject({ warren: { onMap: false, returnsTurnId: '1863-07-02T0200' }, allowed: false });
    advanceTo(g, { turnId: '1863-07-02T0200', segment: 'III', phase: 'A' });
    expect(g.warrenOffer().warren?.onMap).toBe(true);
    g.close();
  });

  it('is for the Orders Segment, and for a side still making its entries', () => {
    const g = newGame(tmp.dir, { scenario: ONE_MAN });
    g.finishEntries({ side: 'USA' });
    expectRefused(g, () => g.warrenOrderChange({ brigadeLeaderIds: ['meredith'], order: 'ASLT' }), 'RULES_FORBID', 'brigadeLeaderIds', 'Rev. Orders Segment');
    advanceTo(g, { segment: 'II', phase: 'A' });
    expectRefused(g, () => g.warrenOrderChange({ brigadeLeaderIds: ['meredith'], order: 'ASLT' }), 'RULES_FORBID', 'brigadeLeaderIds', 'Rev. Warren');
    expect(g.warrenOffer()).toMatchObject({ allowed: false, rule: 'Rev. Warren' });
    g.close();
  });
});

describe('ME given to the units stacked with a division-or-higher commander (RI-S31)', () => {
  function usaToAct(): GameService {
    const g = newGame(tmp.dir, { scenario: ONE_MAN });
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.pass({ side: 'CSA' });
    return g;
  }

  it('offers each commander once (Reynolds by his Left Wing), on the map, with his subordinate units', () => {
    const g = usaToAct();
    const offers = g.grantMeOffers({ side: 'USA' });
    expect(offers.map((o) => [o.name, o.command, o.allowed])).toEqual([
      ['John F. Reynolds', 'Left Wing', true],
      ['James S. Wadsworth', '1st Division, I Corps', true],
    ]);
    expect(offers[1]!.units.map((u) => u.unitId)).toEqual(['2-wi', '6-wi', '7-wi', '19-in', '24-mi']);
    g.close();
  });

  it('activates the named units at ME, spends all his points, and passes the turn to the other side', () => {
    const g = usaToAct();
    expectRefused(g, () => g.grantMe({ leaderId: 'meredith', unitIds: ['2-wi'] }), 'RULES_FORBID', 'leaderId', 'Rev. Leaders and Activation');
    expectRefused(g, () => g.grantMe({ leaderId: 'buford', unitIds: ['8-il-cav'] }), 'RULES_FORBID', 'leaderId', 'Rev. Leaders and Activation');
    const notHis = expectRefused(g, () => g.grantMe({ leaderId: 'wadsworth', unitIds: ['2-wi', '8-il-cav'] }), 'RULES_FORBID', 'unitIds[1]', 'Rev. Leaders and Activation');
    expect(notHis.message).toContain('8th Illinois Cavalry is not subordinate to James S. Wadsworth in the chain of command');
    expectRefused(g, () => g.grantMe({ leaderId: 'wadsworth', unitIds: [] }), 'INVALID_ARGUMENT', 'unitIds', 'Rev. Leaders and Activation');
    expectRefused(g, () => g.grantMe({ leaderId: 'archer-l', unitIds: ['1-tn'] }), 'RULES_FORBID', 'leaderId', 'Rev. Leaders and Activation');
    expectUndoRedo(g, () => g.grantMe({ leaderId: 'wadsworth', unitIds: ['2-wi', '6-wi'] }));
    const t = g.turnState();
    expect(t.unitsActivated.map((u) => [u.unitId, u.effectiveness])).toEqual([
      ['2-wi', 'ME'],
      ['6-wi', 'ME'],
    ]);
    expect(t.sideToAct).toBe('CSA');
    expect(g.history({ limit: 1 })[0]!.summary).toBe('James S. Wadsworth gives ME to the units stacked with him: 2nd Wisconsin, 6th Wisconsin (in command for this activation; all his rating points for the turn)');
    g.pass({ side: 'CSA' });
    const spent = expectRefused(g, () => g.grantMe({ leaderId: 'wadsworth', unitIds: ['7-wi'] }), 'RULES_FORBID', 'leaderId', 'Rev. Leaders and Activation');
    expect(spent.message).toContain('James S. Wadsworth has already used his rating points this turn (giving ME to the units stacked with him)');
    // Not outside the Activation Segment, nor for the side not to act.
    expectRefused(g, () => g.grantMe({ leaderId: 'heth', unitIds: ['1-tn'] }), 'RULES_FORBID', 'leaderId', 'Rev. Activation Segment');
    g.close();
  });
});
