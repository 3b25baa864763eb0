/**
 * The battle's real losses as Muster's own data (data/history/gettysburg-losses.json): each unit's
 * historical casualties from the order of battle (the scenarios' `historicalCasualties`) converted to SPs
 * at the scenarios' 50 men per SP (RI-D01), and the commanders killed or wounded. The Victory screen's
 * "history check" applies the revision's victory rules to these losses beside the game's result.
 *
 * The file is generated from data/scenarios/gettysburg.json by `npm run history-losses`; data/history.test.ts
 * checks that the committed file is what the scenario gives.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { historicalSpLost } from '../rules/victory';
import { ArmSchema, SideSchema, type Scenario } from './scenario-schema';

export const HISTORICAL_LOSSES_FILE = fileURLToPath(new URL('./history/gettysburg-losses.json', import.meta.url));

/** Men per strength point of infantry and cavalry in every built-in scenario (RI-D01). */
export const MEN_PER_SP = 50;

export const HistoricalUnitLossSchema = z.object({
  unitId: z.string(),
  side: SideSchema,
  arm: ArmSchema,
  /** Engaged strength and casualties (killed, wounded, captured, missing) of the order of battle. */
  men: z.number().int().min(0).nullable(),
  casualties: z.number().int().min(0).nullable(),
  /** Printed SP of the unit in the scenarios. */
  sp: z.number().int().min(1),
  /** The casualties as SP lost (RI-B08). */
  spLost: z.number().int().min(0),
});

export const HistoricalCommanderLossSchema = z.object({
  leaderId: z.string(),
  side: SideSchema,
  name: z.string(),
  casualty: z.enum(['killed', 'wounded']),
  /** When and where, in a few words. */
  note: z.string(),
});

export const HistoricalLossesSchema = z.object({
  formatVersion: z.literal(1),
  source: z.string(),
  menPerSp: z.number().int().min(1),
  units: z.array(HistoricalUnitLossSchema),
  commanders: z.array(HistoricalCommanderLossSchema),
  notes: z.array(z.string()),
});
export type HistoricalLosses = z.infer<typeof HistoricalLossesSchema>;
export type HistoricalCommanderLoss = z.infer<typeof HistoricalCommanderLossSchema>;

/**
 * Commanders above brigade (RI-S06) killed or wounded at Gettysburg, as the battle ended (RI-B08: Pender,
 * mortally wounded on 2 July, died on 18 July; he counts as wounded). Brigade leaders and staff score no
 * loss points and are not listed; Trimble, who led Pender's division on 3 July, has no counter of his own.
 */
export const HISTORICAL_COMMANDER_LOSSES: readonly HistoricalCommanderLoss[] = [
  { leaderId: 'usa-reynolds-wing', side: 'USA', name: 'John F. Reynolds', casualty: 'killed', note: 'killed on 1 July near Herbst Woods, commanding the Left Wing' },
  { leaderId: 'usa-barlow', side: 'USA', name: 'Francis C. Barlow', casualty: 'wounded', note: "wounded on 1 July on Blocher's Knoll" },
  { leaderId: 'usa-sickles', side: 'USA', name: 'Daniel E. Sickles', casualty: 'wounded', note: 'wounded on 2 July near the Trostle farm' },
  { leaderId: 'usa-hancock', side: 'USA', name: 'Winfield S. Hancock', casualty: 'wounded', note: 'wounded on 3 July on Cemetery Ridge' },
  { leaderId: 'usa-gibbon', side: 'USA', name: 'John Gibbon', casualty: 'wounded', note: 'wounded on 3 July on Cemetery Ridge' },
  { leaderId: 'csa-heth', side: 'CSA', name: 'Henry Heth', casualty: 'wounded', note: 'wounded on 1 July on McPherson Ridge' },
  { leaderId: 'csa-hood', side: 'CSA', name: 'John B. Hood', casualty: 'wounded', note: 'wounded on 2 July near the Emmitsburg Road' },
  { leaderId: 'csa-pender', side: 'CSA', name: 'W. Dorsey Pender', casualty: 'wounded', note: 'mortally wounded on 2 July; died on 18 July' },
];

/** The historical losses of a scenario's units (the full battle's, for the committed file). */
export function buildHistoricalLosses(s: Scenario): HistoricalLosses {
  const leaders = new Set(s.leaders.map((l) => l.id));
  return {
    formatVersion: 1,
    source: `${s.name}: the order of battle's casualties (data/scenarios/${s.id}.json, historicalCasualties)`,
    menPerSp: MEN_PER_SP,
    units: s.units.map((u) => ({
      unitId: u.id,
      side: u.side,
      arm: u.arm,
      men: u.men,
      casualties: u.historicalCasualties,
      sp: u.sp,
      spLost: historicalSpLost({ arm: u.arm, casualties: u.historicalCasualties, sp: u.sp, menPerSp: MEN_PER_SP }),
    })),
    commanders: HISTORICAL_COMMANDER_LOSSES.filter((c) => leaders.has(c.leaderId)),
    notes: [
      `Infantry and cavalry casualties become SP lost at ${MEN_PER_SP} men per SP, half rounded up, never more than the unit's printed SP (RI-B08).`,
      'Battery casualties are gunners, not guns: the order of battle does not record the guns lost, so batteries add no loss points (RI-B08).',
      'Commanders above brigade killed or wounded as the battle ended; brigade leaders score no loss points (RI-S06).',
    ],
  };
}

/** Reads the committed file (validated); null when it is missing. */
export function loadHistoricalLosses(path = HISTORICAL_LOSSES_FILE): HistoricalLosses | null {
  if (!existsSync(path)) return null;
  return HistoricalLossesSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}
