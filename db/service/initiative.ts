/**
 * The Initiative Segment (Rev. Initiative Segment): each side secretly declares whether its army
 * commander adds his rating points (a hidden entry until both have declared, RI-H01), then both roll,
 * adding the points declared and the +1 Initiative Modifier; ties are rolled again (RI-C02), a normal
 * result with its own word. Whether an army commander is on the map comes from the roster (RI-H05).
 */
import { maySpendRatingPoints } from '../../rules/activation';
import { resolveInitiative } from '../../rules/initiative';
import { SIDES, type Itemised, type Side, type DieRoll } from '../../rules/types';
import { INITIATIVE_SEGMENT } from '../clock';
import type { NewDiceRow } from '../dice';
import { forbidden, invalid } from '../errors';
import type { ChangeResult, DeclareInitiativeInput, InitiativeInput, InitiativeResult } from '../../contract';
import { readTurnState, type LeaderDbRow, type TurnStateRow, readGame } from '../store';
import { askRules } from '../validate';
import { actingArmyCommander, ledger } from './chain';
import { check, RULE, yes } from './common';
import { die, refuseFinishedEntries, write, type GameContext, type ServiceFunctions } from './context';
import { requireSegment, requireStep } from './lookups';
import { BOTH_DONE, sideBit } from './secrets';
import { readHouseReadings } from '../reading-choices';
import { refuseInitiativeRollByModule } from './rule-seam';

const POINTS_COLUMN = { USA: 'army_points_usa', CSA: 'army_points_csa' } as const;

/** The army commander may add his points: he is on the map, his points are unspent and he has not moved. */
export function requirePointsAvailable(ctx: GameContext, field: string, leader: LeaderDbRow): void {
  if (leader.on_map !== 1) throw forbidden(field, `${leader.name} is not on the map: rating points are added only while the army commander is on the map`, RULE.initiative);
  check(field, askRules(() => maySpendRatingPoints(ledger(ctx), { id: leader.id, role: leader.role, name: leader.name })));
}

/** One side's secret declaration: the side's hidden entry until the other side has declared too (RI-H01). */
function declareInitiative(ctx: GameContext, input: DeclareInitiativeInput): ChangeResult {
  return write(ctx, 'initiative.declared', input, (cs) => {
    const game = readGame(ctx.db);
    requireStep(ctx, 'side', INITIATIVE_SEGMENT, 'A', RULE.initiative);
    refuseInitiativeRollByModule(ctx, 'side');
    refuseFinishedEntries(ctx, input.side, 'side');
    const t = readTurnState(ctx.db);
    if (t.initiative !== null) throw forbidden('side', `${t.initiative} already has the Initiative this turn`, RULE.initiative);
    const { leader } = actingArmyCommander(ctx, 'side', input.side, game);
    if (input.armyPoints) requirePointsAvailable(ctx, 'armyPoints', leader);
    cs.set('turn_state', 1, POINTS_COLUMN[input.side], t[POINTS_COLUMN[input.side]], yes(input.armyPoints));
    cs.set('turn_state', 1, 'entries_done', t.entries_done, t.entries_done | sideBit(input.side));
    return {
      summary: `${input.side} declares: ${leader.name} ${input.armyPoints ? 'adds all his rating points to the initiative roll' : 'does not add his rating points'}`,
      subjects: [`leader:${leader.id}`],
      result: {},
      entry: { side: input.side, field: 'side' },
    };
  });
}

/** Whether each side adds its army commander's points: the declarations, or the input when none was made. */
function commitments(t: TurnStateRow, input: InitiativeInput): Record<Side, boolean> {
  const declared = SIDES.filter((s) => (t.entries_done & sideBit(s)) !== 0);
  if (declared.length === SIDES.length) {
    const made = { USA: t.army_points_usa === 1, CSA: t.army_points_csa === 1 };
    for (const s of SIDES) {
      const given = input.armyPoints?.[s];
      if (given !== undefined && given !== made[s]) throw invalid(`armyPoints.${s}`, `${s} declared that its army commander ${made[s] ? 'adds' : 'does not add'} his points; the declarations stand (undo them to change)`, RULE.initiative);
    }
    return made;
  }
  if (declared.length === 1) {
    const waiting = SIDES.find((s) => !declared.includes(s))!;
    throw forbidden('armyPoints', `${waiting} has not declared yet whether its army commander adds his points: both declare before the roll`, RULE.initiative);
  }
  if (input.armyPoints === undefined) throw invalid('armyPoints', 'give both sides\' declarations (armyPoints), or let each side declare first (declareInitiative)');
  return { USA: input.armyPoints.USA, CSA: input.armyPoints.CSA };
}

function rollInitiative(ctx: GameContext, input: InitiativeInput): InitiativeResult {
  return write<Omit<InitiativeResult, 'event' | 'dice'>>(ctx, 'initiative', input, (cs) => {
    const game = readGame(ctx.db);
    const typed = { USA: input.rolls?.USA as DieRoll | undefined, CSA: input.rolls?.CSA as DieRoll | undefined };
    if ((typed.USA === undefined) !== (typed.CSA === undefined)) throw invalid('rolls', 'type both sides\' rolls, or neither (the app rolls both)');
    requireSegment(ctx, 'armyPoints', INITIATIVE_SEGMENT, RULE.initiative);
    refuseInitiativeRollByModule(ctx, 'armyPoints');
    const t = readTurnState(ctx.db);
    if (t.initiative !== null) throw forbidden('armyPoints', `${t.initiative} already has the Initiative this turn`, RULE.initiative);
    const uses = commitments(t, input);
    const modifier = input.initiativeModifier === undefined ? t.initiative_modifier : input.initiativeModifier === null ? null : input.initiativeModifier;
    cs.set('turn_state', 1, 'initiative_modifier', t.initiative_modifier, modifier);
    // RI-S11: the game's house reading of who holds the modifier names the item's source.
    const modifierReading = readHouseReadings(ctx.db).initiativeModifier;
    const sides = Object.fromEntries(
      SIDES.map((s) => {
        const { leader, rating } = actingArmyCommander(ctx, `armyPoints.${s}`, s, game);
        if (uses[s]) requirePointsAvailable(ctx, `armyPoints.${s}`, leader);
        return [s, { leader, rating, uses: uses[s], onMap: leader.on_map === 1 }];
      }),
    ) as Record<Side, { leader: LeaderDbRow; rating: number; uses: boolean; onMap: boolean }>;
    // The declarations are revealed by the roll and stand for a re-roll after a tie (RI-C02).
    for (const s of SIDES) cs.set('turn_state', 1, POINTS_COLUMN[s], t[POINTS_COLUMN[s]], yes(uses[s]));
    cs.set('turn_state', 1, 'entries_done', t.entries_done, BOTH_DONE);
    const dice: Omit<NewDiceRow, 'eventSeq'>[] = [];
    let outcome;
    // Ties are rolled again (rules/initiative.ts); app rolls repeat until there is a winner.
    for (;;) {
      const r = { USA: die(ctx, typed.USA), CSA: die(ctx, typed.CSA) };
      outcome = askRules(() =>
        resolveInitiative({
          USA: { armyCommanderOnMap: sides.USA.onMap, armyCommanderRating: sides.USA.rating, usesArmyCommanderPoints: sides.USA.uses, hasInitiativeModifier: modifier === 'USA', modifierReading, roll: r.USA.roll },
          CSA: { armyCommanderOnMap: sides.CSA.onMap, armyCommanderRating: sides.CSA.rating, usesArmyCommanderPoints: sides.CSA.uses, hasInitiativeModifier: modifier === 'CSA', modifierReading, roll: r.CSA.roll },
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
      return { summary: `Initiative tied at ${outcome.USA.total}: both sides roll again`, dice, result: { outcome: 'tie' as const, winner: null, totals } };
    }
    for (const s of SIDES) {
      if (!sides[s].uses) continue;
      const l = sides[s].leader;
      cs.set('leaders', l.id, 'points_used', l.points_used, 'initiative').set('leaders', l.id, 'moved', l.moved, 1);
    }
    cs.set('turn_state', 1, 'initiative', null, outcome.winner).set('turn_state', 1, 'side_to_act', t.side_to_act, outcome.winner).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0);
    const loser = outcome.loser;
    return {
      summary: `${outcome.winner} wins the Initiative, ${outcome[outcome.winner].total} to ${outcome[loser].total}: ${outcome.winner} activates first`,
      subjects: SIDES.filter((s) => sides[s].uses).map((s) => `leader:${sides[s].leader.id}`),
      dice,
      result: { outcome: 'winner' as const, winner: outcome.winner, totals },
    };
  });
}

export const initiativeFunctions = { declareInitiative, rollInitiative } satisfies Partial<ServiceFunctions>;
