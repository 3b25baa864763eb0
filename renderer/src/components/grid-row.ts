/**
 * One row of a DataGrid (components/DataGrid.vue): its <tr>, with the screen's attributes and cells. A
 * component of its own so that Vue redraws a row only when what it shows changed: its row object (the
 * screens keep the objects of the rows that did not change: stores/keep-unchanged.ts, roster-rows.ts), its
 * place, whether it is selected, or something its cells read. The grid's other rows are left as they are
 * (props that are the values they had: Vue does not run their render again).
 *
 * The cells are the screen's slot, passed as the function it is (a stable slot keeps its function from one
 * render of the screen to the next), and called here: what they read is this row's to track.
 */
import { defineComponent, h, mergeProps, type PropType, type VNodeArrayChildren } from 'vue';

/** A screen's cells for one row: the grid's `cells` slot (what a compiled slot returns: its nodes). */
export type GridCells = (props: { row: never; index: number }) => unknown;

export default defineComponent({
  name: 'GridRow',
  props: {
    /** The row as the screen made it (any shape). */
    row: { type: null as unknown as PropType<unknown>, required: true },
    /** Its place in the whole list (not only the rows rendered). */
    index: { type: Number, required: true },
    /** The element id (aria-activedescendant points at it), when the grid selects rows. */
    rowId: { type: String, default: undefined },
    /** Whether it is the selected row; undefined when the grid selects no row (a table of inputs). */
    selected: { type: null as unknown as PropType<boolean | undefined>, default: undefined },
    /** The screen's classes and data-* for a row. */
    rowAttrs: { type: Function as PropType<(row: never) => Record<string, unknown>>, default: undefined },
    /** The screen's cells for a row (its slot). */
    cells: { type: Function as PropType<GridCells>, required: true },
  },
  emits: {
    pick: (index: number) => Number.isInteger(index),
    open: (index: number) => Number.isInteger(index),
  },
  setup(props, { emit }) {
    return () =>
      h(
        'tr',
        mergeProps(props.rowAttrs?.(props.row as never) ?? {}, {
          id: props.rowId,
          role: 'row',
          'aria-rowindex': props.index + 2,
          'aria-selected': props.selected,
          class: { selected: props.selected === true },
          'data-row-index': props.index,
          onClick: () => emit('pick', props.index),
          onDblclick: () => emit('open', props.index),
        }),
        props.cells({ row: props.row as never, index: props.index }) as VNodeArrayChildren,
      );
  },
});
