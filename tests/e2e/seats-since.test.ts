/**
 * End to end, in Chromium through the browser bridge: a game of Skirmish at Willoughby Run played from two
 * seats (db/seats/), the files made and the packets exchanged before the page opens, then the CSA seat's file
 * opened in the app. The CSA player finds "Since you last played" with what the USA seat did (its Initiative
 * declaration, the moves of the clock, the losses it recorded), dismisses it, and it stays dismissed; the
 * History names the seat of each entry. A game at one laptop shows neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../fixtures/game';
import { playToActivation, send, twoSeats } from '../seats/table';
import { startE2E, type E2E } from './harness';

const tmp = tempDir('muster-e2e-seats-since-');
let e2e: E2E;

beforeAll(async () => {
  const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
  playToActivation(t);
  // USA acts first: losses it read from its tables, sent to the CSA seat in one packet.
  const roster = t.USA.roster();
  const csa = (name: string) => roster.find((u) => u.side === 'CSA' && u.name === name)!;
  t.USA.recordLoss({ unitId: csa('5th Alabama Battalion').id, sp: csa('5th Alabama Battalion').currentSp });
  t.USA.recordLoss({ unitId: csa('13th Alabama').id, sp: 1, straggler: true });
  t.USA.setStatus({ unitId: csa('1st Tennessee').id, status: 'routed' });
  send(t, 'USA');
  t.USA.close();
  t.CSA.close();
  e2e = await startE2E({ file: t.files.CSA, dir: tmp.dir });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  tmp.cleanup();
});

describe('Since you last played, in a game played from two seats', () => {
  it("shows the CSA seat what came in from the USA seat when its file is opened: grouped, counted, each with its turn and step", async () => {
    const panel = e2e.page.getByTestId('since-last-played');
    await panel.waitFor({ state: 'visible' });
    const text = await panel.innerText();
    expect(text).toContain('Since you last played');
    expect(text).toMatch(/The CSA seat: \d+ changes from the USA seat/);
    expect(text).toContain('3 losses');
    expect(text).toContain('5th Alabama Battalion loses 3 SP and is eliminated');
    expect(text).toContain('13th Alabama loses 1 SP as stragglers');
    expect(text).toContain('1st Tennessee routs');
    expect(text).toMatch(/USA declares: .* does not add his rating points/);
    expect(text).toMatch(/moves of the clock/);
    expect(text).toMatch(/#\d+ · 1 July 1863, \d{4} · III\.A/);
    // The service's report, as the panel drew it.
    const report = await e2e.call('sinceLastPlayed', {});
    expect(await panel.locator('li').count()).toBe(report.count);
    await e2e.screenshot('since-last-played');
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('History names the seat that wrote each entry', async () => {
    await e2e.screen('history');
    const grid = e2e.page.getByTestId('history-list');
    await expect(grid.getByRole('columnheader', { name: 'Seat' }).count()).resolves.toBe(1);
    const seats = await grid.locator('td.seat').allInnerTexts();
    expect(new Set(seats.filter((s) => s !== ''))).toEqual(new Set(['USA seat', 'CSA seat']));
    await e2e.screenshot('history-seats');
  });

  it('"Got it" marks the report read: it is gone, and stays gone when the game is opened again', async () => {
    await e2e.page.getByTestId('since-got-it').click();
    await e2e.idle();
    await e2e.page.getByTestId('since-last-played').waitFor({ state: 'detached' });
    expect(await e2e.call('sinceLastPlayed', {})).toMatchObject({ since: { mark: 'seen' }, changes: 0 });
    await e2e.reload();
    expect(await e2e.page.getByTestId('since-last-played').count()).toBe(0);
  });

  it('a game at one laptop shows neither the report nor a seat column', async () => {
    await e2e.createGame({ scenario: 'skirmish-at-willoughby-run' });
    await e2e.call('recordLoss', { unitId: 'csa-13th-alabama', sp: 1 });
    await e2e.reload();
    expect(await e2e.page.getByTestId('since-last-played').count()).toBe(0);
    await e2e.screen('history');
    expect(await e2e.page.getByTestId('history-list').locator('th', { hasText: 'Seat' }).count()).toBe(0);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
