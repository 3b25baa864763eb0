/**
 * Units: one regiment or battery per CSV row, with its strength points (RI-D01), default weapon and the
 * sharpshooter, horse-artillery and dismount flags (RI-D02 to RI-D04), and a stable id.
 */
import type { ScenarioCommand, ScenarioUnit } from '../../data/scenario-schema';
import type { Arm } from '../../rules/types';
import { slug, unitName } from './names';
import type { OobRow } from './read-csv';

/** The US Sharpshooters (Berdan's 1st and 2nd U.S. Sharpshooters): B-SS weapons and the sharpshooter flag (RI-D02). */
function isUsSharpshooters(row: OobRow): boolean {
  return row.side === 'USA' && row.state === 'US' && /sharpshooters/i.test(row.designation);
}

/** Infantry and cavalry: men / 50, half rounds up, at least 1. Artillery: one SP per gun, at least 1 (RI-D01). */
export function strengthPoints(arm: Arm, men: number | null, guns: number): number {
  if (arm === 'artillery') return Math.max(1, guns);
  return Math.max(1, Math.round((men ?? 0) / 50));
}

/** The rows of one command, in CSV order. */
export interface CommandRows {
  command: ScenarioCommand;
  rows: OobRow[];
}

/** Builds a unit for every row of these commands, in their order (RI-D01 to RI-D04). */
export function buildUnits(commands: CommandRows[]): ScenarioUnit[] {
  // Units in command-tree order, CSV order within a command; ids from names, numbered on collision.
  const units: ScenarioUnit[] = [];
  const unitIdCounts = new Map<string, number>();
  for (const node of commands) {
    for (const row of node.rows) {
      const name = unitName(row.arm, row.state, row.designation);
      const base = `${row.side.toLowerCase()}-${slug(name)}`;
      const seen = (unitIdCounts.get(base) ?? 0) + 1;
      unitIdCounts.set(base, seen);
      const sharpshooters = row.arm === 'infantry' && isUsSharpshooters(row);
      units.push({
        id: seen === 1 ? base : `${base}-${seen}`,
        side: row.side,
        name,
        arm: row.arm,
        sp: strengthPoints(row.arm, row.men, row.guns),
        weapon: row.arm === 'artillery' ? null : sharpshooters ? 'B-SS' : row.arm === 'cavalry' ? 'C' : 'R',
        commandId: node.command.id,
        horseArtillery: row.arm === 'artillery' && node.command.cavalry,
        sharpshooters,
        canDismount: row.arm === 'cavalry',
        men: row.men,
        historicalCasualties: row.casualties,
      });
    }
  }
  return units;
}
