/** Examples of Rev. Variable Arrival of Reinforcements and Rev. Alternative Arrival Areas. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alternativeArrival, arrivalSucceeds, gameMinutes, sealedOrderOpensBy, variableArrival } from './reinforcements';

const onMap = { formationUnitOnMap: false, overallCommanderOnMap: false };

describe('gameMinutes (RI-F18)', () => {
  it('reads turn ids and minute counts; 2400 is the next day\'s 0000', () => {
    expect(gameMinutes('t', '1863-07-01T0740')).toBe(460);
    expect(gameMinutes('t', '1863-07-02T0000')).toBe(1440);
    expect(gameMinutes('t', '1863-07-01T2400')).toBe(1440);
    expect(gameMinutes('t', 90)).toBe(90);
  });

  it('names a bad time', () => {
    expect(() => gameMinutes('now', '07:40')).toThrow(/now: must be a turn id "1863-07-DDTHHMM"/);
    expect(() => gameMinutes('now', '1863-07-01T2420')).toThrow(/now/);
    expect(() => gameMinutes('now', -5)).toThrow(/now: must be a whole number of 0 or more/);
  });
});

describe('variableArrival', () => {
  it('"0740-100 July 1 reinforcements arrive as scheduled" (RI-F18: 0740-1000)', () => {
    expect(variableArrival({ scheduled: '1863-07-01T1000', now: '1863-07-01T1000', ...onMap }).status).toBe('arrives');
    expect(variableArrival({ scheduled: '1863-07-01T0800', now: '1863-07-01T0740', ...onMap }).status).toBe('not-yet');
    expect(arrivalSucceeds(variableArrival({ scheduled: '1863-07-01T0800', now: '1863-07-01T0800', ...onMap }), null)).toEqual({ arrives: true, modified: null });
  });

  it('later groups: "roll for entry ... beginning 1 hour before the scheduled arrival time"', () => {
    expect(variableArrival({ scheduled: '1863-07-01T1200', now: '1863-07-01T1040', ...onMap }).status).toBe('not-yet');
    expect(variableArrival({ scheduled: '1863-07-01T1200', now: '1863-07-01T1100', ...onMap }).status).toBe('roll');
    expect(variableArrival({ scheduled: '1863-07-01T1020', now: '1863-07-01T0920', ...onMap }).status).toBe('roll');
  });

  it('"You must roll a modified 2 or less to enter the group": 2 enters, 3 does not', () => {
    const check = variableArrival({ scheduled: '1863-07-01T1200', now: '1863-07-01T1200', ...onMap });
    expect(check.needed).toBe(2);
    expect(arrivalSucceeds(check, 2)).toEqual({ arrives: true, modified: 2 });
    expect(arrivalSucceeds(check, 3)).toEqual({ arrives: false, modified: 3 });
    expect(arrivalSucceeds(check, 0).arrives).toBe(true);
    expect(arrivalSucceeds(check, 9).arrives).toBe(false);
    expect(() => arrivalSucceeds(check, 10)).toThrow(/roll: must be a die roll, a whole number from 0 to 9/);
  });

  it('every Variable Arrival DRM (-1 each)', () => {
    const check = variableArrival({ scheduled: '1863-07-02T0600', now: '1863-07-02T0720', formationUnitOnMap: true, overallCommanderOnMap: true });
    expect(check.drm).toEqual({
      total: -3,
      items: [
        { label: 'Combat unit of that div/corps already on map', value: -1, rule: 'Rev. Variable Arrival DRMs' },
        { label: 'Overall Commander on map', value: -1, rule: 'Rev. Variable Arrival DRMs' },
        { label: 'More than one hour after the scheduled arrival time', value: -1, rule: 'Rev. Variable Arrival DRMs' },
      ],
    });
    expect(arrivalSucceeds(check, 5).arrives).toBe(true);
  });

  it('exactly one hour after the scheduled time is not "more than one hour"', () => {
    expect(variableArrival({ scheduled: '1863-07-02T0600', now: '1863-07-02T0700', ...onMap }).drm.total).toBe(0);
  });
});

describe('alternativeArrival', () => {
  const group = { scheduled: '1863-07-02T1400', orderedAt: '1863-07-02T1400', highestCommanderRating: 0 };

  it('"Starting one hour after the scheduled arrival time ... An adjusted roll of 0 is needed"', () => {
    expect(alternativeArrival({ ...group, now: '1863-07-02T1440' }).status).toBe('not-yet');
    const check = alternativeArrival({ ...group, now: '1863-07-02T1500' });
    expect(check.status).toBe('roll');
    expect(check.needed).toBe(0);
    expect(arrivalSucceeds(check, 0).arrives).toBe(true);
    expect(arrivalSucceeds(check, 1).arrives).toBe(false);
  });

  it('every Alternative Arrival DRM (RI-F20)', () => {
    const check = alternativeArrival({ scheduled: '1863-07-02T1400', orderedAt: '1863-07-02T1120', highestCommanderRating: 3, now: '1863-07-02T1720' });
    expect(check.drm).toEqual({
      total: -7,
      items: [
        { label: 'Rating of highest commander in group (3)', value: -3, rule: 'Rev. Alternative Arrival Areas DRMs' },
        { label: 'Arrival delayed 2 complete hour(s) after the first', value: -2, rule: 'Rev. Alternative Arrival Areas DRMs' },
        { label: 'Ordered 2 complete hour(s) before the scheduled time', value: -2, rule: 'Rev. Alternative Arrival Areas DRMs' },
      ],
    });
  });

  it('names bad arguments', () => {
    expect(() => alternativeArrival({ ...group, now: '1863-07-02T1500', highestCommanderRating: 10 })).toThrow(/highestCommanderRating: must be a leader rating/);
    expect(() => alternativeArrival({ ...group, now: '1863-07-02T1300', orderedAt: '1863-07-02T1320' })).toThrow(/orderedAt: must not be later than now/);
  });

  it('DRMs sum to the total and only grow more favourable with waiting (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 120 }), (rating, early, late, wait) => {
        const scheduled = 2000;
        const a = alternativeArrival({ scheduled, orderedAt: scheduled - early, now: scheduled + 60 + late, highestCommanderRating: rating });
        const b = alternativeArrival({ scheduled, orderedAt: scheduled - early, now: scheduled + 60 + late + wait, highestCommanderRating: rating });
        return a.drm.total === a.drm.items.reduce((s, x) => s + x.value, 0) && b.drm.total <= a.drm.total;
      }),
    );
  });
});

describe('sealedOrderOpensBy (RI-H10)', () => {
  it('a sealed Alternative Arrival order is opened from one hour before the scheduled time: when the group would first roll by its schedule', () => {
    expect(sealedOrderOpensBy({ scheduled: '1863-07-02T1600', now: '1863-07-02T1440' })).toBe(false);
    expect(sealedOrderOpensBy({ scheduled: '1863-07-02T1600', now: '1863-07-02T1500' })).toBe(true);
    expect(variableArrival({ scheduled: '1863-07-02T1600', now: '1863-07-02T1440', formationUnitOnMap: false, overallCommanderOnMap: false }).status).toBe('not-yet');
    expect(variableArrival({ scheduled: '1863-07-02T1600', now: '1863-07-02T1500', formationUnitOnMap: false, overallCommanderOnMap: false }).status).toBe('roll');
  });

  it('whatever the group and the hour, it is open no later than the group would roll or enter by its schedule', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }), fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }), (scheduled, now) => {
        const check = variableArrival({ scheduled, now, formationUnitOnMap: false, overallCommanderOnMap: false });
        if (check.status !== 'not-yet') expect(sealedOrderOpensBy({ scheduled, now })).toBe(true);
        // And until then the order changes nothing: with it the group is not yet due either.
        if (!sealedOrderOpensBy({ scheduled, now })) expect(alternativeArrival({ scheduled, now, orderedAt: now, highestCommanderRating: 2 }).status).toBe('not-yet');
      }),
    );
  });
});
