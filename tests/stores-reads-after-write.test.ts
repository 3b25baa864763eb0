/**
 * What the window asks the service after a change, with the Roster, the Turn screen (and a panel listing the
 * units on the map) and the History screen each loaded: a loss recorded from the Roster, Next in a step with
 * nothing to enter, and Undo. The write's answer brings the game info, the turn bar's state and the roster
 * sheet's changes (merged into the Roster's and the Turn screen's tree and units), so each screen asks only for
 * what came into the log after the entries it holds: never a whole tree, sheet, unit list or page of the log.
 * The counts are of calls (a regression that reads something whole again shows as a call here), not times.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../renderer/src/stores/app';
import { useHistoryStore } from '../renderer/src/stores/history';
import { useRosterStore } from '../renderer/src/stores/roster';
import { useTurnStore } from '../renderer/src/stores/turn';
import { advanceTo, tempDir } from './fixtures/game';
import { closeInWindow, openInWindow, type OpenInWindow, type WindowCall } from './fixtures/window-muster';

const tmp = tempDir('muster-store-reads-after-write-');
afterAll(() => tmp.cleanup());

let opened: OpenInWindow;
beforeEach(async () => {
  // II.B (Fatigue & Straggler Recovery Designation): a public step, and Next has nothing to enter.
  opened = await openInWindow(tmp.dir, { segment: 'II', phase: 'B' });
  setActivePinia(createPinia());
});
afterEach(() => closeInWindow(opened));

/** The three screens loaded as the app loads them (the turn bar's state, the Turn screen and its units panel). */
async function screensLoaded() {
  const app = useAppStore();
  const roster = useRosterStore();
  const turn = useTurnStore();
  const history = useHistoryStore();
  await app.boot();
  await roster.ensureLoaded();
  await Promise.all([turn.loadTurnState(), turn.load(), turn.loadRoster()]);
  await history.load();
  return { app, roster, turn, history };
}

/** The write, then each screen reloading in turn: the calls each made, by screen. */
async function readsAfter(screens: Awaited<ReturnType<typeof screensLoaded>>, write: () => Promise<unknown>) {
  const { roster, turn, history } = screens;
  opened.calls.length = 0;
  const mark = () => opened.calls.length;
  await write();
  const w = mark();
  await roster.ensureLoaded();
  const r = mark();
  await Promise.all([turn.loadTurnState(), turn.load(), turn.loadRoster()]);
  const t = mark();
  await history.load();
  const names = (calls: WindowCall[]) => calls.map((c) => c.fn);
  return {
    write: names(opened.calls.slice(0, w)),
    roster: names(opened.calls.slice(w, r)),
    turn: names(opened.calls.slice(r, t)),
    history: names(opened.calls.slice(t)),
    /** The log reads: every one asks only for what came after an entry or roll held. */
    logReads: opened.calls.slice(w).filter((c) => c.fn === 'history' || c.fn === 'diceLog'),
  };
}

/** What each screen asks after a write whose answer it applied: the log since what it holds, nothing else. */
const ONLY_THE_LOG_SINCE = { roster: [], turn: ['history', 'diceLog'], history: ['history', 'diceLog'] };

describe('after a change, each screen loaded asks only for the log since what it holds', () => {
  it('a loss recorded from the Roster', async () => {
    const screens = await screensLoaded();
    const reads = await readsAfter(screens, () => screens.roster.recordLoss('2-wi', 1, 'small-arms', false));
    expect(reads).toMatchObject({ write: ['recordLoss'], ...ONLY_THE_LOG_SINCE });
    for (const read of reads.logReads) expect(read.input, read.fn).toMatchObject({ afterSeq: expect.any(Number) });
  });

  it('Next in a step with nothing to enter', async () => {
    const screens = await screensLoaded();
    const reads = await readsAfter(screens, () => screens.turn.advanceClock());
    expect(reads).toMatchObject({ write: ['advanceClock'], ...ONLY_THE_LOG_SINCE });
    for (const read of reads.logReads) expect(read.input, read.fn).toMatchObject({ afterSeq: expect.any(Number) });
    expect(screens.app.game?.clock.phase).toBe('C');
  });

  it('a loss in a step of secret entries: no answer to apply, so the turn state once, the leaders, the sheet since the one held, and the first page of the log again', async () => {
    closeInWindow(opened);
    // I.A (Automatic Order Change Phase): the Union enters its order changes in secret (RI-H01).
    opened = await openInWindow(tmp.dir, (g) => advanceTo(g, { segment: 'I', phase: 'A' }));
    const screens = await screensLoaded();
    expect(screens.app.viewer).toBe('USA');
    const reads = await readsAfter(screens, () => screens.roster.recordLoss('2-wi', 1, 'small-arms', false));
    // The turn bar and the Turn screen share one read of the turn state; the tree and the units come from the
    // Roster's sheet asked since the one it holds. The leaders are read whole: in this step the answer names no
    // query as kept (only the joint dice may be: db/service/write-answer.ts).
    expect(reads).toMatchObject({ write: ['recordLoss'], roster: ['rosterSheet'], turn: ['turnState', 'leaders', 'history', 'diceLog'], history: ['history', 'diceLog'] });
    expect(opened.calls.find((c) => c.fn === 'rosterSheet')!.input).toMatchObject({ since: expect.any(String), viewer: 'USA' });
    // While entries are secret both screens read their first page of the log again (log-since.ts: the numbers
    // are the side's own, so nothing is read since what is held).
    expect(reads.logReads.map((c) => (c.input as { afterSeq?: number }).afterSeq)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('Undo of a loss', async () => {
    const screens = await screensLoaded();
    await screens.roster.recordLoss('2-wi', 1, 'small-arms', false);
    await readsAfter(screens, async () => undefined);
    const reads = await readsAfter(screens, () => screens.app.undo());
    expect(reads).toMatchObject({ write: ['undo'], ...ONLY_THE_LOG_SINCE });
    for (const read of reads.logReads) expect(read.input, read.fn).toMatchObject({ afterSeq: expect.any(Number) });
  });
});
