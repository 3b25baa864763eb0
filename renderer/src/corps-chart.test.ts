/** The loss-points-by-corps chart's geometry (RI-B12): largest first, one scale, nothing dropped. */
import { describe, expect, it } from 'vitest';
import { corpsChart, type CorpsLoss } from './corps-chart';

const row = (name: string, side: 'USA' | 'CSA', lossPoints: number): CorpsLoss => ({ commandId: name.toLowerCase().replace(/\W+/g, '-'), name, side, lossPoints, spLost: lossPoints });

describe('corpsChart', () => {
  it('draws the largest loss first, every bar on one scale whose top is a round number', () => {
    const c = corpsChart([row('I Corps', 'USA', 40), row('Third Corps', 'CSA', 95), row('XI Corps', 'USA', 12)]);
    expect(c.bars.map((b) => [b.name, b.value])).toEqual([['Third Corps', 95], ['I Corps', 40], ['XI Corps', 12]]);
    expect(c.max).toBe(100);
    expect(c.bars[0]!.width).toBeCloseTo(((c.right - c.left) * 95) / 100, 1);
    expect(c.bars[2]!.y).toBeGreaterThan(c.bars[1]!.y);
    expect(c.bars[0]!.label).toBe('CSA Third Corps: 95 loss points (95 SP lost)');
  });

  it('sums the corps beyond the rows shown into one bar per side, so the totals still add up', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(`Corps ${i}`, i % 2 === 0 ? 'USA' : 'CSA', 10 - i));
    const c = corpsChart(rows, 640, 3);
    expect(c.bars.map((b) => b.name)).toEqual(['Corps 0', 'Corps 1', 'Corps 2', '1 other USA formation', '2 other CSA formations']);
    expect(c.bars.reduce((n, b) => n + b.value, 0)).toBe(rows.reduce((n, r) => n + r.lossPoints, 0));
  });

  it('an empty tally is one empty row at the smallest scale', () => {
    const c = corpsChart([]);
    expect(c.bars).toEqual([]);
    expect(c.max).toBe(10);
    expect(c.height).toBeGreaterThan(0);
  });
});
