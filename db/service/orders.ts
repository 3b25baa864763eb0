/**
 * Orders (Rev. Orders Segment): orders issued directly or by Commander's Initiative, the army commander's
 * pre-roll, order change attempts, and command attachment (Rev. Command Attachment).
 */
import { commandAttachment } from '../../rules/attachment';
import { canIssueOrder, defaultOrderChoices } from '../../rules/orders';
import { commandAncestors, commandsBehindOrderChange, mayAttemptOrderChange } from '../../rules/command-tree';
import {
  commandersInitiative,
  mayGiveOrderDirectly,
  nonAutomaticChangePreRoll,
  orderChangeDrm,
  orderChangeAttemptKind,
  resolveOrderChangeAttempt,
} from '../../rules/order-change';
import { type OrderCode, type DieRoll } from '../../rules/types';
import { ACTIVATION_SEGMENT, INITIATIVE_SEGMENT, ORDERS_SEGMENT } from '../clock';
import { forbidden, invalid, MusterError } from '../errors';
import type { AttachCommandInput, ChangeResult, DirectOrders, OrderChangeAttemptInput, OrderChangeAttemptResult, OrderChangePreview, OrderChangePreviewInput, OrderPreRollInput, RollChangeResult, SetOrdersInput, StackedWithChoice, StackedWithChoicesInput } from '../../contract';
import { readClock, readCommand, readCommands, readGame, readLeaders, readTurnState, type CommandRow, commandsById } from '../store';
import { askRules, optionalIdList } from '../validate';
import { readHouseReadings } from '../reading-choices';
import { actingArmyCommander, ledger, manName, officerRating, persons, requireCommanderOnMap, spendPoints, standingOrders, superiorOffers, superiors, tree } from './chain';
import { check, commandArm, RULE, unitSubject, yes } from './common';
import { die, refuseFinishedEntries, write, type GameContext, type ServiceFunctions } from './context';
import { command, leader, onMapCommand, onMapUnit, requireSegment, requireStep } from './lookups';
import { orderChangeCarrying } from './rule-seam';

function setOrders(ctx: GameContext, input: SetOrdersInput): ChangeResult {
  // RI-H06: before play begins these are the opening orders, a setup step that does not start the game.
  const opening = readGame(ctx.db).started === 0 && input.commandersInitiative !== true;
  return write(
    ctx,
    'orders.set',
    input,
    (cs) => {
      const hasCommand = input.commandId !== undefined;
      if (hasCommand === (input.unitId !== undefined)) throw invalid('commandId', 'name either a command or a single unit, not both');
      const ci = input.commandersInitiative ?? false;
      const order = input.order === null ? null : input.order;
      const neighbour = input.neighbourHasAssaultOrSkirmishOrders ?? true;
      const inEnemyLos = input.inEnemyLos ?? false;
      const c = hasCommand ? onMapCommand(ctx, 'commandId', input.commandId) : null;
      const u = hasCommand ? null : onMapUnit(ctx, 'unitId', input.unitId);
      const holderCommand = c ?? command(ctx, 'unitId', u!.command_id);
      const name = c ? c.name : u!.name;
      const field = c ? 'commandId' : 'unitId';
      if (!opening) refuseFinishedEntries(ctx, holderCommand.side, field);
      if (!ci) {
        const direct = askRules(() =>
          mayGiveOrderDirectly({ gameStarted: !opening, segment: readClock(ctx.db).segment, holder: c ? 'command' : 'unit', order, defaultChoices: u ? defaultOrderChoices(unitSubject(u)) : [] }),
        );
        // A unit in the right segment is refused for the order it was given; otherwise for being named at all.
        const segment = readClock(ctx.db).segment;
        const at = u && (segment === ORDERS_SEGMENT || segment === ACTIVATION_SEGMENT) ? 'order' : field;
        if (!direct.ok) throw forbidden(at, `${name}: ${direct.reason}`, direct.rule);
      }
      if (c && order === null && (c.attached_to ?? c.parent_id) === null) {
        throw forbidden('order', `${c.name} heads the army; all commands must have an order at all times`, RULE.ordersSegment);
      }
      const target = {
        arm: c ? commandArm(c) : u!.arm,
        ineffective: holderCommand.ineffective === 1,
        shattered: u?.status === 'shattered',
        neighbourHasAssaultOrSkirmishOrders: neighbour,
        inEnemyLos,
      };
      if (ci) {
        requireSegment(ctx, 'commandersInitiative', ORDERS_SEGMENT, RULE.commandersInitiative);
        if (order === null) throw invalid('order', "a Commander's Initiative order must be an order, not null");
        const stackedWith = leader(ctx, 'stackedWithLeaderId', input.stackedWithLeaderId);
        // RI-B14: units are stacked with a leader on the map, in play.
        if (stackedWith.on_map !== 1) throw forbidden('stackedWithLeaderId', `${stackedWith.name} is not on the map: no units can be stacked with him until he arrives`, RULE.commandersInitiative);
        if (stackedWith.casualty !== 'none') throw forbidden('stackedWithLeaderId', `${stackedWith.name} is ${stackedWith.casualty}`, RULE.leaderLosses);
        const led = stackedWith.command_id ? readCommand(ctx.db, stackedWith.command_id) : undefined;
        const commands = readCommands(ctx.db);
        const chain = [...(c ? [] : [holderCommand.id]), ...askRules(() => commandAncestors(tree(commands), holderCommand.id))];
        check('stackedWithLeaderId', askRules(() => commandersInitiative(order, target, { superiorLevel: led?.level ?? null, superiorInChainOfCommand: led !== undefined && chain.includes(led.id) })));
      } else if (order !== null) {
        check('order', askRules(() => canIssueOrder(order, target)));
      }
      const table = c ? 'commands' : 'units';
      const row = c ?? u!;
      if (order === row.own_order && yes(ci) === row.order_expires) throw invalid('order', `${name} already holds ${order ?? 'no order of its own'}`);
      cs.set(table, row.id, 'own_order', row.own_order, order).set(table, row.id, 'order_expires', row.order_expires, yes(ci && order !== null));
      return {
        summary: `${name}: ${opening ? 'opening ' : ''}orders ${order ?? (c ? 'removed (follows its superior)' : 'removed (follows its command)')}${ci ? " (Commander's Initiative, expires at end of turn)" : ''}`,
        subjects: [`command:${holderCommand.id}`],
        result: {},
        entry: { side: holderCommand.side, field },
      };
    },
    { setup: opening },
  );
}

/**
 * The leaders a unit may be stacked with for Commander's Initiative, as the form offers them: division or
 * higher in its chain of command, on the map and in play, each man once (RI-B14, RI-D16).
 */
function stackedWithChoices(ctx: GameContext, input: StackedWithChoicesInput): StackedWithChoice[] {
  const u = onMapUnit(ctx, 'unitId', input.unitId);
  const commands = readCommands(ctx.db);
  const byId = commandsById(commands);
  const chain = [u.command_id, ...askRules(() => commandAncestors(tree(commands), u.command_id))].map((id) => byId.get(id)!);
  const all = readLeaders(ctx.db);
  const man = persons(all);
  const leaderById = new Map(all.map((l) => [l.id, l]));
  const seen = new Set<string>();
  const out: StackedWithChoice[] = [];
  for (const c of chain) {
    const l = c.leader_id ? leaderById.get(c.leader_id) : undefined;
    if (!l || !['army', 'wing', 'corps', 'division'].includes(c.level) || l.on_map !== 1 || l.casualty !== 'none') continue;
    const key = man.get(l.id) ?? l.id;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ leaderId: l.id, name: manName(l), command: c.name });
  }
  return out;
}

/** What setOrders allows now (the turn state shows it, so the screens offer only that): RI-H06. */
export function directOrdersNow(ctx: GameContext): DirectOrders {
  const started = readGame(ctx.db).started === 1;
  const segment = readClock(ctx.db).segment;
  const opening = !started;
  const commandersInitiativeNow = segment === ORDERS_SEGMENT;
  const defaultOrder = opening || segment === ORDERS_SEGMENT || segment === ACTIVATION_SEGMENT;
  return {
    opening,
    commandersInitiative: commandersInitiativeNow,
    defaultOrder,
    reason:
      opening || commandersInitiativeNow || defaultOrder
        ? null
        : "orders change in the Orders Segment, by an order change attempt or Commander's Initiative; an out-of-command unit takes its Default Order in the Orders or Activation Segment",
    rule: RULE.ordersSegment,
  };
}

function orderPreRoll(ctx: GameContext, input: OrderPreRollInput): RollChangeResult & { success: boolean } {
  return write(ctx, 'orders.preroll', input, (cs) => {
    const game = readGame(ctx.db);
    const side = input.side;
    const typed = input.roll as DieRoll | undefined;
    requireStep(ctx, 'side', ORDERS_SEGMENT, 'B', RULE.nonAutomatic);
    refuseFinishedEntries(ctx, side, 'side');
    const { leader, rating } = actingArmyCommander(ctx, 'side', side, game);
    // RI-H05: whether he is on the map comes from the roster, the one source of "on the map".
    const onMap = leader.on_map === 1;
    const t = readTurnState(ctx.db);
    const column = side === 'USA' ? 'preroll_usa' : 'preroll_csa';
    if (t[column] !== null) throw forbidden('side', `${side} has already made the army commander's pre-roll this turn`, RULE.nonAutomatic);
    const r = die(ctx, typed);
    const result = askRules(() => nonAutomaticChangePreRoll({ armyCommanderOnMap: onMap, armyCommanderRating: rating }, r.roll));
    cs.set('turn_state', 1, column, null, yes(result.success));
    return {
      summary: `${side} army commander's pre-roll (${leader.name}${onMap ? '' : ', not on the map: only a 0 passes'}): ${r.roll} ${result.success ? 'passes' : 'fails'}: non-automatic order changes ${result.success ? 'may' : 'may not'} be attempted`,
      dice: [{ purpose: `${side} army commander's pre-roll for non-automatic order changes`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: `<= ${result.highestSuccessfulRoll}`, outcome: result.success ? 'passed' : 'failed' }],
      result: { success: result.success },
      entry: { side, field: 'side' },
    };
  });
}

/** What an order change attempt checked: the order it changes from and the kind of attempt. */
export interface OrderChangeChecked {
  from: OrderCode;
  kind: ReturnType<typeof orderChangeAttemptKind>;
}

/**
 * Everything an order change attempt checks before its roll, throwing the first refusal: attemptOrderChange
 * runs it, and so does the turn state's list of what each side may do now (db/service/legal.ts).
 * The board facts (RI-S14) default to "the order may be given".
 */
export function orderChangeChecks(
  ctx: GameContext,
  c: CommandRow,
  order: OrderCode,
  commands: CommandRow[],
  orders: ReturnType<typeof standingOrders>,
  boardFacts: { neighbourHasAssaultOrSkirmishOrders?: boolean; inEnemyLos?: boolean } = {},
  /** The turn state checks every order for every command: what bars the command from any change is asked once, before. */
  commandChecked = false,
): OrderChangeChecked {
  if (!commandChecked) commandMayAttemptChecks(ctx, c, commands);
  const from = orders.get(c.id)!.order;
  if (from === order) throw invalid('order', `${c.name} is already under ${order}`);
  check('order', askRules(() => canIssueOrder(order, { arm: commandArm(c), ineffective: c.ineffective === 1, shattered: false, neighbourHasAssaultOrSkirmishOrders: boardFacts.neighbourHasAssaultOrSkirmishOrders ?? true, inEnemyLos: boardFacts.inEnemyLos ?? false })));
  const kind = askRules(() => orderChangeAttemptKind({ from, to: order, hasRsm: c.rsm === 1, subject: { arm: commandArm(c) } }));
  // Automatic attempts belong to phase I.A, the others to I.B (Rev. Sequence of Play).
  if (kind.kind === 'automatic') requireStep(ctx, 'order', ORDERS_SEGMENT, 'A', kind.rule);
  else requireStep(ctx, 'order', ORDERS_SEGMENT, 'B', kind.rule);
  if (kind.kind === 'non-automatic') {
    const t = readTurnState(ctx.db);
    const pre = c.side === 'USA' ? t.preroll_usa : t.preroll_csa;
    if (pre === null) throw forbidden('commandId', `changing ${from} to ${order} is a non-automatic attempt: make the ${c.side} army commander's pre-roll first`, RULE.nonAutomatic);
    if (pre === 0) throw forbidden('commandId', `the ${c.side} army commander's pre-roll failed this turn: only automatic order changes may be attempted`, RULE.nonAutomatic);
  }
  return { from, kind };
}

/** What bars a command from any order change now, whatever the order: the segment, orders flowing downhill, a failed attempt. */
export function commandMayAttemptChecks(ctx: GameContext, c: CommandRow, commands: CommandRow[]): void {
  requireSegment(ctx, 'commandId', ORDERS_SEGMENT, RULE.ordersSegment);
  // RI-H01, RI-H08: a side that has finished its secret entries of the step enters no more, and that is
  // said before anything its hidden entries decide (a failed attempt, a superior's failure).
  refuseFinishedEntries(ctx, c.side, 'commandId');
  // RI-B11, RI-B14: the officer who rolls has no rating until he arrives.
  requireCommanderOnMap(ctx, 'commandId', c);
  const downhill = askRules(() => mayAttemptOrderChange(tree(commands), commands.filter((x) => x.order_change_failed === 1).map((x) => x.id), c.id));
  if (!downhill.ok) {
    const ancestors = new Set(askRules(() => commandAncestors(tree(commands), c.id)));
    const failed = commands.find((x) => ancestors.has(x.id) && x.order_change_failed === 1);
    throw forbidden('commandId', `the order change for ${failed?.name ?? 'a superior command'} failed this turn: its subordinates may not attempt their own`, downhill.rule);
  }
  if (c.order_change_failed === 1) throw forbidden('commandId', `${c.name}'s order change already failed this turn; the orders stand`, 'Rev. Order Change Attempt Procedure');
}

/**
 * RI-S09: the Orders Table DRM of an attempt is the worst of the orders now standing within the command, or,
 * under the game's house reading "its own order only", the command's own order (rules/command-tree.ts
 * commandsBehindOrderChange decides which commands count; the ones on the map give their orders).
 */
export function standingOrdersWithin(ctx: GameContext, c: CommandRow, commands: CommandRow[], orders: ReturnType<typeof standingOrders>): OrderCode[] {
  const counted = new Set(askRules(() => commandsBehindOrderChange(tree(commands), c.id, readHouseReadings(ctx.db).orderChangeOrders)));
  return [...new Set(commands.filter((x) => counted.has(x.id) && x.on_map === 1).map((x) => orders.get(x.id)!.order))];
}

/**
 * The DRMs of an order change attempt, as the roll uses them and as the preview shows them before it (one
 * code for both): superiors in range and lending their ratings (checked: on the map, in the chain, each
 * man once, never the officer himself: RI-D16), the worst order standing within the command (RI-S09),
 * cavalry, adjacency and ineffectiveness.
 */
function orderChangeDrmOf(ctx: GameContext, c: CommandRow, commands: CommandRow[], orders: ReturnType<typeof standingOrders>, input: { superiorsInRange?: string[] | undefined; superiorsUsingRating?: string[] | undefined; adjacentToEnemy?: boolean | undefined }) {
  const inRangeIds = optionalIdList('superiorsInRange', input.superiorsInRange);
  const usingIds = optionalIdList('superiorsUsingRating', input.superiorsUsingRating);
  const adjacent = input.adjacentToEnemy ?? false;
  const inRange = superiors(ctx, 'superiorsInRange', inRangeIds, c.id, commands, RULE.orderChangeDrms);
  const using = superiors(ctx, 'superiorsUsingRating', usingIds, c.id, commands, RULE.orderChangeDrms);
  const drm = {
    superiorsInRange: inRange.length,
    superiorRatingsUsed: using.map((l) => l.rating),
    orders: standingOrdersWithin(ctx, c, commands, orders),
    ordersReading: readHouseReadings(ctx.db).orderChangeOrders,
    hasRsm: c.rsm === 1,
    isCavalry: c.cavalry === 1,
    adjacentToEnemy: adjacent,
    ineffective: c.ineffective === 1,
  };
  return { drm, using };
}

/** What an order change attempt would roll with, before the die: the same DRMs as the roll, the officer's rating and the superiors to offer. */
function previewOrderChange(ctx: GameContext, input: OrderChangePreviewInput): OrderChangePreview {
  const commands = readCommands(ctx.db);
  const c = onMapCommand(ctx, 'commandId', input.commandId);
  const { drm } = orderChangeDrmOf(ctx, c, commands, standingOrders(ctx, commands), input);
  let rating: number | null = null;
  try {
    requireCommanderOnMap(ctx, 'commandId', c);
    rating = officerRating(ctx, 'commandId', c).rating;
  } catch (e) {
    if (!(e instanceof MusterError)) throw e;
  }
  return { drm: askRules(() => orderChangeDrm(drm)), rating, superiors: superiorOffers(ctx, c.id, commands) };
}

function attemptOrderChange(ctx: GameContext, input: OrderChangeAttemptInput): OrderChangeAttemptResult {
  return write(ctx, 'orders.attempt', input, (cs) => {
    const commands = readCommands(ctx.db);
    const c = onMapCommand(ctx, 'commandId', input.commandId);
    refuseFinishedEntries(ctx, c.side, 'commandId');
    const order = input.order;
    const typed = input.roll as DieRoll | undefined;
    requireSegment(ctx, 'commandId', ORDERS_SEGMENT, RULE.ordersSegment);
    const orders = standingOrders(ctx, commands);
    const { drm, using } = orderChangeDrmOf(ctx, c, commands, orders, input);
    const { from, kind } = orderChangeChecks(ctx, c, order, commands, orders, input);
    const { leader, rating } = officerRating(ctx, 'commandId', c);
    // A rule module may carry a success instead of making it at once (the Messengers option, RI-O16): how
    // it will travel is checked before the die is rolled.
    const carrying = orderChangeCarrying(ctx, c, input);
    spendPoints(ctx, cs, 'superiorsUsingRating', using, 'order-change');
    const r = die(ctx, typed);
    const attempt = askRules(() => resolveOrderChangeAttempt({ officerRating: rating, drm }, r.roll));
    const sent = attempt.success && carrying ? carrying.send(cs, order) : null;
    if (attempt.success && !sent) {
      cs.set('commands', c.id, 'own_order', c.own_order, order).set('commands', c.id, 'order_expires', c.order_expires, 0);
    } else if (!attempt.success) {
      cs.set('commands', c.id, 'order_change_failed', c.order_change_failed, 1);
    }
    const outcome = !attempt.success ? 'orders stand' : sent ? sent.outcome : 'orders changed';
    return {
      summary: `${c.name} (${leader.name}, rating ${rating}) tries ${from} -> ${order} (${kind.kind}): rolled ${r.roll}, modified ${attempt.modifiedRoll}: ${outcome}`,
      subjects: [`command:${c.id}`, `leader:${leader.id}`],
      dice: [{ purpose: `Order change: ${c.name} ${from} -> ${order}`, source: r.source, roll: r.roll, modifiers: attempt.drm, modified: attempt.modifiedRoll, target: `<= ${rating}`, outcome: attempt.success ? 'success' : 'failure' }],
      result: { automatic: kind.kind === 'automatic', success: attempt.success, drm: attempt.drm, rating, ...(carrying ? carrying.result() : {}) },
      entry: { side: c.side, field: 'commandId' },
    };
  });
}

function attachCommand(ctx: GameContext, input: AttachCommandInput): ChangeResult {
  return write(ctx, 'command.attachment', input, (cs) => {
    const game = readGame(ctx.db);
    const commands = readCommands(ctx.db);
    const c = onMapCommand(ctx, 'commandId', input.commandId);
    const gainingRange = input.gainingCommanderHasDetachingInRange ?? true;
    const armyRange = input.armyCommanderHasDetachingInRange ?? true;
    requireStep(ctx, 'commandId', INITIATIVE_SEGMENT, 'C', 'Rev. Command Attachment');
    const detach = input.toCommandId === null;
    if (input.toCommandId === undefined) throw invalid('toCommandId', 'give the gaining command, or null to detach');
    if (detach && c.attached_to === null) throw invalid('toCommandId', `${c.name} is not attached to another command`);
    const gaining = detach ? command(ctx, 'commandId', c.parent_id) : onMapCommand(ctx, 'toCommandId', input.toCommandId);
    if (gaining.side !== c.side) throw invalid('toCommandId', `${gaining.name} is on the other side`);
    if (!detach && gaining.id === (c.attached_to ?? c.parent_id)) throw invalid('toCommandId', `${c.name} already answers to ${gaining.name}`);
    // The new tree must not put a command under itself.
    const movedUnder = [gaining.id, ...askRules(() => commandAncestors(tree(commands), gaining.id))];
    if (movedUnder.includes(c.id)) throw invalid('toCommandId', `${gaining.name} is ${c.name} or one of its subordinates`);
    const t = readTurnState(ctx.db);
    const { leader: army } = actingArmyCommander(ctx, 'commandId', c.side, game);
    const verdict = askRules(() =>
      commandAttachment(
        {
          kind: detach ? 'detach' : 'attach',
          moved: { size: c.level, arm: commandArm(c) },
          gaining: { size: gaining.level },
          gainingCommanderHasDetachingInRange: gainingRange,
          armyCommanderHasDetachingInRange: armyRange,
          attachmentsThisTurn: (t.attachment_made & (c.side === 'USA' ? 1 : 2)) === 0 ? 0 : 1,
        },
        ledger(ctx),
        { id: army.id, role: army.role },
        // RI-C11: the game's house reading of what may be attached.
        readHouseReadings(ctx.db).attachable,
      ),
    );
    check('commandId', verdict);
    const byReading = verdict.houseReading === null ? '' : ` (${verdict.houseReading})`;
    cs.set('commands', c.id, 'attached_to', c.attached_to, detach ? null : gaining.id);
    // attachment_made holds one bit per side: one attachment per turn per side (RI-C11).
    cs.set('turn_state', 1, 'attachment_made', t.attachment_made, t.attachment_made | (c.side === 'USA' ? 1 : 2));
    cs.set('leaders', army.id, 'points_used', army.points_used, 'attachment');
    return {
      summary: detach ? `${c.name} detached from ${command(ctx, 'commandId', c.attached_to).name}, back under ${gaining.name}${byReading}` : `${c.name} attached to ${gaining.name} (${army.name}'s rating points spent)${byReading}`,
      subjects: [`command:${gaining.id}`, `leader:${army.id}`],
      result: {},
    };
  });
}

export const ordersFunctions = { setOrders, orderPreRoll, attemptOrderChange, attachCommand, previewOrderChange, stackedWithChoices } satisfies Partial<ServiceFunctions>;
