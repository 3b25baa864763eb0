/** Helpers to build itemised modifier totals, so that a total is never computed apart from its items. */
import type { DrmItem, Itemised } from './types';

/** Sums the items into an Itemised result, dropping none (zero-valued items stay visible only if kept by the caller). */
export function itemised(items: DrmItem[]): Itemised {
  const total = items.reduce((sum, item) => sum + item.value, 0);
  return { total, items };
}

/** Builds an itemised total from candidate items, keeping only those that apply (value !== 0 or forced). */
export function itemisedNonZero(items: DrmItem[]): Itemised {
  return itemised(items.filter((item) => item.value !== 0));
}
