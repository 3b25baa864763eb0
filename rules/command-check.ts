/**
 * The answer the command rules give (a yes, or a no with the reason and the rule) and the small checks of
 * their arguments shared by the command modules (orders, order changes, the command tree, initiative,
 * activation, attachment, sequence).
 */
import { RulesArgumentError } from './errors';

/** A yes/no answer from the rules: when no, the reason a player reads and the rule it comes from. */
export type CommandCheck<T extends object = object> = ({ ok: true } & T) | { ok: false; reason: string; rule: string };

/** Leader ratings (Efficiency/Activation) are printed 0-9 on the counters. */
export function assertLeaderRating(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 9) {
    throw new RulesArgumentError(argument, `must be a leader rating, a whole number from 0 to 9 (got ${String(value)})`);
  }
}

export function assertArray(argument: string, value: unknown): asserts value is unknown[] {
  if (!Array.isArray(value)) throw new RulesArgumentError(argument, `must be a list (got ${String(value)})`);
}

export function assertId(argument: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new RulesArgumentError(argument, `must be a non-empty id string (got ${String(value)})`);
  }
}

/** Game dates are ISO days of the battle, e.g. 1863-07-02. */
export function assertGameDate(argument: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new RulesArgumentError(argument, `must be a date written YYYY-MM-DD, e.g. 1863-07-02 (got ${String(value)})`);
  }
}
