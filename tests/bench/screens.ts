/**
 * Benchmarks of the screens, in Chromium through the browser bridge (the whole app: scripts, stores,
 * the service calls over HTTP, the virtualised tables), on the 50,000-event game of the long-game
 * benchmarks. Each side is timed the same way, in the page, by one init script: from navigation start
 * (a reload of a page that stays on its own origin, so neither pays for starting a renderer process)
 * to the first paint of a row, i.e. the Element Timing `renderTime` of the first row's first cell (a
 * unit row of the Roster, an event row of the History), the moment the frame showing it was presented.
 *
 *   BENCH roster-render ratio=<app / static> target=1.5
 *     the Roster against a static HTML page of the rows the app's Roster shows in its first screenful
 *     (counted in the app's window at 1366x768, about 25), same columns, same table styles. The app's
 *     first row is the one its page is served with (the opening frame, electron/opening-frame.ts: the
 *     first screenful drawn from one read of the game, before the app's code runs);
 *   BENCH history-render ratio=<history / roster> target=1.5
 *     the History screen of the long game (opened straight on it, "?screen=history") against the Roster of the
 *     same game, both in the app;
 *   BENCH renderer-js-gzip kb=<n> target=500
 *
 * Warm-up loads of each side are discarded; then the pages are reloaded in turn, round by round, the
 * side that goes first alternating (machine load hits both alike), each load waiting until the page
 * before it has finished its own work (its load event, then a quiet pause). Ratios are of medians.
 *
 * Run: `npm run bench -- screens` (builds out/renderer first if it is missing). Progress goes to stderr.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { CommandNode, RosterUnit } from '../../contract';
import { buildRenderer, DEFAULT_RENDERER_ROOT } from '../../electron/bridge/server';
import { NO_FILTERS, rosterRows, unitFlags } from '../../renderer/src/roster-rows';
import { startE2E } from '../e2e/harness';

/** Loads of each side thrown away first (disk cache, V8's JIT, the service's first queries). */
const WARM_UP = 3;
/** Measured loads of each side (odd: the median is one of them). */
const ROUNDS = 31;
/** Pause after a page has loaded and before the next load, so one page's leftovers never land in the other's time. */
const SETTLE_MS = 150;

const progress = (s: string) => process.stderr.write(`${s}\n`);

function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no values');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The value below which `p` of the values lie (nearest rank), for the spread shown on stderr. */
function quantile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/**
 * The table styles of the Roster screen (renderer/src/styles.css `table.data`, RosterView's column
 * widths), so the baseline lays out and paints the same kind of table as the app: separate borders
 * (768 rows with collapsed borders take about twice as long to lay out and paint), fixed layout,
 * 24px rows, one line per cell.
 */
const STATIC_STYLE = [
  ':root{font:14px/1.35 system-ui,"Segoe UI","DejaVu Sans",sans-serif}',
  'body{margin:0}',
  'table{border-collapse:separate;border-spacing:0;width:100%;table-layout:fixed;font-size:13px}',
  'td,th{height:24px;padding:0 .4rem;border-bottom:1px solid #d8d2c4;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;text-align:left}',
].join('\n');
const STATIC_COLUMNS = ['19rem', '5.2rem', '4.4rem', '4.4rem', '4.4rem', '5.4rem', '5.4rem', '5.4rem', '6.6rem', '10rem', '5.4rem', ''];

/** The baseline: the first `count` roster rows (commands and units, same columns, same order) as one static table. */
export function staticRosterHtml(tree: readonly CommandNode[], units: readonly RosterUnit[], count = Number.POSITIVE_INFINITY): string {
  const rows = rosterRows(tree, units, NO_FILTERS, new Set()).slice(0, count).map((row) => {
    if (row.kind === 'command') {
      const t = row.node.totals;
      return `<tr class="c"><td>${escapeHtml(row.node.name)}</td><td></td><td>${t.sp}</td><td>${t.spLost}</td><td>${t.stragglers}</td><td>${t.currentSp}</td><td>${row.lossPercent}</td><td></td><td></td><td>${row.node.effectiveOrder}</td><td></td><td></td></tr>`;
    }
    const u = row.unit;
    return `<tr data-unit-id="${u.id}"><td>${escapeHtml(u.name)}</td><td>${u.arm}</td><td>${u.sp}</td><td>${u.spLost}</td><td>${u.stragglers}</td><td>${u.currentSp}</td><td>${row.lossPercent}</td><td>${u.fatigue}</td><td>${u.status}</td><td>${u.effectiveOrder}</td><td>${u.weapon ?? ''}</td><td>${escapeHtml(unitFlags(u).join(', '))}</td></tr>`;
  });
  const cols = STATIC_COLUMNS.map((w) => (w === '' ? '<col>' : `<col style="width:${w}">`)).join('');
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Roster (static)</title>
<style>${STATIC_STYLE}</style>
</head><body><table><colgroup>${cols}</colgroup><thead><tr><th>Command / unit</th><th>Arm</th><th>SP</th><th>Lost</th><th>Strag.</th><th>Current</th><th>Loss %</th><th>Fatigue</th><th>Status</th><th>Orders</th><th>Weapon</th><th>Flags</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>`;
}

/** What the init script reports for one load, in the page's own clock (ms from navigation start). */
interface FirstRows {
  /** The first unit row's first cell entered the document. */
  inDocument: number;
  /** The frame that first showed it was presented (Element Timing renderTime). */
  painted: number;
}

/**
 * Installed in every page before its own scripts (Playwright's init scripts are not subject to the
 * page's CSP). As soon as the first row's first cell (a unit's or an event's, with its text) is in the document, before
 * any frame could paint it, it gets an `elementtiming` attribute; the Element Timing entry then gives
 * the presentation time of the frame that painted it. The observer stops at that row, so the rest of
 * a table costs the page nothing extra. A string, so the bundler's helpers never leak into the page.
 */
const WATCH_FIRST_ROWS = `(() => {
  let settle;
  window.__musterFirstRows = new Promise((resolve) => { settle = resolve; });
  const result = {};
  const observer = new MutationObserver(() => {
    const cell = document.querySelector('tr[data-unit-id] > td, tr[data-seq] > td');
    if (cell === null || cell.firstChild === null) return;
    observer.disconnect();
    result.inDocument = performance.now();
    cell.setAttribute('elementtiming', 'muster-first-row');
    new PerformanceObserver((list, self) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier !== 'muster-first-row') continue;
        self.disconnect();
        result.painted = entry.renderTime;
        settle(result);
      }
    }).observe({ type: 'element', buffered: true });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** Runs in the page after a measurement: resolves once the page has loaded and gone quiet for a moment. */
const SETTLED = `new Promise((done) => {
  const quiet = () => setTimeout(() => requestAnimationFrame(() => done(true)), ${SETTLE_MS});
  if (document.readyState === 'complete') quiet();
  else window.addEventListener('load', quiet, { once: true });
})`;

/** Two animation frames: a page just brought to the front has drawn itself again. */
const TWO_FRAMES = 'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';

/** Reloads `page` and returns when its first unit row was in the document and when it was first painted. */
async function timeToRows(page: Page): Promise<FirstRows> {
  // The measured page is the one in front (a page behind gets no frames), and is done becoming so.
  await page.bringToFront();
  await page.evaluate(TWO_FRAMES);
  await page.reload({ waitUntil: 'commit' });
  const result = (await page.evaluate(`Promise.race([
    window.__musterFirstRows,
    new Promise((_, fail) => setTimeout(() => fail(new Error('no roster row was painted within 30 s')), 30000)),
  ])`)) as FirstRows | undefined;
  await page.evaluate(SETTLED);
  if (result === undefined) throw new Error('the init script that watches for the first row did not run in the page');
  if (!(result.painted > 0)) throw new Error(`the first row's paint time is missing (Element Timing gave ${String(result.painted)})`);
  return result;
}

/** Sum of the renderer's JavaScript files, each gzipped, in KB. */
export function rendererJsGzipKb(rendererRoot = DEFAULT_RENDERER_ROOT): number {
  const assets = join(rendererRoot, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

function spread(label: string, xs: readonly number[]): string {
  return `${label} median ${median(xs).toFixed(0)} ms (quartiles ${quantile(xs, 0.25).toFixed(0)}-${quantile(xs, 0.75).toFixed(0)}, min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;
}

/** Times the pages against each other, interleaved, and returns the painted times of each side. */
async function race(a: Page, b: Page): Promise<{ a: FirstRows[]; b: FirstRows[] }> {
  for (let i = 0; i < WARM_UP; i++) {
    await timeToRows(a);
    await timeToRows(b);
  }
  const out = { a: [] as FirstRows[], b: [] as FirstRows[] };
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      out.a.push(await timeToRows(a));
      out.b.push(await timeToRows(b));
    } else {
      out.b.push(await timeToRows(b));
      out.a.push(await timeToRows(a));
    }
  }
  return out;
}

const painted = (xs: FirstRows[]) => xs.map((x) => x.painted);
const inDocument = (xs: FirstRows[]) => xs.map((x) => x.inDocument);

/** How many roster rows the app's first screenful shows: rows at least partly inside the window. */
const ROWS_IN_VIEW = `[...document.querySelectorAll('tr[data-row-index]')].filter((tr) => {
  const r = tr.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
}).length`;

export async function benchScreens(longGameFile: string): Promise<void> {
  if (!existsSync(join(DEFAULT_RENDERER_ROOT, 'index.html'))) {
    progress('screens: building the renderer ...');
    await buildRenderer();
  }
  progress('screens ...');
  // Results are not re-checked against the contract's schemas, as in the desktop app's release build.
  const e2e = await startE2E({ open: false, validateOutput: false, file: longGameFile });
  let staticServer: Server | null = null;
  try {
    const backend = e2e.bridge.handlers.currentBackend()!;
    if (backend.info().eventCount < 50_000) throw new Error(`the long game has ${backend.info().eventCount} events`);
    await e2e.context.addInitScript({ content: WATCH_FIRST_ROWS });
    // The token moves into a cookie on the first visit; reloads then load the app directly.
    await e2e.open();
    const rosterPage = e2e.page;
    // The app's own rows, once the opening frame (the page's first paint) has made way for them.
    await rosterPage.waitForSelector('tr[data-row-index]');
    await rosterPage.waitForSelector('#opening-frame', { state: 'detached' });
    const inView = (await rosterPage.evaluate(ROWS_IN_VIEW)) as number;
    const html = staticRosterHtml(backend.commandTree(), backend.roster(), inView);
    staticServer = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(html);
    });
    await new Promise<void>((done) => staticServer!.listen(0, '127.0.0.1', done));
    const staticPage = await e2e.context.newPage();
    await staticPage.goto(`http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`);
    const historyPage = await e2e.context.newPage();
    await historyPage.goto(`${rosterPage.url().replace(/[?#].*$/, '')}?screen=history`);
    await historyPage.waitForSelector('tr[data-seq]');

    progress(`roster-render: the app's first screenful shows ${inView} roster rows; the static page has them`);
    const roster = await race(rosterPage, staticPage);
    progress(`roster-render: ${spread('app', painted(roster.a))}; ${spread(`static page of ${inView} rows`, painted(roster.b))}`);
    progress(`roster-render: (first row in the document: app median ${median(inDocument(roster.a)).toFixed(0)} ms, static ${median(inDocument(roster.b)).toFixed(0)} ms)`);

    progress('history-render ...');
    const history = await race(historyPage, rosterPage);
    progress(`history-render: ${spread('history', painted(history.a))}; ${spread('roster', painted(history.b))}`);
    if (e2e.consoleErrors.length > 0) progress(`screens: page errors: ${e2e.consoleErrors.join(' | ')}`);
    process.stdout.write(`BENCH roster-render ratio=${(median(painted(roster.a)) / median(painted(roster.b))).toFixed(2)} target=1.5\n`);
    process.stdout.write(`BENCH history-render ratio=${(median(painted(history.a)) / median(painted(history.b))).toFixed(2)} target=1.5\n`);
  } finally {
    await new Promise<void>((done) => (staticServer ? staticServer.close(() => done()) : done()));
    await e2e.close();
  }
  process.stdout.write(`BENCH renderer-js-gzip kb=${rendererJsGzipKb()} target=500\n`);
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === pathToFileURL(self).href) {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: tsx tests/bench/screens.ts <50,000-event game file> (npm run bench -- screens makes one)');
  benchScreens(file).catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
