/**
 * Schema version 15: the house readings a game was created with.
 *
 * - game.house_readings: JSON of the readings chosen at New Game where they differ from the documented ones
 *   (contract/house-readings.ts HouseReadingSettings), '{}' when the game plays every reading as documented.
 *   Written once, in the creation transaction before the genesis, so the genesis hash covers it and `verify`
 *   compares it like any other state column; no event ever changes it, and a trigger refuses any change once
 *   the genesis exists.
 *
 * A version 14 file gets '{}': it plays every reading as documented, as it always did. A file that chose a
 * reading is refused by an older Muster (its schema is newer), which would otherwise play the documented one.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE game ADD COLUMN house_readings TEXT NOT NULL DEFAULT '{}';

CREATE TRIGGER game_house_readings_fixed BEFORE UPDATE OF house_readings ON game
WHEN EXISTS (SELECT 1 FROM genesis)
BEGIN SELECT RAISE(ABORT, 'the house readings are fixed when the game is created'); END;
`;

export const migration0015: Migration = {
  version: 15,
  name: 'house-readings',
  up(db) {
    db.exec(sql);
  },
};
