/**
 * data/history/gettysburg-losses.json, the battle's real losses as Muster keeps them: the committed file is
 * what the full battle's order of battle gives (npm run history-losses), and its numbers read as the rule says.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildHistoricalLosses, HISTORICAL_LOSSES_FILE, loadHistoricalLosses, MEN_PER_SP } from './history';
import { loadScenario } from './scenarios';

describe('the historical losses file (RI-B08)', () => {
  const scenario = loadScenario('gettysburg');

  it('is what the full battle\'s order of battle gives, byte for byte', () => {
    expect(readFileSync(HISTORICAL_LOSSES_FILE, 'utf8')).toBe(`${JSON.stringify(buildHistoricalLosses(scenario), null, 2)}\n`);
  });

  it('converts each unit\'s casualties at 50 men per SP, as the strengths were (RI-D01)', () => {
    const record = loadHistoricalLosses()!;
    expect(record.menPerSp).toBe(MEN_PER_SP);
    expect(record.units).toHaveLength(scenario.units.length);
    // The 24th Michigan of the Iron Brigade: 496 engaged, 371 lost, 7 of its 10 SPs.
    expect(record.units.find((u) => u.unitId === 'usa-24th-michigan')).toEqual({ unitId: 'usa-24th-michigan', side: 'USA', arm: 'infantry', men: 496, casualties: 371, sp: 10, spLost: 7 });
    // The 26th North Carolina, the heaviest loss of the battle, is capped at its printed strength.
    const nc26 = record.units.find((u) => u.unitId === 'csa-26th-north-carolina')!;
    expect(nc26.spLost).toBe(Math.min(nc26.sp, Math.round(nc26.casualties! / 50)));
    expect(record.units.filter((u) => u.arm === 'artillery').every((u) => u.spLost === 0)).toBe(true);
    expect(record.commanders.map((c) => c.leaderId)).toEqual(['usa-reynolds-wing', 'usa-barlow', 'usa-sickles', 'usa-hancock', 'usa-gibbon', 'csa-heth', 'csa-hood', 'csa-pender']);
  });
});
