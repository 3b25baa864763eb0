/**
 * Schema version 7: the optional rules a game was created with.
 *
 * - game.optional_rules: JSON of the settings chosen at New Game (contract/optional.ts OptionalRuleSettings),
 *   '{}' for every rule off. Written once, in the creation transaction before the genesis, so the genesis
 *   hash covers it and `verify` compares it like any other state column; no event ever changes it, and a
 *   trigger refuses any change once the genesis exists.
 *
 * A version 6 file gets '{}': it was created before optional rules existed and plays the revision as written.
 */
import type { Migration } from './types';

const sql = /* sql */ `
ALTER TABLE game ADD COLUMN optional_rules TEXT NOT NULL DEFAULT '{}';

CREATE TRIGGER game_optional_rules_fixed BEFORE UPDATE OF optional_rules ON game
WHEN EXISTS (SELECT 1 FROM genesis)
BEGIN SELECT RAISE(ABORT, 'the optional rules are fixed when the game is created'); END;
`;

export const migration0007: Migration = {
  version: 7,
  name: 'optional-rules',
  up(db) {
    db.exec(sql);
  },
};
