/**
 * Schema version 4: what playing the whole battle needs beyond orders, activations and combat.
 *
 * - game.rain_began_turn_id / rain_rolled_turn_id: when Random Event M brought the rain, and the last turn
 *   a roll to end it was made (Rev. Rain, RI-B04: one roll a turn, from the turn after it began); the rain,
 *   the mud and the rolls made are version 3's (0003-combat).
 * - commands.fatigue_recovery: the brigade was designated in II.B to recover fatigue this turn (Rev. Sequence
 *   of Play II.B); cleared when it recovers in IV.B.
 * - units.double_time_turn_id: the turn the unit last Double Timed (Rev. Double Time: +2 fatigue levels).
 * - alternative_arrivals: one row per reinforcement group: the Alternative Arrival Area its army commander
 *   ordered, when, and the last turn it rolled there (Rev. Alternative Arrival Areas). A side's secret.
 * - concealment: one row per command: whether it moves concealed and its plot, the head hex of its column
 *   turn by turn (Rev. Concealed Movement). A side's secret.
 *
 * The two secret tables change only through events like every other state row, so undo and redo work on
 * them; the history never shows those changes (db/secrets.ts). A version 3 file gets one row per group and
 * per command, nothing ordered or concealed, and no record of when a rain already falling began.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE game ADD COLUMN rain_began_turn_id TEXT REFERENCES turns(id);
ALTER TABLE game ADD COLUMN rain_rolled_turn_id TEXT REFERENCES turns(id);
ALTER TABLE commands ADD COLUMN fatigue_recovery INTEGER NOT NULL DEFAULT 0 CHECK (fatigue_recovery IN (0, 1));
ALTER TABLE units ADD COLUMN double_time_turn_id TEXT REFERENCES turns(id);

CREATE TABLE alternative_arrivals (
  id               TEXT PRIMARY KEY REFERENCES reinforcement_groups(id),
  side             TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  entry_area       TEXT,                        -- the area ordered; NULL: none ordered
  ordered_turn_id  TEXT REFERENCES turns(id),   -- when the army commander ordered it
  rolled_turn_id   TEXT REFERENCES turns(id)    -- the last turn the group rolled for the new area
);

CREATE TABLE concealment (
  id         TEXT PRIMARY KEY REFERENCES commands(id),
  side       TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  concealed  INTEGER NOT NULL DEFAULT 0 CHECK (concealed IN (0, 1)),
  plot       TEXT NOT NULL DEFAULT '[]'          -- JSON [{ turnId, hex, note }], the column's head turn by turn
);
`;

export const migration0004: Migration = {
  version: 4,
  name: 'battle-play',
  up(db) {
    db.exec(sql);
    // A new file has no rows yet (db/store.ts insertScenario fills these tables); an older game gets one row each.
    db.exec(`INSERT INTO alternative_arrivals (id, side) SELECT id, side FROM reinforcement_groups`);
    db.exec(`INSERT INTO concealment (id, side) SELECT id, side FROM commands`);
  },
};
