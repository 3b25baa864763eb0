/**
 * Orders (Rev. Orders Segment): orders issued directly or by Commander's Initiative, the army commander's
 * pre-roll, order change attempts, and command attachment (Rev. Command Attachment).
 */
import { commandAttachment } from '../../rules/attachment';
import {
  canIssueOrder,
  commandAncestors,
  commandersInitiative,
  defaultOrderChoices,
  mayAttemptOrderChange,
  mayGiveOrderDirectly,
  nonAutomaticChangePreRoll,
  orderChangeAttemptKind,
  orderChangeDrm,
  resolveOrderChangeAttempt,
} from '../../rules/orders';
import { ORDER_CODES, SIDES, type OrderCode } from '../../rules/types';
import { ACTIVATION_SEGMENT, INITIATIVE_SEGMENT, ORDERS_SEGMENT } from '../clock';
import { forbidden, invalid, MusterError } from '../errors';
import type {
  AttachCommandInput,
  ChangeResult,
  DirectOrders,
  OrderChangeAttemptInput,
  OrderChangeAttemptResult,
  OrderChangeOptions,
  OrderChangeOptionsInput,
  OrderPreRollInput,
  RollChangeResult,
  SetOrdersInput,
} from '../../contract';
import { readClock, readCommand, readCommands, readGame, readTurnState, type CommandRow } from '../store';
import { askRules, optionalBool, optionalIdList, optionalRoll, requireObject, requireOneOf } from '../validate';
import { actingArmyCommander, ledger, officerRating, spendPoints, standingOrders, subtree, superiors, tree } from './chain';
import { check, commandArm, RULE, unitSubject, yes } from './common';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { command, leader, onMapCommand, onMapUnit, requireSegment, requireStep } from './lookups';
import { secretStep, sideBit } from './secrets';

function setOrders(ctx: GameContext, input: SetOrdersInput): ChangeResult {
  requireObject('input', input);
  // RI-H06: before play begins these are the opening orders, a setup step that does not start the game.
  const opening = readGame(ctx.db).started === 0 && input.commandersInitiative !== true;
  return write(
    ctx,
    'orders.set',
    input,
    (cs) => {
      const hasCommand = input.commandId !== undefined;
      if (hasCommand === (input.unitId !== undefined)) throw invalid('commandId', 'give exactly one of commandId and unitId');
      const ci = optionalBool('commandersInitiative', input.commandersInitiative, false);
      const order = input.order === null ? null : requireOneOf('order', input.order, ORDER_CODES);
      const neighbour = optionalBool('neighbourHasAssaultOrSkirmishOrders', input.neighbourHasAssaultOrSkirmishOrders, true);
      const inEnemyLos = optionalBool('inEnemyLos', input.inEnemyLos, false);
      const c = hasCommand ? onMapCommand(ctx, 'commandId', input.commandId) : null;
      const u = hasCommand ? null : onMapUnit(ctx, 'unitId', input.unitId);
      const holderCommand = c ?? command(ctx, 'unitId', u!.command_id);
      const name = c ? c.name : u!.name;
      const field = c ? 'commandId' : 'unitId';
      if (!ci) {
        const direct = askRules(() =>
          mayGiveOrderDirectly({ gameStarted: !opening, segment: readClock(ctx.db).segment as 'I', holder: c ? 'command' : 'unit', order, defaultChoices: u ? defaultOrderChoices(unitSubject(u)) : [] }),
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
  requireObject('input', input);
  return write(ctx, 'orders.preroll', input, (cs, game) => {
    const side = requireOneOf('side', input.side, SIDES);
    const typed = optionalRoll('roll', input.roll);
    requireStep(ctx, 'side', ORDERS_SEGMENT, 'B', RULE.nonAutomatic);
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

/** Why an order change attempt may not be made now, as a refusal naming the field, or null (shared by the attempt and its options). */
interface AttemptBar {
  code: 'INVALID_ARGUMENT' | 'RULES_FORBID';
  field: string;
  reason: string;
  rule?: string;
}

function attemptBar(ctx: GameContext, c: CommandRow, order: OrderCode, from: OrderCode, commands: CommandRow[], facts: { neighbourHasAssaultOrSkirmishOrders: boolean; inEnemyLos: boolean }): AttemptBar | null {
  const clock = readClock(ctx.db);
  if (clock.segment !== ORDERS_SEGMENT) return { code: 'RULES_FORBID', field: 'commandId', reason: `order change attempts are made in the Orders Segment (I); the game is in segment ${clock.segment}`, rule: RULE.ordersSegment };
  if (from === order) return { code: 'INVALID_ARGUMENT', field: 'order', reason: `${c.name} is already under ${order}` };
  const downhill = askRules(() => mayAttemptOrderChange(tree(commands), commands.filter((x) => x.order_change_failed === 1).map((x) => x.id), c.id));
  if (!downhill.ok) return { code: 'RULES_FORBID', field: 'commandId', reason: downhill.reason, rule: downhill.rule };
  if (c.order_change_failed === 1) return { code: 'RULES_FORBID', field: 'commandId', reason: `${c.name}'s order change already failed this turn; the orders stand`, rule: 'Rev. Order Change Attempt Procedure' };
  const issue = askRules(() => canIssueOrder(order, { arm: commandArm(c), ineffective: c.ineffective === 1, shattered: false, ...facts }));
  if (!issue.ok) return { code: 'RULES_FORBID', field: 'order', reason: issue.reason, rule: issue.rule };
  const kind = askRules(() => orderChangeAttemptKind({ from, to: order, hasRsm: c.rsm === 1, subject: { arm: commandArm(c) } }));
  // Automatic attempts belong to phase I.A, the others to I.B (Rev. Sequence of Play).
  const phase = kind.kind === 'automatic' ? 'A' : 'B';
  if (clock.phase !== phase) return { code: 'RULES_FORBID', field: 'order', reason: `this is done in step I.${phase} of the turn (a${kind.kind === 'automatic' ? 'n automatic' : ' non-automatic'} attempt); the game is at I.${clock.phase}`, rule: kind.rule };
  if (kind.kind === 'non-automatic') {
    const t = readTurnState(ctx.db);
    const pre = c.side === 'USA' ? t.preroll_usa : t.preroll_csa;
    if (pre === null) return { code: 'RULES_FORBID', field: 'commandId', reason: `changing ${from} to ${order} is a non-automatic attempt: make the ${c.side} army commander's pre-roll first`, rule: RULE.nonAutomatic };
    if (pre === 0) return { code: 'RULES_FORBID', field: 'commandId', reason: `the ${c.side} army commander's pre-roll failed this turn: only automatic order changes may be attempted`, rule: RULE.nonAutomatic };
  }
  return null;
}

function throwBar(bar: AttemptBar): never {
  throw bar.code === 'INVALID_ARGUMENT' ? invalid(bar.field, bar.reason, bar.rule) : forbidden(bar.field, bar.reason, bar.rule!);
}

/** RI-S09: the Orders Table DRM of an attempt comes from the orders standing within the command (on the map). */
function standingWithin(c: CommandRow, commands: CommandRow[], orders: Map<string, { order: OrderCode }>): OrderCode[] {
  const sub = subtree(c.id, commands);
  return [...new Set(commands.filter((x) => sub.has(x.id) && x.on_map === 1).map((x) => orders.get(x.id)!.order))];
}

function attemptOrderChange(ctx: GameContext, input: OrderChangeAttemptInput): OrderChangeAttemptResult {
  requireObject('input', input);
  return write(ctx, 'orders.attempt', input, (cs) => {
    const commands = readCommands(ctx.db);
    const c = onMapCommand(ctx, 'commandId', input.commandId);
    const order = requireOneOf('order', input.order, ORDER_CODES);
    const inRangeIds = optionalIdList('superiorsInRange', input.superiorsInRange);
    const usingIds = optionalIdList('superiorsUsingRating', input.superiorsUsingRating);
    const adjacent = optionalBool('adjacentToEnemy', input.adjacentToEnemy, false);
    const typed = optionalRoll('roll', input.roll);
    requireSegment(ctx, 'commandId', ORDERS_SEGMENT, RULE.ordersSegment);
    const inRange = superiors(ctx, 'superiorsInRange', inRangeIds, c.id, commands, RULE.orderChangeDrms);
    const using = superiors(ctx, 'superiorsUsingRating', usingIds, c.id, commands, RULE.orderChangeDrms);
    const orders = standingOrders(ctx, commands);
    const from = orders.get(c.id)!.order;
    const facts = {
      neighbourHasAssaultOrSkirmishOrders: optionalBool('neighbourHasAssaultOrSkirmishOrders', input.neighbourHasAssaultOrSkirmishOrders, true),
      inEnemyLos: optionalBool('inEnemyLos', input.inEnemyLos, false),
    };
    const bar = attemptBar(ctx, c, order, from, commands, facts);
    if (bar) throwBar(bar);
    const kind = askRules(() => orderChangeAttemptKind({ from, to: order, hasRsm: c.rsm === 1, subject: { arm: commandArm(c) } }));
    const { leader, rating } = officerRating(ctx, 'commandId', c);
    spendPoints(ctx, cs, 'superiorsUsingRating', using, 'order-change');
    const standing = standingWithin(c, commands, orders);
    const r = die(ctx, typed);
    const attempt = askRules(() =>
      resolveOrderChangeAttempt(
        {
          officerRating: rating,
          drm: {
            superiorsInRange: inRange.length,
            superiorRatingsUsed: using.map((l) => l.rating),
            orders: standing,
            hasRsm: c.rsm === 1,
            isCavalry: c.cavalry === 1,
            adjacentToEnemy: adjacent,
            ineffective: c.ineffective === 1,
          },
        },
        r.roll,
      ),
    );
    if (attempt.success) {
      cs.set('commands', c.id, 'own_order', c.own_order, order).set('commands', c.id, 'order_expires', c.order_expires, 0);
    } else {
      cs.set('commands', c.id, 'order_change_failed', c.order_change_failed, 1);
    }
    return {
      summary: `${c.name} (${leader.name}, rating ${rating}) tries ${from} -> ${order} (${kind.kind}): rolled ${r.roll}, modified ${attempt.modifiedRoll}: ${attempt.success ? 'orders changed' : 'orders stand'}`,
      subjects: [`command:${c.id}`, `leader:${leader.id}`],
      dice: [{ purpose: `Order change: ${c.name} ${from} -> ${order}`, source: r.source, roll: r.roll, modifiers: attempt.drm, modified: attempt.modifiedRoll, target: `<= ${rating}`, outcome: attempt.success ? 'success' : 'failure' }],
      result: { automatic: kind.kind === 'automatic', success: attempt.success, drm: attempt.drm, rating },
      entry: { side: c.side, field: 'commandId' },
    };
  });
}

/**
 * The orders a command may try to change to now, each with whether it may be tried, why not, whether
 * it is automatic, and the DRM the roll will use before the players' own choices (superiors in range or
 * using their rating, adjacent to the enemy): the Orders Table DRM of the orders standing within the
 * command (RI-S09), not of the order asked for. The attempt form lists exactly these (RI-H07).
 */
function orderChangeOptions(ctx: GameContext, input: OrderChangeOptionsInput): OrderChangeOptions {
  const commands = readCommands(ctx.db);
  const c = onMapCommand(ctx, 'commandId', input.commandId);
  const orders = standingOrders(ctx, commands);
  const from = orders.get(c.id)!.order;
  let officer: OrderChangeOptions['officer'] = null;
  try {
    const { leader, rating } = officerRating(ctx, 'commandId', c);
    officer = { leaderId: leader.id, name: leader.name, rating };
  } catch (e) {
    if (!(e instanceof MusterError)) throw e;
  }
  const drm = askRules(() =>
    orderChangeDrm({ superiorsInRange: 0, superiorRatingsUsed: [], orders: standingWithin(c, commands, orders), hasRsm: c.rsm === 1, isCavalry: c.cavalry === 1, adjacentToEnemy: false, ineffective: c.ineffective === 1 }),
  );
  const done = (readTurnState(ctx.db).entries_done & sideBit(c.side)) !== 0;
  const step = secretStep(readClock(ctx.db));
  return {
    commandId: c.id,
    from,
    officer,
    options: ORDER_CODES.filter((order) => order !== from).map((order) => {
      const kind = askRules(() => orderChangeAttemptKind({ from, to: order, hasRsm: c.rsm === 1, subject: { arm: commandArm(c) } }));
      const bar =
        attemptBar(ctx, c, order, from, commands, { neighbourHasAssaultOrSkirmishOrders: true, inEnemyLos: false }) ??
        (done && step ? { code: 'RULES_FORBID' as const, field: 'commandId', reason: `${c.side} has finished its entries in ${step.label}`, rule: step.rule } : null) ??
        (officer === null ? { code: 'RULES_FORBID' as const, field: 'commandId', reason: `${c.name} has no officer able to roll for it`, rule: RULE.leaders } : null);
      return {
        order,
        allowed: bar === null,
        reason: bar?.reason ?? null,
        rule: bar?.rule ?? null,
        kind: kind.kind,
        automaticReasons: kind.kind === 'automatic' ? kind.reasons : [],
        kindRule: kind.rule,
        drm,
      };
    }),
  };
}

function attachCommand(ctx: GameContext, input: AttachCommandInput): ChangeResult {
  requireObject('input', input);
  return write(ctx, 'command.attachment', input, (cs, game) => {
    const commands = readCommands(ctx.db);
    const c = onMapCommand(ctx, 'commandId', input.commandId);
    const gainingRange = optionalBool('gainingCommanderHasDetachingInRange', input.gainingCommanderHasDetachingInRange, true);
    const armyRange = optionalBool('armyCommanderHasDetachingInRange', input.armyCommanderHasDetachingInRange, true);
    requireStep(ctx, 'commandId', INITIATIVE_SEGMENT, 'C', 'Rev. Command Attachment');
    const detach = input.toCommandId === null;
    if (input.toCommandId === undefined) throw invalid('toCommandId', 'give the gaining command, or null to detach');
    if (detach && c.attached_to === null) throw invalid('toCommandId', `${c.name} is not attached to another command`);
    const gaining = detach ? command(ctx, 'commandId', c.parent_id) : onMapCommand(ctx, 'toCommandId', input.toCommandId);
    if (gaining.side !== c.side) throw invalid('toCommandId', `${gaining.name} is on the other side`);
    if (!detach && gaining.id === (c.attached_to ?? c.parent_id)) throw invalid('toCommandId', `${c.name} already answers to ${gaining.name}`);
    // The new tree must not put a command under itself (rules/attachment.ts reattachCommand checks it).
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
      ),
    );
    check('commandId', verdict);
    cs.set('commands', c.id, 'attached_to', c.attached_to, detach ? null : gaining.id);
    // attachment_made holds one bit per side: one attachment per turn per side (RI-C11).
    cs.set('turn_state', 1, 'attachment_made', t.attachment_made, t.attachment_made | (c.side === 'USA' ? 1 : 2));
    cs.set('leaders', army.id, 'points_used', army.points_used, 'attachment');
    return {
      summary: detach ? `${c.name} detached from ${command(ctx, 'commandId', c.attached_to).name}, back under ${gaining.name}` : `${c.name} attached to ${gaining.name} (${army.name}'s rating points spent)`,
      subjects: [`command:${gaining.id}`, `leader:${army.id}`],
      result: {},
    };
  });
}

export const ordersFunctions = { setOrders, orderPreRoll, attemptOrderChange, orderChangeOptions, attachCommand } satisfies Partial<ServiceFunctions>;
