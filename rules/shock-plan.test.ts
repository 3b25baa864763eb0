/**
 * Examples of a whole shock combat planned from the facts (rules/shock-plan.ts): who may shock, the
 * Pre-Shock DRMs, the Shock Resolution DRMs, the odds and their rounding for a Bayonet Charge, the
 * markers removed. The units are invented.
 */
import { describe, expect, it } from 'vitest';
import { oddsInFavour, oddsText, shockPlan, type ShockPlanUnit } from './shock-plan';

function unit(id: string, over: Partial<ShockPlanUnit> = {}): ShockPlanUnit {
  return { id, name: id, arm: 'infantry', sp: 4, order: 'ASLT', status: 'ordered', works: 'none', extendedColumn: false, strategicMovement: false, bayonetCharge: false, ...over };
}
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('shockPlan: who may shock', () => {
  it('a regiment under orders that forbid shock (BOMB) is named with the reason; the shock is not allowed', () => {
    const plan = shockPlan({ attackers: [unit('a', { order: 'BOMB' }), unit('b')], defenders: [unit('x')] });
    expect(plan.attackerProhibitions[0]).toHaveLength(1);
    expect(plan.attackerProhibitions[0]![0]).toMatch(/No Shock attacks/);
    expect(plan.allowed).toBe(false);
    expect(plan.prohibitions[0]).toMatchObject({ unitId: 'a', rule: 'Rev. Orders Table' });
    // Only the attackers that may shock count in the odds.
    expect(plan.odds.attackerSp).toBe(4);
  });

  it('defenders with no SPs left cannot be shocked', () => {
    const plan = shockPlan({ attackers: [unit('a')], defenders: [unit('x', { sp: 0 })] });
    expect(plan.prohibitions).toEqual([{ unitId: null, reason: 'The defenders have no SPs left', rule: 'Rev. Shock DRMs' }]);
  });
});

describe('shockPlan: Pre-Shock and Shock Resolution DRMs', () => {
  it('RI-K12: one undisordered Bayonet Charge attacker gives every defender the Pre-Shock +1; RI-F09: the Shock Resolution +1 needs every attacker charging', () => {
    const plan = shockPlan({ attackers: [unit('a', { bayonetCharge: true }), unit('b')], defenders: [unit('x')] });
    expect(labels(plan.preShock.find((p) => p.unitId === 'x')!.drm.items)).toEqual(['Facing an undisordered Bayonet Charge unit']);
    expect(labels(plan.drm.items)).not.toContain('Bayonet Charge');
    expect(plan.odds.roundedForAttacker).toBeNull();
  });

  it('every attacker charging: the Bayonet Charge +1, the odds rounded in the attacker\'s favour (RI-K14), and the markers removed', () => {
    const plan = shockPlan({ attackers: [unit('a', { bayonetCharge: true, sp: 5 })], defenders: [unit('x', { sp: 2 })] });
    expect(labels(plan.drm.items)).toContain('Bayonet Charge');
    expect(plan.odds).toEqual({ attackerSp: 5, defenderSp: 2, text: '5 : 2 (2.5 : 1)', roundedForAttacker: '3 : 1' });
    expect(plan.bayonetMarkersRemoved).toEqual(['a']);
  });

  it('a disordered Bayonet Charge unit gives no Pre-Shock +1', () => {
    const plan = shockPlan({ attackers: [unit('a', { bayonetCharge: true, status: 'disordered' })], defenders: [unit('x')] });
    expect(plan.preShock.find((p) => p.unitId === 'x')!.drm.items).toEqual([]);
  });

  it('RI-F09: the defenders\' works line counts only when every defender is in them', () => {
    const entrenched = (defenders: ShockPlanUnit[]) => labels(shockPlan({ attackers: [unit('a')], defenders }).drm.items).filter((l) => l.includes('Entrench'));
    expect(entrenched([unit('x', { works: 'entrenchments' }), unit('y', { works: 'entrenchments' })])).toHaveLength(1);
    expect(entrenched([unit('x', { works: 'entrenchments' }), unit('y')])).toEqual([]);
  });
});

describe('the odds in words', () => {
  it('"7 : 3 (2.3 : 1)", and "1 : 2" the other way round', () => {
    expect(oddsText(7, 3)).toBe('7 : 3 (2.3 : 1)');
    expect(oddsText(3, 6)).toBe('3 : 6 (1 : 2)');
  });
  it('RI-K14: rounded to the next whole odds better for the attacker', () => {
    expect(oddsInFavour(7, 3)).toBe('3 : 1');
    expect(oddsInFavour(3, 7)).toBe('1 : 2');
  });
});
