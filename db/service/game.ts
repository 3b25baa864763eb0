/**
 * The game as a whole: what it is (file, scenario, clock, undo state, acting army commanders, its
 * fingerprint), the check of the whole file (db/integrity.ts), and a plain die roll for the dice log.
 */
import { seatProblems } from '../seats/verify';
import { seatState } from '../seats/state';
import type { Side, DieRoll } from '../../rules/types';
import { clockInfo } from '../clock';
import { MusterError } from '../errors';
import { eventCount, undoRedoAvailable } from '../events';
import { fingerprint, verifyGame } from '../integrity';
import { schemaObjectCount, schemaProblems } from '../schema-check';
import type { GameInfo, RollDieInput, RollDieResult, TimeTrackTurn, VerifyReport, Viewer } from '../../contract';
import { readClock, readGame, readTurns, type GameRow } from '../store';
import { actingArmyCommander } from './chain';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { directOrdersNow } from './orders';
import { secretEntriesNow } from './secrets';
import { numberingFor } from './numbering';
import { weatherState } from './weather';
import { optionalRulesState } from './game-options';
import { guideWithModules, moduleGameInfo } from './rule-seam';
import { houseReadingsState } from '../reading-choices';

function info(ctx: GameContext, input: { viewer?: Viewer } = {}): GameInfo {
  const g = readGame(ctx.db);
  const seat = seatState(ctx.db);
  // A game played from two seats takes an entry back only by a correction (db/seats/calls.ts): no undo is offered.
  const { canUndo, canRedo } = seat === null ? undoRedoAvailable(ctx.db) : { canUndo: false, canRedo: false };
  return {
    file: ctx.file,
    schemaVersion: ctx.schemaVersion,
    scenarioId: g.scenario_id,
    scenarioName: g.scenario_name,
    approximate: g.approximate === 1,
    players: { USA: g.usa_player, CSA: g.csa_player },
    createdAt: g.created_at,
    started: g.started === 1,
    ended: g.ended === 1,
    // The step's guide as the game's optional rules change it.
    clock: guideWithModules(ctx, clockInfo(readClock(ctx.db), readTurns(ctx.db))),
    canUndo,
    canRedo,
    // The events the viewer may see (RI-H07): the other side's hidden entries are not counted.
    eventCount: numberingFor(ctx.db, input.viewer).visibleEvents(eventCount(ctx.db)),
    armyCommanders: { USA: armyCommanderSummary(ctx, 'USA', g), CSA: armyCommanderSummary(ctx, 'CSA', g) },
    secretEntries: secretEntriesNow(ctx.db),
    directOrders: directOrdersNow(ctx),
    weather: weatherState(ctx, g),
    optionalRules: optionalRulesState(ctx.db),
    houseReadings: houseReadingsState(ctx.db),
    // Fields the rule modules' contracts add (the Demoralization option's state).
    demoralization: null,
    ...moduleGameInfo(ctx),
    fingerprint: fingerprint(ctx.db).value,
    damage: [...ctx.damage],
    seat,
  };
}

function armyCommanderSummary(ctx: GameContext, side: Side, game: GameRow): { leaderId: string; name: string; onMap: boolean } | null {
  try {
    const { leader } = actingArmyCommander(ctx, 'side', side, game);
    return { leaderId: leader.id, name: leader.name, onMap: leader.on_map === 1 };
  } catch (e) {
    if (e instanceof MusterError) return null;
    throw e;
  }
}

function timeTrack(ctx: GameContext): TimeTrackTurn[] {
  return readTurns(ctx.db).map((t) => ({ id: t.id, date: t.date, time: t.time, light: t.light, afternoon: t.afternoon === 1, label: `${Number(t.date.slice(8, 10))} July ${t.time}` }));
}

/**
 * The whole file checked. Its counts are of the events and rolls anyone may see (RI-H07): the number of
 * another side's unrevealed entries is not told by them. A problem found names the file's own places.
 */
function verify(ctx: GameContext): VerifyReport {
  const verified = verifyGame(ctx.db, ctx.file);
  // The schema against the one Muster writes at the file's version (db/schema-check.ts).
  const problems = schemaProblems(ctx.db, ctx.migrations, ctx.schemaVersion);
  // A two-seat game: both seats' signatures and the commitments revealed so far (db/seats/verify.ts).
  const seats = seatProblems(ctx.db);
  const report: VerifyReport = {
    ...verified,
    ok: verified.ok && problems.length === 0 && (seats === null || seats.problems.length === 0),
    schema: { count: schemaObjectCount(ctx.migrations, ctx.schemaVersion), ok: problems.length === 0, problems },
    ...(seats === null ? {} : { seats: { count: seats.count, ok: seats.problems.length === 0, problems: seats.problems } }),
  };
  let n: ReturnType<typeof numberingFor>;
  try {
    n = numberingFor(ctx.db, undefined);
  } catch {
    // A file too damaged to tell the hidden entries apart: verify's report stands as it is (it never throws).
    return report;
  }
  return { ...report, events: { ...report.events, count: n.visibleEvents(report.events.count) }, dice: { ...report.dice, count: n.visibleRolls(report.dice.count) } };
}

function rollDie(ctx: GameContext, input: RollDieInput): RollDieResult {
  return write(ctx, 'die.rolled', input, () => {
    const purpose = input.purpose;
    const typed = input.roll as DieRoll | undefined;
    const r = die(ctx, typed);
    return {
      summary: `Die roll for ${purpose}: ${r.roll}${r.source === 'joint' ? ' (rolled jointly by both seats)' : ''}`,
      dice: [{ purpose, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: null, outcome: String(r.roll) }],
      result: { roll: r.roll },
    };
  });
}

export const gameFunctions = { info, timeTrack, verify, rollDie } satisfies Partial<ServiceFunctions>;
