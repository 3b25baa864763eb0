/**
 * End to end in Chromium through the browser bridge, on the full battle and a real .muster file:
 * the Start screen creates the game; a setup edit is accepted before play and refused (with the
 * service's message next to the field) once play has begun; on the Roster a loss is recorded with the
 * keyboard, undone and redone, with the roster numbers and the History checked after each step; a
 * refusal appears next to its field; the page reloads to the game as it was; the roster exports as CSV;
 * a second game is started with chosen commands. The Leaders and Victory screens have their own file
 * (leaders-victory.test.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

const UNIT = { id: 'csa-26th-north-carolina', name: '26th North Carolina', sp: 17, brigade: 'c:csa-heth-pettigrew' };
const LEADER = { id: 'usa-meade', name: 'George G. Meade' };

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

function unitRow(id: string) {
  return e2e.page.locator(`tr[data-unit-id="${id}"]`);
}

async function cell(id: string, col: string): Promise<string> {
  return (await unitRow(id).locator(`td[data-col="${col}"]`).innerText()).trim();
}

/** The History screen's entries, newest first, as { summary, undone }. */
async function historyEntries(): Promise<{ summary: string; undone: boolean }[]> {
  await e2e.screen('history');
  const items = e2e.page.getByTestId('history-list').locator('tbody tr[data-seq]');
  const count = await items.count();
  const entries: { summary: string; undone: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    entries.push({ summary: (await item.locator('.summary').innerText()).replace(/\s*undone$/, '').trim(), undone: (await item.getAttribute('data-undone')) === 'true' });
  }
  return entries;
}

/** Where the focus is in a table: "<row index>:<field>" of the focused control, or of the focused table's selected row. */
const FOCUS_IN_TABLE = `(() => {
  const el = document.activeElement;
  const row = el && el.closest('tr[data-row-index]');
  return row ? row.getAttribute('data-row-index') + ':' + el.getAttribute('data-field') : null;
})()`;

/** Selects the unit's row in the roster with the arrow keys alone. */
async function selectWithArrows(id: string): Promise<void> {
  const page = e2e.page;
  await page.getByTestId('roster-grid').focus();
  for (let i = 0; i < 12; i++) {
    if ((await page.locator('tr[aria-selected="true"]').getAttribute('data-unit-id')) === id) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`could not reach ${id} with the arrow keys`);
}

describe('Start, Setup, Roster and History in the browser', () => {
  it('Start lists the full battle, the named scenarios and the small one, and shows the first turn', async () => {
    const page = e2e.page;
    await page.waitForSelector('[data-screen="start"]');
    const scenarios = page.getByRole('group', { name: 'Scenario' }).getByRole('radio');
    expect(await scenarios.count()).toBe(7);
    const full = page.getByRole('radio', { name: /The Battle of Gettysburg/ });
    await expect.poll(() => full.isChecked()).toBe(true);
    expect(await page.getByTestId('first-turn').innerText()).toContain('1 July 1863, 0740');
    await page.getByLabel('USA player').fill('Abner');
    await page.getByLabel('CSA player').fill('Jubal');
    await e2e.screenshot('start');
  });

  it('creates the full-battle game from the Start screen as a real game file, and opens it on Setup with the approximate values highlighted', async () => {
    const page = e2e.page;
    await page.getByRole('button', { name: 'Create game' }).click();
    await page.waitForSelector('[data-screen="setup"]', { timeout: 30_000 });
    await e2e.idle();
    const info = await e2e.gameInfo();
    expect(info).toMatchObject({ scenarioId: 'gettysburg', players: { USA: 'Abner', CSA: 'Jubal' }, started: false, eventCount: 0 });
    expect(info?.file.startsWith(e2e.dir)).toBe(true);
    const unverified = (await e2e.call('leaders')).filter((l) => !l.ratingVerified).length;
    expect(unverified).toBeGreaterThan(0);
    expect(await page.getByTestId('setup-hint').innerText()).toContain(`have not been checked yet (${unverified})`);
    expect(await page.locator('td.unverified').count()).toBeGreaterThan(0);
    await e2e.screenshot('setup-new-game');
    await e2e.screen('roster');
    expect(await page.getByTestId('roster-count').innerText()).toMatch(/^\d{3} units shown$/);
  });

  it('takes a setup edit before play begins: the rating is recorded and marked checked', async () => {
    const page = e2e.page;
    await e2e.screen('setup');
    await page.getByLabel('Search by name').fill('Meade');
    const rating = page.getByLabel(`rating of ${LEADER.name} (unverified)`);
    await rating.fill('4');
    await rating.press('Enter');
    await e2e.idle();
    const row = page.locator(`tr[data-leader-id="${LEADER.id}"]`);
    await expect.poll(() => row.locator('td').nth(5).innerText()).toBe('checked');
    expect(await page.getByLabel(`rating of ${LEADER.name}`, { exact: true }).inputValue()).toBe('4');
    const meade = (await e2e.call('leaders')).find((l) => l.id === LEADER.id);
    expect(meade).toMatchObject({ rating: 4, ratingVerified: true });
  });

  it('imports counter values from CSV, reporting bad lines by number before anything is sent', async () => {
    const page = e2e.page;
    await page.getByLabel('Search by name').fill('');
    await page.getByLabel('CSV counter values').fill(`id,field,value\nusa-reynolds,rating,3\n${UNIT.id},weapon,E\nusa-doubleday,stars,many`);
    await page.getByRole('button', { name: 'Check' }).click();
    const problems = page.getByRole('list', { name: 'Problems in the CSV' });
    expect(await problems.innerText()).toContain('Line 4: stars must be a whole number 0-4, got "many"');
    await e2e.screenshot('setup');
    await page.getByRole('button', { name: 'Import 2 counters' }).click();
    await e2e.idle();
    await expect.poll(() => page.getByTestId('csv-result').innerText()).toBe('2 imported, 0 refused.');
    expect((await e2e.call('leaders')).find((l) => l.id === 'usa-reynolds')).toMatchObject({ rating: 3, ratingVerified: true });
    expect((await e2e.call('roster')).find((u) => u.id === UNIT.id)?.weapon).toBe('E');
  });

  it('moves between the Setup cells with Enter and Shift+Enter (same field, next or previous row), recording nothing unchanged', async () => {
    const page = e2e.page;
    const before = (await e2e.gameInfo())?.eventCount;
    await e2e.screen('setup');
    await page.locator('tr[data-row-index="0"] input[data-field="rating"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(FOCUS_IN_TABLE)).toBe('1:rating');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(FOCUS_IN_TABLE)).toBe('2:rating');
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => page.evaluate(FOCUS_IN_TABLE)).toBe('1:rating');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(FOCUS_IN_TABLE)).toBe('1:range');
    await e2e.idle();
    expect((await e2e.gameInfo())?.eventCount).toBe(before);
    expect(await page.getByTestId('setup-leaders').getAttribute('aria-rowcount')).toBe(String((await e2e.call('leaders')).length + 1));
  });

  it('records an SP loss on the Roster with the keyboard, and shows it at once and in the History', async () => {
    const page = e2e.page;
    await e2e.screen('roster');
    await page.getByLabel('Search units and commands').fill(UNIT.name);
    await selectWithArrows(UNIT.id);
    expect(await cell(UNIT.id, 'currentSp')).toBe(String(UNIT.sp));
    await page.keyboard.press('l');
    const dialog = page.getByRole('dialog', { name: `Record an SP loss: ${UNIT.name}` });
    await dialog.waitFor();
    await page.keyboard.type('2');
    await dialog.getByLabel('Cause').selectOption('small-arms');
    await dialog.getByLabel('SP lost').press('Enter');
    await e2e.idle();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cell(UNIT.id, 'spLost')).toBe('2');
    expect(await cell(UNIT.id, 'currentSp')).toBe(String(UNIT.sp - 2));
    const brigade = page.locator(`tr[data-key="${UNIT.brigade}"]`);
    expect(await brigade.locator('td').nth(3).innerText()).toBe('2');
    const history = await historyEntries();
    expect(history[0]).toEqual({ summary: expect.stringContaining(`${UNIT.name} loses 2 SP`), undone: false });
  });

  it('undoes the loss with Ctrl+Z: the roster is back to printed strength and the History strikes the entry through', async () => {
    const page = e2e.page;
    await e2e.screen('roster');
    await page.getByTestId('roster-grid').focus();
    await page.keyboard.press('Control+z');
    await e2e.idle();
    await expect.poll(() => cell(UNIT.id, 'currentSp')).toBe(String(UNIT.sp));
    expect(await cell(UNIT.id, 'spLost')).toBe('');
    const history = await historyEntries();
    expect(history[0]).toEqual({ summary: expect.stringContaining(`${UNIT.name} loses 2 SP`), undone: true });
    expect(await page.locator('tr[data-seq][data-undone="true"] .summary s').count()).toBe(1);
  });

  it('redoes it with Ctrl+Shift+Z, then records a straggler loss (S) and fatigue (F) from the keyboard', async () => {
    const page = e2e.page;
    await e2e.screen('roster');
    await selectWithArrows(UNIT.id);
    await page.keyboard.press('Control+Shift+Z');
    await e2e.idle();
    await expect.poll(() => cell(UNIT.id, 'currentSp')).toBe(String(UNIT.sp - 2));
    await page.keyboard.press('s');
    const dialog = page.getByRole('dialog', { name: `Record a straggler loss: ${UNIT.name}` });
    await dialog.waitFor();
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await e2e.idle();
    await expect.poll(() => cell(UNIT.id, 'stragglers')).toBe('1');
    expect(await cell(UNIT.id, 'currentSp')).toBe(String(UNIT.sp - 3));
    await page.keyboard.press('f');
    await e2e.idle();
    await expect.poll(() => cell(UNIT.id, 'fatigue')).toBe('1');
    await page.keyboard.press('Shift+F');
    await e2e.idle();
    await page.keyboard.press('Shift+F');
    await expect.poll(() => page.getByTestId('roster-row-error').innerText()).toContain('Fatigue is already at level 0');
    expect(await cell(UNIT.id, 'fatigue')).toBe('0');
    const history = await historyEntries();
    expect(history.slice(0, 4).map((h) => h.undone)).toEqual([false, false, false, false]);
    expect(history[2]?.summary).toContain('straggler');
  });

  it('shows the service’s refusal in words next to the field, and records nothing', async () => {
    const page = e2e.page;
    const before = (await e2e.gameInfo())?.eventCount;
    await e2e.screen('roster');
    await selectWithArrows(UNIT.id);
    await page.keyboard.press('l');
    const dialog = page.getByRole('dialog', { name: `Record an SP loss: ${UNIT.name}` });
    await dialog.waitFor();
    // More SP than the regiment has left.
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await e2e.idle();
    const refusal = await e2e.callRaw('recordLoss', { unitId: UNIT.id, sp: 30 });
    expect(refusal).toMatchObject({ ok: false, error: { field: 'sp' } });
    if (refusal.ok) return;
    const spField = dialog.getByLabel('SP lost');
    const describedBy = await spField.getAttribute('aria-describedby');
    // At its field, without the field's internal name in front ("sp: ").
    expect(refusal.error.message.startsWith('sp: ')).toBe(true);
    const shown = refusal.error.message.replace(/^sp: (.)/, (_m, first: string) => first.toUpperCase());
    await expect.poll(() => page.locator(`#${describedBy}`).innerText()).toContain(shown);
    expect(await page.locator(`#${describedBy}`).innerText()).not.toContain('sp: ');
    expect(await spField.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await e2e.gameInfo())?.eventCount).toBe(before);
    expect(await cell(UNIT.id, 'currentSp')).toBe(String(UNIT.sp - 3));
    // The photograph: the Confederates on the map, with the losses just recorded.
    await page.getByLabel('Search units and commands').fill('');
    await page.getByLabel('Filter by side').selectOption('CSA');
    await page.getByLabel('On map only').check();
    await selectWithArrows(UNIT.id);
    await e2e.screenshot('roster');
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('reloads the page and finds the game as it was', async () => {
    const page = e2e.page;
    await e2e.reload();
    await page.waitForSelector('[data-screen="roster"]');
    await page.getByLabel('Search units and commands').fill(UNIT.name);
    await expect.poll(() => cell(UNIT.id, 'currentSp')).toBe(String(UNIT.sp - 3));
    expect(await cell(UNIT.id, 'spLost')).toBe('2');
    expect(await cell(UNIT.id, 'stragglers')).toBe('1');
    const info = await e2e.gameInfo();
    expect(info).toMatchObject({ scenarioId: 'gettysburg', started: true, canUndo: true });
  });

  it('once play has begun, corrects a value only with a reason, logged as a correction (RI-H04); a bad value reads once, in plain words', async () => {
    const page = e2e.page;
    await e2e.screen('setup');
    await expect.poll(() => page.getByTestId('setup-started').isVisible()).toBe(true);
    await page.getByLabel('Search by name').fill('Meade');
    const rating = page.getByLabel(`rating of ${LEADER.name}`, { exact: true });
    const note = page.locator(`tr[data-leader-id="${LEADER.id}"] td.col-note`);
    // No reason: the service refuses, and the note says why.
    await rating.fill('5');
    await rating.press('Enter');
    await e2e.idle();
    await expect.poll(() => note.innerText()).toContain('say why the value is corrected');
    expect(await rating.getAttribute('aria-invalid')).toBe('true');
    expect((await e2e.call('leaders')).find((l) => l.id === LEADER.id)?.rating).toBe(4);
    // A value no counter has: the contract's words, shown once ("rating: rating: ..." was the bug).
    await page.getByTestId('setup-reason').fill('misprint on the counter');
    await rating.fill('12');
    await rating.press('Enter');
    await e2e.idle();
    await expect.poll(() => note.innerText()).toBe('Rating must be a whole number from 0 to 9 (12 was not saved)');
    // The refused value does not stay in the field, where it would look saved: the field shows the game's value.
    expect(await rating.inputValue()).toBe('4');
    await e2e.screenshot('setup-correction-refused');
    // With a reason and a counter value: recorded as a correction, old and new value in the History.
    await rating.fill('5');
    await rating.press('Enter');
    await e2e.idle();
    expect((await e2e.call('leaders')).find((l) => l.id === LEADER.id)?.rating).toBe(5);
    expect((await e2e.call('history', { limit: 1 }))[0]).toMatchObject({ kind: 'setup.correction', summary: `Correction: ${LEADER.name} rating 4 -> 5 (misprint on the counter)` });
    await e2e.screenshot('setup-correction');
    await e2e.call('undo');
    const refusal = await e2e.callRaw('editLeader', { leaderId: LEADER.id, rating: 5 });
    expect(refusal).toMatchObject({ ok: false, error: { code: 'GAME_STARTED' } });
    if (refusal.ok) return;

    // The CSV import meets the same refusal, reported against its line.
    await page.getByLabel('CSV counter values').fill('usa-doubleday,rating,3');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('button', { name: 'Import 1 counter' }).click();
    await e2e.idle();
    await expect.poll(() => page.getByTestId('csv-result').innerText()).toBe('0 imported, 1 refused.');
    // In players' words: the field's internal name ("game: ") left out.
    expect(await page.getByRole('list', { name: 'Refused imports' }).innerText()).toContain(refusal.error.message.replace(/^game: s/, 'S'));
  });

  it('exports the roster as CSV from the Roster screen', async () => {
    const page = e2e.page;
    await e2e.screen('roster');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^gettysburg-.*-roster\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    // A byte-order mark first, so Excel reads the file as UTF-8; then the lines.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    // The game fingerprint first (the one the window shows), the header, one line per unit.
    const info = (await e2e.call('currentGame'))!;
    expect(lines[0]).toBe(`Muster game fingerprint,${info.fingerprint},"${info.scenarioName}, ${info.eventCount} events"`);
    expect(await page.getByTestId('game-fingerprint').innerText()).toBe(info.fingerprint);
    expect(lines).toHaveLength(2 + (await e2e.call('roster')).length);
    expect(lines.find((l) => l.startsWith(`${UNIT.id},`))).toContain(`,${UNIT.sp},2,1,0,${UNIT.sp - 3},`);
  });

  it('shows the game fingerprint, which moves with every change, undo and redo', async () => {
    const page = e2e.page;
    const shown = () => page.getByTestId('game-fingerprint').innerText();
    const before = await shown();
    expect(before).toMatch(/^[0-9a-f]{12}$/);
    expect(before).toBe((await e2e.call('currentGame'))!.fingerprint);
    await e2e.call('rollDie', { purpose: 'fingerprint check', roll: 4 });
    const afterRoll = (await e2e.call('currentGame'))!.fingerprint;
    expect(afterRoll).not.toBe(before);
    // Undo takes the roll back but the log keeps it: a third fingerprint; redo gives the second again.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(shown).not.toBe(before);
    const afterUndo = await shown();
    expect(afterUndo).not.toBe(afterRoll);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(shown).toBe(afterRoll);
  });

  it('gives every control on every screen an accessible name', async () => {
    const unnamed: string[] = [];
    for (const screen of ['start', 'setup', 'roster', 'leaders', 'history', 'victory'] as const) {
      await e2e.screen(screen);
      unnamed.push(...(await e2e.unnamedControls()).map((c) => `${screen}: ${c}`));
      if (screen === 'setup') {
        await e2e.page.getByRole('button', { name: /^Units \(/ }).click();
        unnamed.push(...(await e2e.unnamedControls()).map((c) => `setup units: ${c}`));
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('starts a second game with only chosen commands of the full battle (with their superiors), with none of the first game’s roster search', async () => {
    const page = e2e.page;
    const first = (await e2e.gameInfo())?.file;
    // The first game's roster is left searched and filtered, with a row selected.
    await e2e.screen('roster');
    await page.getByLabel('Search units and commands').fill(UNIT.name);
    await page.getByLabel('Filter by side').selectOption('CSA');
    await selectWithArrows(UNIT.id);
    await e2e.screen('start');
    await page.getByLabel(/Only chosen commands/).check();
    await page.getByRole('group', { name: 'USA commands' }).getByRole('checkbox', { name: 'I Corps corps', exact: true }).check();
    await page.getByRole('group', { name: 'CSA commands' }).getByRole('checkbox', { name: "Heth's Division division", exact: true }).check();
    // A division inside a chosen corps comes with it.
    expect(await page.getByRole('checkbox', { name: '1st Division, I Corps division', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Create game' }).click();
    // A new game opens on Setup (its values to check first); the Roster is a click away.
    await page.waitForSelector('[data-screen="setup"]');
    await e2e.idle();
    await e2e.screen('roster');
    const info = await e2e.gameInfo();
    expect(info?.file).not.toBe(first);
    const units = await e2e.call('roster');
    expect(units.length).toBeGreaterThan(0);
    expect(units.filter((u) => u.side === 'USA').every((u) => u.commandPath.includes('I Corps'))).toBe(true);
    expect(units.filter((u) => u.side === 'CSA').every((u) => u.commandPath.includes("Heth's Division"))).toBe(true);
    expect(new Set(units.map((u) => u.side))).toEqual(new Set(['USA', 'CSA']));
    // The new game's roster starts afresh: no search, no filters, nothing selected, every unit shown.
    expect(await page.getByLabel('Search units and commands').inputValue()).toBe('');
    expect(await page.getByLabel('Filter by side').inputValue()).toBe('all');
    expect(await page.locator('tr[aria-selected="true"]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('roster-count').innerText()).toBe(`${units.length} units shown`);
    expect((await e2e.call('recentFiles')).map((f) => f.path)).toEqual([info?.file, first]);
  });

  it('ran without page errors or CSP violations', () => {
    expect(e2e.consoleErrors).toEqual([]);
  });
});
