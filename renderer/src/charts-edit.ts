/**
 * The Charts screen's editing: the fields of each of the player's charts as the row editor shows them,
 * and a fresh chart of each kind to start from. The values are the player's own: every new row starts
 * empty or at 0, never with a number of the base game (Muster ships none, RI-K21).
 */
import type { Output } from '../../contract';
import { CONFUSION_RESULTS } from '../../rules/types';

export type Charts = Output<'charts'>;

export interface ChartField {
  key: string;
  label: string;
  kind: 'int' | 'nullable-int' | 'optional-int' | 'text' | 'select' | 'optional-select' | 'bool' | 'drms';
  options?: readonly string[];
  /** What an optional choice left empty means ("as disordered"). */
  emptyLabel?: string;
  /** What a new row holds in this field. */
  initial: unknown;
}

/** What a result does to a unit's status, as the kit's tables say it. */
export const STATUS_RESULTS = ['unchanged', 'ordered', 'disordered', 'routed', 'shattered'] as const;

export const FIRE_ROW_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Roll from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'sp', label: 'SP lost', kind: 'int', initial: 0 },
  { key: 'check', label: 'Cohesion check', kind: 'bool', initial: false },
  { key: 'checkDrm', label: 'check DRM', kind: 'optional-int', initial: undefined },
  { key: 'status', label: 'Morale result', kind: 'select', options: STATUS_RESULTS, initial: 'unchanged' },
  { key: 'ammo', label: 'Ammo', kind: 'bool', initial: false },
  { key: 'text', label: 'As printed', kind: 'text', initial: '' },
];

/** A Shock Table row: the modified rolls, then each side's SPs lost, status and retreat. */
export const SHOCK_ROW_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Roll from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'attacker.sp', label: 'Attacker SP', kind: 'int', initial: 0 },
  { key: 'attacker.status', label: 'Attacker status', kind: 'select', options: STATUS_RESULTS, initial: 'unchanged' },
  { key: 'attacker.retreat', label: 'retreat', kind: 'int', initial: 0 },
  { key: 'defender.sp', label: 'Defender SP', kind: 'int', initial: 0 },
  { key: 'defender.status', label: 'Defender status', kind: 'select', options: STATUS_RESULTS, initial: 'unchanged' },
  { key: 'defender.retreat', label: 'retreat', kind: 'int', initial: 0 },
  { key: 'text', label: 'As printed', kind: 'text', initial: '' },
];

/** A cohesion table row (Pre-Shock, Rally, UDD): modified roll less the rating, then a column per status (RI-K22). */
export const COHESION_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Roll − rating from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'ordered.status', label: 'Ordered: becomes', kind: 'select', options: STATUS_RESULTS, initial: 'unchanged' },
  { key: 'ordered.sp', label: 'SP', kind: 'optional-int', initial: undefined },
  { key: 'ordered.retreat', label: 'retreat', kind: 'optional-int', initial: undefined },
  { key: 'disordered.status', label: 'Disordered: becomes', kind: 'select', options: STATUS_RESULTS, initial: 'unchanged' },
  { key: 'disordered.sp', label: 'SP', kind: 'optional-int', initial: undefined },
  { key: 'disordered.retreat', label: 'retreat', kind: 'optional-int', initial: undefined },
  { key: 'routed.status', label: 'Routed: becomes', kind: 'optional-select', options: STATUS_RESULTS, emptyLabel: 'as disordered', initial: undefined },
  { key: 'routed.sp', label: 'SP', kind: 'optional-int', initial: undefined },
];

export const LEADER_HIT_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Die from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'hit', label: 'Hit', kind: 'bool', initial: false },
  { key: 'text', label: 'As printed', kind: 'text', initial: '' },
];

/** A value inside a row by its dotted key ("ordered.status"). */
export function getPath(row: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);
}

/** A copy of the row with the value at a dotted key set (undefined removes it). */
export function setPath(row: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = key.split('.');
  const copy = { ...row };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head!];
    else copy[head!] = value;
    return copy;
  }
  const inner = copy[head!] !== null && typeof copy[head!] === 'object' ? (copy[head!] as Record<string, unknown>) : {};
  copy[head!] = setPath(inner, rest.join('.'), value);
  return copy;
}
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
  { key: 'result', label: 'Muster applies', kind: 'select', options: CONFUSION_RESULTS, initial: 'stand' },
  { key: 'text', label: 'As printed', kind: 'text', initial: '' },
];
export const EVENT_FIELDS: readonly ChartField[] = [
  { key: 'min', label: 'Roll from', kind: 'int', initial: 0 },
  { key: 'max', label: 'to', kind: 'int', initial: 0 },
  { key: 'code', label: 'Code', kind: 'text', initial: '' },
  { key: 'text', label: 'Event', kind: 'text', initial: 'Event' },
];

/** A new Shock Table column: the player fills in its odds and rows. */
export function newShockColumn(): NonNullable<Charts['shockTable']>['columns'][number] {
  return { label: 'new column', attacker: 1, defender: 1, rows: [] };
}

/** A new Fire Table column: the player fills in its strengths and rows. */
export function newFireColumn(): NonNullable<Charts['fireTable']>['columns'][number] {
  return { label: 'new column', minSp: 0, maxSp: null, rows: [] };
}
