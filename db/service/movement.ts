/**
 * Movement (Rev. Double Time, Rev. Rain, Rev. Mud, the Orders Table) and fatigue: the movement helper (a
 * unit's or command's allowance this activation, itemised), Double Time's +2 fatigue levels, and fatigue
 * recovery: brigades designated in II.B recover one level in IV.B (RI-B07).
 */
import { fatigueAfterRecovery, mayDesignateFatigueRecovery, unitRecoversFatigue } from '../../rules/fatigue';
import { doubleTimeFatigue, doubleTimeIneligibility, unitMovement, type UnitMovementInput } from '../../rules/movement';
import { weatherEffects } from '../../rules/weather';
import { houseReadingSource } from '../../rules/house-readings';
import { readHouseReadings } from '../reading-choices';
import { INITIATIVE_SEGMENT } from '../clock';
import { forbidden, invalid } from '../errors';
import type { ChangeSet } from '../events';
import type { ChangeResult, DoubleTimeInput, FatigueRecoveryInput, MovementQuery, MovementReport, UnitMovementRow } from '../../contract';
import { readClock, readCommands, readGame, readUnits, type UnitRow } from '../store';
import { askRules } from '../validate';
import { effectiveUnitOrder, standingOrders, subtree } from './chain';
import { check, commandArm, yes } from './common';
import { write, type GameContext, type ServiceFunctions } from './context';
import { onMapCommand, onMapUnit, requireSegment, requireStep } from './lookups';
import { weatherOf } from './combat-units';

const DOUBLE_TIME_RULE = 'Rev. Double Time';
const FATIGUE_RULE = 'Rev. Sequence of Play (Fatigue & Straggler Recovery)';

/** The units a movement request names: one unit, or every unit of a command on the map and not eliminated. */
function movingUnits(ctx: GameContext, input: { commandId?: string; unitId?: string }): { units: UnitRow[]; field: 'commandId' | 'unitId' } {
  if ((input.commandId === undefined) === (input.unitId === undefined)) throw invalid('commandId', 'name either a command or a single unit, not both');
  if (input.unitId !== undefined) return { units: [onMapUnit(ctx, 'unitId', input.unitId)], field: 'unitId' };
  const c = onMapCommand(ctx, 'commandId', input.commandId);
  const within = subtree(c.id, readCommands(ctx.db));
  return { units: readUnits(ctx.db).filter((u) => within.has(u.command_id) && u.on_map === 1 && u.status !== 'eliminated'), field: 'commandId' };
}

function movementAllowance(ctx: GameContext, input: MovementQuery): MovementReport {
  const { units, field } = movingUnits(ctx, input);
  const game = readGame(ctx.db);
  const weather = weatherOf(game);
  const orders = standingOrders(ctx);
  const turnId = readClock(ctx.db).turn_id;
  const readings = movementReadings(ctx);
  const rows: UnitMovementRow[] = units.map((u) => {
    const order = effectiveUnitOrder(u, orders).order;
    const asked: UnitMovementInput = {
      arm: u.arm,
      mounted: u.mounted === 1,
      horseArtillery: u.horse_artillery === 1,
      order,
      strategicMovement: input.strategicMovement ?? u.strategic_movement === 1,
      doubleTime: input.doubleTime ?? false,
      pikesExclusively: input.pikesExclusively ?? false,
      weather,
      fatigue: u.fatigue,
      readings,
      ...(input.baseMa !== undefined ? { baseMa: input.baseMa } : {}),
    };
    // A command's units are shown whatever each may do: what one unit may not do is listed as refused, not thrown.
    const m = field === 'unitId' ? askRules(() => unitMovement(asked)) : bestEffort(asked);
    return {
      unitId: u.id,
      name: u.name,
      arm: u.arm,
      order,
      fatigue: u.fatigue,
      ma: m.ma,
      oneHexOnly: m.oneHexOnly,
      restrictions: m.restrictions,
      strategicMovement: m.strategicMovement,
      doubleTime: m.doubleTime,
      fatigueAfter: m.fatigueAfter,
      doubleTimedThisTurn: u.double_time_turn_id === turnId,
    };
  });
  return { units: rows, weather: weatherEffects(weather) };
}

/** The game's house readings of Double Time (RI-B06) and of its +3 in rain (RI-F21). */
function movementReadings(ctx: GameContext): NonNullable<UnitMovementInput['readings']> {
  const r = readHouseReadings(ctx.db);
  return { doubleTimePastTop: r.doubleTimePastTop, rainDoubleTime: r.rainDoubleTime };
}

/** The unit's movement with what it may not do dropped (and listed as refused). */
function bestEffort(asked: UnitMovementInput): ReturnType<typeof unitMovement> {
  try {
    return unitMovement(asked);
  } catch {
    const withoutDt = { ...asked, doubleTime: false };
    try {
      return unitMovement(withoutDt);
    } catch {
      return unitMovement({ ...withoutDt, strategicMovement: false });
    }
  }
}

/**
 * Double Time for an infantry brigade (or one of its units) on Strategic Movement during its activation:
 * "Fatigue is then increased by 2 levels" (RI-B06: once a turn, never past the top level).
 */
function doubleTime(ctx: GameContext, input: DoubleTimeInput): ChangeResult {
  return write(ctx, 'movement.double-time', input, (cs) => {
    const { units, field } = movingUnits(ctx, input);
    requireSegment(ctx, field, 'III', DOUBLE_TIME_RULE);
    if (units.length === 0) throw forbidden(field, 'no unit of this command is on the map', DOUBLE_TIME_RULE);
    const turnId = readClock(ctx.db).turn_id;
    const orders = standingOrders(ctx);
    const refused: string[] = [];
    const readings = movementReadings(ctx);
    const after = new Map<string, number>();
    let houseRule: string | null = null;
    for (const u of units) {
      const reasons = [...askRules(() => doubleTimeIneligibility({ arm: u.arm, strategicMovement: u.strategic_movement === 1 }))];
      const order = effectiveUnitOrder(u, orders).order;
      const sm = askRules(() => unitMovement({ arm: u.arm, order, weather: weatherOf(readGame(ctx.db)), fatigue: u.fatigue, readings })).strategicMovement;
      reasons.push(...sm.refused);
      // RI-B06: the game's house reading says whether fatigue past the top level refuses Double Time or stops at the top.
      const f = askRules(() => doubleTimeFatigue(u.fatigue, readings.doubleTimePastTop));
      if (!f.ok) reasons.push(f.reason);
      else {
        after.set(u.id, f.after);
        if (f.after < u.fatigue + 2) houseRule = f.rule;
      }
      if (u.double_time_turn_id === turnId) reasons.push('already Double Timed this turn');
      if (reasons.length > 0) refused.push(`${u.name}: ${reasons.join('; ')}`);
    }
    if (refused.length > 0) throw forbidden(field, `may not Double Time: ${refused.join(' | ')} (set Strategic Movement on the roster first)`, DOUBLE_TIME_RULE);
    for (const u of units) cs.set('units', u.id, 'fatigue', u.fatigue, after.get(u.id)!).set('units', u.id, 'double_time_turn_id', u.double_time_turn_id, turnId);
    const who = units.length === 1 ? units[0]!.name : `${units.length} units of ${onMapCommand(ctx, 'commandId', input.commandId).name}`;
    const capped = houseRule === null ? '' : `; fatigue stops at the top level (${houseRule})`;
    return { summary: `${who} Double Time${units.length === 1 ? 's' : ''}: +3 MPs, fatigue +2 levels (${units.map((u) => `${u.name} ${u.fatigue} -> ${after.get(u.id)!}`).join(', ')})${capped}`, result: {} };
  });
}

/** II.B: a brigade is designated to recover fatigue this turn (or the designation is taken back). RI-B07. */
function designateFatigueRecovery(ctx: GameContext, input: FatigueRecoveryInput): ChangeResult {
  return write(ctx, 'fatigue.recovery', input, (cs) => {
    const c = onMapCommand(ctx, 'commandId', input.commandId);
    requireStep(ctx, 'commandId', INITIATIVE_SEGMENT, 'B', FATIGUE_RULE);
    if (c.level !== 'brigade') throw invalid('commandId', `${c.name} is a ${c.level}: brigades are designated to recover fatigue`, FATIGUE_RULE);
    if (yes(input.designated) === c.fatigue_recovery) throw invalid('designated', `${c.name} is ${input.designated ? 'already' : 'not'} designated to recover fatigue`);
    if (input.designated) {
      const order = standingOrders(ctx).get(c.id)!.order;
      check('commandId', askRules(() => mayDesignateFatigueRecovery({ order, arm: commandArm(c), ...(input.dismountedNearWater !== undefined ? { dismountedNearWater: input.dismountedNearWater } : {}) })));
    }
    cs.set('commands', c.id, 'fatigue_recovery', c.fatigue_recovery, yes(input.designated));
    return { summary: `${c.name} ${input.designated ? 'is designated to recover fatigue this turn' : 'is no longer designated to recover fatigue'}`, result: {} };
  });
}

/**
 * IV.B (automatic): each fatigued unit of a designated brigade recovers one level (or, under the house
 * reading "every level", all of them); the designations end. RI-B07.
 */
export function fatigueRecovery(ctx: GameContext, cs: ChangeSet): string[] {
  const designated = readCommands(ctx.db).filter((c) => c.fatigue_recovery === 1);
  const notes: string[] = [];
  const reading = readHouseReadings(ctx.db).fatigueRecovery;
  for (const c of designated) {
    const recovering = readUnits(ctx.db).filter(
      (u) => u.command_id === c.id && unitRecoversFatigue({ arm: u.arm, mounted: u.mounted === 1, fatigue: u.fatigue, eliminated: u.status === 'eliminated' }),
    );
    for (const u of recovering) cs.set('units', u.id, 'fatigue', u.fatigue, askRules(() => fatigueAfterRecovery(u.fatigue, reading)));
    cs.set('commands', c.id, 'fatigue_recovery', 1, 0);
    const how = reading === 'oneLevel' ? 'one level' : `every level: ${houseReadingSource('fatigueRecovery', reading)}`;
    notes.push(`${c.name} recovers fatigue (${recovering.length} unit${recovering.length === 1 ? '' : 's'} ${how})`);
  }
  return notes;
}

export const movementFunctions = { movementAllowance, doubleTime, designateFatigueRecovery } satisfies Partial<ServiceFunctions>;

