/**
 * Schema version 1: a whole game in one file. The scenario's commands, leaders, units and time track are
 * copied in at creation; their mutable columns are the game state. `events` and `dice_log` are
 * append-only (enforced by triggers): an event may only have its undo bookkeeping (undone, redo_next)
 * changed, a die roll never changes at all.
 *
 * State changes are always UPDATEs of existing rows (no state row is ever inserted or deleted after
 * creation), which is what lets undo/redo apply an event's before/after values generically.
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE TABLE game (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  scenario_id     TEXT NOT NULL,
  scenario_name   TEXT NOT NULL,
  approximate     INTEGER NOT NULL CHECK (approximate IN (0, 1)),
  usa_player      TEXT NOT NULL,
  csa_player      TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  army_usa        TEXT NOT NULL,
  army_csa        TEXT NOT NULL,
  first_turn_id   TEXT NOT NULL,
  last_turn_id    TEXT NOT NULL,
  objectives      TEXT NOT NULL,              -- JSON: the scenario's objective lists and requirements
  started         INTEGER NOT NULL DEFAULT 0 CHECK (started IN (0, 1)),
  ended           INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1)),
  us_successor    TEXT,                       -- the corps commander the US player chose to succeed Reynolds
  head_seq        INTEGER,                    -- the last applied event (undo target); NULL: nothing to undo
  redo_seq        INTEGER                     -- top of the redo chain; NULL: nothing to redo
);

CREATE TABLE turns (
  id         TEXT PRIMARY KEY,
  idx        INTEGER NOT NULL UNIQUE,
  date       TEXT NOT NULL,
  time       TEXT NOT NULL,
  light      TEXT NOT NULL CHECK (light IN ('day', 'dusk', 'night', 'dawn')),
  afternoon  INTEGER NOT NULL CHECK (afternoon IN (0, 1))
);

CREATE TABLE clock (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  turn_id  TEXT NOT NULL REFERENCES turns(id),
  step     INTEGER NOT NULL,                  -- index into the sequence of play
  segment  TEXT NOT NULL,
  phase    TEXT NOT NULL
);

CREATE TABLE turn_state (
  id                   INTEGER PRIMARY KEY CHECK (id = 1),
  initiative           TEXT CHECK (initiative IN ('USA', 'CSA')),
  initiative_modifier  TEXT CHECK (initiative_modifier IN ('USA', 'CSA')),
  army_points_usa      INTEGER NOT NULL DEFAULT 0,
  army_points_csa      INTEGER NOT NULL DEFAULT 0,
  preroll_usa          INTEGER,               -- NULL: not rolled this turn; 0/1 failed/passed
  preroll_csa          INTEGER,
  activations          INTEGER NOT NULL DEFAULT 0,
  passes_in_row        INTEGER NOT NULL DEFAULT 0,
  side_to_act          TEXT CHECK (side_to_act IN ('USA', 'CSA')),
  attachment_made      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE reinforcement_groups (
  id                 TEXT PRIMARY KEY,
  side               TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  scheduled_turn_id  TEXT NOT NULL REFERENCES turns(id),
  entry_area         TEXT NOT NULL,
  rolled_turn_id     TEXT REFERENCES turns(id),  -- the last turn a Variable Arrival roll was made
  arrived_turn_id    TEXT REFERENCES turns(id)
);

CREATE TABLE commands (
  id                      TEXT PRIMARY KEY,
  side                    TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  level                   TEXT NOT NULL CHECK (level IN ('army', 'wing', 'corps', 'division', 'brigade')),
  name                    TEXT NOT NULL,
  parent_id               TEXT REFERENCES commands(id),
  leader_id               TEXT,
  cavalry                 INTEGER NOT NULL,
  artillery               INTEGER NOT NULL,
  position                INTEGER NOT NULL,   -- order of battle order
  reinforcement_group_id  TEXT REFERENCES reinforcement_groups(id),
  own_order               TEXT CHECK (own_order IN ('ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW')),
  order_expires           INTEGER NOT NULL DEFAULT 0,
  rsm                     INTEGER NOT NULL DEFAULT 0,
  recovery                INTEGER NOT NULL DEFAULT 0,
  ineffective             INTEGER NOT NULL DEFAULT 0,
  attached_to             TEXT REFERENCES commands(id),
  on_map                  INTEGER NOT NULL DEFAULT 1,
  me_attempted            INTEGER NOT NULL DEFAULT 0,
  order_change_failed     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX commands_parent ON commands(parent_id);

CREATE TABLE leaders (
  id                  TEXT PRIMARY KEY,
  side                TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  name                TEXT NOT NULL,
  stars               INTEGER NOT NULL CHECK (stars BETWEEN 0 AND 4),
  rating              INTEGER NOT NULL CHECK (rating BETWEEN 0 AND 9),
  range               INTEGER NOT NULL CHECK (range BETWEEN 0 AND 20),
  role                TEXT NOT NULL,
  command_id          TEXT REFERENCES commands(id),
  rating_verified     INTEGER NOT NULL,
  position            INTEGER NOT NULL,
  points_used         TEXT,                   -- what the rating points were used for this turn; NULL: unused
  moved               INTEGER NOT NULL DEFAULT 0,
  casualty            TEXT NOT NULL DEFAULT 'none' CHECK (casualty IN ('none', 'wounded', 'killed', 'captured')),
  replaced            INTEGER NOT NULL DEFAULT 0,
  replacement_rating  INTEGER CHECK (replacement_rating BETWEEN 0 AND 9),
  arrives_alone       INTEGER NOT NULL DEFAULT 0,  -- enters on his own schedule, not with his command's group
  arrival_turn_id     TEXT REFERENCES turns(id),
  arrival_area        TEXT,
  on_map              INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE units (
  id                  TEXT PRIMARY KEY,
  side                TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  name                TEXT NOT NULL,
  arm                 TEXT NOT NULL CHECK (arm IN ('infantry', 'cavalry', 'artillery')),
  sp                  INTEGER NOT NULL CHECK (sp >= 1),
  weapon              TEXT,
  command_id          TEXT NOT NULL REFERENCES commands(id),
  horse_artillery     INTEGER NOT NULL,
  sharpshooters       INTEGER NOT NULL,
  can_dismount        INTEGER NOT NULL,
  men                 INTEGER,
  position            INTEGER NOT NULL,
  sp_lost             INTEGER NOT NULL DEFAULT 0 CHECK (sp_lost >= 0),
  stragglers          INTEGER NOT NULL DEFAULT 0 CHECK (stragglers >= 0),
  abandoned_guns      INTEGER NOT NULL DEFAULT 0 CHECK (abandoned_guns >= 0),
  captured_guns       INTEGER NOT NULL DEFAULT 0 CHECK (captured_guns >= 0),
  destroyed_guns      INTEGER NOT NULL DEFAULT 0 CHECK (destroyed_guns >= 0),
  fatigue             INTEGER NOT NULL DEFAULT 0 CHECK (fatigue >= 0),
  status              TEXT NOT NULL DEFAULT 'ordered' CHECK (status IN ('ordered', 'disordered', 'routed', 'shattered', 'eliminated')),
  mounted             INTEGER NOT NULL DEFAULT 0,
  out_of_ammo         INTEGER NOT NULL DEFAULT 0,
  extended_column     INTEGER NOT NULL DEFAULT 0,
  strategic_movement  INTEGER NOT NULL DEFAULT 0,
  skirmishers         TEXT REFERENCES commands(id),  -- the brigade the unit screens as skirmishers
  own_order           TEXT CHECK (own_order IN ('ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW')),
  order_expires       INTEGER NOT NULL DEFAULT 0,
  on_map              INTEGER NOT NULL DEFAULT 1,
  CHECK (sp_lost + stragglers + abandoned_guns <= sp)
);
CREATE INDEX units_command ON units(command_id);

CREATE TABLE events (
  seq        INTEGER PRIMARY KEY,
  at         TEXT NOT NULL,
  turn_id    TEXT NOT NULL,
  segment    TEXT NOT NULL,
  phase      TEXT NOT NULL,
  kind       TEXT NOT NULL,
  summary    TEXT NOT NULL,
  payload    TEXT NOT NULL,                   -- JSON { input, changes: [{ table, key, field, before, after }] }
  subjects   TEXT NOT NULL,                   -- ' unit:<id> command:<id> leader:<id> ' for history filters
  prev_head  INTEGER,                         -- the head this event replaced: where undo goes back to
  undone     INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  redo_next  INTEGER                          -- while undone and on the redo chain: the next event to redo
);

CREATE TABLE dice_state (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  seed   INTEGER NOT NULL,
  count  INTEGER NOT NULL,                    -- app rolls drawn so far
  state  TEXT NOT NULL                        -- JSON generator state after the last draw
);

CREATE TABLE dice_log (
  seq        INTEGER PRIMARY KEY,
  at         TEXT NOT NULL,
  event_seq  INTEGER NOT NULL REFERENCES events(seq),
  purpose    TEXT NOT NULL,
  source     TEXT NOT NULL CHECK (source IN ('app', 'table')),
  roll       INTEGER NOT NULL CHECK (roll BETWEEN 0 AND 9),
  modifiers  TEXT NOT NULL,                   -- JSON Itemised
  modified   INTEGER NOT NULL,
  target     TEXT,
  outcome    TEXT NOT NULL,
  prev_hash  TEXT NOT NULL,
  hash       TEXT NOT NULL UNIQUE
);
CREATE INDEX dice_event ON dice_log(event_seq);

CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_append_only_update BEFORE UPDATE OF seq, at, turn_id, segment, phase, kind, summary, payload, subjects, prev_head ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: only undone and redo_next may change'); END;
CREATE TRIGGER dice_append_only_delete BEFORE DELETE ON dice_log
BEGIN SELECT RAISE(ABORT, 'the dice log is append-only'); END;
CREATE TRIGGER dice_append_only_update BEFORE UPDATE ON dice_log
BEGIN SELECT RAISE(ABORT, 'the dice log is append-only'); END;
`;

export const migration0001: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(sql);
  },
};
