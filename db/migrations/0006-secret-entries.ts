/**
 * Schema version 6: hidden entries (RI-H01) and counter corrections (RI-H04).
 *
 * - events.secret_side: the side whose secret entry the event is ('USA' or 'CSA'), for the entries both
 *   players make "simultaneously and secretly" (the Order Change Phases, the Initiative declarations);
 *   NULL for every other event. The queries leave such an event (and its effect on the state) out of what
 *   the other side sees until both sides have finished the step. Like the rest of an event, it never
 *   changes once written.
 * - turn_state.entries_done: which sides have finished their secret entries in the current step (bit 1
 *   USA, bit 2 CSA); 3 reveals them. Written by the events that finish a side's entries, reset when the
 *   clock moves, so undo takes it back with them.
 *
 * A version 5 file keeps its events as public entries: nothing recorded before the upgrade was hidden.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE events ADD COLUMN secret_side TEXT CHECK (secret_side IN ('USA', 'CSA'));
ALTER TABLE turn_state ADD COLUMN entries_done INTEGER NOT NULL DEFAULT 0 CHECK (entries_done BETWEEN 0 AND 3);

CREATE INDEX events_secret ON events(secret_side) WHERE secret_side IS NOT NULL;

CREATE TRIGGER events_secret_side_append_only BEFORE UPDATE OF secret_side ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: only undone and redo_next may change'); END;
`;

export const migration0006: Migration = {
  version: 6,
  name: 'secret-entries',
  up(db) {
    db.exec(sql);
  },
};
