/**
 * End to end in Chromium through the browser bridge, on the full battle and a real .muster file: one
 * whole turn played at the table with fixed typed dice, screen by screen, checking after each step what
 * the service says (window.muster.roster, turnState, history and the dice log):
 *
 * - Orders Segment: both sides enter in secret with a hand-over between them; the army commander's
 *   pre-roll; a successful attempt (Gamble's brigade SKPD -> HOLD, die 0) and a failed one (Heth's
 *   division HOLD -> ASLT, die 9) with their itemised DRMs; the downhill rule blocking Heth's brigades;
 *   a refusal shown next to its field; both sides revealed together;
 * - Initiative: two secret declarations, typed dice 3 and 5, the winner;
 * - Activation: three activations (the Initiative player's free ME, a failed ME attempt that goes to
 *   the Confusion Table, an RE activation), each listed from the service's record of who activated and
 *   how, the service refusing a brigade that activated with its division; undo and redo with the
 *   keyboard, three passes; in the Out-of-Command phase two single units (at RE, and at ME with a
 *   typed 0), each on its Default Order;
 * - End Segment: a fallen leader replaced, recovery, cleanup, and Next into the next turn.
 * The night (2400 and 0400) is in turn-night.test.ts.
 *
 * Every turn screen is photographed into docs/screenshots/turn-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandNode, HistoryEntry } from '../../contract';
import { startE2E, type E2E } from './harness';

const GAMBLE = 'usa-cavalry-1-gamble';
const HETH = 'csa-heth-division';
const PETTIGREW = 'csa-heth-pettigrew';
const STUART = 'csa-cavalry-division';
const NC26 = 'csa-26th-north-carolina';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' } });
  await e2e.screen('turn');
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

async function next(): Promise<void> {
  await e2e.click('turn-next');
}

/** Secret entries (RI-H01) are seen only by their own side until both have finished: the helpers say who asks. */
type Viewer = 'USA' | 'CSA' | 'both';
const as = (viewer?: Viewer) => (viewer === undefined ? {} : { viewer });

async function turnHistory(kinds: HistoryEntry['kind'][], viewer?: Viewer): Promise<HistoryEntry[]> {
  const info = await e2e.gameInfo();
  return (await e2e.call('history', { turnId: info!.clock.turnId, kinds, includeUndone: false, ...as(viewer) })).sort((a, b) => a.seq - b.seq);
}

async function command(id: string, viewer?: Viewer): Promise<CommandNode> {
  const find = (nodes: CommandNode[]): CommandNode | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const inner = find(n.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const node = find(await e2e.call('commandTree', as(viewer)));
  if (!node) throw new Error(`no command ${id} in the full battle`);
  return node;
}

async function unitsOf(commandId: string, viewer?: Viewer) {
  return e2e.call('roster', { commandId, ...as(viewer) });
}

async function text(testId: string): Promise<string> {
  return (await e2e.page.getByTestId(testId).first().innerText()).trim();
}

describe('a whole turn at the table, with typed dice', () => {
  // Defect 8: how many actions this turn costs, every kind of entry included (printed by the run).
  beforeAll(async () => {
    await e2e.resetActions();
  });
  afterAll(async () => {
    const c = await e2e.actions();
    process.stdout.write(`[actions] the 0740 turn of tests/e2e/turn.test.ts (orders, initiative, activations, replacement): ${c.total} (${c.clicks} clicks, ${c.keys} keys, ${c.selects} selects, ${c.texts} text fields)\n`);
  });

  it('opens the turn at 0740, I.A, with the turn bar saying what happens now', async () => {
    expect(await e2e.clockText()).toBe('0740 I.A');
    expect(await text('turn-clock')).toContain('0740');
    expect(await text('turn-light')).toBe('Day');
    expect(await text('turn-step')).toContain('Orders Segment');
    expect(await text('turn-what-now')).toContain('automatic order change attempts');
    expect(await text('turn-initiative')).toContain('not rolled yet');
  });

  it('on a laptop screen the "Now:" line shows the start of what happens, on the line of its label, until "more" opens it', async () => {
    // The viewport is 768 high: the line is clamped to one. Its words must be seen there, not cut to "Now:…".
    const box = (selector: string) => e2e.page.locator(selector).first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) };
    });
    const label = await box('[data-testid="turn-what-now"] strong');
    const words = await box('[data-testid="turn-what-now"] .rule-ref');
    expect(words.top).toBe(label.top);
    expect(words.width).toBeGreaterThan(200);
    const line = await box('[data-testid="turn-what-now"] > span');
    expect(line.height).toBeLessThan(2 * label.height);
    const more = e2e.page.locator('[data-testid="turn-what-now"] button.more');
    await more.click();
    expect((await box('[data-testid="turn-what-now"] > span')).height).toBeGreaterThan(line.height);
    await more.click();
    expect((await box('[data-testid="turn-what-now"] > span')).height).toBe(line.height);
  });

  it('I.A Automatic Order Change Phase: USA, a hand-over, CSA, then the reveal; nothing to change', async () => {
    const page = e2e.page;
    await page.waitForSelector('[data-testid="orders-side"][data-side="USA"]');
    await e2e.screenshot('turn-orders-automatic');
    await e2e.click('orders-side-done');
    expect(await page.getByRole('heading', { name: /Hand the laptop to the Confederate \(CSA\) player, Jubal/ }).count()).toBe(1);
    await e2e.click('hand-over-continue');
    await page.waitForSelector('[data-testid="orders-side"][data-side="CSA"]');
    await e2e.click('orders-side-done');
    await e2e.click('hand-over-continue');
    expect(await page.getByTestId('orders-reveal').innerText()).toContain('No order changes.');
    await next();
    expect(await e2e.clockText()).toBe('0740 I.B');
  });

  it('I.B USA: the army commander\'s pre-roll, then Gamble\'s brigade changes SKPD -> HOLD with a typed 0', async () => {
    const page = e2e.page;
    expect(await text('orders-segment')).toContain('Army commander\'s pre-roll');
    // Non-automatic attempts wait for the pre-roll.
    await page.getByTestId('attempt-command').selectOption(GAMBLE);
    await page.getByTestId('attempt-order').selectOption('HOLD');
    expect(await text('attempt-kind')).toContain('Non-automatic attempt');
    expect(await text('attempt-blocked')).toContain('pre-roll first');

    await e2e.typeDie('preroll-die', 0);
    expect(await text('preroll-outcome')).toContain('succeeded');
    expect((await e2e.call('turnState', { viewer: 'USA' })).orderPreRoll.USA).toBe(true);
    // Nobody else is told: the service keeps USA's entries from any query that does not ask as USA.
    expect((await e2e.call('turnState')).orderPreRoll.USA).toBeNull();

    await page.getByTestId('attempt-command').selectOption(GAMBLE);
    await page.getByTestId('attempt-order').selectOption('HOLD');
    await e2e.typeDie('attempt-die', 0);
    const result = page.getByTestId('attempt-result');
    expect(await result.innerText()).toContain("Gamble's Brigade (Gamble) to HOLD: orders changed");
    const drm = await result.getByRole('table').innerText();
    expect(drm).toMatch(/Command is Cavalry\s+−1\s+Rev\. Order Change DRMs/);
    expect(drm).toMatch(/Total DRM\s+−1/);
    expect(await page.getByTestId('attempt-die').getByTestId('die-result').innerText()).toBe('Table die: 0');
    await e2e.screenshot('turn-orders-usa');

    expect((await command(GAMBLE, 'USA')).ownOrder).toBe('HOLD');
    expect((await command(GAMBLE, 'CSA')).ownOrder).toBeNull();
    expect((await unitsOf(GAMBLE, 'USA')).every((u) => u.effectiveOrder === 'HOLD')).toBe(true);
    const attempts = await turnHistory(['orders.attempt'], 'USA');
    expect(attempts.map((e) => e.summary)).toEqual([expect.stringMatching(/^Gamble's Brigade .* SKPD -> HOLD .* rolled 0, modified -1: orders changed$/)]);
    expect(await turnHistory(['orders.attempt'], 'CSA')).toEqual([]);
    const dice = await e2e.call('diceLog', { limit: 5, viewer: 'USA' });
    expect(dice.find((d) => d.eventSeq === attempts[0]!.seq)).toMatchObject({ source: 'table', roll: 0, modified: -1, outcome: 'success' });
    // The status line does not give the entry away.
    expect(await page.getByTestId('notice').innerText()).toBe('USA order entry recorded: hidden until both sides have entered');
  });

  it('a refusal from the service is shown next to its field (BOMB is for artillery only)', async () => {
    const page = e2e.page;
    const notArtillery = (await e2e.call('roster', { side: 'USA' })).find((u) => u.arm !== 'artillery' && u.onMap && u.status !== 'eliminated');
    expect(notArtillery).toBeDefined();
    await page.getByTestId('ci-unit').selectOption(notArtillery!.id);
    await page.getByTestId('ci-order').selectOption('BOMB');
    const before = (await e2e.gameInfo())!.eventCount;
    await e2e.click('ci-give');
    const panel = page.getByRole('region', { name: "Commander's Initiative" });
    expect(await panel.getByRole('alert').innerText()).toMatch(/BOMB is for artillery only/);
    expect((await e2e.gameInfo())!.eventCount).toBe(before);
  });

  it('hands over: the CSA player sees none of the USA entries', async () => {
    const page = e2e.page;
    await e2e.click('orders-side-done');
    expect(await page.getByTestId('turn-view').innerText()).not.toContain('Gamble');
    await e2e.screenshot('turn-hand-over');
    await e2e.click('hand-over-continue');
    await page.waitForSelector('[data-testid="orders-side"][data-side="CSA"]');
    expect(await page.getByTestId('turn-view').innerText()).not.toContain('Gamble');
  });

  it('I.B CSA: Heth\'s division fails HOLD -> ASLT with a typed 9, and orders flow downhill', async () => {
    const page = e2e.page;
    await e2e.typeDie('preroll-die', 0);
    await page.getByTestId('attempt-command').selectOption(HETH);
    await page.getByTestId('attempt-order').selectOption('ASLT');
    await e2e.typeDie('attempt-die', 9);
    const result = page.getByTestId('attempt-result');
    expect(await result.innerText()).toContain("Heth's Division (Henry Heth) to ASLT: failed, the orders stand");
    expect(await result.getByRole('table').innerText()).toMatch(/Die 9 \+ 1 =\s+10\s+needs at most \d/);

    // The downhill rule: Heth's brigades may not attempt their own change now; they are shown disabled with the reason.
    expect(await text('downhill')).toMatch(/Pettigrew's Brigade: the order change for Heth's Division failed this turn: its subordinates may not attempt their own \(Rev\. Commands and Orders\)/);
    const pettigrew = page.getByTestId('attempt-command').locator(`option[value="${PETTIGREW}"]`);
    expect(await pettigrew.isDisabled()).toBe(true);
    await e2e.screenshot('turn-orders-csa');

    expect((await e2e.call('turnState', { viewer: 'CSA' })).orderChangeFailed).toContain(HETH);
    expect((await unitsOf(HETH, 'CSA')).filter((u) => u.arm === 'infantry').every((u) => u.effectiveOrder === 'HOLD')).toBe(true);
    const attempts = await turnHistory(['orders.attempt'], 'CSA');
    expect(attempts.at(-1)?.summary).toMatch(/^Heth's Division .* HOLD -> ASLT .* rolled 9, modified 10: orders stand$/);
  });

  it('reveals both sides\' results together, each with its dice and modifiers', async () => {
    const page = e2e.page;
    await e2e.click('orders-side-done');
    expect(await page.getByRole('heading', { name: 'Both players at the laptop' }).count()).toBe(1);
    await e2e.click('hand-over-continue');
    const reveal = page.getByTestId('orders-reveal');
    const usa = await reveal.locator('[data-side="USA"]').innerText();
    const csa = await reveal.locator('[data-side="CSA"]').innerText();
    expect(usa).toContain("Gamble's Brigade");
    expect(usa).toContain('success');
    expect(usa).toContain('Command is Cavalry');
    expect(csa).toContain("Heth's Division");
    expect(csa).toContain('failure');
    await e2e.screenshot('turn-orders-reveal');
    await next();
    expect(await e2e.clockText()).toBe('0740 II.A');
  });

  it('II.A Initiative: secret declarations with a hand-over, typed dice 3 and 5, CSA wins', async () => {
    const page = e2e.page;
    await page.waitForSelector('[data-testid="initiative-declare"][data-side="USA"]');
    await e2e.screenshot('turn-initiative-declare');
    await e2e.click('initiative-declared');
    await e2e.click('hand-over-continue');
    await page.waitForSelector('[data-testid="initiative-declare"][data-side="CSA"]');
    // Lee adds his points if he is on the map to do so.
    const points = page.getByTestId('initiative-points');
    const csaAddsPoints = await points.isEnabled();
    if (csaAddsPoints) await points.check();
    await e2e.click('initiative-declared');
    await e2e.click('hand-over-continue');
    await e2e.typeDie('initiative-die-USA', 3);
    await e2e.typeDie('initiative-die-CSA', 5);
    await e2e.screenshot('turn-initiative-roll');
    await e2e.click('initiative-roll-button');

    const state = await e2e.call('turnState');
    expect(state.initiative).toBe('CSA');
    expect(state.armyPointsForInitiative).toEqual({ USA: false, CSA: csaAddsPoints });
    const result = await text('initiative-result');
    expect(result).toContain('Initiative: Confederate (CSA)');
    expect(result).toMatch(/Table die 3\s+Initiative: USA\s+loses the Initiative/);
    expect(result).toMatch(/Table die 5\s+Initiative: CSA\s+wins the Initiative/);
    if (csaAddsPoints) expect(result).toContain("Army commander's rating points");
    expect(await text('turn-initiative')).toContain('CSA');
    const [event] = await turnHistory(['initiative']);
    expect(event?.summary).toMatch(/^CSA wins the Initiative/);
    const dice = (await e2e.call('diceLog', { limit: 2 })).filter((d) => d.eventSeq === event!.seq);
    expect(dice.map((d) => [d.source, d.roll]).sort()).toEqual([
      ['table', 3],
      ['table', 5],
    ]);
    await e2e.screenshot('turn-initiative-result');
  });

  it('II.B and II.C: nothing due at 0740; Next goes on to the Activation Segment, CSA first', async () => {
    await next();
    expect(await e2e.clockText()).toBe('0740 II.B');
    expect(await text('designation')).toContain('only at 2400');
    await e2e.screenshot('turn-designation');
    await next();
    expect(await e2e.clockText()).toBe('0740 II.C');
    await e2e.screenshot('turn-attachment');
    // The commands offered are the service's (infantry up to division), not the screen's own choice.
    const offered = (await e2e.call('turnState', {})).offers.attachments!;
    const options = e2e.page.getByTestId('attachment').getByLabel('Command').locator('option');
    expect(await options.count()).toBe(offered.length + 1);
    await next();
    expect(await e2e.clockText()).toBe('0740 III.A');
    expect(await text('turn-applied')).toContain('CSA activates first');
    expect(await text('side-to-act')).toContain('Confederate (CSA), Jubal');
  });

  it('III.A: CSA\'s initial activation is at ME without a roll; Heth\'s brigades count as activated with it', async () => {
    const page = e2e.page;
    await page.getByTestId('activation-command').selectOption(HETH);
    await e2e.click('activation-initiative-me');
    expect(await text('activation-result')).toContain("Heth's Division is activated at ME.");
    const [first] = await turnHistory(['activation.attempt']);
    expect(first?.summary).toBe("Heth's Division activates at ME: the Initiative player's initial activation");
    const state = await e2e.call('turnState');
    expect(state).toMatchObject({ activations: 1, sideToAct: 'USA', passesInRow: 0 });
    expect(state.meAttempted).toContain(HETH);
    expect(state.activated).toEqual([{ commandId: HETH, side: 'CSA', effectiveness: 'ME', phase: 'A', order: 1, confusionResult: null }]);
    expect(await text('activated-list')).toMatch(/CSA Heth's Division: at ME\s+· III\.A/);
    // The service itself refuses a brigade that activated with its division (RI-T02), at RE as well as for ME.
    const refused = await e2e.callRaw('activateRe', { commandId: PETTIGREW });
    expect(refused).toMatchObject({ ok: false, error: { code: 'RULES_FORBID', field: 'commandId', rule: 'Rev. Activation Segment' } });
    expect(!refused.ok && refused.error.message).toContain("Pettigrew's Brigade activated with Heth's Division this segment (at ME)");
    expect((await e2e.call('turnState')).activations).toBe(1);
  });

  it('III.A: USA tries Gamble\'s brigade for ME with a typed 9 and goes to the Confusion Table', async () => {
    const page = e2e.page;
    expect(await text('side-to-act')).toContain('Union (USA), Abner');
    await page.getByTestId('activation-command').selectOption(GAMBLE);
    expect(await page.getByTestId('activation-barred').count()).toBe(0);
    await e2e.screenshot('turn-activation-pick');
    await e2e.typeDie('activation-die', 9);
    const result = await text('activation-result');
    expect(result).toContain("Gamble's Brigade failed to activate: go to the Confusion Table with the modified roll 9");
    expect(result).toMatch(/Die 9 \+ 0 =\s+9\s+needs at most \d/);
    await e2e.screenshot('turn-activation');
    const attempts = await turnHistory(['activation.attempt']);
    expect(attempts.at(-1)?.summary).toMatch(/^Gamble's Brigade .* tries for ME: rolled 9, modified 9: to the Confusion Table$/);
    const dice = (await e2e.call('diceLog', { limit: 1 }))[0];
    expect(dice).toMatchObject({ eventSeq: attempts.at(-1)!.seq, source: 'table', roll: 9, outcome: 'Confusion Table' });
    expect((await e2e.call('turnState')).meAttempted).toContain(GAMBLE);
    expect((await e2e.call('turnState')).activated.at(-1)).toEqual({ commandId: GAMBLE, side: 'USA', effectiveness: 'confusion', phase: 'A', order: 2, confusionResult: null });
    expect(await text('activated-list')).toContain("USA Gamble's Brigade: tried for ME: Confusion Table");
  });

  it('III.A: CSA activates Pettigrew\'s brigade at RE, its commander out of Heth\'s range; Ctrl+Z undoes it and Ctrl+Shift+Z redoes it', async () => {
    const page = e2e.page;
    // Stuart is not on the map at 0740: his division is not offered at all (RI-B14).
    expect(await page.getByTestId('activation-command').locator(`option[value="${STUART}"]`).count()).toBe(0);
    const pettigrewOption = await page.getByTestId('activation-command').locator(`option[value="${PETTIGREW}"]`).innerText();
    expect(pettigrewOption).toContain("activated with Heth's Division");
    // Pettigrew may act on his own only if he was out of Heth's range (RI-S24); never for ME after Heth's ME (RI-C07).
    await page.getByTestId('activation-command').selectOption(PETTIGREW);
    expect(await text('activation-barred')).toContain('it may activate on its own only if Pettigrew is out of command of his superior');
    expect(await page.getByTestId('activation-re').isDisabled()).toBe(true);
    await page.getByTestId('activation-ooc').check();
    expect(await page.getByTestId('activation-re').isEnabled()).toBe(true);
    expect(await text('activation-segment')).toContain("Heth's Division has tried for ME: subordinates may not try for ME");
    await e2e.click('activation-re');
    const note = await text('activation-note');
    expect(note).toMatch(/^Pettigrew's Brigade activates at RE \([A-Z]{4}\)$/);
    expect((await turnHistory(['activation.re'])).map((e) => e.summary)).toEqual([note]);
    expect((await e2e.call('turnState')).activations).toBe(3);

    // The shortcuts work when no text field has the focus.
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.keyboard.press('Control+z');
    await e2e.settle();
    expect((await e2e.call('turnState')).activations).toBe(2);
    expect(await text('side-to-act')).toContain('CSA');
    expect(await turnHistory(['activation.re'])).toEqual([]);
    await page.keyboard.press('Control+Shift+z');
    await e2e.settle();
    expect((await e2e.call('turnState')).activations).toBe(3);
    expect(await text('activation-log')).toContain("Pettigrew's Brigade activates at RE");
  });

  it('III.A: three passes in a row end the phase', async () => {
    await e2e.click('activation-pass'); // USA
    expect((await e2e.call('turnState')).passesInRow).toBe(1);
    await e2e.click('activation-pass'); // CSA
    await e2e.click('activation-pass'); // USA
    const state = await e2e.call('turnState');
    expect(state.passesInRow).toBe(3);
    expect(await text('phase-over')).toContain('Three passes in a row');
    expect((await turnHistory(['activation.pass'])).map((e) => e.summary)).toEqual(['USA passes', 'CSA passes', 'USA passes: three passes in a row end the phase']);
    await e2e.screenshot('turn-activation-over');
  });

  it('III.B: the Out-of-Command phase begins again with the Initiative player, who activates a single unit at RE', async () => {
    const page = e2e.page;
    await next();
    expect(await e2e.clockText()).toBe('0740 III.B');
    expect(await text('side-to-act')).toContain('CSA');
    expect((await e2e.call('turnState')).passesInRow).toBe(0);
    // Pettigrew's brigade activated with Heth's division in III.A; a regiment that was out of command then activates now, alone.
    expect(await page.getByTestId('activation-command').count()).toBe(0);
    // A command whose commander is out of command may go too, but not one that activated in III.A.
    await page.getByTestId('pick-command').check();
    expect(await page.getByTestId('activation-command').locator(`option[value="${HETH}"]`).innerText()).toContain('already activated this segment (at ME)');
    await page.getByTestId('pick-unit').check();
    await page.getByTestId('activation-unit').selectOption(NC26);
    expect(await text('activation-segment')).toContain('HOLD Hold (its Default Order while out of command)');
    await e2e.click('activation-re');
    expect(await text('activation-note')).toBe('26th North Carolina (out of command) activates at RE (Default Order HOLD)');
    const state = await e2e.call('turnState');
    expect(state.unitsActivated).toEqual([{ unitId: NC26, commandId: PETTIGREW, side: 'CSA', effectiveness: 'RE', phase: 'B', order: 4, confusionResult: null }]);
    expect(state.sideToAct).toBe('USA');
  });

  it('III.B: USA tries a single unit of Gamble\'s brigade for ME with a typed 0; each unit activates once', async () => {
    const page = e2e.page;
    const trooper = (await unitsOf(GAMBLE)).find((u) => u.arm === 'cavalry')!;
    await page.getByTestId('activation-unit').selectOption(trooper.id);
    expect(await text('activation-segment')).toContain('SKPD Skirmish/Probe/Delay (its Default Order while out of command)');
    await e2e.typeDie('activation-die', 0);
    expect(await text('activation-result')).toContain(`${trooper.name} is activated at ME.`);
    expect((await turnHistory(['activation.attempt'])).at(-1)?.summary).toMatch(new RegExp(`^${trooper.name} \\(out of command, SKPD; Gamble, rating \\d\\) tries for ME: rolled 0, modified 0: ME$`));
    expect((await e2e.call('turnState')).unitsActivated.map((a) => [a.unitId, a.effectiveness])).toEqual([
      [NC26, 'RE'],
      [trooper.id, 'ME'],
    ]);
    const list = await text('activated-list');
    expect(list).toContain('CSA 26th North Carolina (single unit): at RE');
    expect(list).toContain(`USA ${trooper.name} (single unit): at ME`);
    // The 26th is shown as activated to the CSA, and the service refuses it a second time.
    const option = await page.getByTestId('activation-unit').locator(`option[value="${NC26}"]`).innerText();
    expect(option).toContain('already activated this segment (at RE)');
    const again = await e2e.callRaw('activateRe', { unitId: NC26 });
    expect(again).toMatchObject({ ok: false, error: { code: 'RULES_FORBID', field: 'unitId' } });
    await e2e.screenshot('turn-out-of-command');
    await next();
    expect(await e2e.clockText()).toBe('0740 IV.A');
  });

  it('IV.A Leader Replacement: a fallen brigade leader is replaced, with his replacement\'s rating', async () => {
    const page = e2e.page;
    const gamble = (await e2e.call('leaders')).find((l) => l.commandId === GAMBLE);
    expect(gamble).toBeDefined();
    // The casualty comes from the Leaders screen; here it is recorded through the service directly.
    await e2e.call('leaderCasualty', { leaderId: gamble!.id, roll: 2 });
    await e2e.reload();
    await e2e.screen('turn');
    const row = page.locator(`tr[data-leader="${gamble!.id}"]`);
    expect(await row.innerText()).toContain('killed');
    const rating = row.getByRole('textbox');
    await rating.fill('x');
    await row.getByRole('button', { name: /^Replace / }).click();
    expect(await row.getByRole('alert').innerText()).toContain('a leader rating is a whole number from 0 to 9');
    await rating.fill('1');
    await e2e.screenshot('turn-end-leaders');
    await row.getByRole('button', { name: /^Replace / }).click();
    await e2e.settle();
    expect((await e2e.call('leaders')).find((l) => l.id === gamble!.id)).toMatchObject({ replaced: true, replacementRating: 1 });
    expect(await text('leader-replacement')).toContain('No leader is waiting for a replacement');
    expect((await turnHistory(['leader.replaced'])).map((e) => e.summary)).toEqual([expect.stringContaining('is replaced (replacement rating 1)')]);
  });

  it('IV.B and IV.C: recovery and cleanup, then Next begins the 0800 turn with the +1 modifier for CSA', async () => {
    await next();
    expect(await e2e.clockText()).toBe('0740 IV.B');
    await e2e.screenshot('turn-end-recovery');
    await next();
    expect(await e2e.clockText()).toBe('0740 IV.C');
    expect(await text('cleanup-guns')).toContain('No abandoned guns');
    await e2e.screenshot('turn-end-cleanup');
    await next();
    expect(await e2e.clockText()).toBe('0800 I.A');
    const state = await e2e.call('turnState');
    expect(state).toMatchObject({ turnId: '1863-07-01T0800', initiative: null, initiativeModifier: 'CSA', activations: 0, passesInRow: 0 });
    expect(await text('turn-initiative')).toContain('+1 modifier: CSA');
    expect(await text('turn-applied')).toContain('turn 1863-07-01T0800 begins');
    // The turn's record is all there: 2 attempts, the initiative, 3 + 2 activations, 3 passes, the replacement.
    const info = await e2e.gameInfo();
    const all = await e2e.call('history', { includeUndone: false, limit: 500 });
    const kinds = all.filter((e) => e.turnId === '1863-07-01T0740').map((e) => e.kind);
    expect(kinds.filter((k) => k === 'orders.attempt')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'initiative')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'activation.attempt' || k === 'activation.re')).toHaveLength(5);
    expect(kinds.filter((k) => k === 'activation.pass')).toHaveLength(3);
    expect(info?.clock.turnId).toBe('1863-07-01T0800');
    await e2e.screenshot('turn-next-turn');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
