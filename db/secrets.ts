/**
 * A side's secrets kept in the game file: the Alternative Arrival Areas its army commander ordered
 * (Rev. Alternative Arrival Areas: "while not telling him which group of reinforcements is being changed")
 * and the plots of its concealed commands (Rev. Concealed Movement). They change through events like any
 * other state, so undo and redo work on them, but no history entry ever carries those changes: the event's
 * summary names only the side, and the rows are read only by the queries that take a `viewer` and return a
 * side's own secrets to that side alone (db/service/reinforcements.ts, db/service/movement.ts).
 */
import type { Change } from './events';
import type { SqliteDatabase } from './open';
import { statement } from './statements';

/** The state tables that hold one side's secrets. */
export const SECRET_TABLES: ReadonlySet<string> = new Set(['alternative_arrivals', 'concealment']);

/** The changes of an event as anyone may read them: the secret tables' changes left out. */
export function publicChanges<C extends Pick<Change, 'table'>>(changes: readonly C[]): C[] {
  return changes.filter((c) => !SECRET_TABLES.has(c.table));
}

/**
 * Whether the file holds any side's secret entry (events.secret_side, schema 6), known per connection: the
 * queries that leave hidden entries out (every query runs as its viewer sees the game, every write numbers
 * its event) ask nothing more of a game that never had one. A secret entry, once in the log, stays there
 * (the log is append-only and its secret_side fixed by a trigger), so "yes" is kept for good; "no" is kept
 * only as the committed file says it (read outside a transaction), and the write path turns it to "yes"
 * as it writes one (markSecretEntry). A "yes" left by a rolled-back write only costs the full query.
 */
const secretEntryKnown = new WeakMap<SqliteDatabase, boolean>();

export function anySecretEntry(db: SqliteDatabase): boolean {
  const known = secretEntryKnown.get(db);
  if (known !== undefined) return known;
  // Asked again inside each change until it is known outside one: the statement is prepared once.
  const any = statement(db, "SELECT 1 FROM events WHERE secret_side IN ('USA', 'CSA') LIMIT 1").get() !== undefined;
  if (any || !db.inTransaction) secretEntryKnown.set(db, any);
  return any;
}

/** The write path records a secret entry on this connection. */
export function markSecretEntry(db: SqliteDatabase): void {
  secretEntryKnown.set(db, true);
}
