/**
 * The game context every service function takes, as a type only: the core, the rule modules and the
 * rule-module seam (rule-seam.ts) all speak of it, so it lives apart from the write path (context.ts)
 * that would otherwise tie every one of them to it.
 */
import type { DieRoll } from '../../rules/types';
import type { Migration } from '../migrations';
import type { SqliteDatabase } from '../open';
import type { AskJointDiceInput, CloseRefusedJointDiceInput, GameServiceApi, JointDiceRequest, JointDiceState, PlayerCharts, SetStandingWordInput, StandingWord, WithdrawJointDiceInput } from '../../contract';

/** An open game: what every service function reads and writes through. */
export interface GameContext {
  readonly db: SqliteDatabase;
  readonly file: string;
  readonly schemaVersion: number;
  /** The migrations the file was opened with: its schema is checked against theirs (db/schema-check.ts). */
  readonly migrations: readonly Migration[];
  /** Wall time for events and rolls (tests fix it). */
  readonly now: () => string;
  /** What the opening checks found damaged (db/integrity.ts); a damaged game is open read-only. */
  readonly damage: readonly string[];
  /** The app's die (db/dice.ts appRoll: fresh operating-system randomness; tests pass a seeded one). */
  readonly appDie: () => DieRoll;
  /**
   * While a two-seat game writes a change with dice rolled jointly by both seats (db/seats/joint-dice.ts),
   * those dice in order: every die the change does not take typed from the table is one of them.
   */
  readonly jointDie?: (() => DieRoll) | undefined;
  /** A two-seat game's own calls (db/seats/joint-dice.ts), given by the facade: the core never imports the seats. */
  readonly seatCalls?: SeatCalls | undefined;
  /**
   * The player's charts, kept per user outside the game (the shell passes its charts file; none in the
   * CLI and in tests that do not give one): the group's kit the assistants compute results from.
   */
  readonly charts?: (() => PlayerCharts) | undefined;
}

/** The implementation of one method of the contract: the context, then the method's one argument (if any). */
export type ServiceFunction<K extends keyof GameServiceApi> = (ctx: GameContext, input: Parameters<GameServiceApi[K]>[0]) => ReturnType<GameServiceApi[K]>;

/** One implementation per method of the contract (contract/index.ts GameServiceApi). */
export type ServiceFunctions = { [K in keyof GameServiceApi]: ServiceFunction<K> };

/**
 * A two-seat game's own calls (db/seats/joint-dice.ts), which the facade (db/service.ts) gives every game
 * context: the seats run changes through the service, so the service reaches them through this, never by import.
 */
export interface SeatCalls {
  askJointDice(ctx: GameContext, input: AskJointDiceInput): JointDiceRequest;
  jointDiceState(ctx: GameContext): JointDiceState;
  closeRefusedJointDice(ctx: GameContext, input: CloseRefusedJointDiceInput): JointDiceRequest;
  withdrawJointDice(ctx: GameContext, input: WithdrawJointDiceInput): JointDiceRequest;
  /** What this file adds to the History's entry of a joint-dice event (a withdrawal the other seat had answered), if anything. */
  historyNote(ctx: GameContext, seq: number, kind: string): string | null;
  /** The seat's standing word on Alternative Arrival Area orders (RI-H13, db/seats/standing-word.ts), and its player setting it. */
  standingWordState(ctx: GameContext): StandingWord | null;
  setStandingWord(ctx: GameContext, input: SetStandingWordInput): StandingWord;
}
