/**
 * A small RFC 4180 CSV parser for the order-of-battle converter: comma-separated fields, records ended by
 * CRLF or LF, fields in double quotes may hold commas, line breaks and doubled quotes (""). Field text is
 * returned exactly as written (no trimming, no space normalisation: that is the caller's business).
 */

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

/** Parses CSV text into records (arrays of fields). A trailing line break does not make an empty record. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not part of the first field

  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
    line += 1;
  };

  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' && field === '') {
      // A quoted field: runs to the closing quote that is not doubled.
      const openedOnLine = line;
      i += 1;
      for (;;) {
        if (i >= text.length) throw new CsvError(`csv: line ${openedOnLine}: a quoted field is never closed`);
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (q === '\n') line += 1;
        field += q;
        i += 1;
      }
      const next = text[i];
      const lineBreakFollows = next === '\n' || (next === '\r' && text[i + 1] === '\n');
      if (next !== undefined && next !== ',' && !lineBreakFollows) {
        throw new CsvError(`csv: line ${line}: text after the closing quote of a field (expected a comma or a line break)`);
      }
      // An empty quoted field ("") must still count as a field even though `field` is ''.
      if (next === undefined) {
        endRecord();
        return records;
      }
      continue;
    }
    if (ch === ',') {
      endField();
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (ch === '\n') {
      endRecord();
      i += 1;
    } else if (ch === '"') {
      throw new CsvError(`csv: line ${line}: a double quote inside an unquoted field (quote the whole field and double the quote)`);
    } else {
      field += ch;
      i += 1;
    }
  }
  // Text that does not end with a line break still ends its last record.
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/**
 * Parses CSV text whose first record is a header into one object per record, keyed by column name.
 * Every record must have exactly as many fields as the header.
 */
export function parseCsvWithHeader(text: string): { columns: string[]; rows: Record<string, string>[] } {
  const [header, ...body] = parseCsv(text);
  if (!header) throw new CsvError('csv: the text is empty (expected a header record)');
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) throw new CsvError(`csv: the header names column "${name}" twice`);
    seen.add(name);
  }
  const rows = body.map((fields, index) => {
    if (fields.length !== header.length) {
      throw new CsvError(`csv: record ${index + 1} after the header has ${fields.length} fields; the header has ${header.length}`);
    }
    const row: Record<string, string> = {};
    header.forEach((name, column) => {
      row[name] = fields[column] ?? '';
    });
    return row;
  });
  return { columns: header, rows };
}
