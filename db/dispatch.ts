/**
 * The one way in: a contract call, from raw arguments to a typed result. Parse the input with the
 * function's zod schema (the one time it is parsed: the handlers trust it), run the handler, check the
 * output (development builds and tests), and turn every failure into `{ ok: false, error }`. electron/ipc.ts runs it after the sender check, the
 * browser bridge runs it for the preview, and the command line (`cli call`) runs it for scripts, so all
 * three accept and refuse exactly the same inputs with the same messages. No electron import.
 */
import { ZodError } from 'zod';
import { RulesArgumentError } from '../rules/errors';
import { ScenarioError } from '../data/scenarios';
import { MusterError, refusedInput } from './errors';
import { diskFullError, isDiskFull, readOnlyError } from './open';
import { CONTRACT, GAME_FUNCTIONS, WriteAnswer, fail, ok, type CallResult, type ChannelHandlers, type ContractFunction, type ErrorInfo, type GameFunction, type Input, type ParsedGameCalls } from '../contract';

export interface DispatchOptions {
  /** Check every result against the contract's output schema (on in development builds). */
  validateOutput: boolean;
  /** Where internal errors go (the log file); the window only learns that one happened. */
  logError?: (message: string, error?: unknown) => void;
  /**
   * Where a call that took longer than SLOW_CALL_MS is noted (the log file): `slowCallLine` words it, so
   * a player's report shows which function the time went to, and how much.
   */
  logSlowCall?: (line: string) => void;
  /** The clock calls are timed by, in milliseconds (performance.now unless a test passes its own). */
  clock?: () => number;
  /**
   * Answers a write with what it changed (the window's ways in: IPC and the bridge), for the screens to apply
   * instead of reading the game again: called before a write runs, it returns what makes the answer after
   * it (the open game's GameBackend.answerWrite), or undefined with no game open.
   */
  answerWrite?: () => (() => WriteAnswer) | undefined;
}

/** A call slower than this (ms) is written to the log: about three frames, which a player notices. */
export const SLOW_CALL_MS = 50;

/** The log line of a slow call: the contract function's name and its time in whole milliseconds. */
export function slowCallLine(fn: string, ms: number): string {
  return `slow call: ${fn} took ${Math.round(ms)} ms`;
}

/** Runs `call`, timing it from the arguments received to the result ready, and logs it when it was slow. */
function timedCall<T>(fn: string, options: DispatchOptions, call: () => T): T {
  if (options.logSlowCall === undefined) return call();
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const note = () => {
    const ms = clock() - started;
    if (ms > SLOW_CALL_MS) options.logSlowCall!(slowCallLine(fn, ms));
  };
  const result = call();
  if (result instanceof Promise) return result.finally(note) as T;
  note();
  return result;
}

/** A refused input, in words that name the field (db/errors.ts refusedInput). */
export function zodToErrorInfo(error: ZodError): ErrorInfo {
  return refusedInput(error).toInfo();
}

/** Any thrown value as the typed error the window sees. Unknown errors become INTERNAL without details. */
export function toErrorInfo(e: unknown, logError?: DispatchOptions['logError']): ErrorInfo {
  if (e instanceof MusterError) return e.toInfo();
  if (e instanceof ZodError) return zodToErrorInfo(e);
  if (e instanceof RulesArgumentError) return fail('INVALID_ARGUMENT', e.message, e.argument).error;
  if (e instanceof ScenarioError) return fail('SCENARIO', e.message, 'scenario').error;
  if (e instanceof ShellError) return e.toErrorInfo();
  // SQLite rolled the change back: say so, rather than "internal error".
  if (isDiskFull(e)) return diskFullError('nothing of this request was saved, and everything saved before it is safe in the game file').toInfo();
  // A write reaching a read-only connection (the write path's assertWritable normally refuses it first).
  if ((e as { code?: unknown } | null)?.code === 'SQLITE_READONLY') return readOnlyError().toInfo();
  logError?.('internal error in a contract handler', e);
  return fail('INTERNAL', 'Muster hit an internal error; the details are in the log file (Help > About shows where).').error;
}

/** A refusal raised by the shell's own handlers (no game open, a path not on the Recent list...). */
export class ShellError extends Error {
  constructor(
    readonly code: ErrorInfo['code'],
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ShellError';
  }

  toErrorInfo(): ErrorInfo {
    return fail(this.code, this.message, this.field).error;
  }
}

type Prepared = { ok: true; input: unknown } | { ok: false; error: ErrorInfo };

/** Exactly one argument, parsed by the function's input schema. */
function prepare(fn: ContractFunction, args: readonly unknown[]): Prepared {
  if (args.length > 1) return fail('INVALID_ARGUMENT', `input: ${fn} takes one argument at most, got ${args.length}`, 'input');
  const parsed = CONTRACT[fn].input.safeParse(args[0]);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, error: zodToErrorInfo(parsed.error) };
}

/** The handler's value, checked against the function's output schema when asked. */
function finish(fn: ContractFunction, value: unknown, options: DispatchOptions): CallResult<unknown> {
  if (options.validateOutput) {
    const checked = CONTRACT[fn].output.safeParse(value);
    if (!checked.success) {
      options.logError?.(`${fn} returned a value outside the contract: ${checked.error.message}`);
      return fail('INTERNAL', `Muster hit an internal error: ${fn} returned data outside the contract (see the log file).`);
    }
  }
  return ok(value);
}

/** Runs one call of `fn` with the raw arguments the caller sent (the IPC event already removed). */
export function dispatch<K extends ContractFunction>(
  handlers: ChannelHandlers,
  fn: K,
  args: readonly unknown[],
  options: DispatchOptions,
): Promise<CallResult<unknown>> {
  return timedCall(fn, options, () => dispatchUntimed(handlers, fn, args, options));
}

async function dispatchUntimed(handlers: ChannelHandlers, fn: ContractFunction, args: readonly unknown[], options: DispatchOptions): Promise<CallResult<unknown>> {
  const prepared = prepare(fn, args);
  if (!prepared.ok) return prepared;
  const answer = CONTRACT[fn].kind === 'write' ? answerOf(options) : undefined;
  let value: unknown;
  try {
    value = await (handlers[fn] as (input: unknown) => unknown)(prepared.input);
  } catch (e) {
    return { ok: false, error: toErrorInfo(e, options.logError) };
  }
  const result = finish(fn, value, options);
  return result.ok && answer !== undefined ? withAnswer(fn, result, answer, options) : result;
}

/** What makes a write's answer, marked before it runs; undefined when there is none to make (no game open). */
function answerOf(options: DispatchOptions): (() => WriteAnswer) | undefined {
  try {
    return options.answerWrite?.();
  } catch (e) {
    options.logError?.('marking the state before a write failed', e);
    return undefined;
  }
}

/**
 * The write's result with what it changed. The write is done whatever happens here: an answer that cannot
 * be made (a bug, logged) is left out, and the screens read the game again as they would without one.
 */
function withAnswer(fn: ContractFunction, result: { ok: true; value: unknown }, answer: () => WriteAnswer, options: DispatchOptions): CallResult<unknown> {
  let changed: WriteAnswer;
  try {
    changed = answer();
  } catch (e) {
    options.logError?.(`the answer to ${fn} could not be made`, e);
    return result;
  }
  if (options.validateOutput) {
    const checked = WriteAnswer.safeParse(changed);
    if (!checked.success) {
      options.logError?.(`the answer to ${fn} is outside the contract: ${checked.error.message}`);
      return result;
    }
  }
  return { ...result, changed };
}

/** The game functions of one open game, by name: what the command line dispatches to. */
export type GameHandlers = Pick<ChannelHandlers, GameFunction>;

/**
 * One handler per game function: the service's runParsed, since dispatch has parsed the input already
 * (the service's own methods would parse it a second time).
 */
export function serviceHandlers(service: ParsedGameCalls): GameHandlers {
  return Object.fromEntries(GAME_FUNCTIONS.map((fn) => [fn, (input: Input<typeof fn>) => service.runParsed(fn, input)])) as GameHandlers;
}

/** The same call, synchronously, for the game service's functions (which never wait): the command line's way in. */
export function dispatchGameSync(handlers: GameHandlers, fn: GameFunction, args: readonly unknown[], options: DispatchOptions): CallResult<unknown> {
  return timedCall(fn, options, () => dispatchGameSyncUntimed(handlers, fn, args, options));
}

function dispatchGameSyncUntimed(handlers: GameHandlers, fn: GameFunction, args: readonly unknown[], options: DispatchOptions): CallResult<unknown> {
  const prepared = prepare(fn, args);
  if (!prepared.ok) return prepared;
  const answer = CONTRACT[fn].kind === 'write' ? answerOf(options) : undefined;
  let value: unknown;
  try {
    value = (handlers[fn] as (input: unknown) => unknown)(prepared.input);
  } catch (e) {
    return { ok: false, error: toErrorInfo(e, options.logError) };
  }
  const result = finish(fn, value, options);
  return result.ok && answer !== undefined ? withAnswer(fn, result, answer, options) : result;
}
