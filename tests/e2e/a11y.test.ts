/**
 * Accessibility (issue #10, defect 11): axe-core (the npm package, injected into the page) over every
 * screen of a small scenario in Chromium: Start, Roster, Setup, Leaders, Turn, History and Victory,
 * with a game under way (a loss recorded, the turn at a secret step). Target: no violation of serious
 * or moderate (or critical) impact on any screen. Each violation is reported with its rule, impact and
 * the first nodes it found, so a failure says what to fix.
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

/** Runs axe on the page as it is; returns the violations of moderate impact or worse, described. */
async function violations(): Promise<string[]> {
  const loaded = await e2e.page.evaluate('typeof window.axe');
  if (loaded !== 'object') await e2e.page.evaluate(AXE);
  const found = (await e2e.page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`)) as Violation[];
  return found
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}; e.g. ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const SCREENS: ScreenName[] = ['start', 'roster', 'setup', 'leaders', 'turn', 'history', 'victory'];

describe('accessibility: axe-core finds no serious or moderate violation on any screen (defect 11)', () => {
  for (const screen of SCREENS) {
    it(`${screen}`, async () => {
      await e2e.screen(screen);
      await e2e.idle();
      expect(await violations()).toEqual([]);
    });
  }

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

describe('the Roster at 1024x700 (defect 10)', () => {
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
