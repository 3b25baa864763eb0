/** Text helpers of the screens: turn ids as the time track reads them, signed modifiers, file names. */
import { describe, expect, it } from 'vitest';
import { counted, fileName, forPlayers, formatTurnId, sideName, signed } from './format';

describe('format', () => {
  it('reads a turn id as the time track does', () => {
    expect(formatTurnId('1863-07-01T0740')).toBe('1 July 1863, 0740');
    expect(formatTurnId('1863-07-03T2400')).toBe('3 July 1863, 2400');
    expect(formatTurnId('not a turn')).toBe('not a turn');
  });

  it('signs modifiers with a real minus', () => {
    expect([signed(2), signed(0), signed(-3)]).toEqual(['+2', '0', '\u22123']);
  });

  it('counts in plain English: "1 unit shown", not "1 units shown"', () => {
    expect([counted(1, 'unit'), counted(0, 'unit'), counted(587, 'unit'), counted(1, 'entry', 'entries'), counted(3, 'entry', 'entries')]).toEqual(['1 unit', '0 units', '587 units', '1 entry', '3 entries']);
  });

  it('names sides and files', () => {
    expect(sideName('CSA')).toBe('Confederate (CSA)');
    expect(fileName('/home/a/Muster/gettysburg.muster')).toBe('gettysburg.muster');
    expect(fileName('C:\\games\\lrt.muster')).toBe('lrt.muster');
  });
});

describe('forPlayers', () => {
  it('leaves out the API names the service adds for programs, and nothing else', () => {
    expect(forPlayers('determine the Initiative Levels first: they decide the Initiative for the day (determineInitiativeLevels)')).toBe('determine the Initiative Levels first: they decide the Initiative for the day');
    expect(forPlayers('USA has not finished its entries in I.A (order changes): let USA finish, or say USA has nothing to enter (nothingToEnter)')).toBe('USA has not finished its entries in I.A (order changes): let USA finish, or say USA has nothing to enter');
    expect(forPlayers('the box is not empty (Miniatures Random Movement)')).toBe('the box is not empty (Miniatures Random Movement)');
  });
});
