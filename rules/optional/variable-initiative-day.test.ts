// Variable Initiative on the game's time track (variable-initiative-blue-gray-folio.txt, RI-O04, RI-O20).
import { describe, expect, it } from 'vitest';
import { thrownArgument } from '../test-support';
import { firstDayTurns, ineffectiveSp, previousDay, variableInitiativeArrival, type TrackTurn } from './variable-initiative-day';

/** The full battle's track around the nights (RI-D09): 20-minute day turns, hourly night turns, 0400 dawn. */
const TRACK: TrackTurn[] = [
  { id: '07-01T1840', light: 'day' },
  { id: '07-01T1900', light: 'dusk' },
  { id: '07-01T2000', light: 'night' },
  { id: '07-01T2400', light: 'night' },
  { id: '07-02T0300', light: 'night' },
  { id: '07-02T0400', light: 'dawn' },
  { id: '07-02T0500', light: 'day' },
  { id: '07-02T1900', light: 'dusk' },
  { id: '07-02T2000', light: 'night' },
  { id: '07-03T0300', light: 'night' },
  { id: '07-03T0400', light: 'dawn' },
  { id: '07-03T0500', light: 'day' },
];

describe('the previous day of a First Day-Turn (RI-O04)', () => {
  it('"On the first Day-Turn after any Night Turn": 0400 dawn on 2 and 3 July', () => {
    expect(firstDayTurns(TRACK)).toEqual(['07-02T0400', '07-03T0400']);
  });

  it('RI-O04: the previous day of 2 July runs from the first turn of the game to 0300, its nightfall at 2000', () => {
    expect(previousDay(TRACK, '07-02T0400')).toEqual({
      firstDayTurnId: '07-02T0400',
      turnIds: ['07-01T1840', '07-01T1900', '07-01T2000', '07-01T2400', '07-02T0300'],
      nightTurnIds: ['07-01T2000', '07-01T2400', '07-02T0300'],
      nightfallTurnId: '07-01T2000',
    });
  });

  it('RI-O04: the previous day of 3 July begins at the 2 July First Day-Turn, and the night fighting belongs to it', () => {
    const day = previousDay(TRACK, '07-03T0400');
    expect(day.turnIds).toEqual(['07-02T0400', '07-02T0500', '07-02T1900', '07-02T2000', '07-03T0300']);
    expect(day.nightfallTurnId).toBe('07-02T2000');
  });

  it('refuses a turn that is not a First Day-Turn after a night, or not on the track', () => {
    expect(thrownArgument(() => previousDay(TRACK, '07-02T0500'))).toBe('firstDayTurnId');
    expect(thrownArgument(() => previousDay(TRACK, '07-04T0400'))).toBe('firstDayTurnId');
    expect(thrownArgument(() => previousDay([], '07-02T0400'))).toBe('track');
  });
});

describe('which reinforcements count twice and which once', () => {
  const day = previousDay(TRACK, '07-03T0400');
  it('"Reinforcements that arrive during the Night Turn ... contribute twice their Combat Strength": the Night Turns just before', () => {
    expect(variableInitiativeArrival(day, '07-02T2000')).toBe('night');
    expect(variableInitiativeArrival(day, '07-03T0300')).toBe('night');
  });

  it('"Units which arrive during the First Day Turn contribute only their unmodified Combat Strength"', () => {
    expect(variableInitiativeArrival(day, '07-03T0400')).toBe('first-day-turn');
  });

  it('RI-O04: an arrival before the night, or in an earlier night, is an ordinary unit of the previous day; so is a unit that began on the map', () => {
    expect(variableInitiativeArrival(day, '07-02T0500')).toBeUndefined();
    expect(variableInitiativeArrival(day, '07-01T2400')).toBeUndefined();
    expect(variableInitiativeArrival(day, null)).toBeUndefined();
  });
});

describe('the Ineffective units\' roll (RI-O20)', () => {
  it('"Total up the Combat Strengths of all Ineffective units": infantry counted as Ineffective, not arrivals, not surrounded', () => {
    expect(
      ineffectiveSp([
        { arm: 'infantry', sp: 4, state: 'ineffective' },
        { arm: 'infantry', sp: 3, state: 'ineffective' },
        { arm: 'infantry', sp: 5, state: 'ineffective', arrived: 'night' },
        { arm: 'infantry', sp: 2, state: 'ineffective', surrounded: true },
        { arm: 'cavalry', sp: 6, state: 'ineffective' },
        { arm: 'infantry', sp: 9, state: 'engaged' },
      ]),
    ).toBe(7);
  });

  it('RI-O20: with no Ineffective units there is nothing to divide, and so no roll', () => {
    expect(ineffectiveSp([{ arm: 'infantry', sp: 9, state: 'fresh' }])).toBe(0);
  });
});
