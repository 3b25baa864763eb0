/**
 * Schema: a seat's own side secrets (db/seats/side-secrets.ts). In a two-seat game, an Alternative Arrival
 * Area order is sealed: the shared log holds only a commitment to it (a SHA-256 over the side, the turn, the
 * group, the area and a salt of 128 bits), and the order itself stays in the ordering seat's file, in this
 * table, until the seat opens it into the log. Empty in a game played at one laptop, and in the other seat's
 * file.
 *
 * - seat_side_secrets: one row per order the local seat sealed: its commitment (as the log holds it), the
 *   side, the kind of secret, the turn it was made, what it says (the call's input), its salt, and whether it
 *   has been opened into the log.
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE TABLE seat_side_secrets (
  commitment TEXT PRIMARY KEY,
  side TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  kind TEXT NOT NULL,
  turn_id TEXT NOT NULL,
  input TEXT NOT NULL,
  salt TEXT NOT NULL,
  opened INTEGER NOT NULL DEFAULT 0 CHECK (opened IN (0, 1))
);
`;

export const migration0019: Migration = {
  // The lead renumbers at merge: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 19,
  name: 'seat-side-secrets',
  up(db) {
    db.exec(sql);
  },
};
