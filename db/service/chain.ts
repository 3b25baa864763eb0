/**
 * The chain of command and standing orders, asked of rules/orders.ts (attachments included), and the
 * leaders who act in it: superiors, rating points spent this turn, the rating each command rolls against
 * and each side's acting army commander (rules/activation.ts).
 */
import { maySpendRatingPoints, usArmyCommander, type RatingPointsLedger, type RatingPointsUse } from '../../rules/activation';
import { commandAncestors, standingOrder, standingOrders as standingOrdersOfTree, type CommandNode as RulesCommandNode } from '../../rules/orders';
import type { OrderCode, Side } from '../../rules/types';
import { forbidden, invalid } from '../errors';
import type { ChangeSet } from '../events';
import { readCommands, readLeader, readLeaders, type CommandLink, type CommandRow, type GameRow, type LeaderDbRow, type UnitRow } from '../store';
import { askRules } from '../validate';
import { check, RULE } from './common';
import type { GameContext } from './context';
import { command, leader } from './lookups';

// One read of the commands table is one snapshot: its tree and standing orders are worked out once per
// snapshot, however many checks ask (the turn state's legal actions run every check for every command).
const treeCache = new WeakMap<readonly CommandLink[], RulesCommandNode[]>();
const ordersCache = new WeakMap<CommandRow[], Map<string, { order: OrderCode; from: string }>>();

/** The tree as the rules see it: a command attached elsewhere sits under the gaining command. */
export function tree(commands: readonly CommandLink[]): RulesCommandNode[] {
  let nodes = treeCache.get(commands);
  if (!nodes) {
    nodes = commands.map((c) => ({ id: c.id, parentId: c.attached_to ?? c.parent_id }));
    treeCache.set(commands, nodes);
  }
  return nodes;
}

/** Each command's standing order (its own, else inherited down the tree) and the command it comes from. */
export function standingOrders(ctx: GameContext, commands: CommandRow[] = readCommands(ctx.db)): Map<string, { order: OrderCode; from: string }> {
  const cached = ordersCache.get(commands);
  if (cached) return cached;
  const nodes = tree(commands);
  const own: Record<string, OrderCode> = {};
  for (const c of commands) if (c.own_order) own[c.id] = c.own_order;
  const result = new Map<string, { order: OrderCode; from: string }>();
  // All at once (rules/orders.ts standingOrders): the tree indexed once, not once per command.
  for (const [id, s] of standingOrdersOfTree(nodes, own)) result.set(id, { order: s.order, from: s.fromCommandId });
  ordersCache.set(commands, result);
  return result;
}

/**
 * The standing orders of just these commands, for the few units of one combat (standingOrders works out
 * every command's, which a fire attack on the full battle does not need).
 */
export function standingOrdersOf(commandIds: Iterable<string>, commands: readonly CommandLink[]): Map<string, { order: OrderCode; from: string }> {
  const nodes = tree(commands);
  const own: Record<string, OrderCode> = {};
  for (const c of commands) if (c.own_order) own[c.id] = c.own_order;
  const result = new Map<string, { order: OrderCode; from: string }>();
  for (const id of new Set(commandIds)) {
    const s = standingOrder(nodes, own, id);
    result.set(id, { order: s.order, from: s.fromCommandId });
  }
  return result;
}

/** The order a unit is under: its own, else its command's standing order. */
export function effectiveUnitOrder(u: UnitRow, orders: Map<string, { order: OrderCode; from: string }>): { order: OrderCode; from: string } {
  if (u.own_order) return { order: u.own_order, from: 'unit' };
  return orders.get(u.command_id)!;
}

/** Leader ids of the command's superiors, nearest first. */
function superiorLeaderIds(commandId: string, commands: CommandRow[]): string[] {
  const byId = new Map(commands.map((c) => [c.id, c]));
  return commandAncestors(tree(commands), commandId)
    .map((id) => byId.get(id)?.leader_id ?? null)
    .filter((id): id is string => id !== null);
}

/**
 * Checks each named leader is a superior of the command in its chain of command, in play and on the map:
 * a leader who has not arrived has no range to be in and no rating to add (RI-H05; `rule` is the DRM
 * table the request is for).
 */
export function superiors(ctx: GameContext, field: string, ids: string[], commandId: string, commands: CommandRow[], rule: string = RULE.orderChangeDrms): LeaderDbRow[] {
  const allowed = new Set(superiorLeaderIds(commandId, commands));
  return ids.map((id, i) => {
    const l = leader(ctx, `${field}[${i}]`, id);
    if (!allowed.has(id)) throw invalid(`${field}[${i}]`, `${l.name} is not a superior leader in ${commandId}'s chain of command`, rule);
    if (l.casualty !== 'none') throw forbidden(`${field}[${i}]`, `${l.name} is ${l.casualty}`, RULE.leaderLosses);
    // RI-B11, RI-H05: a leader who has not arrived lends no rating and has no range: "on the map" is the roster's, as everywhere else.
    if (l.on_map !== 1) throw forbidden(`${field}[${i}]`, `${l.name} is not on the map: he has no range to be in and no rating to add until he arrives`, RULE.leaders);
    return l;
  });
}

/** Whose rating points are spent this turn, and who has moved (rules/activation.ts RatingPointsLedger). */
export function ledger(ctx: GameContext): RatingPointsLedger {
  const leaders = readLeaders(ctx.db);
  return {
    pointsSpent: leaders.filter((l) => l.points_used !== null).map((l) => ({ leaderId: l.id, use: l.points_used as RatingPointsUse })),
    moved: leaders.filter((l) => l.moved === 1).map((l) => l.id),
  };
}

/** Spends leaders' rating points for the turn (once per turn each, as rules/activation.ts says). */
export function spendPoints(ctx: GameContext, cs: ChangeSet, field: string, leaders: LeaderDbRow[], use: RatingPointsUse): void {
  const spent = ledger(ctx);
  leaders.forEach((l, i) => {
    check(`${field}[${i}]`, askRules(() => maySpendRatingPoints(spent, { id: l.id, role: l.role })));
    cs.set('leaders', l.id, 'points_used', l.points_used, use);
  });
}

/** The rating an officer rolls against: his own, or his replacement's. */
export function officerRating(ctx: GameContext, field: string, c: CommandRow): { leader: LeaderDbRow; rating: number } {
  if (!c.leader_id) throw forbidden(field, `${c.name} has no leader to roll for it`, RULE.leaders);
  const officer = leader(ctx, field, c.leader_id);
  if (officer.casualty === 'none') return { leader: officer, rating: officer.rating };
  if (officer.replaced && officer.replacement_rating !== null) return { leader: officer, rating: officer.replacement_rating };
  throw forbidden(field, `${officer.name} is ${officer.casualty} and not yet replaced`, 'Rev. Sequence of Play (Leader Replacement Phase)');
}

/** Subtree of a command (itself included), with attachments. */
export function subtree(commandId: string, commands: CommandRow[]): Set<string> {
  const children = new Map<string, string[]>();
  for (const c of commands) {
    const p = c.attached_to ?? c.parent_id;
    if (p) children.set(p, [...(children.get(p) ?? []), c.id]);
  }
  const out = new Set<string>();
  const walk = (id: string) => {
    out.add(id);
    for (const k of children.get(id) ?? []) walk(k);
  };
  walk(commandId);
  return out;
}

/**
 * The side's acting army commander (for the pre-roll, initiative and attachments): the CSA army's leader;
 * for the USA, Meade once he is on the map, before that the US wing commander (Reynolds), and if he is
 * hors de combat the corps commander the US player chose (rules/activation.ts usArmyCommander).
 */
export function actingArmyCommander(ctx: GameContext, field: string, side: Side, game: GameRow): { leader: LeaderDbRow; rating: number } {
  const army = command(ctx, field, side === 'USA' ? game.army_usa : game.army_csa);
  const armyLeader = army.leader_id ? readLeader(ctx.db, army.leader_id) : undefined;
  const wingLeader = side === 'USA' ? readLeaders(ctx.db).find((l) => l.side === 'USA' && l.role === 'wing') : undefined;
  if (side === 'CSA' || !armyLeader || !wingLeader) return officerRating(ctx, field, army);
  const acting = askRules(() =>
    usArmyCommander({ meadeArrived: armyLeader.on_map === 1, reynoldsHorsDeCombat: wingLeader.casualty !== 'none', chosenSuccessorId: game.us_successor }),
  );
  if (acting.acting === 'meade') return officerRating(ctx, field, army);
  if (acting.acting === 'choice-needed') throw forbidden(field, `${acting.reason}: choose him first`, acting.rule);
  const commander = leader(ctx, field, acting.acting === 'reynolds' ? wingLeader.id : acting.leaderId);
  if (commander.casualty !== 'none') throw forbidden(field, `${commander.name}, acting army commander, is ${commander.casualty}`, acting.rule);
  return { leader: commander, rating: commander.rating };
}
