/**
 * Weather (Rev. Rain, Rev. Mud): Random Event M brings rain on an afternoon turn; from the next turn the
 * players roll once a turn to end it (a modified 0, -1 for each roll before, RI-F17), and mud follows for
 * the rest of the game. The state is shown in the turn bar (info().weather) with every number it changes.
 */
import { mayRainBegin, rainStopDrm, rollToEndRain, weatherEffects, type Weather } from '../../rules/weather';
import { forbidden } from '../errors';
import type { ChangeResult, RainRollInput, RainRollResult, WeatherState } from '../../contract';
import { readClock, readGame, readTurn, type GameRow } from '../store';
import { askRules, optionalRoll } from '../validate';
import { yes } from './common';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { requireStartOfActivationOpen } from './turn-start';

const RAIN_RULE = 'Rev. Rain';

/** The weather as the rules engine takes it. */
export function weatherOf(game: Pick<GameRow, 'raining' | 'mud' | 'rain_stop_rolls'>): Weather {
  return { raining: game.raining === 1, mud: game.mud === 1, rainStopRolls: game.rain_stop_rolls };
}

/**
 * RI-B04: a roll to end the rain is due once a turn, from the turn after the one Random Event M brought it,
 * by the beginning of the Activation Segment.
 */
export function rainRollDue(ctx: GameContext, game: GameRow = readGame(ctx.db)): boolean {
  const turnId = readClock(ctx.db).turn_id;
  return game.raining === 1 && game.rain_began_turn_id !== turnId && game.rain_rolled_turn_id !== turnId;
}

export function weatherState(ctx: GameContext, game: GameRow = readGame(ctx.db)): WeatherState {
  const w = weatherOf(game);
  const turn = readTurn(ctx.db, readClock(ctx.db).turn_id)!;
  return {
    raining: w.raining,
    mud: w.mud,
    rainStopRolls: w.rainStopRolls,
    rainBeganTurnId: game.rain_began_turn_id,
    rollDue: rainRollDue(ctx, game),
    nextRollDrm: rainStopDrm(w.rainStopRolls),
    rainMayBegin: mayRainBegin(w, turn.afternoon === 1).ok,
    effects: weatherEffects(w),
  };
}

function rainBegins(ctx: GameContext): ChangeResult {
  return write(ctx, 'weather.rain', {}, (cs, game) => {
    const clock = readClock(ctx.db);
    const turn = readTurn(ctx.db, clock.turn_id)!;
    const may = askRules(() => mayRainBegin(weatherOf(game), turn.afternoon === 1));
    if (!may.ok) throw forbidden('weather', `${may.reason} (${turn.time} is ${turn.afternoon === 1 ? 'an afternoon turn' : 'not an afternoon turn'})`, may.rule);
    cs.set('game', 1, 'raining', game.raining, 1).set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, 0).set('game', 1, 'rain_began_turn_id', game.rain_began_turn_id, clock.turn_id);
    return { summary: `Random Event M: rain begins at ${turn.time}: movement allowances halved (pikes excepted), artillery fire -2, fire range and strength halved`, result: {} };
  });
}

function rollRainEnd(ctx: GameContext, input: RainRollInput = {}): RainRollResult {
  return write<Omit<RainRollResult, 'event' | 'dice'>>(ctx, 'weather.roll', input, (cs, game) => {
    const typed = optionalRoll('roll', input.roll);
    const clock = readClock(ctx.db);
    if (game.raining !== 1) throw forbidden('roll', 'it is not raining', RAIN_RULE);
    if (game.rain_began_turn_id === clock.turn_id) throw forbidden('roll', 'the rain began this turn: the rolls to end it begin next turn', RAIN_RULE);
    if (game.rain_rolled_turn_id === clock.turn_id) throw forbidden('roll', 'the roll to end the rain has already been made this turn', RAIN_RULE);
    requireStartOfActivationOpen(ctx, 'roll', 'the roll to end the rain', RAIN_RULE);
    const r = die(ctx, typed);
    const outcome = askRules(() => rollToEndRain(weatherOf(game), r.roll));
    cs.set('game', 1, 'raining', 1, yes(outcome.weather.raining)).set('game', 1, 'mud', game.mud, yes(outcome.weather.mud));
    cs.set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, outcome.weather.rainStopRolls).set('game', 1, 'rain_rolled_turn_id', game.rain_rolled_turn_id, clock.turn_id);
    const after: GameRow = { ...game, raining: yes(outcome.weather.raining), mud: yes(outcome.weather.mud), rain_stop_rolls: outcome.weather.rainStopRolls, rain_rolled_turn_id: clock.turn_id };
    return {
      summary: `Roll to end the rain: rolled ${r.roll}, modified ${outcome.modified}: ${outcome.stops ? 'the rain stops; mud for the rest of the game' : 'it keeps raining'}`,
      dice: [{ purpose: 'Roll to end the rain', source: r.source, roll: r.roll, modifiers: outcome.drm, modified: outcome.modified, target: '<= 0', outcome: outcome.stops ? 'rain stops' : 'rain continues' }],
      result: { stops: outcome.stops, weather: weatherState(ctx, after) },
    };
  });
}

export const weatherFunctions = { rainBegins, rollRainEnd } satisfies Partial<ServiceFunctions>;
