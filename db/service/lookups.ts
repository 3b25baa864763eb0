/**
 * Lookups that refuse: ids of this game's units, commands, leaders and reinforcement groups (NOT_FOUND
 * otherwise, or not on the map yet), and checks that a request comes at its step of the Sequence of Play.
 */
import type { Side } from '../../rules/types';
import { eventDueAt } from '../clock';
import { forbidden, notFound } from '../errors';
import { readClock, readCommand, readGame, readGroup, readLeader, readTurn, readTurns, readTurnState, readUnit, type CommandRow, type LeaderDbRow, type ReinforcementGroupDbRow, type UnitRow } from '../store';
import { requireId } from '../validate';
import { RULE } from './common';
import type { GameContext } from './context';

// -------------------------------------------------------------------------------------------
// Lookups that refuse unknown ids

export function unit(ctx: GameContext, field: string, id: unknown): UnitRow {
  const unitId = requireId(field, id);
  const u = readUnit(ctx.db, unitId);
  if (!u) throw notFound(field, `no unit "${unitId}" in this game`);
  return u;
}

export function command(ctx: Pick<GameContext, 'db'>, field: string, id: unknown): CommandRow {
  const commandId = requireId(field, id);
  const c = readCommand(ctx.db, commandId);
  if (!c) throw notFound(field, `no command "${commandId}" in this game`);
  return c;
}

export function leader(ctx: Pick<GameContext, 'db'>, field: string, id: unknown): LeaderDbRow {
  const leaderId = requireId(field, id);
  const l = readLeader(ctx.db, leaderId);
  if (!l) throw notFound(field, `no leader "${leaderId}" in this game`);
  return l;
}

/** RI-S23: orders need the unit on the map; recording what happened to it at the table does not. */
export function onMapUnit(ctx: GameContext, field: string, id: unknown): UnitRow {
  const u = unit(ctx, field, id);
  if (!u.on_map) throw forbidden(field, `${u.name} has not arrived yet`, 'Rev. Variable Arrival of Reinforcements');
  return u;
}

export function onMapCommand(ctx: GameContext, field: string, id: unknown): CommandRow {
  const c = command(ctx, field, id);
  if (!c.on_map) throw forbidden(field, `${c.name} has not arrived yet`, 'Rev. Variable Arrival of Reinforcements');
  return c;
}

/** A reinforcement group that has not arrived yet. */
export function group(ctx: GameContext, field: string, id: unknown): ReinforcementGroupDbRow {
  const groupId = requireId(field, id);
  const g = readGroup(ctx.db, groupId);
  if (!g) throw notFound(field, `no reinforcement group "${groupId}" in this game`);
  if (g.arrived_turn_id !== null) throw forbidden(field, `${g.id} arrived on turn ${g.arrived_turn_id}`, 'Rev. Variable Arrival of Reinforcements');
  return g;
}

// -------------------------------------------------------------------------------------------
// Where the game is in the Sequence of Play

export function requireSegment(ctx: GameContext, field: string, segment: string, rule: string): void {
  const clock = readClock(ctx.db);
  if (clock.segment !== segment) throw forbidden(field, `this belongs to the ${segment} segment; the game is in the ${clock.segment} segment (${clock.phase})`, rule);
}

export function requireStep(ctx: GameContext, field: string, segment: string, phase: string, rule: string): void {
  const clock = readClock(ctx.db);
  if (clock.segment !== segment || clock.phase !== phase) {
    throw forbidden(field, `this is done in step ${segment}.${phase} of the turn; the game is at ${clock.segment}.${clock.phase}`, rule);
  }
}

/** Activations alternate, beginning with the Initiative player; the phase ends after three passes. */
export function requireSideToAct(ctx: GameContext, field: string, side: Side) {
  const t = readTurnState(ctx.db);
  if (t.initiative === null) throw forbidden(field, 'roll for the Initiative first: the Initiative player activates first', RULE.initiative);
  if (t.passes_in_row >= 3) throw forbidden(field, 'three passes in a row have ended this phase; advance the clock', RULE.activation);
  if (t.side_to_act !== null && t.side_to_act !== side) throw forbidden(field, `it is ${t.side_to_act}'s turn to activate or pass`, RULE.activation);
  return t;
}

/** RI-S08: abandoned guns are resolved in the 2400 turn's Cleanup Phase, or on the last turn of the game. */
export function requireEndOfDay(ctx: GameContext, field: string): void {
  const clock = readClock(ctx.db);
  const game = readGame(ctx.db);
  if (!eventDueAt(readTurns(ctx.db), clock, 'abandoned-guns') && clock.turn_id !== game.last_turn_id) {
    const turn = readTurn(ctx.db, clock.turn_id)!;
    throw forbidden(field, `abandoned guns are resolved at the end of the day (the 2400 turn's Cleanup Phase) or on the last turn, not at ${turn.time} ${clock.segment}.${clock.phase}`, RULE.abandonedGuns);
  }
}
