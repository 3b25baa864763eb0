/**
 * The schema of a new game file at version 24, as one script: exactly what migrations 1-24 leave in an
 * empty file's sqlite_master (every table, index and trigger, in SQLite's order, each statement as SQLite
 * keeps it, ALTER TABLE columns appended). Creating a game runs it, then only the migrations after
 * version 24 (db/open.ts), instead of replaying every step: each ALTER TABLE makes SQLite re-read the
 * whole schema, and the full battle is created several milliseconds sooner without them.
 *
 * Generated from the migrations, never edited by hand; db/migrations.test.ts checks it is exactly what
 * they produce. A new migration leaves it alone (it runs after the snapshot); to move the snapshot up to
 * a new version, run `npx tsx scripts/schema-snapshot.ts`, and the test says if it is right.
 * Existing files are still brought up to date step by step: this is only for files being created.
 */
import { MIGRATIONS } from './index';

export interface SchemaSnapshot {
  /** The user_version a file has once the script ran. */
  version: number;
  sql: string;
}

export const SCHEMA_SNAPSHOT: SchemaSnapshot = {
  version: 24,
  sql: /* sql */ `
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
  redo_seq        INTEGER                     -- top of the redo chain; NULL: nothing to redo
, manpower_usa INTEGER NOT NULL DEFAULT 0 CHECK (manpower_usa IN (0, 1)), manpower_csa INTEGER NOT NULL DEFAULT 0 CHECK (manpower_csa IN (0, 1)), raining INTEGER NOT NULL DEFAULT 0 CHECK (raining IN (0, 1)), mud INTEGER NOT NULL DEFAULT 0 CHECK (mud IN (0, 1)), rain_stop_rolls INTEGER NOT NULL DEFAULT 0 CHECK (rain_stop_rolls >= 0), rain_began_turn_id TEXT REFERENCES turns(id), rain_rolled_turn_id TEXT REFERENCES turns(id), optional_rules TEXT NOT NULL DEFAULT '{}', demoralization_usa INTEGER NOT NULL DEFAULT 0 CHECK (demoralization_usa BETWEEN 0 AND 2), demoralization_csa INTEGER NOT NULL DEFAULT 0 CHECK (demoralization_csa BETWEEN 0 AND 2), house_readings TEXT NOT NULL DEFAULT '{}');
CREATE TABLE turns (
  id         TEXT PRIMARY KEY,
  idx        INTEGER NOT NULL UNIQUE,
  date       TEXT NOT NULL,
  time       TEXT NOT NULL,
  light      TEXT NOT NULL CHECK (light IN ('day', 'dusk', 'night', 'dawn')),
  afternoon  INTEGER NOT NULL CHECK (afternoon IN (0, 1))
, initiative_levels TEXT);
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
, entries_done INTEGER NOT NULL DEFAULT 0 CHECK (entries_done BETWEEN 0 AND 3), card_pending TEXT, settled TEXT NOT NULL DEFAULT '[]');
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
, activation TEXT CHECK (activation IN ('ME', 'RE', 'confusion')), activation_phase TEXT, activation_order INTEGER, confusion_result TEXT CHECK (confusion_result IN ('stand', 're', 'shock', 'pass', 'other')), fatigue_recovery INTEGER NOT NULL DEFAULT 0 CHECK (fatigue_recovery IN (0, 1)), card_drawn INTEGER);
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
, rally_used INTEGER NOT NULL DEFAULT 0 CHECK (rally_used IN (0, 1)));
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
  on_map              INTEGER NOT NULL DEFAULT 1, activation TEXT CHECK (activation IN ('ME', 'RE', 'confusion')), activation_phase TEXT, activation_order INTEGER, works TEXT NOT NULL DEFAULT 'none' CHECK (works IN ('none', 'breastworks', 'entrenchments')), bayonet_charge INTEGER NOT NULL DEFAULT 0 CHECK (bayonet_charge IN (0, 1)), confusion_result TEXT CHECK (confusion_result IN ('stand', 're', 'shock', 'pass', 'other')), double_time_turn_id TEXT REFERENCES turns(id), ladder_hit INTEGER NOT NULL DEFAULT 0 CHECK (ladder_hit IN (0, 1)), night_plot TEXT, cohesion_ordered INTEGER CHECK (cohesion_ordered BETWEEN 0 AND 9), cohesion_disordered INTEGER CHECK (cohesion_disordered BETWEEN 0 AND 9), artillery_row TEXT, udd_due INTEGER NOT NULL DEFAULT 0 CHECK (udd_due IN (0, 1)),
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
, prev_hash TEXT, hash TEXT, secret_side TEXT CHECK (secret_side IN ('USA', 'CSA')), salt TEXT);
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TABLE objectives (
  id            TEXT PRIMARY KEY,              -- '<side>:<objective id>' (the lists may share an id)
  side          TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),  -- the side that must occupy it
  objective_id  TEXT NOT NULL,
  name          TEXT NOT NULL,
  position      INTEGER NOT NULL,             -- order in the scenario's list
  occupied      INTEGER NOT NULL DEFAULT 0 CHECK (occupied IN (0, 1)),
  UNIQUE (side, objective_id)
);
CREATE TABLE alternative_arrivals (
  id               TEXT PRIMARY KEY REFERENCES reinforcement_groups(id),
  side             TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  entry_area       TEXT,                        -- the area ordered; NULL: none ordered
  ordered_turn_id  TEXT REFERENCES turns(id),   -- when the army commander ordered it
  rolled_turn_id   TEXT REFERENCES turns(id)    -- the last turn the group rolled for the new area
);
CREATE TABLE concealment (
  id         TEXT PRIMARY KEY REFERENCES commands(id),
  side       TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  concealed  INTEGER NOT NULL DEFAULT 0 CHECK (concealed IN (0, 1)),
  plot       TEXT NOT NULL DEFAULT '[]'          -- JSON [{ turnId, hex, note }], the column's head turn by turn
, message_order TEXT CHECK (message_order IN ('ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW')), message_sent_turn_id TEXT REFERENCES turns(id), message_arrives_turn_id TEXT REFERENCES turns(id), message_distance INTEGER CHECK (message_distance IS NULL OR message_distance >= 0));
CREATE TABLE genesis (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  state  TEXT NOT NULL,                         -- JSON: every state table's rows when the game began (db/genesis.ts)
  hash   TEXT NOT NULL                          -- where the event chain starts
);
CREATE TRIGGER genesis_append_only_update BEFORE UPDATE ON genesis
BEGIN SELECT RAISE(ABORT, 'the genesis of a game never changes'); END;
CREATE TRIGGER genesis_append_only_delete BEFORE DELETE ON genesis
BEGIN SELECT RAISE(ABORT, 'the genesis of a game never changes'); END;
CREATE TRIGGER events_append_only_update
BEFORE UPDATE OF seq, at, turn_id, segment, phase, kind, summary, payload, subjects, prev_head, prev_hash, hash ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: only undone and redo_next may change'); END;
CREATE INDEX events_secret ON events(secret_side) WHERE secret_side IS NOT NULL;
CREATE TRIGGER events_secret_side_append_only BEFORE UPDATE OF secret_side ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: only undone and redo_next may change'); END;
CREATE TRIGGER game_optional_rules_fixed BEFORE UPDATE OF optional_rules ON game
WHEN EXISTS (SELECT 1 FROM genesis)
BEGIN SELECT RAISE(ABORT, 'the optional rules are fixed when the game is created'); END;
CREATE TRIGGER events_salt_append_only BEFORE UPDATE OF salt ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: only undone and redo_next may change'); END;
CREATE TRIGGER game_house_readings_fixed BEFORE UPDATE OF house_readings ON game
WHEN EXISTS (SELECT 1 FROM genesis)
BEGIN SELECT RAISE(ABORT, 'the house readings are fixed when the game is created'); END;
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
CREATE TABLE seat_seen (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  played_seq INTEGER NOT NULL DEFAULT 0 CHECK (played_seq >= 0),
  played_at TEXT,
  seen_seq INTEGER NOT NULL DEFAULT 0 CHECK (seen_seq >= 0),
  seen_at TEXT
);
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
CREATE TABLE seat_side_secrets (
  commitment TEXT PRIMARY KEY,
  side TEXT NOT NULL CHECK (side IN ('USA', 'CSA')),
  kind TEXT NOT NULL,
  turn_id TEXT NOT NULL,
  input TEXT NOT NULL,
  salt TEXT NOT NULL,
  opened INTEGER NOT NULL DEFAULT 0 CHECK (opened IN (0, 1))
);
CREATE TABLE seat_shared_folder (
  device TEXT PRIMARY KEY CHECK (length(device) = 64),
  folder TEXT NOT NULL CHECK (length(folder) > 0),
  chosen_at TEXT NOT NULL
);
CREATE INDEX seat_side_secrets_kind ON seat_side_secrets (kind, opened);
CREATE TABLE seat_standing_word (
  side TEXT PRIMARY KEY CHECK (side IN ('USA', 'CSA')),
  standing INTEGER NOT NULL CHECK (standing IN (0, 1)),
  set_at TEXT NOT NULL,
  given_turn_id TEXT,
  given_at TEXT,
  ended_turn_id TEXT,
  CHECK ((given_turn_id IS NULL) = (given_at IS NULL))
);
CREATE INDEX units_skirmishers ON units (skirmishers) WHERE skirmishers IS NOT NULL;
`,
};

/**
 * The snapshot, when `migrations` starts with the very steps it stands for (a test's own list, or one cut
 * short of the snapshot's version, is replayed step by step); else null.
 */
export function snapshotFor(migrations: readonly { version: number }[]): SchemaSnapshot | null {
  const v = SCHEMA_SNAPSHOT.version;
  if (migrations.length < v) return null;
  for (let i = 0; i < v; i += 1) if (migrations[i] !== MIGRATIONS[i]) return null;
  return SCHEMA_SNAPSHOT;
}
