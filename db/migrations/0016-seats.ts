/**
 * Schema: two seats, one game (db/seats/). A game shared between two seats, USA and CSA, is one file per
 * seat, each on its own device. These tables are empty in a game played at one laptop.
 *
 * - seat_game: the one row of a two-seat file: the game's id (its genesis hash, the same in both files), the
 *   side this file plays, and when its seat was made.
 * - seat_keys: each seat's Ed25519 public key (SPKI, DER, base64), the local one at creation, the other one
 *   from the invitation or the reply.
 * - seat_private_key: the local seat's Ed25519 private key (PKCS#8, DER, base64). It never leaves the file.
 * - event_seats: for each event, the seat that wrote it, the game function called and its input (what the
 *   other seat replays), the call's time and place in the call, and the seat's signature. Append-only.
 * - seat_commitments: a seat's commitment to its hidden entries of one step of secret entries (a SHA-256
 *   over the entries and a salt of 128 bits), signed. The local seat keeps its own salt from the start; the other seat's salt is
 *   filled in when its entries are revealed (revealed = 1 once they are, and checked).
 * - seat_pending: the local seat's hidden entries of the current step, made but not yet revealed: the call,
 *   its input, its time and the rolls the app made for it. Emptied when they are revealed.
 * - seat_joint_rolls: a die rolled jointly by both seats while both are live: the rolling seat's commitment to
 *   its share (signed), the share and salt (its own at once, the other's when revealed), the other seat's share
 *   (its answer, signed), and the event that recorded the roll.
 * - seat_peer: how far the other seat's file is known to go (its head), from its last packet.
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE TABLE seat_game (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  game_id TEXT NOT NULL,
  local_side TEXT NOT NULL CHECK (local_side IN ('USA', 'CSA')),
  created_at TEXT NOT NULL
);
CREATE TABLE seat_keys (
  side TEXT PRIMARY KEY CHECK (side IN ('USA', 'CSA')),
  public_key TEXT NOT NULL
);
CREATE TABLE seat_private_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  side TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  private_key TEXT NOT NULL
);
CREATE TABLE event_seats (
  seq INTEGER PRIMARY KEY REFERENCES events(seq),
  side TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  call_fn TEXT NOT NULL,
  call_input TEXT NOT NULL,
  call_at TEXT NOT NULL,
  call_index INTEGER NOT NULL CHECK (call_index >= 0),
  signature TEXT NOT NULL
);
CREATE TRIGGER event_seats_append_only BEFORE UPDATE ON event_seats
BEGIN SELECT RAISE(ABORT, 'signed events are append-only'); END;
CREATE TRIGGER event_seats_no_delete BEFORE DELETE ON event_seats
BEGIN SELECT RAISE(ABORT, 'signed events are append-only'); END;
CREATE TABLE seat_commitments (
  turn_id TEXT NOT NULL,
  segment TEXT NOT NULL,
  phase TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  commitment TEXT NOT NULL,
  signature TEXT NOT NULL,
  salt TEXT,
  revealed INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),
  PRIMARY KEY (turn_id, segment, phase, side)
);
CREATE TABLE seat_pending (
  n INTEGER PRIMARY KEY,
  call_fn TEXT NOT NULL,
  call_input TEXT NOT NULL,
  call_at TEXT NOT NULL,
  rolls TEXT NOT NULL
);
CREATE TABLE seat_joint_rolls (
  id TEXT PRIMARY KEY,
  side TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  purpose TEXT NOT NULL,
  commitment TEXT NOT NULL,
  signature TEXT NOT NULL,
  share INTEGER CHECK (share BETWEEN 0 AND 9),
  salt TEXT,
  answer INTEGER CHECK (answer BETWEEN 0 AND 9),
  answer_signature TEXT,
  event_seq INTEGER
);
CREATE TABLE seat_peer (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  head_seq INTEGER NOT NULL,
  head_hash TEXT NOT NULL
);
`;

export const migration0016: Migration = {
  // The lead renumbers at merge: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 16,
  name: 'seats',
  up(db) {
    db.exec(sql);
  },
};
