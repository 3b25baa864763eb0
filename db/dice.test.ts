/**
 * The dice log: app rolls are fresh operating-system randomness that nothing in the file predicts; typed
 * rolls are logged as 'table'; the SHA-256 chain (each roll salted) catches edited and deleted rows, and the
 * event chain catches a roll forged with the dice chain recomputed; a roll is never undone, only marked as
 * belonging to an undone event.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { FIXTURE_SCENARIO, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A game as players create it: no seed, so the app's die is the operating system's. */
function playersGame(name: string): GameService {
  return GameService.create({ file: tmp.file(name), scenario: FIXTURE_SCENARIO });
}

const appRolls = (g: GameService, n: number) => Array.from({ length: n }, (_, i) => g.rollDie({ purpose: `roll ${i}` }).roll);

/** Opens the file behind Muster's back, as someone tampering with it would (triggers dropped). */
function tamper(path: string, sql: string): void {
  const db = new Database(path);
  const triggers = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'dice_log'").all() as { sql: string }[];
  db.exec('DROP TRIGGER IF EXISTS dice_append_only_update; DROP TRIGGER IF EXISTS dice_append_only_delete;');
  db.exec(sql);
  // Put back as they were, as a forger would (the opening check would name them missing).
  for (const t of triggers) db.exec(t.sql);
  db.close();
}

describe('the dice log', () => {
  it('nothing in the file predicts the next app roll: two copies of one game roll differently from there on', () => {
    const g = playersGame('original.muster');
    appRolls(g, 9);
    g.close();
    copyFileSync(g.file, tmp.file('copy.muster'));
    const original = GameService.open(g.file);
    const copy = GameService.open(tmp.file('copy.muster'));
    // With the generator's state in the file, both copies would roll the same 32 dice (1 chance in 10^32 otherwise).
    expect(appRolls(original, 32)).not.toEqual(appRolls(copy, 32));
    expect(original.verify().ok).toBe(true);
    original.close();
    copy.close();
  });

  it('the file keeps no generator, seed or count: only the rolls themselves', () => {
    const g = playersGame('no-state.muster');
    appRolls(g, 3);
    const tables = (g.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).not.toContain('dice_state');
    const genesis = JSON.parse((g.db.prepare('SELECT state FROM genesis').get() as { state: string }).state) as Record<string, unknown>;
    expect(genesis).not.toHaveProperty('dice');
    g.close();
  });

  it('the app die shows every face of a d10 (0-9) and nothing else', () => {
    const g = playersGame('faces.muster');
    const rolls = appRolls(g, 200);
    // Each face is missed by 200 fair rolls with probability 0.9^200 (about 10^-9).
    expect(new Set(rolls)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    g.close();
  });

  it('logs typed rolls as table rolls and app rolls as app rolls', () => {
    const g = newGame(tmp.dir);
    g.rollDie({ purpose: 'typed', roll: 9 });
    g.rollDie({ purpose: 'app' });
    expect(g.diceLog().map((d) => [d.source, d.purpose])).toEqual([['app', 'app'], ['table', 'typed']]);
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('chains each row to the one before with SHA-256', () => {
    const g = newGame(tmp.dir);
    g.rollDie({ purpose: 'a', roll: 1 });
    g.rollDie({ purpose: 'b', roll: 2 });
    const rows = g.db.prepare('SELECT prev_hash, hash FROM dice_log ORDER BY seq').all() as { prev_hash: string; hash: string }[];
    expect(rows[0]!.prev_hash).toBe('0'.repeat(64));
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(rows[1]!.hash).toMatch(/^[0-9a-f]{64}$/);
    g.close();
  });

  it('the schema itself refuses to edit or delete a roll', () => {
    const g = newGame(tmp.dir);
    g.rollDie({ purpose: 'a', roll: 1 });
    expect(() => g.db.exec('UPDATE dice_log SET roll = 0')).toThrow(/append-only/);
    expect(() => g.db.exec('DELETE FROM dice_log')).toThrow(/append-only/);
    g.close();
  });

  it('verify catches an edited roll, a deleted roll, and a forged app roll with a recomputed hash', () => {
    const g = newGame(tmp.dir, { seed: 5 });
    for (let i = 0; i < 4; i += 1) g.rollDie({ purpose: `r${i}` });
    g.close();

    tamper(g.file, "UPDATE dice_log SET outcome = 'KIA' WHERE seq = 2");
    let v = GameService.open(g.file);
    expect(v.verify()).toMatchObject({ ok: false, dice: { ok: false, problems: [expect.stringContaining('roll 2: its content does not match its hash')] } });
    v.close();

    tamper(g.file, 'DELETE FROM dice_log WHERE seq = 3');
    // The last roll no longer links to the one before it: the opening checks see that much.
    expect(() => GameService.open(g.file)).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('the last die roll (roll 4) does not link to the roll before it') }));
    v = GameService.open(g.file, { damaged: 'read-only' });
    expect(v.verify().dice.problems).toEqual(expect.arrayContaining([expect.stringContaining('roll 4: expected roll 3 next'), expect.stringContaining('roll 4: its link to the previous roll is broken')]));
    v.close();
  });

  it('verify catches a roll forged with its salt kept and its hash recomputed: the event chain sealed the old one', () => {
    const g = newGame(tmp.dir);
    g.rollDie({ purpose: 'forge me' });
    const real = g.diceLog()[0]!.roll;
    g.close();
    const forged = (real + 1) % 10;
    // Rewrite the roll and recompute its hash exactly as Muster does (format 2: its salt included).
    const db = new Database(g.file);
    const trigger = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'dice_append_only_update'").get() as { sql: string };
    db.exec('DROP TRIGGER dice_append_only_update');
    const row = db.prepare('SELECT * FROM dice_log WHERE seq = 1').get() as Record<string, string | number | null>;
    const content = JSON.stringify([row.seq, row.at, row.event_seq, row.purpose, row.source, forged, row.modifiers, forged, row.target, String(forged)]);
    const hash = createHash('sha256').update(`${String(row.prev_hash)}\nmuster/dice/2\n${String(row.salt)}\n${content}`).digest('hex');
    db.prepare('UPDATE dice_log SET roll = ?, modified = ?, outcome = ?, hash = ? WHERE seq = 1').run(forged, forged, String(forged), hash);
    db.exec(trigger.sql);
    db.close();
    const v = GameService.open(g.file, { damaged: 'read-only' });
    const report = v.verify();
    expect(report.dice).toMatchObject({ ok: true, problems: [] });
    expect(report.events.problems).toEqual(['event 1: its content (or the die rolls up to it) does not match its hash: edited or damaged']);
    v.close();
  });

  it('undo never takes a roll back: the roll stays, marked as belonging to an undone event', () => {
    const g = newGame(tmp.dir);
    const r = g.leaderCasualty({ leaderId: 'reynolds', roll: 2 });
    g.undo();
    expect(g.leaders().find((l) => l.id === 'reynolds')!.casualty).toBe('none');
    expect(g.diceLog()).toEqual([expect.objectContaining({ seq: r.dice[0]!.seq, eventUndone: true, outcome: 'KIA' })]);
    g.redo();
    expect(g.diceLog()[0]!.eventUndone).toBe(false);
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});
