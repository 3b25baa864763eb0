/**
 * The group's kit on the service's side: its fingerprint, the counter values a game holds, and the kit the
 * service computes with. A kit is the player's charts (kept per user, electron/charts.ts) with the open
 * game's counter values (cohesion ratings, batteries' guns). Its fingerprint is a short hash of both in a
 * canonical form (keys sorted, no spaces), so two players who imported the same kit file into the same
 * scenario read the same eight characters, and each computed result's event names the kit it used.
 */
import { hash } from 'node:crypto';
import type { KitCounterValues, PlayerCharts } from '../contract';
import type { SqliteDatabase } from './open';
import { statement } from './statements';

export const KIT_FINGERPRINT_FORMAT = 'muster/kit/1';

/** JSON with every object's keys sorted: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The counter values a game holds: each unit with any entered, in id order. */
export function gameCounterValues(db: SqliteDatabase): KitCounterValues[] {
  const rows = statement(
    db,
    'SELECT id, cohesion_ordered, cohesion_disordered, artillery_row FROM units WHERE cohesion_ordered IS NOT NULL OR cohesion_disordered IS NOT NULL OR artillery_row IS NOT NULL ORDER BY id',
  ).all() as { id: string; cohesion_ordered: number | null; cohesion_disordered: number | null; artillery_row: string | null }[];
  return rows.map((r) => ({ unitId: r.id, cohesionOrdered: r.cohesion_ordered, cohesionDisordered: r.cohesion_disordered, artilleryRow: r.artillery_row }));
}

/**
 * The kit's fingerprint: SHA-256 of the charts and the counter values (those with a value, in id order),
 * its first 8 hex digits as "xxxx-xxxx".
 */
export function kitFingerprint(charts: PlayerCharts, counters: readonly KitCounterValues[]): string {
  const entered = counters.filter((c) => c.cohesionOrdered !== null || c.cohesionDisordered !== null || c.artilleryRow !== null);
  const sorted = [...entered].sort((a, b) => (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : 0));
  const digest = hash('sha256', `${KIT_FINGERPRINT_FORMAT}\n${canonicalJson({ charts, counters: sorted })}`);
  return `${digest.slice(0, 4)}-${digest.slice(4, 8)}`;
}

/** The kit a game computes with: the player's charts, and the fingerprint with the game's counter values. */
export interface Kit {
  charts: PlayerCharts;
  fingerprint: string;
}

/** Whether the charts hold any table a combat result is computed from. */
export function hasCombatTables(charts: PlayerCharts): boolean {
  return Boolean(charts.fireTable?.columns.length || charts.shockTable?.columns.length || charts.preShockCheck?.rows.length || charts.rallyTable?.rows.length || charts.uddTable?.rows.length || charts.leaderHit?.rows.length);
}
