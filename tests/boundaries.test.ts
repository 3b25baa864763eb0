/**
 * Layer boundaries (docs/architecture.md): rules/ is a pure engine that imports nothing but itself,
 * and only the Electron entry files may import 'electron'. Checked by reading the sources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  const full = join(root, dir);
  let entries: string[];
  try {
    entries = readdirSync(full);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(full, name);
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path));
    return /\.(ts|vue)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return found.map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

describe('rules/ is pure', () => {
  const files = sourceFiles('rules').filter((f) => !f.endsWith('.test.ts'));

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('imports only relative modules inside rules/ (no electron, vue, pinia, better-sqlite3 or node I/O)', () => {
    const offenders: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(file)) {
        const bad = !spec.startsWith('.') || relative(join(root, 'rules'), join(file, '..', spec)).startsWith('..');
        if (bad) offenders.push(`${relative(root, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('never calls Math.random', () => {
    const offenders = files.filter((f) => /Math\.random/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('only the Electron entry files import electron', () => {
  it('no file outside electron/main.ts, preload.ts, ipc.ts imports electron', () => {
    const allowed = new Set(['electron/main.ts', 'electron/preload.ts', 'electron/ipc.ts']);
    const offenders: string[] = [];
    for (const dir of ['rules', 'data', 'db', 'electron', 'renderer', 'scripts']) {
      for (const file of sourceFiles(dir)) {
        const rel = relative(root, file);
        if (rel.endsWith('.test.ts') || allowed.has(rel)) continue;
        if (importsOf(file).some((s) => s === 'electron' || s.startsWith('electron/'))) offenders.push(rel);
      }
    }
    expect(offenders).toEqual([]);
  });
});

/** Every import of a file with the statement it sits in (to tell `import type` from a value import). */
function importStatements(file: string): { spec: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(import|export)\s+(type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => ({
    spec: m[3] ?? m[4] ?? '',
    typeOnly: m[2] !== undefined,
  }));
}

const resolvedFrom = (file: string, spec: string) => relative(root, join(file, '..', spec));

describe('the renderer speaks to the main process only through the contract', () => {
  const files = sourceFiles('renderer').filter((f) => !f.endsWith('.test.ts'));

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('imports from outside renderer/ only contract types and the pure rules', () => {
    const offenders: string[] = [];
    for (const file of files) {
      for (const { spec, typeOnly } of importStatements(file)) {
        if (!spec.startsWith('.')) continue;
        const target = resolvedFrom(file, spec);
        if (target.startsWith('renderer')) continue;
        const ok = (target.startsWith('contract') && typeOnly) || target.startsWith('rules');
        if (!ok) offenders.push(`${relative(root, file)} imports ${spec}${typeOnly ? ' (types)' : ''}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('the contract is a leaf', () => {
  it('imports only zod, itself and rules/types.ts (the sandboxed preload bundles contract/events.ts, which imports nothing)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles('contract').filter((f) => !f.endsWith('.test.ts'))) {
      for (const { spec } of importStatements(file)) {
        const target = spec.startsWith('.') ? resolvedFrom(file, spec) : spec;
        if (!(target === 'zod' || target.startsWith('contract') || target === 'rules/types')) offenders.push(`${relative(root, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(importStatements(join(root, 'contract/events.ts'))).toEqual([]);
  });
});
