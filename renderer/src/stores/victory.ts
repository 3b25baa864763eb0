/**
 * The victory store: the service's tally (loss points itemised, the objectives the players recorded,
 * the result, the loss points turn by turn) and the players' changes to the objectives, each an
 * undoable event through the app store's change(). Also the geometry of the small loss chart, a pure
 * function so the screen only draws it (inline SVG: the CSP allows no inline script, and none is needed).
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ChannelOutput } from '../../../electron/api';
import type { Side } from '../../../rules/types';
import { asApiError, call } from '../api';
import { useAppStore } from './app';

export type VictoryTally = ChannelOutput<'tally'>;
export type LossesByTurn = VictoryTally['lossesByTurn'];

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

export const useVictoryStore = defineStore('victory', () => {
  const app = useAppStore();
  const tally = ref<VictoryTally | null>(null);
  const loadError = ref<string | null>(null);

  async function load(): Promise<void> {
    if (!app.hasGame) {
      tally.value = null;
      return;
    }
    try {
      tally.value = await call('tally');
      loadError.value = null;
    } catch (e) {
      loadError.value = asApiError(e, 'tally').message;
    }
  }

  /** Records a Geographic Objective occupied (or no longer) by the side whose list it is on. */
  const setObjective = (side: Side, objectiveId: string, occupied: boolean) =>
    app.change(() => call('setObjective', { side, objectiveId, occupied }), (r) => r.event.summary);

  /** Records the side's Manpower Objective (from its scenario sheet) as met, or not. */
  const setManpowerObjective = (side: Side, met: boolean) => app.change(() => call('setManpowerObjective', { side, met }), (r) => r.event.summary);

  const endGame = () => app.change(() => call('endGame'), (r) => r.event.summary);

  return { tally, loadError, load, setObjective, setManpowerObjective, endGame };
});
