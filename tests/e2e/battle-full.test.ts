/**
 * The full battle in Chromium on the screens, 1 July 0740 to 1200 (fourteen turns), typed dice where
 * they decide something: Pegram's battalion entering at 0800, Reynolds and Wadsworth at 1000 by
 * themselves; Meade's rating refused all morning (he is not on the map) while the wing commander's
 * points go into the Initiative once Reynolds has arrived; the 1100 and 1120 groups rolling for entry
 * from an hour before, the first activation waiting for the rolls; rain at 1200 (Random Event M, an
 * afternoon turn) halving the movement allowance; the end of the game on the Victory screen with the
 * tally counted by hand. Photographed into docs/screenshots/: turn-rolls-due, turn-initiative-wing,
 * turn-weather-rain, victory-full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type ActionCount, type E2E } from './harness';

const GAMBLE = 'usa-cavalry-1-gamble';
const HETH = 'csa-heth-division';
const MEREDITH = 'usa-i-1-meredith';

let e2e: E2E;
const counts: Record<string, ActionCount> = {};

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' } });
  e2e.page.setDefaultTimeout(10_000);
}, 90_000);

afterAll(async () => {
  for (const [what, c] of Object.entries(counts)) {
    process.stdout.write(`[actions] full battle, ${what}: ${c.total} (${c.clicks} clicks, ${c.keys} keys, ${c.selects} selects, ${c.texts} text fields)\n`);
  }
  await e2e?.close();
});

async function onMap(ids: string[]): Promise<boolean[]> {
  const roster = await e2e.call('roster');
  return ids.map((id) => roster.find((u) => u.id === id)!.onMap);
}

async function group(id: string) {
  return (await e2e.call('reinforcementGroups')).find((g) => g.id === id)!;
}

/**
 * From the Activation Segment to the next turn: on to the Cleanup Phase, where the RSM markers of the
 * groups that arrived are checked (RI-B15): none of their commands is in range, the players say in the
 * turn bar; then on.
 */
async function toNextTurn(): Promise<void> {
  await e2e.click('turn-skip');
  if ((await e2e.page.getByTestId('obligation-rsm-keep').count()) > 0) {
    await e2e.click('obligation-rsm-keep');
    await e2e.click('turn-skip');
  }
}

/** From the turn's I.A to its III.A, the Initiative in one action (the app rolls, nobody adds points). */
async function toActivation(): Promise<void> {
  await e2e.click('turn-skip');
  await e2e.click('initiative-quick');
  await e2e.click('turn-skip');
}

describe('the full battle, 1 July 0740 to 1200', () => {
  it('0740: Meade lends no rating while he is not on the map; Gamble activates at RE instead', async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    await e2e.resetActions();
    await e2e.click('turn-skip');
    await e2e.typeDie('initiative-quick-die-USA', 3);
    await e2e.typeDie('initiative-quick-die-CSA', 6);
    await e2e.click('initiative-quick');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0740 III.A');
    await page.getByTestId('activation-command').selectOption(HETH);
    await e2e.click('activation-initiative-me');
    await page.getByTestId('activation-command').selectOption(GAMBLE);
    // The roster says Meade is not on the map: he is not offered as a superior (RI-B11, RI-H05); asked anyway, the service refuses.
    await e2e.settle();
    expect(await page.getByTestId('activation-segment').innerText()).not.toContain('George G. Meade (');
    const refused = await e2e.callRaw('attemptActivation', { commandId: GAMBLE, superiorsInRange: ['usa-meade'], roll: 2 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'RULES_FORBID', field: 'superiorsInRange[0]', message: expect.stringContaining('George G. Meade is not on the map') } });
    expect((await e2e.call('turnState')).activated.map((a) => a.commandId)).toEqual([HETH]);
    await e2e.click('activation-re');
    expect((await e2e.call('turnState')).activated.map((a) => [a.commandId, a.effectiveness])).toEqual([[HETH, 'ME'], [GAMBLE, 'RE']]);
    // Losses of the morning, recorded as the table reports them.
    await e2e.call('recordLoss', { unitId: 'usa-8th-illinois-cavalry', sp: 2, cause: 'small-arms' });
    await e2e.call('recordLoss', { unitId: 'csa-26th-north-carolina', sp: 4, cause: 'small-arms' });
    await e2e.call('recordLoss', { unitId: 'csa-26th-north-carolina', sp: 2, straggler: true });
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0800 I.A');
    counts['the 0740 turn (two activations, one refused)'] = await e2e.actions();
  });

  it('0800: Pegram\'s battalion enters by itself; an empty turn is four actions, and its RSM marker checked', async () => {
    await e2e.resetActions();
    await toActivation();
    expect(await e2e.clockText()).toBe('0800 III.A');
    expect(await e2e.page.getByTestId('arrived-now').innerText()).toContain("Pegram's Artillery Battalion entered by Chambersburg Pike");
    expect((await e2e.call('roster', { commandId: 'csa-walker-pegram' })).every((u) => u.onMap)).toBe(true);
    await toNextTurn();
    counts['an empty turn (0800)'] = await e2e.actions();
    // Four, and the RSM marker of the battalion that arrived checked at the Cleanup (RI-B15).
    expect(counts['an empty turn (0800)']!.total).toBeLessThanOrEqual(6);
  });

  it('0820 to 0940: six empty turns; nobody of the I Corps yet, and Meade away', async () => {
    for (const time of ['0820', '0840', '0900', '0920', '0940']) {
      expect(await e2e.clockText()).toBe(`${time} I.A`);
      await toActivation();
      await toNextTurn();
    }
    expect(await e2e.clockText()).toBe('1000 I.A');
    expect(await onMap(['usa-2nd-wisconsin', 'usa-76th-new-york'])).toEqual([false, false]);
    expect((await e2e.gameInfo())?.armyCommanders.USA).toMatchObject({ leaderId: 'usa-reynolds-wing', onMap: false });
  });

  it('1000: Wadsworth, Pender and Reynolds enter; Doubleday\'s group must roll first, and does not come (typed 5, -1)', async () => {
    const page = e2e.page;
    await toActivation();
    expect(await e2e.clockText()).toBe('1000 III.A');
    const arrived = await page.getByTestId('arrived-now').innerText();
    expect(arrived).toContain('1st Division, I Corps entered by Emmitsburg Road');
    expect(arrived).toContain('John F. Reynolds (Left Wing) arrived');
    expect(await onMap(['usa-2nd-wisconsin', 'usa-76th-new-york'])).toEqual([true, true]);
    expect((await e2e.gameInfo())?.armyCommanders.USA).toMatchObject({ leaderId: 'usa-reynolds-wing', onMap: true });
    const due = page.getByTestId('rolls-due');
    expect(await due.locator('[data-group="usa-doubleday-arrival"]').innerText()).toContain('Combat unit of that div/corps already on map');
    await e2e.screenshot('turn-rolls-due');
    // The first activation or pass waits for the rolls (RI-B02).
    await e2e.click('activation-pass');
    expect(await page.getByTestId('activation-segment').innerText()).toContain("roll for the arrival of Rowley's Brigade");
    await e2e.typeDie('arrival-die-usa-doubleday-arrival', 5);
    expect((await group('usa-doubleday-arrival')).arrivedTurnId).toBeNull();
    expect((await e2e.call('diceLog', { limit: 1 }))[0]).toMatchObject({ source: 'table', roll: 5, modified: 4, outcome: 'not yet' });
  });

  it('1000: Lee, not on the map, has no points to send a group elsewhere (RI-B11); Reynolds sends the XI Corps to another road in secret, behind a hand-over; the CSA learns only that he spent his points (RI-B03)', async () => {
    const page = e2e.page;
    await e2e.click('alternative-CSA');
    await e2e.click('hand-over-continue');
    expect(await page.getByTestId('alternative-form').innerText()).toContain('Not now: Robert E. Lee is not on the map: the army commander pays for an Alternative Arrival Area with his rating points, and has none to spend until he arrives');
    expect(await page.getByTestId('alternative-group').count()).toBe(0);
    await e2e.click('alternative-done');
    await e2e.click('alternative-USA');
    await e2e.click('hand-over-continue');
    await page.getByTestId('alternative-group').selectOption('usa-xi-corps-arrival');
    await page.getByTestId('alternative-area').fill('Mummasburg Road');
    await e2e.click('alternative-order');
    expect(await page.getByTestId('alternative-form').innerText()).toContain('sent to Mummasburg Road');
    await e2e.screenshot('turn-alternative-arrival');
    await e2e.click('alternative-done');
    expect(await page.getByTestId('alternative-form').count()).toBe(0);
    const told = (await e2e.call('history', { limit: 1 }))[0]!;
    expect(told.summary).toBe('USA: John F. Reynolds (Left Wing) spends all his rating points on an Alternative Arrival Area (which group is secret)');
    for (const view of [await e2e.call('arrivals', { viewer: 'CSA' }), await e2e.call('arrivals'), await e2e.call('history', { limit: 5000 })]) {
      expect(JSON.stringify(view)).not.toContain('Mummasburg');
    }
    expect(await page.getByTestId('turn-start').innerText()).not.toContain('Mummasburg');
    await toNextTurn();
    expect(await e2e.clockText()).toBe('1020 I.A');
  });

  it('1020: Reynolds, on the map, adds his points to the Initiative in secret; Doubleday enters on a typed 3, Robinson waits', async () => {
    const page = e2e.page;
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('1020 II.A');
    await page.getByTestId('initiative-points').check();
    await e2e.screenshot('turn-initiative-wing');
    await e2e.click('initiative-declared');
    await e2e.click('hand-over-continue');
    await e2e.click('initiative-declared');
    await e2e.click('hand-over-continue');
    await e2e.typeDie('initiative-die-USA', 4);
    await e2e.typeDie('initiative-die-CSA', 3);
    await e2e.click('initiative-roll-button');
    const state = await e2e.call('turnState');
    // USA 4 + Reynolds's rating 2 = 6 against CSA 3 + the +1 modifier for last turn's Initiative = 4: USA.
    expect(state).toMatchObject({ initiative: 'USA', armyPointsForInitiative: { USA: true, CSA: false } });
    expect((await e2e.call('leaders')).find((l) => l.id === 'usa-reynolds-wing')).toMatchObject({ pointsUsed: true, pointsUsedFor: 'initiative' });
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('1020 III.A');
    await e2e.typeDie('arrival-die-usa-doubleday-arrival', 3);
    await e2e.typeDie('arrival-die-usa-robinson-arrival', 9);
    expect((await group('usa-doubleday-arrival')).arrivedTurnId).toBe('1863-07-01T1020');
    expect((await group('usa-robinson-arrival')).arrivedTurnId).toBeNull();
    expect(await page.getByTestId('arrived-now').innerText()).toContain("Rowley's Brigade, Stone's Brigade, Wainwright's Artillery Brigade entered by Emmitsburg Road");
    await toNextTurn();
  });

  it('1040 to 1140: the rolls due each turn in one action, the app rolling them', async () => {
    for (const time of ['1040', '1100', '1120', '1140']) {
      expect(await e2e.clockText()).toBe(`${time} I.A`);
      await toActivation();
      const due = (await e2e.call('arrivals')).rollsDue;
      if (due.length > 0) await e2e.click('roll-all-due');
      expect((await e2e.call('arrivals')).rollsDue).toEqual([]);
      await toNextTurn();
    }
    expect(await e2e.clockText()).toBe('1200 I.A');
    // Meade is still on his way: his rating is refused all morning.
    expect((await e2e.call('leaders')).find((l) => l.id === 'usa-meade')!.onMap).toBe(false);
  });

  it('1200: Random Event M brings rain (an afternoon turn): the movement allowance says so', async () => {
    const page = e2e.page;
    await page.getByTestId('turn-weather').locator('summary').click();
    await e2e.click('rain-begins');
    expect((await e2e.gameInfo())?.weather).toMatchObject({ raining: true });
    expect(await page.getByTestId('weather-label').innerText()).toBe('Rain');
    await e2e.screenshot('turn-weather-rain');
    await page.getByTestId('turn-weather').locator('summary').click();
    await toActivation();
    if ((await e2e.call('arrivals')).rollsDue.length > 0) await e2e.click('roll-all-due');
    await page.getByTestId('movement-command').selectOption(MEREDITH);
    await e2e.settle();
    const ma = await page.getByTestId('movement-panel').locator('tr[data-unit="usa-19th-indiana"] [data-testid="movement-ma"]').innerText();
    // 6 MPs halved by the rain (Rev. Rain, RI-F21).
    expect(ma).toBe('3');
    expect(await page.getByTestId('movement-panel').innerText()).toContain('All movement allowances halved, unless moving along pikes exclusively');
  });

  it('Victory: the players end the game at 1200; the tally counted by hand', async () => {
    const page = e2e.page;
    await e2e.call('recordLoss', { unitId: 'usa-19th-indiana', sp: 3, cause: 'small-arms' });
    await e2e.call('leaderCasualty', { leaderId: 'csa-heth', roll: 8 });
    await e2e.screen('victory');
    await page.getByRole('button', { name: 'End the game…' }).click();
    // The Victory screen's own button (the turn bar offers the same end after the last turn).
    await page.getByTestId('victory-end').getByRole('button', { name: 'End the game', exact: true }).click();
    await e2e.settle();
    const tally = await e2e.call('tally');
    // USA: 8th Illinois Cavalry 2 SP x 2 = 4; 19th Indiana 3 SP x 1 = 3. Total 7.
    // CSA: 26th North Carolina 4 SP + 2 stragglers x 1 = 6; Heth wounded, 1/2 x 2 stars x rating 2 = 2. Total 8.
    expect(tally.usa).toMatchObject({ lossPoints: 7, infantrySp: 3, cavalrySp: 2 });
    expect(tally.csa).toMatchObject({ lossPoints: 8, infantrySp: 6 });
    // Neither side above 300 points: a Draw.
    expect(tally.result).toMatchObject({ winner: null, level: 'draw', by: 'losses' });
    expect(tally.final).toBe(true);
    expect(tally.lossesByCorps.map((r) => [r.name, r.lossPoints])).toEqual([
      ['Third Corps', 8],
      ['Cavalry Corps', 4],
      ['I Corps', 3],
    ]);
    expect(await page.getByTestId('victory-result').innerText()).toContain('Draw');
    await page.getByTestId('corps-chart').scrollIntoViewIfNeeded();
    await e2e.screenshot('victory-full');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
