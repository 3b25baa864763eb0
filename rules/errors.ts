/**
 * Argument validation for the rules engine. Invalid input throws RulesArgumentError naming the
 * argument and the accepted values, so a screen can show the message next to the field.
 */
import type { DieRoll } from './types';

export class RulesArgumentError extends Error {
  readonly argument: string;
  constructor(argument: string, message: string) {
    super(`${argument}: ${message}`);
    this.name = 'RulesArgumentError';
    this.argument = argument;
  }
}

export function assertDieRoll(argument: string, value: unknown): asserts value is DieRoll {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 9) {
    throw new RulesArgumentError(argument, `must be a die roll, a whole number from 0 to 9 (got ${String(value)})`);
  }
}

export function assertNonNegativeInteger(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new RulesArgumentError(argument, `must be a whole number of 0 or more (got ${String(value)})`);
  }
}

export function assertPositiveInteger(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new RulesArgumentError(argument, `must be a whole number of 1 or more (got ${String(value)})`);
  }
}

export function assertOneOf<T extends string>(argument: string, value: unknown, accepted: readonly T[]): asserts value is T {
  if (typeof value !== 'string' || !(accepted as readonly string[]).includes(value)) {
    throw new RulesArgumentError(argument, `must be one of ${accepted.join(', ')} (got ${String(value)})`);
  }
}

export function assertBoolean(argument: string, value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') {
    throw new RulesArgumentError(argument, `must be true or false (got ${String(value)})`);
  }
}
