/**
 * Schema version 20: the shared folder a seat's player picked for this game on this device, so that opening
 * the game again picks it up by itself (electron/seat-handlers.ts). A local choice of one seat's file, like
 * seat_seen: outside the hash chain, never signed, never sent in a packet (a path means nothing on the other
 * device), and empty in a game played at one laptop.
 *
 * - seat_shared_folder: its one row (id 1): folder, the folder's full path as this device names it; chosen_at,
 *   when the player picked it.
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE TABLE seat_shared_folder (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  folder TEXT NOT NULL CHECK (length(folder) > 0),
  chosen_at TEXT NOT NULL
);
`;

export const migration0020: Migration = {
  // Renumbered at merge if another step took 20: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 20,
  name: 'seat-shared-folder',
  up(db) {
    db.exec(sql);
  },
};
