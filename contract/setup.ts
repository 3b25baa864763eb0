/**
 * Setup: correcting the values printed on leader and unit counters before play begins (every scenario
 * ships approximate values the players check against their counters).
 */
import { z } from 'zod';
import { ChangeResult, Id, Weapon, counterValue, text, write } from './common';

export const EditLeaderInput = z.strictObject({
  leaderId: Id,
  rating: counterValue('rating').optional(),
  stars: counterValue('stars').optional(),
  range: counterValue('range').optional(),
});
export type EditLeaderInput = z.infer<typeof EditLeaderInput>;

/** A cohesion rating as printed on one side of the counter; null clears it ("not entered"). */
const Cohesion = counterValue('cohesion').nullable().optional();

export const EditUnitInput = z.strictObject({
  unitId: Id,
  sp: counterValue('sp').optional(),
  weapon: Weapon.nullable().optional(),
  /** The ordered side's cohesion rating. */
  cohesionOrdered: Cohesion,
  /** The disordered side's cohesion rating. */
  cohesionDisordered: Cohesion,
});
export type EditUnitInput = z.infer<typeof EditUnitInput>;

/** Why a counter value is corrected after play began (a misprint, a wrong reading): logged with the change. */
const Reason = text(200).pipe(z.string().min(1, 'Reason: say why the value is corrected (e.g. "misprint on the counter")'));

export const CorrectLeaderInput = z.strictObject({
  leaderId: Id,
  rating: counterValue('rating').optional(),
  stars: counterValue('stars').optional(),
  range: counterValue('range').optional(),
  reason: Reason,
});
export type CorrectLeaderInput = z.infer<typeof CorrectLeaderInput>;

export const CorrectUnitInput = z.strictObject({
  unitId: Id,
  sp: counterValue('sp').optional(),
  weapon: Weapon.nullable().optional(),
  cohesionOrdered: Cohesion,
  cohesionDisordered: Cohesion,
  reason: Reason,
});
export type CorrectUnitInput = z.infer<typeof CorrectUnitInput>;

export const setupContract = {
  editLeader: write("Corrects a leader counter's rating, stars or command range (before play begins)", EditLeaderInput, ChangeResult),
  editUnit: write("Corrects a unit counter's SP, weapon or cohesion ratings (before play begins)", EditUnitInput, ChangeResult),
  correctLeader: write("Corrects a leader counter's rating, stars or range at any time, with a reason, as a logged correction", CorrectLeaderInput, ChangeResult),
  correctUnit: write("Corrects a unit counter's SP, weapon or cohesion ratings at any time, with a reason, as a logged correction", CorrectUnitInput, ChangeResult),
};
