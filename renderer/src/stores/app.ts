/**
 * The app shell's store: which screen is showing, the open game (GameInfo), the scenarios and Recent
 * files for the Start screen, and the change counter every screen watches. After every change the
 * screens reload what they show from the service (nothing is patched locally), so what is on screen
 * is always what is in the game file. Undo and redo live here because they work from every screen.
 *
 * Other stores make their changes through `change(summary?, run)`: it runs the call, bumps `revision`
 * (each screen's store reloads when it changes) and refreshes the game info (clock, can undo/redo).
 *
 * Per-game state (searches, filters, selections, the turn bar's "Muster applied" banner...) belongs to
 * the game it was made in: each store registers a reset with `onGameSwitch`, and every store is reset
 * when the game is closed or another is opened or created (whether from a screen or from the menu).
 * `session` counts those switches, so a read that was under way for the previous game is dropped.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { GameInfo } from '../../../contract';
import type { AppInfo, NewGameInput, RecentFileEntry, ScenarioSummary } from '../../../contract';
import { asApiError, call, connected, onGameChanged, type MusterApiError } from '../api';
import { GAME_SCREENS, type ScreenName } from '../screens';

/**
 * The screen an open game shows first: the Roster, or the game screen the page's address names
 * ("#history": a link, or the benchmark, straight to a screen). Read once, at start-up.
 */
export function firstScreen(hash: string = typeof location === 'undefined' ? '' : location.hash): ScreenName {
  const named = hash.replace(/^#/, '') as ScreenName;
  return GAME_SCREENS.includes(named) ? named : 'roster';
}

export const useAppStore = defineStore('app', () => {
  const screen = ref<ScreenName>('start');
  const game = ref<GameInfo | null>(null);
  const appInfo = ref<AppInfo | null>(null);
  const scenarios = ref<ScenarioSummary[]>([]);
  const recent = ref<RecentFileEntry[]>([]);
  /** True once the first load finished (the root element carries data-app-ready). */
  const ready = ref(false);
  /** Bumped after every change to the open game; screens reload what they show when it moves. */
  const revision = ref(0);
  /** The last thing that happened, in words ("Undone: ..."), for the status line. */
  const notice = ref('');
  /** An error not tied to one field (file errors, undo with nothing to undo...). */
  const error = ref<MusterApiError | null>(null);

  /** Bumped when the game is closed, or another opened or created. */
  const session = ref(0);

  const hasGame = computed(() => game.value !== null);
  const isBrowser = computed(() => appInfo.value?.host === 'browser');

  const switchHandlers = new Set<() => void>();
  /** The file of the game the stores' state belongs to: null with none open, undefined before the app knows. */
  let sessionFile: string | null | undefined;

  /** Registers a store's reset of its per-game state (called once per store, when it is created). */
  function onGameSwitch(reset: () => void): void {
    switchHandlers.add(reset);
  }

  /**
   * The open game is now `info`. When that is another game than the one the stores' state belongs to
   * (closed, another opened or created), every per-game store starts afresh; `sameGame` (Save As: the
   * same game under a new name) keeps it. The first game the app learns of at start-up resets nothing.
   */
  function setGame(info: GameInfo | null, sameGame = false): void {
    const file = info?.file ?? null;
    if (sessionFile !== undefined && file !== sessionFile && !sameGame) {
      session.value++;
      error.value = null;
      for (const reset of switchHandlers) reset();
    }
    sessionFile = file;
    game.value = info;
  }

  async function refreshGame(): Promise<void> {
    setGame(await call('currentGame'));
  }

  async function refreshRecent(): Promise<void> {
    recent.value = await call('recentFiles');
  }

  /** A change happened: every screen reloads, the game info (clock, undo/redo) is read again. */
  async function afterChange(summary?: string): Promise<void> {
    revision.value++;
    if (summary !== undefined) notice.value = summary;
    await refreshGame();
  }

  /**
   * Runs one change through the service, then reloads. A refusal is re-thrown for the caller to show
   * next to its field; the game info is re-read either way, so nothing half-done stays on screen.
   */
  async function change<T>(run: () => Promise<T>, summary?: (result: T) => string | undefined): Promise<T> {
    try {
      const result = await run();
      error.value = null;
      await afterChange(summary?.(result));
      return result;
    } catch (e) {
      await afterChange().catch(() => undefined);
      throw asApiError(e);
    }
  }

  /** Runs a call whose refusal has no field of its own: the error goes to the app's alert line. */
  async function attempt(run: () => Promise<unknown>): Promise<boolean> {
    try {
      await run();
      error.value = null;
      return true;
    } catch (e) {
      error.value = asApiError(e);
      return false;
    }
  }

  function go(next: ScreenName): void {
    screen.value = !hasGame.value && GAME_SCREENS.includes(next) ? 'start' : next;
  }

  async function opened(info: GameInfo | null, then: ScreenName): Promise<void> {
    if (info === null) return;
    setGame(info);
    await afterChange(`Opened ${info.scenarioName} (${info.file})`);
    await refreshRecent();
    go(then);
  }

  /** New game from the Start screen; a refusal is thrown for the screen to show next to its field. */
  async function newGame(input: NewGameInput): Promise<GameInfo | null> {
    try {
      const info = await call('newGame', input);
      await opened(info, 'roster');
      error.value = null;
      return info;
    } catch (e) {
      throw asApiError(e, 'newGame');
    }
  }

  /** Open… (the file dialog); null when cancelled. A refusal is thrown. */
  async function openGame(): Promise<GameInfo | null> {
    try {
      const info = await call('openGame');
      if (info === null && isBrowser.value) {
        notice.value = 'The browser preview has no file dialog: start it with --file <game.muster>, or pick a game under Recent games.';
      }
      await opened(info, 'roster');
      return info;
    } catch (e) {
      await refreshRecent().catch(() => undefined);
      throw asApiError(e, 'openGame');
    }
  }

  /** Reopens a game from the Recent list. A refusal is thrown (the list is re-read: a missing file drops off it). */
  async function openRecent(file: string): Promise<GameInfo> {
    try {
      const info = await call('openRecent', { file });
      await opened(info, 'roster');
      return info;
    } catch (e) {
      await refreshRecent().catch(() => undefined);
      throw asApiError(e, 'openRecent');
    }
  }

  async function removeRecent(file: string): Promise<boolean> {
    return attempt(async () => {
      recent.value = await call('removeRecentFile', { file });
    });
  }

  async function closeGame(): Promise<boolean> {
    return attempt(async () => {
      await call('closeGame');
      setGame(null);
      await afterChange('Game closed');
      screen.value = 'start';
    });
  }

  async function undo(): Promise<boolean> {
    if (!game.value?.canUndo) return false;
    return attempt(async () => {
      const result = await call('undo');
      await afterChange(`Undone: ${result.event.summary}`);
    });
  }

  async function redo(): Promise<boolean> {
    if (!game.value?.canRedo) return false;
    return attempt(async () => {
      const result = await call('redo');
      await afterChange(`Redone: ${result.event.summary}`);
    });
  }

  /** The scenario list, read when the Start screen first needs it (the service caches it). */
  async function loadScenarios(): Promise<void> {
    if (scenarios.value.length === 0) scenarios.value = await call('scenarios');
  }

  async function boot(): Promise<void> {
    if (!connected()) {
      ready.value = true;
      return;
    }
    try {
      // The open game first, with the Roster's one read right behind it (App.vue): the service answers
      // in order, so the first screen waits on nothing else; then what the Start screen and the menus use.
      await refreshGame();
      if (game.value !== null) screen.value = firstScreen();
      const [info] = await Promise.all([call('appInfo'), refreshRecent()]);
      appInfo.value = info;
    } catch (e) {
      error.value = asApiError(e);
    }
    // Undo from the menu, Open from a file association...: reload what is shown.
    onGameChanged((event) => {
      setGame(event.game, event.reason === 'saved-as');
      revision.value++;
      void refreshRecent().catch(() => undefined);
      if (event.game === null) screen.value = 'start';
      else if (event.reason === 'opened' || event.reason === 'created') screen.value = 'roster';
    });
    ready.value = true;
  }

  return {
    screen,
    game,
    appInfo,
    scenarios,
    recent,
    ready,
    revision,
    session,
    notice,
    error,
    hasGame,
    isBrowser,
    onGameSwitch,
    setGame,
    boot,
    loadScenarios,
    go,
    refreshGame,
    refreshRecent,
    afterChange,
    change,
    attempt,
    newGame,
    openGame,
    openRecent,
    removeRecent,
    closeGame,
    undo,
    redo,
  };
});
