import { afterAll, expect, it } from 'vitest';
import { tempDir, settleDue } from '../fixtures/game';
import { exchange, toAct, twoSeats } from './table';

const tmp = tempDir('muster-seats-');
afterAll(() => tmp.cleanup());

it('scratch', () => {
  const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
  expect(toAct(t.USA)).toBe('both');
  t.USA.finishEntries({ side: 'USA' });
  t.CSA.finishEntries({ side: 'CSA' });
  exchange(t);
  console.log(t.USA.info().clock, t.CSA.info().clock, t.USA.info().eventCount, t.CSA.info().eventCount);
  expect(toAct(t.USA)).toBe('USA');
  settleDue(t.USA);
  t.USA.advanceClock();
  exchange(t);
  console.log(t.USA.info().clock.label, t.CSA.info().clock.label);
  // I.B: pre-rolls
  const r = t.USA.orderPreRoll({ side: 'USA' });
  console.log('pre', r.success, t.USA.turnState({ viewer: 'USA' }).orderPreRoll, t.CSA.turnState({ viewer: 'CSA' }).orderPreRoll);
  t.USA.finishEntries({ side: 'USA' });
  t.CSA.orderPreRoll({ side: 'CSA' });
  t.CSA.finishEntries({ side: 'CSA' });
  exchange(t);
  console.log(t.USA.turnState({ viewer: 'USA' }).orderPreRoll, t.CSA.turnState({ viewer: 'CSA' }).orderPreRoll);
  expect(t.USA.info().fingerprint).toBe(t.CSA.info().fingerprint);
  expect(t.USA.verify()).toMatchObject({ ok: true });
  expect(t.CSA.verify()).toMatchObject({ ok: true });
});
