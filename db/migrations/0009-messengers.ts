/**
 * Schema version 9: the Messengers optional rule
 *.
 *
 * Each command's row of side secrets, `concealment` (0004-battle-play), gets the order a messenger is
 * carrying to it: one message on its way per command at most (RI-O50). The columns change through events
 * like every other state column, so undo and redo take a message back; the history never shows changes
 * to this table (db/secrets.ts), and only the side's own queries read it (db/service/optional-messengers.ts).
 *
 * - message_order:           the order on its way; NULL: no message on its way;
 * - message_sent_turn_id:    the turn whose Orders Segment sent it;
 * - message_arrives_turn_id: the turn whose Orders Segment it arrives in (sent + messengerTurns(distance));
 * - message_distance:        the hexes from the sender to the command's leader the player stated. It stays
 *                            after the message arrives: the Orders screen offers it again for that command.
 *
 * An older file gets NULL everywhere: no message on its way, as a game without the option always has.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE concealment ADD COLUMN message_order TEXT CHECK (message_order IN ('ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW'));
ALTER TABLE concealment ADD COLUMN message_sent_turn_id TEXT REFERENCES turns(id);
ALTER TABLE concealment ADD COLUMN message_arrives_turn_id TEXT REFERENCES turns(id);
ALTER TABLE concealment ADD COLUMN message_distance INTEGER CHECK (message_distance IS NULL OR message_distance >= 0);
`;

export const migration0009: Migration = {
  version: 9,
  name: 'messengers',
  up(db) {
    db.exec(sql);
  },
};
