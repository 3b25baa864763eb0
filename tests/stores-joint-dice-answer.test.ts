/**
 * In a game played from two seats every screen that rolls a die holds the joint dice (composables/joint-dice.ts):
 * after a change whose answer says they are as they were (a loss, a die typed) they are not asked again, and the
 * screen's offer is the one it held; after one that moved them (a request for joint dice) they are, and the
 * screen shows the request waiting. The composable runs in a mounted component as in the app, against
 * window.muster made of the real handlers and the one dispatch, on a real seat's file.
 */
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import type { ContractFunction } from '../contract';
import { useJointDice } from '../renderer/src/composables/joint-dice';
import { useAppStore } from '../renderer/src/stores/app';
import { tempDir } from './fixtures/game';
import { mountSetup } from './fixtures/mount';
import { closeInWindow, openFileInWindow, type OpenInWindow } from './fixtures/window-muster';
import { playUntil, toAct, twoSeats } from './seats/table';

const tmp = tempDir('muster-store-joint-dice-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow;
let pinia: Pinia;
/** A CSA unit on the map (a loss to it is the CSA seat's to record in its step). */
let unitId: string;

beforeEach(async () => {
  // Willoughby Run from two seats, played on to the CSA seat's public step (II.B: it holds the Initiative), both live.
  const t = playUntil(tmp.dir, (x) => x.CSA.info().clock.segment === 'II' && x.CSA.info().clock.phase === 'B');
  unitId = t.CSA.roster().find((u) => u.side === 'CSA' && u.onMap)!.id;
  t.USA.close();
  t.CSA.close();
  opened = await openFileInWindow(tmp.dir, t.files.CSA);
  pinia = createPinia();
  setActivePinia(pinia);
});

afterEach(() => {
  closeInWindow(opened);
});

const asked = (fn: ContractFunction) => opened.calls.filter((c) => c.fn === fn).length;
const forgetCalls = () => {
  opened.calls.length = 0;
};

/** Vue's updates, the task after them (when a screen's questions are asked), and their answers. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await nextTick();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** A screen that rolls a die, as the app shows it: the app booted, the joint dice asked as it mounts. */
async function screenShown() {
  const app = useAppStore();
  await app.boot();
  const screen = mountSetup(pinia, () => useJointDice({ mine: () => true }));
  await settle();
  return { app, joint: screen.value, unmount: screen.unmount };
}

describe('the joint dice a screen holds, after a change', () => {
  it('a loss and a die typed keep them: not asked again, the offer the one held; a request for them moves them: asked again, the request shown waiting', async () => {
    const { app, joint, unmount } = await screenShown();
    try {
      expect(asked('jointDice')).toBe(1);
      const offer = joint.offered.value;
      expect(offer).toMatchObject({ twoSeat: true, seat: 'CSA', live: true, mayAsk: { allowed: true }, open: null });
      expect(joint.mayAsk.value).toBe(true);

      for (const [fn, input] of [['recordLoss', { unitId, sp: 1 }], ['rollDie', { purpose: 'a test', roll: 4 }]] as const) {
        forgetCalls();
        await app.write(fn, input);
        await settle();
        expect(asked('jointDice'), fn).toBe(0);
        expect(joint.offered.value, fn).toBe(offer);
      }

      forgetCalls();
      await app.write('askJointDice', { fn: 'rollDie', input: { purpose: 'the fire die' } });
      await settle();
      expect(asked('jointDice')).toBe(1);
      expect(joint.waiting.value).toMatchObject({ side: 'CSA', fn: 'rollDie', purpose: 'the fire die', status: 'waiting' });
      expect(joint.words.value).toMatch(/^Waiting for the USA seat's share of the dice for the fire die/);
      expect(joint.mayAsk.value).toBe(false);
    } finally {
      unmount();
    }
  });

  it('after a change the answer says nothing of (a packet received, the menu), they are asked again', async () => {
    const { app, unmount } = await screenShown();
    try {
      forgetCalls();
      await app.afterChange();
      await settle();
      expect(asked('jointDice')).toBeGreaterThan(0);
    } finally {
      unmount();
    }
  });
});

describe('the joint dice a screen holds, in a step of secret entries', () => {
  it("finishing the seat's entries keeps them (the answer names them, every other view is read again as the seat sees it): not asked again, the offer the one held", async () => {
    // Willoughby Run from two seats at its first step (I.A), where both seats enter at once: the CSA seat's window.
    closeInWindow(opened);
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    expect(toAct(t.CSA)).toBe('both');
    const file = t.files.CSA;
    t.USA.close();
    t.CSA.close();
    opened = await openFileInWindow(tmp.dir, file);
    pinia = createPinia();
    setActivePinia(pinia);
    const { app, joint, unmount } = await screenShown();
    try {
      const offer = joint.offered.value;
      expect(offer).toMatchObject({ twoSeat: true, seat: 'CSA' });
      forgetCalls();
      await app.write('finishEntries', { side: 'CSA' });
      await settle();
      expect(asked('jointDice')).toBe(0);
      expect(joint.offered.value).toBe(offer);
    } finally {
      unmount();
    }
  });
});
