/**
 * The dice log: app rolls from the seeded generator continue across reopening and replay from the seed;
 * typed rolls are logged as 'table'; the SHA-256 chain and the replay catch edited, forged and deleted rows;
 * a roll is never undone, only marked as belonging to an undone event.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { uniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

function expectedSequence(seed: number, n: number): number[] {
  let rng = xoroshiro128plus(seed);
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const [v, next] = uniformIntDistribution(0, 9, rng);
    out.push(v);
    rng = next;
  }
  return out;
}

/** Opens the file behind Muster's back, as someone tampering with it would (triggers dropped). */
function tamper(path: string, sql: string): void {
  const db = new Database(path);
  db.exec('DROP TRIGGER IF EXISTS dice_append_only_update; DROP TRIGGER IF EXISTS dice_append_only_delete;');
  db.exec(sql);
  db.close();
}

describe('the dice log', () => {
  it('app rolls follow the seeded sequence and continue after the file is reopened', () => {
    const g = newGame(tmp.dir, { seed: 424242 });
    const first = [0, 1, 2].map((i) => g.rollDie({ purpose: `roll ${i}` }).roll);
    g.close();
    const again = GameService.open(g.file);
    const next = [3, 4, 5, 6].map((i) => again.rollDie({ purpose: `roll ${i}` }).roll);
    expect([...first, ...next]).toEqual(expectedSequence(424242, 7));
    expect(again.verify().dice).toEqual({ count: 7, ok: true, problems: [] });
    again.close();
  });

  it('a game seeded from node:crypto still replays from its stored seed', () => {
    const g = newGame(tmp.dir, { seed: undefined });
    for (let i = 0; i < 5; i += 1) g.rollDie({ purpose: 'fire' });
    const seed = (g.db.prepare('SELECT seed FROM dice_state').get() as { seed: number }).seed;
    expect(g.diceLog().map((d) => d.roll).reverse()).toEqual(expectedSequence(seed, 5));
    g.close();
  });

  it('logs typed rolls as table rolls without drawing from the generator', () => {
    const g = newGame(tmp.dir, { seed: 99 });
    g.rollDie({ purpose: 'typed', roll: 9 });
    const app = g.rollDie({ purpose: 'app' }).roll;
    expect(app).toBe(expectedSequence(99, 1)[0]);
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

  it('verify catches a forged app roll even when the forger rewrites the whole chain', () => {
    const g = newGame(tmp.dir, { seed: 6 });
    g.rollDie({ purpose: 'forge me' });
    const real = g.diceLog()[0]!.roll;
    g.close();
    const forged = (real + 1) % 10;
    // Rewrite the roll and recompute its hash exactly as Muster does.
    const db = new Database(g.file);
    db.exec('DROP TRIGGER dice_append_only_update');
    const row = db.prepare('SELECT * FROM dice_log WHERE seq = 1').get() as Record<string, string | number | null>;
    const content = JSON.stringify([row.seq, row.at, row.event_seq, row.purpose, row.source, forged, row.modifiers, forged, row.target, String(forged)]);
    const hash = createHash('sha256').update(String(row.prev_hash)).update('\n').update(content).digest('hex');
    db.prepare('UPDATE dice_log SET roll = ?, modified = ?, outcome = ?, hash = ? WHERE seq = 1').run(forged, forged, String(forged), hash);
    db.close();
    // The event the roll belongs to sealed the dice chain's head: the forgery breaks the event chain too.
    const v = GameService.open(g.file, { damaged: 'read-only' });
    const report = v.verify();
    expect(report.dice.problems).toEqual([`roll 1: the app rolled ${real} here, the log says ${forged}`]);
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
