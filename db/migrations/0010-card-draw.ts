/**
 * Card-draw activation: the state of the draw and
 * of the status ladder sub-option, all of it per turn and changed by events like any other state.
 *
 * - commands.card_drawn: the place (1, 2, ...) at which the command's card was drawn from the box in this
 *   turn's Activation Segment; NULL while its card is in the box (and always in a game without the rule).
 * - turn_state.card_pending: the command whose card was drawn and which has not activated yet; NULL when
 *   no drawn card waits.
 * - units.ladder_hit: 1 once the unit has taken a hit this turn (a disordered, routed or shattered result
 *   from enemy action), for the status ladder sub-option; 0 otherwise.
 *
 * The rolls of each draw are in the dice log with the draw's event; verify replays them (db/card-draw-check.ts).
 * Older files get NULL / 0: nothing was drawn in them.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE commands ADD COLUMN card_drawn INTEGER;
ALTER TABLE turn_state ADD COLUMN card_pending TEXT;
ALTER TABLE units ADD COLUMN ladder_hit INTEGER NOT NULL DEFAULT 0 CHECK (ladder_hit IN (0, 1));
`;

export const migration0010: Migration = {
  version: 10,
  name: 'card-draw',
  up(db) {
    db.exec(sql);
  },
};
