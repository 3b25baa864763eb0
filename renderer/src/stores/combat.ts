/**
 * The combat assistants' store: which assistant shows (Fire, Shock, Rally/UDD), the units the
 * players picked for it, the facts they stated and the dice they rolled, and the service's plan for them.
 * The plan (planFire, planShock, planCohesion) is always the service's: this store never works out a
 * frontage or a DRM itself. Results go to the service as ONE call each (resolveFire, resolveShock,
 * rally, udd) through the app store's write(), so the step can be undone; the screen then reads again only
 * what the write's answer does not say it kept (the hexes last used, the leaders, the plans: app.kept).
 *
 * App rolls are made with rollDie first (the players need the die before they can read their Fire,
 * Shock or Rally Table) and passed on by their seq (RI-K18).
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CallInput, Output, RecentHex, RosterUnit } from '../../../contract';
import { call } from '../api';
import { useAppStore } from './app';

export type PlanFireResult = Output<'planFire'>;
export type PlanShockResult = Output<'planShock'>;
export type PlanCohesionResult = Output<'planCohesion'>;
export type FireInput = CallInput<'resolveFire'>;
export type ShockInput = CallInput<'resolveShock'>;
export type PlanFireInput = CallInput<'planFire'>;
export type PlanShockInput = CallInput<'planShock'>;
export type Charts = Output<'charts'>;
export type ChartFireResult = Output<'chartFireResult'>;
export type CombatTab = 'fire' | 'shock' | 'cohesion';

/** A die for a combat roll: typed at the table, or the app's roll made with rollDie (its seq). */
export type CombatDie = { source: 'table'; roll: number } | { source: 'app' | 'joint'; roll: number; seq: number };

/** The die as the service takes it: `roll` for a typed die, `rollSeq` for the app's or a joint one (RI-K18). */
export function dieInput(die: CombatDie): { roll: number } | { rollSeq: number } {
  return die.source === 'table' ? { roll: die.roll } : { rollSeq: die.seq };
}

/**
 * The die a combat's input names, as the screen shows it: a typed `roll`, or the app's or a joint roll by its
 * `rollSeq`, read back from the dice log (a combat asked for jointly is shown again after a reload from its input).
 */
export async function dieOfInput(input: { roll?: number; rollSeq?: number }): Promise<CombatDie | null> {
  if (input.roll !== undefined) return { source: 'table', roll: input.roll };
  if (input.rollSeq === undefined) return null;
  const [d] = await call('diceLog', { beforeSeq: input.rollSeq + 1, limit: 1 });
  return d && d.seq === input.rollSeq && d.source !== 'table' ? { source: d.source, roll: d.roll, seq: d.seq } : null;
}

export const useCombatStore = defineStore('combat', () => {
  const app = useAppStore();
  const tab = ref<CombatTab>('fire');

  // What the players picked, kept while they move between screens (a new game starts afresh).
  const fireStack = ref<string[]>([]);
  const fireTargets = ref<string[]>([]);
  /** The fire's range, and how near the target a friendly unit is (artillery friendly fire, RI-K19): a die rolled jointly names them. */
  const fireRange = ref(2);
  const fireFriendlyNear = ref<'' | '1' | '2'>('');
  const shockAttackers = ref<string[]>([]);
  const shockDefenders = ref<string[]>([]);
  const cohesionUnit = ref<string | null>(null);
  const cohesionCheck = ref<'rally' | 'udd'>('rally');
  /** The player's charts (shell: they live outside the game file); null until read. */
  const charts = ref<Charts | null>(null);
  /** The hexes last named in fire and shock (the service's), offered again without typing names. */
  const recentHexes = ref<RecentHex[]>([]);

  app.onGameSwitch(() => {
    recentHexes.value = [];
    recentHexesRevision = -1;
    tab.value = 'fire';
    fireStack.value = [];
    fireTargets.value = [];
    fireRange.value = 2;
    fireFriendlyNear.value = '';
    shockAttackers.value = [];
    shockDefenders.value = [];
    cohesionUnit.value = null;
  });

  /** Opens an assistant with units picked: from the Roster (a selected unit) or the Activation Segment. */
  function openFire(stack: string[], targets: string[] = []): void {
    fireStack.value = [...stack];
    fireTargets.value = [...targets];
    tab.value = 'fire';
    app.go('combat');
  }
  function openShock(attackers: string[], defenders: string[] = []): void {
    shockAttackers.value = [...attackers];
    shockDefenders.value = [...defenders];
    tab.value = 'shock';
    app.go('combat');
  }
  function openCohesion(unitId: string | null, check: 'rally' | 'udd' = 'rally'): void {
    cohesionUnit.value = unitId;
    cohesionCheck.value = check;
    tab.value = 'cohesion';
    app.go('combat');
  }

  async function loadCharts(): Promise<Charts> {
    charts.value = await call('charts');
    return charts.value;
  }

  /** The revision `recentHexes` was read at, or kept through (a write whose answer kept them), or -1. */
  let recentHexesRevision = -1;

  /** The hexes last used, read unless what is held is of this revision or the last write's answer kept it. */
  async function loadRecentHexes(): Promise<void> {
    const revision = app.revision;
    if (recentHexesRevision === revision) return;
    if (app.kept('recentHexes', recentHexesRevision)) {
      recentHexesRevision = revision;
      return;
    }
    const session = app.session;
    const hexes = await call('recentHexes');
    if (session !== app.session) return;
    recentHexes.value = hexes;
    if (revision === app.revision) recentHexesRevision = revision;
  }

  /** The hexes of one side last used, as picker suggestions. */
  function hexSuggestions(side: 'USA' | 'CSA' | null) {
    return recentHexes.value.filter((h) => side === null || h.side === side).map((h) => ({ key: h.unitIds.join(' '), label: h.names.join(' + '), unitIds: h.unitIds }));
  }

  /** The units of the same brigade as the first picked, one suggestion each (a stack is usually one brigade's). */
  function brigadeSuggestions(units: readonly RosterUnit[], picked: readonly string[]) {
    const first = units.find((u) => u.id === picked[0]);
    if (!first) return [];
    return units.filter((u) => u.commandId === first.commandId && !picked.includes(u.id)).map((u) => ({ key: u.id, label: u.name, unitIds: [u.id] }));
  }

  const planFire = (input: PlanFireInput) => call('planFire', input);
  const planShock = (input: PlanShockInput) => call('planShock', input);
  const planCohesion = (input: CallInput<'planCohesion'>) => call('planCohesion', input);
  const chartFire = (strength: number, modified: number) => call('chartFireResult', { strength, modified });

  /** The app rolls a die now, in the dice log, for a roll whose result the players then read (RI-K18). */
  async function appRoll(purpose: string): Promise<CombatDie> {
    const r = await app.write('rollDie', { purpose }, () => undefined);
    return { source: 'app', roll: r.roll, seq: r.dice[0]!.seq };
  }

  // The screen reads what the write changed (the hexes last used among it) at the revision the write brings.
  const resolveFire = (input: FireInput) => app.write('resolveFire', input);
  const resolveShock = (input: ShockInput) => app.write('resolveShock', input);
  const designateBayonetCharge = (input: CallInput<'designateBayonetCharge'>) => app.write('designateBayonetCharge', input);
  const cancelBayonetCharge = (unitIds: string[]) => app.write('cancelBayonetCharge', { unitIds });
  const rally = (input: CallInput<'rally'>) => app.write('rally', input);
  const udd = (input: CallInput<'udd'>) => app.write('udd', input);

  return {
    tab,
    fireStack,
    fireTargets,
    fireRange,
    fireFriendlyNear,
    shockAttackers,
    shockDefenders,
    cohesionUnit,
    cohesionCheck,
    charts,
    openFire,
    openShock,
    openCohesion,
    loadCharts,
    recentHexes,
    loadRecentHexes,
    hexSuggestions,
    brigadeSuggestions,
    planFire,
    planShock,
    planCohesion,
    chartFire,
    appRoll,
    resolveFire,
    resolveShock,
    designateBayonetCharge,
    cancelBayonetCharge,
    rally,
    udd,
  };
});
