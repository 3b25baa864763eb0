/**
 * Examples of a whole fire attack planned from the facts (rules/fire-plan.ts): the line-up, the range DRM,
 * who fires, what may not, the strength with its halvings, the DRMs, friendly fire, the loss shares and the
 * kit's cell. The units and kit values are invented.
 */
import { describe, expect, it } from 'vitest';
import { FAIR_WEATHER } from './test-support';
import { firePlan, worksAllAreIn, type FirePlan, type FirePlanDecision, type FirePlanSituation, type FirePlanUnit } from './fire-plan';
import type { KitFireColumn } from './kit';

function unit(id: string, over: Partial<FirePlanUnit> = {}): FirePlanUnit {
  return {
    id,
    name: id,
    side: 'USA',
    arm: 'infantry',
    weapon: 'R',
    sp: 4,
    order: 'ASLT',
    works: 'none',
    status: 'ordered',
    skirmishers: false,
    extendedColumn: false,
    strategicMovement: false,
    bayonetCharge: false,
    outOfAmmo: false,
    ...over,
  };
}
const enemy = (id: string, over: Partial<FirePlanUnit> = {}) => unit(id, { side: 'CSA', ...over });

function planned(s: FirePlanSituation): FirePlan {
  const d = firePlan(s);
  if (!d.ok) throw new Error(`refused: ${d.refusal.field}: ${d.refusal.message}`);
  return d.plan;
}
function attackOf(s: FirePlanSituation) {
  const attack = planned(s).attack;
  if (!attack) throw new Error('no attack');
  return attack;
}
const refusal = (d: FirePlanDecision) => (d.ok ? null : d.refusal);
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('firePlan before the targets are named: the line-up and the range DRM', () => {
  it('a 9-SP stack of two regiments: the top one fires 7 (the infantry maximum), the one below the 2 left, none is overstacked', () => {
    const plan = planned({ stack: [unit('a', { sp: 7 }), unit('b', { sp: 2 })], range: 2, weather: FAIR_WEATHER });
    expect(plan.firing).toEqual([
      { unitId: 'a', sp: 7 },
      { unitId: 'b', sp: 0 },
    ]);
    expect(plan.stack.map((p) => p.inFront)).toEqual([true, false]);
    expect(plan.stackSp).toBe(9);
    expect(plan.overstacked).toBe(false);
    expect(plan.attack).toBeNull();
  });

  it('the range DRM is the top unit\'s weapon\'s, with the skirmishers\' shift as its own line (RI-F02)', () => {
    const plan = planned({ stack: [unit('a', { weapon: 'R', skirmishers: true })], range: 3, weather: FAIR_WEATHER });
    expect(plan.rangeDrm?.items.map((i) => [i.label, i.value])).toEqual([
      ['Range 3 (R)', -2],
      ['Skirmishers: range modifiers one column right', 2],
    ]);
    expect(plan.rangeNote).toBeNull();
  });

  it('beyond the maximum range (halved by rain, RI-F05) there is no range DRM, and the note says why', () => {
    const plan = planned({ stack: [unit('a')], range: 3, weather: { ...FAIR_WEATHER, raining: true } });
    expect(plan.rangeDrm).toBeNull();
    expect(plan.rangeNote).toBe('Beyond the maximum range of 2 (halved by rain) for R weapons');
  });

  it('artillery takes its range DRM from the players\' chart row (RI-F06): the row given, else the battery\'s own', () => {
    const row = { name: 'Invented guns', drms: [3, 2, 1, null] };
    const battery = unit('bty', { arm: 'artillery', weapon: null, sp: 2, artilleryRow: row });
    expect(planned({ stack: [battery], range: 2, weather: FAIR_WEATHER }).rangeDrm?.total).toBe(2);
    expect(planned({ stack: [battery], range: 4, weather: FAIR_WEATHER }).rangeNote).toBe('Invented guns cannot fire at range 4 (your chart)');
    expect(planned({ stack: [{ ...battery, artilleryRow: null }], range: 2, weather: FAIR_WEATHER }).rangeNote).toMatch(/Choose your chart's row/);
  });
});

describe('firePlan with targets: who fires, and at what', () => {
  it('by default every unit in front of the top firing unit\'s kind fires (RI-K05): the battery below the regiments stays silent', () => {
    const s: FirePlanSituation = {
      stack: [unit('a', { sp: 3 }), unit('b', { sp: 2 }), unit('bty', { arm: 'artillery', weapon: null, sp: 2 })],
      targets: [enemy('x')],
      range: 2,
      weather: FAIR_WEATHER,
    };
    const attack = attackOf(s);
    expect(attack.firers).toEqual(['a', 'b']);
    expect(attack.strength.total).toBe(5);
    expect(attack.lossCause).toBe('small-arms');
  });

  it('a named firer behind the front line is refused, naming the firer and the rule', () => {
    const d = firePlan({ stack: [unit('a', { sp: 7 }), unit('b', { sp: 2 })], targets: [enemy('x')], firers: ['b'], range: 2, weather: FAIR_WEATHER });
    expect(refusal(d)).toEqual({ refused: 'forbidden', field: 'firers[0]', message: 'b is behind the front line: none of its SPs may fire out of the hex', rule: 'Rev. Stacking and Fire Combat' });
  });

  it('targets of the firing side, or Return Fire against more than one unit, are refused', () => {
    expect(refusal(firePlan({ stack: [unit('a')], targets: [unit('b')], range: 1, weather: FAIR_WEATHER }))?.message).toBe('the targets are USA like the firing stack');
    expect(refusal(firePlan({ stack: [unit('a')], targets: [enemy('x'), enemy('y')], returnFire: true, range: 1, weather: FAIR_WEATHER }))?.field).toBe('targets');
  });

  it('RI-K09: a firer out of ammo may not fire until its marker is cleared', () => {
    const attack = attackOf({ stack: [unit('a', { outOfAmmo: true })], targets: [enemy('x')], range: 1, weather: FAIR_WEATHER });
    expect(attack.allowed).toBe(false);
    expect(attack.prohibitions).toEqual([{ unitId: 'a', reason: 'a is out of ammo', rule: 'Rev. Fire Table' }]);
  });

  it('guns whose chart row does not reach the range may not fire', () => {
    const battery = unit('bty', { arm: 'artillery', weapon: null, sp: 2, artilleryRow: { name: 'Short guns', drms: [1, null] } });
    const attack = attackOf({ stack: [battery], targets: [enemy('x')], range: 2, weather: FAIR_WEATHER });
    expect(attack.prohibitions.map((p) => p.reason)).toEqual(['Short guns cannot fire at range 2 (your chart)']);
  });
});

describe('firePlan: the strength\'s halvings', () => {
  const closeFire = (range: number) => attackOf({ stack: [unit('a', { sp: 5 })], targets: [enemy('x')], range, facts: { firerInCloseTerrain: true }, weather: FAIR_WEATHER });

  it('"Fire attack strength is halved when firing out of Close Terrain into adjacent hexes": 5 SPs fire at 2 into the adjacent hex (RI-K02)', () => {
    expect(closeFire(1).strength.total).toBe(2);
  });

  it('out of Close terrain at range 2 the strength is not halved: only fire into an adjacent hex is', () => {
    const attack = closeFire(2);
    expect(attack.strength.total).toBe(5);
    expect(labels(attack.strength.items)).toEqual(['a: SPs that may fire']);
  });

  it('artillery friendly fire "hits both ... at 1/2 SPs each": 5 SPs of guns fire at 2 on each, rounded down', () => {
    const guns = unit('bty', { arm: 'artillery', weapon: null, sp: 5, artilleryRow: { name: 'Long guns', drms: [0, 0, 0, 0, 0, 0] } });
    const attack = attackOf({ stack: [guns], targets: [enemy('x')], range: 5, facts: { friendlyNearTarget: 1 }, friendlyFireRoll: 6, weather: FAIR_WEATHER });
    expect(attack.friendlyFire?.outcome).toBe('both-half');
    expect(attack.strength.total).toBe(2);
    expect(attack.strength.items.at(-1)).toEqual({ label: 'Friendly fire: hits both friendly and enemy at 1/2 SPs each, rounded down', value: -3, rule: 'Rev. Artillery Friendly Fire' });
  });

  it('no friendly-fire table applies to guns firing at range 4 with a friendly unit adjacent to the target', () => {
    const guns = unit('bty', { arm: 'artillery', weapon: null, sp: 5, artilleryRow: { name: 'Long guns', drms: [0, 0, 0, 0, 0, 0] } });
    expect(attackOf({ stack: [guns], targets: [enemy('x')], range: 4, facts: { friendlyNearTarget: 1 }, friendlyFireRoll: 6, weather: FAIR_WEATHER }).friendlyFire).toBeNull();
  });
});

describe('RI-F03: the target hex\'s works count only when every unit in front is in them', () => {
  const entrenchedLine = (targets: FirePlanUnit[]) => labels(attackOf({ stack: [unit('a')], targets, range: 1, weather: FAIR_WEATHER }).drm.items).filter((l) => l.includes('Entrenchment'));

  it('every unit in front entrenched: the Entrenchment line applies', () => {
    expect(entrenchedLine([enemy('x', { sp: 3, works: 'entrenchments' }), enemy('y', { sp: 3, works: 'entrenchments' })])).toEqual(['Target in Entrenchment']);
  });

  it('one unit in front entrenched and one in the open: no Entrenchment line', () => {
    expect(entrenchedLine([enemy('x', { sp: 3, works: 'entrenchments' }), enemy('y', { sp: 3, works: 'none' })])).toEqual([]);
  });

  it('mixed works: entrenchments and breastworks count as breastworks, any unit in the open as none', () => {
    expect(worksAllAreIn([{ works: 'entrenchments' }, { works: 'breastworks' }])).toBe('breastworks');
    expect(worksAllAreIn([{ works: 'entrenchments' }, { works: 'none' }])).toBe('none');
    expect(worksAllAreIn([{ works: 'entrenchments' }])).toBe('entrenchments');
  });
});

describe('firePlan: how a loss shares out, and the kit\'s cell for the die', () => {
  const columns: KitFireColumn[] = [{ label: '1-6', minSp: 1, maxSp: 6, rows: [{ min: -20, max: 4, sp: 0, text: '' }, { min: 5, max: 30, sp: 3, text: 'invented', check: true }] }];

  it('a 3-SP loss on two units in front: one each, and the firing player places the third (RI-K07)', () => {
    const shares = attackOf({ stack: [unit('a')], targets: [enemy('x', { sp: 2 }), enemy('y', { sp: 2 })], range: 1, lossSp: 3, weather: FAIR_WEATHER }).shares;
    expect(shares).toEqual({ sp: 3, fixed: [{ unitId: 'x', sp: 1 }, { unitId: 'y', sp: 1 }], extra: 1, choices: ['x', 'y'], choiceNeeded: true, unabsorbed: 0 });
  });

  it('with the kit and a die, the cell gives the loss to share, and names the units in front with no cohesion rating for its check', () => {
    const rated = enemy('x', { sp: 2, cohesion: { status: 'ordered', cohesionOrdered: 5, cohesionDisordered: 3 } });
    const unrated = enemy('y', { sp: 2, cohesion: { status: 'ordered', cohesionOrdered: null, cohesionDisordered: null } });
    const attack = attackOf({ stack: [unit('a')], targets: [rated, unrated], range: 1, kit: { fingerprint: 'K1', columns, previewRoll: 6 }, weather: FAIR_WEATHER });
    expect(attack.kit).toMatchObject({ found: true, sp: 3, check: true, unrated: ['y'], note: 'Kit K1: Fire Table, column 1-6, row 5 to 30: 3 SP, cohesion check ("invented")' });
    expect(attack.shares?.sp).toBe(3);
  });

  it('with the kit and no die yet, it asks for the roll', () => {
    const attack = attackOf({ stack: [unit('a')], targets: [enemy('x')], range: 1, kit: { fingerprint: 'K1', columns }, weather: FAIR_WEATHER });
    expect(attack.kit?.note).toBe("Roll the die: Muster reads the result in the kit's Fire Table");
    expect(attack.shares).toBeNull();
  });
});

describe('firePlan: reaction fire at an activating unit, and the choice of target', () => {
  it('Cease Movement Fire reaches an activating battery within 3 hexes, any other unit within 2', () => {
    const cease = (target: FirePlanUnit, range: number) =>
      attackOf({ stack: [unit('a', { order: 'HOLD' })], targets: [target], kind: 'reaction', range, facts: { ceaseMovement: true }, weather: FAIR_WEATHER }).prohibitions.map((p) => p.rule);
    expect(cease(enemy('bty', { arm: 'artillery', weapon: null }), 3)).toEqual([]);
    expect(cease(enemy('x'), 2)).toEqual([]);
    expect(cease(enemy('x'), 3)).toEqual(['Rev. Cease Movement Fire']);
  });

  it('Return Fire against an activating unit comes before its own fire if it has moved, else at the same time', () => {
    const returnFire = (moved: boolean) => attackOf({ stack: [unit('a')], targets: [enemy('x')], returnFire: true, kind: 'reaction', range: 1, facts: { targetMoved: moved }, weather: FAIR_WEATHER }).returnFireTiming;
    expect(returnFire(true)).toBe('before');
    expect(returnFire(false)).toBe('simultaneous');
    expect(attackOf({ stack: [unit('a')], targets: [enemy('x')], range: 1, weather: FAIR_WEATHER }).returnFireTiming).toBeNull();
  });

  it('RI-F08: with an enemy 3 or fewer hexes away the closest must be fired at, and among equally close ones one not yet engaged', () => {
    const choose = (facts: FirePlanSituation['facts'], range: number) => attackOf({ stack: [unit('a')], targets: [enemy('x')], range, facts, weather: FAIR_WEATHER }).prohibitions.map((p) => p.reason);
    expect(choose({ otherTargets: [{ range: 2 }] }, 3)).toEqual(['Another enemy target is closer, within 3 hexes: fire at the closest one']);
    expect(choose({ otherTargets: [{ range: 4 }] }, 3)).toEqual([]);
    expect(choose({ targetEngaged: true, otherTargets: [{ range: 2, engaged: false }] }, 2)).toEqual(['Another enemy target as close has not been engaged this activation: fire at it']);
    expect(choose({ targetEngaged: true, otherTargets: [{ range: 2, engaged: true }] }, 2)).toEqual([]);
    // No enemy within 3 hexes: any target the unit can fire at.
    expect(choose({ otherTargets: [{ range: 4 }] }, 5)).toEqual([]);
  });
});
