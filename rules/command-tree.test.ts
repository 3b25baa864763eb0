/** Examples of the chain of command: standing orders and orders flowing downhill. */
import { describe, expect, it } from 'vitest';
import { thrownArgument } from './test-support';
import { standingOrders, commandAncestors, mayAttemptOrderChange, standingOrder } from './command-tree';
import type { OrderCode } from './types';

describe('the command tree: standing orders and orders flowing downhill', () => {
  const tree = [
    { id: 'corps-1', parentId: null },
    { id: 'div-1', parentId: 'corps-1' },
    { id: 'bde-1', parentId: 'div-1' },
    { id: 'bde-2', parentId: 'div-1' },
    { id: 'div-2', parentId: 'corps-1' },
    { id: 'bde-3', parentId: 'div-2' },
    { id: 'regt-1', parentId: 'bde-1' },
  ];

  it('lists superiors nearest first', () => {
    expect(commandAncestors(tree, 'regt-1')).toEqual(['bde-1', 'div-1', 'corps-1']);
    expect(commandAncestors(tree, 'corps-1')).toEqual([]);
  });

  it('rejects unknown ids, duplicate ids, unknown parents and cycles', () => {
    expect(thrownArgument(() => commandAncestors(tree, 'nobody'))).toBe('commandId');
    expect(thrownArgument(() => commandAncestors([...tree, { id: 'div-1', parentId: null }], 'div-1'))).toBe('tree[7].id');
    expect(thrownArgument(() => commandAncestors([{ id: 'a', parentId: 'b' }], 'a'))).toBe('tree[0].parentId');
    expect(thrownArgument(() => commandAncestors([{ id: 'a', parentId: 'b' }, { id: 'b', parentId: 'a' }], 'a'))).toBe('tree');
  });

  it("a subordinate without an Orders counter has the orders under its superior's counter", () => {
    const orders = { 'corps-1': 'MRCH', 'div-2': 'HOLD', 'bde-2': 'SUPT' } as const;
    expect(standingOrder(tree, orders, 'regt-1')).toEqual({ order: 'MRCH', fromCommandId: 'corps-1', inherited: true, rule: 'Rev. Orders Segment' });
    expect(standingOrder(tree, orders, 'bde-3')).toMatchObject({ order: 'HOLD', fromCommandId: 'div-2' });
    expect(standingOrder(tree, orders, 'bde-2')).toMatchObject({ order: 'SUPT', inherited: false });
    expect(thrownArgument(() => standingOrder(tree, {}, 'bde-2'))).toBe('ordersByCommand');
    expect(thrownArgument(() => standingOrder(tree, { 'corps-1': 'GO' as OrderCode }, 'bde-2'))).toBe('ordersByCommand.corps-1');
  });

  it('every command\'s standing order at once is each command\'s standingOrder, with the same refusals', () => {
    const orders = { 'corps-1': 'MRCH', 'div-2': 'HOLD', 'bde-2': 'SUPT' } as const;
    const all = standingOrders(tree, orders);
    expect([...all.keys()]).toEqual(tree.map((c) => c.id));
    for (const c of tree) expect(all.get(c.id)).toEqual(standingOrder(tree, orders, c.id));
    expect(thrownArgument(() => standingOrders(tree, { 'div-1': 'HOLD' }))).toBe('ordersByCommand');
    expect(thrownArgument(() => standingOrders(tree, { 'corps-1': 'GO' as OrderCode }))).toBe('ordersByCommand.corps-1');
    expect(thrownArgument(() => standingOrders([{ id: 'a', parentId: 'b' }, { id: 'b', parentId: 'a' }], { a: 'HOLD' }))).toBe('tree');
  });

  it('after a failed division attempt, its brigades (and their units) may not attempt that turn (RI-C06)', () => {
    const barred = mayAttemptOrderChange(tree, ['div-1'], 'bde-1');
    expect(barred).toMatchObject({ ok: false, rule: 'Rev. Commands and Orders' });
    expect(mayAttemptOrderChange(tree, ['div-1'], 'regt-1').ok).toBe(false);
    // other divisions' brigades, the division itself and its superiors are not barred
    expect(mayAttemptOrderChange(tree, ['div-1'], 'bde-3')).toEqual({ ok: true });
    expect(mayAttemptOrderChange(tree, ['div-1'], 'div-1').ok).toBe(true);
    expect(mayAttemptOrderChange(tree, ['div-1'], 'corps-1').ok).toBe(true);
    // a failed corps attempt bars every command below it
    expect(mayAttemptOrderChange(tree, ['corps-1'], 'bde-3').ok).toBe(false);
    expect(mayAttemptOrderChange(tree, [], 'bde-3').ok).toBe(true);
    expect(thrownArgument(() => mayAttemptOrderChange(tree, ['div-9'], 'bde-3'))).toBe('failedCommandIds[0]');
  });
});
