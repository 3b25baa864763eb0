/**
 * A grid's rows are drawn one by one (renderer/src/components/grid-row.ts): when the list changes, a row
 * whose object, place and selection are as they were is not drawn again; the row that lost an SP, the row
 * selected and the rows that moved are. What a row's cells read is tracked by that row: a change to it draws
 * the rows that read it, not the whole grid. Mounted with Vue's own renderer over bare nodes (tests/fixtures/mount.ts).
 */
import { createPinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import { h, nextTick, ref, shallowRef } from 'vue';
import GridRow from '../renderer/src/components/grid-row';
import { mountSetup } from './fixtures/mount';

interface Row {
  id: string;
  currentSp: number;
}

/** A grid of the Iron Brigade's regiments, its cells counting the rows they draw. */
function ironBrigade() {
  const rows = shallowRef<Row[]>(['2-wi', '6-wi', '7-wi', '19-in', '24-mi'].map((id) => ({ id, currentSp: 5 })));
  const selected = ref<string | null>(null);
  /** A note only the 24th Michigan's cells read. */
  const note = ref('');
  const drawn: string[] = [];
  const cells = ({ row }: { row: Row }) => {
    drawn.push(row.id);
    return [h('td', row.id), h('td', String(row.currentSp)), h('td', row.id === '24-mi' ? note.value : '')];
  };
  const pick = (index: number) => index;
  const grid = mountSetup(
    createPinia(),
    () => undefined,
    () => h('tbody', rows.value.map((row, index) => h(GridRow, { key: row.id, row, index, rowId: `row-${row.id}`, selected: row.id === selected.value, cells, onPick: pick }))),
  );
  return { rows, selected, note, drawn, grid };
}

describe("a grid's rows after a change", () => {
  it('only the row whose object is new is drawn again; the selection draws the two rows it moves between', async () => {
    const { rows, selected, drawn, grid } = ironBrigade();
    try {
      expect(drawn).toEqual(['2-wi', '6-wi', '7-wi', '19-in', '24-mi']);
      drawn.length = 0;
      rows.value = rows.value.map((r) => (r.id === '6-wi' ? { ...r, currentSp: 4 } : r));
      await nextTick();
      expect(drawn).toEqual(['6-wi']);
      drawn.length = 0;
      selected.value = '7-wi';
      await nextTick();
      expect(drawn).toEqual(['7-wi']);
      drawn.length = 0;
      selected.value = '19-in';
      await nextTick();
      expect(drawn.sort()).toEqual(['19-in', '7-wi']);
    } finally {
      grid.unmount();
    }
  });

  it('a row removed moves the rows after it (their place is new); the rows before are not drawn again', async () => {
    const { rows, drawn, grid } = ironBrigade();
    try {
      drawn.length = 0;
      rows.value = rows.value.filter((r) => r.id !== '6-wi');
      await nextTick();
      expect(drawn.sort()).toEqual(['19-in', '24-mi', '7-wi']);
    } finally {
      grid.unmount();
    }
  });

  it("what a row's cells read draws that row again when it changes, and no other", async () => {
    const { note, drawn, grid } = ironBrigade();
    try {
      drawn.length = 0;
      note.value = 'out of ammo';
      await nextTick();
      expect(drawn).toEqual(['24-mi']);
    } finally {
      grid.unmount();
    }
  });
});
