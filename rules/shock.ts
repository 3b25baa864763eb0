/**
 * Shock Combat under the revision: the defender's Pre-Shock Cohesion Check DRMs, the Shock Resolution DR
 * adjustments with the Orders Table shock DRMs and the revision's terrain rows, who may shock, the
 * Bayonet Charge, and Retreat Before Shock.
 *
 * A higher Shock Resolution DR favours the attacker (defender in column +3); a higher Pre-Shock check DR
 * is worse for the unit checking (Bayonet Charge: "enemy units suffer a +1 DRM").
 */
import { assertBoolean, assertMountedFlag, assertOneOf, RulesArgumentError } from './errors';
import { itemised } from './itemise';
import { HOUSE_READING_CHOICES, readingItem, type HouseReadingChoice } from './house-readings';
import { ORDERS } from './orders-table';
import { REVISION_TERRAIN_EFFECTS, WORKS, type Works } from './terrain';
import { ARMS, ORDER_CODES, type Arm, type DrmItem, type Effectiveness, type Itemised, type OrderCode } from './types';

const SHOCK_DRMS_RULE = 'Rev. Shock DRMs';
const SHOCK_ADJUSTMENTS_RULE = 'Rev. Shock DR Adjustments';
const BAYONET_RULE = 'Rev. Bayonet Charge';
const WORKS_RULE = 'Rev. Breastworks/Entrenchments';
const ORDERS_RULE = 'Rev. Orders Table';
const RETREAT_RULE = 'Rev. Retreat Before Shock';
const CAVALRY_RULE = 'Rev. Cavalry';
const ASSAULT_ORDERS = 'Rev. Orders Table (ASLT: Infantry and Cavalry only)';

function optionalBoolean(argument: string, value: unknown): boolean {
  if (value === undefined) return false;
  assertBoolean(argument, value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Pre-Shock Cohesion Checks
// ---------------------------------------------------------------------------------------------

export interface PreShockDefender {
  works?: Works;
  extendedColumnOrStrategicMovement?: boolean;
  /** The shock comes from an undisordered unit designated for a Bayonet Charge (bayonetChargeBonuses decides it). */
  facingUndisorderedBayonetCharge?: boolean;
  /** The game's house reading of a mixed Bayonet Charge (RI-F09, RI-K12), for the item's source; left out, the documented reading. */
  bayonetChargeReading?: HouseReadingChoice<'mixedBayonetCharge'>;
}

/**
 * DRMs on a defending unit's Pre-Shock Cohesion Check: breastworks -2, entrenchments -3 (Rev. Shock DRMs,
 * Rev. Breastworks/Entrenchments), extended column or strategic movement +1, and +1 against an
 * undisordered Bayonet Charge unit.
 */
export function preShockDrm(defender: PreShockDefender): Itemised {
  if (typeof defender !== 'object' || defender === null) {
    throw new RulesArgumentError('defender', 'must be { works?, extendedColumnOrStrategicMovement?, facingUndisorderedBayonetCharge? }');
  }
  if (defender.works !== undefined) assertOneOf('defender.works', defender.works, WORKS);
  const column = optionalBoolean('defender.extendedColumnOrStrategicMovement', defender.extendedColumnOrStrategicMovement);
  const bayonets = optionalBoolean('defender.facingUndisorderedBayonetCharge', defender.facingUndisorderedBayonetCharge);
  const items: DrmItem[] = [];
  if (defender.works === 'breastworks') items.push({ label: 'Unit in Breastworks', value: -2, rule: SHOCK_DRMS_RULE });
  if (defender.works === 'entrenchments') items.push({ label: 'Unit in Entrenchments', value: -3, rule: WORKS_RULE });
  if (column) items.push({ label: 'Defender in Extended Column/Strategic Movement', value: 1, rule: SHOCK_DRMS_RULE });
  if (bayonets) {
    const item = { label: 'Facing an undisordered Bayonet Charge unit', value: 1, rule: BAYONET_RULE };
    const reading = defender.bayonetChargeReading ?? 'allForShockAnyForPreShock';
    assertOneOf('defender.bayonetChargeReading', reading, HOUSE_READING_CHOICES.mixedBayonetCharge);
    // Only the reading "every attacker must charge" changes this line's condition; it then names the option.
    items.push(reading === 'allForBoth' ? readingItem(item, 'mixedBayonetCharge', reading) : item);
  }
  return itemised(items);
}

// ---------------------------------------------------------------------------------------------
// Who may shock
// ---------------------------------------------------------------------------------------------

/** Orders whose SHCK CMBT DRM ATKR column is not N/A: only these may shock ("No Shock attacks"). */
export const ORDERS_THAT_MAY_SHOCK: readonly OrderCode[] = ORDER_CODES.filter((code) => ORDERS[code].shockDrm.attacker !== null);

export function orderMayShock(order: OrderCode): boolean {
  assertOneOf('order', order, ORDER_CODES);
  return ORDERS[order].shockDrm.attacker !== null;
}

export interface BayonetChargeCandidate {
  arm: Arm;
  order: OrderCode;
  effectiveness: Effectiveness;
  /** The unit has moved during this activation. */
  moved: boolean;
}

/**
 * "Infantry commands or units with Assault orders and at ME, and which move during their activation, can
 * be designated for a Bayonet Charge." Gives the reasons it may not (none = eligible).
 */
export function bayonetChargeIneligibility(u: BayonetChargeCandidate): string[] {
  if (typeof u !== 'object' || u === null) throw new RulesArgumentError('unit', 'must be { arm, order, effectiveness, moved }');
  assertOneOf('unit.arm', u.arm, ARMS);
  assertOneOf('unit.order', u.order, ORDER_CODES);
  assertOneOf('unit.effectiveness', u.effectiveness, ['ME', 'RE'] as const);
  assertBoolean('unit.moved', u.moved);
  const reasons: string[] = [];
  if (u.arm !== 'infantry') reasons.push('Only infantry may Bayonet Charge');
  if (u.order !== 'ASLT') reasons.push('Bayonet Charge needs Assault orders');
  if (u.effectiveness !== 'ME') reasons.push('Bayonet Charge needs activation at ME');
  if (!u.moved) reasons.push('Bayonet Charge units must move during their activation');
  return reasons;
}

// ---------------------------------------------------------------------------------------------
// Shock Resolution
// ---------------------------------------------------------------------------------------------

export interface ShockAttacker {
  order: OrderCode;
  bayonetCharge?: boolean;
}

export interface ShockDefender {
  arm: Arm;
  order: OrderCode;
  /** Cavalry: mounted or dismounted; required for cavalry (RI-K03). */
  mounted?: boolean;
  extendedColumnOrStrategicMovement?: boolean;
}

export interface ShockSituation {
  attackers: ShockAttacker[];
  /** The game's house reading of a mixed Bayonet Charge (RI-F09, RI-K12); left out, the documented reading. */
  bayonetChargeReading?: HouseReadingChoice<'mixedBayonetCharge'>;
  defenders: ShockDefender[];
  defenderHex?: { devilsDen?: boolean; works?: Works };
  /** Base-game modifiers the revision does not restate, itemised by the caller (RI-F06). */
  otherDrms?: DrmItem[];
}

function assertShockSituation(s: ShockSituation): void {
  if (typeof s !== 'object' || s === null) throw new RulesArgumentError('situation', 'must be { attackers, defenders, defenderHex?, otherDrms? }');
  if (!Array.isArray(s.attackers) || s.attackers.length === 0) throw new RulesArgumentError('attackers', 'must list at least one attacking unit { order, bayonetCharge? }');
  if (!Array.isArray(s.defenders) || s.defenders.length === 0) throw new RulesArgumentError('defenders', 'must list at least one defending unit { arm, order, ... }');
  s.attackers.forEach((a, i) => {
    assertOneOf(`attackers[${i}].order`, a?.order, ORDER_CODES);
    if (!orderMayShock(a.order)) {
      throw new RulesArgumentError(`attackers[${i}].order`, `${a.order} may not shock (N/A on the Orders Table); orders that may shock: ${ORDERS_THAT_MAY_SHOCK.join(', ')}`);
    }
    optionalBoolean(`attackers[${i}].bayonetCharge`, a.bayonetCharge);
  });
  s.defenders.forEach((d, i) => {
    assertOneOf(`defenders[${i}].arm`, d?.arm, ARMS);
    assertOneOf(`defenders[${i}].order`, d.order, ORDER_CODES);
    assertMountedFlag(`defenders[${i}].mounted`, d.arm, d.mounted);
    optionalBoolean(`defenders[${i}].extendedColumnOrStrategicMovement`, d.extendedColumnOrStrategicMovement);
  });
  if (s.defenderHex !== undefined) {
    optionalBoolean('defenderHex.devilsDen', s.defenderHex.devilsDen);
    if (s.defenderHex.works !== undefined) assertOneOf('defenderHex.works', s.defenderHex.works, WORKS);
  }
  if (s.otherDrms !== undefined) {
    if (!Array.isArray(s.otherDrms)) throw new RulesArgumentError('otherDrms', 'must be a list of { label, value, rule } items');
    s.otherDrms.forEach((d, i) => {
      if (typeof d !== 'object' || d === null || typeof d.label !== 'string' || typeof d.rule !== 'string' || !Number.isFinite(d.value)) {
        throw new RulesArgumentError(`otherDrms[${i}]`, 'must be a { label, value, rule } item with a finite value');
      }
    });
  }
}

const allBayonetCharge = (attackers: ShockAttacker[]) => attackers.every((a) => a.bayonetCharge === true);

/**
 * What a Bayonet Charge by some or all of the attackers gives (RI-F09, RI-K12), under the game's house
 * reading: the Shock Resolution +1 with the odds rounded for the attacker, and the defenders' Pre-Shock +1.
 * - documented (allForShockAnyForPreShock): the +1 and the rounding when every attacker charges; the
 *   Pre-Shock +1 when any charging attacker is undisordered;
 * - anyForBoth: one charging attacker gives the +1 and the rounding; the Pre-Shock +1 as documented;
 * - allForBoth: the +1 and the rounding as documented; the Pre-Shock +1 only when every attacker charges and
 *   one of them is undisordered.
 */
export function bayonetChargeBonuses(
  attackers: { bayonetCharge: boolean; undisordered: boolean }[],
  reading: HouseReadingChoice<'mixedBayonetCharge'> = 'allForShockAnyForPreShock',
): { shockResolution: boolean; preShock: boolean; rule: string } {
  if (!Array.isArray(attackers) || attackers.length === 0) throw new RulesArgumentError('attackers', 'must list at least one attacking unit { bayonetCharge, undisordered }');
  attackers.forEach((a, i) => {
    assertBoolean(`attackers[${i}].bayonetCharge`, a?.bayonetCharge);
    assertBoolean(`attackers[${i}].undisordered`, a.undisordered);
  });
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.mixedBayonetCharge);
  const every = attackers.every((a) => a.bayonetCharge);
  const any = attackers.some((a) => a.bayonetCharge);
  const undisorderedCharger = attackers.some((a) => a.bayonetCharge && a.undisordered);
  return {
    shockResolution: reading === 'anyForBoth' ? any : every,
    preShock: reading === 'allForBoth' ? every && undisorderedCharger : undisorderedCharger,
    rule: BAYONET_RULE,
  };
}

/**
 * Every DRM on the Shock Resolution die roll, itemised. RI-F09: when the units on one side differ, each
 * line takes the value most advantageous to the enemy: a defender-side line applies if any defending unit
 * qualifies, the Bayonet Charge +1 only if every attacking unit charges, and of differing orders the
 * attackers' lowest ATKR value and the defenders' highest DFDR value count (RI-F23).
 */
export function shockDrm(s: ShockSituation): Itemised {
  assertShockSituation(s);
  const items: DrmItem[] = [];
  if (s.defenders.some((d) => d.extendedColumnOrStrategicMovement === true)) {
    items.push({ label: 'Defender in Extended Column/Strategic Movement', value: 3, rule: SHOCK_ADJUSTMENTS_RULE });
  }
  const reading = s.bayonetChargeReading ?? 'allForShockAnyForPreShock';
  const charges = s.attackers.map((a) => ({ bayonetCharge: a.bayonetCharge === true, undisordered: true }));
  if (bayonetChargeBonuses(charges, reading).shockResolution) {
    const item = { label: 'Bayonet Charge', value: 1, rule: BAYONET_RULE };
    // Only the reading "any charger gives both" changes this line's condition; it then names the option.
    items.push(reading === 'anyForBoth' && !allBayonetCharge(s.attackers) ? readingItem({ ...item, label: 'Bayonet Charge (not every attacker charging)' }, 'mixedBayonetCharge', reading) : item);
  }
  if (s.defenders.some((d) => d.arm === 'cavalry' && d.mounted === false)) {
    items.push({ label: 'Defender is Dismounted Cavalry', value: 3, rule: SHOCK_ADJUSTMENTS_RULE });
  }
  const attackerDrm = (o: OrderCode) => ORDERS[o].shockDrm.attacker ?? 0; // N/A orders were refused above
  const attackerOrder = s.attackers.map((a) => a.order).reduce((worst, o) => (attackerDrm(o) < attackerDrm(worst) ? o : worst));
  if (attackerDrm(attackerOrder) !== 0) {
    items.push({ label: `Attacker's orders (${attackerOrder})`, value: attackerDrm(attackerOrder), rule: ORDERS_RULE });
  }
  const defenderDrm = (o: OrderCode) => ORDERS[o].shockDrm.defender;
  const defenderOrder = s.defenders.map((d) => d.order).reduce((best, o) => (defenderDrm(o) > defenderDrm(best) ? o : best));
  if (defenderDrm(defenderOrder) !== 0) {
    items.push({ label: `Defender's orders (${defenderOrder})`, value: defenderDrm(defenderOrder), rule: ORDERS_RULE });
  }
  const hex = s.defenderHex ?? {};
  if (hex.devilsDen === true) {
    const row = REVISION_TERRAIN_EFFECTS['devils-den'];
    items.push({ label: `Defender in ${row.name}`, value: row.shockDrm, rule: row.rule });
  }
  if (hex.works === 'entrenchments') {
    const row = REVISION_TERRAIN_EFFECTS.entrenchment;
    items.push({ label: `Defender in ${row.name}`, value: row.shockDrm, rule: row.rule });
  }
  items.push(...(s.otherDrms ?? []));
  return itemised(items);
}

/**
 * Bayonet Charge units get "an automatic rounding off of odds in their favor" (RI-F09: when every attacking
 * unit charges, or under the house reading "any charger gives both" when one does); otherwise the base game's rounding applies.
 */
export function oddsRoundedForAttacker(attackers: ShockAttacker[], reading: HouseReadingChoice<'mixedBayonetCharge'> = 'allForShockAnyForPreShock'): boolean {
  if (!Array.isArray(attackers) || attackers.length === 0) throw new RulesArgumentError('attackers', 'must list at least one attacking unit');
  attackers.forEach((a, i) => optionalBoolean(`attackers[${i}].bayonetCharge`, a?.bayonetCharge));
  return bayonetChargeBonuses(attackers.map((a) => ({ bayonetCharge: a.bayonetCharge === true, undisordered: true })), reading).shockResolution;
}

// ---------------------------------------------------------------------------------------------
// After shock
// ---------------------------------------------------------------------------------------------

/**
 * Retreat Before Shock: every retreating unit makes a UDD after its retreat; dismounted cavalry may always
 * mount at the end of it.
 */
export function retreatBeforeShock(unit: { arm: Arm; mounted?: boolean }): { udd: true; mayMount: boolean; rule: string } {
  assertOneOf('unit.arm', unit?.arm, ARMS);
  assertMountedFlag('unit.mounted', unit.arm, unit.mounted);
  return { udd: true, mayMount: unit.arm === 'cavalry' && unit.mounted === false, rule: RETREAT_RULE };
}

/**
 * Dismounted cavalry may shock attack but "need not observe Confusion Table-mandated Shock Attack results";
 * artillery never shocks (RI-K26), so a forced shock does not name it at all (`shocks` false).
 */
export function mustObeyConfusionTableShock(unit: { arm: Arm; mounted?: boolean }): { must: boolean; shocks: boolean; rule: string } {
  assertOneOf('unit.arm', unit?.arm, ARMS);
  assertMountedFlag('unit.mounted', unit.arm, unit.mounted);
  // RI-K26: artillery never shocks ("Infantry and Cavalry only" for Assault, the order that must shock).
  if (unit.arm === 'artillery') return { must: false, shocks: false, rule: ASSAULT_ORDERS };
  return { must: !(unit.arm === 'cavalry' && unit.mounted === false), shocks: true, rule: CAVALRY_RULE };
}

