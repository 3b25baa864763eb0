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
