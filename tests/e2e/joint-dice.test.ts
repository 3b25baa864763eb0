/**
 * A fire die rolled jointly by both seats, end to end (RI-H09): the CSA seat's file open in Chromium through
 * the browser bridge, the USA seat's file beside it. The Fire assistant offers "Roll jointly" because the
 * service says the game is played from two seats and both have joined; the click asks for the die, the
 * screen shows the service's words while the USA seat's share is on its way; the packets then go both ways
 * (as the shared folder carries them), the die arrives "Rolled jointly by both seats", and the fire names it.
 * Photographed into docs/screenshots/ (combat-fire-joint*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf, type GameService } from '../../db/service';
import { receivePacket } from '../../db/seats/packets';
import { tempDir } from '../fixtures/game';
import { packetFrom, type Table } from '../seats/table';
import { csaSeatAtFire, pick } from './csa-seat-to-fire';
import type { E2E } from './harness';

const tmp = tempDir('muster-e2e-joint-dice-');
let e2e: E2E;
let t: Table;
let csa: () => GameService;

beforeAll(async () => {
  ({ e2e, t, csa } = await csaSeatAtFire(tmp.dir));
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  t?.USA.close();
  tmp.cleanup();
});

describe('the Fire assistant in a two-seat game', () => {
  it('rolls the fire die jointly: offered, waiting for the other seat, then arrived and named by the fire', async () => {
    await e2e.screen('combat');
    await pick(e2e, 'fire-stack', '13th Ala');
    await pick(e2e, 'fire-targets', '8th Illinois');
    const status = e2e.page.getByTestId('fire-joint-status');
    await expect.poll(() => status.textContent()).toContain('Played from two seats: roll the die jointly');
    await e2e.screenshot('combat-fire-joint');

    await e2e.page.getByTestId('fire-roll-jointly').click();
    await e2e.settle();
    await expect.poll(() => status.textContent()).toContain("Waiting for the USA seat's share of the dice for Fire: 13th Alabama at 8th Illinois Cavalry");
    expect(await e2e.page.getByTestId('fire-roll-jointly').isDisabled()).toBe(true);
    await e2e.screenshot('combat-fire-joint-waiting');

    // The packets, as the shared folder carries them: the request to the USA seat, which answers; its answer
    // back to the CSA seat, whose Muster records the die at once.
    receivePacket(contextOf(t.USA), packetFrom(csa()));
    expect(receivePacket(contextOf(csa()), packetFrom(t.USA)).jointRolls).toBeGreaterThan(0);
    const result = e2e.page.getByTestId('fire-die').getByTestId('die-result');
    await expect.poll(() => result.textContent(), { timeout: 10_000 }).toMatch(/Rolled jointly by both seats: \d/);
    await e2e.settle();
    await e2e.screenshot('combat-fire-joint-rolled');

    await e2e.page.getByTestId('fire-sp').fill('1');
    await e2e.settle();
    await e2e.page.getByTestId('fire-apply').click();
    await e2e.settle();
    await expect.poll(() => e2e.page.getByTestId('fire-applied').textContent()).toMatch(/joint roll #\d+: \d/);
    const [roll] = await e2e.call('diceLog', { limit: 1 });
    expect(roll).toMatchObject({ source: 'joint', purpose: 'Fire: 13th Alabama at 8th Illinois Cavalry' });
    // History says how the die was rolled.
    await e2e.screen('history');
    await expect.poll(() => e2e.page.locator('.roll').first().textContent()).toMatch(/rolled jointly by both seats \d/);
    await e2e.screenshot('history-joint');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
