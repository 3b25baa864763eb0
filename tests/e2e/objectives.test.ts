/**
 * A scenario's own objectives, end to end in Chromium through the browser bridge: Skirmish at Willoughby
 * Run lists its own Geographic Objectives on the Victory screen, not the full battle's, and the players
 * correct them in Setup (a name, how many a side needs); a refused value stays at its field in words and
 * the field shows the saved value again; the History's Kind column says what happened in words (RI-D13).
 * Photographed into docs/screenshots/ (victory-scenario-objectives.png, setup-objectives.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } });
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

describe("the scenario's objectives", () => {
  it("Willoughby Run's Victory screen lists its own objectives, not the full battle's", async () => {
    await e2e.screen('victory');
    const main = await e2e.page.locator('main').innerText();
    expect(main).toContain('McPherson Ridge');
    expect(main).not.toContain('Cemetery Hill');
    expect(main).not.toContain('Staging Area 10');
    await e2e.screenshot('victory-scenario-objectives');
  });

  it('are corrected in Setup: a refused count stays at its field and the field shows the saved value; a new name reaches the Victory screen', async () => {
    const page = e2e.page;
    await e2e.screen('setup');
    await page.getByTestId('setup-tab-objectives').click();
    await e2e.settle();
    const needed = page.getByTestId('objectives-needed-USA');
    expect(await needed.inputValue()).toBe('1');
    await needed.fill('5');
    await needed.press('Enter');
    await needed.blur();
    await e2e.settle();
    expect(await page.getByTestId('objectives-needed-error-USA').innerText()).toBe('Needed: the USA lists 1 objective, so it cannot need 5 (Rev. Victory) (5 was not saved)');
    expect(await needed.inputValue()).toBe('1');
    const name = page.getByLabel('CSA objective: Willoughby Run crossing');
    await name.fill('Willoughby Run ford');
    await name.press('Tab');
    await e2e.settle();
    await e2e.screenshot('setup-objectives');
    await e2e.screen('victory');
    expect(await page.locator('main').innerText()).toContain('Willoughby Run ford');
    await e2e.screen('history');
    const row = page.locator('tr[data-kind="setup.objective"]').first();
    expect(await row.locator('td.kind').innerText()).toBe('objectives');
    expect(await row.innerText()).toContain('CSA Geographic Objectives: Willoughby Run crossing renamed Willoughby Run ford');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
