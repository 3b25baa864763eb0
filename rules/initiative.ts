/**
 * Initiative (Rev. Initiative Segment): each side's itemised modifiers to its initiative roll, what
 * committing the army commander's points costs him, and who wins the Initiative.
 * The winner activates first and may activate any size command at ME for his initial activation
 * (see initiativeMeActivation in activation.ts).
 */
import { assertBoolean, assertDieRoll, assertOneOf, RulesArgumentError } from './errors';
import { HOUSE_READING_CHOICES, readingItem, type HouseReadingChoice } from './house-readings';
import { itemisedNonZero } from './itemise';
import { assertLeaderRating } from './command-check';
import { SIDES, type DrmItem, type Itemised, type Side } from './types';

const INITIATIVE_SEGMENT = 'Rev. Initiative Segment';
/** The Initiative Modifier earned on the previous turn. */
export const INITIATIVE_MODIFIER_DRM = 1;
export const INITIATIVE_SEGMENT_RULE = INITIATIVE_SEGMENT;

/** One side's situation in the Initiative Phase. */
export interface InitiativeSide {
  /** The Army Commander (or US Wing Commander acting as army commander) is on the map. */
  armyCommanderOnMap: boolean;
  armyCommanderRating: number;
  /** The player commits all the army commander's rating points to the initiative roll. */
  usesArmyCommanderPoints: boolean;
  /** The side holds the previous turn's +1 Initiative Modifier (RI-C04). */
  hasInitiativeModifier: boolean;
  /** The game's house reading of who holds it (RI-S11), for the item's source; left out, the documented reading. */
  modifierReading?: HouseReadingChoice<'initiativeModifier'>;
}

/**
 * Who holds the +1 Initiative Modifier at a new turn (RI-S11): by default the side that had the Initiative
 * the turn before; under the house reading "previous turn's loser", the other side. Nobody when no side had it.
 */
export function initiativeModifierHolder(previousWinner: Side | null, reading: HouseReadingChoice<'initiativeModifier'> = 'previousWinner'): Side | null {
  if (previousWinner !== null) assertOneOf('previousWinner', previousWinner, SIDES);
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.initiativeModifier);
  if (previousWinner === null) return null;
  return reading === 'previousWinner' ? previousWinner : previousWinner === 'USA' ? 'CSA' : 'USA';
}

function assertInitiativeSide(argument: string, side: InitiativeSide): void {
  if (typeof side !== 'object' || side === null) {
    throw new RulesArgumentError(argument, 'must be an object { armyCommanderOnMap, armyCommanderRating, usesArmyCommanderPoints, hasInitiativeModifier }');
  }
  assertBoolean(`${argument}.armyCommanderOnMap`, side.armyCommanderOnMap);
  assertLeaderRating(`${argument}.armyCommanderRating`, side.armyCommanderRating);
  assertBoolean(`${argument}.usesArmyCommanderPoints`, side.usesArmyCommanderPoints);
  assertBoolean(`${argument}.hasInitiativeModifier`, side.hasInitiativeModifier);
  if (side.modifierReading !== undefined) assertOneOf(`${argument}.modifierReading`, side.modifierReading, HOUSE_READING_CHOICES.initiativeModifier);
  if (side.usesArmyCommanderPoints && !side.armyCommanderOnMap) {
    throw new RulesArgumentError(`${argument}.usesArmyCommanderPoints`, 'may be true only when the army commander is on the map (armyCommanderOnMap true)');
  }
}

function sideDrm(side: InitiativeSide): Itemised {
  const items: DrmItem[] = [];
  if (side.usesArmyCommanderPoints) {
    items.push({ label: `Army commander's rating points (${side.armyCommanderRating})`, value: side.armyCommanderRating, rule: INITIATIVE_SEGMENT });
  }
  if (side.hasInitiativeModifier) {
    const reading = side.modifierReading ?? 'previousWinner';
    items.push(
      reading === 'previousWinner'
        ? { label: "Previous turn's +1 Initiative Modifier", value: INITIATIVE_MODIFIER_DRM, rule: INITIATIVE_SEGMENT }
        : readingItem({ label: "Previous turn's +1 Initiative Modifier (held by last turn's loser)", value: INITIATIVE_MODIFIER_DRM, rule: INITIATIVE_SEGMENT }, 'initiativeModifier', reading),
    );
  }
  return itemisedNonZero(items);
}

export interface InitiativeSideResult {
  roll: number;
  drm: Itemised;
  total: number;
  ratingPointsSpent: boolean;
  movementSpent: boolean;
}

export type InitiativeResult =
  | { outcome: 'winner'; winner: Side; loser: Side; USA: InitiativeSideResult; CSA: InitiativeSideResult; rule: string }
  /** Equal totals: both sides roll again with the same modifiers (RI-C02); the commitments stand. */
  | { outcome: 're-roll'; USA: InitiativeSideResult; CSA: InitiativeSideResult; rule: string };

/**
 * Resolves the Initiative Phase from both sides' rolls: the higher modified roll wins (RI-C03);
 * equal totals are rolled again (RI-C02).
 */
export function resolveInitiative(i: { USA: InitiativeSide & { roll: number }; CSA: InitiativeSide & { roll: number } }): InitiativeResult {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be an object { USA, CSA }');
  const sideResult = (side: Side): InitiativeSideResult => {
    const input = i[side];
    assertInitiativeSide(side, input);
    assertDieRoll(`${side}.roll`, input.roll);
    const drm = sideDrm(input);
    return {
      roll: input.roll,
      drm,
      total: input.roll + drm.total,
      ratingPointsSpent: input.usesArmyCommanderPoints,
      movementSpent: input.usesArmyCommanderPoints,
    };
  };
  const USA = sideResult('USA');
  const CSA = sideResult('CSA');
  if (USA.total === CSA.total) return { outcome: 're-roll', USA, CSA, rule: INITIATIVE_SEGMENT };
  const winner: Side = USA.total > CSA.total ? 'USA' : 'CSA';
  return { outcome: 'winner', winner, loser: winner === 'USA' ? 'CSA' : 'USA', USA, CSA, rule: INITIATIVE_SEGMENT };
}
