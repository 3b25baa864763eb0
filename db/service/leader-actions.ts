/**
 * What a leader does in person (Rev. Leaders and Activation, Rev. Warren): Warren changing the orders of
 * the brigade leaders stacked with or adjacent to him, once a day (RI-C17), and a division-or-higher
 * commander giving ME to the units stacked with him at the cost of all his rating points (RI-S31). Each
 * is one logged event; what each may do now is offered by the queries here, from the same checks.
 */
import { afterActivationAction, grantMeToStackedUnits } from '../../rules/activation';
import { canIssueOrder, warrenAtTurnStart, warrenOrderChange as warrenRule, type WarrenStatus } from '../../rules/orders';
import { COMMAND_LEVELS, type Side } from '../../rules/types';
import { ACTIVATION_SEGMENT, ORDERS_SEGMENT } from '../clock';
import { forbidden, invalid } from '../errors';
import type { ChangeResult, GrantMeInput, GrantMeOffer, GrantMeOffersInput, WarrenOffer, WarrenOrderChangeInput } from '../../contract';
import { commandsById, readClock, readCommands, readLeaders, readTurn, readTurns, readTurnState, readUnits, steadyReads, type CommandRow, type LeaderDbRow, type UnitRow } from '../store';
import { askRules, optionalIdList } from '../validate';
import { ledger, manName, persons, subtree, tree } from './chain';
import { check, commandArm, RULE } from './common';
import { write, type GameContext, type ServiceFunctions } from './context';
import { leader, onMapUnit, requireSegment, requireSideToAct } from './lookups';
import { verdictOf } from './legal';
import { activationOrderRule, recordActivationInModules } from './rule-seam';
import { secretStep, sideBit } from './secrets';
import { requireStartOfActivationDone } from './turn-start';
import { commandAncestors } from '../../rules/command-tree';

const WARREN_RULE = 'Rev. Warren';

// -------------------------------------------------------------------------------------------
// Warren (RI-C17, RI-D14)

/** Warren: the USA staff leader of that name (RI-D14), or undefined in a game without him. */
function warrenOf(leaders: readonly LeaderDbRow[]): LeaderDbRow | undefined {
  return leaders.find((l) => l.side === 'USA' && l.role === 'staff' && /\bWarren\b/.test(l.name));
}

/** The turn Warren returns after his use on `warrenAfter`'s day (the first turn of the next day); null when the game ends first. */
function warrenReturnTurn(ctx: GameContext, warrenAfter: WarrenStatus): string | null {
  return readTurns(ctx.db).find((t) => askRules(() => warrenAtTurnStart(warrenAfter, t.date)).available)?.id ?? null;
}

/** Warren's state and the brigade leaders he could name now (the form offers these). */
function warrenOffer(ctx: GameContext): WarrenOffer {
  const leaders = readLeaders(ctx.db);
  const warren = warrenOf(leaders);
  if (!warren) return { warren: null, allowed: false, reason: 'Warren is not in this game', rule: WARREN_RULE, brigadeLeaders: [] };
  const commands = readCommands(ctx.db);
  const byId = commandsById(commands);
  const brigadeLeaders = leaders
    .filter((l) => l.side === 'USA' && l.on_map === 1 && l.casualty === 'none' && l.command_id !== null && byId.get(l.command_id)?.level === 'brigade')
    .map((l) => ({ leaderId: l.id, name: l.name, command: byId.get(l.command_id!)!.name }));
  const returns = warren.on_map === 1 || warren.arrival_turn_id === null ? null : (readTurn(ctx.db, warren.arrival_turn_id) ?? null);
  const verdict = verdictOf(() => warrenChecks(ctx, warren));
  return {
    warren: { leaderId: warren.id, name: warren.name, onMap: warren.on_map === 1, returnsTurnId: returns?.id ?? null },
    allowed: verdict.verdict.allowed,
    reason: verdict.verdict.reason ?? null,
    rule: verdict.verdict.rule ?? WARREN_RULE,
    brigadeLeaders,
  };
}

/** What bars Warren now, whoever he would name: the segment, his being on the map, the USA's finished entries. */
function warrenChecks(ctx: GameContext, warren: LeaderDbRow): void {
  requireSegment(ctx, 'brigadeLeaderIds', ORDERS_SEGMENT, WARREN_RULE);
  if (warren.casualty !== 'none') throw forbidden('brigadeLeaderIds', `${warren.name} is ${warren.casualty}`, RULE.leaderLosses);
  if (warren.on_map !== 1) {
    const back = warren.arrival_turn_id ? readTurn(ctx.db, warren.arrival_turn_id) : undefined;
    throw forbidden('brigadeLeaderIds', `${warren.name} is not on the map${back ? `: he returns on ${Number(back.date.slice(8, 10))} July ${back.time}` : ''}`, WARREN_RULE);
  }
  // RI-H01: a side that has finished its secret entries of the step enters no more.
  const step = secretStep(readClock(ctx.db));
  if (step && (readTurnState(ctx.db).entries_done & sideBit('USA')) !== 0) {
    throw forbidden('brigadeLeaderIds', `USA has finished its entries in ${step.label}; nothing more may be entered for it now`, step.rule);
  }
}

function warrenOrderChange(ctx: GameContext, input: WarrenOrderChangeInput): ChangeResult {
  return write(ctx, 'orders.warren', input, (cs) => {
    const leaders = readLeaders(ctx.db);
    const warren = warrenOf(leaders);
    if (!warren) throw forbidden('brigadeLeaderIds', 'Warren is not in this game', WARREN_RULE);
    const order = input.order;
    const ids = optionalIdList('brigadeLeaderIds', input.brigadeLeaderIds);
    if (ids.length === 0) throw invalid('brigadeLeaderIds', 'name the brigade leaders stacked with or adjacent to Warren', WARREN_RULE);
    warrenChecks(ctx, warren);
    const commands = readCommands(ctx.db);
    const byId = commandsById(commands);
    const brigades = ids.map((id, i) => {
      const field = `brigadeLeaderIds[${i}]`;
      const l = leader(ctx, field, id);
      const c = l.command_id ? byId.get(l.command_id) : undefined;
      if (l.side !== 'USA' || !c || c.level !== 'brigade') throw invalid(field, `${l.name} is not a Union brigade leader`, WARREN_RULE);
      if (l.on_map !== 1) throw forbidden(field, `${l.name} is not on the map`, RULE.leaders);
      if (l.casualty !== 'none') throw forbidden(field, `${l.name} is ${l.casualty}`, RULE.leaderLosses);
      check('order', askRules(() => canIssueOrder(order, { arm: commandArm(c), ineffective: c.ineffective === 1, shattered: false, neighbourHasAssaultOrSkirmishOrders: input.neighbourHasAssaultOrSkirmishOrders ?? true, inEnemyLos: input.inEnemyLos ?? false })));
      return { l, c };
    });
    const date = readTurn(ctx.db, readClock(ctx.db).turn_id)!.date;
    // The players name those stacked with or adjacent to him (RI-S14): within one hex.
    const verdict = askRules(() => warrenRule({ warren: { available: true }, date, brigadeLeaders: brigades.map(({ l }) => ({ id: l.id, hexesFromWarren: 1 })) }));
    check('brigadeLeaderIds', verdict);
    for (const { c } of brigades) cs.set('commands', c.id, 'own_order', c.own_order, order).set('commands', c.id, 'order_expires', c.order_expires, 0);
    // "Remove him after use, to return (anywhere) the first turn of the next day": he arrives on his own then (RI-S12).
    const back = warrenReturnTurn(ctx, verdict.warrenAfter);
    cs.set('leaders', warren.id, 'on_map', 1, 0).set('leaders', warren.id, 'arrives_alone', warren.arrives_alone, 1).set('leaders', warren.id, 'arrival_turn_id', warren.arrival_turn_id, back);
    const returns = back ? readTurn(ctx.db, back)! : null;
    return {
      summary: `${warren.name} changes the orders of ${brigades.map(({ c }) => c.name).join(', ')} to ${order} without a roll; he leaves the map${returns ? ` until ${Number(returns.date.slice(8, 10))} July ${returns.time}` : ' for the rest of the game'}`,
      subjects: [`leader:${warren.id}`, ...brigades.map(({ c }) => `command:${c.id}`)],
      result: {},
      entry: { side: 'USA', field: 'brigadeLeaderIds' },
    };
  });
}

// -------------------------------------------------------------------------------------------
// ME given to the units stacked with a division-or-higher commander (RI-S31)

const GRANTING_LEVELS = ['army', 'wing', 'corps', 'division'];

/** The command a unit activated with this segment, if it or a superior of its command activated. */
function activatedWith(u: UnitRow, commands: CommandRow[]): CommandRow | undefined {
  const byId = commandsById(commands);
  return [u.command_id, ...askRules(() => commandAncestors(tree(commands), u.command_id))].map((id) => byId.get(id)!).find((c) => c.activation !== null);
}

/** What bars the commander from giving ME now, whichever units: the step, the side to act, his being on the map, his points. */
function grantChecks(ctx: GameContext, l: LeaderDbRow, commands: CommandRow[]): { c: CommandRow; t: ReturnType<typeof requireSideToAct> } {
  requireSegment(ctx, 'leaderId', ACTIVATION_SEGMENT, RULE.activation);
  const c = commands.find((x) => x.id === l.command_id);
  if (!c || !GRANTING_LEVELS.includes(c.level)) throw forbidden('leaderId', `${l.name} does not command a division or higher: only they may give ME to the units stacked with them`, RULE.leaders);
  if (l.on_map !== 1) throw forbidden('leaderId', `${l.name} is not on the map: no units can be stacked with him until he arrives`, RULE.leaders);
  if (l.casualty !== 'none') throw forbidden('leaderId', `${l.name} is ${l.casualty}`, RULE.leaderLosses);
  const t = requireSideToAct(ctx, 'leaderId', l.side);
  requireStartOfActivationDone(ctx, 'leaderId');
  activationOrderRule(ctx)?.requireMayActivate('leaderId', c);
  // The rules' ledger check, with one man's counters sharing their points (RI-D16).
  check('leaderId', askRules(() => grantMeToStackedUnits(ledger(ctx), { id: l.id, role: l.role, name: manName(l) }, { unitsSubordinate: true })));
  return { c, t };
}

function grantMe(ctx: GameContext, input: GrantMeInput): ChangeResult {
  return write(ctx, 'activation.grant-me', input, (cs) => {
    const l = leader(ctx, 'leaderId', input.leaderId);
    const ids = optionalIdList('unitIds', input.unitIds);
    const commands = readCommands(ctx.db);
    const { c, t } = grantChecks(ctx, l, commands);
    if (ids.length === 0) throw invalid('unitIds', `name the units stacked with ${manName(l)}`, RULE.leaders);
    if (new Set(ids).size !== ids.length) throw invalid('unitIds', 'name each unit once');
    const within = subtree(c.id, commands);
    const units = ids.map((id, i) => {
      const field = `unitIds[${i}]`;
      const u = onMapUnit(ctx, field, id);
      if (u.status === 'eliminated') throw forbidden(field, `${u.name} is eliminated`, RULE.activation);
      if (!within.has(u.command_id)) throw forbidden(field, `${u.name} is not subordinate to ${l.name} in the chain of command`, RULE.leaders);
      if (u.activation !== null) throw forbidden(field, `${u.name} has already activated this segment`, RULE.activation);
      const w = activatedWith(u, commands);
      if (w) throw forbidden(field, `${u.name} activated with ${w.name} this segment`, RULE.activation);
      return u;
    });
    const phase = readClock(ctx.db).phase;
    const next = afterActivationAction({ phase: phase === 'B' ? 'out-of-command' : 'in-command', toAct: l.side, consecutivePasses: t.passes_in_row, ended: false }, 'activate');
    const place = t.activations + 1;
    for (const u of units) cs.set('units', u.id, 'activation', u.activation, 'ME').set('units', u.id, 'activation_phase', u.activation_phase, phase).set('units', u.id, 'activation_order', u.activation_order, place);
    cs.set('leaders', l.id, 'points_used', l.points_used, 'grant-me');
    recordActivationInModules(cs, t);
    cs.set('turn_state', 1, 'activations', t.activations, place).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0).set('turn_state', 1, 'side_to_act', t.side_to_act, next.toAct);
    return {
      summary: `${manName(l)} gives ME to the units stacked with him: ${units.map((u) => u.name).join(', ')} (in command for this activation; all his rating points for the turn)`,
      subjects: [`leader:${l.id}`, `command:${c.id}`, ...units.map((u) => `unit:${u.id}`)],
      result: {},
    };
  });
}

/** The side's commanders who may give ME now (or why not), each with the subordinate units he could name. */
function grantMeOffers(ctx: GameContext, input: GrantMeOffersInput): GrantMeOffer[] {
  // One read of the clock, the turn state and the commands for every commander's checks (a query: nothing changes under it).
  return steadyReads(ctx.db, () => grantMeOffersNow(ctx, input));
}

function grantMeOffersNow(ctx: GameContext, input: GrantMeOffersInput): GrantMeOffer[] {
  const side: Side = input.side;
  const commands = readCommands(ctx.db);
  const byId = commandsById(commands);
  const units = readUnits(ctx.db).filter((u) => u.side === side && u.on_map === 1 && u.status !== 'eliminated' && u.activation === null);
  const all = readLeaders(ctx.db);
  const man = persons(all);
  const level = (l: LeaderDbRow) => COMMAND_LEVELS.indexOf(byId.get(l.command_id!)!.level);
  // One man once (RI-D16), by his highest command: Reynolds gives ME as the Left Wing's commander, to any unit under it.
  const granting = all.filter((l) => l.side === side && l.on_map === 1 && l.casualty === 'none' && l.command_id !== null && GRANTING_LEVELS.includes(byId.get(l.command_id)?.level ?? ''));
  const highest = new Map<string, LeaderDbRow>();
  for (const l of granting) {
    const key = man.get(l.id) ?? l.id;
    const kept = highest.get(key);
    if (!kept || level(l) < level(kept)) highest.set(key, l);
  }
  // Whether a unit activated with a command depends on its command alone: asked once per command.
  const activatedByCommand = new Map<string, boolean>();
  const activated = (u: UnitRow) => {
    let yes = activatedByCommand.get(u.command_id);
    if (yes === undefined) {
      yes = activatedWith(u, commands) !== undefined;
      activatedByCommand.set(u.command_id, yes);
    }
    return yes;
  };
  return granting
    .filter((l) => highest.get(man.get(l.id) ?? l.id) === l)
    .map((l) => {
      const { verdict } = verdictOf(() => grantChecks(ctx, l, commands));
      const within = subtree(l.command_id!, commands);
      return {
        leaderId: l.id,
        name: manName(l),
        command: byId.get(l.command_id!)!.name,
        allowed: verdict.allowed,
        reason: verdict.reason ?? null,
        rule: verdict.rule ?? RULE.leaders,
        units: units.filter((u) => within.has(u.command_id) && !activated(u)).map((u) => ({ unitId: u.id, name: u.name })),
      };
    });
}

export const leaderActionFunctions = { warrenOffer, warrenOrderChange, grantMe, grantMeOffers } satisfies Partial<ServiceFunctions>;
