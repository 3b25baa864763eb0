/**
 * The rules engine's public entry point: everything a screen, the game service or an outside check needs
 * from the 3 Days of Gettysburg revision. Pure functions over plain data; no I/O, no randomness.
 */
export * from './types';
export * from './errors';
export * from './itemise';
export type { CommandCheck } from './command-check';
export { assertLeaderRating } from './command-check';
export * from './orders-table';
export * from './orders';
export * from './order-change';
export * from './command-tree';
export * from './initiative';
export * from './activation';
export * from './attachment';
export * from './sequence';
export * from './stacking';
export * from './fire';
export * from './fire-tables';
export * from './shock';
export * from './rally';
export * from './terrain';
export * from './movement';
export * from './losses';
export * from './reinforcements';
export * from './weather';
export * from './fatigue';
export * from './victory';
export * from './map-facts';
// Optional rules from related Civil War systems: off unless a game switches them on.
export * from './optional/variable-initiative';
export * from './optional/variable-initiative-day';
export * from './optional/demoralization';
export * from './optional/card-draw';
export * from './optional/messengers';
export * from './optional/catalogue';
