/** Examples of the Orders Table as data: every column of all eight orders. */
import { describe, expect, it } from 'vitest';
import { ORDERS, RE_ORDERS, REINFORCEMENT_ENTRY_ORDERS } from './orders-table';
import { ORDER_CODES } from './types';
import type { OrderCode } from './types';

describe('the Orders Table (Rev. Orders Table), every column of all eight orders', () => {
  // ORDER | ME? | EZOC? | FIRE ATKR | SHCK ATKR | FIRE DFDR | SHCK DFDR | AUTO? | ORDR CHNG DRM
  const table: [OrderCode, string, boolean, boolean, number, number | null, number, number, string, number][] = [
    ['ASLT', 'Assault', true, true, 0, 1, 0, -1, 'No', 2],
    ['SUPT', 'Support', true, false, 0, 0, 0, 0, 'Yes, to ASLT or SKPD', 1],
    ['MRCH', 'March', true, false, -1, -1, 1, 1, 'Yes, if has RSM marker', 1],
    ['BOMB', 'Bombard', true, false, 0, null, 0, 0, 'No', 0],
    ['SKPD', 'Skirmish/Probe/Delay', false, false, 0, -1, 0, 1, 'No', 0],
    ['HOLD', 'Hold', false, false, 1, 0, 0, -1, 'No', -1],
    ['RSRV', 'Reserve', false, false, -1, -1, 1, 1, 'Yes', -2],
    ['WDRW', 'Withdraw', false, false, -1, null, 1, 1, 'No', 1],
  ];

  it.each(table)('%s (%s)', (code, name, me, ezoc, fireAtk, shockAtk, fireDef, shockDef, auto, change) => {
    const row = ORDERS[code];
    expect(row.code).toBe(code);
    expect(row.name).toBe(name);
    expect(row.meRequired).toBe(me);
    expect(row.mayEnterEnemyZoc).toBe(ezoc);
    expect(row.fireDrm).toEqual({ attacker: fireAtk, defender: fireDef });
    expect(row.shockDrm).toEqual({ attacker: shockAtk, defender: shockDef });
    expect(row.autoChangeText).toBe(auto);
    expect(row.orderChangeDrm).toBe(change);
    expect(row.rule).toBe('Rev. Orders Table');
  });

  it('has exactly the eight orders, and only MRCH has a different change DRM with RSM (-2)', () => {
    expect(Object.keys(ORDERS).sort()).toEqual([...ORDER_CODES].sort());
    expect(ORDER_CODES.filter((code) => ORDERS[code].orderChangeDrmWithRsm !== null)).toEqual(['MRCH']);
    expect(ORDERS.MRCH.orderChangeDrmWithRsm).toBe(-2);
  });

  it('keeps the Actions & Restrictions lines, e.g. Reserve is "RE activation only"', () => {
    expect(ORDERS.RSRV.actions).toContain('RE activation only');
    expect(ORDERS.ASLT.armsAllowed).toEqual(['infantry', 'cavalry']);
    expect(ORDERS.BOMB.armsAllowed).toEqual(['artillery']);
  });

  it('the lines the rules act on are typed flags, so rewording a printed line changes no rule', () => {
    const having = (flag: keyof (typeof ORDERS)['HOLD']['may']) => ORDER_CODES.filter((code) => ORDERS[code].may[flag]);
    expect(having('recoverFatigue')).toEqual(['HOLD', 'RSRV']);
    expect(having('recoverStragglers')).toEqual(['HOLD', 'RSRV']);
    expect(having('constructBreastworksIfMe')).toEqual(['HOLD']);
    expect(having('oneHexMovementOnly')).toEqual(['HOLD']);
    expect(ORDER_CODES.filter((code) => !ORDERS[code].may.phasingFire)).toEqual(['MRCH', 'RSRV']);
    expect(ORDER_CODES.filter((code) => !ORDERS[code].may.strategicMovement)).toEqual(['ASLT', 'SUPT', 'SKPD', 'HOLD', 'WDRW']);
  });

  it('ME Orders are ASLT/SUPT/MRCH/BOMB; the rest are RE Orders (Rev. Orders Types)', () => {
    expect(ORDER_CODES.filter((code) => ORDERS[code].meRequired)).toEqual(['ASLT', 'SUPT', 'MRCH', 'BOMB']);
    expect(RE_ORDERS).toEqual(['SKPD', 'HOLD', 'RSRV', 'WDRW']);
  });

  it('reinforcements always enter with March orders and a RSM marker', () => {
    expect(REINFORCEMENT_ENTRY_ORDERS).toMatchObject({ order: 'MRCH', hasRsm: true });
  });
});
