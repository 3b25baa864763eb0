/**
 * Counter values from CSV (Setup screen): `id,field,value` lines, checked against the game's ids and
 * the accepted ranges before anything is sent, then grouped into one edit per leader or unit.
 */
import { describe, expect, it } from 'vitest';
import { CSV_EXAMPLE, counterValuesCsv, groupEdits, parseCounterCsv, splitCsvLine } from './setup-csv';

const leaders = new Set(['usa-meade', 'usa-reynolds']);
const units = new Set(['usa-8th-illinois-cavalry', 'csa-26th-north-carolina']);

describe('parsing counter values', () => {
  it('reads the example shown on screen without a problem', () => {
    const parsed = parseCounterCsv(CSV_EXAMPLE, leaders, units);
    expect(parsed.problems).toEqual([]);
    expect(parsed.edits).toEqual([
      { line: 2, kind: 'leader', id: 'usa-meade', field: 'rating', value: 3 },
      { line: 3, kind: 'unit', id: 'usa-8th-illinois-cavalry', field: 'sp', value: 9 },
      { line: 4, kind: 'unit', id: 'usa-8th-illinois-cavalry', field: 'weapon', value: 'C' },
    ]);
  });

  it('takes commas, semicolons or tabs, quotes, CRLF, blank lines and # comments', () => {
    const text = '# from the counter sheet\r\n"usa-meade";"range";"10"\r\n\r\nusa-reynolds\tstars\t3\n';
    expect(parseCounterCsv(text, leaders, units)).toEqual({
      edits: [
        { line: 2, kind: 'leader', id: 'usa-meade', field: 'range', value: 10 },
        { line: 4, kind: 'leader', id: 'usa-reynolds', field: 'stars', value: 3 },
      ],
      problems: [],
    });
    expect(splitCsvLine('"a ""b""",c')).toEqual(['a "b"', 'c']);
  });

  it('reports each bad line by number and says what is accepted', () => {
    const text = ['usa-meade,rating,11', 'usa-meade,rating,two', 'usa-grant,rating,3', 'usa-meade,sp,4', 'csa-26th-north-carolina,weapon,Z', 'csa-26th-north-carolina,sp,0', 'usa-meade,morale,3', 'usa-meade,3'].join('\n');
    const { edits, problems } = parseCounterCsv(text, leaders, units);
    expect(edits).toEqual([]);
    expect(problems).toEqual([
      { line: 1, message: 'rating must be 0-9, got 11' },
      { line: 2, message: 'rating must be a whole number 0-9, got "two"' },
      { line: 3, message: 'no leader "usa-grant" in this game' },
      { line: 4, message: 'no unit "usa-meade" in this game ("usa-meade" is a leader: leaders take rating, stars or range)' },
      { line: 5, message: 'weapon must be one of M, E, R, TR, B, B-SS, C, SR or none, got "Z"' },
      { line: 6, message: 'sp must be 1-40, got 0' },
      { line: 7, message: 'unknown field "morale" (leaders: rating, stars, range; units: sp, weapon, cohesion-ordered, cohesion-disordered, guns)' },
      { line: 8, message: 'expected 3 columns (id,field,value), found 2' },
    ]);
  });

  it('clears a weapon with an empty value or "none"', () => {
    const { edits } = parseCounterCsv('csa-26th-north-carolina,weapon,none\ncsa-26th-north-carolina,weapon,', leaders, units);
    expect(edits.map((e) => e.value)).toEqual([null, null]);
  });
});

describe('cohesion ratings', () => {
  it('reads both sides of the counter, blank as "not entered", and refuses a rating out of range by line', () => {
    const text = ['csa-26th-north-carolina,cohesion-ordered,6', 'csa-26th-north-carolina,cohesion-disordered,', 'usa-8th-illinois-cavalry,cohesion-ordered,12', 'usa-meade,cohesion-ordered,4'].join('\n');
    const { edits, problems } = parseCounterCsv(text, leaders, units);
    expect(edits).toEqual([
      { line: 1, kind: 'unit', id: 'csa-26th-north-carolina', field: 'cohesion-ordered', value: 6 },
      { line: 2, kind: 'unit', id: 'csa-26th-north-carolina', field: 'cohesion-disordered', value: null },
    ]);
    expect(problems).toEqual([
      { line: 3, message: 'cohesion-ordered must be 0-9, got 12' },
      { line: 4, message: 'no unit "usa-meade" in this game ("usa-meade" is a leader: leaders take rating, stars or range)' },
    ]);
    expect(groupEdits(edits)).toEqual([{ kind: 'unit', lines: [1, 2], input: { unitId: 'csa-26th-north-carolina', cohesionOrdered: 6, cohesionDisordered: null } }]);
  });

  it('exports every counter value in the format it imports, so a group can keep and re-import them', () => {
    const text = counterValuesCsv(
      [{ id: 'usa-meade', rating: 3, stars: 2, range: 10 }],
      [
        { id: 'csa-26th-north-carolina', arm: 'infantry', sp: 17, weapon: 'R', cohesionOrdered: 5, cohesionDisordered: null, artilleryRow: null },
        { id: 'usa-8th-illinois-cavalry', arm: 'artillery', sp: 4, weapon: null, cohesionOrdered: null, cohesionDisordered: null, artilleryRow: 'Long guns, brass' },
      ],
    );
    expect(text.split('\n').slice(0, 4)).toEqual(['id,field,value', 'usa-meade,rating,3', 'usa-meade,stars,2', 'usa-meade,range,10']);
    const { edits, problems } = parseCounterCsv(text, leaders, units);
    expect(problems).toEqual([]);
    expect(groupEdits(edits)).toEqual([
      { kind: 'leader', lines: [2, 3, 4], input: { leaderId: 'usa-meade', rating: 3, stars: 2, range: 10 } },
      { kind: 'unit', lines: [5, 6, 7, 8], input: { unitId: 'csa-26th-north-carolina', sp: 17, weapon: 'R', cohesionOrdered: 5, cohesionDisordered: null } },
      { kind: 'unit', lines: [9, 10, 11, 12, 13], input: { unitId: 'usa-8th-illinois-cavalry', sp: 4, weapon: null, cohesionOrdered: null, cohesionDisordered: null, artilleryRow: 'Long guns, brass' } },
    ]);
  });
});

describe('grouping into service calls', () => {
  it('sends one edit per leader or unit with all its fields, in first-seen order, a later line winning', () => {
    const { edits } = parseCounterCsv('usa-meade,rating,3\ncsa-26th-north-carolina,sp,17\nusa-meade,range,10\nusa-meade,rating,4', leaders, units);
    expect(groupEdits(edits)).toEqual([
      { kind: 'leader', lines: [1, 3, 4], input: { leaderId: 'usa-meade', rating: 4, range: 10 } },
      { kind: 'unit', lines: [2], input: { unitId: 'csa-26th-north-carolina', sp: 17 } },
    ]);
  });
});
