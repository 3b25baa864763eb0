/**
 * Smaller defects, each as the player met it, on the small Willoughby Run
 * scenario in Chromium: "1 units shown"; the Roster's O key giving any order at any time;
 * Enter not submitting the loss dialog; printing the roster without the units of folded commands; the
 * die box ignoring a pasted digit; horse artillery forced to WDRW; "pre-roll.Rev." run together; Alt+N
 * leaving the focus behind on the step just left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

const BATTERY = 'usa-battery-a-2nd-us';
const GAMBLE = 'c:usa-cavalry-1-gamble';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } });
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** Selects a roster row by its key and gives the table the focus, as a click would. */
async function selectRow(key: string): Promise<void> {
  await e2e.page.locator(`tr[data-key="${key}"]`).click();
  await e2e.settle();
}

describe('the Roster', () => {
  it('counts "1 unit shown", not "1 units shown"', async () => {
    await e2e.screen('roster');
    await e2e.page.getByLabel('Search units and commands').fill('8th Illinois');
    await e2e.settle();
    expect(await e2e.page.getByTestId('roster-count').innerText()).toBe('1 unit shown');
    await e2e.page.getByLabel('Search units and commands').fill('');
    await e2e.settle();
  });

  it('O before play: opening orders, any order', async () => {
    const page = e2e.page;
    await selectRow(GAMBLE);
    await page.keyboard.press('o');
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Opening orders: any order, before play begins.');
    await dialog.getByRole('combobox').selectOption('HOLD');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await e2e.settle();
    expect(await dialog.isVisible()).toBe(false);
    expect((await e2e.call('history', { limit: 1 }))[0]).toMatchObject({ kind: 'orders.set', summary: "Gamble's Brigade: opening orders HOLD" });
    expect((await e2e.gameInfo())!.started).toBe(false);
  });

  it('L: Enter in the SP box records the loss (defect: Enter did not submit)', async () => {
    const page = e2e.page;
    await selectRow('u:usa-8th-illinois-cavalry');
    await page.keyboard.press('l');
    const sp = page.getByRole('dialog').getByRole('spinbutton');
    await sp.fill('2');
    await sp.press('Enter');
    await e2e.settle();
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    expect((await e2e.call('roster')).find((u) => u.id === 'usa-8th-illinois-cavalry')?.spLost).toBe(2);
  });

  it('O once play has begun: a command is refused with the rule; a unit is offered its Default Orders only', async () => {
    const page = e2e.page;
    expect((await e2e.gameInfo())!.started).toBe(true);
    await selectRow(GAMBLE);
    await page.keyboard.press('o');
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('dialog-orders-why').innerText()).toContain("Once play has begun a command's orders change by an order change attempt in the Orders Segment");
    expect(await dialog.getByRole('button', { name: 'Record' }).count()).toBe(0);
    await e2e.screenshot('roster-orders-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await selectRow(`u:${BATTERY}`);
    await page.keyboard.press('o');
    // Horse artillery may take any RE order as its Default Order (Rev. Orders Types), not only WDRW.
    const options = await dialog.getByRole('combobox').locator('option').allInnerTexts();
    expect(options).toEqual(['Follow its command’s order', 'WDRW: Withdraw', 'SKPD: Skirmish/Probe/Delay', 'HOLD: Hold', 'RSRV: Reserve']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('printing shows the units of folded commands too', async () => {
    const page = e2e.page;
    await selectRow(GAMBLE);
    await page.keyboard.press('ArrowLeft');
    await e2e.settle();
    expect(await page.locator('tr[data-unit-id="usa-8th-illinois-cavalry"]').count()).toBe(0);
    // The print dialog is the browser's: count what is rendered at the moment it would print.
    await page.evaluate(`window.print = () => { window.__printed = document.querySelectorAll('tr[data-unit-id="usa-8th-illinois-cavalry"]').length; }`);
    await page.getByRole('button', { name: 'Print roster…' }).click();
    await e2e.settle();
    expect(await page.evaluate('window.__printed')).toBe(1);
    expect(await page.locator('tr[data-unit-id="usa-8th-illinois-cavalry"]').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
  });
});

describe('the Turn screen', () => {
  it('I.B: the die box takes a pasted digit; "pre-roll." and the rule are apart; Alt+N takes the focus to the new step', async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    await page.getByTestId('orders-nobody').click();
    await e2e.settle();
    // A pasted "0" is the die (defect: it was ignored).
    const die = page.getByTestId('preroll-die').getByTestId('die-typed');
    await die.focus();
    await page.evaluate(`(() => {
      const field = document.querySelector('[data-testid="preroll-die"] [data-testid="die-typed"]');
      const data = new DataTransfer();
      data.setData('text/plain', ' 0 ');
      field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await e2e.settle();
    expect((await e2e.call('turnState', { viewer: 'USA' })).orderPreRoll.USA).toBe(true);
    await page.getByTestId('attempt-command').selectOption('usa-cavalry-1-gamble');
    // Gamble's opening order is HOLD (set above): ASLT is a non-automatic change.
    await page.getByTestId('attempt-order').selectOption('ASLT');
    expect(await page.getByTestId('attempt-kind').innerText()).toMatch(/pre-roll\. Rev\. Non-Automatic Order Change Attempts$/);
    // Out-of-command units: the battery's choices, from the service.
    await page.getByTestId('ooc-unit').selectOption(BATTERY);
    expect(await page.getByTestId('ooc-choice').locator('option').allInnerTexts()).toEqual(['WDRW Withdraw', 'SKPD Skirmish/Probe/Delay', 'HOLD Hold', 'RSRV Reserve']);

    await page.getByTestId('orders-side-done').click();
    await e2e.settle();
    await page.getByTestId('hand-over-continue').click();
    await e2e.settle();
    await page.getByTestId('orders-side-done').click();
    await e2e.settle();
    await page.getByTestId('hand-over-continue').click();
    await e2e.settle();
    await page.keyboard.press('Alt+n');
    await e2e.settle();
    expect((await e2e.gameInfo())!.clock.segment).toBe('II');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('turn-heading');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('II.A Initiative Phase');
  });
});
