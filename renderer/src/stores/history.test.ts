/** Which side a History entry concerns, for the side filter: the rows it changed, else its words. */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../contract';
import type { Side } from '../../../rules/types';
import { eventSide } from './history';

const sideOf = new Map<string, Side>([
  ['units:csa-26th-north-carolina', 'CSA'],
  ['leaders:usa-gamble', 'USA'],
  ['commands:usa-cavalry-1-gamble', 'USA'],
]);

function entry(summary: string, changes: { table: string; key: string }[]): HistoryEntry {
  return {
    seq: 1,
    at: '2024-01-01T00:00:00Z',
    turnId: '1863-07-01T0740',
    segment: 'I',
    phase: 'A',
    kind: 'loss.sp',
    secretSide: null,
    summary,
    undone: false,
    changes: changes.map((c) => ({ ...c, field: 'x', before: 0, after: 1 })),
    diceSeqs: [],
  };
}

describe('eventSide', () => {
  it('is the side of the unit, leader or command the event changed', () => {
    expect(eventSide(entry('26th North Carolina loses 2 SP', [{ table: 'units', key: 'csa-26th-north-carolina' }]), sideOf)).toBe('CSA');
    expect(eventSide(entry('Gamble is hit', [{ table: 'leaders', key: 'usa-gamble' }]), sideOf)).toBe('USA');
  });

  it('is "both" when the event touched both sides', () => {
    const both = entry('guns captured', [
      { table: 'units', key: 'csa-26th-north-carolina' },
      { table: 'commands', key: 'usa-cavalry-1-gamble' },
    ]);
    expect(eventSide(both, sideOf)).toBe('both');
  });

  it('falls back on a lone side named in the summary, else the game as a whole', () => {
    expect(eventSide(entry('CSA passes', [{ table: 'turn_state', key: '1' }]), sideOf)).toBe('CSA');
    expect(eventSide(entry('Initiative: USA 7 v. CSA 4', [{ table: 'turn_state', key: '1' }]), sideOf)).toBe('both');
    expect(eventSide(entry('Clock advanced to 0800', [{ table: 'clock', key: '1' }]), sideOf)).toBe('game');
  });
});
