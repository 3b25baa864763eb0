/**
 * The checks on the service's inputs that the contract's schemas do not make (GameService.create and open,
 * which take their input before any contract does; an id a function needs only in some cases; the same id
 * named twice in a list), each a MusterError naming the field, thrown before
 * anything is written; every other shape is the contract's (db/service.ts parses each call's input with it
 * before the service runs). Rules-engine argument errors are translated the same way.
 */
import { RulesArgumentError } from '../rules/errors';
import { MusterError, invalid } from './errors';

export function requireObject(field: string, v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(field, 'must be an object');
  return v as Record<string, unknown>;
}

export function requireId(field: string, v: unknown): string {
  if (typeof v !== 'string' || v.length === 0) throw invalid(field, `must be an id (a non-empty string), got ${JSON.stringify(v)}`);
  return v;
}

export function optionalIdList(field: string, v: unknown): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw invalid(field, `must be a list of ids, got ${JSON.stringify(v)}`);
  v.forEach((x, i) => requireId(`${field}[${i}]`, x));
  if (new Set(v).size !== v.length) throw invalid(field, 'must not name the same id twice');
  return v as string[];
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
