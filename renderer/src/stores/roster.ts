/**
 * The Roster screen's store: the units and the command tree as the service reports them, the search
 * and filters, folded commands and the selected row; and the changes made from the roster (SP and
 * straggler losses, fatigue, orders). Every change goes through the app store's write, whose answer
 * carries the units and the commands the service says changed (applied here: only their rows redraw); without
 * it, the roster reads what changed since the sheet it holds. The command tree, sent as its changed commands
 * (mergeTree) or read again whole (keepUnchanged), keeps the objects of every command that did not change, and
 * the rows made from the tree and the units keep theirs (rosterRows): after a loss only the unit's row and its
 * superiors' rows are new objects, so Vue redraws those rows and no other.
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef } from 'vue';
import type { CommandNode, RosterSheet, RosterUnit, SetOrdersInput } from '../../../contract';
import { COUNTER_LIMITS, type LossCause } from '../../../rules/types';
import { nextTick } from 'vue';
import { call } from '../api';
import { downloadText } from '../download';
import { exportFileName, rosterCsv } from '../exports';
import { mergeTree, mergeUnits, NO_FILTERS, rosterRows, type RosterFilters, type RosterRow } from '../roster-rows';
import { useAppStore } from './app';
import { keepUnchanged } from './keep-unchanged';

/** Fatigue levels, as the counters' limits declare them (rules/types.ts). */
export const FATIGUE = COUNTER_LIMITS.fatigue;

export const useRosterStore = defineStore('roster', () => {
  const app = useAppStore();
  /** The units and the command tree: replaced, never changed in place (shallow refs); what did not change is the object held. */
  const units = shallowRef<RosterUnit[]>([]);
  const tree = shallowRef<CommandNode[]>([]);
  const loadedRevision = ref(-1);
  const loading = ref(false);
  const filters = reactive<RosterFilters>({ ...NO_FILTERS });
  const collapsed = ref<Set<string>>(new Set());
  const selectedKey = ref<string | null>(null);
  /** While printing, the table renders every row (not only those in view), folded commands' units included. */
  const printing = ref(false);

  /** The roster sheet on paper has every unit: a command folded on screen is printed unfolded. */
  const NOTHING_FOLDED: ReadonlySet<string> = new Set();
  const rows = computed<RosterRow[]>((held) => rosterRows(tree.value, units.value, filters, printing.value ? NOTHING_FOLDED : collapsed.value, held));
  const commandById = computed(() => {
    const map = new Map<string, CommandNode>();
    const walk = (nodes: readonly CommandNode[]) => {
      for (const n of nodes) {
        map.set(n.id, n);
        walk(n.children);
      }
    };
    walk(tree.value);
    return map;
  });
  /**
   * Each command's name, by id (the Orders column's "from <command>"): the map held while no name changed, so
   * the rows that name a command do not redraw when a loss changes their superiors' totals.
   */
  const commandNames = computed<ReadonlyMap<string, string>>((held) => {
    const names = new Map<string, string>();
    for (const [id, node] of commandById.value) names.set(id, node.name);
    return held !== undefined && held.size === names.size && [...names].every(([id, name]) => held.get(id) === name) ? held : names;
  });

  /** The service's revision of the sheet shown (null: none, or one shown as one side sees it), asked `since` next time. */
  let heldSheet: string | null = null;
  /** The side the sheet held was read as (undefined: as nobody in particular; a write's answer is that view). */
  let heldViewer: string | undefined;

  /** The read in flight, and the revision it is for (several callers share one read). */
  let inFlight: { revision: number; promise: Promise<void> } | null = null;

  async function read(revision: number): Promise<void> {
    const session = app.session;
    const viewer = app.viewer;
    loading.value = true;
    try {
      // One read for the whole screen (the tree and every unit): the first paint waits on one query. After
      // a change, only the units changed since the sheet held here are sent (a loss: one row); the others
      // keep their objects, so Vue redraws the rows that changed.
      const since = heldSheet;
      let sheet = await call('rosterSheet', app.asViewer(since === null ? {} : { since }));
      if (session !== app.session) return;
      let merged = sheet.changes?.since === since ? sheetChanges(sheet) : null;
      if (merged === null) {
        if (sheet.tree === undefined) {
          sheet = await call('rosterSheet', app.asViewer({}));
          if (session !== app.session) return;
        }
        merged = { units: keepUnchanged(units.value, sheet.units), tree: keepUnchanged(tree.value, sheet.tree ?? []) };
      }
      units.value = merged.units;
      tree.value = merged.tree;
      heldSheet = sheet.revision ?? null;
      heldViewer = viewer;
      loadedRevision.value = revision;
    } finally {
      loading.value = false;
    }
  }

  /**
   * The units and the tree of a sheet of changes applied to those held: only what changed is a new object.
   * Null when they name a unit or a command not held (the whole sheet is then read).
   */
  function sheetChanges(sheet: RosterSheet): { units: RosterUnit[]; tree: CommandNode[] } | null {
    if (sheet.changes === undefined) return null;
    const mergedUnits = mergeUnits(units.value, sheet.units, sheet.changes.unitIds);
    const mergedTree = mergedUnits === null ? null : mergeTree(tree.value, sheet.changes.commands, sheet.changes.rootIds);
    return mergedUnits === null || mergedTree === null ? null : { units: mergedUnits, tree: mergedTree };
  }

  function start(revision: number): Promise<void> {
    if (inFlight?.revision === revision) return inFlight.promise;
    const promise = read(revision).finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    inFlight = { revision, promise };
    return promise;
  }

  async function load(): Promise<void> {
    if (!app.hasGame) {
      units.value = [];
      tree.value = [];
      heldSheet = null;
      return;
    }
    await start(app.revision);
  }

  /**
   * True when a sheet is held as `viewer` sees the game: asked again, it is sent what changed since (a few
   * rows), not every unit. The Turn screen then brings its tree up to date from it (stores/turn.ts).
   */
  function holdsSheetAs(viewer: string | undefined): boolean {
    return heldSheet !== null && heldViewer === viewer;
  }

  /** Loads unless what is shown is already the current revision (or its read is under way). */
  async function ensureLoaded(): Promise<void> {
    if (loadedRevision.value !== app.revision) await load();
  }

  /**
   * Called while the app boots, before it knows whether a game is open: the roster is what shows
   * first, so its read starts in the same round trip (app store boot). Never rejects: with no game
   * open the refusal is ignored, and a game's refusal is the screen's to show when it loads again.
   */
  function prefetch(): Promise<void> {
    return start(app.revision).catch(() => undefined);
  }

  function toggle(commandId: string, fold?: boolean): void {
    const next = new Set(collapsed.value);
    const shouldFold = fold ?? !next.has(commandId);
    if (shouldFold) next.add(commandId);
    else next.delete(commandId);
    collapsed.value = next;
  }

  function resetFilters(): void {
    Object.assign(filters, NO_FILTERS);
  }

  // A write's answer: the units and commands changed since the sheet held here (as nobody in particular sees the
  // game, which is what this screen shows while no side's entries are secret), applied at the
  // write's revision, so the screen redraws the rows that changed without reading again. Anything else
  // (no sheet in the answer, another sheet held, a read under way) is left to the reload.
  app.onWriteAnswer((changed, revision) => {
    const sheet = changed.sheet;
    if (sheet === null || sheet.changes === undefined || heldSheet === null || sheet.changes.since !== heldSheet || inFlight !== null || app.viewer !== undefined) return;
    const merged = sheetChanges(sheet);
    if (merged === null) return;
    units.value = merged.units;
    tree.value = merged.tree;
    heldSheet = sheet.revision ?? null;
    heldViewer = undefined;
    loadedRevision.value = revision;
  });

  // Another game: nothing of this one's roster, search, filters, folding or selection carries over.
  app.onGameSwitch(() => {
    inFlight = null;
    heldSheet = null;
    units.value = [];
    tree.value = [];
    loadedRevision.value = -1;
    loading.value = false;
    resetFilters();
    collapsed.value = new Set();
    selectedKey.value = null;
    printing.value = false;
  });

  function recordLoss(unitId: string, sp: number, cause: LossCause, straggler: boolean) {
    return app.write('recordLoss', { unitId, sp, cause, straggler });
  }

  function setFatigue(unitId: string, level: number) {
    return app.write('setFatigue', { unitId, level });
  }

  function setOrders(input: SetOrdersInput) {
    return app.write('setOrders', input);
  }

  /** The roster sheet on paper: every row of the current search and filters (File > Print Roster). */
  async function print(): Promise<void> {
    await ensureLoaded();
    printing.value = true;
    try {
      await nextTick();
      window.print();
    } finally {
      printing.value = false;
    }
  }

  /** Every unit as CSV (File > Export Roster as CSV), whatever the filters. */
  async function exportCsv(): Promise<void> {
    await ensureLoaded();
    // The game as it is now: the fingerprint line says which state the sheet shows.
    const game = await call('currentGame');
    if (game) downloadText(rosterCsv(units.value, game), exportFileName(game.file, 'roster'));
  }

  return {
    units,
    tree,
    rows,
    commandById,
    commandNames,
    loading,
    loadedRevision,
    filters,
    collapsed,
    selectedKey,
    load,
    ensureLoaded,
    holdsSheetAs,
    prefetch,
    printing,
    print,
    exportCsv,
    toggle,
    resetFilters,
    recordLoss,
    setFatigue,
    setOrders,
  };
});
