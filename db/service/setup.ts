/**
 * Setup edits and corrections: leaders' and units' printed values corrected from the counters. Before
 * the first turn is played they are setup edits (the write path refuses them once the game has started);
 * at any time a value can be corrected as an explicit correction with a reason, logged with the old and
 * the new value, because players find misprints mid-game (RI-H04).
 */
import { SIDES, WEAPONS } from '../../rules/types';
import type { Scenario } from '../../data/scenario-schema';
import { invalid, notFound } from '../errors';
import type { ChangeSet } from '../events';
import type { ChangeResult, CorrectLeaderInput, CorrectUnitInput, EditLeaderInput, EditObjectivesInput, EditUnitInput } from '../../contract';
import { readGame, readObjectives, type LeaderDbRow, type UnitRow } from '../store';
import { requireInt, requireObject, requireOneOf } from '../validate';
import { sameManCounters } from './chain';
import { write, type GameContext, type ServiceFunctions } from './context';
import { leader, unit } from './lookups';

interface LeaderValues {
  rating?: number;
  stars?: number;
  range?: number;
}

/** Applies a leader's new printed values; returns what changed ("rating 2 -> 4"). */
function leaderChanges(cs: ChangeSet, l: LeaderDbRow, input: LeaderValues): string[] {
  if (input.rating === undefined && input.stars === undefined && input.range === undefined) throw invalid('rating', 'give at least one of rating, stars, range');
  const rating = input.rating === undefined ? l.rating : requireInt('rating', input.rating, 0, 9);
  const stars = input.stars === undefined ? l.stars : requireInt('stars', input.stars, 0, 4);
  const range = input.range === undefined ? l.range : requireInt('range', input.range, 0, 20);
  cs.set('leaders', l.id, 'rating', l.rating, rating).set('leaders', l.id, 'stars', l.stars, stars).set('leaders', l.id, 'range', l.range, range);
  cs.set('leaders', l.id, 'rating_verified', l.rating_verified, 1);
  const parts: string[] = [];
  if (rating !== l.rating) parts.push(`rating ${l.rating} -> ${rating}`);
  if (stars !== l.stars) parts.push(`stars ${l.stars} -> ${stars}`);
  if (range !== l.range) parts.push(`range ${l.range} -> ${range}`);
  return parts;
}

interface UnitValues {
  sp?: number;
  weapon?: UnitRow['weapon'];
}

/** Applies a unit's new printed values; returns what changed ("SP 6 -> 5"). */
function unitChanges(cs: ChangeSet, u: UnitRow, input: UnitValues): string[] {
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
  // The losses recorded so far stay: the printed strength cannot fall below them.
  const away = u.sp_lost + u.stragglers + u.abandoned_guns;
  if (sp < away) throw invalid('sp', `${u.name} has ${away} SP lost, straggling or left as abandoned guns: its printed SP cannot be less than that (undo a loss first)`);
  cs.set('units', u.id, 'sp', u.sp, sp).set('units', u.id, 'weapon', u.weapon, weapon);
  const parts: string[] = [];
  if (sp !== u.sp) parts.push(`SP ${u.sp} -> ${sp}`);
  if (weapon !== u.weapon) parts.push(`weapon ${u.weapon ?? 'none'} -> ${weapon ?? 'none'}`);
  return parts;
}

function editLeader(ctx: GameContext, input: EditLeaderInput): ChangeResult {
  requireObject('input', input);
  return write(
    ctx,
    'setup.leader',
    input,
    (cs) => {
      const l = leader(ctx, 'leaderId', input.leaderId);
      // RI-D16: one man has one rating, stars and range, on each of his counters.
      for (const counter of sameManCounters(ctx, l.id)) leaderChanges(cs, counter, input);
      const after = { rating: input.rating ?? l.rating, stars: input.stars ?? l.stars, range: input.range ?? l.range };
      return { summary: `${l.name}: rating ${after.rating}, ${after.stars} star(s), range ${after.range} (from the counter)`, result: {} };
    },
    { setup: true },
  );
}

function editUnit(ctx: GameContext, input: EditUnitInput): ChangeResult {
  requireObject('input', input);
  return write(
    ctx,
    'setup.unit',
    input,
    (cs) => {
      const u = unit(ctx, 'unitId', input.unitId);
      unitChanges(cs, u, input);
      const sp = input.sp ?? u.sp;
      const weapon = input.weapon === undefined ? u.weapon : input.weapon;
      return { summary: `${u.name}: printed ${sp} SP${weapon ? `, weapon ${weapon}` : ''}`, result: {} };
    },
    { setup: true },
  );
}

/** RI-H04: a correction names what was wrong and why; it changes the value and nothing else. */
function requireChange(parts: string[], name: string, field: string): string {
  if (parts.length === 0) throw invalid(field, `${name}'s counter already shows these values: nothing to correct`);
  return parts.join(', ');
}

function correctLeader(ctx: GameContext, input: CorrectLeaderInput): ChangeResult {
  return write(
    ctx,
    'setup.correction',
    input,
    (cs) => {
      const l = leader(ctx, 'leaderId', input.leaderId);
      const what = requireChange(leaderChanges(cs, l, input), l.name, input.rating !== undefined ? 'rating' : input.stars !== undefined ? 'stars' : 'range');
      // RI-D16: his other counters take the same values.
      for (const counter of sameManCounters(ctx, l.id)) if (counter.id !== l.id) leaderChanges(cs, counter, input);
      return { summary: `Correction: ${l.name} ${what} (${input.reason})`, result: {} };
    },
    { correction: true },
  );
}

function correctUnit(ctx: GameContext, input: CorrectUnitInput): ChangeResult {
  return write(
    ctx,
    'setup.correction',
    input,
    (cs) => {
      const u = unit(ctx, 'unitId', input.unitId);
      const what = requireChange(unitChanges(cs, u, input), u.name, input.sp !== undefined ? 'sp' : 'weapon');
      return { summary: `Correction: ${u.name} ${what} (${input.reason})`, result: {} };
    },
    { correction: true },
  );
}

/**
 * RI-D13: the scenario's objectives are corrected to the players' scenario sheet: an objective's name, or
 * how many a side needs (at most as many as it lists). Before play a setup edit; once play has begun a
 * correction, with its reason (RI-H04).
 */
function editObjectives(ctx: GameContext, input: EditObjectivesInput): ChangeResult {
  requireObject('input', input);
  const started = readGame(ctx.db).started === 1;
  return write(
    ctx,
    started ? 'setup.correction' : 'setup.objective',
    input,
    (cs, game) => {
      const side = requireOneOf('side', input.side, SIDES);
      if (input.name === undefined && input.required === undefined) throw invalid('name', 'give the new name of an objective, or how many objectives the side needs');
      const reason = input.reason?.trim() ?? '';
      if (started && reason === '') throw invalid('reason', 'Reason: say why the objectives are corrected (e.g. "the scenario sheet lists it")', 'Rev. Victory');
      const parts: string[] = [];
      const rows = readObjectives(ctx.db).filter((o) => o.side === side);
      if (input.name !== undefined) {
        if (input.objectiveId === undefined) throw invalid('objectiveId', 'name the objective to rename');
        const o = rows.find((x) => x.objective_id === input.objectiveId);
        if (!o) throw notFound('objectiveId', `"${input.objectiveId}" is not on the ${side} list of Geographic Objectives`);
        const name = input.name.trim();
        if (name === o.name) throw invalid('name', `the objective is already called ${name}`);
        cs.set('objectives', o.id, 'name', o.name, name);
        parts.push(`${o.name} renamed ${name}`);
      }
      if (input.required !== undefined) {
        const lists = JSON.parse(game.objectives) as Scenario['objectives'];
        const required = requireInt('required', input.required, 0, 40);
        if (required > rows.length) throw invalid('required', `Needed: the ${side} lists ${rows.length} objective${rows.length === 1 ? '' : 's'}, so it cannot need ${required}`, 'Rev. Victory');
        if (required === lists.required[side]) throw invalid('required', `the ${side} already needs ${required}`);
        const next = { ...lists, required: { ...lists.required, [side]: required } };
        cs.set('game', 1, 'objectives', game.objectives, JSON.stringify(next));
        parts.push(`needs ${required} (was ${lists.required[side]})`);
      }
      return { summary: `${started ? 'Correction: ' : ''}${side} Geographic Objectives: ${parts.join('; ')}${started ? ` (${reason})` : ''}`, result: {} };
    },
    started ? { correction: true } : { setup: true },
  );
}

export const setupFunctions = { editLeader, editUnit, correctLeader, correctUnit, editObjectives } satisfies Partial<ServiceFunctions>;
