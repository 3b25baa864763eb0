/**
 * Per-game store state starts afresh with another game: after a game is closed, or another opened or
 * created (from the screens or from the menu), the roster's search, filters, folding and selection,
 * the turn bar's "Muster applied" banner, the History's filters, the selected leader, Setup's drafts and
 * CSV, and the Victory tally are those of a new game, not of the one before. The stores run as in the
 * app, against a fake window.muster serving two games.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameChangedEvent } from '../../../contract';
import { NO_FILTERS } from '../roster-rows';
import { useAppStore } from './app';
import { useHistoryStore } from './history';
import { useLeadersStore } from './leaders';
import { useRosterStore } from './roster';
import { useSetupStore } from './setup';
import { useTurnStore } from './turn';
import { useVictoryStore } from './victory';
import { useBattleStore } from './battle';

type Game = 'a' | 'b';

function gameInfo(game: Game, file = `/games/${game}.muster`) {
  return {
    file,
    scenarioId: game,
    scenarioName: `Game ${game.toUpperCase()}`,
    started: true,
    ended: false,
    eventCount: 1,
    canUndo: true,
    canRedo: false,
    clock: { turnId: '1863-07-01T0740', date: '1863-07-01', time: '0740', light: 'day', segment: 'I', phase: 'A', turnIndex: 0, turnCount: 40, due: [] },
  };
}

const unit = (game: Game, id: string) => ({ id: `${game}-${id}`, side: 'USA', name: `${game} ${id}`, arm: 'infantry', commandId: `${game}-bde`, commandPath: ['Brigade'], onMap: true, sp: 5, currentSp: 5 });
const command = (game: Game) => ({ id: `${game}-bde`, side: 'USA', level: 'brigade', name: `${game} Brigade`, children: [], totals: { sp: 5, currentSp: 5 } });
const leader = (game: Game) => ({ id: `${game}-meade`, side: 'USA', name: `${game} Meade`, casualty: 'none' });
const entry = (game: Game) => ({ seq: 1, at: '', turnId: '1863-07-01T0740', segment: 'I', phase: 'A', kind: 'loss.sp', summary: `${game} loses 1 SP`, undone: false, side: 'USA', changes: [], diceSeqs: [] });

/** A fake game service: the open game, and the calls the stores make. */
function fakeMuster() {
  let open: Game | null = 'a';
  let openFile: string | undefined;
  let listener: ((event: GameChangedEvent) => void) | null = null;
  /** Reads of the roster held back until released (for a read still under way when the game changes). */
  const heldRoster: (() => void)[] = [];
  let holdRoster = false;
  const values: Record<string, (input: unknown) => unknown> = {
    appInfo: () => ({ host: 'browser' }),
    recentFiles: () => [],
    currentGame: () => (open ? gameInfo(open, openFile) : null),
    roster: () => (open ? [unit(open, 'first'), unit(open, 'second')] : []),
    rosterSheet: () => (open ? { tree: [command(open)], units: [unit(open, 'first'), unit(open, 'second')] } : { tree: [], units: [] }),
    commandTree: () => (open ? [command(open)] : []),
    leaders: () => (open ? [leader(open)] : []),
    history: () => (open ? [entry(open)] : []),
    diceLog: () => [],
    tally: () => ({ game: open }),
    historyCheck: () => ({ game: open }),
    arrivals: (input) => ({ game: open, viewer: (input as { viewer?: string } | undefined)?.viewer ?? null }),
    concealedPlots: (input) => ({ viewer: (input as { viewer?: string } | undefined)?.viewer ?? null, commands: [{ commandId: `${open}-bde` }] }),
    timeTrack: () => [{ id: '1863-07-01T0740', label: `${open} 0740` }],
    turnState: () => ({ initiative: open === 'a' ? 'USA' : null }),
    advanceClock: () => ({ clock: gameInfo(open!).clock, automatic: ['Stragglers recovered'], event: { summary: 'Clock advanced' } }),
    closeGame: () => {
      open = null;
      return null;
    },
    newGame: () => {
      open = 'b';
      return gameInfo('b');
    },
  };
  const muster: Record<string, unknown> = {
    onGameChanged: (l: (event: GameChangedEvent) => void) => {
      listener = l;
      return () => undefined;
    },
    onMenuCommand: () => () => undefined,
  };
  for (const [name, value] of Object.entries(values)) {
    muster[name] = async (input: unknown) => {
      if (name === 'rosterSheet' && holdRoster) {
        const snapshot = value(input);
        await new Promise<void>((release) => heldRoster.push(release));
        return { ok: true, value: snapshot };
      }
      return { ok: true, value: value(input) };
    };
  }
  return {
    muster,
    /** The menu opened (or created, closed, saved as `file`...) a game: the main process tells the window. */
    menu(game: Game | null, reason: GameChangedEvent['reason'], file?: string) {
      open = game;
      openFile = file;
      listener?.({ game: game ? (gameInfo(game, file) as unknown as GameChangedEvent['game']) : null, reason });
    },
    holdRosterReads(hold: boolean) {
      holdRoster = hold;
    },
    releaseRosterReads() {
      for (const release of heldRoster.splice(0)) release();
    },
  };
}

let fake: ReturnType<typeof fakeMuster>;

beforeEach(() => {
  fake = fakeMuster();
  vi.stubGlobal('window', { muster: fake.muster });
  setActivePinia(createPinia());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Boots the app on game A and leaves per-game state in every store, as a player would. */
async function playGameA() {
  const app = useAppStore();
  const roster = useRosterStore();
  const turn = useTurnStore();
  const history = useHistoryStore();
  const leaders = useLeadersStore();
  const setup = useSetupStore();
  const victory = useVictoryStore();
  const battle = useBattleStore();
  await app.boot();
  expect(app.game?.file).toBe('/games/a.muster');

  await roster.ensureLoaded();
  Object.assign(roster.filters, { search: 'first', side: 'USA', arm: 'infantry', status: 'ordered', order: 'ATK', onMapOnly: true });
  roster.toggle('a-bde', true);
  roster.selectedKey = 'c:a-bde';
  await turn.load();
  await turn.advanceClock();
  await history.ensureLoaded();
  history.turnFilter = '1863-07-01T0740';
  history.sideFilter = 'CSA';
  await leaders.ensureLoaded();
  leaders.selectedId = 'a-meade';
  await setup.ensureLoaded();
  setup.csvText = 'a-meade,rating,3';
  setup.checkCsv();
  setup.drafts = { 'leader:a-meade:rating': '12' };
  setup.cellErrors = { 'leader:a-meade:rating': 'too high' };
  await victory.load();
  await battle.loadArrivals();
  await battle.loadTimeTrack();
  await battle.showSecrets('USA');

  // The state is really there before the switch.
  expect(roster.filters.search).toBe('first');
  expect(roster.collapsed.size).toBe(1);
  expect(turn.lastAdvance?.result.automatic).toEqual(['Stragglers recovered']);
  expect(setup.csvCalls).toHaveLength(1);
  expect(victory.tally).toEqual({ game: 'a' });
  expect(victory.history).toEqual({ game: 'a' });
  expect(battle.arrivals).toEqual({ game: 'a', viewer: null });
  expect(battle.plots).toEqual({ viewer: 'USA', commands: [{ commandId: 'a-bde' }] });
  return { app, roster, turn, history, leaders, setup, victory, battle };
}

type Stores = Awaited<ReturnType<typeof playGameA>>;

/** Every store's per-game state as a fresh app has it. */
function expectFresh({ roster, turn, history, leaders, setup, victory, battle }: Stores) {
  expect({ ...roster.filters }).toEqual(NO_FILTERS);
  expect(roster.collapsed.size).toBe(0);
  expect(roster.selectedKey).toBeNull();
  expect(roster.units).toEqual([]);
  expect(roster.loadedRevision).toBe(-1);
  expect(turn.lastAdvance).toBeNull();
  expect(turn.turn).toBeNull();
  expect(turn.events).toEqual([]);
  expect(history.turnFilter).toBe('all');
  expect(history.sideFilter).toBe('all');
  expect(history.entries).toEqual([]);
  expect(leaders.selectedId).toBeNull();
  expect(leaders.leaders).toEqual([]);
  expect(setup.csvText).toBe('');
  expect(setup.csvCalls).toEqual([]);
  expect(setup.drafts).toEqual({});
  expect(setup.cellErrors).toEqual({});
  expect(victory.tally).toBeNull();
  expect(victory.history).toBeNull();
  // A side's secrets never outlive the game they were read for.
  expect(battle.arrivals).toBeNull();
  expect(battle.secretArrivals).toBeNull();
  expect(battle.plots).toBeNull();
  expect(battle.timeTrack).toEqual([]);
}

describe('per-game store state', () => {
  it('starts afresh when the game is closed, and the next game created starts with none of the last one’s', async () => {
    const stores = await playGameA();
    const { app, roster, turn } = stores;
    expect(await app.closeGame()).toBe(true);
    expect(app.game).toBeNull();
    expectFresh(stores);

    await app.newGame({ scenario: 'b' });
    expect(app.game?.file).toBe('/games/b.muster');
    expectFresh(stores);
    await roster.ensureLoaded();
    expect(roster.rows.filter((r) => r.kind === 'unit').map((r) => r.key)).toEqual(['u:b-first', 'u:b-second']);
    await turn.loadTurnState();
    expect(turn.turn).toEqual({ initiative: null });
  });

  it('starts afresh when the menu opens another game while one is open', async () => {
    const stores = await playGameA();
    fake.menu('b', 'opened');
    expect(stores.app.game?.file).toBe('/games/b.muster');
    expect(stores.app.screen).toBe('roster');
    expectFresh(stores);
  });

  it('keeps it through undo and Save As (the same game)', async () => {
    const { app, roster, turn, history } = await playGameA();
    fake.menu('a', 'undo');
    fake.menu('a', 'saved-as', '/games/a-copy.muster');
    expect(app.game?.file).toBe('/games/a-copy.muster');
    await app.refreshGame();
    expect(app.game?.file).toBe('/games/a-copy.muster');
    expect(roster.filters.search).toBe('first');
    expect(turn.lastAdvance).not.toBeNull();
    expect(history.sideFilter).toBe('CSA');
  });

  it('drops a read still under way for the previous game', async () => {
    const { app, roster } = await playGameA();
    fake.holdRosterReads(true);
    const stale = roster.load();
    fake.menu('b', 'opened');
    fake.releaseRosterReads();
    await stale;
    expect(app.game?.file).toBe('/games/b.muster');
    expect(roster.units).toEqual([]);
    expect(roster.loadedRevision).toBe(-1);
  });
});
