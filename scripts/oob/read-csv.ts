/**
 * Reading the historical order-of-battle CSV (shared/data/gettysburg-oob.csv): checks its columns, arms, armies
 * and numbers and gives one normalised row per regiment or battery, in CSV order.
 */
import type { Arm, Side } from '../../rules/types';
import { parseCsvWithHeader } from '../csv';

/** Columns the converter needs; the gun columns follow them. */
const REQUIRED_COLUMNS = ['type', 'state', 'regiment_or_battery', 'brigade', 'division', 'corps', 'army', 'men', 'total_casualties'] as const;
/** The number of guns of each type in a battery: a battery's SPs are their sum (RI-D01). */
export const GUN_COLUMNS = [
  '3inch_rifles', '4.5inch_rifles', '10lb_parrots', '12lb_howitzers', '12lb_napoleons',
  '6lb_howitzers', '24lb_howitzers', '20lb_parrots', '12lb_whitworths', '14lb_rifles',
] as const;

const ARM_OF_TYPE: Record<string, Arm> = { Infantry: 'infantry', Cavalry: 'cavalry', Artillery: 'artillery' };
const SIDE_OF_ARMY: Record<string, Side> = { Union: 'USA', Confederate: 'CSA' };

/** One regiment or battery of the order of battle, its text normalised. */
export interface OobRow {
  /** 0-based position in the CSV (after the header). */
  index: number;
  side: Side;
  arm: Arm;
  state: string;
  designation: string;
  brigade: string;
  division: string;
  corps: string;
  men: number | null;
  casualties: number | null;
  guns: number;
}

/** Collapses runs of whitespace (the CSV has doubled and trailing spaces) and trims. */
export function normaliseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function count(value: string, column: string, row: number): number | null {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) throw new Error(`convert-oob: row ${row + 1}, column ${column}: "${value}" is not a whole number`);
  return Number(text);
}

/** Parses the order-of-battle CSV into rows, checking columns, arms, armies and numbers. */
export function readOob(csvText: string): OobRow[] {
  const { columns, rows } = parseCsvWithHeader(csvText);
  for (const column of [...REQUIRED_COLUMNS, ...GUN_COLUMNS]) {
    if (!columns.includes(column)) throw new Error(`convert-oob: the CSV has no column "${column}" (columns: ${columns.join(', ')})`);
  }
  return rows.map((r, index) => {
    const arm = ARM_OF_TYPE[normaliseSpaces(r.type ?? '')];
    if (!arm) throw new Error(`convert-oob: row ${index + 1}: type "${r.type}" is not one of Infantry, Cavalry, Artillery`);
    const side = SIDE_OF_ARMY[normaliseSpaces(r.army ?? '')];
    if (!side) throw new Error(`convert-oob: row ${index + 1}: army "${r.army}" is not one of Union, Confederate`);
    const text = (column: string) => {
      const value = normaliseSpaces(r[column] ?? '');
      if (value === '') throw new Error(`convert-oob: row ${index + 1}: column ${column} is empty`);
      return value;
    };
    const guns = GUN_COLUMNS.reduce((sum, column) => sum + (count(r[column] ?? '', column, index) ?? 0), 0);
    return {
      index,
      side,
      arm,
      state: text('state'),
      designation: text('regiment_or_battery'),
      brigade: text('brigade'),
      division: text('division'),
      corps: text('corps'),
      men: count(r.men ?? '', 'men', index),
      casualties: count(r.total_casualties ?? '', 'total_casualties', index),
      guns,
    };
  });
}
