/** Examples of one Fire Combat attack under the revision: additional and orders DRMs, the whole DRM, strength, prohibitions, the stack's resolution. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAIR_WEATHER, thrownArgument } from './test-support';
import { additionalFireDrmItems, fireProhibitions, ordersFireDrmItems, stackFireResolution, type FireSituation, type StackFirer, type TargetUnit } from './fire';
import { smallArmsMaxRange } from './fire-tables';
import { ARMS, ORDER_CODES, WEAPONS } from './types';
import { type Weather } from './weather';

const RAIN: Weather = { raining: true, mud: false, rainStopRolls: 0 };
const MUD: Weather = { raining: false, mud: true, rainStopRolls: 0 };

const infantryTarget: TargetUnit = { arm: 'infantry', weapon: 'R', sp: 5, order: 'HOLD' };

function situation(over: Partial<FireSituation> = {}): FireSituation {
  return {
    firer: { arm: 'infantry', weapon: 'R', sp: 6, order: 'SKPD' },
    kind: 'phasing',
    range: 2,
    targets: [infantryTarget],
    weather: FAIR_WEATHER,
    ...over,
  };
}

/** One unit's fire attack as the game plans it: the fire of a stack whose only firer is this unit (named F). */
const oneFirer = ({ firer, ...rest }: FireSituation) => stackFireResolution({ ...rest, firers: [{ ...firer, name: 'F' }] });
const fireDrm = (s: FireSituation) => oneFirer(s).drm;
const fireStrength = (s: Pick<FireSituation, 'firer' | 'range' | 'weather'>) => oneFirer(situation(s)).strength;

const labels = (items: { label: string }[]) => items.map((i) => i.label);
const valueOf = (items: { label: string; value: number }[], pattern: RegExp) => items.find((i) => pattern.test(i.label))?.value;

describe('additionalFireDrmItems: every line of "Additional DRMs (cumulative)"', () => {
  it('none apply to plain phasing fire at an infantry line', () => {
    expect(additionalFireDrmItems(situation())).toEqual([]);
  });

  it('Reaction Fire against Phasing unit that has moved: +1 (not for phasing fire, not if it has not moved)', () => {
    const moved = { ...infantryTarget, moved: true };
    expect(valueOf(additionalFireDrmItems(situation({ kind: 'reaction', targets: [moved] })), /has moved/)).toBe(1);
    expect(valueOf(additionalFireDrmItems(situation({ kind: 'reaction' })), /has moved/)).toBeUndefined();
    expect(valueOf(additionalFireDrmItems(situation({ kind: 'phasing', targets: [moved] })), /has moved/)).toBeUndefined();
  });

  it('Any Infantry Reaction Fire against Artillery: +3', () => {
    const battery: TargetUnit = { arm: 'artillery', weapon: null, sp: 4, order: 'WDRW' };
    expect(valueOf(additionalFireDrmItems(situation({ kind: 'reaction', targets: [battery] })), /Infantry Reaction Fire against Artillery/)).toBe(3);
    const cavalryFirer = situation({ kind: 'reaction', targets: [battery], firer: { arm: 'cavalry', weapon: 'C', sp: 2, order: 'SKPD', mounted: false } });
    expect(valueOf(additionalFireDrmItems(cavalryFirer), /against Artillery/)).toBeUndefined();
  });

  it('Firing from Breastworks/Entrenchments: +1/+2', () => {
    expect(valueOf(additionalFireDrmItems(situation({ firer: { arm: 'infantry', weapon: 'R', sp: 6, order: 'HOLD', works: 'breastworks' } })), /Breastworks/)).toBe(1);
    expect(valueOf(additionalFireDrmItems(situation({ firer: { arm: 'infantry', weapon: 'R', sp: 6, order: 'HOLD', works: 'entrenchments' } })), /Entrenchments/)).toBe(2);
  });

  it('Fire enters target hex through Rear Hexside: +2', () => {
    expect(valueOf(additionalFireDrmItems(situation({ targetHex: { throughRearHexside: true } })), /Rear Hexside/)).toBe(2);
  });

  it('Target using Strategic Movement or Extended Column: +1', () => {
    const column = { ...infantryTarget, strategicMovementOrExtendedColumn: true };
    expect(valueOf(additionalFireDrmItems(situation({ targets: [column] })), /Strategic Movement/)).toBe(1);
  });

  it('Target is Mounted Cavalry: +1 for each 4 SPs, rounded up', () => {
    const mounted = (sp: number): TargetUnit => ({ arm: 'cavalry', weapon: 'C', sp, order: 'SKPD', mounted: true });
    expect(valueOf(additionalFireDrmItems(situation({ targets: [mounted(1)] })), /Mounted Cavalry/)).toBe(1);
    expect(valueOf(additionalFireDrmItems(situation({ targets: [mounted(4)] })), /Mounted Cavalry/)).toBe(1);
    expect(valueOf(additionalFireDrmItems(situation({ targets: [mounted(5)] })), /Mounted Cavalry/)).toBe(2);
    // RI-F03: the mounted cavalry SPs in front are counted together.
    expect(valueOf(additionalFireDrmItems(situation({ targets: [mounted(3), mounted(3)] })), /Mounted Cavalry/)).toBe(2);
  });

  it('Target is Dismounted Cavalry, or uses B/SR/C weapons: -1, and -1 at most', () => {
    const dismountedWithCarbines: TargetUnit = { arm: 'cavalry', weapon: 'C', sp: 3, order: 'SKPD', mounted: false };
    const items = additionalFireDrmItems(situation({ targets: [dismountedWithCarbines] }));
    expect(items.filter((i) => /Dismounted/.test(i.label)).map((i) => i.value)).toEqual([-1]);
    for (const weapon of ['B', 'B-SS', 'SR', 'C'] as const) {
      expect(valueOf(additionalFireDrmItems(situation({ targets: [{ ...infantryTarget, weapon }] })), /B\/SR\/C/)).toBe(-1);
    }
    for (const weapon of ['M', 'E', 'R', 'TR'] as const) {
      expect(valueOf(additionalFireDrmItems(situation({ targets: [{ ...infantryTarget, weapon }] })), /B\/SR\/C/)).toBeUndefined();
    }
  });

  it('RI-F03: against several units in front, the DRM most advantageous to the firer is used', () => {
    const sharps: TargetUnit = { ...infantryTarget, weapon: 'B-SS' };
    // One unit with R rifles: the -1 no longer applies.
    expect(valueOf(additionalFireDrmItems(situation({ targets: [sharps, infantryTarget] })), /B\/SR\/C/)).toBeUndefined();
    expect(valueOf(additionalFireDrmItems(situation({ targets: [sharps, { ...sharps, weapon: 'SR' }] })), /B\/SR\/C/)).toBe(-1);
  });

  it('Moving Artillery firing: -2', () => {
    const moving = situation({ firer: { arm: 'artillery', weapon: null, sp: 4, order: 'SUPT', movingArtillery: true } });
    expect(valueOf(additionalFireDrmItems(moving), /Moving Artillery/)).toBe(-2);
    expect(() => additionalFireDrmItems(situation({ firer: { arm: 'infantry', weapon: 'R', sp: 4, order: 'SUPT', movingArtillery: true } }))).toThrow(
      /firer\.movingArtillery/,
    );
  });

  it('all lines are cumulative', () => {
    const s = situation({
      kind: 'reaction',
      firer: { arm: 'infantry', weapon: 'R', sp: 6, order: 'HOLD', works: 'entrenchments' },
      targets: [{ arm: 'artillery', weapon: null, sp: 4, order: 'MRCH', moved: true, strategicMovementOrExtendedColumn: true }],
      targetHex: { throughRearHexside: true },
    });
    expect(additionalFireDrmItems(s).reduce((sum, i) => sum + i.value, 0)).toBe(1 + 3 + 2 + 2 + 1);
  });
});

describe('ordersFireDrmItems: the Orders Table FIRE CMBT DRM columns (RI-F23)', () => {
  it('HOLD firer +1 (ATKR); MRCH target +1 (DFDR)', () => {
    expect(ordersFireDrmItems('HOLD', ['MRCH'])).toEqual([
      { label: "Firer's orders (HOLD)", value: 1, rule: 'Rev. Orders Table' },
      { label: "Target's orders (MRCH)", value: 1, rule: 'Rev. Orders Table' },
    ]);
  });

  it('MRCH, RSRV and WDRW firers -1; zero entries are left out', () => {
    for (const order of ['MRCH', 'RSRV', 'WDRW'] as const) expect(ordersFireDrmItems(order, ['ASLT'])).toEqual([
      { label: `Firer's orders (${order})`, value: -1, rule: 'Rev. Orders Table' },
    ]);
    expect(ordersFireDrmItems('ASLT', ['HOLD'])).toEqual([]);
  });

  it('RI-F03: target units under different orders give the firer the higher DFDR value', () => {
    expect(ordersFireDrmItems('ASLT', ['HOLD', 'RSRV'])).toEqual([{ label: "Target's orders (RSRV)", value: 1, rule: 'Rev. Orders Table' }]);
  });

  it('names bad orders', () => {
    expect(() => ordersFireDrmItems('XX' as never, ['HOLD'])).toThrow(/firerOrder: must be one of ASLT/);
    expect(() => ordersFireDrmItems('HOLD', [])).toThrow(/targetOrders/);
  });
});

describe('fireDrm: the whole itemised DRM of one fire attack', () => {
  it('a HOLD regiment with rifles and skirmishers out fires at range 3 on a marching column in Devil\'s Den', () => {
    const drm = fireDrm(
      situation({
        range: 3,
        firer: { arm: 'infantry', weapon: 'R', sp: 6, order: 'HOLD', skirmishers: true },
        targets: [{ ...infantryTarget, order: 'MRCH', strategicMovementOrExtendedColumn: true }],
        targetHex: { devilsDen: true },
      }),
    );
    expect(drm.items).toEqual([
      { label: 'Range 3 (R)', value: -2, rule: 'Rev. Range DRMs' },
      { label: 'Skirmishers: range modifiers one column right', value: 2, rule: 'Rev. Skirmishers' },
      { label: 'Target using Strategic Movement or Extended Column', value: 1, rule: 'Rev. Additional DRMs' },
      { label: "Firer's orders (HOLD)", value: 1, rule: 'Rev. Orders Table' },
      { label: "Target's orders (MRCH)", value: 1, rule: 'Rev. Orders Table' },
      { label: "Target in Devil's Den", value: -1, rule: 'Rev. Terrain Effects Chart' },
    ]);
    expect(drm.total).toBe(2);
  });

  it('rain -2 and mud -1 apply to artillery fire only; entrenched targets -2 (TEC)', () => {
    const battery = situation({ firer: { arm: 'artillery', weapon: null, sp: 4, order: 'BOMB' }, range: 8, targetHex: { works: 'entrenchments' } });
    expect(labels(fireDrm({ ...battery, weather: RAIN }).items)).toEqual(['Target in Entrenchment', 'Rain: artillery fire']);
    expect(fireDrm({ ...battery, weather: RAIN }).total).toBe(-4);
    expect(fireDrm({ ...battery, weather: MUD }).total).toBe(-3);
    expect(labels(fireDrm({ ...situation(), weather: RAIN }).items)).not.toContain('Rain: artillery fire');
  });

  it('RI-F06: artillery gets no range item; base-game modifiers passed by the caller are kept', () => {
    const base = { label: 'Artillery range (base game)', value: 1, rule: '3DoG 8.2' };
    const drm = fireDrm(situation({ firer: { arm: 'artillery', weapon: null, sp: 4, order: 'HOLD' }, range: 3, otherDrms: [base] }));
    expect(drm.items).toEqual([{ label: "Firer's orders (HOLD)", value: 1, rule: 'Rev. Orders Table' }, base]);
  });

  it('its items always sum to its total (fast-check)', () => {
    const target = fc.record({
      arm: fc.constantFrom(...ARMS),
      weapon: fc.constantFrom(...WEAPONS),
      sp: fc.integer({ min: 0, max: 12 }),
      order: fc.constantFrom(...ORDER_CODES),
      mounted: fc.boolean(),
      strategicMovementOrExtendedColumn: fc.boolean(),
      moved: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...ARMS),
        fc.constantFrom(...WEAPONS),
        fc.constantFrom(...ORDER_CODES),
        fc.constantFrom('none', 'breastworks', 'entrenchments'),
        fc.boolean(),
        fc.constantFrom<FireSituation['kind']>('phasing', 'reaction'),
        fc.integer({ min: 1, max: 10 }),
        fc.array(target, { minLength: 1, maxLength: 4 }),
        fc.record({ raining: fc.boolean(), mud: fc.boolean(), rainStopRolls: fc.constant(0) }),
        fc.record({ throughRearHexside: fc.boolean(), devilsDen: fc.boolean(), works: fc.constantFrom('none', 'breastworks', 'entrenchments') }),
        (arm, weapon, order, works, skirmishers, kind, range, targets, weather, targetHex) => {
          const s: FireSituation = {
            firer: {
              arm,
              weapon: arm === 'artillery' ? null : weapon,
              sp: 4,
              order,
              works,
              skirmishers: arm === 'artillery' ? false : skirmishers,
              ...(arm === 'cavalry' ? { mounted: skirmishers } : {}),
            },
            kind,
            range,
            // RI-K03: the mounted flag is given for cavalry and only for cavalry.
            targets: targets.map((t) => ({ ...t, weapon: t.arm === 'artillery' ? null : t.weapon, mounted: t.arm === 'cavalry' ? t.mounted : undefined })),
            targetHex,
            weather,
          };
          const drm = fireDrm(s);
          const strength = fireStrength(s);
          const sum = (items: { value: number }[]) => items.reduce((a, i) => a + i.value, 0);
          return drm.total === sum(drm.items) && strength.total === sum(strength.items) && strength.total >= 0 && strength.total <= 4;
        },
      ),
    );
  });

  it('rejects a fire with no target, and names bad target fields', () => {
    expect(() => fireDrm(situation({ targets: [] }))).toThrow(/targets: must list at least one target/);
    expect(() => fireDrm(situation({ targets: [{ ...infantryTarget, sp: -1 }] }))).toThrow(/targets\[0\]\.sp/);
    expect(() => fireDrm(situation({ targets: [{ ...infantryTarget, arm: 'artillery' }] }))).toThrow(/targets\[0\]\.weapon: must be null for artillery/);
    expect(() => fireDrm(situation({ range: 0 }))).toThrow(/range: must be a whole number of 1 or more/);
  });
});

describe('fireStrength: SPs that may fire, with the revision\'s halvings (rounded down)', () => {
  it('"Mounted cavalry always fires at 1/2 strength, rounded down"', () => {
    const s = fireStrength({ firer: { arm: 'cavalry', weapon: 'C', sp: 3, order: 'SKPD', mounted: true }, range: 2, weather: FAIR_WEATHER });
    expect(s).toEqual({
      total: 1,
      items: [
        { label: 'F: SPs that may fire', value: 3, rule: 'Rev. Stacking and Fire Combat' },
        { label: 'F: mounted cavalry fires at 1/2 strength, rounded down', value: -2, rule: 'Rev. Cavalry' },
      ],
    });
  });

  it('"Fire attack strength is halved when firing out of Close Terrain into adjacent hexes" (not at range 2)', () => {
    const firer = { arm: 'infantry' as const, weapon: 'R' as const, sp: 7, order: 'HOLD' as const, terrain: 'woods' as const };
    expect(fireStrength({ firer, range: 1, weather: FAIR_WEATHER }).total).toBe(3);
    expect(fireStrength({ firer, range: 2, weather: FAIR_WEATHER }).total).toBe(7);
    expect(fireStrength({ firer: { ...firer, terrain: 'clear' }, range: 1, weather: FAIR_WEATHER }).total).toBe(7);
  });

  it('rain halves strength for all Fire Combat; the halvings compound', () => {
    const firer = { arm: 'cavalry' as const, weapon: 'C' as const, sp: 8, order: 'SKPD' as const, mounted: true, terrain: 'town' as const };
    const s = fireStrength({ firer, range: 1, weather: RAIN });
    expect(s.items.map((i) => i.value)).toEqual([8, -4, -2, -1]);
    expect(s.total).toBe(1);
  });
});

describe('fireProhibitions, and one unit\'s fire put together', () => {
  it('a plain fire is allowed and carries strength, DRM, maximum range and ammo check together', () => {
    const r = oneFirer(situation({ firer: { arm: 'infantry', weapon: 'SR', sp: 5, order: 'SKPD' } }));
    expect(r.allowed).toBe(true);
    expect(r.strength.total).toBe(5);
    expect(r.drm.total).toBe(1);
    expect(r.maxRange).toBe(5);
    expect(r.ammoCheck).toEqual([true]);
  });

  it('MRCH and RSRV: "No Phasing Fire; Reaction Fire only"', () => {
    for (const order of ['MRCH', 'RSRV'] as const) {
      const firer = { arm: 'infantry' as const, weapon: 'R' as const, sp: 5, order };
      expect(fireProhibitions(situation({ firer, kind: 'phasing' })).map((p) => p.rule)).toEqual(['Rev. Orders Table']);
      expect(fireProhibitions(situation({ firer, kind: 'reaction' }))).toEqual([]);
    }
  });

  it('units in Extended Column cannot fire; Bayonet Charge units may not fire when activated; units not in front do not fire', () => {
    const firer = { arm: 'infantry' as const, weapon: 'R' as const, sp: 5, order: 'ASLT' as const };
    expect(fireProhibitions(situation({ firer: { ...firer, extendedColumn: true } })).map((p) => p.rule)).toEqual(['Rev. Extended Columns']);
    expect(fireProhibitions(situation({ firer: { ...firer, bayonetCharge: true } })).map((p) => p.rule)).toEqual(['Rev. Bayonet Charge']);
    expect(fireProhibitions(situation({ firer: { ...firer, sp: 0 } })).map((p) => p.rule)).toEqual(['Rev. Stacking and Fire Combat']);
  });

  it('RI-F05: rain halves the maximum range, rounded down (5 -> 2, US SS 6 -> 3)', () => {
    expect(smallArmsMaxRange('E', RAIN)).toBe(2);
    expect(smallArmsMaxRange('B-SS', RAIN)).toBe(3);
    const r = oneFirer(situation({ range: 3, weather: RAIN }));
    expect(r.allowed).toBe(false);
    expect(r.prohibitions[0]?.rule).toBe('Rev. Rain');
    expect(r.maxRange).toBe(2);
    expect(oneFirer(situation({ range: 6 })).allowed).toBe(false);
  });
});

describe('RI-K01: a mounted cavalry target gets "+1 for each 4 SPs" and not the "-1 (max)" for its carbines', () => {
  const mounted = (sp: number): TargetUnit => ({ arm: 'cavalry', weapon: 'C', sp, order: 'SKPD', mounted: true });
  it('a mounted cavalry battalion of 3 SPs with carbines: +1, no -1, so the mounted line no longer cancels', () => {
    const items = additionalFireDrmItems(situation({ targets: [mounted(3)] }));
    expect(items.map((i) => [i.label, i.value])).toEqual([['Target is Mounted Cavalry (3 SPs: +1 per 4, rounded up)', 1]]);
  });

  it('the same battalion dismounted: "Target is Dismounted Cavalry" -1, and no mounted line', () => {
    const items = additionalFireDrmItems(situation({ targets: [{ ...mounted(3), mounted: false }] }));
    expect(items.map((i) => [i.label, i.value])).toEqual([['Target is Dismounted Cavalry, or uses B/SR/C weapons', -1]]);
  });

  it('sharpshooters in front with mounted cavalry: not every unit qualifies, so no -1 (RI-F03)', () => {
    const sharps: TargetUnit = { ...infantryTarget, weapon: 'B-SS' };
    expect(valueOf(additionalFireDrmItems(situation({ targets: [sharps, mounted(2)] })), /B\/SR\/C/)).toBeUndefined();
  });
});

describe('RI-K02: firing out of Close terrain into an adjacent hex halves the strength, rounded down', () => {
  const firer = { arm: 'infantry' as const, weapon: 'R' as const, sp: 5, order: 'HOLD' as const, terrain: 'rough-woods' as const };
  it('5 SPs in Rough Woods fire at 2 into the adjacent hex (not 2.5)', () => {
    const s = fireStrength({ firer, range: 1, weather: FAIR_WEATHER });
    expect(s.items).toEqual([
      { label: 'F: SPs that may fire', value: 5, rule: 'Rev. Stacking and Fire Combat' },
      { label: 'Firing out of Close terrain into an adjacent hex: 1/2 strength, rounded down', value: -3, rule: 'Rev. Terrain Effects Chart' },
    ]);
    expect(s.total).toBe(2);
  });

  it('a 1-SP unit in Town fires at 0 into an adjacent hex, and a stack fire at strength 0 is not allowed', () => {
    expect(fireStrength({ firer: { ...firer, sp: 1, terrain: 'town' }, range: 1, weather: FAIR_WEATHER }).total).toBe(0);
    const r = stackFireResolution({ firers: [{ ...firer, sp: 1, terrain: 'town', name: 'Company' }], kind: 'phasing', range: 1, targets: [infantryTarget], weather: FAIR_WEATHER });
    expect(r.allowed).toBe(false);
    expect(r.prohibitions.map((p) => p.reason)).toEqual(['The fire strength is 0 after halving']);
  });
});

describe('RI-K03: the mounted flag is required for cavalry, so a forgotten flag cannot turn a mounted unit into a dismounted one', () => {
  it('a cavalry target, firer or shock defender without `mounted` is refused, naming the field', () => {
    const unflagged = { arm: 'cavalry', weapon: 'C', sp: 3, order: 'SKPD' } as TargetUnit;
    expect(thrownArgument(() => fireDrm(situation({ targets: [unflagged] })))).toBe('targets[0].mounted');
    expect(thrownArgument(() => fireDrm(situation({ firer: { arm: 'cavalry', weapon: 'C', sp: 3, order: 'SKPD' } })))).toBe('firers[0].mounted');
    expect(() => fireDrm(situation({ targets: [unflagged] }))).toThrow(/must be given for cavalry, true \(mounted\) or false \(dismounted\)/);
  });

  it('`mounted: true` on infantry is refused; `mounted: false` on infantry is harmless', () => {
    expect(thrownArgument(() => fireDrm(situation({ targets: [{ ...infantryTarget, mounted: true }] })))).toBe('targets[0].mounted');
    expect(fireDrm(situation({ targets: [{ ...infantryTarget, mounted: false }] }))).toEqual(fireDrm(situation()));
  });
});

describe('stackFireResolution: several units in front fire as one attack (RI-K05)', () => {
  const regiment = (name: string, sp: number, over: Partial<StackFirer> = {}): StackFirer => ({ name, arm: 'infantry', weapon: 'R', sp, order: 'HOLD', ...over });

  it('strength is the sum of the SPs that may fire; the range DRM is the top firer\'s weapon', () => {
    const r = stackFireResolution({
      firers: [regiment('2nd Wisconsin', 4), regiment('Sharpshooters', 3, { weapon: 'B-SS' })],
      kind: 'phasing',
      range: 2,
      targets: [infantryTarget],
      weather: FAIR_WEATHER,
    });
    expect(r.allowed).toBe(true);
    expect(r.strength).toEqual({
      total: 7,
      items: [
        { label: '2nd Wisconsin: SPs that may fire', value: 4, rule: 'Rev. Stacking and Fire Combat' },
        { label: 'Sharpshooters: SPs that may fire', value: 3, rule: 'Rev. Stacking and Fire Combat' },
      ],
    });
    expect(r.drm.items[0]).toEqual({ label: 'Range 2 (R)', value: 0, rule: 'Rev. Range DRMs' });
    expect(r.ammoCheck).toEqual([false, true]);
  });

  it('mounted cavalry is halved unit by unit; Close terrain and rain halve the sum', () => {
    const r = stackFireResolution({
      firers: [
        { name: '8th Illinois', arm: 'cavalry', weapon: 'C', sp: 3, order: 'SKPD', mounted: true, terrain: 'woods' },
        { name: '12th Illinois', arm: 'cavalry', weapon: 'C', sp: 1, order: 'SKPD', mounted: false, terrain: 'woods' },
      ],
      kind: 'phasing',
      range: 1,
      targets: [infantryTarget],
      weather: RAIN,
    });
    // 3 -> 1 (mounted), + 1 = 2; woods at range 1: 1; rain: 0.
    expect(r.strength.items.map((i) => i.value)).toEqual([3, -2, 1, -1, -1]);
    expect(r.strength.total).toBe(0);
  });

  it('a line that differs between firers takes the value most advantageous to the enemy: the lowest', () => {
    const r = stackFireResolution({
      firers: [regiment('Entrenched', 3, { works: 'entrenchments' }), regiment('In the open', 3, { order: 'MRCH' })],
      kind: 'reaction',
      range: 2,
      targets: [infantryTarget],
      weather: FAIR_WEATHER,
    });
    // +2 for entrenchments only one firer has: none. HOLD +1 vs MRCH -1: -1.
    expect(r.drm.items.map((i) => [i.label, i.value])).toEqual([
      ['Range 2 (R)', 0],
      ["Firer's orders (MRCH)", -1],
    ]);
  });

  it('artillery may not join an attack with small arms, and each firer\'s own prohibitions are named', () => {
    const r = stackFireResolution({
      firers: [{ name: 'Hall', arm: 'artillery', weapon: null, sp: 6, order: 'HOLD' }, regiment('6th Wisconsin', 3, { bayonetCharge: true })],
      kind: 'phasing',
      range: 2,
      targets: [infantryTarget],
      weather: FAIR_WEATHER,
    });
    expect(r.allowed).toBe(false);
    expect(r.prohibitions).toEqual([
      { firer: 1, reason: '6th Wisconsin: Bayonet Charge units may not fire when activated', rule: 'Rev. Bayonet Charge' },
      { firer: null, reason: 'Artillery fires on its own range columns: it fires apart from small arms', rule: 'Rev. Range Effects Chart' },
    ]);
  });

  it('names a bad firer by its place in the list', () => {
    expect(thrownArgument(() => stackFireResolution({ firers: [regiment('A', 2), { ...regiment('B', 2), arm: 'cavalry' }], kind: 'phasing', range: 1, targets: [infantryTarget], weather: FAIR_WEATHER }))).toBe('firers[1].mounted');
    expect(thrownArgument(() => stackFireResolution({ firers: [], kind: 'phasing', range: 1, targets: [infantryTarget], weather: FAIR_WEATHER }))).toBe('firers');
  });
});
