/**
 * The Messengers optional rule's store: what the service offers of the orders on
 * their way (orderMessages), read as the side at the keyboard sees the game. The service returns only that
 * side's own messages and routes, and only how many the other side has on the way (RI-O51); this store
 * shows what it is given and derives nothing. A game without the rule reads nothing.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Output } from '../../../contract';
import { asApiError, call } from '../api';
import { useAppStore } from './app';

export type OrderMessagesState = Output<'orderMessages'>;
export type OrderMessage = OrderMessagesState['messages'][number];
export type MessengerRoute = OrderMessagesState['routes'][number];

/** "0820" or, on another day, "2 July 0820": when a message arrives or was sent. */
export function turnLabel(t: { date: string; time: string }, today: string | undefined): string {
  if (t.date === today) return t.time;
  const day = Number(t.date.slice(8, 10));
  return `${day} July ${t.time}`;
}

export const useMessengersStore = defineStore('messengers', () => {
  const app = useAppStore();
  const state = ref<OrderMessagesState | null>(null);
  const loadError = ref<string | null>(null);
  const inForce = computed(() => app.game?.optionalRules.settings.messengers === true);
  const routes = computed(() => new Map((state.value?.routes ?? []).map((r) => [r.commandId, r])));

  async function load(): Promise<void> {
    if (!app.game || !inForce.value) {
      state.value = null;
      return;
    }
    const session = app.session;
    try {
      const next = await call('orderMessages', app.asViewer({}));
      if (session !== app.session) return;
      state.value = next;
      loadError.value = null;
    } catch (e) {
      if (session === app.session) loadError.value = asApiError(e, 'orderMessages').message;
    }
  }

  /** The row of the service's messenger table (RI-O15) a ride of `hexes` falls in: its turns and arrival; undefined for 0 or past it. */
  function rideOf(hexes: number): OrderMessagesState['table'][number] | undefined {
    return state.value?.table.find((r) => hexes >= r.fromHexes && hexes <= r.toHexes);
  }

  app.onGameSwitch(() => {
    state.value = null;
    loadError.value = null;
  });

  return { state, loadError, inForce, routes, load, rideOf };
});
