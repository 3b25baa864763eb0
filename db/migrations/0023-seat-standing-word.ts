/**
 * Schema version 23: a seat's standing word on Alternative Arrival Area orders (RI-H13). Its player says once
 * "no order until I say otherwise", and Muster gives "No order this turn" for him at each beginning of the
 * Activation Segment his word is asked (RI-H10), as his click would. A choice of one seat's file, like
 * seat_shared_folder: outside the hash chain, never signed, never sent in a packet (the other seat cannot tell a
 * standing word from a click), and empty in a game played at one laptop.
 *
 * - seat_standing_word: at most one row, the seat's side: standing, 1 while the player's standing word holds,
 *   0 once he takes it back or orders one; set_at, when he last ticked or unticked it; given_turn_id and given_at,
 *   the last turn Muster gave the word for him, and when; ended_turn_id, the turn his order ended it (null when
 *   he took it back himself, or it stands).
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE TABLE seat_standing_word (
  side TEXT PRIMARY KEY CHECK (side IN ('USA', 'CSA')),
  standing INTEGER NOT NULL CHECK (standing IN (0, 1)),
  set_at TEXT NOT NULL,
  given_turn_id TEXT,
  given_at TEXT,
  ended_turn_id TEXT,
  CHECK ((given_turn_id IS NULL) = (given_at IS NULL))
);
`;

export const migration0023: Migration = {
  // Renumbered at merge if another step took 23: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 23,
  name: 'seat-standing-word',
  up(db) {
    db.exec(sql);
  },
};
