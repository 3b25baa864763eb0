/**
 * MusterError: the one error type the database layer and the game service throw for a refused request or
 * an unusable file. It names the field at fault and, where a rule forbids the request, the rules section,
 * so a screen can show the message next to the field and the CLI can print it on one line.
 */
import type { ZodError } from 'zod';
import type { ErrorInfo, MusterErrorCode } from '../contract';

/** What a refused request reports (the field is always named). */
export type MusterErrorInfo = ErrorInfo & { code: MusterErrorCode; field: string };

export class MusterError extends Error implements MusterErrorInfo {
  readonly code: MusterErrorCode;
  readonly field: string;
  readonly rule?: string;
  /** The message without the field in front or the rule behind: what a screen shows beside an option it cannot offer. */
  readonly reason: string;

  /** The message reads "<field>: <message> (<rule>)" unless `asIs`: a message that already names the value. */
  constructor(code: MusterErrorCode, field: string, message: string, rule?: string, asIs = false) {
    super(asIs ? message : rule ? `${field}: ${message} (${rule})` : `${field}: ${message}`);
    this.name = 'MusterError';
    this.reason = message;
    this.code = code;
    this.field = field;
    if (rule !== undefined) this.rule = rule;
  }

  /** The plain shape that crosses IPC. */
  toInfo(): MusterErrorInfo {
    return { code: this.code, message: this.message, field: this.field, ...(this.rule !== undefined ? { rule: this.rule } : {}) };
  }
}

export function isMusterError(e: unknown): e is MusterError {
  return e instanceof MusterError;
}

export const invalid = (field: string, message: string, rule?: string) => new MusterError('INVALID_ARGUMENT', field, message, rule);
export const notFound = (field: string, message: string) => new MusterError('NOT_FOUND', field, message);
export const forbidden = (field: string, message: string, rule: string) => new MusterError('RULES_FORBID', field, message, rule);

/** The path of the first zod issue as a field name ("sp", "rolls.USA"), or the first unknown key. */
function fieldOf(error: ZodError): string | undefined {
  const issue = error.issues[0];
  if (!issue) return undefined;
  if (issue.code === 'unrecognized_keys') return [...issue.path, issue.keys[0]].map(String).join('.');
  const path = issue.path.map(String).join('.');
  return path === '' ? undefined : path;
}

/**
 * An input the contract's schema refused, in words that name the field. The contract's own messages
 * name the value ("Rating must be a whole number from 0 to 9") and are shown as they are; zod's generic
 * ones ("Too big: ...") get the field in front. `at` names the field a schema of one value was checked for.
 */
export function refusedInput(error: ZodError, at?: string): MusterError {
  const inner = fieldOf(error);
  const field = at === undefined ? (inner ?? 'input') : inner === undefined ? at : `${at}.${inner}`;
  const what = error.issues[0]?.message ?? 'invalid input';
  const leaf = field.split('.').pop()!.toLowerCase();
  const named = field !== 'input' && what.toLowerCase().includes(leaf);
  return new MusterError('INVALID_ARGUMENT', field, named ? what : `${field}: ${what}`, undefined, true);
}
