/**
 * The arithmetic of the virtualised tables: which slice of rows to render for a viewport, and where to
 * scroll so a row chosen with the keyboard is visible below the sticky header, and when the slice is
 * unchanged (so the table does not render again).
 */
import { describe, expect, it } from 'vitest';
import { nextRowWindow, rowWindow, sameRowWindow, scrollTopFor } from './virtual-rows';

describe('rowWindow', () => {
  it('renders the rows in view plus a margin, with spacers standing in for the rest', () => {
    // 770 rows of 24 px, 600 px of viewport scrolled to row 100: rows 100-125 are (partly) in view.
    const w = rowWindow(770, 24, 2400, 600, 8);
    expect(w).toEqual({ start: 92, end: 134, padTop: 92 * 24, padBottom: (770 - 134) * 24 });
    expect(w.padTop + (w.end - w.start) * 24 + w.padBottom).toBe(770 * 24);
  });

  it('clamps at both ends', () => {
    expect(rowWindow(770, 24, 0, 600, 8)).toMatchObject({ start: 0, padTop: 0 });
    expect(rowWindow(770, 24, 1_000_000, 600, 8)).toMatchObject({ end: 770, padBottom: 0 });
    expect(rowWindow(10, 24, 0, 600, 8)).toEqual({ start: 0, end: 10, padTop: 0, padBottom: 0 });
    expect(rowWindow(0, 24, 0, 600)).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
  });

  it('never renders more than a screenful and two margins, however long the roster', () => {
    for (const top of [0, 5000, 12_345, 18_000]) {
      const w = rowWindow(770, 24, top, 600, 8);
      expect(w.end - w.start).toBeLessThanOrEqual(Math.ceil(600 / 24) + 1 + 16);
    }
  });
});

describe('scrollTopFor', () => {
  it('leaves the scroll alone when the row is visible', () => {
    expect(scrollTopFor(10, 24, 0, 600, 26)).toBe(0);
  });

  it('scrolls up to a row above the view and down to one below it (clear of the header)', () => {
    expect(scrollTopFor(5, 24, 480, 600, 26)).toBe(120);
    // Row 30 ends at 744 px; 574 px are visible under the header.
    expect(scrollTopFor(30, 24, 0, 600, 26)).toBe(744 - 574);
  });
});

describe('nextRowWindow', () => {
  it('keeps the same window while the table scrolls within a row, so the rows are not rendered again', () => {
    const first = nextRowWindow(undefined, 770, 24, 2400, 600, 8);
    // 2400 px is the top of row 100; anything short of row 101 renders the same slice.
    for (const top of [2401, 2410, 2423]) expect(nextRowWindow(first, 770, 24, top, 600, 8)).toBe(first);
    // A viewport a few pixels shorter that still shows parts of the same rows changes nothing either.
    expect(nextRowWindow(first, 770, 24, 2400, 590, 8)).toBe(first);
  });

  it('gives a new window once another row enters or leaves the view', () => {
    const first = nextRowWindow(undefined, 770, 24, 2400, 600, 8);
    const scrolled = nextRowWindow(first, 770, 24, 2424, 600, 8);
    expect(scrolled).not.toBe(first);
    expect(scrolled).toEqual(rowWindow(770, 24, 2424, 600, 8));
    // The roster's viewport at 1366x768 is 540 px: two rows fewer than the 600 px first assumed.
    expect(nextRowWindow(first, 770, 24, 2400, 540, 8)).toEqual({ start: 92, end: 132, padTop: 92 * 24, padBottom: (770 - 132) * 24 });
    // New rows from the service (the count changes) always give a new window.
    expect(nextRowWindow(first, 771, 24, 2400, 600, 8)).not.toBe(first);
  });
});

describe('sameRowWindow', () => {
  it('compares the rows rendered and the spacers, not the objects', () => {
    expect(sameRowWindow(rowWindow(770, 24, 0, 600), rowWindow(770, 24, 5, 600))).toBe(true);
    expect(sameRowWindow(rowWindow(770, 24, 0, 600), rowWindow(770, 24, 24, 600))).toBe(false);
    expect(sameRowWindow(rowWindow(770, 24, 0, 600), rowWindow(780, 24, 0, 600))).toBe(false);
  });
});
