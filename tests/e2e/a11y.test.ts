/**
 * Accessibility: axe-core (the npm package, injected into the page) over every
 * screen of a small scenario in Chromium: Start, Roster, Setup, Leaders, Turn, Combat, History, Victory and
 * Charts, with a game under way (a loss recorded, the turn at a secret step), the Combat screen with a fire
 * worked out, and the dialogs (a Roster loss, the File menu's Help). Each page is checked twice, in the light
 * theme and in the dark one (the operating system's choice, emulated as prefers-color-scheme), colour
 * contrast included. Target: no violation of serious or moderate (or critical) impact on any screen in
 * either theme. Each violation is reported with its theme, rule, impact and the first nodes it found, so a
 * failure says what to fix. The dark theme's screens are photographed (docs/screenshots/dark-*.png).
 *
 * Also checked here: the heading levels go down one at a time, there is one banner landmark, and at
 * 1024x700 the Roster shows all its columns with the bars above it taking at most a fifth of the height.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E, type ScreenName } from './harness';

const require = createRequire(import.meta.url);
/** axe-core's own build, evaluated in the page (the app's CSP allows no inline script tag, rightly). */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } });
  await e2e.call('recordLoss', { unitId: (await e2e.call('roster')).find((u) => u.arm === 'infantry' && u.onMap)!.id, sp: 1 });
  await e2e.reload();
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The two themes the app follows from the operating system; the page is left in the light one. */
const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];

async function useTheme(theme: Theme): Promise<void> {
  await e2e.page.emulateMedia({ colorScheme: theme });
  // Two frames: the page is drawn in the theme's colours before anything reads them.
  await e2e.page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
}

/** Saves a screenshot of the page as it is, in the dark theme (dark-<name>.png), and goes back to the light one. */
async function darkScreenshot(name: string): Promise<void> {
  await useTheme('dark');
  await e2e.screenshot(`dark-${name}`);
  await useTheme('light');
}

/**
 * Runs axe on the page as it is, in each theme (color-contrast among its rules); returns the violations of
 * moderate impact or worse, described with their theme.
 */
async function violations(): Promise<string[]> {
  const loaded = await e2e.page.evaluate('typeof window.axe');
  if (loaded !== 'object') await e2e.page.evaluate(AXE);
  const described: string[] = [];
  for (const theme of THEMES) {
    await useTheme(theme);
    const found = (await e2e.page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`)) as Violation[];
    described.push(
      ...found
        .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme}: ${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}; e.g. ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}; ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    );
  }
  return described;
}

const SCREENS: ScreenName[] = ['start', 'roster', 'setup', 'leaders', 'turn', 'combat', 'history', 'victory', 'charts'];

describe('accessibility: axe-core finds no serious or moderate violation on any screen, light or dark', () => {
  for (const screen of SCREENS) {
    it(`${screen}`, async () => {
      await e2e.screen(screen);
      await e2e.idle();
      expect(await violations()).toEqual([]);
      await darkScreenshot(screen);
    });
  }

  it('the Combat screen with a fire worked out: the stack, its targets and a typed die', async () => {
    const roster = await e2e.call('roster');
    const firer = roster.find((u) => u.side === 'USA' && u.onMap)!;
    const target = roster.find((u) => u.side === 'CSA' && u.onMap)!;
    await e2e.screen('combat');
    for (const [picker, name] of [['fire-stack', firer.name], ['fire-targets', target.name]] as const) {
      await e2e.page.getByTestId(picker).getByTestId('picker-search').fill(name);
      await e2e.page.keyboard.press('Enter');
      await e2e.idle();
    }
    await e2e.page.getByTestId('fire-die').getByTestId('die-typed').focus();
    await e2e.page.keyboard.press('6');
    await expect.poll(() => e2e.page.getByTestId('fire-modified').textContent()).toContain('Die 6');
    expect(await violations()).toEqual([]);
    await darkScreenshot('combat-fire-typed-die');
  });

  it('the dialogs: a loss on the Roster, and the File menu with its Help', async () => {
    const page = e2e.page;
    const found: string[] = [];
    const check = async (where: string) => found.push(...(await violations()).map((v) => `${where}: ${v}`));
    const unit = (await e2e.call('roster')).find((u) => u.arm === 'infantry' && u.onMap)!;
    await e2e.screen('roster');
    await page.getByLabel('Search units and commands').fill(unit.name);
    await e2e.idle();
    await page.locator(`tr[data-unit-id="${unit.id}"]`).click();
    await page.getByTestId('roster-action-loss').click();
    const loss = page.getByRole('dialog', { name: `Record an SP loss: ${unit.name}` });
    await loss.waitFor();
    await check('the loss dialog');
    await darkScreenshot('roster-loss-dialog');
    await page.keyboard.press('Escape');
    await loss.waitFor({ state: 'hidden' });
    await page.getByTestId('file-menu').locator('summary').click();
    await check('the File menu');
    await page.getByTestId('file-help').click();
    const help = page.getByTestId('help-dialog');
    await help.waitFor();
    await check('the Help');
    await darkScreenshot('help');
    await page.getByTestId('help-close').click();
    await help.waitFor({ state: 'hidden' });
    expect(found).toEqual([]);
  });

  it('the Turn screen at each kind of step: a side entering, a hand-over, the Initiative, an activation', async () => {
    await e2e.screen('turn');
    const found: string[] = [];
    const check = async (where: string) => found.push(...(await violations()).map((v) => `${where}: ${v}`));
    await check('I.A USA entering');
    await e2e.page.getByTestId('orders-side-done').click();
    await e2e.idle();
    await check('I.A hand-over');
    await e2e.call('advanceClock', { nothingToEnter: ['CSA'] });
    await e2e.call('advanceClock', { nothingToEnter: ['USA', 'CSA'] });
    await e2e.reload();
    await e2e.screen('turn');
    await check('II.A declaration');
    await e2e.call('rollInitiative', { armyPoints: { USA: false, CSA: false }, rolls: { USA: 5, CSA: 1 } });
    for (let i = 0; i < 3; i++) await e2e.call('advanceClock');
    await e2e.reload();
    await e2e.screen('turn');
    await check('III.A activation');
    await darkScreenshot('turn-activation');
    expect(found).toEqual([]);
  });

  it('headings go down one level at a time, and there is one banner', async () => {
    for (const screen of SCREENS) {
      await e2e.screen(screen);
      const levels = (await e2e.page.evaluate(`[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => h.getClientRects().length > 0).map((h) => Number(h.tagName[1]))`)) as number[];
      expect(levels[0], `${screen}: the first heading`).toBe(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level - levels[i - 1]!, `${screen}: heading ${i} (h${level} after h${levels[i - 1]})`).toBeLessThanOrEqual(1);
      });
      const banners = await e2e.page.evaluate(`[...document.querySelectorAll('header, [role=banner]')].filter((h) => !h.closest('main, section, article, aside, nav')).length`);
      expect(banners, `${screen}: banner landmarks`).toBe(1);
    }
  });
});

describe('printing at night', () => {
  it('keeps the light palette: a roster sheet printed from the dark theme is ink on white paper', async () => {
    await e2e.screen('roster');
    const colours = `(() => {
      const of = (selector) => { const style = getComputedStyle(document.querySelector(selector)); return style.backgroundColor + ' / ' + style.color; };
      return { page: of('html'), table: of('.grid-scroll'), heading: of('table.roster-grid thead th'), scheme: getComputedStyle(document.documentElement).colorScheme };
    })()`;
    await e2e.page.emulateMedia({ media: 'screen', colorScheme: 'light' });
    const light = (await e2e.page.evaluate(colours)) as Record<string, string>;
    await e2e.page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    const dark = (await e2e.page.evaluate(colours)) as Record<string, string>;
    await e2e.page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    const printed = (await e2e.page.evaluate(colours)) as Record<string, string>;
    await e2e.page.emulateMedia({ media: 'screen', colorScheme: 'light' });
    expect(dark.page).not.toBe(light.page);
    expect({ ...printed, scheme: '' }).toEqual({ ...light, scheme: '' });
    expect(printed.scheme).toBe('light');
  });
});

describe('the Roster at 1024x700', () => {
  it('shows every column, and the bars above it leave the table most of the height', async () => {
    await e2e.page.setViewportSize({ width: 1024, height: 700 });
    await e2e.screen('roster');
    await e2e.idle();
    await e2e.screenshot('roster-1024');
    const box = (await e2e.page.evaluate(`(() => {
      const table = document.querySelector('[data-testid="roster-grid"]');
      const scroll = table.closest('.grid-scroll');
      const last = table.querySelector('thead th:last-child').getBoundingClientRect();
      return { top: scroll.getBoundingClientRect().top, scrollWidth: scroll.scrollWidth, clientWidth: scroll.clientWidth, lastRight: last.right, viewport: window.innerWidth };
    })()`)) as { top: number; scrollWidth: number; clientWidth: number; lastRight: number; viewport: number };
    expect(box.scrollWidth, 'no column cut off (nothing to scroll sideways)').toBeLessThanOrEqual(box.clientWidth);
    expect(box.lastRight).toBeLessThanOrEqual(box.viewport);
    expect(box.top, 'the bars take at most a fifth of 700 px').toBeLessThanOrEqual(140);
    await e2e.page.setViewportSize({ width: 1366, height: 768 });
  });
});
