// The BUILT desktop app, not the sources: out/main/main.js (as electron-vite bundles it, with what the
// build copies beside it) runs under plain Node with the stand-in `electron` module, given a game on the
// command line as a double-click gives it. Everything it loads at run time must be found where the
// bundle looks: the page and its assets, the preload, the scenarios, Help's pages, and the real battle's
// losses for the Victory screen's history check. `npm test` builds out/ before the tests run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../db/service';
import type { BuiltAppReport } from './drive-built-app';

const root = fileURLToPath(new URL('../..', import.meta.url));
const mainBundle = join(root, 'out', 'main', 'main.js');

let dir: string;
let game: string;
let report: BuiltAppReport;
let stderr: string;

beforeAll(() => {
  if (!existsSync(mainBundle)) throw new Error('out/main/main.js is missing: build the app first (npx electron-vite build; npm test does it)');
  dir = mkdtempSync(join(tmpdir(), 'muster-built-app-'));
  game = join(dir, 'Willoughby Run.muster');
  GameService.create({ file: game, scenario: 'skirmish-at-willoughby-run' }).close();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './tests/desktop/stand-in/register.mjs', 'tests/desktop/drive-built-app.ts', mainBundle, game, join(dir, 'userData'), join(dir, 'report.json')],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  );
  stderr = run.stderr;
  if (run.status !== 0) throw new Error(`the built app did not run: ${run.stderr}`);
  report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as BuiltAppReport;
}, 150_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the built desktop app, started with a game on the command line', () => {
  it('opens the game before the window asks for its page, and titles the window with it', () => {
    expect(report.calls.currentGame).toMatchObject({ ok: true, value: { file: game } });
    expect(report.windowTitle).toBe('Willoughby Run \u2014 Muster');
    expect(report.page).toMatchObject({ status: 200, hasOpeningFrame: true });
  });

  it('finds its preload and every script and stylesheet its page names', () => {
    expect(report.preload.exists).toBe(true);
    expect(report.preload.path).toBe(join(root, 'out', 'preload', 'preload.cjs'));
    expect(report.assets.length).toBeGreaterThanOrEqual(2);
    expect(report.assets.filter((a) => a.status !== 200)).toEqual([]);
  });

  it('reads the built-in scenarios beside the bundle', () => {
    const scenarios = report.calls.scenarios as { ok: boolean; value: { id: string }[] };
    expect(scenarios.ok).toBe(true);
    expect(scenarios.value.map((s) => s.id)).toEqual(expect.arrayContaining(['gettysburg', 'skirmish-at-willoughby-run']));
  });

  it("has the real battle's losses for the Victory screen's history check", () => {
    expect(report.calls.historyCheck).toMatchObject({ ok: true, value: { available: true, unitsWithoutRecord: 0 } });
    expect((report.calls.historyCheck!.value as { source: string }).source).not.toContain('no historical losses file');
  });

  it("has Help's pages: how to play, then the rules interpretations", () => {
    const help = report.calls.helpText as { ok: boolean; value: { guide: string; readings: string } };
    expect(help.ok).toBe(true);
    expect(help.value.guide).toContain('# Playing with Muster');
    expect(help.value.readings).toContain('### RI-B08');
  });

  it('verifies the game, and logs no error on the way', () => {
    expect(report.calls.verify).toMatchObject({ ok: true, value: { ok: true } });
    expect(report.logErrors).toEqual([]);
    expect(stderr).not.toMatch(/Error|ENOENT/);
  });
});
