/**
 * The chain of command as a tree (Rev. Commands and Orders): which commands an order change carries, each
 * command's ancestors, standing orders flowing downhill, and who may attempt an order change after a failure.
 */
import { assertOneOf, RulesArgumentError } from './errors';
import { HOUSE_READING_CHOICES, type HouseReadingChoice } from './house-readings';
import { ORDER_CODES } from './types';
import type { OrderCode } from './types';
import { assertArray, assertId, type CommandCheck } from './command-check';

const ORDERS_SEGMENT = 'Rev. Orders Segment';
const COMMANDS_AND_ORDERS = 'Rev. Commands and Orders';

// ---------------------------------------------------------------------------------------------
// The command tree: standing orders and orders flowing downhill
// ---------------------------------------------------------------------------------------------

/** A command (or unit) in the chain of command; parentId null at the top. */
export interface CommandNode {
  id: string;
  parentId: string | null;
}

/**
 * The commands whose standing orders give an order change attempt its Orders Table DRM (RI-S09): by default
 * the command and every command under it; under the house reading "its own order only", the command alone.
 * The caller keeps those on the map and passes their orders to orderChangeDrm.
 */
export function commandsBehindOrderChange(tree: readonly CommandNode[], commandId: string, reading: HouseReadingChoice<'orderChangeOrders'> = 'wholeCommand'): string[] {
  const parents = indexTree(tree);
  assertOneOf('reading', reading, HOUSE_READING_CHOICES.orderChangeOrders);
  ancestorsFrom(parents, commandId, 'commandId');
  if (reading === 'ownOrder') return [commandId];
  const children = new Map<string, string[]>();
  for (const [id, parentId] of parents) if (parentId !== null) children.set(parentId, [...(children.get(parentId) ?? []), id]);
  const out: string[] = [];
  const walk = (id: string) => {
    out.push(id);
    for (const k of children.get(id) ?? []) walk(k);
  };
  walk(commandId);
  return out;
}

/**
 * Trees already checked and indexed. The service asks about every command of one tree in turn (the legal
 * order changes: each command, each order), so a tree is checked and indexed once, not once per question.
 * A tree is never changed once passed in (the service builds a new one per read of the commands).
 */
const indexedTrees = new WeakMap<readonly CommandNode[], Map<string, string | null>>();

function indexTree(tree: readonly CommandNode[]): Map<string, string | null> {
  const indexed = Array.isArray(tree) ? indexedTrees.get(tree) : undefined;
  if (indexed !== undefined && indexed.size === tree.length) return indexed;
  const parents = checkAndIndexTree(tree);
  indexedTrees.set(tree, parents);
  return parents;
}

function checkAndIndexTree(tree: readonly CommandNode[]): Map<string, string | null> {
  assertArray('tree', tree);
  const parents = new Map<string, string | null>();
  tree.forEach((node, index) => {
    assertId(`tree[${index}].id`, node?.id);
    if (node.parentId !== null) assertId(`tree[${index}].parentId`, node.parentId);
    if (parents.has(node.id)) throw new RulesArgumentError(`tree[${index}].id`, `must be unique (${node.id} appears twice)`);
    parents.set(node.id, node.parentId);
  });
  tree.forEach((node, index) => {
    if (node.parentId !== null && !parents.has(node.parentId)) {
      throw new RulesArgumentError(`tree[${index}].parentId`, `must be the id of a command in the tree (got ${node.parentId})`);
    }
  });
  return parents;
}

function ancestorsFrom(parents: Map<string, string | null>, commandId: string, argument: string): string[] {
  assertId(argument, commandId);
  if (!parents.has(commandId)) throw new RulesArgumentError(argument, `must be the id of a command in the tree (got ${commandId})`);
  const ancestors: string[] = [];
  let current = parents.get(commandId) ?? null;
  while (current !== null) {
    if (current === commandId || ancestors.includes(current)) {
      throw new RulesArgumentError('tree', `must not contain a cycle (found one through ${current})`);
    }
    ancestors.push(current);
    current = parents.get(current) ?? null;
  }
  return ancestors;
}

/** The superiors of a command, nearest first, up to the top of the tree. */
export function commandAncestors(tree: readonly CommandNode[], commandId: string): string[] {
  return ancestorsFrom(indexTree(tree), commandId, 'commandId');
}

/**
 * The order a command is under: its own Orders counter, or else the one under its nearest superior's
 * ("Subordinate officers without an Orders counter are considered to have the orders under their
 * superior's counter"). Every command must have an order at all times, so a chain with none throws.
 */
export function standingOrder(
  tree: readonly CommandNode[],
  ordersByCommand: Readonly<Record<string, OrderCode>>,
  commandId: string,
): { order: OrderCode; fromCommandId: string; inherited: boolean; rule: string } {
  const parents = indexTree(tree);
  const chain = [commandId, ...ancestorsFrom(parents, commandId, 'commandId')];
  for (const [key, order] of Object.entries(ordersByCommand)) assertOneOf(`ordersByCommand.${key}`, order, ORDER_CODES);
  for (const id of chain) {
    const order = Object.prototype.hasOwnProperty.call(ordersByCommand, id) ? ordersByCommand[id] : undefined;
    if (order !== undefined) return { order, fromCommandId: id, inherited: id !== commandId, rule: ORDERS_SEGMENT };
  }
  throw new RulesArgumentError('ordersByCommand', `must give an order to ${commandId} or one of its superiors: all commands must have an order at all times`);
}

/**
 * standingOrder for every command of the tree at once: the tree indexed and the orders checked once,
 * each command's chain walked once (the roster and the turn state need them all, for hundreds of
 * commands). Same answers and the same refusals as standingOrder command by command.
 */
export function standingOrders(
  tree: readonly CommandNode[],
  ordersByCommand: Readonly<Record<string, OrderCode>>,
): Map<string, { order: OrderCode; fromCommandId: string; inherited: boolean; rule: string }> {
  const parents = indexTree(tree);
  for (const [key, order] of Object.entries(ordersByCommand)) assertOneOf(`ordersByCommand.${key}`, order, ORDER_CODES);
  const out = new Map<string, { order: OrderCode; fromCommandId: string; inherited: boolean; rule: string }>();
  for (const node of tree) {
    const chain = [node.id, ...ancestorsFrom(parents, node.id, 'commandId')];
    const from = chain.find((id) => Object.prototype.hasOwnProperty.call(ordersByCommand, id) && ordersByCommand[id] !== undefined);
    if (from === undefined) throw new RulesArgumentError('ordersByCommand', `must give an order to ${node.id} or one of its superiors: all commands must have an order at all times`);
    out.set(node.id, { order: ordersByCommand[from]!, fromCommandId: from, inherited: from !== node.id, rule: ORDERS_SEGMENT });
  }
  return out;
}

/**
 * Orders flow downhill: once a command's order change attempt has failed this turn, none of its
 * subordinate commands may attempt one (RI-C06). A successful attempt bars nothing.
 */
export function mayAttemptOrderChange(tree: readonly CommandNode[], failedCommandIds: readonly string[], commandId: string): CommandCheck {
  const parents = indexTree(tree);
  assertArray('failedCommandIds', failedCommandIds);
  failedCommandIds.forEach((id, index) => {
    assertId(`failedCommandIds[${index}]`, id);
    if (!parents.has(id)) throw new RulesArgumentError(`failedCommandIds[${index}]`, `must be the id of a command in the tree (got ${id})`);
  });
  const failed = new Set(failedCommandIds);
  const barredBy = ancestorsFrom(parents, commandId, 'commandId').find((id) => failed.has(id));
  if (barredBy !== undefined) {
    return { ok: false, reason: `The order change for ${barredBy} failed this turn; its subordinate commands may not attempt their own`, rule: COMMANDS_AND_ORDERS };
  }
  return { ok: true };
}
