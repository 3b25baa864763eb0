/**
 * A two-seat game as its seat's screens show it (RI-H09): which seat this file is, whose step it is
 * (rules/seats.ts seatToAct, offered by the service so no screen works it out), what the seat waits for, and
 * what it has not yet sent. Part of the game's info; null for a game played at one laptop.
 */
import { z } from 'zod';
import { Side } from './common';

export const SeatState = z.object({
  /** The side this file plays. */
  side: Side,
  /** The game's id, shortened for players to compare (both seats show the same). */
  gameId: z.string(),
  /** A short digest of this seat's key, for players to compare out loud. */
  keyFingerprint: z.string(),
  /** The other seat's reply has been received: packets may go both ways. */
  otherJoined: z.boolean(),
  /** Whose step it is: 'both' in a step of secret entries not yet revealed; why, and the rule. */
  toAct: z.object({ seat: z.enum(['USA', 'CSA', 'both']), why: z.string(), rule: z.string() }),
  /** Each seat has committed to its secret entries of this step (its commitment is in this file). */
  committed: z.object({ USA: z.boolean(), CSA: z.boolean() }),
  /** This seat's secret entries of the step, held on this device until the reveal. */
  heldEntries: z.number().int(),
  /** What this seat waits for from the other now, in words; null when it may act. */
  waiting: z.string().nullable(),
  /** The events of this file the other seat has not acknowledged yet (what the next packet carries). */
  unsent: z.number().int(),
});
export type SeatState = z.infer<typeof SeatState>;
