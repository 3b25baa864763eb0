/**
 * Demoralization: the level each side has reached this game.
 *
 * - game.demoralization_usa, game.demoralization_csa: 0 (not demoralized), 1 (demoralized) or 2
 *   (double-demoralized). "For the rest of the game" (RI-O10) makes the level reached state that the
 *   losses now cannot give back once later reinforcements raise the total, so it is stored. It only
 *   rises, in the same event as the loss (or the correction) that made it rise (RI-O31), so undo takes
 *   a crossing back with its loss, and `verify` rebuilds it from the genesis and the log like any column.
 *
 * A file from before this version gets 0 for both sides: only a game created with the option ever
 * changes them, and the option is chosen at creation (migration of the optional rules).
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE game ADD COLUMN demoralization_usa INTEGER NOT NULL DEFAULT 0 CHECK (demoralization_usa BETWEEN 0 AND 2);
ALTER TABLE game ADD COLUMN demoralization_csa INTEGER NOT NULL DEFAULT 0 CHECK (demoralization_csa BETWEEN 0 AND 2);
`;

export const migration0008: Migration = {
  version: 8,
  name: 'demoralization',
  up(db) {
    db.exec(sql);
  },
};
