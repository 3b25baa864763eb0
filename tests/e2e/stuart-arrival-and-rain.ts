/**
 * A two-seat game where two rolls are due at once at the beginning of the Activation Segment: the July 2 Stuart
 * variant, the rain begun at 1240; at 1300 Stuart's group rolls to enter (an hour before its time) and the rain's
 * first roll is due, both in the USA seat's step. For the browser tests of rolling them jointly.
 */
import { expect } from 'vitest';
import type { Side } from '../../rules/types';
import { exchange, playOn, toAct, twoSeats, type Table } from '../seats/table';

export const STUART = 'csa-stuart-arrival';
export const STUART_ROLLS_AT = '1863-07-02T1300';

export function stuartArrivalAndRainDue(dir: string): Table {
  const t = twoSeats(dir, 'july-2-stuart-variant');
  playOn(t, (x) => x.USA.info().clock.turnId === '1863-07-02T1240' && toAct(x.USA) !== 'both');
  t[toAct(t.USA) as Side].setWeather({ raining: true });
  exchange(t);
  playOn(t, (x) => {
    const c = x.USA.info().clock;
    const who = toAct(x.USA);
    if (c.turnId !== STUART_ROLLS_AT || c.segment !== 'III' || who === 'both') return false;
    const due = x[who].obligations().items.map((o) => o.id);
    return due.includes('rain') && due.includes(`arrival:${STUART}`) && !due.some((d) => d.startsWith('alternative-word'));
  });
  expect(toAct(t.USA)).toBe('USA');
  return t;
}
