/**
 * Loading scenarios: the built-in ones under data/scenarios/ by id, or any JSON file by path.
 * Every scenario is checked against the zod schema and for consistent cross-references
 * (parents, leaders, units' brigades, reinforcement turns) before the game service sees it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioSchema, type Scenario } from './scenario-schema';

export const SCENARIO_DIR = fileURLToPath(new URL('./scenarios/', import.meta.url));

export class ScenarioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScenarioError';
  }
}

/** Ids of the built-in scenarios (file names under data/scenarios/ without .json). */
export function builtInScenarioIds(dir = SCENARIO_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/**
 * Scenario texts already checked, and the checked scenario: the same text is the same scenario, so it is
 * checked once per process (each load still reads the file). The scenario is deeply frozen and shared:
 * nobody may change a loaded scenario (a game copies what it needs into its file).
 */
const checkedTexts = new Map<string, Scenario>();
const CHECKED_TEXTS_KEPT = 8;

/** Loads a built-in scenario by id ("gettysburg") or a scenario file by path ("my/scenario.json"). */
export function loadScenario(idOrPath: string, dir = SCENARIO_DIR): Scenario {
  const path = idOrPath.endsWith('.json') ? idOrPath : join(dir, `${idOrPath}.json`);
  if (!existsSync(path)) {
    const known = builtInScenarioIds(dir).join(', ');
    throw new ScenarioError(`scenario: no scenario "${idOrPath}" (built-in: ${known}; or give a path to a .json file)`);
  }
  const text = readFileSync(path, 'utf8');
  const checked = checkedTexts.get(text);
  if (checked !== undefined) return checked;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError(`scenario: ${path} is not valid JSON (${(e as Error).message})`);
  }
  const scenario = parseScenario(raw, path);
  if (checkedTexts.size >= CHECKED_TEXTS_KEPT) checkedTexts.delete(checkedTexts.keys().next().value!);
  deepFreeze(scenario);
  checkedTexts.set(text, scenario);
  return scenario;
}

/** Freezes an object and everything in it (a loaded scenario is shared, so it must never change). */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** Validates raw JSON as a scenario: schema first, then cross-references. */
export function parseScenario(raw: unknown, source = 'scenario'): Scenario {
  const parsed = ScenarioSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? first.path.join('.') : '';
    throw new ScenarioError(`scenario: ${source} does not match the scenario format at ${where}: ${first?.message ?? 'invalid'}`);
  }
  const problems = crossReferenceProblems(parsed.data);
  if (problems.length > 0) {
    throw new ScenarioError(`scenario: ${source} is inconsistent: ${problems.slice(0, 5).join('; ')}`);
  }
  return parsed.data;
}

/** Every dangling or duplicated reference in a schema-valid scenario. Empty when consistent. */
export function crossReferenceProblems(s: Scenario): string[] {
  const problems: string[] = [];
  const duplicates = (kind: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) problems.push(`${kind} id "${id}" is used twice`);
      seen.add(id);
    }
    return seen;
  };
  const commands = duplicates('command', s.commands.map((c) => c.id));
  const leaders = duplicates('leader', s.leaders.map((l) => l.id));
  duplicates('unit', s.units.map((u) => u.id));
  const turns = duplicates('turn', s.turns.map((t) => t.id));
  const commandById = new Map(s.commands.map((c) => [c.id, c]));

  for (const c of s.commands) {
    if (c.parentId !== null && !commands.has(c.parentId)) problems.push(`command ${c.id}: parent ${c.parentId} does not exist`);
    if (c.parentId !== null && commandById.get(c.parentId)?.side !== c.side) problems.push(`command ${c.id}: parent is on the other side`);
    if (c.leaderId !== null && !leaders.has(c.leaderId)) problems.push(`command ${c.id}: leader ${c.leaderId} does not exist`);
    if (c.parentId === null && c.level !== 'army') problems.push(`command ${c.id}: only armies have no parent`);
  }
  for (const l of s.leaders) {
    if (l.commandId !== null && !commands.has(l.commandId)) problems.push(`leader ${l.id}: command ${l.commandId} does not exist`);
  }
  for (const u of s.units) {
    const c = commandById.get(u.commandId);
    if (!c) problems.push(`unit ${u.id}: command ${u.commandId} does not exist`);
    else if (c.side !== u.side) problems.push(`unit ${u.id}: its command is on the other side`);
    if (u.arm === 'artillery' && u.weapon !== null) problems.push(`unit ${u.id}: artillery has no small-arms weapon`);
    if (u.arm !== 'artillery' && u.weapon === null) problems.push(`unit ${u.id}: infantry and cavalry need a weapon type`);
  }
  for (const side of ['USA', 'CSA'] as const) {
    const army = commandById.get(s.armies[side]);
    if (!army || army.level !== 'army' || army.side !== side) problems.push(`armies.${side}: ${s.armies[side]} is not a ${side} army command`);
  }
  for (const o of s.initialOrders) {
    if (!commands.has(o.commandId)) problems.push(`initialOrders: command ${o.commandId} does not exist`);
  }
  for (const g of s.reinforcements) {
    if (!turns.has(g.scheduledTurnId)) problems.push(`reinforcement ${g.id}: turn ${g.scheduledTurnId} is not on the time track`);
    for (const id of g.commandIds) if (!commands.has(id)) problems.push(`reinforcement ${g.id}: command ${id} does not exist`);
  }
  for (const a of s.leaderArrivals ?? []) {
    if (!leaders.has(a.leaderId)) problems.push(`leaderArrivals: leader ${a.leaderId} does not exist`);
    if (a.scheduledTurnId !== null && !turns.has(a.scheduledTurnId)) problems.push(`leaderArrivals: ${a.leaderId} arrives on turn ${a.scheduledTurnId}, which is not on the time track`);
  }
  if (!turns.has(s.firstTurnId)) problems.push(`firstTurnId ${s.firstTurnId} is not on the time track`);
  if (!turns.has(s.lastTurnId)) problems.push(`lastTurnId ${s.lastTurnId} is not on the time track`);
  const order = s.turns.map((t) => t.id);
  if (order.indexOf(s.firstTurnId) > order.indexOf(s.lastTurnId)) problems.push('firstTurnId comes after lastTurnId');
  return problems;
}
