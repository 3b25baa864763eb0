/**
 * Schema: the counter values a result needs that the scenarios do not ship, which a group enters once
 * (Setup, CSV, or a kit another player exported):
 *
 * - units.cohesion_ordered, units.cohesion_disordered: the cohesion ratings printed on each side of the
 *   counter, so that Pre-Shock Cohesion Checks, Rally and UDD resolve from the die against them;
 * - units.artillery_row: for a battery, the row of the group's artillery range chart its guns fire on.
 *
 * Muster ships none: NULL means "not entered", and the players then read that unit's outcomes at the
 * table (or choose the guns' row) as before.
 *
 * All are state columns of a row every game already has, changed by events like SP and weapon, so undo
 * and redo stay UPDATEs. An older file gets NULLs: no rating entered.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE units ADD COLUMN cohesion_ordered INTEGER CHECK (cohesion_ordered BETWEEN 0 AND 9);
ALTER TABLE units ADD COLUMN cohesion_disordered INTEGER CHECK (cohesion_disordered BETWEEN 0 AND 9);
ALTER TABLE units ADD COLUMN artillery_row TEXT;
`;

export const migration0012: Migration = {
  // The lead renumbers at merge: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 12,
  name: 'counter-values',
  up(db) {
    db.exec(sql);
  },
};
