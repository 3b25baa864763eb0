/** Helpers shared by the rules engine's tests (imported only from *.test.ts files). */
import type { RatingPointsLedger } from './activation';
import { RulesArgumentError } from './errors';
import type { Weather } from './weather';

/** A turn's ledger before anyone has used rating points or moved. */
export const EMPTY_RATING_POINTS_LEDGER: RatingPointsLedger = { pointsSpent: [], moved: [] };

/** No rain, no mud. */
export const FAIR_WEATHER: Weather = { raining: false, mud: false, rainStopRolls: 0 };

/** The name of the argument a call refuses; fails the test if the call throws anything else or nothing. */
export function thrownArgument(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof RulesArgumentError) return error.argument;
    throw error;
  }
  throw new Error('expected a RulesArgumentError');
}
