/**
 * Schema version 24: an index on the brigade a unit screens as skirmishers. A fire asks, for its firing
 * brigades, whether each has a unit out as skirmishers (the skirmishers' DRM, Rev. Skirmishers): without an
 * index each ask read every unit of the order of battle, on every fire and every plan the Fire assistant
 * shows. The index holds the units out as skirmishers only (a handful), so a loss or any other change to a
 * unit that is not about skirmishers leaves it as it was.
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE INDEX units_skirmishers ON units (skirmishers) WHERE skirmishers IS NOT NULL;
`;

export const migration0024: Migration = {
  // Renumbered at merge if another step took 24: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 24,
  name: 'skirmishers-index',
  up(db) {
    db.exec(sql);
  },
};
