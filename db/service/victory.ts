/**
 * Victory (Rev. Victory): the tally of loss points and objectives, turn by turn from the event log, the
 * objectives the players record, and the end of the game.
 */
import type { Scenario } from '../../data/scenario-schema';
import { SIDES, type Side } from '../../rules/types';
import { gameVictory, lossPoints, manpowerDivisionsLost, victoryByLosses } from '../../rules/victory';
import { MusterError, forbidden, invalid, notFound } from '../errors';
import type { ChangeResult, HistoryCheck, LossPointsBreakdown, SetManpowerObjectiveInput, SetObjectiveInput, SideObjectives, VictoryTally } from '../../contract';
import { loadHistoricalLosses } from '../../data/history';
import { readHouseReadings } from '../reading-choices';
import type { HouseReadingSettings } from '../../rules/house-readings';
import { statement } from '../statements';
import { readClock, readCommands, readGame, readLeaders, readObjective, readObjectives, readTurns, readUnits, type CommandRow, type GameRow, type LeaderDbRow, type UnitRow, commandsById } from '../store';
import { askRules } from '../validate';
import { RULE, yes } from './common';
import { write, type GameContext, type ServiceFunctions } from './context';
import { victorySections } from './rule-seam';

/** The house readings the tally depends on (RI-S05, RI-S06). */
type TallyReadings = Pick<HouseReadingSettings, 'stragglersAtEnd' | 'capturedCommanders'>;

/** A side's own losses and the loss points they are worth (Rev. Victory Points for Losses), under the game's house readings. RI-S05, RI-S06. */
function sideLosses(s: Side, units: readonly UnitRow[], leaders: readonly LeaderDbRow[], readings: TallyReadings): LossPointsBreakdown {
  const own = units.filter((u) => u.side === s);
  const sum = (f: (u: UnitRow) => number) => own.reduce((n, u) => n + f(u), 0);
  const artilleryDestroyedSp = sum((u) => u.destroyed_guns);
  const artilleryCapturedSp = sum((u) => u.captured_guns);
  // RI-S06: commanders are leaders above brigade level (army, wing, corps, division, artillery chiefs).
  const commanders = leaders.filter((l) => l.side === s && l.role !== 'brigade' && l.role !== 'staff');
  const who = (status: 'killed' | 'wounded' | 'captured') =>
    commanders.filter((l) => l.casualty === status).map((l) => ({ leaderId: l.id, name: l.name, stars: l.stars, rating: l.rating }));
  const killed = who('killed');
  const wounded = who('wounded');
  // RI-S05: straggler losses not recovered go to the rules apart, which count them as SP losses of their arm
  // unless the game's house reading leaves them out.
  const points = lossPoints({
    infantrySp: sum((u) => (u.arm === 'infantry' ? u.sp_lost : 0)),
    cavalrySp: sum((u) => (u.arm === 'cavalry' ? u.sp_lost : 0)),
    infantryStragglers: sum((u) => (u.arm === 'infantry' ? u.stragglers : 0)),
    cavalryStragglers: sum((u) => (u.arm === 'cavalry' ? u.stragglers : 0)),
    artilleryDestroyedSp,
    artilleryCapturedSp,
    // RI-S21: no wagons in Muster's rosters.
    wagonPoints: 0,
    commandersKilled: killed.map(({ stars, rating }) => ({ stars, rating })),
    commandersWounded: wounded.map(({ stars, rating }) => ({ stars, rating })),
    commandersCaptured: who('captured').map(({ stars, rating }) => ({ stars, rating })),
    readings,
  });
  return {
    lossPoints: points.total,
    items: points.items,
    infantrySp: points.infantrySp,
    cavalrySp: points.cavalrySp,
    artilleryDestroyedSp,
    artilleryCapturedSp,
    gunsLost: artilleryDestroyedSp + artilleryCapturedSp,
    abandonedGunsPending: sum((u) => u.abandoned_guns),
    commandersKilled: killed,
    commandersWounded: wounded,
    // RI-S28: wrecked divisions (15.6.7) are judged at the table; the guns' share is counted here.
    divisionsFromGuns: manpowerDivisionsLost({ divisions: 0, gunsDestroyed: artilleryDestroyedSp, gunsCaptured: artilleryCapturedSp }).total,
  };
}

/**
 * The victory tally, computed by rules/victory.ts from the database: each side's loss points (RI-S05,
 * RI-S06), the objectives the players recorded (RI-S27, RI-S28), the result (objectives first, then
 * loss points) and the loss points at the end of each turn, replayed from the event log (RI-S29).
 */
function tally(ctx: GameContext): VictoryTally {
  const game = readGame(ctx.db);
  const units = readUnits(ctx.db);
  const leaders = readLeaders(ctx.db);
  const readings = readHouseReadings(ctx.db);
  const usa = sideLosses('USA', units, leaders, readings);
  const csa = sideLosses('CSA', units, leaders, readings);
  const lists = JSON.parse(game.objectives) as Scenario['objectives'];
  const rows = readObjectives(ctx.db);
  const objectives = Object.fromEntries(
    SIDES.map((side): [Side, SideObjectives] => {
      const geographic = rows.filter((o) => o.side === side).map((o) => ({ id: o.objective_id, name: o.name, occupied: o.occupied === 1 }));
      const occupied = geographic.filter((o) => o.occupied).length;
      const required = lists.required[side];
      const manpowerMet = (side === 'USA' ? game.manpower_usa : game.manpower_csa) === 1;
      return [side, { geographic, occupied, required, geographicMet: occupied >= required, manpowerMet }];
    }),
  ) as Record<Side, SideObjectives>;
  const victory = askRules(() =>
    gameVictory({
      objectivesOccupied: { USA: objectives.USA.occupied, CSA: objectives.CSA.occupied },
      manpowerObjectivesMet: { USA: objectives.USA.manpowerMet, CSA: objectives.CSA.manpowerMet },
      lossPoints: { USA: usa.lossPoints, CSA: csa.lossPoints },
      objectivesRequired: lists.required,
    }),
  );
  return {
    usa,
    csa,
    result: { winner: victory.winner, level: victory.level, by: victory.by, rule: victory.rule },
    byLosses: victoryByLosses(usa.lossPoints, csa.lossPoints),
    objectives,
    lossesByTurn: lossesByTurn(ctx, units, leaders, game, readings),
    lossesByCorps: lossesByCorps(ctx, units, leaders, readings),
    final: game.ended === 1,
    ruleModules: victorySections(ctx),
  };
}

/**
 * RI-B12: each side's loss points by corps: a unit (and a fallen commander) counts for the corps it belongs
 * to in the printed order of battle, or for the top formation below its army when it has no corps (Stuart's
 * division); army and wing commanders count for their army's headquarters. The rows add up to each side's
 * loss points.
 */
function lossesByCorps(ctx: GameContext, units: UnitRow[], leaders: LeaderDbRow[], readings: TallyReadings): VictoryTally['lossesByCorps'] {
  const commands = readCommands(ctx.db);
  const byId = commandsById(commands);
  const formationOf = (commandId: string | null): CommandRow | undefined => {
    let c = commandId ? byId.get(commandId) : undefined;
    let top = c;
    while (c) {
      if (c.level === 'corps') return c;
      const parent = c.parent_id ? byId.get(c.parent_id) : undefined;
      if (!parent) return top;
      if (c.level !== 'wing') top = c;
      c = parent;
    }
    return top;
  };
  const rows = new Map<string, { commandId: string; name: string; side: Side; units: UnitRow[]; leaders: LeaderDbRow[] }>();
  const rowOf = (c: CommandRow) => {
    const headquarters = c.level === 'army' || c.level === 'wing';
    const id = headquarters ? (c.side === 'USA' ? readGame(ctx.db).army_usa : readGame(ctx.db).army_csa) : c.id;
    const name = headquarters ? `${byId.get(id)?.name ?? c.name} headquarters` : c.name;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { commandId: id, name, side: c.side, units: [], leaders: [] }));
    return row;
  };
  for (const u of units) {
    const f = formationOf(u.command_id);
    if (f) rowOf(f).units.push(u);
  }
  for (const l of leaders) {
    if (l.casualty === 'none') continue;
    const f = formationOf(l.command_id);
    if (f) rowOf(f).leaders.push(l);
  }
  return [...rows.values()]
    .map((r) => {
      const points = sideLosses(r.side, r.units, r.leaders, readings).lossPoints;
      const spLost = r.units.reduce((n, u) => n + u.sp_lost + u.stragglers, 0);
      return { commandId: r.commandId, name: r.name, side: r.side, lossPoints: points, spLost };
    })
    .filter((r) => r.lossPoints > 0 || r.spLost > 0)
    .sort((a, b) => b.lossPoints - a.lossPoints || a.name.localeCompare(b.name));
}

/**
 * The history check (RI-B08): the revision's Victory Points for Losses applied to the real battle's losses
 * of this game's units and commanders (data/history/gettysburg-losses.json), beside the game's own result.
 */
function historyCheck(ctx: GameContext): HistoryCheck {
  const record = loadHistoricalLosses();
  const units = readUnits(ctx.db);
  const leaders = new Map(readLeaders(ctx.db).map((l) => [l.id, l]));
  const byUnit = new Map((record?.units ?? []).map((u) => [u.unitId, u]));
  const t = tally(ctx);
  const sideOf = (side: Side): HistoryCheck['usa'] => {
    const own = units.filter((u) => u.side === side).map((u) => byUnit.get(u.id)).filter((u) => u !== undefined);
    const infantrySp = own.filter((u) => u.arm === 'infantry').reduce((n, u) => n + u.spLost, 0);
    const cavalrySp = own.filter((u) => u.arm === 'cavalry').reduce((n, u) => n + u.spLost, 0);
    const commanders = (record?.commanders ?? [])
      .filter((c) => c.side === side && leaders.has(c.leaderId))
      .map((c) => ({ ...c, stars: leaders.get(c.leaderId)!.stars, rating: leaders.get(c.leaderId)!.rating }));
    const points = lossPoints({
      infantrySp,
      cavalrySp,
      artilleryDestroyedSp: 0,
      artilleryCapturedSp: 0,
      wagonPoints: 0,
      commandersKilled: commanders.filter((c) => c.casualty === 'killed'),
      commandersWounded: commanders.filter((c) => c.casualty === 'wounded'),
    });
    return {
      lossPoints: points.total,
      items: points.items.filter((i) => i.value !== 0),
      infantrySp,
      cavalrySp,
      men: own.filter((u) => u.arm !== 'artillery').reduce((n, u) => n + (u.casualties ?? 0), 0),
      batteryMen: own.filter((u) => u.arm === 'artillery').reduce((n, u) => n + (u.casualties ?? 0), 0),
      commanders,
    };
  };
  const usa = sideOf('USA');
  const csa = sideOf('CSA');
  const unitsWithoutRecord = units.filter((u) => !byUnit.has(u.id)).length;
  return {
    available: record !== null && unitsWithoutRecord < units.length,
    source: record?.source ?? 'no historical losses file (data/history/gettysburg-losses.json)',
    menPerSp: record?.menPerSp ?? 0,
    usa,
    csa,
    result: victoryByLosses(usa.lossPoints, csa.lossPoints),
    game: { winner: t.result.winner, level: t.result.level, by: t.result.by, usaPoints: t.usa.lossPoints, csaPoints: t.csa.lossPoints },
    unitsWithoutRecord,
    notes: record?.notes ?? [],
  };
}

/**
 * Runs a query that reads the events' payloads in SQL: a damaged payload is refused in words naming the
 * event (as the history refuses it, db/events.ts parsePayload), not with SQLite's "malformed JSON".
 */
function readingPayloads<T>(ctx: GameContext, query: () => T): T {
  try {
    return query();
  } catch (e) {
    const bad = statement(ctx.db, 'SELECT seq FROM events WHERE NOT json_valid(payload) ORDER BY seq LIMIT 1').get() as { seq: number } | undefined;
    if (bad) throw new MusterError('CORRUPT', 'events', `event ${bad.seq}'s record in the game file is damaged; run verify to see what else is`);
    throw e;
  }
}

/**
 * Each side's loss points at the end of each turn from the scenario's first turn to the current one
 * (RI-S29): the applied events' changes to the loss fields are replayed from a game with no losses,
 * and the points are counted as tally() counts them. Only the changes to those fields are read.
 */
function lossesByTurn(ctx: GameContext, units: UnitRow[], leaders: LeaderDbRow[], game: GameRow, readings: TallyReadings): VictoryTally['lossesByTurn'] {
  const turns = readTurns(ctx.db);
  const idx = new Map(turns.map((t) => [t.id, t.idx]));
  const first = idx.get(game.first_turn_id) ?? 0;
  const current = idx.get(readClock(ctx.db).turn_id) ?? first;
  const changes = readingPayloads(ctx, () => statement(
    ctx.db,
    `SELECT e.seq AS seq, e.turn_id AS turnId, json_extract(c.value, '$.table') AS tbl, json_extract(c.value, '$.key') AS rowKey,
            json_extract(c.value, '$.field') AS field, json_extract(c.value, '$.after') AS after
       FROM events e, json_each(e.payload, '$.changes') c
      WHERE e.undone = 0
        AND json_extract(c.value, '$.table') IN ('units', 'leaders')
        AND json_extract(c.value, '$.field') IN ('sp_lost', 'stragglers', 'destroyed_guns', 'captured_guns', 'casualty')
      ORDER BY e.seq, c.key`,
  ).all() as { seq: number; turnId: string; tbl: 'units' | 'leaders'; rowKey: string; field: string; after: string | number }[]);
  // A game starts with no losses: every unit at full strength, every leader unhurt.
  const unitsNow = new Map(units.map((u) => [u.id, { ...u, sp_lost: 0, stragglers: 0, destroyed_guns: 0, captured_guns: 0 }]));
  const leadersNow = new Map(leaders.map((l) => [l.id, { ...l, casualty: 'none' as LeaderDbRow['casualty'] }]));
  const ordered = [...changes].sort((a, b) => (idx.get(a.turnId) ?? 0) - (idx.get(b.turnId) ?? 0) || a.seq - b.seq);
  const out: VictoryTally['lossesByTurn'] = [];
  let next = 0;
  for (const turn of turns) {
    if (turn.idx < first || turn.idx > current) continue;
    for (; next < ordered.length && (idx.get(ordered[next]!.turnId) ?? 0) <= turn.idx; next += 1) {
      const c = ordered[next]!;
      const row = c.tbl === 'units' ? unitsNow.get(c.rowKey) : leadersNow.get(c.rowKey);
      if (row) (row as unknown as Record<string, unknown>)[c.field] = c.after;
    }
    const u = [...unitsNow.values()];
    const l = [...leadersNow.values()];
    out.push({ turnId: turn.id, date: turn.date, time: turn.time, USA: sideLosses('USA', u, l, readings).lossPoints, CSA: sideLosses('CSA', u, l, readings).lossPoints });
  }
  return out;
}

// Victory objectives, recorded by the players (Rev. Victory)

/** Records that a side occupies one of the Geographic Objectives on its list, or no longer does. RI-S27. */
function setObjective(ctx: GameContext, input: SetObjectiveInput): ChangeResult {
  return write(ctx, 'objective.occupied', input, (cs) => {
    const game = readGame(ctx.db);
    const side = input.side;
    const objectiveId = input.objectiveId;
    const occupied = input.occupied;
    const o = readObjective(ctx.db, `${side}:${objectiveId}`);
    if (!o) throw notFound('objectiveId', `"${objectiveId}" is not on the ${side} list of Geographic Objectives in this scenario`);
    if ((o.occupied === 1) === occupied) throw invalid('occupied', `${o.name} is already recorded as ${occupied ? 'occupied' : 'not occupied'} by the ${side}`);
    cs.set('objectives', o.id, 'occupied', o.occupied, yes(occupied));
    const count = readObjectives(ctx.db).filter((x) => x.side === side && (x.id === o.id ? occupied : x.occupied === 1)).length;
    const required = (JSON.parse(game.objectives) as Scenario['objectives']).required[side];
    return {
      summary: `${side} ${occupied ? 'occupies' : 'no longer occupies'} ${o.name}: ${count} of the ${required} Geographic Objectives needed`,
      result: {},
    };
  });
}

/** Records that a side's Manpower Objective (as its scenario sheet sets it) is met, or not. RI-S28. */
function setManpowerObjective(ctx: GameContext, input: SetManpowerObjectiveInput): ChangeResult {
  return write(ctx, 'objective.manpower', input, (cs) => {
    const game = readGame(ctx.db);
    const side = input.side;
    const met = input.met;
    const column = side === 'USA' ? 'manpower_usa' : 'manpower_csa';
    if ((game[column] === 1) === met) throw invalid('met', `the ${side} Manpower Objective is already recorded as ${met ? 'met' : 'not met'}`);
    cs.set('game', 1, column, game[column], yes(met));
    return { summary: `${side} Manpower Objective ${met ? 'met' : 'no longer met'}`, result: {} };
  });
}

function endGame(ctx: GameContext): ChangeResult {
  return write(ctx, 'game.ended', {}, (cs) => {
    const pending = readUnits(ctx.db).filter((u) => u.abandoned_guns > 0);
    if (pending.length > 0) throw forbidden('game', `resolve the abandoned guns of ${pending.map((u) => u.name).join(', ')} before the end`, RULE.abandonedGuns);
    cs.set('game', 1, 'ended', 0, 1);
    return { summary: 'The game ends; losses are totalled for victory', result: {} };
  });
}

export const victoryFunctions = { tally, historyCheck, setObjective, setManpowerObjective, endGame } satisfies Partial<ServiceFunctions>;
