/**
 * Keyboard movement in the screens' tables (components/DataGrid.vue), as pure functions so they are
 * tested without a DOM: which row the arrow keys, Home/End and PageUp/PageDown select, and which row
 * Enter / Shift+Enter move the cell editor to.
 */

/** A key pressed in a grid, as the grid passes it to its screen before moving the selection itself. */
export interface GridKey<Row> {
  event: KeyboardEvent;
  /** The selected row's index, or -1. */
  index: number;
  row: Row | undefined;
  /** Selects (and scrolls to) the row at `index`, clamped to the rows there are. */
  select: (index: number) => void;
}

/** Rows one PageUp/PageDown moves in a viewport `height` pixels high (a screenful, less two rows of overlap). */
export function pageRows(height: number, rowHeight = 24): number {
  return Math.max(1, Math.floor(height / rowHeight) - 2);
}

/**
 * The row a movement key selects from `index` (-1: nothing selected yet, when every movement selects
 * the first row), or null for a key that moves nothing. The result is not clamped.
 */
export function movedIndex(key: string, index: number, count: number, page: number): number | null {
  if (count <= 0) return null;
  const from = index < 0 ? null : index;
  switch (key) {
    case 'ArrowDown':
      return from === null ? 0 : from + 1;
    case 'ArrowUp':
      return from === null ? 0 : from - 1;
    case 'PageDown':
      return from === null ? 0 : from + page;
    case 'PageUp':
      return from === null ? 0 : from - page;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** `index` kept within the rows there are (0 when there are none). */
export function clampIndex(index: number, count: number): number {
  return Math.max(0, Math.min(count - 1, index));
}
