// Messengers (Fields of Blue & Grey, "Messengers" and "New Orders", fields-of-blue-and-grey.txt).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownArgument } from '../test-support';
import {
  MESSENGER_SCALE,
  messagesArriving,
  messengerTable,
  messengerTurns,
  orderChangeTravels,
  sendOrderMessage,
} from './messengers';

describe('messengerTurns (RI-O15)', () => {
  it('"Messenger figures move 3d6 inches per turn" at "1 inch = approx 50 yards": 10.5 inches on average, 525 yards, 4.2 hexes of 125 yards', () => {
    expect(MESSENGER_SCALE.averageInchesPerTurn).toBe((3 * 7) / 2);
    const { numerator, denominator } = MESSENGER_SCALE.hexesPerTurn;
    expect(numerator / denominator).toBe((MESSENGER_SCALE.averageInchesPerTurn * MESSENGER_SCALE.yardsPerInch) / MESSENGER_SCALE.yardsPerHex);
  });

  it('the turns a distance in hexes takes', () => {
    expect([0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 21, 22, 42, 43].map(messengerTurns)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 10, 11]);
  });

  it('the table', () => {
    expect(messengerTable(6)).toEqual([
      { turns: 1, fromHexes: 1, toHexes: 4 },
      { turns: 2, fromHexes: 5, toHexes: 8 },
      { turns: 3, fromHexes: 9, toHexes: 12 },
      { turns: 4, fromHexes: 13, toHexes: 16 },
      { turns: 5, fromHexes: 17, toHexes: 21 },
      { turns: 6, fromHexes: 22, toHexes: 25 },
    ]);
    expect(messengerTable()).toHaveLength(10);
  });

  it('property: the table and the function agree, and more hexes never take fewer turns', () => {
    const table = messengerTable(30);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 126 }), (distance) => {
        const row = table.find((r) => r.fromHexes <= distance && distance <= r.toHexes);
        expect(row?.turns).toBe(messengerTurns(distance));
        expect(messengerTurns(distance + 1)).toBeGreaterThanOrEqual(messengerTurns(distance));
        expect(messengerTurns(distance)).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('throws on a distance that is not a whole number of hexes', () => {
    expect(thrownArgument(() => messengerTurns(-1))).toBe('distanceHexes');
    expect(thrownArgument(() => messengerTurns(2.5))).toBe('distanceHexes');
    expect(thrownArgument(() => messengerTable(0))).toBe('maxTurns');
  });
});

describe('which changes travel (RI-O16)', () => {
  it('"A brigade\'s current order may be changed by a higher ranking officer in base contact with the brigadier, or by new orders sent by the divisional commander via messenger."', () => {
    expect(orderChangeTravels('order-change-attempt')).toMatchObject({ travels: true, rule: 'Fields of Blue & Grey, Orders Phase' });
    expect(orderChangeTravels('commanders-initiative').travels).toBe(false);
    expect(orderChangeTravels('warren').travels).toBe(false);
    expect(orderChangeTravels('default-order').travels).toBe(false);
    expect(thrownArgument(() => orderChangeTravels('telegraph' as never))).toBe('kind');
  });
});

describe('messages on their way (RI-O16)', () => {
  const heth = sendOrderMessage({ id: 'm1', side: 'CSA', commandId: 'heth', order: 'ASLT', sentTurnIndex: 10, distanceHexes: 7 });
  const pender = sendOrderMessage({ id: 'm2', side: 'CSA', commandId: 'pender', order: 'SUPT', sentTurnIndex: 10, distanceHexes: 3 });
  const doubleday = sendOrderMessage({ id: 'm3', side: 'USA', commandId: 'doubleday', order: 'HOLD', sentTurnIndex: 11, distanceHexes: 4 });
  const hethAgain = sendOrderMessage({ id: 'm4', side: 'CSA', commandId: 'heth', order: 'HOLD', sentTurnIndex: 11, distanceHexes: 2 });

  it('"Messenger figures move 3d6 inches per turn during the Orders Phase only": a message arrives in the Orders Segment messengerTurns later', () => {
    expect(heth).toEqual({ id: 'm1', side: 'CSA', commandId: 'heth', order: 'ASLT', sentTurnIndex: 10, distanceHexes: 7, arrivesTurnIndex: 12, overrun: false });
    expect(pender.arrivesTurnIndex).toBe(11);
    expect(sendOrderMessage({ id: 'm0', side: 'USA', commandId: 'x', order: 'HOLD', sentTurnIndex: 4, distanceHexes: 0 }).arrivesTurnIndex).toBe(4);
  });

  it('"Once a messenger with new orders ... contacts the target brigadier": the messages arriving in a given Orders Segment', () => {
    const all = [heth, pender, doubleday, hethAgain];
    expect(messagesArriving(all, 11).arriving.map((m) => m.id)).toEqual(['m2']);
    const at12 = messagesArriving(all, 12);
    expect(at12.arriving.map((m) => m.id)).toEqual(['m1', 'm3', 'm4']);
    // Two for Heth together: the later order stands.
    expect(at12.standing.map((m) => m.id)).toEqual(['m3', 'm4']);
    expect(at12.superseded.map((m) => m.id)).toEqual(['m1']);
    expect(at12.rule).toBe('Fields of Blue & Grey, New Orders');
    expect(messagesArriving(all, 13).arriving).toEqual([]);
  });

  it('a message two turns on the road: sent at turn 20 over 6 hexes, not there at 20 and 21, arriving at 22', () => {
    const m = sendOrderMessage({ id: 'late', side: 'USA', commandId: 'iron-brigade', order: 'ASLT', sentTurnIndex: 20, distanceHexes: 6 });
    expect([20, 21].map((t) => messagesArriving([m], t).arriving)).toEqual([[], []]);
    expect(messagesArriving([m], 22).standing).toEqual([m]);
  });

  it('validates its arguments', () => {
    expect(thrownArgument(() => sendOrderMessage({ id: 'x', side: 'USA', commandId: 'c', order: 'CHARGE' as never, sentTurnIndex: 1, distanceHexes: 1 }))).toBe('order');
    expect(thrownArgument(() => sendOrderMessage({ id: 'x', side: 'USA', commandId: 'c', order: 'HOLD', sentTurnIndex: -1, distanceHexes: 1 }))).toBe('sentTurnIndex');
    expect(thrownArgument(() => messagesArriving([{ ...heth, arrivesTurnIndex: 3 }], 3))).toBe('messages[0].arrivesTurnIndex');
  });
});
