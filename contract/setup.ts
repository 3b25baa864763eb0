/**
 * Setup: correcting the values printed on leader and unit counters before play begins (every scenario
 * ships approximate values the players check against their counters).
 */
import { z } from 'zod';
import { ChangeResult, Id, Weapon, counterValue, write } from './common';

export const EditLeaderInput = z.strictObject({
  leaderId: Id,
  rating: counterValue('rating').optional(),
  stars: counterValue('stars').optional(),
  range: counterValue('range').optional(),
});
export type EditLeaderInput = z.infer<typeof EditLeaderInput>;

export const EditUnitInput = z.strictObject({
  unitId: Id,
  sp: counterValue('sp').optional(),
  weapon: Weapon.nullable().optional(),
});
export type EditUnitInput = z.infer<typeof EditUnitInput>;

export const setupContract = {
  editLeader: write("Corrects a leader counter's rating, stars or command range (before play begins)", EditLeaderInput, ChangeResult),
  editUnit: write("Corrects a unit counter's SP or weapon (before play begins)", EditUnitInput, ChangeResult),
};
