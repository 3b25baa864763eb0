/**
 * The geometry of the Victory screen's small loss chart (components/LossChart.vue): each side's loss
 * points at the end of each turn, as a pure function so the component only draws it (inline SVG: the
 * CSP allows no inline script, and none is needed).
 */
import type { Side } from '../../rules/types';
import type { LossesByTurn } from './stores/victory';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface ChartSize {
  width: number;
  height: number;
}

export interface LossChart {
  width: number;
  height: number;
  /** The plotting area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  /** The top of the loss-points axis (a round number at or above the highest point). */
  max: number;
  yTicks: { value: number; y: number }[];
  /** Turn labels along the bottom: a day's first turn with its date, then a few times. */
  xLabels: { text: string; x: number }[];
  /** One line per side: SVG polyline points, and the last point for its label. */
  series: { side: Side; points: string; last: { x: number; y: number; value: number } }[];
}

/** A round axis top: 10, 20, 50, 100, 200, 500... at or above the value (at least 10). */
export function niceMax(value: number): number {
  let step = 10;
  for (;;) {
    for (const m of [1, 2, 5]) if (value <= step * m) return step * m;
    step *= 10;
  }
}

/** "1 Jul 0740" for the first turn of a day, else "0800". */
function turnLabel(turn: LossesByTurn[number], firstOfDay: boolean): string {
  if (!firstOfDay) return turn.time;
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(turn.date);
  return m ? `${Number(m[2])} ${MONTHS[Number(m[1]) - 1] ?? m[1]} ${turn.time}` : `${turn.date} ${turn.time}`;
}

/**
 * The geometry of the chart of each side's loss points at the end of each turn. With one turn the
 * lines are single points; labels are thinned to about `maxLabels`, always keeping the first turn of
 * each day visible where there is room.
 */
export function lossChart(points: LossesByTurn, size: ChartSize = { width: 640, height: 190 }, maxLabels = 8): LossChart {
  const plot = { left: 44, top: 12, right: size.width - 70, bottom: size.height - 26 };
  const highest = points.reduce((m, p) => Math.max(m, p.USA, p.CSA), 0);
  const max = niceMax(highest);
  const n = points.length;
  const x = (i: number) => (n <= 1 ? plot.left : plot.left + ((plot.right - plot.left) * i) / (n - 1));
  const y = (v: number) => plot.bottom - ((plot.bottom - plot.top) * v) / max;
  const round = (v: number) => Math.round(v * 10) / 10;
  const yTicks = [0, max / 2, max].map((value) => ({ value, y: round(y(value)) }));
  const step = Math.max(1, Math.ceil(n / maxLabels));
  const xLabels: LossChart['xLabels'] = [];
  points.forEach((p, i) => {
    const firstOfDay = i === 0 || points[i - 1]!.date !== p.date;
    if (i % step === 0 || (firstOfDay && step <= 2)) xLabels.push({ text: turnLabel(p, firstOfDay), x: round(x(i)) });
  });
  const series = (['USA', 'CSA'] as const).map((side) => {
    const coords = points.map((p, i) => ({ x: round(x(i)), y: round(y(p[side])), value: p[side] }));
    const last = coords[coords.length - 1] ?? { x: plot.left, y: plot.bottom, value: 0 };
    return { side, points: coords.map((c) => `${c.x},${c.y}`).join(' '), last };
  });
  return { width: size.width, height: size.height, plot, max, yTicks, xLabels, series };
}
