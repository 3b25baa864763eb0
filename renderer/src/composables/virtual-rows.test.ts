/**
 * The arithmetic of the virtualised tables: which slice of rows to render for a viewport, and where to
 * scroll so a row chosen with the keyboard is visible below the sticky header.
 */
import { describe, expect, it } from 'vitest';
import { rowWindow, scrollTopFor } from './virtual-rows';

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
