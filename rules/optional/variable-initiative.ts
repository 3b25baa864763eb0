/**
 * Optional rule: Variable Initiative, from the Blue & Gray Folio article "Variable Initiative"
 * (shared/rules/related/variable-initiative-blue-gray-folio.txt), fitted to 3 Days of Gettysburg.
 *
 * On the first Day-Turn after a Night Turn each side's Initiative Level (I.L.) is summed from its
 * infantry; the higher level holds the Initiative for the day (RI-O01), a tie staying with the side
 * that held it before (RI-O05). Also the article's Simultaneous Night Movement: a plot pad per side,
 * six Time Segments of one Movement Point each (RI-O07).
 * Pure functions over plain data; die rolls are passed in as numbers.
 */
import { assertBoolean, assertDieRoll, assertNonNegativeInteger, assertOneOf, assertPositiveInteger, RulesArgumentError } from '../errors';
import { itemisedNonZero } from '../itemise';
import { ARMS, LIGHTS, SIDES } from '../types';
import type { Arm, DrmItem, Itemised, Light, Side } from '../types';

/** Citations of the article, by its own headings. */
export const VARIABLE_INITIATIVE_RULES = {
  variableInitiative: 'Variable Initiative (B&G Folio), Variable Initiative',
  levels: 'Variable Initiative (B&G Folio), Initiative Levels',
  reinforcements: 'Variable Initiative (B&G Folio), Reinforcements',
  separatedForces: 'Variable Initiative (B&G Folio), Separated Forces',
  ties: 'Variable Initiative (B&G Folio), Ties',
  nightMovement: 'Variable Initiative (B&G Folio), Simultaneous Night Movement',
  collisions: 'Variable Initiative (B&G Folio), Collisions',
  restrictions: 'Variable Initiative (B&G Folio), Restrictions',
} as const;
const R = VARIABLE_INITIATIVE_RULES;

// ---------------------------------------------------------------------------------------------
// The Initiative Level
// ---------------------------------------------------------------------------------------------

/**
 * A unit's standing for the Initiative Level: 'fresh' had not participated in combat the previous day,
 * 'engaged' had and kept its Attack Effectiveness, 'ineffective' had lost it (RI-O03), 'eliminated'.
 */
export const VARIABLE_INITIATIVE_STATES = ['fresh', 'engaged', 'ineffective', 'eliminated'] as const;
export type VariableInitiativeState = (typeof VARIABLE_INITIATIVE_STATES)[number];

/** When a reinforcement arrived: during the Night Turns, or on the First Day Turn after them (RI-O04). */
export const VARIABLE_INITIATIVE_ARRIVALS = ['night', 'first-day-turn'] as const;
export type VariableInitiativeArrival = (typeof VARIABLE_INITIATIVE_ARRIVALS)[number];

/** One unit as the Initiative Level sees it. `sp` is its printed Combat Strength in SPs. */
export interface VariableInitiativeUnit {
  arm: Arm;
  sp: number;
  state: VariableInitiativeState;
  arrived?: VariableInitiativeArrival;
  /** Surrounded by Enemy Zones of Control (the players state it): the unit counts nothing. */
  surrounded?: boolean;
}

function assertUnits(argument: string, units: unknown): asserts units is VariableInitiativeUnit[] {
  if (!Array.isArray(units)) {
    throw new RulesArgumentError(argument, 'must be a list of units { arm, sp, state, arrived?, surrounded? }');
  }
  units.forEach((unit: VariableInitiativeUnit, index) => {
    const at = `${argument}[${index}]`;
    if (typeof unit !== 'object' || unit === null) throw new RulesArgumentError(at, 'must be a unit { arm, sp, state, arrived?, surrounded? }');
    assertOneOf(`${at}.arm`, unit.arm, ARMS);
    assertNonNegativeInteger(`${at}.sp`, unit.sp);
    assertOneOf(`${at}.state`, unit.state, VARIABLE_INITIATIVE_STATES);
    if (unit.arrived !== undefined) assertOneOf(`${at}.arrived`, unit.arrived, VARIABLE_INITIATIVE_ARRIVALS);
    if (unit.surrounded !== undefined) assertBoolean(`${at}.surrounded`, unit.surrounded);
  });
}

/**
 * The divisor for the Ineffective units read off the game's ten-sided die: "roll the die and divide by
 * the result". RI-O02: a 0 is read as 10, so the divisor runs 1-10.
 */
export function ineffectiveDivisor(roll: number): number {
  assertDieRoll('roll', roll);
  return roll === 0 ? 10 : roll;
}

interface Tally {
  units: number;
  sp: number;
}

const noun = (n: number) => (n === 1 ? 'unit' : 'units');

/**
 * A side's Initiative Level, itemised (Variable Initiative, Initiative Levels and Reinforcements):
 * only infantry counts; a unit not in combat the previous day twice its SP, one in combat that kept
 * its Attack Effectiveness once, an eliminated unit minus its SP; the SPs of all Ineffective units
 * together divided by `ineffectiveRoll`, fractions dropped; a unit that arrived during the Night Turns
 * twice its SP and on the First Day Turn once, whatever its state; a unit surrounded by Enemy Zones of
 * Control nothing. `ineffectiveRoll` is the divisor, a whole number of 1 or more (a d10's 0 is 10:
 * ineffectiveDivisor, RI-O02). Zero-valued lines are left out.
 */
export function variableInitiativeLevel(units: VariableInitiativeUnit[], ineffectiveRoll: number): Itemised {
  assertUnits('units', units);
  assertPositiveInteger('ineffectiveRoll', ineffectiveRoll);
  const tally = (): Tally => ({ units: 0, sp: 0 });
  const fresh = tally();
  const engaged = tally();
  const eliminated = tally();
  const ineffective = tally();
  const night = tally();
  const firstDayTurn = tally();
  const add = (t: Tally, sp: number) => {
    t.units += 1;
    t.sp += sp;
  };
  for (const unit of units) {
    if (unit.arm !== 'infantry') continue; // "Cavalry and Artillery are considered to have an I.L. of zero."
    if (unit.surrounded === true) continue; // "except those which are ... surrounded by Enemy Zones of Control"
    if (unit.arrived === 'night') add(night, unit.sp);
    else if (unit.arrived === 'first-day-turn') add(firstDayTurn, unit.sp);
    else if (unit.state === 'fresh') add(fresh, unit.sp);
    else if (unit.state === 'engaged') add(engaged, unit.sp);
    else if (unit.state === 'eliminated') add(eliminated, unit.sp);
    else add(ineffective, unit.sp);
  }
  const items: DrmItem[] = [
    { label: `Infantry not in combat the previous day (${fresh.units} ${noun(fresh.units)}): 2 × ${fresh.sp} SP`, value: 2 * fresh.sp, rule: R.levels },
    { label: `Infantry in combat that kept its Attack Effectiveness (${engaged.units} ${noun(engaged.units)}): 1 × ${engaged.sp} SP`, value: engaged.sp, rule: R.levels },
    {
      label: `Ineffective infantry (${ineffective.units} ${noun(ineffective.units)}): ${ineffective.sp} SP ÷ ${ineffectiveRoll}, fractions dropped`,
      value: Math.floor(ineffective.sp / ineffectiveRoll),
      rule: R.levels,
    },
    { label: `Eliminated infantry (${eliminated.units} ${noun(eliminated.units)}): minus ${eliminated.sp} SP`, value: -eliminated.sp, rule: R.levels },
    { label: `Infantry arrived during the Night Turns (${night.units} ${noun(night.units)}): 2 × ${night.sp} SP`, value: 2 * night.sp, rule: R.reinforcements },
    {
      label: `Infantry arrived on the First Day Turn (${firstDayTurn.units} ${noun(firstDayTurn.units)}): 1 × ${firstDayTurn.sp} SP`,
      value: firstDayTurn.sp,
      rule: R.reinforcements,
    },
  ];
  // Math.floor of 0 / n is 0, never -0, since SPs are not negative.
  return itemisedNonZero(items);
}

function assertLevel(argument: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RulesArgumentError(argument, `must be an Initiative Level, a number (got ${String(value)})`);
  }
}

/**
 * Who holds the Initiative: the side with the higher Initiative Level; "In case both sides have the same
 * Initiative Level, the Player who previously held the Initiative retains it" (RI-O05).
 */
export function variableInitiativeWinner(usaLevel: number, csaLevel: number, previousHolder: Side): Side {
  assertLevel('usaLevel', usaLevel);
  assertLevel('csaLevel', csaLevel);
  assertOneOf('previousHolder', previousHolder, SIDES);
  if (usaLevel > csaLevel) return 'USA';
  if (csaLevel > usaLevel) return 'CSA';
  return previousHolder;
}

// ---------------------------------------------------------------------------------------------
// Which units are which (3DoG facts to the article's classes)
// ---------------------------------------------------------------------------------------------

/** What the game knows of a unit at the First Day Turn after a night. */
export interface VariableInitiativeFacts {
  eliminated: boolean;
  /** Fired, was fired on, shock attacked or was shocked, or took losses during the previous day (RI-O04). */
  inCombatPreviousDay: boolean;
  /** Its command was Ineffective at nightfall (Rev. Ineffective Commands and Shattered ("Collapsed") Units). */
  commandIneffectiveAtNightfall: boolean;
  /** The unit was Shattered at nightfall. */
  shatteredAtNightfall: boolean;
}

/**
 * The article's class for a 3DoG unit (RI-O03): eliminated; else Ineffective when its command was
 * Ineffective or the unit Shattered at nightfall ("had lost Attack Effectiveness": it may not be issued
 * the ME Orders, Assault among them); else engaged when it was in combat the previous day; else fresh.
 */
export function variableInitiativeState(facts: VariableInitiativeFacts): VariableInitiativeState {
  if (typeof facts !== 'object' || facts === null) {
    throw new RulesArgumentError('facts', 'must be { eliminated, inCombatPreviousDay, commandIneffectiveAtNightfall, shatteredAtNightfall }');
  }
  assertBoolean('facts.eliminated', facts.eliminated);
  assertBoolean('facts.inCombatPreviousDay', facts.inCombatPreviousDay);
  assertBoolean('facts.commandIneffectiveAtNightfall', facts.commandIneffectiveAtNightfall);
  assertBoolean('facts.shatteredAtNightfall', facts.shatteredAtNightfall);
  if (facts.eliminated) return 'eliminated';
  if (facts.commandIneffectiveAtNightfall || facts.shatteredAtNightfall) return 'ineffective';
  return facts.inCombatPreviousDay ? 'engaged' : 'fresh';
}

/**
 * Is this the First Day-Turn after a Night Turn, when the Initiative Levels are determined? The first
 * turn that is not a night turn after one that is: 0400 dawn on 2 and 3 July on the full battle's track
 * (RI-O04).
 */
export function isFirstDayTurnAfterNight(previousLight: Light | null, light: Light): boolean {
  if (previousLight !== null) assertOneOf('previousLight', previousLight, LIGHTS);
  assertOneOf('light', light, LIGHTS);
  return previousLight === 'night' && light !== 'night';
}

/** How a turn's Initiative is decided when Variable Initiative is on (RI-O01). */
export type VariableInitiativeTurn =
  | { decidedBy: 'initiative-level'; holder: Side; initiativeRoll: false; rule: string }
  | { decidedBy: 'initiative-roll'; reason: string; rule: string };

/**
 * RI-O01: "The Player with the higher Initiative Level moves first on that and all subsequent
 * Game-Turns, until the next Night Turn." In 3DoG moving first is holding the Initiative, so on every
 * turn from the First Day-Turn after a night until the next night turn the side that won the Initiative
 * Levels holds the Initiative with no initiative roll (nor army commander's points spent on one). Night
 * turns, and the day turns before any night has been played, roll for initiative as the revision says.
 * `dayHolder` is the winner of the levels computed at the latest First Day-Turn, null when none has been.
 */
export function variableInitiativeForTurn(i: { light: Light; dayHolder: Side | null }): VariableInitiativeTurn {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { light, dayHolder }');
  assertOneOf('light', i.light, LIGHTS);
  if (i.dayHolder !== null) assertOneOf('dayHolder', i.dayHolder, SIDES);
  if (i.light === 'night') {
    return { decidedBy: 'initiative-roll', reason: 'Night turn: the Initiative is rolled as the revision says', rule: 'Rev. Initiative Segment' };
  }
  if (i.dayHolder === null) {
    return { decidedBy: 'initiative-roll', reason: 'No night has been played yet: the Initiative is rolled as the revision says', rule: 'Rev. Initiative Segment' };
  }
  return { decidedBy: 'initiative-level', holder: i.dayHolder, initiativeRoll: false, rule: R.variableInitiative };
}

// ---------------------------------------------------------------------------------------------
// Simultaneous Night Movement: the plot pad
// ---------------------------------------------------------------------------------------------

/** "Each Night Turn is divided into six Time Segments, during which every unit expends one and only one Movement Point." */
export const NIGHT_TIME_SEGMENTS = 6;

/**
 * One Time Segment of a unit's plot: it holds its position, or expends its Movement Point moving into
 * `hex`. RI-O07: a run of consecutive moves into the same hex is one move costing that many MPs; the unit
 * is in the new hex at the end of the run.
 */
export type NightPlotStep = { kind: 'hold' } | { kind: 'move'; hex: string };

/** One unit's written plot: where it starts and its six Time Segments. */
export interface NightUnitPlot {
  unitId: string;
  fromHex: string;
  steps: NightPlotStep[];
}

/** A side's secret plot pad for one Night Turn. */
export interface NightPlotPad {
  side: Side;
  turnId: string;
  plots: NightUnitPlot[];
}

/** A unit of the side as the plot's validation needs it (the players state the ZOC facts). */
export interface NightPlotUnit {
  id: string;
  side: Side;
  /** In an Enemy Zone of Control, or its ZOC overlaps one: it may not move. */
  inOrOverlappingEnemyZoc: boolean;
}

export interface NightPlotProblem {
  unitId: string;
  /** 1-6, when the problem is in one Time Segment. */
  segment?: number;
  reason: string;
  rule: string;
}

function assertHex(argument: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw new RulesArgumentError(argument, `must be a hex, a non-empty string such as 1234 (got ${String(value)})`);
  }
}

function assertPlot(argument: string, plot: NightUnitPlot): void {
  if (typeof plot !== 'object' || plot === null) throw new RulesArgumentError(argument, 'must be a plot { unitId, fromHex, steps }');
  if (typeof plot.unitId !== 'string' || plot.unitId.length === 0) throw new RulesArgumentError(`${argument}.unitId`, 'must be a non-empty id string');
  assertHex(`${argument}.fromHex`, plot.fromHex);
  if (!Array.isArray(plot.steps)) throw new RulesArgumentError(`${argument}.steps`, 'must be a list of Time Segments { kind: "hold" } or { kind: "move", hex }');
  plot.steps.forEach((step, index) => {
    const at = `${argument}.steps[${index}]`;
    if (typeof step !== 'object' || step === null) throw new RulesArgumentError(at, 'must be { kind: "hold" } or { kind: "move", hex }');
    assertOneOf(`${at}.kind`, step.kind, ['hold', 'move'] as const);
    if (step.kind === 'move') assertHex(`${at}.hex`, step.hex);
  });
}

/** The moves of a plot: runs of consecutive moves into the same hex (RI-O07), with their segments (1-6). */
function moveRuns(plot: NightUnitPlot): { hex: string; from: string; firstSegment: number; mp: number }[] {
  const runs: { hex: string; from: string; firstSegment: number; mp: number }[] = [];
  let at = plot.fromHex;
  let open: { hex: string; from: string; firstSegment: number; mp: number } | null = null;
  plot.steps.forEach((step, index) => {
    if (step.kind === 'move' && open !== null && open.hex === step.hex) {
      open.mp += 1;
      return;
    }
    if (open !== null) {
      at = open.hex;
      open = null;
    }
    if (step.kind === 'move') {
      open = { hex: step.hex, from: at, firstSegment: index + 1, mp: 1 };
      runs.push(open);
    }
  });
  return runs;
}

/**
 * Where the unit is at the end of each of the six Time Segments (index 0 = segment 1), for revealing the
 * plots together and executing them segment by segment. A move costing several MPs enters its hex at the
 * end of its last segment (RI-O07).
 */
export function nightPlotPositions(plot: NightUnitPlot): string[] {
  assertPlot('plot', plot);
  const positions: string[] = [];
  let at = plot.fromHex;
  plot.steps.forEach((step, index) => {
    const next = plot.steps[index + 1];
    const runContinues = step.kind === 'move' && next !== undefined && next.kind === 'move' && next.hex === step.hex;
    if (step.kind === 'move' && !runContinues) at = step.hex;
    positions.push(at);
  });
  return positions;
}

/**
 * What is wrong with a side's plot pad (none = it may be revealed): every unit plotted once and of the
 * plotting side, exactly six Time Segments each, a move goes from one hex to another, units in or whose
 * ZOC overlaps an Enemy ZOC hold all six segments (Restrictions), and, where the players state a hex's
 * MP cost in `mpCosts`, the run of moves into it expends exactly that many MPs (RI-O07).
 */
export function nightPlotProblems(pad: NightPlotPad, units: NightPlotUnit[], mpCosts: Readonly<Record<string, number>> = {}): NightPlotProblem[] {
  if (typeof pad !== 'object' || pad === null) throw new RulesArgumentError('pad', 'must be a plot pad { side, turnId, plots }');
  assertOneOf('pad.side', pad.side, SIDES);
  if (typeof pad.turnId !== 'string' || pad.turnId.length === 0) throw new RulesArgumentError('pad.turnId', 'must be a non-empty turn id');
  if (!Array.isArray(pad.plots)) throw new RulesArgumentError('pad.plots', 'must be a list of unit plots');
  pad.plots.forEach((plot, index) => assertPlot(`pad.plots[${index}]`, plot));
  if (!Array.isArray(units)) throw new RulesArgumentError('units', 'must be a list of units { id, side, inOrOverlappingEnemyZoc }');
  const byId = new Map<string, NightPlotUnit>();
  units.forEach((unit, index) => {
    if (typeof unit?.id !== 'string' || unit.id.length === 0) throw new RulesArgumentError(`units[${index}].id`, 'must be a non-empty id string');
    assertOneOf(`units[${index}].side`, unit.side, SIDES);
    assertBoolean(`units[${index}].inOrOverlappingEnemyZoc`, unit.inOrOverlappingEnemyZoc);
    byId.set(unit.id, unit);
  });
  if (typeof mpCosts !== 'object' || mpCosts === null) throw new RulesArgumentError('mpCosts', 'must map hexes to their MP cost');
  for (const [hex, cost] of Object.entries(mpCosts)) assertPositiveInteger(`mpCosts.${hex}`, cost);

  const problems: NightPlotProblem[] = [];
  const seen = new Set<string>();
  for (const plot of pad.plots) {
    const unit = byId.get(plot.unitId);
    if (seen.has(plot.unitId)) {
      problems.push({ unitId: plot.unitId, reason: 'The unit is plotted more than once', rule: R.nightMovement });
      continue;
    }
    seen.add(plot.unitId);
    if (unit === undefined) {
      problems.push({ unitId: plot.unitId, reason: 'No such unit on the map', rule: R.nightMovement });
      continue;
    }
    if (unit.side !== pad.side) {
      problems.push({ unitId: plot.unitId, reason: `The unit is ${unit.side}'s: each player plots his own units`, rule: R.nightMovement });
      continue;
    }
    if (plot.steps.length !== NIGHT_TIME_SEGMENTS) {
      problems.push({
        unitId: plot.unitId,
        reason: `A plot has six Time Segments, each one Movement Point moving or holding (this one has ${plot.steps.length})`,
        rule: R.nightMovement,
      });
    }
    const runs = moveRuns(plot);
    if (unit.inOrOverlappingEnemyZoc && runs.length > 0) {
      problems.push({
        unitId: plot.unitId,
        segment: runs[0]?.firstSegment,
        reason: 'Units in Enemy Zones of Control, or whose ZOC overlap Enemy Zones of Control, may not move',
        rule: R.restrictions,
      });
    }
    for (const run of runs) {
      if (run.hex === run.from) {
        problems.push({ unitId: plot.unitId, segment: run.firstSegment, reason: `A move goes from one hex to another: the unit is already in ${run.hex}`, rule: R.nightMovement });
        continue;
      }
      const cost = mpCosts[run.hex];
      if (cost !== undefined && run.mp !== cost) {
        problems.push({
          unitId: plot.unitId,
          segment: run.firstSegment,
          reason: `Entering ${run.hex} costs ${cost} MP: plot ${cost} consecutive Time Segments moving into it (plotted ${run.mp})`,
          rule: R.nightMovement,
        });
      }
    }
  }
  return problems;
}
