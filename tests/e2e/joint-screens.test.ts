/**
 * Dice rolled jointly by both seats on every screen that rolls for a change (RI-H09), end to end: two
 * previews, the USA seat's file in one and the CSA seat's in the other, one shared folder under one shared
 * root. The folder is looked at when the test says (as a sync tool would carry it, one look at a time), so
 * each screen can be seen while its dice are on their way. On the Turn screen the Initiative is rolled
 * jointly, then an ME activation attempt (the page reloaded while its die is on its way: the attempt is
 * shown waiting again); on the Combat screen a shock die (reloaded while on its way, and again once it has
 * arrived but before the shock is applied: the Shock assistant comes back with its picks and its die); on
 * the Leaders screen a leader casualty; on the Fire assistant a battery's friendly-fire die and fire die (the
 * page reloaded with both arrived: the attack comes back with its range and the friendly unit near), then the
 * fire applied with a hit leader's casualty die rolled jointly. Both pages end with the same dice, the same
 * results and one fingerprint.
 *
 * Photographed into docs/screenshots/: seats-initiative-joint, seats-initiative-joint-waiting,
 * seats-initiative-joint-csa, seats-initiative-joint-rolled, turn-activation-joint,
 * turn-activation-joint-waiting, turn-activation-joint-reloaded, turn-activation-joint-rolled,
 * combat-shock-joint, combat-shock-joint-waiting, combat-shock-joint-reloaded, combat-shock-joint-arrived,
 * combat-udd-joint, leaders-casualty-joint-waiting, leaders-casualty-joint, combat-friendly-fire-joint,
 * combat-friendly-fire-joint-waiting, combat-friendly-fire-joint-arrived, combat-fire-apply-joint-waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { tempDir } from '../fixtures/game';
import { playUntil } from '../seats/table';
import { startE2E, type E2E } from './harness';

const tmp = tempDir('muster-e2e-joint-screens-');
let root: string;
const seats = {} as Record<Side, E2E>;
const other = (side: Side): Side => (side === 'USA' ? 'CSA' : 'USA');

beforeAll(async () => {
  // Willoughby Run played from two seats up to the Initiative roll: the declarations revealed, the USA seat's step.
  const t = playUntil(tmp.dir, (x) => x.USA.info().clock.segment === 'II' && x.USA.turnState().initiative === null);
  t.USA.close();
  t.CSA.close();
  root = mkdtempSync(join(tmpdir(), 'muster-e2e-joint-shared-'));
  // The app's own dice seeded (the rolls the test makes on the way); the joint dice are the two seats' shares.
  // The folder is looked at only when asked (0): the test carries the packets one look at a time.
  seats.USA = await startE2E({ file: t.files.USA, dir: tmp.dir, sharedRoot: root, sharedFolderEveryMs: 0, seed: 7 });
  seats.CSA = await startE2E({ file: t.files.CSA, dir: tmp.dir, sharedRoot: root, sharedFolderEveryMs: 0, seed: 13 });
  for (const e of Object.values(seats)) {
    e.page.setDefaultTimeout(15_000);
    await e.call('chooseSharedFolder', { name: 'joint' });
  }
}, 120_000);

afterAll(async () => {
  for (const e of Object.values(seats)) await e?.close();
  tmp.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** One look at the shared folder by a seat: what came is received (its Muster answers a request at once), its packet written. */
async function look(side: Side): Promise<void> {
  await seats[side].call('lookAtSharedFolder');
  await seats[side].settle();
}

/** The shared folder carried both ways until both seats are in step. */
async function sync(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await look('USA');
    await look('CSA');
  }
}

const fingerprint = async (e: E2E) => (await e.gameInfo())!.fingerprint;
const toAct = async (): Promise<Side> => {
  const seat = (await seats.USA.gameInfo())!.seat!.toAct.seat;
  if (seat === 'both') throw new Error('a step of secret entries: no seat acts alone');
  return seat;
};

async function pick(e: E2E, testid: string, name: string): Promise<void> {
  await e.page.getByTestId(testid).getByTestId('picker-search').fill(name);
  await e.page.keyboard.press('Enter');
  await e.settle();
}

/** The newest rolls of a seat's dice log. */
const lastRolls = (e: E2E, n: number) => e.call('diceLog', { limit: n });

describe('Roll jointly on the Turn and Combat screens, two seats, two previews, one shared folder', { timeout: 90_000 }, () => {
  /** The Initiative player, once rolled. */
  let first: Side = 'USA';

  it('the Initiative: both dice rolled jointly from the USA page; the wait in words on both pages; the same result on both', async () => {
    const usa = seats.USA;
    for (const e of Object.values(seats)) await e.screen('turn');
    const status = usa.page.getByTestId('initiative-joint-status');
    await expect.poll(() => status.textContent()).toContain('Played from two seats: roll the die jointly');
    // The turn bar's "Roll all due" is offered jointly too (the Initiative is the roll due).
    expect(await usa.page.getByTestId('turn-roll-all-roll-jointly').isDisabled()).toBe(false);
    await usa.screenshot('seats-initiative-joint');

    await usa.click('initiative-roll-jointly');
    await expect.poll(() => status.textContent()).toContain("Waiting for the CSA seat's share of the dice for the Initiative");
    // The rest of the roll waits: neither the typed dice nor the roll button, nor another request.
    expect(await usa.page.getByTestId('initiative-roll-button').isDisabled()).toBe(true);
    expect(await usa.page.getByTestId('initiative-roll-jointly').isDisabled()).toBe(true);
    expect(await usa.page.getByTestId('initiative-die-USA').getByTestId('die-typed').isDisabled()).toBe(true);
    await usa.screenshot('seats-initiative-joint-waiting');

    // The request reaches the CSA seat, whose Muster answers with its share by itself; its page says so.
    await look('USA');
    await look('CSA');
    await expect.poll(() => seats.CSA.page.getByTestId('initiative-joint-status').textContent()).toContain("Both seats' shares of the dice for the Initiative are in: it is recorded by the USA seat");
    await seats.CSA.screenshot('seats-initiative-joint-csa');
    await sync();
    // Equal totals are rolled again, jointly too.
    for (let round = 0; (await usa.call('turnState', { viewer: 'USA' })).initiative === null; round += 1) {
      expect(round).toBeLessThan(6);
      await usa.click('initiative-roll-jointly');
      await sync();
    }

    const results: string[] = [];
    for (const e of Object.values(seats)) {
      const result = e.page.getByTestId('initiative-result');
      await expect.poll(() => result.count()).toBe(1);
      const text = await result.innerText();
      expect(text).toContain('Rolled jointly by both seats');
      results.push(text);
    }
    expect(results[1]).toBe(results[0]);
    const [usaDice, csaDice] = [await lastRolls(seats.USA, 2), await lastRolls(seats.CSA, 2)];
    expect(usaDice.every((d) => d.source === 'joint')).toBe(true);
    expect(csaDice).toEqual(usaDice);
    for (const d of usaDice) expect(results[0]).toContain(`Rolled jointly by both seats ${d.roll}`);
    first = (await usa.call('turnState', { viewer: 'USA' })).initiative!;
    await usa.screenshot('seats-initiative-joint-rolled');
    expect(await fingerprint(seats.CSA)).toBe(await fingerprint(usa));
  });

  it('an ME activation attempt rolled jointly on the Turn screen: the page reloaded while its die is on its way shows the attempt waiting; then the result on both pages', async () => {
    // On to III.A, each step by the seat whose step it is (the app's dice are the seeded ones).
    for (let i = 0; i < 12; i += 1) {
      const clock = (await seats.USA.gameInfo())!.clock;
      if (clock.segment === 'III' && clock.phase === 'A') break;
      const e = seats[await toAct()];
      const due = await e.call('obligations');
      if (due.rollAllDue.allowed) await e.call('rollAllDue', {});
      else await e.call('advanceClock');
      await sync();
    }
    expect((await seats.USA.gameInfo())!.clock).toMatchObject({ segment: 'III', phase: 'A' });
    // The Initiative player's first activation is at ME without a roll: nothing to roll jointly.
    const w = seats[first];
    const free = (await w.call('turnState', { viewer: first })).legal.activations.find((a) => a.side === first && a.commandId !== undefined && a.me.allowed)!;
    await w.call('attemptActivation', { commandId: free.commandId! });
    await sync();

    const second = other(first);
    const l = seats[second];
    const me = (await l.call('turnState', { viewer: second })).legal.activations.find((a) => a.side === second && a.commandId !== undefined && a.me.allowed)!;
    await l.screen('turn');
    await l.page.getByTestId('activation-command').selectOption(me.commandId!);
    await l.settle();
    const name = (await l.page.locator('.panel.act h2').innerText()).split(' · ')[0]!;
    const status = l.page.getByTestId('activation-joint-status');
    await expect.poll(() => status.textContent()).toContain('Played from two seats: roll the die jointly');
    await l.screenshot('turn-activation-joint');

    await l.click('activation-roll-jointly');
    const waiting = `Waiting for the ${first} seat's share of the dice for ME activation: ${name}`;
    await expect.poll(() => status.textContent()).toContain(waiting);
    for (const id of ['activation-re', 'activation-pass', 'activation-roll-jointly']) expect(await l.page.getByTestId(id).first().isDisabled()).toBe(true);
    await l.screenshot('turn-activation-joint-waiting');

    // A reload while the die is on its way: the attempt comes back, its command picked, the wait in words.
    await l.reload();
    await l.screen('turn');
    await expect.poll(() => l.page.getByTestId('activation-joint-status').textContent()).toContain(waiting);
    expect(await l.page.locator('.panel.act h2').innerText()).toContain(name);
    expect(await l.page.getByTestId('activation-die').getByTestId('die-app').isDisabled()).toBe(true);
    await l.screenshot('turn-activation-joint-reloaded');

    await sync();
    const result = l.page.getByTestId('activation-result');
    await expect.poll(() => result.count()).toBe(1);
    const [die] = await lastRolls(l, 1);
    expect(die).toMatchObject({ source: 'joint', purpose: `ME activation: ${name}` });
    const text = await result.innerText();
    expect(text).toMatch(die!.outcome === 'ME' ? new RegExp(`${name} is activated at ME`) : new RegExp(`${name} failed to activate: go to the Confusion Table with the modified roll ${die!.modified}`));
    await l.screenshot('turn-activation-joint-rolled');
    // Both pages' record of the segment: the same attempt, its die rolled jointly by both seats.
    await w.screen('turn');
    const records: string[] = [];
    for (const e of [l, w]) {
      const log = e.page.getByTestId('activation-log').getByTestId('roll-record').last();
      await expect.poll(() => log.innerText()).toContain(`Rolled jointly by both seats ${die!.roll}`);
      records.push(await log.innerText());
    }
    expect(records[1]).toBe(records[0]);
    expect(await lastRolls(w, 1)).toEqual([die]);
  });

  it('a shock die rolled jointly: reloaded while on its way, and again once arrived before the shock is applied, the Shock assistant comes back with its picks and its die; both pages end with the shock', async () => {
    const side = await toAct();
    const w = seats[side];
    const roster = await w.call('roster', { viewer: side });
    const attacker = roster.find((u) => u.side === side && u.onMap && u.currentSp > 0)!;
    const defender = roster.find((u) => u.side !== side && u.onMap && u.currentSp > 0)!;
    await w.screen('combat');
    await w.click('tab-shock');
    await pick(w, 'shock-attackers', attacker.name);
    await pick(w, 'shock-defenders', defender.name);
    const status = () => w.page.getByTestId('shock-joint-status');
    await expect.poll(() => status().textContent()).toContain('Played from two seats: roll the die jointly');
    await w.screenshot('combat-shock-joint');

    await w.click('shock-roll-jointly');
    const waiting = `Waiting for the ${other(side)} seat's share of the dice for Shock: ${attacker.name} against ${defender.name}`;
    await expect.poll(() => status().textContent()).toContain(waiting);
    expect(await w.page.getByTestId('bayonet-designate').isDisabled()).toBe(true);
    expect(await w.page.getByTestId('shock-die').getByTestId('die-app').isDisabled()).toBe(true);
    await w.screenshot('combat-shock-joint-waiting');

    // Reloaded on its way: the Combat screen opens the Shock assistant with the units it was asked for.
    await w.reload();
    await w.screen('combat');
    await expect.poll(() => status().textContent()).toContain(waiting);
    expect(await w.page.getByTestId('tab-shock').getAttribute('aria-selected')).toBe('true');
    for (const [picker, unit] of [['shock-attackers', attacker], ['shock-defenders', defender]] as const) expect(await w.page.getByTestId(picker).innerText()).toContain(unit.name);
    await w.screenshot('combat-shock-joint-reloaded');

    await sync();
    const result = w.page.getByTestId('shock-die').getByTestId('die-result');
    await expect.poll(() => result.textContent()).toMatch(/Rolled jointly by both seats: \d/);
    const [die] = await lastRolls(w, 1);
    expect(die).toMatchObject({ source: 'joint', purpose: `Shock: ${attacker.name} against ${defender.name}` });
    expect(await result.textContent()).toContain(`Rolled jointly by both seats: ${die!.roll}`);

    // Arrived, and the shock not yet applied: reloaded, the assistant shows the die again, ready to apply.
    await w.reload();
    await w.screen('combat');
    await expect.poll(() => w.page.getByTestId('shock-die').getByTestId('die-result').textContent()).toContain(`Rolled jointly by both seats: ${die!.roll}`);
    expect(await w.page.getByTestId('tab-shock').getAttribute('aria-selected')).toBe('true');
    expect(await w.page.getByTestId('shock-apply').isDisabled()).toBe(false);
    await w.screenshot('combat-shock-joint-arrived');

    await w.click('shock-apply');
    const applied = await w.page.getByTestId('shock-applied').innerText();
    expect(applied).toContain(`joint roll #${die!.seq}: ${die!.roll}`);
    await sync();
    // Both pages: the same History line for the shock, its die rolled jointly, and one fingerprint.
    const lines: string[] = [];
    for (const e of Object.values(seats)) {
      await e.screen('history');
      const line = e.page.locator('.roll').first();
      await expect.poll(() => line.textContent()).toContain(`rolled jointly by both seats ${die!.roll}`);
      lines.push((await line.textContent())!);
    }
    expect(lines[1]).toBe(lines[0]);
    expect(await fingerprint(seats.CSA)).toBe(await fingerprint(seats.USA));
    for (const e of Object.values(seats)) expect((await e.call('verify')).seats).toMatchObject({ ok: true, problems: [] });

    // The Rally/UDD assistant offers the same, in the same words.
    await w.screen('combat');
    await w.click('tab-cohesion');
    await w.click('check-udd');
    await pick(w, 'cohesion-unit', attacker.name);
    await expect.poll(() => w.page.getByTestId('cohesion-joint-status').textContent()).toContain('Played from two seats: roll the die jointly');
    expect(await w.page.getByTestId('cohesion-roll-jointly').isDisabled()).toBe(false);
    await w.screenshot('combat-udd-joint');
  });

  it('a leader casualty rolled jointly on the Leaders screen: killed or wounded by the die both seats gave, the same on both pages', async () => {
    const side = await toAct();
    const w = seats[side];
    const leader = (await w.call('leaders')).find((l) => l.side === other(side) && l.casualty === 'none' && l.role === 'brigade')!;
    await w.screen('leaders');
    await w.page.locator(`tr[data-leader-id="${leader.id}"]`).click();
    await w.settle();
    const status = w.page.getByTestId('casualty-joint-status');
    await expect.poll(() => status.textContent()).toContain('Played from two seats: roll the die jointly');
    await w.click('casualty-roll-jointly');
    await expect.poll(() => status.textContent()).toContain(`Waiting for the ${other(side)} seat's share of the dice for Leader casualty: ${leader.name}`);
    await w.screenshot('leaders-casualty-joint-waiting');
    await sync();
    const result = w.page.getByTestId('casualty-result');
    await expect.poll(() => result.count()).toBe(1);
    const [die] = await lastRolls(w, 1);
    expect(die).toMatchObject({ source: 'joint', purpose: `Leader casualty: ${leader.name}` });
    expect(await result.innerText()).toContain(die!.roll <= 4 ? 'Killed in action' : 'Wounded in action');
    expect(await w.page.getByTestId('die-result').innerText()).toBe(`Rolled jointly by both seats: ${die!.roll}`);
    await w.screenshot('leaders-casualty-joint');
    const fallen = (await seats[other(side)].call('leaders')).find((l) => l.id === leader.id)!;
    expect(fallen.casualty).toBe(die!.roll <= 4 ? 'killed' : 'wounded');
    expect(await lastRolls(seats[other(side)], 1)).toEqual([die]);
    expect([...seats.USA.consoleErrors, ...seats.CSA.consoleErrors]).toEqual([]);
  });

  it('artillery fire at long range: the friendly-fire die rolled jointly, then the fire die; reloaded, the attack comes back with both; applied with a hit leader\'s casualty die rolled jointly; the same dice on both pages', async () => {
    // The USA battery fires: the CSA seat passes first if it is its step.
    if ((await toAct()) === 'CSA') {
      await seats.CSA.call('pass', { side: 'CSA' });
      await sync();
    }
    expect(await toAct()).toBe('USA');
    const w = seats.USA;
    const roster = await w.call('roster', { viewer: 'USA' });
    const battery = roster.find((u) => u.side === 'USA' && u.onMap && u.arm === 'artillery' && u.currentSp > 0)!;
    const target = roster.find((u) => u.side === 'CSA' && u.onMap && u.currentSp > 0)!;
    await w.screen('combat');
    await w.click('tab-fire');
    await pick(w, 'fire-stack', battery.name);
    await pick(w, 'fire-targets', target.name);
    await w.page.getByTestId('fire-range').fill('5');
    await w.page.getByTestId('fire-friendly-near').selectOption('1');
    await w.settle();
    const ffStatus = () => w.page.getByTestId('friendly-fire-joint-status');
    await expect.poll(() => ffStatus().textContent()).toContain('Played from two seats: roll the die jointly');
    // The fire die's offer waits for the friendly-fire die: it says where the fire lands.
    expect(await w.page.getByTestId('fire-roll-jointly').count()).toBe(0);
    await ffStatus().scrollIntoViewIfNeeded();
    await w.screenshot('combat-friendly-fire-joint');

    const ffPurpose = `Artillery friendly fire: ${battery.name}`;
    await w.click('friendly-fire-roll-jointly');
    await expect.poll(() => ffStatus().textContent()).toContain(`Waiting for the CSA seat's share of the dice for ${ffPurpose}`);
    expect(await w.page.getByTestId('friendly-fire-die').getByTestId('die-app').isDisabled()).toBe(true);
    await ffStatus().scrollIntoViewIfNeeded();
    await w.screenshot('combat-friendly-fire-joint-waiting');
    await sync();
    const ffResult = w.page.getByTestId('friendly-fire-die').getByTestId('die-result');
    await expect.poll(() => ffResult.textContent()).toMatch(/Rolled jointly by both seats: \d/);
    const [ff] = await lastRolls(w, 1);
    expect(ff).toMatchObject({ source: 'joint', purpose: ffPurpose });
    const outcome = (await w.page.getByTestId('friendly-fire-outcome').innerText()).trim();

    // The fire die next, jointly too.
    await w.click('fire-roll-jointly');
    await sync();
    const fireResult = () => w.page.getByTestId('fire-die').getByTestId('die-result');
    await expect.poll(() => fireResult().textContent()).toMatch(/Rolled jointly by both seats: \d/);
    const [fire] = await lastRolls(w, 1);
    expect(fire).toMatchObject({ source: 'joint', purpose: `Fire: ${battery.name} at ${target.name}` });

    // Reloaded before the fire is applied: the attack comes back (its units, range, the friendly unit near), with both dice.
    await w.reload();
    await w.screen('combat');
    await expect.poll(() => ffResult.textContent()).toContain(`Rolled jointly by both seats: ${ff!.roll}`);
    await expect.poll(() => fireResult().textContent()).toContain(`Rolled jointly by both seats: ${fire!.roll}`);
    expect(await w.page.getByTestId('fire-range').inputValue()).toBe('5');
    expect(await w.page.getByTestId('fire-friendly-near').inputValue()).toBe('1');
    expect(await w.page.getByTestId('friendly-fire-outcome').innerText()).toBe(outcome);
    await fireResult().scrollIntoViewIfNeeded();
    await w.screenshot('combat-friendly-fire-joint-arrived');

    // The result read at the table; where the fire lands decides whose leader is checked.
    const onFriendly = /friendly/i.test(outcome) && !/^Hits the target/.test(outcome);
    const missed = /^Misses/.test(outcome);
    if (onFriendly) await pick(w, 'friendly-fire-units', roster.find((u) => u.side === 'USA' && u.onMap && u.id !== battery.id && u.currentSp > 0)!.name);
    await w.page.getByTestId('fire-sp').fill(missed ? '0' : '1');
    await w.settle();
    let leaderName: string | null = null;
    if (!missed) {
      const hitSide = /^Hits the nearest friendly/.test(outcome) ? 'USA' : 'CSA';
      const leader = (await w.call('leaders')).find((l) => l.side === hitSide && l.onMap && l.casualty === 'none')!;
      leaderName = leader.name;
      await w.click('fire-add-leader-check');
      await w.page.getByLabel('Leader check 1').selectOption(leader.id);
      await w.page.getByText("hit (base game's check)").click();
      await w.settle();
      const applyStatus = w.page.getByTestId('fire-apply-joint-status');
      await expect.poll(() => applyStatus.textContent()).toContain('Played from two seats');
      await w.click('fire-apply-roll-jointly');
      await expect.poll(() => applyStatus.textContent()).toContain("Waiting for the CSA seat's share of the dice for Fire:");
      expect(await w.page.getByTestId('fire-apply').isDisabled()).toBe(true);
      await applyStatus.scrollIntoViewIfNeeded();
      await w.screenshot('combat-fire-apply-joint-waiting');
      await sync();
    } else await w.click('fire-apply');
    const applied = w.page.getByTestId('fire-applied');
    await expect.poll(() => applied.count()).toBe(1);
    const summary = await applied.innerText();
    expect(summary).toContain(`joint roll #${fire!.seq}: ${fire!.roll}`);
    if (leaderName) {
      const [casualty] = await lastRolls(w, 1);
      expect(casualty).toMatchObject({ source: 'joint', purpose: `Leader casualty: ${leaderName}` });
      expect(summary).toContain(`${leaderName} is hit: rolled ${casualty!.roll}`);
    }
    await sync();
    // Both pages: the same dice in History, each rolled jointly by both seats, and one fingerprint.
    const rolls: string[] = [];
    for (const e of Object.values(seats)) {
      await e.screen('history');
      const text = await e.page.locator('main').innerText();
      for (const d of [ff!, fire!]) expect(text).toContain(`${d.purpose}: ${d.roll} (rolled jointly by both seats)`);
      rolls.push(JSON.stringify(await lastRolls(e, leaderName ? 3 : 2)));
    }
    expect(rolls[1]).toBe(rolls[0]);
    expect(await fingerprint(seats.CSA)).toBe(await fingerprint(seats.USA));
    for (const e of Object.values(seats)) expect((await e.call('verify')).seats).toMatchObject({ ok: true, problems: [] });
    expect([...seats.USA.consoleErrors, ...seats.CSA.consoleErrors]).toEqual([]);
  });
});
