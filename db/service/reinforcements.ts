/**
 * Reinforcements (Rev. Variable Arrival of Reinforcements): the groups, their rolls for entry, and their
 * arrival on the map with MRCH orders and an RSM marker.
 */
import { REINFORCEMENT_ENTRY_ORDERS } from '../../rules/orders';
import { arrivalSucceeds, variableArrival } from '../../rules/reinforcements';
import { forbidden } from '../errors';
import type { ChangeSet } from '../events';
import type { ArriveReinforcementInput, ChangeResult, ReinforcementAttemptInput, ReinforcementAttemptResult, ReinforcementGroupRow } from '../../contract';
import { readClock, readCommands, readGroups, readLeader, readLeaders, readUnits, type CommandRow } from '../store';
import { askRules, optionalBool, optionalRoll, requireObject } from '../validate';
import { subtree } from './chain';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { command, group } from './lookups';

function reinforcementGroups(ctx: GameContext): ReinforcementGroupRow[] {
  const commands = readCommands(ctx.db);
  return readGroups(ctx.db).map((g) => ({
    id: g.id,
    side: g.side,
    commandIds: commands.filter((c) => c.reinforcement_group_id === g.id).map((c) => c.id),
    scheduledTurnId: g.scheduled_turn_id,
    entryArea: g.entry_area,
    arrivedTurnId: g.arrived_turn_id,
  }));
}

function attemptReinforcement(ctx: GameContext, input: ReinforcementAttemptInput): ReinforcementAttemptResult {
  requireObject('input', input);
  return write<Omit<ReinforcementAttemptResult, 'event' | 'dice'>>(ctx, 'reinforcement.attempt', input, (cs, game) => {
    const g = group(ctx, 'groupId', input.groupId);
    const typed = optionalRoll('roll', input.roll);
    const clock = readClock(ctx.db);
    if (g.rolled_turn_id === clock.turn_id) throw forbidden('groupId', `${g.id} has already rolled for entry this turn`, 'Rev. Variable Arrival of Reinforcements');
    const commands = readCommands(ctx.db);
    const tops = commands.filter((c) => c.reinforcement_group_id === g.id);
    const formationOnMap = optionalBool('formationOnMap', input.formationOnMap, formationUnitOnMap(ctx, tops, commands));
    // RI-S13: the "Overall Commander" is the side's army commander in person (Meade, not the interim wing commander).
    const armyCommand = command(ctx, 'groupId', g.side === 'USA' ? game.army_usa : game.army_csa);
    const armyLeader = armyCommand.leader_id ? readLeader(ctx.db, armyCommand.leader_id) : undefined;
    const overall = optionalBool('overallCommanderOnMap', input.overallCommanderOnMap, armyLeader?.on_map === 1 && armyLeader.casualty === 'none');
    const arrival = askRules(() => variableArrival({ scheduled: g.scheduled_turn_id, now: clock.turn_id, formationUnitOnMap: formationOnMap, overallCommanderOnMap: overall }));
    if (arrival.status === 'not-yet') throw forbidden('groupId', `${g.id} is due at ${g.scheduled_turn_id}; rolls begin one hour before`, arrival.rule);
    if (arrival.status === 'arrives') {
      return { summary: `${arrive(ctx, cs, g.id)} (July 1 morning groups arrive as scheduled)`, result: { arrived: true, rolled: false, drm: null } };
    }
    const r = die(ctx, typed);
    const outcome = askRules(() => arrivalSucceeds(arrival, r.roll));
    cs.set('reinforcement_groups', g.id, 'rolled_turn_id', g.rolled_turn_id, clock.turn_id);
    const summary = outcome.arrives ? arrive(ctx, cs, g.id) : `${g.id} does not arrive this turn`;
    return {
      summary: `Variable arrival of ${g.id}: rolled ${r.roll}, modified ${outcome.modified}: ${summary}`,
      dice: [{ purpose: `Variable arrival: ${g.id}`, source: r.source, roll: r.roll, modifiers: arrival.drm, modified: outcome.modified ?? r.roll, target: `<= ${arrival.needed}`, outcome: outcome.arrives ? 'arrives' : 'not yet' }],
      result: { arrived: outcome.arrives, rolled: true, drm: arrival.drm },
    };
  });
}

/** A combat unit of the group's division or corps is already on the map (Variable Arrival DRMs). */
function formationUnitOnMap(ctx: GameContext, tops: CommandRow[], commands: CommandRow[]): boolean {
  const byId = new Map(commands.map((c) => [c.id, c]));
  const formations = new Set<string>();
  for (const top of tops) {
    let c: CommandRow | undefined = top;
    while (c) {
      if (c.level === 'division' || c.level === 'corps') formations.add(c.id);
      c = c.parent_id ? byId.get(c.parent_id) : undefined;
    }
  }
  const inFormation = new Set<string>();
  for (const f of formations) for (const id of subtree(f, commands)) inFormation.add(id);
  return readUnits(ctx.db).some((u) => u.on_map === 1 && inFormation.has(u.command_id));
}

function arriveReinforcement(ctx: GameContext, input: ArriveReinforcementInput): ChangeResult {
  requireObject('input', input);
  return write(ctx, 'reinforcement.arrived', input, (cs) => {
    const g = group(ctx, 'groupId', input.groupId);
    return { summary: arrive(ctx, cs, g.id), result: {} };
  });
}

/** A group enters: its commands, their subordinates and units come on the map with MRCH orders and an RSM marker. */
function arrive(ctx: GameContext, cs: ChangeSet, groupId: string): string {
  const commands = readCommands(ctx.db);
  const tops = commands.filter((c) => c.reinforcement_group_id === groupId);
  const clock = readClock(ctx.db);
  const entering = new Set<string>();
  for (const top of tops) for (const id of subtree(top.id, commands)) entering.add(id);
  for (const c of commands) if (entering.has(c.id)) cs.set('commands', c.id, 'on_map', c.on_map, 1);
  for (const u of readUnits(ctx.db)) if (entering.has(u.command_id)) cs.set('units', u.id, 'on_map', u.on_map, 1);
  for (const l of readLeaders(ctx.db)) if (l.command_id && entering.has(l.command_id) && !l.arrives_alone) cs.set('leaders', l.id, 'on_map', l.on_map, 1);
  for (const top of tops) {
    cs.set('commands', top.id, 'own_order', top.own_order, REINFORCEMENT_ENTRY_ORDERS.order).set('commands', top.id, 'rsm', top.rsm, 1).set('commands', top.id, 'order_expires', top.order_expires, 0);
  }
  cs.set('reinforcement_groups', groupId, 'arrived_turn_id', null, clock.turn_id);
  return `${tops.map((c) => c.name).join(', ')} ${tops.length === 1 ? 'arrives' : 'arrive'} with ${REINFORCEMENT_ENTRY_ORDERS.order} orders and an RSM marker`;
}

export const reinforcementsFunctions = { reinforcementGroups, attemptReinforcement, arriveReinforcement } satisfies Partial<ServiceFunctions>;
