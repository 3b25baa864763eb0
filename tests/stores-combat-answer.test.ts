/**
 * After a change the Combat screen reads again only what the write's answer does not say it kept: the fire
 * plan (planFire), the leaders its result names, the hexes last used (recentHexes). The weather is the game's
 * info, which every answer brings. The screen's reads run as in the app (the combat store, and the same
 * queries the Fire assistant holds through useServiceQuery), against window.muster made of the real handlers
 * and the one dispatch, on a real game file in the Activation Segment.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { effectScope, nextTick, type EffectScope } from 'vue';
import type { ContractFunction } from '../contract';
import type { GameService } from '../db/service';
import type { ShellHandlers } from '../electron/handlers';
import { call } from '../renderer/src/api';
import { useServiceQuery } from '../renderer/src/composables/service-query';
import { useAppStore } from '../renderer/src/stores/app';
import { useCombatStore } from '../renderer/src/stores/combat';
import { useRosterStore } from '../renderer/src/stores/roster';
import { advanceTo, COMBAT_SCENARIO, tempDir } from './fixtures/game';
import { closeInWindow, openInWindow, type OpenInWindow } from './fixtures/window-muster';

const tmp = tempDir('muster-store-combat-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow;
let shell: ShellHandlers;
let scope: EffectScope;

/** I Corps activated in the In-Command Activation Phase: its Iron Brigade may fire at Archer's. */
function inActivation(game: GameService): void {
  advanceTo(game, { segment: 'II', phase: 'A' });
  game.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
  advanceTo(game, { segment: 'III', phase: 'A' });
  game.attemptActivation({ commandId: 'usa-i' });
}

beforeEach(async () => {
  opened = await openInWindow(tmp.dir, inActivation, COMBAT_SCENARIO);
  shell = opened.shell;
  setActivePinia(createPinia());
  scope = effectScope();
});

afterEach(() => {
  scope.stop();
  closeInWindow(opened);
});

/** The window's calls since the last `forgetCalls()`, by function name. */
const calls = () => opened.calls.map((c) => c.fn);
const forgetCalls = () => {
  opened.calls.length = 0;
};
const asked = (fn: ContractFunction) => calls().filter((c) => c === fn).length;

/** Vue's updates, the task after them (when a screen's questions are asked), and their answers. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await nextTick();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

const FIRE = { stack: ['2-wi', '6-wi'], range: 2, targets: ['13-al'] };

/** The Combat screen on the Fire tab, as the app shows it: its load (the roster, the hexes last used), the plan and the leaders asked. */
async function combatShown() {
  const app = useAppStore();
  const combat = useCombatStore();
  const roster = useRosterStore();
  await app.boot();
  const { plan, leaders } = scope.run(() => ({
    plan: useServiceQuery(() => FIRE, (i) => combat.planFire(i), { kept: 'planFire' }),
    leaders: useServiceQuery(() => ({}), () => call('leaders'), { keepOnError: true, kept: 'leaders' }),
  }))!;
  // What CombatView reads on every change.
  const screenLoad = () => Promise.all([roster.ensureLoaded(), combat.loadRecentHexes()]);
  await screenLoad();
  await settle();
  forgetCalls();
  return { app, combat, plan, leaders, screenLoad, backend: shell.currentBackend()! };
}

const targetSp = (plan: { data: { value: { attack: { target: { units: { unitId: string; currentSp: number }[] } } | null } | null } }) =>
  plan.data.value?.attack?.target.units.find((u) => u.unitId === '13-al')?.currentSp;

describe('the Combat screen after a change reads only what the write changed', () => {
  it('a fire: the plan and the hexes last used are read again and show it; the leaders, which it left alone, are not', async () => {
    const { app, combat, plan, leaders, screenLoad, backend } = await combatShown();
    const spBefore = targetSp(plan)!;
    const leadersBefore = leaders.data.value;
    expect(combat.recentHexes).toEqual([]);

    await combat.resolveFire({ ...FIRE, roll: 4, result: { sp: 1 } });
    await screenLoad();
    await settle();

    expect(calls().sort()).toEqual(['planFire', 'recentHexes', 'resolveFire']);
    expect(targetSp(plan)).toBe(spBefore - 1);
    expect(plan.data.value).toEqual(backend.planFire(FIRE));
    expect(combat.recentHexes).toEqual(backend.recentHexes());
    expect(combat.recentHexes.map((h) => h.unitIds)).toContainEqual(['13-al']);
    // The leaders' view is the one held (the same object), and still what the service says.
    expect(leaders.data.value).toBe(leadersBefore);
    expect(leaders.data.value).toEqual(backend.leaders({}));
    // The weather line is the game's info, brought by the answer.
    expect(app.game!.weather).toEqual(backend.weather());
  });

  it('a die rolled by the app changes no state: nothing is read again', async () => {
    const { combat, plan, leaders, screenLoad, backend } = await combatShown();
    const held = { plan: plan.data.value, leaders: leaders.data.value, hexes: combat.recentHexes };
    await combat.appRoll('Fire: a test');
    await screenLoad();
    await settle();
    expect(calls()).toEqual(['rollDie']);
    expect(plan.data.value).toBe(held.plan);
    expect(leaders.data.value).toBe(held.leaders);
    expect(combat.recentHexes).toBe(held.hexes);
    expect(plan.data.value).toEqual(backend.planFire(FIRE));
  });

  it("a leader hit: the leaders are read again and show it; the hexes last used are kept", async () => {
    const { app, combat, leaders, screenLoad, backend } = await combatShown();
    await combat.resolveFire({ ...FIRE, roll: 4, result: { sp: 1 } });
    await screenLoad();
    await settle();
    const hexes = combat.recentHexes;
    forgetCalls();

    await app.write('leaderCasualty', { leaderId: 'archer-l', roll: 7 });
    await screenLoad();
    await settle();
    expect(asked('leaders')).toBe(1);
    expect(asked('recentHexes')).toBe(0);
    expect(combat.recentHexes).toBe(hexes);
    expect(leaders.data.value!.find((l) => l.id === 'archer-l')!.casualty).toBe('wounded');
    expect(leaders.data.value).toEqual(backend.leaders({}));
  });

  it('Undo of the fire reads the hexes last used again: the hex fired on is no longer offered', async () => {
    const { app, combat, plan, screenLoad, backend } = await combatShown();
    const spBefore = targetSp(plan);
    await combat.resolveFire({ ...FIRE, roll: 4, result: { sp: 1 } });
    await screenLoad();
    await settle();
    forgetCalls();

    expect(await app.undo()).toBe(true);
    await screenLoad();
    await settle();
    expect(calls().sort()).toEqual(['planFire', 'recentHexes', 'undo']);
    expect(combat.recentHexes).toEqual([]);
    expect(combat.recentHexes).toEqual(backend.recentHexes());
    expect(targetSp(plan)).toBe(spBefore);
  });

  it('a change the answer says nothing of (one from the menu) reads everything again', async () => {
    const { app, combat, screenLoad } = await combatShown();
    await app.afterChange();
    await screenLoad();
    await settle();
    expect(asked('planFire')).toBe(1);
    expect(asked('leaders')).toBe(1);
    expect(asked('recentHexes')).toBe(1);
    expect(combat.recentHexes).toEqual([]);
  });
});
