/** The File menu's CSV exports: the roster sheet and the game log with its die rolls. */
import { describe, expect, it } from 'vitest';
import type { DiceRecord, HistoryEntry, RosterUnit } from '../../contract';
import { csvField, exportFileName, logCsv, rosterCsv } from './exports';

const unit = {
  id: 'csa-26th-north-carolina',
  name: '26th North Carolina',
  side: 'CSA',
  arm: 'infantry',
  sp: 17,
  spLost: 2,
  stragglers: 1,
  abandonedGuns: 0,
  currentSp: 14,
  fatigue: 1,
  status: 'disordered',
  effectiveOrder: 'ASLT',
  orderSource: 'csa-heth-pettigrew',
  orderExpires: false,
  weapon: 'R',
  commandId: 'csa-heth-pettigrew',
  commandPath: ["Pettigrew's Brigade", "Heth's Division"],
  horseArtillery: false,
  sharpshooters: false,
  canDismount: false,
  mounted: false,
  outOfAmmo: true,
  extendedColumn: false,
  strategicMovement: false,
  skirmishers: false,
  works: 'none',
  bayonetCharge: false,
  skirmishingFor: null,
  capturedGuns: 0,
  destroyedGuns: 0,
  onMap: true,
  defaultOrders: ['HOLD'],
  cohesionOrdered: null,
  cohesionDisordered: null,
  artilleryRow: null,
} satisfies RosterUnit;

const game = { fingerprint: '3fa291c07be4', scenarioName: 'Gettysburg', eventCount: 412 };

describe('CSV exports', () => {
  it('quotes only what needs quoting', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hold"')).toBe('"say ""hold"""');
    expect(csvField(null)).toBe('');
  });

  it('writes one roster line per unit with the roster sheet’s columns', () => {
    const lines = rosterCsv([unit], game).trimEnd().split('\r\n').slice(1);
    expect(lines[0]).toBe('id,side,unit,brigade,command path,arm,printed SP,SP lost,stragglers,abandoned guns,current SP,loss %,fatigue,status,orders,orders from,weapon,flags');
    expect(lines[1]).toBe("csa-26th-north-carolina,CSA,26th North Carolina,Pettigrew's Brigade,Pettigrew's Brigade < Heth's Division,infantry,17,2,1,0,14,17.6,1,disordered,ASLT,csa-heth-pettigrew,R,out of ammo");
  });

  it('writes the log oldest first, each die roll under its event with its itemised modifiers', () => {
    const event = (seq: number, diceSeqs: number[]): HistoryEntry => ({
      seq,
      at: `t${seq}`,
      turnId: '1863-07-01T0740',
      segment: 'I',
      phase: 'B',
      kind: 'orders.attempt',
      summary: `event ${seq}`,
      secretSide: 'CSA',
      undone: seq === 2,
      side: 'USA',
      changes: [],
      diceSeqs,
    });
    const die: DiceRecord = {
      seq: 7,
      at: 'd7',
      eventSeq: 2,
      eventUndone: true,
      purpose: 'Order change: Pettigrew',
      source: 'table',
      roll: 4,
      modifiers: { total: -1, items: [{ label: 'Superior in range', value: -1, rule: 'Rev. Order Change DRMs' }] },
      modified: 3,
      target: '<= 3',
      outcome: 'changed',
      hash: 'x',
    };
    const lines = logCsv([event(2, [7]), event(1, [])], new Map([[7, die]]), game).trimEnd().split('\r\n');
    expect(lines.slice(2)).toEqual([
      '1,t1,1863-07-01T0740,I,B,orders.attempt,event 1,false,,,,,,,',
      '2,t2,1863-07-01T0740,I,B,orders.attempt,event 2,true,,,,,,,',
      '2,d7,1863-07-01T0740,I,B,orders.attempt,,true,Order change: Pettigrew,table,4,Superior in range -1 (Rev. Order Change DRMs),3,<= 3,changed',
    ]);
  });

  it('gives the log a seat column in a game played from two seats: the seat that wrote each entry', () => {
    const entry = (seq: number, seat: 'USA' | 'CSA'): HistoryEntry => ({ seq, at: `t${seq}`, turnId: '1863-07-01T0740', segment: 'III', phase: 'A', kind: 'loss.sp', summary: `loss ${seq}`, secretSide: null, seat, undone: false, side: 'CSA', changes: [], diceSeqs: [] });
    const lines = logCsv([entry(1, 'USA'), entry(2, 'CSA')], new Map(), game).trimEnd().split('\r\n');
    expect(lines.slice(1)).toEqual([
      'seq,at,turn,segment,phase,kind,seat,summary,undone,die purpose,die source,die,modifiers,modified,target,outcome',
      '1,t1,1863-07-01T0740,III,A,loss.sp,USA,loss 1,false,,,,,,,',
      '2,t2,1863-07-01T0740,III,A,loss.sp,CSA,loss 2,false,,,,,,,',
    ]);
    // At one laptop, History names no seat: no column.
    expect(logCsv([{ ...entry(1, 'USA'), seat: null }], new Map(), game).split('\r\n')[1]).not.toContain('seat');
  });

  it('starts every export with the game fingerprint, so a sheet says which state of which game it shows', () => {
    const first = 'Muster game fingerprint,3fa291c07be4,"Gettysburg, 412 events"';
    expect(rosterCsv([unit], game).split('\r\n')[0]).toBe(first);
    expect(logCsv([], new Map(), game).split('\r\n')).toEqual([first, 'seq,at,turn,segment,phase,kind,summary,undone,die purpose,die source,die,modifiers,modified,target,outcome', '']);
  });

  it('names the file after the game', () => {
    expect(exportFileName('/games/gettysburg-18630701.muster', 'roster')).toBe('gettysburg-18630701-roster.csv');
  });
});
