/**
 * What a write changed, sent with its result through the window's way in (the desktop app's IPC and the
 * browser bridge), so the screens apply it rather than reading the game again after every change: the
 * game's info as it now stands, the roster's rows that changed, the new turn state, and which kinds of
 * rows the write touched (for the screens whose views are not sent: they re-read those only).
 *
 * Everything in it is the game as nobody in particular sees it (no side's hidden entries), exactly what
 * the queries `currentGame`, `rosterSheet` and `turnState` without a viewer would answer right after the
 * write. In a step of secret entries it carries the game's info only (and whether the joint dice are as they
 * were): the screens then read again as the side at the keyboard (RI-H01).
 *
 * It also names the queries, of those a screen holds and asks again after a change (KEPT_QUERIES), whose
 * answers the write left as they were: the service knows what each is made of and what the write touched, so
 * a screen holding one keeps it, and never works out for itself whether a change could have moved it.
 */
import { z } from 'zod';
import { TurnState } from './clock';
import { GameInfo } from './game';
import { RosterSheet } from './roster';

/**
 * The queries a write's answer may name as kept (unchanged by the write, whatever their input): the leaders,
 * the command tree, the units on the map, the hexes last used in combat, the combat assistants' plans, and a
 * two-seat game's joint dice (what every screen that rolls a die holds).
 */
export const KEPT_QUERIES = ['leaders', 'commandTree', 'roster', 'recentHexes', 'planFire', 'planShock', 'planCohesion', 'jointDice'] as const;
export const KeptQuery = z.enum(KEPT_QUERIES);
export type KeptQuery = z.infer<typeof KeptQuery>;

export const WriteAnswer = z.object({
  /** The game's info after the write (its clock, whether undo and redo may be pressed, its fingerprint...). */
  game: GameInfo,
  /**
   * The roster sheet's changes since the sheet of the state before the write (its `changes.since`), when
   * the service still held that sheet (a Roster screen had it); null otherwise: the screen reads its sheet.
   */
  sheet: RosterSheet.nullable(),
  /** The turn state after the write, when the turn state of the state before had been asked; null otherwise. */
  turnState: TurnState.nullable(),
  /**
   * The state tables the write changed (or, for undo and redo, took back or brought back): a screen whose
   * view is made from none of them keeps it. Null when the service does not say (then every view is read).
   */
  tables: z.array(z.string()).nullable(),
  /**
   * The queries of KEPT_QUERIES whose answers are the same after the write as before it, for any input and
   * as any side asks: a screen holding one of the state before keeps it. Null when the service does not say:
   * then every view is read again. In a step of secret entries it names at most the joint dice (asked with no
   * viewer, the same answer whoever sits at the keyboard), when they are as they were; null otherwise.
   */
  kept: z.array(KeptQuery).nullable(),
});
export type WriteAnswer = z.infer<typeof WriteAnswer>;
