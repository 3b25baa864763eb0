/**
 * Combat at the table in the game service: the fire plan (the revision's three frontage examples
 * built from roster units), fire results applied as one event (losses shared in front with the firing
 * player's choice, stragglers, abandoned guns, the ammo check, friendly fire, leader casualties), shock with
 * the Bayonet Charge, Rally and UDD, the Confusion Table, works, weather and status. Every refusal names its
 * field (and the rule where one forbids it) and leaves the file as it was. Fixture: tests/fixtures/combat.json.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GameService } from './service';
import { advanceTo, COMBAT_SCENARIO, expectRefused, expectUndoRedo, fileHash, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-combat-');
afterAll(() => tmp.cleanup());

const STACKING = 'Rev. Stacking and Fire Combat';

/** A combat game at III.A, the Initiative rolled for `initiative`, which has activated `first` (at ME, its free initial activation). */
function inActivation(initiative: 'USA' | 'CSA' = 'USA', first: string | null = null): GameService {
  const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
  advanceTo(g, { segment: 'II', phase: 'A' });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: initiative === 'USA' ? { USA: 1, CSA: 0 } : { USA: 0, CSA: 1 } });
  advanceTo(g, { segment: 'III', phase: 'A' });
  if (first) g.attemptActivation({ commandId: first });
  return g;
}

const unit = (g: GameService, id: string) => g.roster().find((u) => u.id === id)!;

describe('planFire: which SPs of a stack fire (Rev. Stacking and Fire Combat), from roster units', () => {
  const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
  g.setUnitFlags({ unitId: '8-il-cav', mounted: true });

  it('"Artillery battery (6 SPs) on top, stacked with Infantry regiment (6 SPs) ... All guns plus 3 Infantry SPs may fire."', () => {
    const plan = g.planFire({ stack: ['hall-me', '2-wi'], range: 2 });
    expect(plan.firing).toEqual([
      { unitId: 'hall-me', sp: 6 },
      { unitId: '2-wi', sp: 3 },
    ]);
    expect(plan.stack.map((u) => u.explanation)).toEqual([
      'Artillery maximum is 12. All 6 SPs may fire. The difference is 6 (12-6=6).',
      'The difference is 6; x1/2 for going down one level to Infantry = 3 SPs eligible. 3 of its 6 SPs may fire.',
    ]);
    expect(plan.stack.map((u) => [u.position, u.inFront])).toEqual([
      ['right', true],
      ['left', true],
    ]);
    // The top unit is artillery: the revision gives no artillery range DRM (RI-F06).
    expect(plan.rangeDrm).toBeNull();
    expect(plan.rangeNote).toMatch(/no artillery range DRMs/);
  });

  it('"Mounted Cavalry battalion (2 SPs) on top, stacked with two Artillery batteries (4 SPs each) ... All the Cavalry and all the Artillery may fire."', () => {
    const plan = g.planFire({ stack: ['8-il-cav', 'reynolds-ny', 'stewart-us'], range: 2 });
    expect(plan.firing.map((f) => f.sp)).toEqual([2, 4, 4]);
    expect(plan.stack.map((u) => u.explanation)).toEqual([
      'Cavalry maximum is 4. All 2 SPs may fire. The difference is 2 (4-2=2).',
      'The difference is 2; x4 for going up two levels to Artillery = 8 SPs eligible. All 4 SPs may fire. The difference is now 4 (8-4=4).',
      'The difference is 4; same type (Artillery) = 4 SPs eligible. All 4 SPs may fire.',
    ]);
    expect(plan.stack.map((u) => u.position)).toEqual(['right', 'centre', 'left']);
    // The top unit's carbines at range 2: C -1.
    expect(plan.rangeDrm).toEqual({ total: -1, items: [{ label: 'Range 2 (C)', value: -1, rule: 'Rev. Range DRMs' }] });
  });

  it('"A ridiculously complex example ... x1/2 ... = 2.5, rounded down to 2 ... x4 ... = 4 SPs eligible ... the remaining Infantry unit may not fire."', () => {
    const plan = g.planFire({ stack: ['7-wi', '12-il-cav', 'calef-us', '19-in'], range: 1 });
    expect(plan.firing.map((f) => f.sp)).toEqual([2, 1, 4, 0]);
    expect(plan.stack.map((u) => u.explanation)).toEqual([
      'Infantry maximum is 7. All 2 SPs may fire. The difference is 5 (7-2=5).',
      'The difference is 5; x1/2 for going down one level to Cavalry = 2.5, rounded down to 2 SPs eligible. Its 1 SP may fire. The difference is now 1 (2-1=1).',
      'The difference is 1; x4 for going up two levels to Artillery = 4 SPs eligible. All 4 SPs may fire.',
      'The difference having been used up, it may not fire.',
    ]);
    expect(plan.stack.map((u) => [u.position, u.inFront])).toEqual([
      ['right', true],
      ['centre', true],
      ['left', true],
      [null, false],
    ]);
    expect(plan.rangeDrm).toEqual({ total: 1, items: [{ label: 'Range 1 (R)', value: 1, rule: 'Rev. Range DRMs' }] });
  });

  it('is a query: the file is unchanged', () => {
    const before = fileHash(g.file);
    g.planFire({ stack: ['2-wi', '6-wi'], range: 3, targets: ['1-tn'] });
    expect(fileHash(g.file)).toBe(before);
  });

  it('range: null beyond the weapon\'s maximum range, with the reason; the skirmishers\' shift where the brigade has them out', () => {
    expect(g.planFire({ stack: ['2-wi'], range: 6 })).toMatchObject({ rangeDrm: null, rangeNote: 'Beyond the maximum range of 5 for R weapons' });
    const s = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    s.designateSkirmishers({ unitId: '6-wi' });
    expect(s.planFire({ stack: ['2-wi'], range: 3 }).rangeDrm).toEqual({
      total: 0,
      items: [
        { label: 'Range 3 (R)', value: -2, rule: 'Rev. Range DRMs' },
        { label: 'Skirmishers: range modifiers one column right', value: 2, rule: 'Rev. Skirmishers' },
      ],
    });
  });

  it('an artillery stack takes its range DRM from the players\' chart row when given one', () => {
    const row = { name: '12-pdr Napoleon', drms: [3, 2, 1, 0, -1, -2] };
    expect(g.planFire({ stack: ['hall-me'], range: 4, artilleryRange: row }).rangeDrm).toEqual({
      total: 0,
      items: [{ label: 'Range 4 (12-pdr Napoleon)', value: 0, rule: "Players' chart: artillery range columns" }],
    });
    expect(g.planFire({ stack: ['hall-me'], range: 8, artilleryRange: row })).toMatchObject({ rangeDrm: null, rangeNote: '12-pdr Napoleon cannot fire at range 8 (your chart)' });
  });

  it('refuses unknown, doubled, eliminated and mixed-side units, naming the field', () => {
    expectRefused(g, () => g.planFire({ stack: ['nobody'], range: 1 }), 'NOT_FOUND', 'stack[0]');
    expectRefused(g, () => g.planFire({ stack: ['2-wi', '2-wi'], range: 1 }), 'INVALID_ARGUMENT', 'stack[1]');
    expectRefused(g, () => g.planFire({ stack: ['2-wi', '1-tn'], range: 1 }), 'INVALID_ARGUMENT', 'stack[1]');
    expectRefused(g, () => g.planFire({ stack: ['2-wi'], range: 0 }), 'INVALID_ARGUMENT', 'range');
    expectRefused(g, () => g.planFire({ stack: ['2-wi'], range: 1, targets: ['6-wi'] }), 'INVALID_ARGUMENT', 'targets');
  });
});

describe('planFire with a target: strength and every DRM, from the game state and the players\' facts', () => {
  it('the players\' facts bring in the reaction-fire rules: Cease Movement Fire\'s reach, Return Fire\'s timing and the choice of target (RI-F08)', () => {
    const h = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    const reasons = (p: ReturnType<GameService['planFire']>) => p.attack!.prohibitions.map((x) => x.rule);
    expect(reasons(h.planFire({ stack: ['2-wi'], range: 3, targets: ['1-tn'], kind: 'reaction', facts: { ceaseMovement: true } }))).toEqual(['Rev. Cease Movement Fire']);
    expect(h.planFire({ stack: ['2-wi'], range: 1, targets: ['1-tn'], kind: 'reaction', returnFire: true, facts: { targetMoved: true } }).attack!.returnFireTiming).toBe('before');
    expect(reasons(h.planFire({ stack: ['2-wi'], range: 3, targets: ['1-tn'], facts: { otherTargets: [{ range: 2 }] } }))).toEqual(['Rev. Fire Combat Targets']);
    h.close();
  });

  it('a HOLD regiment and the 1 SP of its neighbour fire at Archer\'s Tennesseans: +1 for the firers\' orders', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    const attack = g.planFire({ stack: ['2-wi', '6-wi'], range: 2, targets: ['1-tn', '7-tn'] }).attack!;
    expect(attack).toMatchObject({ firers: ['2-wi', '6-wi'], allowed: true, lossCause: 'small-arms', ammoCheck: [] });
    expect(attack.strength.items.map((i) => [i.label, i.value])).toEqual([
      ['2nd Wisconsin: SPs that may fire', 6],
      ['6th Wisconsin: SPs that may fire', 1],
    ]);
    expect(attack.drm).toEqual({
      total: 1,
      items: [
        { label: 'Range 2 (R)', value: 0, rule: 'Rev. Range DRMs' },
        { label: "Firer's orders (HOLD)", value: 1, rule: 'Rev. Orders Table' },
      ],
    });
    // Both Tennessee regiments are in front: 6 SPs, then 1 of the 7th's 5.
    expect(attack.target.inFront).toEqual(['1-tn', '7-tn']);
  });

  it('RI-K03: mounted cavalry in front is +1 per 4 SPs, dismounted -1, from the unit\'s recorded state; RI-K01: never both', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    const drm = () => g.planFire({ stack: ['2-wi'], range: 2, targets: ['17-va-cav'] }).attack!.drm.items.map((i) => [i.label, i.value]);
    expect(drm()).toContainEqual(['Target is Dismounted Cavalry, or uses B/SR/C weapons', -1]);
    g.setUnitFlags({ unitId: '17-va-cav', mounted: true });
    expect(drm()).toContainEqual(['Target is Mounted Cavalry (3 SPs: +1 per 4, rounded up)', 1]);
    expect(drm().map(([label]) => label)).not.toContain('Target is Dismounted Cavalry, or uses B/SR/C weapons');
  });

  it('works, rain and the map facts the players state come in itemised; mounted cavalry fires at half strength', () => {
    const g = inActivation('USA', 'usa-i');
    g.setWorks({ unitId: '1-tn', works: 'entrenchments' });
    g.setUnitFlags({ unitId: '8-ny-cav', mounted: true });
    const attack = g.planFire({
      stack: ['8-ny-cav'],
      range: 1,
      targets: ['1-tn'],
      facts: { throughRearHexside: true, firerInCloseTerrain: true },
      otherDrms: [{ label: 'Target on higher ground', value: -1 }],
    }).attack!;
    expect(attack.strength.items.map((i) => [i.label, i.value])).toEqual([
      ['8th New York Cavalry: SPs that may fire', 4],
      ['8th New York Cavalry: mounted cavalry fires at 1/2 strength, rounded down', -2],
      ['Firing out of Close terrain into an adjacent hex: 1/2 strength, rounded down', -1],
    ]);
    expect(attack.drm.items.map((i) => [i.label, i.value, i.rule])).toEqual([
      ['Range 1 (C)', 0, 'Rev. Range DRMs'],
      ['Fire enters target hex through Rear Hexside', 2, 'Rev. Additional DRMs'],
      ['Target in Entrenchment', -2, 'Rev. Terrain Effects Chart'],
      ['Target on higher ground', -1, 'Players (base game)'],
    ]);
    expect(attack.ammoCheck).toEqual(['8-ny-cav']);
  });

  it('what forbids a fire is listed with its rule: out of ammo (RI-K09), Bayonet Charge, orders, a unit behind the front line', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    g.setUnitFlags({ unitId: '2-wi', outOfAmmo: true });
    expect(g.planFire({ stack: ['2-wi'], range: 2, targets: ['1-tn'] }).attack!.prohibitions).toEqual([{ unitId: '2-wi', reason: '2nd Wisconsin is out of ammo', rule: 'Rev. Fire Table' }]);
    expectRefused(g, () => g.planFire({ stack: ['24-mi', '6-wi'], range: 2, targets: ['1-tn'], firers: ['6-wi'] }), 'RULES_FORBID', 'firers[0]', STACKING);
  });
});

describe('resolveFire: the result applied as one event', () => {
  it('shares the loss as evenly as possible, the firing player placing the rest; a disorder by fire loses a straggler (RI-K08); leader casualties (RI-K10)', () => {
    const g = inActivation('USA', 'usa-i');
    const fire = {
      stack: ['2-wi', '6-wi'],
      range: 2,
      targets: ['1-tn', '7-tn'],
      roll: 6,
      result: { sp: 3, outcomes: [{ unitId: '1-tn', status: 'disordered' as const }] },
    };
    // 3 SPs on two units: one each, and one more where the firer chooses.
    expect(g.planFire({ stack: fire.stack, range: 2, targets: fire.targets, lossSp: 3 }).attack!.shares).toEqual({
      sp: 3,
      fixed: [
        { unitId: '1-tn', sp: 1 },
        { unitId: '7-tn', sp: 1 },
      ],
      extra: 1,
      choices: ['1-tn', '7-tn'],
      choiceNeeded: true,
      unabsorbed: 0,
    });
    const refused = expectRefused(g, () => g.resolveFire(fire), 'INVALID_ARGUMENT', 'lossChoice', STACKING);
    expect(refused.message).toContain('1 SP are left after an even share: name 1 of 1st Tennessee, 7th Tennessee');
    const events = g.info().eventCount;
    expectUndoRedo(g, () => g.resolveFire({ ...fire, lossChoice: ['7-tn'], leaderChecks: [{ leaderId: 'archer-l', hit: true, roll: 3 }] }));
    expect(g.info().eventCount).toBe(events + 1);
    expect(unit(g, '1-tn')).toMatchObject({ spLost: 1, stragglers: 1, status: 'disordered' });
    expect(unit(g, '7-tn')).toMatchObject({ spLost: 2, stragglers: 0, status: 'ordered' });
    expect(g.leaders().find((l) => l.id === 'archer-l')!.casualty).toBe('killed');
    const [entry] = g.history({ limit: 1 });
    expect(entry).toMatchObject({ kind: 'fire' });
    expect(entry!.summary).toBe(
      'Fire: 2nd Wisconsin, 6th Wisconsin (7 SP) at 1st Tennessee, 7th Tennessee, range 2, DRM +1; rolled 6, modified 7: 3 SP; 1st Tennessee loses 1 SP; 7th Tennessee loses 2 SP; 1st Tennessee: ordered -> disordered (1 straggler); James J. Archer is hit: rolled 3, killed',
    );
    const dice = g.diceLog({ limit: 2 });
    expect(dice.map((d) => [d.purpose, d.source, d.roll, d.modified])).toEqual([
      ['Leader casualty: James J. Archer', 'table', 3, 3],
      ['Fire: 2nd Wisconsin, 6th Wisconsin at 1st Tennessee, 7th Tennessee', 'table', 6, 7],
    ]);
    expect(dice[1]!.modifiers.total).toBe(1);
  });

  it('artillery losing SPs to small arms abandons its guns; an even modified roll puts carbine-armed firers out of ammo', () => {
    const g = inActivation('USA', 'usa-cav');
    // Carbines at range 1: 0; the battery's WDRW orders +1 (DFDR): a 3 is modified to an even 4.
    const r = g.resolveFire({ stack: ['8-ny-cav'], range: 1, targets: ['crenshaw'], roll: 3, result: { sp: 2 } });
    expect(r).toMatchObject({ modified: 4, outOfAmmo: ['8-ny-cav'], losses: [{ unitId: 'crenshaw', sp: 0, stragglers: 0, abandonedGuns: 2 }] });
    expect(unit(g, 'crenshaw')).toMatchObject({ abandonedGuns: 2, spLost: 0, currentSp: 2 });
    expect(unit(g, '8-ny-cav').outOfAmmo).toBe(true);
    // Out of ammo, it may not fire again until the players clear the marker (RI-K09).
    expectRefused(g, () => g.resolveFire({ stack: ['8-ny-cav'], range: 1, targets: ['1-tn'], roll: 1, result: { sp: 0 } }), 'RULES_FORBID', 'stack', 'Rev. Fire Table');
  });

  it('a loss bigger than the units in front hold takes what they have (RI-K07); their last SP eliminates a unit', () => {
    const g = inActivation('USA', 'usa-i');
    g.resolveFire({ stack: ['24-mi'], range: 1, targets: ['14-tn'], roll: 9, result: { sp: 7 } });
    expect(unit(g, '14-tn')).toMatchObject({ spLost: 4, status: 'eliminated' });
    expect(g.history({ limit: 1 })[0]!.summary).toContain('3 SP more than the units in front hold is not taken');
  });

  it('RI-K18: an app roll made before with rollDie is used once, by its seq', () => {
    const g = inActivation('USA', 'usa-i');
    const rolled = g.rollDie({ purpose: 'Fire: 2nd Wisconsin at 13th Alabama' });
    const seq = rolled.dice[0]!.seq;
    const fire = { stack: ['2-wi'], range: 2, targets: ['13-al'], rollSeq: seq, result: { sp: 1 } };
    const r = g.resolveFire(fire);
    expect(r.modified).toBe(rolled.roll + 1);
    expect(r.dice).toEqual([]);
    expect(g.history({ limit: 1 })[0]!.summary).toContain(`app roll #${seq}: ${rolled.roll}`);
    expectRefused(g, () => g.resolveFire(fire), 'INVALID_ARGUMENT', 'rollSeq');
    g.undo();
    // Undone, the fire no longer holds the roll: it may be applied again.
    expect(g.resolveFire(fire).modified).toBe(rolled.roll + 1);
    const typed = g.rollDie({ purpose: 'typed', roll: 4 }).dice[0]!.seq;
    expectRefused(g, () => g.resolveFire({ ...fire, rollSeq: typed }), 'INVALID_ARGUMENT', 'rollSeq');
    expectRefused(g, () => g.resolveFire({ ...fire, rollSeq: undefined }), 'INVALID_ARGUMENT', 'roll');
    expectRefused(g, () => g.resolveFire({ ...fire, roll: 3 }), 'INVALID_ARGUMENT', 'roll');
  });

  it('artillery friendly fire at long range: the roll comes first and says where the fire lands (RI-K19)', () => {
    const g = inActivation('USA', 'usa-i');
    const aim = { stack: ['hall-me'], range: 5, targets: ['crenshaw'], facts: { friendlyNearTarget: 1 as const } };
    const fire = { ...aim, roll: 5, result: { sp: 1 } };
    const plan = g.planFire({ ...aim, friendlyFireRoll: 6 }).attack!;
    expect(plan.friendlyFire).toEqual({ distance: 1, results: ['target', 'target', 'target', 'target', 'friendly', 'friendly', 'both-half', 'both-half', 'miss', 'miss'], outcome: 'both-half', rule: 'Rev. Artillery Friendly Fire' });
    expect(plan.strength.items.at(-1)).toEqual({ label: 'Friendly fire: hits both friendly and enemy at 1/2 SPs each, rounded down', value: -3, rule: 'Rev. Artillery Friendly Fire' });
    expectRefused(g, () => g.resolveFire(fire), 'RULES_FORBID', 'friendlyFire', 'Rev. Artillery Friendly Fire');
    expectRefused(g, () => g.resolveFire({ ...fire, friendlyFire: { roll: 4 } }), 'INVALID_ARGUMENT', 'friendlyFire.unitIds', 'Rev. Artillery Friendly Fire');
    expectRefused(g, () => g.resolveFire({ ...fire, friendlyFire: { roll: 8 } }), 'INVALID_ARGUMENT', 'result.sp', 'Rev. Artillery Friendly Fire');
    expectRefused(g, () => g.resolveFire({ ...fire, friendlyFire: { roll: 6, unitIds: ['2-wi'] } }), 'INVALID_ARGUMENT', 'friendlyFire.result', 'Rev. Artillery Friendly Fire');
    // A 4: the fire hits the nearest friendly unit in the line of fire instead, and destroys (artillery fire) rather than abandons.
    const r = g.resolveFire({ ...fire, friendlyFire: { roll: 4, unitIds: ['2-wi'] } });
    expect(r.friendlyFire).toBe('friendly');
    expect(unit(g, '2-wi').spLost).toBe(1);
    expect(unit(g, 'crenshaw').spLost).toBe(0);
    expect(r.dice.map((d) => d.purpose)).toEqual(['Artillery friendly fire: 2nd Maine Battery (Hall)', 'Fire: 2nd Maine Battery (Hall) at Crenshaw Battery']);
  });

  it('refuses what the rules forbid, naming field and rule, and writes nothing; fire only in the Activation Segment (RI-K20)', () => {
    const g = inActivation('USA', 'usa-i');
    const fire = { stack: ['2-wi'], range: 2, targets: ['1-tn'], roll: 5, result: { sp: 1 } };
    expectRefused(g, () => g.resolveFire({ ...fire, targets: ['1-tn', '7-tn'], returnFire: true }), 'INVALID_ARGUMENT', 'targets');
    expectRefused(g, () => g.resolveFire({ ...fire, result: { sp: 1, outcomes: [{ unitId: '2-wi', status: 'routed' }] } }), 'INVALID_ARGUMENT', 'result.outcomes[0].unitId');
    expectRefused(g, () => g.resolveFire({ ...fire, result: { sp: 1, outcomes: [{ unitId: '1-tn', status: 'eliminated' as 'routed' }] } }), 'INVALID_ARGUMENT', 'result.outcomes.0.status');
    expectRefused(g, () => g.resolveFire({ ...fire, targets: undefined }), 'INVALID_ARGUMENT', 'targets');
    expectRefused(g, () => g.resolveFire({ ...fire, leaderChecks: [{ leaderId: 'meredith', hit: true }] }), 'RULES_FORBID', 'leaderChecks[0].leaderId', 'Rev. Leader Losses');
    g.setUnitFlags({ unitId: '2-wi', extendedColumn: true });
    expectRefused(g, () => g.resolveFire(fire), 'RULES_FORBID', 'stack', 'Rev. Extended Columns');
    const early = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    expectRefused(early, () => early.resolveFire(fire), 'RULES_FORBID', 'stack', 'Rev. Sequence of Play');
  });
});

describe('shock, with a Bayonet Charge', () => {
  it('a Bayonet Charge marker not used by a shock is gone when the next turn begins (RI-K12): the designation lasts one activation', () => {
    const g = inActivation('CSA', 'heth-div');
    g.designateBayonetCharge({ unitIds: ['1-tn'], moved: true, fired: false });
    const turn = g.info().clock.turnId;
    expect(unit(g, '1-tn').bayonetCharge).toBe(true);
    advanceTo(g, { segment: 'I', phase: 'A' });
    expect(g.info().clock.turnId).not.toBe(turn);
    expect(unit(g, '1-tn').bayonetCharge).toBe(false);
  });

  it('designates, plans (+1 Pre-Shock, +1 Shock, odds rounded for the attacker: RI-K12, RI-K14) and applies as one event, losses placed unit by unit (RI-K11), removing the markers', () => {
    const g = inActivation('CSA', 'heth-div');
    expectRefused(g, () => g.designateBayonetCharge({ unitIds: ['1-tn'], moved: true, fired: true }), 'RULES_FORBID', 'fired', 'Rev. Bayonet Charge');
    const notMoved = expectRefused(g, () => g.designateBayonetCharge({ unitIds: ['1-tn'], moved: false, fired: false }), 'RULES_FORBID', 'unitIds[0]', 'Rev. Bayonet Charge');
    expect(notMoved.message).toContain('Bayonet Charge units must move during their activation');
    expectRefused(g, () => g.designateBayonetCharge({ unitIds: ['crenshaw'], moved: true, fired: false }), 'RULES_FORBID', 'unitIds[0]', 'Rev. Bayonet Charge');
    expectUndoRedo(g, () => g.designateBayonetCharge({ unitIds: ['1-tn', '7-tn'], moved: true, fired: false }));
    expect(unit(g, '1-tn').bayonetCharge).toBe(true);
    // A Bayonet Charge unit may not fire when activated.
    expect(g.planFire({ stack: ['1-tn'], range: 1, targets: ['2-wi'] }).attack!.prohibitions[0]!.rule).toBe('Rev. Bayonet Charge');

    const shock = { attackers: ['1-tn', '7-tn'], defenders: ['2-wi', '6-wi'] };
    const plan = g.planShock(shock);
    expect(plan.drm.items.map((i) => [i.label, i.value])).toEqual([
      ['Bayonet Charge', 1],
      ["Attacker's orders (ASLT)", 1],
      ["Defender's orders (HOLD)", -1],
    ]);
    expect(plan.preShock.find((p) => p.unitId === '2-wi')!.drm.items).toEqual([{ label: 'Facing an undisordered Bayonet Charge unit', value: 1, rule: 'Rev. Bayonet Charge' }]);
    expect(plan.odds).toEqual({ attackerSp: 11, defenderSp: 12, text: '11 : 12 (1 : 1.1)', roundedForAttacker: '1 : 1' });
    expect(plan.bayonetMarkersRemoved).toEqual(['1-tn', '7-tn']);

    const r = g.resolveShock({
      ...shock,
      roll: 5,
      result: {
        losses: [
          { unitId: '2-wi', sp: 2 },
          { unitId: '1-tn', sp: 1 },
        ],
        outcomes: [
          { unitId: '2-wi', status: 'disordered' },
          { unitId: '6-wi', status: 'disordered', cause: 'automatic-disorder-after-shock' },
        ],
      },
    });
    expect(r).toMatchObject({ modified: 6, bayonetMarkersRemoved: ['1-tn', '7-tn'], uddDue: [] });
    expect(unit(g, '2-wi')).toMatchObject({ spLost: 2, stragglers: 1, status: 'disordered' });
    // "Neither Rout nor Automatic Disorder after Shock causes straggler loss".
    expect(unit(g, '6-wi')).toMatchObject({ stragglers: 0, status: 'disordered' });
    expect(unit(g, '1-tn')).toMatchObject({ spLost: 1, bayonetCharge: false });
    expect(g.history({ limit: 1 })[0]!.summary).toMatch(/^Shock: 1st Tennessee, 7th Tennessee against 2nd Wisconsin, 6th Wisconsin, odds 11 : 12 \(1 : 1.1\), rounded for the Bayonet Charge to 1 : 1, DRM \+1; rolled 5, modified 6; .*Bayonet Charge marker removed: 1st Tennessee, 7th Tennessee$/);
    g.undo();
    expect(unit(g, '1-tn')).toMatchObject({ spLost: 0, bayonetCharge: true });
  });

  it('retreat before shock: a UDD follows; dismounted cavalry may mount at the end, others may not; guns captured', () => {
    const g = inActivation('CSA', 'heth-div');
    const shock = { attackers: ['13-al'], defenders: ['12-il-cav', 'calef-us'], roll: 7 };
    expectRefused(g, () => g.resolveShock({ ...shock, result: {}, retreats: [{ unitId: 'calef-us', mount: true }] }), 'RULES_FORBID', 'retreats[0].mount', 'Rev. Retreat Before Shock');
    const r = g.resolveShock({ ...shock, result: { capturedGuns: [{ unitId: 'calef-us', sp: 2 }] }, retreats: [{ unitId: '12-il-cav', mount: true }] });
    expect(r.uddDue).toEqual(['12-il-cav']);
    expect(unit(g, '12-il-cav').mounted).toBe(true);
    expect(unit(g, 'calef-us')).toMatchObject({ capturedGuns: 2, spLost: 2 });
  });

  it('an attacker whose orders forbid shock is refused with the Orders Table', () => {
    const g = inActivation('CSA', 'heth-div');
    expectRefused(g, () => g.resolveShock({ attackers: ['crenshaw'], defenders: ['2-wi'], roll: 1, result: {} }), 'RULES_FORBID', 'attackers[0]', 'Rev. Orders Table');
  });
});

describe('Rally and UDD', () => {
  it('Rally (RI-K13): +1 out of command, the stacked leader\'s star rank once per turn; an infantry SP lost on the roll is a straggler', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    g.setStatus({ unitId: '2-wi', status: 'routed' });
    const plan = g.planCohesion({ unitId: '2-wi', check: 'rally', outOfCommand: true, leaderId: 'meredith' });
    expect(plan.drm.items.map((i) => [i.label, i.value])).toEqual([
      ['Unit is Out of Command', 1],
      ["Leader's star rank (1)", -1],
    ]);
    expect(plan.leaders.map((l) => [l.name, l.available])).toEqual([
      ['Solomon Meredith', true],
      ['James S. Wadsworth', true],
      ['John F. Reynolds', true],
      ['George G. Meade', true],
    ]);
    expectUndoRedo(g, () => g.rally({ unitId: '2-wi', outOfCommand: true, leaderId: 'meredith', roll: 2, result: { status: 'disordered', spLoss: 1 } }));
    expect(unit(g, '2-wi')).toMatchObject({ status: 'disordered', stragglers: 1, spLost: 0 });
    expect(g.history({ limit: 1 })[0]!.summary).toBe("Rally: 2nd Wisconsin, DRM +0 (Solomon Meredith's star rank); rolled 2, modified 2: 2nd Wisconsin loses 1 SP as stragglers (rally); 2nd Wisconsin: routed -> disordered");
    expectRefused(g, () => g.rally({ unitId: '2-wi', outOfCommand: false, leaderId: 'meredith', roll: 1, result: {} }), 'RULES_FORBID', 'leaderId', 'Rev. Leader Rally');
    expectRefused(g, () => g.rally({ unitId: '6-wi', outOfCommand: false, roll: 1, result: {} }), 'RULES_FORBID', 'unitId', 'Rev. Rally Table');
    expectRefused(g, () => g.rally({ unitId: '2-wi', outOfCommand: false, leaderId: 'archer-l', roll: 1, result: {} }), 'RULES_FORBID', 'leaderId', 'Rev. Leader Rally');
  });

  it('UDD: -3 in entrenchments; a disorder from enemy action loses a straggler; a Second Disorder\'s SP loss is a straggler too', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    g.setWorks({ unitId: '1-tn', works: 'entrenchments' });
    expect(g.planCohesion({ unitId: '1-tn', check: 'udd' }).drm.items).toEqual([{ label: 'Unit in Entrenchments', value: -3, rule: 'Rev. Breastworks/Entrenchments' }]);
    const r = g.udd({ unitId: '1-tn', cause: 'reaction-facing-change', roll: 9, result: { status: 'disordered' } });
    expect(r.modified).toBe(6);
    expect(unit(g, '1-tn')).toMatchObject({ status: 'disordered', stragglers: 1 });
    g.udd({ unitId: '1-tn', cause: 'terrain', roll: 9, result: { spLoss: 1, lossCause: 'second-disorder' } });
    expect(unit(g, '1-tn')).toMatchObject({ stragglers: 2, spLost: 0 });
  });

  it('RI-K04: a Confederate dismounted cavalry unit is shown its -3 cohesion', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    expect(g.planCohesion({ unitId: '17-va-cav', check: 'udd' }).cohesion).toEqual([{ label: 'Confederate cavalry dismounted', value: -3, rule: 'Rev. Confederate Cavalry' }]);
    expect(g.planCohesion({ unitId: '8-il-cav', check: 'udd' }).cohesion).toEqual([]);
  });
});

describe('the Confusion Table after a failed ME attempt (RI-K06)', () => {
  it('records the players\' result once; a forced shock lists the units that must shock and the dismounted cavalry that need not', () => {
    const g = inActivation('USA', 'usa-i');
    expectRefused(g, () => g.recordConfusion({ commandId: 'csa-cav', result: 'stand' }), 'RULES_FORBID', 'commandId', 'Rev. Activation Segment');
    g.attemptActivation({ commandId: 'csa-cav', roll: 9 });
    expectRefused(g, () => g.recordConfusion({ commandId: 'csa-cav', result: 'other' }), 'INVALID_ARGUMENT', 'text');
    const r = g.recordConfusion({ commandId: 'csa-cav', result: 'shock', text: 'Advance and attack', resultFrom: 'chart' });
    expect(r).toMatchObject({ mustShock: [], exempt: ['17-va-cav'] });
    expect(g.turnState().activated.find((a) => a.commandId === 'csa-cav')).toMatchObject({ effectiveness: 'confusion', confusionResult: 'shock' });
    expect(g.history({ limit: 1 })[0]!.summary).toBe('Confusion Table: Jenkins\'s Brigade must advance and shock ("Advance and attack", your chart): 0 unit(s); dismounted cavalry need not: 1 unit(s)');
    expectRefused(g, () => g.recordConfusion({ commandId: 'csa-cav', result: 'stand' }), 'INVALID_ARGUMENT', 'commandId');
    g.undo();
    expectUndoRedo(g, () => g.recordConfusion({ commandId: 'csa-cav', result: 're' }));
    advanceTo(g, { turnId: '1863-07-01T0800', segment: 'I', phase: 'A' });
    expect(g.db.prepare("SELECT confusion_result FROM commands WHERE id = 'csa-cav'").get()).toEqual({ confusion_result: null });
  });
});

describe('unit state: works, status, weather', () => {
  it('setWorks: occupying works needs nothing; building breastworks needs ME and a Hold order; entrenchments are 1864\'s (RI-K15)', () => {
    const g = inActivation('USA', 'usa-i');
    expectRefused(g, () => g.setWorks({ unitId: '2-wi', works: 'entrenchments', construct: true }), 'RULES_FORBID', 'construct', 'Rev. Breastworks/Entrenchments');
    expectRefused(g, () => g.setWorks({ unitId: '8-il-cav', works: 'breastworks', construct: true }), 'RULES_FORBID', 'construct', 'Rev. Orders Table');
    expectRefused(g, () => g.setWorks({ unitId: '1-tn', works: 'breastworks', construct: true }), 'RULES_FORBID', 'construct', 'Rev. Orders Table');
    expectUndoRedo(g, () => g.setWorks({ unitId: '2-wi', works: 'breastworks', construct: true }));
    expect(g.history({ limit: 1 })[0]!.summary).toBe('2nd Wisconsin builds breastworks');
    expectRefused(g, () => g.setWorks({ unitId: '2-wi', works: 'breastworks' }), 'INVALID_ARGUMENT', 'works');
  });

  it('setStatus: a disorder by enemy action loses an infantry straggler; "eliminated" comes only from losses (RI-K16)', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    g.setStatus({ unitId: '2-wi', status: 'disordered', cause: 'fire' });
    expect(unit(g, '2-wi')).toMatchObject({ status: 'disordered', stragglers: 1 });
    g.setStatus({ unitId: '6-wi', status: 'disordered', cause: 'fire', enemyWithinTacticalMovementRange: false });
    expect(unit(g, '6-wi').stragglers).toBe(0);
    g.setStatus({ unitId: '7-wi', status: 'disordered' });
    expect(unit(g, '7-wi').stragglers).toBe(0);
    expectRefused(g, () => g.setStatus({ unitId: '2-wi', status: 'eliminated' }), 'INVALID_ARGUMENT', 'status');
  });

  it('weather: rain only in afternoon turns, mud when it stops; the roll to end it, -1 for each roll before (RI-K17)', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    expect(g.weather()).toMatchObject({ raining: false, mud: false, rainStopRolls: 0, rainMayBegin: false });
    expectRefused(g, () => g.setWeather({ raining: true }), 'RULES_FORBID', 'raining', 'Rev. Rain');
    advanceTo(g, { turnId: '1863-07-01T1400', segment: 'I', phase: 'A' });
    g.setWeather({ raining: true });
    // Rain halves small-arms range (RI-F05) and fire strength.
    expect(g.planFire({ stack: ['2-wi'], range: 3 })).toMatchObject({ rangeDrm: null, rangeNote: 'Beyond the maximum range of 2 (halved by rain) for R weapons', weather: { raining: true, mud: false } });
    // One roll a turn, from the turn after the rain began (RI-B04).
    advanceTo(g, { turnId: '1863-07-01T2200', segment: 'I', phase: 'A' });
    expect(g.rollToEndRain({ roll: 1 })).toMatchObject({ stops: false, modified: 1 });
    advanceTo(g, { turnId: '1863-07-01T2400', segment: 'I', phase: 'A' });
    const stop = g.rollToEndRain({ roll: 1 });
    expect(stop).toMatchObject({ stops: true, modified: 0, drm: { total: -1 } });
    expect(g.weather()).toMatchObject({ raining: false, mud: true });
  });
});
