/** Fatigue recovery under the revision: who may be designated (Orders Table, Rev. Cavalry Fatigue) and how much is recovered (RI-B07). */
import { describe, expect, it } from 'vitest';
import { bearsFatigue, fatigueAfterRecovery, FATIGUE_LEVELS_RECOVERED_PER_TURN, mayDesignateFatigueRecovery, unitRecoversFatigue } from './fatigue';
import { ORDER_CODES } from './types';

describe('mayDesignateFatigueRecovery: "Can Recover Fatigue" orders, and "Cavalry must be dismounted and within one hex of water"', () => {
  it('only HOLD and RSRV can recover fatigue', () => {
    const allowed = ORDER_CODES.filter((order) => mayDesignateFatigueRecovery({ order, arm: 'infantry' }).ok);
    expect(allowed).toEqual(['HOLD', 'RSRV']);
    expect(mayDesignateFatigueRecovery({ order: 'MRCH', arm: 'infantry' })).toEqual({
      ok: false,
      reason: 'MRCH orders cannot recover fatigue (only orders that "Can Recover Fatigue": HOLD, RSRV)',
      rule: 'Rev. Orders Table',
    });
  });

  it('cavalry only when the players attest it is dismounted near water', () => {
    expect(mayDesignateFatigueRecovery({ order: 'HOLD', arm: 'cavalry' })).toMatchObject({ ok: false, rule: 'Rev. Cavalry Fatigue' });
    expect(mayDesignateFatigueRecovery({ order: 'HOLD', arm: 'cavalry', dismountedNearWater: false }).ok).toBe(false);
    expect(mayDesignateFatigueRecovery({ order: 'HOLD', arm: 'cavalry', dismountedNearWater: true }).ok).toBe(true);
  });

  it('an artillery brigade under HOLD is not designated: artillery has no fatigue, so it could recover none', () => {
    expect(mayDesignateFatigueRecovery({ order: 'HOLD', arm: 'artillery' })).toEqual({
      ok: false,
      reason: 'artillery has no fatigue to recover: fatigue applies to infantry and cavalry',
      rule: 'Rev. Cavalry Fatigue',
    });
  });

  it('names a bad argument', () => {
    expect(() => mayDesignateFatigueRecovery({ order: 'REST' as never, arm: 'infantry' })).toThrow(/order: must be one of/);
  });
});

describe('fatigueAfterRecovery (RI-B07: one level a turn, never below fresh)', () => {
  it('recovers one level', () => {
    expect(FATIGUE_LEVELS_RECOVERED_PER_TURN).toBe(1);
    expect([4, 3, 2, 1, 0].map((level) => fatigueAfterRecovery(level))).toEqual([3, 2, 1, 0, 0]);
    expect(() => fatigueAfterRecovery(-1)).toThrow(/level: must be a whole number of 0 or more/);
  });

  it('under the house reading "every level", recovers fully', () => {
    expect([4, 3, 2, 1, 0].map((level) => fatigueAfterRecovery(level, 'allLevels'))).toEqual([0, 0, 0, 0, 0]);
    expect(() => fatigueAfterRecovery(2, 'twoLevels' as never)).toThrow(/reading: must be one of oneLevel, allLevels/);
  });
});

describe('unitRecoversFatigue: who in a designated brigade recovers in IV.B', () => {
  const unit = { arm: 'infantry' as const, mounted: false, fatigue: 2, eliminated: false };
  it('a fatigued infantry regiment does; a fresh one or an eliminated one does not', () => {
    expect(unitRecoversFatigue(unit)).toBe(true);
    expect(unitRecoversFatigue({ ...unit, fatigue: 0 })).toBe(false);
    expect(unitRecoversFatigue({ ...unit, eliminated: true })).toBe(false);
  });
  it('"Cavalry must be dismounted ... in order to reduce fatigue": dismounted troopers do, mounted ones do not', () => {
    expect(unitRecoversFatigue({ ...unit, arm: 'cavalry' })).toBe(true);
    expect(unitRecoversFatigue({ ...unit, arm: 'cavalry', mounted: true })).toBe(false);
  });
  it('"Fatigue applies to Cavalry as well as Infantry": never artillery', () => {
    expect(bearsFatigue('artillery')).toBe(false);
    expect(unitRecoversFatigue({ ...unit, arm: 'artillery' })).toBe(false);
  });
});
