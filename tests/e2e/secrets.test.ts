/**
 * Secrets that stay secret, in the browser: on the small Willoughby
 * Run scenario, the USA player makes his secret entries of the Non-Automatic Order Change Phase (the
 * army commander's pre-roll, Gamble's brigade SKPD -> HOLD with Buford's rating) and hands over. With the
 * CSA player at the keyboard, every screen he may open is checked for the USA entries: the History,
 * the Roster's orders column, the Leaders' points, the Victory screen, a CSV export of the roster (the
 * log's export, a menu item, reads the same History store); the header's Undo is refused (it would take back, and print, USA's entry), and so is
 * Next while CSA has not finished. After the reveal, both sides see everything. Also: Next never skips
 * a side's entries unasked (I.A), and an initiative tie is a tie, not an internal error.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

const GAMBLE = 'usa-cavalry-1-gamble';
const BUFORD = 'usa-buford';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } });
  await e2e.screen('turn');
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** Everything a screen shows, as text. */
async function screenText(): Promise<string> {
  return e2e.page.locator('main').innerText();
}

async function download(buttonName: string): Promise<string> {
  const [file] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('button', { name: buttonName }).click()]);
  return readFileSync(await file.path(), 'utf8');
}

describe('secret entries stay with their side until both have finished', () => {
  it('I.A: Next is refused while neither side has finished; "neither side has anything to enter" moves on at once', async () => {
    await e2e.click('turn-next');
    expect(await e2e.page.getByTestId('turn-next-error').innerText()).toContain('USA has not finished its entries in I.A Automatic Order Change Phase');
    expect(await e2e.step()).toBe('I.A');
    await e2e.click('orders-nobody');
    expect(await e2e.step()).toBe('I.B');
  });

  it('I.B: USA pre-rolls and changes Gamble\'s orders with Buford\'s rating, then hands over', async () => {
    const page = e2e.page;
    // Reynolds' wing command is not on the map at 0740: the pre-roll needs a 0 (from the roster, no box to tick).
    expect(await page.getByTestId('preroll-target').innerText()).toContain('of 0: John F. Reynolds (Left Wing) is not on the map');
    expect(await page.getByTestId('preroll-target').innerText()).toContain('points. Rev. Non-Automatic');
    await e2e.typeDie('preroll-die', 0);
    await page.getByTestId('attempt-command').selectOption(GAMBLE);
    await page.getByTestId('attempt-order').selectOption('HOLD');
    await page.getByRole('checkbox', { name: /^uses his rating \(−2\): John Buford/ }).check();
    await e2e.typeDie('attempt-die', 0);
    expect(await page.getByTestId('attempt-result').innerText()).toContain('orders changed');
    await e2e.screenshot('secrets-usa-entering');
    await e2e.click('orders-side-done');
    expect(await page.getByRole('heading', { name: /Hand the laptop to the Confederate \(CSA\) player, Jubal/ }).count()).toBe(1);
    // Finished too soon: USA takes its hand-over back (as USA), and finishes again.
    await e2e.click('hand-over-back');
    await page.waitForSelector('[data-testid="orders-side"][data-side="USA"]');
    expect(await page.getByTestId('own-entries').innerText()).toContain("Gamble's Brigade");
    await e2e.click('orders-side-done');
    await e2e.click('hand-over-continue');
    await page.waitForSelector('[data-testid="orders-side"][data-side="CSA"]');
  });

  it('with CSA at the keyboard: no screen, export, Undo or Next shows or takes back USA\'s entries', async () => {
    const page = e2e.page;
    expect(await screenText()).not.toContain('Gamble');

    await e2e.screen('history');
    const history = await screenText();
    expect(history).not.toMatch(/Gamble|pre-roll|Buford/);
    expect(history).toContain('USA has finished its entries in I.B');
    await e2e.screenshot('secrets-history-csa');

    await e2e.screen('roster');
    const gamble = page.locator('tr[data-key="c:usa-cavalry-1-gamble"]');
    expect(await gamble.innerText()).toContain('SKPD');
    expect(await gamble.innerText()).not.toContain('HOLD');
    const roster = await download('Export CSV');
    expect(roster.split('\r\n').filter((l) => l.includes(',8th Illinois Cavalry,'))[0]).toContain(',SKPD,');
    await e2e.screenshot('secrets-roster-csa');

    await e2e.screen('leaders');
    await page.getByLabel('Search leaders').fill('Buford');
    expect(await page.locator(`tr[data-leader-id="${BUFORD}"]`).innerText()).not.toMatch(/order-change/);

    await e2e.screen('victory');
    expect(await screenText()).not.toMatch(/Gamble|pre-roll/);

    // Undo would take back USA's hand-over, reopening (and showing) USA's entries: refused, nothing changes.
    const before = (await e2e.gameInfo())!.eventCount;
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await e2e.settle();
    expect(await page.locator('.app-alert').innerText()).toMatch(/^The last entry is USA's hand-over \(USA finished its entries\) and CSA is asking: only the USA player may take it back, or both players together/);
    expect((await e2e.gameInfo())!.eventCount).toBe(before);
    expect((await e2e.call('history', { viewer: 'both', limit: 1 }))[0]).toMatchObject({ kind: 'entries.finished', undone: false });
    expect((await e2e.call('history', { viewer: 'USA', kinds: ['orders.attempt'] }))[0]).toMatchObject({ undone: false });
    await e2e.screenshot('secrets-undo-refused');

    // Next: CSA has not finished.
    await e2e.screen('turn');
    await e2e.click('turn-next');
    expect(await page.getByTestId('turn-next-error').innerText()).toContain('CSA has not finished its entries in I.B');
  });

  it('CSA finishes: both sides are revealed together, and every screen shows them', async () => {
    const page = e2e.page;
    await e2e.click('orders-side-done');
    await e2e.click('hand-over-continue');
    const reveal = await page.getByTestId('orders-reveal').innerText();
    expect(reveal).toContain("Gamble's Brigade");
    expect(reveal).toContain("USA army commander's pre-roll");
    await e2e.screen('history');
    expect(await screenText()).toContain("Gamble's Brigade");
    await e2e.screen('roster');
    expect(await page.locator('tr[data-key="c:usa-cavalry-1-gamble"]').innerText()).toContain('HOLD');
    await e2e.screen('turn');
    await e2e.click('turn-next');
    expect(await e2e.step()).toBe('II.A');
  });

  it('II.A: the declarations are secret; a tie of 4 and 4 is shown as a tie, then rolled again', async () => {
    const page = e2e.page;
    await page.waitForSelector('[data-testid="initiative-declare"][data-side="USA"]');
    await e2e.click('initiative-declared');
    await e2e.click('hand-over-continue');
    // CSA sees that USA has declared, not what.
    expect((await e2e.call('turnState', { viewer: 'CSA' })).armyPointsForInitiative.USA).toBe(false);
    await e2e.click('initiative-declared');
    await e2e.click('hand-over-continue');
    await e2e.typeDie('initiative-die-USA', 4);
    await e2e.typeDie('initiative-die-CSA', 4);
    await e2e.click('initiative-roll-button');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('initiative-ties').innerText()).toContain('Initiative tied at 4: both sides roll again');
    expect(e2e.consoleErrors).toEqual([]);
    await e2e.screenshot('turn-initiative-tie');
    await e2e.typeDie('initiative-die-USA', 5);
    await e2e.typeDie('initiative-die-CSA', 2);
    await e2e.click('initiative-roll-button');
    expect(await page.getByTestId('initiative-result').innerText()).toContain('USA wins the Initiative, 5 to 2: USA activates first');
  });
});
