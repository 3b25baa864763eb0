/**
 * The rules' words a screen may show as they are: the Orders Table's order names and how a leader's
 * rating points were spent. Pure formatting, no check: the screens may import this module (and
 * rules/types.ts's enumerations) but never a rule that decides (the lint rule in eslint.config.js).
 */
import { RATING_POINTS_USE_WORDS } from './activation';
import { ORDERS } from './orders-table';
import { ORDER_CODES, type OrderCode } from './types';

/** Each order's name on the Orders Table ("Assault", "Hold", ...). */
export const ORDER_NAMES: Readonly<Record<OrderCode, string>> = Object.fromEntries(ORDER_CODES.map((code) => [code, ORDERS[code].name])) as Record<OrderCode, string>;

export { RATING_POINTS_USE_WORDS };
export type { RatingPointsUse } from './activation';
