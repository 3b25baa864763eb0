/**
 * The named scenarios: the revision's five and a small demo, each a selection of the full battle's forces with
 * its own first and last turns, cut from the full-battle scenario with a whole chain of command.
 */
import type { LeaderArrival, ReinforcementGroup, Scenario } from '../../data/scenario-schema';
import { standardNotes } from './full-battle';
import { turnsBetween } from './time-track';

// Named scenarios: selections of the full battle (RI-D15)

export interface ScenarioSpec {
  id: string;
  name: string;
  description: string;
  firstTurnId: string;
  lastTurnId: string;
  /** Commands whose whole subtrees take part. */
  commandIds: string[];
  /** Single units taking part without the rest of their command (e.g. Hazlett's battery). */
  unitIds: string[];
  /** Leaders without a command (staff) who take part. */
  staffLeaderIds: string[];
  notes: string[];
  /**
   * The ground this scenario is fought over (RI-D13): each side's Geographic Objectives and how many it
   * must hold. The full battle's lists belong to the full battle; players correct these in Setup.
   */
  objectives: Scenario['objectives'];
}

/** One objective of a named scenario, by name (its id is the name in lower case, words joined by '-'). */
function objective(name: string): Scenario['objectives']['USA'][number] {
  return { id: name.toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), name };
}

const SHEET_NOTE = "The forces and the start and end turns are Muster's selection from the historical order of battle: adjust them to the scenario sheet before the first turn.";

export const SCENARIO_SPECS: ScenarioSpec[] = [
  {
    id: 'feeling-the-enemy',
    name: 'Feeling the Enemy',
    description: "Heth v. Buford, 1 July morning (formerly \"Herr's Ridge\", with corrections): Heth's division and Pegram's guns push down the Chambersburg Pike against Buford's dismounted troopers.",
    firstTurnId: '1863-07-01T0740',
    lastTurnId: '1863-07-01T1000',
    commandIds: ['usa-cavalry-1-gamble', 'usa-cavalry-1-devin', 'csa-heth-division', 'csa-walker-pegram'],
    unitIds: [],
    staffLeaderIds: [],
    objectives: { USA: [objective('McPherson Ridge')], CSA: [objective('McPherson Ridge'), objective('Seminary Ridge')], required: { USA: 1, CSA: 1 } },
    notes: ['Buford holds with Gamble and Devin; Merritt is away at Mechanicstown. Pegram\'s battalion follows Heth onto the map.'],
  },
  {
    id: 'black-hat-fellers',
    name: 'The Black Hat Fellers',
    description: "The Iron Brigade v. Heth, 1 July morning: Meredith's Black Hats arrive on McPherson's Ridge against Heth's division.",
    firstTurnId: '1863-07-01T1000',
    lastTurnId: '1863-07-01T1200',
    commandIds: ['usa-i-1-meredith', 'csa-heth-division'],
    unitIds: [],
    staffLeaderIds: [],
    objectives: { USA: [objective('McPherson Ridge'), objective('Herbst Woods')], CSA: [objective('McPherson Ridge'), objective('Herbst Woods')], required: { USA: 1, CSA: 2 } },
    notes: ["The Union side is Meredith's brigade alone; add Cutler's brigade or Hall's battery if the scenario sheet gives them."],
  },
  {
    id: 'georgia-on-my-mind',
    name: 'Georgia on My Mind',
    description: "Barlow's Knoll, 1 July afternoon: Barlow's division of the XI Corps and Wilkeson's battery against the Georgians of Gordon and Doles with Jones's guns.",
    firstTurnId: '1863-07-01T1440',
    lastTurnId: '1863-07-01T1640',
    commandIds: ['usa-xi-1', 'csa-early-gordon', 'csa-early-jones', 'csa-rodes-doles'],
    unitIds: ['usa-battery-g-4th-us'],
    staffLeaderIds: [],
    objectives: { USA: [objective("Barlow's Knoll")], CSA: [objective("Barlow's Knoll"), objective('Almshouse')], required: { USA: 1, CSA: 1 } },
    notes: ["The Confederate side is the two Georgia brigades that broke Barlow (Gordon of Early's division, Doles of Rodes's) with Jones's battalion; the rest of Early's division is left out."],
  },
  {
    id: 'little-round-top',
    name: 'Little Round Top',
    description: "2 July afternoon: Vincent's and Weed's brigades and Hazlett's battery race Law's and Robertson's brigades of Hood's division for the hill.",
    firstTurnId: '1863-07-02T1600',
    lastTurnId: '1863-07-02T1840',
    commandIds: ['usa-v-1-vincent', 'usa-v-2-weed', 'csa-hood-law', 'csa-hood-robertson'],
    unitIds: ['usa-battery-d-5th-us'],
    staffLeaderIds: ['usa-warren'],
    objectives: { USA: [objective('Little Round Top')], CSA: [objective('Little Round Top'), objective('Big Round Top')], required: { USA: 1, CSA: 1 } },
    notes: ["Hazlett's battery (Battery D, 5th U.S.) comes without the rest of Martin's artillery brigade."],
  },
  {
    id: 'july-2-stuart-variant',
    name: 'July 2 - Stuart Variant',
    description: "Alternative history, 2 July: Stuart's cavalry division rides in east of town on the second day and meets the Union cavalry of Gregg and Kilpatrick.",
    firstTurnId: '1863-07-02T1200',
    lastTurnId: '1863-07-02T1840',
    commandIds: ['usa-cavalry-2', 'usa-cavalry-3', 'usa-cavalry-robertson', 'csa-cavalry-division'],
    unitIds: [],
    staffLeaderIds: [],
    objectives: { USA: [objective('Hanover Road crossing of the Low Dutch Road')], CSA: [objective('Hanover Road crossing of the Low Dutch Road'), objective('Cress Ridge')], required: { USA: 1, CSA: 1 } },
    notes: [
      "Muster's selection: Stuart's whole division (Jenkins already on the map, the rest entering on the Harrisburg Road) against Gregg's and Kilpatrick's divisions and Robertson's horse artillery. The cavalry fight of 3 July, moved to 2 July.",
    ],
  },
  {
    id: 'skirmish-at-willoughby-run',
    name: 'Skirmish at Willoughby Run',
    description: "A small demonstration scenario, 1 July morning: Gamble's troopers with Calef's battery and Meredith's Iron Brigade against Archer's and Davis's brigades with Marye's Fredericksburg battery.",
    firstTurnId: '1863-07-01T0740',
    lastTurnId: '1863-07-01T1100',
    commandIds: ['usa-cavalry-1-gamble', 'usa-i-1-meredith', 'csa-heth-archer', 'csa-heth-davis'],
    unitIds: ['csa-fredericksburg-battery-virginia'],
    staffLeaderIds: [],
    objectives: { USA: [objective('McPherson Ridge')], CSA: [objective('McPherson Ridge'), objective('Willoughby Run crossing')], required: { USA: 1, CSA: 1 } },
    notes: ['Not a scenario of the revision: a brigade or two a side for learning Muster and for tests.'],
  },
];

/**
 * Builds a scenario from the full battle: the chosen subtrees and units, every superior command up to both
 * armies (so the chain of command is whole), their leaders, the turns between the spec's first and last turn,
 * and the full battle's arrivals that fall inside them. Forces scheduled at or before the first turn start on
 * the map; leaders arriving after the last turn are listed with a null turn (they never come).
 */
export function buildScenario(full: Scenario, spec: ScenarioSpec): Scenario {
  const commandById = new Map(full.commands.map((c) => [c.id, c]));
  const children = new Map<string, string[]>();
  for (const c of full.commands) if (c.parentId) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);

  const inSubtree = new Set<string>();
  const addSubtree = (id: string) => {
    inSubtree.add(id);
    for (const child of children.get(id) ?? []) addSubtree(child);
  };
  for (const id of spec.commandIds) {
    if (!commandById.has(id)) throw new Error(`convert-oob: scenario ${spec.id} selects command ${id}, which the full battle does not have`);
    addSubtree(id);
  }
  const unitById = new Map(full.units.map((u) => [u.id, u]));
  for (const id of spec.unitIds) if (!unitById.has(id)) throw new Error(`convert-oob: scenario ${spec.id} selects unit ${id}, which the full battle does not have`);
  const chosenUnits = new Set(spec.unitIds);

  const included = new Set<string>([full.armies.USA, full.armies.CSA]);
  const addWithSuperiors = (id: string | null) => {
    for (let at = id; at !== null; at = commandById.get(at)?.parentId ?? null) included.add(at);
  };
  for (const id of inSubtree) addWithSuperiors(id);
  for (const id of spec.unitIds) addWithSuperiors(unitById.get(id)!.commandId);

  const commands = full.commands.filter((c) => included.has(c.id));
  const units = full.units.filter((u) => inSubtree.has(u.commandId) || chosenUnits.has(u.id));
  const staff = new Set(spec.staffLeaderIds);
  const leaders = full.leaders.filter((l) => (l.commandId === null ? staff.has(l.id) : included.has(l.commandId)));
  for (const id of staff) if (!full.leaders.some((l) => l.id === id && l.commandId === null)) throw new Error(`convert-oob: scenario ${spec.id} names staff leader ${id}, who is not a staff leader of the full battle`);

  const turns = turnsBetween(full.turns, spec.firstTurnId, spec.lastTurnId);
  const position = new Map(full.turns.map((t, i) => [t.id, i]));
  const first = position.get(spec.firstTurnId)!;
  const last = position.get(spec.lastTurnId)!;

  const reinforcements: ReinforcementGroup[] = [];
  for (const g of full.reinforcements) {
    const commandIds = g.commandIds.filter((id) => included.has(id));
    const at = position.get(g.scheduledTurnId)!;
    if (commandIds.length === 0 || at <= first) continue;
    if (at > last) throw new Error(`convert-oob: scenario ${spec.id} includes ${commandIds.join(', ')}, which arrive (${g.scheduledTurnId}) after its last turn`);
    reinforcements.push({ ...g, commandIds });
  }
  const leaderIds = new Set(leaders.map((l) => l.id));
  const leaderArrivals: LeaderArrival[] = [];
  for (const a of full.leaderArrivals ?? []) {
    if (!leaderIds.has(a.leaderId) || a.scheduledTurnId === null) continue;
    const at = position.get(a.scheduledTurnId)!;
    if (at <= first) continue;
    leaderArrivals.push(at > last ? { leaderId: a.leaderId, scheduledTurnId: null, entryArea: null } : a);
  }

  return {
    formatVersion: 1,
    id: spec.id,
    name: spec.name,
    description: spec.description,
    approximate: true,
    notes: [SHEET_NOTE, ...spec.notes, ...standardNotes(commands, leaders, leaderArrivals)],
    firstTurnId: spec.firstTurnId,
    lastTurnId: spec.lastTurnId,
    turns,
    armies: full.armies,
    commands,
    leaders,
    units,
    initialOrders: full.initialOrders.filter((o) => included.has(o.commandId)),
    reinforcements,
    leaderArrivals,
    objectives: spec.objectives,
  };
}
