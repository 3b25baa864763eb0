/**
 * The Roster's rows: the command tree flattened depth-first (each command, then its own units, then its
 * subordinate commands), filters that keep the chain of command above every match, folding, and the
 * loss percentage of a unit or command.
 */
import { describe, expect, it } from 'vitest';
import type { CommandNode, RosterUnit } from '../../contract';
import { directOrderBar, filtersActive, lossPercent, mergeUnits, NO_FILTERS, parentRowIndex, rosterRows, rowIndex, unitFlags, type RosterFilters } from './roster-rows';

function node(id: string, level: CommandNode['level'], children: CommandNode[] = [], side: CommandNode['side'] = 'USA'): CommandNode {
  return {
    id,
    side,
    level,
    name: id,
    parentId: null,
    effectiveParentId: null,
    attachedTo: null,
    leaderId: null,
    leaderName: null,
    cavalry: false,
    artillery: false,
    ownOrder: null,
    effectiveOrder: 'HOLD',
    orderSource: id,
    rsm: false,
    recovery: false,
    fatigueRecovery: false,
    ineffective: false,
    onMap: true,
    mayBeOutOfCommand: true,
    reinforcementGroupId: null,
    totals: { units: 0, sp: 20, spLost: 2, stragglers: 1, currentSp: 17, guns: 0 },
    children,
  };
}

function unit(id: string, commandId: string, over: Partial<RosterUnit> = {}): RosterUnit {
  return {
    id,
    name: id,
    side: 'USA',
    arm: 'infantry',
    sp: 8,
    cohesionOrdered: null,
    cohesionDisordered: null,
  artilleryRow: null,
    spLost: 0,
    stragglers: 0,
    abandonedGuns: 0,
    currentSp: 8,
    fatigue: 0,
    status: 'ordered',
    effectiveOrder: 'HOLD',
    orderSource: commandId,
    orderExpires: false,
    weapon: 'R',
    commandId,
    commandPath: [commandId],
    horseArtillery: false,
    sharpshooters: false,
    canDismount: false,
    mounted: false,
    outOfAmmo: false,
    extendedColumn: false,
    strategicMovement: false,
    skirmishers: false,
    works: 'none',
    bayonetCharge: false,
    skirmishingFor: null,
    capturedGuns: 0,
    destroyedGuns: 0,
    onMap: true,
    defaultOrders: ['HOLD'],
    ...over,
  };
}

// I Corps > 1st Division > Iron Brigade (2 regiments) and Cutler (1 regiment), plus the division's own battery.
const tree = [node('i-corps', 'corps', [node('wadsworth', 'division', [node('iron', 'brigade'), node('cutler', 'brigade')])])];
const units = [
  unit('2-wisconsin', 'iron', { commandPath: ['Iron Brigade', '1st Division'] }),
  unit('24-michigan', 'iron', { commandPath: ['Iron Brigade', '1st Division'], status: 'disordered', effectiveOrder: 'ASLT' }),
  unit('76-new-york', 'cutler', { commandPath: ['Cutler', '1st Division'], onMap: false }),
  unit('hall-battery', 'wadsworth', { arm: 'artillery', commandPath: ['1st Division'] }),
];
const keys = (filters: RosterFilters = NO_FILTERS, folded: string[] = []) => rosterRows(tree, units, filters, new Set(folded)).map((r) => r.key);

describe('roster rows', () => {
  it('lists each command, then its own units, then its subordinate commands, depth first', () => {
    expect(keys()).toEqual(['c:i-corps', 'c:wadsworth', 'u:hall-battery', 'c:iron', 'u:2-wisconsin', 'u:24-michigan', 'c:cutler', 'u:76-new-york']);
    const depths = rosterRows(tree, units, NO_FILTERS, new Set()).map((r) => r.depth);
    expect(depths).toEqual([0, 1, 2, 2, 3, 3, 2, 3]);
  });

  it('folds a command: its units and subordinates disappear, the command row stays', () => {
    expect(keys(NO_FILTERS, ['wadsworth'])).toEqual(['c:i-corps', 'c:wadsworth']);
    const folded = rosterRows(tree, units, NO_FILTERS, new Set(['iron'])).find((r) => r.key === 'c:iron');
    expect(folded).toMatchObject({ kind: 'command', collapsed: true });
  });

  it('filters keep only matching units and the chain of command above them', () => {
    expect(keys({ ...NO_FILTERS, status: 'disordered' })).toEqual(['c:i-corps', 'c:wadsworth', 'c:iron', 'u:24-michigan']);
    expect(keys({ ...NO_FILTERS, order: 'ASLT' })).toEqual(['c:i-corps', 'c:wadsworth', 'c:iron', 'u:24-michigan']);
    expect(keys({ ...NO_FILTERS, arm: 'artillery' })).toEqual(['c:i-corps', 'c:wadsworth', 'u:hall-battery']);
    expect(keys({ ...NO_FILTERS, onMapOnly: true })).not.toContain('u:76-new-york');
    expect(keys({ ...NO_FILTERS, onMapOnly: true })).not.toContain('c:cutler');
    expect(keys({ ...NO_FILTERS, side: 'CSA' })).toEqual([]);
  });

  it('searches unit names, ids and the names of their commands, ignoring case', () => {
    expect(keys({ ...NO_FILTERS, search: 'IRON brigade' })).toEqual(['c:i-corps', 'c:wadsworth', 'c:iron', 'u:2-wisconsin', 'u:24-michigan']);
    expect(keys({ ...NO_FILTERS, search: '76-new' })).toEqual(['c:i-corps', 'c:wadsworth', 'c:cutler', 'u:76-new-york']);
    expect(keys({ ...NO_FILTERS, search: 'no such unit' })).toEqual([]);
  });

  it('a folded command still shows when something inside it matches', () => {
    expect(keys({ ...NO_FILTERS, status: 'disordered' }, ['wadsworth'])).toEqual(['c:i-corps', 'c:wadsworth']);
  });

  it('knows when any filter is set', () => {
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, search: '  ' })).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, onMapOnly: true })).toBe(true);
  });

  it('finds a row and the command row it belongs to', () => {
    const rows = rosterRows(tree, units, NO_FILTERS, new Set());
    const michigan = rowIndex(rows, 'u:24-michigan');
    expect(rows[parentRowIndex(rows, michigan)]?.key).toBe('c:iron');
    expect(rows[parentRowIndex(rows, rowIndex(rows, 'c:iron'))]?.key).toBe('c:wadsworth');
    expect(parentRowIndex(rows, 0)).toBe(-1);
    expect(rowIndex(rows, null)).toBe(-1);
  });
});

describe('the units of a sheet sent as changes', () => {
  const held = [unit('a', 'b1'), unit('b', 'b1'), unit('c', 'b2')];

  it('keeps the order held when the service sends none, each unchanged unit the same object', () => {
    const hit = unit('b', 'b1', { spLost: 1 });
    const merged = mergeUnits(held, [hit])!;
    expect(merged.map((u) => u.id)).toEqual(['a', 'b', 'c']);
    expect(merged[1]).toBe(hit);
    expect(merged[0]).toBe(held[0]);
  });

  it('takes the order the service sends, and reads the whole sheet for a unit it does not hold', () => {
    expect(mergeUnits(held, [], ['c', 'a', 'b'])!.map((u) => u.id)).toEqual(['c', 'a', 'b']);
    expect(mergeUnits(held, [], ['a', 'd'])).toBeNull();
    // A unit the screen does not hold, sent without an order: the order held cannot place it.
    expect(mergeUnits(held, [unit('d', 'b2')])).toBeNull();
  });
});

describe('loss percentage (RI-R01)', () => {
  it('counts everything no longer in the line: SP lost, stragglers and abandoned guns', () => {
    // 17 printed, 2 lost and 1 straggler: 14 left, 17.6% gone.
    expect(lossPercent(17, 14)).toBe(17.6);
    expect(lossPercent(8, 8)).toBe(0);
    expect(lossPercent(6, 0)).toBe(100);
    expect(lossPercent(0, 0)).toBe(0);
  });

  it('a command row carries its totals’ percentage', () => {
    const corps = rosterRows(tree, units, NO_FILTERS, new Set())[0];
    expect(corps?.lossPercent).toBe(15);
  });
});

describe('unit flags', () => {
  it('says in words what the counter’s markers would show', () => {
    expect(unitFlags(unit('x', 'iron'))).toEqual([]);
    expect(unitFlags(unit('x', 'iron', { onMap: false, canDismount: true, mounted: true, outOfAmmo: true, abandonedGuns: 2 }))).toEqual([
      'off map',
      'mounted',
      'out of ammo',
      '2 abandoned guns',
    ]);
  });
});

describe('orders given without a roll (RI-H06): what the Roster offers', () => {
  const open = { opening: false, defaultOrder: true, reason: null, rule: 'Rev. Orders Segment' };
  it('before play any row; after it a unit in the Orders or Activation Segment, never a command', () => {
    expect(directOrderBar({ ...open, opening: true }, { kind: 'command' })).toBeNull();
    expect(directOrderBar(open, { kind: 'unit' })).toBeNull();
    expect(directOrderBar(open, { kind: 'command' })).toMatch(/^Once play has begun a command's orders change by an order change attempt/);
    expect(directOrderBar({ ...open, defaultOrder: false, reason: 'orders change in the Orders Segment' }, { kind: 'unit' })).toBe('orders change in the Orders Segment (Rev. Orders Segment).');
  });
});
