/**
 * A scenario written into a new game file: the forces a game keeps (all, or the chosen commands with their
 * superiors, RI-S02) and the rows of every table the scenario fills, in as few statements as SQLite allows.
 */
import type { Scenario } from '../data/scenario-schema';
import type { OrderCode } from '../rules/types';
import type { SqliteDatabase } from './open';
import type { SqlValue } from './events';
import { statement } from './statements';

/**
 * The part of a scenario a game keeps: everything, or the subtrees of the chosen commands plus their
 * superiors (so the chain of command up to the army is intact). RI-S02.
 */
export function selectForces(s: Scenario, commandIds: readonly string[] | undefined): Scenario {
  if (!commandIds || commandIds.length === 0) return s;
  const children = new Map<string, string[]>();
  for (const c of s.commands) if (c.parentId) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const byId = new Map(s.commands.map((c) => [c.id, c]));
  const kept = new Set<string>();
  const addSubtree = (id: string) => {
    kept.add(id);
    for (const child of children.get(id) ?? []) addSubtree(child);
  };
  for (const id of commandIds) {
    addSubtree(id);
    let parent = byId.get(id)?.parentId ?? null;
    while (parent) {
      kept.add(parent);
      parent = byId.get(parent)?.parentId ?? null;
    }
  }
  const sidesKept = new Set(s.commands.filter((c) => kept.has(c.id)).map((c) => c.side));
  const leaders = s.leaders.filter((l) => (l.commandId === null ? sidesKept.has(l.side) : kept.has(l.commandId)));
  const leaderIds = new Set(leaders.map((l) => l.id));
  return {
    ...s,
    commands: s.commands.filter((c) => kept.has(c.id)),
    leaders,
    units: s.units.filter((u) => kept.has(u.commandId)),
    initialOrders: s.initialOrders.filter((o) => kept.has(o.commandId)),
    ...(s.leaderArrivals ? { leaderArrivals: s.leaderArrivals.filter((a) => leaderIds.has(a.leaderId)) } : {}),
    reinforcements: s.reinforcements
      .map((g) => ({ ...g, commandIds: g.commandIds.filter((id) => kept.has(id)) }))
      .filter((g) => g.commandIds.length > 0),
  };
}

export interface InsertScenarioOptions {
  players: { USA: string; CSA: string };
  createdAt: string;
  /** The first step of the sequence of play. */
  firstStep: { step: number; segment: string; phase: string };
  /** Orders for armies the scenario leaves without one (every command must have an order). */
  armyDefaultOrder: OrderCode;
}

function hasTable(db: SqliteDatabase, name: string): boolean {
  return (statement(db, "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) as { n: number }).n === 1;
}

/** SQLite's limit on bound parameters in one statement (SQLITE_MAX_VARIABLE_NUMBER, 32766 since 3.32). */
const MAX_PARAMETERS = 32_766;

/**
 * Inserts rows into a table with as few statements as SQLite's parameter limit allows: one multi-row
 * VALUES list per chunk, the values bound as they are (the full battle's ~1,400 rows in a statement per
 * table), instead of one statement run per row, which costs several times more. Rows go in in order.
 */
function insertRows(db: SqliteDatabase, table: string, columns: readonly string[], rows: readonly SqlValue[][]): void {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let at = 0; at < rows.length; at += perStatement) {
    const chunk = rows.slice(at, at + perStatement);
    // Not kept in the statement cache: each runs once, when the game is created.
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(chunk.length).fill(one).join(', ')}`).run(chunk.flat());
  }
}

/** Copies a (selected) scenario into a fresh game file. Runs inside the creation transaction. */
export function insertScenario(db: SqliteDatabase, s: Scenario, o: InsertScenarioOptions): void {
  statement(
    db,
    `INSERT INTO game (id, scenario_id, scenario_name, approximate, usa_player, csa_player, created_at, army_usa, army_csa,
                       first_turn_id, last_turn_id, objectives)
     VALUES (1, @scenario_id, @scenario_name, @approximate, @usa_player, @csa_player, @created_at, @army_usa, @army_csa,
             @first_turn_id, @last_turn_id, @objectives)`,
  ).run({
    scenario_id: s.id,
    scenario_name: s.name,
    approximate: s.approximate ? 1 : 0,
    usa_player: o.players.USA,
    csa_player: o.players.CSA,
    created_at: o.createdAt,
    army_usa: s.armies.USA,
    army_csa: s.armies.CSA,
    first_turn_id: s.firstTurnId,
    last_turn_id: s.lastTurnId,
    objectives: JSON.stringify(s.objectives),
  });
  // Each side's Geographic Objectives, none occupied yet (Rev. Victory).
  insertRows(db, 'objectives', ['id', 'side', 'objective_id', 'name', 'position'], (['USA', 'CSA'] as const).flatMap((side) => s.objectives[side].map((x, i) => [`${side}:${x.id}`, side, x.id, x.name, i])));
  insertRows(db, 'turns', ['id', 'idx', 'date', 'time', 'light', 'afternoon'], s.turns.map((t, i) => [t.id, i, t.date, t.time, t.light, t.afternoon ? 1 : 0]));
  statement(db, 'INSERT INTO clock (id, turn_id, step, segment, phase) VALUES (1, ?, ?, ?, ?)').run(s.firstTurnId, o.firstStep.step, o.firstStep.segment, o.firstStep.phase);
  statement(db, 'INSERT INTO turn_state (id) VALUES (1)').run();

  insertRows(db, 'reinforcement_groups', ['id', 'side', 'scheduled_turn_id', 'entry_area'], s.reinforcements.map((g) => [g.id, g.side, g.scheduledTurnId, g.entryArea]));
  // A side's secret rows (schema version 4): nothing ordered, nothing concealed. A file made with an older
  // schema (the migrations' tests) gets them when migration 0004 brings it up to date.
  const secrets = hasTable(db, 'alternative_arrivals');
  if (secrets) insertRows(db, 'alternative_arrivals', ['id', 'side'], s.reinforcements.map((g) => [g.id, g.side]));

  // Commands that arrive later, with their whole subtrees, start off the map.
  const children = new Map<string, string[]>();
  for (const c of s.commands) if (c.parentId) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const groupOf = new Map<string, string>();
  const offMap = new Set<string>();
  const markOff = (id: string) => {
    offMap.add(id);
    for (const child of children.get(id) ?? []) markOff(child);
  };
  for (const g of s.reinforcements) {
    for (const id of g.commandIds) {
      groupOf.set(id, g.id);
      markOff(id);
    }
  }
  const orders = new Map(s.initialOrders.map((x) => [x.commandId, x.order]));
  for (const side of ['USA', 'CSA'] as const) if (!orders.has(s.armies[side])) orders.set(s.armies[side], o.armyDefaultOrder);

  // Parents before children, so the foreign key on parent_id holds row by row.
  const depth = new Map<string, number>();
  const byId = new Map(s.commands.map((c) => [c.id, c]));
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const parent = byId.get(id)?.parentId;
    const d = parent ? depthOf(parent) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  const positions = new Map(s.commands.map((c, i) => [c.id, i]));
  const ordered = [...s.commands].sort((a, b) => depthOf(a.id) - depthOf(b.id) || positions.get(a.id)! - positions.get(b.id)!);
  insertRows(
    db,
    'commands',
    ['id', 'side', 'level', 'name', 'parent_id', 'leader_id', 'cavalry', 'artillery', 'position', 'reinforcement_group_id', 'own_order', 'on_map'],
    ordered.map((c) => [
      c.id, c.side, c.level, c.name, c.parentId, c.leaderId, c.cavalry ? 1 : 0, c.artillery ? 1 : 0,
      positions.get(c.id)!, groupOf.get(c.id) ?? null, orders.get(c.id) ?? null, offMap.has(c.id) ? 0 : 1,
    ]),
  );
  // Each command's (secret) Concealed Movement row, not concealed.
  if (secrets) insertRows(db, 'concealment', ['id', 'side'], ordered.map((c) => [c.id, c.side]));
  // Leaders listed in leaderArrivals enter on their own; the others come with their command (or start on the map).
  const alone = new Map((s.leaderArrivals ?? []).map((a) => [a.leaderId, a]));
  insertRows(
    db,
    'leaders',
    ['id', 'side', 'name', 'stars', 'rating', 'range', 'role', 'command_id', 'rating_verified', 'position', 'arrives_alone', 'arrival_turn_id', 'arrival_area', 'on_map'],
    s.leaders.map((l, i) => {
      const arrival = alone.get(l.id);
      const onMap = arrival ? false : l.commandId === null || !offMap.has(l.commandId);
      return [
        l.id, l.side, l.name, l.stars, l.rating, l.range, l.role, l.commandId, l.ratingVerified ? 1 : 0, i,
        arrival ? 1 : 0, arrival?.scheduledTurnId ?? null, arrival?.entryArea ?? null, onMap ? 1 : 0,
      ];
    }),
  );
  insertRows(
    db,
    'units',
    ['id', 'side', 'name', 'arm', 'sp', 'weapon', 'command_id', 'horse_artillery', 'sharpshooters', 'can_dismount', 'men', 'position', 'on_map'],
    s.units.map((u, i) => [
      u.id, u.side, u.name, u.arm, u.sp, u.weapon, u.commandId, u.horseArtillery ? 1 : 0, u.sharpshooters ? 1 : 0,
      u.canDismount ? 1 : 0, u.men, i, offMap.has(u.commandId) ? 0 : 1,
    ]),
  );
}
