/**
 * A side's secrets kept in the game file: the Alternative Arrival Areas its army commander ordered
 * (Rev. Alternative Arrival Areas: "while not telling him which group of reinforcements is being changed")
 * and the plots of its concealed commands (Rev. Concealed Movement). They change through events like any
 * other state, so undo and redo work on them, but no history entry ever carries those changes: the event's
 * summary names only the side, and the rows are read only by the queries that take a `viewer` and return a
 * side's own secrets to that side alone (db/service/reinforcements.ts, db/service/movement.ts).
 */
import type { Change } from './events';

/** The state tables that hold one side's secrets. */
export const SECRET_TABLES: ReadonlySet<string> = new Set(['alternative_arrivals', 'concealment']);

/** The changes of an event as anyone may read them: the secret tables' changes left out. */
export function publicChanges<C extends Pick<Change, 'table'>>(changes: readonly C[]): C[] {
  return changes.filter((c) => !SECRET_TABLES.has(c.table));
}
