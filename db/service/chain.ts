/**
 * The chain of command and standing orders, asked of rules/command-tree.ts (attachments included), and the
 * leaders who act in it: superiors, rating points spent this turn, the rating each command rolls against
 * and each side's acting army commander (rules/activation.ts).
 */
import { leaderPersons, maySpendRatingPoints, RATING_POINTS_USE_WORDS, usArmyCommander, type RatingPointsLedger, type RatingPointsUse } from '../../rules/activation';
import {
  commandAncestors,
  standingOrder,
  standingOrders as standingOrdersOfTree,
  type CommandNode as RulesCommandNode,
} from '../../rules/command-tree';
import type { OrderCode, Side } from '../../rules/types';
import { forbidden, invalid } from '../errors';
import type { ChangeSet } from '../events';
import { readCommands, readLeader, readLeaders, type CommandLink, type CommandRow, type GameRow, type LeaderDbRow, type UnitRow, commandsById } from '../store';
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
  // All at once (rules/command-tree.ts standingOrders): the tree indexed once, not once per command.
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

/** Each leader's man (RI-D16): Reynolds's two counters are one man. */
export function persons(leaders: readonly LeaderDbRow[] = []): Map<string, string> {
  return leaderPersons(leaders);
}

/** The counters of one man: the leader himself and any other counter of his (RI-D16). */
export function sameManCounters(ctx: GameContext, leaderId: string): LeaderDbRow[] {
  const all = readLeaders(ctx.db);
  const man = persons(all);
  const his = man.get(leaderId) ?? leaderId;
  return all.filter((l) => (man.get(l.id) ?? l.id) === his);
}

/**
 * The leaders of the command's superior commands, nearest first, one entry per man (RI-D16): a man
 * holding two commands in the chain is listed once, at the nearer, and the command's own leader is never
 * his own superior.
 */
function superiorLeaders(commandId: string, commands: CommandRow[], leaders: readonly LeaderDbRow[]): { leader: LeaderDbRow; commands: string[] }[] {
  const byId = commandsById(commands);
  const leaderById = new Map(leaders.map((l) => [l.id, l]));
  const man = persons(leaders);
  const own = byId.get(commandId)?.leader_id ?? null;
  const seen = new Map<string, { leader: LeaderDbRow; commands: string[] }>();
  if (own !== null) seen.set(man.get(own) ?? own, { leader: leaderById.get(own)!, commands: [] });
  const out: { leader: LeaderDbRow; commands: string[] }[] = [];
  for (const id of commandAncestors(tree(commands), commandId)) {
    const c = byId.get(id);
    const l = c?.leader_id ? leaderById.get(c.leader_id) : undefined;
    if (!c || !l) continue;
    const key = man.get(l.id) ?? l.id;
    const earlier = seen.get(key);
    if (earlier) {
      if (earlier.commands.length > 0) earlier.commands.push(c.name);
      continue;
    }
    const entry = { leader: l, commands: [c.name] };
    seen.set(key, entry);
    out.push(entry);
  }
  return out;
}

/** A man's name without the bracket of a second counter ("John F. Reynolds"). */
export function manName(l: Pick<LeaderDbRow, 'name'>): string {
  return l.name.replace(/ \([^()]+\)$/, '');
}

/** A superior leader a form may offer: on the map and in play, one entry per man, with his points this turn. */
export interface SuperiorOffer {
  leaderId: string;
  name: string;
  /** The commands of the chain he leads ("I Corps and Left Wing" for one man holding both). */
  commands: string;
  rating: number;
  /** What his rating points were spent on this turn, in words, or null while they are free. */
  pointsUsedFor: string | null;
}

/**
 * The superiors of a command the order change and activation forms offer: in the chain of command, on the
 * map and in play (RI-H05, RI-B11), each man once and never the command's own leader (RI-D16).
 */
export function superiorOffers(ctx: GameContext, commandId: string, commands: CommandRow[]): SuperiorOffer[] {
  const leaders = readLeaders(ctx.db);
  const spent = ledger(ctx, leaders);
  return superiorLeaders(commandId, commands, leaders)
    .filter(({ leader: l }) => l.on_map === 1 && l.casualty === 'none')
    .map(({ leader: l, commands: names }) => {
      const use = spent.pointsSpent.find((e) => e.leaderId === l.id)?.use;
      return { leaderId: l.id, name: manName(l), commands: names.join(' and '), rating: l.rating, pointsUsedFor: use ? RATING_POINTS_USE_WORDS[use] : null };
    });
}

/**
 * Checks each named leader is a superior of the command in its chain of command, in play and on the map:
 * a leader who has not arrived has no range to be in and no rating to add (RI-H05; `rule` is the DRM
 * table the request is for). One man counts once, and never as his own superior (RI-D16).
 */
export function superiors(ctx: GameContext, field: string, ids: string[], commandId: string, commands: CommandRow[], rule: string = RULE.orderChangeDrms): LeaderDbRow[] {
  const leaders = readLeaders(ctx.db);
  const man = persons(leaders);
  const chain = superiorLeaders(commandId, commands, leaders);
  const allowedMen = new Set(chain.map((e) => man.get(e.leader.id) ?? e.leader.id));
  const c = commands.find((x) => x.id === commandId);
  const own = c?.leader_id ?? null;
  const named = new Map<string, string>();
  return ids.map((id, i) => {
    const l = leader(ctx, `${field}[${i}]`, id);
    const key = man.get(id) ?? id;
    if (own !== null && key === (man.get(own) ?? own)) {
      throw invalid(`${field}[${i}]`, `${manName(l)} leads ${c?.name ?? 'this command'} himself: a leader is never his own superior`, rule);
    }
    if (!allowedMen.has(key)) throw invalid(`${field}[${i}]`, `${l.name} is not a superior leader in ${c?.name ?? 'this command'}'s chain of command`, rule);
    const twice = named.get(key);
    if (twice !== undefined) throw invalid(`${field}[${i}]`, `${manName(l)} is one man (${twice} and ${l.name}): he counts once`, rule);
    named.set(key, l.name);
    if (l.casualty !== 'none') throw forbidden(`${field}[${i}]`, `${l.name} is ${l.casualty}`, RULE.leaderLosses);
    // RI-B11, RI-H05: a leader who has not arrived lends no rating and has no range: "on the map" is the roster's, as everywhere else.
    if (l.on_map !== 1) throw forbidden(`${field}[${i}]`, `${l.name} is not on the map: he has no range to be in and no rating to add until he arrives`, RULE.leaders);
    return l;
  });
}

/**
 * Whose rating points are spent this turn, and who has moved (rules/activation.ts RatingPointsLedger).
 * One man's counters share one set of points (RI-D16): a use on either is a use on both.
 */
export function ledger(ctx: Pick<GameContext, 'db'>, leaders: readonly LeaderDbRow[] = readLeaders(ctx.db)): RatingPointsLedger {
  const man = persons(leaders);
  const counters = new Map<string, string[]>();
  for (const l of leaders) {
    const key = man.get(l.id) ?? l.id;
    counters.set(key, [...(counters.get(key) ?? []), l.id]);
  }
  const ofMan = (id: string) => counters.get(man.get(id) ?? id) ?? [id];
  return {
    pointsSpent: leaders.filter((l) => l.points_used !== null).flatMap((l) => ofMan(l.id).map((id) => ({ leaderId: id, use: l.points_used as RatingPointsUse }))),
    moved: leaders.filter((l) => l.moved === 1).flatMap((l) => ofMan(l.id)),
  };
}

/** Spends leaders' rating points for the turn (once per turn each, as rules/activation.ts says). */
export function spendPoints(ctx: GameContext, cs: ChangeSet, field: string, leaders: LeaderDbRow[], use: RatingPointsUse): void {
  const spent = ledger(ctx);
  leaders.forEach((l, i) => {
    check(`${field}[${i}]`, askRules(() => maySpendRatingPoints(spent, { id: l.id, role: l.role, name: manName(l) })));
    cs.set('leaders', l.id, 'points_used', l.points_used, use);
  });
}

/** The rating an officer rolls against: his own, or his replacement's. */
export function officerRating(ctx: Pick<GameContext, 'db'>, field: string, c: CommandRow): { leader: LeaderDbRow; rating: number } {
  if (!c.leader_id) throw forbidden(field, `${c.name} has no leader to roll for it`, RULE.leaders);
  const officer = leader(ctx, field, c.leader_id);
  if (officer.casualty === 'none') return { leader: officer, rating: officer.rating };
  if (officer.replaced && officer.replacement_rating !== null) return { leader: officer, rating: officer.replacement_rating };
  throw forbidden(field, `${officer.name} is ${officer.casualty} and not yet replaced`, 'Rev. Sequence of Play (Leader Replacement Phase)');
}

/**
 * The command's own commander, who must be on the map to act for it (RI-B11, RI-B14): a command whose
 * commander has not arrived neither changes orders nor activates, at ME or at RE. A command without a
 * leader (a leaderless battery brigade) is not refused here.
 */
export function requireCommanderOnMap(ctx: GameContext, field: string, c: CommandRow): void {
  if (!c.leader_id) return;
  const l = leader(ctx, field, c.leader_id);
  if (l.on_map !== 1) throw forbidden(field, `${c.name}'s commander, ${l.name}, is not on the map: the command does not act until he arrives`, RULE.leaders);
}

/**
 * Each command's subordinates (attachments included), made once per read of the commands: the turn state
 * asks for the subtree of every command of the order of battle, several times each.
 */
const childrenByRead = new WeakMap<readonly CommandRow[], { count: number; children: Map<string, string[]> }>();

function childrenOf(commands: readonly CommandRow[]): Map<string, string[]> {
  const made = childrenByRead.get(commands);
  if (made !== undefined && made.count === commands.length) return made.children;
  const children = new Map<string, string[]>();
  for (const c of commands) {
    const p = c.attached_to ?? c.parent_id;
    if (!p) continue;
    const list = children.get(p);
    if (list) list.push(c.id);
    else children.set(p, [c.id]);
  }
  childrenByRead.set(commands, { count: commands.length, children });
  return children;
}

/** Subtree of a command (itself included), with attachments. */
export function subtree(commandId: string, commands: CommandRow[]): Set<string> {
  const children = childrenOf(commands);
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
export function actingArmyCommander(ctx: Pick<GameContext, 'db'>, field: string, side: Side, game: GameRow): { leader: LeaderDbRow; rating: number } {
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
