/**
 * One man, one map, end to end in Chromium through the browser bridge, on tests/fixtures/one-man.json
 * (a Left Wing over the I Corps, both led by John F. Reynolds; Meade, Lee and Buford arrive later; Warren
 * on the map), with typed dice:
 *
 * - an order change for the Iron Brigade: Reynolds is offered once as a superior ("I Corps and Left
 *   Wing"), Meade (not on the map) not at all, and the DRM shown before the roll, superior ticks
 *   included, is the one the roll uses (RI-D16);
 * - the Activation Segment: Buford's division, whose commander has not arrived, is not offered and the
 *   service refuses it (RI-B14); the division's ME preview shows Division +1 before the roll, and the I
 *   Corps has no superior to offer (Reynolds is its own leader).
 *
 * Screens photographed into docs/screenshots/ (turn-orders-one-man.png, turn-activation-one-man.png,
 * turn-grant-me.png).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../db/service';
import { startE2E, type E2E } from './harness';

const ONE_MAN = fileURLToPath(new URL('../fixtures/one-man.json', import.meta.url));
let e2e: E2E;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'muster-e2e-one-man-'));
  const file = join(dir, 'one-man.muster');
  // The game at I.B, the USA army commander's pre-roll made (Reynolds, acting for Meade, rolls 0).
  const g = GameService.create({ file, scenario: ONE_MAN, players: { USA: 'Abner', CSA: 'Jubal' } }, { seed: 11 });
  g.advanceClock({ nothingToEnter: ['USA', 'CSA'] });
  g.orderPreRoll({ side: 'USA', roll: 0 });
  g.close();
  e2e = await startE2E({ file, dir });
  await e2e.screen('turn');
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

async function text(testId: string): Promise<string> {
  return (await e2e.page.getByTestId(testId).first().innerText()).trim();
}

describe('Reynolds holding two commands is one man', () => {
  it('the order change form offers him once, and the DRM it shows before the roll is the one the roll uses', async () => {
    const page = e2e.page;
    await page.getByTestId('attempt-command').selectOption('iron');
    await e2e.settle();
    const superiors = await text('attempt-superiors');
    expect(superiors.match(/John F\. Reynolds/g)).toHaveLength(1);
    expect(superiors).toContain('I Corps and Left Wing');
    expect(superiors).not.toContain('Meade');
    const fieldset = page.getByTestId('attempt-superiors');
    await fieldset.getByLabel('in range (−1): James S. Wadsworth').check();
    await fieldset.getByLabel('in range (−1): John F. Reynolds').check();
    await fieldset.getByLabel('uses his rating (−4): John F. Reynolds').check();
    await page.getByTestId('attempt-order').selectOption('ASLT');
    await e2e.settle();
    const before = await text('attempt-drm');
    expect(before).toContain('Superior leaders in chain of command within range (2 x -1)');
    expect(before).toContain("Superior leader's rating used (4)");
    await e2e.screenshot('turn-orders-one-man');
    // "12" is no die: refused in words, and nothing is recorded (not the 1 with the 2 lost).
    await page.getByTestId('attempt-die').getByTestId('die-typed').focus();
    await page.keyboard.type('12');
    await e2e.settle();
    expect(await page.getByTestId('attempt-die').getByRole('alert').innerText()).toBe('"12" is not a die: a ten-sided die reads 0 to 9. Nothing was recorded; type the die again.');
    expect((await e2e.call('history', { limit: 1, viewer: 'USA' }))[0]!.kind).toBe('orders.preroll');
    await page.keyboard.press('8');
    await e2e.settle();
    const attempt = (await e2e.call('history', { limit: 1, viewer: 'USA' }))[0]!;
    expect(attempt.kind).toBe('orders.attempt');
    const dice = (await e2e.call('diceLog', { limit: 1, viewer: 'USA' }))[0]!;
    // 8 - 2 - 4 - 1 (HOLD) = 1: the roll used exactly the DRMs the form showed.
    expect(dice).toMatchObject({ roll: 8, modified: 1, outcome: 'success' });
    expect(dice.modifiers.items.map((i) => i.label)).toEqual([
      'Superior leaders in chain of command within range (2 x -1)',
      "Superior leader's rating used (4)",
      'Orders Table DRM (HOLD)',
    ]);
  });
});

describe('a command whose commander is not on the map', () => {
  it('is not offered for activation and the service refuses it; the ME preview shows the size of the command before the roll', async () => {
    const page = e2e.page;
    await e2e.call('finishEntries', { side: 'USA' });
    await e2e.call('advanceClock', { nothingToEnter: ['CSA'] });
    while ((await e2e.gameInfo())!.clock.segment !== 'II') await e2e.call('advanceClock', { nothingToEnter: ['USA', 'CSA'] });
    await e2e.call('rollInitiative', { armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 5 } });
    while ((await e2e.gameInfo())!.clock.segment !== 'III') await e2e.call('advanceClock');
    await e2e.call('pass', { side: 'CSA' });
    await e2e.reload();
    await e2e.screen('turn');

    const offered = await page.getByTestId('activation-command').locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value')));
    expect(offered).toContain('gamble');
    expect(offered).not.toContain('usa-cav');
    const refused = await e2e.callRaw('activateRe', { commandId: 'usa-cav' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'RULES_FORBID', field: 'commandId', rule: 'Rev. Leaders and Activation' } });
    expect(!refused.ok && refused.error.message).toContain("1st Cavalry Division's commander, John Buford, is not on the map");

    await page.getByTestId('activation-command').selectOption('usa-i-1');
    await e2e.settle();
    const drm = await text('activation-drm');
    expect(drm).toContain('Division Activation');
    expect(await text('activation-segment')).toContain('John F. Reynolds (I Corps and Left Wing) in range');
    await e2e.screenshot('turn-activation-one-man');

    await page.getByTestId('activation-command').selectOption('usa-i');
    await e2e.settle();
    expect(await text('activation-drm')).toContain('Corps Activation');
    expect(await text('activation-segment')).not.toContain('in range, uses his rating');

    await page.getByTestId('grant-me').locator('summary').click();
    await page.getByTestId('grant-me-leader').selectOption('wadsworth');
    await e2e.settle();
    await e2e.screenshot('turn-grant-me');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
