/**
 * A game played from two seats in two browsers (RI-H09): two previews, two game files, one shared folder
 * (both bridges given the same --shared-root). The USA player creates Skirmish at Willoughby Run as the host
 * on page 1; the CSA player joins on page 2 from the invitation file; both pick the same shared folder, and
 * the host takes the reply from it. Then they play on the screens alone: the Orders Segment with hidden
 * entries on both pages (neither page, nor the other seat's file, shows the other side's entry before the
 * reveal), the Initiative, a write out of turn refused in words, an activation on the Turn screen, and a fire
 * attack resolved on the acting seat with its die rolled jointly (the other seat's Muster answers by itself
 * through the folder); both pages end with the same fingerprint, the joint die and the attack's result.
 *
 * Screens photographed into docs/screenshots/: seats-new-game, seats-invitation, seats-join, seats-folder,
 * seats-usa-entering, seats-usa-waiting, seats-revealed, seats-out-of-turn, seats-joint-usa, seats-joint-csa,
 * seats-fire-usa, seats-fire-csa.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameService } from '../../db/service';
import { heldCalls } from '../../db/seats/store';
import { startE2E, type E2E } from './harness';

const GAMBLE = 'usa-cavalry-1-gamble';
/** The folder both previews name their shared folders under (a sync tool's folder, for real players). */
let root: string;
let usa: E2E;
let csa: E2E;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'muster-e2e-shared-'));
  // Both previews look at the shared folder twice a second (the app looks every two seconds).
  usa = await startE2E({ sharedRoot: root, sharedFolderEveryMs: 500 });
  csa = await startE2E({ sharedRoot: root, sharedFolderEveryMs: 500 });
  for (const e of [usa, csa]) e.page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await usa?.close();
  await csa?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const mainText = (e: E2E) => e.page.locator('main').innerText();
const fingerprint = async (e: E2E) => (await e.gameInfo())!.fingerprint;

/** A game file's bytes and its WAL's, as text: what a curious player could read with any tool. */
function bytesOf(file: string): string {
  return [file, `${file}-wal`].map((f) => (existsSync(f) ? readFileSync(f).toString('latin1') : '')).join('\n');
}

/** The call inputs a seat holds on its device (its hidden entries), as its preview's open game file has them. */
function heldInputs(e: E2E): string[] {
  return heldCalls((e.bridge.handlers.currentBackend() as unknown as GameService).db).map((h) => h.input);
}

/**
 * Waits until the page's seat has taken in what the other seat sent (the shared folder is looked at by
 * itself), then lets the page settle on the screen it shows.
 */
async function until(e: E2E, what: string, ok: () => Promise<boolean>): Promise<void> {
  await expect.poll(ok, { timeout: 20_000, message: what }).toBe(true);
  await e.settle();
}

describe('two seats, two browsers, one shared folder', { timeout: 60_000 }, () => {
  let invitation = '';
  /** The command the USA seat activates in III.A. */
  let commandId = '';

  it('the USA player creates the game as the host: the game file and the invitation, and what to do next', async () => {
    const page = usa.page;
    await page.getByRole('radio', { name: /Skirmish at Willoughby Run/ }).check();
    await page.getByLabel('USA player').fill('Abner');
    await page.getByLabel('CSA player').fill('Jubal');
    await page.getByTestId('new-seat-USA').check();
    await page.getByTestId('new-game-seats').scrollIntoViewIfNeeded();
    await usa.screenshot('seats-new-game');
    await usa.click('create-game');
    const dialog = page.getByTestId('seat-dialog');
    await expect.poll(() => dialog.getAttribute('data-dialog')).toBe('invitation');
    invitation = await page.getByTestId('seat-written-path').innerText();
    expect(invitation.startsWith(usa.dir)).toBe(true);
    expect(JSON.parse(readFileSync(invitation, 'utf8'))).toMatchObject({ format: 'muster/seats/invitation/1', players: { USA: 'Abner', CSA: 'Jubal' }, host: { side: 'USA' } });
    expect(await dialog.innerText()).toContain('Join a game…');
    await usa.screenshot('seats-invitation');
    await usa.click('seat-dialog-close');
    expect((await usa.gameInfo())!.seat).toMatchObject({ side: 'USA', otherJoined: false });
    expect(await page.getByTestId('seat-line').innerText()).toContain('the CSA seat has not joined yet');
  });

  it('the CSA player joins from the invitation file on his own device, and picks the shared folder', async () => {
    const page = csa.page;
    await csa.click('start-join');
    // A file the host made for the other seat is refused as an invitation, in words naming it, before anything is made.
    await page.getByTestId('seat-join-file').setInputFiles({ name: 'note.json', mimeType: 'application/json', buffer: Buffer.from('{"dear":"Jubal"}') });
    await csa.click('seat-join');
    expect(await page.getByTestId('seat-dialog').getByRole('alert').innerText()).toBe('This is not a Muster invitation, or it is damaged: nothing was read from it');
    expect(await csa.gameInfo()).toBeNull();
    await page.getByTestId('seat-join-file').setInputFiles(invitation);
    await csa.screenshot('seats-join');
    await csa.click('seat-join');
    const joined = await csa.gameInfo();
    expect(joined!.seat).toMatchObject({ side: 'CSA', otherJoined: true, gameId: (await usa.gameInfo())!.seat!.gameId });
    expect(await page.getByTestId('seat-written-path').innerText()).toMatch(/-reply\.json$/);
    await csa.click('seat-join-folder');
    await page.getByTestId('seat-folder-name').fill('willoughby');
    await csa.screenshot('seats-folder');
    await csa.click('seat-folder-use');
    expect((await csa.call('sharedFolder'))!.folder).toBe(join(root, 'willoughby'));
  });

  it('the host picks the same folder, and the reply comes through it', async () => {
    const page = usa.page;
    await page.getByTestId('file-menu').locator('summary').click();
    await usa.click('file-seats-folder');
    await usa.click('seat-folder-willoughby');
    await until(usa, 'the host has the CSA seat\'s key', async () => (await usa.gameInfo())!.seat!.otherJoined);
    expect(await page.getByTestId('seat-line').innerText()).not.toContain('has not joined');
    expect(await page.getByTestId('seat-folder').innerText()).toContain('Shared folder willoughby');
  });

  it('I.A: each seat finishes on its own page; both are revealed through the folder, and the USA seat moves the clock on', async () => {
    for (const e of [usa, csa]) {
      await e.screen('turn');
      await e.click('orders-side-done');
    }
    for (const e of [usa, csa]) await until(e, 'I.A revealed', async () => (await e.gameInfo())!.secretEntries?.revealed === true);
    await usa.click('turn-next');
    expect(await usa.step()).toBe('I.B');
    await until(csa, 'CSA sees I.B', async () => (await csa.step()) === 'I.B');
  });

  it('I.B: hidden entries on both pages; neither page nor the other seat\'s file shows them until the reveal', async () => {
    const u = usa.page;
    await usa.typeDie('preroll-die', 0);
    await u.getByTestId('attempt-command').selectOption(GAMBLE);
    await u.getByTestId('attempt-order').selectOption('HOLD');
    await u.getByRole('checkbox', { name: /^uses his rating \(−2\): John Buford/ }).check();
    await usa.typeDie('attempt-die', 0);
    expect(await u.getByTestId('attempt-result').innerText()).toContain('orders changed');
    await usa.screenshot('seats-usa-entering');
    await csa.typeDie('preroll-die', 4);

    const files = { USA: (await usa.gameInfo())!.file, CSA: (await csa.gameInfo())!.file };
    const held = { USA: heldInputs(usa), CSA: heldInputs(csa) };
    const usaAttempt = held.USA.find((i) => i.includes(GAMBLE))!;
    expect(usaAttempt).toContain('HOLD');
    expect(held.CSA.length).toBeGreaterThan(0);

    // USA finishes first: its commitment goes to the folder, its entries stay on its device.
    await usa.click('orders-side-done');
    expect(await u.getByTestId('seat-waiting-for').innerText()).toContain('waiting for the CSA seat to finish its entries of I.B');
    await until(csa, 'CSA has USA\'s commitment', async () => (await csa.gameInfo())!.seat!.committed.USA);
    expect(await mainText(csa)).not.toContain('Gamble');
    expect(bytesOf(files.CSA).includes(usaAttempt)).toBe(false);
    await csa.screen('history');
    expect(await mainText(csa)).not.toMatch(/Gamble|Buford/);
    await usa.screen('history');
    expect(await mainText(usa)).not.toContain("CSA army commander's pre-roll");
    for (const input of held.CSA) expect(bytesOf(files.USA).includes(input)).toBe(false);
    await usa.screen('turn');
    await usa.screenshot('seats-usa-waiting');

    await csa.screen('turn');
    await csa.click('orders-side-done');
    for (const e of [usa, csa]) await until(e, 'I.B revealed', async () => (await e.gameInfo())!.secretEntries?.revealed === true);
    for (const e of [usa, csa]) {
      await e.screen('turn');
      const reveal = await e.page.getByTestId('orders-reveal').innerText();
      expect(reveal).toContain("Gamble's Brigade");
      expect(reveal).toContain("CSA army commander's pre-roll");
    }
    // Revealed: now each file holds both sides' entries, as signed events.
    expect(bytesOf(files.CSA).includes(usaAttempt)).toBe(true);
    await csa.screenshot('seats-revealed');
    await usa.click('turn-next');
    await until(csa, 'CSA sees II.A', async () => (await csa.step()) === 'II.A');
  });

  it('II.A: both declare in secret; USA rolls the Initiative; a write out of turn on the CSA page is refused in words', async () => {
    for (const e of [usa, csa]) {
      await e.page.waitForSelector('[data-testid="initiative-declare"]');
      await e.click('initiative-declared');
    }
    await until(usa, 'declarations revealed', async () => (await usa.gameInfo())!.secretEntries?.revealed === true);
    await usa.typeDie('initiative-die-USA', 5);
    await usa.typeDie('initiative-die-CSA', 2);
    await usa.click('initiative-roll-button');
    expect(await usa.page.getByTestId('initiative-result').innerText()).toContain('USA wins the Initiative, 5 to 2');
    await until(csa, 'CSA has the Initiative roll', async () => (await csa.call('turnState', { viewer: 'CSA' })).initiative === 'USA');
    await csa.click('turn-next');
    expect(await csa.page.getByTestId('turn-next-error').innerText()).toContain("It is not the CSA seat's turn: II.A Initiative Phase is carried out by the Initiative player, USA");
    expect(await csa.page.getByTestId('seat-to-act').innerText()).toBe("the USA seat's turn: II.A Initiative Phase is carried out by the Initiative player, USA");
    await csa.screenshot('seats-out-of-turn');
  });

  it('III: the USA seat activates on the Turn screen, the CSA seat passes on its page', async () => {
    while ((await usa.step()) !== 'III.A') await usa.click('turn-next');
    await usa.screen('turn');
    // The Initiative player's first activation: at ME without a roll, picked from the commands the screen offers.
    const offered = await usa.page.getByTestId('activation-command').locator('option:not([disabled])').evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
    commandId = offered.find((id) => id.startsWith('usa-'))!;
    await usa.page.getByTestId('activation-command').selectOption(commandId);
    await usa.settle();
    await usa.click('activation-initiative-me');
    expect(await usa.page.getByTestId('activation-result').innerText()).toContain('ME');
    expect((await usa.call('turnState', { viewer: 'USA' })).activated.find((a) => a.commandId === commandId)).toMatchObject({ effectiveness: 'ME' });
    // The players alternate: the CSA seat passes on its page, and it is USA's turn again.
    await until(csa, 'CSA sees USA\'s activation', async () => (await csa.call('turnState', { viewer: 'CSA' })).sideToAct === 'CSA');
    await csa.screen('turn');
    await csa.click('activation-pass');
    await until(usa, 'USA has CSA\'s pass', async () => (await usa.call('turnState', { viewer: 'USA' })).sideToAct === 'USA');
  });

  it('III: the fire die is rolled jointly: the CSA seat\'s Muster answers through the folder, both pages end with one fingerprint and the attack\'s result', async () => {
    const roster = await usa.call('roster', { viewer: 'USA' });
    const firer = roster.find((u) => u.side === 'USA' && u.onMap && u.currentSp > 0 && u.commandId.startsWith(commandId.replace(/-[^-]+$/, '')))!;
    const target = roster.find((u) => u.side === 'CSA' && u.onMap && u.currentSp > 1)!;
    await usa.screen('combat');
    for (const [picker, name] of [['fire-stack', firer.name], ['fire-targets', target.name]] as const) {
      await usa.page.getByTestId(picker).getByTestId('picker-search').fill(name);
      await usa.page.keyboard.press('Enter');
      await usa.settle();
    }
    expect(await usa.page.getByTestId('fire-joint-status').innerText()).toContain('roll the die jointly');
    await usa.click('fire-roll-jointly');
    // The CSA page does nothing: its Muster answers the request when it finds it in the shared folder.
    const die = usa.page.getByTestId('fire-die');
    await until(usa, 'the joint die is on the USA page', async () => (await die.innerText()).includes('Rolled jointly by both seats'));
    const joint = (await usa.call('jointDice')).lastUsed!;
    expect(joint).toMatchObject({ side: 'USA', fn: 'rollDie', status: 'used' });
    const roll = joint.rolls[0]!;
    expect(await die.innerText()).toContain(String(roll));
    await usa.screenshot('seats-joint-usa');
    // The die's event is on the CSA page before the attack is applied: its History shows it rolled jointly.
    const diePrint = await fingerprint(usa);
    await until(csa, 'CSA has the joint die', async () => (await fingerprint(csa)) === diePrint);
    await csa.screen('history');
    expect(await mainText(csa)).toContain(`rolled jointly by both seats ${roll}`);
    await csa.screenshot('seats-joint-csa');
    await usa.page.getByTestId('fire-sp').fill('1');
    await usa.settle();
    await usa.click('fire-apply');
    const applied = await usa.page.getByTestId('fire-applied').innerText();
    expect(applied).toContain(`Fire: ${firer.name}`);
    expect(applied).toContain(target.name);
    // The service offers no undo in a two-seat game: no "(Undo: Ctrl+Z)" after the change, no Undo button.
    expect((await usa.gameInfo())!.canUndo).toBe(false);
    expect(applied).not.toContain('Undo');
    expect(await usa.page.getByTestId('undo-hint').count()).toBe(0);
    expect(await usa.page.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    await usa.screenshot('seats-fire-usa');

    const usaPrint = await fingerprint(usa);
    await until(csa, 'CSA has the fire attack', async () => (await fingerprint(csa)) === usaPrint);
    expect((await csa.call('roster', { viewer: 'CSA' })).find((u) => u.id === target.id)).toMatchObject({ spLost: 1 });
    // The CSA seat's file holds the same die, rolled jointly, and its History shows it with the attack.
    const csaDice = await csa.call('diceLog', {});
    expect(csaDice.find((d) => d.seq === joint.diceSeqs[0])).toMatchObject({ roll, source: 'joint' });
    await csa.screen('history');
    const history = await mainText(csa);
    expect(history).toContain(`Fire: ${firer.name}`);
    expect(history).toContain(`rolled jointly by both seats ${roll}`);
    expect(await csa.page.getByTestId('game-fingerprint').innerText()).toContain(usaPrint);
    expect(await csa.page.getByRole('button', { name: /^(Undo|Redo)/ }).count()).toBe(0);
    expect(await usa.page.getByTestId('game-fingerprint').innerText()).toContain(usaPrint);
    await csa.screenshot('seats-fire-csa');
    for (const e of [usa, csa]) expect((await e.call('verify')).seats).toMatchObject({ ok: true, problems: [] });
    expect([...usa.consoleErrors, ...csa.consoleErrors]).toEqual([]);
  });
});
