/**
 * Benchmarks of what the players feel: the time from a click (or a key) to the paint that shows its
 * effect, in Chromium through the browser bridge (the whole app: the page's scripts and stores, the
 * service calls over HTTP, the game service, Vue's re-render), on the full battle with a 20,000-event log.
 *
 * Each time is measured in the page, by one init script: from the trusted input event's timeStamp (the
 * moment the browser received the click or the key) to the frame after the DOM shows the effect (a
 * requestAnimationFrame once the effect is in the document, then a message posted from it: the frame
 * that draws the change has been produced). The floor is measured the same way on the same page, round
 * by round with the subject (the side that goes first alternating): a click on a one-cell control that
 * asks the service a no-op query (the app's info) and then writes one cell. Ratios are of medians.
 *
 *   BENCH click-record-loss   Roster: L on a selected row, an amount, Enter -> the row's Lost cell (target 3)
 *   BENCH click-undo          the app bar's Undo after it -> the row's Lost cell back (target 3)
 *   BENCH click-next          the turn bar's Next in a step with nothing to enter -> the bar's step (target 3)
 *   BENCH click-to-decision   the turn bar's ▸▸ over several steps -> the bar's step (target 5: one event per step);
 *                             from the Out-of-Command Activation Phase through the End Segment's steps (at least
 *                             MIN_STEPS_PASSED, or the bench fails)
 *   BENCH click-fire-resolve  the Fire assistant's Apply -> its "Recorded" line (target 3)
 *   BENCH click-roster-filter one letter typed in the Roster's search -> the rows it keeps (target 3)
 *
 * What is between the rounds (selecting a row, filling the fire assistant, taking a change back) is
 * not timed. Run: `npm run bench -- clicks` (builds out/renderer first if it is missing). Progress and the
 * spread of each side go to stderr.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RosterUnit } from '../../contract';
import type { GameBackend } from '../../electron/handlers';
import { ORDERS } from '../../rules/orders-table';
import { buildRenderer, DEFAULT_RENDERER_ROOT } from '../../electron/bridge/server';
import { startE2E, type E2E } from '../e2e/harness';
import { buildLongGame } from './long-game';
import { settleDue } from '../fixtures/obligations';

/** Rounds thrown away first (V8's JIT, the service's statement caches, Vue's first render of each part). */
const WARM_UP = 2;
/** Measured rounds of each bench (odd: the median is one of them). */
const ROUNDS = 11;
/** The fewest steps click-to-decision's ▸▸ must pass: a round passing fewer fails the bench. */
const MIN_STEPS_PASSED = 3;
/** The log of the benchmark's game. */
export const CLICK_LOG_EVENTS = 20_000;

const progress = (s: string) => process.stderr.write(`${s}\n`);

function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no values');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const spread = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${median(s).toFixed(1)} ms (min ${s[0]!.toFixed(1)}, max ${s[s.length - 1]!.toFixed(1)})`;
};

/**
 * Installed in every page before its scripts (a string: no bundler helper leaks into the page).
 * `__benchArm(type, check)` waits for the next trusted event of `type` ('click' or 'keydown'), then
 * for `check` (a function body returning true once the effect is in the document) after it, then for
 * the frame that shows it; `__benchResult` resolves with the milliseconds from the event to that frame.
 * The floor's control: a button whose click asks the service a no-op query, then rewrites its one cell.
 */
const CLICK_TIMER = `(() => {
  window.__benchArm = (type, check) => {
    const effect = new Function(check);
    let start = null;
    let done = false;
    window.__benchResult = new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => look());
      const look = () => {
        if (done || start === null) return;
        let seen = false;
        try { seen = effect() === true; } catch (e) { seen = false; }
        if (!seen) return;
        done = true;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - start);
          channel.port2.postMessage(0);
        });
      };
      const onInput = (event) => {
        if (!event.isTrusted || start !== null) return;
        start = event.timeStamp;
        removeEventListener(type, onInput, true);
        look();
      };
      addEventListener(type, onInput, true);
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      setTimeout(() => {
        if (done) return;
        done = true;
        observer.disconnect();
        reject(new Error('no effect within 20 s of the ' + type + ': ' + check));
      }, 20000);
    });
  };
  window.__benchFloorControl = () => {
    if (document.getElementById('bench-floor')) return;
    const button = document.createElement('button');
    button.id = 'bench-floor';
    button.type = 'button';
    button.style.cssText = 'position:fixed;right:4px;bottom:4px;z-index:99999;font:12px sans-serif';
    const cell = document.createElement('span');
    cell.textContent = '0';
    button.append('floor ', cell);
    let n = 0;
    button.addEventListener('click', async () => {
      await window.muster.appInfo();
      n += 1;
      cell.textContent = String(n);
    });
    document.body.append(button);
  };
})();`;

/** Arms the timer, runs the input, returns the milliseconds from the input event to the frame showing its effect. */
async function timed(page: Page, type: 'click' | 'keydown', effect: string, input: () => Promise<void>): Promise<number> {
  await page.evaluate(({ type: t, effect: e }) => (globalThis as unknown as { __benchArm: (t: string, e: string) => void }).__benchArm(t, e), { type, effect });
  await input();
  return (await page.evaluate('window.__benchResult')) as number;
}

/** The floor: the no-op query's round trip and a one-cell repaint, clicked on the same page. */
async function floor(page: Page): Promise<number> {
  await page.evaluate('window.__benchFloorControl()');
  const before = await page.locator('#bench-floor span').textContent();
  return timed(page, 'click', `return document.querySelector('#bench-floor span').textContent !== ${JSON.stringify(before)};`, () => page.locator('#bench-floor').click());
}

interface Bench {
  name: string;
  target: number;
  /** Untimed: brings the page to where the click is due. */
  prepare(round: number): Promise<void>;
  /** The timed input and its effect. */
  measure(round: number): Promise<number>;
  /** Untimed: takes the change back, if the next round needs it. */
  after(round: number): Promise<void>;
}

async function runBench(e2e: E2E, bench: Bench): Promise<void> {
  progress(`${bench.name} ...`);
  const subject: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i += 1) {
    // The floor first in even rounds, last in odd ones; never while a round's dialog is open.
    const f0 = i % 2 === 0 ? await floor(e2e.page) : 0;
    await e2e.idle();
    await bench.prepare(i);
    await e2e.idle();
    const s = await bench.measure(i);
    await e2e.idle();
    await bench.after(i);
    await e2e.idle();
    const f = i % 2 === 0 ? f0 : await floor(e2e.page);
    await e2e.idle();
    if (i >= WARM_UP) {
      subject.push(s);
      base.push(f);
    }
  }
  progress(`${bench.name}: click ${spread(subject)}; floor ${spread(base)}`);
  process.stdout.write(`BENCH ${bench.name} ratio=${(median(subject) / median(base)).toFixed(2)} target=${bench.target}\n`);
}

/** The text of an element, or '' when it is missing. */
const textOf = async (page: Page, selector: string) => ((await page.locator(selector).count()) > 0 ? ((await page.locator(selector).first().textContent()) ?? '') : '');

/** The turn bar's clock and step, as the players read them: the change Next and ▸▸ make. */
const STEP_NOW = `[...document.querySelectorAll('[data-testid="turn-clock"], [data-testid="turn-step"]')].map((el) => el.textContent).join(' | ')`;
const stepNow = async (page: Page) => (await page.evaluate(STEP_NOW)) as string;
const stepChanged = (before: string) => `return ${STEP_NOW} !== ${JSON.stringify(before)};`;

function backendOf(e2e: E2E): GameBackend {
  const backend = e2e.bridge.handlers.currentBackend();
  if (backend === null) throw new Error('no game is open in the bridge');
  return backend;
}

/** Moves the clock (untimed, in the service) to the next step where `ok` holds, then reloads the page to show it. */
async function clockTo(e2e: E2E, ok: (b: GameBackend) => boolean, what: string): Promise<void> {
  const backend = backendOf(e2e);
  let moved = false;
  for (let i = 0; i < 400 && !ok(backend); i += 1) {
    // What the turn bar would have the players settle first (RI-B15): the rolls due, the waivers.
    settleDue(backend);
    backend.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
    moved = true;
  }
  if (!ok(backend)) throw new Error(`no step found where ${what}`);
  if (moved) {
    await e2e.reload();
    await e2e.screen('turn');
  }
}

/** Where the clock stands, in the turn's and the step's words. */
const clockLabel = (b: GameBackend) => `${b.info().clock.turnId} ${b.info().clock.label}`;

/** Takes back (untimed, in the service) the clock's moves until it reads `label` again, then reloads the page. */
async function undoClockTo(e2e: E2E, label: string): Promise<number> {
  const backend = backendOf(e2e);
  let undone = 0;
  for (; undone < 100 && clockLabel(backend) !== label; undone += 1) backend.undo();
  if (clockLabel(backend) !== label) throw new Error(`undo did not bring the clock back to ${label}`);
  await e2e.reload();
  // A reload opens on the Roster: back to the Turn screen, where the next round is.
  await e2e.screen('turn');
  return undone;
}

function recordLossAndUndo(e2e: E2E, unit: { id: string; name: string }): Bench[] {
  const page = e2e.page;
  const lost = `tr[data-unit-id="${unit.id}"] td[data-col="spLost"]`;
  let before = '';
  const recordLoss: Bench = {
    name: 'click-record-loss',
    target: 3,
    prepare: async () => {
      await page.locator(`tr[data-unit-id="${unit.id}"]`).click();
      await page.keyboard.press('l');
      const dialog = page.getByRole('dialog', { name: `Record an SP loss: ${unit.name}` });
      await dialog.waitFor();
      await page.keyboard.type('1');
      before = await textOf(page, lost);
    },
    measure: () => timed(page, 'keydown', `const el = document.querySelector('${lost}'); return el !== null && el.textContent !== ${JSON.stringify(before)};`, () => page.getByRole('dialog').getByLabel('SP lost').press('Enter')),
    after: async () => {
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
    },
  };
  const undo: Bench = {
    name: 'click-undo',
    target: 3,
    prepare: async () => {
      await page.locator(`tr[data-unit-id="${unit.id}"]`).click();
      await page.keyboard.press('l');
      await page.getByRole('dialog', { name: `Record an SP loss: ${unit.name}` }).waitFor();
      await page.keyboard.type('1');
      await page.getByRole('dialog').getByLabel('SP lost').press('Enter');
      await e2e.idle();
      before = await textOf(page, lost);
    },
    measure: () => timed(page, 'click', `const el = document.querySelector('${lost}'); return el !== null && el.textContent !== ${JSON.stringify(before)};`, () => page.getByRole('button', { name: 'Undo', exact: true }).click()),
    after: async () => undefined,
  };
  return [recordLoss, undo];
}

function rosterFilter(e2e: E2E): Bench {
  const page = e2e.page;
  const search = () => page.getByLabel('Search units and commands');
  let firstRows = '';
  const rowsNow = `[...document.querySelectorAll('tr[data-key]')].slice(0, 30).map((tr) => tr.getAttribute('data-key')).join(' ')`;
  return {
    name: 'click-roster-filter',
    target: 3,
    prepare: async () => {
      await search().fill('');
      await e2e.idle();
      await search().focus();
      firstRows = (await page.evaluate(rowsNow)) as string;
    },
    measure: () => timed(page, 'keydown', `return ${rowsNow} !== ${JSON.stringify(firstRows)};`, () => page.keyboard.press('k')),
    after: async () => {
      await search().fill('');
    },
  };
}

function next(e2e: E2E): Bench {
  const page = e2e.page;
  let before = '';
  let label = '';
  return {
    name: 'click-next',
    target: 3,
    prepare: async () => {
      label = clockLabel(backendOf(e2e));
      before = await stepNow(page);
    },
    measure: () => timed(page, 'click', stepChanged(before), () => page.getByTestId('turn-next').click()),
    after: async () => {
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await e2e.idle();
      if (clockLabel(backendOf(e2e)) !== label) throw new Error('Undo did not take Next back');
    },
  };
}

function toDecision(e2e: E2E): Bench {
  const page = e2e.page;
  let before = '';
  let label = '';
  return {
    name: 'click-to-decision',
    target: 5,
    prepare: async () => {
      label = clockLabel(backendOf(e2e));
      before = await stepNow(page);
    },
    measure: () => timed(page, 'click', stepChanged(before), () => page.getByTestId('turn-skip').click()),
    after: async (round) => {
      await e2e.idle();
      const passed = await undoClockTo(e2e, label);
      if (round === 0) progress(`click-to-decision: ▸▸ passed ${passed} steps (${clockLabel(backendOf(e2e))})`);
      if (passed < MIN_STEPS_PASSED) throw new Error(`▸▸ passed ${passed} steps from ${label}: the bench needs at least ${MIN_STEPS_PASSED}`);
    },
  };
}

function fireResolve(e2e: E2E, stack: string[], targets: string[]): Bench {
  const page = e2e.page;
  let before = '';
  const picker = (testid: string) => page.getByTestId(testid);
  const clear = async (testid: string) => {
    const remove = picker(testid).getByRole('button', { name: /^Remove / });
    while ((await remove.count()) > 0) {
      await remove.first().click();
      await e2e.idle();
    }
  };
  const pick = async (testid: string, name: string) => {
    await picker(testid).getByTestId('picker-search').fill(name);
    await e2e.idle();
    await picker(testid).getByTestId('picker-search').press('Enter');
    await e2e.idle();
  };
  return {
    name: 'click-fire-resolve',
    target: 3,
    prepare: async (round) => {
      await clear('fire-stack');
      await clear('fire-targets');
      for (const name of stack) await pick('fire-stack', name);
      // The target alternates, so the "Recorded" line of one round differs from the last one's.
      await pick('fire-targets', targets[round % targets.length]!);
      if ((await page.getByTestId('fire-die').count()) === 0) {
        const why = await page.evaluate(`[...document.querySelectorAll('[data-testid="fire-plan-error"], [data-testid="fire-prohibitions"], [data-testid="fire-error"]')].map((el) => el.textContent).join(' | ')`);
        throw new Error(`the fire assistant offers no die for ${stack.join(', ')} at ${targets[round % targets.length]!}: ${String(why)}`);
      }
      await page.getByTestId('fire-die').getByTestId('die-typed').press('4');
      await e2e.idle();
      if ((await page.getByTestId('fire-sp').count()) === 0) {
        if (process.env.MUSTER_CLICKS_SHOT) await page.screenshot({ path: process.env.MUSTER_CLICKS_SHOT, fullPage: true });
        const why = await page.evaluate(`[...document.querySelectorAll('[data-testid="fire-plan-error"], [data-testid="fire-prohibitions"], [data-testid="fire-error"], [data-testid="fire-resolve"]')].map((el) => el.textContent).join(' | ')`);
        throw new Error(`the fire assistant took no die for ${stack.join(', ')} at ${targets[round % targets.length]!}: ${String(why)}`);
      }
      await page.getByTestId('fire-sp').fill('1');
      await e2e.idle();
      before = await textOf(page, '[data-testid="fire-applied"]');
    },
    measure: () =>
      timed(page, 'click', `const el = document.querySelector('[data-testid="fire-applied"]'); return el !== null && el.textContent !== ${JSON.stringify(before)};`, () =>
        page.getByTestId('fire-apply').click(),
      ),
    after: async () => {
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
    },
  };
}

export async function benchClicks(file?: string): Promise<void> {
  if (!existsSync(join(DEFAULT_RENDERER_ROOT, 'index.html'))) {
    progress('clicks: building the renderer ...');
    await buildRenderer();
  }
  const gameFile = file ?? join((await import('node:os')).tmpdir(), `muster-clicks-${process.pid}-${Date.now()}.muster`);
  if (file === undefined) {
    progress(`clicks: building a ${CLICK_LOG_EVENTS.toLocaleString('en')}-event game ...`);
    buildLongGame(gameFile, CLICK_LOG_EVENTS).close();
  }
  const e2e = await startE2E({ open: false, validateOutput: false, file: gameFile });
  const only = (process.env.MUSTER_CLICKS ?? '').split(',').filter((s) => s !== '');
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  try {
    await e2e.context.addInitScript({ content: CLICK_TIMER });
    await e2e.open();
    const backend = backendOf(e2e);
    if (backend.info().eventCount < CLICK_LOG_EVENTS) throw new Error(`the game has ${backend.info().eventCount} events`);
    const run = async (bench: Bench) => {
      if (!wanted(bench.name)) return;
      try {
        await runBench(e2e, bench);
      } catch (e) {
        progress(`${bench.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        process.stdout.write(`BENCH ${bench.name} ratio=failed target=${bench.target}\n`);
      }
    };

    // The Roster: a loss on a regiment with SP to spare, Undo, one letter in the search.
    await e2e.screen('roster');
    const unit = backend.roster().find((u) => u.arm === 'infantry' && u.onMap && u.currentSp >= 4 && u.status !== 'eliminated')!;
    await page(e2e).getByLabel('Search units and commands').fill(unit.name);
    await e2e.idle();
    for (const bench of recordLossAndUndo(e2e, unit)) await run(bench);
    await page(e2e).getByLabel('Search units and commands').fill('');
    await e2e.idle();
    await run(rosterFilter(e2e));

    // The Turn screen: Next where nobody has anything to enter, ▸▸ where it passes several steps.
    await e2e.screen('turn');
    if (wanted('click-next')) {
      await clockTo(e2e, (b) => {
        const t = b.turnState({});
        return t.legal.advance.next.allowed && t.secretEntries === null;
      }, 'Next is allowed with nothing to enter');
      await run(next(e2e));
    }
    // ▸▸ from the Out-of-Command Activation Phase, where nothing is due and no entry is secret: on through the
    // End Segment's steps to the Cleanup Phase's RSM markers, one event per step passed.
    if (wanted('click-to-decision')) {
      await clockTo(e2e, (b) => {
        const t = b.turnState({});
        const c = b.info().clock;
        return c.segment === 'III' && c.phase === 'B' && t.legal.advance.next.allowed && t.secretEntries === null;
      }, '▸▸ passes several steps with nothing to enter');
      await run(toDecision(e2e));
    }

    // The Fire assistant, in the Activation Segment: two of one side's units fire at the other's.
    if (wanted('click-fire-resolve')) {
      await clockTo(e2e, (b) => b.info().clock.segment === 'III', 'the Activation Segment');
      await e2e.screen('combat');
      await page(e2e).getByTestId('tab-fire').click();
      await e2e.idle();
      const all = backend.roster();
      const unique = (u: { name: string }) => all.filter((x) => x.name.toLowerCase().includes(u.name.toLowerCase())).length === 1;
      const onMap = backend.roster({ includeOffMap: false }).filter((u) => u.status !== 'eliminated' && u.currentSp >= 2 && u.arm !== 'artillery' && unique(u));
      // A firer whose orders allow Phasing Fire (Rev. Orders Table).
      const mayFire = (u: RosterUnit) => ORDERS[u.effectiveOrder].may.phasingFire && !u.extendedColumn && !u.bayonetCharge;
      const firer = onMap.find(mayFire);
      const stack = firer ? [firer.name] : [];
      const targets = onMap.filter((u) => firer !== undefined && u.side !== firer.side && u.currentSp >= 3).slice(0, 2).map((u) => u.name);
      if (stack.length === 0 || targets.length < 2) throw new Error(`no units to fire with (${stack.join(', ')}) or at (${targets.join(', ')}) on the map`);
      await run(fireResolve(e2e, stack, targets));
    }
    if (e2e.consoleErrors.length > 0) progress(`clicks: page errors: ${e2e.consoleErrors.join(' | ')}`);
  } finally {
    await e2e.close();
  }
}

const page = (e2e: E2E) => e2e.page;
