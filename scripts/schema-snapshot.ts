/**
 * Moves db/migrations/schema.ts (the one-script schema a new game file gets) up to the latest migration:
 * runs every migration on an empty in-memory database and writes its sqlite_master, in SQLite's order.
 * For maintainers after adding a migration (`npx tsx scripts/schema-snapshot.ts`); db/migrations.test.ts
 * checks the result is exactly what the migrations produce.
 */
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS } from '../db/migrations/index';
const db = new Database(':memory:');
for (const m of MIGRATIONS) m.up(db);
const rows = db.prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid").all() as { sql: string }[];
const sql = rows.map((r) => `${r.sql};`).join('\n');
const p = fileURLToPath(new URL('../db/migrations/schema.ts', import.meta.url));
const s = readFileSync(p, 'utf8');
const start = s.indexOf('  sql: /* sql */ `');
const end = s.indexOf('`,', start);
const v = MIGRATIONS.length;
let out = s.slice(0, start) + '  sql: /* sql */ `\n' + sql + '\n' + s.slice(end);
out = out.replace(/ {2}version: \d+,\n {2}sql:/, `  version: ${v},\n  sql:`);
out = out.replace(/The schema of a new game file at version \d+, as one script: exactly what migrations 1-\d+ leave/, `The schema of a new game file at version ${v}, as one script: exactly what migrations 1-${v} leave`);
out = out.replace(/then only the migrations after\n \* version \d+ \(db\/open\.ts\)/, `then only the migrations after\n * version ${v} (db/open.ts)`);
writeFileSync(p, out);
console.log(`db/migrations/schema.ts: version ${v}, ${rows.length} statements`);
