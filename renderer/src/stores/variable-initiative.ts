/**
 * The Variable Initiative store (optional rule): what the service says about this turn's
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
  /** Separated forces (RI-O06): the cut-off group (1, 2, ...) the players put a unit in; a unit not listed is in the main body. */
  const cutOff = ref<Record<'USA' | 'CSA', Record<string, number>>>({ USA: {}, CSA: {} });

  /** The service's input for the groups: each side's cut-off groups in order, empty ones left out. */
  function separatedInput(): { separated?: { USA?: string[][]; CSA?: string[][] } } {
    const out: { USA?: string[][]; CSA?: string[][] } = {};
    for (const side of ['USA', 'CSA'] as const) {
      const byGroup = new Map<number, string[]>();
      for (const [unitId, group] of Object.entries(cutOff.value[side])) byGroup.set(group, [...(byGroup.get(group) ?? []), unitId]);
      const groups = [...byGroup.entries()].sort((a, b) => a[0] - b[0]).map(([, ids]) => ids);
      if (groups.length > 0) out[side] = groups;
    }
    return Object.keys(out).length > 0 ? { separated: out } : {};
  }
  /** The turn the statements were made in: a new turn (or a determination) starts with none. */
  let statementsTurn: string | undefined;
  function clearStatements(): void {
    surrounded.value = [];
    cutOff.value = { USA: {}, CSA: {} };
  }
  /** What the dawn's reads and the determination take from the players' statements (made in this turn). */
  function statements(): { surrounded?: string[]; separated?: { USA?: string[][]; CSA?: string[][] } } {
    if (statementsTurn !== app.game?.clock.turnId) clearStatements();
    return { ...(surrounded.value.length ? { surrounded: [...surrounded.value] } : {}), ...separatedInput() };
  }

  async function load(): Promise<void> {
    if (!app.hasGame || app.game?.optionalRules.settings.variableInitiative !== true) {
      levels.value = null;
      plots.value = null;
      return;
    }
    const session = app.session;
    try {
      const [l, p] = await Promise.all([call('initiativeLevels', app.asViewer(statements())), call('nightPlots', app.asViewer({}))]);
      if (session !== app.session) return;
      levels.value = l;
      plots.value = p;
      loadError.value = null;
    } catch (e) {
      if (session === app.session) loadError.value = asApiError(e, 'initiativeLevels').message;
    }
  }

  watch(() => [app.revision, app.game?.file, app.game?.clock.turnId, app.game?.clock.segment, app.game?.clock.phase, app.asViewer({}).viewer], load, { immediate: true });
  app.onGameSwitch(() => {
    levels.value = null;
    plots.value = null;
    clearStatements();
  });

  /** States a unit surrounded (or not) and reloads the preview as the service counts it. */
  async function setSurrounded(unitId: string, on: boolean): Promise<void> {
    statements();
    statementsTurn = app.game?.clock.turnId;
    surrounded.value = on ? [...new Set([...surrounded.value, unitId])] : surrounded.value.filter((id) => id !== unitId);
    await load();
  }

  /** Puts a unit in a cut-off group (0: back in the main body) and reloads the preview as the service counts it. */
  async function setCutOff(side: 'USA' | 'CSA', unitId: string, group: number): Promise<void> {
    statements();
    statementsTurn = app.game?.clock.turnId;
    const next = { ...cutOff.value[side] };
    if (group > 0) next[unitId] = group;
    else delete next[unitId];
    cutOff.value = { ...cutOff.value, [side]: next };
    await load();
  }

  async function determine(input: CallInput<'determineInitiativeLevels'>): Promise<void> {
    await app.write('determineInitiativeLevels', determination(input));
    // Determined: the statements are in the record now, and the next dawn starts with none.
    clearStatements();
  }
  /** The determination's whole input: the dice given and the players' statements (asked whole when rolled jointly). */
  function determination(input: CallInput<'determineInitiativeLevels'>): CallInput<'determineInitiativeLevels'> {
    return { ...input, ...statements() };
  }
  /** A side's plot is its secret: the status line does not say what it was. */
  const plot = (input: CallInput<'plotNightMovement'>) => app.write('plotNightMovement', input, () => `${input.side}'s night plot recorded: hidden until both sides have finished`);

  return { levels, plots, loadError, surrounded, cutOff, load, setSurrounded, setCutOff, determine, determination, clearStatements, plot };
});
