/**
 * End to end in Chromium through the browser bridge, on the full battle and a real .muster file: the Leaders
 * screen (a leader casualty rolled with a typed table die; the grid walked with the keyboard) and the Victory
 * screen (losses over three turns on the chart; ticking objectives changes the result, and undo takes the
 * ticks back). The History and Victory screens are photographed into docs/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDue } from './settle-due';
import { startE2E, type E2E } from './harness';

/** A regiment with losses from the first turn on (0740): 2 SP and 1 straggler, as a player recorded them on the Roster. */
const UNIT = { id: 'csa-26th-north-carolina', name: '26th North Carolina' };

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.createGame({ scenario: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' } });
  await e2e.call('recordLoss', { unitId: UNIT.id, sp: 2 });
  await e2e.call('recordLoss', { unitId: UNIT.id, sp: 1, straggler: true });
  await e2e.call('setFatigue', { unitId: UNIT.id, level: 1 });
  await e2e.call('rollDie', { purpose: 'morale check', roll: 3 });
  // Recorded through the service, not the screens: reload so the screens read them.
  await e2e.reload();
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

/** Moves the clock through the service to the first step of the next turn. */
async function advanceToNextTurn(): Promise<void> {
  const start = (await e2e.gameInfo())!.clock.turnId;
  for (let i = 0; i < 20; i++) {
    // Nobody enters anything on the way: both sides say so in the steps of secret entries (RI-H02); what is
    // due is rolled or answered as the turn bar would (RI-B15).
    await settleDue(e2e);
    // A leader who fell this turn is replaced in the Leader Replacement Phase before the clock goes on.
    for (const o of (await e2e.call('obligations')).items.filter((x) => x.id.startsWith('replace:'))) await e2e.call('replaceLeader', { leaderId: o.id.slice('replace:'.length) });
    const { clock } = await e2e.call('advanceClock', { nothingToEnter: ['USA', 'CSA'] });
    if (clock.turnId !== start) return;
  }
  throw new Error(`the clock never left ${start}`);
}

/** True when the selected row of the grid with `testid` is rendered inside its scroll box, clear of the sticky header. */
function selectedRowInView(testid: string): Promise<boolean> {
  return e2e.page.evaluate(`(() => {
    const table = document.querySelector('[data-testid="${testid}"]');
    const row = table && table.querySelector('tr[aria-selected="true"]');
    if (!row) return false;
    const box = table.parentElement.getBoundingClientRect();
    const head = table.querySelector('thead').getBoundingClientRect();
    const r = row.getBoundingClientRect();
    return r.top >= head.bottom - 1 && r.bottom <= box.bottom + 1;
  })()`) as Promise<boolean>;
}

describe('the Leaders and Victory screens in the browser', () => {
  it('rolls a leader casualty with a typed table die on the Leaders screen', async () => {
    const page = e2e.page;
    await e2e.screen('leaders');
    await page.getByLabel('Search leaders').fill('Gamble');
    await page.locator('tr[data-leader-id]').first().click();
    const die = page.getByRole('group', { name: /Casualty die for/ });
    await die.getByRole('textbox').press('7');
    await e2e.idle();
    await expect.poll(() => page.getByTestId('casualty-result').innerText()).toContain('Wounded in action');
    const leader = (await e2e.call('leaders')).find((l) => l.name.includes('Gamble'));
    expect(leader?.casualty).toBe('wounded');
    await page.getByLabel('Search leaders').fill('');
    await e2e.screenshot('leaders');
  });

  it('moves through the Leaders grid with End, Home, PageDown and the arrows, keeping the selected row rendered and in view', async () => {
    const page = e2e.page;
    await e2e.screen('leaders');
    const grid = page.getByTestId('leaders-grid');
    const count = (await e2e.call('leaders')).length;
    expect(count).toBeGreaterThan(100);
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(count + 1));
    const selected = page.locator('tr[aria-selected="true"]');
    await grid.focus();
    const expectRow = async (index: number) => {
      await expect.poll(() => selected.getAttribute('data-row-index')).toBe(String(index));
      expect(await selected.getAttribute('aria-rowindex')).toBe(String(index + 2));
      expect(await grid.getAttribute('aria-activedescendant')).toBe(await selected.getAttribute('id'));
      expect(await selectedRowInView('leaders-grid')).toBe(true);
    };
    await page.keyboard.press('End');
    await expectRow(count - 1);
    await page.keyboard.press('Home');
    await expectRow(0);
    await page.keyboard.press('PageDown');
    const page1 = Number(await selected.getAttribute('data-row-index'));
    expect(page1).toBeGreaterThan(10);
    await expectRow(page1);
    await page.keyboard.press('PageDown');
    await expectRow(2 * page1);
    await page.keyboard.press('ArrowDown');
    await expectRow(2 * page1 + 1);
    await page.keyboard.press('PageUp');
    await expectRow(page1 + 1);
    await page.keyboard.press('ArrowUp');
    await expectRow(page1);
    // Only the rows in view (and a margin) are in the document.
    expect(await grid.locator('tbody tr[data-row-index]').count()).toBeLessThan(80);
  });

  it('photographs the History and Victory screens', async () => {
    await e2e.screen('history');
    expect(await e2e.page.getByTestId('history-list').locator('tbody tr[data-seq]').count()).toBeGreaterThanOrEqual(5);
    await e2e.screenshot('history');
    await e2e.screen('victory');
    expect(await e2e.page.getByTestId('victory-result').innerText()).toContain('provisional');
    await e2e.screenshot('victory');
  });

  it('Victory: ticking objectives changes the result, and undo takes the ticks back', async () => {
    const page = e2e.page;
    // Losses over three turns for the chart (the 26th North Carolina's 2 SP and 1 straggler are already in 0740).
    // At 0740 the USA has only Buford's cavalry on the map: 2 points an SP.
    const regiment = (side: 'USA' | 'CSA') => e2e.call('roster', { side }).then((units) => units.find((u) => u.arm !== 'artillery' && u.onMap && u.id !== UNIT.id && u.currentSp >= 4)!);
    const usaUnit = await regiment('USA');
    const csaUnit = await regiment('CSA');
    const usaPerSp = usaUnit.arm === 'cavalry' ? 2 : 1;
    const csaPerSp = csaUnit.arm === 'cavalry' ? 2 : 1;
    await e2e.call('recordLoss', { unitId: usaUnit.id, sp: 2 });
    await advanceToNextTurn();
    await e2e.call('recordLoss', { unitId: usaUnit.id, sp: 1 });
    await e2e.call('recordLoss', { unitId: csaUnit.id, sp: 3 });
    await advanceToNextTurn();
    await e2e.call('recordLoss', { unitId: usaUnit.id, sp: 1 });
    // Recorded through the service, not the screens: reload so the screens read them.
    await e2e.reload();
    await e2e.screen('victory');
    const before = await e2e.call('tally');
    expect(before.lossesByTurn.map((t) => [t.time, t.USA, t.CSA])).toEqual([
      ['0740', 2 * usaPerSp, 3],
      ['0800', 3 * usaPerSp, 3 + 3 * csaPerSp],
      ['0820', 4 * usaPerSp, 3 + 3 * csaPerSp],
    ]);
    expect(await page.getByTestId('loss-chart').locator('[data-side="USA"] polyline').getAttribute('points')).toMatch(/^(\S+ ){2}\S+$/);
    expect(await page.getByTestId('loss-chart').textContent()).toContain(`CSA ${3 + 3 * csaPerSp}`);

    const result = page.getByTestId('victory-result');
    expect(await result.getAttribute('data-by')).toBe('losses');
    expect(await result.innerText()).toContain('Draw');
    // The CSA needs any five of its list (Rev. Victory): four are not enough.
    const csa = before.objectives.CSA;
    expect(csa.required).toBe(5);
    const panel = page.getByTestId('objectives-CSA');
    for (const o of csa.geographic.slice(0, 4)) {
      await panel.getByRole('checkbox', { name: `CSA occupies ${o.name}`, exact: true }).check();
      await e2e.idle();
    }
    expect(await panel.getByTestId('objectives-count').innerText()).toBe('4 of 5 needed');
    expect(await result.getAttribute('data-by')).toBe('losses');
    await panel.getByRole('checkbox', { name: `CSA occupies ${csa.geographic[4]!.name}`, exact: true }).check();
    await e2e.idle();
    expect(await result.innerText()).toContain('Substantial victory for the Confederate (CSA)');
    expect(await page.getByTestId('victory-how').innerText()).toContain('By objectives: the CSA occupies 5 of the 5 Geographic Objectives needed');
    expect((await e2e.call('tally')).result).toMatchObject({ winner: 'CSA', level: 'substantial', by: 'objectives' });
    expect(await page.getByTestId('enemy-guns-CSA').innerText()).toContain('USA guns lost, destroyed or captured: 0');
    await e2e.screenshot('victory');

    // The USA meets its Manpower Objective too: both sides have achieved objectives, so loss points decide (RI-F16).
    await page.getByRole('checkbox', { name: 'USA Manpower Objective met', exact: true }).check();
    await e2e.idle();
    expect(await result.getAttribute('data-by')).toBe('losses');
    expect(await page.getByTestId('victory-how').innerText()).toContain('Both sides have achieved objectives');

    // Undo with the keyboard, twice: the Manpower tick, then the fifth objective.
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.keyboard.press('Control+z');
    await e2e.idle();
    expect(await page.getByRole('checkbox', { name: 'USA Manpower Objective met', exact: true }).isChecked()).toBe(false);
    expect(await result.innerText()).toContain('Substantial victory for the Confederate (CSA)');
    await page.keyboard.press('Control+z');
    await e2e.idle();
    expect(await panel.getByRole('checkbox', { name: `CSA occupies ${csa.geographic[4]!.name}`, exact: true }).isChecked()).toBe(false);
    expect(await panel.getByTestId('objectives-count').innerText()).toBe('4 of 5 needed');
    expect(await result.getAttribute('data-by')).toBe('losses');
    const undone = (await e2e.call('history', { kinds: ['objective.occupied', 'objective.manpower'] })).map((e) => [e.kind, e.undone]);
    expect(undone.slice(0, 2)).toEqual([
      ['objective.manpower', true],
      ['objective.occupied', true],
    ]);
  });

  it('ran without page errors or CSP violations', () => {
    expect(e2e.consoleErrors).toEqual([]);
  });
});
