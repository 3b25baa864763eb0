/**
 * Reinforcements under the revision: Variable Arrival (roll from one hour before schedule, enter on a
 * modified 2 or less; the early groups of July 1 arrive as scheduled) and Alternative Arrival Areas (roll
 * from one hour after schedule, enter on an adjusted 0; the army commander's rating points pay for it).
 *
 * Times are turn ids as in the scenario files, "1863-07-01T0740" (midnight is "2400" of the day that ends),
 * or minutes since 0000 on 1 July 1863 (RI-F18).
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { HOUSE_READING_CHOICES, readingItem, type HouseReadingChoice } from './house-readings';
import { itemised } from './itemise';
import { COMMAND_LEVELS, type CommandLevel, type DrmItem, type Itemised } from './types';

const VARIABLE_RULE = 'Rev. Variable Arrival of Reinforcements';
const VARIABLE_DRMS_RULE = 'Rev. Variable Arrival DRMs';
const ALTERNATIVE_RULE = 'Rev. Alternative Arrival Areas';
const ALTERNATIVE_DRMS_RULE = 'Rev. Alternative Arrival Areas DRMs';

/** A moment of the battle: a turn id "1863-07-DDTHHMM" or minutes since 1863-07-01 0000. */
export type GameTime = string | number;

const MINUTES_PER_DAY = 24 * 60;

/** Minutes since 0000 on 1 July 1863 of a turn id or a minute count. */
export function gameMinutes(argument: string, time: GameTime): number {
  if (typeof time === 'number') {
    assertNonNegativeInteger(argument, time);
    return time;
  }
  const match = typeof time === 'string' ? /^1863-07-(0[1-4])T(\d{2})(\d{2})$/.exec(time) : null;
  const hours = Number(match?.[2]);
  const minutes = Number(match?.[3]);
  if (!match || minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) {
    throw new RulesArgumentError(argument, `must be a turn id "1863-07-DDTHHMM" (days 01-04, e.g. 1863-07-01T0740) or minutes since 1863-07-01 0000 (got ${String(time)})`);
  }
  return (Number(match[1]) - 1) * MINUTES_PER_DAY + hours * 60 + minutes;
}

/** RI-F18: "0740-100 July 1 reinforcements arrive as scheduled" is read as 0740-1000 on July 1, both ends included. */
const AS_SCHEDULED_WINDOW = { from: gameMinutes('from', '1863-07-01T0740'), to: gameMinutes('to', '1863-07-01T1000') } as const;

export type ArrivalStatus =
  /** Too early to roll (or, for an as-scheduled group, before its time). */
  | 'not-yet'
  /** An early July 1 group at or after its time: it arrives without a roll. */
  | 'arrives'
  /** Roll for entry this turn. */
  | 'roll';

export interface ArrivalCheck {
  status: ArrivalStatus;
  drm: Itemised;
  /** The highest modified roll that brings the group in. */
  needed: number;
  rule: string;
}

export interface VariableArrivalInput {
  scheduled: GameTime;
  now: GameTime;
  /** A combat unit of the group's division/corps is already on the map. */
  formationUnitOnMap: boolean;
  /** The side's army commander in person (Meade, Lee) is on the map (RI-S13). */
  overallCommanderOnMap: boolean;
  /** The side's acting army commander (Reynolds before Meade arrives) is on the map; counts only under the house reading below. */
  actingCommanderOnMap?: boolean;
  /** The game's house reading of who the "Overall Commander" is (RI-S13); left out, the documented reading: the army commander only. */
  overallCommanderReading?: HouseReadingChoice<'overallCommander'>;
}

/**
 * Variable Arrival for a group arriving at its scheduled area: rolls begin one hour before the scheduled
 * time and a modified 2 or less enters it. DRMs: a combat unit of that div/corps on the map -1; overall
 * commander on the map -1; more than one hour after the scheduled time -1 (RI-F18: strictly more than 60
 * minutes).
 */
export function variableArrival(i: VariableArrivalInput): ArrivalCheck {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { scheduled, now, formationUnitOnMap, overallCommanderOnMap }');
  const scheduled = gameMinutes('scheduled', i.scheduled);
  const now = gameMinutes('now', i.now);
  assertBoolean('formationUnitOnMap', i.formationUnitOnMap);
  assertBoolean('overallCommanderOnMap', i.overallCommanderOnMap);
  const acting = i.actingCommanderOnMap ?? false;
  assertBoolean('actingCommanderOnMap', acting);
  const reading = i.overallCommanderReading ?? 'armyCommander';
  assertOneOf('overallCommanderReading', reading, HOUSE_READING_CHOICES.overallCommander);
  const none = itemised([]);
  if (scheduled >= AS_SCHEDULED_WINDOW.from && scheduled <= AS_SCHEDULED_WINDOW.to) {
    return { status: now >= scheduled ? 'arrives' : 'not-yet', drm: none, needed: 2, rule: VARIABLE_RULE };
  }
  if (now < scheduled - 60) return { status: 'not-yet', drm: none, needed: 2, rule: VARIABLE_RULE };
  const items: DrmItem[] = [];
  if (i.formationUnitOnMap) items.push({ label: 'Combat unit of that div/corps already on map', value: -1, rule: VARIABLE_DRMS_RULE });
  const overall = { label: 'Overall Commander on map', value: -1, rule: VARIABLE_DRMS_RULE };
  if (i.overallCommanderOnMap) items.push(overall);
  // RI-S13: under the house reading, the acting army commander on the map is the Overall Commander too.
  else if (acting && reading === 'actingCommander') items.push(readingItem({ ...overall, label: 'Overall Commander on map (the acting army commander)' }, 'overallCommander', reading));
  if (now - scheduled > 60) items.push({ label: 'More than one hour after the scheduled arrival time', value: -1, rule: VARIABLE_DRMS_RULE });
  return { status: 'roll', drm: itemised(items), needed: 2, rule: VARIABLE_RULE };
}

export interface AlternativeArrivalInput {
  scheduled: GameTime;
  now: GameTime;
  /** When the army commander ordered the change of area. */
  orderedAt: GameTime;
  /** Rating of the highest commander in the group. */
  highestCommanderRating: number;
  /** The house reading that made this rating differ from the documented one (highestCommanderInGroup), to name it on the item. */
  highestCommanderReading?: HouseReadingChoice<'loneLeaders'>;
}

/** A leader who may be counted among a reinforcement group's commanders (RI-B03). */
export interface GroupCommanderCandidate {
  level: CommandLevel;
  rating: number;
  /** He rides in on his own (a scenario leader arrival), not with a command of the group. */
  ridesAlone: boolean;
  /** Riding alone: he is scheduled for the group's turn and entry area. */
  sameTurnAndArea: boolean;
  /** Riding alone: he commands one of the group's commands or a formation above them. */
  commandsGroupOrAbove: boolean;
}

/**
 * The rating of the "highest commander in group" (RI-B03): the best rating among the leaders of the highest
 * level. The group's own commanders count; a leader riding in alone counts when he arrives with the group (the
 * same turn and area) and commands it or a formation above it; under the house reading "arrive with the group",
 * any leader riding in alone on the group's turn and area counts. `byReading` says the house reading changed
 * the rating. 0 when there is nobody.
 */
export function highestCommanderInGroup(candidates: GroupCommanderCandidate[], reading: HouseReadingChoice<'loneLeaders'> = 'leftOut'): { rating: number; byReading: boolean } {
  if (!Array.isArray(candidates)) throw new RulesArgumentError('candidates', 'must be a list of { level, rating, ridesAlone, sameTurnAndArea, commandsGroupOrAbove }');
  candidates.forEach((c, i) => {
    assertOneOf(`candidates[${i}].level`, c?.level, COMMAND_LEVELS);
    assertNonNegativeInteger(`candidates[${i}].rating`, c.rating);
    assertBoolean(`candidates[${i}].ridesAlone`, c.ridesAlone);
    assertBoolean(`candidates[${i}].sameTurnAndArea`, c.sameTurnAndArea);
    assertBoolean(`candidates[${i}].commandsGroupOrAbove`, c.commandsGroupOrAbove);
  });
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.loneLeaders);
  const best = (counted: GroupCommanderCandidate[]) => {
    if (counted.length === 0) return 0;
    const top = Math.min(...counted.map((c) => COMMAND_LEVELS.indexOf(c.level)));
    return Math.max(...counted.filter((c) => COMMAND_LEVELS.indexOf(c.level) === top).map((c) => c.rating));
  };
  const documented = best(candidates.filter((c) => !c.ridesAlone || (c.sameTurnAndArea && c.commandsGroupOrAbove)));
  if (reading === 'leftOut') return { rating: documented, byReading: false };
  const rating = best(candidates.filter((c) => !c.ridesAlone || c.sameTurnAndArea));
  return { rating, byReading: rating !== documented };
}

/**
 * Alternative Arrival Areas (superseding Variable Arrival for the group): rolls begin one hour after the
 * scheduled time and an adjusted 0 enters it. DRMs (RI-F20): -(rating of the highest commander in the
 * group); -1 per complete hour of delay after the first; -1 per complete hour before the scheduled time
 * that the change was ordered.
 */
export function alternativeArrival(i: AlternativeArrivalInput): ArrivalCheck {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { scheduled, now, orderedAt, highestCommanderRating }');
  const scheduled = gameMinutes('scheduled', i.scheduled);
  const now = gameMinutes('now', i.now);
  const orderedAt = gameMinutes('orderedAt', i.orderedAt);
  assertNonNegativeInteger('highestCommanderRating', i.highestCommanderRating);
  if (i.highestCommanderRating > 9) {
    throw new RulesArgumentError('highestCommanderRating', `must be a leader rating, a whole number from 0 to 9 (got ${i.highestCommanderRating})`);
  }
  if (orderedAt > now) throw new RulesArgumentError('orderedAt', 'must not be later than now');
  if (now < scheduled + 60) return { status: 'not-yet', drm: itemised([]), needed: 0, rule: ALTERNATIVE_RULE };
  const items: DrmItem[] = [];
  if (i.highestCommanderRating > 0) {
    const item = { label: `Rating of highest commander in group (${i.highestCommanderRating})`, value: -i.highestCommanderRating, rule: ALTERNATIVE_DRMS_RULE };
    items.push(i.highestCommanderReading === undefined ? item : readingItem(item, 'loneLeaders', i.highestCommanderReading));
  }
  const hoursDelayedAfterFirst = Math.floor((now - scheduled) / 60) - 1;
  if (hoursDelayedAfterFirst > 0) {
    items.push({ label: `Arrival delayed ${hoursDelayedAfterFirst} complete hour(s) after the first`, value: -hoursDelayedAfterFirst, rule: ALTERNATIVE_DRMS_RULE });
  }
  const hoursOrderedEarly = Math.max(0, Math.floor((scheduled - orderedAt) / 60));
  if (hoursOrderedEarly > 0) {
    items.push({ label: `Ordered ${hoursOrderedEarly} complete hour(s) before the scheduled time`, value: -hoursOrderedEarly, rule: ALTERNATIVE_DRMS_RULE });
  }
  return { status: 'roll', drm: itemised(items), needed: 0, rule: ALTERNATIVE_RULE };
}

/** Whether the group enters on this roll. */
export function arrivalSucceeds(check: ArrivalCheck, roll: number | null): { arrives: boolean; modified: number | null } {
  if (typeof check !== 'object' || check === null) throw new RulesArgumentError('check', 'must be the result of variableArrival or alternativeArrival');
  if (check.status === 'arrives') return { arrives: true, modified: null };
  if (check.status === 'not-yet') return { arrives: false, modified: null };
  if (typeof roll !== 'number' || !Number.isInteger(roll) || roll < 0 || roll > 9) {
    throw new RulesArgumentError('roll', `must be a die roll, a whole number from 0 to 9 (got ${String(roll)})`);
  }
  const modified = roll + check.drm.total;
  return { arrives: modified <= check.needed, modified };
}

/**
 * RI-H10: between two seats an Alternative Arrival Area order is sealed, and its seat opens it at the
 * beginning of the Activation Segment of the first turn in which it changes what the group does: from one
 * hour before the scheduled time the group would roll (or, on the morning of 1 July, enter) by its schedule,
 * and with the order it does not. Before then the group is 'not yet' with or without the order.
 */
export function sealedOrderOpensBy(i: { scheduled: GameTime; now: GameTime }): boolean {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { scheduled, now }');
  return gameMinutes('now', i.now) >= gameMinutes('scheduled', i.scheduled) - 60;
}
