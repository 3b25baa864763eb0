/**
 * The group's kit as one file (RI-K25): one player exports his charts with his game's counter values, a
 * second player imports it on his own computer (his own charts file, his own game of the same scenario),
 * and both read the same short fingerprint; the game then computes with the kit, and its events name it.
 * A malformed kit is refused with the field named, changing nothing. The kit is invented for the tests
 * (tests/fixtures/kit.ts): Muster ships no values of the base game.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../db/dispatch';
import { GameService } from '../db/service';
import { COMBAT_SCENARIO } from '../tests/fixtures/game';
import { KIT_CHARTS, KIT_COUNTERS, KIT_FILE } from '../tests/fixtures/kit';
import { parseKit, PlayerChartsStore, serializeCharts } from './charts';
import { RecentFilesStore } from './files';
import { createGameBackendFactory } from './game-backend';
import { createHandlers } from './handlers';

const dir = mkdtempSync(join(tmpdir(), 'muster-kit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One player's computer: his charts file, his games, the shell's handlers over them. */
function player(name: string) {
  // His game of the combat fixture, made beforehand; File > Open opens it.
  mkdirSync(join(dir, name));
  const file = join(dir, name, 'game.muster');
  GameService.create({ file, scenario: COMBAT_SCENARIO }, { seed: 5 }).close();
  const charts = new PlayerChartsStore(join(dir, name, 'player-charts.json'));
  const handlers = createHandlers({
    backend: createGameBackendFactory({ charts: () => charts.read() }),
    dialogs: { chooseNewGameFile: async () => null, chooseGameToOpen: async () => file, chooseSaveAsFile: async () => null, reportFileError: async () => undefined },
    recent: new RecentFilesStore(join(dir, name, 'recent.json'), 'linux'),
    charts,
    appInfo: { name: 'Muster', version: '0.1.0', host: 'browser', platform: 'linux', versions: {} },
    scenarios: () => [],
  });
  const call = async (fn: string, input?: unknown) => {
    const r = await dispatch(handlers, fn as never, input === undefined ? [] : [input], { validateOutput: true });
    if (!r.ok) throw new Error(`${fn}: ${JSON.stringify(r.error)}`);
    return r.value as never;
  };
  const raw = (fn: string, input?: unknown) => dispatch(handlers, fn as never, input === undefined ? [] : [input], { validateOutput: true });
  return { charts, call, raw, handlers };
}

describe("a group's kit passed from one player to another", () => {
  const ann = player('ann');
  const bob = player('bob');

  it('Ann exports her charts and her game\'s counter values as one file with a fingerprint; Bob imports it and reads the same fingerprint', async () => {
    await ann.call('openGame');
    await ann.call('importCharts', { json: serializeCharts(KIT_CHARTS) });
    await ann.call('applyCounterValues', { units: KIT_COUNTERS });
    const exported: { json: string; fileName: string; fingerprint: string } = await ann.call('exportKit');
    expect(exported.fingerprint).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}$/);
    expect(exported.fileName).toBe(`muster-kit-${exported.fingerprint}.json`);
    const file = JSON.parse(exported.json);
    expect(file).toMatchObject({ format: 'muster-kit', version: 1, charts: KIT_CHARTS });
    expect(file.counters).toHaveLength(KIT_COUNTERS.length);

    await bob.call('openGame');
    const before: { fingerprint: string; rated: number } = await bob.call('kitInfo');
    expect(before.rated).toBe(0);
    const imported: { fingerprint: string; changed: number; unknown: string[] } = await bob.call('importKit', { json: exported.json });
    expect(imported).toMatchObject({ fingerprint: exported.fingerprint, changed: KIT_COUNTERS.length, unknown: [] });
    const info: { fingerprint: string; tables: string[]; rated: number } = await bob.call('kitInfo');
    expect(info.fingerprint).toBe(exported.fingerprint);
    expect(info.tables).toEqual(['Fire Table', 'Artillery range', 'Shock Table', 'Pre-Shock Cohesion Check', 'Rally Table', 'UDD', 'Leader hit check']);
    expect(info.rated).toBe(KIT_COUNTERS.length);
    expect(((await ann.call('kitInfo')) as { fingerprint: string }).fingerprint).toBe(exported.fingerprint);
    // Bob's game computes with it: its plans name the same kit.
    const plan: { attack: { kit: { fingerprint: string } } } = await bob.call('planFire', { stack: ['2-wi'], range: 2, targets: ['1-tn'] });
    expect(plan.attack.kit.fingerprint).toBe(exported.fingerprint);
    // One event brought the counter values in, and one undo takes them out.
    const [event] = (await bob.call('history', { limit: 1 })) as { summary: string }[];
    expect(event!.summary).toBe(`Counter values from the kit ${exported.fingerprint}: ${KIT_COUNTERS.length} unit(s) changed`);
  });

  it('refuses a malformed kit naming the field, and changes neither the charts nor the game', async () => {
    const chartsBefore = readFileSync(join(dir, 'bob', 'player-charts.json'), 'utf8');
    const bad = structuredClone(KIT_FILE) as unknown as { charts: { shockTable: { columns: { rows: { attacker: { status: string } }[] }[] } } };
    bad.charts.shockTable.columns[1]!.rows[0]!.attacker.status = 'panicked';
    const r = await bob.raw('importKit', { json: JSON.stringify(bad) });
    expect(r).toEqual({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', field: 'charts.shockTable.columns.1.rows.0.attacker.status', message: 'not a valid kit file: status must be one of unchanged, ordered, disordered, routed, shattered' },
    });
    expect(await bob.raw('importKit', { json: '{"format":"muster-charts"}' })).toMatchObject({ ok: false, error: { field: 'format' } });
    expect(await bob.raw('importKit', { json: 'not json' })).toMatchObject({ ok: false, error: { field: 'json' } });
    const sameOdds = structuredClone(KIT_FILE);
    sameOdds.charts.shockTable!.columns[1] = { ...sameOdds.charts.shockTable!.columns[1]!, attacker: 2, defender: 2 };
    expect(() => parseKit(JSON.stringify(sameOdds))).toThrow('not a valid kit file: charts.shockTable.columns.2.attacker: column even has the same odds as column two to three');
    expect(readFileSync(join(dir, 'bob', 'player-charts.json'), 'utf8')).toBe(chartsBefore);
  });
});
