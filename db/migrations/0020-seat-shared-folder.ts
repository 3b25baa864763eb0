/**
 * Schema version 20: the shared folder a seat's player picked for this game on his device, so that opening
 * the game again picks it up by itself (electron/seat-handlers.ts). A local choice of one seat's file, like
 * seat_seen: outside the hash chain, never signed, never sent in a packet (a path means nothing on the other
 * device), and empty in a game played at one laptop.
 *
 * - seat_shared_folder: one row per device the file was played on: device, a digest naming the device and its
 *   user (SHA-256, hex: the file copied to another computer does not take the folder there); folder, the
 *   folder's full path as that device names it; chosen_at, when the player picked it.
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE TABLE seat_shared_folder (
  device TEXT PRIMARY KEY CHECK (length(device) = 64),
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
