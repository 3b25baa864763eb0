/**
 * Tamper evidence, as players who exchange game files by e-mail need it: the event log is a hash chain
 * sealed to the dice chain and rooted in the game's genesis; `verify` rebuilds the state from the genesis
 * and the log and says what differs; the fingerprint changes with anything before it; opening refuses a
 * file whose end is damaged; and a damaged record is reported, never a crash. Each edit below is made
 * behind Muster's back, as someone with a SQLite tool would (the append-only triggers dropped first).
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, statSync, truncateSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangeSet, recordEvent } from './events';
import { GameService } from './service';
import { FIXTURE_SCENARIO, fileHash, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-integrity-');
afterAll(() => tmp.cleanup());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Runs SQL on the closed game file with every append-only trigger dropped, then puts them back as they were,
 * as a forger would: the schema then passes the opening check, and what is left to find is the edit itself.
 */
function tamper(file: string, sql: string | ((db: Database.Database) => void)): void {
  const db = new Database(file);
  const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { name: string; sql: string }[];
  for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
  if (typeof sql === 'string') db.exec(sql);
  else sql(db);
  for (const t of triggers) db.exec(t.sql);
  db.close();
}

/** The event hash as the header of db/events.ts writes it down, computed here independently. */
function expectedEventHash(prevHash: string, e: Record<string, unknown>, diceHead: string): string {
  // Format 2 (a salt, schema 13) names itself and ends its head with the salt; format 1 has neither.
  const salted = e.salt !== null && e.salt !== undefined;
  const head = [salted ? 'muster/event/2' : 'muster/event/1', e.seq, e.at, e.turn_id, e.segment, e.phase, e.kind, e.subjects, e.prev_head ?? '', ...(salted ? [e.salt] : [])].join('\u001f');
  return sha256(`${prevHash}\n${head}\n${diceHead}\n${JSON.stringify(e.summary)}\n${String(e.payload)}`);
}

/** Re-hashes the dice chain from `from` on, as a forger who knows the format would. */
function rehashDice(db: Database.Database): void {
  let prev = '0'.repeat(64);
  for (const r of db.prepare('SELECT * FROM dice_log ORDER BY seq').all() as Record<string, string | number | null>[]) {
    const values = JSON.stringify([r.seq, r.at, r.event_seq, r.purpose, r.source, r.roll, r.modifiers, r.modified, r.target, r.outcome]);
    const hash = sha256(r.salt === null ? `${prev}\n${values}` : `${prev}\nmuster/dice/2\n${String(r.salt)}\n${values}`);
    db.prepare('UPDATE dice_log SET prev_hash = ?, hash = ? WHERE seq = ?').run(prev, hash, r.seq);
    prev = hash;
  }
}

/** A short game: losses, fatigue, a status, typed and app rolls, an undo and a redo. */
function playedGame(): GameService {
  const g = newGame(tmp.dir);
  g.recordLoss({ unitId: '2-wi', sp: 2 });
  g.rollDie({ purpose: 'artillery fire', roll: 7 });
  g.setFatigue({ unitId: '6-wi', level: 2 });
  g.rollDie({ purpose: 'shock' });
  g.setStatus({ unitId: '1-tn', status: 'disordered' });
  g.undo();
  g.redo();
  g.rollDie({ purpose: 'the last roll', roll: 3 });
  return g;
}

const openToVerify = (file: string) => GameService.open(file, { damaged: 'read-only' });

describe('the event chain', () => {
  it('hashes each event over the previous hash and its canonical content, from the genesis, sealing the dice head', () => {
    const g = playedGame();
    const genesis = g.db.prepare('SELECT state, hash FROM genesis').get() as { state: string; hash: string };
    expect(genesis.hash).toBe(sha256(`muster/genesis/1\n${genesis.state}`));
    expect(JSON.parse(genesis.state)).toMatchObject({ format: 2, tables: { units: { columns: expect.arrayContaining(['id', 'sp_lost']) } } });
    const events = g.db.prepare('SELECT * FROM events ORDER BY seq').all() as Record<string, unknown>[];
    const dice = g.db.prepare('SELECT event_seq, hash FROM dice_log ORDER BY seq').all() as { event_seq: number; hash: string }[];
    let prev = genesis.hash;
    for (const e of events) {
      const head = dice.filter((d) => d.event_seq <= (e.seq as number)).at(-1)?.hash ?? '0'.repeat(64);
      expect(e.prev_hash).toBe(prev);
      expect(e.hash).toBe(expectedEventHash(prev, e, head));
      prev = e.hash as string;
    }
    expect(g.verify()).toMatchObject({ ok: true, events: { count: 6, ok: true }, dice: { count: 3, ok: true }, state: { ok: true } });
    g.close();
  });

  it('the schema refuses to change an event\'s hash or the genesis', () => {
    const g = playedGame();
    expect(() => g.db.exec("UPDATE events SET hash = 'x' WHERE seq = 1")).toThrow(/append-only/);
    expect(() => g.db.exec("UPDATE genesis SET state = '{}'")).toThrow(/never changes/);
    expect(() => g.db.exec('DELETE FROM genesis')).toThrow(/never changes/);
    g.close();
  });
});

describe('verify catches every edit', () => {
  it('a field no event ever touched: the state rebuilt from the genesis and the log disagrees, table by table', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, "UPDATE units SET sp_lost = sp_lost + 1 WHERE id = '24-mi'");
    const v = GameService.open(g.file);
    expect(v.verify()).toMatchObject({ ok: false, integrity: 'ok', events: { ok: true }, dice: { ok: true }, state: { ok: false, problems: ['units 24-mi: sp_lost is 1, the log says 0'] } });
    v.close();
  });

  it('what the scenario gave the game: a printed strength, a turn of the time track, a new or a missing row', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, "UPDATE units SET sp = 9 WHERE id = '7-tn'; UPDATE turns SET light = 'night' WHERE idx = 0; DELETE FROM objectives WHERE side = 'CSA'; INSERT INTO reinforcement_groups (id, side, scheduled_turn_id, entry_area) SELECT 'ghost', 'USA', id, 'A' FROM turns WHERE idx = 0");
    const v = GameService.open(g.file);
    expect(v.verify().state.problems).toEqual([
      'turns 1863-07-01T0740: light is "night", the log says "day"',
      'reinforcement_groups ghost: a row the game never had',
      'units 7-tn: sp is 9, the log says 5',
      'objectives CSA:mcpherson-ridge: the row is missing',
    ]);
    v.close();
  });

  it('a side\'s secret edited behind the log: named, its values never shown (verify\'s report goes to both players)', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, `UPDATE concealment SET concealed = 1, plot = '[{"turnId":"1863-07-01T0740","hex":"4415","note":"flank march"}]' WHERE id = 'archer'`);
    const v = GameService.open(g.file);
    const problems = v.verify().state.problems;
    expect(problems).toEqual([
      "concealment archer: concealed is not what the log says (a side's secret: the values are not shown)",
      "concealment archer: plot is not what the log says (a side's secret: the values are not shown)",
    ]);
    expect(problems.join(' ')).not.toMatch(/4415|flank/);
    v.close();
  });

  it('a field an event changed, set back behind the log: the rebuild and undo both see it', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, "UPDATE units SET sp_lost = 0 WHERE id = '2-wi'");
    const v = GameService.open(g.file);
    expect(v.verify().state.problems).toEqual(['units 2-wi: sp_lost is 0, the log says 2']);
    v.close();
  });

  it('an event\'s record edited: its hash no longer matches, and the rebuilt state shows the difference', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, (db) => {
      const row = db.prepare('SELECT payload FROM events WHERE seq = 1').get() as { payload: string };
      db.prepare('UPDATE events SET payload = ?, summary = ? WHERE seq = 1').run(row.payload.replaceAll('"after":2', '"after":1'), '2nd Wisconsin loses 1 SP');
      db.exec("UPDATE units SET sp_lost = 1 WHERE id = '2-wi'");
    });
    const v = GameService.open(g.file);
    const report = v.verify();
    expect(report.events.problems).toEqual(['event 1: its content (or the die rolls up to it) does not match its hash: edited or damaged']);
    expect(report.state.ok).toBe(true);
    v.close();
  });

  it('an event deleted from the middle of the log', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, 'DELETE FROM events WHERE seq = 3');
    const v = GameService.open(g.file);
    expect(v.verify().events.problems).toEqual(expect.arrayContaining(['event 3 is missing from the log', 'event 4: its link to the previous event is broken', 'event 3 on the undo chain is missing']));
    v.close();
  });

  it('a table roll edited with the dice chain re-hashed: the event that rolled it sealed the old head', () => {
    const g = playedGame();
    const before = g.info().fingerprint;
    g.close();
    tamper(g.file, (db) => {
      db.exec("UPDATE dice_log SET roll = 2, modified = 2, outcome = '2' WHERE purpose = 'artillery fire'");
      rehashDice(db);
    });
    expect(() => GameService.open(g.file)).toThrow(expect.objectContaining({ code: 'CORRUPT' }));
    const v = openToVerify(g.file);
    const report = v.verify();
    expect(report.dice).toMatchObject({ ok: true });
    expect(report.events.problems).toEqual(expect.arrayContaining(['event 2: its content (or the die rolls up to it) does not match its hash: edited or damaged']));
    expect(report.fingerprint).not.toBe(before);
    v.close();
  });

  it('the last roll deleted (a typed roll: the generator cannot miss it)', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, 'DELETE FROM dice_log WHERE seq = (SELECT max(seq) FROM dice_log)');
    expect(() => GameService.open(g.file)).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('the last event (event 6) does not match its hash') }));
    const v = openToVerify(g.file);
    expect(v.verify()).toMatchObject({ ok: false, dice: { ok: true, count: 2 }, events: { ok: false, problems: ['event 6: its content (or the die rolls up to it) does not match its hash: edited or damaged'] } });
    v.close();
  });

  it('a whole chain forged by someone who knows the format still changes the fingerprint players noted', () => {
    const g = playedGame();
    const noted = g.info().fingerprint;
    g.close();
    tamper(g.file, (db) => {
      db.exec("UPDATE dice_log SET roll = 9, modified = 9, outcome = '9' WHERE seq = 3");
      rehashDice(db);
      const dice = db.prepare('SELECT event_seq, hash FROM dice_log ORDER BY seq').all() as { event_seq: number; hash: string }[];
      let prev = (db.prepare('SELECT hash FROM genesis').get() as { hash: string }).hash;
      for (const e of db.prepare('SELECT * FROM events ORDER BY seq').all() as Record<string, unknown>[]) {
        const hash = expectedEventHash(prev, e, dice.filter((d) => d.event_seq <= (e.seq as number)).at(-1)?.hash ?? '0'.repeat(64));
        db.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?').run(prev, hash, e.seq);
        prev = hash;
      }
    });
    const v = GameService.open(g.file);
    expect(v.verify()).toMatchObject({ ok: true });
    expect(v.info().fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(v.info().fingerprint).not.toBe(noted);
    v.close();
  });

  it('the genesis edited to agree with an edited state', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, (db) => {
      const { state } = db.prepare('SELECT state FROM genesis').get() as { state: string };
      db.prepare('UPDATE genesis SET state = ?').run(state.replace('"7th Tennessee",', '"7th Tennessee (edited)",'));
      db.exec("UPDATE units SET name = '7th Tennessee (edited)' WHERE id = '7-tn'");
    });
    expect(() => GameService.open(g.file)).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('the genesis (the state the game began with) does not match its hash') }));
    const v = openToVerify(g.file);
    expect(v.verify().events.problems).toEqual(['the genesis (the state the game began with) does not match its hash: it was edited or damaged']);
    v.close();
  });
});

describe('what is stored is what is hashed', () => {
  it('text typed in decomposed form (NFD) is stored composed (NFC), as hashed, and verifies (RI-V04)', () => {
    const g = newGame(tmp.dir);
    const r = g.rollDie({ purpose: ' Pickett\u2019s charge at the Angle \u2014 Ge\u0301ne\u0301ral ', roll: 5 });
    const stored = g.db.prepare('SELECT purpose FROM dice_log WHERE seq = ?').get(r.dice[0]!.seq) as { purpose: string };
    expect(stored.purpose).toBe('Pickett\u2019s charge at the Angle \u2014 G\u00e9n\u00e9ral');
    expect(JSON.parse((g.db.prepare('SELECT payload FROM events WHERE seq = ?').get(r.event.seq) as { payload: string }).payload).input).toEqual({ purpose: stored.purpose, roll: 5 });
    g.close();
    const again = GameService.open(g.file);
    expect(again.verify().ok).toBe(true);
    again.close();
  });

  it('a player name given decomposed at creation is stored composed and trimmed', () => {
    const g = GameService.create({ file: tmp.file('names.muster'), scenario: FIXTURE_SCENARIO, players: { USA: ' Jose\u0301 ', CSA: 'Ann' } });
    expect(g.info().players).toEqual({ USA: 'Jos\u00e9', CSA: 'Ann' });
    expect(() => GameService.create({ file: tmp.file('lone.muster'), scenario: FIXTURE_SCENARIO, players: { USA: 'x\uD800' } })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'players.USA' }));
    g.close();
  });

  it('a lone surrogate that reaches the log some other way is stored as U+FFFD and hashed as stored', () => {
    const g = newGame(tmp.dir);
    g.db.transaction(() => recordEvent(g.db, { kind: 'die.rolled', summary: 'half a pair \uD83C', input: { note: '\uDC00' }, changes: new ChangeSet(), dice: [{ purpose: 'odd \uDFFF', source: 'table', roll: 1, modifiers: { total: 0, items: [] }, modified: 1, target: null, outcome: '1' }] }, '2024-07-01T12:00:00.000Z'))();
    expect(g.db.prepare('SELECT summary FROM events').get()).toEqual({ summary: 'half a pair \uFFFD' });
    expect(g.db.prepare('SELECT purpose FROM dice_log').get()).toEqual({ purpose: 'odd \uFFFD' });
    g.close();
    const again = GameService.open(g.file);
    expect(again.verify()).toMatchObject({ ok: true, events: { count: 1 }, dice: { count: 1 } });
    again.close();
  });
});

describe('the fingerprint', () => {
  it('is 12 hex characters over both chains\' heads and the undo pointers: every change, undo and redo moves it (RI-V02)', () => {
    const g = newGame(tmp.dir);
    const seen = [g.info().fingerprint];
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    seen.push(g.info().fingerprint);
    g.rollDie({ purpose: 'fire', roll: 4 });
    seen.push(g.info().fingerprint);
    g.undo();
    seen.push(g.info().fingerprint);
    for (const f of seen) expect(f).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(seen).size).toBe(4);
    g.redo();
    expect(g.info().fingerprint).toBe(seen[2]);
    const events = g.db.prepare('SELECT hash FROM events ORDER BY seq DESC LIMIT 1').get() as { hash: string };
    const dice = g.db.prepare('SELECT hash FROM dice_log ORDER BY seq DESC LIMIT 1').get() as { hash: string };
    expect(g.info().fingerprint).toBe(sha256(`muster/fingerprint/1\n${events.hash}\n${dice.hash}\n2\n`).slice(0, 12));
    expect(g.verify().fingerprint).toBe(g.info().fingerprint);
    g.close();
  });
});

describe('a damaged file', () => {
  let cuts = 0;
  /** A played game, closed (its write-ahead log checkpointed into the file), and a copy cut short by `bytes`. */
  function cutShort(bytes: number): { file: string; intact: string } {
    const g = newGame(tmp.dir);
    for (let i = 0; i < 120; i += 1) {
      if (i % 3 === 0) g.rollDie({ purpose: `roll ${i}`, roll: i % 10 });
      else g.setFatigue({ unitId: ['2-wi', '6-wi', '24-mi'][i % 3]!, level: (i % 4) + 1 });
    }
    g.close();
    cuts += 1;
    const file = tmp.file(`cut-${bytes}-${cuts}.muster`);
    copyFileSync(g.file, file);
    truncateSync(file, statSync(file).size - bytes);
    return { file, intact: g.file };
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 98, 4096])('cut short by %i bytes: refused at opening, and the file is left as it was', (bytes) => {
    const { file } = cutShort(bytes);
    const hash = fileHash(file);
    expect(() => GameService.open(file)).toThrow(expect.objectContaining({ code: 'CORRUPT', field: 'file', message: expect.stringMatching(/is damaged: the file (ends part-way through a page|is \d+ bytes shorter than its header says)/) }));
    expect(fileHash(file)).toBe(hash);
  });

  it('opened read-only to look at it: verify reports what is damaged (never a crash), and nothing can be recorded (RI-V03)', () => {
    const { file } = cutShort(98);
    const g = openToVerify(file);
    // The length first (what else the cut reached depends on where the last rows fell in the file's pages).
    expect(g.info().damage[0]).toMatch(/^the file ends part-way through a page \(\d+ bytes, pages of 4096\): it was cut off or added to$/);
    const report = g.verify();
    expect(report.ok).toBe(false);
    const all = [report.integrity, ...report.events.problems, ...report.dice.problems, ...report.state.problems].join('\n');
    expect(all).toMatch(/does not match its hash|damaged|missing/);
    expect(() => g.setFatigue({ unitId: '2-wi', level: 1 })).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('open read-only') }));
    expect(() => g.undo()).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('open read-only') }));
    g.close();
  });

  it('a damaged event record: verify, the history and the tally report it in words instead of "Unexpected token"', () => {
    const g = playedGame();
    g.close();
    tamper(g.file, (db) => {
      const { payload } = db.prepare('SELECT payload FROM events WHERE seq = 3').get() as { payload: string };
      db.prepare('UPDATE events SET payload = ? WHERE seq = 3').run(`${payload.slice(0, 20)}\u0000\u0000\u0000`);
    });
    const v = GameService.open(g.file);
    const report = v.verify();
    expect(report.events.problems).toEqual(['event 3: its content (or the die rolls up to it) does not match its hash: edited or damaged', 'event 3: its record is damaged (its changes cannot be read)']);
    expect(report.state.problems).toEqual(['the state cannot be rebuilt past event 3, whose record is damaged']);
    expect(() => v.history()).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining("event 3's record in the game file is damaged") }));
    expect(() => v.tally()).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining("event 3's record in the game file is damaged") }));
    v.close();
  });

  it('the undo head damaged: refused at opening', () => {
    const g = playedGame();
    g.undo();
    g.close();
    tamper(g.file, "UPDATE events SET payload = substr(payload, 1, 30) WHERE seq = 5");
    expect(() => GameService.open(g.file)).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('the event undo would take back (event 5) does not match its hash') }));
  });
});
