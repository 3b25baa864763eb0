/**
 * The status ladder (card-draw activation's sub-option, RI-O14) after a fire applied jointly (RI-H09, RI-K10), end
 * to end on two previews over one shared folder: Willoughby Run from two seats, the 2nd Mississippi hit once this
 * turn with its card still in the box (tests/seats/status-ladder-table.ts). The second fire, with a leader hit, is
 * asked jointly on the USA page; when the CSA seat's share comes back and the fire is written, the Fire assistant
 * shows the step up the ladder as after a fire applied here: from the fire's History entry, as the service keeps it.
 *
 * Photographed into docs/screenshots/: combat-fire-apply-joint-ladder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../fixtures/game';
import { LADDER_TARGET, SECOND_FIRER, ladderAfterOneHit } from '../seats/status-ladder-table';
import type { E2E } from './harness';
import { sync, twoPreviews, type TwoPreviews } from './two-previews';

const tmp = tempDir('muster-e2e-joint-combat-ladder-');
let previews: TwoPreviews;
let usa: E2E;

beforeAll(async () => {
  previews = await twoPreviews(ladderAfterOneHit(tmp.dir), tmp.dir);
  usa = previews.seats.USA;
}, 180_000);

afterAll(async () => {
  await previews?.close();
  tmp.cleanup();
});

async function pick(testid: string, name: string): Promise<void> {
  await usa.page.getByTestId(testid).getByTestId('picker-search').fill(name);
  await usa.page.keyboard.press('Enter');
  await usa.settle();
}

describe('the status ladder after a fire applied jointly', { timeout: 120_000 }, () => {
  it('shows the step up the ladder, with its reason and rule, once the fire is written with the other seat\'s share', async () => {
    const roster = await usa.call('roster', { viewer: 'USA' });
    const nameOf = (id: string) => roster.find((u) => u.id === id)!.name;
    const heth = (await usa.call('leaders')).find((l) => l.id === 'csa-heth')!;
    await usa.screen('combat');
    await usa.click('tab-fire');
    await pick('fire-stack', nameOf(SECOND_FIRER));
    await pick('fire-targets', nameOf(LADDER_TARGET));
    await usa.page.getByTestId('fire-die').getByTestId('die-typed').focus();
    await usa.page.keyboard.press('5');
    await usa.settle();
    // No kit in this game: the result is read at the table.
    await usa.page.getByTestId('fire-sp').fill('1');
    await usa.page.getByLabel(`Status of ${nameOf(LADDER_TARGET)} after the fire`).selectOption('disordered');
    await usa.click('fire-add-leader-check');
    await usa.page.getByLabel('Leader check 1', { exact: true }).selectOption(heth.id);
    await usa.page.getByText("hit (base game's check)").click();
    await usa.settle();

    await usa.click('fire-apply-roll-jointly');
    await expect.poll(() => usa.page.getByTestId('fire-apply-joint-status').textContent()).toContain("Waiting for the CSA seat's share of the dice");
    await sync(previews.seats);

    const applied = usa.page.getByTestId('fire-applied');
    await expect.poll(() => applied.count()).toBe(1);
    expect(await applied.innerText()).toContain('status ladder');
    // The step as the service reported it with the fire (its History entry), as after a fire applied here.
    const [entry] = await usa.call('history', { limit: 1, kinds: ['fire'] });
    expect(entry!.statusLadder).toEqual([expect.objectContaining({ unitId: LADDER_TARGET, from: 'disordered', hit: 'disordered', status: 'routed' })]);
    const steps = usa.page.getByTestId('status-ladder-step');
    await expect.poll(() => steps.allInnerTexts()).toEqual([
      `${nameOf(LADDER_TARGET)}: hit disordered while disordered, so routed — ${entry!.statusLadder![0]!.reason} (${entry!.statusLadder![0]!.rule})`,
    ]);
    await usa.page.getByTestId('status-ladder-steps').scrollIntoViewIfNeeded();
    await usa.screenshot('combat-fire-apply-joint-ladder');
    await sync(previews.seats);
    expect((await previews.seats.CSA.gameInfo())!.fingerprint).toBe((await usa.gameInfo())!.fingerprint);
    expect([...usa.consoleErrors, ...previews.seats.CSA.consoleErrors]).toEqual([]);
  });
});
