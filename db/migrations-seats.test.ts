/**
 * The migrations of games played from two seats (db/seats/), each on a real file of the version before it:
 * the seats' keys and signatures, the seat's seen mark, joint dice, sealed orders, the remembered shared folder
 * and the anchors of Concealed Movement.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS } from './migrations';
import { GameService } from './service';
import { rememberedSharedFolder, rememberSharedFolder } from './seats/folder-mark';
import { newGame, tempDir } from '../tests/fixtures/game';
import { exchange, playOn, send, toAct, twoSeats } from '../tests/seats/table';
import { concealedAnchorSecrets } from './seats/sealed-plots';
import { concealedAnchorsInLog } from './service/sealed-plot-log';

const tmp = tempDir('muster-migrations-seats-');
afterAll(() => tmp.cleanup());

describe('0016: two seats', () => {
  it('brings a version 15 game to version 16: a game at one laptop, no seat, its fingerprint kept, it plays on and verifies without a seats section', () => {
    const played = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, 15) });
    expect(played.schemaVersion).toBe(15);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    const fingerprint = played.info().fingerprint;
    played.close();

    const g = GameService.open(played.file);
    try {
      expect(g.schemaVersion).toBe(LATEST_VERSION);
      for (const table of ['seat_game', 'seat_keys', 'seat_private_key', 'event_seats', 'seat_commitments', 'seat_pending', 'seat_peer']) {
        expect(g.db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
      }
      expect(g.info().fingerprint).toBe(fingerprint);
      g.recordLoss({ unitId: '2-wi', sp: 1 });
      const report = g.verify();
      expect(report).toMatchObject({ ok: true });
      expect(report.seats).toBeUndefined();
      // Who signed an event never changes once written.
      g.db.prepare("INSERT INTO event_seats (seq, side, call_fn, call_input, call_at, call_index, signature) VALUES (1, 'USA', 'recordLoss', '', 'now', 0, 'AA==')").run();
      expect(() => g.db.exec("UPDATE event_seats SET side = 'CSA' WHERE seq = 1")).toThrow(/append-only/);
      expect(() => g.db.exec('DELETE FROM event_seats WHERE seq = 1')).toThrow(/append-only/);
    } finally {
      g.close();
    }
  });
});

describe('0017: how far a seat has seen the game', () => {
  it("brings a version 16 seat file to version 17: its mark is the last event its seat signed, its fingerprint kept; a game at one laptop gets no mark", () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run', { migrations: MIGRATIONS.slice(0, 16) });
    expect(t.USA.schemaVersion).toBe(16);
    t.USA.finishEntries({ side: 'USA' });
    t.CSA.finishEntries({ side: 'CSA' });
    exchange(t);
    t.USA.advanceClock();
    send(t, 'USA');
    const signed = (t.CSA.db.prepare("SELECT max(seq) AS n FROM event_seats WHERE side = 'CSA'").get() as { n: number }).n;
    const fingerprint = t.CSA.info().fingerprint;
    t.USA.close();
    t.CSA.close();

    const csa = GameService.open(t.files.CSA);
    try {
      expect(csa.schemaVersion).toBe(LATEST_VERSION);
      expect(csa.db.prepare('SELECT * FROM seat_seen').all()).toEqual([{ id: 1, played_seq: signed, played_at: null, seen_seq: 0, seen_at: null }]);
      expect(csa.info().fingerprint).toBe(fingerprint);
      // What USA did after CSA's last signed event is the news: the move of the clock.
      expect(csa.sinceLastPlayed()).toMatchObject({ since: { mark: 'played', at: null }, changes: 1, groups: [{ kind: 'clock', count: 1 }] });
      expect(() => csa.db.exec('INSERT INTO seat_seen (id) VALUES (2)')).toThrow(/CHECK/);
    } finally {
      csa.close();
    }

    const played = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, 16) });
    played.close();
    const g = GameService.open(played.file);
    try {
      expect(g.db.prepare('SELECT count(*) AS n FROM seat_seen').get()).toEqual({ n: 0 });
      expect(g.sinceLastPlayed().twoSeats).toBe(false);
    } finally {
      g.close();
    }
  });
});

describe('0018: joint dice', () => {
  it('brings a game of the version before to this one: every roll kept with its hash, the fingerprint kept, the dice log still append-only, and a roll may say it was rolled jointly', () => {
    // The step's place in MIGRATIONS is its version (renumbered at a merge if need be).
    const before = MIGRATIONS.findIndex((m) => m.name === 'joint-dice');
    const played = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, before) });
    expect(played.schemaVersion).toBe(before);
    played.rollDie({ purpose: 'the app\'s die' });
    played.rollDie({ purpose: 'a die from the table', roll: 3 });
    const earlier = { dice: played.db.prepare('SELECT * FROM dice_log ORDER BY seq').all(), fingerprint: played.info().fingerprint };
    expect(() => played.db.prepare("INSERT INTO dice_log (seq, at, event_seq, purpose, source, roll, modifiers, modified, outcome, prev_hash, hash) VALUES (99, 'now', 1, 'x', 'joint', 1, '{}', 1, '1', 'p', 'h')").run()).toThrow(/CHECK/);
    played.close();

    const g = GameService.open(played.file);
    try {
      expect(g.schemaVersion).toBe(LATEST_VERSION);
      expect(g.db.prepare('SELECT * FROM dice_log ORDER BY seq').all()).toEqual(earlier.dice);
      expect(g.info().fingerprint).toBe(earlier.fingerprint);
      expect(g.db.prepare('SELECT count(*) AS n FROM seat_joint_dice').get()).toEqual({ n: 0 });
      expect(() => g.db.exec("UPDATE dice_log SET roll = 9 WHERE seq = 1")).toThrow(/append-only/);
      expect(() => g.db.exec('DELETE FROM dice_log WHERE seq = 1')).toThrow(/append-only/);
      g.rollDie({ purpose: 'after the upgrade' });
      expect(g.verify()).toMatchObject({ ok: true, dice: { ok: true, count: 3 }, schema: { ok: true } });
      // The source 'joint' is one the file now takes (a two-seat game writes it: db/seats/joint-dice.ts).
      const row = g.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'dice_log'").get() as { sql: string };
      expect(row.sql).toContain("CHECK (source IN ('app', 'table', 'joint'))");
    } finally {
      g.close();
    }
  });
});

describe('0019: a seat\'s sealed orders', () => {
  it('brings a version 18 game to version 19: no sealed order, its fingerprint kept, and it plays on and verifies', () => {
    const played = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, 18) });
    expect(played.schemaVersion).toBe(18);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    const fingerprint = played.info().fingerprint;
    played.close();

    const g = GameService.open(played.file);
    try {
      expect(g.schemaVersion).toBe(LATEST_VERSION);
      expect(g.db.prepare('SELECT count(*) AS n FROM seat_side_secrets').get()).toEqual({ n: 0 });
      expect(g.info().fingerprint).toBe(fingerprint);
      g.recordLoss({ unitId: '2-wi', sp: 1 });
      expect(g.verify()).toMatchObject({ ok: true });
      // A sealed order is opened once, and only as opened or not.
      g.db.prepare("INSERT INTO seat_side_secrets (commitment, side, kind, turn_id, input, salt) VALUES ('c', 'USA', 'alternative-arrival', 't', '{}', 's')").run();
      expect(() => g.db.exec('UPDATE seat_side_secrets SET opened = 2')).toThrow(/CHECK/);
      expect(() => g.db.exec("UPDATE seat_side_secrets SET side = 'both'")).toThrow(/CHECK/);
    } finally {
      g.close();
    }
  });
});

describe("0020: a seat's shared folder, remembered on its device", () => {
  it('brings a version 19 seat file to version 20: nothing remembered, its fingerprint kept; the folder is kept outside the log, one per device, never empty', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run', { migrations: MIGRATIONS.slice(0, 19) });
    expect(t.USA.schemaVersion).toBe(19);
    t.USA.finishEntries({ side: 'USA' });
    t.CSA.finishEntries({ side: 'CSA' });
    exchange(t);
    const fingerprint = t.USA.info().fingerprint;
    t.USA.close();
    t.CSA.close();

    const usa = GameService.open(t.files.USA);
    try {
      expect(usa.schemaVersion).toBe(LATEST_VERSION);
      const desktop = 'd'.repeat(64);
      const laptop = 'a'.repeat(64);
      expect(rememberedSharedFolder(usa.db, desktop)).toBeNull();
      expect(rememberSharedFolder(usa.db, desktop, '/home/ann/Dropbox/gettysburg', '2024-07-01T12:00:00.000Z')).toBe(true);
      expect(rememberSharedFolder(usa.db, desktop, '/home/ann/Sync/gettysburg', '2024-07-02T12:00:00.000Z')).toBe(true);
      expect(rememberSharedFolder(usa.db, laptop, 'C:\\Users\\ann\\Dropbox\\gettysburg', '2024-07-03T12:00:00.000Z')).toBe(true);
      // One folder per device: the one picked last there.
      expect(rememberedSharedFolder(usa.db, desktop)).toEqual({ folder: '/home/ann/Sync/gettysburg', chosenAt: '2024-07-02T12:00:00.000Z' });
      expect(rememberedSharedFolder(usa.db, laptop)?.folder).toBe('C:\\Users\\ann\\Dropbox\\gettysburg');
      expect(usa.db.prepare('SELECT count(*) AS n FROM seat_shared_folder').get()).toEqual({ n: 2 });
      // Outside the hash chain: no event, the same fingerprint, and the file verifies.
      expect(usa.info().fingerprint).toBe(fingerprint);
      expect(usa.verify()).toMatchObject({ ok: true, seats: { ok: true } });
      expect(() => usa.db.exec("INSERT INTO seat_shared_folder (device, folder, chosen_at) VALUES ('short', '/x', 'now')")).toThrow(/CHECK/);
      expect(() => usa.db.exec("UPDATE seat_shared_folder SET folder = ''")).toThrow(/CHECK/);
    } finally {
      usa.close();
    }
  });
});

describe('0022: anchors of Concealed Movement', () => {
  it('brings a version 21 game of two seats to version 22: its fingerprint kept, no anchor yet; the side\'s first beginning then publishes them, and both files verify', { timeout: 120_000 }, () => {
    const iron = 'usa-i-1-meredith';
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run', { migrations: MIGRATIONS.slice(0, 21) });
    expect(t.USA.schemaVersion).toBe(21);
    playOn(t, () => t.USA.info().clock.segment === 'III' && toAct(t.USA) === 'USA' && t.USA.roster({ commandId: iron }).some((u) => u.onMap));
    const fingerprint = t.USA.info().fingerprint;
    t.USA.close();
    t.CSA.close();

    const usa = GameService.open(t.files.USA);
    const csa = GameService.open(t.files.CSA);
    try {
      const table = { USA: usa, CSA: csa, files: t.files };
      for (const g of [usa, csa]) {
        expect(g.schemaVersion).toBe(LATEST_VERSION);
        expect(g.info().fingerprint).toBe(fingerprint);
        expect(g.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name = 'seat_side_secrets_kind'").get()).toEqual({ n: 1 });
        expect(concealedAnchorsInLog(g.db).USA.size).toBe(0);
      }
      usa.concealCommand({ side: 'USA', commandId: iron, hex: 'QZ50817' });
      exchange(table);
      expect(concealedAnchorSecrets(usa.db).map((a) => a.commandId)).toEqual([...concealedAnchorsInLog(csa.db).USA.keys()]);
      expect(concealedAnchorSecrets(csa.db)).toEqual([]);
      expect(csa.info().fingerprint).toBe(usa.info().fingerprint);
      for (const g of [usa, csa]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    } finally {
      usa.close();
      csa.close();
    }
  });
});

describe("0023: a seat's standing word on Alternative Arrival Area orders", () => {
  it('brings a version 22 seat file to version 23: no standing word, its fingerprint kept; the word is kept outside the log, one per seat, checked', () => {
    const t = twoSeats(tmp.dir, 'july-2-stuart-variant', { migrations: MIGRATIONS.slice(0, 22) });
    expect(t.CSA.schemaVersion).toBe(22);
    // A file of the earlier schema keeps none, and says so.
    expect(t.CSA.standingWord()).toMatchObject({ offered: false, standing: false, reason: 'this file was made by an earlier Muster and cannot keep a standing word' });
    const fingerprint = t.CSA.info().fingerprint;
    t.USA.close();
    t.CSA.close();

    const csa = GameService.open(t.files.CSA);
    try {
      expect(csa.schemaVersion).toBe(LATEST_VERSION);
      expect(csa.standingWord()).toEqual({ side: 'CSA', offered: true, reason: null, standing: false, lastGiven: null, endedByOrder: null });
      csa.setStandingWord({ side: 'CSA', standing: true });
      expect(csa.db.prepare('SELECT side, standing FROM seat_standing_word').all()).toEqual([{ side: 'CSA', standing: 1 }]);
      // Outside the hash chain: no event, the same fingerprint, and the file verifies.
      expect(csa.info().fingerprint).toBe(fingerprint);
      expect(csa.verify()).toMatchObject({ ok: true, seats: { ok: true } });
      expect(() => csa.db.exec('UPDATE seat_standing_word SET standing = 2')).toThrow(/CHECK/);
      expect(() => csa.db.exec("UPDATE seat_standing_word SET side = 'both'")).toThrow(/CHECK/);
      expect(() => csa.db.exec("UPDATE seat_standing_word SET given_turn_id = '1863-07-02T1200'")).toThrow(/CHECK/);
    } finally {
      csa.close();
    }
  });
});
