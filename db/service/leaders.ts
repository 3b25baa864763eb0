/**
 * Leaders: the list as it stands, and what happens to them in play (Rev. Leader Losses): casualties,
 * capture, replacement, leaders arriving alone, and the acting US army commander before Meade arrives.
 */
import type { DieRoll } from '../../rules/types';
import { leaderCasualty as rollLeaderCasualty } from '../../rules/losses';
import { forbidden, invalid } from '../errors';
import type { ChangeResult, LeaderCasualtyInput, LeaderCasualtyResult, LeaderInput, LeaderRow, ReplaceLeaderInput, UsSuccessorInput } from '../../contract';
import { readClock, readLeaders, readTurn, readGame } from '../store';
import { askRules } from '../validate';
import { ledger } from './chain';
import { RULE } from './common';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { leader } from './lookups';

function leaders(ctx: GameContext): LeaderRow[] {
  const all = readLeaders(ctx.db);
  // One man's counters share one set of points (RI-D16): either counter's use shows on both.
  const spent = new Map(ledger(ctx, all).pointsSpent.map((e) => [e.leaderId, e.use]));
  return all.map((l) => ({
    id: l.id,
    side: l.side,
    name: l.name,
    stars: l.stars,
    rating: l.rating,
    range: l.range,
    role: l.role,
    commandId: l.command_id,
    ratingVerified: l.rating_verified === 1,
    pointsUsed: spent.has(l.id),
    pointsUsedFor: spent.get(l.id) ?? null,
    moved: l.moved === 1,
    casualty: l.casualty,
    replaced: l.replaced === 1,
    replacementRating: l.replacement_rating,
    onMap: l.on_map === 1,
    arrivalTurnId: l.arrival_turn_id,
    arrivalArea: l.arrival_area,
  }));
}

function leaderCasualty(ctx: GameContext, input: LeaderCasualtyInput): LeaderCasualtyResult {
  return write(ctx, 'leader.casualty', input, (cs) => {
    const l = leader(ctx, 'leaderId', input.leaderId);
    const typed = input.roll as DieRoll | undefined;
    if (l.casualty !== 'none') throw forbidden('leaderId', `${l.name} is already ${l.casualty}`, RULE.leaderLosses);
    const r = die(ctx, typed);
    const result = askRules(() => rollLeaderCasualty(r.roll));
    cs.set('leaders', l.id, 'casualty', 'none', result === 'KIA' ? 'killed' : 'wounded');
    return {
      summary: `${l.name} is hit: rolled ${r.roll}, ${result === 'KIA' ? 'killed' : 'wounded'}`,
      dice: [{ purpose: `Leader casualty: ${l.name}`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: '0-4 KIA, 5-9 WIA', outcome: result }],
      result: { result },
    };
  });
}

function leaderCaptured(ctx: GameContext, input: LeaderInput): ChangeResult {
  return write(ctx, 'leader.captured', input, (cs) => {
    const l = leader(ctx, 'leaderId', input.leaderId);
    if (l.casualty !== 'none') throw forbidden('leaderId', `${l.name} is already ${l.casualty}`, RULE.leaderLosses);
    cs.set('leaders', l.id, 'casualty', 'none', 'captured');
    return { summary: `${l.name} is captured`, result: {} };
  });
}

function replaceLeader(ctx: GameContext, input: ReplaceLeaderInput): ChangeResult {
  return write(ctx, 'leader.replaced', input, (cs) => {
    const l = leader(ctx, 'leaderId', input.leaderId);
    const rating = input.rating ?? null;
    if (l.casualty === 'none') throw forbidden('leaderId', `${l.name} is not a casualty; only fallen leaders are replaced`, 'Rev. Sequence of Play (Leader Replacement Phase)');
    if (l.replaced === 1) throw invalid('leaderId', `${l.name} has already been replaced`);
    cs.set('leaders', l.id, 'replaced', 0, 1).set('leaders', l.id, 'replacement_rating', l.replacement_rating, rating);
    return { summary: `${l.name} is replaced${rating === null ? '' : ` (replacement rating ${rating})`}`, result: {} };
  });
}

function leaderArrives(ctx: GameContext, input: LeaderInput): ChangeResult {
  return write(ctx, 'leader.arrived', input, (cs) => {
    const l = leader(ctx, 'leaderId', input.leaderId);
    if (l.on_map === 1) throw invalid('leaderId', `${l.name} is already on the map`);
    if (!l.arrives_alone) throw forbidden('leaderId', `${l.name} arrives with his command's reinforcement group`, 'Rev. Variable Arrival of Reinforcements');
    if (l.arrival_turn_id === null) throw forbidden('leaderId', `${l.name} does not enter during this scenario`, 'Rev. Scenario Corrections & Additions');
    const now = readTurn(ctx.db, readClock(ctx.db).turn_id)!;
    const due = readTurn(ctx.db, l.arrival_turn_id)!;
    // RI-S12: a leader arriving alone enters at his scheduled turn or later, without a roll.
    if (now.idx < due.idx) throw forbidden('leaderId', `${l.name} is due at ${due.date} ${due.time}`, 'Rev. Variable Arrival of Reinforcements');
    cs.set('leaders', l.id, 'on_map', 0, 1);
    return { summary: `${l.name} arrives${l.arrival_area ? ` by ${l.arrival_area}` : ''}`, result: {} };
  });
}

function chooseUsSuccessor(ctx: GameContext, input: UsSuccessorInput): ChangeResult {
  return write(ctx, 'army-commander.successor', input, (cs) => {
    const game = readGame(ctx.db);
    const l = leader(ctx, 'leaderId', input.leaderId);
    if (l.side !== 'USA' || l.role !== 'corps') throw invalid('leaderId', `${l.name} is not a US corps commander`, 'Rev. US Wing/Grand Division Commanders');
    if (l.casualty !== 'none') throw forbidden('leaderId', `${l.name} is ${l.casualty}`, 'Rev. US Wing/Grand Division Commanders');
    if (game.us_successor === l.id) throw invalid('leaderId', `${l.name} is already the chosen successor`);
    cs.set('game', 1, 'us_successor', game.us_successor, l.id);
    return { summary: `${l.name} will act as US army commander while Reynolds is hors de combat`, subjects: [`leader:${l.id}`], result: {} };
  });
}

export const leadersFunctions = { leaders, leaderCasualty, leaderCaptured, replaceLeader, leaderArrives, chooseUsSuccessor } satisfies Partial<ServiceFunctions>;
