import { describe, expect, it } from 'vitest';
import type { RosterUnit } from '../../../contract';
import { mergeOnMap, unitsOnMap } from './merge-on-map';

/** Just enough of a unit for the merge (it looks at the id and whether the unit is on the map). */
const unit = (id: string, onMap = true, currentSp = 4) => ({ id, onMap, currentSp }) as unknown as RosterUnit;

describe('the units on the map, brought up to date from a sheet of changes', () => {
  const held = [unit('2-wi'), unit('6-wi'), unit('19-in')];

  it('a loss: the changed unit is the new object, in its place; the others are the objects held', () => {
    const hit = unit('6-wi', true, 3);
    const merged = mergeOnMap(held, [hit])!;
    expect(merged.map((u) => u.id)).toEqual(['2-wi', '6-wi', '19-in']);
    expect(merged[1]).toBe(hit);
    expect(merged[0]).toBe(held[0]);
    expect(merged[2]).toBe(held[2]);
  });

  it('nothing changed: the very list held', () => {
    expect(mergeOnMap(held, [])).toBe(held);
  });

  it('a unit that left the map drops out; one that changed off the map is not added', () => {
    expect(mergeOnMap(held, [unit('19-in', false), unit('reserve', false)])!.map((u) => u.id)).toEqual(['2-wi', '6-wi']);
  });

  it('a unit that came onto the map: with the sheet order it takes its place, without it the units are read again (null)', () => {
    const arrived = unit('24-mi');
    expect(mergeOnMap(held, [arrived])).toBeNull();
    const merged = mergeOnMap(held, [arrived], ['2-wi', '24-mi', 'reserve', '6-wi', '19-in'])!;
    expect(merged.map((u) => u.id)).toEqual(['2-wi', '24-mi', '6-wi', '19-in']);
    expect(merged[1]).toBe(arrived);
  });

  it("a whole sheet's units on the map, in its order", () => {
    expect(unitsOnMap([unit('a'), unit('b', false), unit('c')]).map((u) => u.id)).toEqual(['a', 'c']);
  });
});
