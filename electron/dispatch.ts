/**
 * One contract call, from raw arguments to a typed result, without electron: parse the input with the
 * channel's zod schema, run the handler, check the output (development builds), and turn every failure
 * into `{ ok: false, error }`. ipc.ts runs it after the sender check; the browser bridge of the screens
 * can run it as is. Nothing thrown reaches the window, and no stack trace ever crosses.
 */
import { ZodError } from 'zod';
import { RulesArgumentError } from '../rules/errors';
import { MusterError } from '../db/errors';
import { ScenarioError } from '../data/scenarios';
import { CONTRACT, fail, ok, type ChannelFunction, type ChannelHandlers, type IpcError, type IpcResult } from './api';

export interface DispatchOptions {
  /** Check every result against the contract's output schema (on in development builds). */
  validateOutput: boolean;
  /** Where internal errors go (the log file); the window only learns that one happened. */
  logError?: (message: string, error?: unknown) => void;
}

/** The path of the first zod issue as a field name ("sp", "rolls.USA"), or the first unknown key. */
function fieldOf(error: ZodError): string | undefined {
  const issue = error.issues[0];
  if (!issue) return undefined;
  if (issue.code === 'unrecognized_keys') return [...issue.path, issue.keys[0]].map(String).join('.');
  const path = issue.path.map(String).join('.');
  return path === '' ? undefined : path;
}

/** A refused input, in words that name the field. */
export function zodToIpcError(error: ZodError): IpcError {
  const field = fieldOf(error);
  const issue = error.issues[0];
  const what = issue ? issue.message : 'invalid input';
  return fail('INVALID_ARGUMENT', field ? `${field}: ${what}` : `input: ${what}`, field ?? 'input').error;
}

/** Any thrown value as the typed error the window sees. Unknown errors become INTERNAL without details. */
export function toIpcError(e: unknown, logError?: DispatchOptions['logError']): IpcError {
  if (e instanceof MusterError) return e.toInfo();
  if (e instanceof ZodError) return zodToIpcError(e);
  if (e instanceof RulesArgumentError) return fail('INVALID_ARGUMENT', e.message, e.argument).error;
  if (e instanceof ScenarioError) return fail('SCENARIO', e.message, 'scenario').error;
  if (e instanceof ShellError) return e.toIpcError();
  logError?.('internal error in a contract handler', e);
  return fail('INTERNAL', 'Muster hit an internal error; the details are in the log file (Help > About shows where).').error;
}

/** A refusal raised by the shell's own handlers (no game open, a path not on the Recent list...). */
export class ShellError extends Error {
  constructor(
    readonly code: IpcError['code'],
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ShellError';
  }

  toIpcError(): IpcError {
    return fail(this.code, this.message, this.field).error;
  }
}

/** Runs one call of `fn` with the raw arguments the window sent (the IPC event already removed). */
export async function dispatch<K extends ChannelFunction>(
  handlers: ChannelHandlers,
  fn: K,
  args: readonly unknown[],
  options: DispatchOptions,
): Promise<IpcResult<unknown>> {
  const spec = CONTRACT[fn];
  if (args.length > 1) return fail('INVALID_ARGUMENT', `input: ${fn} takes one argument at most, got ${args.length}`, 'input');
  const parsed = spec.input.safeParse(args[0]);
  if (!parsed.success) return { ok: false, error: zodToIpcError(parsed.error) };
  let value: unknown;
  try {
    const handler = handlers[fn] as (input: unknown) => unknown;
    value = await handler(parsed.data);
  } catch (e) {
    return { ok: false, error: toIpcError(e, options.logError) };
  }
  if (options.validateOutput) {
    const checked = spec.output.safeParse(value);
    if (!checked.success) {
      options.logError?.(`${fn} returned a value outside the contract: ${checked.error.message}`);
      return fail('INTERNAL', `Muster hit an internal error: ${fn} returned data outside the contract (see the log file).`);
    }
  }
  return ok(value);
}
