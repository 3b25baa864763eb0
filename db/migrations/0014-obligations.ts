/**
 * Schema: the turn's obligations (db/service/obligations.ts), two state columns on rows every game already
 * has, so undo and redo stay UPDATEs of existing rows:
 *
 * - units.udd_due: 1 while a unit owes a UDD the service knows of (a retreat before shock, Rev. Retreat
 *   Before Shock); cleared by the unit's UDD. The clock waits for it.
 * - turn_state.settled: JSON array of the obligations of the current step that the players settled
 *   without a change of state (a designation waived, an RSM marker kept because no unit is in range);
 *   emptied whenever the clock moves.
 *
 * An older file gets 0 and '[]': no UDD owed, nothing settled.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE units ADD COLUMN udd_due INTEGER NOT NULL DEFAULT 0 CHECK (udd_due IN (0, 1));
ALTER TABLE turn_state ADD COLUMN settled TEXT NOT NULL DEFAULT '[]';
`;

export const migration0014: Migration = {
  version: 14,
  name: 'obligations',
  up(db) {
    db.exec(sql);
  },
};
