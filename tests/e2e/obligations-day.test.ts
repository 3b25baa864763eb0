/**
 * Nothing due is ever skipped (RI-B15), in Chromium on the screens: the full battle's 1 July played from
 * 0740 to 2400 pressing only the turn bar's buttons, in this order of preference: "Roll all due", the
 * bar's own "keep the markers" / "no more designations" answers, "To next decision" (▸▸), Next. At the
 * end every reinforcement group due that day has arrived or has its rolls in the dice log, the Initiative
 * was rolled every turn, and after every press the Turn screen agreed with the bar. Then Willoughby Run's
 * last turn ends on the Turn screen with "End the game", and its Out-of-Command phase opens without the
 * In-Command phase's "three passes" words. Photographed into docs/screenshots/:
 * turn-obligations, turn-end-of-game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  e2e.page.setDefaultTimeout(15_000);
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** The bar's answers a player gives without the map: markers kept, optional designations declined. */
const BAR_ANSWERS = '[data-testid$="-keep"], [data-testid$="-designation-done"]';

/** What the page shows now, read in one go (a script as text, as the harness's own: no DOM types here). */
interface Shown {
  step: string | null;
  obligations: string | null;
  rollAll: boolean;
  skip: boolean;
  answers: string[];
  view: string;
  phaseOver: string | null;
  activationNote: string | null;
  passes: string | null;
}
const SHOWN = `(() => {
  const text = (id) => document.querySelector('[data-testid="' + id + '"]')?.textContent?.replace(/\\s+/g, ' ').trim() ?? null;
  const enabled = (id) => {
    const b = document.querySelector('[data-testid="' + id + '"]');
    return b !== null && !b.disabled;
  };
  return {
    step: text('turn-step'),
    obligations: text('turn-obligations'),
    rollAll: enabled('turn-roll-all'),
    skip: enabled('turn-skip'),
    answers: [...document.querySelectorAll('[data-testid$="-keep"], [data-testid$="-designation-done"]')].filter((b) => !b.disabled).map((b) => b.dataset.testid),
    view: document.querySelector('[data-testid="turn-view"]')?.textContent?.replace(/\\s+/g, ' ') ?? '',
    phaseOver: text('phase-over'),
    activationNote: text('activation-note'),
    passes: text('passes'),
  };
})()`;
async function shown(): Promise<Shown> {
  return (await e2e.page.evaluate(SHOWN)) as Shown;
}

/** After every press: the bar, the Turn screen and the service agree on where the turn stands and what is due. */
async function expectAgreement(): Promise<void> {
  const [info, turn, page] = [await e2e.gameInfo(), await e2e.call('turnState'), await shown()];
  const where = `${info!.clock.time} ${info!.clock.label}`;
  expect(page.step, where).toContain(info!.clock.phaseName);
  const due = turn.obligations.items;
  if (due.length > 0) {
    expect(turn.legal.advance.next.allowed, where).toBe(false);
    for (const o of due) expect(page.obligations, where).toContain(o.text);
  } else {
    expect(page.obligations, where).toBeNull();
  }
  if (!turn.legal.advance.next.allowed) expect(page.view, where).not.toContain('press Next to begin the next turn');
  // An activation phase never says it is over while its own count of passes says otherwise.
  const over = turn.passesInRow >= 3;
  if (page.passes !== null) {
    expect(page.phaseOver !== null, where).toBe(over);
    if (!over) expect(page.activationNote ?? '', where).not.toContain('phase is over');
  }
}

describe('1 July, 0740 to 2400, pressing only the turn bar', () => {
  it('rolls every arrival and the Initiative of every turn; the bar and the Turn screen agree after every press', async () => {
    await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' } });
    await e2e.screen('turn');
    const page = e2e.page;
    let photographed = false;
    let stuck = 0;
    let lastEvents = -1;
    for (let press = 0; press < 2000; press += 1) {
      const info = (await e2e.gameInfo())!;
      if (info.clock.turnId > '1863-07-01T2400') break;
      const now = await shown();
      if (!photographed && now.obligations?.includes('roll for the arrival of')) {
        await page.getByTestId('turn-obligations').scrollIntoViewIfNeeded();
        await e2e.screenshot('turn-obligations');
        photographed = true;
      }
      const button = now.rollAll ? page.getByTestId('turn-roll-all') : now.answers.length > 0 ? page.locator(BAR_ANSWERS).first() : now.skip ? page.getByTestId('turn-skip') : page.getByTestId('turn-next');
      await button.click();
      await e2e.idle();
      await expectAgreement();
      // Every press moves the game on: a press that writes nothing three times running is a dead end.
      stuck = info.eventCount === lastEvents ? stuck + 1 : 0;
      expect(stuck, `stuck at ${info.clock.time} ${info.clock.label}: ${now.obligations ?? (await page.getByTestId('turn-bar').innerText())}`).toBeLessThan(3);
      lastEvents = info.eventCount;
    }
    expect((await e2e.gameInfo())!.clock.turnId).toBe('1863-07-02T0100');
    expect(photographed).toBe(true);

    const history = await e2e.call('history', { limit: 5000, includeUndone: false, withChanges: false });
    const turnOf = new Map(history.map((e) => [e.seq, e.turnId]));
    const dice = (await e2e.call('diceLog', { limit: 5000 })).filter((d) => !d.eventUndone);
    const rolledOn = (purpose: string) => new Set(dice.filter((d) => d.purpose === purpose).map((d) => turnOf.get(d.eventSeq)));
    const day = (await e2e.call('timeTrack')).filter((t) => t.id <= '1863-07-01T2400').map((t) => t.id);
    expect([day[0], day.at(-1)]).toEqual(['1863-07-01T0740', '1863-07-01T2400']);

    // The Initiative was rolled every turn, by both sides.
    const initiative = rolledOn('Initiative: USA');
    expect(day.filter((t) => !initiative.has(t))).toEqual([]);

    // Every group due on 1 July arrived, or rolled every turn from an hour before its time.
    const arrivals = await e2e.call('arrivals');
    const dueToday = arrivals.groups.filter((g) => g.scheduledTurnId <= '1863-07-01T2400');
    expect(dueToday.length).toBeGreaterThan(10);
    const minutes = (id: string) => Number(id.slice(11, 13)) * 60 + Number(id.slice(13, 15));
    for (const g of dueToday) {
      const name = g.commandNames.join(', ');
      const rolls = rolledOn(`Variable arrival: ${name}`);
      // July 1 0740-1000 groups arrive as scheduled (RI-F18), by themselves at their turn (RI-B01).
      if (g.scheduledTurnId <= '1863-07-01T1000') {
        expect(g.arrivedTurnId, name).toBe(g.scheduledTurnId);
        continue;
      }
      const window = day.filter((t) => minutes(t) >= minutes(g.scheduledTurnId) - 60 && (g.arrivedTurnId === null || t <= g.arrivedTurnId));
      expect(window.filter((t) => !rolls.has(t)), `${name}: turns without its roll`).toEqual([]);
      if (g.arrivedTurnId !== null) expect(dice.some((d) => d.purpose === `Variable arrival: ${name}` && turnOf.get(d.eventSeq) === g.arrivedTurnId && d.outcome === 'arrives'), name).toBe(true);
    }
    expect(e2e.consoleErrors).toEqual([]);
  }, 900_000);
});

describe('the last turn ends on the Turn screen', () => {
  it('Willoughby Run at 1100: the Cleanup Phase offers "End the game" and no next turn; pressing it ends the game', async () => {
    await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } });
    await e2e.screen('turn');
    const page = e2e.page;
    let oocOpened = false;
    for (let press = 0; press < 400; press += 1) {
      const info = (await e2e.gameInfo())!;
      if (info.clock.isLastTurn && info.clock.segment === 'IV' && info.clock.phase === 'C') break;
      if (!oocOpened && info.clock.segment === 'III' && info.clock.phase === 'A' && (await e2e.call('obligations')).items.length === 0) {
        // Three passes end the In-Command phase; the Out-of-Command phase then opens with its own count, and
        // says nothing of the phase before being over.
        for (let n = 0; n < 3; n += 1) {
          await page.getByTestId('activation-pass').click();
          await e2e.idle();
        }
        expect(await page.getByTestId('phase-over').innerText()).toContain('Three passes in a row: this phase is over');
        await page.getByTestId('turn-next').click();
        await e2e.idle();
        expect((await e2e.gameInfo())!.clock.label).toBe('III.B Out-of-Command Activation Phase');
        expect(await page.getByTestId('passes').innerText()).toContain('0 of 3');
        expect(await page.getByTestId('activation-segment').innerText()).not.toContain('phase is over');
        await expectAgreement();
        oocOpened = true;
        continue;
      }
      const now = await shown();
      const button = now.rollAll ? page.getByTestId('turn-roll-all') : now.answers.length > 0 ? page.locator(BAR_ANSWERS).first() : now.skip ? page.getByTestId('turn-skip') : page.getByTestId('turn-next');
      await button.click();
      await e2e.idle();
    }
    expect(oocOpened).toBe(true);
    expect((await e2e.gameInfo())!.clock).toMatchObject({ time: '1100', segment: 'IV', phase: 'C', isLastTurn: true });
    await expectAgreement();
    const view = await page.getByTestId('turn-view').innerText();
    expect(view).not.toContain('press Next to begin the next turn');
    expect(await page.getByTestId('end-of-game').innerText()).toContain("This was the scenario's last turn: there is no next turn.");
    expect(await page.getByTestId('turn-obligations').innerText()).toContain('the last turn is over: end the game');
    expect(await page.getByTestId('turn-next-waits').innerText()).toContain('the last game turn is over: end the game');
    await page.getByTestId('end-of-game').scrollIntoViewIfNeeded();
    await e2e.screenshot('turn-end-of-game');
    await page.getByTestId('end-the-game').click();
    await e2e.idle();
    expect((await e2e.gameInfo())!.ended).toBe(true);
    expect((await e2e.call('tally')).final).toBe(true);
    expect(e2e.consoleErrors).toEqual([]);
  }, 300_000);
});
