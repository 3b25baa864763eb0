/**
 * Each real schema migration on a real file of the version before it. A version 1 file is made the way
 * Muster 1 made it: the version 1 schema (migration 0001 alone), filled with the rows of a game played a
 * little (a loss, the Initiative, an activation), then opened by this Muster.
 */
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migration0001 } from './migrations/0001-initial';
import { migration0002 } from './migrations/0002-activations-objectives';
import { migration0003 } from './migrations/0003-combat';
import { migration0004 } from './migrations/0004-battle-play';
import { LATEST_VERSION } from './migrations';
import { openGameDatabase } from './open';
import { GameService } from './service';
import { advanceTo, expectRefused, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-migrations-');
afterAll(() => tmp.cleanup());

/** The verified copies made beside the file before it was migrated from version 1. */
const versionOneBackups = (path: string) => readdirSync(dirname(path)).filter((f) => f === `${basename(path)}.v1.bak`);

const VERSION_1_TABLES = ['game', 'turns', 'clock', 'turn_state', 'reinforcement_groups', 'commands', 'leaders', 'units', 'events', 'dice_state', 'dice_log'];

/** Fields that version 2 added: a version 1 event never changed them. */
const isVersionTwoChange = (c: { table: string; field: string }) => c.table === 'objectives' || c.field.startsWith('activation') || c.field.startsWith('manpower_');

/**
 * Copies a game into a new file with the version 1 schema, column by column of that schema, and its
 * events as version 1 recorded them (without their changes to version 2's fields).
 */
function asVersionOne(source: string, name: string): string {
  const target = tmp.file(name);
  openGameDatabase(target, { create: true, migrations: [migration0001] }).db.close();
  const db = new Database(target);
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS src').run(source);
  db.function('version_1_payload', (payload: unknown) => {
    const p = JSON.parse(String(payload)) as { input: unknown; changes: { table: string; field: string }[] };
    return JSON.stringify({ ...p, changes: p.changes.filter((c) => !isVersionTwoChange(c)) });
  });
  db.transaction(() => {
    for (const table of VERSION_1_TABLES) {
      const names = (db.prepare(`PRAGMA main.table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      const select = names.map((n) => (table === 'events' && n === 'payload' ? 'version_1_payload(payload)' : n)).join(', ');
      db.exec(`INSERT INTO main.${table} (${names.join(', ')}) SELECT ${select} FROM src.${table}`);
    }
  })();
  db.exec('DETACH DATABASE src');
  expect(db.pragma('user_version', { simple: true })).toBe(1);
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
    const path = asVersionOne(played.file, 'version-1.muster');

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
    const played = newGame(tmp.dir, { migrations: [migration0001, migration0002] });
    expect(played.schemaVersion).toBe(2);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    const events = played.info().eventCount;
    played.close();

    const g = GameService.open(played.file);
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
    const played = newGame(tmp.dir, { migrations: [migration0001, migration0002, migration0003] });
    expect(played.schemaVersion).toBe(3);
    played.recordLoss({ unitId: '2-wi', sp: 1 });
    advanceTo(played, { segment: 'II', phase: 'A' });
    const events = played.info().eventCount;
    played.close();

    const g = GameService.open(played.file);
    expect(g.schemaVersion).toBe(LATEST_VERSION);
    expect(readdirSync(dirname(played.file)).filter((f) => f === `${basename(played.file)}.v3.bak`)).toHaveLength(1);
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

describe('0005: secret entries', () => {
  it('brings a version 4 game to version 5: every earlier event public, no side finished, and secret entries work from then on (RI-H01)', () => {
    const played = newGame(tmp.dir, { migrations: [migration0001, migration0002, migration0003, migration0004] });
    expect(played.schemaVersion).toBe(4);
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

