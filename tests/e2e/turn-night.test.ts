/**
 * End to end in Chromium through the browser bridge, on the full battle and a real .muster file: the
 * night. At 2400 the Straggler Recovery designation and the abandoned guns (Next refused until they are
 * resolved), and at 0400 the stragglers Muster recovers by itself. Screens are photographed into
 * docs/screenshots/turn-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandNode } from '../../contract';
import { settleDue } from './settle-due';
import { startE2E, type E2E } from './harness';

const PETTIGREW = 'csa-heth-pettigrew';

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

/** Moves the clock through the service (no screen) until it stands at this time and step. */
async function advanceTo(time: string, step: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    // Nobody enters anything on the way: both sides say so in the steps of secret entries (RI-H02); what is
    // due is rolled or answered as the turn bar would (RI-B15).
    await settleDue(e2e);
    const { clock: c } = await e2e.call('advanceClock', { nothingToEnter: ['USA', 'CSA'] });
    if (`${c.time} ${c.segment}.${c.phase}` === `${time} ${step}`) return;
  }
  throw new Error(`the clock never reached ${time} ${step}`);
}

async function text(testId: string): Promise<string> {
  return (await e2e.page.getByTestId(testId).first().innerText()).trim();
}

describe('the night: 2400 and 0400', () => {
  let straggler: { id: string; name: string };
  let battery: { id: string; name: string };

  it('2400 II.B: the Straggler Recovery designation is due, and the Recovery marker is set on the screen', async () => {
    const page = e2e.page;
    const infantry = (await unitsOf(PETTIGREW)).find((u) => u.arm === 'infantry' && u.onMap && u.currentSp >= 3);
    const guns = (await e2e.call('roster', { side: 'CSA' })).find((u) => u.arm === 'artillery' && u.onMap && u.currentSp >= 2);
    expect(infantry).toBeDefined();
    expect(guns).toBeDefined();
    straggler = infantry!;
    battery = guns!;
    await e2e.call('recordLoss', { unitId: straggler.id, sp: 2, straggler: true });
    await e2e.call('recordLoss', { unitId: battery.id, sp: 1, cause: 'small-arms' });
    expect((await e2e.call('roster', { side: 'CSA' })).find((u) => u.id === battery.id)?.abandonedGuns).toBe(1);

    await advanceTo('2400', 'II.B');
    await e2e.reload();
    await e2e.screen('turn');
    expect(await text('turn-clock')).toContain('2400');
    expect(await text('turn-light')).toBe('Night');
    expect(await text('turn-events-due')).toContain('Straggler Recovery Designation');
    const row = page.getByRole('checkbox', { name: "Recovery marker for Pettigrew's Brigade" });
    await row.check();
    await e2e.settle();
    expect((await command(PETTIGREW)).recovery).toBe(true);
    await e2e.screenshot('turn-night-designation');
    // Most of a day's turns played through the service on the way (RI-B15: each one's rolls made).
  }, 180_000);

  it('2400 IV.C: Next is refused until the abandoned guns are resolved; returned inside friendly lines', async () => {
    const page = e2e.page;
    await advanceTo('2400', 'IV.C');
    await e2e.reload();
    await e2e.screen('turn');
    expect(await text('turn-events-due')).toContain('Abandoned guns inside friendly lines return');
    expect(await text('turn-obligations')).toContain(`1 abandoned gun(s) of ${battery.name}`);
    await next();
    const refusal = await text('turn-next-error');
    expect(refusal.toLowerCase()).toContain(`first 1 abandoned gun(s) of ${battery.name}: returned if the hex is inside friendly lines at the end of the day, else captured by the enemy`.toLowerCase());
    expect(refusal).toContain('Rev. Abandoned Guns');
    await e2e.screenshot('turn-night-cleanup');
    expect(await e2e.clockText()).toBe('2400 IV.C');
    await page.getByRole('button', { name: `${battery.name}: guns inside friendly lines, return them` }).click();
    await e2e.settle();
    expect((await e2e.call('roster', { side: 'CSA' })).find((u) => u.id === battery.id)?.abandonedGuns).toBe(0);
    expect(await text('cleanup-guns')).toContain('No abandoned guns');
    expect(await page.getByTestId('turn-next-error').count()).toBe(0);
    // The RSM markers of the day's arrivals: none of their commands is in range, the players say, in the bar.
    if ((await page.getByTestId('obligation-rsm-keep').count()) > 0) {
      await page.getByTestId('obligation-rsm-keep').click();
      await e2e.settle();
    }
    await next();
    expect(await e2e.clockText()).toBe('0100 I.A');
    // Most of a day's turns played through the service on the way (RI-B15: each one's rolls made).
  }, 180_000);

  it('0400 IV.B: Next recovers half the stragglers of the brigade with the Recovery marker, and says so', async () => {
    await advanceTo('0400', 'IV.A');
    await e2e.reload();
    await e2e.screen('turn');
    await next();
    expect(await e2e.clockText()).toBe('0400 IV.B');
    expect(await text('turn-applied')).toContain("Pettigrew's Brigade recovers 1 straggler SP");
    expect((await unitsOf(PETTIGREW)).find((u) => u.id === straggler.id)?.stragglers).toBe(1);
    expect((await command(PETTIGREW)).recovery).toBe(false);
    await e2e.screenshot('turn-dawn-recovery');
    expect(e2e.consoleErrors).toEqual([]);
    // Most of a day's turns played through the service on the way (RI-B15: each one's rolls made).
  }, 180_000);
});
