/**
 * Virtualised table rows: only the rows in view (plus a margin) are rendered, so the full battle's
 * roster (about 600 units and 250 commands) scrolls smoothly. Rows have one fixed height (the CSS
 * variable --muster-row); spacer rows above and below keep the scroll bar true. Heights are set
 * through the CSSOM (Vue's object :style), which the strict CSP permits (it forbids style attributes).
 *
 * Cheap on purpose: the viewport's height comes from a ResizeObserver (its first report arrives with
 * the first frame, after layout), never from a read that forces a layout while the screen is being
 * built; and the window stays the same object while scrolling within a row, so the table re-renders
 * only when the slice of rows actually changes.
 */
import { computed, nextTick, onMounted, onUnmounted, ref, type Ref } from 'vue';

/** The slice of rows to render for a viewport: [start, end) plus spacer heights in pixels. */
export interface RowWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

/** Pure arithmetic of the window (tested without a DOM). */
export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewportHeight: number, overscan = 8): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count - 1, first - overscan));
  const end = Math.min(count, first + visible + overscan);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}

/** True when two windows render the same rows with the same spacers. */
export function sameRowWindow(a: RowWindow, b: RowWindow): boolean {
  return a.start === b.start && a.end === b.end && a.padTop === b.padTop && a.padBottom === b.padBottom;
}

/**
 * The window for a new scroll position or viewport: `previous` itself when it renders the same rows,
 * so a reactive consumer sees no change while the table scrolls within a row.
 */
export function nextRowWindow(previous: RowWindow | undefined, ...args: Parameters<typeof rowWindow>): RowWindow {
  const next = rowWindow(...args);
  return previous !== undefined && sameRowWindow(previous, next) ? previous : next;
}

/** The scrollTop that brings row `index` into view (unchanged when it already is). */
export function scrollTopFor(index: number, rowHeight: number, scrollTop: number, viewportHeight: number, headerHeight = 0): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  const visibleTop = scrollTop;
  const visibleBottom = scrollTop + viewportHeight - headerHeight;
  if (top < visibleTop) return top;
  if (bottom > visibleBottom) return bottom - (viewportHeight - headerHeight);
  return scrollTop;
}

/** The viewport height assumed until the ResizeObserver's first report, which comes before the first paint. */
const ASSUMED_VIEWPORT_HEIGHT = 600;
/** Rows rendered beyond the viewport, above and below, so that scrolling finds them drawn. */
const OVERSCAN = 8;

export function useVirtualRows(count: Ref<number>, rowHeight = 24, headerHeight = 26) {
  const container = ref<HTMLElement | null>(null);
  const scrollTop = ref(0);
  const viewportHeight = ref(ASSUMED_VIEWPORT_HEIGHT);

  // The first render draws only the rows in view (the first paint needs no more); the margin for
  // scrolling follows in the frame after the first one, before the player can scroll.
  const overscan = ref(0);
  // Vue passes the previous value: returning it unchanged re-runs nothing that depends on the window.
  const window = computed<RowWindow>((previous) => nextRowWindow(previous, count.value, rowHeight, scrollTop.value, viewportHeight.value, overscan.value));
  const padTopStyle = computed(() => ({ height: `${window.value.padTop}px` }));
  const padBottomStyle = computed(() => ({ height: `${window.value.padBottom}px` }));

  function onScroll(): void {
    if (container.value) scrollTop.value = container.value.scrollTop;
  }

  function measure(): void {
    if (container.value) viewportHeight.value = container.value.clientHeight;
  }

  /**
   * The margin rows, once the first frame is out: a frame callback asked for while mounting runs in that
   * first frame (before its layout), so the margin waits for the one after. Without frames, at once.
   */
  function addMargin(): void {
    if (typeof requestAnimationFrame === 'undefined') overscan.value = OVERSCAN;
    else requestAnimationFrame(() => requestAnimationFrame(() => (overscan.value = OVERSCAN)));
  }

  /**
   * Scrolls so row `index` is visible below the sticky header: first by arithmetic (so the row gets
   * rendered), then by the row itself (rows carry data-row-index; CSS gives them a scroll margin).
   */
  function reveal(index: number): void {
    const el = container.value;
    if (!el) return;
    const next = scrollTopFor(index, rowHeight, el.scrollTop, el.clientHeight, headerHeight);
    if (next !== el.scrollTop) {
      el.scrollTop = next;
      scrollTop.value = el.scrollTop;
    }
    void nextTick(() => {
      el.querySelector(`[data-row-index="${index}"]`)?.scrollIntoView({ block: 'nearest' });
      scrollTop.value = el.scrollTop;
    });
  }

  let observer: ResizeObserver | null = null;
  onMounted(() => {
    if (container.value && typeof ResizeObserver !== 'undefined') {
      // Its first report comes after the first layout (reading clientHeight then costs nothing);
      // reading it here would force a layout of the whole screen in the middle of mounting it.
      observer = new ResizeObserver(measure);
      observer.observe(container.value);
    } else {
      measure();
    }
    addMargin();
  });
  onUnmounted(() => observer?.disconnect());

  return { container, window, padTopStyle, padBottomStyle, onScroll, reveal, measure };
}
