/**
 * The victory store: the service's tally (loss points itemised, the objectives the players recorded,
 * the result, the loss points turn by turn and by corps), the history check, and the players' changes
 * to the objectives, each an undoable event through the app store's change(). The loss chart's geometry is in loss-chart.ts.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Output } from '../../../contract';
import type { Side } from '../../../rules/types';
import { asApiError, call } from '../api';
import { useAppStore } from './app';

export type VictoryTally = Output<'tally'>;
export type LossesByTurn = VictoryTally['lossesByTurn'];
export type HistoryCheck = Output<'historyCheck'>;

export const useVictoryStore = defineStore('victory', () => {
  const app = useAppStore();
  const tally = ref<VictoryTally | null>(null);
  /** The revision's victory rules applied to the real losses of this game's forces (RI-B08). */
  const history = ref<HistoryCheck | null>(null);
  const loadError = ref<string | null>(null);

  async function load(): Promise<void> {
    if (!app.hasGame) {
      tally.value = null;
      return;
    }
    const session = app.session;
    try {
      const [next, check] = await Promise.all([call('tally', app.asViewer({})), call('historyCheck', app.asViewer({}))]);
      if (session !== app.session) return;
      tally.value = next;
      history.value = check;
      loadError.value = null;
    } catch (e) {
      if (session === app.session) loadError.value = asApiError(e, 'tally').message;
    }
  }

  app.onGameSwitch(() => {
    tally.value = null;
    history.value = null;
    loadError.value = null;
  });

  /** Records a Geographic Objective occupied (or no longer) by the side whose list it is on. */
  const setObjective = (side: Side, objectiveId: string, occupied: boolean) =>
    app.write('setObjective', { side, objectiveId, occupied });

  /** Records the side's Manpower Objective (from its scenario sheet) as met, or not. */
  const setManpowerObjective = (side: Side, met: boolean) => app.write('setManpowerObjective', { side, met });

  const endGame = () => app.write('endGame', undefined);

  return { tally, history, loadError, load, setObjective, setManpowerObjective, endGame };
});
