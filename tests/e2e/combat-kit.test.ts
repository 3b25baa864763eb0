/**
 * Every combat result from the group's kit, end to end in Chromium through the browser bridge (RI-K25), on
 * the combat fixture with an invented kit (tests/fixtures/kit.ts: numbers made up for the tests). The kit is
 * imported on the Charts screen as one file (charts and counter values, with its fingerprint); then a fire
 * attack by one unit, a two-unit stack's attack, a shock with both sides' Pre-Shock checks and a Bayonet
 * Charge, a rally and a UDD are each resolved from the die, applied on one confirmation, undone and redone.
 * Each test counts what the player did and prints it as `[actions] <what>: <n> (...)`.
 *
 * Screenshots: kit-charts.png and kit-charts-shock.png (the chart editor), setup-counter-values.png (the counter values), and
 * combat-fire-kit.png, combat-shock-kit.png, combat-rally-kit.png (each assistant with a computed result).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, RosterUnit } from '../../contract';
import { GameService } from '../../db/service';
import { COMBAT_SCENARIO } from '../fixtures/game';
import { KIT_FILE } from '../fixtures/kit';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'muster-e2e-kit-'));
  const file = join(dir, 'combat.muster');
  // The game at III.A: the CSA has the Initiative and Heth's division is active at ME. Two earlier fires
  // (no loss) name the hexes the players will fire on again: the 1st and 7th Tennessee's, the 24th Michigan's.
  const g = GameService.create({ file, scenario: COMBAT_SCENARIO, players: { USA: 'Abner', CSA: 'Jubal' } }, { seed: 7 });
  while (g.info().clock.segment !== 'II') g.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
  while (g.info().clock.segment !== 'III') g.advanceClock();
  g.attemptActivation({ commandId: 'heth-div' });
  g.resolveFire({ stack: ['42-ms'], range: 3, targets: ['24-mi'], roll: 0, result: { sp: 0 } });
  g.resolveFire({ stack: ['19-in'], range: 3, targets: ['1-tn', '7-tn'], roll: 0, result: { sp: 0 } });
  g.setStatus({ unitId: '24-mi', status: 'routed' });
  g.setStatus({ unitId: '2-ms', status: 'routed' });
  g.close();
  e2e = await startE2E({ file, dir });
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

const unit = async (id: string): Promise<RosterUnit> => (await e2e.call('roster')).find((u) => u.id === id)!;
const lastEvent = async (): Promise<HistoryEntry> => (await e2e.call('history', { limit: 1 }))[0]!;
async function printActions(what: string): Promise<number> {
  const c = await e2e.actions();
  process.stdout.write(`[actions] ${what}: ${c.total} (${c.clicks} clicks, ${c.keys} keys, ${c.selects} selects, ${c.texts} text fields)\n`);
  return c.total;
}
/** Undo then redo with the keyboard: the state goes back and comes again. */
async function undoRedo(id: string, after: Partial<RosterUnit>, before: Partial<RosterUnit>): Promise<void> {
  await e2e.page.keyboard.press('Control+z');
  await e2e.settle();
  expect(await unit(id)).toMatchObject(before);
  await e2e.page.keyboard.press('Control+Shift+z');
  await e2e.settle();
  expect(await unit(id)).toMatchObject(after);
}

let fingerprint = '';

describe("the group's kit, imported on the Charts screen", () => {
  it('imports the kit file: its charts in the editor, its counter values in the game, its fingerprint shown', async () => {
    const file = join(dir, 'our-kit.json');
    writeFileSync(file, JSON.stringify(KIT_FILE));
    await e2e.screen('charts');
    await e2e.page.getByTestId('kit-import').setInputFiles(file);
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('charts-status').textContent()).toMatch(/Imported the kit [0-9a-f]{4}-[0-9a-f]{4} from our-kit.json: \d+ unit\(s\) with counter values/);
    fingerprint = ((await e2e.page.getByTestId('kit-fingerprint').textContent()) ?? '').trim();
    expect(fingerprint).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}$/);
    expect(await unit('1-tn')).toMatchObject({ cohesionOrdered: 5, cohesionDisordered: 3 });
    await e2e.screenshot('kit-charts');
    await e2e.page.locator('#shock-table-h').scrollIntoViewIfNeeded();
    await e2e.screenshot('kit-charts-shock');

    await e2e.screen('setup');
    await e2e.page.getByRole('button', { name: /^Units/ }).click();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByRole('textbox', { name: 'Cohesion rating (ordered side) of 1st Tennessee' }).inputValue()).toBe('5');
    await e2e.screenshot('setup-counter-values');
  });
});

describe('fire from one die', () => {
  it('fire attack: the unit\'s row, X, the target hex last used (Enter), the die, confirm', async () => {
    const plan = await e2e.call('planFire', { stack: ['6-wi'], range: 2, targets: ['1-tn', '7-tn'] });
    const die = 6 - plan.attack!.drm.total; // the invented "2 SP, Ammo" row
    await e2e.screen('roster');
    await e2e.resetActions();
    await e2e.page.locator('[data-unit-id="6-wi"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('x');
    await e2e.page.waitForSelector('[data-screen="combat"]');
    await e2e.settle();
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await e2e.page.keyboard.press(String(die));
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('fire-kit').textContent()).toContain(`Kit ${fingerprint}: Fire Table, column four to nine, row 6 to 7: 2 SP, Ammo`);
    await e2e.screenshot('combat-fire-kit');
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('fire-applied').textContent()).toContain(`(kit ${fingerprint}: Fire Table, column four to nine, row 6 to 7`);
    expect(await printActions('fire attack')).toBeLessThanOrEqual(5);
    expect(await unit('1-tn')).toMatchObject({ spLost: 1 });
    expect(await unit('6-wi')).toMatchObject({ outOfAmmo: true });
    expect((await lastEvent()).kit).toEqual({ fingerprint, cells: [{ table: 'Fire Table', column: 'four to nine', row: '6 to 7', value: '2 SP, Ammo ("ii$")' }] });
    await undoRedo('1-tn', { spLost: 1 }, { spLost: 0 });
  });

  it('fire attack, two-unit stack: one more click adds the brigade\'s second unit', async () => {
    const plan = await e2e.call('planFire', { stack: ['2-wi', '7-wi'], range: 2, targets: ['1-tn', '7-tn'] });
    const die = 6 - plan.attack!.drm.total;
    await e2e.screen('roster');
    await e2e.resetActions();
    await e2e.page.locator('[data-unit-id="2-wi"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('x');
    await e2e.page.waitForSelector('[data-screen="combat"]');
    await e2e.settle();
    await e2e.page.getByTestId('fire-stack').getByTestId('picker-suggestion').filter({ hasText: '7th Wisconsin' }).click();
    await e2e.settle();
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await e2e.page.keyboard.press(String(die));
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('fire-kit').textContent()).toContain('2 SP');
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('fire-applied').textContent()).toContain('Fire: 2nd Wisconsin, 7th Wisconsin');
    expect(await printActions('fire attack, two-unit stack')).toBeLessThanOrEqual(6);
    expect(await unit('1-tn')).toMatchObject({ spLost: 2 });
    await undoRedo('1-tn', { spLost: 2 }, { spLost: 1 });
  });
});

describe('shock from one die', () => {
  it('shock with pre-shock checks: the attacker\'s row, H, its brigade\'s second unit, the hex last used, Bayonet Charge, the die, confirm', async () => {
    await e2e.screen('roster');
    await e2e.resetActions();
    await e2e.page.locator('[data-unit-id="13-al"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('h');
    await e2e.page.waitForSelector('[data-screen="combat"]');
    await e2e.settle();
    await e2e.page.getByTestId('shock-attackers').getByTestId('picker-suggestion').filter({ hasText: '14th Tennessee' }).click();
    await e2e.settle();
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    const defenders = await e2e.page.getByTestId('shock-defenders').locator('ol [data-unit-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit-id')));
    expect(defenders).toEqual(['2-wi', '7-wi']);
    await e2e.page.getByTestId('bayonet-designate').click();
    await e2e.settle();
    expect(await unit('13-al')).toMatchObject({ bayonetCharge: true });
    await expect.poll(() => e2e.page.getByTestId('shock-kit').textContent()).toContain('odds column five to three (rounded up for the Bayonet Charge)');
    await e2e.page.keyboard.press('6');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('shock-kit').textContent()).toContain(`Kit ${fingerprint}: Shock Table, column five to three`);
    await e2e.screenshot('combat-shock-kit');
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('shock-applied').textContent()).toContain(`kit ${fingerprint}`);
    expect(await printActions('shock with pre-shock checks')).toBeLessThanOrEqual(8);
    const event = await lastEvent();
    expect(event.kit!.cells.filter((c) => c.table === 'Pre-Shock Cohesion Check').map((c) => c.unitId)).toEqual(['13-al', '14-tn', '2-wi', '7-wi']);
    expect(event.summary).toContain('Bayonet Charge marker removed: 13th Alabama, 14th Tennessee');
    const after = await unit('2-wi');
    await e2e.page.keyboard.press('Control+z');
    await e2e.settle();
    expect(await unit('13-al')).toMatchObject({ bayonetCharge: true });
    expect(await unit('2-wi')).toMatchObject({ spLost: 0, status: 'ordered' });
    await e2e.page.keyboard.press('Control+Shift+z');
    await e2e.settle();
    expect(await unit('2-wi')).toMatchObject({ spLost: after.spLost, status: after.status });
    expect(await unit('13-al')).toMatchObject({ bayonetCharge: false });
  });
});

describe('rally and UDD from one die', () => {
  it('rally: the unit\'s row, Y, the die, confirm; the result against its rating from the kit', async () => {
    await e2e.screen('roster');
    await e2e.resetActions();
    await e2e.page.locator('[data-unit-id="24-mi"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('y');
    await e2e.page.waitForSelector('[data-screen="combat"]');
    await e2e.settle();
    // Routed: the disordered side's rating, 4; a die of 5 is 1 over it: "disordered, 1 SP" (the invented Rally Table).
    await e2e.page.keyboard.press('5');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-kit').textContent()).toContain('disordered, 1 SP');
    await e2e.screenshot('combat-rally-kit');
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-applied').textContent()).toContain(`kit ${fingerprint}: Rally Table, column routed, row 0 to 2 against the rating`);
    expect(await printActions('rally, from the Roster row')).toBeLessThanOrEqual(4);
    expect(await unit('24-mi')).toMatchObject({ status: 'disordered', stragglers: 1 });
    await undoRedo('24-mi', { status: 'disordered', stragglers: 1 }, { status: 'routed', stragglers: 0 });
  });

  it('rally: the next unit that may rally (one click on the Rally/UDD tab), the die, confirm', async () => {
    await e2e.resetActions();
    await e2e.page.getByTestId('rally-candidates').locator('[data-rally="2-ms"]').click();
    await e2e.settle();
    // Routed: the disordered side's rating, 3; a die of 4 is 1 over it.
    await e2e.page.keyboard.press('4');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-kit').textContent()).toContain('disordered, 1 SP');
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-applied').textContent()).toContain('Rally: 2nd Mississippi');
    expect(await printActions('rally')).toBeLessThanOrEqual(3);
    expect(await unit('2-ms')).toMatchObject({ status: 'disordered', stragglers: 1 });
    await undoRedo('2-ms', { status: 'disordered', stragglers: 1 }, { status: 'routed', stragglers: 0 });
  });

  it('UDD: an ordered unit\'s Y opens its UDD; the die gives the kit\'s result against its ordered rating', async () => {
    await e2e.screen('roster');
    await e2e.resetActions();
    await e2e.page.locator('[data-unit-id="6-wi"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('y');
    await e2e.page.waitForSelector('[data-screen="combat"]');
    await e2e.settle();
    // Ordered, rating 5: a 9 is 4 over it, "disordered, 1 SP".
    await e2e.page.keyboard.press('9');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-kit').textContent()).toContain('disordered, 1 SP');
    await e2e.page.keyboard.press('Enter');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-applied').textContent()).toContain(`kit ${fingerprint}: UDD, column ordered, row 4 to 40 against the rating`);
    await printActions('UDD');
    expect(await unit('6-wi')).toMatchObject({ status: 'disordered', spLost: 1, stragglers: 1 });
    await undoRedo('6-wi', { status: 'disordered', spLost: 1, stragglers: 1 }, { status: 'ordered', spLost: 0, stragglers: 0 });
    expect(e2e.consoleErrors).toEqual([]);
  });
});
