/**
 * The Roster screen's sheet: the command tree and every unit in one read, and after a change only the units
 * that changed since the sheet the screen holds, named by a revision.
 *
 * A sheet's revision is a random name given to what the sheet shows, per viewer: the same rows seen again
 * get the same name, different rows a new one. It is never the file's own numbers (SQLite's count of
 * changes would tell the other side how many hidden entries were made), and it never depends on whether
 * the other side has hidden entries in force (RI-H07): a side that sees the same rows is told the same
 * name, and may ask what changed since it, whatever the other side entered in secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CommandChange, CommandNode, RosterSheet, RosterSheetQuery } from '../../contract';
import { statement } from '../statements';
import { readCommands, readUnits, type UnitRow } from '../store';
import type { GameContext, ServiceFunctions } from './context';
import { revisionOf } from './revision-memo';
import { roster, treeOf, treeOfRows, type ForcesRead } from './roster';

/** Sheets kept per connection and viewer: a screen holding an older one is sent the whole sheet. */
const SHEETS_KEPT = 4;

/** A whole sheet: the tree and every unit (a sheet of changes is made from two of them). */
type WholeSheet = RosterSheet & { tree: CommandNode[] };

interface Shown {
  sheet: Omit<WholeSheet, 'revision'>;
  /** A digest of what the sheet shows: the key of its name. */
  content: string;
}

interface Named {
  byContent: Map<string, WholeSheet>;
  byName: Map<string, WholeSheet>;
}

/** Per connection: the sheets made per state of the file (as it is, no hidden entry taken out), and the names given per viewer. */
const sheetsMade = new WeakMap<GameContext['db'], { byState: Map<string, Shown>; named: Map<string, Named> }>();

function keptFor(ctx: GameContext) {
  let kept = sheetsMade.get(ctx.db);
  if (kept === undefined) {
    kept = { byState: new Map(), named: new Map() };
    sheetsMade.set(ctx.db, kept);
  }
  return kept;
}

/** Drops the oldest entries of a map (a Map keeps the order things were put in) beyond the number kept. */
function keepNewest<K, V>(map: Map<K, V>, onDrop: (value: V) => void = () => {}): void {
  while (map.size > SHEETS_KEPT) {
    const oldest = map.keys().next().value as K;
    onDrop(map.get(oldest)!);
    map.delete(oldest);
  }
}

/**
 * Each row of a sheet made, as JSON: the sheet's digest is made of them, and a row is sent again only if
 * its text differs from the held sheet's row (one string compared per unit, not the row's every field).
 */
const rowText = new WeakMap<object, string>();

/** The sheet as the file stands: the tree and every unit, from one read of the commands and the units. */
function shownNow(ctx: GameContext): Shown {
  const read: ForcesRead = { commands: readCommands(ctx.db), units: readUnits(ctx.db) };
  return shownOf({ tree: treeOf(ctx, read), units: roster(ctx, {}, read) });
}

/** A sheet with its digest: the very text JSON.stringify(sheet) gives, put together from the rows' own. */
function shownOf(sheet: Omit<WholeSheet, 'revision'>): Shown {
  const texts = sheet.units.map((u) => {
    let text = rowText.get(u);
    if (text === undefined) {
      text = JSON.stringify(u);
      rowText.set(u, text);
    }
    return text;
  });
  const whole = `{"tree":${JSON.stringify(sheet.tree)},"units":[${texts.join(',')}]}`;
  return { sheet, content: createHash('sha256').update(whole).digest('hex') };
}

/**
 * What the sheet shows now. Outside a transaction it is made once per state of the file (revision-memo.ts):
 * the page's opening frame and the Roster screen right behind it ask for the same sheet as the page loads.
 * Inside one (a side's view, the other side's hidden entries taken out and rolled back) it is made afresh.
 */
function shown(ctx: GameContext): Shown {
  if (ctx.db.inTransaction) return shownNow(ctx);
  const kept = keptFor(ctx);
  const state = revisionOf(ctx);
  let made = kept.byState.get(state);
  if (made === undefined) {
    made = shownNow(ctx);
    kept.byState.set(state, made);
    keepNewest(kept.byState);
  }
  return made;
}

/** Where the file stood, for carrySheet: the state a sheet was made at. */
export function sheetState(ctx: GameContext): string | null {
  return ctx.db.inTransaction ? null : revisionOf(ctx);
}

/**
 * The sheet after a write, from the sheet made at the state before it and the rows the write changed (its
 * events' changes), rather than from every unit again: a write that changed none of SHEET_TABLES (the clock
 * moved, a die was rolled) leaves the sheet as it was; one that changed only units (a loss, its undo) makes
 * those units' rows again, and the tree's totals from the rows. A change to a command or a leader (orders,
 * names, the chain) makes the whole sheet again when it is next asked.
 */
export function carrySheet(ctx: GameContext, before: string, changes: readonly { table: string; key: string | number }[]): void {
  if (ctx.db.inTransaction || changes.some((c) => c.table === 'commands' || c.table === 'leaders')) return;
  const kept = sheetsMade.get(ctx.db);
  const made = kept?.byState.get(before);
  if (made === undefined) return;
  const unitIds = [...new Set(changes.filter((c) => c.table === 'units').map((c) => String(c.key)))];
  let next = made;
  if (unitIds.length > 0) {
    const rows = statement(ctx.db, 'SELECT * FROM units WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(unitIds)) as UnitRow[];
    if (rows.length !== unitIds.length) return;
    const commands = readCommands(ctx.db);
    const fresh = new Map(roster(ctx, {}, { commands, units: rows }).map((r) => [r.id, r]));
    const units = made.sheet.units.map((u) => fresh.get(u.id) ?? u);
    next = shownOf({ tree: treeOfRows(ctx, commands, units), units });
  }
  kept!.byState.set(revisionOf(ctx), next);
  keepNewest(kept!.byState);
}

/** The names given to the sheets one viewer was sent. */
function namedFor(ctx: GameContext, viewer: string): Named {
  const kept = keptFor(ctx);
  let named = kept.named.get(viewer);
  if (named === undefined) {
    named = { byContent: new Map(), byName: new Map() };
    kept.named.set(viewer, named);
  }
  return named;
}

/**
 * The revision of the sheet the file shows now as nobody in particular sees it, if one was sent (a Roster
 * screen holds it), else null: a write's answer then carries the sheet's changes since it
 * (db/service/write-answer.ts).
 */
export function sheetHeld(ctx: GameContext): string | null {
  if (ctx.db.inTransaction) return null;
  const made = sheetsMade.get(ctx.db);
  const now = made?.byState.get(revisionOf(ctx));
  if (now === undefined) return null;
  return made!.named.get('nobody')?.byContent.get(now.content)?.revision ?? null;
}

/** Two rows of sheets made here are the same: their texts, else (a row made elsewhere) field by field. */
function sameRow(a: object | undefined, b: object): boolean {
  const ta = a === undefined ? undefined : rowText.get(a);
  const tb = rowText.get(b);
  return ta !== undefined && tb !== undefined ? ta === tb : sameData(a, b);
}

/** Two answers of the contract (plain data: strings, numbers, booleans, null, arrays, objects) are the same. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The Roster screen's first paint from one query: the tree and every unit, from one read of the commands
 * and the units (and so one working out of the standing orders, cached per read in db/service/chain.ts).
 * After a change, the screen asks `since` the sheet it holds and is sent the units that changed (a loss:
 * one unit), with every unit's id in order only when that order is not the one held.
 */
function rosterSheet(ctx: GameContext, input: RosterSheetQuery = {}): RosterSheet {
  const now = shown(ctx);
  const named = namedFor(ctx, input?.viewer ?? 'nobody');
  let sheet = named.byContent.get(now.content);
  if (sheet === undefined) {
    sheet = { ...now.sheet, revision: randomBytes(9).toString('hex') };
    named.byContent.set(now.content, sheet);
    named.byName.set(sheet.revision!, sheet);
    keepNewest(named.byContent, (dropped) => named.byName.delete(dropped.revision!));
  }
  const held = input?.since === undefined ? undefined : named.byName.get(input.since);
  if (held === undefined) return sheet;
  const before = new Map(held.units.map((u) => [u.id, u]));
  // The units' order is sent only when it is not the one held: on the full battle it is most of a loss's answer.
  const sameOrder = held.units.length === now.sheet.units.length && held.units.every((u, i) => u.id === now.sheet.units[i]!.id);
  return {
    units: now.sheet.units.filter((u) => !sameRow(before.get(u.id), u)),
    revision: sheet.revision,
    changes: { since: input!.since!, ...(sameOrder ? {} : { unitIds: now.sheet.units.map((u) => u.id) }), ...treeChanges(held.tree, now.sheet.tree) },
  };
}

/** A command of the tree without its subtree (its subordinates by id), and that as JSON, per node made here. */
const commandText = new WeakMap<CommandNode, { change: CommandChange; text: string }>();

function commandOf(node: CommandNode): { change: CommandChange; text: string } {
  let made = commandText.get(node);
  if (made === undefined) {
    const { children, ...fields } = node;
    const change: CommandChange = { ...fields, childIds: children.map((c) => c.id) };
    made = { change, text: JSON.stringify(change) };
    commandText.set(node, made);
  }
  return made;
}

/** Every command of a tree by id, subordinates after their superior. */
function commandsOf(tree: readonly CommandNode[]): Map<string, CommandNode> {
  const byId = new Map<string, CommandNode>();
  const walk = (nodes: readonly CommandNode[]) => {
    for (const n of nodes) {
      byId.set(n.id, n);
      walk(n.children);
    }
  };
  walk(tree);
  return byId;
}

/**
 * The commands of `now` that differ from those of the tree held (their own fields or their subordinates' ids:
 * a loss changes the unit's command's totals and its superiors'), and the top commands' ids: with the tree
 * held, all a screen needs to make the tree as it is now, each command that did not change kept as it holds it.
 */
function treeChanges(held: readonly CommandNode[], now: readonly CommandNode[]): { commands: CommandChange[]; rootIds: string[] } {
  const before = commandsOf(held);
  const commands: CommandChange[] = [];
  for (const [id, node] of commandsOf(now)) {
    const was = before.get(id);
    if (was === node) continue;
    const made = commandOf(node);
    if (was === undefined || commandOf(was).text !== made.text) commands.push(made.change);
  }
  return { commands, rootIds: now.map((n) => n.id) };
}

export const rosterSheetFunctions = { rosterSheet } satisfies Partial<ServiceFunctions>;
