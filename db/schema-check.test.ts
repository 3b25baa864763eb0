/**
 * A game file is trusted only with the schema Muster writes: an added trigger (which would change the state
 * on the victim's next write, with no event saying so), a dropped append-only trigger, a table of its own,
 * or a state that contradicts the log is refused on opening, before anything is written to the file; opened
 * to be looked at, it is read-only with what is wrong among its damage, and verify reports it.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { expectedSchema } from './schema-check';
import { MUSTER_APPLICATION_ID } from './open';
import { GameService } from './service';
import { fileHash, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-schema-');
afterAll(() => tmp.cleanup());

let games = 0;
/** A short game in a folder of its own, closed: a loss and a roll. */
function closedGame(): { file: string; dir: string } {
  games += 1;
  const dir = join(tmp.dir, `g${games}`);
  mkdirSync(dir);
  const g = newGame(dir);
  g.recordLoss({ unitId: '2-wi', sp: 2 });
  g.rollDie({ purpose: 'fire', roll: 4 });
  g.close();
  return { file: g.file, dir };
}

/** Changes the closed file behind Muster's back. */
function edit(file: string, sql: string): void {
  const db = new Database(file);
  // Whoever edits the file may rewrite its schema text too (SQLite's defensive mode off).
  db.unsafeMode(true);
  db.exec(sql);
  db.close();
}

/** Refused on opening, the file and its folder left exactly as they were (no -wal, no backup). */
function expectRefusedUntouched(file: string, dir: string, words: RegExp): void {
  const before = { hash: fileHash(file), files: readdirSync(dir).sort() };
  expect(() => GameService.open(file)).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringMatching(words) }));
  expect({ hash: fileHash(file), files: readdirSync(dir).sort() }).toEqual(before);
}

describe('the schema is checked on opening (RI-V05)', () => {
  it('an added trigger is refused before it can fire; looked at read-only, verify names it and nothing can be recorded', () => {
    const { file, dir } = closedGame();
    edit(file, "CREATE TRIGGER quiet_help AFTER INSERT ON events BEGIN UPDATE units SET sp_lost = 0 WHERE id = '2-wi'; END;");
    expectRefusedUntouched(file, dir, /its structure is not the one Muster writes: it has a trigger "quiet_help" on events that Muster never writes/);
    const g = GameService.open(file, { damaged: 'read-only' });
    try {
      expect(g.db.readonly).toBe(true);
      expect(g.info().damage).toEqual(['its structure is not the one Muster writes: it has a trigger "quiet_help" on events that Muster never writes']);
      const report = g.verify();
      expect(report).toMatchObject({ ok: false, schema: { ok: false, problems: ['it has a trigger "quiet_help" on events that Muster never writes'] }, events: { ok: true }, state: { ok: true } });
      expect(() => g.recordLoss({ unitId: '1-tn', sp: 1 })).toThrow(expect.objectContaining({ code: 'CORRUPT' }));
    } finally {
      g.close();
    }
  });

  it('dropped append-only triggers are refused', () => {
    const { file, dir } = closedGame();
    edit(file, 'DROP TRIGGER events_append_only_update; DROP TRIGGER dice_append_only_delete;');
    expectRefusedUntouched(file, dir, /its trigger "(events_append_only_update|dice_append_only_delete)" on (events|dice_log) is missing \(and 1 more problem\)/);
  });

  it('a table, index or view of its own is refused', () => {
    for (const sql of ['CREATE TABLE notes (text TEXT)', 'CREATE INDEX units_by_sp ON units(sp)', 'CREATE VIEW losses AS SELECT id, sp_lost FROM units']) {
      const { file, dir } = closedGame();
      edit(file, sql);
      expectRefusedUntouched(file, dir, /that Muster never writes/);
    }
  });

  it('a changed definition is refused (a CHECK loosened by rewriting the table)', () => {
    const { file, dir } = closedGame();
    edit(file, 'PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, \'CHECK (entries_done BETWEEN 0 AND 3)\', \'\') WHERE name = \'turn_state\'; PRAGMA writable_schema = OFF;');
    expectRefusedUntouched(file, dir, /its table "turn_state" is not the one Muster writes/);
  });

  it('a state that contradicts the last event is refused on opening; verify says where (RI-V06)', () => {
    const { file, dir } = closedGame();
    const g0 = GameService.open(file);
    g0.recordLoss({ unitId: '1-tn', sp: 1 });
    g0.close();
    edit(file, "UPDATE units SET sp_lost = 0 WHERE id = '1-tn'");
    expectRefusedUntouched(file, dir, /the game's state does not agree with the event undo would take back \(event \d+\): units 1-tn sp_lost is 0, the log says 1/);
    const g = GameService.open(file, { damaged: 'read-only' });
    try {
      expect(g.verify().state.problems.join('\n')).toContain('1-tn');
    } finally {
      g.close();
    }
  });

  it('a foreign file carrying Muster\'s mark is refused unchanged: no switch to WAL, no backup', () => {
    const dir = join(tmp.dir, 'foreign');
    mkdirSync(dir);
    const file = join(dir, 'not-a-game.muster');
    const db = new Database(file);
    db.pragma(`application_id = ${MUSTER_APPLICATION_ID}`);
    db.pragma('user_version = 3');
    db.exec("CREATE TABLE game (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO game VALUES (1, 'a spreadsheet of mine');");
    db.close();
    expectRefusedUntouched(file, dir, /its structure is not the one Muster writes/);
  });

  it('the schema Muster expects comes from the migrations themselves: at the latest version, exactly a new game\'s', () => {
    const g = newGame(tmp.dir);
    try {
      const have = (g.db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").all() as { type: string; name: string }[]).map((o) => `${o.type} ${o.name}`).sort();
      expect([...expectedSchema(MIGRATIONS, MIGRATIONS.length).keys()].sort()).toEqual(have);
      expect(g.verify().schema).toEqual({ count: have.length, ok: true, problems: [] });
    } finally {
      g.close();
    }
  });
});
