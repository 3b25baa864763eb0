/**
 * Optional rule: Demoralization, from "Scenarios and Variants: Complicating Blue & Gray" (SPI Blue & Gray
 * optional rules, section 11.6; shared/rules/related/spi-blue-gray-optional-rules.txt), fitted to 3 Days
 * of Gettysburg.
 *
 * A side is demoralized for the rest of the game once its cumulative losses reach one third of its total
 * Strength Points (initial units plus reinforcements through that turn), double-demoralized at two
 * thirds; it takes effect at once, and both sides may be. The Combat Results Table column shifts become
 * DRMs on the revision's fire and Shock Resolution die rolls (RI-O08); the Command Control Level change of
 * 11.62 has no 3DoG counterpart (RI-O09). Pure functions over plain numbers.
 */
import { assertNonNegativeInteger, assertPositiveInteger, RulesArgumentError } from '../errors';
import type { DrmItem } from '../types';

/** Citations of the optional rules, by section. The CRT shift section is printed "[11.16]" (for 11.61). */
export const DEMORALIZATION_RULES = {
  demoralization: 'SPI B&G 11.6',
  columnShifts: 'SPI B&G 11.61 (printed 11.16)',
  commandControl: 'SPI B&G 11.62',
  immediate: 'SPI B&G 11.63',
} as const;
const R = DEMORALIZATION_RULES;

/** 0: not demoralized; 1: demoralized; 2: double-demoralized. */
export type DemoralizationLevel = 0 | 1 | 2;
const DEMORALIZATION_LEVELS: readonly DemoralizationLevel[] = [0, 1, 2];

export const DEMORALIZATION_LABELS: Readonly<Record<DemoralizationLevel, string>> = {
  0: 'Not demoralized',
  1: 'Demoralized',
  2: 'Double-demoralized',
};

function assertLoss(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RulesArgumentError(argument, `must be the side's cumulative losses in SPs, a number of 0 or more (got ${String(value)})`);
  }
}

function assertTotal(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RulesArgumentError(argument, `must be the side's total SPs (initial units plus reinforcements so far), a number above 0 (got ${String(value)})`);
  }
}

/**
 * The side's demoralization level from its cumulative losses and its total SPs (initial units plus
 * reinforcements through this turn): 1 once the losses reach one third of the total, 2 once they reach
 * two thirds. Exact: 3 × loss >= total, 3 × loss >= 2 × total, no rounding.
 */
export function demoralizationLevel(lossSp: number, totalSp: number): DemoralizationLevel {
  assertLoss('lossSp', lossSp);
  assertTotal('totalSp', totalSp);
  if (3 * lossSp >= 2 * totalSp) return 2;
  if (3 * lossSp >= totalSp) return 1;
  return 0;
}

/**
 * "Demoralized for the rest of the game": the level never goes down, even if the total grows with later
 * reinforcements. The level now is the higher of the level already reached and the level the losses give.
 */
export function demoralizationLevelNow(levelReached: DemoralizationLevel, lossSp: number, totalSp: number): DemoralizationLevel {
  if (!DEMORALIZATION_LEVELS.includes(levelReached)) {
    throw new RulesArgumentError('levelReached', `must be 0, 1 or 2 (got ${String(levelReached)})`);
  }
  const fromLosses = demoralizationLevel(lossSp, totalSp);
  return fromLosses > levelReached ? fromLosses : levelReached;
}

/** One threshold and how far the side is from it. */
export interface DemoralizationThreshold {
  level: 1 | 2;
  label: string;
  /** The fewest cumulative loss SPs that reach it: ceil(total / 3) or ceil(2 × total / 3). */
  lossSp: number;
  /** Further SPs of loss before the side reaches it; 0 once reached. */
  remainingSp: number;
  reached: boolean;
}

/** x / 3 rounded up, for whole x, in whole-number arithmetic. */
const ceilThird = (x: number) => (x - (x % 3)) / 3 + (x % 3 > 0 ? 1 : 0);

/**
 * The side's demoralization state and its distance to each threshold, in whole SPs (RI-O10): for the
 * turn bar and the Victory screen. `levelReached` is the level the side has already reached this game
 * ("for the rest of the game"): a threshold it has reached stays reached, at distance 0.
 */
export function demoralizationThresholds(
  lossSp: number,
  totalSp: number,
  levelReached: DemoralizationLevel = 0,
): { level: DemoralizationLevel; label: string; thresholds: DemoralizationThreshold[]; rule: string } {
  assertNonNegativeInteger('lossSp', lossSp);
  assertPositiveInteger('totalSp', totalSp);
  const level = demoralizationLevelNow(levelReached, lossSp, totalSp);
  const thresholds = ([1, 2] as const).map((threshold): DemoralizationThreshold => {
    const needed = ceilThird(threshold * totalSp);
    const reached = level >= threshold;
    return {
      level: threshold,
      label: DEMORALIZATION_LABELS[threshold],
      lossSp: needed,
      remainingSp: reached ? 0 : needed - lossSp,
      reached,
    };
  });
  return { level, label: DEMORALIZATION_LABELS[level], thresholds, rule: R.demoralization };
}

// ---------------------------------------------------------------------------------------------
// The column shifts as DRMs (RI-O08)
// ---------------------------------------------------------------------------------------------

function assertLevelArgument(argument: string, value: unknown): asserts value is DemoralizationLevel {
  if (!(DEMORALIZATION_LEVELS as readonly unknown[]).includes(value)) {
    throw new RulesArgumentError(argument, `must be a demoralization level 0, 1 or 2 (got ${String(value)})`);
  }
}

/**
 * "All attacks made by demoralized units have the odds shifted one column to the left ...; all attacks
 * made on demoralized units ... one column to the right. For double-demoralized units, ... two columns
 * ... If both sides reach the same level of demoralization, the odds are not shifted either way."
 * RI-O08: each column is one point on a die roll where a higher roll is better for the attacker, so the
 * attacker's level counts minus, the defender's plus; at equal levels there is no item at all.
 */
function columnShiftItems(attackerLevel: DemoralizationLevel, defenderLevel: DemoralizationLevel, attacker: string, defender: string): DrmItem[] {
  if (attackerLevel === defenderLevel) return [];
  const items: DrmItem[] = [];
  const columns = (n: number) => (n === 1 ? 'one column' : 'two columns');
  if (attackerLevel > 0) {
    items.push({ label: `${attacker} ${DEMORALIZATION_LABELS[attackerLevel].toLowerCase()}: ${columns(attackerLevel)} left`, value: -attackerLevel, rule: R.columnShifts });
  }
  if (defenderLevel > 0) {
    items.push({ label: `${defender} ${DEMORALIZATION_LABELS[defenderLevel].toLowerCase()}: ${columns(defenderLevel)} right`, value: defenderLevel, rule: R.columnShifts });
  }
  return items;
}

/**
 * DRMs on a fire attack's die roll (a higher fire DR is better for the firer) from the two sides'
 * demoralization: the firing side is the attacker, for Phasing and Reaction fire alike (RI-O08).
 * Pass the items to the fire assistant as otherDrms.
 */
export function demoralizationFireDrmItems(firerLevel: DemoralizationLevel, targetLevel: DemoralizationLevel): DrmItem[] {
  assertLevelArgument('firerLevel', firerLevel);
  assertLevelArgument('targetLevel', targetLevel);
  return columnShiftItems(firerLevel, targetLevel, "Firer's side", "Target's side");
}

/**
 * DRMs on the Shock Resolution die roll (a higher DR favours the attacker) from the two sides'
 * demoralization (RI-O08). Pass the items to the shock assistant as otherDrms.
 */
export function demoralizationShockDrmItems(attackerLevel: DemoralizationLevel, defenderLevel: DemoralizationLevel): DrmItem[] {
  assertLevelArgument('attackerLevel', attackerLevel);
  assertLevelArgument('defenderLevel', defenderLevel);
  return columnShiftItems(attackerLevel, defenderLevel, "Attacker's side", "Defender's side");
}

