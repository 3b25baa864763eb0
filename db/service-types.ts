/**
 * Transitional: the game service's types under their old names, now all derived from the contract
 * (contract/index.ts). Removed once db/ imports the contract directly.
 */
import { GAME_FUNCTIONS, QUERY_FUNCTIONS, type ErrorInfo, type GameFunction, type MusterErrorCode } from '../contract';
import { COUNTER_LIMITS } from '../rules/types';
export * from '../contract';
export type { ActivationEffectiveness, Arm, CommandLevel, DieRoll, Itemised, Light, LossCause, OrderCode, Side, UnitStatus, Weapon } from '../rules/types';

export const GAME_SERVICE_METHODS = GAME_FUNCTIONS;
export type GameServiceMethod = GameFunction;
export const GAME_SERVICE_QUERIES = QUERY_FUNCTIONS;
export const FATIGUE_LEVELS = { min: COUNTER_LIMITS.fatigue.min, max: COUNTER_LIMITS.fatigue.max } as const;
export type MusterErrorInfo = ErrorInfo & { code: MusterErrorCode; field: string };

export interface CreateGameInput {
  /** Path of the new .muster file; refused if it exists. */
  file: string;
  /** A built-in scenario id ("gettysburg") or a path to a scenario .json file. */
  scenario: string;
  /** Keep only these commands' subtrees (plus their superiors, for the chain of command). Omit for all. */
  commandIds?: string[];
  players?: { USA?: string; CSA?: string };
}

export interface OpenGameInput {
  file: string;
}
