/**
 * What the queries a screen holds are made of (contract/answer.ts KEPT_QUERIES), so that a write's answer
 * names those it left as they were (db/service/write-answer.ts): a screen then keeps its view instead of
 * asking again, and never works out for itself whether a change could have moved it.
 *
 * Each query names the state tables it reads, or `every` table when what it reads is too wide to list (the
 * combat plans: the units, their commands' orders, the leaders, the clock, the weather, the optional rules'
 * DRMs), and the kinds of event whose own rows it reads (the hexes last used: the fire and shock events in
 * force). A write kept a query when it touched none of its tables and wrote, took back or brought back no
 * event of its kinds. A query answered as one side sees the game is the same state with that side's
 * hidden entries taken out; a public write adds none and takes none out, so what it kept is kept for every
 * side (and in a step of secret entries the answer says nothing: db/service/write-answer.ts).
 */
import type { KeptQuery } from '../../contract';
import { RECENT_HEX_EVENTS } from './combat';

interface MadeOf {
  /** The state tables read, or every one of them. */
  tables: readonly string[] | 'every';
  /** The kinds of event whose rows are read (not only the state they left). */
  events?: readonly string[];
}

export const KEPT_QUERIES_MADE_OF: Record<KeptQuery, MadeOf> = {
  // db/service/leaders.ts: the leaders' rows, their rating points spent worked out from the same rows.
  leaders: { tables: ['leaders'] },
  // db/service/roster.ts treeOf: the commands, their units' totals and their leaders' names.
  commandTree: { tables: ['commands', 'units', 'leaders'] },
  // db/service/roster.ts roster: the units, their commands' standing orders and names.
  roster: { tables: ['units', 'commands'] },
  // db/service/combat.ts recentHexes: the fire and shock events in force, and their units still on the map.
  recentHexes: { tables: ['units'], events: RECENT_HEX_EVENTS },
  planFire: { tables: 'every' },
  planShock: { tables: 'every' },
  planCohesion: { tables: 'every' },
};

/** What a write touched: the state tables of the rows it changed, and the kinds of the events it wrote or revisited. */
export interface WriteTouched {
  tables: ReadonlySet<string>;
  eventKinds: ReadonlySet<string>;
}

/** The queries whose answers a write that touched `touched` left as they were. */
export function keptQueries(touched: WriteTouched): KeptQuery[] {
  return (Object.entries(KEPT_QUERIES_MADE_OF) as [KeptQuery, MadeOf][])
    .filter(([, madeOf]) => {
      const tablesKept = madeOf.tables === 'every' ? touched.tables.size === 0 : !madeOf.tables.some((t) => touched.tables.has(t));
      return tablesKept && !(madeOf.events ?? []).some((k) => touched.eventKinds.has(k));
    })
    .map(([query]) => query);
}
