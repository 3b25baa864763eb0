/**
 * Benchmark: time to first render of the full battle's roster in Chromium, through the browser bridge
 * (the whole app: scripts, stores, the service calls over HTTP, the virtualised table), against a
 * static HTML table of the same rows served from the same machine (the baseline). Both are timed in
 * the page, from navigation start to the first frame in which the table's rows are in the document.
 * Also prints the renderer's JavaScript size, gzipped.
 *
 *   BENCH roster-render ratio=<app / static> target=2
 *   BENCH renderer-js-gzip kb=<n> target=500
 *
 * Run: npx tsx tests/bench/roster-render.ts (builds out/renderer first if it is missing), or call
 * benchRosterRender() from tests/bench/run.ts. Progress goes to stderr.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { CommandNode, RosterUnit } from '../../db/service-types';
import { buildRenderer, DEFAULT_RENDERER_ROOT } from '../../electron/bridge/server';
import { NO_FILTERS, rosterRows, unitFlags } from '../../renderer/src/roster-rows';
import { startE2E } from '../e2e/harness';

const ROUNDS = 15;
const progress = (s: string) => process.stderr.write(`${s}\n`);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** The baseline: every roster row (commands and units, same columns) as one static table. */
export function staticRosterHtml(tree: readonly CommandNode[], units: readonly RosterUnit[]): string {
  const rows = rosterRows(tree, units, NO_FILTERS, new Set()).map((row) => {
    if (row.kind === 'command') {
      const t = row.node.totals;
      return `<tr class="c"><td>${escapeHtml(row.node.name)}</td><td></td><td>${t.sp}</td><td>${t.spLost}</td><td>${t.stragglers}</td><td>${t.currentSp}</td><td>${row.lossPercent}</td><td></td><td></td><td>${row.node.effectiveOrder}</td><td></td><td></td></tr>`;
    }
    const u = row.unit;
    return `<tr data-unit-id="${u.id}"><td>${escapeHtml(u.name)}</td><td>${u.arm}</td><td>${u.sp}</td><td>${u.spLost}</td><td>${u.stragglers}</td><td>${u.currentSp}</td><td>${row.lossPercent}</td><td>${u.fatigue}</td><td>${u.status}</td><td>${u.effectiveOrder}</td><td>${u.weapon ?? ''}</td><td>${escapeHtml(unitFlags(u).join(', '))}</td></tr>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Roster (static)</title>
<style>body{font:13px system-ui,sans-serif;margin:0}table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{height:24px;padding:0 .4rem;border-bottom:1px solid #ddd;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;text-align:left}</style>
</head><body><table><thead><tr><th>Command / unit</th><th>Arm</th><th>SP</th><th>Lost</th><th>Strag.</th><th>Current</th><th>Loss %</th><th>Fatigue</th><th>Status</th><th>Orders</th><th>Weapon</th><th>Flags</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>`;
}

/**
 * Installed in every page before its own scripts (Playwright's init scripts are not subject to the
 * page's CSP): notes the first animation frame after a unit row enters the document, in the page's
 * own clock (milliseconds from navigation start), so no polling delay is counted. A string, so the
 * bundler's helpers never leak into the page.
 */
const WATCH_FIRST_ROWS = `(() => {
  const observer = new MutationObserver(() => {
    if (document.querySelector('tr[data-unit-id]') === null) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      if (window.__firstRowsAt === undefined) window.__firstRowsAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Milliseconds from navigation start to the first frame with a unit row in the document, reloading
 * a page that stays on its own origin (so neither side pays for starting a renderer process).
 */
async function timeToRows(page: Page): Promise<number> {
  // The measured page is the one in front (a page behind gets its animation frames throttled).
  await page.bringToFront();
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (globalThis as unknown as { __firstRowsAt?: number }).__firstRowsAt ?? false, undefined, { timeout: 30_000 });
  return (await handle.jsonValue()) as number;
}

/** Sum of the renderer's JavaScript files, each gzipped, in KB. */
export function rendererJsGzipKb(rendererRoot = DEFAULT_RENDERER_ROOT): number {
  const assets = join(rendererRoot, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

export async function benchRosterRender(): Promise<void> {
  if (!existsSync(join(DEFAULT_RENDERER_ROOT, 'index.html'))) {
    progress('roster-render: building the renderer ...');
    await buildRenderer();
  }
  progress('roster-render ...');
  // Results are not re-checked against the contract's schemas, as in the desktop app's release build.
  const e2e = await startE2E({ open: false, validateOutput: false });
  let staticServer: Server | null = null;
  try {
    const info = await e2e.bridge.handlers.newGame({ scenario: 'gettysburg' });
    if (info === null) throw new Error('the full battle could not be created');
    const backend = e2e.bridge.handlers.currentBackend()!;
    const html = staticRosterHtml(backend.commandTree(), backend.roster());
    staticServer = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(html);
    });
    await new Promise<void>((done) => staticServer!.listen(0, '127.0.0.1', done));
    const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;

    await e2e.context.addInitScript({ content: WATCH_FIRST_ROWS });
    // The token moves into a cookie on the first visit; reloads then load the app directly.
    await e2e.open();
    const appPage = e2e.page;
    const staticPage = await e2e.context.newPage();
    await staticPage.goto(staticUrl);
    // One warm-up of each (disk cache, JIT), then interleaved rounds.
    await timeToRows(appPage);
    await timeToRows(staticPage);
    const app: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        app.push(await timeToRows(appPage));
        baseline.push(await timeToRows(staticPage));
      } else {
        baseline.push(await timeToRows(staticPage));
        app.push(await timeToRows(appPage));
      }
    }
    const rows = html.split('<tr').length - 2;
    progress(`roster-render: app ${app.map((x) => x.toFixed(0)).join(" ")} / static ${baseline.map((x) => x.toFixed(0)).join(" ")}`);
    progress(`roster-render: app median ${median(app).toFixed(1)} ms, static table of ${rows} rows median ${median(baseline).toFixed(1)} ms`);
    if (e2e.consoleErrors.length > 0) progress(`roster-render: page errors: ${e2e.consoleErrors.join(' | ')}`);
    process.stdout.write(`BENCH roster-render ratio=${(median(app) / median(baseline)).toFixed(2)} target=2\n`);
  } finally {
    await new Promise<void>((done) => (staticServer ? staticServer.close(() => done()) : done()));
    await e2e.close();
  }
  process.stdout.write(`BENCH renderer-js-gzip kb=${rendererJsGzipKb()} target=500\n`);
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === pathToFileURL(self).href) {
  benchRosterRender().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
