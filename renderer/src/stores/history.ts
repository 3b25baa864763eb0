/**
 * The History screen's store: every event of the game (newest first, undone ones included so they can
 * be shown struck through) and every die roll, joined to its event. A long game has tens of thousands
 * of events: the newest screenful is asked for first (one small call each for events and rolls, so the
 * screen paints at once), the rest page by page behind it (the contract's largest page, newest to
 * oldest, without the field changes the screen does not show). The turn and side filters work on what
 * is loaded, so they answer at once; `complete` says whether the oldest events are in yet.
 * The side of each event is the service's (HistoryEntry.side).
 *
 * After a write (its answer said what it touched), a log held whole is brought up to date with what came
 * after its newest entry and roll, and the entries an undo or redo revisited (log-since.ts), not read again.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { DiceRecord, HistoryEntry } from '../../../contract';
import type { Side } from '../../../rules/types';
import { call } from '../api';
import { downloadText } from '../download';
import { exportFileName, logCsv } from '../exports';
import { HISTORY_FIRST_PAGE } from '../history-lines';
import { entryRevisited, useAppStore } from './app';
import { entriesNewestFirst, rollsJoined, sinceHeld, type LogHeld, type Revisited } from './log-since';

/** The first call (history-lines.ts: the opening frame makes the same). */
const FIRST_PAGE = HISTORY_FIRST_PAGE;
/** Each later call: the contract's largest page. */
const PAGE = 5000;

export const useHistoryStore = defineStore('history', () => {
  const app = useAppStore();
  const entries = shallowRef<HistoryEntry[]>([]);
  const dice = shallowRef<Map<number, DiceRecord>>(new Map());
  const loadedRevision = ref(-1);
  /** True once every event and roll of the game is loaded (the older pages come in behind the first). */
  const complete = ref(false);
  const turnFilter = ref<string>('all');
  const sideFilter = ref<'all' | Side>('all');
  /** Bumped by every load: the pages of a load that was overtaken are dropped. */
  let generation = 0;
  /** Whose log is held, and in which turn of the game (log-since.ts). */
  let logHeld: LogHeld | null = null;
  /** The last write with an answer: the revision it brought and the entry an undo or redo revisited. */
  let lastWrite: { revision: number; revisited: Revisited | null } = { revision: -1, revisited: null };
  app.onWriteAnswer((changed, revision, made) => {
    lastWrite = { revision, revisited: changed.tables === null ? null : entryRevisited(made) };
    if (changed.tables === null) lastWrite.revision = -1;
  });

  /** Still the load it started as: same game session, same revision, no newer load. */
  function current(mine: number, revision: number, session: number): boolean {
    return mine === generation && revision === app.revision && session === app.session;
  }

  /** The older pages of events and rolls, each appended as it arrives, until a page comes back short. */
  async function loadRest(mine: number, revision: number, session: number, firstEntries: number, firstDice: number): Promise<void> {
    let more = { entries: firstEntries === FIRST_PAGE, dice: firstDice === FIRST_PAGE };
    while ((more.entries || more.dice) && current(mine, revision, session)) {
      const oldestEntry = entries.value.at(-1)?.seq;
      const oldestDie = Math.min(...dice.value.keys());
      const [olderEntries, olderDice] = await Promise.all([
        more.entries ? call('history', app.asViewer({ includeUndone: true, withChanges: false, limit: PAGE, beforeSeq: oldestEntry })) : Promise.resolve([]),
        more.dice ? call('diceLog', app.asViewer({ limit: PAGE, beforeSeq: oldestDie })) : Promise.resolve([]),
      ]);
      if (!current(mine, revision, session)) return;
      if (olderEntries.length > 0) entries.value = [...entries.value, ...olderEntries];
      if (olderDice.length > 0) dice.value = new Map([...dice.value, ...olderDice.map((d): [number, DiceRecord] => [d.seq, d])]);
      more = { entries: more.entries && olderEntries.length === PAGE, dice: more.dice && olderDice.length === PAGE };
    }
    if (current(mine, revision, session)) complete.value = true;
  }

  /** What came after the log held, joined to it; false when it must be read whole. */
  async function loadSince(mine: number, revision: number, session: number, held: LogHeld): Promise<boolean> {
    if (!complete.value || lastWrite.revision !== revision || loadedRevision.value !== revision - 1) return false;
    const newestRoll = dice.value.size === 0 ? undefined : Math.max(...dice.value.keys());
    const since = sinceHeld(logHeld, held, entries.value[0]?.seq, newestRoll, lastWrite.revisited);
    if (since === null) return false;
    const [after, rollsAfter] = await Promise.all([
      call('history', app.asViewer({ includeUndone: true, withChanges: false, limit: PAGE, afterSeq: since.afterEvent })),
      call('diceLog', app.asViewer({ limit: PAGE, afterSeq: since.afterRoll })),
    ]);
    if (!current(mine, revision, session)) return true;
    if (after.length === PAGE || rollsAfter.length === PAGE) return false;
    entries.value = entriesNewestFirst(entries.value, since.afterEvent, after);
    dice.value = rollsJoined(dice.value, since.afterRoll, rollsAfter);
    logHeld = held;
    loadedRevision.value = revision;
    return true;
  }

  /** The newest events and rolls now (the screen paints them); the rest follows in the background. */
  async function load(): Promise<void> {
    if (!app.game) return;
    const mine = ++generation;
    const { revision, session } = app;
    const held: LogHeld = { turnId: app.game.clock.turnId, viewer: app.viewer };
    if (await loadSince(mine, revision, session, held)) return;
    if (!current(mine, revision, session)) return;
    const [first, firstDice] = await Promise.all([
      call('history', app.asViewer({ includeUndone: true, withChanges: false, limit: FIRST_PAGE })),
      call('diceLog', app.asViewer({ limit: FIRST_PAGE })),
    ]);
    if (!current(mine, revision, session)) return;
    entries.value = first;
    dice.value = new Map(firstDice.map((d) => [d.seq, d]));
    complete.value = false;
    logHeld = held;
    loadedRevision.value = revision;
    void loadRest(mine, revision, session, first.length, firstDice.length).catch(() => {
      // A page that fails leaves the list as far as it got; the next change or visit loads it again.
      if (current(mine, revision, session)) loadedRevision.value = -1;
    });
  }

  app.onGameSwitch(() => {
    generation++;
    logHeld = null;
    lastWrite = { revision: -1, revisited: null };
    entries.value = [];
    dice.value = new Map();
    complete.value = false;
    loadedRevision.value = -1;
    turnFilter.value = 'all';
    sideFilter.value = 'all';
  });

  async function ensureLoaded(): Promise<void> {
    if (loadedRevision.value !== app.revision) await load();
  }

  /** Every event, waiting for the older pages if they are still coming (the export needs them all). */
  async function loadAll(): Promise<void> {
    await ensureLoaded();
    while (!complete.value) {
      const revision = loadedRevision.value;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (loadedRevision.value !== revision || loadedRevision.value === -1) await ensureLoaded();
    }
  }

  /** The turns of the loaded events, newest first. */
  const turns = computed(() => [...new Set(entries.value.map((e) => e.turnId))]);
  const filtered = computed(() =>
    entries.value.filter(
      (entry) => (turnFilter.value === 'all' || entry.turnId === turnFilter.value) && (sideFilter.value === 'all' || entry.side === sideFilter.value || entry.side === 'both'),
    ),
  );

  function diceOf(entry: HistoryEntry): DiceRecord[] {
    return entry.diceSeqs.map((seq) => dice.value.get(seq)).filter((d): d is DiceRecord => d !== undefined);
  }

  /** The whole log with its die rolls as CSV (File > Export Game Log as CSV), whatever the filters. */
  async function exportCsv(): Promise<void> {
    await loadAll();
    const game = await call('currentGame');
    if (game) downloadText(logCsv(entries.value, dice.value, game), exportFileName(game.file, 'log'));
  }

  return { exportCsv, entries, dice, loadedRevision, complete, turnFilter, sideFilter, turns, filtered, load, ensureLoaded, loadAll, diceOf };
});
