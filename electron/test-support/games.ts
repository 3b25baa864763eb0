/**
 * Real game files for the shell's tests: a small game made with the GameService from the test scenario,
 * the files Muster must refuse (newer, corrupt, foreign SQLite, not SQLite, locked), a content digest to
 * prove a file was not touched, and a snapshot of what the service reports (roster, tally, events, dice)
 * to prove a refused request changed nothing.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, openSync, closeSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GameService } from '../../db/service';
import type { GameServiceApi } from '../../contract';

/** Two brigades a side (the database tests' scenario): small enough to make many games quickly. */
export const TEST_SCENARIO = fileURLToPath(new URL('../../tests/fixtures/two-brigades.json', import.meta.url));

/** Creates a game file and closes it. */
export function makeGameFile(dir: string, name = 'game.muster'): string {
  const file = join(dir, name);
  GameService.create({ file, scenario: TEST_SCENARIO }).close();
  return file;
}

/** SHA-256 of a file and its WAL companion: equal digests mean the file was not touched. */
export function fileDigest(file: string): string {
  const hash = createHash('sha256');
  for (const f of [file, `${file}-wal`]) hash.update(existsSync(f) ? readFileSync(f) : Buffer.from(`no ${f}`));
  return hash.digest('hex');
}

export type RefusedKind = 'NEWER_VERSION' | 'CORRUPT' | 'NOT_MUSTER' | 'NOT_SQLITE';

/** One file of each kind Muster must refuse without touching it. */
export function makeRefusedFiles(dir: string): Record<RefusedKind, string> {
  const newer = makeGameFile(dir, 'from-newer-muster.muster');
  const db = new Database(newer);
  db.pragma('user_version = 999');
  db.close();

  const corrupt = makeGameFile(dir, 'damaged.muster');
  const fd = openSync(corrupt, 'r+');
  // Overwrite the schema page after the 100-byte header: SQLite reports "database disk image is malformed".
  writeSync(fd, Buffer.alloc(3000, 0x5a), 0, 3000, 100);
  closeSync(fd);

  const foreign = join(dir, 'someone-elses.muster');
  const other = new Database(foreign);
  other.exec('CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES (\'hardtack\');');
  other.close();

  const notSqlite = join(dir, 'notes.muster');
  writeFileSync(notSqlite, 'Reynolds arrives at 1000. '.repeat(20));

  return { NEWER_VERSION: newer, CORRUPT: corrupt, NOT_MUSTER: foreign, NOT_SQLITE: notSqlite };
}

/** What the service reports about the game: equal snapshots mean nothing was recorded. */
export function gameSnapshot(service: GameServiceApi) {
  return {
    eventCount: service.info().eventCount,
    roster: service.roster(),
    tally: service.tally(),
    turnState: service.turnState(),
    leaders: service.leaders(),
    dice: service.diceLog({ limit: 5000 }).length,
    history: service.history({ limit: 5000 }).length,
  };
}
