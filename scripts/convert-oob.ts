/**
 * The order-of-battle converter: reads the historical order of battle (shared/data/gettysburg-oob.csv, kept
 * outside the repository; one row per regiment or battery) and makes Muster's own scenarios of it: the full battle
 * (`gettysburg`) and, as selections of its forces with their own start and end turns, the revision's five named
 * scenarios and a small demo scenario. Deterministic: the same CSV always gives the same bytes (stable ids, stable
 * order).
 *
 *   npm run scenarios -- <path/to/gettysburg-oob.csv> [--check]
 *
 * writes them to data/scenarios/<id>.json, or checks the committed files against them (scripts/scenarios.ts).
 * The work is done in scripts/oob/: read-csv (the CSV), names and units (unit names, SPs, weapons), commanders and
 * order-of-battle (the command tree and its leaders), time-track (turns and arrivals), full-battle and
 * named-scenarios. Every default they choose (SPs, weapons, leader values, arrival times, the time track) is an
 * entry in docs/rules-interpretations.md (RI-Dnn).
 */
import { parseScenario } from '../data/scenarios';
import type { Scenario } from '../data/scenario-schema';
import { buildFullBattle } from './oob/full-battle';
import { buildScenario, SCENARIO_SPECS } from './oob/named-scenarios';
import { readOob } from './oob/read-csv';

export { buildFullBattle, defaultInitialOrders, defaultOrderOf } from './oob/full-battle';
export { buildScenario, SCENARIO_SPECS, type ScenarioSpec } from './oob/named-scenarios';
export { ordinal, slug, unitName } from './oob/names';
export { buildOrderOfBattle, type OrderOfBattle } from './oob/order-of-battle';
export { GUN_COLUMNS, normaliseSpaces, readOob, type OobRow } from './oob/read-csv';
export { fullTimeTrack } from './oob/time-track';
export { strengthPoints } from './oob/units';

/** Pretty-printed JSON with a trailing newline: the committed form of a scenario. */
export function serialiseScenario(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

/** Every scenario the converter produces, validated (schema and cross-references), full battle first. */
export function convertOob(csvText: string): Scenario[] {
  const full = buildFullBattle(readOob(csvText));
  const all = [full, ...SCENARIO_SPECS.map((spec) => buildScenario(full, spec))];
  return all.map((s) => parseScenario(s, `generated scenario ${s.id}`));
}
