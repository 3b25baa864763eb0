/**
 * Schema: the cohesion ratings printed on each unit's counter, its ordered side and its disordered side,
 * which a group enters once (Setup, CSV, or a kit another player exported) so that Pre-Shock Cohesion
 * Checks, Rally and UDD resolve from the die against them. Muster ships none: NULL means "not entered",
 * and the players then read that unit's outcomes at the table as before.
 *
 * Both are state columns of a row every game already has, changed by events like SP and weapon, so undo
 * and redo stay UPDATEs. An older file gets NULLs: no rating entered.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE units ADD COLUMN cohesion_ordered INTEGER CHECK (cohesion_ordered BETWEEN 0 AND 9);
ALTER TABLE units ADD COLUMN cohesion_disordered INTEGER CHECK (cohesion_disordered BETWEEN 0 AND 9);
`;

export const migration0012: Migration = {
  // The lead renumbers at merge: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 12,
  name: 'cohesion-ratings',
  up(db) {
    db.exec(sql);
  },
};
