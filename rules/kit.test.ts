/**
 * The group's kit read from the die (rules/kit.ts), with invented tables (tests/fixtures/kit.ts: numbers made
 * up for the tests, never the base game's): the Fire Table's cell and what it means, the odds rounded to the
 * chart's own columns (RI-K14), cohesion checks against the unit's rating (RI-K22), the leader hit check
 * (RI-K23) and a side's shock loss shared (RI-K24).
 */
import { describe, expect, it } from 'vitest';
import { KIT_CHARTS } from '../tests/fixtures/kit';
import { checkLossCause, cohesionCell, fireTableCell, leaderHitCell, oddsColumn, resolveCohesionCheck, shareShockLoss, shockTableCell } from './kit';
import type { DieRoll } from './types';

const fire = KIT_CHARTS.fireTable!.columns;
const shock = KIT_CHARTS.shockTable!.columns;

describe('the Fire Table', () => {
  it('finds the column holding the strength and the row holding the modified roll, and names the cell', () => {
    expect(fireTableCell(fire, 7, 7)).toEqual({
      found: true,
      cell: { table: 'Fire Table', column: 'four to nine', row: '6 to 7', value: '2 SP, Ammo ("ii$")' },
      result: { min: 6, max: 7, sp: 2, text: 'ii$', ammo: true },
    });
    expect(fireTableCell(fire, 12, 2)).toMatchObject({ found: true, cell: { column: 'ten and up', row: '2 to 40', value: '2 SP, cohesion check +2 ("ii??")' } });
    expect(fireTableCell(fire, 5, 9)).toMatchObject({ found: true, cell: { value: '3 SP, disordered ("iii/")' } });
  });

  it('says why it has no cell: no table, no column for the strength, no row for the roll', () => {
    expect(fireTableCell([], 4, 4)).toEqual({ found: false, reason: 'the kit has no Fire Table' });
    expect(fireTableCell(fire, 0, 4)).toEqual({ found: false, reason: "the kit's Fire Table has no column for a strength of 0 SP" });
    expect(fireTableCell(fire, 4, 41)).toEqual({ found: false, reason: "column four to nine of the kit's Fire Table has no row for a modified roll of 41" });
  });
});

describe('RI-K14: the odds go to the chart\'s own columns', () => {
  const label = (a: number, d: number, favour: boolean) => oddsColumn(shock, a, d, favour);

  it('an exact match is its column, with or without a Bayonet Charge', () => {
    expect(label(5, 3, false)).toMatchObject({ column: { label: 'five to three' }, rounded: 'exact' });
    expect(label(10, 6, true)).toMatchObject({ column: { label: 'five to three' }, rounded: 'exact' });
  });

  it('otherwise down to the column below (the defender\'s favour), or up for a charge by every attacker', () => {
    expect(label(11, 12, false)).toMatchObject({ column: { label: 'two to three' }, rounded: 'down' });
    expect(label(11, 12, true)).toMatchObject({ column: { label: 'even' }, rounded: 'up' });
    // 1.5 : 1 sits between "even" and "five to three".
    expect(label(3, 2, false)).toMatchObject({ column: { label: 'even' } });
    expect(label(3, 2, true)).toMatchObject({ column: { label: 'five to three' } });
  });

  it('beyond the first or last column, that column; no odds without SPs on both sides', () => {
    expect(label(1, 5, false)).toMatchObject({ column: { label: 'one to three' }, rounded: 'first' });
    expect(label(10, 1, true)).toMatchObject({ column: { label: 'three to one' }, rounded: 'last' });
    expect(label(0, 3, false)).toBeNull();
  });

  it('reads the Shock Table at that column for the modified roll, a result for each side', () => {
    expect(shockTableCell(shock, 11, 12, true, 5)).toMatchObject({
      found: true,
      column: 'even',
      cell: { table: 'Shock Table', column: 'even', row: '5 to 40', value: 'attacker 0 SP; defender 3 SP, routed, retreat 2 ("d+")' },
    });
    expect(shockTableCell(shock, 11, 12, false, 5)).toMatchObject({ cell: { column: 'two to three', row: '2 to 5', value: 'attacker 1 SP; defender 1 SP, disordered ("ad")' } });
  });
});

describe('RI-K22: cohesion checks against the unit\'s rating, by modified roll less the rating', () => {
  const table = KIT_CHARTS.preShockCheck!;
  const unit = (status: 'ordered' | 'disordered' | 'routed') => ({ status, cohesionOrdered: 5, cohesionDisordered: 3 });

  it('an Ordered unit checks against its ordered side, any other against its disordered side, in its own column', () => {
    expect(cohesionCell(table, 'Pre-Shock Cohesion Check', unit('ordered'), 7)).toMatchObject({
      found: true,
      rating: 5,
      margin: 2,
      cell: { column: 'ordered', row: '2 to 4 against the rating', value: 'disordered' },
    });
    expect(cohesionCell(table, 'Pre-Shock Cohesion Check', unit('disordered'), 7)).toMatchObject({ rating: 3, margin: 4, cell: { column: 'disordered', value: 'disordered, retreat 1' } });
    // The Rally Table has a column for routed units.
    expect(cohesionCell(KIT_CHARTS.rallyTable!, 'Rally Table', unit('routed'), 4)).toMatchObject({ margin: 1, result: { status: 'disordered', sp: 1 } });
  });

  it('a rating not entered is no cell: the players read that unit\'s outcome at the table', () => {
    expect(cohesionCell(table, 'Pre-Shock Cohesion Check', { status: 'ordered', cohesionOrdered: null, cohesionDisordered: 3 }, 4)).toMatchObject({ found: false, reason: 'no ordered cohesion rating entered for the unit' });
  });

  it('rolls through the injected roller, with what the die is for; a typed die needs no roller', () => {
    const asked: string[] = [];
    const roller = (purpose: string): DieRoll => {
      asked.push(purpose);
      return 9;
    };
    const rolled = resolveCohesionCheck(KIT_CHARTS.uddTable!, 'UDD', unit('ordered'), -3, { purpose: 'UDD: 1st Tennessee' }, roller);
    expect(asked).toEqual(['UDD: 1st Tennessee']);
    expect(rolled.check).toMatchObject({ roll: 9, drm: -3, modified: 6, rating: 5, margin: 1, outcome: { status: 'disordered' } });
    const typed = resolveCohesionCheck(KIT_CHARTS.uddTable!, 'UDD', unit('ordered'), 0, { roll: 0, purpose: 'UDD' }, () => {
      throw new Error('no roll expected');
    });
    expect(typed.check!.outcome).toEqual({ status: 'unchanged' });
  });

  it('an SP lost on a check is the rally\'s, a rout retreat\'s or a second disorder\'s where the revision says so', () => {
    expect(checkLossCause('rally', 'routed', { status: 'disordered', sp: 1 })).toBe('rally');
    expect(checkLossCause('udd', 'disordered', { status: 'routed', sp: 1 })).toBe('rout-retreat');
    expect(checkLossCause('udd', 'disordered', { status: 'unchanged', sp: 1 })).toBe('second-disorder');
    expect(checkLossCause('fire', 'ordered', { status: 'disordered', sp: 1 })).toBe('other');
  });
});

describe('RI-K23 and RI-K24: the leader hit check, a side\'s shock loss', () => {
  it('reads the leader hit check on the natural die', () => {
    expect(leaderHitCell(KIT_CHARTS.leaderHit!.rows, 0)).toMatchObject({ found: true, result: { hit: true }, cell: { table: 'Leader hit check', row: '0', value: 'hit ("hit")' } });
    expect(leaderHitCell(KIT_CHARTS.leaderHit!.rows, 6)).toMatchObject({ found: true, result: { hit: false }, cell: { row: '1 to 9', value: 'unhurt' } });
  });

  it('shares a side\'s loss one SP at a time from the top of the stack down, never more than a unit holds', () => {
    expect(shareShockLoss(5, [2, 1, 4])).toEqual({ shares: [2, 1, 2], unabsorbed: 0 });
    expect(shareShockLoss(1, [3, 3])).toEqual({ shares: [1, 0], unabsorbed: 0 });
    expect(shareShockLoss(9, [2, 1])).toEqual({ shares: [2, 1], unabsorbed: 6 });
  });
});
