/**
 * What each side may do in the current step of the Sequence of Play, for the turn state: every order
 * change in the Orders Segment and every activation in the Activation Segment, each with its verdict and,
 * where refused, the reason and rule. Computed by running the very checks the write functions run
 * (orderChangeChecks, meAttemptChecks, reActivationChecks, requireSideToAct) and catching their
 * refusals, so the screens never re-derive a rule and can never offer what the service would refuse.
 */
import { ACTIVATION_LEVELS } from '../../rules/activation';
import { orderChangeDrm } from '../../rules/orders';
import { ORDER_CODES, SIDES, type Side } from '../../rules/types';
import type { LegalActions, LegalActivation, LegalOrderChange, Verdict } from '../../contract';
import { ACTIVATION_SEGMENT, ORDERS_SEGMENT } from '../clock';
import { MusterError } from '../errors';
import { readClock, readCommands, readUnits, type CommandRow } from '../store';
import { meAttemptChecks, reActivationChecks } from './activation';
import { standingOrders } from './chain';
import { orderChangeChecks, standingOrdersWithin } from './orders';
import type { GameContext } from './context';
import { requireSideToAct } from './lookups';

const ALLOWED: Verdict = { allowed: true };

/** Runs a check; a MusterError refusal becomes a verdict with its reason and rule. Anything else is a bug and propagates. */
function verdictOf<T>(check: () => T): { verdict: Verdict; value: T | null } {
  try {
    return { verdict: ALLOWED, value: check() };
  } catch (e) {
    if (!(e instanceof MusterError)) throw e;
    return { verdict: { allowed: false, reason: e.reason, ...(e.rule !== undefined ? { rule: e.rule } : {}) }, value: null };
  }
}

function orderChanges(ctx: GameContext, commands: CommandRow[]): LegalOrderChange[] {
  const orders = standingOrders(ctx, commands);
  return commands
    .filter((c) => c.on_map === 1 && c.leader_id !== null)
    .map((c) => {
      const from = orders.get(c.id)!.order;
      const options = ORDER_CODES.filter((o) => o !== from).map((order) => {
        const { verdict, value } = verdictOf(() => orderChangeChecks(ctx, c, order, commands, orders));
        return { order, kind: value?.kind.kind ?? null, ...verdict };
      });
      const first = options.find((o) => o.allowed);
      const mayAttempt: Verdict = first ? ALLOWED : { allowed: false, ...pickReason(options) };
      const drm = orderChangeDrm({
        superiorsInRange: 0,
        superiorRatingsUsed: [],
        orders: standingOrdersWithin(c, commands, orders),
        hasRsm: c.rsm === 1,
        isCavalry: c.cavalry === 1,
        adjacentToEnemy: false,
        ineffective: c.ineffective === 1,
      });
      return { commandId: c.id, side: c.side, from, mayAttempt, options, drm };
    });
}

/** The reason shared by most refused options (failed this turn, wrong phase...), for the command as a whole. */
function pickReason(options: Verdict[]): { reason?: string; rule?: string } {
  const counts = new Map<string, { n: number; v: Verdict }>();
  for (const o of options) {
    const key = o.reason ?? '';
    counts.set(key, { n: (counts.get(key)?.n ?? 0) + 1, v: o });
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0]?.v;
  return best ? { ...(best.reason !== undefined ? { reason: best.reason } : {}), ...(best.rule !== undefined ? { rule: best.rule } : {}) } : {};
}

function activations(ctx: GameContext, commands: CommandRow[], phase: string): LegalActivation[] {
  const subjects: { commandId?: string; unitId?: string; side: Side }[] = commands
    .filter((c) => c.on_map === 1 && (ACTIVATION_LEVELS as readonly string[]).includes(c.level))
    .map((c) => ({ commandId: c.id, side: c.side }));
  // RI-S25: in the Out-of-Command Activation Phase a player may activate single units.
  if (phase === 'B') {
    for (const u of readUnits(ctx.db)) if (u.on_map === 1 && u.status !== 'eliminated' && u.activation === null) subjects.push({ unitId: u.id, side: u.side });
  }
  return subjects.map((s) => {
    const input = s.commandId !== undefined ? { commandId: s.commandId } : { unitId: s.unitId! };
    const me = verdictOf(() => meAttemptChecks(ctx, input, commands, false));
    const re = verdictOf(() => reActivationChecks(ctx, input, commands, false));
    const order = me.value?.order ?? re.value?.order ?? null;
    const entry: LegalActivation = { ...s, order: order ?? orderOf(ctx, commands, s), me: me.verdict, re: re.verdict };
    if (s.commandId !== undefined && (!me.verdict.allowed || !re.verdict.allowed)) {
      // RI-S24: a commander out of command of his superior was not part of its activation and may act on his own.
      const oocMe = verdictOf(() => meAttemptChecks(ctx, input, commands, true)).verdict;
      const oocRe = verdictOf(() => reActivationChecks(ctx, input, commands, true)).verdict;
      if (oocMe.allowed !== me.verdict.allowed || oocRe.allowed !== re.verdict.allowed) entry.outOfCommand = { me: oocMe, re: oocRe };
    }
    return entry;
  });
}

/** The standing order of a subject both checks refused before reaching its order (already activated...). */
function orderOf(ctx: GameContext, commands: CommandRow[], s: { commandId?: string; unitId?: string }) {
  const orders = standingOrders(ctx, commands);
  if (s.commandId !== undefined) return orders.get(s.commandId)!.order;
  const unit = readUnits(ctx.db).find((u) => u.id === s.unitId)!;
  return orders.get(unit.command_id)!.order;
}

export function legalActions(ctx: GameContext): LegalActions {
  const clock = readClock(ctx.db);
  const commands = readCommands(ctx.db);
  const inActivation = clock.segment === ACTIVATION_SEGMENT;
  const pass = Object.fromEntries(
    SIDES.map((side) => [side, inActivation ? verdictOf(() => requireSideToAct(ctx, 'side', side)).verdict : { allowed: false, reason: 'passing is for the Activation Segment', rule: 'Rev. Activation Segment' }]),
  ) as LegalActions['pass'];
  return {
    orderChanges: clock.segment === ORDERS_SEGMENT ? orderChanges(ctx, commands) : [],
    activations: inActivation ? activations(ctx, commands, clock.phase) : [],
    pass,
  };
}
