/** The loss chart's geometry: round axis tops, one point per turn, the days' first turns labelled with their dates. */
import { describe, expect, it } from 'vitest';
import { lossChart, niceMax } from './loss-chart';
import type { LossesByTurn } from './stores/victory';

const turn = (date: string, time: string, USA: number, CSA: number): LossesByTurn[number] => ({ turnId: `${date}T${time}`, date, time, USA, CSA });

describe('niceMax', () => {
  it('rounds the highest loss up to 10, 20, 50, 100, 200, 500...', () => {
    expect([0, 3, 10, 11, 40, 51, 300, 301, 1999].map(niceMax)).toEqual([10, 10, 10, 20, 50, 100, 500, 500, 2000]);
  });
});

describe('lossChart', () => {
  it('draws each side from the left axis to the right one, losses rising upwards', () => {
    const chart = lossChart([turn('1863-07-01', '0740', 0, 0), turn('1863-07-01', '0800', 3, 2), turn('1863-07-01', '0820', 5, 9)], { width: 314, height: 138 });
    expect(chart.plot).toEqual({ left: 44, top: 12, right: 244, bottom: 112 });
    expect(chart.max).toBe(10);
    expect(chart.yTicks).toEqual([
      { value: 0, y: 112 },
      { value: 5, y: 62 },
      { value: 10, y: 12 },
    ]);
    expect(chart.series).toEqual([
      { side: 'USA', points: '44,112 144,82 244,62', last: { x: 244, y: 62, value: 5 } },
      { side: 'CSA', points: '44,112 144,92 244,22', last: { x: 244, y: 22, value: 9 } },
    ]);
    expect(chart.xLabels).toEqual([
      { text: '1 Jul 0740', x: 44 },
      { text: '0800', x: 144 },
      { text: '0820', x: 244 },
    ]);
  });

  it('one turn is one point on the left axis', () => {
    const chart = lossChart([turn('1863-07-02', '0500', 0, 12)]);
    // 640 x 190: the plot runs from y 164 (0 points) up to y 12 (20 points); 12 points are at 164 - 152 x 12/20.
    expect(chart.max).toBe(20);
    expect(chart.series.map((s) => s.points)).toEqual(['44,164', '44,72.8']);
    expect(chart.xLabels).toEqual([{ text: '2 Jul 0500', x: 44 }]);
  });

  it('thins the labels of a long game to about eight', () => {
    const points = Array.from({ length: 40 }, (_, i) => turn(i < 20 ? '1863-07-01' : '1863-07-02', String(600 + i).padStart(4, '0'), i, 2 * i));
    const chart = lossChart(points);
    expect(chart.xLabels.length).toBeLessThanOrEqual(9);
    expect(chart.xLabels[0]!.text).toBe('1 Jul 0600');
    expect(chart.max).toBe(100);
  });
});
