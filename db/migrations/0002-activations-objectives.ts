/**
 * Schema version 2: who activated this Activation Segment, and the victory objectives.
 *
 * - commands.activation / activation_phase / activation_order: how the command activated this segment
 *   ('ME', 'RE' or 'confusion': tried for ME and went to the Confusion Table), in which phase of
 *   segment III ('A' in-command, 'B' out-of-command) and as the how-many-th activation of the turn.
 *   NULL while it has not activated. Cleared when a new turn begins. Written by the activation event
 *   itself, so undo reverts it with the event.
 * - units.activation / activation_phase / activation_order: the same for a single unit activated in
 *   the Out-of-Command Activation Phase (Rev. Activation Segment: "each player activates a single unit").
 * - objectives: one row per side and Geographic Objective of the scenario's lists (the revision's
 *   Staging Areas included), with whether the players have recorded it as occupied.
 * - game.manpower_usa / manpower_csa: whether the players have recorded the side's Manpower Objective
 *   (per the scenario sheet, Rev. Victory) as met.
 *
 * A version 1 file keeps its rows; its objectives are read from the game's own objective lists (none
 * occupied). Activations made in the current segment before the upgrade are not reconstructed: the
 * history still lists them and `me_attempted` still bars subordinates after an ME attempt.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE commands ADD COLUMN activation TEXT CHECK (activation IN ('ME', 'RE', 'confusion'));
ALTER TABLE commands ADD COLUMN activation_phase TEXT;
ALTER TABLE commands ADD COLUMN activation_order INTEGER;
ALTER TABLE units ADD COLUMN activation TEXT CHECK (activation IN ('ME', 'RE', 'confusion'));
ALTER TABLE units ADD COLUMN activation_phase TEXT;
ALTER TABLE units ADD COLUMN activation_order INTEGER;
ALTER TABLE game ADD COLUMN manpower_usa INTEGER NOT NULL DEFAULT 0 CHECK (manpower_usa IN (0, 1));
ALTER TABLE game ADD COLUMN manpower_csa INTEGER NOT NULL DEFAULT 0 CHECK (manpower_csa IN (0, 1));

CREATE TABLE objectives (
  id            TEXT PRIMARY KEY,              -- '<side>:<objective id>' (the lists may share an id)
  side          TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),  -- the side that must occupy it
  objective_id  TEXT NOT NULL,
  name          TEXT NOT NULL,
  position      INTEGER NOT NULL,             -- order in the scenario's list
  occupied      INTEGER NOT NULL DEFAULT 0 CHECK (occupied IN (0, 1)),
  UNIQUE (side, objective_id)
);
`;

interface ObjectiveList {
  USA?: { id: string; name: string }[];
  CSA?: { id: string; name: string }[];
}

export const migration0002: Migration = {
  version: 2,
  name: 'activations-objectives',
  up(db) {
    db.exec(sql);
    // A new file has no game yet (the scenario is copied in after the migrations); an older game has one.
    const game = db.prepare('SELECT objectives FROM game WHERE id = 1').get() as { objectives: string } | undefined;
    if (!game) return;
    const lists = JSON.parse(game.objectives) as ObjectiveList;
    const insert = db.prepare('INSERT INTO objectives (id, side, objective_id, name, position) VALUES (?, ?, ?, ?, ?)');
    for (const side of ['USA', 'CSA'] as const) {
      (lists[side] ?? []).forEach((o, i) => insert.run(`${side}:${o.id}`, side, o.id, o.name, i));
    }
  },
};
