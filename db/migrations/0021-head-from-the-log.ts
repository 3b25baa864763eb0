/**
 * Schema version 21: the head of the log (the event undo takes back) is read from the log, not kept in the
 * game row. It is the last event not undone: every event after it is undone, since a new change goes at the
 * end, undo marks the head undone and redo unmarks the event just after it. A change then writes its event
 * and its state and nothing else, one page fewer to commit on every change of the game.
 *
 * - game.head_seq is dropped. In every file Muster wrote it was the last event not undone, so nothing is
 *   lost, the game fingerprint (which names the head) stays the same, and undo takes back what it did.
 * - game.redo_seq, the top of the redo chain, stays: which undone events redo may bring back is not in
 *   the log's rows alone (a new change drops the chain and leaves its events undone).
 */
import type { Migration } from './types';

export const migration0021: Migration = {
  // Renumbered at merge if another step took 21: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 21,
  name: 'head-from-the-log',
  up(db) {
    db.exec('ALTER TABLE game DROP COLUMN head_seq');
  },
};
