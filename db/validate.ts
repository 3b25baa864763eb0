/**
 * Checks on the service's inputs. Each failure is a MusterError naming the field and the accepted
 * values, thrown before anything is written. Rules-engine argument errors are translated the same way.
 */
import { RulesArgumentError } from '../rules/errors';
import type { DieRoll } from '../rules/types';
import { MusterError, invalid } from './errors';

export function requireObject(field: string, v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(field, 'must be an object');
  return v as Record<string, unknown>;
}

export function requireId(field: string, v: unknown): string {
  if (typeof v !== 'string' || v.length === 0) throw invalid(field, `must be an id (a non-empty string), got ${JSON.stringify(v)}`);
  return v;
}

export function requireInt(field: string, v: unknown, min: number, max: number, rule?: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw invalid(field, `must be a whole number ${range}, got ${JSON.stringify(v)}`, rule);
  }
  return v;
}

export function optionalBool(field: string, v: unknown, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw invalid(field, `must be true or false, got ${JSON.stringify(v)}`);
  return v;
}

/** A true/false field that must be given. */
export function requireBool(field: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw invalid(field, `must be true or false, got ${JSON.stringify(v)}`);
  return v;
}

export function requireOneOf<T extends string>(field: string, v: unknown, accepted: readonly T[]): T {
  if (typeof v !== 'string' || !(accepted as readonly string[]).includes(v)) {
    throw invalid(field, `must be one of ${accepted.join(', ')}, got ${JSON.stringify(v)}`);
  }
  return v as T;
}

export function optionalIdList(field: string, v: unknown): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw invalid(field, `must be a list of ids, got ${JSON.stringify(v)}`);
  v.forEach((x, i) => requireId(`${field}[${i}]`, x));
  if (new Set(v).size !== v.length) throw invalid(field, 'must not name the same id twice');
  return v as string[];
}

/** A die typed in from the table (0-9); undefined means the app rolls. */
export function optionalRoll(field: string, v: unknown): DieRoll | undefined {
  if (v === undefined || v === null) return undefined;
  return requireInt(field, v, 0, 9, 'a ten-sided die read 0-9') as DieRoll;
}

/** Runs rules-engine code, turning its argument errors into MusterErrors on the same field. */
export function askRules<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof RulesArgumentError) throw new MusterError('INVALID_ARGUMENT', e.argument, e.message.replace(`${e.argument}: `, ''));
    throw e;
  }
}
