/**
 * The Willoughby Run scenario played in Chromium from its first turn (1 July 0740) to its last (1100),
 * on the screens alone, with typed dice: the schedule edited at setup; the Initiative in one action; the
 * clock moved on to the next decision; Pegram's battalion entering at 0800 and the Iron Brigade with
 * Reynolds at 1000 by themselves, with MRCH orders and RSM markers; the movement helper and Double Time;
 * a concealed plot only its side sees; losses and fatigue recorded with the Roster's buttons; fatigue
 * recovered by designation; the end of the game on the Victory screen, with the tally counted by hand,
 * the losses by corps and the history check. The run prints how many actions an empty turn costs.
 *
 * Screens photographed into docs/screenshots/: setup-arrivals, turn-skip, turn-initiative-quick,
 * turn-start-arrivals, turn-movement, turn-concealed-hand-over, turn-concealed-plot, turn-fatigue-designation,
 * roster-actions, victory-end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandNode } from '../../contract';
import { startE2E, type ActionCount, type E2E } from './harness';

const GAMBLE = 'usa-cavalry-1-gamble';
const HETH = 'csa-heth-division';
const ARCHER = 'csa-heth-archer';
const MEREDITH = 'usa-i-1-meredith';
const ALABAMA = { id: 'csa-13th-alabama', name: '13th Alabama' };
const MICHIGAN = { id: 'usa-24th-michigan', name: '24th Michigan' };
const IRON_BRIGADE = ['usa-19th-indiana', 'usa-24th-michigan', 'usa-2nd-wisconsin', 'usa-6th-wisconsin', 'usa-7th-wisconsin'];

let e2e: E2E;
const counts: Record<string, ActionCount> = {};

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'skirmish-at-willoughby-run', players: { USA: 'Abner', CSA: 'Jubal' } });
  // A control that never comes fails its step with the locator's own words, well inside the test's time.
  e2e.page.setDefaultTimeout(10_000);
}, 90_000);

afterAll(async () => {
  for (const [what, c] of Object.entries(counts)) {
    process.stdout.write(`[actions] Willoughby Run, ${what}: ${c.total} (${c.clicks} clicks, ${c.keys} keys, ${c.selects} selects, ${c.texts} text fields)\n`);
  }
  await e2e?.close();
});

async function stoppedBecause(): Promise<string> {
  return (await e2e.page.getByTestId('turn-stopped-because').innerText()).trim();
}

/** Both sides' dice typed beside the one-action Initiative button, and rolled. */
async function quickInitiative(usa: number, csa: number): Promise<void> {
  await e2e.typeDie('initiative-quick-die-USA', usa);
  await e2e.typeDie('initiative-quick-die-CSA', csa);
  await e2e.click('initiative-quick');
}

async function node(id: string): Promise<CommandNode> {
  const find = (nodes: CommandNode[]): CommandNode | undefined => nodes.map((n) => (n.id === id ? n : find(n.children))).find((n) => n !== undefined);
  const found = find(await e2e.call('commandTree'));
  if (!found) throw new Error(`no command ${id}`);
  return found;
}

async function unit(id: string) {
  return (await e2e.call('roster')).find((u) => u.id === id)!;
}

/** On the Roster, the unit found by name and selected with a click. */
async function selectUnit(u: { id: string; name: string }): Promise<void> {
  const page = e2e.page;
  await e2e.screen('roster');
  await page.getByLabel('Search units and commands').fill(u.name);
  await e2e.settle();
  await page.locator(`tr[data-unit-id="${u.id}"]`).click();
  await e2e.settle();
}

/**
 * From the Activation Segment to the next turn: on to the Cleanup Phase, where the RSM markers of the
 * groups that arrived are checked (RI-B15): none of their commands is in range, the players say in the
 * turn bar; then on.
 */
async function toNextTurn(): Promise<void> {
  await e2e.click('turn-skip');
  if ((await e2e.page.getByTestId('obligation-rsm-keep').count()) > 0) {
    expect(await stoppedBecause()).toMatch(/^RSM markers at the end of the Cleanup Phase/);
    await e2e.click('obligation-rsm-keep');
    await e2e.click('turn-skip');
  }
}

/** An empty turn from its I.A to the next turn's I.A: to the Initiative, roll it (the app), on, on. */
async function emptyTurn(): Promise<void> {
  await e2e.click('turn-skip');
  expect(await stoppedBecause()).toBe('roll for the Initiative');
  await e2e.click('initiative-quick');
  await e2e.click('turn-skip');
  expect(await stoppedBecause()).toMatch(/^the Activation Segment/);
  await toNextTurn();
}

describe('Skirmish at Willoughby Run, first turn to last', () => {
  it('Setup: the arrival schedule is the scenario\'s, edited before play begins (RI-B10)', async () => {
    const page = e2e.page;
    await e2e.screen('setup');
    await e2e.click('setup-tab-arrivals');
    const schedule = page.getByTestId('setup-schedule');
    await schedule.waitFor();
    expect(await schedule.locator('tr[data-group]').count()).toBe(2);
    await schedule.getByLabel("Entry area of Pegram's Artillery Battalion").fill('Chambersburg Pike at Herr Ridge');
    await schedule.getByLabel("Entry area of Pegram's Artillery Battalion").press('Tab');
    await e2e.settle();
    expect((await e2e.call('reinforcementGroups')).find((g) => g.id === 'csa-pegram-battalion-arrival')!.entryArea).toBe('Chambersburg Pike at Herr Ridge');
    expect((await e2e.call('history', { limit: 1 }))[0]!.kind).toBe('reinforcement.schedule');
    await e2e.screenshot('setup-arrivals');
  });

  it('0740: on to the Initiative in one action, rolled in three with typed dice; CSA activates Heth at ME, USA Gamble at RE', async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    await e2e.resetActions();
    expect(await e2e.clockText()).toBe('0740 I.A');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0740 II.A');
    expect(await stoppedBecause()).toBe('roll for the Initiative');
    await e2e.screenshot('turn-skip');
    await e2e.typeDie('initiative-quick-die-USA', 2);
    await e2e.typeDie('initiative-quick-die-CSA', 7);
    await e2e.screenshot('turn-initiative-quick');
    await e2e.click('initiative-quick');
    expect((await e2e.call('turnState')).initiative).toBe('CSA');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0740 III.A');
    expect(await page.getByTestId('nothing-due').innerText()).toContain('No roll is due this turn');
    await page.getByTestId('activation-command').selectOption(HETH);
    await e2e.click('activation-initiative-me');
    await page.getByTestId('activation-command').selectOption(GAMBLE);
    await e2e.click('activation-re');
    const activated = (await e2e.call('turnState')).activated.map((a) => [a.commandId, a.effectiveness]);
    expect(activated).toEqual([[HETH, 'ME'], [GAMBLE, 'RE']]);
    // The movement helper follows the last activation: Gamble's troopers, dismounted, under SKPD.
    const movement = page.getByTestId('movement-panel');
    expect(await movement.locator('h3').innerText()).toContain("Gamble's Brigade");
    expect(await movement.locator('tr[data-unit="usa-8th-illinois-cavalry"] [data-testid="movement-ma"]').innerText()).toBe('6');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0800 I.A');
    counts['the 0740 turn (two activations)'] = await e2e.actions();
  });

  it('0800: an empty turn is six actions with a group arriving (its RSM marker checked at the Cleanup); Pegram\'s battalion and Walker enter by themselves at the Activation Segment (RI-B01)', async () => {
    const page = e2e.page;
    await e2e.resetActions();
    await e2e.click('turn-skip');
    await e2e.click('initiative-quick');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0800 III.A');
    const arrived = await page.getByTestId('arrived-now').innerText();
    expect(arrived).toContain("Pegram's Artillery Battalion entered by Chambersburg Pike at Herr Ridge with MRCH orders and an RSM marker");
    expect(arrived).toContain('R. Lindsay Walker arrived');
    expect(await unit('csa-fredericksburg-battery-virginia')).toMatchObject({ onMap: true, effectiveOrder: 'MRCH' });
    await e2e.screenshot('turn-start-arrivals');
    await toNextTurn();
    expect(await e2e.clockText()).toBe('0820 I.A');
    counts['an empty turn (0800)'] = await e2e.actions();
    expect(counts['an empty turn (0800)']!.total).toBeLessThanOrEqual(6);
  });

  it('0820: losses and fatigue recorded with the Roster\'s buttons beside the keys', async () => {
    const page = e2e.page;
    await selectUnit(ALABAMA);
    await e2e.click('roster-action-loss');
    const loss = page.getByRole('dialog', { name: `Record an SP loss: ${ALABAMA.name}` });
    await loss.getByLabel('SP lost').fill('2');
    await loss.getByRole('button', { name: 'Record' }).click();
    await e2e.settle();
    await e2e.click('roster-action-straggler');
    const straggler = page.getByRole('dialog', { name: `Record a straggler loss: ${ALABAMA.name}` });
    await straggler.getByLabel('Straggler SP').fill('1');
    await straggler.getByRole('button', { name: 'Record' }).click();
    await e2e.settle();
    await e2e.click('roster-action-fatigue-up');
    await e2e.click('roster-action-fatigue-up');
    expect(await unit(ALABAMA.id)).toMatchObject({ spLost: 2, stragglers: 1, fatigue: 2 });
    await e2e.screenshot('roster-actions');
    await selectUnit(MICHIGAN);
    // The Iron Brigade has not arrived; what happened to it at the table may still be recorded (RI-S23), but not now.
    expect(await page.getByTestId('roster-action-loss').isEnabled()).toBe(true);
    await e2e.screen('turn');
  });

  it('0820: fatigue designation stops the clock in II.B; Archer recovers one level in IV.B (RI-B07)', async () => {
    const page = e2e.page;
    await e2e.click('turn-skip');
    await quickInitiative(4, 1);
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0820 II.B');
    expect(await stoppedBecause()).toBe("fatigued brigades whose orders let them recover (Archer's Brigade) may be designated to recover fatigue");
    await e2e.click(`fatigue-designate-${ARCHER}`);
    expect((await node(ARCHER)).fatigueRecovery).toBe(true);
    await e2e.screenshot('turn-fatigue-designation');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0820 III.A');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0820 IV.C');
    expect(await page.getByTestId('turn-jumped').innerText()).toContain("Archer's Brigade recovers fatigue (1 unit one level)");
    await e2e.click('obligation-rsm-keep');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('0840 I.A');
    expect((await unit(ALABAMA.id)).fatigue).toBe(1);
  });

  it('0840: the fatigued brigade stops the clock again in II.B until it has recovered; designated, Archer is fresh', async () => {
    await e2e.click('turn-skip');
    await e2e.click('initiative-quick');
    await e2e.click('turn-skip');
    expect(await stoppedBecause()).toBe("fatigued brigades whose orders let them recover (Archer's Brigade) may be designated to recover fatigue");
    await e2e.click(`fatigue-designate-${ARCHER}`);
    await e2e.click('turn-skip');
    await toNextTurn();
    expect(await e2e.clockText()).toBe('0900 I.A');
    expect((await unit(ALABAMA.id)).fatigue).toBe(0);
  });

  it('0900 to 0940: three empty turns', async () => {
    for (const time of ['0900', '0920', '0940']) {
      expect(await e2e.clockText()).toBe(`${time} I.A`);
      await emptyTurn();
    }
    expect(await e2e.clockText()).toBe('1000 I.A');
  });

  it('1000: the Iron Brigade, Wadsworth and Reynolds arrive by themselves; Meredith tries for ME with a typed 1', async () => {
    const page = e2e.page;
    await e2e.click('turn-skip');
    await quickInitiative(8, 3);
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('1000 III.A');
    expect(await page.getByTestId('arrived-now').innerText()).toContain('1st Division, I Corps entered by Emmitsburg Road with MRCH orders and an RSM marker');
    for (const id of IRON_BRIGADE) expect((await unit(id)).onMap).toBe(true);
    const leaders = await e2e.call('leaders');
    for (const id of ['usa-reynolds-wing', 'usa-reynolds', 'usa-wadsworth', 'usa-meredith']) expect(leaders.find((l) => l.id === id)!.onMap).toBe(true);
    expect(leaders.find((l) => l.id === 'usa-meade')!.onMap).toBe(false);
    expect(await node('usa-i-1')).toMatchObject({ ownOrder: 'MRCH', rsm: true });
    // USA has the Initiative: Meredith's brigade, at ME without a roll.
    await page.getByTestId('activation-command').selectOption(MEREDITH);
    await e2e.click('activation-initiative-me');
    expect((await e2e.call('turnState')).activated).toEqual([expect.objectContaining({ commandId: MEREDITH, effectiveness: 'ME' })]);
  });

  it('1000: the movement helper on March orders: Strategic Movement 12 MPs, Double Time 15 and +2 fatigue (RI-B05, RI-B06)', async () => {
    const page = e2e.page;
    const movement = page.getByTestId('movement-panel');
    expect(await movement.locator('h3').innerText()).toContain("Meredith's Brigade");
    await movement.getByTestId('movement-sm').check();
    await e2e.settle();
    await e2e.click('movement-mark-sm');
    expect((await unit(MICHIGAN.id)).strategicMovement).toBe(true);
    expect(await movement.locator(`tr[data-unit="${MICHIGAN.id}"] [data-testid="movement-ma"]`).innerText()).toBe('12');
    await movement.getByTestId('movement-dt').check();
    await e2e.settle();
    expect(await movement.locator(`tr[data-unit="${MICHIGAN.id}"] [data-testid="movement-ma"]`).innerText()).toBe('15');
    await movement.locator(`tr[data-unit="${MICHIGAN.id}"] summary`).click();
    await e2e.screenshot('turn-movement');
    await e2e.click('movement-record-dt');
    for (const id of IRON_BRIGADE) expect((await unit(id)).fatigue).toBe(2);
    expect((await e2e.call('history', { limit: 1 }))[0]!.kind).toBe('movement.double-time');
  });

  it('1000: the Iron Brigade moves concealed: its plot behind a hand-over, never in the history (RI-B09)', async () => {
    const page = e2e.page;
    await e2e.click('concealed-USA');
    expect(await page.getByRole('heading', { name: /Hand the laptop to the Union \(USA\) player, Abner/ }).count()).toBe(1);
    await e2e.screenshot('turn-concealed-hand-over');
    await e2e.click('hand-over-continue');
    await page.getByTestId('conceal-command').selectOption(MEREDITH);
    await page.getByTestId('conceal-hex').fill('1017');
    await e2e.click('conceal-begin');
    await page.getByTestId(`plot-hex-${MEREDITH}`).fill('1115');
    await e2e.click(`plot-${MEREDITH}`);
    expect(await page.getByTestId('concealed-plots').innerText()).toContain('1 July 1000: hex 1115');
    await e2e.screenshot('turn-concealed-plot');
    await e2e.click('concealed-done');
    expect(await page.getByTestId('concealed-plots').count()).toBe(0);
    expect(await e2e.call('concealedPlots', { viewer: 'CSA' })).toEqual({ viewer: 'CSA', commands: [] });
    expect((await e2e.call('concealedPlots', { viewer: 'USA' })).commands[0]).toMatchObject({ commandId: MEREDITH, concealed: true });
    const history = JSON.stringify(await e2e.call('history', { limit: 5000 }));
    expect(history).not.toContain('1115');
    expect(history).not.toContain('1017');
  });

  it('1000 to 1100: to the last turn; past its end the clock refuses to go', async () => {
    await toNextTurn();
    for (const time of ['1020', '1040']) {
      expect(await e2e.clockText()).toBe(`${time} I.A`);
      await emptyTurn();
    }
    expect(await e2e.clockText()).toBe('1100 I.A');
    await e2e.click('turn-skip');
    await e2e.click('initiative-quick');
    await e2e.click('turn-skip');
    await e2e.click('turn-skip');
    expect(await e2e.clockText()).toBe('1100 IV.C');
    expect(await stoppedBecause()).toContain('the last turn is over: end the game');
    expect(await e2e.callRaw('advanceClock', {})).toMatchObject({ ok: false, error: { code: 'RULES_FORBID', message: expect.stringContaining('the last game turn is over: end the game') } });
  });

  it('Victory: the game ends; the tally counted by hand, losses by corps, the history check', async () => {
    const page = e2e.page;
    // A wounded division commander for the tally: Heth, typed 6 (5-9 wounded).
    await e2e.screen('leaders');
    await e2e.call('leaderCasualty', { leaderId: 'csa-heth', roll: 6 });
    await e2e.screen('victory');
    await page.getByRole('button', { name: 'End the game…' }).click();
    // The Victory screen's own button (the turn bar offers the same end after the last turn).
    await page.getByTestId('victory-end').getByRole('button', { name: 'End the game', exact: true }).click();
    await e2e.settle();
    const tally = await e2e.call('tally');
    // CSA: 13th Alabama 2 SP + 1 straggler (infantry, 1 point each) = 3; Heth wounded: 1/2 x 2 stars x rating 2 = 2. Total 5.
    // USA: no losses. Neither side above 300 points: a Draw (Rev. Victory Points for Losses).
    expect(tally).toMatchObject({ final: true, usa: { lossPoints: 0 }, csa: { lossPoints: 5, infantrySp: 3 }, result: { winner: null, level: 'draw', by: 'losses' } });
    expect(tally.lossesByCorps).toEqual([{ commandId: 'csa-third-corps', name: 'Third Corps', side: 'CSA', lossPoints: 5, spLost: 3 }]);
    expect(await page.getByTestId('victory-result').innerText()).toContain('Draw');
    expect(await page.getByTestId('corps-chart').locator('[data-corps="csa-third-corps"]').count()).toBe(1);
    // The real battle's losses of these forces: USA 33, CSA 40 loss points (db/service-battle.test.ts counts them by hand).
    expect(await page.getByTestId('history-result').innerText()).toBe('Draw');
    expect(await page.getByTestId('history-USA').innerText()).toContain('33');
    expect(await page.getByTestId('history-CSA').innerText()).toContain('40');
    await page.getByTestId('history-check').scrollIntoViewIfNeeded();
    await e2e.screenshot('victory-end');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
