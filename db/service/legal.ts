/**
 * What each side may do in the current step of the Sequence of Play, for the turn state: every order
 * change in the Orders Segment and every activation in the Activation Segment, each with its verdict and,
 * where refused, the reason and rule. Computed by running the very checks the write functions run
 * (orderChangeChecks, meAttemptChecks, reActivationChecks, requireSideToAct) and catching their
 * refusals, so the screens never re-derive a rule and can never offer what the service would refuse.
 */
import { ACTIVATION_LEVELS } from '../../rules/activation';
import { orderChangeAttemptKind, orderChangeDrm } from '../../rules/order-change';
import { ORDER_CODES, SIDES, type OrderCode, type Side } from '../../rules/types';
import type { LegalActions, LegalActivation, LegalOrderChange, Verdict } from '../../contract';
import { ACTIVATION_SEGMENT, ORDERS_SEGMENT } from '../clock';
import { MusterError } from '../errors';
import { readClock, readCommands, readLeaders, readTurnState, readUnits, type CommandRow } from '../store';
import { meAttemptChecks, reActivationChecks } from './activation';
import { activationOrderRule, type ActivationOrderRule } from './rule-seam';
import { standingOrders } from './chain';
import { readHouseReadings } from '../reading-choices';
import { commandArm } from './common';
import { commandMayAttemptChecks, orderChangeChecks, standingOrdersWithin } from './orders';
import type { GameContext } from './context';
import { requireSideToAct } from './lookups';
import { requireStartOfActivationDone } from './turn-start';

const ALLOWED: Verdict = { allowed: true };

/**
 * Runs a check; a MusterError refusal becomes a verdict with its reason and rule. Anything else is a bug and
 * propagates. The turn state runs hundreds of checks that refuse (every order change of every command in an
 * Orders Segment), and a refusal's stack trace, which no verdict shows, was most of what each cost: checks
 * run without one. A bug is thrown again from a second run of its check (a query: it changes nothing) with
 * its stack trace, for the log.
 */
export function verdictOf<T>(check: () => T): { verdict: Verdict; value: T | null } {
  const traceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { verdict: ALLOWED, value: check() };
  } catch (e) {
    if (!(e instanceof MusterError)) {
      Error.stackTraceLimit = traceLimit;
      check();
      throw e;
    }
    return { verdict: { allowed: false, reason: e.reason, ...(e.rule !== undefined ? { rule: e.rule } : {}) }, value: null };
  } finally {
    Error.stackTraceLimit = traceLimit;
  }
}

/** RI-B14: the commands that may act at all: on the map, with their commander on the map (a leaderless one acts on its own). */
function commandsOnTheMap(ctx: GameContext, commands: CommandRow[]): CommandRow[] {
  const onMap = new Set(readLeaders(ctx.db).filter((l) => l.on_map === 1).map((l) => l.id));
  return commands.filter((c) => c.on_map === 1 && (c.leader_id === null || onMap.has(c.leader_id)));
}

function orderChanges(ctx: GameContext, commands: CommandRow[]): LegalOrderChange[] {
  const orders = standingOrders(ctx, commands);
  const ordersReading = readHouseReadings(ctx.db).orderChangeOrders;
  return commandsOnTheMap(ctx, commands)
    .filter((c) => c.leader_id !== null)
    .map((c) => {
      const from = orders.get(c.id)!.order;
      const mayAttempt = verdictOf(() => commandMayAttemptChecks(ctx, c, commands)).verdict;
      const options = ORDER_CODES.filter((o) => o !== from).map((order) => {
        // orderChangeChecks runs commandMayAttemptChecks first: a command barred from every change (outside
        // the Orders Segment, most of the game) is barred from each with the same refusal, asked once.
        const verdict = mayAttempt.allowed ? verdictOf(() => orderChangeChecks(ctx, c, order, commands, orders, {}, true)).verdict : mayAttempt;
        const kind = orderChangeAttemptKind({ from, to: order, hasRsm: c.rsm === 1, subject: { arm: commandArm(c) } });
        return { order, kind: kind.kind, automaticBecause: kind.kind === 'automatic' ? kind.reasons : [], kindRule: kind.rule, ...verdict };
      });
      const drm = orderChangeDrm({
        superiorsInRange: 0,
        superiorRatingsUsed: [],
        orders: standingOrdersWithin(ctx, c, commands, orders),
        ordersReading,
        hasRsm: c.rsm === 1,
        isCavalry: c.cavalry === 1,
        adjacentToEnemy: false,
        ineffective: c.ineffective === 1,
      });
      return { commandId: c.id, side: c.side, from, mayAttempt, options, drm };
    });
}

function activations(ctx: GameContext, commands: CommandRow[], phase: string, side: Side, order: ActivationOrderRule | null): LegalActivation[] {
  const orders = standingOrders(ctx, commands);
  const subjects: { commandId?: string; unitId?: string; side: Side; fallbackOrder: OrderCode }[] = commandsOnTheMap(ctx, commands)
    // A rule module that replaces alternation says which may activate (card draw, RI-O40: the drawn card's command, none before a draw).
    .filter((c) => order === null || order.mayActivate(c))
    .filter((c) => c.side === side && c.on_map === 1 && (ACTIVATION_LEVELS as readonly string[]).includes(c.level))
    .map((c) => ({ commandId: c.id, side: c.side, fallbackOrder: orders.get(c.id)!.order }));
  // RI-S25: in the Out-of-Command Activation Phase a player may activate single units.
  if (phase === 'B') {
    for (const u of readUnits(ctx.db)) {
      if (u.side === side && u.on_map === 1 && u.status !== 'eliminated') subjects.push({ unitId: u.id, side: u.side, fallbackOrder: orders.get(u.command_id)!.order });
    }
  }
  return subjects.map(({ fallbackOrder, ...s }) => {
    const input = s.commandId !== undefined ? { commandId: s.commandId } : { unitId: s.unitId! };
    const me = verdictOf(() => meAttemptChecks(ctx, input, commands, false));
    const re = verdictOf(() => reActivationChecks(ctx, input, commands, false));
    // The order it would activate under; for one both checks refused early (already activated), its standing order.
    const entry: LegalActivation = { ...s, order: me.value?.order ?? re.value?.order ?? fallbackOrder, me: me.verdict, re: re.verdict };
    if (s.commandId !== undefined && (!me.verdict.allowed || !re.verdict.allowed)) {
      // RI-S24: a commander out of command of his superior was not part of its activation and may act on his own.
      const oocMe = verdictOf(() => meAttemptChecks(ctx, input, commands, true)).verdict;
      const oocRe = verdictOf(() => reActivationChecks(ctx, input, commands, true)).verdict;
      if (oocMe.allowed !== me.verdict.allowed || oocRe.allowed !== re.verdict.allowed) entry.outOfCommand = { me: oocMe, re: oocRe };
    }
    return entry;
  });
}

export function legalActions(ctx: GameContext): Omit<LegalActions, 'advance'> {
  const clock = readClock(ctx.db);
  const turn = readTurnState(ctx.db);
  const commands = readCommands(ctx.db);
  const inActivation = clock.segment === ACTIVATION_SEGMENT;
  const pass = Object.fromEntries(
    SIDES.map((side) => [
      side,
      inActivation
        ? verdictOf(() => {
            requireSideToAct(ctx, 'side', side);
            // RI-B02: as pass() checks, the first pass waits for the turn's arrival and rain rolls.
            requireStartOfActivationDone(ctx, 'side');
            activationOrderRule(ctx)?.passChecks();
          }).verdict
        : { allowed: false, reason: 'passing is for the Activation Segment', rule: 'Rev. Activation Segment' },
    ]),
  ) as LegalActions['pass'];
  return {
    orderChanges: clock.segment === ORDERS_SEGMENT ? orderChanges(ctx, commands) : [],
    // Only the side to act may activate; the other side's verdict is its `pass` entry ("it is X's turn").
    activations: inActivation && turn.side_to_act !== null && turn.passes_in_row < 3 ? activations(ctx, commands, clock.phase, turn.side_to_act, activationOrderRule(ctx)) : [],
    pass,
  };
}
