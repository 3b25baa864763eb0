/**
 * The Roster screen's rows: the command tree (army > corps > division > brigade) flattened depth-first,
 * each command followed by its own units and then its subordinate commands, with the search and the
 * filters (side, arm, status, orders) applied and collapsed commands folded. Pure functions of the
 * service's data, so the virtualised table only renders a slice of this list.
 */
import type { CommandChange, CommandNode, RosterUnit } from '../../contract';
import type { Arm, OrderCode, Side, UnitStatus } from '../../rules/types';

export interface RosterFilters {
  side: Side | 'all';
  arm: Arm | 'all';
  status: UnitStatus | 'all';
  order: OrderCode | 'all';
  /** Matched (case-insensitive) against unit names and ids and the names of their commands. */
  search: string;
  /** Hide reinforcements that have not arrived yet. */
  onMapOnly: boolean;
}

export const NO_FILTERS: RosterFilters = { side: 'all', arm: 'all', status: 'all', order: 'all', search: '', onMapOnly: false };

export type RosterRow =
  | { kind: 'command'; key: string; depth: number; node: CommandNode; lossPercent: number; collapsed: boolean; hasContent: boolean }
  | { kind: 'unit'; key: string; depth: number; unit: RosterUnit; lossPercent: number };

/** Share of the printed strength no longer in the line (lost, straggling, abandoned guns), in percent, one decimal (RI-R01). */
export function lossPercent(printedSp: number, currentSp: number): number {
  if (printedSp <= 0) return 0;
  return Math.round(((printedSp - currentSp) / printedSp) * 1000) / 10;
}

export function filtersActive(filters: RosterFilters): boolean {
  return filters.side !== 'all' || filters.arm !== 'all' || filters.status !== 'all' || filters.order !== 'all' || filters.search.trim() !== '' || filters.onMapOnly;
}

export function unitMatches(unit: RosterUnit, filters: RosterFilters): boolean {
  if (filters.side !== 'all' && unit.side !== filters.side) return false;
  if (filters.arm !== 'all' && unit.arm !== filters.arm) return false;
  if (filters.status !== 'all' && unit.status !== filters.status) return false;
  if (filters.order !== 'all' && unit.effectiveOrder !== filters.order) return false;
  if (filters.onMapOnly && !unit.onMap) return false;
  const needle = filters.search.trim().toLowerCase();
  if (needle === '') return true;
  return unit.name.toLowerCase().includes(needle) || unit.id.includes(needle) || unit.commandPath.some((name) => name.toLowerCase().includes(needle));
}

export const commandKey = (id: string): string => `c:${id}`;
export const unitKey = (id: string): string => `u:${id}`;

/**
 * Flattens the tree into rows. With filters active, only commands holding matching units are shown.
 * A row of `held` (the rows made before) with the same key showing the same command or unit object the same
 * way (depth, folding, content) is that row again, and when every row is, the list held is the list: the
 * table then redraws only the rows whose unit or command changed (keepUnchanged keeps the others' objects).
 */
export function rosterRows(
  tree: readonly CommandNode[],
  units: readonly RosterUnit[],
  filters: RosterFilters,
  collapsed: ReadonlySet<string>,
  held: readonly RosterRow[] = [],
): RosterRow[] {
  const unitsByCommand = new Map<string, RosterUnit[]>();
  for (const unit of units) {
    const list = unitsByCommand.get(unit.commandId);
    if (list) list.push(unit);
    else unitsByCommand.set(unit.commandId, [unit]);
  }
  const before = new Map(held.map((r) => [r.key, r]));
  const active = filtersActive(filters);
  /** The rows so far; a command's place is null until what it holds is known (its row says whether it has content). */
  const rows: (RosterRow | null)[] = [];

  const commandRow = (node: CommandNode, depth: number, isCollapsed: boolean, hasContent: boolean): RosterRow => {
    const key = commandKey(node.id);
    const row = before.get(key);
    if (row?.kind === 'command' && row.node === node && row.depth === depth && row.collapsed === isCollapsed && row.hasContent === hasContent) return row;
    return { kind: 'command', key, depth, node, lossPercent: lossPercent(node.totals.sp, node.totals.currentSp), collapsed: isCollapsed, hasContent };
  };
  const unitRow = (unit: RosterUnit, depth: number): RosterRow => {
    const key = unitKey(unit.id);
    const row = before.get(key);
    if (row?.kind === 'unit' && row.unit === unit && row.depth === depth) return row;
    return { kind: 'unit', key, depth, unit, lossPercent: lossPercent(unit.sp, unit.currentSp) };
  };

  /** Appends the node's rows; returns whether it holds anything shown (always true without filters). */
  const visit = (node: CommandNode, depth: number): boolean => {
    if (filters.side !== 'all' && node.side !== filters.side) return false;
    const ownUnits = (unitsByCommand.get(node.id) ?? []).filter((u) => !active || unitMatches(u, filters));
    const headerIndex = rows.length;
    const isCollapsed = collapsed.has(node.id);
    rows.push(null);
    let shown = ownUnits.length > 0;
    if (isCollapsed) {
      // Folded: its content counts for "is anything here" without being listed.
      const holds = (n: CommandNode): boolean =>
        (unitsByCommand.get(n.id) ?? []).some((u) => !active || unitMatches(u, filters)) || n.children.some(holds);
      shown = holds(node);
    } else {
      for (const unit of ownUnits) rows.push(unitRow(unit, depth + 1));
      for (const child of node.children) {
        if (visit(child, depth + 1)) shown = true;
      }
    }
    if (active && !shown) {
      rows.length = headerIndex;
      return false;
    }
    rows[headerIndex] = commandRow(node, depth, isCollapsed, shown || node.children.length > 0);
    return true;
  };

  for (const root of tree) visit(root, 0);
  // Every place is filled by now: a command's place is taken back with its rows, or filled with its row.
  const made = rows as RosterRow[];
  return made.length === held.length && made.every((r, i) => r === held[i]) ? (held as RosterRow[]) : made;
}

/** Index of the row with `key`, or -1. */
export function rowIndex(rows: readonly RosterRow[], key: string | null): number {
  if (key === null) return -1;
  return rows.findIndex((r) => r.key === key);
}

/** Index of the command row a row belongs to (its parent in the display), or -1 for a top command. */
export function parentRowIndex(rows: readonly RosterRow[], index: number): number {
  const row = rows[index];
  if (!row) return -1;
  for (let i = index - 1; i >= 0; i--) {
    const candidate = rows[i];
    if (candidate && candidate.kind === 'command' && candidate.depth < row.depth) return i;
  }
  return -1;
}

/** The unit's flags in words, for the Flags column. */
export function unitFlags(unit: RosterUnit): string[] {
  const flags: string[] = [];
  if (!unit.onMap) flags.push('off map');
  if (unit.canDismount) flags.push(unit.mounted ? 'mounted' : 'dismounted');
  if (unit.outOfAmmo) flags.push('out of ammo');
  if (unit.extendedColumn) flags.push('ext. column');
  if (unit.strategicMovement) flags.push('strategic mvt');
  if (unit.skirmishers) flags.push('skirmishers');
  if (unit.works !== 'none') flags.push(unit.works);
  if (unit.bayonetCharge) flags.push('Bayonet Charge');
  if (unit.horseArtillery) flags.push('horse arty');
  if (unit.sharpshooters) flags.push('sharpshooters');
  if (unit.abandonedGuns > 0) flags.push(`${unit.abandonedGuns} abandoned guns`);
  if (unit.capturedGuns > 0) flags.push(`${unit.capturedGuns} guns captured`);
  if (unit.destroyedGuns > 0) flags.push(`${unit.destroyedGuns} guns destroyed`);
  return flags;
}

/**
 * Why no order may be given to this row now without a roll (RI-H06), from what the service says is open
 * (info.directOrders), or null when one may: any opening order before play begins; an out-of-command
 * unit's Default Order in the Orders and Activation Segments; never a command once play has begun.
 */
export function directOrderBar(direct: { opening: boolean; defaultOrder: boolean; reason: string | null; rule: string } | undefined, row: Pick<RosterRow, 'kind'> | null): string | null {
  if (!direct || !row || direct.opening) return null;
  if (row.kind === 'command') return `Once play has begun a command's orders change by an order change attempt in the Orders Segment (Turn screen), or by Commander's Initiative there (${direct.rule}).`;
  return direct.defaultOrder ? null : `${direct.reason ?? 'Not now'} (${direct.rule}).`;
}

/** A command level as the Roster's name column abbreviates it. */
export function levelAbbrev(level: string): string {
  return { army: 'Army', wing: 'Wing', corps: 'Corps', division: 'Div', brigade: 'Bde' }[level] ?? level;
}

/** The markers and states of a command, in words, for the Roster's Flags column. */
export function commandFlags(node: Pick<CommandNode, 'rsm' | 'recovery' | 'attachedTo' | 'onMap'>): string {
  return [node.rsm ? 'RSM' : '', node.recovery ? 'recovery' : '', node.attachedTo ? 'attached' : '', node.onMap ? '' : 'off map'].filter(Boolean).join(', ');
}

export const STATUS_LABELS: Record<string, string> = { ordered: 'Ordered', disordered: 'Disordered', routed: 'Routed', shattered: 'Shattered', eliminated: 'Eliminated' };

/** Where a standing order comes from, in words: the unit's own order, or the command whose order it follows (`nameOf` its id). */
export function orderSourceWords(source: string, expires: boolean, nameOf: (commandId: string) => string | undefined): string {
  if (source === 'unit') return expires ? 'own order, Commander’s Initiative (expires this turn)' : 'own order';
  const name = nameOf(source);
  return name !== undefined ? `from ${name}` : `from ${source}`;
}

/**
 * The units of a sheet the service sent as changes: `changed` replaces the units of the same id, and the
 * order (and which units there are) is the service's `unitIds`, or the order held when it sent none. A unit
 * unchanged keeps its object. Null when the changes name a unit the screen does not hold (then it reads the
 * whole sheet).
 */
export function mergeUnits(held: readonly RosterUnit[], changed: readonly RosterUnit[], unitIds?: readonly string[]): RosterUnit[] | null {
  const byId = new Map(held.map((u) => [u.id, u]));
  // With the order held, a changed unit must be one of the units held.
  if (unitIds === undefined && changed.some((u) => !byId.has(u.id))) return null;
  for (const u of changed) byId.set(u.id, u);
  const merged: RosterUnit[] = [];
  for (const id of unitIds ?? held.map((u) => u.id)) {
    const unit = byId.get(id);
    if (unit === undefined) return null;
    merged.push(unit);
  }
  return merged;
}

/**
 * The command tree of a sheet the service sent as changes: each command in `changed` (its own fields and its
 * subordinates' ids) replaces the one of the same id, and the top commands are `rootIds`. A command neither
 * changed nor above one that did keeps its object, subtree and all; one above a changed command is a new
 * object with its new subordinates (what did not change is the tree held). Null when the changes name a
 * command the screen does not hold (then it reads the whole sheet).
 */
export function mergeTree(held: readonly CommandNode[], changed: readonly CommandChange[], rootIds: readonly string[]): CommandNode[] | null {
  const heldById = new Map<string, CommandNode>();
  const walk = (nodes: readonly CommandNode[]) => {
    for (const n of nodes) {
      heldById.set(n.id, n);
      walk(n.children);
    }
  };
  walk(held);
  const changedById = new Map(changed.map((c) => [c.id, c]));
  // A command whose subordinates come round to it again is no tree: `made` stops the walk there.
  const making = new Set<string>();
  const made = (id: string): CommandNode | undefined => {
    if (making.has(id)) return undefined;
    making.add(id);
    try {
      const change = changedById.get(id);
      if (change !== undefined) {
        const { childIds, ...fields } = change;
        const children = subordinates(childIds);
        return children === null ? undefined : { ...fields, children };
      }
      const node = heldById.get(id);
      if (node === undefined) return undefined;
      const children = subordinates(node.children.map((c) => c.id));
      if (children === null) return undefined;
      return children.every((c, i) => c === node.children[i]) ? node : { ...node, children };
    } finally {
      making.delete(id);
    }
  };
  const subordinates = (ids: readonly string[]): CommandNode[] | null => {
    const nodes: CommandNode[] = [];
    for (const id of ids) {
      const node = made(id);
      if (node === undefined) return null;
      nodes.push(node);
    }
    return nodes;
  };
  const roots = subordinates(rootIds);
  if (roots === null) return null;
  return roots.length === held.length && roots.every((r, i) => r === held[i]) ? (held as CommandNode[]) : roots;
}
