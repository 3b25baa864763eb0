/**
 * End to end, in Chromium through the browser bridge: a game of the July 2 Stuart variant played from two
 * seats (db/seats/), the files made and the packets exchanged before the page opens, up to the beginning of
 * the 1200 Activation Segment, whose Initiative is CSA's. Meade and Lee could both send a group, so both seats
 * give their word at the same time (RI-H10). The USA seat's file is opened in the app: the Turn screen asks the
 * USA player's word, with "Order one…" (its own orders, no hand-over at a seat) and a one-click "No order this
 * turn", and says the other army commander gives his at the same time. One game orders Kilpatrick's group through
 * the form, the other says no order; either way the word is sealed on this seat (committed, not in the log) and
 * the seat line says it waits for the CSA seat's word.
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

/** Two seats of the Stuart variant at the beginning of the 1200 Activation Segment, both seats' words awaited. */
function atTheWord(): Table {
  const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
  // No army commander's pre-roll: Meade's points stay his to spend.
  for (let i = 0; i < 40 && t.USA.info().clock.segment !== 'III'; i += 1) playStep(t, false);
  expect(t.USA.turnState().initiative).toBe('CSA');
  expect(toAct(t.USA)).toBe('both');
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

describe('Both army commanders give their word on an Alternative Arrival Area at the same time, each at its own seat', () => {
  it('the Turn screen asks the USA seat: its order, or "No order this turn", the CSA seat\'s word given at the same time', async () => {
    await e2e.screen('turn');
    const word = e2e.page.getByTestId('alternative-word');
    await word.waitFor({ state: 'visible' });
    const text = await word.innerText();
    expect(text).toContain('Your word: an Alternative Arrival Area this turn?');
    expect(text).toMatch(/may spend all his \d+ rating points to send a group still to come/);
    expect(text).toContain('The other player is told only that he did, not which group or where.');
    expect(text).toContain('The other army commander gives his word at the same time: each stays sealed on its seat until both are given.');
    expect(await e2e.page.getByTestId('alternative-word-none').innerText()).toBe('No order this turn');
    expect(await e2e.page.getByTestId('seat-to-act').innerText()).toBe('both seats enter their secret entries');
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
    // The word is held on this seat and committed to: nothing of it is in the log until the CSA seat's is given.
    const before = (await e2e.call('history', { limit: 1 }))[0]!.seq;
    expect((await e2e.gameInfo())!.seat).toMatchObject({ toAct: { seat: 'both' }, committed: { USA: true, CSA: false }, heldEntries: 1, waiting: "waiting for the CSA seat's word on an Alternative Arrival Area" });
    expect(await e2e.page.getByTestId('seat-waiting-line').innerText()).toBe("waiting for the CSA seat's word on an Alternative Arrival Area");
    expect((await e2e.call('history', { limit: 1 }))[0]!.seq).toBe(before);
    // The order is on this seat only, sealed.
    expect(sealedSecrets(openFile()).map((o) => [o.side, JSON.parse(o.input).groupId])).toEqual([['USA', 'usa-kilpatrick-arrival']]);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('"No order this turn" is one click: the word is sealed on this seat, which waits for the CSA seat\'s', async () => {
    await e2e.call('openFromFolder', { name: basename(tables[1]!.files.USA) });
    await e2e.reload();
    await e2e.screen('turn');
    await e2e.page.getByTestId('alternative-word').waitFor({ state: 'visible' });
    await e2e.resetActions();
    await e2e.click('alternative-word-none');
    expect((await e2e.actions()).total).toBe(1);
    await e2e.page.getByTestId('alternative-word').waitFor({ state: 'detached' });
    // This seat's own History shows its word; the log holds it once the CSA seat's is given too.
    const [last] = await e2e.call('history', { limit: 1, viewer: 'USA' });
    expect(last).toMatchObject({ kind: 'reinforcement.no-order', summary: 'USA: no Alternative Arrival Area order this turn' });
    expect((await e2e.gameInfo())!.seat).toMatchObject({ toAct: { seat: 'both' }, committed: { USA: true, CSA: false }, heldEntries: 1 });
    expect(await e2e.page.getByTestId('seat-waiting-line').innerText()).toBe("waiting for the CSA seat's word on an Alternative Arrival Area");
    expect(sealedSecrets(openFile())).toEqual([]);
    await e2e.screenshot('seats-alternative-word-given');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
