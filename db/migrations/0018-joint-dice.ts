/**
 * Schema: dice rolled jointly by both seats inside a change (db/seats/joint-dice.ts).
 *
 * - dice_log.source may be 'joint' beside 'app' and 'table': a die neither seat could predict or choose,
 *   drawn from both seats' shares. SQLite cannot change a CHECK in place, so the table is made again with
 *   the same columns, rows, index and append-only triggers; every row keeps its values and its hash.
 * - seat_joint_dice: a seat's request for the joint dice of one change (the game function and its input,
 *   named before any share is seen, and where in the log it goes: the head it follows), its commitment to
 *   its share (SHA-256 over the request and a 128-bit seed, signed), its seed (its own at once, the other
 *   seat's when it is revealed with the change), the other seat's answer (its own 128-bit share, signed),
 *   and the event that used the dice. Empty in a game played at one laptop.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE dice_log RENAME TO dice_log_before_joint;
CREATE TABLE dice_log (
  seq        INTEGER PRIMARY KEY,
  at         TEXT NOT NULL,
  event_seq  INTEGER NOT NULL REFERENCES events(seq),
  purpose    TEXT NOT NULL,
  source     TEXT NOT NULL CHECK (source IN ('app', 'table', 'joint')),
  roll       INTEGER NOT NULL CHECK (roll BETWEEN 0 AND 9),
  modifiers  TEXT NOT NULL,
  modified   INTEGER NOT NULL,
  target     TEXT,
  outcome    TEXT NOT NULL,
  prev_hash  TEXT NOT NULL,
  hash       TEXT NOT NULL UNIQUE,
  salt       TEXT
);
INSERT INTO dice_log (seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome, prev_hash, hash, salt)
  SELECT seq, at, event_seq, purpose, source, roll, modifiers, modified, target, outcome, prev_hash, hash, salt FROM dice_log_before_joint;
DROP TABLE dice_log_before_joint;
CREATE INDEX dice_event ON dice_log(event_seq);
CREATE TRIGGER dice_append_only_delete BEFORE DELETE ON dice_log
BEGIN SELECT RAISE(ABORT, 'the dice log is append-only'); END;
CREATE TRIGGER dice_append_only_update BEFORE UPDATE ON dice_log
BEGIN SELECT RAISE(ABORT, 'the dice log is append-only'); END;
CREATE TABLE seat_joint_dice (
  id TEXT PRIMARY KEY,
  side TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  call_fn TEXT NOT NULL,
  call_input TEXT NOT NULL,
  purpose TEXT NOT NULL,
  head_seq INTEGER NOT NULL,
  head_hash TEXT NOT NULL,
  commitment TEXT NOT NULL,
  signature TEXT NOT NULL,
  seed TEXT,
  answer TEXT,
  answer_signature TEXT,
  event_seq INTEGER
);
`;

export const migration0018: Migration = {
  // The lead renumbers at merge: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 18,
  name: 'joint-dice',
  up(db) {
    db.exec(sql);
  },
};
