/**
 * "Since you last played": in a game played from two seats (db/seats/), what came in from the other seat
 * since this seat last played, grouped and worded for its player; and the mark its player sets when he has
 * read it. Both speak for the seat of the open file (db/service/since.ts says what "last played" is).
 */
import { z } from 'zod';
import { EventSide, Side, query, write } from './common';

/** A # in the log as History numbers it. */
const Seq = z.number().int().min(0).max(1_000_000);

/** What an item of the report is about; the groups come in this order. */
export const SINCE_GROUPS = ['arrivals', 'losses', 'combat', 'leaders', 'entries', 'play', 'clock'] as const;
export const SinceGroupKind = z.enum(SINCE_GROUPS);
export type SinceGroupKind = z.infer<typeof SinceGroupKind>;

export const SinceItem = z.object({
  /** The History entry it comes from, by its # there. */
  seq: Seq,
  turnId: z.string(),
  segment: z.string(),
  phase: z.string(),
  /** The step it happened in, as the Turn screen names it ("III.A In-Command Activation Phase"). */
  step: z.string(),
  /** One line for the player ("2nd Wisconsin loses 2 SP: 5 left"). */
  text: z.string(),
  /** The side it concerns (the History screen's side). */
  side: EventSide,
});
export type SinceItem = z.infer<typeof SinceItem>;

export const SinceGroup = z.object({
  kind: SinceGroupKind,
  /** Its heading, counted ("3 losses"). */
  title: z.string(),
  count: z.number().int().min(1),
  items: z.array(SinceItem),
});
export type SinceGroup = z.infer<typeof SinceGroup>;

export const SinceLastPlayed = z.object({
  /** False in a game played at one laptop: there is no seat, and nothing came in from anywhere. */
  twoSeats: z.boolean(),
  /** The seat of this file, and the other seat; null in a game played at one laptop. */
  seat: Side.nullable(),
  otherSeat: Side.nullable(),
  /**
   * Since when: 'played', the seat's last change (a write or a secret entry held on its device); 'seen', when
   * its player last dismissed this report; 'start', neither yet. `seq` is the last History # before the
   * report, `at` when the mark was set (null when the file does not know).
   */
  since: z.object({ mark: z.enum(['played', 'seen', 'start']), seq: Seq, at: z.string().nullable() }).nullable(),
  /** The last History # the report covers: dismissing it marks up to here, never what came in after. */
  upTo: Seq,
  /** How many changes of the other seat came in (events), and how many items the groups hold. */
  changes: z.number().int().min(0),
  count: z.number().int().min(0),
  /** One line: "12 changes from the CSA seat: 2 losses, 1 combat result, the clock moved 3 times". */
  summary: z.string(),
  groups: z.array(SinceGroup),
});
export type SinceLastPlayed = z.infer<typeof SinceLastPlayed>;

export const MarkSeenInput = z.strictObject({
  /** The report's `upTo`: what the player had in front of him. */
  upTo: Seq,
});
export type MarkSeenInput = z.infer<typeof MarkSeenInput>;

export const sinceContract = {
  sinceLastPlayed: query(
    "In a two-seat game, what came in from the other seat since this seat last played, grouped for its player (a game at one laptop: twoSeats false, nothing)",
    z.strictObject({}).optional(),
    SinceLastPlayed,
  ),
  markSeen: write(
    'The seat\'s player has read "Since you last played" up to a History #: a mark kept on this file only (never signed or sent)',
    MarkSeenInput,
    SinceLastPlayed,
  ),
};
