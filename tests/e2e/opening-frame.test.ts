/**
 * End to end in Chromium through the browser bridge: the opening frame (electron/opening-frame.ts).
 * The page comes with the first screenful of the Roster (or of the History, ?screen=history) already
 * drawn, so the players see the game before any script has run; the app then takes its place. Checked
 * here: with scripts off, the page alone shows exactly the rows the app's screen shows, cell for cell
 * (the guard against the two drifting apart); with scripts on, the frame is gone once the app is ready,
 * its rows are never there twice, and it never takes a click or a screen reader's attention.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_AT_MOST_MS } from '../../renderer/src/screens';
import { SCREENSHOT_DIR, startE2E, VIEWPORT, type E2E } from './harness';

let e2e: E2E;
let noScripts: BrowserContext;
let frameOnly: Page;
let address: string;

/** The first `count` rows `selector` finds, each as the text of its cells, white space condensed (run in the page). */
async function tableRows(page: Page, selector: string, count: number): Promise<string[][]> {
  return (await page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].slice(0, ${count}).map((tr) => [...tr.cells].map((td) => (td.textContent ?? '').replace(/\\s+/g, ' ').trim()))`,
  )) as string[][];
}

/** What the frame is to the page (run in the page). */
const FRAME_STATE = `(() => {
  const frame = document.getElementById('opening-frame');
  const box = frame.getBoundingClientRect();
  return {
    inert: frame.inert,
    hidden: frame.getAttribute('aria-hidden'),
    position: getComputedStyle(frame).position,
    covers: box.top === 0 && box.left === 0 && box.width === window.innerWidth && box.height === window.innerHeight,
    controls: frame.querySelectorAll('script, [onclick], a, button, input, select, textarea, [tabindex]').length,
  };
})()`;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Meade player', CSA: 'Lee player' } });
  // A few entries for the History: a loss, a typed roll, an undone change.
  await e2e.call('recordLoss', { unitId: 'csa-26th-north-carolina', sp: 3 });
  await e2e.call('rollDie', { purpose: 'fire: 26th North Carolina', roll: 8 });
  await e2e.call('setFatigue', { unitId: 'csa-26th-north-carolina', level: 1 });
  await e2e.call('undo', {});
  await e2e.reload();
  address = e2e.page.url().replace(/[?#].*$/, '');
  noScripts = await (e2e.browser as Browser).newContext({ javaScriptEnabled: false, viewport: VIEWPORT });
  await noScripts.addCookies(await e2e.context.cookies());
  frameOnly = await noScripts.newPage();
}, 90_000);

afterAll(async () => {
  await noScripts?.close();
  await e2e?.close();
});

describe('the opening frame', () => {
  it('shows the Roster first screenful with no script at all, row for row and cell for cell as the app then shows it', async () => {
    await frameOnly.goto(address);
    const frame = frameOnly.locator('#opening-frame');
    expect(await frame.getAttribute('data-screen')).toBe('roster');
    const pictured = await tableRows(frameOnly, '#opening-frame tbody tr', 100);
    // The browser sent its window's height (the client hint the first page asked for): the rows it shows.
    expect(pictured.length).toBeGreaterThanOrEqual(20);
    expect(pictured.length).toBeLessThanOrEqual(32);
    await frameOnly.screenshot({ path: join(SCREENSHOT_DIR, 'opening-frame-roster.png') });

    await e2e.page.goto(address);
    await e2e.idle();
    // The app draws the rows in its window (and a few below): as far as both go, they are the same.
    const drawn = await tableRows(e2e.page, 'table.roster-grid tbody tr[data-row-index]', pictured.length);
    expect(drawn.length).toBeGreaterThanOrEqual(20);
    expect(pictured.slice(0, drawn.length)).toEqual(drawn);
    expect(pictured[0]![0]).toContain('Army of the Potomac');
  });

  it('shows the History first screenful (?screen=history) alike: newest first, rolls under their events, undone struck through', async () => {
    await frameOnly.goto(`${address}?screen=history`);
    expect(await frameOnly.locator('#opening-frame').getAttribute('data-screen')).toBe('history');
    const pictured = await tableRows(frameOnly, '#opening-frame tbody tr', 100);
    expect(pictured.length).toBeGreaterThanOrEqual(4);
    expect(await frameOnly.locator('#opening-frame tr.undone s').count()).toBe(1);

    await e2e.page.goto(`${address}?screen=history`);
    await e2e.idle();
    expect(await e2e.page.locator('.screen').getAttribute('data-screen')).toBe('history');
    const drawn = await tableRows(e2e.page, '[data-testid="history-list"] tbody tr[data-row-index]', pictured.length);
    expect(drawn.length).toBe(pictured.length);
    expect(pictured).toEqual(drawn);
    expect(pictured.some((row) => row.join(' ').includes('table die 8'))).toBe(true);
  });

  it('wears the app\'s colours in the dark theme as in the light one: paper, bars, table, command rows, ink', async () => {
    /** The colours of the parts of a page, each found by its selector (run in the page; the first match). */
    const colours = (page: Page, parts: Record<string, string>) =>
      page.evaluate(
        `Object.fromEntries(Object.entries(${JSON.stringify(parts)}).map(([name, selector]) => {
          const style = getComputedStyle(document.querySelector(selector));
          return [name, style.backgroundColor + ' / ' + style.color];
        }))`,
      ) as Promise<Record<string, string>>;
    const FRAME = { paper: '#opening-frame', turn: '.of-turn', topbar: '.of-topbar', grid: '.of-grid', heading: '#opening-frame thead th', corps: '#opening-frame tr.level-corps td', brigade: '#opening-frame tr.level-brigade td', unit: '#opening-frame tr:not(.command-row) td' };
    const APP = { paper: 'html', turn: '.turn-bar', topbar: 'header.topbar', grid: '.grid-scroll', heading: 'table.roster-grid thead th', corps: 'table.roster-grid tr.level-corps td', brigade: 'table.roster-grid tr.level-brigade td', unit: 'table.roster-grid tr:not(.command-row):not(.spacer) td' };
    const seen: Record<string, Record<string, string>> = {};
    for (const theme of ['dark', 'light'] as const) {
      await frameOnly.emulateMedia({ colorScheme: theme });
      await frameOnly.goto(address);
      const frame = await colours(frameOnly, FRAME);
      if (theme === 'dark') await frameOnly.screenshot({ path: join(SCREENSHOT_DIR, 'dark-opening-frame-roster.png') });
      await e2e.page.emulateMedia({ colorScheme: theme });
      await e2e.page.goto(address);
      await e2e.idle();
      expect(frame, theme).toEqual(await colours(e2e.page, APP));
      seen[theme] = frame;
    }
    // The two themes are two looks: dark paper and light ink at night.
    for (const part of Object.keys(FRAME)) expect(seen.dark![part], part).not.toBe(seen.light![part]);
  });

  it('is gone once the app is ready: one set of rows, nothing in front of the screen, no page error', async () => {
    await e2e.page.goto(address);
    await e2e.idle();
    expect(await e2e.page.locator('#opening-frame').count()).toBe(0);
    const firstUnit = await e2e.page.locator('tr[data-unit-id]').first().getAttribute('data-unit-id');
    expect(await e2e.page.locator(`tr[data-unit-id="${firstUnit}"]`).count()).toBe(1);
    // The rows take clicks: select a unit row by clicking it.
    const first = e2e.page.locator('table.roster-grid tbody tr[data-unit-id]').first();
    await first.click();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('goes after three seconds even if a read of the app never comes back', async () => {
    // The turn bar's read hangs: the app never settles, and the frame still makes way for it.
    await e2e.page.route('**/__muster/call/turnState', () => undefined);
    try {
      const started = Date.now();
      await e2e.page.goto(address);
      await e2e.page.waitForSelector('#opening-frame', { state: 'detached', timeout: 10_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(FRAME_AT_MOST_MS - 500);
      expect(await e2e.page.locator('table.roster-grid tbody tr[data-unit-id]').count()).toBeGreaterThan(0);
    } finally {
      await e2e.page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    await e2e.page.goto(address);
    await e2e.idle();
  });

  it('goes at once if the code of the app cannot be loaded: no picture of a screen that will not come', async () => {
    await e2e.page.route('**/assets/app-*.js', (route) => route.abort());
    try {
      await e2e.page.goto(address);
      await e2e.page.waitForSelector('#opening-frame', { state: 'detached', timeout: FRAME_AT_MOST_MS - 1000 });
    } finally {
      await e2e.page.unrouteAll({ behavior: 'ignoreErrors' });
      // The failed load is reported on the console, as it should be; it is this test's own.
      e2e.consoleErrors.length = 0;
    }
    await e2e.page.goto(address);
    await e2e.idle();
  });

  it('starts the app in a page that gets no animation frames (a tab opened behind others)', async () => {
    const behind = await e2e.context.newPage();
    try {
      await behind.addInitScript({ content: 'window.requestAnimationFrame = () => 0;' });
      await behind.goto(address);
      await behind.waitForSelector('[data-app-ready="true"]', { state: 'attached', timeout: 10_000 });
      await behind.waitForSelector('#opening-frame', { state: 'detached', timeout: FRAME_AT_MOST_MS + 1000 });
      expect(await behind.locator('table.roster-grid tbody tr[data-unit-id]').count()).toBeGreaterThan(0);
    } finally {
      await behind.close();
    }
  });

  it('while it is there it is a picture: inert, hidden from screen readers, in front of the app', async () => {
    await frameOnly.goto(address);
    const state = await frameOnly.evaluate(FRAME_STATE);
    expect(state).toEqual({ inert: true, hidden: 'true', position: 'absolute', covers: true, controls: 0 });
  });
});
