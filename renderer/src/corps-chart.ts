/**
 * The geometry of the Victory screen's chart of loss points by corps (components/CorpsLossChart.vue):
 * one horizontal bar per corps (or other top formation, RI-B12), both sides on one scale, largest first,
 * as a pure function so the component only draws it.
 */
import type { Side } from '../../rules/types';
import { niceMax } from './loss-chart';

export interface CorpsLoss {
  commandId: string;
  name: string;
  side: Side;
  lossPoints: number;
  spLost: number;
}

export interface CorpsChart {
  width: number;
  height: number;
  /** Where the bars start (after the names) and end at the axis top. */
  left: number;
  right: number;
  max: number;
  ticks: { value: number; x: number }[];
  bars: { key: string; name: string; side: Side; value: number; spLost: number; y: number; width: number; label: string }[];
}

const ROW = 18;
const TOP = 6;
const AXIS = 18;

/** Bars for at most `maxRows` corps (the rest are summed into one "others" bar per side, so nothing is lost). */
export function corpsChart(rows: readonly CorpsLoss[], width = 640, maxRows = 14): CorpsChart {
  const sorted = [...rows].sort((a, b) => b.lossPoints - a.lossPoints || a.name.localeCompare(b.name));
  const shown = sorted.slice(0, maxRows);
  const rest = sorted.slice(maxRows);
  for (const side of ['USA', 'CSA'] as const) {
    const others = rest.filter((r) => r.side === side);
    if (others.length > 0) {
      shown.push({ commandId: `others-${side}`, name: `${others.length} other ${side} formation${others.length === 1 ? '' : 's'}`, side, lossPoints: others.reduce((n, r) => n + r.lossPoints, 0), spLost: others.reduce((n, r) => n + r.spLost, 0) });
    }
  }
  const left = 210;
  const right = width - 50;
  const max = niceMax(shown.reduce((m, r) => Math.max(m, r.lossPoints), 0));
  const scale = (v: number) => Math.round(((right - left) * v * 10) / max) / 10;
  const bars = shown.map((r, i) => ({
    key: r.commandId,
    name: r.name,
    side: r.side,
    value: r.lossPoints,
    spLost: r.spLost,
    y: TOP + i * ROW,
    width: scale(r.lossPoints),
    label: `${r.side} ${r.name}: ${r.lossPoints} loss points (${r.spLost} SP lost)`,
  }));
  return {
    width,
    height: TOP + Math.max(1, bars.length) * ROW + AXIS,
    left,
    right,
    max,
    ticks: [0, max / 2, max].map((value) => ({ value, x: left + scale(value) })),
    bars,
  };
}
