/**
 * Reinforcements (Rev. Variable Arrival of Reinforcements, Rev. Alternative Arrival Areas): the schedule
 * (editable before play begins), what is due this turn, the rolls for entry, the secret Alternative Arrival
 * Areas, and the arrival on the map with MRCH orders and an RSM marker.
 *
 * What the rules say about a group now is db/service/arrival-checks.ts; the schedule and its edits before
 * play, db/service/reinforcement-schedule.ts.
 *
 * RI-B01: arrivals happen at the beginning of the Activation Segment: groups arriving as scheduled and
 * leaders arriving on their own enter by themselves when the clock reaches III.A of their turn (or of any
 * later turn they have not yet entered); the groups that roll do so by then (RI-B02).
 */
import { maySpendRatingPoints } from '../../rules/activation';
import { REINFORCEMENT_ENTRY_ORDERS } from '../../rules/orders-table';
import { arrivalSucceeds, type ArrivalCheck } from '../../rules/reinforcements';
import type { DieRoll, Side } from '../../rules/types';
import { forbidden, invalid, MusterError } from '../errors';
import type { ChangeSet } from '../events';
import type { ArrivalGroup, ArrivalLeader, ArrivalsReport, ArriveReinforcementInput, ChangeResult, OrderAlternativeArrivalInput, ReinforcementAttemptInput, ReinforcementAttemptResult, RollDueArrivalsResult } from '../../contract';
import type { NewDiceRow } from '../dice';
import { readAlternativeArrival, readClock, readCommands, readGame, readGroups, readLeaders, readTurn, readTurns, readUnits, type GameRow, type LeaderDbRow, type ReinforcementGroupDbRow } from '../store';
import { askRules } from '../validate';
import { ALTERNATIVE_RULE, arrivalState, groupCheck, groupName, topsOf, turnLabel, VARIABLE_RULE, type GroupCheck } from './arrival-checks';
import { alternativeWords, alternativeWordsOwed, twoSeatsOrderRefusal } from './alternative-word';
import { actingArmyCommander, ledger, subtree } from './chain';
import { check } from './common';
import { die, write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { group } from './lookups';
import { reinforcementScheduleFunctions } from './reinforcement-schedule';
import { atStartOfActivation, requireStartOfActivationOpen } from './turn-start';

// -------------------------------------------------------------------------------------------
// This turn's arrivals, as a side sees them

function arrivals(ctx: GameContext, input: { viewer?: Side } = {}): ArrivalsReport {
  const viewer = input.viewer;
  const game = readGame(ctx.db);
  const clock = readClock(ctx.db);
  const turns = readTurns(ctx.db);
  const turnById = new Map(turns.map((t) => [t.id, t]));
  const nowIdx = turnById.get(clock.turn_id)!.idx;
  const state = arrivalState(ctx);
  const commands = state.commands;
  const groups: ArrivalGroup[] = readGroups(ctx.db).map((g) => {
    const c = groupCheck(ctx, g, game, {}, state);
    // A side's Alternative Arrival orders are its secret (Rev. Alternative Arrival Areas): the other side sees that the group rolls, not where or how.
    const mine = viewer === g.side;
    const hidden = c.alternative !== null && !mine;
    const status: ArrivalGroup['status'] =
      g.arrived_turn_id !== null ? 'arrived' : c.check.status === 'arrives' ? 'enters' : c.check.status === 'roll' ? (c.rolledThisTurn ? 'rolled' : 'roll') : 'later';
    const shown = status === 'roll' || status === 'rolled';
    return {
      id: g.id,
      side: g.side,
      commandNames: topsOf(g.id, commands).map((x) => x.name),
      scheduledTurnId: g.scheduled_turn_id,
      scheduledLabel: turnLabel(turnById.get(g.scheduled_turn_id)),
      entryArea: g.entry_area,
      status,
      drm: shown && !hidden ? c.check.drm : null,
      needed: shown && !hidden ? c.check.needed : null,
      rule: hidden ? VARIABLE_RULE : c.check.rule,
      arrivedTurnId: g.arrived_turn_id,
      arrivedBy: g.arrived_turn_id === null ? null : (c.alternative?.entry_area ?? g.entry_area),
      alternative: c.alternative && mine ? { entryArea: c.alternative.entry_area!, orderedTurnId: c.alternative.ordered_turn_id! } : null,
    };
  });
  const rank = (s: ArrivalGroup['status']) => ['roll', 'enters', 'rolled', 'later', 'arrived'].indexOf(s);
  groups.sort((a, b) => rank(a.status) - rank(b.status) || (turnById.get(a.scheduledTurnId)?.idx ?? 0) - (turnById.get(b.scheduledTurnId)?.idx ?? 0));
  const leaders: ArrivalLeader[] = readLeaders(ctx.db)
    .filter((l) => l.arrives_alone === 1)
    .map((l) => {
      const due = l.arrival_turn_id === null ? null : turnById.get(l.arrival_turn_id);
      const status: ArrivalLeader['status'] = l.on_map === 1 ? 'arrived' : due === undefined || due === null ? 'never' : due.idx <= nowIdx ? 'enters' : 'later';
      return { leaderId: l.id, side: l.side, name: l.name, arrivalTurnId: l.arrival_turn_id, arrivalLabel: due ? turnLabel(due) : null, arrivalArea: l.arrival_area, status };
    });
  let alternativeOrder: ArrivalsReport['alternativeOrder'] = null;
  if (viewer !== undefined) {
    try {
      const { leader: army, rating } = actingArmyCommander(ctx, 'viewer', viewer, game);
      const reason = !atStartOfActivation(ctx)
        ? 'an Alternative Arrival Area is ordered at the beginning of the Activation Segment'
        : (() => {
            if (army.on_map !== 1) return notOnMapForAlternative(army.name);
            const m = maySpendRatingPoints(ledger(ctx), { id: army.id, role: army.role, name: army.name });
            return m.ok ? twoSeatsOrderRefusal(ctx.db, viewer) : m.reason;
          })();
      const wordAwaited = alternativeWordsOwed(ctx.db).includes(viewer);
      alternativeOrder = { side: viewer, armyCommander: army.name, rating, allowed: reason === null, reason, wordAwaited, wordTogether: wordAwaited && alternativeWords(ctx.db).together !== null };
    } catch (e) {
      // The side has no acting army commander to name (one must be chosen, or he has fallen): nothing to
      // offer. Anything else (a damaged file, a fault) is not an answer about the rules and goes through.
      if (!(e instanceof MusterError) || (e.code !== 'RULES_FORBID' && e.code !== 'NOT_FOUND')) throw e;
      alternativeOrder = null;
    }
  }
  return {
    turnId: clock.turn_id,
    open: atStartOfActivation(ctx) || clock.segment === 'I' || clock.segment === 'II',
    rollsDue: groups.filter((g) => g.status === 'roll').map((g) => g.id),
    groups,
    leaders,
    alternativeOrder,
  };
}

// -------------------------------------------------------------------------------------------
// Rolls for entry

interface RollOutcome {
  summary: string;
  dice: Omit<NewDiceRow, 'eventSeq'>;
  arrived: boolean;
  drm: ArrivalCheck['drm'];
}

/** One group's roll for entry this turn: variable arrival, or its Alternative Arrival Area's (kept secret). */
function rollForGroup(ctx: GameContext, cs: ChangeSet, g: ReinforcementGroupDbRow, c: GroupCheck, typed: number | undefined, turnId: string): RollOutcome {
  const r = die(ctx, typed as never);
  const outcome = askRules(() => arrivalSucceeds(c.check, r.roll));
  const commands = readCommands(ctx.db);
  if (c.alternative) {
    cs.set('alternative_arrivals', g.id, 'rolled_turn_id', c.alternative.rolled_turn_id, turnId);
    // Until the group is on the map, nobody but its side learns which group rolled or where (RI-B03).
    const arrived = outcome.arrives ? arrive(ctx, cs, g.id, turnId, c.alternative.entry_area!) : null;
    return {
      summary: `${g.side} rolls for a group sent to an Alternative Arrival Area: rolled ${r.roll}, modified ${outcome.modified}: ${arrived ?? 'not yet'}`,
      dice: { purpose: `${g.side}: Alternative Arrival Area roll`, source: r.source, roll: r.roll, modifiers: c.check.drm, modified: outcome.modified ?? r.roll, target: `<= ${c.check.needed}`, outcome: outcome.arrives ? 'arrives' : 'not yet' },
      arrived: outcome.arrives,
      drm: c.check.drm,
    };
  }
  cs.set('reinforcement_groups', g.id, 'rolled_turn_id', g.rolled_turn_id, turnId);
  const name = groupName(g, commands);
  const text = outcome.arrives ? arrive(ctx, cs, g.id, turnId, g.entry_area) : `${name} does not arrive this turn`;
  return {
    summary: `Variable arrival of ${name}: rolled ${r.roll}, modified ${outcome.modified}: ${text}`,
    dice: { purpose: `Variable arrival: ${name}`, source: r.source, roll: r.roll, modifiers: c.check.drm, modified: outcome.modified ?? r.roll, target: `<= ${c.check.needed}`, outcome: outcome.arrives ? 'arrives' : 'not yet' },
    arrived: outcome.arrives,
    drm: c.check.drm,
  };
}

function attemptReinforcement(ctx: GameContext, input: ReinforcementAttemptInput): ReinforcementAttemptResult {
  return write<Omit<ReinforcementAttemptResult, 'event' | 'dice'>>(ctx, 'reinforcement.attempt', input, (cs) => {
    const game = readGame(ctx.db);
    const g = group(ctx, 'groupId', input.groupId);
    // RI-H08: a side rolls for its own groups; the other side's are refused in the same words whatever its
    // army commander ordered for them (an Alternative Arrival Area changes when and how a group rolls).
    if (g.side !== input.side) throw invalid('groupId', `${g.id} is a ${g.side} group: each side rolls for its own groups`, VARIABLE_RULE);
    const typed = input.roll as DieRoll | undefined;
    const clock = readClock(ctx.db);
    const overrides = {
      ...(input.formationOnMap !== undefined ? { formationOnMap: input.formationOnMap ?? false } : {}),
      ...(input.overallCommanderOnMap !== undefined ? { overallCommanderOnMap: input.overallCommanderOnMap ?? false } : {}),
    };
    const c = groupCheck(ctx, g, game, overrides);
    if (c.rolledThisTurn) throw forbidden('groupId', `${g.id} has already rolled for entry this turn`, c.check.rule);
    if (c.check.status === 'not-yet') {
      const when = c.alternative ? 'rolls at an Alternative Arrival Area begin one hour after the scheduled time' : 'rolls begin one hour before';
      throw forbidden('groupId', `${g.id} is due at ${g.scheduled_turn_id}; ${when}`, c.check.rule);
    }
    if (c.check.status === 'arrives') {
      return { summary: `${arrive(ctx, cs, g.id, clock.turn_id, g.entry_area)} (July 1 morning groups arrive as scheduled)`, result: { arrived: true, rolled: false, drm: null } };
    }
    requireStartOfActivationOpen(ctx, 'groupId', 'a roll for entry', c.check.rule);
    const o = rollForGroup(ctx, cs, g, c, typed, clock.turn_id);
    return { summary: o.summary, dice: [o.dice], result: { arrived: o.arrived, rolled: true, drm: c.alternative ? null : o.drm } };
  });
}

/** One click for the table that lets Muster roll: every group that must roll now, with the app's die. */
function rollDueArrivals(ctx: GameContext, input: { side?: Side } = {}): RollDueArrivalsResult {
  return write<Omit<RollDueArrivalsResult, 'event' | 'dice'>>(ctx, 'reinforcement.attempt', input, (cs) => {
    const game = readGame(ctx.db);
    requireStartOfActivationOpen(ctx, 'side', 'a roll for entry', VARIABLE_RULE);
    const clock = readClock(ctx.db);
    const state = arrivalState(ctx);
    const due = readGroups(ctx.db)
      .filter((g) => g.arrived_turn_id === null && (input.side === undefined || g.side === input.side))
      .map((g) => ({ g, c: groupCheck(ctx, g, game, {}, state) }))
      .filter(({ c }) => c.check.status === 'roll' && !c.rolledThisTurn);
    if (due.length === 0) throw forbidden('side', `no group${input.side ? ` of the ${input.side}` : ''} must roll for entry now`, VARIABLE_RULE);
    const outcomes = due.map(({ g, c }) => ({ g, o: rollForGroup(ctx, cs, g, c, undefined, clock.turn_id) }));
    const commands = readCommands(ctx.db);
    // A secret group's name stays out of the result too: it is shown to both players.
    const named = (g: ReinforcementGroupDbRow, secret: boolean) => (secret ? `a ${g.side} group at an Alternative Arrival Area` : groupName(g, commands));
    return {
      summary: outcomes.map(({ o }) => o.summary).join('; '),
      dice: outcomes.map(({ o }) => o.dice),
      result: {
        arrived: outcomes.filter(({ o }) => o.arrived).map(({ g }) => groupName(g, commands)),
        notYet: outcomes.filter(({ o }) => !o.arrived).map(({ g }) => named(g, readAlternativeArrival(ctx.db, g.id)?.entry_area != null)),
      },
    };
  });
}

function arriveReinforcement(ctx: GameContext, input: ArriveReinforcementInput): ChangeResult {
  return write(ctx, 'reinforcement.arrived', input, (cs) => {
    const game = readGame(ctx.db);
    const g = group(ctx, 'groupId', input.groupId);
    if (g.side !== input.side) throw invalid('groupId', `${g.id} is a ${g.side} group: each side brings on its own groups`, VARIABLE_RULE);
    // A group sent to an Alternative Arrival Area enters by its roll there (RI-B03), never as scheduled; only
    // its own side is told so (RI-H08), as the side check above lets no other side ask.
    const commands = readCommands(ctx.db);
    if (g.arrived_turn_id !== null) throw forbidden('groupId', `${groupName(g, commands)} has already arrived (${g.arrived_turn_id})`, VARIABLE_RULE);
    // RI-B15: a group enters as scheduled only when its time has come; every other group enters by its roll.
    const c = groupCheck(ctx, g, game);
    if (c.alternative !== null || c.check.status === 'roll') {
      throw forbidden('groupId', `${groupName(g, commands)} enters only by its roll for entry (a modified ${c.alternative ? '0' : '2'} or less): roll for it`, c.check.rule);
    }
    if (c.check.status === 'not-yet') {
      const due = readTurn(ctx.db, g.scheduled_turn_id);
      throw forbidden('groupId', `${groupName(g, commands)} is due ${turnLabel(due)}: it may not arrive before then, and from one hour before it enters only by its roll for entry`, c.check.rule);
    }
    return { summary: arrive(ctx, cs, g.id, readClock(ctx.db).turn_id, g.entry_area), result: {} };
  });
}

/** A group enters: its commands, their subordinates and units come on the map with MRCH orders and an RSM marker. */
function arrive(ctx: GameContext, cs: ChangeSet, groupId: string, turnId: string, area: string): string {
  const commands = readCommands(ctx.db);
  const tops = topsOf(groupId, commands);
  const entering = new Set<string>();
  for (const top of tops) for (const id of subtree(top.id, commands)) entering.add(id);
  for (const c of commands) if (entering.has(c.id)) cs.set('commands', c.id, 'on_map', c.on_map, 1);
  for (const u of readUnits(ctx.db)) if (entering.has(u.command_id)) cs.set('units', u.id, 'on_map', u.on_map, 1);
  for (const l of readLeaders(ctx.db)) if (l.command_id && entering.has(l.command_id) && !l.arrives_alone) cs.set('leaders', l.id, 'on_map', l.on_map, 1);
  for (const top of tops) {
    cs.set('commands', top.id, 'own_order', top.own_order, REINFORCEMENT_ENTRY_ORDERS.order).set('commands', top.id, 'rsm', top.rsm, 1).set('commands', top.id, 'order_expires', top.order_expires, 0);
  }
  cs.set('reinforcement_groups', groupId, 'arrived_turn_id', null, turnId);
  return `${tops.map((c) => c.name).join(', ')} ${tops.length === 1 ? 'arrives' : 'arrive'} by ${area} with ${REINFORCEMENT_ENTRY_ORDERS.order} orders and an RSM marker`;
}

/**
 * RI-B01: entering the Activation Segment, groups arriving as scheduled and leaders due on their own come
 * on the map by themselves (the clock's automatic events).
 */
export function automaticArrivals(ctx: GameContext, cs: ChangeSet, turnId: string): string[] {
  const game = readGame(ctx.db);
  const notes: string[] = [];
  const state = arrivalState(ctx);
  for (const g of readGroups(ctx.db)) {
    if (g.arrived_turn_id !== null) continue;
    const c = groupCheck(ctx, g, game, {}, state);
    if (c.alternative === null && c.check.status === 'arrives') notes.push(arrive(ctx, cs, g.id, turnId, g.entry_area));
  }
  const nowIdx = readTurn(ctx.db, turnId)!.idx;
  for (const l of readLeaders(ctx.db)) {
    if (l.arrives_alone !== 1 || l.on_map === 1 || l.arrival_turn_id === null || l.casualty !== 'none') continue;
    if (readTurn(ctx.db, l.arrival_turn_id)!.idx > nowIdx) continue;
    cs.set('leaders', l.id, 'on_map', 0, 1);
    notes.push(`${l.name} arrives${l.arrival_area ? ` by ${l.arrival_area}` : ''}`);
  }
  return notes;
}

// -------------------------------------------------------------------------------------------
// Alternative Arrival Areas (a side's secret)

/**
 * RI-B03: "The army commander expends all his rating points at the beginning of the Activation Segment in
 * order to do this. He informs the opponent that he has done this, while not telling him which group":
 * the event says only that the side's army commander spent his points on an Alternative Arrival Area.
 */
function notOnMapForAlternative(name: string): string {
  return `${name} is not on the map: the army commander pays for an Alternative Arrival Area with his rating points, and has none to spend until he arrives`;
}

/** The group an Alternative Arrival order names, as the order's checks take it (an order or a sealed one opened). */
export function alternativeGroup(ctx: GameContext, input: OrderAlternativeArrivalInput): ReinforcementGroupDbRow {
  const g = group(ctx, 'groupId', input.groupId);
  if (g.side !== input.side) throw invalid('groupId', `${g.id} is a ${g.side} group, not the ${input.side}'s`);
  const area = input.entryArea;
  if (area.toLowerCase() === g.entry_area.toLowerCase()) throw invalid('entryArea', `${area} is the group's scheduled area; an Alternative Arrival Area is another, adjacent one`, ALTERNATIVE_RULE);
  const alt = readAlternativeArrival(ctx.db, g.id)!;
  // Its own side's words: where the group was sent is not repeated in a refusal (RI-H08).
  if (alt.entry_area !== null) throw forbidden('groupId', 'this group already has an Alternative Arrival order, which stands', ALTERNATIVE_RULE);
  return g;
}

/** The army commander spends all his rating points on an Alternative Arrival Area, at the beginning of the Activation Segment. */
export function spendOnAlternativeArrival(ctx: GameContext, cs: ChangeSet, side: Side, game: GameRow, field: string): LeaderDbRow {
  if (!atStartOfActivation(ctx)) {
    const clock = readClock(ctx.db);
    throw forbidden(field, `an Alternative Arrival Area is ordered at the beginning of the Activation Segment (before its first activation or pass), not at ${clock.segment}.${clock.phase}`, ALTERNATIVE_RULE);
  }
  // RI-H10: between two seats the side without the Initiative orders when its word is asked, first.
  const twoSeats = twoSeatsOrderRefusal(ctx.db, side);
  if (twoSeats !== null) throw forbidden(field, twoSeats, ALTERNATIVE_RULE);
  const { leader: army } = actingArmyCommander(ctx, 'side', side, game);
  // RI-B11: a leader who is not on the map has no rating points to spend.
  if (army.on_map !== 1) throw forbidden('side', notOnMapForAlternative(army.name), ALTERNATIVE_RULE);
  check('side', askRules(() => maySpendRatingPoints(ledger(ctx), { id: army.id, role: army.role, name: army.name })));
  cs.set('leaders', army.id, 'points_used', army.points_used, 'alternative-arrival');
  return army;
}

function orderAlternativeArrival(ctx: GameContext, input: OrderAlternativeArrivalInput): ChangeResult {
  return write(ctx, 'reinforcement.alternative', input, (cs) => {
    const game = readGame(ctx.db);
    const g = alternativeGroup(ctx, input);
    const alt = readAlternativeArrival(ctx.db, g.id)!;
    const army = spendOnAlternativeArrival(ctx, cs, input.side, game, 'groupId');
    const turnId = readClock(ctx.db).turn_id;
    cs.set('alternative_arrivals', g.id, 'entry_area', null, input.entryArea).set('alternative_arrivals', g.id, 'ordered_turn_id', alt.ordered_turn_id, turnId);
    return { summary: `${input.side}: ${army.name} spends all his rating points on an Alternative Arrival Area (which group is secret)`, subjects: [`leader:${army.id}`], result: {} };
  });
}

export const reinforcementsFunctions = {
  ...reinforcementScheduleFunctions,
  attemptReinforcement,
  arriveReinforcement,
  arrivals,
  rollDueArrivals,
  orderAlternativeArrival,
} satisfies Partial<ServiceFunctions>;
