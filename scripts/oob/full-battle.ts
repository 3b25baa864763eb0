/**
 * The full battle (`gettysburg`): all forces of both armies, 1-3 July, with their historical arrivals, the
 * geographic objectives, the default initial orders and the general notes every scenario carries.
 */
import type { LeaderArrival, ReinforcementGroup, Scenario, ScenarioCommand, ScenarioLeader } from '../../data/scenario-schema';
import type { OrderCode } from '../../rules/types';
import { ARMIES, WARREN, WING } from './commanders';
import { buildOrderOfBattle } from './order-of-battle';
import type { OobRow } from './read-csv';
import { FULL_BATTLE_FIRST_TURN, FULL_BATTLE_GROUPS, FULL_BATTLE_LAST_TURN, FULL_BATTLE_LEADER_ARRIVALS, fullTimeTrack, turnsBetween } from './time-track';

/** Geographic objectives (Rev. Victory; names approximate 15.6.7's lists, RI-D13). */
const OBJECTIVES: Scenario['objectives'] = {
  USA: [
    { id: 'seminary-ridge', name: 'Seminary Ridge' },
    { id: 'oak-hill', name: 'Oak Hill' },
    { id: 'herrs-ridge', name: "Herr's Ridge" },
    { id: 'benners-hill', name: "Benner's Hill" },
    { id: 'staging-area-1', name: 'Staging Area 1' },
    { id: 'staging-area-2', name: 'Staging Area 2' },
  ],
  CSA: [
    { id: 'cemetery-hill', name: 'Cemetery Hill' },
    { id: 'culps-hill', name: "Culp's Hill" },
    { id: 'cemetery-ridge', name: 'Cemetery Ridge' },
    { id: 'little-round-top', name: 'Little Round Top' },
    { id: 'big-round-top', name: 'Big Round Top' },
    { id: 'powers-hill', name: 'Powers Hill' },
    { id: 'gettysburg', name: 'Gettysburg (the town)' },
    { id: 'staging-area-10', name: 'Staging Area 10' },
    { id: 'staging-area-11', name: 'Staging Area 11' },
  ],
  required: { USA: 2, CSA: 5 },
};

const APPROXIMATION_NOTE =
  'Approximate: arrival times, entry areas, leader stars, ratings and ranges, and weapon types are Muster defaults ' +
  '(leaders are marked unverified). Adjust them to your Master Reinforcement Chart, counters and organization charts before the first turn.';

const STRENGTH_NOTE =
  'Strengths are the engaged strengths of the historical order of battle: infantry and cavalry 1 SP per 50 men (half up, at least 1), artillery 1 SP per gun. Edit them to match your counters.';
const ORDERS_NOTE =
  'Reinforcements enter with March orders and Reinforcement Strategic Movement markers (Rev. Orders Segment); the initial orders are those of the forces on the map at the start.';
const REYNOLDS_NOTE =
  'Reynolds appears twice: as I Corps commander and as Left Wing commander, the interim army commander until Meade arrives (Rev. US Wing/Grand Division Commanders).';
const LEE_NOTE = 'Lee enters under the restrictions of Random Event "S" (Rev. Robert E. Lee).';
const WARREN_NOTE = 'Warren, Chief of Engineers, may be used once per day: remove him after use; he returns the first turn of the next day (Rev. Warren).';

/** The general notes that apply to a scenario with these commands, leaders and leader arrivals. */
export function standardNotes(commands: ScenarioCommand[], leaders: ScenarioLeader[], arrivals: LeaderArrival[]): string[] {
  const notes = [APPROXIMATION_NOTE, STRENGTH_NOTE, ORDERS_NOTE];
  if (commands.some((c) => c.id === WING.id)) notes.push(REYNOLDS_NOTE);
  if (arrivals.some((a) => a.leaderId === ARMIES.CSA.leaderId && a.scheduledTurnId !== null)) notes.push(LEE_NOTE);
  if (leaders.some((l) => l.id === WARREN.id)) notes.push(WARREN_NOTE);
  return notes;
}

/** Builds the full-battle scenario from the order-of-battle rows: all forces, 1-3 July, historical arrivals. */
export function buildFullBattle(rows: OobRow[]): Scenario {
  const { commands, leaders, units } = buildOrderOfBattle(rows);
  const turns = turnsBetween(fullTimeTrack(), FULL_BATTLE_FIRST_TURN, FULL_BATTLE_LAST_TURN);
  const commandIds = new Set(commands.map((c) => c.id));
  const reinforcements: ReinforcementGroup[] = FULL_BATTLE_GROUPS.map((g) => {
    for (const id of g.commandIds) if (!commandIds.has(id)) throw new Error(`convert-oob: reinforcement group ${g.id} names command ${id}, which the CSV did not produce`);
    return { id: g.id, side: g.side, commandIds: [...g.commandIds], scheduledTurnId: g.turn, entryArea: g.area };
  });
  const leaderIds = new Set(leaders.map((l) => l.id));
  const leaderArrivals: LeaderArrival[] = FULL_BATTLE_LEADER_ARRIVALS.map((a) => {
    if (!leaderIds.has(a.leaderId)) throw new Error(`convert-oob: leader arrival names leader ${a.leaderId}, which the CSV did not produce`);
    return { leaderId: a.leaderId, scheduledTurnId: a.turn, entryArea: a.area };
  });

  return {
    formatVersion: 1,
    id: 'gettysburg',
    name: 'The Battle of Gettysburg',
    description: 'The full battle, 1-3 July 1863: every regiment and battery of both armies, arriving as they did historically.',
    approximate: true,
    notes: standardNotes(commands, leaders, leaderArrivals),
    firstTurnId: FULL_BATTLE_FIRST_TURN,
    lastTurnId: FULL_BATTLE_LAST_TURN,
    turns,
    armies: { USA: ARMIES.USA.id, CSA: ARMIES.CSA.id },
    commands,
    leaders,
    units,
    initialOrders: defaultInitialOrders(commands),
    reinforcements,
    leaderArrivals,
    objectives: OBJECTIVES,
  };
}

/** The Default Order of a command's arm (Rev. Orders Table): artillery WDRW, cavalry SKPD, otherwise HOLD. */
export function defaultOrderOf(command: Pick<ScenarioCommand, 'artillery' | 'cavalry'>): OrderCode {
  if (command.artillery) return 'WDRW';
  if (command.cavalry) return 'SKPD';
  return 'HOLD';
}

/**
 * Initial orders (RI-D11): every army, wing and corps (and Stuart's division, directly under its army) gets
 * its arm's Default Order, and so does every command whose arm's default differs from its superior's;
 * all other commands inherit (Rev. Orders Segment).
 */
export function defaultInitialOrders(commands: ScenarioCommand[]): Scenario['initialOrders'] {
  const byId = new Map(commands.map((c) => [c.id, c]));
  return commands.flatMap((c) => {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    const topLevel = !parent || c.level === 'wing' || c.level === 'corps' || parent.level === 'army';
    const order = defaultOrderOf(c);
    return topLevel || defaultOrderOf(parent) !== order ? [{ commandId: c.id, order }] : [];
  });
}
