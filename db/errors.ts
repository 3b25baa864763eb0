/**
 * MusterError: the one error type the database layer and the game service throw for a refused request or
 * an unusable file. It names the field at fault and, where a rule forbids the request, the rules section,
 * so a screen can show the message next to the field and the CLI can print it on one line.
 */
import type { MusterErrorCode, MusterErrorInfo } from './service-types';

export class MusterError extends Error implements MusterErrorInfo {
  readonly code: MusterErrorCode;
  readonly field: string;
  readonly rule?: string;

  constructor(code: MusterErrorCode, field: string, message: string, rule?: string) {
    super(rule ? `${field}: ${message} (${rule})` : `${field}: ${message}`);
    this.name = 'MusterError';
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
