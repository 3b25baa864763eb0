/**
 * The battle store: what playing the whole battle adds to the turn screens, as the service gives it.
 * This turn's arrivals (public), the weather (in GameInfo), the clock moved on to the next decision,
 * the movement helper, fatigue recovery, and each side's secrets (its Alternative Arrival orders and its
 * concealed plots), which are read with that side as the viewer only while that side's player looks,
 * and dropped when he hands over: nothing secret is kept for the other side to find.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CallInput as ChannelInput, Output as ChannelOutput } from '../../../contract';
import type { Side } from '../../../rules/types';
import { call } from '../api';
import { useAppStore } from './app';

export type ArrivalsReport = ChannelOutput<'arrivals'>;
export type ArrivalGroup = ArrivalsReport['groups'][number];
export type MovementReport = ChannelOutput<'movementAllowance'>;
export type ConcealedPlots = ChannelOutput<'concealedPlots'>;
export type TimeTrackTurn = ChannelOutput<'timeTrack'>[number];
export type AdvanceToDecisionResult = ChannelOutput<'advanceToDecision'>;
export type StandingWord = NonNullable<ChannelOutput<'standingWord'>>;

export const useBattleStore = defineStore('battle', () => {
  const app = useAppStore();
  /** This turn's arrivals as both players may see them (no viewer: no side's secrets). */
  const arrivals = ref<ArrivalsReport | null>(null);
  /** One side's own view while its player looks (its Alternative Arrival orders). */
  const secretArrivals = ref<ArrivalsReport | null>(null);
  const plots = ref<ConcealedPlots | null>(null);
  /** Two seats (RI-H13): this seat's standing word on Alternative Arrival Area orders, as the service offers it. */
  const standingWord = ref<StandingWord | null>(null);
  const timeTrack = ref<TimeTrackTurn[]>([]);
  /** The last move to the next decision: the steps passed and why it stopped. */
  const lastJump = ref<AdvanceToDecisionResult | null>(null);

  async function loadArrivals(): Promise<void> {
    if (!app.hasGame) {
      arrivals.value = null;
      return;
    }
    const session = app.session;
    // Two seats (RI-H09): the window is its seat's, so its own side's view (its orders, and whether its word
    // on an Alternative Arrival Area is awaited, RI-H10) is read with it, with no hand-over.
    const side = app.game?.seat?.side;
    const [report, own, standing] = await Promise.all([
      call('arrivals'),
      side ? call('arrivals', { viewer: side }) : Promise.resolve(null),
      side ? call('standingWord') : Promise.resolve(null),
    ]);
    if (session !== app.session) return;
    arrivals.value = report;
    if (own) secretArrivals.value = own;
    standingWord.value = standing;
  }

  async function loadTimeTrack(): Promise<void> {
    if (!app.hasGame || timeTrack.value.length > 0) return;
    const session = app.session;
    const turns = await call('timeTrack');
    if (session === app.session) timeTrack.value = turns;
  }

  /** A side's player looks at his secrets: read with that side as the viewer. */
  async function showSecrets(viewer: Side): Promise<void> {
    const session = app.session;
    const [own, concealed] = await Promise.all([call('arrivals', { viewer }), call('concealedPlots', { viewer })]);
    if (session !== app.session) return;
    secretArrivals.value = own;
    plots.value = concealed;
  }

  /** The player hands over: his secrets leave the window. */
  function hideSecrets(): void {
    secretArrivals.value = null;
    plots.value = null;
  }

  app.onGameSwitch(() => {
    arrivals.value = null;
    standingWord.value = null;
    timeTrack.value = [];
    lastJump.value = null;
    hideSecrets();
  });

  const rollDueArrivals = (side?: Side) => app.write('rollDueArrivals', side ? { side } : undefined);
  const attemptReinforcement = (side: Side, groupId: string, roll: number | undefined) =>
    app.write('attemptReinforcement', { side, groupId, ...(roll !== undefined ? { roll } : {}) });
  /** Random Event M (the combat domain's setWeather). */
  const rainBegins = () => app.write('setWeather', { raining: true });
  const rollRainEnd = (roll: number | undefined) => app.write('rollToEndRain', roll !== undefined ? { roll } : {});
  const doubleTime = (input: ChannelInput<'doubleTime'>) => app.write('doubleTime', input);
  const designateFatigueRecovery = (input: ChannelInput<'designateFatigueRecovery'>) => app.write('designateFatigueRecovery', input);
  const setUnitFlags = (input: ChannelInput<'setUnitFlags'>) => app.write('setUnitFlags', input);
  const editReinforcementGroup = (input: ChannelInput<'editReinforcementGroup'>) => app.write('editReinforcementGroup', input);
  const editLeaderArrival = (input: ChannelInput<'editLeaderArrival'>) => app.write('editLeaderArrival', input);

  /** A side's secret entry: its secrets are read again as that side sees them once it is written. */
  async function secretWrite<K extends 'orderAlternativeArrival' | 'concealCommand' | 'plotConcealed' | 'deployConcealed'>(fn: K, input: ChannelInput<K>): Promise<ChannelOutput<K>> {
    const result = await app.write(fn, input);
    await showSecrets(input.side);
    return result;
  }
  const orderAlternativeArrival = (input: ChannelInput<'orderAlternativeArrival'>) => secretWrite('orderAlternativeArrival', input);
  /** Two seats (RI-H10): the side without the Initiative's word, "no order this turn". */
  const declineAlternativeArrival = (side: Side) => app.write('declineAlternativeArrival', { side });
  /** Two seats (RI-H13): the seat's player ticks or unticks "No order until I say otherwise"; the service gives the word when it is due. */
  async function setStandingWord(side: Side, standing: boolean): Promise<void> {
    const result = await app.write('setStandingWord', { side, standing }, (r) =>
      r.standing ? `Standing word set: no Alternative Arrival Area order until you say otherwise${r.lastGiven?.thisTurn ? ' (given for this turn)' : ''}` : 'Standing word taken back: your word is asked again each turn',
    );
    standingWord.value = result;
  }
  const concealCommand = (input: ChannelInput<'concealCommand'>) => secretWrite('concealCommand', input);
  const plotConcealed = (input: ChannelInput<'plotConcealed'>) => secretWrite('plotConcealed', input);
  const deployConcealed = (input: ChannelInput<'deployConcealed'>) => secretWrite('deployConcealed', input);

  const movement = (input: ChannelInput<'movementAllowance'>): Promise<MovementReport> => call('movementAllowance', input);

  /** On to the next decision; `nothingToEnter` says which sides have nothing to enter in the steps of secret entries passed (RI-H02). */
  async function advanceToDecision(input?: ChannelInput<'advanceToDecision'>): Promise<AdvanceToDecisionResult> {
    const result = await app.write('advanceToDecision', input, (r) => `Moved on to ${r.clock.label}: ${r.stoppedBecause}`);
    lastJump.value = result;
    return result;
  }

  return {
    arrivals,
    secretArrivals,
    standingWord,
    plots,
    timeTrack,
    lastJump,
    loadArrivals,
    loadTimeTrack,
    showSecrets,
    hideSecrets,
    rollDueArrivals,
    attemptReinforcement,
    rainBegins,
    rollRainEnd,
    doubleTime,
    designateFatigueRecovery,
    setUnitFlags,
    editReinforcementGroup,
    editLeaderArrival,
    orderAlternativeArrival,
    declineAlternativeArrival,
    setStandingWord,
    concealCommand,
    plotConcealed,
    deployConcealed,
    movement,
    advanceToDecision,
  };
});
