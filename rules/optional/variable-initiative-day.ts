/**
 * Optional rule: Variable Initiative (rules/optional/variable-initiative.ts) on the game's time track:
 * which turns are "the previous day" of a First Day-Turn, where its nightfall is, which arrivals count as
 * Night Turn or First Day Turn reinforcements, and whether the Ineffective units need their roll.
 * Pure functions over the turn track; the game service reads the facts from the event log (RI-O04,
 * RI-O20, RI-O22).
 */
import { RulesArgumentError, assertOneOf } from '../errors';
import { LIGHTS } from '../types';
import type { Light } from '../types';
import { isFirstDayTurnAfterNight, type VariableInitiativeArrival, type VariableInitiativeUnit } from './variable-initiative';

/** One turn of the time track, in order. */
export interface TrackTurn {
  id: string;
  light: Light;
}

/** The span of play a First Day-Turn's Initiative Levels look back on (RI-O04). */
export interface PreviousDay {
  /** The First Day-Turn itself. */
  firstDayTurnId: string;
  /** Every turn of the previous day, in order: from the last First Day-Turn before it (or the track's first turn) to the turn before it. */
  turnIds: string[];
  /** The Night Turns just before the First Day-Turn, in order. */
  nightTurnIds: string[];
  /** Nightfall: the first of those Night Turns (the state at its start is the state "at night-fall", RI-O03). */
  nightfallTurnId: string;
}

function assertTrack(track: unknown): asserts track is TrackTurn[] {
  if (!Array.isArray(track) || track.length === 0) throw new RulesArgumentError('track', 'must be the time track, a non-empty list of turns { id, light }');
  track.forEach((t: TrackTurn, i) => {
    if (typeof t !== 'object' || t === null || typeof t.id !== 'string' || t.id.length === 0) throw new RulesArgumentError(`track[${i}]`, 'must be a turn { id, light }');
    assertOneOf(`track[${i}].light`, t.light, LIGHTS);
  });
}

/** The turns of the track that are First Day-Turns after a night (2 and 3 July 0400 on the full battle's track). */
export function firstDayTurns(track: TrackTurn[]): string[] {
  assertTrack(track);
  return track.filter((t, i) => isFirstDayTurnAfterNight(i === 0 ? null : track[i - 1]!.light, t.light)).map((t) => t.id);
}

/**
 * RI-O04: "All units which have not participated in combat the previous day": the previous day of a
 * First Day-Turn runs from the last First Day-Turn before it (or the track's first turn) up to the turn
 * before it, so the night's fighting belongs to it; its nightfall is the first of the Night Turns that end
 * it. Throws when the turn is not a First Day-Turn after a night.
 */
export function previousDay(track: TrackTurn[], firstDayTurnId: string): PreviousDay {
  assertTrack(track);
  const at = track.findIndex((t) => t.id === firstDayTurnId);
  if (at < 0) throw new RulesArgumentError('firstDayTurnId', `is not a turn of the track (got ${String(firstDayTurnId)})`);
  if (!isFirstDayTurnAfterNight(at === 0 ? null : track[at - 1]!.light, track[at]!.light)) {
    throw new RulesArgumentError('firstDayTurnId', `${firstDayTurnId} is not the first Day-Turn after a Night Turn`);
  }
  const dawns = new Set(firstDayTurns(track));
  let start = at - 1;
  while (start > 0 && !dawns.has(track[start]!.id)) start -= 1;
  let nightfall = at - 1;
  while (nightfall > 0 && track[nightfall - 1]!.light === 'night') nightfall -= 1;
  const ids = (from: number, to: number) => track.slice(from, to).map((t) => t.id);
  return { firstDayTurnId, turnIds: ids(start, at), nightTurnIds: ids(nightfall, at), nightfallTurnId: track[nightfall]!.id };
}

/**
 * "Reinforcements that arrive during the Night Turn are treated as units which had not participated in
 * combat ... Units which arrive during the First Day Turn contribute only their unmodified Combat
 * Strength." (RI-O04): a unit that entered on one of the Night Turns just before the First Day-Turn is a
 * night arrival, one that entered on the First Day-Turn itself a First Day Turn arrival; any other unit is
 * none (undefined): it counts by its state. `arrivedTurnId` is null for a unit that began on the map.
 */
export function variableInitiativeArrival(day: PreviousDay, arrivedTurnId: string | null): VariableInitiativeArrival | undefined {
  if (typeof day !== 'object' || day === null || !Array.isArray(day.nightTurnIds)) throw new RulesArgumentError('day', 'must be a previous day { firstDayTurnId, turnIds, nightTurnIds, nightfallTurnId }');
  if (arrivedTurnId === null) return undefined;
  if (typeof arrivedTurnId !== 'string') throw new RulesArgumentError('arrivedTurnId', 'must be a turn id or null');
  if (arrivedTurnId === day.firstDayTurnId) return 'first-day-turn';
  return day.nightTurnIds.includes(arrivedTurnId) ? 'night' : undefined;
}

/**
 * The Combat Strength of a side's units whose I.L. is the Ineffective units' share: infantry counted by
 * its state as 'ineffective' (not surrounded, not a night or First Day Turn arrival). RI-O20: "Total up
 * the Combat Strengths of all Ineffective units, then roll the die" is rolled only when this is more than
 * zero: with nothing to divide there is nothing to roll for.
 */
export function ineffectiveSp(units: readonly VariableInitiativeUnit[]): number {
  if (!Array.isArray(units)) throw new RulesArgumentError('units', 'must be a list of units { arm, sp, state, arrived?, surrounded? }');
  return units.filter((u) => u.arm === 'infantry' && u.surrounded !== true && u.arrived === undefined && u.state === 'ineffective').reduce((n, u) => n + u.sp, 0);
}
