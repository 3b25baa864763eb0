/**
 * Schema: dice nobody can predict and hashes nobody can search (db/dice.ts, db/event-hash.ts).
 *
 * - dice_state goes: the app's die no longer comes from a seeded generator whose seed and state were kept
 *   in the file (so anyone holding the file knew every roll to come); each roll is drawn fresh from the
 *   operating system's randomness and nothing about the next one is stored. The rolls already made stay
 *   in the dice log, chained and sealed by the event chain as before.
 * - dice_log.salt and events.salt: 128 random bits per roll and per event, covered by its hash (format 2),
 *   never shown by a query, so the hashes players can read (a roll's hash, the fingerprint) cannot be
 *   searched for the other side's hidden entry or roll. Rows written before keep NULL and format 1.
 * - The salt of an event is append-only like the rest of the row (the dice log's rows already are whole).
 */
import type { Migration } from './types';

const sql = /* sql */ `
DROP TABLE dice_state;
ALTER TABLE dice_log ADD COLUMN salt TEXT;
ALTER TABLE events ADD COLUMN salt TEXT;
CREATE TRIGGER events_salt_append_only BEFORE UPDATE OF salt ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: only undone and redo_next may change'); END;
`;

export const migration0013: Migration = {
  // The lead renumbers at merge: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 13,
  name: 'unpredictable-dice',
  up(db) {
    db.exec(sql);
  },
};
