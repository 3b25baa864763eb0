// Orders: default orders, issuing orders and Warren (Rev. Orders Segment).
import { describe, expect, it } from 'vitest';
import { thrownArgument } from './test-support';
import { canIssueOrder, defaultOrder, defaultOrderChoices, switchToDefaultOrder, unitOrder, warrenAtTurnStart, warrenOrderChange, warrenUsed } from './orders';
import { ORDERS } from './orders-table';
import type { OrderIssueTarget } from './orders';
import { ORDER_CODES } from './types';
import type { OrderCode } from './types';

const infantryBrigade: OrderIssueTarget = {
  arm: 'infantry',
  ineffective: false,
  shattered: false,
  neighbourHasAssaultOrSkirmishOrders: true,
  inEnemyLos: false,
};

describe('default orders', () => {
  it('infantry HOLD, cavalry SKPD, artillery WDRW', () => {
    expect(defaultOrder('infantry')).toBe('HOLD');
    expect(defaultOrder('cavalry')).toBe('SKPD');
    expect(defaultOrder('artillery')).toBe('WDRW');
    expect(ORDERS.HOLD.defaultFor).toEqual(['infantry']);
  });

  it('rejects an unknown arm, naming the argument and the accepted values', () => {
    expect(() => defaultOrder('dragoons' as never)).toThrow(/arm: must be one of infantry, cavalry, artillery/);
  });

  it('horse artillery and sharpshooters may pick any RE Order as a Default Order', () => {
    expect(defaultOrderChoices({ arm: 'artillery', horseArtillery: true })).toEqual(['WDRW', 'SKPD', 'HOLD', 'RSRV']);
    expect(defaultOrderChoices({ arm: 'infantry', sharpshooters: true })).toEqual(['HOLD', 'SKPD', 'RSRV', 'WDRW']);
    expect(defaultOrderChoices({ arm: 'artillery' })).toEqual(['WDRW']);
    expect(thrownArgument(() => defaultOrderChoices({ arm: 'infantry', horseArtillery: true }))).toBe('subject.horseArtillery');
  });

  it('an ineffective command or shattered unit receives its Default Order at once (RI-C14)', () => {
    expect(switchToDefaultOrder({ arm: 'infantry' }, 'ineffective')).toEqual({
      order: 'HOLD',
      cause: 'ineffective',
      rule: 'Rev. Ineffective Commands and Shattered ("Collapsed") Units',
    });
    expect(switchToDefaultOrder({ arm: 'cavalry' }, 'shattered').order).toBe('SKPD');
    expect(switchToDefaultOrder({ arm: 'artillery', horseArtillery: true }, 'shattered', 'HOLD').order).toBe('HOLD');
    expect(thrownArgument(() => switchToDefaultOrder({ arm: 'infantry' }, 'shattered', 'RSRV'))).toBe('choice');
    expect(thrownArgument(() => switchToDefaultOrder({ arm: 'infantry' }, 'tired' as never))).toBe('cause');
  });

  it('out-of-command units act under their Default Order, and under the command\'s order once back in command', () => {
    expect(unitOrder({ unit: { arm: 'infantry' }, commandOrder: 'ASLT', inCommand: false })).toEqual({
      order: 'HOLD',
      source: 'out-of-command-default',
      rule: 'Rev. Out-of-Command Units',
    });
    expect(unitOrder({ unit: { arm: 'infantry' }, commandOrder: 'ASLT', inCommand: true }).order).toBe('ASLT');
    expect(unitOrder({ unit: { arm: 'infantry', sharpshooters: true }, commandOrder: 'ASLT', inCommand: false, defaultChoice: 'SKPD' }).order).toBe('SKPD');
    expect(thrownArgument(() => unitOrder({ unit: { arm: 'infantry' }, commandOrder: 'ASLT', inCommand: 'yes' as never }))).toBe('inCommand');
  });
});

describe('issuing orders', () => {
  it('an ineffective command cannot be issued ME-required orders, only RE orders', () => {
    const ineffective = { ...infantryBrigade, ineffective: true };
    for (const order of ORDER_CODES.filter((code) => ORDERS[code].meRequired)) {
      const check = canIssueOrder(order, { ...ineffective, arm: order === 'BOMB' ? 'artillery' : 'infantry' });
      expect(check).toMatchObject({ ok: false, rule: 'Rev. Ineffective Commands and Shattered ("Collapsed") Units' });
    }
    expect(canIssueOrder('HOLD', ineffective)).toEqual({ ok: true });
    expect(canIssueOrder('WDRW', ineffective)).toEqual({ ok: true });
  });

  it('a shattered unit cannot be issued ME-required orders', () => {
    const check = canIssueOrder('MRCH', { ...infantryBrigade, shattered: true });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/Shattered/);
    expect(canIssueOrder('SKPD', { ...infantryBrigade, shattered: true }).ok).toBe(true);
  });

  it('ASLT is for infantry and cavalry only; BOMB for artillery only', () => {
    expect(canIssueOrder('ASLT', { ...infantryBrigade, arm: 'artillery' })).toMatchObject({ ok: false, rule: 'Rev. Orders Table' });
    expect(canIssueOrder('ASLT', { ...infantryBrigade, arm: 'cavalry' }).ok).toBe(true);
    expect(canIssueOrder('BOMB', infantryBrigade).ok).toBe(false);
    expect(canIssueOrder('BOMB', { ...infantryBrigade, arm: 'artillery' }).ok).toBe(true);
  });

  it('SUPT needs a neighbouring command with ASLT/SKPD orders; RSRV needs the command out of enemy LOS', () => {
    expect(canIssueOrder('SUPT', { ...infantryBrigade, neighbourHasAssaultOrSkirmishOrders: false }).ok).toBe(false);
    expect(canIssueOrder('SUPT', infantryBrigade).ok).toBe(true);
    expect(canIssueOrder('RSRV', { ...infantryBrigade, inEnemyLos: true }).ok).toBe(false);
    expect(canIssueOrder('RSRV', infantryBrigade).ok).toBe(true);
  });

  it('names the bad argument', () => {
    expect(thrownArgument(() => canIssueOrder('HOLD', { ...infantryBrigade, shattered: 1 as never }))).toBe('target.shattered');
    expect(thrownArgument(() => canIssueOrder('XX' as OrderCode, infantryBrigade))).toBe('order');
  });
});

describe('Warren (Rev. Warren)', () => {
  const leaders = [
    { id: 'vincent', hexesFromWarren: 0 },
    { id: 'weed', hexesFromWarren: 1 },
    { id: 'zook', hexesFromWarren: 3 },
  ];

  it('changes orders automatically for brigade leaders stacked with or adjacent to him, then is removed (RI-C17)', () => {
    const result = warrenOrderChange({ warren: { available: true }, date: '1863-07-02', brigadeLeaders: leaders });
    expect(result).toEqual({
      ok: true,
      brigadeLeaderIds: ['vincent', 'weed'],
      warrenAfter: { available: false, usedOnDate: '1863-07-02' },
      rule: 'Rev. Warren',
    });
  });

  it('cannot be used again the same day, nor with no brigade leader within one hex', () => {
    expect(warrenOrderChange({ warren: warrenUsed('1863-07-02'), date: '1863-07-02', brigadeLeaders: leaders }).ok).toBe(false);
    expect(warrenOrderChange({ warren: { available: true }, date: '1863-07-02', brigadeLeaders: [{ id: 'zook', hexesFromWarren: 2 }] }).ok).toBe(false);
  });

  it('returns on the first turn of the next day', () => {
    const used = warrenUsed('1863-07-02');
    expect(warrenAtTurnStart(used, '1863-07-02')).toEqual(used);
    expect(warrenAtTurnStart(used, '1863-07-03')).toEqual({ available: true });
    expect(warrenAtTurnStart({ available: true }, '1863-07-03')).toEqual({ available: true });
  });

  it('validates its arguments', () => {
    expect(thrownArgument(() => warrenUsed('July 2'))).toBe('date');
    expect(thrownArgument(() => warrenOrderChange({ warren: { available: true }, date: '1863-07-02', brigadeLeaders: [{ id: 'x', hexesFromWarren: -1 }] }))).toBe(
      'brigadeLeaders[0].hexesFromWarren',
    );
  });
});
