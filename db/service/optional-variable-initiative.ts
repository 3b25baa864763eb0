/**
 * Optional rule Variable Initiative: at the First
 * Day-Turn after a night each side's Initiative Level is computed from the game, infantry only, each unit
 * classed from the event log of the previous day (RI-O04, RI-O23) and its state at nightfall (RI-O03), the
 * Ineffective units' roll made with the game's die and logged (RI-O02, RI-O20). The higher level holds
 * the Initiative on that turn and every day turn until the next night, in place of the Initiative
 * Segment's roll (RI-O01); the clock hands it over by itself on those turns (holdInitiativeByLevel).
 * The levels are kept in turns.initiative_levels of the First Day-Turn, so undo and redo restore them.
 */
import {
  ineffectiveDivisor,
  isFirstDayTurnAfterNight,
  VARIABLE_INITIATIVE_RULES as R,
  variableInitiativeForTurn,
  variableInitiativeLevel,
  variableInitiativeState,
  variableInitiativeWinner,
  type VariableInitiativeUnit,
} from '../../rules/optional/variable-initiative';
import { ineffectiveSp, previousDay, variableInitiativeArrival, type PreviousDay } from '../../rules/optional/variable-initiative-day';
import { SIDES, type Itemised, type Side } from '../../rules/types';
import type { ClockState, DetermineInitiativeLevelsInput, DetermineInitiativeLevelsResult, InitiativeLevelSide, InitiativeLevelsInput, InitiativeLevelsRecord, InitiativeLevelsReport, InitiativeLevelUnit } from '../../contract';
import { INITIATIVE_SEGMENT } from '../clock';
import type { NewDiceRow } from '../dice';
import { forbidden, invalid, notFound } from '../errors';
import type { ChangeSet } from '../events';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { currentSp, readClock, readCommands, readGroups, readTurns, readTurnState, readUnits, type TurnRow } from '../store';
import { askRules } from '../validate';
import { die, write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { registerRuleModule } from './rule-seam';
import { arrivalObligations, obligationItem } from './obligations';
import { readOptionalRules } from './game-options';
import { arrivalRollsDue } from './arrival-checks';
import { BOTH_DONE } from './secrets';

const REINFORCEMENTS_RULE = R.reinforcements;

export const variableInitiativeOn = (db: SqliteDatabase): boolean => readOptionalRules(db).variableInitiative;

/** "2 July 0400". */
export function turnLabel(turn: Pick<TurnRow, 'date' | 'time'>): string {
  return `${Number(turn.date.slice(8, 10))} July ${turn.time}`;
}

/** Is this turn the First Day-Turn after a night on the game's track (RI-O04)? */
export function isFirstDayTurn(turns: TurnRow[], turnId: string): boolean {
  const at = turns.findIndex((t) => t.id === turnId);
  return at >= 0 && isFirstDayTurnAfterNight(at === 0 ? null : turns[at - 1]!.light, turns[at]!.light);
}

/** The levels determined at each First Day-Turn so far, in order. */
export function levelRecords(db: SqliteDatabase): InitiativeLevelsRecord[] {
  const rows = statement(db, 'SELECT initiative_levels AS levels FROM turns WHERE initiative_levels IS NOT NULL ORDER BY idx').all() as { levels: string }[];
  return rows.map((r) => JSON.parse(r.levels) as InitiativeLevelsRecord);
}

/**
 * How this turn's Initiative is decided with the option on (RI-O01): by the latest First Day-Turn's levels
 * on a day turn after it, 'levels-due' on a First Day-Turn whose levels are not determined yet, by the roll
 * on night turns and before any night. Null with the option off.
 */
export function initiativeDecision(ctx: GameContext, turnId: string): InitiativeLevelsReport['now'] {
  return initiativeDecisionIn(ctx.db, turnId);
}

/** initiativeDecision, read from the file alone (for the two-seat step facts, db/seats/facts.ts). */
export function initiativeDecisionIn(db: SqliteDatabase, turnId: string): InitiativeLevelsReport['now'] {
  if (!variableInitiativeOn(db)) return null;
  const turns = readTurns(db);
  const turn = turns.find((t) => t.id === turnId)!;
  const records = levelRecords(db).filter((r) => turns.findIndex((t) => t.id === r.turnId) <= turn.idx);
  if (isFirstDayTurn(turns, turnId) && !records.some((r) => r.turnId === turnId)) {
    return { decidedBy: 'levels-due', holder: null, text: `The First Day-Turn after a night: the Initiative Levels decide the Initiative for the day (${turnLabel(turn)})`, rule: R.variableInitiative };
  }
  const latest = records.at(-1) ?? null;
  const decided = askRules(() => variableInitiativeForTurn({ light: turn.light, dayHolder: latest?.winner ?? null }));
  if (decided.decidedBy === 'initiative-roll') return { decidedBy: 'initiative-roll', holder: null, text: decided.reason, rule: decided.rule };
  return { decidedBy: 'initiative-level', holder: decided.holder, text: `${decided.holder} holds the Initiative until the next night by its Initiative Level of ${latest!.label} (no roll)`, rule: decided.rule };
}

// ---------------------------------------------------------------------------------------------
// The facts of the previous day, from the event log

const COMBAT_WORDS: Record<string, string> = { fire: 'in a fire combat', shock: 'in a shock combat', 'loss.sp': 'took losses', 'loss.straggler': 'lost stragglers' };

/**
 * RI-O23: the units in combat the previous day, each with the first reason: a subject of a fire combat
 * (the firing stack and the target hex), of a shock combat (attackers and defenders), or of a loss, in an
 * applied event of one of the day's turns.
 */
function combatOfDay(db: SqliteDatabase, day: PreviousDay, labels: Map<string, string>): Map<string, string> {
  const turnIds = new Set(day.turnIds);
  const rows = statement(db, `SELECT kind, turn_id, subjects FROM events WHERE undone = 0 AND kind IN ('fire', 'shock', 'loss.sp', 'loss.straggler') ORDER BY seq`).all() as { kind: string; turn_id: string; subjects: string }[];
  const why = new Map<string, string>();
  for (const r of rows) {
    if (!turnIds.has(r.turn_id)) continue;
    for (const s of r.subjects.trim().split(/\s+/)) {
      if (s.startsWith('unit:') && !why.has(s.slice(5))) why.set(s.slice(5), `${COMBAT_WORDS[r.kind]} at ${labels.get(r.turn_id) ?? r.turn_id}`);
    }
  }
  return why;
}

interface Change {
  table: string;
  key: string | number;
  field: string;
  before: unknown;
}

/**
 * RI-O03's "at night-fall", read as RI-O24 says: units' status and commands' Ineffective markers as they were when the clock
 * entered the nightfall turn, read back from the log: a field's value then is the `before` of the first
 * applied change to it after that event, or its value now when nothing changed it since.
 */
function nightfallState(db: SqliteDatabase, nightfallTurnId: string): { status: Map<string, string>; ineffective: Map<string, number> } {
  const entering = statement(db, `SELECT seq, payload FROM events WHERE undone = 0 AND kind = 'clock.advanced' AND instr(payload, ?) > 0 ORDER BY seq`).all(`"${nightfallTurnId}"`) as { seq: number; payload: string }[];
  const at = entering.find((e) => (JSON.parse(e.payload) as { changes: (Change & { after: unknown })[] }).changes.some((c) => c.table === 'clock' && c.field === 'turn_id' && c.after === nightfallTurnId));
  // A game that began during the night: its genesis is the nightfall state.
  const after = at?.seq ?? 0;
  const status = new Map<string, string>();
  const ineffective = new Map<string, number>();
  const later = statement(db, `SELECT payload FROM events WHERE undone = 0 AND seq > ? AND (instr(payload, '"status"') > 0 OR instr(payload, '"ineffective"') > 0) ORDER BY seq`).all(after) as { payload: string }[];
  for (const e of later) {
    for (const c of (JSON.parse(e.payload) as { changes: Change[] }).changes) {
      if (c.table === 'units' && c.field === 'status' && !status.has(String(c.key))) status.set(String(c.key), String(c.before));
      if (c.table === 'commands' && c.field === 'ineffective' && !ineffective.has(String(c.key))) ineffective.set(String(c.key), Number(c.before));
    }
  }
  for (const u of readUnits(db)) if (!status.has(u.id)) status.set(u.id, u.status);
  for (const c of readCommands(db)) if (!ineffective.has(c.id)) ineffective.set(c.id, c.ineffective);
  return { status, ineffective };
}

interface Counted {
  side: Side;
  unit: VariableInitiativeUnit;
  view: Omit<InitiativeLevelUnit, 'value'>;
}

/** Every infantry unit that has come on the map, as the First Day-Turn's levels count it (RI-O03, RI-O04, RI-O21, RI-O23). */
function countedUnits(ctx: GameContext, turnId: string, surrounded: ReadonlySet<string>): Counted[] {
  const turns = readTurns(ctx.db);
  const labels = new Map(turns.map((t) => [t.id, turnLabel(t)]));
  const day = askRules(() => previousDay(turns.map((t) => ({ id: t.id, light: t.light })), turnId));
  const combat = combatOfDay(ctx.db, day, labels);
  const nightfall = nightfallState(ctx.db, day.nightfallTurnId);
  const commands = new Map(readCommands(ctx.db).map((c) => [c.id, c]));
  const arrivedAt = new Map(readGroups(ctx.db).map((g) => [g.id, g.arrived_turn_id]));
  /** The turn the unit's reinforcement group entered, or null for a unit that began on the map. */
  const arrival = (commandId: string): string | null => {
    for (let c = commands.get(commandId); c; c = c.parent_id ? commands.get(c.parent_id) : undefined) {
      if (c.reinforcement_group_id !== null) return arrivedAt.get(c.reinforcement_group_id) ?? null;
    }
    return null;
  };
  const out: Counted[] = [];
  for (const u of readUnits(ctx.db)) {
    const eliminated = u.status === 'eliminated';
    if (u.arm !== 'infantry' || (u.on_map !== 1 && !eliminated)) continue;
    const shattered = nightfall.status.get(u.id) === 'shattered';
    const ineffectiveCommand = nightfall.ineffective.get(u.command_id) === 1;
    const state = askRules(() => variableInitiativeState({ eliminated, inCombatPreviousDay: combat.has(u.id), commandIneffectiveAtNightfall: ineffectiveCommand, shatteredAtNightfall: shattered }));
    const arrivedTurn = arrival(u.command_id);
    // RI-O21: an eliminated unit counts minus its printed SP, even one that arrived in the night.
    const arrived = eliminated ? undefined : askRules(() => variableInitiativeArrival(day, arrivedTurn));
    const sp = eliminated ? u.sp : currentSp(u);
    const isSurrounded = surrounded.has(u.id);
    const why = isSurrounded
      ? 'surrounded by Enemy Zones of Control (stated by the players)'
      : arrived === 'night'
        ? `arrived during the Night Turns (${labels.get(arrivedTurn!)})`
        : arrived === 'first-day-turn'
          ? `arrived on the First Day Turn (${labels.get(arrivedTurn!)})`
          : state === 'eliminated'
            ? 'eliminated'
            : state === 'ineffective'
              ? [shattered ? 'Shattered at nightfall' : null, ineffectiveCommand ? `${commands.get(u.command_id)?.name ?? 'its command'} Ineffective at nightfall` : null].filter(Boolean).join('; ')
              : state === 'engaged'
                ? combat.get(u.id)!
                : 'not in combat the previous day';
    out.push({
      side: u.side,
      unit: { arm: 'infantry', sp, state, ...(arrived ? { arrived } : {}), ...(isSurrounded ? { surrounded: true } : {}) },
      view: { unitId: u.id, name: u.name, sp, state, arrived: arrived ?? null, surrounded: isSurrounded, why },
    });
  }
  return out;
}

/** What one unit adds to its side's level, or null when it shares the Ineffective units' roll. */
function unitValue(u: VariableInitiativeUnit): number | null {
  if (u.surrounded) return 0;
  if (u.arrived === 'night') return 2 * u.sp;
  if (u.arrived === 'first-day-turn') return u.sp;
  return { fresh: 2 * u.sp, engaged: u.sp, eliminated: -u.sp, ineffective: null }[u.state];
}

type IneffectiveRoll = InitiativeLevelSide['ineffectiveRoll'];

/** A group's level: with the divisor, or (a preview) with the Ineffective units' line still to roll for. */
function groupLevel(units: VariableInitiativeUnit[], roll: IneffectiveRoll): { level: Itemised; ineffectiveSp: number } {
  const sp = askRules(() => ineffectiveSp(units));
  // A preview leaves the Ineffective units out until their roll is made; with none to divide there is no roll (RI-O20).
  const pending = roll === null && sp > 0;
  const level = askRules(() => (pending ? variableInitiativeLevel(units.filter((u) => !(u.state === 'ineffective' && u.arrived === undefined && u.surrounded !== true)), 1) : variableInitiativeLevel(units, roll?.divisor ?? 1)));
  return { level, ineffectiveSp: sp };
}

/**
 * A side's level. With groups cut off (RI-O06, Separated Forces) each group, the main body first, has its own
 * level and roll, and the side's level is the highest group's; `rolls[0]` is the main body's (the side's) roll.
 */
function sideLevel(side: Side, counted: Counted[], rolls: IneffectiveRoll[], cutOff: readonly ReadonlySet<string>[] = []): InitiativeLevelSide {
  const mine = counted.filter((c) => c.side === side);
  const groupOf = (c: Counted) => 1 + cutOff.findIndex((g) => g.has(c.view.unitId));
  const members = [0, ...cutOff.map((_, i) => i + 1)].map((g) => mine.filter((c) => groupOf(c) === g));
  const groups = members.map((group, g) => ({ label: g === 0 ? 'Main body' : `Cut-off group ${g}`, unitIds: group.map((c) => c.view.unitId), ...groupLevel(group.map((c) => c.unit), rolls[g] ?? null), ineffectiveRoll: rolls[g] ?? null }));
  // The highest level counts; the main body keeps a tie (RI-O06).
  const chosen = groups.reduce((best, g, i) => (g.level.total > groups[best]!.level.total ? i : best), 0);
  const units = mine.map((c) => ({ ...c.view, value: unitValue(c.unit), ...(cutOff.length > 0 ? { group: groupOf(c) } : {}) }));
  const main = groups[0]!;
  if (cutOff.length === 0) return { side, level: main.level, units, ineffectiveSp: main.ineffectiveSp, ineffectiveRoll: main.ineffectiveRoll };
  const level = { ...groups[chosen]!.level, items: [...groups[chosen]!.level.items, { label: `Separated forces: the highest of ${groups.length} groups' levels (${groups[chosen]!.label})`, value: 0, rule: R.separatedForces }] };
  return { side, level, units, ineffectiveSp: main.ineffectiveSp, ineffectiveRoll: main.ineffectiveRoll, groups, chosenGroup: chosen };
}

/**
 * The groups the players name cut off from each side's main body (RI-O06), checked: each unit one of the
 * side's infantry counted at this dawn and on the map, named once. The field is named with its indexes.
 */
function cutOffGroups(counted: Counted[], separated: NonNullable<InitiativeLevelsInput>['separated']): Record<Side, Set<string>[]> {
  const out = { USA: [] as Set<string>[], CSA: [] as Set<string>[] };
  for (const side of SIDES) {
    const named = new Set<string>();
    (separated?.[side] ?? []).forEach((ids, g) => {
      const group = new Set<string>();
      ids.forEach((id, i) => {
        const field = `separated.${side}[${g}][${i}]`;
        const c = counted.find((x) => x.view.unitId === id);
        if (!c || c.side !== side) throw invalid(field, `${id} is not one of ${side}'s infantry units counted at this dawn: only infantry counts in the Initiative Level`, R.levels);
        if (c.view.state === 'eliminated') throw invalid(field, `${c.view.name} is eliminated: it counts with the main body, not with a group on the map`, R.separatedForces);
        if (named.has(id)) throw invalid(field, `${c.view.name} is named in two groups: a unit is in one group`, R.separatedForces);
        named.add(id);
        group.add(id);
      });
      out[side].push(group);
    });
  }
  return out;
}

/** The units the players state surrounded, each one checked to be in the game (the field named with its index). */
function surroundedUnits(ctx: GameContext, ids: readonly string[] = []): Set<string> {
  const units = new Set(readUnits(ctx.db).map((u) => u.id));
  ids.forEach((id, i) => {
    if (!units.has(id)) throw notFound(`surrounded[${i}]`, `no unit ${id} in this game`);
  });
  return new Set(ids);
}

// ---------------------------------------------------------------------------------------------
// The service's functions

function initiativeLevels(ctx: GameContext, input: InitiativeLevelsInput = {}): InitiativeLevelsReport {
  const clock = readClock(ctx.db);
  const on = variableInitiativeOn(ctx.db);
  const now = initiativeDecision(ctx, clock.turn_id);
  const due = now?.decidedBy === 'levels-due';
  const counted = due ? countedUnits(ctx, clock.turn_id, surroundedUnits(ctx, input.surrounded)) : [];
  // The players' statements shape the preview; with no levels due there is none, and nothing to check them against.
  const cutOff = due ? cutOffGroups(counted, input.separated) : { USA: [], CSA: [] };
  return {
    on,
    turnId: clock.turn_id,
    now,
    waitingFor: due ? arrivalRollsDue(ctx).map((name) => ({ text: `roll for the arrival of ${name}: units arriving on the First Day Turn count once`, rule: REINFORCEMENTS_RULE })) : [],
    preview: due ? { USA: sideLevel('USA', counted, [], cutOff.USA), CSA: sideLevel('CSA', counted, [], cutOff.CSA) } : null,
    records: on ? levelRecords(ctx.db) : [],
  };
}

function determineInitiativeLevels(ctx: GameContext, input: DetermineInitiativeLevelsInput = {}): DetermineInitiativeLevelsResult {
  return write<Omit<DetermineInitiativeLevelsResult, 'event' | 'dice'>>(ctx, 'initiative.levels', input, (cs) => {
    if (!variableInitiativeOn(ctx.db)) throw forbidden('rolls', 'Variable Initiative is not one of this game\'s optional rules: the Initiative is rolled (Rev. Initiative Segment)', R.variableInitiative);
    const clock = readClock(ctx.db);
    const turns = readTurns(ctx.db);
    const turn = turns.find((t) => t.id === clock.turn_id)!;
    if (!isFirstDayTurn(turns, turn.id)) throw forbidden('rolls', `the Initiative Levels are determined on the first Day-Turn after a Night Turn (0400), not at ${turnLabel(turn)}`, R.variableInitiative);
    if (clock.segment !== INITIATIVE_SEGMENT || clock.phase !== 'A') throw forbidden('rolls', `the Initiative Levels are determined in the Initiative Phase (II.A); the game is at ${clock.segment}.${clock.phase}`, R.variableInitiative);
    if (levelRecords(ctx.db).some((r) => r.turnId === turn.id)) throw forbidden('rolls', `the Initiative Levels of ${turnLabel(turn)} are already determined`, R.variableInitiative);
    const due = arrivalRollsDue(ctx);
    // RI-O22: the First Day Turn's arrivals count once, so their rolls come first.
    if (due.length > 0) throw forbidden('rolls', `first roll for the arrival of ${due.join(', ')}: units arriving on the First Day Turn count once in the Initiative Level`, REINFORCEMENTS_RULE);
    const counted = countedUnits(ctx, turn.id, surroundedUnits(ctx, input.surrounded));
    const cutOff = cutOffGroups(counted, input.separated);
    const dice: Omit<NewDiceRow, 'eventSeq'>[] = [];
    const sides = {} as Record<Side, InitiativeLevelSide>;
    for (const side of SIDES) {
      const typed = input.rolls?.[side] as Parameters<typeof die>[1];
      const mine = counted.filter((c) => c.side === side);
      const groups = [mine.filter((c) => !cutOff[side].some((g) => g.has(c.view.unitId))), ...cutOff[side].map((g) => mine.filter((c) => g.has(c.view.unitId)))];
      // One roll per group that has Ineffective units (RI-O06, RI-O20): the main body's may be typed, a cut-off group's the app rolls.
      const rolls = groups.map((group, g): IneffectiveRoll => {
        const sp = askRules(() => ineffectiveSp(group.map((c) => c.unit)));
        if (sp === 0) {
          if (g === 0 && typed !== undefined) throw invalid(`rolls.${side}`, `${side} has no Ineffective infantry${cutOff[side].length ? ' in its main body' : ''}: there is nothing to divide, so no roll (RI-O20)`, R.levels);
          return null;
        }
        const r = die(ctx, g === 0 ? typed : undefined);
        const divisor = askRules(() => ineffectiveDivisor(r.roll));
        const whose = g === 0 ? (cutOff[side].length ? ', main body' : '') : `, cut-off group ${g}`;
        dice.push({ purpose: `Initiative Level: ${side} Ineffective infantry${whose}`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: divisor, target: null, outcome: `${sp} SP ÷ ${divisor} = ${Math.floor(sp / divisor)}` });
        return { roll: r.roll, source: r.source, divisor };
      });
      sides[side] = sideLevel(side, counted, rolls, cutOff[side]);
    }
    const t = readTurnState(ctx.db);
    // RI-O05: the side that held the Initiative on the turn before (the +1 modifier's holder at a new turn, RI-S11).
    const previousHolder = t.initiative_modifier;
    const tie = sides.USA.level.total === sides.CSA.level.total;
    if (tie && previousHolder === null) throw forbidden('rolls', 'the Initiative Levels are tied and no side held the Initiative on the turn before: nobody can retain it', R.ties);
    const winner = askRules(() => variableInitiativeWinner(sides.USA.level.total, sides.CSA.level.total, previousHolder ?? 'USA'));
    const record: InitiativeLevelsRecord = { turnId: turn.id, label: turnLabel(turn), USA: sides.USA, CSA: sides.CSA, winner, previousHolder, tie };
    cs.set('turns', turn.id, 'initiative_levels', null, JSON.stringify(record));
    takeInitiative(cs, t, winner);
    const why = tie ? `tied at ${sides.USA.level.total}: ${winner} held the Initiative before and retains it` : `${winner} has the higher level`;
    return {
      summary: `Initiative Levels at ${record.label}: USA ${sides.USA.level.total}, CSA ${sides.CSA.level.total}; ${why} and holds the Initiative until the next night (Variable Initiative)`,
      dice,
      result: { record },
    };
  });
}

/** The side holds this turn's Initiative without a roll: as a won roll leaves the turn state, the step's entries done. */
function takeInitiative(cs: ChangeSet, t: ReturnType<typeof readTurnState>, side: Side): void {
  cs.set('turn_state', 1, 'initiative', cs.valueOf('turn_state', 1, 'initiative', t.initiative), side)
    .set('turn_state', 1, 'side_to_act', cs.valueOf('turn_state', 1, 'side_to_act', t.side_to_act), side)
    .set('turn_state', 1, 'passes_in_row', cs.valueOf('turn_state', 1, 'passes_in_row', t.passes_in_row), 0)
    .set('turn_state', 1, 'entries_done', cs.valueOf('turn_state', 1, 'entries_done', t.entries_done), BOTH_DONE);
}

/**
 * RI-O01, on the clock: entering the Initiative Phase of a day turn after a First Day-Turn, the side that
 * won the levels holds the Initiative, with no roll and no declarations. Returns what it did, for Next.
 */
export function holdInitiativeByLevel(ctx: GameContext, cs: ChangeSet, turnId: string): string[] {
  const now = initiativeDecision(ctx, turnId);
  if (now?.decidedBy !== 'initiative-level' || now.holder === null) return [];
  takeInitiative(cs, readTurnState(ctx.db), now.holder);
  return [`${now.holder} holds the Initiative by its Initiative Level (Variable Initiative)`];
}

/** The Initiative Phase of a First Day-Turn is left only once its levels are determined (RI-O01). */
export function requireLevelsDetermined(ctx: GameContext, field: string): void {
  const clock = readClock(ctx.db);
  if (clock.segment !== INITIATIVE_SEGMENT || clock.phase !== 'A') return;
  if (initiativeDecision(ctx, clock.turn_id)?.decidedBy === 'levels-due') {
    throw forbidden(field, 'determine the Initiative Levels first: at the First Day-Turn after a night they decide the Initiative for the day (determineInitiativeLevels)', R.variableInitiative);
  }
}

/** The Initiative is not rolled (nor declared for) when the levels decide it (RI-O01). */
export function refuseRollWhenLevelsDecide(ctx: GameContext, field: string): void {
  const now = initiativeDecision(ctx, readClock(ctx.db).turn_id);
  if (now?.decidedBy === 'levels-due') throw forbidden(field, 'at the First Day-Turn after a night the Initiative Levels decide the Initiative: determine them (determineInitiativeLevels) instead of rolling', R.variableInitiative);
  if (now?.decidedBy === 'initiative-level') throw forbidden(field, `${now.text}: there is no roll for it`, R.variableInitiative);
}

/** The Initiative Phase's obligation under the option (RI-O01): a First Day-Turn's levels, after this turn's rolls for entry (RI-O22). */
function levelsObligations(ctx: GameContext): ReturnType<typeof arrivalObligations> {
  const clock = readClock(ctx.db);
  if (clock.segment !== INITIATIVE_SEGMENT || clock.phase !== 'A' || readTurnState(ctx.db).initiative !== null) return [];
  const decision = initiativeDecision(ctx, clock.turn_id);
  if (decision?.decidedBy !== 'levels-due') return [];
  // RI-O22: the levels count the units arriving this turn, so this turn's rolls for entry come first.
  return [obligationItem({ id: 'initiative-levels', kind: 'chore', text: 'determine the Initiative Levels (Variable Initiative)', rule: decision.rule, where: 'Turn screen: Initiative Levels' }), ...arrivalObligations(ctx)];
}

/** The turn guide's Initiative Phase when the levels decide it. */
function guide(ctx: GameContext, clock: ClockState): ClockState {
  if (!variableInitiativeOn(ctx.db) || `${clock.segment}.${clock.phase}` !== 'II.A') return clock;
  const decision = initiativeDecision(ctx, clock.turnId);
  if (!decision || decision.decidedBy === 'initiative-roll') return clock;
  const whatHappens =
    decision.decidedBy === 'levels-due'
      ? `Variable Initiative (optional rule): ${decision.text}. Make this turn's arrival rolls, then each side's Initiative Level is computed from the previous day and the higher level takes the Initiative; there is no Initiative roll and no army commander's points are added.`
      : `Variable Initiative (optional rule): ${decision.text}. There is no Initiative roll this turn.`;
  return { ...clock, whatHappens, rules: clock.rules.includes(decision.rule) ? clock.rules : [...clock.rules, decision.rule] };
}

registerRuleModule({
  id: 'variable-initiative',
  name: 'Variable Initiative (optional rule)',
  kind: 'optional-rule',
  active: variableInitiativeOn,
  refuseInitiativeRoll: refuseRollWhenLevelsDecide,
  replacesInitiativeRoll: (ctx) => initiativeDecision(ctx, readClock(ctx.db).turn_id)?.decidedBy === 'levels-due',
  obligations: levelsObligations,
  // On a day turn after a First Day-Turn the levels' winner holds the Initiative as the clock enters II.A (RI-O01).
  afterClockMove: (ctx, cs, move) => (move.segment === INITIATIVE_SEGMENT && move.phase === 'A' ? holdInitiativeByLevel(ctx, cs, move.turnId) : []),
  guide,
});

export const variableInitiativeFunctions = { initiativeLevels, determineInitiativeLevels } satisfies Partial<ServiceFunctions>;
