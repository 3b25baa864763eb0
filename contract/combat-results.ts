/**
 * What a combat result does, as the combat assistants give it (contract/combat.ts): a unit's new status and
 * its cause, a leader's check, and a result computed from the group's kit (RI-K25): the kit's fingerprint
 * the players saw, the dice they typed for its checks, the outcomes they read at the table, and what the
 * kit shows for a die before it is applied; and the hexes last used in fire and shock.
 */
import { z } from 'zod';
import { DISORDER_CAUSES } from '../rules/types';
import { Id, KitCellRecord, Side, Status, TypedRoll, text } from './common';

export const DisorderCause = z.enum(DISORDER_CAUSES);

/** What a combat result does to one unit beyond its SP losses: its new status, and why (for stragglers). */
export const UnitOutcome = z.strictObject({
  unitId: Id,
  status: Status.exclude(['eliminated'], { message: 'status: a unit is eliminated by its losses, not by a status result (RI-S07)' }),
  /** What caused a change to Disordered (stragglers come only from enemy action, Rev. Infantry Stragglers); default the combat's own kind. */
  cause: DisorderCause.optional(),
});
export type UnitOutcome = z.infer<typeof UnitOutcome>;

/** A die typed at the table for one unit's check that the kit resolves (left out: the app rolls it in the event). */
export const KitCheckRoll = z.strictObject({ unitId: Id, roll: TypedRoll });
export type KitCheckRoll = z.infer<typeof KitCheckRoll>;

/**
 * A result computed from the group's kit (RI-K25) instead of typed: the players confirm what the assistant
 * showed them. The fingerprint is the kit's they saw; the result is refused if the kit changed since.
 */
export const KitResolution = z.strictObject({
  fingerprint: text(20).pipe(z.string().min(1, 'kit.fingerprint: give the fingerprint of the kit the result was shown from')),
  /** Dice typed for the cohesion checks the result calls for, one per unit; the others the app rolls. */
  checkRolls: z.array(KitCheckRoll).max(40).optional(),
  /** Outcomes read at the table for units the kit cannot check (no cohesion rating entered). */
  outcomes: z.array(UnitOutcome).max(40).optional(),
  /** Leaders stacked with the units that may lose SPs (Muster has no map): the kit's hit check is rolled for each whose units lost SPs. */
  leadersStacked: z.array(Id).max(10).optional(),
});
export type KitResolution = z.infer<typeof KitResolution>;

/** What the kit's table gives for a die, shown before the players confirm. */
export const KitPreview = z.object({
  fingerprint: z.string(),
  /** False when the kit has no such table, no cell for these numbers, or no die yet: `note` says which. */
  found: z.boolean(),
  cell: KitCellRecord.nullable(),
  note: z.string(),
});

/** A leader stacked with a unit that lost SPs: whether the base game's check hit him; if so the revision's roll, 0-4 KIA, 5-9 WIA. */
export const LeaderCheck = z.strictObject({
  leaderId: Id,
  hit: z.boolean(),
  /** The Leader Casualty die typed at the table; leave it out and Muster rolls. */
  roll: TypedRoll.optional(),
});
export type LeaderCheck = z.infer<typeof LeaderCheck>;

/** A hex used in a fire or a shock: its units, top of the stack first (Muster has no map: a hex is the units named together). */
export const RecentHex = z.object({ side: Side, unitIds: z.array(z.string()), names: z.array(z.string()) });
export type RecentHex = z.infer<typeof RecentHex>;
