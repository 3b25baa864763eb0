/** Examples of Shock Combat under the revision: pre-shock checks, shock resolution DRMs, Bayonet Charge, retreat. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownArgument } from './test-support';
import {
  bayonetChargeIneligibility,
  mustObeyConfusionTableShock,
  oddsRoundedForAttacker,
  ORDERS_THAT_MAY_SHOCK,
  orderMayShock,
  preShockDrm,
  retreatBeforeShock,
  shockDrm,
  type ShockDefender,
} from './shock';
import { ARMS, ORDER_CODES } from './types';

describe('preShockDrm: "Defender\'s Pre-Shock DRMs"', () => {
  it('"Unit in Breastworks -2; In Entrenchments -3"', () => {
    expect(preShockDrm({ works: 'breastworks' })).toEqual({ total: -2, items: [{ label: 'Unit in Breastworks', value: -2, rule: 'Rev. Shock DRMs' }] });
    expect(preShockDrm({ works: 'entrenchments' }).total).toBe(-3);
    expect(preShockDrm({ works: 'none' })).toEqual({ total: 0, items: [] });
  });

  it('"Defender in Extended Column/Strategic Movement +1"', () => {
    expect(preShockDrm({ extendedColumnOrStrategicMovement: true }).total).toBe(1);
  });

  it('"In Shock Combat with an undisordered BC unit, enemy units suffer a +1 DRM in their Pre-Shock Cohesion Checks"', () => {
    const drm = preShockDrm({ works: 'breastworks', facingUndisorderedBayonetCharge: true });
    expect(drm.items.map((i) => [i.value, i.rule])).toEqual([
      [-2, 'Rev. Shock DRMs'],
      [1, 'Rev. Bayonet Charge'],
    ]);
    expect(drm.total).toBe(-1);
  });

  it('names bad arguments', () => {
    expect(() => preShockDrm({ works: 'trench' as never })).toThrow(/defender\.works: must be one of none, breastworks, entrenchments/);
    expect(() => preShockDrm({ extendedColumnOrStrategicMovement: 1 as never })).toThrow(/extendedColumnOrStrategicMovement: must be true or false/);
  });
});

describe('who may shock: the Orders Table SHCK CMBT DRM ATKR column, N/A = no shock', () => {
  it('BOMB and WDRW ("No Shock attacks") may not shock; the other orders may', () => {
    expect(orderMayShock('WDRW')).toBe(false);
    expect(orderMayShock('BOMB')).toBe(false);
    expect(ORDERS_THAT_MAY_SHOCK).toEqual(['ASLT', 'SUPT', 'MRCH', 'SKPD', 'HOLD', 'RSRV']);
  });

  it('shockDrm refuses an attacker under an order that may not shock, naming it', () => {
    expect(() => shockDrm({ attackers: [{ order: 'WDRW' }], defenders: [{ arm: 'infantry', order: 'HOLD' }] })).toThrow(
      /attackers\[0\]\.order: WDRW may not shock .* ASLT, SUPT, MRCH, SKPD, HOLD, RSRV/,
    );
  });
});

describe('shockDrm: Shock DR Adjustments, Orders Table shock DRMs and the TEC rows', () => {
  const holdingInfantry: ShockDefender = { arm: 'infantry', order: 'HOLD' };

  it('RI-F23: an Assault on a HOLD line: ASLT +1 (ATKR), HOLD -1 (DFDR)', () => {
    expect(shockDrm({ attackers: [{ order: 'ASLT' }], defenders: [holdingInfantry] })).toEqual({
      total: 0,
      items: [
        { label: "Attacker's orders (ASLT)", value: 1, rule: 'Rev. Orders Table' },
        { label: "Defender's orders (HOLD)", value: -1, rule: 'Rev. Orders Table' },
      ],
    });
  });

  it('"Defender in Extended Column/Strategic Movement +3; Bayonet Charge +1; Defender is Dismounted Cavalry +3"', () => {
    const drm = shockDrm({
      attackers: [{ order: 'ASLT', bayonetCharge: true }],
      defenders: [{ arm: 'cavalry', mounted: false, order: 'MRCH', extendedColumnOrStrategicMovement: true }],
    });
    expect(drm.items.map((i) => [i.label, i.value])).toEqual([
      ['Defender in Extended Column/Strategic Movement', 3],
      ['Bayonet Charge', 1],
      ['Defender is Dismounted Cavalry', 3],
      ["Attacker's orders (ASLT)", 1],
      ["Defender's orders (MRCH)", 1],
    ]);
    expect(drm.total).toBe(9);
  });

  it('mounted cavalry defenders do not give the dismounted +3', () => {
    const drm = shockDrm({ attackers: [{ order: 'SUPT' }], defenders: [{ arm: 'cavalry', mounted: true, order: 'SUPT' }] });
    expect(drm).toEqual({ total: 0, items: [] });
  });

  it("a defender in Devil's Den or Entrenchments: Shock -2 each (TEC)", () => {
    const drm = shockDrm({ attackers: [{ order: 'SUPT' }], defenders: [holdingInfantry], defenderHex: { devilsDen: true, works: 'entrenchments' } });
    expect(drm.items.map((i) => [i.label, i.value, i.rule])).toEqual([
      ["Defender's orders (HOLD)", -1, 'Rev. Orders Table'],
      ["Defender in Devil's Den", -2, 'Rev. Terrain Effects Chart'],
      ['Defender in Entrenchment', -2, 'Rev. Terrain Effects Chart'],
    ]);
  });

  it('RI-F09: mixed units give the enemy the better of each line', () => {
    const drm = shockDrm({
      attackers: [{ order: 'ASLT', bayonetCharge: true }, { order: 'SKPD' }],
      defenders: [holdingInfantry, { arm: 'cavalry', order: 'SKPD', mounted: false }],
    });
    // Not every attacker charges: no +1. Attackers' worst order SKPD -1; defenders' best-for-attacker SKPD +1.
    expect(drm.items.map((i) => [i.label, i.value])).toEqual([
      ['Defender is Dismounted Cavalry', 3],
      ["Attacker's orders (SKPD)", -1],
      ["Defender's orders (SKPD)", 1],
    ]);
    expect(oddsRoundedForAttacker([{ order: 'ASLT', bayonetCharge: true }, { order: 'SKPD' }])).toBe(false);
    expect(oddsRoundedForAttacker([{ order: 'ASLT', bayonetCharge: true }])).toBe(true);
  });

  it('its items always sum to its total (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ order: fc.constantFrom(...ORDERS_THAT_MAY_SHOCK), bayonetCharge: fc.boolean() }), { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.record({ arm: fc.constantFrom(...ARMS), order: fc.constantFrom(...ORDER_CODES), mounted: fc.boolean(), extendedColumnOrStrategicMovement: fc.boolean() }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.record({ devilsDen: fc.boolean(), works: fc.constantFrom('none', 'breastworks', 'entrenchments') }),
        (attackers, defenders, defenderHex) => {
          // RI-K03: the mounted flag is given for cavalry and only for cavalry.
          const flagged = defenders.map((d) => ({ ...d, mounted: d.arm === 'cavalry' ? d.mounted : undefined }));
          const drm = shockDrm({ attackers, defenders: flagged, defenderHex });
          return drm.total === drm.items.reduce((sum, i) => sum + i.value, 0);
        },
      ),
    );
  });

  it('rejects empty sides', () => {
    expect(() => shockDrm({ attackers: [], defenders: [holdingInfantry] })).toThrow(/attackers: must list at least one/);
    expect(() => shockDrm({ attackers: [{ order: 'ASLT' }], defenders: [] })).toThrow(/defenders: must list at least one/);
  });
});

describe('Bayonet Charge: "Infantry commands or units with Assault orders and at ME, and which move during their activation"', () => {
  it('an infantry unit on ASLT at ME that moved is eligible', () => {
    expect(bayonetChargeIneligibility({ arm: 'infantry', order: 'ASLT', effectiveness: 'ME', moved: true })).toEqual([]);
  });

  it('every missing condition is reported', () => {
    expect(bayonetChargeIneligibility({ arm: 'cavalry', order: 'SUPT', effectiveness: 'RE', moved: false })).toEqual([
      'Only infantry may Bayonet Charge',
      'Bayonet Charge needs Assault orders',
      'Bayonet Charge needs activation at ME',
      'Bayonet Charge units must move during their activation',
    ]);
    expect(() => bayonetChargeIneligibility({ arm: 'infantry', order: 'ASLT', effectiveness: 'XE' as never, moved: true })).toThrow(
      /unit\.effectiveness: must be one of ME, RE/,
    );
  });
});

describe('Retreat Before Shock and dismounted cavalry', () => {
  it('"All units retreating before shock make a UDD after their retreat. Dismounted cavalry may always mount"', () => {
    expect(retreatBeforeShock({ arm: 'infantry' })).toEqual({ udd: true, mayMount: false, rule: 'Rev. Retreat Before Shock' });
    expect(retreatBeforeShock({ arm: 'cavalry', mounted: false }).mayMount).toBe(true);
    expect(retreatBeforeShock({ arm: 'cavalry', mounted: true }).mayMount).toBe(false);
  });

  it('dismounted cavalry "need not observe Confusion Table-mandated Shock Attack results"', () => {
    expect(mustObeyConfusionTableShock({ arm: 'cavalry', mounted: false }).must).toBe(false);
    expect(mustObeyConfusionTableShock({ arm: 'cavalry', mounted: true }).must).toBe(true);
    expect(mustObeyConfusionTableShock({ arm: 'infantry' }).must).toBe(true);
    // RI-K26: artillery never shocks, so a forced shock does not name it.
    expect(mustObeyConfusionTableShock({ arm: 'artillery' })).toMatchObject({ must: false, shocks: false });
  });
});

describe('RI-K03: cavalry must say whether it is mounted', () => {
  it('a cavalry defender, a retreating unit or a unit under a Confusion Table shock without `mounted` is refused, naming the field', () => {
    expect(thrownArgument(() => shockDrm({ attackers: [{ order: 'ASLT' }], defenders: [{ arm: 'cavalry', order: 'SKPD' }] }))).toBe('defenders[0].mounted');
    expect(thrownArgument(() => retreatBeforeShock({ arm: 'cavalry' }))).toBe('unit.mounted');
    expect(thrownArgument(() => mustObeyConfusionTableShock({ arm: 'cavalry' }))).toBe('unit.mounted');
  });

  it('infantry needs no flag and may not claim to be mounted', () => {
    expect(retreatBeforeShock({ arm: 'infantry' }).mayMount).toBe(false);
    expect(thrownArgument(() => mustObeyConfusionTableShock({ arm: 'infantry', mounted: true }))).toBe('unit.mounted');
  });
});
