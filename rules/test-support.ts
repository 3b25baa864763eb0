/** Helpers shared by the rules engine's tests (imported only from *.test.ts files). */
import { RulesArgumentError } from './errors';

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
