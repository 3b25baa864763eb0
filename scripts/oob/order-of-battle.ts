/**
 * The order of battle of both armies built from the CSV rows: the command tree (army, wing, corps, division,
 * brigade), a leader for every command that has one, and the units, all in a stable order with stable ids.
 */
import type { ScenarioCommand, ScenarioLeader, ScenarioUnit } from '../../data/scenario-schema';
import type { CommandLevel, Side } from '../../rules/types';
import {
  ARMIES,
  BRIGADE_LEADER_NAMES,
  CORPS,
  DIVISION_LEADER_NAMES,
  DIVISION_PLACEHOLDERS,
  LEFT_WING_CORPS,
  leaderValues,
  WARREN,
  WING,
  type LeaderRole,
} from './commanders';
import { ordinal, possessive, slug } from './names';
import type { OobRow } from './read-csv';
import { buildUnits } from './units';

interface TreeNode {
  command: ScenarioCommand;
  children: TreeNode[];
  rows: OobRow[];
}

/** A leader before his id is settled: `key` is his CSV surname, `parentKey` his superior's (for telling namesakes apart). */
interface LeaderDraft {
  side: Side;
  key: string;
  parentKey: string;
  name: string;
  role: LeaderRole;
  commandId: string | null;
  level: CommandLevel;
  fixedId?: string;
}

function firstAppearance<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function makeCommand(side: Side, level: CommandLevel, id: string, name: string, parentId: string | null, cavalry: boolean): ScenarioCommand {
  return { id, side, level, name, parentId, leaderId: null, cavalry, artillery: false };
}

/** The forces of both armies: the command tree, its leaders and every regiment and battery, in a stable order. */
export interface OrderOfBattle {
  commands: ScenarioCommand[];
  leaders: ScenarioLeader[];
  units: ScenarioUnit[];
}

/** Builds the command tree, leaders and units from the order-of-battle rows (RI-D01 to RI-D08). */
export function buildOrderOfBattle(rows: OobRow[]): OrderOfBattle {
  const roots: TreeNode[] = [];
  const drafts: LeaderDraft[] = [];
  const nodesInOrder: TreeNode[] = [];

  const addNode = (parent: TreeNode | null, command: ScenarioCommand): TreeNode => {
    const node: TreeNode = { command, children: [], rows: [] };
    if (parent) parent.children.push(node);
    else roots.push(node);
    return node;
  };

  for (const side of ['USA', 'CSA'] as const) {
    const sideRows = rows.filter((r) => r.side === side);
    const army = addNode(null, makeCommand(side, 'army', ARMIES[side].id, ARMIES[side].name, null, false));
    drafts.push({ side, key: 'army', parentKey: '', name: ARMIES[side].leader, role: 'army', commandId: army.command.id, level: 'army', fixedId: ARMIES[side].leaderId });
    let wing: TreeNode | null = null;
    if (side === 'USA') {
      wing = addNode(army, makeCommand(side, 'wing', WING.id, WING.name, army.command.id, false));
      drafts.push({ side, key: 'wing', parentKey: '', name: WING.leader, role: 'wing', commandId: WING.id, level: 'wing', fixedId: WING.leaderId });
    }

    for (const corpsKey of firstAppearance(sideRows.map((r) => r.corps))) {
      const info = CORPS[side][corpsKey];
      if (!info) throw new Error(`convert-oob: ${side} corps "${corpsKey}" is not in the converter's corps table (known: ${Object.keys(CORPS[side]).join(', ')})`);
      const corpsRows = sideRows.filter((r) => r.corps === corpsKey);
      const cavalry = info.cavalry === true;
      const prefix = side.toLowerCase();

      if (info.collapseToDivision) {
        const divisions = firstAppearance(corpsRows.map((r) => r.division));
        if (divisions.length !== 1 || divisions[0] !== corpsKey) {
          throw new Error(`convert-oob: ${side} corps "${corpsKey}" was expected to hold one division of the same name (found ${divisions.join(', ')})`);
        }
        const divisionId = `${prefix}-${info.tag}-division`;
        const division = addNode(army, makeCommand(side, 'division', divisionId, info.name, army.command.id, cavalry));
        drafts.push({ side, key: corpsKey, parentKey: 'army', name: info.leader, role: 'division', commandId: divisionId, level: 'division' });
        addBrigades(division, corpsRows, `${prefix}-${slug(corpsKey)}`, corpsKey, cavalry);
        continue;
      }

      const corpsId = info.artilleryReserve ? `${prefix}-artillery-reserve` : `${prefix}-${info.tag}-corps`;
      const corpsParent = side === 'USA' && wing && LEFT_WING_CORPS.includes(corpsKey) ? wing : army;
      const corps = addNode(corpsParent, makeCommand(side, 'corps', corpsId, info.name, corpsParent.command.id, cavalry));
      drafts.push({ side, key: corpsKey, parentKey: 'army', name: info.leader, role: 'corps', commandId: corpsId, level: 'corps' });
      const corpsTag = info.artilleryReserve ? `${prefix}-artillery-reserve` : `${prefix}-${info.tag}`;

      let divisionNumber = 0;
      for (const divisionKey of firstAppearance(corpsRows.map((r) => r.division))) {
        const divisionRows = corpsRows.filter((r) => r.division === divisionKey);
        if (DIVISION_PLACEHOLDERS.has(divisionKey)) {
          addBrigades(corps, divisionRows, corpsTag, corpsKey, cavalry);
          continue;
        }
        if (/_/.test(divisionKey)) throw new Error(`convert-oob: division "${divisionKey}" looks like a placeholder the converter does not know`);
        divisionNumber += 1;
        // USA divisions by number (usa-i-1), CSA divisions by commander (csa-hood-division); brigades below them.
        const allArtillery = divisionRows.every((r) => r.arm === 'artillery');
        const brigadePrefix = side === 'USA' ? `${corpsTag}-${divisionNumber}` : `${prefix}-${slug(divisionKey)}`;
        const divisionId = side === 'USA' ? brigadePrefix : `${brigadePrefix}-${allArtillery ? 'artillery' : 'division'}`;
        const divisionName =
          side === 'USA' ? `${ordinal(divisionNumber)} Division, ${info.name}` : `${possessive(divisionKey)} ${allArtillery ? 'Artillery Reserve' : 'Division'}`;
        const division = addNode(corps, makeCommand(side, 'division', divisionId, divisionName, corpsId, cavalry));
        drafts.push({
          side, key: divisionKey, parentKey: corpsKey,
          name: DIVISION_LEADER_NAMES[side][divisionKey] ?? divisionKey,
          role: 'division', commandId: divisionId, level: 'division',
        });
        addBrigades(division, divisionRows, brigadePrefix, divisionKey, cavalry);
      }
    }
  }

  function addBrigades(parent: TreeNode, parentRows: OobRow[], idPrefix: string, parentKey: string, cavalry: boolean): void {
    for (const brigadeKey of firstAppearance(parentRows.map((r) => r.brigade))) {
      const brigadeRows = parentRows.filter((r) => r.brigade === brigadeKey);
      const side = parent.command.side;
      if (brigadeKey === parentKey) {
        // A battery the CSV files under its division commander himself (Buford, Gregg): a leaderless command (RI-D07).
        const node = addNode(parent, makeCommand(side, 'brigade', `${idPrefix}-artillery`, `${possessive(brigadeKey)} Division Artillery`, parent.command.id, cavalry));
        node.rows.push(...brigadeRows);
        continue;
      }
      const leaderName = BRIGADE_LEADER_NAMES[brigadeKey] ?? brigadeKey;
      const allArtillery = brigadeRows.every((r) => r.arm === 'artillery');
      const artilleryKind = side === 'CSA' ? 'Battalion' : 'Brigade';
      const kind = allArtillery ? `${cavalry ? 'Horse Artillery' : 'Artillery'} ${artilleryKind}` : 'Brigade';
      const id = `${idPrefix}-${slug(leaderName)}`;
      const node = addNode(parent, makeCommand(side, 'brigade', id, `${possessive(leaderName)} ${kind}`, parent.command.id, cavalry));
      node.rows.push(...brigadeRows);
      drafts.push({ side, key: brigadeKey, parentKey, name: leaderName, role: allArtillery ? 'artillery' : 'brigade', commandId: id, level: 'brigade' });
    }
  }

  // Flatten: each army, then the wing, then every corps with its subtree, in the CSV's order (parents first).
  const visit = (node: TreeNode) => {
    nodesInOrder.push(node);
    for (const child of node.children) visit(child);
  };
  for (const root of roots) {
    nodesInOrder.push(root);
    const wingNode = root.children.find((c) => c.command.level === 'wing');
    if (wingNode) nodesInOrder.push(wingNode);
    const corpsLike = [...root.children.filter((c) => c.command.level !== 'wing'), ...(wingNode?.children ?? [])];
    const csvOrder = (n: TreeNode) => Math.min(...subtreeRows(n).map((r) => r.index));
    corpsLike.sort((a, b) => csvOrder(a) - csvOrder(b));
    for (const child of corpsLike) visit(child);
  }

  // Artillery commands: those whose units are all batteries (RI-D08).
  for (const node of nodesInOrder) {
    const rowsBelow = subtreeRows(node);
    node.command.artillery = rowsBelow.length > 0 && rowsBelow.every((r) => r.arm === 'artillery');
  }
  const commands = nodesInOrder.map((n) => n.command);
  assertUnique('command', commands.map((c) => c.id));

  // Leaders: artillery chiefs of division and corps level too; ids by surname, disambiguated by the superior's key.
  for (const d of drafts) {
    const command = commands.find((c) => c.id === d.commandId);
    if (command?.artillery && (d.role === 'division' || d.role === 'corps')) d.role = 'artillery';
  }
  const baseId = (d: LeaderDraft) => d.fixedId ?? `${d.side.toLowerCase()}-${slug(BRIGADE_LEADER_NAMES[d.key] ?? d.key)}`;
  const baseCounts = new Map<string, number>();
  for (const d of drafts) baseCounts.set(baseId(d), (baseCounts.get(baseId(d)) ?? 0) + 1);
  const leaders: ScenarioLeader[] = drafts.map((d) => {
    const base = baseId(d);
    const id = d.fixedId ?? ((baseCounts.get(base) ?? 0) > 1 ? `${base}-${slug(d.parentKey)}` : base);
    return { id, side: d.side, name: d.name, ...leaderValues(d.role, d.level), role: d.role, commandId: d.commandId, ratingVerified: false };
  });
  leaders.push({ id: WARREN.id, side: 'USA', name: WARREN.name, ...leaderValues('staff', 'brigade'), role: 'staff', commandId: null, ratingVerified: false });
  assertUnique('leader', leaders.map((l) => l.id));
  for (const l of leaders) {
    const command = commands.find((c) => c.id === l.commandId);
    if (command) command.leaderId = l.id;
  }
  // Leaders in command-tree order, each side's staff after its commanders.
  const commandPosition = new Map(commands.map((c, i) => [c.id, i]));
  const sortKey = (l: ScenarioLeader) => [l.side === 'USA' ? 0 : 1, l.commandId === null ? 1 : 0, l.commandId === null ? 0 : commandPosition.get(l.commandId)!];
  leaders.sort((a, b) => {
    const [ka, kb] = [sortKey(a), sortKey(b)];
    return ka[0]! - kb[0]! || ka[1]! - kb[1]! || ka[2]! - kb[2]!;
  });

  const units = buildUnits(nodesInOrder);

  return { commands, leaders, units };
}

function subtreeRows(node: TreeNode): OobRow[] {
  return [...node.rows, ...node.children.flatMap(subtreeRows)];
}

function assertUnique(kind: string, ids: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`convert-oob: two ${kind}s would get the id "${id}"`);
    seen.add(id);
  }
}
