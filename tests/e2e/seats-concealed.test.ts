/**
 * The Concealment panel at a seat of a game played from two seats (RI-H11), in the browser preview. The two
 * files are played to 1 July at 1000 through packets (the CSA seat having concealed Archer's Brigade in one of
 * its steps); the USA seat's file is then opened in the preview. Its panel offers USA's plots only, with no
 * hand-over (the device is the seat's own), says how many entries the CSA seat has sealed, and the Iron
 * Brigade is concealed and plotted from the screen: sealed on the seat, nothing of it in the history.
 *
 * Screen photographed into docs/screenshots/: seats-concealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastTheFirstStep, playOn, toAct } from '../seats/table';
import { tempDir } from '../fixtures/game';
import { startE2E, type E2E } from './harness';

const MEREDITH = 'usa-i-1-meredith';
const ARCHER = 'csa-heth-archer';
const tmp = tempDir('muster-e2e-seats-concealed-');
let e2e: E2E;

beforeAll(async () => {
  const t = pastTheFirstStep(tmp.dir);
  // The CSA seat conceals Archer's Brigade in one of its steps of an Activation Segment.
  playOn(t, () => t.USA.info().clock.segment === 'III' && toAct(t.USA) === 'CSA');
  t.CSA.concealCommand({ side: 'CSA', commandId: ARCHER, hex: 'QZ70101', strategicMovement: true });
  // On to the USA seat's step with the Iron Brigade on the map.
  playOn(t, () => t.USA.info().clock.segment === 'III' && toAct(t.USA) === 'USA' && t.USA.roster({ commandId: MEREDITH }).some((u) => u.onMap));
  t.USA.close();
  t.CSA.close();
  e2e = await startE2E({ file: t.files.USA });
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  tmp.cleanup();
});

describe('the Concealment panel at a seat', () => {
  it("offers this seat's side only, with no hand-over; the other seat's sealed entries are counted, its plot unseen", async () => {
    const page = e2e.page;
    await e2e.screen('turn');
    expect(await page.getByTestId('concealed-CSA').count()).toBe(0);
    await e2e.click('concealed-USA');
    expect(await page.getByRole('heading', { name: /Hand the laptop/ }).count()).toBe(0);
    expect(await page.getByTestId('concealed-other-sealed').innerText()).toBe('The CSA seat has 1 concealment entry sealed: which command, and where, stay on that seat until it deploys.');
    await page.getByTestId('conceal-command').selectOption(MEREDITH);
    await page.getByTestId('conceal-hex').fill('1017');
    await e2e.click('conceal-begin');
    await page.getByTestId(`plot-hex-${MEREDITH}`).fill('1115');
    await e2e.click(`plot-${MEREDITH}`);
    const panel = await page.getByTestId('concealed-plots').innerText();
    expect(panel).toContain('hex 1115');
    expect(panel).toContain('Kept sealed on this seat');
    await page.getByTestId('concealed-panel').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await e2e.screenshot('seats-concealed');
    // The log has only that USA concealed a command and plotted, and the other seat's plot is nowhere.
    const history = await e2e.call('history', { limit: 5000 });
    expect(history.slice(0, 2).map((e) => e.summary)).toEqual(['USA plots its concealed movement (secret)', 'USA moves a command concealed (secret until deployed)']);
    expect(JSON.stringify(history)).not.toContain('1115');
    expect(JSON.stringify(await e2e.call('concealedPlots', { viewer: 'USA' }))).not.toContain('QZ70101');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
