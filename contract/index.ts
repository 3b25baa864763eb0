/**
 * THE contract between the screens and the main process, declared once: every function's zod input and
 * output schema, one file per domain. Everything else is derived from the maps below: the TypeScript
 * types (z.infer), the channel table ("<domain>:<function>"), the query/write split, the service's
 * interface (GameServiceApi, which db/service implements function by function), window.muster's type,
 * the IPC handlers, the browser bridge and the command line's `call`.
 *
 * Adding a game function = its schema in a domain file here, its implementation in the matching
 * db/service/ module, and its screen. Nothing else names it.
 */
import type { z } from 'zod';
import { activationContract } from './activation';
import { chartsContract } from './charts';
import { clockContract } from './clock';
import { concealmentContract } from './concealment';
import { combatContract } from './combat';
import type { CallResult, FunctionSpec } from './common';
import type { EVENTS } from './events';
import { filesContract, type GameChangedEvent, type MenuCommandEvent } from './files';
import { gameContract } from './game';
import { seatFilesContract } from './seat-files';
import { historyContract } from './history';
import { initiativeContract } from './initiative';
import { jointDiceContract } from './joint-dice';
import { leadersContract } from './leaders';
import { lossesContract } from './losses';
import { movementContract } from './movement';
import { demoralizationContract } from './optional-demoralization';
import { cardDrawContract } from './optional-card-draw';
import { ordersContract } from './orders';
import { offersContract } from './offers';
import { messengersContract } from './optional-messengers';
import { variableInitiativeContract } from './optional-variable-initiative';
import { reinforcementsContract } from './reinforcements';
import { rosterContract } from './roster';
import { setupContract } from './setup';
import { sinceContract } from './since';
import { victoryContract } from './victory';

/** The game's functions by domain (the db/service/ modules follow the same split). */
export const GAME_DOMAINS = {
  game: gameContract,
  roster: rosterContract,
  setup: setupContract,
  orders: ordersContract,
  initiative: initiativeContract,
  activation: activationContract,
  leaders: leadersContract,
  losses: lossesContract,
  reinforcements: reinforcementsContract,
  movement: movementContract,
  concealment: concealmentContract,
  clock: clockContract,
  combat: combatContract,
  victory: victoryContract,
  history: historyContract,
  since: sinceContract,
  offers: offersContract,
  demoralization: demoralizationContract,
  messengers: messengersContract,
  cardDraw: cardDrawContract,
  variableInitiative: variableInitiativeContract,
  jointDice: jointDiceContract,
} as const;

/** The shell's functions by domain: game files and the Recent list, and the player's own charts. */
export const SHELL_DOMAINS = { files: filesContract, seatFiles: seatFilesContract, charts: chartsContract } as const;
type ShellContractType = typeof filesContract & typeof seatFilesContract & typeof chartsContract;

/** All domains, the shell's first. */
export const DOMAINS = { ...SHELL_DOMAINS, ...GAME_DOMAINS } as const;

type Merge<D> = D extends Record<string, infer M> ? (M extends object ? M : never) : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type GameContractType = UnionToIntersection<Merge<typeof GAME_DOMAINS>>;

function merge<T>(domains: Record<string, Record<string, FunctionSpec>>): T {
  const all: Record<string, FunctionSpec> = {};
  for (const [domain, fns] of Object.entries(domains)) {
    for (const [fn, spec] of Object.entries(fns)) {
      // A name in two domains would silently shadow one of them.
      if (fn in all) throw new Error(`contract: ${fn} is declared twice (again in ${domain})`);
      all[fn] = spec;
    }
  }
  return all as T;
}

/** The game service's functions, every domain merged. */
export const GAME_CONTRACT: GameContractType = merge(GAME_DOMAINS);
/** Every function of window.muster: the shell's and the game's. */
export const CONTRACT: ShellContractType & GameContractType = merge(DOMAINS);
export type Contract = typeof CONTRACT;

export type GameFunction = keyof GameContractType;
export type ContractFunction = keyof Contract;
export type ShellFunction = keyof ShellContractType;

export const GAME_FUNCTIONS = Object.keys(GAME_CONTRACT) as GameFunction[];
export const CONTRACT_FUNCTIONS = Object.keys(CONTRACT) as ContractFunction[];
export const SHELL_FUNCTIONS = Object.values(SHELL_DOMAINS).flatMap((fns) => Object.keys(fns)) as ShellFunction[];
/** Game functions that never write (safe at any time). */
export const QUERY_FUNCTIONS = GAME_FUNCTIONS.filter((fn) => GAME_CONTRACT[fn].kind === 'query');
/** Game functions that write exactly one event to the game file. */
export const WRITE_FUNCTIONS = GAME_FUNCTIONS.filter((fn) => GAME_CONTRACT[fn].kind === 'write');

/** Each function's IPC channel: "<domain>:<function>". */
export const CHANNELS = Object.fromEntries(
  Object.entries(DOMAINS).flatMap(([domain, fns]) => Object.keys(fns).map((fn) => [fn, `${domain}:${fn}`])),
) as { [K in ContractFunction]: string };

/** What a caller passes (before parsing) and what a function receives (after) and returns. */
export type CallInput<K extends ContractFunction> = z.input<Contract[K]['input']>;
export type Input<K extends ContractFunction> = z.output<Contract[K]['input']>;
export type Output<K extends ContractFunction> = z.output<Contract[K]['output']>;

/** A function taking no argument, an optional one or a required one, as its schema says. */
type Callable<In, Out> = [In] extends [undefined] ? () => Out : undefined extends In ? (input?: In) => Out : (input: In) => Out;

/** The game service as its callers see it: one method per game function (db/service implements it). */
export type GameServiceApi = { [K in GameFunction]: Callable<Input<K>, Output<K>> };

/**
 * The game service's way in for input the contract has already parsed (db/dispatch.ts parses every call
 * once, then runs it here): the same call as the method of that name, without parsing the input again.
 */
export interface ParsedGameCalls {
  runParsed<K extends GameFunction>(fn: K, input: Input<K>): Output<K>;
}

/** The main-process side of every channel: the parsed input in, the plain value (or a promise of it) out. */
export type ChannelHandlers = { [K in ContractFunction]: (input: Input<K>) => Output<K> | Promise<Output<K>> };

/** `window.muster`: one function per channel, plus one subscription per main-to-window event (each returns an unsubscribe). */
export type MusterApi = { [K in ContractFunction]: Callable<CallInput<K>, Promise<CallResult<Output<K>>>> } & {
  [E in keyof typeof EVENTS]: E extends 'onGameChanged'
    ? (listener: (event: GameChangedEvent) => void) => () => void
    : (listener: (event: MenuCommandEvent) => void) => () => void;
};

export * from './common';
export * from './answer';
export * from './events';
export * from './files';
export * from './seat-files';
export * from './charts';
export * from './game';
export * from './seat-state';
export * from './roster';
export * from './setup';
export * from './orders';
export * from './initiative';
export * from './activation';
export * from './leaders';
export * from './losses';
export * from './reinforcements';
export * from './weather';
export * from './movement';
export * from './concealment';
export * from './clock';
export * from './combat';
export * from './combat-results';
export * from './victory';
export * from './history';
export * from './since';
export * from './offers';
export * from './joint-dice';
export * from './optional';
export * from './house-readings';
export * from './optional-demoralization';
export * from './optional-messengers';
export * from './optional-card-draw';
export * from './optional-variable-initiative';
