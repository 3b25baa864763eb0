/**
 * The Initiative Segment (Rev. Initiative Segment): both sides roll, adding their army commanders'
 * rating points if they spend them; ties are rolled again.
 */
import { maySpendRatingPoints } from '../../rules/activation';
import { resolveInitiative } from '../../rules/initiative';
import { SIDES, type Itemised, type Side } from '../../rules/types';
import { INITIATIVE_SEGMENT } from '../clock';
import type { NewDiceRow } from '../dice';
import { forbidden, invalid } from '../errors';
import type { InitiativeInput, InitiativeResult } from '../../contract';
import { readTurnState, type LeaderDbRow } from '../store';
import { askRules, optionalBool, optionalRoll, requireObject, requireOneOf } from '../validate';
import { actingArmyCommander, ledger } from './chain';
import { check, RULE } from './common';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { requireSegment } from './lookups';

function rollInitiative(ctx: GameContext, input: InitiativeInput): InitiativeResult {
  requireObject('input', input);
  return write<Omit<InitiativeResult, 'event' | 'dice'>>(ctx, 'initiative', input, (cs, game) => {
    const points = requireObject('armyPoints', input.armyPoints);
    const rolls = input.rolls === undefined ? {} : requireObject('rolls', input.rolls);
    const onMapIn = input.armyCommanderOnMap === undefined ? {} : requireObject('armyCommanderOnMap', input.armyCommanderOnMap);
    const typed = { USA: optionalRoll('rolls.USA', rolls.USA), CSA: optionalRoll('rolls.CSA', rolls.CSA) };
    if ((typed.USA === undefined) !== (typed.CSA === undefined)) throw invalid('rolls', 'type both sides\' rolls, or neither (the app rolls both)');
    requireSegment(ctx, 'armyPoints', INITIATIVE_SEGMENT, RULE.initiative);
    const t = readTurnState(ctx.db);
    if (t.initiative !== null) throw forbidden('armyPoints', `${t.initiative} already has the Initiative this turn`, RULE.initiative);
    const modifier = input.initiativeModifier === undefined ? t.initiative_modifier : input.initiativeModifier === null ? null : requireOneOf('initiativeModifier', input.initiativeModifier, SIDES);
    cs.set('turn_state', 1, 'initiative_modifier', t.initiative_modifier, modifier);
    const sides = Object.fromEntries(
      SIDES.map((s) => {
        const uses = optionalBool(`armyPoints.${s}`, points[s], false);
        const { leader, rating } = actingArmyCommander(ctx, `armyPoints.${s}`, s, game);
        const onMap = optionalBool(`armyCommanderOnMap.${s}`, onMapIn[s], leader.on_map === 1);
        return [s, { leader, rating, uses, onMap }];
      }),
    ) as Record<Side, { leader: LeaderDbRow; rating: number; uses: boolean; onMap: boolean }>;
    const spent = ledger(ctx);
    for (const s of SIDES) {
      if (sides[s].uses) check(`armyPoints.${s}`, askRules(() => maySpendRatingPoints(spent, { id: sides[s].leader.id, role: sides[s].leader.role })));
    }
    const dice: Omit<NewDiceRow, 'eventSeq'>[] = [];
    let outcome;
    // Ties are rolled again (rules/initiative.ts); app rolls repeat until there is a winner.
    for (;;) {
      const r = { USA: die(ctx, typed.USA), CSA: die(ctx, typed.CSA) };
      outcome = askRules(() =>
        resolveInitiative({
          USA: { armyCommanderOnMap: sides.USA.onMap, armyCommanderRating: sides.USA.rating, usesArmyCommanderPoints: sides.USA.uses, hasInitiativeModifier: modifier === 'USA', roll: r.USA.roll },
          CSA: { armyCommanderOnMap: sides.CSA.onMap, armyCommanderRating: sides.CSA.rating, usesArmyCommanderPoints: sides.CSA.uses, hasInitiativeModifier: modifier === 'CSA', roll: r.CSA.roll },
        }),
      );
      const o = outcome;
      for (const s of SIDES) {
        const res = o[s];
        dice.push({ purpose: `Initiative: ${s}`, source: r[s].source, roll: r[s].roll, modifiers: res.drm, modified: res.total, target: null, outcome: o.outcome === 're-roll' ? 'tie: roll again' : o.winner === s ? 'wins the Initiative' : 'loses the Initiative' });
      }
      if (outcome.outcome === 'winner' || typed.USA !== undefined) break;
    }
    const totals = { USA: outcome.USA.drm as Itemised, CSA: outcome.CSA.drm as Itemised };
    if (outcome.outcome === 're-roll') {
      return { summary: `Initiative tied at ${outcome.USA.total}: roll again`, dice, result: { winner: null, totals } };
    }
    for (const s of SIDES) {
      if (!sides[s].uses) continue;
      const l = sides[s].leader;
      cs.set('leaders', l.id, 'points_used', l.points_used, 'initiative').set('leaders', l.id, 'moved', l.moved, 1);
      cs.set('turn_state', 1, s === 'USA' ? 'army_points_usa' : 'army_points_csa', 0, 1);
    }
    cs.set('turn_state', 1, 'initiative', null, outcome.winner).set('turn_state', 1, 'side_to_act', t.side_to_act, outcome.winner).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0);
    return {
      summary: `${outcome.winner} wins the Initiative (${outcome.USA.total} to ${outcome.CSA.total}, USA first)`,
      subjects: SIDES.filter((s) => sides[s].uses).map((s) => `leader:${sides[s].leader.id}`),
      dice,
      result: { winner: outcome.winner, totals },
    };
  });
}

export const initiativeFunctions = { rollInitiative } satisfies Partial<ServiceFunctions>;
