/**
 * The Messengers optional rule on the full battle. Fields of Blue & Grey: "A brigade's current order may be changed by a higher ranking officer in
 * base contact with the brigadier, or by new orders sent by the divisional commander via messenger" and
 * "Messenger figures move 3d6 inches per turn during the Orders Phase only" (RI-O15: 4.2 hexes a turn).
 *
 * Gettysburg, 1 July 0740: Buford's cavalry division is on the map; Gamble's Brigade holds SKPD orders.
 * In I.B the USA player (Meade's pre-roll made) changes Gamble to HOLD, and Buford's messenger rides
 * 6 hexes: two turns. The order stands at 0740 and 0800 and changes as the Orders Segment of 0820 begins.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import type { Viewer } from '../contract';
import { advanceTo, expectRefused, FIXTURE_SCENARIO, settleDue, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-messengers-');
afterAll(() => tmp.cleanup());
let n = 0;
const GAMBLE = 'usa-cavalry-1-gamble';

function battle(messengers = true): GameService {
  n += 1;
  return GameService.create({ file: tmp.file(`battle-${n}.muster`), scenario: 'gettysburg', players: { USA: 'Ann', CSA: 'Bob' }, optionalRules: { messengers } }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
}

/** The order Gamble's Brigade holds, as a viewer's command tree shows it. */
function gambleOrder(g: GameService, viewer: Viewer = 'both'): string {
  const flat = (ns: ReturnType<GameService['commandTree']>): ReturnType<GameService['commandTree']> => ns.flatMap((x) => [x, ...flat(x.children)]);
  return flat(g.commandTree({ viewer })).find((c) => c.id === GAMBLE)!.effectiveOrder;
}

/** Everything the CSA player (or nobody in particular) could read of the USA message. */
function traces(g: GameService, viewer: Viewer | undefined): string {
  const v = viewer === undefined ? {} : { viewer };
  return [...g.history({ limit: 1000, ...v }).map((e) => e.summary), ...g.diceLog({ limit: 1000, ...v }).map((d) => d.purpose), JSON.stringify(g.orderMessages(v).messages)].join('\n');
}

/** I.B of 0740 with Meade's pre-roll made: non-automatic order changes may be attempted. */
function atOrderChanges(g: GameService): void {
  advanceTo(g, { segment: 'I', phase: 'B' });
  g.orderPreRoll({ side: 'USA', roll: 0 });
}

/** Both sides finish I.B and the clock goes on to the next turn's I.A (the next decision, RI-B13). */
function toNextTurn(g: GameService): void {
  const from = g.info().clock.turnId;
  for (let i = 0; i < 60 && g.info().clock.turnId === from; i += 1) {
    // What is due on the way (the Initiative, RI-B15) is rolled as the turn bar's "roll all due" would.
    settleDue(g);
    g.advanceToDecision({ nothingToEnter: ['USA', 'CSA'] });
  }
  if (g.info().clock.segment !== 'I' || g.info().clock.phase !== 'A') advanceTo(g, { segment: 'I', phase: 'A' });
}

describe('a messenger arriving two turns late on the full battle (RI-O15, RI-O16)', () => {
  it('the order stands while the message rides, changes as the Orders Segment of its arrival turn begins, and is hidden from the other side meanwhile', () => {
    const g = battle();
    atOrderChanges(g);
    expect(gambleOrder(g)).toBe('SKPD');
    // With the rule the player states the distance: without it the attempt is refused, naming the field.
    const missing = expectRefused(g, () => g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', roll: 0 }), 'INVALID_ARGUMENT', 'messengerDistance', /Fields of Blue & Grey, Orders Phase/);
    expect(missing.message).toContain("state the distance in hexes from John Buford to Gamble's Brigade's leader");

    const r = g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 6, roll: 0 });
    expect(r.success).toBe(true);
    expect(r.message).toMatchObject({ commandId: GAMBLE, order: 'HOLD', from: 'John Buford', distanceHexes: 6, turns: 2, sent: { time: '0740' }, arrives: { turnId: '1863-07-01T0820', time: '0820' } });
    expect(r.event.summary).toMatch(/sent by messenger from John Buford \(6 hexes, 2 turns\): arrives 1863-07-01 0820$/);
    // The order does not change at once, for anyone.
    expect(gambleOrder(g, 'USA')).toBe('SKPD');
    expect(g.orderMessages({ viewer: 'USA' }).messages.map((m) => `${m.commandName} ${m.order} arrives ${m.arrives.time}`)).toEqual(["Gamble's Brigade HOLD arrives 0820"]);

    // USA finishes, CSA enters nothing and finishes: both revealed. The message stays USA's secret.
    g.finishEntries({ side: 'USA' });
    expect(g.orderMessages({ viewer: 'CSA' }).onTheWay).toEqual({ USA: 0, CSA: 0 });
    g.finishEntries({ side: 'CSA' });
    for (const viewer of ['CSA', undefined] as const) {
      expect(traces(g, viewer), `as seen by ${viewer ?? 'nobody in particular'}`).not.toMatch(/Gamble/);
      expect(g.orderMessages(viewer ? { viewer } : {}).messages).toEqual([]);
    }
    // RI-O51: that USA has a message on the way is public, not what it carries nor to whom.
    expect(g.orderMessages({ viewer: 'CSA' }).onTheWay).toEqual({ USA: 1, CSA: 0 });
    expect(traces(g, 'USA')).toMatch(/Gamble's Brigade .*tries SKPD -> HOLD/);

    // 0800: one turn on, the order still stands; the message still rides.
    toNextTurn(g);
    expect(g.info().clock).toMatchObject({ time: '0800', segment: 'I', phase: 'A' });
    expect(gambleOrder(g)).toBe('SKPD');
    expect(g.orderMessages({ viewer: 'USA' }).messages).toHaveLength(1);
    expect(traces(g, 'CSA')).not.toMatch(/Gamble/);

    // 0820: the message arrives as the Orders Segment begins, and the order is on the map for both sides.
    toNextTurn(g);
    expect(g.info().clock).toMatchObject({ time: '0820', segment: 'I', phase: 'A' });
    expect(gambleOrder(g, 'CSA')).toBe('HOLD');
    expect(gambleOrder(g, 'USA')).toBe('HOLD');
    const arrival = g.history({ limit: 100, kinds: ['clock.advanced'] }).find((e) => e.summary.includes('messenger'));
    expect(arrival?.summary).toMatch(/a messenger reaches Gamble's Brigade with HOLD orders \(sent 0740, 6 hexes\): Gamble's Brigade now holds HOLD/);
    expect(g.orderMessages({ viewer: 'USA' })).toMatchObject({ onTheWay: { USA: 0, CSA: 0 }, messages: [] });
    // Arrived, the attempt is no secret any more.
    expect(traces(g, 'CSA')).toMatch(/Gamble's Brigade .*tries SKPD -> HOLD/);
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('undo takes the message back, before and after it arrives, and redo brings it again', () => {
    const g = battle();
    atOrderChanges(g);
    g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 6, roll: 0 });
    g.undo({ viewer: 'USA' });
    expect(g.orderMessages({ viewer: 'USA' }).messages).toEqual([]);
    g.redo({ viewer: 'USA' });
    expect(g.orderMessages({ viewer: 'USA' }).messages).toHaveLength(1);
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
    toNextTurn(g);
    toNextTurn(g);
    expect(gambleOrder(g)).toBe('HOLD');
    // Taking back the clock step that brought the message: it rides again and the order stands.
    const head = g.history({ limit: 1, viewer: 'both' })[0]!;
    expect(head.summary).toMatch(/a messenger reaches Gamble's Brigade/);
    g.undo({ viewer: 'both' });
    expect(gambleOrder(g)).toBe('SKPD');
    expect(g.orderMessages({ viewer: 'USA' }).messages.map((m) => m.arrives.time)).toEqual(['0820']);
    g.redo({ viewer: 'both' });
    expect(gambleOrder(g)).toBe('HOLD');
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('a later message to the same command replaces the one on its way (RI-O50)', () => {
    const g = battle();
    atOrderChanges(g);
    // 0740: ASLT over 9 hexes, three turns (arrives 0840).
    g.attemptOrderChange({ commandId: GAMBLE, order: 'ASLT', messengerDistance: 9, roll: 0 });
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
    toNextTurn(g);
    // 0800: Buford thinks better of it: HOLD over 4 hexes, one turn (arrives 0820), replacing the ASLT message.
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 0 });
    const r = g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 4, roll: 0 });
    expect(r.event.summary).toMatch(/arrives 1863-07-01 0820, replacing the ASLT message on its way$/);
    expect(g.orderMessages({ viewer: 'USA' }).messages.map((m) => `${m.order} ${m.arrives.time}`)).toEqual(['HOLD 0820']);
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
    toNextTurn(g);
    expect(gambleOrder(g)).toBe('HOLD');
    toNextTurn(g);
    expect(g.info().clock.time).toBe('0840');
    expect(gambleOrder(g)).toBe('HOLD');
    g.close();
  });

  it('a message whose order the command may no longer take arrives, and the orders stand (RI-O52)', () => {
    const g = battle();
    atOrderChanges(g);
    g.attemptOrderChange({ commandId: GAMBLE, order: 'ASLT', messengerDistance: 4, roll: 0 });
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
    // Before it arrives Gamble's Brigade becomes Ineffective: ASLT needs ME (Rev. Ineffective Commands).
    g.setCommandMarkers({ commandId: GAMBLE, ineffective: true });
    toNextTurn(g);
    expect(gambleOrder(g)).toBe('SKPD');
    const arrival = g.history({ limit: 100, kinds: ['clock.advanced'] }).find((e) => e.summary.includes('messenger'));
    expect(arrival?.summary).toMatch(/a messenger reaches Gamble's Brigade with ASLT orders \(sent 0740, 4 hexes\): not taken, An Ineffective command cannot be issued ASLT/);
    expect(g.orderMessages({ viewer: 'USA' }).messages).toEqual([]);
    g.close();
  });

  it('0 hexes is the sender stacked with the leader: the change is made at once (RI-O15); the army answers to nobody (RI-O51)', () => {
    const g = battle();
    atOrderChanges(g);
    const r = g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 0, roll: 0 });
    expect(r.message).toBeNull();
    expect(gambleOrder(g, 'USA')).toBe('HOLD');
    expect(g.orderMessages({ viewer: 'USA' }).routes.find((x) => x.commandId === 'usa-army')).toEqual({ commandId: 'usa-army', from: null, distanceHexes: 4 });
    // Meade has not arrived at 0740: the army's own order change waits for him (RI-B14), messenger or not.
    const away = expectRefused(g, () => g.attemptOrderChange({ commandId: 'usa-army', order: 'MRCH', messengerDistance: 3, roll: 0 }), 'RULES_FORBID', 'commandId', 'Rev. Leaders and Activation');
    expect(away.message).toContain('George G. Meade, is not on the map');
    g.close();
    // Lee on the map (2 July, the Stuart variant): his army's change is his own, no messenger rides.
    n += 1;
    const stuart = GameService.create({ file: tmp.file(`battle-${n}.muster`), scenario: 'july-2-stuart-variant', players: { USA: 'Ann', CSA: 'Bob' }, optionalRules: { messengers: true } }, { seed: 7 });
    advanceTo(stuart, { segment: 'I', phase: 'B' });
    stuart.orderPreRoll({ side: 'CSA', roll: 0 });
    const nobody = expectRefused(stuart, () => stuart.attemptOrderChange({ commandId: 'csa-army', order: 'MRCH', messengerDistance: 3, roll: 0 }), 'INVALID_ARGUMENT', 'messengerDistance', /Orders Phase/);
    expect(nobody.message).toContain('answers to nobody');
    stuart.close();
  });

  it('offers the distance stated last for a command, else one turn\'s ride (RI-O53)', () => {
    const g = battle();
    atOrderChanges(g);
    const route = () => g.orderMessages({ viewer: 'USA' }).routes.find((x) => x.commandId === GAMBLE);
    expect(route()).toEqual({ commandId: GAMBLE, from: 'John Buford', distanceHexes: 4 });
    g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 7, roll: 0 });
    expect(route()?.distanceHexes).toBe(7);
    // The other side is offered no route of USA's.
    expect(g.orderMessages({ viewer: 'CSA' }).routes.some((x) => x.commandId === GAMBLE)).toBe(false);
    g.close();
  });

  it('without the rule a distance is refused and a change is made at once, as the revision says', () => {
    const g = battle(false);
    atOrderChanges(g);
    const refused = expectRefused(g, () => g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 6, roll: 0 }), 'INVALID_ARGUMENT', 'messengerDistance', /Order Change Attempt Procedure/);
    expect(refused.message).toContain('without the Messengers optional rule');
    const r = g.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', roll: 0 });
    expect(r).not.toHaveProperty('message');
    expect(gambleOrder(g, 'USA')).toBe('HOLD');
    expect(g.orderMessages({ viewer: 'USA' })).toMatchObject({ inForce: false, messages: [], routes: [] });
    g.close();
  });
});

describe('the Messengers rule near the end of a game', () => {
  it('refuses a ride that would arrive after the last turn, before the die is rolled', () => {
    // The two-brigade fixture has nine turns: from its first, 40 hexes (ten turns) ride past the last.
    const g = GameService.create({ file: tmp.file('short.muster'), scenario: FIXTURE_SCENARIO, optionalRules: { messengers: true } }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 0 });
    const refused = expectRefused(g, () => g.attemptOrderChange({ commandId: 'gamble', order: 'HOLD', messengerDistance: 40, roll: 0 }), 'INVALID_ARGUMENT', 'messengerDistance', /Messengers/);
    expect(refused.message).toMatch(/takes 10 turns and would arrive after the last turn of the game/);
    g.close();
  });
});
