/**
 * The History screen's store: every event of the game (newest first, undone ones included so they can
 * be shown struck through) and every die roll, joined to its event. Each event's side is worked out
 * from the rows it changed (a unit's, leader's or command's side), for the side filter.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CommandNode, DiceRecord, HistoryEntry } from '../../../db/service-types';
import type { Side } from '../../../rules/types';
import { call } from '../api';
import { downloadText } from '../download';
import { exportFileName, logCsv } from '../exports';
import { useAppStore } from './app';

/** Longest history the screen asks for at once (the contract's maximum). */
const HISTORY_LIMIT = 5000;

export type EventSide = Side | 'both' | 'game';

/**
 * The side an event concerns: the side of every unit, leader and command it changed; 'both' when
 * they differ; otherwise a lone USA/CSA in its summary ("CSA passes"); else 'game' (the clock...).
 */
export function eventSide(entry: HistoryEntry, sideOf: ReadonlyMap<string, Side>): EventSide {
  const sides = new Set<Side>();
  for (const change of entry.changes) {
    const side = sideOf.get(`${change.table}:${change.key}`);
    if (side) sides.add(side);
  }
  if (sides.size === 0) {
    const usa = /\bUSA\b/.test(entry.summary);
    const csa = /\bCSA\b/.test(entry.summary);
    if (usa !== csa) sides.add(usa ? 'USA' : 'CSA');
    else if (usa && csa) return 'both';
  }
  if (sides.size === 1) return [...sides][0]!;
  return sides.size > 1 ? 'both' : 'game';
}

export const useHistoryStore = defineStore('history', () => {
  const app = useAppStore();
  const entries = shallowRef<HistoryEntry[]>([]);
  const dice = shallowRef<Map<number, DiceRecord>>(new Map());
  /** "units:<id>" / "leaders:<id>" / "commands:<id>" -> side; ids never change side, so read once per game. */
  const sideOf = shallowRef<Map<string, Side>>(new Map());
  let sidesFor = '';
  const loadedRevision = ref(-1);
  const turnFilter = ref<string>('all');
  const sideFilter = ref<'all' | Side>('all');

  async function loadSides(file: string): Promise<void> {
    if (sidesFor === file) return;
    const [units, leaders, tree] = await Promise.all([call('roster'), call('leaders'), call('commandTree')]);
    const map = new Map<string, Side>();
    for (const u of units) map.set(`units:${u.id}`, u.side);
    for (const l of leaders) map.set(`leaders:${l.id}`, l.side);
    const walk = (nodes: readonly CommandNode[]) => {
      for (const n of nodes) {
        map.set(`commands:${n.id}`, n.side);
        walk(n.children);
      }
    };
    walk(tree);
    sideOf.value = map;
    sidesFor = file;
  }

  async function load(): Promise<void> {
    const game = app.game;
    if (!game) return;
    const { revision, session } = app;
    const [nextEntries, nextDice] = await Promise.all([
      call('history', { includeUndone: true, limit: HISTORY_LIMIT }),
      call('diceLog', { limit: HISTORY_LIMIT }),
      loadSides(game.file),
    ]);
    if (session !== app.session) return;
    // Newest first, whatever order the service lists them in.
    entries.value = [...nextEntries].sort((a, b) => b.seq - a.seq);
    dice.value = new Map(nextDice.map((d) => [d.seq, d]));
    loadedRevision.value = revision;
  }

  app.onGameSwitch(() => {
    entries.value = [];
    dice.value = new Map();
    sideOf.value = new Map();
    sidesFor = '';
    loadedRevision.value = -1;
    turnFilter.value = 'all';
    sideFilter.value = 'all';
  });

  async function ensureLoaded(): Promise<void> {
    if (loadedRevision.value !== app.revision) await load();
  }

  const withSides = computed(() => entries.value.map((entry) => ({ entry, side: eventSide(entry, sideOf.value) })));
  const turns = computed(() => [...new Set(entries.value.map((e) => e.turnId))]);
  const filtered = computed(() =>
    withSides.value.filter(
      ({ entry, side }) => (turnFilter.value === 'all' || entry.turnId === turnFilter.value) && (sideFilter.value === 'all' || side === sideFilter.value || side === 'both'),
    ),
  );

  function diceOf(entry: HistoryEntry): DiceRecord[] {
    return entry.diceSeqs.map((seq) => dice.value.get(seq)).filter((d): d is DiceRecord => d !== undefined);
  }

  /** The whole log with its die rolls as CSV (File > Export Game Log as CSV), whatever the filters. */
  async function exportCsv(): Promise<void> {
    await ensureLoaded();
    const game = await call('currentGame');
    if (game) downloadText(logCsv(entries.value, dice.value, game), exportFileName(game.file, 'log'));
  }

  return { exportCsv, entries, dice, loadedRevision, turnFilter, sideFilter, turns, filtered, load, ensureLoaded, diceOf };
});
