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

/**
 * The mounted flag of a unit (RI-K03): required for cavalry, where a forgotten flag would silently change
 * the result (mounted and dismounted cavalry take different fire and shock DRMs); never true for other arms.
 */
export function assertMountedFlag(argument: string, arm: unknown, value: unknown): void {
  if (arm === 'cavalry') {
    if (typeof value !== 'boolean') {
      throw new RulesArgumentError(argument, `must be given for cavalry, true (mounted) or false (dismounted) (got ${String(value)})`);
    }
    return;
  }
  if (value !== undefined && value !== false) {
    throw new RulesArgumentError(argument, `is for cavalry only; leave it out or false for ${String(arm)} (got ${String(value)})`);
  }
}
