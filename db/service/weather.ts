/**
 * The weather as the turn bar and the combat assistants show it (Rev. Rain, Rev. Mud), and when a roll to
 * end the rain is due. RI-B04: the rain begins when Random Event M is recorded on an afternoon turn; from
 * the next turn one roll a turn is due by the beginning of the Activation Segment. The changes themselves
 * are the combat domain's (db/service/combat.ts setWeather, rollToEndRain).
 */
import { mayRainBegin, rainStopDrm, weatherEffects } from '../../rules/weather';
import type { WeatherState } from '../../contract';
import { readClock, readGame, readTurn, type GameRow } from '../store';
import { weatherOf } from './combat-units';
import type { GameContext } from './context';

/** A roll to end the rain is due this turn and not yet made (RI-B04). */
export function rainRollDue(ctx: GameContext, game: GameRow = readGame(ctx.db)): boolean {
  const turnId = readClock(ctx.db).turn_id;
  return game.raining === 1 && (game.rain_began_turn_id ?? null) !== turnId && (game.rain_rolled_turn_id ?? null) !== turnId;
}

export function weatherState(ctx: GameContext, game: GameRow = readGame(ctx.db)): WeatherState {
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
  };
}
