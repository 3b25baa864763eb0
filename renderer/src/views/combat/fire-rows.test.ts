/**
 * The Fire assistant's rows drawn from a real plan (the service on the combat fixture): the revision's
 * "ridiculously complex example" stack, with and without a target hex named, and the weather line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { COMBAT_SCENARIO, newGame, tempDir } from '../../../../tests/fixtures/game';
import { fireRows } from './fire-rows';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('fireRows: what the Fire assistant draws for each unit, made from the service\'s plan', () => {
  const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
  const stack = ['7-wi', '12-il-cav', 'calef-us', '19-in'];

  it('before the target is named: each unit\'s SPs, place and procedure, and no "fires in this attack" box', () => {
    const plan = g.planFire({ stack, range: 1 });
    const rows = fireRows(plan);
    expect([...rows.stack.values()].map((r) => [r.unitId, r.firing, r.where, r.mayChooseToFire])).toEqual([
      ['7-wi', '2 SP fire', ' · in front, right', false],
      ['12-il-cav', '1 SP fire', ' · in front, centre', false],
      ['calef-us', '4 SP fire', ' · in front, left', false],
      ['19-in', '0 SP fire', ' · behind the front line', false],
    ]);
    expect(rows.stack.get('19-in')!.explanation).toBe('The difference having been used up, it may not fire.');
    const names = plan.stack.filter((u) => u.inFront).map((u) => `${u.name} (${u.position})`).join(', ');
    expect(rows.frontLine).toBe(`In front, right to left: ${names} · ${plan.stackSp} SP in the hex`);
    expect(rows.targets.size).toBe(0);
    expect(rows.weather).toBeNull();
  });

  it('with the target named: the box for the units in front, ticked for those the plan fires, and the target\'s units in words', () => {
    const plan = g.planFire({ stack, range: 1, targets: ['1-tn'] });
    const rows = fireRows(plan);
    for (const u of plan.stack) {
      expect(rows.stack.get(u.unitId)!.mayChooseToFire).toBe(u.inFront);
      expect(rows.stack.get(u.unitId)!.fires).toBe(plan.attack!.firers.includes(u.unitId));
    }
    const target = plan.attack!.target.units.find((u) => u.unitId === '1-tn')!;
    expect(rows.targets.get('1-tn')).toEqual({
      unitId: '1-tn',
      inFront: true,
      words: 'in front: takes the fire',
      detail: `· ${target.order} · ${target.status}${target.works === 'none' ? '' : ` · in ${target.works}`}`,
    });
  });

  it('no plan: nothing to draw', () => {
    expect(fireRows(null)).toEqual({ stack: new Map(), targets: new Map(), frontLine: null, overstacked: false, weather: null, ammoCheck: null });
  });

  it('rain: the weather line says it is applied', () => {
    const plan = g.planFire({ stack, range: 1 });
    expect(fireRows({ ...plan, weather: { raining: true, mud: false } }).weather).toBe('Weather: rain (applied)');
    expect(fireRows({ ...plan, weather: { raining: true, mud: true } }).weather).toBe('Weather: rain mud (applied)');
  });
});
