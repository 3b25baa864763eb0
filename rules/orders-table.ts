/**
 * The Orders Table as data (Rev. Orders Table): each order's typed columns and what it permits, the ME
 * and RE orders, and how reinforcements enter.
 */
import { ORDER_CODES } from './types';
import type { Arm, OrderCode } from './types';

const ORDERS_TABLE = 'Rev. Orders Table';
const ORDERS_SEGMENT = 'Rev. Orders Segment';
export const ORDERS_TABLE_RULE = ORDERS_TABLE;

// ---------------------------------------------------------------------------------------------
// The Orders Table
// ---------------------------------------------------------------------------------------------

/** The table's AUTO ORDR CHNG ATMPT? column, typed. */
export type AutomaticChangeColumn =
  | { kind: 'no' }
  | { kind: 'yes' }
  | { kind: 'to-orders'; orders: readonly OrderCode[] }
  | { kind: 'with-rsm-marker' };

/** One row of the Orders Table. The fields up to orderChangeDrm are the fixed public API. */
export interface OrderDefinition {
  name: string;
  /** MUST ATTEMPT ME ACTIVATION? ("ME Orders"). */
  meRequired: boolean;
  /** MAY ENTER EZOC? */
  mayEnterEnemyZoc: boolean;
  /** FIRE CMBT DRM, ATKR and DFDR columns. */
  fireDrm: { attacker: number; defender: number };
  /** SHCK CMBT DRM, ATKR and DFDR columns; null is the table's N/A (the order may not shock). */
  shockDrm: { attacker: number | null; defender: number };
  /** ORDR CHNG DRM. MRCH's "(-2 with RSM)" is orderChangeDrmWithRsm, applied by orderChangeDrm(). */
  orderChangeDrm: number;
  code: OrderCode;
  orderChangeDrmWithRsm: number | null;
  /** AUTO ORDR CHNG ATMPT? as printed. */
  autoChangeText: string;
  autoChange: AutomaticChangeColumn;
  /** ACTIONS & RESTRICTIONS, one line each as printed (without the leading dashes): the words players read. */
  actions: readonly string[];
  /** What those lines decide, as flags the rules read: a fix to the printed words cannot change a rule. */
  may: OrderPermissions;
  /** Arms that may hold the order ("Infantry and Cavalry only", "Artillery only"). */
  armsAllowed: readonly Arm[];
  /** Arms for which this is the Default Order. */
  defaultFor: readonly Arm[];
  rule: string;
}

/** The ACTIONS & RESTRICTIONS lines the rules act on, one flag each. */
export interface OrderPermissions {
  /** false: "No Phasing Fire; Reaction Fire only". */
  phasingFire: boolean;
  /** false: "No Strategic Movement". */
  strategicMovement: boolean;
  /** "One hex movement only". */
  oneHexMovementOnly: boolean;
  /** "Can Construct Breastworks if ME". */
  constructBreastworksIfMe: boolean;
  /** "Can Recover Fatigue". */
  recoverFatigue: boolean;
  /** "Can Recover Stragglers". */
  recoverStragglers: boolean;
}

const permissions = (p: Partial<OrderPermissions>): OrderPermissions => ({
  phasingFire: true,
  strategicMovement: true,
  oneHexMovementOnly: false,
  constructBreastworksIfMe: false,
  recoverFatigue: false,
  recoverStragglers: false,
  ...p,
});

/** The Orders Table at the end of the revision, all eight orders and every column (Rev. Orders Table). */
export const ORDERS: Readonly<Record<OrderCode, OrderDefinition>> = {
  ASLT: {
    name: 'Assault',
    meRequired: true,
    mayEnterEnemyZoc: true,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: 1, defender: -1 },
    orderChangeDrm: 2,
    code: 'ASLT',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Infantry and Cavalry only',
      'Must Advance and Shock as per 4.7',
      'No voluntary movement away from enemy',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  SUPT: {
    name: 'Support',
    meRequired: true,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: 0, defender: 0 },
    orderChangeDrm: 1,
    code: 'SUPT',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'Yes, to ASLT or SKPD',
    autoChange: { kind: 'to-orders', orders: ['ASLT', 'SKPD'] },
    actions: [
      'Must have an adjacent or neighboring command with ASLT/SKPD orders before receiving',
      'No voluntary movement away from enemy',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  MRCH: {
    name: 'March',
    meRequired: true,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: -1, defender: 1 },
    shockDrm: { attacker: -1, defender: 1 },
    orderChangeDrm: 1,
    code: 'MRCH',
    orderChangeDrmWithRsm: -2,
    autoChangeText: 'Yes, if has RSM marker',
    autoChange: { kind: 'with-rsm-marker' },
    actions: [
      'Must expend all available MPs moving away from starting hex',
      'No Tactical Movement',
      'Must remain at least 5 hexes distance from enemy in LOS',
      'No Phasing Fire; Reaction Fire only',
    ],
    may: permissions({ phasingFire: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  BOMB: {
    name: 'Bombard',
    meRequired: true,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: null, defender: 0 },
    orderChangeDrm: 0,
    code: 'BOMB',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: ['Artillery only', 'Barrage (Cannonade) as per 8.2.4'],
    may: permissions({}),
    armsAllowed: ['artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  SKPD: {
    name: 'Skirmish/Probe/Delay',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 0, defender: 0 },
    shockDrm: { attacker: -1, defender: 1 },
    orderChangeDrm: 0,
    code: 'SKPD',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Default order for Cavalry',
      'Must remain minimum distance from enemy in LOS: 4 hexes from artillery, 3 hexes from infantry, 2 hexes from dismounted cavalry',
      'Must fire if possible',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: ['cavalry'],
    rule: ORDERS_TABLE,
  },
  HOLD: {
    name: 'Hold',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: 1, defender: 0 },
    shockDrm: { attacker: 0, defender: -1 },
    orderChangeDrm: -1,
    code: 'HOLD',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Default order for Infantry',
      'One hex movement only',
      'No Strategic Movement',
      'Can Construct Breastworks if ME',
      'Can Recover Fatigue',
      'Can Recover Stragglers',
    ],
    may: permissions({ strategicMovement: false, oneHexMovementOnly: true, constructBreastworksIfMe: true, recoverFatigue: true, recoverStragglers: true }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: ['infantry'],
    rule: ORDERS_TABLE,
  },
  RSRV: {
    name: 'Reserve',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: -1, defender: 1 },
    shockDrm: { attacker: -1, defender: 1 },
    orderChangeDrm: -2,
    code: 'RSRV',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'Yes',
    autoChange: { kind: 'yes' },
    actions: [
      'Must be out of LOS of enemy before receiving RSRV order',
      'No Phasing Fire; Reaction Fire only',
      'RE activation only',
      'Can Recover Fatigue',
      'Can Recover Stragglers',
    ],
    may: permissions({ phasingFire: false, recoverFatigue: true, recoverStragglers: true }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: [],
    rule: ORDERS_TABLE,
  },
  WDRW: {
    name: 'Withdraw',
    meRequired: false,
    mayEnterEnemyZoc: false,
    fireDrm: { attacker: -1, defender: 1 },
    shockDrm: { attacker: null, defender: 1 },
    orderChangeDrm: 1,
    code: 'WDRW',
    orderChangeDrmWithRsm: null,
    autoChangeText: 'No',
    autoChange: { kind: 'no' },
    actions: [
      'Default order for Artillery',
      'Must move away from visible enemy minimum 2 hexes if possible, as per 9.4.2',
      'No Shock attacks',
      'No Strategic Movement',
    ],
    may: permissions({ strategicMovement: false }),
    armsAllowed: ['infantry', 'cavalry', 'artillery'],
    defaultFor: ['artillery'],
    rule: ORDERS_TABLE,
  },
};
/** "RE Orders": all the others (Rev. Orders Types). */
export const RE_ORDERS: readonly OrderCode[] = ORDER_CODES.filter((code) => !ORDERS[code].meRequired);

/** Commands entering as reinforcements always have March orders with a RSM marker (Rev. Orders Segment). */
export const REINFORCEMENT_ENTRY_ORDERS = { order: 'MRCH', hasRsm: true, rule: ORDERS_SEGMENT } as const;
