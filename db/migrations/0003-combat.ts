/**
 * Schema version 3: the unit state and the turn's combat markers the combat assistants need.
 *
 * - units.works: the field works the unit is in, 'none', 'breastworks' or 'entrenchments'
 *   (Rev. Breastworks/Entrenchments): they change the unit's fire, its UDDs and Pre-Shock checks.
 * - units.bayonet_charge: the unit is designated for a Bayonet Charge (Rev. Bayonet Charge); the marker
 *   is removed after its first shock combat, and at the start of the next turn.
 * - commands.confusion_result / units.confusion_result: what the Confusion Table gave a command (or a single
 *   unit) that failed its ME attempt this Activation Segment ('stand', 're', 'shock', 'pass', 'other');
 *   NULL until the players record it. Cleared with the activation columns when a new turn begins.
 * - leaders.rally_used: the leader has lent his star rank to a UDD or Rally roll this turn (Rev. Leader
 *   Rally: "once per turn"). Cleared when a new turn begins.
 * - game.raining / mud / rain_stop_rolls: the weather (Rev. Rain, Rev. Mud): rain falling, mud for the rest
 *   of the game once it stops, and the rolls already made to end the current rain.
 *
 * An older file keeps its rows: no works, no markers, no Confusion results recorded, fair weather.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE units ADD COLUMN works TEXT NOT NULL DEFAULT 'none' CHECK (works IN ('none', 'breastworks', 'entrenchments'));
ALTER TABLE units ADD COLUMN bayonet_charge INTEGER NOT NULL DEFAULT 0 CHECK (bayonet_charge IN (0, 1));
ALTER TABLE units ADD COLUMN confusion_result TEXT CHECK (confusion_result IN ('stand', 're', 'shock', 'pass', 'other'));
ALTER TABLE commands ADD COLUMN confusion_result TEXT CHECK (confusion_result IN ('stand', 're', 'shock', 'pass', 'other'));
ALTER TABLE leaders ADD COLUMN rally_used INTEGER NOT NULL DEFAULT 0 CHECK (rally_used IN (0, 1));
ALTER TABLE game ADD COLUMN raining INTEGER NOT NULL DEFAULT 0 CHECK (raining IN (0, 1));
ALTER TABLE game ADD COLUMN mud INTEGER NOT NULL DEFAULT 0 CHECK (mud IN (0, 1));
ALTER TABLE game ADD COLUMN rain_stop_rolls INTEGER NOT NULL DEFAULT 0 CHECK (rain_stop_rolls >= 0);
`;

export const migration0003: Migration = {
  version: 3,
  name: 'combat',
  up(db) {
    db.exec(sql);
  },
};
