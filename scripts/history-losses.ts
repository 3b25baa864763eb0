/**
 * Writes data/history/gettysburg-losses.json from the full battle's order of battle (data/history.ts).
 * Run after the scenarios change: `npm run history-losses` (add --check to compare without writing).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildHistoricalLosses, HISTORICAL_LOSSES_FILE } from '../data/history';
import { loadScenario } from '../data/scenarios';

const text = `${JSON.stringify(buildHistoricalLosses(loadScenario('gettysburg')), null, 2)}\n`;
if (process.argv.includes('--check')) {
  const same = readFileSync(HISTORICAL_LOSSES_FILE, 'utf8') === text;
  process.stdout.write(same ? 'data/history/gettysburg-losses.json is up to date\n' : 'data/history/gettysburg-losses.json differs: run npm run history-losses\n');
  process.exit(same ? 0 : 1);
}
writeFileSync(HISTORICAL_LOSSES_FILE, text);
process.stdout.write(`wrote ${HISTORICAL_LOSSES_FILE}\n`);
