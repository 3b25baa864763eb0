/**
 * End to end, in Chromium through the browser bridge: a full battle created with Variable Initiative
 * and 1 July played in the service (a fire combat, losses, an elimination, a
 * Shattered unit, an Ineffective brigade). In the night of 1 July each side writes its night plot pad in
 * secret and both are revealed together (RI-O25); at 2 July 0400 the Initiative screen shows both sides'
 * Initiative Levels itemised unit by unit, the players roll the Ineffective units' dice and the higher
 * level holds the Initiative for the day (RI-O01), in the turn guide and on the Victory screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../db/service';
import { tempDir } from '../fixtures/game';
import { playFirstJulyMorning, playTo } from '../fixtures/variable-initiative';
import { settleDue } from './settle-due';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
const tmp = tempDir('muster-e2e-vi-');

beforeAll(async () => {
  // 1 July played in the service up to the night's Non-Automatic Order Change Phase, then opened in the app.
  const file = tmp.file('gettysburg-vi.muster');
  const g = GameService.create({ file, scenario: 'gettysburg', players: { USA: 'Ann', CSA: 'Bob' }, optionalRules: { variableInitiative: true } }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
  playFirstJulyMorning(g);
  playTo(g, '1863-07-01T2000', 'I', 'B');
  g.close();
  // The app's die keeps nothing in the file: the bridge gets its own seeded die, so the night's arrival rolls are always the same.
  e2e = await startE2E({ file, seed: 7 });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  tmp.cleanup();
});

const click = (testId: string) => e2e.page.getByTestId(testId).first().click();

describe('Variable Initiative in the screens', () => {
  it('the night plot pad: USA plots in secret, CSA sees nothing of it, then both are revealed together (RI-O25)', async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    expect(await page.getByTestId('turn-variable-initiative').innerText()).toContain('Night turn: the Initiative is rolled as the revision says');
    const pad = page.getByTestId('night-plot-pad');
    await pad.waitFor();
    await e2e.resetActions();
    await page.getByTestId('night-plot-unit').selectOption('usa-8th-illinois-cavalry');
    await page.getByTestId('night-plot-from').fill('1510');
    await page.getByTestId('night-plot-step-1').fill('1511');
    await page.getByTestId('night-plot-step-3').fill('1512');
    await click('night-plot-save');
    await expect.poll(() => pad.getByTestId('night-plots').innerText()).toContain('8th Illinois Cavalry');
    // A unit, its hex, two moves and the button: five actions for a plot with two moves.
    expect((await e2e.actions()).total).toBeLessThanOrEqual(5);
    const row = await pad.locator('[data-unit="usa-8th-illinois-cavalry"]').innerText();
    expect(row).toMatch(/→ 1511\s+1511\s+hold\s+1511\s+→ 1512\s+1512/);
    await e2e.screenshot('variable-initiative-night-plot-usa');

    await click('orders-side-done');
    await click('hand-over-continue');
    await page.waitForSelector('[data-testid="orders-side"][data-side="CSA"]');
    expect(await page.locator('main').innerText()).not.toMatch(/8th Illinois|1511|1512/);
    await page.getByTestId('night-plot-unit').selectOption('csa-11th-mississippi');
    await page.getByTestId('night-plot-from').fill('0520');
    await page.getByTestId('night-plot-step-2').fill('0521');
    await click('night-plot-save');
    await expect.poll(() => page.getByTestId('night-plots').innerText()).toContain('11th Mississippi');
    await click('orders-side-done');
    await click('hand-over-continue');
    const revealed = page.getByTestId('orders-reveal').getByTestId('night-plot-pad');
    await revealed.waitFor();
    const text = await revealed.innerText();
    expect(text).toContain('8th Illinois Cavalry');
    expect(text).toContain('11th Mississippi');
    await e2e.screenshot('variable-initiative-night-plots-revealed');
    // In the Activation Segment the pads stay on show, to be carried out on the map.
    await e2e.call('advanceToDecision', {});
    await e2e.call('rollInitiative', { armyPoints: { USA: false, CSA: false } });
    await e2e.call('advanceToDecision', {});
    await expect.poll(() => page.getByTestId('night-plot-pad').innerText()).toContain('11th Mississippi');
  });

  it('2 July 0400: the Initiative Levels, itemised unit by unit, decide the Initiative for the day (RI-O01, RI-O22)', async () => {
    const page = e2e.page;
    for (let i = 0; i < 200; i += 1) {
      const clock = (await e2e.gameInfo())!.clock;
      if (clock.turnId === '1863-07-02T0400' && clock.segment === 'II' && clock.phase === 'A') break;
      // What is due on the way is rolled or answered as the turn bar would (RI-B15).
      await settleDue(e2e);
      await e2e.call('advanceToDecision', { nothingToEnter: ['USA', 'CSA'] });
    }
    await e2e.reload();
    await e2e.screen('turn');
    const panel = page.getByTestId('variable-initiative');
    await panel.waitFor();
    expect(await panel.innerText()).toContain('the Initiative Levels decide the Initiative for the day');
    expect(await page.getByTestId('initiative-roll-button').count()).toBe(0);
    // The arrivals due this turn roll first: units arriving on the First Day Turn count once.
    expect(await page.getByTestId('vi-waiting').innerText()).toContain('roll for the arrival of');
    expect(await page.getByTestId('vi-determine').isDisabled()).toBe(true);
    // The service refuses to move the clock before the levels, so the skip is not offered and the bar says why.
    expect(await page.getByTestId('turn-skip').isDisabled()).toBe(true);
    expect(await page.getByTestId('turn-skip').innerText()).not.toContain('Nobody enters anything');
    expect(await page.getByTestId('turn-next-waits').innerText()).toContain('first determine the Initiative Levels (Variable Initiative); roll for the arrival of');
    expect(await page.getByTestId('turn-obligations').innerText()).toContain('determine the Initiative Levels (Variable Initiative)');
    // The players tick a unit surrounded by Enemy ZOC: the service's preview counts it as nothing; unticked, it counts again.
    const usa = page.locator('[data-testid="vi-side"][data-side="USA"]');
    const usaLevel = async () => Number(await usa.getByTestId('vi-level').innerText());
    const levelBefore = await usaLevel();
    const fresh = (await e2e.call('initiativeLevels', { viewer: 'both' })).preview!.USA.units.find((u) => u.state === 'fresh' && u.arrived === null)!;
    await usa.getByTestId('vi-units-toggle').click();
    const tick = usa.locator(`tr[data-unit="${fresh.unitId}"]`).getByTestId('vi-surrounded');
    await tick.check();
    await expect.poll(usaLevel).toBe(levelBefore - 2 * fresh.sp);
    expect(await usa.locator(`tr[data-unit="${fresh.unitId}"]`).innerText()).toContain('surrounded: 0');
    await usa.locator(`tr[data-unit="${fresh.unitId}"]`).scrollIntoViewIfNeeded();
    await e2e.screenshot('variable-initiative-surrounded');
    await tick.uncheck();
    await expect.poll(usaLevel).toBe(levelBefore);
    // Separated forces (RI-O06): the same unit put in a cut-off group; the groups' levels are shown, the highest counts.
    await usa.locator(`tr[data-unit="${fresh.unitId}"]`).getByTestId('vi-group').selectOption('1');
    const groups = usa.getByTestId('vi-groups');
    await expect.poll(() => groups.count()).toBe(1);
    expect(await groups.innerText()).toContain(`Cut-off group 1 (1 unit): ${2 * fresh.sp}`);
    expect(await groups.innerText()).toMatch(/Main body \(\d+ units\): \d+[^\n]*\n?[^\n]*the highest: the side's level/);
    await expect.poll(usaLevel).toBe(levelBefore - 2 * fresh.sp);
    await groups.scrollIntoViewIfNeeded();
    await e2e.screenshot('variable-initiative-separated-forces');
    // Left so for the determination below: the record keeps the groups.
    await usa.getByTestId('vi-units-toggle').click();
    await e2e.resetActions();
    await click('vi-roll-arrivals');
    await expect.poll(() => page.getByTestId('vi-waiting').count()).toBe(0);

    // Both sides as they stand, before the Ineffective units' dice: the Iron Brigade (Ineffective at nightfall), Archer's losses.
    const csa = page.locator('[data-testid="vi-side"][data-side="CSA"]');
    await csa.getByTestId('vi-units-toggle').click();
    const csaUnits = await csa.getByTestId('vi-units').innerText();
    expect(csaUnits).toMatch(/1st Tennessee\s+5\s+in combat, effective: 1 × SP\s+5\s+in a fire combat at 1 July 1000/);
    expect(csaUnits).toMatch(/14th Tennessee\s+4\s+eliminated: − SP\s+-4\s+eliminated/);
    expect(csaUnits).toMatch(/13th Alabama\s+6\s+Ineffective: shares the roll\s+÷\s+Shattered at nightfall/);
    await e2e.screenshot('variable-initiative-dawn-preview');
    await page.locator('[data-testid="vi-die-USA"] [data-testid="die-app"]').click();
    await page.locator('[data-testid="vi-die-CSA"] [data-testid="die-app"]').click();
    await click('vi-determine');
    const winner = page.getByTestId('vi-winner');
    await winner.waitFor();
    // Roll the arrivals, open one side's list, two dice, determine: five clicks for the dawn.
    expect((await e2e.actions()).total).toBeLessThanOrEqual(5);

    const info = (await e2e.call('initiativeLevels', { viewer: 'both' })).records[0]!;
    expect(info.USA.groups!.map((x) => x.label)).toEqual(['Main body', 'Cut-off group 1']);
    expect(info.USA.groups![1]!.unitIds).toEqual([fresh.unitId]);
    // Determined: the statements are spent, and the panel shows the record without an error.
    expect(await page.getByTestId('variable-initiative').locator('.error').count()).toBe(0);
    const levelOf = async (side: 'USA' | 'CSA') => Number(await page.locator(`[data-testid="vi-side"][data-side="${side}"] [data-testid="vi-level"]`).innerText());
    expect(await levelOf('USA')).toBe(info.USA.level.total);
    expect(await levelOf('CSA')).toBe(info.CSA.level.total);
    expect(await page.locator(`[data-testid="vi-side"][data-side="${info.winner}"] [data-testid="vi-winner"]`).innerText()).toContain('holds the Initiative');
    const usaItems = await page.locator('[data-testid="vi-side"][data-side="USA"]').innerText();
    expect(usaItems).toContain('Ineffective infantry (5 units): 36 SP ÷');
    expect(usaItems).toContain('Infantry arrived during the Night Turns');
    expect(await page.getByTestId('turn-initiative').innerText()).toContain(info.winner);
    await expect.poll(() => page.getByTestId('turn-next-waits').count()).toBe(0);
    expect(await page.getByTestId('turn-skip').isDisabled()).toBe(false);
    await csa.getByTestId('vi-units-toggle').click();
    await page.getByTestId('variable-initiative').scrollIntoViewIfNeeded();
    await e2e.screenshot('variable-initiative-dawn');
  });

  it('the rest of the day: the turn guide says who holds the Initiative by the levels, and the Victory screen lists them', async () => {
    const page = e2e.page;
    const info = (await e2e.call('initiativeLevels', { viewer: 'both' })).records[0]!;
    await e2e.call('advanceClock', {});
    // On to 0420, what is due on the way settled as the turn bar would (the RSM markers at the Cleanup: RI-B15).
    for (let i = 0; i < 20 && (await e2e.gameInfo())!.clock.turnId !== '1863-07-02T0420'; i += 1) {
      await settleDue(e2e);
      await e2e.call('advanceToDecision', { nothingToEnter: ['USA', 'CSA'] });
    }
    expect((await e2e.gameInfo())!.clock).toMatchObject({ turnId: '1863-07-02T0420', segment: 'I', phase: 'A' });
    // 0420: the Initiative Phase passes by itself, the levels' winner holding the Initiative (no roll to stop for).
    // (The groups that did not come at 0400 roll again now: the stop names them.)
    expect((await e2e.call('advanceToDecision', { nothingToEnter: ['USA', 'CSA'] })).stoppedBecause).toMatch(/^the Activation Segment(: first roll for the arrival of .*)?$/);
    expect((await e2e.gameInfo())!.clock).toMatchObject({ turnId: '1863-07-02T0420', segment: 'III', phase: 'A' });
    await e2e.reload();
    await e2e.screen('turn');
    const line = page.getByTestId('turn-variable-initiative');
    expect(await line.innerText()).toContain(`${info.winner} holds the Initiative until the next night by its Initiative Level of 2 July 0400 (no roll)`);
    expect(await page.getByTestId('turn-initiative').innerText()).toMatch(new RegExp(`^Initiative: ${info.winner}`));
    await e2e.screenshot('variable-initiative-turn-guide');
    await e2e.screen('victory');
    const victory = page.getByTestId('victory-initiative-levels');
    expect(await victory.innerText()).toContain(`2 July 0400: USA ${info.USA.level.total}, CSA ${info.CSA.level.total}, ${info.winner}`);
    await e2e.screenshot('variable-initiative-victory');
    expect(await e2e.unnamedControls()).toEqual([]);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
