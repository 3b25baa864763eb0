/** Examples of Rev. Rain and Rev. Mud: when rain begins, the roll that ends it, mud, and the fire modifiers. */
import { describe, expect, it } from 'vitest';
import { FAIR_WEATHER } from './test-support';
import { mayRainBegin, rainEvent, rainStopDrm, rollToEndRain, weatherEffects, weatherFireDrmItems, weatherMaxRange, type Weather } from './weather';

const RAIN: Weather = { raining: true, mud: false, rainStopRolls: 0 };

describe('rainEvent: "This event only occurs in afternoon game turns"', () => {
  it('brings rain in an afternoon turn', () => {
    expect(rainEvent(FAIR_WEATHER, true)).toEqual({ raining: true, mud: false, rainStopRolls: 0 });
  });

  it('has no effect in other turns', () => {
    expect(rainEvent(FAIR_WEATHER, false)).toEqual(FAIR_WEATHER);
  });

  it('rain on mud keeps the mud; rain already falling goes on unchanged', () => {
    expect(rainEvent({ raining: false, mud: true, rainStopRolls: 0 }, true)).toEqual({ raining: true, mud: true, rainStopRolls: 0 });
    const falling = { raining: true, mud: false, rainStopRolls: 2 };
    expect(rainEvent(falling, true)).toEqual(falling);
  });

  it('names bad arguments', () => {
    expect(() => rainEvent(FAIR_WEATHER, 'yes' as never)).toThrow(/afternoonTurn: must be true or false/);
    expect(() => rainEvent({ raining: true } as never, true)).toThrow(/weather\.mud/);
  });
});

describe('rollToEndRain: "It rains until a modified 0 is rolled; -1 cumulative DRM for each successive roll" (RI-F17)', () => {
  it('the first roll is unmodified: a 0 ends the rain, a 1 does not', () => {
    expect(rollToEndRain(RAIN, 0).stops).toBe(true);
    const goesOn = rollToEndRain(RAIN, 1);
    expect(goesOn.stops).toBe(false);
    expect(goesOn.drm).toEqual({ total: 0, items: [] });
    expect(goesOn.weather).toEqual({ raining: true, mud: false, rainStopRolls: 1 });
  });

  it('each successive roll is 1 lower: on the third roll a 2 ends it', () => {
    const third = rollToEndRain({ raining: true, mud: false, rainStopRolls: 2 }, 2);
    expect(third.drm).toEqual({ total: -2, items: [{ label: 'Successive roll to end rain (2 before)', value: -2, rule: 'Rev. Rain' }] });
    expect(third.modified).toBe(0);
    expect(third.stops).toBe(true);
    expect(rollToEndRain({ raining: true, mud: false, rainStopRolls: 2 }, 3).stops).toBe(false);
  });

  it('a modified result below 0 also ends it; a 9 on the first roll does not', () => {
    expect(rollToEndRain({ raining: true, mud: false, rainStopRolls: 5 }, 1).stops).toBe(true);
    expect(rollToEndRain(RAIN, 9).stops).toBe(false);
  });

  it('"Mud occurs when Rain stops" and stays for the rest of the game', () => {
    expect(rollToEndRain(RAIN, 0).weather).toEqual({ raining: false, mud: true, rainStopRolls: 0 });
  });

  it('rejects rolls outside 0-9 and a roll when no rain falls', () => {
    expect(() => rollToEndRain(RAIN, 10)).toThrow(/roll: must be a die roll, a whole number from 0 to 9/);
    expect(() => rollToEndRain(FAIR_WEATHER, 0)).toThrow(/weather: must have rain falling/);
    expect(() => rainStopDrm(-1)).toThrow(/rollsAlreadyMade/);
  });
});

describe('weather modifiers for fire', () => {
  it('rain: -2 Artillery Fire DRs; mud: -1; nothing for small arms', () => {
    expect(weatherFireDrmItems(RAIN, 'artillery')).toEqual([{ label: 'Rain: artillery fire', value: -2, rule: 'Rev. Rain' }]);
    expect(weatherFireDrmItems({ raining: false, mud: true, rainStopRolls: 0 }, 'artillery')).toEqual([
      { label: 'Mud: artillery fire', value: -1, rule: 'Rev. Mud' },
    ]);
    expect(weatherFireDrmItems({ raining: true, mud: true, rainStopRolls: 0 }, 'artillery').map((i) => i.value)).toEqual([-2, -1]);
    expect(weatherFireDrmItems(RAIN, 'infantry')).toEqual([]);
    expect(weatherFireDrmItems(FAIR_WEATHER, 'artillery')).toEqual([]);
  });

  it('rain: 1/2 range, rounded down (RI-F05)', () => {
    expect(weatherMaxRange(5, RAIN)).toBe(2);
    expect(weatherMaxRange(6, RAIN)).toBe(3);
    expect(weatherMaxRange(5, FAIR_WEATHER)).toBe(5);
  });
});

describe('mayRainBegin and weatherEffects (RI-B04)', () => {
  it('Random Event M brings rain on an afternoon turn only, and not while it rains', () => {
    expect(mayRainBegin(FAIR_WEATHER, true)).toEqual({ ok: true });
    expect(mayRainBegin(FAIR_WEATHER, false)).toEqual({ ok: false, reason: 'Random Event M (Rain) only occurs in afternoon game turns', rule: 'Rev. Rain' });
    expect(mayRainBegin(RAIN, true)).toEqual({ ok: false, reason: 'it is already raining', rule: 'Rev. Rain' });
    expect(mayRainBegin({ raining: false, mud: true, rainStopRolls: 0 }, true).ok).toBe(true);
  });

  it('lists every number the weather changes, with its rule', () => {
    expect(weatherEffects(FAIR_WEATHER)).toEqual([]);
    expect(weatherEffects({ raining: true, mud: true, rainStopRolls: 1 })).toEqual([
      { label: 'All movement allowances halved, unless moving along pikes exclusively', rule: 'Rev. Rain' },
      { label: 'Artillery fire -2', rule: 'Rev. Rain' },
      { label: 'Fire range and strength halved (rounded down)', rule: 'Rev. Rain' },
      { label: 'All movement allowances -1', rule: 'Rev. Mud' },
      { label: 'Artillery fire -1', rule: 'Rev. Mud' },
    ]);
  });
});
