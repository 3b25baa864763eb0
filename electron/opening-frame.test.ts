/**
 * The opening frame (electron/opening-frame.ts): the first screenful of the Roster or the History,
 * served in the page, on a real game file. What it shows (the screen's rows in the screen's order, the
 * turn, the rows a window of that height shows), that it shows nothing it should not (every text
 * escaped, asked as nobody), and that it never stands in the way (no game, another screen, a failure:
 * the page is served as built).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryQuery, RosterSheet } from '../contract';
import { NO_FILTERS, rosterRows } from '../renderer/src/roster-rows';
import { newGame, tempDir } from '../tests/fixtures/game';
import { DEFAULT_FRAME_ROWS, escapeHtml, frameRowsFor, frameScreenOf, openingFrameHtml, withOpeningFrame, type FrameSource } from './opening-frame';

const tmp = tempDir('muster-opening-frame-');
afterAll(() => tmp.cleanup());

const INDEX = '<!doctype html><html><head><title>Muster</title></head><body><div id="app"></div></body></html>';

/** The rows of a frame's table body, each as the text of its cells. */
function frameRows(html: string): string[][] {
  const body = /<tbody>(.*)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((m) => [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((c) => c[1]!.replace(/<[^>]+>/g, '')));
}

describe('which screen the page opens on', () => {
  it.each([
    ['app://muster/index.html', 'roster'],
    ['/', 'roster'],
    ['/?screen=roster', 'roster'],
    ['/?screen=history', 'history'],
    ['/index.html?screen=history#top', 'history'],
    ['/?screen=leaders', null],
    ['/?screen=%3Cscript%3E', null],
  ] as const)('%s: %s', (address, screen) => {
    expect(frameScreenOf(address)).toBe(screen);
  });
});

describe('how many rows', () => {
  it('as many as a window of that height shows (26 at 768 pixels, as the Roster shows there), or the default', () => {
    expect(frameRowsFor(768)).toBe(26);
    expect(frameRowsFor(1080)).toBe(39);
    expect(frameRowsFor(undefined)).toBe(DEFAULT_FRAME_ROWS);
    expect(frameRowsFor(Number.NaN)).toBe(DEFAULT_FRAME_ROWS);
    expect(frameRowsFor(100)).toBe(4);
    expect(frameRowsFor(1e9)).toBe(120);
  });
});

describe('the Roster frame', () => {
  it('is the Roster first screenful: the command tree from the army down, each command with its totals, then its units', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 2 });
    const html = openingFrameHtml(g, 'roster', 12);
    expect(html).toMatch(/^<div id="opening-frame" class="opening-frame" data-screen="roster" inert aria-hidden="true">/);
    const rows = frameRows(html);
    expect(rows).toHaveLength(12);
    const sheet = g.rosterSheet({});
    const army = sheet.tree![0]!;
    expect(rows[0]![0]).toContain(army.name);
    expect(rows[0]![2]).toBe(String(army.totals.sp));
    // The rows are the Roster's (roster-rows.ts), in its order: a unit row names its unit, with the SP,
    // losses and current strength the service gives it.
    const screenRows = rosterRows(sheet.tree!, sheet.units, NO_FILTERS, new Set());
    const at = screenRows.findIndex((r) => r.kind === 'unit' && r.unit.id === '2-wi');
    const upTo = frameRows(openingFrameHtml(g, 'roster', at + 1));
    expect(upTo.map((r) => r[0])).toEqual(screenRows.slice(0, at + 1).map((r) => (r.kind === 'unit' ? r.unit.name : expect.stringContaining(r.node.name))));
    const wisconsin = sheet.units.find((u) => u.id === '2-wi')!;
    expect(upTo.at(-1)!.slice(2, 6)).toEqual([String(wisconsin.sp), '2', wisconsin.stragglers ? String(wisconsin.stragglers) : '', String(wisconsin.currentSp)]);
    expect(openingFrameHtml(g, 'roster', at + 1)).toContain('data-unit-id="2-wi"');
    // The turn as the Turn bar shows it.
    expect(html).toContain(`turn ${g.info().clock.turnIndex + 1} of ${g.info().clock.turnCount}`);
    expect(html).toContain(`<strong class="of-time">${g.info().clock.time}</strong>`);
    g.close();
  });

  it('escapes every text it shows: names with markup, quotes and $& stay text', () => {
    const g = newGame(tmp.dir);
    const hostile = `<img src=x onerror="alert(1)">'&$&`;
    const sheet: RosterSheet = g.rosterSheet({});
    const renamed: RosterSheet = {
      tree: sheet.tree!.map((c, i) => (i === 0 ? { ...c, name: hostile, leaderName: hostile } : c)),
      units: sheet.units.map((u, i) => (i === 0 ? { ...u, name: hostile } : u)),
    };
    const info = g.info();
    const source: FrameSource = {
      info: () => ({ ...info, scenarioName: hostile, clock: { ...info.clock, whatHappens: hostile } }),
      rosterSheet: () => renamed,
      history: (input) => g.history(input),
      diceLog: (input) => g.diceLog(input),
    };
    const page = withOpeningFrame(INDEX, '/', source);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('onerror="');
    expect(page).toContain(escapeHtml(hostile));
    expect(escapeHtml(hostile)).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;$&amp;');
    // The frame goes in once, right before the app's root, and the rest of the page is as built.
    expect(page.split('id="opening-frame"')).toHaveLength(2);
    expect(page).toMatch(/<body><div id="opening-frame"[^>]*>.*<\/div><div id="app"><\/div><\/body><\/html>$/s);
    g.close();
  });
});

describe('the History frame', () => {
  it('is the newest events first, each with its die rolls under it, undone ones struck through, asked as nobody', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    g.rollDie({ purpose: 'fire: 2nd Wisconsin', roll: 7 });
    g.setFatigue({ unitId: '6-wi', level: 2 });
    g.undo();
    const asked: HistoryQuery[] = [];
    const source: FrameSource = {
      info: () => g.info(),
      rosterSheet: (input) => g.rosterSheet(input ?? {}),
      history: (input) => (asked.push(input), g.history(input)),
      diceLog: (input) => g.diceLog(input),
    };
    const html = openingFrameHtml(source, 'history', 10);
    expect(asked).toEqual([{ includeUndone: true, withChanges: false, limit: 60 }]);
    const events = g.history({ includeUndone: true, withChanges: false, limit: 10 });
    const seqs = [...html.matchAll(/data-seq="(\d+)"/g)].map((m) => Number(m[1]));
    expect(seqs).toEqual(events.map((e) => e.seq).slice(0, seqs.length));
    expect(seqs[0]).toBe(Math.max(...events.map((e) => e.seq)));
    // The undone fatigue change, struck through and marked; the roll on its own line under its event.
    expect(html).toMatch(/<tr class="undone" data-undone="true" data-seq="\d+" data-kind="fatigue">.*?<s>[^<]*6th Wisconsin[^<]*<\/s><span class="undone-label">undone<\/span>/);
    expect(html).toMatch(/data-kind="die\.rolled">.*?<\/tr><tr class="die" data-undone="false" data-die-seq="1">.*?fire: 2nd Wisconsin:.*?table die <strong>7<\/strong>/s);
    g.close();
  });
});

describe('the page without a frame', () => {
  it('no game open, a screen without a frame, or a frame that cannot be made: the page as built', () => {
    const g = newGame(tmp.dir);
    expect(withOpeningFrame(INDEX, '/', null)).toBe(INDEX);
    expect(withOpeningFrame(INDEX, '/?screen=turn', g)).toBe(INDEX);
    const errors: unknown[] = [];
    const broken: FrameSource = { ...g, info: () => g.info(), rosterSheet: () => { throw new Error('the disk went away'); }, history: (i) => g.history(i), diceLog: (i) => g.diceLog(i) };
    expect(withOpeningFrame(INDEX, '/', broken, { onError: (e) => errors.push(e) })).toBe(INDEX);
    expect(errors).toEqual([new Error('the disk went away')]);
    // A built page without the app's root (not Muster's index.html) is left alone too.
    expect(withOpeningFrame('<p>other</p>', '/', g)).toBe('<p>other</p>');
    g.close();
  });

  it('a frame has the rows of the window it is for', () => {
    const g = newGame(tmp.dir);
    expect(frameRows(withOpeningFrame(INDEX, '/', g, { viewportHeight: 768 }))).toHaveLength(26);
    expect(frameRows(withOpeningFrame(INDEX, '/', g))).toHaveLength(DEFAULT_FRAME_ROWS);
    g.close();
  });
});
