/**
 * Combat at the table: fire and shock worked out from the units' recorded state and the map
 * facts the players state, and their results applied as ONE event each; the Bayonet Charge; Rally and UDD
 * rolls; the Confusion Table result after a failed ME attempt; field works; the weather.
 *
 * The revision's rules are asked of rules/ (frontage, fire and shock DRMs, stragglers, abandoned guns, the
 * ammo check, friendly fire, leader casualties, rally). The base game's tables are not Muster's: the
 * players read them (or their own charts) and give the result, which this module applies.
 */
import { dismountedCavalryCohesion, rallyDrm, uddDrm, type RallyLeader } from '../../rules/rally';
import { mustObeyConfusionTableShock } from '../../rules/shock';
import { checkLossCause, cohesionCell, cohesionRatingOf } from '../../rules/kit';
import type { UnitStatus } from '../../rules/types';
import { cellWords, checkedUnit, KitCells, kitOf, requireKit } from './combat-kit';
import { commandAncestors } from '../../rules/command-tree';
import { ORDERS } from '../../rules/orders-table';
import type { DieRoll, Itemised } from '../../rules/types';
import { rainEvent, rollToEndRain as endRainRoll, RAIN_RULE } from '../../rules/weather';
import { statement } from '../statements';
import type { RecentHex, ChangeResult, CohesionRollResult, ConfusionInput, ConfusionResult, PlanCohesionInput, PlanCohesionResult, RallyInput, SetWeatherInput, SetWorksInput, UddInput, WeatherState } from '../../contract';
import { forbidden, invalid } from '../errors';
import { currentSp, readClock, readCommands, readLeaders, readTurn, readUnits, type CommandRow, type GameRow, type LeaderDbRow, type UnitRow, readGame } from '../store';
import { askRules } from '../validate';
import { effectiveUnitOrder, standingOrdersOf, tree } from './chain';
import { RULE } from './common';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { leader, onMapCommand, onMapUnit, requireSegment } from './lookups';
import { requireStartOfActivationOpen } from './turn-start';
import { UnitChanges } from './unit-changes';
import { RAIN_ROLL_PURPOSE, weatherState } from './weather';
import { ACTIVATION_SEGMENT, atMe, combatUnit, combatUnits, commandChain, dieWords, givenDie, mountedFlag, signed, weatherOf, type Dice } from './combat-units';
import { planFire, resolveFire } from './combat-fire';
import { cancelBayonetCharge, designateBayonetCharge, planShock, resolveShock } from './combat-shock';

// -------------------------------------------------------------------------------------------
// Rally and UDD

/** The superior leaders in a unit's chain (its brigade's leader and up), who may lend their star rank. */
function superiorLeaders(u: UnitRow, commands: CommandRow[], leaders: LeaderDbRow[]): LeaderDbRow[] {
  const ids = commandChain(u, commands).map((c) => c.leader_id);
  return ids.flatMap((id) => leaders.filter((l) => l.id === id));
}

function rallyLeader(ctx: GameContext, u: UnitRow, leaderId: string | undefined): { row: LeaderDbRow; rules: RallyLeader } | null {
  if (leaderId === undefined) return null;
  const l = leader(ctx, 'leaderId', leaderId);
  const superiors = superiorLeaders(u, readCommands(ctx.db), readLeaders(ctx.db));
  if (!superiors.some((s) => s.id === l.id)) throw forbidden('leaderId', `${u.name} is not subordinate to ${l.name}`, RULE.leaderRally);
  if (l.casualty !== 'none' || l.on_map !== 1) throw forbidden('leaderId', `${l.name} is ${l.casualty !== 'none' ? l.casualty : 'not on the map'}`, RULE.leaderRally);
  return { row: l, rules: { stars: l.stars, stacked: true, superiorOfUnit: true, usedThisTurn: l.rally_used === 1 } };
}

function cohesionDrm(u: UnitRow, check: 'rally' | 'udd', outOfCommand: boolean, l: RallyLeader | null): Itemised {
  return askRules(() => (check === 'rally' ? rallyDrm({ outOfCommand, leader: l }) : uddDrm({ works: u.works, leader: l })));
}

function planCohesion(ctx: GameContext, input: PlanCohesionInput): PlanCohesionResult {
  const [u] = combatUnits(ctx, 'unitId', [input.unitId]) as [UnitRow];
  const l = rallyLeader(ctx, u, input.leaderId);
  const leaders = superiorLeaders(u, readCommands(ctx.db), readLeaders(ctx.db)).map((x) => {
    const reason = x.casualty !== 'none' ? `${x.casualty}` : x.on_map !== 1 ? 'not on the map' : x.rally_used === 1 ? 'has used his star rank this turn' : null;
    return { leaderId: x.id, name: x.name, stars: x.stars, available: reason === null && x.stars > 0, reason: reason ?? (x.stars === 0 ? 'no stars' : null) };
  });
  const drm = cohesionDrm(u, input.check, input.outOfCommand === true, l?.rules ?? null);
  return {
    unit: combatUnit(u, standingOrdersOf([u.command_id], readCommands(ctx.db))),
    drm,
    cohesion: u.arm === 'cavalry' && u.mounted === 0 ? askRules(() => dismountedCavalryCohesion(u.side, 0)).items : [],
    leaders,
    rule: input.check === 'rally' ? RULE.rally : 'Rev. Leader Rally (UDD)',
    kit: cohesionKitPreview(ctx, u, input.check, drm.total, input.previewRoll),
  };
}

const TABLE_NAME = { rally: 'Rally Table', udd: 'UDD' } as const;

/** With the group's kit: the unit's rating and the table's cell for the die (RI-K22, RI-K25). */
function cohesionKitPreview(ctx: GameContext, u: UnitRow, check: 'rally' | 'udd', drm: number, roll: number | undefined): PlanCohesionResult['kit'] {
  const kit = kitOf(ctx);
  const table = check === 'rally' ? kit?.charts.rallyTable : kit?.charts.uddTable;
  if (!kit || !table?.rows.length) return null;
  const unit = checkedUnit(u);
  const rating = cohesionRatingOf(unit);
  const base = { fingerprint: kit.fingerprint, rating };
  if (rating === null) return { ...base, found: false, cell: null, note: `No ${u.status === 'ordered' ? 'ordered' : 'disordered'} cohesion rating entered for ${u.name} (Setup): read the result at the table` };
  if (roll === undefined) return { ...base, found: false, cell: null, note: `Roll the die: Muster reads the kit's ${TABLE_NAME[check]} against the rating ${rating}` };
  const cell = askRules(() => cohesionCell(table, TABLE_NAME[check], unit, roll + drm));
  if (!cell.found) return { ...base, found: false, cell: null, note: `${cell.reason}: read the result at the table` };
  return { ...base, found: true, cell: cell.cell, note: `Kit ${kit.fingerprint}: ${cellWords(cell.cell)}` };
}

/**
 * RI-K13: the players roll against the unit's cohesion rating (a base-game number Muster does not hold) and
 * give the result; Muster itemises the revision's DRMs, spends the leader's star rank for the turn, and
 * records the status and any SP lost (a straggler where the revision says so).
 */
function cohesionRoll(ctx: GameContext, input: RallyInput | UddInput, check: 'rally' | 'udd'): CohesionRollResult {
  return write(ctx, check, input, (cs) => {
    const [u] = combatUnits(ctx, 'unitId', [input.unitId]) as [UnitRow];
    if (check === 'rally' && u.status === 'ordered') throw forbidden('unitId', `${u.name} is Ordered: there is nothing to rally`, RULE.rally);
    const l = rallyLeader(ctx, u, input.leaderId);
    if (l?.rules.usedThisTurn) throw forbidden('leaderId', `${l.row.name} has already used his star rank this turn`, RULE.leaderRally);
    const outOfCommand = 'outOfCommand' in input ? input.outOfCommand : false;
    const drm = cohesionDrm(u, check, outOfCommand, l?.rules ?? null);
    const d = givenDie(ctx, '', input);
    const modified = d.roll + drm.total;
    const changes = new UnitChanges(cs);
    if (l) cs.set('leaders', l.row.id, 'rally_used', 0, 1);
    // The result: read at the table, or computed from the group's kit against the unit's rating (RI-K25).
    let result: { status?: Exclude<UnitStatus, 'eliminated'> | undefined; spLoss?: number | undefined; lossCause?: 'second-disorder' | 'rout-retreat' | 'other' | undefined };
    let cells: KitCells | null = null;
    let retreat = 0;
    if (input.kit) {
      if (input.result) throw invalid('result', "give the result read at the table (result) or have it computed from the group's kit (kit), not both");
      const kit = requireKit(ctx, input.kit.fingerprint);
      const table = check === 'rally' ? kit.charts.rallyTable : kit.charts.uddTable;
      if (!table?.rows.length) throw invalid('kit', `the kit has no ${TABLE_NAME[check]} table: give the result read at the table (result)`);
      const cell = askRules(() => cohesionCell(table, TABLE_NAME[check], checkedUnit(u), modified));
      if (!cell.found) throw invalid('kit', `${u.name}: ${cell.reason}: give the result read at the table (result)`);
      cells = new KitCells(kit.fingerprint);
      cells.add(cell.cell, u.id);
      const o = cell.result;
      const cause = checkLossCause(check, u.status, o);
      result = { ...(o.status !== 'unchanged' ? { status: o.status } : {}), spLoss: Math.min(o.sp ?? 0, currentSp(u)), lossCause: cause === 'rally' ? 'other' : cause };
      retreat = o.retreat ?? 0;
    } else if (!input.result) {
      throw invalid('result', `give the ${TABLE_NAME[check]}'s result read at the table (result), or have it computed from the group's kit (kit)`);
    } else result = input.result;
    const spLoss = result.spLoss ?? 0;
    if (spLoss > currentSp(u)) throw invalid('result.spLoss', `${u.name} has only ${currentSp(u)} SP left; it cannot lose ${spLoss}`);
    if (check === 'rally') {
      changes.loseSpFrom(u, spLoss, 'rally');
      if (result.status && changes.now(u).status !== 'eliminated') changes.setStatus(u, result.status, null, false);
    } else {
      const udd = input as UddInput;
      const lossCause = result.lossCause ?? 'other';
      changes.loseSpFrom(u, spLoss, lossCause);
      // A UDD owed after a retreat before shock is made (db/service/obligations.ts).
      if (u.udd_due === 1) cs.set('units', u.id, 'udd_due', 1, 0);
      if (result.status && changes.now(u).status !== 'eliminated') changes.setStatus(u, result.status, udd.cause, udd.enemyWithinTacticalMovementRange ?? true);
    }
    if (retreat > 0) changes.notes.push(`${u.name} retreats ${retreat} hex(es)`);
    const kitWords = cells ? `kit ${cells.fingerprint}: ${cellWords(cells.cells[0]!)}; ` : '';
    const what = check === 'rally' ? 'Rally' : `UDD (${(input as UddInput).cause.replace(/-/g, ' ')})`;
    const dice: Dice =
      d.source === 'table' ? [{ purpose: `${what}: ${u.name}`, source: 'table', roll: d.roll, modifiers: drm, modified, target: null, outcome: `${kitWords}${changes.notes.join('; ') || 'no change'}` }] : [];
    return {
      summary: `${what}: ${u.name}, DRM ${signed(drm.total)}${l ? ` (${l.row.name}'s star rank)` : ''}; ${dieWords(d)}, modified ${modified}: ${kitWords}${changes.notes.join('; ') || 'no change'}`,
      subjects: [`unit:${u.id}`, ...(l ? [`leader:${l.row.id}`] : [])],
      dice,
      result: { modified, drm, ...(cells ? { kit: cells.record() } : {}) },
      ...(cells ? { computed: cells.record() } : {}),
    };
  });
}

function rally(ctx: GameContext, input: RallyInput): CohesionRollResult {
  return cohesionRoll(ctx, input, 'rally');
}

function udd(ctx: GameContext, input: UddInput): CohesionRollResult {
  return cohesionRoll(ctx, input, 'udd');
}

// -------------------------------------------------------------------------------------------
// The Confusion Table

const CONFUSION_WORDS = {
  stand: 'Stand: it stays where it is this activation',
  re: 'activates at RE',
  shock: 'must advance and shock',
  pass: 'the activation is spent: it does nothing',
  other: 'recorded',
} as const;

/** RI-K06: the players read the Confusion Table; Muster records the result and applies what it means for the activation. */
function recordConfusion(ctx: GameContext, input: ConfusionInput): ConfusionResult {
  return write(ctx, 'confusion', input, (cs) => {
    const isUnit = input.unitId !== undefined;
    const field = isUnit ? 'unitId' : 'commandId';
    requireSegment(ctx, field, ACTIVATION_SEGMENT, RULE.activation);
    const subject = isUnit ? onMapUnit(ctx, 'unitId', input.unitId) : onMapCommand(ctx, 'commandId', input.commandId);
    if (subject.activation !== 'confusion') {
      throw forbidden(field, `${subject.name} did not go to the Confusion Table this segment (${subject.activation === null ? 'not activated' : `activated at ${subject.activation}`})`, RULE.activation);
    }
    if (subject.confusion_result !== null) throw invalid(field, `the Confusion Table result of ${subject.name} is already recorded (${subject.confusion_result})`);
    if (input.result === 'other' && !input.text) throw invalid('text', 'say what the Confusion Table gave (text) when it is none of Stand, RE, shock or pass');
    if (isUnit) cs.set('units', subject.id, 'confusion_result', null, input.result);
    else cs.set('commands', subject.id, 'confusion_result', null, input.result);
    const mustShock: string[] = [];
    const exempt: string[] = [];
    if (input.result === 'shock') {
      const commands = readCommands(ctx.db);
      const within = isUnit ? null : new Set([subject.id, ...commands.filter((c) => askRules(() => commandAncestors(tree(commands), c.id)).includes(subject.id)).map((c) => c.id)]);
      const units = isUnit ? [subject as UnitRow] : readUnits(ctx.db).filter((u) => within!.has(u.command_id) && u.on_map === 1 && u.status !== 'eliminated');
      for (const u of units) {
        const verdict = askRules(() => mustObeyConfusionTableShock({ arm: u.arm, ...mountedFlag(u) }));
        // RI-K26: artillery does not shock: it is neither among those who must nor those who need not.
        if (verdict.shocks) (verdict.must ? mustShock : exempt).push(u.id);
      }
    }
    const text = input.text ? ` ("${input.text}"${input.resultFrom === 'chart' ? ', your chart' : ''})` : '';
    const exemptWords = exempt.length ? `; dismounted cavalry need not: ${exempt.length} unit(s)` : '';
    return {
      summary: `Confusion Table: ${subject.name} ${CONFUSION_WORDS[input.result]}${text}${input.result === 'shock' ? `: ${mustShock.length} unit(s)${exemptWords}` : ''}`,
      subjects: [isUnit ? `unit:${subject.id}` : `command:${subject.id}`],
      result: { mustShock, exempt },
    };
  });
}

// -------------------------------------------------------------------------------------------
// Field works

function setWorks(ctx: GameContext, input: SetWorksInput): ChangeResult {
  return write(ctx, 'works', input, (cs) => {
    const [u] = combatUnits(ctx, 'unitId', [input.unitId]) as [UnitRow];
    if (u.works === input.works) throw invalid('works', `${u.name} is already ${input.works === 'none' ? 'out of works' : `in ${input.works}`}`);
    if (input.construct === true) {
      // RI-K15: building works is the unit's activity at ME under an order that "Can Construct Breastworks if ME".
      if (input.works === 'none') throw invalid('construct', 'say which works the unit builds');
      if (input.works === 'entrenchments') throw forbidden('construct', 'Entrenchments may be constructed in 1864; in 1863 units build Breastworks', RULE.works);
      const commands = readCommands(ctx.db);
      const order = effectiveUnitOrder(u, standingOrdersOf([u.command_id], commands)).order;
      if (!ORDERS[order].may.constructBreastworksIfMe) throw forbidden('construct', `${u.name} is under ${order}: only Hold orders "Can Construct Breastworks if ME"`, 'Rev. Orders Table');
      if (readClock(ctx.db).segment !== ACTIVATION_SEGMENT || !atMe(u, commands)) throw forbidden('construct', `Units must be at ME to construct Breastworks: ${u.name} has not activated at ME this segment`, RULE.works);
    }
    cs.set('units', u.id, 'works', u.works, input.works);
    const what = input.works === 'none' ? 'leaves its works' : `${input.construct ? 'builds' : 'occupies'} ${input.works}`;
    return { summary: `${u.name} ${what}`, subjects: [`unit:${u.id}`], result: {} };
  });
}

// -------------------------------------------------------------------------------------------
// The hexes last used

/** The events whose hexes recentHexes offers again: a write of one (or its undo) changes what it answers. */
export const RECENT_HEX_EVENTS = ['fire', 'shock'] as const;
const RECENT_HEX_ROWS = `SELECT payload FROM events WHERE kind IN (${RECENT_HEX_EVENTS.map((k) => `'${k}'`).join(', ')}) AND undone = 0 ORDER BY seq DESC LIMIT 40`;

/**
 * The hexes the players named in the last fire and shock events still in force, newest first, so the
 * assistants offer them again without names typed: a target hex is usually fired on more than once.
 */
function recentHexes(ctx: GameContext): RecentHex[] {
  const rows = statement(ctx.db, RECENT_HEX_ROWS).all() as { payload: string }[];
  const units = new Map(readUnits(ctx.db).map((u) => [u.id, u]));
  const seen = new Set<string>();
  const out: RecentHex[] = [];
  for (const row of rows) {
    const input = (JSON.parse(row.payload) as { input?: Record<string, unknown> }).input ?? {};
    for (const key of ['targets', 'defenders', 'stack', 'attackers']) {
      const ids = Array.isArray(input[key]) ? (input[key] as string[]) : [];
      const live = ids.map((id) => units.get(id)).filter((u): u is UnitRow => u !== undefined && u.on_map === 1 && u.status !== 'eliminated');
      if (live.length === 0) continue;
      const id = live.map((u) => u.id).join(' ');
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ side: live[0]!.side, unitIds: live.map((u) => u.id), names: live.map((u) => u.name) });
    }
    if (out.length >= 12) break;
  }
  return out;
}

// -------------------------------------------------------------------------------------------
// Weather

function weather(ctx: GameContext): WeatherState {
  return weatherState(ctx);
}

/**
 * RI-K17: rain begins only in an afternoon turn; when it stops, mud follows for the rest of the game.
 * RI-B04: the turn it began is kept, for the rolls to end it begin the turn after.
 */
function setWeather(ctx: GameContext, input: SetWeatherInput): ChangeResult {
  return write(ctx, 'weather', input, (cs) => {
    const game = readGame(ctx.db);
    const w = weatherOf(game);
    const clock = readClock(ctx.db);
    if (input.raining) {
      if (w.raining) throw invalid('raining', 'it is already raining');
      const turn = readTurn(ctx.db, clock.turn_id)!;
      const next = askRules(() => rainEvent(w, turn.afternoon === 1));
      if (!next.raining) throw forbidden('raining', `Rain (Random Event "M") only occurs in afternoon game turns; ${turn.time} is not one`, RAIN_RULE);
      cs.set('game', 1, 'raining', 0, 1).set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, 0).set('game', 1, 'rain_began_turn_id', game.rain_began_turn_id, clock.turn_id);
      return { summary: `Rain begins (Random Event M) at ${turn.time}: movement allowances halved (pikes excepted), artillery fire -2, fire range and strength halved`, result: {} };
    }
    if (!w.raining) throw invalid('raining', 'it is not raining');
    cs.set('game', 1, 'raining', 1, 0).set('game', 1, 'mud', game.mud, 1).set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, 0);
    return { summary: 'The rain stops: mud for the rest of the game', result: {} };
  });
}

/** RI-F17 and RI-B04: one roll a turn, from the turn after the rain began, by the beginning of the Activation Segment. */
function rollToEndRain(ctx: GameContext, input: { roll?: number | undefined }): ReturnType<ServiceFunctions['rollToEndRain']> {
  return write(ctx, 'weather', input, (cs) => {
    const game = readGame(ctx.db);
    const w = weatherOf(game);
    const clock = readClock(ctx.db);
    if (!w.raining) throw forbidden('roll', 'it is not raining', RAIN_RULE);
    if (game.rain_began_turn_id === clock.turn_id) throw forbidden('roll', 'the rain began this turn: the rolls to end it begin next turn', RAIN_RULE);
    if (game.rain_rolled_turn_id === clock.turn_id) throw forbidden('roll', 'the roll to end the rain has already been made this turn', RAIN_RULE);
    requireStartOfActivationOpen(ctx, 'roll', 'the roll to end the rain', RAIN_RULE);
    const r = die(ctx, input.roll as DieRoll | undefined);
    const res = askRules(() => endRainRoll(w, r.roll));
    cs.set('game', 1, 'raining', 1, res.weather.raining ? 1 : 0).set('game', 1, 'mud', game.mud, res.weather.mud ? 1 : 0).set('game', 1, 'rain_stop_rolls', game.rain_stop_rolls, res.weather.rainStopRolls);
    cs.set('game', 1, 'rain_rolled_turn_id', game.rain_rolled_turn_id, clock.turn_id);
    const after: GameRow = { ...game, raining: res.weather.raining ? 1 : 0, mud: res.weather.mud ? 1 : 0, rain_stop_rolls: res.weather.rainStopRolls, rain_rolled_turn_id: clock.turn_id };
    return {
      summary: `Roll to end the rain: rolled ${r.roll}, modified ${res.modified}: ${res.stops ? 'the rain stops; mud for the rest of the game' : 'it rains on'}`,
      dice: [{ purpose: RAIN_ROLL_PURPOSE, source: r.source, roll: r.roll, modifiers: res.drm, modified: res.modified, target: '<= 0', outcome: res.stops ? 'rain stops' : 'rain continues' }],
      result: { stops: res.stops, modified: res.modified, drm: res.drm, weather: weatherState(ctx, after, { roll: r.roll, modified: res.modified, source: r.source, stops: res.stops }) },
    };
  });
}

export const combatFunctions = {
  planFire,
  resolveFire,
  planShock,
  resolveShock,
  designateBayonetCharge,
  cancelBayonetCharge,
  planCohesion,
  recentHexes,
  rally,
  udd,
  recordConfusion,
  setWorks,
  weather,
  setWeather,
  rollToEndRain,
} satisfies Partial<ServiceFunctions>;

