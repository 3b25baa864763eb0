/**
 * What the rules say about a reinforcement group now (Rev. Variable Arrival of Reinforcements, Rev.
 * Alternative Arrival Areas): whether it enters as scheduled, rolls for entry (with which DRMs and what it
 * needs) or comes later, and which groups must roll this turn and have not. Reads only: the rolls and the
 * arrivals themselves are written by db/service/reinforcements.ts.
 */
import type { HouseReadingChoice } from '../../rules/house-readings';
import { alternativeArrival, highestCommanderInGroup, variableArrival, type ArrivalCheck } from '../../rules/reinforcements';
import type { Side } from '../../rules/types';
import { readAlternativeArrival, readClock, readCommands, readGame, readGroups, readLeader, readLeaders, steadyValue, type AlternativeArrivalRow, type CommandRow, type GameRow, type ReinforcementGroupDbRow, type TurnRow, commandsById } from '../store';
import { statement } from '../statements';
import { askRules } from '../validate';
import { MusterError } from '../errors';
import { readHouseReadings } from '../reading-choices';
import { actingArmyCommander, subtree } from './chain';
import type { GameContext } from './game-context';
import { command } from './lookups';
import { arrivalDrmItems } from './rule-seam';

export const VARIABLE_RULE = 'Rev. Variable Arrival of Reinforcements';
export const ALTERNATIVE_RULE = 'Rev. Alternative Arrival Areas';

/** "1 July 1100". */
export function turnLabel(turn: TurnRow | undefined): string {
  if (!turn) return '';
  return `${Number(turn.date.slice(8, 10))} July ${turn.time}`;
}

export interface GroupCheck {
  check: ArrivalCheck;
  /** Ordered to an Alternative Arrival Area (a side's secret). */
  alternative: AlternativeArrivalRow | null;
  /** Rolled already this turn (for its scheduled area or its alternative one). */
  rolledThisTurn: boolean;
}

/** The group's top commands (those the group lists). */
export function topsOf(groupId: string, commands: CommandRow[]): CommandRow[] {
  return commands.filter((c) => c.reinforcement_group_id === groupId);
}

/** A combat unit of the group's division or corps is already on the map (Variable Arrival DRMs). */
function formationUnitOnMap(tops: CommandRow[], commands: CommandRow[], withUnitsOnMap: ReadonlySet<string>): boolean {
  const byId = commandsById(commands);
  const formations = new Set<string>();
  for (const top of tops) {
    let c: CommandRow | undefined = top;
    while (c) {
      if (c.level === 'division' || c.level === 'corps') formations.add(c.id);
      c = c.parent_id ? byId.get(c.parent_id) : undefined;
    }
  }
  for (const f of formations) for (const id of subtree(f, commands)) if (withUnitsOnMap.has(id)) return true;
  return false;
}

/** Commands with a unit on the map (read once for all the groups of one request). */
function commandsWithUnitsOnMap(ctx: GameContext): ReadonlySet<string> {
  // Asked for every group by the turn state's checks: read once per query (store.ts steadyValue).
  return steadyValue(ctx.db, 'commands-with-units-on-map', () => new Set(statement(ctx.db, 'SELECT DISTINCT command_id FROM units WHERE on_map = 1').pluck().all() as string[]));
}

/** RI-S13: the "Overall Commander" is the side's army commander in person (Meade, Lee). */
function overallCommanderOnMap(ctx: GameContext, side: Side, game: GameRow): boolean {
  const army = command(ctx, 'groupId', side === 'USA' ? game.army_usa : game.army_csa);
  const l = army.leader_id ? readLeader(ctx.db, army.leader_id) : undefined;
  return l?.on_map === 1 && l.casualty === 'none';
}

/** The side's acting army commander (RI-S13: Reynolds before Meade arrives) is on the map, unhurt; false while a successor is still to be chosen. */
function actingCommanderOnMap(ctx: GameContext, side: Side, game: GameRow): boolean {
  try {
    const { leader } = actingArmyCommander(ctx, 'groupId', side, game);
    return leader.on_map === 1 && leader.casualty === 'none';
  } catch (e) {
    if (e instanceof MusterError) return false;
    throw e;
  }
}

/**
 * RI-B03: the "highest commander in group" (rules/reinforcements.ts highestCommanderInGroup decides): the
 * leaders of the group's top commands, and the leaders riding in on their own on the group's turn and area,
 * with whether each commands the group or a formation above it (Stuart with his division's brigades); the
 * game's house reading says whether the others riding in alone count too.
 */
function highestCommanderRating(ctx: GameContext, g: ReinforcementGroupDbRow, tops: CommandRow[], commands: CommandRow[]): { rating: number; byReading: HouseReadingChoice<'loneLeaders'> | null } {
  const byId = commandsById(commands);
  const above = new Set<string>();
  for (const top of tops) for (let c: CommandRow | undefined = top; c; c = c.parent_id ? byId.get(c.parent_id) : undefined) above.add(c.id);
  const alone = readLeaders(ctx.db).filter(
    (l) => l.side === g.side && l.arrives_alone === 1 && l.command_id !== null && byId.has(l.command_id) && l.arrival_turn_id === g.scheduled_turn_id && (l.arrival_area ?? '').toLowerCase() === g.entry_area.toLowerCase(),
  );
  const own = tops.filter((c) => c.leader_id).map((c) => ({ level: c.level, leader: readLeader(ctx.db, c.leader_id!) })).filter((x) => x.leader !== undefined && x.leader.arrives_alone === 0);
  const candidates = [
    ...own.filter((x) => x.leader!.casualty === 'none').map((x) => ({ level: x.level, rating: x.leader!.rating, ridesAlone: false, sameTurnAndArea: true, commandsGroupOrAbove: true })),
    ...alone.filter((l) => l.casualty === 'none').map((l) => ({ level: byId.get(l.command_id!)!.level, rating: l.rating, ridesAlone: true, sameTurnAndArea: true, commandsGroupOrAbove: above.has(l.command_id!) })),
  ];
  const reading = readHouseReadings(ctx.db).loneLeaders;
  const r = askRules(() => highestCommanderInGroup(candidates, reading));
  return { rating: r.rating, byReading: r.byReading ? reading : null };
}

/** What every group's check reads: the commands and where units are, read once per request. */
export interface ArrivalState {
  commands: CommandRow[];
  withUnitsOnMap: ReadonlySet<string>;
}

export function arrivalState(ctx: GameContext): ArrivalState {
  return { commands: readCommands(ctx.db), withUnitsOnMap: commandsWithUnitsOnMap(ctx) };
}

/** A roll for entry with the DRMs the rule modules add to it, itemised with their source; a group that does not roll is left as it is. */
function withModuleDrms(ctx: GameContext, g: ReinforcementGroupDbRow, turnId: string, c: ArrivalCheck): ArrivalCheck {
  if (c.status !== 'roll') return c;
  const extra = arrivalDrmItems(ctx, { side: g.side, groupId: g.id, turnId });
  if (extra.length === 0) return c;
  return { ...c, drm: { total: c.drm.total + extra.reduce((n, i) => n + i.value, 0), items: [...c.drm.items, ...extra] } };
}

export function groupCheck(ctx: GameContext, g: ReinforcementGroupDbRow, game: GameRow, overrides: { formationOnMap?: boolean; overallCommanderOnMap?: boolean } = {}, state: ArrivalState = arrivalState(ctx)): GroupCheck {
  const now = readClock(ctx.db).turn_id;
  const { commands } = state;
  const tops = topsOf(g.id, commands);
  const alt = readAlternativeArrival(ctx.db, g.id) ?? null;
  const alternative = alt && alt.entry_area !== null ? alt : null;
  if (alternative) {
    const highest = highestCommanderRating(ctx, g, tops, commands);
    const c = askRules(() =>
      alternativeArrival({
        scheduled: g.scheduled_turn_id,
        now,
        orderedAt: alternative.ordered_turn_id!,
        highestCommanderRating: highest.rating,
        ...(highest.byReading === null ? {} : { highestCommanderReading: highest.byReading }),
      }),
    );
    return { check: withModuleDrms(ctx, g, now, c), alternative, rolledThisTurn: alternative.rolled_turn_id === now };
  }
  const formation = overrides.formationOnMap ?? formationUnitOnMap(tops, commands, state.withUnitsOnMap);
  const overall = overrides.overallCommanderOnMap ?? overallCommanderOnMap(ctx, g.side, game);
  // RI-S13: the game's house reading may count the acting army commander as the Overall Commander (unless the players stated it).
  const overallCommanderReading = readHouseReadings(ctx.db).overallCommander;
  const acting = overrides.overallCommanderOnMap === undefined && overallCommanderReading === 'actingCommander' && actingCommanderOnMap(ctx, g.side, game);
  const c = askRules(() => variableArrival({ scheduled: g.scheduled_turn_id, now, formationUnitOnMap: formation, overallCommanderOnMap: overall, actingCommanderOnMap: acting, overallCommanderReading }));
  return { check: withModuleDrms(ctx, g, now, c), alternative: null, rolledThisTurn: g.rolled_turn_id === now };
}

/**
 * The groups that must roll for entry this turn and have not (RI-B02), for the turn's obligations: a group
 * sent to an Alternative Arrival Area is named to nobody (its side's secret, RI-B03).
 */
export function arrivalRollsDueNow(ctx: GameContext): { groupId: string; side: Side; name: string; secret: boolean }[] {
  const game = readGame(ctx.db);
  const state = arrivalState(ctx);
  return readGroups(ctx.db)
    .filter((g) => g.arrived_turn_id === null)
    .flatMap((g) => {
      const c = groupCheck(ctx, g, game, {}, state);
      return c.check.status === 'roll' && !c.rolledThisTurn ? [{ groupId: g.id, side: g.side, name: groupName(g, state.commands), secret: c.alternative !== null }] : [];
    });
}

/** Names of the groups that must roll for entry this turn and have not (RI-B02). */
export function arrivalRollsDue(ctx: GameContext): string[] {
  const game = readGame(ctx.db);
  const state = arrivalState(ctx);
  const commands = state.commands;
  return readGroups(ctx.db)
    .filter((g) => g.arrived_turn_id === null)
    .filter((g) => {
      const c = groupCheck(ctx, g, game, {}, state);
      return c.check.status === 'roll' && !c.rolledThisTurn;
    })
    .map((g) => groupName(g, commands));
}

export function groupName(g: ReinforcementGroupDbRow, commands: CommandRow[]): string {
  return topsOf(g.id, commands).map((c) => c.name).join(', ') || g.id;
}
