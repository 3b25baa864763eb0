/**
 * Is the file's schema the one Muster writes (RI-V05)? Every table, index, trigger and view in the file's
 * sqlite_master is compared, by type, name, table and SQL text, with what this Muster's migrations leave in
 * an empty database at the file's version (the schema snapshot and the steps after it, built once per
 * version in memory and kept). Nothing is listed here by hand: a new migration changes the expected schema
 * by itself.
 *
 * An added trigger could change the state on the next write without any event saying so; a dropped
 * append-only trigger lets the log be rewritten; an added table or view is nothing Muster wrote. Opening
 * checks it before anything is written to the file (db/open.ts): such a file is refused, or opened
 * read-only with what is wrong among its damage; `verify` reports it. The cost is one read of
 * sqlite_master, whatever the length of the game.
 */
import Database from 'better-sqlite3';
import type { Migration } from './migrations';
import { snapshotFor } from './migrations/schema';
import type { SqliteDatabase } from './open';

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The schema objects of a database (SQLite's own, named sqlite_*, left out), by "type name". */
function schemaOf(db: SqliteDatabase): Map<string, SchemaObject> {
  const rows = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").all() as SchemaObject[];
  return new Map(rows.map((r) => [`${r.type} ${r.name}`, r]));
}

const expected = new WeakMap<readonly Migration[], Map<number, Map<string, SchemaObject>>>();

/** What the migrations leave in an empty database at `version` (built once per list and version). */
export function expectedSchema(migrations: readonly Migration[], version: number): Map<string, SchemaObject> {
  let byVersion = expected.get(migrations);
  if (!byVersion) {
    byVersion = new Map();
    expected.set(migrations, byVersion);
  }
  let schema = byVersion.get(version);
  if (!schema) {
    const db = new Database(':memory:');
    try {
      db.transaction(() => {
        const snapshot = snapshotFor(migrations);
        let from = 0;
        if (snapshot !== null && snapshot.version <= version) {
          db.exec(snapshot.sql);
          from = snapshot.version;
        }
        for (const m of migrations) if (m.version > from && m.version <= version) m.up(db);
      })();
      schema = schemaOf(db);
    } finally {
      db.close();
    }
    byVersion.set(version, schema);
  }
  return schema;
}

const WHAT: Record<string, string> = { table: 'table', index: 'index', trigger: 'trigger', view: 'view' };

/**
 * What differs between the file's schema and the one Muster writes at its version, in words (empty when
 * they agree). Reads sqlite_master only.
 */
export function schemaProblems(db: SqliteDatabase, migrations: readonly Migration[], version: number): string[] {
  const want = expectedSchema(migrations, version);
  const have = schemaOf(db);
  const problems: string[] = [];
  for (const [key, o] of have) {
    const w = want.get(key);
    const what = `${WHAT[o.type] ?? o.type} "${o.name}"${o.type === 'table' || o.tbl_name === o.name ? '' : ` on ${o.tbl_name}`}`;
    if (!w) problems.push(`it has a ${what} that Muster never writes`);
    else if (w.sql !== o.sql || w.tbl_name !== o.tbl_name) problems.push(`its ${what} is not the one Muster writes`);
  }
  for (const [key, w] of want) {
    if (!have.has(key)) problems.push(`its ${WHAT[w.type] ?? w.type} "${w.name}"${w.type === 'table' ? '' : ` on ${w.tbl_name}`} is missing`);
  }
  return problems;
}

/** How many schema objects the comparison covers (verify's count). */
export function schemaObjectCount(migrations: readonly Migration[], version: number): number {
  return expectedSchema(migrations, version).size;
}
