/**
 * Schema: Variable Initiative, two state columns on rows
 * every game already has, so undo and redo stay UPDATEs of existing rows:
 *
 * - turns.initiative_levels: JSON of the Initiative Levels determined at this turn, a First Day-Turn after
 *   a night (contract/optional-variable-initiative.ts InitiativeLevelsRecord: both sides' itemised levels,
 *   the units behind them, the Ineffective units' rolls, the winner); NULL on every other turn and until
 *   they are determined. The holder of the day comes from it (RI-O01).
 * - units.night_plot: JSON of the unit's plot for the current Night Turn (Simultaneous Night Movement,
 *   RI-O07: its starting hex and six Time Segments); a secret entry of its side until both sides have
 *   finished the Non-Automatic Order Change Phase (RI-H01, RI-O25); cleared when the next turn begins.
 *
 * An older file gets NULLs: no levels determined, no plots.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE turns ADD COLUMN initiative_levels TEXT;
ALTER TABLE units ADD COLUMN night_plot TEXT;
`;

export const migration0011: Migration = {
  // The lead renumbers at merge: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 11,
  name: 'variable-initiative',
  up(db) {
    db.exec(sql);
  },
};
