/**
 * The Leaders screen's store: every leader as the service reports them (rank, rating, range, rating
 * points used this turn, moved, casualty status), the selected leader, and the leader casualty changes
 * (the casualty roll of Rev. Leader Losses, capture, replacement). Reloads after every change.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { DiceRecord, LeaderCasualtyResult, LeaderRow } from '../../../contract';
import { call } from '../api';
import { useAppStore } from './app';

export const useLeadersStore = defineStore('leaders', () => {
  const app = useAppStore();
  const leaders = shallowRef<LeaderRow[]>([]);
  const loadedRevision = ref(-1);
  const selectedId = ref<string | null>(null);
  /** The last casualty roll made on this screen, with its die as the service recorded it. */
  const lastRoll = ref<{ leaderId: string; result: LeaderCasualtyResult['result']; die: DiceRecord | null } | null>(null);

  const selected = computed(() => leaders.value.find((l) => l.id === selectedId.value) ?? null);

  async function load(): Promise<void> {
    if (!app.hasGame) return;
    const { revision, session } = app;
    const rows = await call('leaders', app.asViewer({}));
    if (session !== app.session) return;
    leaders.value = rows;
    loadedRevision.value = revision;
  }

  app.onGameSwitch(() => {
    leaders.value = [];
    loadedRevision.value = -1;
    selectedId.value = null;
    lastRoll.value = null;
  });

  async function ensureLoaded(): Promise<void> {
    if (loadedRevision.value !== app.revision) await load();
  }

  /** Rolls (or takes the typed die) for a leader casualty: 0-4 killed, 5-9 wounded (Rev. Leader Losses). */
  async function casualty(leaderId: string, roll: number | undefined): Promise<LeaderCasualtyResult> {
    const result = await app.write('leaderCasualty', { leaderId, ...(roll === undefined ? {} : { roll }) });
    lastRoll.value = { leaderId, result: result.result, die: result.dice[0] ?? null };
    return result;
  }

  function captured(leaderId: string) {
    return app.write('leaderCaptured', { leaderId });
  }

  function replace(leaderId: string, rating: number | null) {
    return app.write('replaceLeader', { leaderId, rating });
  }

  return { leaders, loadedRevision, selectedId, selected, lastRoll, load, ensureLoaded, casualty, captured, replace };
});
