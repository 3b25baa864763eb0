/**
 * The built-in scenarios as players receive them: every file loads (schema and cross-references), the full
 * battle holds the whole historical order of battle with the totals of shared/data/SOURCE.md (checked here on the
 * committed JSON: the CSV stays outside the repository, `npm run scenarios -- <csv> --check`), the defaults of
 * docs/rules-interpretations.md hold for every unit, leader and command, and each named scenario is a faithful selection
 * of the full battle with a whole chain of command.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario, ScenarioCommand } from './scenario-schema';
import { builtInScenarioIds, crossReferenceProblems, loadScenario, parseScenario, SCENARIO_DIR, ScenarioError } from './scenarios';

const NAMED = ['feeling-the-enemy', 'black-hat-fellers', 'georgia-on-my-mind', 'little-round-top', 'july-2-stuart-variant'];
const ALL = ['gettysburg', ...NAMED, 'skirmish-at-willoughby-run'];

const full = loadScenario('gettysburg');
const scenarios = new Map(ALL.map((id) => [id, loadScenario(id)]));

function tree(s: Scenario) {
  const byId = new Map(s.commands.map((c) => [c.id, c]));
  const chain = (id: string): ScenarioCommand[] => {
    const out: ScenarioCommand[] = [];
    for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) out.push(c);
    return out;
  };
  const orders = new Map(s.initialOrders.map((o) => [o.commandId, o.order]));
  /** The order a command is under: its own, or its nearest superior's (Rev. Orders Segment). */
  const orderOf = (id: string) => chain(id).map((c) => orders.get(c.id)).find((o) => o !== undefined);
  return { byId, chain, orderOf };
}

/** Which group brings each command (the nearest listed ancestor's group), or undefined when on the map at start. */
function arrivalGroup(s: Scenario, commandId: string): string | undefined {
  const { chain } = tree(s);
  const listed = new Map(s.reinforcements.flatMap((g) => g.commandIds.map((id) => [id, g.id] as const)));
  return chain(commandId).map((c) => listed.get(c.id)).find((g) => g !== undefined);
}

describe('built-in scenarios', () => {
  it('are the full battle, the five named scenarios of the revision and the demo scenario', () => {
    expect(builtInScenarioIds()).toEqual([...ALL].sort());
  });

  it.each(ALL)('%s loads through the schema and the cross-reference check', (id) => {
    const s = scenarios.get(id)!;
    expect(s.id).toBe(id);
    expect(s.approximate).toBe(true);
    expect(s.notes.join(' ')).toMatch(/adjust/i);
  });

  it('a file loaded again is checked again only if its text changed, and the scenario it gives can never be changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-scenario-'));
    try {
      const file = join(dir, 'mine.json');
      const text = readFileSync(join(SCENARIO_DIR, 'skirmish-at-willoughby-run.json'), 'utf8');
      writeFileSync(file, text);
      const first = loadScenario(file);
      const second = loadScenario(file);
      expect(second).toEqual(first);
      // Shared between loads, so frozen all the way down: a change throws and nothing changes.
      const sp = first.units[0]!.sp;
      expect(() => {
        second.units[0]!.sp = 99;
      }).toThrow(TypeError);
      expect(() => second.units.push(second.units[0]!)).toThrow(TypeError);
      expect(loadScenario(file).units[0]!.sp).toBe(sp);
      // The same file with a dangling reference: refused, not served from what was checked before.
      const broken = JSON.parse(text) as Scenario;
      broken.units[0]!.commandId = 'nowhere';
      writeFileSync(file, JSON.stringify(broken));
      expect(() => loadScenario(file)).toThrow(ScenarioError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are refused when a reference dangles (the loader checks what the converter wrote)', () => {
    const broken = structuredClone(full);
    broken.units[0]!.commandId = 'usa-ix-corps-nowhere';
    expect(() => parseScenario(broken)).toThrow(ScenarioError);
  });
});

describe('the full battle (gettysburg)', () => {
  const side = (s: 'USA' | 'CSA') => full.units.filter((u) => u.side === s);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('has all 587 regiments and batteries: 331 Union, 256 Confederate', () => {
    expect(full.units).toHaveLength(587);
    expect(side('USA')).toHaveLength(331);
    expect(side('CSA')).toHaveLength(256);
  });

  it('carries the engaged strengths of SOURCE.md: 89,008 Union and 69,115 Confederate men', () => {
    expect(sum(side('USA').map((u) => u.men ?? 0))).toBe(89_008);
    expect(sum(side('CSA').map((u) => u.men ?? 0))).toBe(69_115);
    expect(full.units.every((u) => u.men !== null)).toBe(true);
  });

  it('carries the casualties of SOURCE.md: 23,409 Union and 22,431 Confederate', () => {
    expect(sum(side('USA').map((u) => u.historicalCasualties ?? 0))).toBe(23_409);
    expect(sum(side('CSA').map((u) => u.historicalCasualties ?? 0))).toBe(22_431);
  });

  it('has one artillery SP per gun: 356 Union and 258 Confederate, plus 1 for McGregor\'s battery, which lists no guns (RI-D01)', () => {
    const guns = (s: 'USA' | 'CSA') => sum(side(s).filter((u) => u.arm === 'artillery').map((u) => u.sp));
    expect(guns('USA')).toBe(356);
    expect(guns('CSA')).toBe(258 + 1);
    expect(full.units.find((u) => u.id === 'csa-mcgregor-battery-virginia')).toMatchObject({ sp: 1, men: 52 });
  });

  it('gives infantry and cavalry one SP per 50 men, half up, at least 1 (RI-D01)', () => {
    for (const u of full.units.filter((x) => x.arm !== 'artillery')) {
      expect(u.sp, u.id).toBe(Math.max(1, Math.round((u.men ?? 0) / 50)));
    }
    expect(full.units.find((u) => u.id === 'usa-19th-indiana')).toMatchObject({ sp: 6, men: 308, historicalCasualties: 213 }); // 308 / 50 = 6.16
    expect(full.units.find((u) => u.id === 'usa-24th-michigan')).toMatchObject({ sp: 10, men: 496 }); // 9.92
  });

  it('defaults weapons by arm: infantry R, cavalry C, artillery none; Berdan\'s US Sharpshooters B-SS (RI-D02)', () => {
    const sharpshooters = full.units.filter((u) => u.sharpshooters);
    expect(sharpshooters.map((u) => u.name)).toEqual(['1st U.S. Sharpshooters', '2nd U.S. Sharpshooters']);
    expect(sharpshooters.every((u) => u.weapon === 'B-SS' && u.commandId === 'usa-iii-1-ward')).toBe(true);
    for (const u of full.units.filter((x) => !x.sharpshooters)) {
      expect(u.weapon, u.id).toBe({ infantry: 'R', cavalry: 'C', artillery: null }[u.arm]);
    }
  });

  it('lets every cavalry regiment dismount, Confederate too (RI-D03)', () => {
    expect(full.units.filter((u) => u.canDismount).map((u) => u.id)).toEqual(full.units.filter((u) => u.arm === 'cavalry').map((u) => u.id));
    expect(full.units.filter((u) => u.arm === 'cavalry' && u.side === 'CSA')).toHaveLength(20);
  });

  it('makes horse artillery of every battery serving with the cavalry: 8 Union, 3 of Stuart\'s (RI-D04)', () => {
    const { byId } = tree(full);
    const horse = full.units.filter((u) => u.horseArtillery);
    expect(horse.every((u) => u.arm === 'artillery' && byId.get(u.commandId)!.cavalry)).toBe(true);
    expect(horse.filter((u) => u.side === 'USA')).toHaveLength(8);
    expect(horse.filter((u) => u.side === 'CSA').map((u) => u.name)).toEqual(['Jackson Battery (Virginia)', 'Breathed Battery (Virginia)', 'McGregor Battery (Virginia)']);
    expect(full.units.find((u) => u.name === 'Battery A, 2nd U.S.')).toMatchObject({ horseArtillery: true, commandId: 'usa-cavalry-1-gamble' }); // Calef's
  });

  it('names units readably, uniquely per side, with ids made from the names', () => {
    for (const s of ['USA', 'CSA'] as const) expect(new Set(side(s).map((u) => u.name)).size).toBe(side(s).length);
    expect(full.units.find((u) => u.id === 'usa-84th-new-york-14th-brooklyn')?.name).toBe('84th New York (14th Brooklyn)');
    expect(full.units.find((u) => u.id === 'usa-1st-michigan-cavalry')?.commandId).toBe('usa-cavalry-3-custer');
  });

  it('puts every unit in a brigade-level command whose chain runs brigade, (division), (corps), army', () => {
    const { byId, chain } = tree(full);
    for (const u of full.units) {
      const levels = chain(u.commandId).map((c) => c.level);
      expect(levels[0], u.id).toBe('brigade');
      expect(levels.at(-1), u.id).toBe('army');
      expect(byId.get(u.commandId)!.side).toBe(u.side);
    }
    expect(chain('usa-i-1-meredith').map((c) => c.id)).toEqual(['usa-i-1-meredith', 'usa-i-1', 'usa-i-corps', 'usa-left-wing', 'usa-army']);
    expect(chain('csa-heth-archer').map((c) => c.id)).toEqual(['csa-heth-archer', 'csa-heth-division', 'csa-third-corps', 'csa-army']);
  });

  it('has the corps of both armies, Reynolds\'s Left Wing holding the I, III and XI Corps (RI-D06)', () => {
    const corps = (s: 'USA' | 'CSA') => full.commands.filter((c) => c.side === s && c.level === 'corps').map((c) => c.name);
    expect(corps('USA')).toEqual(['I Corps', 'II Corps', 'III Corps', 'V Corps', 'VI Corps', 'XI Corps', 'XII Corps', 'Cavalry Corps', 'Artillery Reserve']);
    expect(corps('CSA')).toEqual(['First Corps', 'Second Corps', 'Third Corps', 'Artillery Reserve']);
    expect(full.commands.filter((c) => c.parentId === 'usa-left-wing').map((c) => c.id)).toEqual(['usa-i-corps', 'usa-iii-corps', 'usa-xi-corps']);
    expect(full.leaders.find((l) => l.id === 'usa-reynolds-wing')).toMatchObject({ role: 'wing', commandId: 'usa-left-wing', stars: 3 });
  });

  it('flags cavalry commands down the tree and artillery commands where all units are batteries (RI-D08)', () => {
    const { byId } = tree(full);
    const unitsBelow = (id: string): Scenario['units'] => [
      ...full.units.filter((u) => u.commandId === id),
      ...full.commands.filter((c) => c.parentId === id).flatMap((c) => unitsBelow(c.id)),
    ];
    for (const c of full.commands) {
      const below = unitsBelow(c.id);
      expect(c.artillery, c.id).toBe(below.length > 0 && below.every((u) => u.arm === 'artillery'));
      const parent = c.parentId ? byId.get(c.parentId) : undefined;
      if (parent?.cavalry) expect(c.cavalry, c.id).toBe(true);
    }
    expect(full.commands.filter((c) => c.cavalry && (c.level === 'corps' || c.parentId === 'csa-army')).map((c) => c.id)).toEqual(['usa-cavalry-corps', 'csa-cavalry-division']);
    expect(full.units.filter((u) => u.arm === 'cavalry').every((u) => byId.get(u.commandId)!.cavalry)).toBe(true);
  });

  it('has a leader for every commander the order of battle names, each with the stated defaults and unverified (RI-D05)', () => {
    const expected = { army: [4, 3, 10], wing: [3, 2, 8], corps: [3, 2, 8], division: [2, 2, 6], brigade: [1, 2, 4], staff: [1, 2, 4] } as const;
    for (const l of full.leaders) {
      expect(l.ratingVerified, l.id).toBe(false);
      if (l.role === 'artillery') expect([l.stars, l.rating], l.id).toEqual([1, 2]);
      else expect([l.stars, l.rating, l.range], l.id).toEqual(expected[l.role]);
    }
    const leaderless = full.commands.filter((c) => c.leaderId === null).map((c) => c.id);
    expect(leaderless).toEqual(['usa-cavalry-1-artillery', 'usa-cavalry-2-artillery']); // batteries under Buford and Gregg themselves (RI-D07)
    const { byId } = tree(full);
    for (const l of full.leaders.filter((x) => x.commandId !== null)) expect(byId.get(l.commandId!)!.leaderId).toBe(l.id);
    expect(full.leaders.find((l) => l.id === 'usa-warren')).toMatchObject({ role: 'staff', commandId: null });
    expect(full.leaders.find((l) => l.id === 'usa-meade')?.name).toBe('George G. Meade');
    expect(full.leaders.find((l) => l.id === 'csa-lee')?.name).toBe('Robert E. Lee');
  });

  it('gives every command an order, its own or inherited: infantry HOLD, cavalry SKPD, artillery WDRW (RI-D11)', () => {
    const { orderOf } = tree(full);
    for (const c of full.commands) {
      expect(orderOf(c.id), c.id).toBe(c.artillery ? 'WDRW' : c.cavalry ? 'SKPD' : 'HOLD');
    }
    const explicit = new Set(full.initialOrders.map((o) => o.commandId));
    for (const c of full.commands.filter((x) => x.level === 'corps')) expect(explicit.has(c.id), c.id).toBe(true);
  });

  it('runs from 1 July 0740 to 3 July 2400 on the time track (RI-D09, RI-D10)', () => {
    expect(full.firstTurnId).toBe('1863-07-01T0740');
    expect(full.lastTurnId).toBe('1863-07-03T2400');
    expect(full.turns[0]?.id).toBe(full.firstTurnId);
    expect(full.turns.at(-1)?.id).toBe(full.lastTurnId);
    expect(full.turns.find((t) => t.id === '1863-07-01T2400')).toMatchObject({ light: 'night', date: '1863-07-01' });
    expect(full.turns.find((t) => t.id === '1863-07-02T0400')).toMatchObject({ light: 'dawn' });
    expect(full.turns.find((t) => t.id === '1863-07-03T1300')).toMatchObject({ light: 'day', afternoon: true });
  });

  it('starts Buford\'s Gamble and Devin and Heth\'s division on the map; everything else arrives in a group (RI-D12)', () => {
    const { chain } = tree(full);
    const onMap = full.units.filter((u) => arrivalGroup(full, u.commandId) === undefined);
    const brigades = [...new Set(onMap.map((u) => u.commandId))];
    expect(brigades).toEqual(['usa-cavalry-1-gamble', 'usa-cavalry-1-devin', 'csa-heth-pettigrew', 'csa-heth-brockenbrough', 'csa-heth-archer', 'csa-heth-davis', 'csa-heth-garnett']);
    // A group never lists a command together with its superior, and no command is in two groups.
    const listed = full.reinforcements.flatMap((g) => g.commandIds);
    expect(new Set(listed).size).toBe(listed.length);
    for (const id of listed) expect(chain(id).slice(1).some((c) => listed.includes(c.id)), id).toBe(false);
    for (const g of full.reinforcements) for (const id of g.commandIds) expect(tree(full).byId.get(id)!.side).toBe(g.side);
  });

  it('brings each leader in once: with his group, on his own, or on the map at the start (RI-D12)', () => {
    const arrivals = full.leaderArrivals ?? [];
    const turnIds = new Set(full.turns.map((t) => t.id));
    for (const a of arrivals) {
      const leader = full.leaders.find((l) => l.id === a.leaderId);
      expect(leader, a.leaderId).toBeDefined();
      expect(turnIds.has(a.scheduledTurnId!), a.leaderId).toBe(true);
      if (leader!.commandId) expect(arrivalGroup(full, leader!.commandId), `${a.leaderId} also arrives with a group`).toBeUndefined();
    }
    const at = (id: string) => arrivals.find((a) => a.leaderId === id)?.scheduledTurnId;
    expect(at('usa-meade')).toBe('1863-07-01T2400');
    expect(at('usa-reynolds-wing')).toBe('1863-07-01T1000');
    expect(at('csa-lee')).toBe('1863-07-01T1400');
  });

  it('lists each side\'s geographic objectives with the revision\'s additions and thresholds (RI-D13)', () => {
    expect(full.objectives.required).toEqual({ USA: 2, CSA: 5 });
    expect(full.objectives.CSA.map((o) => o.name)).toEqual(expect.arrayContaining(["Cemetery Hill", "Culp's Hill", 'Little Round Top', 'Staging Area 10', 'Staging Area 11']));
    expect(full.objectives.USA.map((o) => o.name)).toEqual(expect.arrayContaining(['Seminary Ridge', 'Staging Area 1', 'Staging Area 2']));
    expect(full.objectives.CSA.map((o) => o.name)).not.toContain('Staging Area 1');
  });
});

describe.each([...NAMED, 'skirmish-at-willoughby-run'])('the scenario %s', (id) => {
  const s = scenarios.get(id)!;

  it('is a selection of the full battle: every unit, command and leader identical to the full battle\'s', () => {
    for (const u of s.units) expect(u).toEqual(full.units.find((x) => x.id === u.id));
    for (const c of s.commands) expect(c).toEqual(full.commands.find((x) => x.id === c.id));
    for (const l of s.leaders) expect(l).toEqual(full.leaders.find((x) => x.id === l.id));
    expect(s.armies).toEqual(full.armies);
  });

  it("carries its own Geographic Objectives, not the full battle's (RI-D13): each side needs no more than it lists", () => {
    for (const side of ['USA', 'CSA'] as const) {
      expect(s.objectives[side].length).toBeGreaterThan(0);
      expect(s.objectives.required[side]).toBeLessThanOrEqual(s.objectives[side].length);
      expect(s.objectives[side].map((o) => o.name)).not.toContain('Staging Area 1');
      expect(s.objectives[side].map((o) => o.name)).not.toContain('Staging Area 10');
    }
  });

  it('has forces on both sides and a whole chain of command, with a leader for every led command', () => {
    expect(s.units.some((u) => u.side === 'USA')).toBe(true);
    expect(s.units.some((u) => u.side === 'CSA')).toBe(true);
    const ids = new Set(s.commands.map((c) => c.id));
    expect(ids.has('usa-army') && ids.has('csa-army')).toBe(true);
    for (const c of s.commands) if (c.parentId) expect(ids.has(c.parentId), c.id).toBe(true);
    const leaderIds = new Set(s.leaders.map((l) => l.id));
    for (const c of s.commands) if (c.leaderId) expect(leaderIds.has(c.leaderId), c.id).toBe(true);
    const { orderOf } = tree(s);
    for (const c of s.commands) expect(orderOf(c.id), c.id).toBeDefined();
  });

  it('runs on a stretch of the full battle\'s time track, and everything that arrives does so inside it', () => {
    const start = full.turns.findIndex((t) => t.id === s.firstTurnId);
    expect(s.turns).toEqual(full.turns.slice(start, start + s.turns.length));
    expect(s.turns.at(-1)?.id).toBe(s.lastTurnId);
    const inside = new Set(s.turns.slice(1).map((t) => t.id));
    for (const g of s.reinforcements) expect(inside.has(g.scheduledTurnId), g.id).toBe(true);
    for (const a of s.leaderArrivals ?? []) if (a.scheduledTurnId !== null) expect(inside.has(a.scheduledTurnId), a.leaderId).toBe(true);
  });

  it('keeps off the map every leader who arrives after it ends (null arrival)', () => {
    const late = (s.leaderArrivals ?? []).filter((a) => a.scheduledTurnId === null).map((a) => a.leaderId);
    for (const leaderId of late) {
      const arrival = full.leaderArrivals?.find((a) => a.leaderId === leaderId);
      expect(arrival!.scheduledTurnId! > s.lastTurnId, leaderId).toBe(true);
    }
  });
});

describe('what each named scenario holds (RI-D15)', () => {
  const brigadesOf = (id: string, side: 'USA' | 'CSA') => [...new Set(scenarios.get(id)!.units.filter((u) => u.side === side).map((u) => u.commandId))];

  it('Feeling the Enemy: Buford (Gamble, Devin) v. Heth and Pegram, 1 July 0740-1000; Meade is not on the field', () => {
    const s = scenarios.get('feeling-the-enemy')!;
    expect([s.firstTurnId, s.lastTurnId]).toEqual(['1863-07-01T0740', '1863-07-01T1000']);
    expect(brigadesOf('feeling-the-enemy', 'USA')).toEqual(['usa-cavalry-1-gamble', 'usa-cavalry-1-devin']);
    expect(brigadesOf('feeling-the-enemy', 'CSA')).toEqual(['csa-heth-pettigrew', 'csa-heth-brockenbrough', 'csa-heth-archer', 'csa-heth-davis', 'csa-heth-garnett', 'csa-walker-pegram']);
    expect(s.reinforcements).toEqual([{ id: 'csa-pegram-battalion-arrival', side: 'CSA', commandIds: ['csa-walker-pegram'], scheduledTurnId: '1863-07-01T0800', entryArea: 'Chambersburg Pike' }]);
    expect(s.leaderArrivals).toContainEqual({ leaderId: 'usa-meade', scheduledTurnId: null, entryArea: null });
  });

  it('The Black Hat Fellers: the Iron Brigade\'s five regiments v. Heth\'s division', () => {
    expect(scenarios.get('black-hat-fellers')!.units.filter((u) => u.side === 'USA').map((u) => u.name)).toEqual([
      '19th Indiana', '24th Michigan', '2nd Wisconsin', '6th Wisconsin', '7th Wisconsin',
    ]);
    expect(brigadesOf('black-hat-fellers', 'CSA')).toHaveLength(5);
  });

  it('Georgia on My Mind: Barlow\'s division and Wilkeson\'s battery v. Gordon, Doles and Jones, 1 July afternoon', () => {
    const s = scenarios.get('georgia-on-my-mind')!;
    expect(s.turns.every((t) => t.afternoon)).toBe(true);
    expect(brigadesOf('georgia-on-my-mind', 'USA')).toEqual(['usa-xi-1-von-gilsa', 'usa-xi-1-ames', 'usa-xi-osborn']);
    expect(s.units.filter((u) => u.commandId === 'usa-xi-osborn').map((u) => u.name)).toEqual(['Battery G, 4th U.S.']);
    expect(brigadesOf('georgia-on-my-mind', 'CSA')).toEqual(['csa-early-gordon', 'csa-early-jones', 'csa-rodes-doles']);
  });

  it('Little Round Top: Vincent, Weed and Hazlett\'s battery, with Warren, v. Law and Robertson, 2 July afternoon', () => {
    const s = scenarios.get('little-round-top')!;
    expect(s.firstTurnId.startsWith('1863-07-02')).toBe(true);
    expect(brigadesOf('little-round-top', 'USA')).toEqual(['usa-v-1-vincent', 'usa-v-2-weed', 'usa-v-martin']);
    expect(s.units.filter((u) => u.commandId === 'usa-v-martin').map((u) => u.name)).toEqual(['Battery D, 5th U.S.']);
    expect(s.units.some((u) => u.name === '20th Maine')).toBe(true);
    expect(brigadesOf('little-round-top', 'CSA')).toEqual(['csa-hood-law', 'csa-hood-robertson']);
    expect(s.leaders.some((l) => l.id === 'usa-warren')).toBe(true);
  });

  it('July 2 - Stuart Variant: Stuart\'s division, arriving on 2 July, v. Gregg, Kilpatrick and the horse artillery', () => {
    const s = scenarios.get('july-2-stuart-variant')!;
    expect(s.units.filter((u) => u.side === 'CSA').every((u) => u.arm === 'cavalry' || u.horseArtillery)).toBe(true);
    expect(s.units.filter((u) => u.side === 'USA').every((u) => u.arm === 'cavalry' || u.horseArtillery)).toBe(true);
    expect(s.reinforcements.map((g) => [g.id, g.scheduledTurnId])).toEqual([
      ['csa-stuart-arrival', '1863-07-02T1400'],
      ['usa-kilpatrick-arrival', '1863-07-02T1600'],
    ]);
  });

  it('Skirmish at Willoughby Run: a brigade or two a side with one battery each, the Iron Brigade arriving at 1000', () => {
    const s = scenarios.get('skirmish-at-willoughby-run')!;
    expect(brigadesOf('skirmish-at-willoughby-run', 'USA')).toEqual(['usa-i-1-meredith', 'usa-cavalry-1-gamble']);
    expect(brigadesOf('skirmish-at-willoughby-run', 'CSA')).toEqual(['csa-heth-archer', 'csa-heth-davis', 'csa-walker-pegram']);
    expect(s.units.filter((u) => u.arm === 'artillery').map((u) => u.name)).toEqual(['Battery A, 2nd U.S.', 'Fredericksburg Battery (Virginia)']);
    expect(s.reinforcements.map((g) => [g.scheduledTurnId, g.commandIds])).toEqual([
      ['1863-07-01T0800', ['csa-walker-pegram']],
      ['1863-07-01T1000', ['usa-i-1']],
    ]);
    expect(s.units.length).toBeLessThanOrEqual(25);
  });
});

describe('cross references of leader arrivals', () => {
  it('a leader arrival naming an unknown leader or turn is refused', () => {
    const s = loadScenario('skirmish-at-willoughby-run');
    const broken = { ...s, leaderArrivals: [{ leaderId: 'no-such-leader', scheduledTurnId: '1863-07-09T0100', entryArea: null }] };
    const found = crossReferenceProblems(broken);
    expect(found.some((p) => p.includes('no-such-leader'))).toBe(true);
    expect(found.some((p) => p.includes('1863-07-09T0100'))).toBe(true);
  });
});
