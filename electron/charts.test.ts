/**
 * The player's own charts (RI-K21): a per-user JSON file checked by the contract's schema, imported and
 * exported as text, looked up to give a result for the player to confirm, and reached through the shell's
 * handlers with no game open. The chart values here are invented for the tests: Muster ships none.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_CHARTS, PlayerCharts, type PlayerCharts as Charts } from '../contract';
import { dispatch } from '../db/dispatch';
import { lookupConfusion, lookupFire, lookupRandomEvent, parseCharts, PlayerChartsStore, serializeCharts } from './charts';
import { createHandlers } from './handlers';
import { RecentFilesStore } from './files';
import { createGameBackendFactory } from './game-backend';

const dir = mkdtempSync(join(tmpdir(), 'muster-charts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Invented numbers: two columns of a fire table, a gun row, a terrain row, a confusion table, one event. */
const CHARTS: Charts = {
  version: 1,
  fireTable: {
    columns: [
      { label: '1-4', minSp: 0, maxSp: 4, rows: [{ min: -30, max: 5, sp: 0, text: '-' }, { min: 6, max: 40, sp: 1, text: '1' }] },
      { label: '5+', minSp: 5, maxSp: null, rows: [{ min: -30, max: 3, sp: 0, text: '-' }, { min: 4, max: 7, sp: 1, text: '1*' }, { min: 8, max: 40, sp: 2, text: '2*' }] },
    ],
  },
  artilleryRange: { rows: [{ name: 'Test guns', drms: [2, 1, 0, -1] }] },
  terrain: { rows: [{ name: 'Test woods', fire: -1, shock: -1 }] },
  confusionTable: { roll: 'modified', rows: [{ min: -30, max: 7, result: 'stand', text: 'Stand' }, { min: 8, max: 40, result: 'shock', text: 'Advance and attack' }] },
  randomEvents: { rows: [{ min: 0, max: 9, code: 'M', text: 'Rain' }] },
};

describe('the charts file', () => {
  it('is empty until the player saves charts; saved charts read back as written, atomically', () => {
    const store = new PlayerChartsStore(join(dir, 'user', 'player-charts.json'));
    expect(store.read()).toEqual(EMPTY_CHARTS);
    expect(store.write(CHARTS)).toEqual(CHARTS);
    expect(store.read()).toEqual(CHARTS);
    expect(readFileSync(store.file, 'utf8')).toBe(serializeCharts(CHARTS));
    expect(existsSync(`${store.file}.${process.pid}.tmp`)).toBe(false);
  });

  it('a damaged file is reported with the field at fault, never dropped', () => {
    const file = join(dir, 'damaged.json');
    writeFileSync(file, JSON.stringify({ version: 1, fireTable: { columns: [{ label: '1', minSp: 3, maxSp: 1, rows: [] }] } }));
    expect(() => new PlayerChartsStore(file).read()).toThrow(/maxSp must be at least minSp/);
    expect(readFileSync(file, 'utf8')).toContain('"maxSp":1');
  });

  it('the schema refuses overlapping rows and columns, and values out of range, naming the field', () => {
    const refused = (charts: unknown) => {
      try {
        parseCharts(JSON.stringify(charts));
      } catch (e) {
        return { field: (e as { field: string }).field, message: (e as Error).message };
      }
      return null;
    };
    expect(refused({ version: 1, confusionTable: { roll: 'natural', rows: [{ min: 0, max: 5, result: 'stand', text: '' }, { min: 5, max: 9, result: 're', text: '' }] } })).toEqual({
      field: 'confusionTable.rows.1.min',
      message: 'not a valid charts file: confusionTable.rows.1.min: rolls 5 to 9 overlap row 1 (0 to 5)',
    });
    expect(refused({ version: 1, fireTable: { columns: [CHARTS.fireTable!.columns[1], { ...CHARTS.fireTable!.columns[0], minSp: 4, maxSp: 6 }] } })?.message).toContain('column 1-4 overlaps column 5+');
    expect(refused({ version: 1, terrain: { rows: [{ name: 'Woods', fire: 99, shock: null }] } })?.field).toBe('terrain.rows.0.fire');
    expect(refused({ version: 2 })?.field).toBe('version');
    expect(refused({ version: 1, secret: true })?.message).toContain('Unrecognized key');
    expect(() => parseCharts('{nope')).toThrow(/not a charts file: the text is not JSON/);
  });
});

describe('looking a result up for the player to confirm', () => {
  it('Fire Table: the column holding the strength, the row holding the modified roll', () => {
    expect(lookupFire(CHARTS, 7, 5)).toEqual({ found: true, column: '5+', sp: 1, text: '1*', note: 'Your Fire Table, column 5+, roll 5: "1*"' });
    expect(lookupFire(CHARTS, 3, 6)).toMatchObject({ found: true, column: '1-4', sp: 1 });
    expect(lookupFire(EMPTY_CHARTS, 7, 5)).toMatchObject({ found: false, note: 'Your charts have no Fire Table: read the result at the table and type it.' });
    const gap: Charts = { version: 1, fireTable: { columns: [{ label: '2', minSp: 2, maxSp: 2, rows: [{ min: 0, max: 3, sp: 0, text: '' }] }] } };
    expect(lookupFire(gap, 5, 1).note).toBe('Your Fire Table has no column for a strength of 5 SP.');
    expect(lookupFire(gap, 2, 9).note).toBe('Column 2 of your Fire Table has no row for a modified roll of 9.');
  });

  it('Confusion Table by the roll the chart says; Random Events', () => {
    expect(lookupConfusion(CHARTS, 6, 8)).toEqual({ found: true, result: 'shock', text: 'Advance and attack', note: 'Your Confusion Table, modified roll 8' });
    expect(lookupConfusion({ ...CHARTS, confusionTable: { ...CHARTS.confusionTable!, roll: 'natural' } }, 6, 8)).toMatchObject({ result: 'stand' });
    expect(lookupConfusion(EMPTY_CHARTS, 1, 1).found).toBe(false);
    expect(lookupRandomEvent(CHARTS, 4)).toMatchObject({ found: true, code: 'M', text: 'Rain' });
  });
});

describe('the shell handlers: charts without a game open, through dispatch', () => {
  const handlers = createHandlers({
    backend: createGameBackendFactory(),
    dialogs: { chooseNewGameFile: async () => null, chooseGameToOpen: async () => null, chooseSaveAsFile: async () => null, reportFileError: async () => undefined },
    recent: new RecentFilesStore(join(dir, 'recent.json'), 'linux'),
    charts: new PlayerChartsStore(join(dir, 'handlers', 'player-charts.json')),
    appInfo: { name: 'Muster', version: '0.1.0', host: 'browser', platform: 'linux', versions: {} },
    scenarios: () => [],
  });
  const call = (fn: string, input?: unknown) => dispatch(handlers, fn as never, input === undefined ? [] : [input], { validateOutput: true });

  it('imports a charts file\'s text, exports it again, and looks results up', async () => {
    expect(await call('charts')).toEqual({ ok: true, value: EMPTY_CHARTS });
    expect(await call('importCharts', { json: serializeCharts(CHARTS) })).toEqual({ ok: true, value: CHARTS });
    expect(await call('exportCharts')).toEqual({ ok: true, value: { json: serializeCharts(CHARTS), fileName: 'muster-charts.json' } });
    expect(await call('chartFireResult', { strength: 9, modified: 8 })).toMatchObject({ ok: true, value: { found: true, sp: 2, text: '2*' } });
    expect(await call('chartConfusionResult', { roll: 9, modified: 10 })).toMatchObject({ ok: true, value: { result: 'shock' } });
    expect(PlayerCharts.parse((await call('charts') as { value: unknown }).value)).toEqual(CHARTS);
  });

  it('a bad import is refused with the field named, and the saved charts stay as they were', async () => {
    await call('importCharts', { json: serializeCharts(CHARTS) });
    const before = readFileSync(join(dir, 'handlers', 'player-charts.json'), 'utf8');
    const bad = { ...CHARTS, randomEvents: { rows: [{ min: 0, max: 9, code: 'M', text: '' }] } };
    expect(await call('importCharts', { json: JSON.stringify(bad) })).toEqual({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', field: 'randomEvents.rows.0.text', message: 'not a valid charts file: text must not be empty' },
    });
    expect(await call('saveCharts', { version: 1, terrain: { rows: [{ name: '', fire: 1, shock: 1 }] } })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', field: 'terrain.rows.0.name' } });
    expect(readFileSync(join(dir, 'handlers', 'player-charts.json'), 'utf8')).toBe(before);
  });
});
