/**
 * End to end, in Chromium through the browser bridge: a game of the July 2 Stuart variant played from two
 * seats (db/seats/), the files made and the packets exchanged before the page opens, up to the beginning of
 * the 1200 Activation Segment, whose Initiative is CSA's. The USA seat's file is opened in the app: the Turn
 * screen asks the USA player's word first (RI-H10), with "Order one…" (its own orders, no hand-over at a
 * seat) and a one-click "No order this turn"; the seat line names the step as this seat's. One game orders
 * Kilpatrick's group through the form, the other says no order; either way the word is in the log and the
 * step is the CSA seat's.
 *
 * Screens photographed into docs/screenshots/: seats-alternative-word, seats-alternative-word-form,
 * seats-alternative-word-given.
 */
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealedSecrets } from '../../db/seats/side-secrets';
import type { GameService } from '../../db/service';
import { tempDir } from '../fixtures/game';
import { playStep, toAct, twoSeats, type Table } from '../seats/table';
import { startE2E, type E2E } from './harness';

const tmp = tempDir('muster-e2e-seats-word-');
let e2e: E2E;
const tables: Table[] = [];

/** Two seats of the Stuart variant at the beginning of the 1200 Activation Segment, the USA seat's word awaited. */
function atTheWord(): Table {
  const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
  // No army commander's pre-roll: Meade's points stay his to spend.
  for (let i = 0; i < 40 && t.USA.info().clock.segment !== 'III'; i += 1) playStep(t, false);
  expect(t.USA.turnState().initiative).toBe('CSA');
  expect(toAct(t.USA)).toBe('USA');
  t.USA.close();
  t.CSA.close();
  return t;
}

beforeAll(async () => {
  tables.push(atTheWord(), atTheWord());
  e2e = await startE2E({ file: tables[0]!.files.USA, dir: tmp.dir });
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  tmp.cleanup();
});

/** The game file the preview has open, as its bridge holds it. */
function openFile(): GameService['db'] {
  return (e2e.bridge.handlers.currentBackend() as unknown as GameService).db;
}

describe("The side without the Initiative says its word on an Alternative Arrival Area first, at its own seat", () => {
  it('the Turn screen asks the USA seat: its order, or "No order this turn"; the seat line says it is its step', async () => {
    await e2e.screen('turn');
    const word = e2e.page.getByTestId('alternative-word');
    await word.waitFor({ state: 'visible' });
    const text = await word.innerText();
    expect(text).toContain('Your word first: an Alternative Arrival Area this turn?');
    expect(text).toMatch(/may spend all his \d+ rating points to send a group still to come/);
    expect(text).toContain('The other player is told only that he did, not which group or where.');
    expect(await e2e.page.getByTestId('alternative-word-none').innerText()).toBe('No order this turn');
    expect(await e2e.page.getByTestId('seat-to-act').innerText()).toBe('your step');
    // The turn bar lists it as due, in the service's words; at a seat only its own side's button is offered.
    expect(await e2e.page.getByTestId('obligation-alternative-word:USA').innerText()).toContain('the USA seat says whether its army commander sends a group to an Alternative Arrival Area');
    expect(await e2e.page.getByTestId('alternative-CSA').count()).toBe(0);
    await e2e.screenshot('seats-alternative-word');

    // "Order one…" opens this seat's own orders at once (no hand-over), and the order is sealed on the seat.
    await e2e.click('alternative-word-order');
    const form = e2e.page.getByTestId('alternative-form');
    await form.waitFor({ state: 'visible' });
    await e2e.page.getByTestId('alternative-group').selectOption('usa-kilpatrick-arrival');
    await e2e.page.getByTestId('alternative-area').fill('Baltimore Pike by the Two Taverns');
    await e2e.settle();
    await e2e.screenshot('seats-alternative-word-form');
    await e2e.click('alternative-order');
    await word.waitFor({ state: 'detached' });
    expect(await form.innerText()).toContain('sent to Baltimore Pike by the Two Taverns');
    const history = await e2e.call('history', { limit: 3 });
    expect(history.map((e) => e.kind)).toEqual(['reinforcement.kept-sealed', 'reinforcement.sealed', expect.any(String)]);
    expect((await e2e.gameInfo())!.seat!.toAct.seat).toBe('CSA');
    // The order is on this seat only, sealed: the log holds its commitment.
    expect(sealedSecrets(openFile()).map((o) => [o.side, JSON.parse(o.input).groupId])).toEqual([['USA', 'usa-kilpatrick-arrival']]);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('"No order this turn" is one click: the word is in the log and the step is the CSA seat\'s', async () => {
    await e2e.call('openFromFolder', { name: basename(tables[1]!.files.USA) });
    await e2e.reload();
    await e2e.screen('turn');
    await e2e.page.getByTestId('alternative-word').waitFor({ state: 'visible' });
    await e2e.resetActions();
    await e2e.click('alternative-word-none');
    expect((await e2e.actions()).total).toBe(1);
    await e2e.page.getByTestId('alternative-word').waitFor({ state: 'detached' });
    const [last] = await e2e.call('history', { limit: 1 });
    expect(last).toMatchObject({ kind: 'reinforcement.no-order', summary: 'USA: no Alternative Arrival Area order this turn' });
    expect(await e2e.page.getByTestId('seat-to-act').innerText()).toMatch(/the CSA seat's turn/);
    expect(sealedSecrets(openFile())).toEqual([]);
    await e2e.screenshot('seats-alternative-word-given');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
