/**
 * Activation (Rev. Activation Segment): the ME attempt and its itemised DRMs, RE activation, what
 * each order allows, the alternation of the In-Command and Out-of-Command Activation Phases, the bar
 * on subordinates after a higher command's ME attempt, who is in command, leaders' rating points once
 * per turn (a ledger), ME granted by stacked commanders, cannonades, and who commands the US army
 * before Meade arrives. Pure functions over plain data; every die roll is passed in as a number 0-9.
 */
import { assertBoolean, assertDieRoll, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { HOUSE_READING_CHOICES, readingItem, type HouseReadingChoice } from './house-readings';
import { itemisedNonZero } from './itemise';
import { assertLeaderRating } from './command-check';
import { commandAncestors } from './command-tree';
import { ORDERS } from './orders-table';
import type { CommandCheck } from './command-check';
import type { CommandNode } from './command-tree';
import { COMMAND_LEVELS, LEADER_ROLES, ORDER_CODES, SIDES } from './types';
import type { CommandLevel, DrmItem, Itemised, LeaderRole, OrderCode, Side } from './types';

const ACTIVATION_SEGMENT = 'Rev. Activation Segment';
const ACTIVATION_DRMS = 'Rev. Activation DRMs';
/** The Activation DRMs that hang on a map fact: the commander out of command (RI-C01), units in works (from the roster), each point of a superior's rating in range. */
export const ACTIVATION_FACT_DRMS = { commanderOutOfCommand: -1, unitsInWorks: 1, perSuperiorRatingPoint: -1 } as const;
export const ACTIVATION_DRMS_RULE = ACTIVATION_DRMS;
const ACTIVATION_PROCEDURE = 'Rev. Activation Procedure';
const IN_COMMAND = 'Rev. In-Command/Out-of-Command';
const LEADERS_AND_ACTIVATION = 'Rev. Leaders and Activation';
const INITIATIVE_SEGMENT = 'Rev. Initiative Segment';
const US_WING_COMMANDERS = 'Rev. US Wing/Grand Division Commanders';

// ---------------------------------------------------------------------------------------------
// The ME attempt
// ---------------------------------------------------------------------------------------------

export type ActivationLevel = 'corps' | 'division' | 'brigade';
export const ACTIVATION_LEVELS: readonly ActivationLevel[] = ['corps', 'division', 'brigade'];

export interface ActivationDrmInput {
  level: ActivationLevel;
  /** Any unit of the activating command is in Breastworks/Entrenchments. */
  anyUnitInBreastworks: boolean;
  /** The commander/leader of the activating command is out of command of his next superior. */
  commanderOutOfCommand: boolean;
  /** Ratings of superior commanders in range (using their ranges) who lend them: -(rating) each. */
  superiorRatingsInRange: number[];
  /** The game's house reading of the OOC DRM (RI-C01); left out, the documented reading: -1 as printed. */
  oocCommanderDrm?: HouseReadingChoice<'oocCommanderDrm'>;
  /** DRMs an optional rule or a house reading adds, itemised with their source (after the revision's own). */
  otherDrms?: DrmItem[];
}

/** The itemised DRM on an ME activation roll (Rev. Activation DRMs). Zero items are left out. */
export function activationDrm(i: ActivationDrmInput): Itemised {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be an object of activation DRM inputs');
  assertOneOf('level', i.level, ACTIVATION_LEVELS);
  assertBoolean('anyUnitInBreastworks', i.anyUnitInBreastworks);
  assertBoolean('commanderOutOfCommand', i.commanderOutOfCommand);
  if (!Array.isArray(i.superiorRatingsInRange)) {
    throw new RulesArgumentError('superiorRatingsInRange', `must be a list of leader ratings 0-9 (got ${String(i.superiorRatingsInRange)})`);
  }
  i.superiorRatingsInRange.forEach((rating, index) => assertLeaderRating(`superiorRatingsInRange[${index}]`, rating));

  const items: DrmItem[] = [];
  if (i.level === 'corps') items.push({ label: 'Corps Activation', value: 3, rule: ACTIVATION_DRMS });
  if (i.level === 'division') items.push({ label: 'Division Activation', value: 1, rule: ACTIVATION_DRMS });
  if (i.anyUnitInBreastworks) items.push({ label: 'Units in command are in Breastworks/Entrenchments', value: ACTIVATION_FACT_DRMS.unitsInWorks, rule: ACTIVATION_DRMS });
  // RI-C01: the table prints -1, although the text says the OOC commander "suffers" the DRM; a group may
  // choose the house reading that he suffers it: +1, which makes the roll-under attempt harder.
  const oocReading = i.oocCommanderDrm ?? 'asPrinted';
  assertOneOf('oocCommanderDrm', oocReading, HOUSE_READING_CHOICES.oocCommanderDrm);
  if (i.commanderOutOfCommand) {
    items.push(
      oocReading === 'asPrinted'
        ? { label: 'Commander/Leader of activating command is OOC', value: ACTIVATION_FACT_DRMS.commanderOutOfCommand, rule: ACTIVATION_DRMS }
        : readingItem({ label: 'Commander/Leader of activating command is OOC (he suffers it)', value: -ACTIVATION_FACT_DRMS.commanderOutOfCommand, rule: ACTIVATION_DRMS }, 'oocCommanderDrm', oocReading),
    );
  }
  for (const rating of i.superiorRatingsInRange) {
    items.push({ label: `Superior commander's rating, in range (${rating})`, value: rating * ACTIVATION_FACT_DRMS.perSuperiorRatingPoint, rule: ACTIVATION_DRMS });
  }
  if (i.otherDrms !== undefined && !Array.isArray(i.otherDrms)) throw new RulesArgumentError('otherDrms', 'must be a list of DRM items');
  items.push(...(i.otherDrms ?? []));
  return itemisedNonZero(items);
}

export interface MeAttemptResult {
  /** ME: the command is activated at Maximum Effectiveness; confusion: go to the Confusion Table. */
  result: 'ME' | 'confusion';
  roll: number;
  drm: Itemised;
  modifiedRoll: number;
  officerRating: number;
  rule: string;
}

/** The ME attempt: the modified roll <= the officer's rating gives ME, higher goes to the Confusion Table. */
export function resolveMeAttempt(i: { officerRating: number; drm: ActivationDrmInput }, roll: number): MeAttemptResult {
  assertLeaderRating('officerRating', i.officerRating);
  assertDieRoll('roll', roll);
  const drm = activationDrm(i.drm);
  const modifiedRoll = roll + drm.total;
  return {
    result: modifiedRoll <= i.officerRating ? 'ME' : 'confusion',
    roll,
    drm,
    modifiedRoll,
    officerRating: i.officerRating,
    rule: ACTIVATION_PROCEDURE,
  };
}

/**
 * How a command under this order may be activated: ME Orders must attempt ME; RSRV is "RE activation
 * only"; the other RE Orders may be activated at RE automatically or try for ME (RI-C08).
 */
export function activationOptions(order: OrderCode): { mustAttemptMe: boolean; mayAttemptMe: boolean; mayActivateAtRe: boolean; rule: string } {
  assertOneOf('order', order, ORDER_CODES);
  if (ORDERS[order].meRequired) return { mustAttemptMe: true, mayAttemptMe: true, mayActivateAtRe: false, rule: ACTIVATION_SEGMENT };
  if (order === 'RSRV') return { mustAttemptMe: false, mayAttemptMe: false, mayActivateAtRe: true, rule: 'Rev. Orders Table' };
  return { mustAttemptMe: false, mayAttemptMe: true, mayActivateAtRe: true, rule: ACTIVATION_SEGMENT };
}

/** RE activation is automatic (no roll) for commands whose orders allow it. */
export function activateAtRe(order: OrderCode): CommandCheck<{ effectiveness: 'RE'; rule: string }> {
  const options = activationOptions(order);
  if (!options.mayActivateAtRe) {
    return { ok: false, reason: `${order} is an ME Order: the command must attempt ME activation`, rule: ACTIVATION_SEGMENT };
  }
  return { ok: true, effectiveness: 'RE', rule: ACTIVATION_SEGMENT };
}

/**
 * The Initiative player's initial activation may be any size command at ME, without a roll. RSRV
 * commands cannot take it: they activate at RE only.
 */
export function initiativeMeActivation(i: { initiativePlayer: boolean; firstActivationOfSegment: boolean; order: OrderCode }): CommandCheck<{ effectiveness: 'ME'; rule: string }> {
  assertBoolean('initiativePlayer', i.initiativePlayer);
  assertBoolean('firstActivationOfSegment', i.firstActivationOfSegment);
  const options = activationOptions(i.order);
  if (!i.initiativePlayer) return { ok: false, reason: 'Only the player with Initiative gets an automatic ME activation', rule: INITIATIVE_SEGMENT };
  if (!i.firstActivationOfSegment) return { ok: false, reason: 'The automatic ME is for the Initiative player\'s initial activation only', rule: INITIATIVE_SEGMENT };
  if (!options.mayAttemptMe) return { ok: false, reason: `${i.order} commands are activated at RE only`, rule: options.rule };
  return { ok: true, effectiveness: 'ME', rule: INITIATIVE_SEGMENT };
}

/**
 * Once a higher command has tried to activate for ME, none of its subordinate commands may try (for
 * ME) independently later in the Activation Segment (RI-C07).
 */
export function mayAttemptMeActivation(tree: readonly CommandNode[], meAttemptedCommandIds: readonly string[], commandId: string): CommandCheck {
  if (!Array.isArray(meAttemptedCommandIds)) {
    throw new RulesArgumentError('meAttemptedCommandIds', `must be a list of command ids (got ${String(meAttemptedCommandIds)})`);
  }
  const ancestors = commandAncestors(tree, commandId);
  const known = new Set(tree.map((node) => node.id));
  meAttemptedCommandIds.forEach((id, index) => {
    if (!known.has(id)) throw new RulesArgumentError(`meAttemptedCommandIds[${index}]`, `must be the id of a command in the tree (got ${String(id)})`);
  });
  const attempted = new Set(meAttemptedCommandIds);
  const barredBy = ancestors.find((id) => attempted.has(id));
  if (barredBy !== undefined) {
    return { ok: false, reason: `${barredBy}, a higher command, has tried to activate for ME this segment; its subordinates may not try independently`, rule: ACTIVATION_SEGMENT };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Alternation within an activation phase
// ---------------------------------------------------------------------------------------------

export type ActivationPhase = 'in-command' | 'out-of-command';
export const ACTIVATION_PHASES: readonly ActivationPhase[] = ['in-command', 'out-of-command'];

export interface ActivationPhaseState {
  phase: ActivationPhase;
  /** The side whose turn it is to activate or pass. */
  toAct: Side;
  /** Passes in a row so far, by either side. */
  consecutivePasses: number;
  /** Three passes in a row end the phase. */
  ended: boolean;
}

/**
 * The phase after the side to act activates (a command in the In-Command phase, a single unit in the
 * Out-of-Command phase) or passes. Play alternates; three passes in a row end the phase.
 */
export function afterActivationAction(state: ActivationPhaseState, action: 'activate' | 'pass'): ActivationPhaseState {
  if (typeof state !== 'object' || state === null) throw new RulesArgumentError('state', 'must be an activation phase state');
  assertOneOf('state.phase', state.phase, ACTIVATION_PHASES);
  assertOneOf('state.toAct', state.toAct, SIDES);
  assertNonNegativeInteger('state.consecutivePasses', state.consecutivePasses);
  assertOneOf('action', action, ['activate', 'pass'] as const);
  if (state.ended || state.consecutivePasses >= 3) {
    throw new RulesArgumentError('state', 'must be a phase still in progress (three passes in a row have ended it)');
  }
  const consecutivePasses = action === 'pass' ? state.consecutivePasses + 1 : 0;
  const other: Side = state.toAct === 'USA' ? 'CSA' : 'USA';
  return { phase: state.phase, toAct: other, consecutivePasses, ended: consecutivePasses >= 3 };
}

// ---------------------------------------------------------------------------------------------
// In command / out of command
// ---------------------------------------------------------------------------------------------

export interface InCommandResult {
  inCommand: boolean;
  reason: string;
  rule: string;
}

function assertDistance(argument: string, value: unknown): asserts value is number | null {
  if (value !== null) assertNonNegativeInteger(argument, value);
}

/**
 * Is a leader or commander in command of his next highest superior? Corps commanders (and the
 * wing and army commanders above them) and all cavalry commanders never are out of command; a
 * division commander must be within his corps commander's range, a brigade leader within his
 * division commander's (hexes; null when the superior is not on the map).
 */
export function leaderInCommand(i: { level: CommandLevel; cavalry: boolean; hexesToSuperior: number | null; superiorRange: number }): InCommandResult {
  assertOneOf('level', i.level, COMMAND_LEVELS);
  assertBoolean('cavalry', i.cavalry);
  assertDistance('hexesToSuperior', i.hexesToSuperior);
  assertNonNegativeInteger('superiorRange', i.superiorRange);
  if (i.level === 'army' || i.level === 'wing' || i.level === 'corps') {
    return { inCommand: true, reason: `A ${i.level} commander is never out of command`, rule: IN_COMMAND };
  }
  if (i.cavalry) return { inCommand: true, reason: 'Cavalry commanders are never out of command', rule: IN_COMMAND };
  if (i.hexesToSuperior === null) return { inCommand: false, reason: 'His superior is not on the map', rule: IN_COMMAND };
  if (i.hexesToSuperior <= i.superiorRange) {
    return { inCommand: true, reason: `Within his superior's range (${i.hexesToSuperior} of ${i.superiorRange} hexes)`, rule: IN_COMMAND };
  }
  return { inCommand: false, reason: `Beyond his superior's range (${i.hexesToSuperior} > ${i.superiorRange} hexes)`, rule: IN_COMMAND };
}

/**
 * May this commander be out of command of his superior at all? Corps (and wing and army) commanders and
 * all cavalry commanders never are (Rev. In-Command/Out-of-Command), so an activation may not claim the
 * out-of-command DRM or independence for them.
 */
export function mayBeOutOfCommand(i: { level: CommandLevel; cavalry: boolean }): CommandCheck {
  const never = leaderInCommand({ level: i.level, cavalry: i.cavalry, hexesToSuperior: null, superiorRange: 0 });
  return never.inCommand ? { ok: false, reason: never.reason, rule: never.rule } : { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Rating points once per turn: a ledger
// ---------------------------------------------------------------------------------------------

/** What a leader's rating points were used for this turn. */
export type RatingPointsUse = 'order-change' | 'activation' | 'initiative' | 'grant-me' | 'attachment' | 'alternative-arrival';
const RATING_POINTS_USES: readonly RatingPointsUse[] = ['order-change', 'activation', 'initiative', 'grant-me', 'attachment', 'alternative-arrival'];
/** Each use in a player's words. */
export const RATING_POINTS_USE_WORDS: Readonly<Record<RatingPointsUse, string>> = {
  'order-change': 'on an order change',
  activation: 'on an activation',
  initiative: 'on the Initiative',
  'grant-me': 'giving ME to the units stacked with him',
  attachment: 'on an attachment',
  'alternative-arrival': 'on an Alternative Arrival Area',
};

/**
 * One man on several counters (RI-D16): a counter named "<name> (<what it commands>)" is a second counter
 * of the leader named exactly "<name>" on the same side, as Reynolds's Left Wing counter is of the I Corps
 * commander. One man has one rating, one range and one set of rating points, and is never his own
 * superior. Returns each leader's man: the id of his counter without the bracket (his own id otherwise).
 */
export function leaderPersons(leaders: readonly { id: string; side: Side; name: string }[]): Map<string, string> {
  if (!Array.isArray(leaders)) throw new RulesArgumentError('leaders', 'must be a list of { id, side, name }');
  const byName = new Map<string, string>();
  for (const l of leaders) if (!byName.has(`${l.side}|${l.name}`)) byName.set(`${l.side}|${l.name}`, l.id);
  const persons = new Map<string, string>();
  for (const l of leaders) {
    const bracket = /^(.*\S) \([^()]+\)$/.exec(l.name);
    const first = bracket ? byName.get(`${l.side}|${bracket[1]}`) : undefined;
    persons.set(l.id, first ?? l.id);
  }
  return persons;
}

/** This turn's use of rating points and army/wing commanders' movement. Start each turn from EMPTY_RATING_POINTS_LEDGER. */
export interface RatingPointsLedger {
  readonly pointsSpent: readonly { leaderId: string; use: RatingPointsUse }[];
  /** Army/wing commanders who have moved this turn. */
  readonly moved: readonly string[];
}

export interface LedgerLeader {
  id: string;
  role: LeaderRole;
  /** His name, for the reasons a player reads (the id when not given). */
  name?: string;
}

function assertLedger(ledger: RatingPointsLedger): void {
  if (typeof ledger !== 'object' || ledger === null || !Array.isArray(ledger.pointsSpent) || !Array.isArray(ledger.moved)) {
    throw new RulesArgumentError('ledger', 'must be a rating points ledger { pointsSpent: [], moved: [] }');
  }
}

function assertLedgerLeader(leader: LedgerLeader): void {
  if (typeof leader?.id !== 'string' || leader.id.length === 0) throw new RulesArgumentError('leader.id', 'must be a non-empty id string');
  assertOneOf('leader.role', leader.role, LEADER_ROLES);
}

const isArmyOrWing = (role: LeaderRole): boolean => role === 'army' || role === 'wing';

/**
 * May this leader use his rating points now? Every leader once per turn; an army/wing commander not
 * after he has moved ("either use their rating points, or move -- not both").
 */
export function maySpendRatingPoints(ledger: RatingPointsLedger, leader: LedgerLeader): CommandCheck {
  assertLedger(ledger);
  assertLedgerLeader(leader);
  const earlier = ledger.pointsSpent.find((entry) => entry.leaderId === leader.id);
  const who = leader.name ?? leader.id;
  if (earlier !== undefined) {
    return { ok: false, reason: `${who} has already used his rating points this turn (${RATING_POINTS_USE_WORDS[earlier.use]})`, rule: LEADERS_AND_ACTIVATION };
  }
  if (isArmyOrWing(leader.role) && ledger.moved.includes(leader.id)) {
    return { ok: false, reason: `${who} has moved this turn; an army/wing commander may use his points or move, not both`, rule: LEADERS_AND_ACTIVATION };
  }
  return { ok: true };
}

/** Records a use of the leader's rating points, if allowed. */
export function spendRatingPoints(ledger: RatingPointsLedger, leader: LedgerLeader, use: RatingPointsUse): CommandCheck<{ ledger: RatingPointsLedger }> {
  assertOneOf('use', use, RATING_POINTS_USES);
  const check = maySpendRatingPoints(ledger, leader);
  if (!check.ok) return check;
  return { ok: true, ledger: { pointsSpent: [...ledger.pointsSpent, { leaderId: leader.id, use }], moved: ledger.moved } };
}

const GRANTING_ROLES: readonly LeaderRole[] = ['army', 'wing', 'corps', 'division'];

/**
 * A division-or-higher commander gives ME automatically to units stacked with him and subordinate to
 * him, at the cost of all his rating points for the turn; those units are in command for that
 * activation regardless of their distance to their brigade leader.
 */
export function grantMeToStackedUnits(
  ledger: RatingPointsLedger,
  commander: LedgerLeader,
  i: { unitsSubordinate: boolean },
): CommandCheck<{ effectiveness: 'ME'; unitsInCommand: true; ledger: RatingPointsLedger; rule: string }> {
  assertLedgerLeader(commander);
  assertBoolean('unitsSubordinate', i.unitsSubordinate);
  if (!GRANTING_ROLES.includes(commander.role)) {
    return { ok: false, reason: `Only division commanders and higher may give ME to stacked units (not a ${commander.role} leader)`, rule: LEADERS_AND_ACTIVATION };
  }
  if (!i.unitsSubordinate) {
    return { ok: false, reason: 'The stacked units are not subordinate to him in the chain of command', rule: LEADERS_AND_ACTIVATION };
  }
  const spent = spendRatingPoints(ledger, commander, 'grant-me');
  if (!spent.ok) return spent;
  return { ok: true, effectiveness: 'ME', unitsInCommand: true, ledger: spent.ledger, rule: LEADERS_AND_ACTIVATION };
}

// ---------------------------------------------------------------------------------------------
// The US army commander
// ---------------------------------------------------------------------------------------------

export type UsArmyCommander =
  | { acting: 'meade'; rule: string }
  | { acting: 'reynolds'; rule: string }
  | { acting: 'successor'; leaderId: string; rule: string }
  | { acting: 'choice-needed'; reason: string; rule: string };

/**
 * Who acts as US army commander (for the pre-roll, initiative, attachments): Meade once he has
 * arrived; before that a corps commander as interim army commander, Reynolds first, and if he is hors
 * de combat the one the US player chooses.
 */
export function usArmyCommander(i: { meadeArrived: boolean; reynoldsHorsDeCombat: boolean; chosenSuccessorId: string | null }): UsArmyCommander {
  assertBoolean('meadeArrived', i.meadeArrived);
  assertBoolean('reynoldsHorsDeCombat', i.reynoldsHorsDeCombat);
  if (i.chosenSuccessorId !== null && (typeof i.chosenSuccessorId !== 'string' || i.chosenSuccessorId.length === 0)) {
    throw new RulesArgumentError('chosenSuccessorId', `must be a leader id or null (got ${String(i.chosenSuccessorId)})`);
  }
  if (i.meadeArrived) return { acting: 'meade', rule: US_WING_COMMANDERS };
  if (!i.reynoldsHorsDeCombat) return { acting: 'reynolds', rule: US_WING_COMMANDERS };
  if (i.chosenSuccessorId !== null) return { acting: 'successor', leaderId: i.chosenSuccessorId, rule: US_WING_COMMANDERS };
  return { acting: 'choice-needed', reason: 'Reynolds is hors de combat: the US player chooses the corps commander who succeeds him', rule: US_WING_COMMANDERS };
}
