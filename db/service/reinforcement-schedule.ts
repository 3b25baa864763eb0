/**
 * The reinforcement schedule, as the players' Master Reinforcement Chart has it (RI-B10): the groups with
 * their scheduled turn and area, and the leaders arriving on their own, edited before play begins.
 */
import type { ChangeResult, EditLeaderArrivalInput, EditReinforcementGroupInput, ReinforcementGroupRow } from '../../contract';
import { invalid } from '../errors';
import { readCommands, readGroups, readTurn, readTurns, type TurnRow } from '../store';
import { groupName, turnLabel, VARIABLE_RULE } from './arrival-checks';
import { write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { group, leader } from './lookups';

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

function editReinforcementGroup(ctx: GameContext, input: EditReinforcementGroupInput): ChangeResult {
  return write(
    ctx,
    'reinforcement.schedule',
    input,
    (cs) => {
      const g = group(ctx, 'groupId', input.groupId);
      if (input.scheduledTurnId === undefined && input.entryArea === undefined) throw invalid('scheduledTurnId', 'give scheduledTurnId or entryArea (or both)');
      const turn = input.scheduledTurnId === undefined ? readTurn(ctx.db, g.scheduled_turn_id)! : scenarioTurn(ctx, 'scheduledTurnId', input.scheduledTurnId);
      const area = input.entryArea ?? g.entry_area;
      cs.set('reinforcement_groups', g.id, 'scheduled_turn_id', g.scheduled_turn_id, turn.id).set('reinforcement_groups', g.id, 'entry_area', g.entry_area, area);
      const name = groupName(g, readCommands(ctx.db));
      return { summary: `Schedule: ${name} due ${turnLabel(turn)} by ${area} (was ${turnLabel(readTurn(ctx.db, g.scheduled_turn_id))} by ${g.entry_area})`, result: {} };
    },
    { setup: true },
  );
}

function editLeaderArrival(ctx: GameContext, input: EditLeaderArrivalInput): ChangeResult {
  return write(
    ctx,
    'reinforcement.schedule',
    input,
    (cs) => {
      const l = leader(ctx, 'leaderId', input.leaderId);
      if (l.arrives_alone !== 1) throw invalid('leaderId', `${l.name} does not arrive on his own: he comes with his command's group, or is on the map`, VARIABLE_RULE);
      if (input.scheduledTurnId === undefined && input.entryArea === undefined) throw invalid('scheduledTurnId', 'give scheduledTurnId (null: he does not come) or entryArea');
      const turn = input.scheduledTurnId === undefined ? (l.arrival_turn_id === null ? null : readTurn(ctx.db, l.arrival_turn_id)!) : input.scheduledTurnId === null ? null : scenarioTurn(ctx, 'scheduledTurnId', input.scheduledTurnId);
      const area = input.entryArea ?? l.arrival_area;
      if (turn !== null && area === null) throw invalid('entryArea', `name the area ${l.name} enters by`);
      cs.set('leaders', l.id, 'arrival_turn_id', l.arrival_turn_id, turn?.id ?? null).set('leaders', l.id, 'arrival_area', l.arrival_area, area);
      return { summary: `Schedule: ${l.name} ${turn ? `arrives ${turnLabel(turn)} by ${area}` : 'does not come in this scenario'}`, result: {} };
    },
    { setup: true },
  );
}

/** A turn of this game's time track (a schedule outside it could never come due). */
function scenarioTurn(ctx: GameContext, field: string, turnId: string): TurnRow {
  const turn = readTurn(ctx.db, turnId);
  if (!turn) {
    const turns = readTurns(ctx.db);
    throw invalid(field, `${turnId} is not a turn of this game (${turns[0]!.id} to ${turns[turns.length - 1]!.id})`);
  }
  return turn;
}

export const reinforcementScheduleFunctions = { reinforcementGroups, editReinforcementGroup, editLeaderArrival } satisfies Partial<ServiceFunctions>;
