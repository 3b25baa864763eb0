/**
 * The Charts screen's editing: the fields of each of the player's charts as the row editor shows them,
 * and a fresh chart of each kind to start from. The values are the player's own: every new row starts
 * empty or at 0, never with a number of the base game (Muster ships none, RI-K21).
 */
import type { Output } from '../../contract';

export type Charts = Output<'charts'>;

export interface ChartField {
  key: string;
  label: string;
  kind: 'int' | 'nullable-int' | 'text' | 'select' | 'drms';
  options?: readonly string[];
  /** What a new row holds in this field. */
  initial: unknown;
}

export const FIRE_ROW_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Roll from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'sp', label: 'SP lost', kind: 'int', initial: 0 },
  { key: 'text', label: 'As printed', kind: 'text', initial: '' },
];
export const ARTILLERY_FIELDS: readonly ChartField[] = [
  { key: 'name', label: 'Guns', kind: 'text', initial: 'Guns' },
  { key: 'drms', label: 'DRM at range 1, 2, … ("-": out of range)', kind: 'drms', initial: [0] },
];
export const TERRAIN_FIELDS: readonly ChartField[] = [
  { key: 'name', label: 'Terrain', kind: 'text', initial: 'Terrain' },
  { key: 'fire', label: 'Fire', kind: 'nullable-int', initial: null },
  { key: 'shock', label: 'Shock', kind: 'nullable-int', initial: null },
];
export const CONFUSION_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Roll from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'result', label: 'Muster applies', kind: 'select', options: ['stand', 're', 'shock', 'pass', 'other'], initial: 'stand' },
  { key: 'text', label: 'As printed', kind: 'text', initial: '' },
];
export const EVENT_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Roll from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'code', label: 'Code', kind: 'text', initial: '' },
  { key: 'text', label: 'Event', kind: 'text', initial: 'Event' },
];

/** A new Fire Table column: the player fills in its strengths and rows. */
export function newFireColumn(): NonNullable<Charts['fireTable']>['columns'][number] {
  return { label: 'new column', minSp: 0, maxSp: null, rows: [] };
}
