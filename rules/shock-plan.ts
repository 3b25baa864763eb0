/**
 * One shock combat planned whole: the service reads the attackers and defenders as recorded, the players'
 * map facts and the kit's tables, and shockPlan() decides what a player sees before the die is read: who
 * may shock, each defender's Pre-Shock DRMs, the Shock Resolution DRMs, the odds (rounded in the
 * attacker's favour for a Bayonet Charge), the markers the shock removes and the kit's cell for the die.
 */
import { cellWords, cohesionRatingOf, oddsColumn, shockTableCell, type CohesionUnit, type KitCell, type KitShockColumn } from './kit';
import { ORDERS } from './orders-table';
import type { HouseReadingChoice } from './house-readings';
import { bayonetChargeBonuses, oddsRoundedForAttacker, orderMayShock, preShockDrm, shockDrm, type ShockAttacker } from './shock';
import { worksAllAreIn } from './fire-plan';
import type { Works } from './terrain';
import type { Arm, DrmItem, Itemised, OrderCode, UnitStatus } from './types';

/** A unit as the shock plan sees it: its recorded state, read by the service. */
export interface ShockPlanUnit {
  id: string;
  name: string;
  arm: Arm;
  /** SPs it has now. */
  sp: number;
  /** The order it acts under. */
  order: OrderCode;
  /** Cavalry only (RI-K03). */
  mounted?: boolean;
  status: UnitStatus;
  works: Works;
  extendedColumn: boolean;
  strategicMovement: boolean;
  bayonetCharge: boolean;
  /** The unit as its Pre-Shock Cohesion Check sees it (for the kit). */
  cohesion?: CohesionUnit;
}

export interface ShockPlanSituation {
  attackers: ShockPlanUnit[];
  defenders: ShockPlanUnit[];
  defenderInDevilsDen?: boolean;
  /** The game's house reading of a Bayonet Charge by only some attackers (RI-F09, RI-K12); left out, the documented reading. */
  bayonetChargeReading?: HouseReadingChoice<'mixedBayonetCharge'>;
  /** Modifiers from outside the revision: the players' own, and those of the optional rules in play. */
  otherDrms?: DrmItem[];
  /** The group's kit: its fingerprint, its Shock Table's columns, whether it has a Pre-Shock check table, and the die to preview. */
  kit?: { fingerprint: string; columns: readonly KitShockColumn[]; preShockTable: boolean; previewRoll?: number } | null;
}

export interface ShockKitPlan {
  fingerprint: string;
  preShock: { unitId: string; rating: number | null; drm: number }[];
  preShockTable: boolean;
  found: boolean;
  cell: KitCell | null;
  column: string | null;
  note: string;
}

export interface ShockPlan {
  /** Why each attacker may not shock (none: it may), in attacker order. */
  attackerProhibitions: string[][];
  preShock: { unitId: string; drm: Itemised }[];
  allowed: boolean;
  prohibitions: { unitId: string | null; reason: string; rule: string }[];
  drm: Itemised;
  odds: { attackerSp: number; defenderSp: number; text: string; roundedForAttacker: string | null };
  bayonetMarkersRemoved: string[];
  kit: ShockKitPlan | null;
}

/** "7 : 3 (2.3 : 1)": the SPs and their ratio to one decimal. */
export function oddsText(a: number, d: number): string {
  if (a === 0 || d === 0) return `${a} : ${d}`;
  const ratio = a >= d ? `${Number((a / d).toFixed(1))} : 1` : `1 : ${Number((d / a).toFixed(1))}`;
  return `${a} : ${d} (${ratio})`;
}

/** RI-K14: "an automatic rounding off of odds in their favor": to the next whole odds better for the attacker. */
export function oddsInFavour(a: number, d: number): string {
  if (a === 0 || d === 0) return `${a} : ${d}`;
  return a >= d ? `${Math.ceil(a / d)} : 1` : `1 : ${Math.floor(d / a)}`;
}

const nothing = (): Itemised => ({ total: 0, items: [] });

/** The kit's view of a shock before it is resolved: the Pre-Shock checks to roll, the odds column (RI-K14), the cell for the die. */
function kitPreview(
  kit: NonNullable<ShockPlanSituation['kit']>,
  units: ShockPlanUnit[],
  drms: Map<string, number>,
  attackerSp: number,
  defenderSp: number,
  rounded: boolean,
  modified: number | undefined,
): ShockKitPlan {
  const preShock = units.map((u) => ({ unitId: u.id, rating: u.cohesion ? cohesionRatingOf(u.cohesion) : null, drm: drms.get(u.id) ?? 0 }));
  const base = { fingerprint: kit.fingerprint, preShock, preShockTable: kit.preShockTable };
  const col = oddsColumn(kit.columns, attackerSp, defenderSp, rounded);
  const column = col ? col.column.label : null;
  if (kit.columns.length === 0) return { ...base, found: false, cell: null, column, note: 'The kit has no Shock Table: read the result at the table' };
  if (modified === undefined) return { ...base, found: false, cell: null, column, note: `Odds column ${column ?? '-'} of the kit's Shock Table: roll the die` };
  const cell = shockTableCell(kit.columns, attackerSp, defenderSp, rounded, modified);
  if (!cell.found) return { ...base, found: false, cell: null, column, note: `${cell.reason}: read the result at the table` };
  return { ...base, found: true, cell: cell.cell, column, note: `Kit ${kit.fingerprint}: ${cellWords(cell.cell)} (if every unit stays after the Pre-Shock checks)` };
}

/** The whole shock plan from the facts (Rev. Shock; Rev. Orders Table; Rev. Bayonet Charge). */
export function shockPlan(s: ShockPlanSituation): ShockPlan {
  const { attackers, defenders } = s;
  const attackerProhibitions = attackers.map((u) => {
    const reasons: string[] = [];
    if (!orderMayShock(u.order)) reasons.push(`${ORDERS[u.order].name} orders: No Shock attacks`);
    if (u.sp === 0) reasons.push('No SPs left in the line');
    return reasons;
  });
  const prohibitions: ShockPlan['prohibitions'] = attackers.flatMap((a, i) => attackerProhibitions[i]!.map((reason) => ({ unitId: a.id, reason: `${a.name}: ${reason}`, rule: 'Rev. Orders Table' })));
  const defenderSp = defenders.reduce((sum, d) => sum + d.sp, 0);
  if (defenderSp === 0) prohibitions.push({ unitId: null, reason: 'The defenders have no SPs left', rule: 'Rev. Shock DRMs' });

  // RI-K12: the Pre-Shock +1 applies when any attacking Bayonet Charge unit is undisordered (RI-F09: most advantageous
  // to the attacker), unless the game's house reading of a mixed Bayonet Charge says otherwise.
  const bayonetChargeReading = s.bayonetChargeReading ?? 'allForShockAnyForPreShock';
  const undisorderedCharge = bayonetChargeBonuses(attackers.map((a) => ({ bayonetCharge: a.bayonetCharge, undisordered: a.status === 'ordered' })), bayonetChargeReading).preShock;
  const preShock = [
    ...attackers.map((u) => ({ unitId: u.id, drm: nothing() })),
    ...defenders.map((u) => ({
      unitId: u.id,
      drm: preShockDrm({ works: u.works, extendedColumnOrStrategicMovement: u.strategicMovement || u.extendedColumn, facingUndisorderedBayonetCharge: undisorderedCharge, bayonetChargeReading }),
    })),
  ];
  const eligible = attackers.filter((_, i) => attackerProhibitions[i]!.length === 0);
  const shockAttackers: ShockAttacker[] = eligible.map((u) => ({ order: u.order, bayonetCharge: u.bayonetCharge }));
  const drm =
    shockAttackers.length === 0
      ? nothing()
      : shockDrm({
          attackers: shockAttackers,
          bayonetChargeReading,
          defenders: defenders.map((u) => ({ arm: u.arm, order: u.order, ...(u.mounted !== undefined ? { mounted: u.mounted } : {}), extendedColumnOrStrategicMovement: u.strategicMovement || u.extendedColumn })),
          // RI-F09: the defender's works line counts only when every defending unit is in them.
          defenderHex: { devilsDen: s.defenderInDevilsDen === true, works: worksAllAreIn(defenders) },
          otherDrms: s.otherDrms ?? [],
        });
  const attackerSp = eligible.reduce((sum, a) => sum + a.sp, 0);
  const rounded = shockAttackers.length > 0 && oddsRoundedForAttacker(shockAttackers, bayonetChargeReading);
  const preShockDrms = new Map(preShock.map((p) => [p.unitId, p.drm.total]));
  const kit = s.kit
    ? kitPreview(s.kit, [...eligible, ...defenders], preShockDrms, attackerSp, defenderSp, rounded, s.kit.previewRoll === undefined ? undefined : s.kit.previewRoll + drm.total)
    : null;
  return {
    attackerProhibitions,
    preShock,
    allowed: prohibitions.length === 0,
    prohibitions,
    drm,
    odds: { attackerSp, defenderSp, text: oddsText(attackerSp, defenderSp), roundedForAttacker: rounded ? oddsInFavour(attackerSp, defenderSp) : null },
    bayonetMarkersRemoved: [...attackers, ...defenders].filter((u) => u.bayonetCharge).map((u) => u.id),
    kit,
  };
}
