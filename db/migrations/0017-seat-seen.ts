/**
 * Schema version 17: how far the player of a seat has seen the game, for "Since you last played"
 * (db/service/since.ts). A local mark of one seat's file, like seat_pending: outside the hash chain, never
 * signed, never sent in a packet, and empty in a game played at one laptop.
 *
 * - seat_seen: its one row (id 1): played_seq, the log's last event when this seat last made a change (a
 *   write of its own, or a secret entry held on its device), and played_at, when; seen_seq, the log's last
 *   event the player had in front of him when he last dismissed the panel, and seen_at, when. What came in
 *   from the other seat after the later of the two is what the panel shows.
 *
 * A version 16 seat file gets played_seq from the last event its seat signed (event_seats): the best that
 * file knows of when its player last played. Its times are unknown (NULL).
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE TABLE seat_seen (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  played_seq INTEGER NOT NULL DEFAULT 0 CHECK (played_seq >= 0),
  played_at TEXT,
  seen_seq INTEGER NOT NULL DEFAULT 0 CHECK (seen_seq >= 0),
  seen_at TEXT
);
INSERT INTO seat_seen (id, played_seq)
  SELECT 1, COALESCE((SELECT MAX(s.seq) FROM event_seats s WHERE s.side = g.local_side), 0) FROM seat_game g WHERE g.id = 1;
`;

export const migration0017: Migration = {
  version: 17,
  name: 'seat-seen',
  up(db) {
    db.exec(sql);
  },
};
