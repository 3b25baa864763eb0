/**
 * The weather as the turn bar and the combat assistants show it (Rev. Rain, Rev. Mud), and when a roll to
 * end the rain is due. RI-B04: the rain begins when Random Event M is recorded on an afternoon turn; from
 * the next turn one roll a turn is due by the beginning of the Activation Segment. The changes themselves
 * are the combat domain's (db/service/combat.ts setWeather, rollToEndRain).
 */
import { mayRainBegin, rainStopDrm, weatherEffects } from '../../rules/weather';
import type { DiceSource, WeatherState } from '../../contract';
import { statement } from '../statements';
import { readClock, readGame, readTurn, type GameRow } from '../store';
import { weatherOf } from './combat-units';
import type { GameContext } from './context';

/** A roll to end the rain is due this turn and not yet made (RI-B04). */
export function rainRollDue(ctx: GameContext, game: GameRow = readGame(ctx.db)): boolean {
  const turnId = readClock(ctx.db).turn_id;
  return game.raining === 1 && (game.rain_began_turn_id ?? null) !== turnId && (game.rain_rolled_turn_id ?? null) !== turnId;
}

/** The purpose the roll to end the rain has in the dice log. */
export const RAIN_ROLL_PURPOSE = 'End of rain';

/** The roll to end the rain made this turn, from the dice log (null before it is made, or once taken back). */
function rainRolledThisTurn(ctx: GameContext, game: GameRow, turnId: string): WeatherState['rolledThisTurn'] {
  if ((game.rain_rolled_turn_id ?? null) !== turnId) return null;
  const r = statement(
    ctx.db,
    'SELECT d.roll, d.modified, d.source, d.outcome FROM dice_log d JOIN events e ON e.seq = d.event_seq WHERE d.purpose = ? AND e.turn_id = ? AND e.undone = 0 ORDER BY d.seq DESC LIMIT 1',
  ).get(RAIN_ROLL_PURPOSE, turnId) as { roll: number; modified: number; source: DiceSource; outcome: string } | undefined;
  return r ? { roll: r.roll, modified: r.modified, source: r.source, stops: r.outcome === 'rain stops' } : null;
}

/** The weather as the turn bar shows it; `rolled` is the roll to end the rain being written now (not yet in the dice log). */
export function weatherState(ctx: GameContext, game: GameRow = readGame(ctx.db), rolled?: WeatherState['rolledThisTurn']): WeatherState {
  // A file still on an older schema (the migrations' own tests use one before opening it) has no weather yet.
  const w = { ...weatherOf(game), rainStopRolls: game.rain_stop_rolls ?? 0 };
  const turn = readTurn(ctx.db, readClock(ctx.db).turn_id)!;
  return {
    raining: w.raining,
    mud: w.mud,
    rainStopRolls: w.rainStopRolls,
    rainBeganTurnId: game.rain_began_turn_id ?? null,
    rollDue: rainRollDue(ctx, game),
    nextRollDrm: rainStopDrm(w.rainStopRolls),
    rainMayBegin: mayRainBegin(w, turn.afternoon === 1).ok,
    effects: weatherEffects(w),
    rolledThisTurn: rolled ?? rainRolledThisTurn(ctx, game, turn.id),
  };
}
