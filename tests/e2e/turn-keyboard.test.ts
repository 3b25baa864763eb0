/**
 * A whole turn with the keyboard alone, in Chromium through the browser bridge on the full battle: no
 * mouse click at all, only page.keyboard (Tab to a control, Enter/Space, arrow keys in lists, one digit
 * for a typed die, Alt+5 for the Turn screen, Alt+N for Next, Ctrl+Z / Ctrl+Shift+Z for undo and redo),
 * a single unit activated in the Out-of-Command phase included.
 * The page is only read (which element has the focus, the select's value); the service is asked after
 * each step what it recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

const GAMBLE = 'usa-cavalry-1-gamble';
/** Heth's division: the CSA's command on the map at 0740 with its commander (Stuart's has not arrived: RI-B14). */
const HETH = 'csa-heth-division';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' } });
}, 90_000);

afterAll(async () => {
  await e2e?.close();
});

async function focusedMatches(selector: string): Promise<boolean> {
  return e2e.page.evaluate(`!!document.activeElement && document.activeElement.matches(${JSON.stringify(selector)})`);
}

/** Presses Tab until the control matching the selector has the focus. */
async function tabTo(selector: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await focusedMatches(selector)) return;
    await e2e.page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** With a select focused, presses ArrowDown until it holds the value (disabled options are skipped). */
async function arrowTo(value: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if ((await e2e.page.evaluate('document.activeElement && document.activeElement.value')) === value) return;
    await e2e.page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never reached ${value}`);
}

async function press(key: string): Promise<void> {
  await e2e.page.keyboard.press(key);
  await e2e.settle();
}

/** Both sides pass their secret entry: Done, the hand-over, Done, the reveal. */
async function bothSidesDone(doneTestId: string): Promise<void> {
  await tabTo(`[data-testid="${doneTestId}"]`);
  await press('Enter');
  expect(await focusedMatches('[data-testid="hand-over-continue"]')).toBe(true);
  await press('Enter');
  await tabTo(`[data-testid="${doneTestId}"]`);
  await press('Enter');
  expect(await focusedMatches('[data-testid="hand-over-continue"]')).toBe(true);
  await press('Enter');
}

describe('a whole turn with the keyboard alone', () => {
  it('Alt+5 opens the Turn screen at 0740 I.A; the sides enter nothing; Alt+N goes to I.B', async () => {
    await press('Alt+5');
    await e2e.page.waitForSelector('[data-screen="turn"] [data-testid="orders-segment"]');
    expect(await e2e.clockText()).toBe('0740 I.A');
    await bothSidesDone('orders-side-done');
    await e2e.page.waitForSelector('[data-testid="orders-reveal"]');
    await press('Alt+n');
    expect(await e2e.clockText()).toBe('0740 I.B');
  });

  it('I.B: the pre-roll and an order change typed with one key each', async () => {
    await tabTo('[data-testid="preroll-die"] input');
    await press('0');
    // Asked as USA, the side at the keyboard: nobody else sees its secret entries yet (RI-H01).
    expect((await e2e.call('turnState', { viewer: 'USA' })).orderPreRoll.USA).toBe(true);
    await tabTo('[data-testid="attempt-command"]');
    await arrowTo(GAMBLE);
    await tabTo('[data-testid="attempt-order"]');
    await arrowTo('HOLD');
    await tabTo('[data-testid="attempt-die"] input');
    await press('1');
    expect(await e2e.page.getByTestId('attempt-result').innerText()).toContain('orders changed');
    // After the attempt the focus is back on the command list, ready for the next one.
    expect(await focusedMatches('[data-testid="attempt-command"]')).toBe(true);
    expect((await e2e.call('roster', { commandId: GAMBLE, viewer: 'USA' })).every((u) => u.effectiveOrder === 'HOLD')).toBe(true);
    const dice = (await e2e.call('diceLog', { limit: 1, viewer: 'USA' }))[0];
    expect(dice).toMatchObject({ source: 'table', roll: 1, modified: 0, outcome: 'success' });
    await e2e.screenshot('turn-keyboard-orders');
    await bothSidesDone('orders-side-done');
    await press('Alt+n');
    expect(await e2e.clockText()).toBe('0740 II.A');
  });

  it('II.A: both declare with Enter, the dice are typed, USA wins 6 to 1', async () => {
    await bothSidesDone('initiative-declared');
    await tabTo('[data-testid="initiative-die-USA"] input');
    await press('6');
    await tabTo('[data-testid="initiative-die-CSA"] input');
    await press('1');
    await tabTo('[data-testid="initiative-roll-button"]');
    await press('Enter');
    expect((await e2e.call('turnState')).initiative).toBe('USA');
    expect(await e2e.page.getByTestId('initiative-result').innerText()).toContain('Initiative: Union (USA)');
    await press('Alt+n');
    await press('Alt+n');
    await press('Alt+n');
    expect(await e2e.clockText()).toBe('0740 III.A');
  });

  it('III.A: USA\'s initial ME, CSA at RE (undone and redone with the keys), three passes', async () => {
    await tabTo('[data-testid="activation-command"]');
    await arrowTo(GAMBLE);
    await tabTo('[data-testid="activation-initiative-me"]');
    await e2e.screenshot('turn-keyboard-activation');
    await press('Enter');
    expect(await e2e.page.getByTestId('activation-result').innerText()).toContain("Gamble's Brigade is activated at ME.");
    expect((await e2e.call('turnState')).sideToAct).toBe('CSA');

    await tabTo('[data-testid="activation-command"]');
    await arrowTo(HETH);
    await tabTo('[data-testid="activation-re"]');
    await press('Enter');
    expect((await e2e.call('turnState')).activations).toBe(2);
    // The RE button is gone with the pick: the focus is on no text field, so the shortcuts apply.
    await press('Control+z');
    expect((await e2e.call('turnState')).activations).toBe(1);
    await press('Control+Shift+z');
    expect((await e2e.call('turnState')).activations).toBe(2);

    await tabTo('[data-testid="activation-pass"]');
    await press('Enter'); // USA
    await press('Enter'); // CSA
    await press('Enter'); // USA
    const state = await e2e.call('turnState');
    expect(state).toMatchObject({ passesInRow: 3, activations: 2 });
    await e2e.page.waitForSelector('[data-testid="phase-over"]');
  });

  it('III.B: USA activates a single unit at RE with the keys (the unit list, then Enter)', async () => {
    await press('Alt+n');
    expect(await e2e.clockText()).toBe('0740 III.B');
    const trooper = (await e2e.call('roster', { commandId: GAMBLE })).find((u) => u.arm === 'cavalry')!;
    await tabTo('[data-testid="activation-unit"]');
    await arrowTo(trooper.id);
    await tabTo('[data-testid="activation-re"]');
    await press('Enter');
    const state = await e2e.call('turnState');
    expect(state.unitsActivated).toEqual([{ unitId: trooper.id, commandId: GAMBLE, side: 'USA', effectiveness: 'RE', phase: 'B', order: 3, confusionResult: null }]);
    expect(state.sideToAct).toBe('CSA');
  });

  it('Alt+N through the End Segment into the 0800 turn', async () => {
    const steps: string[] = [];
    for (let i = 0; i < 4; i++) {
      await press('Alt+n');
      steps.push(await e2e.clockText());
    }
    expect(steps).toEqual(['0740 IV.A', '0740 IV.B', '0740 IV.C', '0800 I.A']);
    expect(await e2e.call('turnState')).toMatchObject({ turnId: '1863-07-01T0800', initiativeModifier: 'USA' });
    const kinds = (await e2e.call('history', { turnId: '1863-07-01T0740', includeUndone: false })).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'activation.pass')).toHaveLength(3);
    // I.A of one turn to I.A of the next: ten steps of the sequence of play.
    expect(await e2e.call('history', { kinds: ['clock.advanced'], includeUndone: false })).toHaveLength(10);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
