/**
 * The house readings' catalogue: each reading offers the choices the contract accepts, the documented one
 * first; the settings of a game that chose nothing are the documented readings; what a game chose is named
 * in words, and a changed number carries the option as its source.
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_READINGS, HOUSE_READING_CHOICES, HOUSE_READING_IDS, HOUSE_READINGS, houseReadingsInForce, readingItem } from './house-readings';

describe('the house readings a group may choose', () => {
  it('each offers the choices the game file accepts, in the same order, the documented one first', () => {
    expect(HOUSE_READINGS.map((r) => r.id)).toEqual(HOUSE_READING_IDS);
    for (const r of HOUSE_READINGS) {
      expect(r.choices.map((c) => c.id), r.id).toEqual([...HOUSE_READING_CHOICES[r.id]]);
      expect(r.readings, r.id).toMatch(/^RI-[A-Z]\d+(, RI-[A-Z]+\d+)*$/);
      expect(DOCUMENTED_READINGS[r.id], r.id).toBe(r.choices[0]!.id);
    }
  });

  it('a game that chose nothing plays every reading as documented, and names none', () => {
    expect(houseReadingsInForce({ ...DOCUMENTED_READINGS })).toEqual([]);
  });

  it('names the readings chosen otherwise, in catalogue order, with the choice in words', () => {
    expect(houseReadingsInForce({ ...DOCUMENTED_READINGS, loneLeaders: 'withGroup', oocCommanderDrm: 'hurts' })).toEqual([
      { id: 'oocCommanderDrm', readings: 'RI-C01', name: "Out-of-command commander's activation DRM", choice: 'hurts', choiceName: '+1: he suffers it', detail: 'The text says he "suffers" the DRM: +1, the roll-under attempt is harder.' },
      { id: 'loneLeaders', readings: 'RI-B03', name: 'Leaders riding in alone beside a group', choice: 'withGroup', choiceName: 'Arrive with the group', detail: expect.any(String) },
    ]);
  });

  it('a number a reading changed carries the option as its source, after the revision\'s section', () => {
    expect(readingItem({ label: 'Double Time', value: 3, rule: 'Rev. Double Time' }, 'rainDoubleTime', 'addedAfterHalving')).toEqual({
      label: 'Double Time',
      value: 3,
      rule: "Rev. Double Time; House reading: Double Time's +3 in rain: Added after halving (RI-F21)",
      id: 'house-reading:rainDoubleTime',
      source: "House reading: Double Time's +3 in rain: Added after halving (RI-F21)",
    });
  });
});
