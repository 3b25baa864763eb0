/**
 * docs/rules-interpretations.md is the record of every reading of an ambiguous rule: each entry must be
 * cited (by its id, e.g. "RI-F14") in the code or test that implements it, so a reader can go from the
 * reading to the code and back. Checked by reading the sources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { helpBlocks, READING_ID } from '../renderer/src/help-text';
import { HOUSE_READINGS } from '../rules/house-readings';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_DIRS = ['rules', 'contract', 'data', 'db', 'electron', 'renderer', 'scripts', 'tests'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'artifacts') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|vue)$/.test(name) && path !== fileURLToPath(import.meta.url) ? [path] : [];
  });
}

const doc = readFileSync(join(root, 'docs/rules-interpretations.md'), 'utf8');
const entries = [...doc.matchAll(/^#{2,4} +(RI-[A-Z]+\d+)\b/gm)].map((m) => m[1]!);
/**
 * Readings of rules that act only on the map (a leader's move, a passage of lines): Muster has no map, so the
 * players apply them at the table and no code implements them. Their "Where" line says so.
 */
const atTheTable = [...doc.matchAll(/^#{2,4} +(RI-[A-Z]+\d+)\b[^\n]*\n(?:(?!#{2,4} +RI-)[^\n]*\n)*?\*\*Where:\*\* the players apply it at the table/gm)].map((m) => m[1]!);
const cited = new Set(SOURCE_DIRS.flatMap((d) => sources(join(root, d))).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/RI-[A-Z]+\d+/g)].map((m) => m[0])));

describe('docs/rules-interpretations.md', () => {
  it('has entries, each id once', () => {
    expect(entries.length).toBeGreaterThan(80);
    expect(new Set(entries).size).toBe(entries.length);
  });

  it('every entry is cited by the code or test that implements it, but those the players apply at the table', () => {
    expect(entries.filter((id) => !cited.has(id) && !atTheTable.includes(id))).toEqual([]);
  });

  it('an entry the players apply at the table is implemented nowhere in the code', () => {
    expect(atTheTable.length).toBeGreaterThan(0);
    expect(atTheTable.filter((id) => cited.has(id))).toEqual([]);
  });

  it('every id cited in the code has an entry', () => {
    expect([...cited].filter((id) => !entries.includes(id)).sort()).toEqual([]);
  });

  it("Help can open at every entry: each heading carries its id (the screens' rule references link there)", () => {
    const anchored = helpBlocks(doc).flatMap((b) => ('reading' in b && b.reading ? [b.reading] : []));
    expect(anchored).toEqual(entries);
  });

  it('the screens find an id the way the file writes it', () => {
    expect([...doc.matchAll(READING_ID)].map((m) => m[0]).filter((id) => !entries.includes(id))).toEqual([]);
  });

  it('states both readings of every house reading under its interpretation: the option and each choice by id', () => {
    for (const r of HOUSE_READINGS) {
      const ri = r.readings.split(', ')[0]!;
      const entry = doc.slice(doc.search(new RegExp(`^### ${ri}:`, 'm'))).split(/\n### /)[0]!;
      expect(entry, ri).toContain('**House reading**');
      expect(entry, ri).toContain(`option \`${r.id}\``);
      for (const c of r.choices) expect(entry, `${ri} ${c.id}`).toContain(`(\`${c.id}\``);
    }
  });
});
