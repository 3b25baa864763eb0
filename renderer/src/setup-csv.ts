/**
 * Counter values from CSV for the Setup screen: one value per line as `id,field,value`, where the
 * field says what the id is. Leader fields: rating, stars, range. Unit fields: sp, weapon (a weapon
 * code, or empty/none for no small arms), cohesion-ordered and cohesion-disordered (the counter's two
 * cohesion ratings; empty means "not entered"), guns (a battery's row of the group's artillery range
 * chart, by name; empty: not chosen). A header line `id,field,value`, blank lines and lines
 * starting with # are skipped; commas, semicolons or tabs separate columns (a spreadsheet paste works);
 * values may be quoted. Pure parsing: the edits are then sent one command per id.
 */
import type { EditLeaderInput, EditUnitInput } from '../../contract';
import { COUNTER_LIMITS, WEAPONS, type Weapon } from '../../rules/types';

export const LEADER_FIELDS = ['rating', 'stars', 'range'] as const;
export const UNIT_FIELDS = ['sp', 'weapon', 'cohesion-ordered', 'cohesion-disordered', 'guns'] as const;
export type LeaderField = (typeof LEADER_FIELDS)[number];
export type UnitField = (typeof UNIT_FIELDS)[number];

export type CounterEdit =
  | { line: number; kind: 'leader'; id: string; field: LeaderField; value: number }
  | { line: number; kind: 'unit'; id: string; field: 'sp'; value: number }
  | { line: number; kind: 'unit'; id: string; field: 'weapon'; value: Weapon | null }
  | { line: number; kind: 'unit'; id: string; field: 'cohesion-ordered' | 'cohesion-disordered'; value: number | null }
  | { line: number; kind: 'unit'; id: string; field: 'guns'; value: string | null };

export interface CsvProblem {
  line: number;
  message: string;
}

export interface ParsedCounterCsv {
  edits: CounterEdit[];
  problems: CsvProblem[];
}

export const CSV_EXAMPLE = `id,field,value
usa-meade,rating,3
usa-8th-illinois-cavalry,sp,9
usa-8th-illinois-cavalry,weapon,C`;

/** Splits one line into cells: separators , ; or tab; double quotes group (and "" is a quote). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

function wholeNumber(text: string, field: LeaderField | 'sp' | 'cohesion'): number | string {
  // The counters' limits, declared once (rules/types.ts); the service checks them again on import.
  const { min, max } = COUNTER_LIMITS[field];
  if (!/^-?\d+$/.test(text)) return `${field} must be a whole number ${min}-${max}, got "${text}"`;
  const value = Number(text);
  if (value < min || value > max) return `${field} must be ${min}-${max}, got ${value}`;
  return value;
}

/** Parses the text; `leaderIds` and `unitIds` are the game's, so unknown ids are reported by line. */
export function parseCounterCsv(text: string, leaderIds: ReadonlySet<string>, unitIds: ReadonlySet<string>): ParsedCounterCsv {
  const edits: CounterEdit[] = [];
  const problems: CsvProblem[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const cells = splitCsvLine(trimmed);
    const [id = '', fieldText = '', value = ''] = cells;
    const field = fieldText.toLowerCase();
    if (index === 0 || edits.length + problems.length === 0) {
      if (id.toLowerCase() === 'id' && field === 'field') return;
    }
    if (cells.length !== 3) {
      problems.push({ line, message: `expected 3 columns (id,field,value), found ${cells.length}` });
      return;
    }
    if ((LEADER_FIELDS as readonly string[]).includes(field)) {
      if (!leaderIds.has(id)) {
        problems.push({ line, message: `no leader "${id}" in this game${unitIds.has(id) ? ` ("${id}" is a unit: units take sp or weapon)` : ''}` });
        return;
      }
      const n = wholeNumber(value, field as LeaderField);
      if (typeof n === 'string') problems.push({ line, message: n });
      else edits.push({ line, kind: 'leader', id, field: field as LeaderField, value: n });
      return;
    }
    if ((UNIT_FIELDS as readonly string[]).includes(field)) {
      if (!unitIds.has(id)) {
        problems.push({ line, message: `no unit "${id}" in this game${leaderIds.has(id) ? ` ("${id}" is a leader: leaders take rating, stars or range)` : ''}` });
        return;
      }
      if (field === 'sp') {
        const n = wholeNumber(value, 'sp');
        if (typeof n === 'string') problems.push({ line, message: n });
        else edits.push({ line, kind: 'unit', id, field: 'sp', value: n });
        return;
      }
      if (field === 'guns') {
        edits.push({ line, kind: 'unit', id, field, value: value === '' || value === '-' ? null : value });
        return;
      }
      if (field === 'cohesion-ordered' || field === 'cohesion-disordered') {
        // Blank is "not entered": the unit's cohesion outcomes are read at the table.
        if (value === '' || value === '-') {
          edits.push({ line, kind: 'unit', id, field, value: null });
          return;
        }
        const n = wholeNumber(value, 'cohesion');
        if (typeof n === 'string') problems.push({ line, message: n.replace(/^cohesion/, field) });
        else edits.push({ line, kind: 'unit', id, field, value: n });
        return;
      }
      const code = value.toUpperCase();
      if (code === '' || code === 'NONE' || code === '-') {
        edits.push({ line, kind: 'unit', id, field: 'weapon', value: null });
      } else if ((WEAPONS as readonly string[]).includes(code)) {
        edits.push({ line, kind: 'unit', id, field: 'weapon', value: code as Weapon });
      } else {
        problems.push({ line, message: `weapon must be one of ${WEAPONS.join(', ')} or none, got "${value}"` });
      }
      return;
    }
    problems.push({ line, message: `unknown field "${fieldText}" (leaders: ${LEADER_FIELDS.join(', ')}; units: ${UNIT_FIELDS.join(', ')})` });
  });
  return { edits, problems };
}

export type CounterCall = { kind: 'leader'; lines: number[]; input: EditLeaderInput } | { kind: 'unit'; lines: number[]; input: EditUnitInput };

/** One service call per id (all its fields together), in the order the ids first appear; a later line wins. */
export function groupEdits(edits: readonly CounterEdit[]): CounterCall[] {
  const calls: CounterCall[] = [];
  const byKey = new Map<string, CounterCall>();
  for (const edit of edits) {
    const key = `${edit.kind}:${edit.id}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = edit.kind === 'leader' ? { kind: 'leader', lines: [], input: { leaderId: edit.id } } : { kind: 'unit', lines: [], input: { unitId: edit.id } };
      byKey.set(key, entry);
      calls.push(entry);
    }
    entry.lines.push(edit.line);
    if (entry.kind === 'leader' && edit.kind === 'leader') entry.input[edit.field] = edit.value;
    else if (entry.kind === 'unit' && edit.kind === 'unit') {
      if (edit.field === 'sp') entry.input.sp = edit.value;
      else if (edit.field === 'weapon') entry.input.weapon = edit.value;
      else if (edit.field === 'cohesion-ordered') entry.input.cohesionOrdered = edit.value;
      else if (edit.field === 'cohesion-disordered') entry.input.cohesionDisordered = edit.value;
      else if (edit.field === 'guns') entry.input.artilleryRow = edit.value;
    }
  }
  return calls;
}

const csvCell = (v: string) => (/[",;\t\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Every counter value of the game as CSV in the import's own format (`id,field,value`), so a group can
 * keep it, edit it in a spreadsheet and import it again: leaders' rating, stars and range; units' SP,
 * weapon and both cohesion ratings (blank: not entered), a battery's guns.
 */
export function counterValuesCsv(
  leaders: readonly { id: string; rating: number; stars: number; range: number }[],
  units: readonly { id: string; arm: string; sp: number; weapon: string | null; cohesionOrdered: number | null; cohesionDisordered: number | null; artilleryRow: string | null }[],
): string {
  const lines = ['id,field,value'];
  for (const l of leaders) for (const f of LEADER_FIELDS) lines.push(`${csvCell(l.id)},${f},${l[f]}`);
  for (const u of units) {
    lines.push(`${csvCell(u.id)},sp,${u.sp}`, `${csvCell(u.id)},weapon,${u.weapon ?? 'none'}`);
    lines.push(`${csvCell(u.id)},cohesion-ordered,${u.cohesionOrdered ?? ''}`, `${csvCell(u.id)},cohesion-disordered,${u.cohesionDisordered ?? ''}`);
    if (u.arm === 'artillery') lines.push(`${csvCell(u.id)},guns,${csvCell(u.artilleryRow ?? '')}`);
  }
  return `${lines.join('\n')}\n`;
}
