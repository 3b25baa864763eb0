/**
 * Setup: correcting the values printed on leader and unit counters before play begins (every scenario
 * ships approximate values the players check against their counters).
 */
import { z } from 'zod';
import { ChangeResult, Id, Side, Weapon, counterValue, text, write } from './common';

export const EditLeaderInput = z.strictObject({
  leaderId: Id,
  rating: counterValue('rating').optional(),
  stars: counterValue('stars').optional(),
  range: counterValue('range').optional(),
});
export type EditLeaderInput = z.infer<typeof EditLeaderInput>;

/** A cohesion rating as printed on one side of the counter; null clears it ("not entered"). */
const Cohesion = counterValue('cohesion').nullable().optional();

/** A battery's row of the group's artillery range chart, by the row's name; null clears it. */
const ArtilleryRow = text(60).pipe(z.string().min(1, 'artilleryRow: name the row of your artillery range chart (or null for none)')).nullable().optional();

export const EditUnitInput = z.strictObject({
  unitId: Id,
  sp: counterValue('sp').optional(),
  weapon: Weapon.nullable().optional(),
  /** The ordered side's cohesion rating. */
  cohesionOrdered: Cohesion,
  /** The disordered side's cohesion rating. */
  cohesionDisordered: Cohesion,
  /** A battery's guns: the row of the group's artillery range chart they fire on. */
  artilleryRow: ArtilleryRow,
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
  artilleryRow: ArtilleryRow,
  reason: Reason,
});
export type CorrectUnitInput = z.infer<typeof CorrectUnitInput>;

/**
 * The scenario's Geographic Objectives as the players' scenario sheet has them (RI-D13): one objective's
 * name, or how many of its list a side must hold. Before play a setup edit; once play has begun a
 * correction with its reason (RI-H04).
 */
export const EditObjectivesInput = z.strictObject({
  side: Side,
  /** With name: the objective renamed. */
  objectiveId: Id.optional(),
  name: text(80).pipe(z.string().min(1, 'Name: the objective needs a name')).optional(),
  /** How many of the side's objectives it must hold. */
  required: z.number('Needed: a whole number of objectives').int('Needed: a whole number of objectives').min(0, 'Needed: 0 or more objectives').max(40, 'Needed: at most 40 objectives').optional(),
  reason: text(200).optional(),
});
export type EditObjectivesInput = z.infer<typeof EditObjectivesInput>;

/** One unit's counter values in a group's kit: blank (null) is "not entered". */
export const KitCounterValues = z.strictObject({
  unitId: Id,
  cohesionOrdered: counterValue('cohesion').nullable(),
  cohesionDisordered: counterValue('cohesion').nullable(),
  artilleryRow: text(60).nullable(),
});
export type KitCounterValues = z.infer<typeof KitCounterValues>;

export const ApplyCounterValuesInput = z.strictObject({
  units: z.array(KitCounterValues).max(2000),
  /** The kit's fingerprint, named in the history. */
  fingerprint: text(20).optional(),
});
export type ApplyCounterValuesInput = z.infer<typeof ApplyCounterValuesInput>;
export const ApplyCounterValuesResult = ChangeResult.extend({
  /** Units whose values changed. */
  changed: z.number().int(),
  /** Ids the kit names that this game does not have (another scenario's units). */
  unknown: z.array(z.string()),
});

export const setupContract = {
  editLeader: write("Corrects a leader counter's rating, stars or command range (before play begins)", EditLeaderInput, ChangeResult),
  editUnit: write("Corrects a unit counter's SP, weapon or cohesion ratings (before play begins)", EditUnitInput, ChangeResult),
  correctLeader: write("Corrects a leader counter's rating, stars or range at any time, with a reason, as a logged correction", CorrectLeaderInput, ChangeResult),
  editObjectives: write("Corrects a side's Geographic Objectives as the scenario sheet has them: a name, or how many it needs", EditObjectivesInput, ChangeResult),
  applyCounterValues: write("Sets the counter values of a group's kit (cohesion ratings, batteries' guns) for every unit it names, as one setup edit before play begins or one logged correction after", ApplyCounterValuesInput, ApplyCounterValuesResult),
  correctUnit: write("Corrects a unit counter's SP, weapon or cohesion ratings at any time, with a reason, as a logged correction", CorrectUnitInput, ChangeResult),
};
