/**
 * End to end, in Chromium through the browser bridge and a real game file: a group chooses house readings
 * in New Game (each with what it changes and a link to its interpretation), and the game names the readings
 * it plays in the turn guide and on the Victory screen.
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

describe('house readings in New Game', () => {
  it('offers every reading with its documented choice first and chosen, and records the readings chosen otherwise', async () => {
    const page = e2e.page;
    await e2e.screen('start');
    const picker = page.getByTestId('house-readings');
    await expect.poll(() => picker.getByRole('combobox').count()).toBe(12);
    expect(await picker.locator('legend').innerText()).toBe('House readings (none: every reading as documented)');
    const ooc = page.getByTestId('house-oocCommanderDrm');
    expect(await ooc.getByRole('combobox').inputValue()).toBe('asPrinted');
    expect(await ooc.innerText()).toContain('Changes: The ME activation roll of a command whose commander is out of command.');
    expect(await ooc.getByRole('button', { name: 'RI-C01: read it in Help' }).count()).toBe(1);
    await ooc.getByRole('combobox').selectOption('hurts');
    await page.getByTestId('house-fatigueRecovery').getByRole('combobox').selectOption('allLevels');
    expect(await picker.locator('legend').innerText()).toBe('House readings (2 chosen)');
    await picker.scrollIntoViewIfNeeded();
    await page.getByTestId('house-orderChangeOrders').scrollIntoViewIfNeeded();
    await e2e.screenshot('start-house-readings');
    await page.getByRole('button', { name: 'Create game' }).click();
    await expect.poll(async () => (await e2e.gameInfo())?.houseReadings.inForce.map((r) => r.id)).toEqual(['oocCommanderDrm', 'fatigueRecovery']);
  });

  it('names the readings in force in the turn guide and on the Victory screen', async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    const line = page.getByTestId('turn-house-readings');
    expect(await line.innerText()).toBe("House readings: Out-of-command commander's activation DRM: +1: he suffers it (RI-C01) · Fatigue recovered by a designated brigade: Every level (RI-B07)");
    await e2e.screen('victory');
    const victory = page.getByTestId('victory-module-house-readings');
    expect(await victory.innerText()).toContain("Out-of-command commander's activation DRM: +1: he suffers it");
    expect(await victory.innerText()).toContain('Fatigue recovered by a designated brigade: Every level');
    await victory.scrollIntoViewIfNeeded();
    await e2e.screenshot('victory-house-readings');
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('names none in a game created with the documented readings', async () => {
    const info = await e2e.createGame({ scenario: 'gettysburg' });
    expect(info.houseReadings.inForce).toEqual([]);
    await e2e.screen('turn');
    expect(await e2e.page.getByTestId('turn-house-readings').count()).toBe(0);
    await e2e.screen('victory');
    expect(await e2e.page.getByTestId('victory-module-house-readings').count()).toBe(0);
  });
});
