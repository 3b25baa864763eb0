/**
 * The optional rules of a game: the settings chosen at New Game, normalised and written once
 * into game.optional_rules before the genesis (migration 0007), and read back by every module that acts
 * on them. A game whose column is '{}' (every game before schema version 7) has every rule off.
 */
import { NO_OPTIONAL_RULES, optionalRulesInForce, type OptionalRuleSettings } from '../../rules/optional/catalogue';
import { OptionalRuleSettings as SettingsSchema, type OptionalRulesInput, type OptionalRulesState } from '../../contract';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';

/** New Game's choice with everything left out switched off. */
export function normaliseOptionalRules(input: OptionalRulesInput | undefined): OptionalRuleSettings {
  const cardDraw = input?.cardDraw ?? null;
  return {
    variableInitiative: input?.variableInitiative === true,
    demoralization: input?.demoralization === true,
    cardDraw: cardDraw === null ? null : { level: cardDraw.level, statusLadder: cardDraw.statusLadder === true },
    messengers: input?.messengers === true,
  };
}

/** Stored as canonical JSON: '{}' when every rule is off, so a plain game's file is as before. */
export function optionalRulesText(settings: OptionalRuleSettings): string {
  const anyOn = settings.variableInitiative || settings.demoralization || settings.cardDraw !== null || settings.messengers;
  return anyOn ? JSON.stringify(settings) : '{}';
}

/** Records the settings in a game being created (before its genesis is written: the trigger refuses it after). */
export function recordOptionalRules(db: SqliteDatabase, settings: OptionalRuleSettings): void {
  const text = optionalRulesText(settings);
  // Every rule off is the column's default: nothing to write (and a file made at an older schema, as the
  // migration tests make them, has no column to write to).
  if (text !== '{}') statement(db, 'UPDATE game SET optional_rules = ? WHERE id = 1').run(text);
}

/**
 * Each stored text parsed once (the write path asks on every change whether Demoralization is in force):
 * the settings are fixed once the genesis is written, so a process meets only a few distinct texts. The
 * settings handed out are frozen and shared: nobody changes them, so nobody needs a copy.
 */
const parsedSettings = new Map<string, OptionalRuleSettings>();

/** Once a game's genesis is written its settings never change (a trigger refuses it): read once per connection. */
const fixedSettings = new WeakMap<SqliteDatabase, OptionalRuleSettings>();

const EVERY_RULE_OFF: OptionalRuleSettings = deepFreeze(structuredClone(NO_OPTIONAL_RULES));

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The game's settings. A value that does not parse as settings is damage `verify` reports; play treats it as every rule off. */
export function readOptionalRules(db: SqliteDatabase): OptionalRuleSettings {
  const fixed = fixedSettings.get(db);
  if (fixed !== undefined) return fixed;
  try {
    // A file held at an older schema (the migration tests open them so) has no column: every rule off.
    const row = statement(db, 'SELECT optional_rules AS text, EXISTS (SELECT 1 FROM genesis) AS fixed FROM game WHERE id = 1').get() as { text: string; fixed: number } | undefined;
    if (!row) return EVERY_RULE_OFF;
    let settings = row.text === '{}' ? EVERY_RULE_OFF : parsedSettings.get(row.text);
    if (settings === undefined) {
      const parsed = SettingsSchema.safeParse(JSON.parse(row.text));
      settings = parsed.success ? deepFreeze(parsed.data) : EVERY_RULE_OFF;
      parsedSettings.set(row.text, settings);
    }
    if (row.fixed === 1) fixedSettings.set(db, settings);
    return settings;
  } catch {
    return EVERY_RULE_OFF;
  }
}

export function optionalRulesState(db: SqliteDatabase): OptionalRulesState {
  const settings = readOptionalRules(db);
  return { settings, inForce: optionalRulesInForce(settings) };
}
