/**
 * The RFC 4180 CSV parser on the inputs the order of battle has (names with commas, doubled spaces,
 * doubled quotes, CRLF line ends) and on malformed text it must refuse.
 */
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvWithHeader } from './csv';

describe('parseCsv', () => {
  it('splits plain fields on commas and records on line breaks', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps commas inside quoted fields: a battery named "Battery B,  4th"', () => {
    expect(parseCsv('Artillery,US,"Battery B,  4th",Wainwright\n')).toEqual([['Artillery', 'US', 'Battery B,  4th', 'Wainwright']]);
  });

  it('reads a doubled quote inside a quoted field as one quote', () => {
    expect(parseCsv('"He said ""Forward!""",x\n')).toEqual([['He said "Forward!"', 'x']]);
  });

  it('accepts CRLF and LF line ends alike, and a last record without a line break', () => {
    expect(parseCsv('a,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('keeps line breaks inside quoted fields', () => {
    expect(parseCsv('"two\r\nlines",x\r\n')).toEqual([['two\r\nlines', 'x']]);
  });

  it('keeps empty fields, quoted or not, including a trailing empty field', () => {
    expect(parseCsv('a,,"",b,\n')).toEqual([['a', '', '', 'b', '']]);
    expect(parseCsv('""')).toEqual([['']]);
  });

  it('returns field text exactly as written: doubled and trailing spaces are the caller’s to normalise', () => {
    expect(parseCsv('Gregg  J,"Carr "\n')).toEqual([['Gregg  J', 'Carr ']]);
  });

  it('ignores a byte-order mark at the start', () => {
    expect(parseCsv('\ufefftype,state\n')).toEqual([['type', 'state']]);
  });

  it('returns no records for empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quoted field that is never closed, naming the line it opened on', () => {
    expect(() => parseCsv('a,b\n"never closed,1\n2\n')).toThrow(/line 2: a quoted field is never closed/);
  });

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('"Battery" B,x\n')).toThrow(CsvError);
    expect(() => parseCsv('"Battery"\rB\n')).toThrow(/text after the closing quote/);
  });

  it('refuses a bare quote inside an unquoted field', () => {
    expect(() => parseCsv('Cobb"s Legion,x\n')).toThrow(/line 1: a double quote inside an unquoted field/);
  });
});

describe('parseCsvWithHeader', () => {
  it('keys each record by the header’s column names', () => {
    const { columns, rows } = parseCsvWithHeader('type,state,regiment_or_battery\r\nInfantry,New York,"84th,  14th Brooklyn"\r\n');
    expect(columns).toEqual(['type', 'state', 'regiment_or_battery']);
    expect(rows).toEqual([{ type: 'Infantry', state: 'New York', regiment_or_battery: '84th,  14th Brooklyn' }]);
  });

  it('refuses a record with a different number of fields than the header', () => {
    expect(() => parseCsvWithHeader('a,b\n1,2,3\n')).toThrow(/record 1 after the header has 3 fields; the header has 2/);
  });

  it('refuses empty text and a header naming a column twice', () => {
    expect(() => parseCsvWithHeader('')).toThrow(/empty/);
    expect(() => parseCsvWithHeader('a,a\n1,2\n')).toThrow(/column "a" twice/);
  });
});
