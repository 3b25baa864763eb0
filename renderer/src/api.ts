/**
 * The screens' one way to the game service: a typed wrapper around window.muster (the preload in the
 * desktop app, the bridge in the browser). It strips Vue's reactive proxies before anything crosses
 * (Electron cannot clone them), unwraps CallResult, and throws MusterApiError, a typed refusal that
 * names the field at fault, for the views to show next to that field. It also counts calls in flight
 * so the app can show progress (and the end-to-end tests can wait for it).
 */
import { ref, toRaw } from 'vue';
import { forPlayers } from './format';
import type { ContractFunction, CallInput, Output, GameChangedEvent, ErrorInfo, ErrorCode, CallResult, MenuCommandEvent, WriteAnswer } from '../../contract';

/** A refusal (or failure) of one call, as the views show it. */
export class MusterApiError extends Error {
  readonly code: ErrorCode;
  /** The input field at fault ("sp", "rating", "file"...), when the service named one. */
  readonly field: string | undefined;
  /** The rules section that forbids the request, when a rule does. */
  readonly rule: string | undefined;
  /** The window.muster function that was called. */
  readonly fn: string;

  constructor(fn: string, error: ErrorInfo) {
    super(inPlayersWords(error));
    this.name = 'MusterApiError';
    this.fn = fn;
    this.code = error.code;
    this.field = error.field;
    this.rule = error.rule;
  }
}

/**
 * The service's message as a player reads it: the screen places it at its field, so the field's internal
 * name in front ("viewer: ", "nothingToEnter: ", "sp: ", "file: ") is left out; what the service says
 * about it stays.
 */
export function inPlayersWords(error: Pick<ErrorInfo, 'message' | 'field'>): string {
  const message = forPlayers(error.message);
  const colon = message.indexOf(': ');
  if (colon <= 0) return message;
  const head = message.slice(0, colon);
  // An internal name: an identifier or a path of them ("rolls.USA", "unitIds[1]"), the field's or any.
  if (head === error.field || /^[a-z][A-Za-z0-9]*(\[\d+\]|\.[A-Za-z0-9]+)*$/.test(head)) {
    const rest = message.slice(colon + 2);
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return message;
}

/** Any thrown value as a MusterApiError (bugs in the page become INTERNAL with their message). */
export function asApiError(e: unknown, fn = 'screen'): MusterApiError {
  if (e instanceof MusterApiError) return e;
  return new MusterApiError(fn, { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) });
}

/** A deep plain copy: no reactive proxies, no functions, no undefined array holes. */
export function plain<T>(value: T): T {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  return JSON.parse(JSON.stringify(toRaw(value))) as T;
}

/** How many calls are in flight (the app root shows it as data-busy and a progress line). */
export const callsInFlight = ref(0);

/**
 * Inputs still settling (a die typed, waiting a moment for a second keystroke that would make it no
 * die): the app root counts them in data-busy, without the progress line.
 */
export const inputsSettling = ref(0);

/** True when the page runs with a game service (desktop preload or browser bridge). */
export function connected(): boolean {
  return typeof window !== 'undefined' && window.muster !== undefined;
}

type Invoke = (input?: unknown) => Promise<CallResult<unknown>>;

/** Calls window.muster.<fn>(input): its answer, or a thrown MusterApiError. */
async function answerOf(fn: ContractFunction, input: readonly unknown[]): Promise<{ value: unknown; changed?: WriteAnswer }> {
  const api = window.muster as unknown as Record<string, Invoke> | undefined;
  if (!api) throw new MusterApiError(fn, { code: 'INTERNAL', message: 'The game service is not connected: open Muster as the desktop app or through `npm run browser`.' });
  const invoke = api[fn];
  if (!invoke) throw new MusterApiError(fn, { code: 'INTERNAL', message: `window.muster has no ${fn}` });
  callsInFlight.value++;
  try {
    const result = await invoke(input.length === 0 ? undefined : plain(input[0]));
    if (!result.ok) throw new MusterApiError(fn, result.error);
    return result;
  } finally {
    callsInFlight.value--;
  }
}

/** Calls window.muster.<fn>(input): the value, or a thrown MusterApiError. */
export async function call<K extends ContractFunction>(fn: K, ...input: undefined extends CallInput<K> ? [CallInput<K>?] : [CallInput<K>]): Promise<Output<K>> {
  return (await answerOf(fn, input)).value as Output<K>;
}

/**
 * Calls a write: its value and, when the service sent it, what the write changed (contract/answer.ts),
 * for the stores to apply instead of reading the game again. A refusal is thrown as by `call`.
 */
export async function callWrite<K extends ContractFunction>(fn: K, ...input: undefined extends CallInput<K> ? [CallInput<K>?] : [CallInput<K>]): Promise<{ value: Output<K>; changed: WriteAnswer | null }> {
  const answer = await answerOf(fn, input);
  return { value: answer.value as Output<K>, changed: answer.changed ?? null };
}

/** Subscribes to "the open game changed outside the screens" (menu undo, file association...). */
export function onGameChanged(listener: (event: GameChangedEvent) => void): () => void {
  return window.muster ? window.muster.onGameChanged(listener) : () => undefined;
}

/** Subscribes to menu items the window carries out (New Game, Print roster...). */
export function onMenuCommand(listener: (event: MenuCommandEvent) => void): () => void {
  return window.muster ? window.muster.onMenuCommand(listener) : () => undefined;
}

/** A refusal in words: the service's message, then the rules section when the message does not already name it. */
export function describeError(e: unknown): string {
  const error = asApiError(e);
  return error.rule && !error.message.includes(error.rule) ? `${error.message} (${error.rule})` : error.message;
}
