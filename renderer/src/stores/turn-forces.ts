/**
 * The command tree and the units on the map the turn screens hold (part of the turn store, stores/turn.ts).
 *
 * A write's answer brings the roster sheet's changes (the commands and units that changed since the state
 * before the write), merged into the tree and the units held of that very state, as the Roster screen merges
 * them (the same mergeTree; mergeOnMap for the units): a loss sends its unit and the commands above it, not the
 * whole tree. Without them (a change from the menu, a step of secret entries), the Roster's sheet, when it
 * holds one as the same side sees the game, is asked for what changed since it and the tree and units are taken
 * from it; else they are read whole. What is read keeps the objects of every command and unit that did not
 * change (keepUnchanged), so Vue redraws the rows that changed, not the whole tree.
 */
import { shallowRef } from 'vue';
import type { CommandNode, RosterUnit } from '../../../contract';
import { call } from '../api';
import { mergeTree } from '../roster-rows';
import { useAppStore } from './app';
import { keepUnchanged } from './keep-unchanged';
import { mergeOnMap, unitsOnMap } from './merge-on-map';
import { useRosterStore } from './roster';

export function useTurnForces() {
  const app = useAppStore();
  /** The Roster screen's sheet (the tree and every unit): asked for what changed since it, when it holds one. */
  const sheet = useRosterStore();

  /** Replaced, never changed in place (shallow refs); every command and unit that did not change is the object held. */
  const tree = shallowRef<CommandNode[]>([]);
  /** Loaded on demand by the screens that need units (abandoned guns, Commander's Initiative, OOC units). */
  const units = shallowRef<RosterUnit[]>([]);
  /** Set once a screen asked for the units: from then on every load reads them again. */
  let unitsWanted = false;
  /** The revisions `tree` and `units` were read at, or kept or brought to by a write's answer, or -1. */
  let treeRevision = -1;
  let unitsRevision = -1;
  /**
   * Whether the tree and the units held are the game as nobody in particular sees it (read with no viewer):
   * only then may a write's answer, which is that view, be merged into them.
   */
  let treeAsNobody = false;
  let unitsAsNobody = false;
  /** The read of the units under way, and the revision it is for (the screen's load and a panel's share it). */
  let unitsRead: { revision: number; promise: Promise<void> } | null = null;

  // Held of another state, or changes naming a command or unit not held (mergeTree/mergeOnMap: null): read again.
  app.onWriteAnswer((changed, revision) => {
    const changes = changed.sheet?.changes;
    if (changes === undefined || app.viewer !== undefined) return;
    if (treeRevision === revision - 1 && treeAsNobody) {
      const merged = mergeTree(tree.value, changes.commands, changes.rootIds);
      if (merged !== null) {
        tree.value = merged;
        treeRevision = revision;
      }
    }
    if (unitsRevision === revision - 1 && unitsAsNobody) {
      const merged = mergeOnMap(units.value, changed.sheet!.units, changes.unitIds);
      if (merged !== null) {
        units.value = merged;
        unitsRevision = revision;
      }
    }
  });

  /**
   * The tree as of `revision`, to be held with holdTree once the screen's other reads are in (so the screen
   * changes all at once); null when the tree held stands (a write's answer brought it, or said it kept it).
   */
  async function readTree(revision: number): Promise<{ tree: CommandNode[]; asNobody: boolean } | null> {
    if (treeRevision === revision) return null;
    if (app.kept('commandTree', treeRevision)) {
      treeRevision = revision;
      return null;
    }
    const asNobody = app.viewer === undefined;
    if (!sheet.holdsSheetAs(app.viewer)) return { tree: await call('commandTree', app.asViewer({})), asNobody };
    await sheet.ensureLoaded();
    return { tree: sheet.tree, asNobody };
  }

  /** Holds a tree read at `revision` (unless a write's answer brought a newer one while it was read: that stays). */
  function holdTree(read: { tree: CommandNode[]; asNobody: boolean } | null, revision: number): void {
    if (read === null || treeRevision > revision) return;
    tree.value = keepUnchanged(tree.value, read.tree);
    treeRevision = revision;
    treeAsNobody = read.asNobody;
  }

  /**
   * The units on the map as of `revision` (once a screen wanted them, `want`): kept when the last write's
   * answer says it left them as they were or brought their changes; else read, once for the revision.
   */
  function unitsAt(revision: number, want = false): Promise<void> {
    unitsWanted ||= want;
    if (!unitsWanted || unitsRevision === revision) return Promise.resolve();
    if (app.kept('roster', unitsRevision)) {
      unitsRevision = revision;
      return Promise.resolve();
    }
    if (unitsRead?.revision === revision) return unitsRead.promise;
    const session = app.session;
    const asNobody = app.viewer === undefined;
    // The sheet held, brought up to date (what changed since it), rather than every unit on the map again.
    const read = sheet.holdsSheetAs(app.viewer) ? sheet.ensureLoaded().then(() => unitsOnMap(sheet.units)) : call('roster', app.asViewer({ includeOffMap: false }));
    const promise: Promise<void> = read
      .then((now) => {
        if (session !== app.session || unitsRevision > revision) return;
        units.value = keepUnchanged(units.value, now);
        unitsRevision = revision;
        unitsAsNobody = asNobody;
      })
      .finally(() => {
        if (unitsRead?.promise === promise) unitsRead = null;
      });
    unitsRead = { revision, promise };
    return promise;
  }

  /** No game open: no tree. */
  function clearTree(): void {
    tree.value = [];
    treeRevision = -1;
  }

  // Another game: nothing of this one's tree or units carries over.
  app.onGameSwitch(() => {
    tree.value = [];
    units.value = [];
    unitsWanted = false;
    treeRevision = -1;
    unitsRevision = -1;
    treeAsNobody = false;
    unitsAsNobody = false;
    unitsRead = null;
  });

  return { tree, units, readTree, holdTree, unitsAt, clearTree };
}
