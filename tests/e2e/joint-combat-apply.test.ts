/**
 * A fire and a shock applied with the dice Muster rolls inside them rolled jointly by both seats (RI-H09, RI-K10,
 * RI-K25), end to end on two previews over one shared folder (Willoughby Run from two seats, the USA seat's step
 * in Heth's activation, with an invented kit, tests/fixtures/kit.ts). Each Apply is asked jointly on the USA
 * page, and the page is reloaded while it waits for the CSA seat's share: the assistant comes back with what was
 * asked (its units, the die, the entries of the form) and the wait, from the seat's request as the service keeps
 * it; then the share comes, the change is written and the result is shown. After the shock, whose Pre-Shock check
 * sent the defender back, the Shock assistant offers its UDD, the same button as after a shock applied here (the
 * third test: its result read at the table, the defender retreating before shock).
 *
 * Photographed into docs/screenshots/: combat-fire-apply-joint-reloaded, combat-shock-apply-joint-reloaded,
 * combat-shock-apply-joint-udd.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerCharts } from '../../contract';
import { tempDir } from '../fixtures/game';
import { KIT_CHARTS } from '../fixtures/kit';
import { exchange, playUntil, toAct } from '../seats/table';
import type { E2E } from './harness';
import { sync, twoPreviews, type TwoPreviews } from './two-previews';

const tmp = tempDir('muster-e2e-joint-combat-apply-');
const battery = 'usa-battery-a-2nd-us';
const cavalry = 'usa-8th-illinois-cavalry';
const alabama = 'csa-13th-alabama';

/**
 * The invented kit with an invented Pre-Shock Cohesion Check whose every row leaves an ordered unit as it is and
 * sends a disordered one back: whatever the dice both seats give, a disordered defender retreats before the shock.
 */
const CHARTS: PlayerCharts = {
  ...KIT_CHARTS,
  preShockCheck: { rows: [{ min: -40, max: 40, ordered: { status: 'unchanged' }, disordered: { status: 'routed', retreat: 1 } }] },
};

let previews: TwoPreviews;
let usa: E2E;

beforeAll(async () => {
  // Willoughby Run from two seats: the CSA seat (the Initiative player) has activated Heth's division; the USA seat's step.
  const t = playUntil(tmp.dir, (x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA');
  t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
  exchange(t);
  expect(toAct(t.USA)).toBe('USA');
  // Invented cohesion ratings for the units in the combats (the kit's Pre-Shock checks need them).
  const rating = (unitId: string) => ({ unitId, cohesionOrdered: 5, cohesionDisordered: 3, artilleryRow: null });
  t.USA.applyCounterValues({ units: [rating(cavalry), rating(alabama)] });
  exchange(t);
  previews = await twoPreviews(t, tmp.dir);
  usa = previews.seats.USA;
  // Both players share one kit (a kit's results are replayed with the receiving seat's charts).
  for (const e of Object.values(previews.seats)) await e.call('saveCharts', CHARTS);
}, 180_000);

afterAll(async () => {
  await previews?.close();
  tmp.cleanup();
});

async function pick(e: E2E, testid: string, name: string): Promise<void> {
  await e.page.getByTestId(testid).getByTestId('picker-search').fill(name);
  await e.page.keyboard.press('Enter');
  await e.settle();
}

async function typeDie(e: E2E, testid: string, digit: number): Promise<void> {
  await e.page.getByTestId(testid).getByTestId('die-typed').focus();
  await e.page.keyboard.press(String(digit));
  await e.settle();
}

const nameOf = async (id: string) => (await usa.call('roster', { viewer: 'USA' })).find((u) => u.id === id)!.name;

/** Both files in step: one fingerprint, both verify, no page wrote an error. */
async function inStep(): Promise<void> {
  await sync(previews.seats);
  const { USA, CSA } = previews.seats;
  expect((await CSA.gameInfo())!.fingerprint).toBe((await USA.gameInfo())!.fingerprint);
  for (const e of [USA, CSA]) expect(await e.call('verify')).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
  expect([...USA.consoleErrors, ...CSA.consoleErrors]).toEqual([]);
}

describe('Apply jointly, the page reloaded while the other seat\'s share is on its way', { timeout: 120_000 }, () => {
  it('a fire read at the table with a leader hit: after the reload the form shows the die, the SP, the status and the leader check as asked, and the wait; then the fire written with his casualty die', async () => {
    const leader = (await usa.call('leaders')).find((l) => l.side === 'CSA' && l.onMap && l.casualty === 'none')!;
    const [batteryName, alabamaName] = [await nameOf(battery), await nameOf(alabama)];
    await usa.screen('combat');
    await usa.click('tab-fire');
    await pick(usa, 'fire-stack', batteryName);
    await pick(usa, 'fire-targets', alabamaName);
    // The target's level entered in its field, and a modifier the players typed that reads like that field's other choice.
    await usa.page.getByLabel("Target's level", { exact: true }).selectOption('lower');
    await usa.page.getByLabel("DRM for the target's level", { exact: true }).fill('-1');
    await usa.page.getByRole('button', { name: '+ another modifier' }).click();
    await usa.page.getByLabel('Other modifier 1: what it is').fill('Target on a higher level');
    await usa.page.getByLabel('Other modifier 1: value').fill('2');
    await usa.settle();
    await typeDie(usa, 'fire-die', 6);
    await usa.page.getByTestId('fire-read-at-table').check();
    await usa.page.getByTestId('fire-sp').fill('1');
    await usa.page.getByLabel(`Status of ${alabamaName} after the fire`).selectOption('disordered');
    await usa.click('fire-add-leader-check');
    await usa.page.getByLabel('Leader check 1', { exact: true }).selectOption(leader.id);
    await usa.page.getByText("hit (base game's check)").click();
    await usa.settle();

    await usa.click('fire-apply-roll-jointly');
    const status = usa.page.getByTestId('fire-apply-joint-status');
    const waitWords = `Waiting for the CSA seat's share of the dice for Fire: ${batteryName} at ${alabamaName}: leader casualties`;
    await expect.poll(() => status.textContent()).toContain(waitWords);

    // Reloaded while the share is on its way: the fire comes back as it was asked, waiting.
    await usa.reload();
    await usa.screen('combat');
    await expect.poll(() => status.textContent()).toContain(waitWords);
    await expect.poll(() => usa.page.getByTestId('fire-die').getByTestId('die-result').textContent()).toMatch(/:\s*6\s*$/);
    expect(await usa.page.getByTestId('fire-stack').innerText()).toContain(batteryName);
    expect(await usa.page.getByTestId('fire-targets').innerText()).toContain(alabamaName);
    expect(await usa.page.getByTestId('fire-read-at-table').isChecked()).toBe(true);
    // Each entry back where it was made (the request names the level field's own), not by its label: the typed one stays typed.
    expect(await usa.page.getByLabel("Target's level", { exact: true }).inputValue()).toBe('lower');
    expect(await usa.page.getByLabel("DRM for the target's level", { exact: true }).inputValue()).toBe('-1');
    expect(await usa.page.getByLabel('Other modifier 1: what it is').inputValue()).toBe('Target on a higher level');
    expect(await usa.page.getByLabel('Other modifier 1: value').inputValue()).toBe('2');
    expect(await usa.page.getByTestId('fire-sp').inputValue()).toBe('1');
    expect(await usa.page.getByLabel(`Status of ${alabamaName} after the fire`).inputValue()).toBe('disordered');
    expect(await usa.page.getByLabel('Leader check 1', { exact: true }).inputValue()).toBe(leader.id);
    expect(await usa.page.getByText("hit (base game's check)").locator('input').isChecked()).toBe(true);
    expect(await usa.page.getByTestId('fire-apply').isDisabled()).toBe(true);
    await status.scrollIntoViewIfNeeded();
    await usa.screenshot('combat-fire-apply-joint-reloaded');

    // The share comes: the fire is written with the leader's casualty die rolled jointly, and shown.
    await sync(previews.seats);
    const applied = usa.page.getByTestId('fire-applied');
    await expect.poll(() => applied.count()).toBe(1);
    const [casualty] = await usa.call('diceLog', { limit: 1 });
    expect(casualty).toMatchObject({ source: 'joint', purpose: `Leader casualty: ${leader.name}` });
    const summary = await applied.innerText();
    expect(summary).toContain(`Fire: ${batteryName}`);
    expect(summary).toContain(`${leader.name} is hit: rolled ${casualty!.roll}`);
    expect((await usa.call('roster', { viewer: 'USA' })).find((u) => u.id === alabama)).toMatchObject({ spLost: 1 });
    await inStep();
  });

  it("a shock from the kit: after the reload its units, its die and the wait; then the shock written with its Pre-Shock checks, and the defender's UDD offered as after a shock applied here", async () => {
    const [cavalryName, alabamaName] = [await nameOf(cavalry), await nameOf(alabama)];
    // The defender disordered (by the fire before): the invented Pre-Shock check then sends it back, whatever its die.
    expect((await usa.call('roster', { viewer: 'USA' })).find((u) => u.id === alabama)).toMatchObject({ status: 'disordered' });
    await usa.screen('combat');
    await usa.click('tab-shock');
    await pick(usa, 'shock-attackers', cavalryName);
    await pick(usa, 'shock-defenders', alabamaName);
    // The app's die (seeded), named by the shock by its seq.
    await usa.page.getByTestId('shock-die').getByTestId('die-app').click();
    await usa.settle();
    const [die] = await usa.call('diceLog', { limit: 1 });
    expect(die).toMatchObject({ source: 'app', purpose: `Shock: ${cavalryName} against ${alabamaName}` });
    await expect.poll(() => usa.page.getByTestId('shock-kit-preshock').textContent()).toContain('rolled by Muster when you apply');

    await usa.click('shock-apply-roll-jointly');
    const status = usa.page.getByTestId('shock-apply-joint-status');
    const waitWords = `Waiting for the CSA seat's share of the dice for Shock: ${cavalryName} against ${alabamaName}: the kit's checks`;
    await expect.poll(() => status.textContent()).toContain(waitWords);

    await usa.reload();
    await usa.screen('combat');
    await expect.poll(() => status.textContent()).toContain(waitWords);
    await expect.poll(() => usa.page.getByTestId('shock-die').getByTestId('die-result').textContent()).toMatch(new RegExp(`:\\s*${die!.roll}\\s*$`));
    expect(await usa.page.getByTestId('shock-attackers').innerText()).toContain(cavalryName);
    expect(await usa.page.getByTestId('shock-defenders').innerText()).toContain(alabamaName);
    expect(await usa.page.getByTestId('shock-modified').innerText()).toContain(`Die ${die!.roll}`);
    expect(await usa.page.getByTestId('shock-apply').isDisabled()).toBe(true);
    await status.scrollIntoViewIfNeeded();
    await usa.screenshot('combat-shock-apply-joint-reloaded');

    await sync(previews.seats);
    const applied = usa.page.getByTestId('shock-applied');
    await expect.poll(() => applied.count()).toBe(1);
    expect(await applied.innerText()).toContain(`${alabamaName} retreats before shock: UDD due`);
    // The UDD the service says is due, one click from its check, as after a shock applied here.
    expect((await usa.call('obligations', { viewer: 'USA' })).items.map((o) => o.id)).toContain(`udd:${alabama}`);
    const udd = usa.page.locator(`[data-next-udd="${alabama}"]`);
    await expect.poll(() => udd.count()).toBe(1);
    expect(await applied.innerText()).toContain(`UDD due for ${alabamaName}`);
    await udd.scrollIntoViewIfNeeded();
    await usa.screenshot('combat-shock-apply-joint-udd');
    await udd.click();
    await usa.settle();
    await expect.poll(() => usa.page.getByTestId('cohesion-die').count()).toBe(1);
    await inStep();
  });

  it('a shock applied here, its result read at the table with a retreat before shock: the same UDD offered', async () => {
    const roster = await usa.call('roster', { viewer: 'USA' });
    const attacker = roster.find((u) => u.side === 'USA' && u.onMap && u.arm === 'cavalry' && u.id !== cavalry && u.currentSp > 0)!;
    const defender = roster.find((u) => u.side === 'CSA' && u.onMap && u.arm === 'infantry' && u.id !== alabama && u.status === 'ordered' && u.currentSp > 0)!;
    await usa.screen('combat');
    await usa.click('tab-shock');
    // The last shock's units taken off, this one's picked.
    await usa.page.getByTestId('shock-attackers').getByRole('button', { name: `Remove ${await nameOf(cavalry)}` }).click();
    await usa.page.getByTestId('shock-defenders').getByRole('button', { name: `Remove ${await nameOf(alabama)}` }).click();
    await pick(usa, 'shock-attackers', attacker.name);
    await pick(usa, 'shock-defenders', defender.name);
    await typeDie(usa, 'shock-die', 4);
    await usa.page.getByText('Read the result at the table instead').click();
    await usa.page.getByLabel(`${defender.name} retreats before shock`).check();
    await usa.click('shock-apply');
    const applied = usa.page.getByTestId('shock-applied');
    await expect.poll(() => applied.innerText()).toContain(`UDD due for ${defender.name}`);
    await expect.poll(() => usa.page.locator(`[data-next-udd="${defender.id}"]`).innerText()).toBe(`UDD: ${defender.name}`);
    await inStep();
  });
});
