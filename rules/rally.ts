/**
 * Rally and Unit Disorder/Disruption checks (UDDs) under the revision: the Rally Table's out-of-command
 * DRM, Leader Rally (a stacked leader's star rank as a DRM once per turn), entrenchments on UDDs, and the
 * Confederate dismounted cavalry cohesion. On these checks a lower roll is better for the unit: out of
 * command is +1 against it.
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { itemised } from './itemise';
import { WORKS, type Works } from './terrain';
import { SIDES, type DrmItem, type Itemised, type Side } from './types';

const RALLY_RULE = 'Rev. Rally Table';
const LEADER_RALLY_RULE = 'Rev. Leader Rally';
const WORKS_RULE = 'Rev. Breastworks/Entrenchments';
const CSA_CAVALRY_RULE = 'Rev. Confederate Cavalry';

/** The Rally Table's DRM for a unit out of command (a map fact the players state). */
export const RALLY_OUT_OF_COMMAND_DRM = 1;
export const RALLY_TABLE_RULE = RALLY_RULE;

/** A leader whose star rank may be used on this check (Rev. Leader Rally). */
export interface RallyLeader {
  stars: number;
  /** Stacked with the unit. */
  stacked: boolean;
  /** The unit is subordinate to him. */
  superiorOfUnit: boolean;
  /** He has already used his star rank this turn. */
  usedThisTurn: boolean;
}

function assertLeader(argument: string, leader: unknown): asserts leader is RallyLeader {
  if (typeof leader !== 'object' || leader === null) {
    throw new RulesArgumentError(argument, 'must be { stars, stacked, superiorOfUnit, usedThisTurn }');
  }
  const l = leader as Record<string, unknown>;
  assertNonNegativeInteger(`${argument}.stars`, l.stars);
  assertBoolean(`${argument}.stacked`, l.stacked);
  assertBoolean(`${argument}.superiorOfUnit`, l.superiorOfUnit);
  assertBoolean(`${argument}.usedThisTurn`, l.usedThisTurn);
}

/**
 * Whether a leader may lend his star rank: "Leaders stacked with a subordinate unit may use their star
 * rank as a UDD/Rally DRM once per turn. This does not use their rating points for the turn."
 */
export function leaderRallyAvailable(leader: RallyLeader): { available: boolean; reason: string | null; rule: string } {
  assertLeader('leader', leader);
  const reason = !leader.stacked
    ? 'The leader is not stacked with the unit'
    : !leader.superiorOfUnit
      ? 'The unit is not subordinate to the leader'
      : leader.usedThisTurn
        ? 'The leader has already used his star rank this turn'
        : null;
  return { available: reason === null, reason, rule: LEADER_RALLY_RULE };
}

function leaderItems(leader: RallyLeader | null | undefined): DrmItem[] {
  if (leader === null || leader === undefined) return [];
  assertLeader('leader', leader);
  if (!leaderRallyAvailable(leader).available || leader.stars === 0) return [];
  // RI-F10: the star rank helps the unit, so it lowers the roll.
  return [{ label: `Leader's star rank (${leader.stars})`, value: -leader.stars, rule: LEADER_RALLY_RULE }];
}

/** DRMs on a Rally Table roll: +1 if the unit is out of command; the stacked leader's star rank. */
export function rallyDrm(i: { outOfCommand: boolean; leader?: RallyLeader | null }): Itemised {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { outOfCommand, leader? }');
  assertBoolean('outOfCommand', i.outOfCommand);
  const items: DrmItem[] = [];
  if (i.outOfCommand) items.push({ label: 'Unit is Out of Command', value: RALLY_OUT_OF_COMMAND_DRM, rule: RALLY_RULE });
  items.push(...leaderItems(i.leader));
  return itemised(items);
}

/**
 * DRMs on a UDD: entrenchments -3 (Rev. Breastworks/Entrenchments); the stacked leader's star rank.
 * RI-F11: the revision gives breastworks no UDD DRM, so none is applied for them.
 */
export function uddDrm(i: { works: Works; leader?: RallyLeader | null }): Itemised {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { works, leader? }');
  assertOneOf('works', i.works, WORKS);
  const items: DrmItem[] = [];
  if (i.works === 'entrenchments') items.push({ label: 'Unit in Entrenchments', value: -3, rule: WORKS_RULE });
  items.push(...leaderItems(i.leader));
  return itemised(items);
}

/**
 * Cohesion of a dismounted cavalry unit: "Confederate cavalry may also dismount, with Cohesion ratings -3 for
 * both ordered and disordered sides"; Union cavalry uses its printed dismounted side. RI-K04: the rating may
 * fall below 0 and is kept so: the check's DRMs (a leader's stars, entrenchments) can still bring a modified
 * roll down to it.
 */
export function dismountedCavalryCohesion(side: Side, printedCohesion: number): { cohesion: number; items: DrmItem[] } {
  assertOneOf('side', side, SIDES);
  assertNonNegativeInteger('printedCohesion', printedCohesion);
  if (side === 'USA') return { cohesion: printedCohesion, items: [] };
  return {
    cohesion: printedCohesion - 3,
    items: [{ label: 'Confederate cavalry dismounted', value: -3, rule: CSA_CAVALRY_RULE }],
  };
}
