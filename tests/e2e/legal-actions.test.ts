/**
 * The turn screens offer exactly what the service allows (turnState.legal): in Chromium through the
 * browser bridge on the full battle, the Orders screen's commands and orders, and the Activation
 * screen's commands and single units, are compared option by option with the service's verdicts, and
 * the refusal a screen shows is the service's own reason. No screen works out a rule for itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegalActivation } from '../../contract';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' } });
  await e2e.screen('turn');
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

/** The options of a select: value, label and whether the screen disabled it. */
async function options(testId: string): Promise<{ value: string; label: string; disabled: boolean }[]> {
  return e2e.page
    .getByTestId(testId)
    .first()
    .locator('option')
    .evaluateAll((els) =>
      els
        .map((el) => el as unknown as { value: string; label: string; disabled: boolean })
        .map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))
        .filter((o) => o.value !== ''),
    );
}

async function next(): Promise<void> {
  await e2e.page.getByTestId('turn-next').click();
  await e2e.settle();
}

describe('the screens offer what the service allows', () => {
  it('Orders Segment (I.A, USA): every command the service lists, barred exactly where it says; every order with its verdict', async () => {
    const legal = (await e2e.call('turnState')).legal.orderChanges.filter((c) => c.side === 'USA');
    expect(legal.length).toBeGreaterThan(0);
    const commands = await options('attempt-command');
    expect(commands.map((o) => o.value).sort()).toEqual(legal.map((c) => c.commandId).sort());
    for (const c of legal) expect(commands.find((o) => o.value === c.commandId)?.disabled, c.commandId).toBe(!c.mayAttempt.allowed);

    // I.A: the automatic attempts are allowed, the non-automatic ones wait for I.B and the pre-roll.
    const open = legal.find((c) => c.mayAttempt.allowed && c.options.some((o) => !o.allowed))!;
    expect(open).toBeDefined();
    await e2e.page.getByTestId('attempt-command').selectOption(open.commandId);
    await e2e.settle();
    const orders = await options('attempt-order');
    expect(orders.map((o) => o.value)).toEqual(open.options.map((o) => o.order));
    for (const o of open.options) expect(orders.find((x) => x.value === o.order)!.label.endsWith('not now'), o.order).toBe(!o.allowed);
    // The DRM shown before the roll is the service's, item by item.
    const drm = await e2e.page.getByTestId('attempt-drm').innerText();
    for (const item of open.drm.items) expect(drm).toContain(item.label);

    // A refused order: the screen says the service's reason and offers no die.
    const refused = open.options.find((o) => !o.allowed)!;
    await e2e.page.getByTestId('attempt-order').selectOption(refused.order);
    await e2e.settle();
    expect(await e2e.page.getByTestId('attempt-blocked').innerText()).toContain(refused.reason!);
  });

  it('Activation Segment (III.A): the side to act’s commands, barred where the service says, ME and RE as it allows', async () => {
    // USA does nothing in the Orders Segment; CSA neither. Initiative: typed dice, CSA wins (its Heth's division is on the
    // map with its commander, and its brigades may be out of his range; the USA's cavalry never is out of command).
    const page = e2e.page;
    while ((await e2e.gameInfo())!.clock.segment === 'I') {
      const done = page.getByTestId('orders-side-done');
      if (await done.count()) {
        await done.first().click();
        await e2e.settle();
        const handOver = page.getByTestId('hand-over-continue');
        if (await handOver.count()) await handOver.first().click();
        await e2e.settle();
      }
      await next();
    }
    await e2e.call('rollInitiative', { armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 5 } });
    while ((await e2e.gameInfo())!.clock.segment !== 'III') await e2e.call('advanceClock');
    await e2e.reload();
    await e2e.screen('turn');
    const turn = await e2e.call('turnState');
    expect(turn.sideToAct).toBe('CSA');
    const legal = turn.legal.activations.filter((a): a is LegalActivation & { commandId: string } => a.commandId !== undefined);
    const commands = await options('activation-command');
    expect(commands.map((o) => o.value).sort()).toEqual(legal.map((a) => a.commandId).sort());

    // The Initiative player's first activation is at ME without a roll; then the rest as the service allows.
    const first = legal.find((a) => a.me.allowed)!;
    await page.getByTestId('activation-command').selectOption(first.commandId);
    await e2e.settle();
    expect(await page.getByTestId('activation-re').isDisabled()).toBe(!first.re.allowed);
    await e2e.call('attemptActivation', { commandId: first.commandId });
    await e2e.call('pass', { side: 'USA' });
    await e2e.reload();
    await e2e.screen('turn');

    const after = (await e2e.call('turnState')).legal.activations.filter((a): a is LegalActivation & { commandId: string } => a.commandId !== undefined);
    const labels = await options('activation-command');
    for (const a of after) {
      const label = labels.find((o) => o.value === a.commandId)!.label;
      const barred = !a.me.allowed && !a.re.allowed;
      expect(label.includes(' \u2014 '), `${a.commandId}: ${label}`).toBe(barred);
    }
    // A subordinate of the activated command: barred, with the service's reason; out of command it may act (RI-S24).
    const sub = after.find((a) => a.outOfCommand !== undefined)!;
    await page.getByTestId('activation-command').selectOption(sub.commandId);
    await e2e.settle();
    expect(await page.getByTestId('activation-barred').innerText()).toMatch(/activated with/i);
    expect(await page.getByTestId('activation-re').isDisabled()).toBe(true);
    await page.getByTestId('activation-ooc').check();
    await e2e.settle();
    expect(await page.getByTestId('activation-re').isDisabled()).toBe(!sub.outOfCommand!.re.allowed);
  });
});
