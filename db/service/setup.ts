/**
 * Setup edits: leaders' and units' printed values corrected from the counters before the first turn
 * is played (the write path refuses them once the game has started).
 */
import { WEAPONS } from '../../rules/types';
import { invalid } from '../errors';
import type { ChangeResult, EditLeaderInput, EditUnitInput } from '../../contract';
import { requireInt, requireObject, requireOneOf } from '../validate';
import { write, type GameContext, type ServiceFunctions } from './context';
import { leader, unit } from './lookups';

function editLeader(ctx: GameContext, input: EditLeaderInput): ChangeResult {
  requireObject('input', input);
  return write(ctx, 'setup.leader', input, (cs) => {
    const l = leader(ctx, 'leaderId', input.leaderId);
    const rating = input.rating === undefined ? l.rating : requireInt('rating', input.rating, 0, 9);
    const stars = input.stars === undefined ? l.stars : requireInt('stars', input.stars, 0, 4);
    const range = input.range === undefined ? l.range : requireInt('range', input.range, 0, 20);
    if (input.rating === undefined && input.stars === undefined && input.range === undefined) throw invalid('rating', 'give at least one of rating, stars, range');
    cs.set('leaders', l.id, 'rating', l.rating, rating).set('leaders', l.id, 'stars', l.stars, stars).set('leaders', l.id, 'range', l.range, range);
    cs.set('leaders', l.id, 'rating_verified', l.rating_verified, 1);
    return { summary: `${l.name}: rating ${rating}, ${stars} star(s), range ${range} (from the counter)`, result: {} };
  }, { setup: true });
}

function editUnit(ctx: GameContext, input: EditUnitInput): ChangeResult {
  requireObject('input', input);
  return write(ctx, 'setup.unit', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    if (input.sp === undefined && input.weapon === undefined) throw invalid('sp', 'give sp or weapon');
    const sp = input.sp === undefined ? u.sp : requireInt('sp', input.sp, 1, 40);
    let weapon = u.weapon;
    if (input.weapon !== undefined) {
      if (u.arm === 'artillery') {
        if (input.weapon !== null) throw invalid('weapon', 'artillery has no small-arms weapon type (leave it null)', 'Rev. Range Effects Chart');
      } else {
        weapon = requireOneOf('weapon', input.weapon, WEAPONS);
      }
    }
    cs.set('units', u.id, 'sp', u.sp, sp).set('units', u.id, 'weapon', u.weapon, weapon);
    return { summary: `${u.name}: printed ${sp} SP${weapon ? `, weapon ${weapon}` : ''}`, result: {} };
  }, { setup: true });
}

export const setupFunctions = { editLeader, editUnit } satisfies Partial<ServiceFunctions>;
