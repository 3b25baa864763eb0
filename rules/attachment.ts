/**
 * Command attachment and detachment (Rev. Command Attachment), done in the Command
 * Attachment/Detachment Phase: which infantry commands may move to another commander, the range
 * checks, the army commander's rating points it uses, one per turn per side, and the new command tree.
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import type { CommandCheck } from './command-check';
import { spendRatingPoints } from './activation';
import { HOUSE_READING_CHOICES, houseReadingSource, type HouseReadingChoice } from './house-readings';
import type { LedgerLeader, RatingPointsLedger } from './activation';
import { ARMS, COMMAND_LEVELS } from './types';
import type { Arm, CommandLevel } from './types';

const COMMAND_ATTACHMENT = 'Rev. Command Attachment';

/** Sizes of formation, smallest first: a single unit, then the command levels from brigade up. */
export type FormationSize = 'unit' | CommandLevel;
const FORMATION_SIZES: readonly FormationSize[] = ['unit', 'brigade', 'division', 'corps', 'wing', 'army'];

/** Sizes that may be attached or detached: infantry commands up to division (never a corps). */
const ATTACHABLE_SIZES: readonly FormationSize[] = ['unit', 'brigade', 'division'];

export interface AttachmentRequest {
  kind: 'attach' | 'detach';
  /** The unit or command being attached/detached. */
  moved: { size: FormationSize; arm: Arm };
  /** The command that gains it. */
  gaining: { size: CommandLevel };
  /** The gaining commander has the detaching commander (direct leader of the moved command) in range. */
  gainingCommanderHasDetachingInRange: boolean;
  /** The army commander has the detaching commander in range. */
  armyCommanderHasDetachingInRange: boolean;
  /** Attachments/detachments this side has already made this turn. */
  attachmentsThisTurn: number;
}

/**
 * Whether a unit or command of this size and arm may move to a command of that size at all: infantry
 * only (or, under the house reading "infantry and artillery", artillery too), up to division, and smaller
 * than the gaining command (RI-C11). The first checks of commandAttachment, which the service also runs to
 * offer the commands that may be attached where.
 */
export function attachmentSizeCheck(
  moved: { size: FormationSize; arm: Arm },
  gaining: { size: CommandLevel },
  reading: HouseReadingChoice<'attachable'> = 'infantryOnly',
): CommandCheck {
  const byReading = moved.arm === 'artillery' && reading === 'infantryAndArtillery';
  if (moved.arm !== 'infantry' && !byReading) {
    return { ok: false, reason: `Only infantry commands may be attached or detached, not ${moved.arm}`, rule: COMMAND_ATTACHMENT };
  }
  if (!ATTACHABLE_SIZES.includes(moved.size)) {
    return { ok: false, reason: `A ${moved.size} may not be attached or detached (${byReading ? 'infantry and artillery' : 'infantry'} commands up to division only)`, rule: COMMAND_ATTACHMENT };
  }
  if (FORMATION_SIZES.indexOf(moved.size) >= FORMATION_SIZES.indexOf(gaining.size)) {
    return { ok: false, reason: `A ${gaining.size} may have only a unit or command of smaller size attached or detached, not a ${moved.size}`, rule: COMMAND_ATTACHMENT };
  }
  return { ok: true };
}

/**
 * May this attachment/detachment be made? Only infantry units or commands up to division, each
 * smaller than the gaining command (RI-C11); both the gaining commander and the army commander
 * must have the detaching commander in range; one per turn per side; it uses the army commander's
 * rating points for the turn (recorded in the returned ledger). Under the house reading "infantry and
 * artillery" artillery commands may be moved as well, and `houseReading` names it.
 */
export function commandAttachment(
  request: AttachmentRequest,
  ledger: RatingPointsLedger,
  armyCommander: LedgerLeader,
  reading: HouseReadingChoice<'attachable'> = 'infantryOnly',
): CommandCheck<{ ledger: RatingPointsLedger; rule: string; houseReading: string | null }> {
  if (typeof request !== 'object' || request === null) throw new RulesArgumentError('request', 'must be an attachment request object');
  assertOneOf('request.kind', request.kind, ['attach', 'detach'] as const);
  assertOneOf('request.moved.size', request.moved?.size, FORMATION_SIZES);
  assertOneOf('request.moved.arm', request.moved.arm, ARMS);
  assertOneOf('request.gaining.size', request.gaining?.size, COMMAND_LEVELS);
  assertBoolean('request.gainingCommanderHasDetachingInRange', request.gainingCommanderHasDetachingInRange);
  assertBoolean('request.armyCommanderHasDetachingInRange', request.armyCommanderHasDetachingInRange);
  assertNonNegativeInteger('request.attachmentsThisTurn', request.attachmentsThisTurn);
  if (armyCommander?.role !== 'army' && armyCommander?.role !== 'wing') {
    throw new RulesArgumentError('armyCommander.role', `must be army or wing (the acting army commander) (got ${String(armyCommander?.role)})`);
  }
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.attachable);

  const size = attachmentSizeCheck(request.moved, request.gaining, reading);
  if (!size.ok) return size;
  const byReading = request.moved.arm === 'artillery' && reading === 'infantryAndArtillery';
  if (request.attachmentsThisTurn >= 1) {
    return { ok: false, reason: 'Only one attachment per turn is allowed, and this side has made it', rule: COMMAND_ATTACHMENT };
  }
  if (!request.gainingCommanderHasDetachingInRange) {
    return { ok: false, reason: 'The gaining commander must have the detaching commander in his range', rule: COMMAND_ATTACHMENT };
  }
  if (!request.armyCommanderHasDetachingInRange) {
    return { ok: false, reason: 'The army commander must have the detaching commander in his range', rule: COMMAND_ATTACHMENT };
  }
  const spent = spendRatingPoints(ledger, armyCommander, 'attachment');
  if (!spent.ok) return spent;
  // The house reading is named where it allowed what the documented reading refuses.
  return { ok: true, ledger: spent.ledger, rule: COMMAND_ATTACHMENT, houseReading: byReading ? houseReadingSource('attachable', reading) : null };
}
