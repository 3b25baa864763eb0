/**
 * Setup edits and corrections: leaders' and units' printed values corrected from the counters. Before
 * the first turn is played they are setup edits (the write path refuses them once the game has started);
 * at any time a value can be corrected as an explicit correction with a reason, logged with the old and
 * the new value, because players find misprints mid-game (RI-H04).
 */
import type { Scenario } from '../../data/scenario-schema';
import { invalid, MusterError, notFound } from '../errors';
import type { ChangeSet } from '../events';
import type { ApplyCounterValuesInput, ChangeResult, CorrectLeaderInput, CorrectUnitInput, EditLeaderInput, EditObjectivesInput, EditUnitInput } from '../../contract';
import { readGame, readObjectives, readUnit, type LeaderDbRow, type UnitRow } from '../store';
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
  // Within the counters' limits (rules/types.ts COUNTER_LIMITS): the contract's schema refused any other value.
  const rating = input.rating ?? l.rating;
  const stars = input.stars ?? l.stars;
  const range = input.range ?? l.range;
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
  cohesionOrdered?: number | null;
  cohesionDisordered?: number | null;
  artilleryRow?: string | null;
}

const ratingWords = (v: number | null) => (v === null ? 'not entered' : String(v));

/** Applies a unit's new printed values; returns what changed ("SP 6 -> 5"). */
function unitChanges(cs: ChangeSet, u: UnitRow, input: UnitValues): string[] {
  if (input.sp === undefined && input.weapon === undefined && input.cohesionOrdered === undefined && input.cohesionDisordered === undefined && input.artilleryRow === undefined) {
    throw invalid('sp', 'give sp, weapon, a cohesion rating or a battery\'s artillery row');
  }
  if (input.artilleryRow !== undefined && input.artilleryRow !== null && u.arm !== 'artillery') {
    throw invalid('artilleryRow', `${u.name} is ${u.arm}: only a battery's guns have an artillery range row`);
  }
  const sp = input.sp ?? u.sp;
  let weapon = u.weapon;
  if (input.weapon !== undefined) {
    if (u.arm === 'artillery') {
      if (input.weapon !== null) throw invalid('weapon', 'artillery has no small-arms weapon type (leave it null)', 'Rev. Range Effects Chart');
    } else {
      weapon = input.weapon;
    }
  }
  // The losses recorded so far stay: the printed strength cannot fall below them.
  const away = u.sp_lost + u.stragglers + u.abandoned_guns;
  if (sp < away) throw invalid('sp', `${u.name} has ${away} SP lost, straggling or left as abandoned guns: its printed SP cannot be less than that (undo a loss first)`);
  // Blank is "not entered" (null): that unit's cohesion outcomes are then read at the table.
  const ordered = input.cohesionOrdered === undefined ? u.cohesion_ordered : input.cohesionOrdered;
  const disordered = input.cohesionDisordered === undefined ? u.cohesion_disordered : input.cohesionDisordered;
  cs.set('units', u.id, 'sp', u.sp, sp).set('units', u.id, 'weapon', u.weapon, weapon);
  const gunRow = input.artilleryRow === undefined ? u.artillery_row : input.artilleryRow;
  cs.set('units', u.id, 'cohesion_ordered', u.cohesion_ordered, ordered).set('units', u.id, 'cohesion_disordered', u.cohesion_disordered, disordered);
  cs.set('units', u.id, 'artillery_row', u.artillery_row, gunRow);
  const parts: string[] = [];
  if (sp !== u.sp) parts.push(`SP ${u.sp} -> ${sp}`);
  if (weapon !== u.weapon) parts.push(`weapon ${u.weapon ?? 'none'} -> ${weapon ?? 'none'}`);
  if (ordered !== u.cohesion_ordered) parts.push(`cohesion (ordered) ${ratingWords(u.cohesion_ordered)} -> ${ratingWords(ordered)}`);
  if (disordered !== u.cohesion_disordered) parts.push(`cohesion (disordered) ${ratingWords(u.cohesion_disordered)} -> ${ratingWords(disordered)}`);
  if (gunRow !== u.artillery_row) parts.push(`guns ${u.artillery_row ?? 'not chosen'} -> ${gunRow ?? 'not chosen'}`);
  return parts;
}

function editLeader(ctx: GameContext, input: EditLeaderInput): ChangeResult {
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
  return write(
    ctx,
    'setup.unit',
    input,
    (cs) => {
      const u = unit(ctx, 'unitId', input.unitId);
      const parts = unitChanges(cs, u, input);
      const sp = input.sp ?? u.sp;
      const weapon = input.weapon === undefined ? u.weapon : input.weapon;
      const cohesion = parts.filter((p) => p.startsWith('cohesion') || p.startsWith('guns'));
      return { summary: `${u.name}: printed ${sp} SP${weapon ? `, weapon ${weapon}` : ''}${cohesion.length ? `; ${cohesion.join(', ')}` : ''}`, result: {} };
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
      const field = input.sp !== undefined ? 'sp' : input.weapon !== undefined ? 'weapon' : input.cohesionOrdered !== undefined ? 'cohesionOrdered' : input.cohesionDisordered !== undefined ? 'cohesionDisordered' : 'artilleryRow';
      const what = requireChange(unitChanges(cs, u, input), u.name, field);
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
  const started = readGame(ctx.db).started === 1;
  return write(
    ctx,
    started ? 'setup.correction' : 'setup.objective',
    input,
    (cs) => {
      const game = readGame(ctx.db);
      const side = input.side;
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
        const required = input.required;
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

/**
 * A group's kit brings its counter values into the game in one step (one event, one undo): before play
 * begins a setup edit, afterwards a logged correction naming the kit (RI-H04). Units the kit names that
 * this game does not have (a kit made on another scenario) are reported, not refused.
 */
function applyCounterValues(ctx: GameContext, input: ApplyCounterValuesInput): ReturnType<ServiceFunctions['applyCounterValues']> {
  const started = readGame(ctx.db).started === 1;
  return write(
    ctx,
    started ? 'setup.correction' : 'setup.unit',
    input,
    (cs) => {
      const unknown: string[] = [];
      let changed = 0;
      const seen = new Set<string>();
      input.units.forEach((v, i) => {
        if (seen.has(v.unitId)) throw invalid(`units[${i}].unitId`, `names ${v.unitId} twice`);
        seen.add(v.unitId);
        const u = readUnit(ctx.db, v.unitId);
        if (!u) {
          unknown.push(v.unitId);
          return;
        }
        const values = { cohesionOrdered: v.cohesionOrdered, cohesionDisordered: v.cohesionDisordered, artilleryRow: u.arm === 'artillery' ? v.artilleryRow : null };
        try {
          if (unitChanges(cs, u, values).length > 0) changed += 1;
        } catch (e) {
          // The field named is the kit's: units[i].<field>.
          if (e instanceof MusterError) throw invalid(`units[${i}].${e.field}`, e.message.replace(/^[a-zA-Z]+: /, ''));
          throw e;
        }
      });
      const kit = input.fingerprint ? ` ${input.fingerprint}` : '';
      const summary = `${started ? 'Correction: ' : ''}Counter values from the kit${kit}: ${changed} unit(s) changed${unknown.length ? `, ${unknown.length} not in this game` : ''}`;
      return { summary, result: { changed, unknown } };
    },
    started ? { correction: true } : { setup: true },
  );
}

export const setupFunctions = { editLeader, editUnit, correctLeader, correctUnit, editObjectives, applyCounterValues } satisfies Partial<ServiceFunctions>;
