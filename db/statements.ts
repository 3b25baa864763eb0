/**
 * Prepared statements, once per connection: every SQL text is prepared the first time it is used on a
 * connection and reused after that (better-sqlite3 statements are bound to their connection).
 */
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './open';

const cache = new WeakMap<SqliteDatabase, Map<string, Statement>>();

export function statement(db: SqliteDatabase, sql: string): Statement {
  let forDb = cache.get(db);
  if (!forDb) {
    forDb = new Map();
    cache.set(db, forDb);
  }
  let prepared = forDb.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    forDb.set(sql, prepared);
  }
  return prepared;
}

/** Rows per page of pagesOf: large enough that a page costs little, small enough to keep memory flat. */
const PAGE_ROWS = 1000;

/**
 * Every row of `select` (a SELECT with no WHERE or ORDER BY, whose first column is `key`, an INTEGER
 * PRIMARY KEY), raw, in key order, a page at a time. Reading a whole page with all() costs less per row
 * than stepping through the rows with iterate(), and no statement stays open between pages.
 */
export function* pagesOf(db: SqliteDatabase, select: string, key: string): Generator<unknown[][]> {
  const page = statement(db, `${select} WHERE ${key} > ? ORDER BY ${key} LIMIT ${PAGE_ROWS}`).raw();
  let after: unknown = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = page.all(after) as unknown[][];
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = rows[rows.length - 1]![0];
  }
}
