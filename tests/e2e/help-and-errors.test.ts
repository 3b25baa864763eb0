/**
 * Help in the window (the desktop app's Help menu and F1, the preview's File menu): how to play with
 * Muster first, then the rules interpretations; every rule reference on a screen that cites a reading
 * links to it. And a window that never goes blank: an error while the app runs is shown with Reload and
 * Dismiss, an app that cannot start says so with Reload. In Chromium through the bridge on real games.
 * Photographed into docs/screenshots/: help, help-reading, screen-error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } });
  e2e.page.setDefaultTimeout(10_000);
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** Text on the page that names a reading (RI-C01) outside a link to it, with where it is. */
async function unlinkedReadings(): Promise<string[]> {
  return e2e.page.evaluate(`(() => {
    const found = [];
    const walker = document.createTreeWalker(document.querySelector('.shell'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent || '';
      if (!/RI-[A-Z]{1,2}\\d{2,3}/.test(text)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('[data-reading-link]') || parent.closest('[hidden]') || parent.offsetParent === null) continue;
      found.push(text.trim().slice(0, 80) + ' in <' + parent.tagName.toLowerCase() + ' class="' + parent.className + '">');
    }
    return found;
  })()`);
}

describe('Help', () => {
  it('F1 opens it: how to play with Muster first (a turn, the hand-over, combat, charts, undo, the fingerprint), then the readings', async () => {
    const page = e2e.page;
    await e2e.screen('roster');
    await page.keyboard.press('F1');
    const dialog = page.getByTestId('help-dialog');
    await dialog.waitFor();
    const guide = await page.getByTestId('help-guide').innerText();
    for (const part of ['A turn, from orders to the end', 'Secret entries: the hand-over', 'The combat assistant', 'Your charts', 'Undo, history and the fingerprint']) {
      expect(guide).toContain(part);
    }
    const keys = page.getByTestId('help-guide').locator('table.help-table');
    expect(await keys.locator('th').allInnerTexts()).toEqual(['key', 'does']);
    expect(await keys.locator('tbody tr').count()).toBeGreaterThan(3);
    const readings = await page.getByTestId('help-readings').innerText();
    expect(readings).toContain('RI-B01: Reinforcements arrive at the beginning of the Activation Segment');
    expect(readings.indexOf('Rules interpretations')).toBeGreaterThanOrEqual(0);
    await e2e.screenshot('help');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the File menu of the preview opens the same Help', async () => {
    const page = e2e.page;
    await page.getByTestId('file-menu').locator('summary').click();
    await page.getByTestId('file-help').click();
    await page.getByTestId('help-guide').waitFor();
    await page.getByTestId('help-close').click();
    await page.getByTestId('help-dialog').waitFor({ state: 'hidden' });
  });

  it('a rule reference on a screen opens Help at its reading', async () => {
    const page = e2e.page;
    await e2e.screen('victory');
    await e2e.idle();
    const link = page.locator('[data-reading-link]', { hasText: 'RI-B08' }).first();
    await link.click();
    const heading = page.locator('#help-RI-B08');
    await heading.waitFor();
    expect(await heading.innerText()).toMatch(/^RI-B08: /);
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('help-RI-B08');
    // The reading is in view, at the top of Help's text.
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y).toBeLessThan(300);
    await e2e.screenshot('help-reading');
    await page.getByTestId('help-close').click();
  });

  it('no screen shows a reading without its link', async () => {
    const problems: string[] = [];
    const linked: Record<string, number> = {};
    for (const screen of ['roster', 'leaders', 'turn', 'combat', 'history', 'victory', 'setup', 'charts'] as const) {
      await e2e.screen(screen);
      await e2e.idle();
      problems.push(...(await unlinkedReadings()).map((p) => `${screen}: ${p}`));
      linked[screen] = await e2e.page.locator('[data-reading-link]').count();
    }
    expect(problems).toEqual([]);
    // The Victory screen cites readings on a fresh game: they are links.
    expect(linked.victory).toBeGreaterThan(0);
  });
});

describe('a window that never goes blank', () => {
  it('an error while the app runs is shown at the top with Reload and Dismiss, and written to the log', async () => {
    const page = e2e.page;
    await e2e.screen('roster');
    await page.evaluate(`setTimeout(() => { throw new Error('the roster fell over') }, 0)`);
    const bar = page.getByTestId('screen-error');
    await bar.waitFor();
    expect(await bar.innerText()).toContain('Something went wrong on this screen: Error: the roster fell over');
    expect(await bar.innerText()).toContain('Your game is safe');
    await e2e.screenshot('screen-error');
    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await bar.waitFor({ state: 'detached' });
    // The roster is still there behind it.
    expect(await page.locator('[data-screen="roster"]').count()).toBe(1);
    await expect.poll(() => e2e.bridgeLog.join('\n'), { timeout: 5000 }).toContain('screen error: Error: the roster fell over');
    e2e.consoleErrors.length = 0;
  });

  it("an app whose code cannot load says so with Reload, instead of a blank page; Reload brings it back", async () => {
    const page = e2e.page;
    await page.route(/\/assets\/app-[^/]+\.js/, (route) => route.fulfill({ status: 500, body: 'gone' }));
    await page.reload();
    const failure = page.getByTestId('screen-error');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('Muster could not start its screens');
    expect(await failure.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await page.unroute(/\/assets\/app-[^/]+\.js/);
    await failure.getByRole('button', { name: 'Reload' }).click();
    await page.waitForSelector('[data-app-ready="true"]');
    expect(await page.getByTestId('screen-error').count()).toBe(0);
    await expect.poll(() => e2e.bridgeLog.join('\n'), { timeout: 5000 }).toContain('screen load');
    e2e.consoleErrors.length = 0;
  });

  it('a file dropped on the preview does not replace the app: it says to use File > Open', async () => {
    const page = e2e.page;
    await e2e.idle();
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'game.muster'));
      document.querySelector('main').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    await page.getByTestId('notice').waitFor();
    expect(await page.getByTestId('notice').innerText()).toContain('Here, use File > Open');
  });

  it('the page is titled with the open game: its file name without .muster', async () => {
    const file = (await e2e.gameInfo())!.file;
    const name = file.split(/[\\/]/).at(-1)!.replace(/\.muster$/, '');
    expect(name).toMatch(/^skirmish-at-willoughby-run/);
    expect(await e2e.page.title()).toBe(`${name} \u2014 Muster`);
  });
});
