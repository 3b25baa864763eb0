/**
 * A view read again keeps the held objects of everything that did not change: the brigade that lost an SP,
 * its division and its corps are new objects (their totals changed), every other command is the object held.
 */
import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './keep-unchanged';

interface Node {
  id: string;
  name: string;
  totals: { sp: number; currentSp: number };
  children: Node[];
}

const brigade = (id: string, currentSp: number): Node => ({ id, name: `${id} brigade`, totals: { sp: 10, currentSp }, children: [] });
const division = (id: string, children: Node[]): Node => ({
  id,
  name: `${id} division`,
  totals: { sp: children.reduce((n, c) => n + c.totals.sp, 0), currentSp: children.reduce((n, c) => n + c.totals.currentSp, 0) },
  children,
});

/** Wadsworth's division (Meredith's Iron Brigade, Cutler's) and Doubleday's (Rowley's), as read from the service. */
const read = (ironSp: number): Node[] => [division('wadsworth', [brigade('iron', ironSp), brigade('cutler', 10)]), division('doubleday', [brigade('rowley', 10)])];

describe('keepUnchanged', () => {
  it('the same view read again is the view held, to the last object', () => {
    const held = read(10);
    expect(keepUnchanged(held, read(10))).toBe(held);
  });

  it("a loss in the Iron Brigade: it and its division are new, with the loss; Cutler's brigade and Doubleday's division are the objects held", () => {
    const held = read(10);
    const now = keepUnchanged(held, read(9));
    expect(now).toEqual(read(9));
    expect(now).not.toBe(held);
    const [wadsworth, doubleday] = now;
    expect(doubleday).toBe(held[1]);
    expect(wadsworth).not.toBe(held[0]);
    expect(wadsworth!.children[0]).not.toBe(held[0]!.children[0]);
    expect(wadsworth!.children[0]!.totals.currentSp).toBe(9);
    expect(wadsworth!.children[1]).toBe(held[0]!.children[1]);
    // Within a changed row, what changed is new: the division's totals.
    expect(wadsworth!.totals).not.toBe(held[0]!.totals);
  });

  it('rows are matched by id: a row added in front leaves the others as they were', () => {
    const held = [
      { id: 'meredith', casualty: 'none' },
      { id: 'cutler', casualty: 'none' },
    ];
    const now = keepUnchanged(held, [{ id: 'archer', casualty: 'captured' }, { id: 'meredith', casualty: 'none' }, { id: 'cutler', casualty: 'wounded' }]);
    expect(now[1]).toBe(held[0]);
    expect(now[2]).not.toBe(held[1]);
    expect(now[2]).toEqual({ id: 'cutler', casualty: 'wounded' });
    expect(now[0]).toEqual({ id: 'archer', casualty: 'captured' });
  });

  it('a field gone or added, or a list shorter, makes a new object with what is left of the old', () => {
    const held = { id: 'iron', flags: ['rsm', 'recovery'], attachedTo: 'wadsworth' as string | undefined };
    const now = keepUnchanged(held, { id: 'iron', flags: ['rsm'], attachedTo: undefined });
    expect(now).toEqual({ id: 'iron', flags: ['rsm'], attachedTo: undefined });
    expect(now).not.toBe(held);
    const fewer = keepUnchanged({ a: 1, b: 2 } as Record<string, number>, { a: 1 });
    expect(fewer).toEqual({ a: 1 });
  });
});
