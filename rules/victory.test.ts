/** Examples of the revision's Victory rules: loss points, the ratio levels, the 300-point draw and objectives. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameVictory, historicalSpLost, lossPoints, manpowerDivisionsLost, victoryByLosses, type Losses } from './victory';

const noLosses: Losses = {
  infantrySp: 0,
  cavalrySp: 0,
  artilleryDestroyedSp: 0,
  artilleryCapturedSp: 0,
  wagonPoints: 0,
  commandersKilled: [],
  commandersWounded: [],
};

describe('lossPoints: "Victory Points for Losses"', () => {
  it('"Each Infantry SP 1; Each Cavalry SP/Destroyed Artillery SP/Wagon Point 2; Each Captured Artillery SP 3"', () => {
    const p = lossPoints({ ...noLosses, infantrySp: 10, cavalrySp: 3, artilleryDestroyedSp: 4, wagonPoints: 1, artilleryCapturedSp: 2 });
    expect(p.items.map((i) => i.value)).toEqual([10, 6, 8, 2, 6, 0, 0]);
    expect(p.total).toBe(32);
    expect(p.items.every((i) => i.rule === 'Rev. Victory Points for Losses')).toBe(true);
  });

  it('"Commanders (not Bde Ldrs) Killed (Stars x Ratng) (minimum of 1)"', () => {
    expect(lossPoints({ ...noLosses, commandersKilled: [{ stars: 2, rating: 3 }] }).total).toBe(6);
    expect(lossPoints({ ...noLosses, commandersKilled: [{ stars: 2, rating: 0 }] }).total).toBe(1);
  });

  it('"Commanders (not Bde Ldrs) Wounded (1/2 x Stars x Ratng) (no minimum)" (RI-F14: the exact half is kept)', () => {
    expect(lossPoints({ ...noLosses, commandersWounded: [{ stars: 3, rating: 3 }] }).total).toBe(4.5);
    expect(lossPoints({ ...noLosses, commandersWounded: [{ stars: 2, rating: 0 }] }).total).toBe(0);
  });

  it('rejects negative or fractional counts, naming the field', () => {
    expect(() => lossPoints({ ...noLosses, infantrySp: -1 })).toThrow(/infantrySp: must be a whole number of 0 or more/);
    expect(() => lossPoints({ ...noLosses, wagonPoints: 0.5 })).toThrow(/wagonPoints/);
    expect(() => lossPoints({ ...noLosses, commandersKilled: [{ stars: 1, rating: -2 }] })).toThrow(/commandersKilled\[0\]\.rating/);
  });

  const commander = fc.record({ stars: fc.integer({ min: 0, max: 4 }), rating: fc.integer({ min: 0, max: 9 }) });
  const losses = fc.record({
    infantrySp: fc.nat(500),
    cavalrySp: fc.nat(100),
    artilleryDestroyedSp: fc.nat(100),
    artilleryCapturedSp: fc.nat(100),
    wagonPoints: fc.nat(50),
    commandersKilled: fc.array(commander, { maxLength: 4 }),
    commandersWounded: fc.array(commander, { maxLength: 4 }),
  });

  it('items always sum to the total (fast-check)', () => {
    fc.assert(fc.property(losses, (l) => {
      const p = lossPoints(l);
      return p.total === p.items.reduce((s, i) => s + i.value, 0);
    }));
  });

  it('is monotone in every count: one more loss of any kind never lowers the total (fast-check)', () => {
    fc.assert(
      fc.property(losses, commander, (l, c) => {
        const base = lossPoints(l).total;
        const counts = ['infantrySp', 'cavalrySp', 'artilleryDestroyedSp', 'artilleryCapturedSp', 'wagonPoints'] as const;
        const countsOk = counts.every((k) => lossPoints({ ...l, [k]: l[k] + 1 }).total > base);
        const killedOk = lossPoints({ ...l, commandersKilled: [...l.commandersKilled, c] }).total > base;
        const woundedOk = lossPoints({ ...l, commandersWounded: [...l.commandersWounded, c] }).total >= base;
        return countsOk && killedOk && woundedOk;
      }),
    );
  });
});

describe('victoryByLosses: each argument is that side\'s own losses (RI-F15)', () => {
  it('"If ... neither player\'s losses are above 300 points ... the game is an automatic Draw"', () => {
    expect(victoryByLosses(300, 50)).toEqual({ winner: null, level: 'draw' });
    expect(victoryByLosses(0, 0)).toEqual({ winner: null, level: 'draw' });
  });

  it('one side above 300 opens the ratio', () => {
    expect(victoryByLosses(301, 100)).toEqual({ winner: 'CSA', level: 'decisive' });
  });

  it('"Greater than a 1:1 ratio in your favor is a Marginal Victory"; exactly 1:1 is a draw', () => {
    expect(victoryByLosses(400, 401)).toEqual({ winner: 'USA', level: 'marginal' });
    expect(victoryByLosses(400, 400)).toEqual({ winner: null, level: 'draw' });
  });

  it('"Greater than 2:1 is Substantial": exactly 2:1 is still Marginal', () => {
    expect(victoryByLosses(400, 800)).toEqual({ winner: 'USA', level: 'marginal' });
    expect(victoryByLosses(400, 801)).toEqual({ winner: 'USA', level: 'substantial' });
  });

  it('"greater than 3:1 is Decisive": exactly 3:1 is still Substantial', () => {
    expect(victoryByLosses(1200, 400)).toEqual({ winner: 'CSA', level: 'substantial' });
    expect(victoryByLosses(1200.5, 400)).toEqual({ winner: 'CSA', level: 'decisive' });
  });

  it('a side with no losses at all against more than 300 wins decisively', () => {
    expect(victoryByLosses(0, 301)).toEqual({ winner: 'USA', level: 'decisive' });
  });

  it('is symmetric between the sides (fast-check)', () => {
    fc.assert(
      fc.property(fc.nat(3000), fc.nat(3000), (a, b) => {
        const x = victoryByLosses(a, b);
        const y = victoryByLosses(b, a);
        const swap = { USA: 'CSA', CSA: 'USA' } as const;
        return x.level === y.level && (x.winner === null ? y.winner === null : y.winner === swap[x.winner]);
      }),
    );
  });

  it('rejects negative points, naming the argument', () => {
    expect(() => victoryByLosses(-1, 10)).toThrow(/usaLossPoints: must be a side's loss points, 0 or more/);
    expect(() => victoryByLosses(10, Number.NaN)).toThrow(/csaLossPoints/);
  });
});

describe('Geographic and Manpower Objectives', () => {
  const base = { objectivesOccupied: { USA: 0, CSA: 0 }, manpowerObjectivesMet: { USA: false, CSA: false }, lossPoints: { USA: 500, CSA: 400 } };

  it('"he must occupy any 5 objectives for a Substantial Victory" (CSA), "any 2" (USA); precedence over loss points', () => {
    expect(gameVictory({ ...base, objectivesOccupied: { USA: 0, CSA: 5 } })).toMatchObject({ winner: 'CSA', level: 'substantial', by: 'objectives' });
    expect(gameVictory({ ...base, objectivesOccupied: { USA: 2, CSA: 4 } })).toMatchObject({ winner: 'USA', level: 'substantial', by: 'objectives' });
    expect(gameVictory({ ...base, objectivesOccupied: { USA: 1, CSA: 4 } })).toMatchObject({ winner: 'CSA', level: 'marginal', by: 'losses' });
  });

  it('satisfying Manpower Objectives gives a Substantial Victory', () => {
    expect(gameVictory({ ...base, manpowerObjectivesMet: { USA: true, CSA: false }, lossPoints: { USA: 900, CSA: 310 } })).toMatchObject({
      winner: 'USA',
      level: 'substantial',
      by: 'objectives',
    });
  });

  it('RI-F16: both sides achieving objectives falls back to loss points', () => {
    expect(gameVictory({ ...base, objectivesOccupied: { USA: 2, CSA: 5 } })).toMatchObject({ winner: 'CSA', level: 'marginal', by: 'losses' });
  });

  it('"30 guns lost, whether destroyed or captured, constitutes a division for Manpower Objectives purposes"', () => {
    expect(manpowerDivisionsLost({ divisions: 1, gunsDestroyed: 20, gunsCaptured: 10 })).toEqual({
      total: 2,
      items: [
        { label: 'Divisions lost (15.6.7)', value: 1, rule: 'Rev. Victory' },
        { label: '30 guns lost (30 guns = 1 division)', value: 1, rule: 'Rev. Victory' },
      ],
    });
    expect(manpowerDivisionsLost({ divisions: 0, gunsDestroyed: 29, gunsCaptured: 0 }).total).toBe(0);
    expect(manpowerDivisionsLost({ divisions: 0, gunsDestroyed: 40, gunsCaptured: 20 }).total).toBe(2);
  });

  it('names bad arguments', () => {
    expect(() => gameVictory({ ...base, objectivesOccupied: { USA: -1, CSA: 0 } })).toThrow(/objectivesOccupied\.USA/);
    expect(() => gameVictory({ ...base, manpowerObjectivesMet: { USA: 'yes' as never, CSA: false } })).toThrow(/manpowerObjectivesMet\.USA: must be true or false/);
  });
});

describe('historicalSpLost: the real casualties in SPs (RI-B08)', () => {
  it('infantry and cavalry at the men per SP, half up; never more than the printed SP', () => {
    expect(historicalSpLost({ arm: 'infantry', casualties: 371, sp: 10, menPerSp: 50 })).toBe(7);
    expect(historicalSpLost({ arm: 'infantry', casualties: 225, sp: 10, menPerSp: 50 })).toBe(5);
    expect(historicalSpLost({ arm: 'cavalry', casualties: 24, sp: 9, menPerSp: 50 })).toBe(0);
    expect(historicalSpLost({ arm: 'infantry', casualties: 700, sp: 12, menPerSp: 50 })).toBe(12);
  });

  it('batteries and unknown casualties add nothing', () => {
    expect(historicalSpLost({ arm: 'artillery', casualties: 40, sp: 6, menPerSp: 50 })).toBe(0);
    expect(historicalSpLost({ arm: 'infantry', casualties: null, sp: 6, menPerSp: 50 })).toBe(0);
  });

  it('names a bad argument', () => {
    expect(() => historicalSpLost({ arm: 'infantry', casualties: 10, sp: 6, menPerSp: 0 })).toThrow(/menPerSp: must be a whole number of 1 or more/);
    expect(() => historicalSpLost({ arm: 'infantry', casualties: -1, sp: 6, menPerSp: 50 })).toThrow(/casualties/);
  });
});
