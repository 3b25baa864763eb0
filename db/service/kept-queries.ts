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
 * side (and in a step of secret entries the answer names none of them: db/service/write-answer.ts).
 *
 * A query made of what the log's changes do not name is `compared` instead: its answer held before the write
 * (asked in that state, and so kept per state: revision-memo.ts) and its answer after are compared, and it is
 * kept when they are the same. The joint dice of a two-seat game are such a query (db/seats/joint-dice.ts
 * jointDiceState): the seat's own rows, written beside the log and not as its changes (the requests and their
 * shares, the other seat's key, the commitments, which seat wrote each event: a die arrived for a combat is
 * left behind by the seat's next change, whatever it is), and whose step it is (db/seats/facts.ts), which at
 * the beginning of the Activation Segment reads the army commanders, the groups still to come and the sealed
 * orders' events. No list of tables would say it; its answer does, and it is small. A compared query takes no
 * input, so no viewer: in a step of secret entries too its answers are compared, and it is named when kept
 * (db/service/write-answer.ts says why that tells nothing of the other side's entries).
 */
import type { KeptQuery } from '../../contract';
import { RECENT_HEX_EVENTS } from './combat';
import type { GameContext } from './context';
import { keptJointDice } from './joint-dice';
import type { KeptQuery as PerRevision } from './revision-memo';

type MadeOf =
  | {
      /** The state tables read, or every one of them. */
      tables: readonly string[] | 'every';
      /** The kinds of event whose rows are read (not only the state they left). */
      events?: readonly string[];
    }
  | {
      /** The query itself, answered once per state: its answers before and after the write are compared. */
      compared: PerRevision<undefined, unknown>;
    };

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
  // db/seats/joint-dice.ts jointDiceState: the seat's own rows and whose step it is (see above).
  jointDice: { compared: keptJointDice },
};

/** What a write touched: the state tables of the rows it changed, and the kinds of the events it wrote or revisited. */
export interface WriteTouched {
  tables: ReadonlySet<string>;
  eventKinds: ReadonlySet<string>;
  /** The compared queries whose answers after the write are those held before it. */
  answeredAlike: ReadonlySet<KeptQuery>;
}

/** The queries whose answers a write that touched `touched` left as they were. */
export function keptQueries(touched: WriteTouched): KeptQuery[] {
  return (Object.entries(KEPT_QUERIES_MADE_OF) as [KeptQuery, MadeOf][])
    .filter(([query, madeOf]) => {
      if ('compared' in madeOf) return touched.answeredAlike.has(query);
      const tablesKept = madeOf.tables === 'every' ? touched.tables.size === 0 : !madeOf.tables.some((t) => touched.tables.has(t));
      return tablesKept && !(madeOf.events ?? []).some((k) => touched.eventKinds.has(k));
    })
    .map(([query]) => query);
}

/**
 * Called before a write: the compared queries' answers a screen holds (asked in the state before it; one
 * nobody asked is no screen's, and is not named). Returns what says, once the write has run, which of them
 * are answered alike after it (asked again, and so kept for the screen that asks next).
 */
export function answersHeld(ctx: GameContext): () => Set<KeptQuery> {
  const held = (Object.entries(KEPT_QUERIES_MADE_OF) as [KeptQuery, MadeOf][]).flatMap(([query, madeOf]) =>
    'compared' in madeOf && madeOf.compared.asked(ctx, undefined) ? [{ query, ask: madeOf.compared, text: JSON.stringify(madeOf.compared(ctx, undefined)) }] : [],
  );
  return () => new Set(held.filter((h) => JSON.stringify(h.ask(ctx, undefined)) === h.text).map((h) => h.query));
}
