/**
 * Optional Demoralization end to end, in Chromium through the browser
 * bridge, on the full battle in a real game file created with the option:
 *
 * - the turn bar shows each side's distance to one third of its total SPs, and the loss recorded on the
 *   Roster that reaches it turns the Union demoralized there at once (RI-O31);
 * - the Combat screen's fire attack lists the demoralization DRM with its source (RI-O08, RI-O32);
 * - the Victory screen shows both sides, itemised, with the distance to each threshold (RI-O10, RI-O30).
 *
 * Photographed into docs/screenshots/ (turn-demoralization*.png, combat-fire-demoralization.png,
 * victory-demoralization.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

const chip = () => e2e.page.getByTestId('turn-demoralization');
const chipSide = (side: 'USA' | 'CSA') => e2e.page.getByTestId(`turn-demoralization-${side}`);

describe('Demoralization in a game created with it', () => {
  it('the turn bar shows how far each side is from one third of its SPs', async () => {
    const info = await e2e.createGame({ scenario: 'gettysburg', optionalRules: { demoralization: true } });
    expect(info.demoralization?.USA.total.total).toBe(59);
    await e2e.screen('turn');
    // The Union's 59 SPs: 20 SPs of loss reach one third; the Confederates' 156: 52.
    expect((await chipSide('USA').innerText()).trim()).toBe('USA 20 SP to ⅓');
    expect((await chipSide('CSA').innerText()).trim()).toBe('CSA 52 SP to ⅓');
    expect(await chip().locator(':scope > summary').getAttribute('aria-label')).toBe(
      'Demoralization: USA not demoralized, 20 SP of loss to demoralized; CSA not demoralized, 52 SP of loss to demoralized',
    );
    await e2e.screenshot('turn-demoralization');
  });

  it('the loss recorded on the Roster that reaches one third demoralizes the Union at once', async () => {
    const page = e2e.page;
    // Buford's cavalry has lost 19 SPs already.
    await e2e.call('recordLoss', { unitId: 'usa-8th-illinois-cavalry', sp: 9 });
    await e2e.call('recordLoss', { unitId: 'usa-8th-new-york-cavalry', sp: 10 });
    await e2e.reload();
    await e2e.screen('turn');
    expect((await chipSide('USA').innerText()).trim()).toBe('USA 1 SP to ⅓');

    await e2e.screen('roster');
    await e2e.resetActions();
    await page.getByLabel('Search units and commands').fill('3rd Indiana');
    await page.locator('[data-unit-id="usa-3rd-indiana-cavalry"]').click();
    await page.keyboard.press('l');
    const dialog = page.getByRole('dialog', { name: 'Record an SP loss: 3rd Indiana Cavalry' });
    await dialog.waitFor();
    await page.keyboard.type('1');
    await dialog.getByLabel('SP lost').press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await e2e.settle();
    const actions = await e2e.actions();
    console.log(`CLICKS demoralization-loss total=${actions.total}`);
    // Search, choose the unit, L, the SP, Enter: nothing more for the demoralization.
    expect(actions.total).toBeLessThanOrEqual(6);

    await expect.poll(async () => (await chipSide('USA').innerText()).trim()).toBe('USA demoralized · 20 to ⅔');
    const [entry] = await e2e.call('history', { limit: 1 });
    expect(entry!.summary).toBe('3rd Indiana Cavalry loses 1 SP (small-arms); the USA is demoralized: its losses of 20 SP reach one third of its 59 SP (SPI B&G 11.6)');

    // Unfolded: both sides in full, with what the option changes and its sources.
    await chip().locator(':scope > summary').click();
    const usa = chip().getByTestId('demoralization-USA');
    expect(await usa.getByTestId('demoralization-label').innerText()).toBe('Demoralized');
    expect(await usa.getByTestId('demoralization-thresholds').innerText()).toBe('One third (demoralized) at 20 SP: reached\nTwo thirds (double-demoralized) at 40 SP: 20 SP to go');
    expect(await usa.getByTestId('demoralization-attack').innerText()).toContain("USA fire and Shock Resolution rolls: −1 · USA (attacking) demoralized: one column left −1 (SPI B&G 11.61 (printed 11.16))");
    expect(await chip().getByTestId('demoralization-CSA').getByTestId('demoralization-attack').innerText()).toContain('CSA fire and Shock Resolution rolls: +1');
    await e2e.screenshot('turn-demoralization-open');
    await chip().locator(':scope > summary').click();
  });

  it('a fire attack at the Union in the Combat screen lists the demoralization DRM with its source (RI-O32)', async () => {
    const page = e2e.page;
    // To the Activation Segment: nobody changes orders, the CSA has the Initiative.
    while ((await e2e.gameInfo())!.clock.segment !== 'II') await e2e.call('advanceClock', { nothingToEnter: ['USA', 'CSA'] });
    await e2e.call('rollInitiative', { armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
    while ((await e2e.gameInfo())!.clock.segment !== 'III') await e2e.call('advanceClock', {});
    await e2e.reload();

    await e2e.screen('combat');
    for (const [picker, name] of [['fire-stack', '26th North'], ['fire-targets', '12th Illinois']] as const) {
      await page.getByTestId(picker).getByTestId('picker-search').focus();
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await e2e.settle();
    }
    const drm = page.getByRole('table', { name: 'Fire DRMs' });
    await expect.poll(() => drm.textContent()).toContain("Target's side demoralized: one column right");
    const row = drm.locator('tr', { hasText: "Target's side demoralized" });
    expect(await row.locator('td').allInnerTexts()).toEqual(["Target's side demoralized: one column right", '+1', 'SPI B&G 11.61 (printed 11.16)']);
    // The die typed from the table: the +1 is in the modified roll.
    const plan = await e2e.call('planFire', { stack: ['csa-26th-north-carolina'], range: 2, targets: ['usa-12th-illinois-cavalry'] });
    await page.getByTestId('fire-die').getByTestId('die-typed').focus();
    await page.keyboard.press('4');
    await e2e.settle();
    const total = plan.attack!.drm.total;
    await expect.poll(() => page.getByTestId('fire-modified').textContent()).toContain(`Die 4 ${total < 0 ? '−' : '+'} ${Math.abs(total)} = ${4 + total}`);
    await e2e.screenshot('combat-fire-demoralization');
  });

  it('the Victory screen shows both sides, itemised, with the distance to each threshold', async () => {
    const page = e2e.page;
    await e2e.screen('victory');
    const section = page.getByTestId('victory-demoralization');
    const usa = section.getByTestId('demoralization-USA');
    expect(await usa.getByTestId('demoralization-label').innerText()).toBe('Demoralized');
    expect(await usa.innerText()).toContain('Losses 20 of 59 SP');
    const csa = section.getByTestId('demoralization-CSA');
    expect(await csa.getByTestId('demoralization-label').innerText()).toBe('Not demoralized');
    expect(await csa.getByTestId('demoralization-thresholds').innerText()).toContain('One third (demoralized) at 52 SP: 52 SP to go');
    await usa.locator('summary').click();
    const losses = usa.getByRole('table', { name: 'USA losses counted for demoralization' });
    expect(await losses.textContent()).toContain('SPs lost (guns destroyed or captured among them)');
    expect(await usa.getByRole('table', { name: 'USA total SPs for demoralization' }).textContent()).toContain('Units on the map from the start');
    await section.scrollIntoViewIfNeeded();
    await e2e.screenshot('victory-demoralization');
    expect(await e2e.unnamedControls()).toEqual([]);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
