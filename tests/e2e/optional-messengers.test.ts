/**
 * The Messengers optional rule in the browser: on
 * the Willoughby Run scenario created with the rule, the USA player changes Gamble's Brigade from SKPD to
 * HOLD in the Non-Automatic Order Change Phase. The Orders screen asks for the messenger's distance from
 * Buford (one field, filled in), shows the turn the message arrives before the die is rolled, and after
 * the roll "arrives 0820" instead of the order changing; the side's "Messages on the way" lists it. The
 * CSA player sees none of it, the reveal counts it without saying what it carries, and at 0820 the order
 * is on the map for both sides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDue } from './settle-due';
import { startE2E, type E2E } from './harness';

const GAMBLE = 'usa-cavalry-1-gamble';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' }, optionalRules: { messengers: true } });
  await e2e.screen('turn');
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** Both sides finish and the clock goes on to the next turn's first step (as the turn bar's skip would, RI-B13). */
async function toNextTurn(): Promise<void> {
  const from = (await e2e.gameInfo())!.clock.turnId;
  for (let i = 0; i < 60 && (await e2e.gameInfo())!.clock.turnId === from; i += 1) {
    // What is due on the way (the Initiative: RI-B15) is rolled as the turn bar's "roll all due" would.
    await settleDue(e2e);
    await e2e.call('advanceToDecision', { nothingToEnter: ['USA', 'CSA'] });
  }
  await e2e.reload();
  await e2e.screen('turn');
}

describe('Messengers on the Orders screen', () => {
  it('asks for the distance, shows when the message will arrive, and lists it on the way instead of changing the order', async () => {
    const page = e2e.page;
    expect(await page.getByTestId('turn-optional-rules').innerText()).toContain('Messengers');
    expect(await page.getByTestId('turn-messengers').innerText()).toBe('Messengers: on the way USA 0 · CSA 0; each takes effect as the Orders Segment of its arrival turn begins');
    await e2e.click('orders-nobody');
    await e2e.typeDie('preroll-die', 0);

    await e2e.resetActions();
    await page.getByTestId('attempt-command').selectOption(GAMBLE);
    await page.getByTestId('attempt-order').selectOption('HOLD');
    // One field, filled in with one turn's ride from Buford (RI-O53), and the arrival it gives.
    const field = page.getByTestId('messenger-hexes');
    expect(await field.inputValue()).toBe('4');
    expect(await page.getByTestId('messenger-distance').innerText()).toContain('Messenger from John Buford');
    expect(await page.getByTestId('messenger-arrival').innerText()).toBe('1 turn: a success arrives 0800, the orders stand until then');
    await field.fill('6');
    expect(await page.getByTestId('messenger-arrival').innerText()).toBe('2 turns: a success arrives 0820, the orders stand until then');
    await e2e.screenshot('messengers-orders-distance');
    await e2e.typeDie('attempt-die', 0);
    // Command, order, the distance and the die: four actions (the die is one key).
    expect((await e2e.actions()).total).toBeLessThanOrEqual(4);

    expect(await page.getByTestId('attempt-sent').innerText()).toContain("Gamble's Brigade (Gamble) to HOLD: succeeded, sent by messenger: arrives 0820 (6 hexes from John Buford); the orders stand until then");
    const list = page.getByTestId('messages-on-the-way');
    expect(await list.getByTestId('message-on-the-way').allInnerTexts()).toEqual(["Gamble's Brigade: HOLD arrives 0820 from John Buford, 6 hexes (2 turns), sent 0740"]);
    // The turn bar, on screen at every step whoever sits at it, counts the messages and names none.
    expect(await page.getByTestId('turn-messengers').innerText()).toBe('Messengers: on the way USA 1 · CSA 0; each takes effect as the Orders Segment of its arrival turn begins');
    await e2e.screenshot('messengers-orders-sent');
  });

  it('keeps the message from the CSA player, and counts it at the reveal without saying what it carries', async () => {
    const page = e2e.page;
    await e2e.click('orders-side-done');
    await e2e.click('hand-over-continue');
    await page.waitForSelector('[data-testid="orders-side"][data-side="CSA"]');
    expect(await page.locator('main').innerText()).not.toContain('Gamble');
    expect(await page.getByTestId('messages-on-the-way').innerText()).toContain('Messages on the way (0)');
    expect(await page.getByTestId('turn-messengers').innerText()).not.toContain('Gamble');
    await e2e.click('orders-side-done');
    await e2e.click('hand-over-continue');
    const reveal = page.getByTestId('orders-reveal');
    await reveal.waitFor();
    expect(await reveal.innerText()).not.toContain('Gamble');
    expect(await reveal.locator('[data-side="USA"]').getByTestId('reveal-messages').innerText()).toContain('Messages on the way: 1');
    expect(await page.getByTestId('turn-messengers').innerText()).toBe('Messengers: on the way USA 1 · CSA 0; each takes effect as the Orders Segment of its arrival turn begins');
    await e2e.screenshot('messengers-reveal');
    await e2e.screen('roster');
    expect(await page.locator(`tr[data-key="c:${GAMBLE}"]`).innerText()).toContain('SKPD');
  });

  it('changes the order as the Orders Segment of 0820 begins, for both sides', async () => {
    const page = e2e.page;
    await toNextTurn();
    expect((await e2e.gameInfo())!.clock.time).toBe('0800');
    await e2e.screen('roster');
    expect(await page.locator(`tr[data-key="c:${GAMBLE}"]`).innerText()).toContain('SKPD');
    await toNextTurn();
    expect((await e2e.gameInfo())!.clock.time).toBe('0820');
    await e2e.screen('roster');
    expect(await page.locator(`tr[data-key="c:${GAMBLE}"]`).innerText()).toContain('HOLD');
    await e2e.screen('history');
    expect(await page.locator('main').innerText()).toMatch(/a messenger reaches Gamble's Brigade with HOLD orders \(sent 0740, 6 hexes\): Gamble's Brigade now holds HOLD/);
    await e2e.screenshot('messengers-arrived-history');
    await e2e.screen('turn');
    expect(await page.getByTestId('messages-on-the-way').innerText()).toContain('Messages on the way (0)');
    expect(e2e.consoleErrors).toEqual([]);
    expect(await e2e.unnamedControls()).toEqual([]);
  });
});
