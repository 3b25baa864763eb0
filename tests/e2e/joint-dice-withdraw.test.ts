/**
 * "Withdraw this roll", end to end (db/seats/joint-dice-withdrawn.ts): the CSA seat's file open in Chromium
 * through the browser bridge, the USA seat's file beside it. The CSA seat asks for the fire die jointly; while
 * the USA seat's share has not reached it the service allows the withdrawal and the Fire assistant offers
 * "Withdraw this roll" beside the wait. The USA seat answers, but its packet is still on its way when the CSA
 * player withdraws: the withdrawal is written in the open, the offer to roll comes back, the late answer is not
 * used (nothing is written with it), and both seats' History flag the withdrawal with the dice both shares give.
 * Photographed into docs/screenshots/ (combat-fire-joint-withdraw.png, history-joint-withdrawn.png, and the
 * opening frame of that History: opening-frame-history-joint-withdrawn.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf, type GameService } from '../../db/service';
import { receivePacket } from '../../db/seats/packets';
import { tempDir } from '../fixtures/game';
import { packetFrom, type Table } from '../seats/table';
import { csaSeatAtFire, pick } from './csa-seat-to-fire';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { SCREENSHOT_DIR, VIEWPORT, type E2E } from './harness';

const tmp = tempDir('muster-e2e-joint-withdraw-');
let e2e: E2E;
let t: Table;
let csa: () => GameService;

beforeAll(async () => {
  ({ e2e, t, csa } = await csaSeatAtFire(tmp.dir));
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  t?.USA.close();
  tmp.cleanup();
});

describe('a joint roll withdrawn from the Fire assistant', () => {
  it('is offered only while the request waits with no answer, is written in the open, and the late answer is not used', async () => {
    await e2e.screen('combat');
    await pick(e2e, 'fire-stack', '13th Ala');
    await pick(e2e, 'fire-targets', '8th Illinois');
    const status = e2e.page.getByTestId('fire-joint-status');
    const withdraw = e2e.page.getByTestId('fire-withdraw');
    await expect.poll(() => status.textContent()).toContain('Played from two seats: roll the die jointly');
    // Nothing to withdraw before a request is made.
    expect(await withdraw.count()).toBe(0);

    await e2e.page.getByTestId('fire-roll-jointly').click();
    await e2e.settle();
    await expect.poll(() => status.textContent()).toContain("Waiting for the USA seat's share of the dice for Fire: 13th Alabama at 8th Illinois Cavalry");
    // The service allows the withdrawal (its own request, no answer here): the screen offers it beside the wait.
    expect((await e2e.call('jointDice')).mayWithdraw).toEqual({ allowed: true });
    await expect.poll(() => withdraw.count()).toBe(1);
    expect(await withdraw.textContent()).toContain('Withdraw this roll');
    await e2e.screenshot('combat-fire-joint-withdraw');

    // The USA seat answers, but its packet is still on its way when the CSA player withdraws.
    receivePacket(contextOf(t.USA), packetFrom(csa()));
    const lateAnswer = packetFrom(t.USA);
    const events = (await e2e.call('info')).eventCount;
    await withdraw.click();
    await e2e.settle();
    await expect.poll(() => status.textContent()).toContain('Played from two seats: roll the die jointly');
    expect(await withdraw.count()).toBe(0);
    expect(await e2e.page.getByTestId('fire-roll-jointly').isDisabled()).toBe(false);
    const [entry] = await e2e.call('history', { limit: 1 });
    expect(entry).toMatchObject({ kind: 'joint-dice.withdrawn', seat: 'CSA' });
    expect((await e2e.call('info')).eventCount).toBe(events + 1);

    // The late answer comes in: nothing is written with it; the History flags the withdrawal with the dice.
    receivePacket(contextOf(csa()), lateAnswer);
    expect((await e2e.call('info')).eventCount).toBe(events + 1);
    expect((await e2e.call('diceLog', { limit: 1 }))[0]?.source).not.toBe('joint');
    await e2e.screen('history');
    // Under the withdrawal, flagged, a sentence a line.
    const note = e2e.page.getByTestId('history-note');
    await expect.poll(() => note.allTextContents(), { timeout: 10_000 }).toEqual([
      "flagThe USA seat's share of these dice came after this withdrawal: it was not used, and nothing was written with it.",
      expect.stringMatching(/^flagBoth shares are in this file: the first dice they give are \d, \d, \d \(the USA seat's History shows them too\)\.$/),
    ]);
    // The withdrawal is the CSA seat's act: its Side is CSA (not "both" from its words), its Seat the CSA seat's.
    const withdrawal = e2e.page.locator('[data-testid="history-list"] tr[data-kind="joint-dice.withdrawn"]');
    expect(await withdrawal.locator('td.side').innerText()).toBe('CSA');
    expect(await withdrawal.locator('td.seat').innerText()).toBe('CSA seat');
    await e2e.screenshot('history-joint-withdrawn');

    // The opening frame (no script) draws the same lines: the Seat column, the withdrawal's side, the flagged notes.
    const rowsOf = (page: typeof e2e.page, selector: string) =>
      page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].slice(0, 6).map((tr) => [...tr.cells].map((td) => (td.textContent ?? '').replace(/\\s+/g, ' ').trim()))`) as Promise<string[][]>;
    const noScripts = await (e2e.browser as Browser).newContext({ javaScriptEnabled: false, viewport: VIEWPORT });
    try {
      await noScripts.addCookies(await e2e.context.cookies());
      const frame = await noScripts.newPage();
      await frame.goto(`${e2e.page.url().replace(/[?#].*$/, '')}?screen=history`);
      const pictured = await rowsOf(frame, '#opening-frame tbody tr');
      const drawn = await rowsOf(e2e.page, '[data-testid="history-list"] tbody tr[data-row-index]');
      expect(pictured.length).toBeGreaterThanOrEqual(3);
      expect(pictured).toEqual(drawn.slice(0, pictured.length));
      expect(await frame.locator('#opening-frame thead th').allTextContents()).toEqual(['#', 'Turn', 'Side', 'Seat', 'What happened', 'Kind', 'At']);
      // The flag wears the screen's look (its border and background), not the plain text of an unstyled span.
      const look = (page: typeof e2e.page, selector: string) =>
        page.evaluate(`(() => { const s = getComputedStyle(document.querySelector(${JSON.stringify(selector)})); return s.borderTopStyle + ' ' + s.backgroundColor; })()`) as Promise<string>;
      expect(await look(frame, '#opening-frame .note-label')).toBe(await look(e2e.page, '[data-testid="history-note"] .note-label'));
      await frame.screenshot({ path: join(SCREENSHOT_DIR, 'opening-frame-history-joint-withdrawn.png') });
    } finally {
      await noScripts.close();
    }

    // The USA seat replays the withdrawal, and flags it too: it had answered before it arrived.
    receivePacket(contextOf(t.USA), packetFrom(csa()));
    expect(t.USA.history({ limit: 1 })[0]).toMatchObject({ kind: 'joint-dice.withdrawn', note: expect.stringMatching(/^Answered before the withdrawal arrived/) });
    expect(t.USA.info().fingerprint).toBe(csa().info().fingerprint);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
