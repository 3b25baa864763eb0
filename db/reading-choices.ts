/**
 * The house readings of a game (rules/house-readings.ts): the choice made at New Game, normalised and
 * written once into game.house_readings before the genesis (migration 0015), and read back wherever a rule
 * takes the reading as an argument. Only the readings that differ from the documented ones are stored; a
 * game whose column is '{}' (every game before schema version 15) plays every reading as documented.
 */
import { DOCUMENTED_READINGS, HOUSE_READING_IDS, houseReadingsInForce, type HouseReadingSettings } from '../rules/house-readings';
import { HouseReadingsInput, type HouseReadingsState } from '../contract/house-readings';
import type { SqliteDatabase } from './open';
import { statement } from './statements';

/** New Game's choice with every reading left out as documented. */
export function normaliseHouseReadings(input: HouseReadingsInput | undefined): HouseReadingSettings {
  return { ...DOCUMENTED_READINGS, ...(input ?? {}) } as HouseReadingSettings;
}

/** Stored as canonical JSON of the readings that differ from the documented ones, in catalogue order: '{}' when none does. */
export function houseReadingsText(settings: HouseReadingSettings): string {
  const changed = Object.fromEntries(HOUSE_READING_IDS.filter((id) => settings[id] !== DOCUMENTED_READINGS[id]).map((id) => [id, settings[id]]));
  return JSON.stringify(changed);
}

/** Records the readings in a game being created (before its genesis is written: the trigger refuses it after). */
export function recordHouseReadings(db: SqliteDatabase, settings: HouseReadingSettings): void {
  const text = houseReadingsText(settings);
  // Every reading as documented is the column's default: nothing to write.
  if (text !== '{}') statement(db, 'UPDATE game SET house_readings = ? WHERE id = 1').run(text);
}

/** Read once per connection: the column never changes once the game exists (a trigger refuses it). */
const readOnce = new WeakMap<SqliteDatabase, HouseReadingSettings>();

/** The game's readings. A value that does not parse is damage `verify` reports; play treats it as every reading documented. */
export function readHouseReadings(db: SqliteDatabase): HouseReadingSettings {
  let settings = readOnce.get(db);
  if (settings === undefined) {
    settings = readStored(db);
    // A game being created records its readings before anything reads them; a connection without a game yet is not remembered.
    if (db.inTransaction === false) readOnce.set(db, settings);
  }
  return settings;
}

function readStored(db: SqliteDatabase): HouseReadingSettings {
  try {
    // A file held at an older schema (the migration tests open them so) has no column: every reading as documented.
    const row = statement(db, 'SELECT house_readings AS text FROM game WHERE id = 1').get() as { text: string } | undefined;
    if (!row || row.text === '{}') return { ...DOCUMENTED_READINGS };
    const parsed = HouseReadingsInput.safeParse(JSON.parse(row.text));
    return parsed.success ? normaliseHouseReadings(parsed.data) : { ...DOCUMENTED_READINGS };
  } catch {
    return { ...DOCUMENTED_READINGS };
  }
}

export function houseReadingsState(db: SqliteDatabase): HouseReadingsState {
  const settings = readHouseReadings(db);
  return { settings: { ...settings }, inForce: houseReadingsInForce(settings) };
}
