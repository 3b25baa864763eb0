/**
 * End to end, in Chromium through the browser bridge and a real game file: a group switches optional
 * rules on in New Game, and the game shows them where they act: the turn guide and the
 * Victory screen. Each module's own screens are checked in their own tests.
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

describe('optional rules in New Game', () => {
  it('offers every module with its source, off by default, and records the chosen ones in the new game', async () => {
    const page = e2e.page;
    await e2e.screen('start');
    const picker = page.getByTestId('optional-rules');
    await expect.poll(() => picker.getByRole('checkbox').count()).toBe(4);
    for (const name of ['Variable Initiative', 'Demoralization', 'Card-draw activation', 'Messengers']) {
      const box = picker.getByRole('checkbox', { name });
      expect(await box.isChecked(), name).toBe(false);
    }
    expect(await picker.innerText()).toContain('SPI Blue & Gray optional rules 11.6');
    await e2e.resetActions();
    await picker.getByRole('checkbox', { name: 'Demoralization' }).check();
    await picker.getByRole('checkbox', { name: 'Card-draw activation' }).check();
    await page.getByTestId('card-draw-level').selectOption('corps');
    await page.getByTestId('card-draw-ladder').check();
    await e2e.screenshot('start-optional-rules');
    await page.getByRole('button', { name: 'Create game' }).click();
    await expect.poll(async () => (await e2e.gameInfo())?.optionalRules.inForce.map((r) => r.id)).toEqual(['demoralization', 'cardDraw']);
    // Four choices and the Create button.
    expect((await e2e.actions()).total).toBeLessThanOrEqual(6);
    const info = (await e2e.gameInfo())!;
    expect(info.optionalRules.settings).toEqual({ variableInitiative: false, demoralization: true, cardDraw: { level: 'corps', statusLadder: true }, messengers: false });
  });

  it('names the rules in force in the turn guide and on the Victory screen', async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    const line = page.getByTestId('turn-optional-rules');
    expect(await line.innerText()).toBe('Optional rules: Demoralization · Card-draw activation');
    await e2e.screen('victory');
    const victory = page.getByTestId('victory-optional-rules');
    expect(await victory.innerText()).toContain('Card-draw activation: cards are the corps; status ladder on');
    expect(await victory.innerText()).toContain('Demoralization');
    await e2e.screenshot('victory-optional-rules');
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('shows nothing of optional rules in a game created without them', async () => {
    const info = await e2e.createGame({ scenario: 'gettysburg' });
    expect(info.optionalRules.inForce).toEqual([]);
    await e2e.screen('turn');
    expect(await e2e.page.getByTestId('turn-optional-rules').count()).toBe(0);
    await e2e.screen('victory');
    expect(await e2e.page.getByTestId('victory-optional-rules').count()).toBe(0);
  });
});
