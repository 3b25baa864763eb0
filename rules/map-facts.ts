/**
 * The map facts the players state: what only the board shows (a rear hexside, Devil's Den, a leader next
 * to the enemy), ticked on a screen and sent with the roll or the plan. Each fact names the input it sets,
 * says itself in the players' words, and carries the DRM the rules apply for it (the same constant the DRM
 * function uses, so the tick's words can never disagree with the roll) or, where it is not a DRM, what it
 * does. The game service offers this list (contract `mapFacts`); the screens draw it and add no numbers.
 */
import { ACTIVATION_DRMS_RULE, ACTIVATION_FACT_DRMS } from './activation';
import { CLOSE_TERRAIN_FIRE_RULE, FIRE_FACT_DRMS, FIRE_FACTS_RULE } from './fire';
import { INITIATIVE_MODIFIER_DRM, INITIATIVE_SEGMENT_RULE } from './initiative';
import { ORDER_CHANGE_DRMS_RULE, ORDER_CHANGE_FACT_DRMS } from './order-change';
import { ORDERS_TABLE_RULE } from './orders-table';
import { RALLY_OUT_OF_COMMAND_DRM, RALLY_TABLE_RULE } from './rally';
import { REVISION_TERRAIN_EFFECTS } from './terrain';
import type { MapFactSituation } from './types';

export interface MapFact {
  /** The input field the tick sets (e.g. `throughRearHexside` of planFire's facts). */
  id: string;
  /** The fact, in the players' words. */
  words: string;
  /** The DRM it adds to the roll, or null when it is not a DRM (then `effect` says what it does). */
  drm: number | null;
  /** The DRM counts once per point of a leader's rating (a superior lending his rating), not once. */
  perRatingPoint: boolean;
  /** What it does when it is not a plain DRM (a halving, an order's condition), in words; null for a DRM. */
  effect: string | null;
  rule: string;
}

const dr = (id: string, words: string, drm: number, rule: string, perRatingPoint = false): MapFact => ({ id, words, drm, perRatingPoint, effect: null, rule });
const not = (id: string, words: string, effect: string, rule: string): MapFact => ({ id, words, drm: null, perRatingPoint: false, effect, rule });

const devilsDen = REVISION_TERRAIN_EFFECTS['devils-den'];

/** Every situation's facts, in the order the screens show them. */
export const MAP_FACTS: Readonly<Record<MapFactSituation, readonly MapFact[]>> = {
  fire: [
    dr('throughRearHexside', 'Fire enters the target hex through a rear hexside (enfilade)', FIRE_FACT_DRMS.throughRearHexside, FIRE_FACTS_RULE),
    not('firerInCloseTerrain', "Firing out of Close terrain: Woods, Rough Woods, Town, Devil's Den", '½ strength into an adjacent hex', CLOSE_TERRAIN_FIRE_RULE),
    dr('targetInDevilsDen', `Target hex is ${devilsDen.name}`, devilsDen.fireDrm, devilsDen.rule),
    dr('targetMoved', 'Reaction fire at a phasing unit that has moved', FIRE_FACT_DRMS.targetMoved, FIRE_FACTS_RULE),
    dr('movingArtillery', 'The artillery is moving this activation', FIRE_FACT_DRMS.movingArtillery, FIRE_FACTS_RULE),
  ],
  shock: [dr('defenderInDevilsDen', `The defending hex is ${devilsDen.name}`, devilsDen.shockDrm, devilsDen.rule)],
  rally: [dr('outOfCommand', 'The unit is out of command', RALLY_OUT_OF_COMMAND_DRM, RALLY_TABLE_RULE)],
  orderChange: [
    dr('superiorsInRange', 'in range', ORDER_CHANGE_FACT_DRMS.superiorInRange, ORDER_CHANGE_DRMS_RULE),
    dr('superiorsUsingRating', 'uses his rating', ORDER_CHANGE_FACT_DRMS.perSuperiorRatingPoint, ORDER_CHANGE_DRMS_RULE, true),
    dr('adjacentToEnemy', 'is adjacent to an enemy unit', ORDER_CHANGE_FACT_DRMS.adjacentToEnemy, ORDER_CHANGE_DRMS_RULE),
    not('neighbourHasAssaultOrSkirmishOrders', 'An adjacent or neighbouring command has ASLT or SKPD orders', 'needed for SUPT', ORDERS_TABLE_RULE),
    not('outOfEnemyLos', "The command is out of the enemy's LOS", 'needed for RSRV', ORDERS_TABLE_RULE),
  ],
  activation: [
    dr('commanderOutOfCommand', 'is out of command of his superior', ACTIVATION_FACT_DRMS.commanderOutOfCommand, ACTIVATION_DRMS_RULE),
    dr('unitsInWorks', 'In works, from the roster', ACTIVATION_FACT_DRMS.unitsInWorks, ACTIVATION_DRMS_RULE),
    dr('superiorsInRange', 'in range, uses his rating', ACTIVATION_FACT_DRMS.perSuperiorRatingPoint, ACTIVATION_DRMS_RULE, true),
  ],
  initiative: [dr('initiativeModifier', 'modifier from last turn', INITIATIVE_MODIFIER_DRM, INITIATIVE_SEGMENT_RULE)],
};
