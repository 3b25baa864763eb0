/**
 * Dice rolled jointly by both seats of a two-seat game, inside a change (db/seats/joint-dice.ts, RI-H09):
 * the seat whose step it is asks for the dice of one change, named whole before any share is seen; the other
 * seat's Muster answers when the request reaches it; the change is then written with those dice, each
 * recorded as rolled jointly ('joint'). In a game played at one laptop the functions refuse in words.
 */
import { z } from 'zod';
import { NoInput, Side, query, text, write } from './common';

/** Whether a thing may be done now, and why not. */
const Allowed = z.object({ allowed: z.boolean(), reason: z.string().optional(), rule: z.string().optional() });

/** The change a seat asks joint dice for: a game function that rolls, and its whole input. */
export const AskJointDiceInput = z.strictObject({
  /** The game function the dice are for (rollDie, attemptActivation, rollInitiative, resolveFire, …). */
  fn: z.string().regex(/^[A-Za-z]{1,100}$/, 'name the change the dice are for: a game function, such as rollDie'),
  /** Its input, exactly as the function takes it: the dice cannot be asked for one change and used for another. */
  input: z.unknown().optional(),
  /** What the dice are for, in the players' words (the dice log's purpose for a rollDie); the function's own words if left out. */
  purpose: text(200).optional(),
});
export type AskJointDiceInput = z.infer<typeof AskJointDiceInput>;

/** One request for joint dice, as this seat's file holds it. */
export const JointDiceRequest = z.object({
  id: z.string(),
  /** The seat that asked (the one whose step it is). */
  side: Side,
  fn: z.string(),
  /**
   * The change's input, as asked (a request is public: the other seat's packet carries it): the screen that
   * asked finds its request again by it after a reload (a rollDie names its assistant and units in `for`).
   */
  input: z.unknown(),
  purpose: z.string(),
  /**
   * 'waiting': asked, the other seat's share not yet here; 'answered': both shares are here, the change is due
   * (written at once by the asking seat's Muster); 'used': the change is in the log with its dice; 'refused': the
   * service refused the change with those very dice, and the log holds the dice and the refusal instead (the
   * request is closed, play goes on: closeRefusedJointDice), or refused before any of its dice was drawn (the
   * request is closed the same way, with no die); 'withdrawn': the asking seat withdrew it before the other
   * seat's share reached it (withdrawJointDice), in the open: no die of it was rolled.
   */
  status: z.enum(['waiting', 'answered', 'used', 'refused', 'withdrawn']),
  /** The change that used the dice (or the refusal that closed the request), once written: its event, and the rolls it made. */
  eventSeq: z.number().int().nullable(),
  rolls: z.array(z.number().int().min(0).max(9)),
  /** The dice-log seqs of those rolls, as the dice log numbers them (a rollDie's is what a combat names as rollSeq). */
  diceSeqs: z.array(z.number().int()),
  /** One line for the players: "Waiting for the CSA seat's share of the dice for Fire: …". */
  words: z.string(),
});
export type JointDiceRequest = z.infer<typeof JointDiceRequest>;

/** Joint dice in this file: whether the game is played from two seats, whether this seat may ask now, what is open. */
export const JointDiceState = z.object({
  twoSeat: z.boolean(),
  /** This file's seat, or null at one laptop. */
  seat: Side.nullable(),
  /** Both seats have joined: a request can be answered (the other seat's Muster answers when it receives it). */
  live: z.boolean(),
  /** May this seat ask for joint dice now (its step, both seats joined, no request open)? */
  mayAsk: Allowed,
  /** The request still open (asked and not yet used), either seat's: nothing else is written until its change is. */
  open: JointDiceRequest.nullable(),
  /**
   * May this seat withdraw the open request now (withdrawJointDice)? Only its own, and only while the other
   * seat's share has not reached it: once it has, this seat knows the dice, and the change is written with them.
   */
  mayWithdraw: Allowed,
  /** This seat's latest request that was used, for the screen that asked for it. */
  lastUsed: JointDiceRequest.nullable(),
  /**
   * This seat's die rolled jointly for a change still to come (a rollDie: the fire, shock, Rally or UDD die
   * the players read their table with, RI-K18), arrived and not yet named by that change: nothing this seat
   * wrote since. The assistant that asked shows it again after a reload or when the game is opened again.
   */
  arrived: JointDiceRequest.nullable(),
  /**
   * This seat's dice rolled jointly for the same combat just before `arrived` and waiting with it, oldest first
   * (the artillery friendly-fire die before the fire die, RI-K19): this seat wrote nothing since each but the
   * next of those dice. Empty when `arrived` is null.
   */
  arrivedEarlier: z.array(JointDiceRequest),
});
export type JointDiceState = z.infer<typeof JointDiceState>;

/** Which request to close: its id (JointDiceRequest.id). */
export const CloseRefusedJointDiceInput = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'name the joint dice to close by their id, as the joint dice state gives it'),
});
export type CloseRefusedJointDiceInput = z.infer<typeof CloseRefusedJointDiceInput>;

/** Which request to withdraw: its id (JointDiceRequest.id). */
export const WithdrawJointDiceInput = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'name the joint dice to withdraw by their id, as the joint dice state gives it'),
});
export type WithdrawJointDiceInput = z.infer<typeof WithdrawJointDiceInput>;

export const jointDiceContract = {
  askJointDice: write(
    'In a two-seat game, asks for the dice of one change to be rolled jointly by both seats: the change is named whole now, the other seat answers with its share, and the change is written with those dice (each recorded as rolled jointly) when the answer comes back',
    AskJointDiceInput,
    JointDiceRequest,
  ),
  closeRefusedJointDice: write(
    "In a two-seat game, closes this seat's open joint dice whose change the service refuses with those very dice: the dice, the change asked for and the refusal go into the log, and play goes on. Refused when the change would be written with them (a roll cannot be escaped); the asking seat's Muster does it by itself",
    CloseRefusedJointDiceInput,
    JointDiceRequest,
  ),
  withdrawJointDice: write(
    "In a two-seat game, withdraws this seat's open joint dice while the other seat's share has not reached it (that seat never answers, or the player changed his mind): a public entry, replayed by the other seat; no die of it is rolled, an answer coming after it is not used, and play goes on. Refused once the answer is here (the dice are known: the change is due)",
    WithdrawJointDiceInput,
    JointDiceRequest,
  ),
  jointDice: query('Joint dice in a two-seat game: whether this seat may ask now, the request waiting for the other seat, and a die arrived for a change still to come', NoInput, JointDiceState),
};
