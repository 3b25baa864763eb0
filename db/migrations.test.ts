/**
 * Each real schema migration on a real file of the version before it. A version N file is made the way
 * Muster N made it: the version N schema (the migrations up to N), filled with the rows of a game played
 * a little by this Muster, column by column of that schema, its events as version N recorded them
 * (without changes to what later versions added), then opened by this Muster.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS } from './migrations';
import { SCHEMA_SNAPSHOT, snapshotFor } from './migrations/schema';
import { openGameDatabase } from './open';
import { GameService } from './service';
import { advanceTo, COMBAT_SCENARIO, expectRefused, FIXTURE_SCENARIO, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-migrations-');
afterAll(() => tmp.cleanup());

/** The verified copies made beside the file before it was migrated from version 1. */
const versionOneBackups = (path: string) => readdirSync(dirname(path)).filter((f) => f === `${basename(path)}.v1.bak`);

/**
 * Copies a game into a new file with the schema of `version` (the migrations up to it), table by table
 * and column by column of that schema, and its events as that version recorded them: without their
 * changes to tables and fields that later versions added.
 */
function asVersion(source: string, name: string, version: number): string {
  const target = tmp.file(name);
  openGameDatabase(target, { create: true, migrations: MIGRATIONS.slice(0, version) }).db.close();
  const db = new Database(target);
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS src').run(source);
  const tables = (db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((t) => t.name);
  const columns = new Map(tables.map((t) => [t, (db.prepare(`PRAGMA main.table_info(${t})`).all() as { name: string }[]).map((c) => c.name)]));
  db.function('payload_of_version', (payload: unknown) => {
    const p = JSON.parse(String(payload)) as { input: unknown; changes: { table: string; field: string }[] };
    return JSON.stringify({ ...p, changes: p.changes.filter((c) => columns.get(c.table)?.includes(c.field)) });
  });
  const sourceTables = new Set((db.prepare("SELECT name FROM src.sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
  db.transaction(() => {
    // The die of those versions kept a seeded generator's state (dropped at version 13): a stand-in seed.
    if (tables.includes('dice_state') && !sourceTables.has('dice_state')) db.exec("INSERT INTO main.dice_state (id, seed, count, state) VALUES (1, 12345, 0, '[]')");
    for (const table of tables) {
      if (!sourceTables.has(table)) continue;
      const names = columns.get(table)!;
      const select = names
        .map((n) => {
          if (table === 'events' && n === 'payload') return 'payload_of_version(payload)';
          // Before version 21 the game row kept the head, which is the last event not undone.
          if (table === 'game' && n === 'head_seq') return '(SELECT seq FROM src.events WHERE undone = 0 ORDER BY seq DESC LIMIT 1)';
          return n;
        })
        .join(', ');
      db.exec(`INSERT INTO main.${table} (${names.join(', ')}) SELECT ${select} FROM src.${table}`);
    }
  })();
  db.exec('DETACH DATABASE src');
  // Rolls of that version had no salt (version 13): their hashes as it wrote them, format 1 (db/dice.ts).
  if (!columns.get('dice_log')!.includes('salt')) {
    const trigger = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'dice_append_only_update'").get() as { sql: string };
    db.exec('DROP TRIGGER dice_append_only_update');
    let prev = '0'.repeat(64);
    for (const r of db.prepare('SELECT * FROM dice_log ORDER BY seq').all() as Record<string, unknown>[]) {
      const hash = createHash('sha256').update(`${prev}\n${JSON.stringify([r.seq, r.at, r.event_seq, r.purpose, r.source, r.roll, r.modifiers, r.modified, r.target, r.outcome])}`).digest('hex');
      db.prepare('UPDATE dice_log SET prev_hash = ?, hash = ? WHERE seq = ?').run(prev, hash, r.seq);
      prev = hash;
    }
    db.exec(trigger.sql);
  }
  expect(db.pragma('user_version', { simple: true })).toBe(version);
  db.close();
  return target;
}

describe('0002: activations and victory objectives', () => {
  it('brings a version 1 game to version 2: its rows kept, its objective lists as rows (none occupied), no activations yet', () => {
    const played = newGame(tmp.dir);
    played.recordLoss({ unitId: '2-wi', sp: 2 });
    advanceTo(played, { segment: 'II', phase: 'A' });
    played.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 4, CSA: 1 } });
    advanceTo(played, { segment: 'III', phase: 'A' });
    played.attemptActivation({ commandId: 'usa-i-1' });
    const events = played.info().eventCount;
    played.close();
    const path = asVersion(played.file, 'version-1.muster', 1);

    const g = GameService.open(path);
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    expect(versionOneBackups(path)).toHaveLength(1);
    expect(g.info().eventCount).toBe(events);
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ spLost: 2 });
    // The objective lists the game was created with, unoccupied; no Manpower Objective met.
    const tally = g.tally();
    expect(tally.objectives.USA).toMatchObject({ geographic: [{ id: 'seminary-ridge', name: 'Seminary Ridge', occupied: false }], occupied: 0, required: 1, manpowerMet: false });
    expect(tally.objectives.CSA.geographic.map((o) => o.id)).toEqual(['mcpherson-ridge']);
    // The ME attempt made before the upgrade still bars the division's brigades; how it went is not reconstructed.
    expect(g.turnState()).toMatchObject({ meAttempted: ['usa-i-1'], activated: [], unitsActivated: [] });
    expect(g.verify().ok).toBe(true);

    // The new columns work: the next activation is recorded with its event, and undone with it.
    g.pass({ side: 'CSA' });
    const barred = expectRefused(g, () => g.activateRe({ commandId: 'iron' }), 'RULES_FORBID', 'commandId', 'Rev. Activation Segment');
    expect(barred.message).toContain('activated with 1st Division, I Corps this segment (tried for ME)');
    g.activateRe({ commandId: 'gamble' });
    expect(g.turnState().activated).toEqual([{ commandId: 'gamble', side: 'USA', effectiveness: 'RE', phase: 'A', order: 2, confusionResult: null }]);
    g.undo();
    expect(g.turnState().activated).toEqual([]);
    g.setObjective({ side: 'USA', objectiveId: 'seminary-ridge', occupied: true });
    expect(g.tally().result).toMatchObject({ winner: 'USA', level: 'substantial', by: 'objectives' });
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('a new file gets the objectives of its scenario when it is created (the step itself finds no game yet)', () => {
    const g = newGame(tmp.dir);
    const rows = g.db.prepare('SELECT id, side, objective_id AS objectiveId, name, occupied FROM objectives ORDER BY side DESC, position').all();
    expect(rows).toEqual([
      { id: 'USA:seminary-ridge', side: 'USA', objectiveId: 'seminary-ridge', name: 'Seminary Ridge', occupied: 0 },
      { id: 'CSA:mcpherson-ridge', side: 'CSA', objectiveId: 'mcpherson-ridge', name: 'McPherson Ridge', occupied: 0 },
    ]);
    g.close();
  });
});

describe('0003: unit works, Bayonet Charge and Confusion Table markers, Leader Rally, weather', () => {
  it('brings a version 2 game to version 3: its rows kept, no works, no markers, fair weather; the new columns change with their events', () => {
    const played = newGame(tmp.dir);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    const events = played.info().eventCount;
    played.close();

    const g = GameService.open(asVersion(played.file, 'version-2.muster', 2));
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    expect(g.info().eventCount).toBe(events);
    const row = g.db.prepare("SELECT sp_lost, works, bayonet_charge, confusion_result FROM units WHERE id = '2-wi'").get();
    expect(row).toEqual({ sp_lost: 1, works: 'none', bayonet_charge: 0, confusion_result: null });
    expect(g.db.prepare('SELECT raining, mud, rain_stop_rolls FROM game').get()).toEqual({ raining: 0, mud: 0, rain_stop_rolls: 0 });
    expect(g.db.prepare('SELECT count(*) AS n FROM leaders WHERE rally_used = 0').get()).toEqual({ n: g.leaders().length });
    expect(g.db.prepare("SELECT confusion_result FROM commands WHERE id = 'iron'").get()).toEqual({ confusion_result: null });

    // The new columns work: a unit occupies breastworks with its event, and undo takes it back.
    g.setWorks({ unitId: '2-wi', works: 'breastworks' });
    expect(g.roster().find((u) => u.id === '2-wi')?.works).toBe('breastworks');
    g.undo();
    expect(g.roster().find((u) => u.id === '2-wi')?.works).toBe('none');
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});

describe('0004: Alternative Arrival Areas, concealed plots, the turns of the rain, fatigue recovery and Double Time', () => {
  it('brings a version 3 game to version 4: one secret row per group and per command, nothing ordered or concealed; the new tables change with their events', () => {
    const played = newGame(tmp.dir);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    advanceTo(played, { segment: 'II', phase: 'A' });
    const events = played.info().eventCount;
    played.close();

    const path = asVersion(played.file, 'version-3.muster', 3);
    const g = GameService.open(path);
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    expect(readdirSync(dirname(path)).filter((f) => f === `${basename(path)}.v3.bak`)).toHaveLength(1);
    expect(g.info().eventCount).toBe(events);
    expect(g.info().weather).toMatchObject({ raining: false, mud: false, rainStopRolls: 0, rainBeganTurnId: null });
    expect(g.db.prepare('SELECT id, side, entry_area AS area FROM alternative_arrivals ORDER BY id').all()).toEqual([
      { id: 'cutler-arrives', side: 'USA', area: null },
      { id: 'davis-arrives', side: 'CSA', area: null },
    ]);
    expect(g.db.prepare('SELECT count(*) AS n FROM concealment WHERE concealed = 0').get()).toEqual({ n: 14 });
    expect(g.db.prepare("SELECT fatigue_recovery FROM commands WHERE id = 'iron'").get()).toEqual({ fatigue_recovery: 0 });
    expect(g.verify().ok).toBe(true);

    // The new tables work at once, through events that undo.
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.concealCommand({ side: 'CSA', commandId: 'archer', hex: '1234', strategicMovement: true });
    expect(g.concealedPlots({ viewer: 'CSA' }).commands.map((c) => c.commandId)).toEqual(['archer']);
    g.undo();
    expect(g.concealedPlots({ viewer: 'CSA' }).commands).toEqual([]);
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});

describe('every released migration is frozen', () => {
  it('imports nothing but its own types, better-sqlite3 and Node: a change to live code cannot change what it writes', () => {
    const folder = new URL('./migrations/', import.meta.url);
    const steps = readdirSync(folder).filter((f) => /^\d{4}-.+\.ts$/.test(f) && !f.endsWith('.test.ts'));
    expect(steps.length).toBe(LATEST_VERSION);
    for (const f of steps) {
      const source = readFileSync(new URL(f, folder), 'utf8');
      const from = [...source.matchAll(/^import [^;]*? from '([^']+)';/gms)].map((m) => m[1]!);
      expect({ file: f, live: from.filter((m) => m !== './types' && m !== 'better-sqlite3' && !m.startsWith('node:')) }).toEqual({ file: f, live: [] });
    }
  });
});

describe('0005: the event chain', () => {
  it('gives a version 4 game exactly the chain and genesis it would have had, from the state its log explains', () => {
    // Compared at version 5 (the chain's own migration), before later versions add their columns.
    const atFive = MIGRATIONS.slice(0, 5);
    const played = newGame(tmp.dir, { migrations: atFive });
    played.recordLoss({ unitId: '2-wi', sp: 2 });
    played.rollDie({ purpose: 'fire', roll: 3 });
    played.setFatigue({ unitId: '6-wi', level: 3 });
    played.leaderCasualty({ leaderId: 'reynolds' });
    played.undo();
    played.setStatus({ unitId: '1-tn', status: 'routed' });
    played.undo();
    const live = {
      genesis: played.db.prepare('SELECT state, hash FROM genesis').get(),
      events: played.db.prepare('SELECT seq, prev_hash, hash FROM events ORDER BY seq').all(),
      fingerprint: played.info().fingerprint,
    };
    played.close();
    const path = asVersion(played.file, 'version-4.muster', 4);
    const before = new Database(path, { readonly: true });
    expect(before.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'genesis'").get()).toEqual({ n: 0 });
    before.close();

    const g = GameService.open(path, { migrations: atFive });
    expect(g.schemaVersion).toBe(5);
    expect(g.db.prepare('SELECT state, hash FROM genesis').get()).toEqual(live.genesis);
    expect(g.db.prepare('SELECT seq, prev_hash, hash FROM events ORDER BY seq').all()).toEqual(live.events);
    expect(g.info().fingerprint).toBe(live.fingerprint);
    expect(g.verify()).toMatchObject({ ok: true, state: { ok: true } });
    // The hash columns are append-only from now on, and play goes on on the chain.
    expect(() => g.db.exec("UPDATE events SET hash = 'x' WHERE seq = 1")).toThrow(/append-only/);
    g.redo();
    g.recordLoss({ unitId: '24-mi', sp: 1 });
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('a version 4 file edited outside Muster keeps the edit to a field the log touched in view (RI-V01)', () => {
    const played = newGame(tmp.dir);
    played.recordLoss({ unitId: '2-wi', sp: 2 });
    played.close();
    const path = asVersion(played.file, 'version-4-edited.muster', 4);
    const db = new Database(path);
    db.exec("UPDATE units SET sp_lost = 5 WHERE id = '2-wi'; UPDATE units SET sp_lost = 1 WHERE id = '24-mi'");
    db.close();
    // The last event left 2-wi at 2: brought up to date, the file is refused as edited.
    expect(() => GameService.open(path)).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('units 2-wi sp_lost is 5, the log says 2') }));
    const g = GameService.open(path, { damaged: 'read-only' });
    // 2-wi's loss is in the log, which says 2; 24-mi was never touched by an event: its edit became its genesis.
    expect(g.verify().state.problems).toEqual(['units 2-wi: sp_lost is 5, the log says 2']);
    g.close();
  });
});

describe('0006: secret entries', () => {
  it('brings a version 5 game to version 6: every earlier event public, no side finished, and secret entries work from then on (RI-H01)', () => {
    const played = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, 5) });
    expect(played.schemaVersion).toBe(5);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    const events = played.info().eventCount;
    played.close();

    const g = GameService.open(played.file);
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    expect(g.info().eventCount).toBe(events);
    expect(g.history({ viewer: 'both' }).every((e) => e.secretSide === null)).toBe(true);
    expect(g.turnState().secretEntries).toMatchObject({ finished: { USA: false, CSA: false }, revealed: false, rule: 'Rev. Orders Segment' });
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.declareInitiative({ side: 'USA', armyPoints: true });
    expect(g.turnState({ viewer: 'CSA' }).armyPointsForInitiative.USA).toBe(false);
    expect(g.turnState({ viewer: 'USA' }).armyPointsForInitiative.USA).toBe(true);
    // An event's side never changes once written.
    expect(() => g.db.prepare('UPDATE events SET secret_side = NULL').run()).toThrow(/append-only/);
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});


describe('0009: messengers', () => {
  it('brings a version 7 game (before messengers) to the latest version: no message on its way, verify still passes, and messages ride from then on (RI-O16)', () => {
    const file = tmp.file('messengers-v7.muster');
    const played = GameService.create({ file, scenario: FIXTURE_SCENARIO, optionalRules: { messengers: true } }, { seed: 3, now: () => '2024-07-01T12:00:00.000Z', migrations: MIGRATIONS.slice(0, 7) });
    expect(played.schemaVersion).toBe(7);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    played.close();

    const g = GameService.open(file);
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    const columns = (g.db.prepare('PRAGMA table_info(concealment)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['message_order', 'message_sent_turn_id', 'message_arrives_turn_id', 'message_distance']));
    expect(g.db.prepare('SELECT count(*) AS n FROM concealment WHERE message_order IS NOT NULL OR message_distance IS NOT NULL').get()).toEqual({ n: 0 });
    expect(g.verify().ok).toBe(true);
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 0 });
    g.attemptOrderChange({ commandId: 'gamble', order: 'HOLD', messengerDistance: 5, roll: 0 });
    expect(g.orderMessages({ viewer: 'USA' }).messages.map((m) => `${m.order} in ${m.turns}`)).toEqual(['HOLD in 2']);
    expect(g.verify().ok).toBe(true);
    g.close();
  });
});

describe('0012: cohesion ratings', () => {
  it('brings a version 11 game to the latest version: no rating entered, verify still passes, and ratings change with their events', () => {
    const file = tmp.file('cohesion-v11.muster');
    const played = GameService.create({ file, scenario: FIXTURE_SCENARIO }, { seed: 3, now: () => '2024-07-01T12:00:00.000Z', migrations: MIGRATIONS.slice(0, 11) });
    expect(played.schemaVersion).toBe(11);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    played.close();

    const g = GameService.open(file);
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    expect(g.db.prepare('SELECT count(*) AS n FROM units WHERE cohesion_ordered IS NOT NULL OR cohesion_disordered IS NOT NULL').get()).toEqual({ n: 0 });
    expect(g.verify().ok).toBe(true);
    g.correctUnit({ unitId: '2-wi', cohesionOrdered: 5, cohesionDisordered: 3, reason: 'entered from the counter' });
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ cohesionOrdered: 5, cohesionDisordered: 3 });
    expect(g.verify().ok).toBe(true);
    g.undo();
    expect(g.roster().find((u) => u.id === '2-wi')).toMatchObject({ cohesionOrdered: null, cohesionDisordered: null });
    g.close();
  });
});

describe('0013: unpredictable dice, salted hashes', () => {
  it('brings a version 12 game to version 13: the seeded generator is gone, earlier rows keep their hashes, later ones are salted, and it verifies', () => {
    const played = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, 12) });
    expect(played.schemaVersion).toBe(12);
    played.rollDie({ purpose: 'before the upgrade' });
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    const before = { events: played.db.prepare('SELECT seq, hash FROM events ORDER BY seq').all(), dice: played.db.prepare('SELECT seq, hash FROM dice_log ORDER BY seq').all(), fingerprint: played.info().fingerprint };
    played.close();

    const g = GameService.open(played.file);
    try {
      expect(g.schemaVersion).toBe(LATEST_VERSION);
      expect(g.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'dice_state'").get()).toEqual({ n: 0 });
      // Earlier rows: unchanged, no salt (format 1); the fingerprint players noted still holds.
      expect(g.db.prepare('SELECT seq, hash FROM events ORDER BY seq').all()).toEqual(before.events);
      expect(g.db.prepare('SELECT seq, hash FROM dice_log ORDER BY seq').all()).toEqual(before.dice);
      expect(g.db.prepare('SELECT count(*) AS n FROM events WHERE salt IS NOT NULL').get()).toEqual({ n: 0 });
      expect(g.info().fingerprint).toBe(before.fingerprint);
      // Play goes on: each new event and roll salted (format 2), the app's die drawn fresh, and all of it verifies.
      g.rollDie({ purpose: 'after the upgrade' });
      expect(g.db.prepare('SELECT salt FROM dice_log ORDER BY seq DESC LIMIT 1').get()).toEqual({ salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(g.db.prepare('SELECT salt FROM events ORDER BY seq DESC LIMIT 1').get()).toEqual({ salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(() => g.db.exec('UPDATE events SET salt = NULL WHERE seq = (SELECT max(seq) FROM events)')).toThrow(/append-only/);
      expect(g.verify()).toMatchObject({ ok: true, dice: { ok: true, count: 2 }, events: { ok: true }, schema: { ok: true } });
    } finally {
      g.close();
    }
  });
});

describe('0015: house readings', () => {
  it('brings a version 14 game to version 15: every reading as documented, verify still passes, and a new game may choose them', () => {
    const file = tmp.file('readings-v14.muster');
    const played = GameService.create({ file, scenario: FIXTURE_SCENARIO }, { seed: 3, now: () => '2024-07-01T12:00:00.000Z', migrations: MIGRATIONS.slice(0, 14) });
    expect(played.schemaVersion).toBe(14);
    // A version 14 file has no column: its readings are the documented ones (RI-S05: stragglers count).
    expect(played.info().houseReadings.inForce).toEqual([]);
    played.recordLoss({ unitId: '2-wi', sp: 1, straggler: true });
    played.close();

    const g = GameService.open(file);
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    expect(g.db.prepare('SELECT house_readings AS t FROM game').get()).toEqual({ t: '{}' });
    expect(g.tally().usa.lossPoints).toBe(1);
    expect(g.verify().ok).toBe(true);
    expect(() => g.db.prepare('UPDATE game SET house_readings = \'{"stragglersAtEnd":"notCounted"}\'').run()).toThrow(/fixed when the game is created/);
    g.close();
  });
});

describe('0021: the head read from the log', () => {
  it('brings a version 20 game to version 21: the head pointer dropped, its fingerprint kept, undo and redo take back and bring back what they would have', () => {
    const played = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, 20) });
    expect(played.schemaVersion).toBe(20);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    played.setFatigue({ unitId: '24-mi', level: 2 });
    played.recordLoss({ unitId: '24-mi', sp: 1 });
    played.undo();
    // As the Muster of version 20 kept it: the event undo would take back.
    played.db.prepare('UPDATE game SET head_seq = 2').run();
    const fingerprint = played.info().fingerprint;
    played.close();

    const g = GameService.open(played.file);
    try {
      expect(g.schemaVersion).toBe(LATEST_VERSION);
      expect((g.db.prepare('PRAGMA table_info(game)').all() as { name: string }[]).map((c) => c.name)).not.toContain('head_seq');
      expect(g.info()).toMatchObject({ fingerprint, canUndo: true, canRedo: true });
      expect(g.redo().event.seq).toBe(3);
      expect(g.undo().event.seq).toBe(3);
      expect(g.undo().event.seq).toBe(2);
      expect(g.roster().find((u) => u.id === '24-mi')?.fatigue).toBe(0);
      g.setFatigue({ unitId: '24-mi', level: 1 });
      expect(g.info()).toMatchObject({ canUndo: true, canRedo: false });
      expect(g.verify().ok).toBe(true);
    } finally {
      g.close();
    }
  });
});

describe('0024: the units out as skirmishers, indexed by their brigade', () => {
  it('brings a version 23 game to version 24: a fire still sees the skirmishers out before, by the index, and the fingerprint is kept', () => {
    const played = newGame(tmp.dir, { scenario: COMBAT_SCENARIO, migrations: MIGRATIONS.slice(0, 23) });
    expect(played.schemaVersion).toBe(23);
    played.designateSkirmishers({ unitId: '6-wi' });
    const skirmishing = played.planFire({ stack: ['2-wi'], range: 3 }).rangeDrm;
    const fingerprint = played.info().fingerprint;
    played.close();

    const g = GameService.open(played.file);
    try {
      expect(g.schemaVersion).toBe(LATEST_VERSION);
      expect(g.info().fingerprint).toBe(fingerprint);
      expect(g.planFire({ stack: ['2-wi'], range: 3 }).rangeDrm).toEqual(skirmishing);
      expect(skirmishing!.items.map((i) => i.rule)).toContain('Rev. Skirmishers');
      // The fire's question reads the index, not every unit.
      const plan = g.db.prepare("EXPLAIN QUERY PLAN SELECT DISTINCT skirmishers FROM units WHERE skirmishers IN (SELECT value FROM json_each('[]'))").all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join('; ')).toContain('USING COVERING INDEX units_skirmishers');
      expect(g.verify().ok).toBe(true);
    } finally {
      g.close();
    }
  });
});

describe('the schema a new file gets (db/migrations/schema.ts)', () => {
  /** What sqlite_master lists, in SQLite's order: every table, index and trigger with its statement. */
  const schemaOf = (db: Database.Database) => db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid').all();

  it('is exactly what the migrations up to its version leave in an empty file, in one script', () => {
    const stepByStep = new Database(':memory:');
    for (const m of MIGRATIONS.slice(0, SCHEMA_SNAPSHOT.version)) m.up(stepByStep);
    const snapshot = new Database(':memory:');
    snapshot.exec(SCHEMA_SNAPSHOT.sql);
    expect(schemaOf(snapshot)).toEqual(schemaOf(stepByStep));
    stepByStep.close();
    snapshot.close();
  });

  it('makes a new game file: the latest version and the same schema as every step run in turn', () => {
    const viaSnapshot = openGameDatabase(tmp.file('snapshot.muster'), { create: true });
    // Steps that are not Muster's own are replayed one by one (a copy of each step here).
    const ownSteps = MIGRATIONS.map((m) => ({ ...m }));
    expect(snapshotFor(ownSteps)).toBeNull();
    const viaSteps = openGameDatabase(tmp.file('steps.muster'), { create: true, migrations: ownSteps });
    // Muster's steps with more of a test's own after them still start from the snapshot; fewer do not.
    expect(snapshotFor(MIGRATIONS)).toBe(SCHEMA_SNAPSHOT);
    expect(snapshotFor([...MIGRATIONS, { version: LATEST_VERSION + 1, name: 'more', up: () => undefined }])).toBe(SCHEMA_SNAPSHOT);
    expect(snapshotFor(MIGRATIONS.slice(0, SCHEMA_SNAPSHOT.version - 1))).toBeNull();
    expect(viaSnapshot.version).toBe(LATEST_VERSION);
    expect(viaSnapshot.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(schemaOf(viaSnapshot.db)).toEqual(schemaOf(viaSteps.db));
    viaSnapshot.db.close();
    viaSteps.db.close();
  });
});
