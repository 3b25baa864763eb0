/**
 * The Variable Initiative store (optional rule, issue #11): what the service says about this turn's
 * Initiative (decided by the First Day-Turn's levels, levels due, or the roll), the levels determined so
 * far, and the night plot pads as the side at the keyboard may see them (the other side's stay hidden
 * until both have finished, RI-H01, RI-O25). Nothing is derived here: the screens show the service's
 * answers, reloaded after every change (app.revision).
 */
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import type { CallInput, Output } from '../../../contract';
import { asApiError, call } from '../api';
import { useAppStore } from './app';

export type InitiativeLevelsReport = Output<'initiativeLevels'>;
export type InitiativeLevelsRecord = InitiativeLevelsReport['records'][number];
export type InitiativeLevelSide = InitiativeLevelsRecord['USA'];
export type NightPlotsReport = Output<'nightPlots'>;

export const useVariableInitiativeStore = defineStore('variable-initiative', () => {
  const app = useAppStore();
  const levels = ref<InitiativeLevelsReport | null>(null);
  const plots = ref<NightPlotsReport | null>(null);
  const loadError = ref<string | null>(null);
  /** The units the players state surrounded by Enemy ZOC at the dawn about to be determined: the preview counts them as nothing. */
  const surrounded = ref<string[]>([]);

  async function load(): Promise<void> {
    if (!app.hasGame || app.game?.optionalRules.settings.variableInitiative !== true) {
      levels.value = null;
      plots.value = null;
      return;
    }
    const session = app.session;
    try {
      const [l, p] = await Promise.all([call('initiativeLevels', app.asViewer(surrounded.value.length ? { surrounded: [...surrounded.value] } : {})), call('nightPlots', app.asViewer({}))]);
      if (session !== app.session) return;
      levels.value = l;
      plots.value = p;
      loadError.value = null;
    } catch (e) {
      if (session === app.session) loadError.value = asApiError(e, 'initiativeLevels').message;
    }
  }

  watch(() => [app.revision, app.game?.file, app.game?.clock.turnId, app.game?.clock.segment, app.game?.clock.phase, app.asViewer({}).viewer], load, { immediate: true });
  // A new dawn (or another game) starts with nobody surrounded.
  watch(() => [app.game?.file, app.game?.clock.turnId], () => (surrounded.value = []));
  app.onGameSwitch(() => {
    levels.value = null;
    plots.value = null;
    surrounded.value = [];
  });

  /** States a unit surrounded (or not) and reloads the preview as the service counts it. */
  async function setSurrounded(unitId: string, on: boolean): Promise<void> {
    surrounded.value = on ? [...new Set([...surrounded.value, unitId])] : surrounded.value.filter((id) => id !== unitId);
    await load();
  }

  const determine = (input: CallInput<'determineInitiativeLevels'>) =>
    app.change(() => call('determineInitiativeLevels', { ...input, ...(surrounded.value.length ? { surrounded: [...surrounded.value] } : {}) }), (r) => r.event.summary);
  /** A side's plot is its secret: the status line does not say what it was. */
  const plot = (input: CallInput<'plotNightMovement'>) => app.change(() => call('plotNightMovement', input), () => `${input.side}'s night plot recorded: hidden until both sides have finished`);

  return { levels, plots, loadError, surrounded, load, setSurrounded, determine, plot };
});
