// CSV exports open in Excel with their ÷, × and accented names intact: the file starts with a UTF-8 byte-order mark.
import { describe, expect, it } from 'vitest';
import { fileBody, UTF8_BYTE_ORDER_MARK } from './download';

describe('a downloaded file', () => {
  it('a CSV file starts with the UTF-8 byte-order mark, once', () => {
    const csv = 'Unit,SP\r\nIron Brigade ÷ 2,4\r\n';
    const body = fileBody(csv, 'text/csv;charset=utf-8');
    expect(body.startsWith(UTF8_BYTE_ORDER_MARK)).toBe(true);
    expect(new TextEncoder().encode(body).subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(body.slice(1)).toBe(csv);
    expect(fileBody(body, 'text/csv')).toBe(body);
  });

  it('any other file is left as it is', () => {
    expect(fileBody('{"fire":[]}', 'application/json')).toBe('{"fire":[]}');
  });
});
