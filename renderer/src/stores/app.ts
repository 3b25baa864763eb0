/**
 * The app shell's store: which screen is showing, the open game (GameInfo), the scenarios and Recent
 * files for the Start screen, and the change counter every screen watches. After every change the
 * screens reload what they show from the service (nothing is patched locally), so what is on screen
 * is always what is in the game file. Undo and redo live here because they work from every screen.
 *
 * Other stores make their changes through `write(fn, input, summary?)`, the one write path of the screens:
 * it calls the write, applies its answer (what the write changed, contract/answer.ts: the game info, and
 * each store's own view through `onWriteAnswer`), then bumps `revision`; a store whose view came in the
 * answer holds it at that revision and does not read it again, one whose query the answer names as kept
 * (`kept`) keeps its view, the others reload. Without an answer (a write of the shell's, such as a kit
 * imported from the Charts screen) it reads the game info again.
 *
 * Per-game state (searches, filters, selections, the turn bar's "Muster applied" banner...) belongs to
 * the game it was made in: each store registers a reset with `onGameSwitch`, and every store is reset
 * when the game is closed or another is opened or created (whether from a screen or from the menu).
 * `session` counts those switches, so a read that was under way for the previous game is dropped.
 *
 * Secret entries (RI-H01): in a step where both sides enter secretly, `viewer` is the side at the keyboard
 * (the first that has not finished, once the hand-over to it is confirmed here) and nobody during a
 * hand-over. Every store asks its queries as `viewer` (`asViewer`), and undo and redo ask as it too, so no
 * screen shows, or takes back, the other side's hidden entries: the service enforces it. In a game played from
 * two seats (RI-H09) the viewer is always the file's own seat: nobody hands the device over.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppInfo, CallInput, ContractFunction, GameInfo, HouseReadingOffer, KeptQuery, NewGameInput, OptionalRuleModule, Output, RecentFileEntry, ScenarioSummary, Viewer, WriteAnswer } from '../../../contract';
import type { Side } from '../../../rules/types';
import { asApiError, call, callWrite, connected, onGameChanged, type MusterApiError } from '../api';
import { GAME_SCREENS, type ScreenName } from '../screens';

/**
 * The screen an open game shows first: the Roster, or the game screen the page's address names
 * ("?screen=history": a link, or the benchmark, straight to a screen). The server reads the same
 * parameter to serve the page with that screen's opening frame (electron/opening-frame.ts), so the
 * frame and the screen behind it are the same screen. Read once, at start-up.
 */
export function firstScreen(search: string = typeof location === 'undefined' ? '' : location.search): ScreenName {
  const named = new URLSearchParams(search).get('screen') as ScreenName | null;
  return named !== null && GAME_SCREENS.includes(named) ? named : 'roster';
}

/** A write the screens made: the function called and its result. */
export interface WriteMade {
  fn: ContractFunction;
  value: unknown;
}

/**
 * The event an undo or redo took back or brought back (its # and its rolls' #s, as the side asking counts
 * them), or null for any other write: the entries a screen holds from it on have changed in place.
 */
export function entryRevisited(made: WriteMade): { seq: number; diceSeqs: number[] } | null {
  if (made.fn !== 'undo' && made.fn !== 'redo') return null;
  const event = (made.value as { event?: { seq?: number; diceSeqs?: number[] } } | null)?.event;
  return typeof event?.seq === 'number' ? { seq: event.seq, diceSeqs: event.diceSeqs ?? [] } : null;
}

/** The status line's words for most writes: the summary of the event written. */
function eventSummary(result: unknown): string | undefined {
  return (result as { event?: { summary?: string } } | null)?.event?.summary;
}

export const useAppStore = defineStore('app', () => {
  const screen = ref<ScreenName>('start');
  const game = ref<GameInfo | null>(null);
  const appInfo = ref<AppInfo | null>(null);
  const scenarios = ref<ScenarioSummary[]>([]);
  /** The optional rules New Game offers, read with the scenarios. */
  const optionalRuleModules = ref<OptionalRuleModule[]>([]);
  /** The house readings a new game may choose (the service's list), read with the scenarios. */
  const houseReadingOffers = ref<HouseReadingOffer[]>([]);
  const recent = ref<RecentFileEntry[]>([]);
  /** True once the first load finished (the root element carries data-app-ready). */
  const ready = ref(false);
  /**
   * True once the first screen is known (the open game, if any): the screen shows from then on, without
   * waiting for what only the Start screen and the menus use (the app's info, the Recent files).
   */
  const screenKnown = ref(false);
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

  // -------------------------------------------------------------------------------------------
  // Who is at the keyboard while entries are secret (RI-H01, RI-T01)

  /** Bumped when a hand-over is confirmed (session storage is not reactive). */
  const handOvers = ref(0);

  /** Per game file, turn and step: a hand-over confirmed in this window stays confirmed across a reload. */
  function handOverKey(to: Side | 'both'): string | null {
    const g = game.value;
    if (!g) return null;
    return `muster.handover.${g.file}.${g.clock.turnId}.${g.clock.segment}.${g.clock.phase}.${to}`;
  }

  /** Has the player `to` confirmed he is at the keyboard (or both players, for the reveal)? */
  function handedOver(to: Side | 'both'): boolean {
    void handOvers.value;
    const key = handOverKey(to);
    return key !== null && sessionStorage.getItem(key) === 'yes';
  }

  /** The next player confirms he is at the keyboard: every screen reloads as he may see it. */
  function confirmHandOver(to: Side | 'both'): void {
    const key = handOverKey(to);
    if (key) sessionStorage.setItem(key, 'yes');
    handOvers.value++;
    revision.value++;
  }

  /**
   * The side whose secret entries are being made at the keyboard: USA first (its step starts with it),
   * CSA once the hand-over to CSA is confirmed; nobody (undefined) during a hand-over, and undefined when
   * nothing is secret (the service then hides nothing anyway).
   */
  const viewer = computed<Viewer | undefined>(() => {
    // A game played from two seats: this window is its seat's, and sees the game as that side always (RI-H09).
    const seat = game.value?.seat;
    if (seat) return seat.side;
    const secret = game.value?.secretEntries;
    if (!secret || secret.revealed || secret.entering === null) return undefined;
    if (secret.entering === 'USA' && !secret.finished.CSA) return 'USA';
    return handedOver(secret.entering) ? secret.entering : undefined;
  });

  /**
   * Who asks for Undo and Redo: the side at the keyboard; both players once a step's entries are revealed
   * (both are at the laptop: RI-H03 lets them take back a hand-over together).
   */
  const undoViewer = computed<Viewer | undefined>(() => (game.value?.secretEntries?.revealed && !game.value.seat ? 'both' : viewer.value));

  /** A query's input as the side at the keyboard sees the game. */
  function asViewer<T extends object>(input: T): T & { viewer?: Viewer } {
    return viewer.value === undefined ? input : { ...input, viewer: viewer.value };
  }

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
   * What a store does with a write's answer (its own view of what changed), at the revision the write brings;
   * `write` is the call that was made and its result (undo and redo name the event they took back or brought back).
   */
  type AnswerApplier = (changed: WriteAnswer, revision: number, write: WriteMade) => void;
  const answerAppliers = new Set<AnswerApplier>();

  /** Registers a store's use of the writes' answers (called once per store, when it is created). */
  function onWriteAnswer(apply: AnswerApplier): void {
    answerAppliers.add(apply);
  }

  /** The queries the last write's answer said it left as they were, by the revision it brought. */
  let keptByWrite: { revision: number; queries: ReadonlySet<KeptQuery> } | null = null;

  /**
   * True when a view of `query` held at revision `held` still stands now: it was of the state right before
   * the last write, and that write's answer named the query as kept (the service knows what each is made of).
   * Anything else (another revision, a change with no answer, a step of secret entries) is read again.
   */
  function kept(query: KeptQuery, held: number): boolean {
    return keptByWrite !== null && keptByWrite.revision === revision.value && held === revision.value - 1 && keptByWrite.queries.has(query);
  }

  /**
   * The one way the screens change the game: the write `fn` with `input` through the service, its answer
   * applied (the game info, then each store's view at the new revision), then the revision bumped: the
   * screens whose views came in the answer show them at once, the others read theirs again. A refusal is
   * re-thrown for the caller to show next to its field, and the game info is read again, so nothing
   * half-done stays on screen. `summary` words the status line (by default, the event's summary).
   */
  async function write<K extends ContractFunction>(fn: K, input: CallInput<K>, summary: (result: Output<K>) => string | undefined = eventSummary): Promise<Output<K>> {
    let answer: { value: Output<K>; changed: WriteAnswer | null };
    try {
      answer = await (callWrite as (fn: K, input?: CallInput<K>) => Promise<{ value: Output<K>; changed: WriteAnswer | null }>)(fn, input);
    } catch (e) {
      await afterChange().catch(() => undefined);
      throw asApiError(e, fn);
    }
    error.value = null;
    if (answer.changed === null) await afterChange(summary(answer.value));
    else applyAnswer(answer.changed, summary(answer.value), { fn, value: answer.value });
    return answer.value;
  }

  /** A write's answer applied: the game info, each store's view, the status line, then the revision. */
  function applyAnswer(changed: WriteAnswer, summary: string | undefined, made: WriteMade): void {
    const next = revision.value + 1;
    keptByWrite = changed.kept === null ? null : { revision: next, queries: new Set(changed.kept) };
    setGame(changed.game);
    for (const apply of answerAppliers) apply(changed, next, made);
    if (summary !== undefined) notice.value = summary;
    revision.value = next;
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
      // A new game opens on Setup: its approximate values are checked against the counters first.
      await opened(info, 'setup');
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
    return attempt(() => write('undo', undoViewer.value === undefined ? {} : { viewer: undoViewer.value }, (r) => `Undone: ${r.event.summary}`));
  }

  /** The side that just handed over takes its hand-over back (it had not finished): asked as that side. */
  async function takeBackHandOver(side: Side): Promise<boolean> {
    return attempt(() => write('undo', { viewer: side }, (r) => `Undone: ${r.event.summary}`));
  }

  async function redo(): Promise<boolean> {
    if (!game.value?.canRedo) return false;
    return attempt(() => write('redo', undoViewer.value === undefined ? {} : { viewer: undoViewer.value }, (r) => `Redone: ${r.event.summary}`));
  }

  /** The scenario list, read when the Start screen first needs it (the service caches it). */
  async function loadScenarios(): Promise<void> {
    if (scenarios.value.length === 0) scenarios.value = await call('scenarios');
    if (optionalRuleModules.value.length === 0) optionalRuleModules.value = await call('optionalRules');
    if (houseReadingOffers.value.length === 0) houseReadingOffers.value = await call('houseReadings');
  }

  /**
   * Starts the app: the open game, and with it (`readFirstScreen`, right behind it: the service answers
   * in order) the one read of the screen it shows first. The screen shows when both are in, so its first
   * render has its rows: one render and one layout, not an empty screen first. Then what the Start
   * screen and the menus use (the app's info, the Recent files), which the first screen does not wait on.
   * `readFirstScreen` never rejects (a store keeps its own refusal for the screen to show).
   */
  async function boot(readFirstScreen?: () => Promise<void>): Promise<void> {
    if (!connected()) {
      ready.value = true;
      return;
    }
    try {
      const [opened] = await Promise.all([call('currentGame'), readFirstScreen?.()]);
      setGame(opened);
      if (game.value !== null) screen.value = firstScreen();
      screenKnown.value = true;
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
      else if (event.reason === 'created') screen.value = 'setup';
      else if (event.reason === 'opened') screen.value = 'roster';
    });
    screenKnown.value = true;
    ready.value = true;
  }

  return {
    screen,
    game,
    appInfo,
    scenarios,
    optionalRuleModules,
    houseReadingOffers,
    recent,
    ready,
    screenKnown,
    revision,
    session,
    notice,
    error,
    hasGame,
    isBrowser,
    viewer,
    asViewer,
    handedOver,
    confirmHandOver,
    onGameSwitch,
    setGame,
    boot,
    loadScenarios,
    go,
    refreshGame,
    refreshRecent,
    afterChange,
    write,
    onWriteAnswer,
    kept,
    attempt,
    newGame,
    opened,
    openGame,
    openRecent,
    removeRecent,
    closeGame,
    undo,
    redo,
    takeBackHandOver,
  };
});
