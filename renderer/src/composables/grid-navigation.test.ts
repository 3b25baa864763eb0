/** Keyboard movement in the screens' tables: which row each key selects, and how far a page goes. */
import { describe, expect, it } from 'vitest';
import { clampIndex, movedIndex, pageRows } from './grid-navigation';

describe('movedIndex', () => {
  it('moves one row with the arrows, a page with PageUp/PageDown, to the ends with Home/End', () => {
    expect(movedIndex('ArrowDown', 4, 100, 20)).toBe(5);
    expect(movedIndex('ArrowUp', 4, 100, 20)).toBe(3);
    expect(movedIndex('PageDown', 4, 100, 20)).toBe(24);
    expect(movedIndex('PageUp', 30, 100, 20)).toBe(10);
    expect(movedIndex('Home', 30, 100, 20)).toBe(0);
    expect(movedIndex('End', 3, 100, 20)).toBe(99);
  });

  it('selects the first row with any movement when nothing is selected yet, except End', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home']) expect(movedIndex(key, -1, 100, 20)).toBe(0);
    expect(movedIndex('End', -1, 100, 20)).toBe(99);
  });

  it('leaves other keys, and empty tables, alone', () => {
    expect(movedIndex('l', 4, 100, 20)).toBeNull();
    expect(movedIndex('Enter', 4, 100, 20)).toBeNull();
    expect(movedIndex('ArrowDown', -1, 0, 20)).toBeNull();
  });
});

describe('clampIndex', () => {
  it('keeps a move within the rows there are', () => {
    expect(clampIndex(120, 100)).toBe(99);
    expect(clampIndex(-5, 100)).toBe(0);
    expect(clampIndex(42, 100)).toBe(42);
  });
});

describe('pageRows', () => {
  it('is a screenful of 24 px rows less two of overlap, at least one', () => {
    // The roster's viewport at 1366x768 is 540 px: 22 rows, a page of 20.
    expect(pageRows(540)).toBe(20);
    expect(pageRows(30)).toBe(1);
  });
});
