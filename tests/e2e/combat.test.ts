/**
 * Combat at the table, end to end in Chromium through the browser bridge, on the combat fixture
 * (tests/fixtures/combat.json) in a real .muster file, with typed dice:
 *
 * - the revision's three fire-frontage examples, built from roster units by name and shown on screen in
 *   the revision's own words;
 * - one fire attack from choosing the stack on the Roster to applying a typed result, its clicks and keys
 *   counted and printed, then undone and redone with the keyboard;
 * - a shock with a Bayonet Charge: designated, odds rounded, +1s itemised, the markers removed;
 * - a Rally with a leader's star rank, reached from the Roster;
 * - a Confusion Table result recorded after a failed ME in the Activation Segment;
 * - the player's chart imported on the Charts screen and used to compute a fire result;
 * - unit state set from the Roster by keys.
 *
 * Every new screen is photographed into docs/screenshots/ (combat-*.png, charts.png, roster-unit-state.png).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterUnit } from '../../contract';
import { GameService } from '../../db/service';
import { COMBAT_SCENARIO } from '../fixtures/game';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'muster-e2e-combat-'));
  const file = join(dir, 'combat.muster');
  // The game at III.A: the CSA has the Initiative and has activated Heth's division at ME (its free
  // initial activation); the 8th Illinois Cavalry is mounted for the second frontage example.
  const g = GameService.create({ file, scenario: COMBAT_SCENARIO, players: { USA: 'Abner', CSA: 'Jubal' } }, { seed: 7 });
  // Nobody changes orders on the way: both sides say so in the steps of secret entries (RI-H02).
  while (g.info().clock.segment !== 'II') g.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
  while (g.info().clock.segment !== 'III') g.advanceClock();
  g.attemptActivation({ commandId: 'heth-div' });
  g.setUnitFlags({ unitId: '8-il-cav', mounted: true });
  g.close();
  e2e = await startE2E({ file, dir });
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** Counts what a player does: each click and each key press. */
const counted = { clicks: 0, keys: 0 };
async function click(locator: ReturnType<E2E['page']['getByTestId']>): Promise<void> {
  counted.clicks += 1;
  await locator.click();
  await e2e.settle();
}
async function keys(text: string): Promise<void> {
  counted.keys += text.length;
  await e2e.page.keyboard.type(text);
  await e2e.settle();
}
async function press(key: string): Promise<void> {
  counted.keys += 1;
  await e2e.page.keyboard.press(key);
  await e2e.settle();
}

const unit = async (id: string): Promise<RosterUnit> => (await e2e.call('roster')).find((u) => u.id === id)!;
const picker = (testid: string) => e2e.page.getByTestId(testid);

/** Adds units to a picker by name: type part of the name, Enter. */
async function pick(testid: string, names: string[]): Promise<void> {
  for (const name of names) {
    await picker(testid).getByTestId('picker-search').focus();
    await keys(name);
    await press('Enter');
  }
}

async function clearPicker(testid: string): Promise<void> {
  const remove = picker(testid).getByRole('button', { name: /^Remove / });
  while ((await remove.count()) > 0) {
    await remove.first().click();
    await e2e.settle();
  }
}

describe('the Fire assistant', () => {
  it('shows the revision\'s three frontage examples as the text tells them, from roster units', async () => {
    await e2e.screen('combat');
    const explanations = async () => picker('fire-stack').locator('.explain').allTextContents();
    const firing = async () => picker('fire-stack').getByTestId('firing-sp').allTextContents();

    // "Artillery battery (6 SPs) on top, stacked with Infantry regiment (6 SPs)."
    await pick('fire-stack', ['2nd Maine', '2nd Wisc']);
    expect(await firing()).toEqual(['6 SP fire', '3 SP fire']);
    expect(await explanations()).toEqual([
      'Artillery maximum is 12. All 6 SPs may fire. The difference is 6 (12-6=6).',
      'The difference is 6; x1/2 for going down one level to Infantry = 3 SPs eligible. 3 of its 6 SPs may fire.',
    ]);

    // "Mounted Cavalry battalion (2 SPs) on top, stacked with two Artillery batteries (4 SPs each)."
    await clearPicker('fire-stack');
    await pick('fire-stack', ['8th Illinois', 'Battery L', 'Battery B']);
    expect(await firing()).toEqual(['2 SP fire', '4 SP fire', '4 SP fire']);
    expect(await explanations()).toEqual([
      'Cavalry maximum is 4. All 2 SPs may fire. The difference is 2 (4-2=2).',
      'The difference is 2; x4 for going up two levels to Artillery = 8 SPs eligible. All 4 SPs may fire. The difference is now 4 (8-4=4).',
      'The difference is 4; same type (Artillery) = 4 SPs eligible. All 4 SPs may fire.',
    ]);

    // "A ridiculously complex example": 2-SP regiment, 1-SP dismounted battalion, 4-SP battery, 2-SP regiment.
    await clearPicker('fire-stack');
    await pick('fire-stack', ['7th Wisc', '12th Illinois', 'Calef', '19th Ind']);
    expect(await firing()).toEqual(['2 SP fire', '1 SP fire', '4 SP fire', '0 SP fire']);
    expect(await explanations()).toEqual([
      'Infantry maximum is 7. All 2 SPs may fire. The difference is 5 (7-2=5).',
      'The difference is 5; x1/2 for going down one level to Cavalry = 2.5, rounded down to 2 SPs eligible. Its 1 SP may fire. The difference is now 1 (2-1=1).',
      'The difference is 1; x4 for going up two levels to Artillery = 4 SPs eligible. All 4 SPs may fire.',
      'The difference having been used up, it may not fire.',
    ]);
    await expect.poll(() => e2e.page.getByTestId('front-line').textContent()).toContain('In front, right to left: 7th Wisconsin (right), 12th Illinois Cavalry (centre), Battery A, 2nd US (Calef) (left)');
    await e2e.screenshot('combat-fire-frontage');
    await clearPicker('fire-stack');
  });

  it('one fire attack from the Roster to a typed result, undone and redone with the keyboard', async () => {
    counted.clicks = 0;
    counted.keys = 0;
    await e2e.screen('roster');
    // The stack: 2nd Wisconsin chosen on the Roster (a click), X opens the Fire assistant with it.
    await click(e2e.page.locator('[data-unit-id="2-wi"]'));
    await press('x');
    await e2e.page.waitForSelector('[data-screen="combat"]');
    await pick('fire-stack', ['6th W']);
    await pick('fire-targets', ['1st Ten', '7th Ten']);
    // Range 2 is the default; the die typed from the table: 6.
    await e2e.page.getByTestId('fire-die').getByTestId('die-typed').focus();
    await press('6');
    await expect.poll(() => e2e.page.getByTestId('fire-modified').textContent()).toContain('Die 6 + 1 = 7 on the 7 SP column');
    await e2e.screenshot('combat-fire');
    // The Fire Table says 3 SP: the service shares them, the firing player places the odd one.
    await e2e.page.getByTestId('fire-sp').focus();
    await keys('3');
    await expect.poll(() => e2e.page.getByTestId('fire-shares').textContent()).toContain('1st Tennessee 1, 7th Tennessee 1, 1 more');
    await click(e2e.page.locator('[data-choice="7-tn"]'));
    await e2e.page.locator('[data-outcome="1-tn"]').selectOption('disordered');
    counted.clicks += 1;
    await e2e.settle();
    await click(e2e.page.getByTestId('fire-apply'));
    await expect.poll(() => e2e.page.getByTestId('fire-applied').textContent()).toContain('Fire: 2nd Wisconsin, 6th Wisconsin (7 SP) at 1st Tennessee, 7th Tennessee, range 2, DRM +1; rolled 6, modified 7: 3 SP');
    // At one laptop the service offers undo after the change, and the screen says how.
    expect((await e2e.gameInfo())!.canUndo).toBe(true);
    expect(await e2e.page.getByTestId('undo-hint').textContent()).toBe('(Undo: Ctrl+Z)');
    console.log(`CLICKS fire-attack clicks=${counted.clicks} keys=${counted.keys}`);
    expect(counted.clicks + counted.keys).toBeLessThanOrEqual(40);

    expect(await unit('1-tn')).toMatchObject({ spLost: 1, stragglers: 1, status: 'disordered' });
    expect(await unit('7-tn')).toMatchObject({ spLost: 2 });
    await e2e.page.keyboard.press('Control+z');
    await e2e.settle();
    expect(await unit('1-tn')).toMatchObject({ spLost: 0, stragglers: 0, status: 'ordered' });
    expect(await unit('7-tn')).toMatchObject({ spLost: 0 });
    await e2e.page.keyboard.press('Control+Shift+z');
    await e2e.settle();
    expect(await unit('1-tn')).toMatchObject({ spLost: 1, stragglers: 1, status: 'disordered' });
    const [event] = await e2e.call('history', { kinds: ['fire'], includeUndone: false });
    expect(event!.changes.map((c) => `${c.key}.${c.field}`)).toEqual(expect.arrayContaining(['1-tn.sp_lost', '1-tn.stragglers', '1-tn.status', '7-tn.sp_lost']));
  });
});

describe('the Shock assistant with a Bayonet Charge', () => {
  it('designates the charge, shows the +1s and the odds rounded for the attacker, applies, and removes the markers', async () => {
    await e2e.page.getByTestId('tab-shock').click();
    await e2e.settle();
    await pick('shock-attackers', ['13th Ala', '14th Ten']);
    await pick('shock-defenders', ['24th Mich']);
    await e2e.page.getByTestId('bayonet-designate').click();
    await e2e.settle();
    expect(await unit('13-al')).toMatchObject({ bayonetCharge: true });
    await expect.poll(() => e2e.page.getByTestId('shock-odds-rounded').textContent()).toContain('Bayonet Charge: 2 : 1');
    const drm = await e2e.page.getByRole('table', { name: 'Shock Resolution DRMs' }).textContent();
    expect(drm).toContain('Bayonet Charge');
    expect(drm).toContain("Attacker's orders (ASLT)");
    await e2e.page.getByTestId('shock-die').getByTestId('die-typed').focus();
    await e2e.page.keyboard.press('5');
    await e2e.settle();
    await e2e.page.getByRole('spinbutton', { name: 'SP lost by 24th Michigan' }).fill('2');
    await e2e.page.getByRole('combobox', { name: 'Status of 24th Michigan' }).selectOption('routed');
    await e2e.screenshot('combat-shock');
    await e2e.page.getByTestId('shock-apply').click();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('shock-applied').textContent()).toContain('Bayonet Charge marker removed: 13th Alabama, 14th Tennessee');
    expect(await unit('13-al')).toMatchObject({ bayonetCharge: false });
    expect(await unit('24-mi')).toMatchObject({ spLost: 2, status: 'routed' });
  });
});

describe('Rally, from the Roster', () => {
  it('Y on a routed unit opens Rally; the brigade leader lends his star; the result is recorded', async () => {
    await e2e.screen('roster');
    await e2e.page.locator('[data-unit-id="24-mi"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('y');
    await e2e.settle();
    await e2e.page.getByTestId('cohesion-leader').selectOption('meredith');
    await e2e.settle();
    const drm = await e2e.page.getByRole('table', { name: 'Rally DRMs: 24th Michigan' }).textContent();
    expect(drm).toContain("Leader's star rank (1)");
    await e2e.page.getByTestId('cohesion-die').getByTestId('die-typed').focus();
    await e2e.page.keyboard.press('2');
    await e2e.settle();
    await e2e.page.getByTestId('cohesion-status').selectOption('disordered');
    await e2e.screenshot('combat-rally');
    await e2e.page.getByTestId('cohesion-apply').click();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-applied').textContent()).toContain("Rally: 24th Michigan, DRM -1 (Solomon Meredith's star rank); rolled 2, modified 1");
    expect(await unit('24-mi')).toMatchObject({ status: 'disordered' });
    // Meredith has used his star rank this turn; the next Rally is rolled by the app (its roll is in the dice log first, RI-K18).
    expect(await e2e.page.getByTestId('cohesion-leader').locator('option[value="meredith"]').isDisabled()).toBe(true);
    await e2e.page.getByTestId('cohesion-die').getByTestId('die-app').click();
    await e2e.settle();
    await e2e.page.getByTestId('cohesion-apply').click();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('cohesion-applied').textContent()).toMatch(/Rally: 24th Michigan, DRM \+0; app roll #\d+: \d, modified \d: no change/);
    const [roll] = await e2e.call('diceLog', { limit: 1 });
    expect(roll).toMatchObject({ purpose: 'Rally: 24th Michigan', source: 'app' });
  });
});

describe('unit state on the Roster', () => {
  it('keys set status, mounted and works; a refusal is shown with its rule', async () => {
    await e2e.screen('roster');
    await e2e.page.locator('[data-unit-id="8-ny-cav"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('m');
    await e2e.settle();
    expect(await unit('8-ny-cav')).toMatchObject({ mounted: true });
    await e2e.page.keyboard.press('2');
    await e2e.settle();
    expect(await unit('8-ny-cav')).toMatchObject({ status: 'disordered' });
    await e2e.page.keyboard.press('w');
    await e2e.settle();
    expect(await unit('8-ny-cav')).toMatchObject({ works: 'breastworks' });
    await e2e.page.locator('[data-unit-id="hall-me"]').click();
    await e2e.settle();
    await e2e.page.keyboard.press('k');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('unit-state-error').textContent()).toContain('Rev. Skirmishers');
    await e2e.page.locator('[data-unit-id="8-ny-cav"]').click();
    await e2e.settle();
    await e2e.screenshot('roster-unit-state');
  });
});

describe('the Confusion Table after a failed ME', () => {
  it('USA tries Gamble\'s brigade for ME with a typed 9, and records the table\'s Stand', async () => {
    await e2e.screen('turn');
    await e2e.page.getByTestId('activation-command').selectOption('gamble');
    await e2e.settle();
    await e2e.page.getByTestId('activation-die').getByTestId('die-typed').focus();
    await e2e.page.keyboard.press('9');
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('confusion-panel').textContent()).toContain("Gamble's Brigade went to the Confusion Table with the modified roll");
    await e2e.screenshot('combat-confusion');
    await e2e.page.getByTestId('confusion-panel').locator('[data-confusion-result="stand"]').click();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('confusion-recorded').textContent()).toContain("Confusion Table: Gamble's Brigade Stand: it stays where it is this activation");
    const state = await e2e.call('turnState');
    expect(state.activated.find((a) => a.commandId === 'gamble')).toMatchObject({ effectiveness: 'confusion', confusionResult: 'stand' });
    await expect.poll(() => e2e.page.getByTestId('activated-list').textContent()).toContain('tried for ME: Confusion Table: Stand');
  });
});

describe('the player\'s charts', () => {
  it('imports a charts file on the Charts screen and uses its Fire Table to compute a fire result', async () => {
    const file = join(dir, 'my-charts.json');
    // Invented values for the test: Muster ships none.
    writeFileSync(file, JSON.stringify({
      version: 1,
      fireTable: { columns: [{ label: '1-8', minSp: 1, maxSp: 8, rows: [{ min: -20, max: 4, sp: 0, text: '-' }, { min: 5, max: 40, sp: 1, text: '1*' }] }] },
      terrain: { rows: [{ name: 'Woods', fire: -1, shock: -1 }] },
    }));
    await e2e.screen('charts');
    await e2e.page.getByTestId('charts-import').setInputFiles(file);
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('charts-status').textContent()).toContain('Imported my-charts.json');
    await e2e.screenshot('charts');

    await e2e.screen('combat');
    await e2e.page.getByTestId('tab-fire').click();
    await e2e.settle();
    await clearPicker('fire-stack');
    await clearPicker('fire-targets');
    await pick('fire-stack', ['6th W']);
    await pick('fire-targets', ['42nd Miss']);
    await e2e.page.getByTestId('fire-die').getByTestId('die-typed').focus();
    await e2e.page.keyboard.press('4');
    await e2e.settle();
    // With a Fire Table, the result for the die is computed from it (RI-K25); reading it at the table instead,
    // the chart's lookup is still offered to confirm.
    await expect.poll(() => e2e.page.getByTestId('fire-kit').textContent()).toContain('Fire Table, column 1-8, row 5 to 40: 1 SP ("1*")');
    await e2e.page.getByTestId('fire-read-at-table').check();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('fire-chart').textContent()).toContain('Your Fire Table, column 1-8, roll 5: "1*": 1 SP');
    await e2e.page.getByTestId('fire-read-at-table').uncheck();
    await e2e.settle();
    await e2e.page.getByTestId('fire-apply').click();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('fire-applied').textContent()).toMatch(/1 SP \(kit [0-9a-f]{4}-[0-9a-f]{4}: Fire Table, column 1-8, row 5 to 40/);
    expect(await unit('42-ms')).toMatchObject({ spLost: 1 });
    expect(e2e.consoleErrors).toEqual([]);
  });
});

describe('accessibility of the new screens', () => {
  it('gives every control of the combat assistants, the Charts screen and the unit state bar an accessible name', async () => {
    const unnamed: string[] = [];
    await e2e.screen('combat');
    for (const tab of ['fire', 'shock', 'cohesion'] as const) {
      await e2e.page.getByTestId(`tab-${tab}`).click();
      await e2e.settle();
      unnamed.push(...(await e2e.unnamedControls()).map((c) => `combat ${tab}: ${c}`));
    }
    await e2e.screen('charts');
    unnamed.push(...(await e2e.unnamedControls()).map((c) => `charts: ${c}`));
    await e2e.screen('roster');
    await e2e.page.locator('[data-unit-id="2-wi"]').click();
    await e2e.settle();
    unnamed.push(...(await e2e.unnamedControls()).map((c) => `roster: ${c}`));
    expect(unnamed).toEqual([]);
  });
});
