/**
 * End to end, in Chromium through the browser bridge and a real game file: card-draw activation
 * (RI-O11, RI-O12, RI-O40). In a game created with the rule, the In-Command Activation Phase
 * shows the box of command cards in place of the pick list; "Draw a card" has Muster draw with its die,
 * the drawn command's choices follow, and the draw ends when the box is empty. Every draw, with its
 * rolls, is in the dice log and the file verifies. Two clicks a card: draw it, activate it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterUnit } from '../../contract';
import { settleDue } from './settle-due';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  // The draw is the app's die: a seeded one, so the same cards come up in every run (with the operating
  // system's, a run now and then drew no USA brigade that may fire before the CSA cards were out).
  e2e = await startE2E({ seed: 1863 });
  await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' }, optionalRules: { cardDraw: { level: 'division' } } });
  e2e.page.setDefaultTimeout(10_000);
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

const visible = (testId: string) => e2e.page.getByTestId(testId).first().isVisible();

describe('card-draw activation on the Activation screen', () => {
  it('shows the box, draws each card with the app die and offers only the drawn command, until the box is empty', async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    await e2e.click('turn-skip');
    await e2e.click('initiative-quick');
    await e2e.click('turn-skip');
    const info = (await e2e.gameInfo())!;
    expect(`${info.clock.time} ${info.clock.segment}.${info.clock.phase}`).toBe('0740 III.A');

    const box = page.getByTestId('card-draw-box');
    const start = (await e2e.call('turnState')).cardDraw!;
    expect(start.inPhase).toBe(true);
    expect(await page.getByTestId('card-draw-left').innerText()).toContain(`Cards left: ${start.inBox.length}`);
    // The box replaces the pick list: no command can be chosen by hand, and nobody passes.
    expect(await page.getByTestId('activation-command').count()).toBe(0);
    expect(await page.getByTestId('activation-pass').count()).toBe(0);
    expect(await page.getByTestId('card-draw-button').innerText()).toBe(`Draw a card (${start.nextDrawer} draws)`);

    await e2e.resetActions();
    let cards = 0;
    while (await visible('card-draw-button')) {
      await e2e.click('card-draw-button');
      cards += 1;
      const state = (await e2e.call('turnState')).cardDraw!;
      const drawn = state.draws.at(-1)!;
      // The drawn card is shown with its rolls, and the act panel is its command's.
      expect(await page.getByTestId('card-draw-pending').innerText()).toContain(drawn.name);
      expect(await page.locator('.panel.act h2').innerText()).toContain(drawn.name);
      if (cards === 1) await e2e.screenshot('activation-card-draw');
      if (await visible('activation-initiative-me')) await e2e.click('activation-initiative-me');
      else if (await page.getByTestId('activation-re').isEnabled()) await e2e.click('activation-re');
      else await page.getByTestId('activation-die').getByTestId('die-app').click();
      await e2e.settle();
      expect(await visible('card-draw-pending')).toBe(false);
    }
    // Two clicks a card: draw it, activate it.
    expect((await e2e.actions()).clicks).toBe(2 * cards);
    expect(cards).toBe(start.inBox.length);
    expect(await visible('card-draw-over')).toBe(true);
    const end = (await e2e.call('turnState'))!;
    expect(await page.getByTestId('card-draw-draws').locator('tbody tr').count()).toBe(cards);
    expect(end.activated.map((a) => a.commandId)).toEqual(end.cardDraw!.draws.map((d) => d.commandId));
    await e2e.screenshot('activation-card-draw-over');
    // Every roll of the draw is in the dice log, and the file verifies (verify replays each draw).
    const rolls = end.cardDraw!.draws.flatMap((d) => d.rolls);
    const logged = (await e2e.call('diceLog', { limit: 200 })).filter((d) => d.purpose.startsWith('Card draw')).sort((a, b) => a.seq - b.seq);
    expect(logged.map((d) => d.roll)).toEqual(rolls);
    expect((await e2e.call('verify')).ok).toBe(true);
    // The box is empty: Next moves on to the Out-of-Command phase, which alternates as the revision has it.
    await e2e.click('turn-next');
    expect((await e2e.gameInfo())!.clock.phase).toBe('B');
    expect(await box.count()).toBe(0);
    expect(await page.getByTestId('passes').count()).toBe(1);
    expect(e2e.consoleErrors).toEqual([]);
  });
});

describe('the status ladder on the Combat screen (RI-O14, RI-O43)', () => {
  it('a second hit before the target\'s card is drawn takes the next worse state, and the Fire assistant says so with its rule', async () => {
    const page = e2e.page;
    await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' }, optionalRules: { cardDraw: { level: 'brigade', statusLadder: true } } });
    // To 1000 on 1 July, III.A, the Initiative to USA, through the service as the screens would.
    // Each turn before is played as the rules require (RI-B15): the Initiative rolled, and every card of the
    // In-Command phase drawn, each command at RE where its orders allow, else trying for ME.
    for (let i = 0; i < 200; i += 1) {
      const clock = (await e2e.gameInfo())!.clock;
      if (clock.turnId === '1863-07-01T1000' && clock.segment === 'II') break;
      await settleDue(e2e);
      const box = (await e2e.call('turnState')).cardDraw;
      if (clock.segment === 'III' && clock.phase === 'A' && box?.inPhase && !box.ended && box.mayDraw.allowed) {
        for (let k = 0; k < box.inBox.length; k += 1) {
          const { card } = await e2e.call('drawCard', {});
          if (!(await e2e.callRaw('activateRe', { commandId: card.commandId })).ok) await e2e.call('attemptActivation', { commandId: card.commandId });
        }
      }
      await e2e.call('advanceToDecision', { nothingToEnter: ['USA', 'CSA'] });
    }
    await e2e.call('rollInitiative', { armyPoints: { USA: false, CSA: false }, rolls: { USA: 8, CSA: 1 } });
    while ((await e2e.gameInfo())!.clock.segment !== 'III') await e2e.call('advanceClock', {});
    if ((await e2e.call('arrivals')).rollsDue.length > 0) await e2e.call('rollDueArrivals', {});
    // Draw until a USA brigade's card comes up (activating the CSA cards drawn before it), and activate it.
    const activate = async (commandId: string) => {
      const [a] = (await e2e.call('turnState')).legal.activations;
      if (a!.re.allowed) await e2e.call('activateRe', { commandId });
      else await e2e.call('attemptActivation', { commandId, roll: 0 });
    };
    // Draw (activating each card drawn) until a USA brigade that may fire is up, and fire its first regiment at a CSA
    // regiment whose card is still in the box: the first hit, through the service, leaves the target Disordered. The
    // draw is the app's die, so which brigade that is varies: one under an order without Phasing Fire is passed by.
    let firers: RosterUnit[] = [];
    let target: RosterUnit | undefined;
    for (let n = 0; n < 120 && target === undefined && !(await e2e.call('turnState')).cardDraw!.ended; n += 1) {
      const card = (await e2e.call('drawCard', {})).card;
      await activate(card.commandId);
      if (card.side !== 'USA') continue;
      const roster = await e2e.call('roster');
      const inBox = new Set((await e2e.call('turnState')).cardDraw!.inBox.map((c) => c.commandId));
      const candidate = roster.find((u) => u.side === 'CSA' && u.onMap && u.arm === 'infantry' && u.status === 'ordered' && inBox.has(u.commandId));
      firers = roster.filter((u) => u.commandId === card.commandId && u.onMap && u.arm !== 'artillery');
      if (candidate === undefined || firers.length < 2) continue;
      try {
        await e2e.call('resolveFire', { stack: [firers[0]!.id], range: 2, targets: [candidate.id], roll: 5, result: { sp: 0, outcomes: [{ unitId: candidate.id, status: 'disordered' }] } });
        target = candidate;
      } catch (e) {
        if (!(e instanceof Error) || !/RULES_FORBID/.test(e.message)) throw e;
      }
    }
    if (target === undefined) throw new Error('no USA brigade that may fire came up in the draw');

    // The second on the Combat screen: the same result, but the ladder makes it Routed.
    await e2e.reload();
    await e2e.screen('combat');
    const hit = target;
    for (const [picker, unit] of [['fire-stack', firers[1]!], ['fire-targets', hit]] as const) {
      await page.getByTestId(picker).getByTestId('picker-search').focus();
      await page.keyboard.type(unit.name);
      // The unit itself from the matches (two regiments may share a name).
      await page.getByTestId(picker).locator(`[role="option"][data-unit-id="${unit.id}"]`).dispatchEvent('mousedown');
      await e2e.settle();
    }
    await page.getByTestId('fire-die').getByTestId('die-typed').focus();
    await page.keyboard.press('5');
    await page.getByTestId('fire-sp').fill('0');
    await page.locator(`[data-outcome="${hit.id}"]`).selectOption('disordered');
    await e2e.settle();
    await e2e.click('fire-apply');
    const steps = page.getByTestId('status-ladder-steps');
    await steps.waitFor();
    expect(await steps.innerText()).toContain(`${hit.name}: hit disordered while disordered, so routed — Hit twice before its card was drawn: the next worse state after disordered (Miniatures Random Movement, Effect)`);
    expect((await e2e.call('roster')).find((u) => u.id === hit.id)!.status).toBe('routed');
    await steps.scrollIntoViewIfNeeded();
    await e2e.screenshot('combat-fire-status-ladder');
    expect((await e2e.call('verify')).ok).toBe(true);
    expect(e2e.consoleErrors).toEqual([]);
    // Seven turns of the full battle played on the way, each card of each box drawn (RI-B15, RI-O40).
  }, 180_000);
});
