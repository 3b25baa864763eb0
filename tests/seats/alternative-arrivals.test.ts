/**
 * Alternative Arrival Area orders between two seats (RI-H10), on the July 2 Stuart variant, where both army
 * commanders are on the map. At the beginning of each Activation Segment the side without the Initiative says
 * its word first, when its army commander could order at all (its order, or "no order this turn"), then the
 * Initiative player's step, where that side may order too. An order stays in its own seat's file, sealed (the
 * log holds the army commander's points spent and a commitment); at each beginning of the Activation Segment
 * the seat says by itself that it stays sealed, until the turn the group would have rolled or entered by its
 * schedule, when the seat opens it and the other seat checks it against the commitment. The other file's
 * bytes (its WAL included) never hold the order before then; an opened order that is not the one sealed is
 * refused with nothing written; so is a word or an opening out of turn, or by the other seat, and the other
 * seat waits for the word of the one whose step it is.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import type { Packet } from '../../contract/seats';
import { contextOf, GameService } from '../../db/service';
import { eventHead } from '../../db/events';
import { eventsAfter, refuseSideSecrets } from '../../db/seats/calls';
import { receivePacket } from '../../db/seats/packets';
import { eventSignedText } from '../../db/seats/signed';
import { signText } from '../../db/seats/keys';
import { localPrivateKey, seatOf } from '../../db/seats/store';
import { sealedSecrets } from '../../db/seats/side-secrets';
import { MusterError } from '../../db/errors';
import { advanceTo, tempDir } from '../fixtures/game';
import { exchange, packetFrom, send, toAct, twoSeats, type Table, fileBytes, refusal } from './table';

const tmp = tempDir('muster-seats-arrivals-');
afterAll(() => tmp.cleanup());

const GROUP = { USA: 'usa-kilpatrick-arrival', CSA: 'csa-stuart-arrival' } as const;
/** Areas no scenario names: if these words are in a file, the order is. */
const AREA = { USA: 'Baltimore Pike by the Two Taverns', CSA: 'York Pike by the Hunterstown crossroads' } as const;
const SIDES: Side[] = ['USA', 'CSA'];

/** At the beginning of the Activation Segment in this seat's file: III.A, before its first activation or pass. */
function atStartOfActivation(game: Table['USA']): boolean {
  const c = game.info().clock;
  const ts = game.turnState();
  return c.segment === 'III' && c.phase === 'A' && ts.activations === 0 && ts.passesInRow === 0;
}

/** One write by whoever's step it is (hidden entries made empty, every side passing); no packets. */
function writeOnce(t: Table): void {
  const who = toAct(t.USA);
  expect(toAct(t.CSA)).toBe(who);
  if (who === 'both') {
    for (const side of SIDES) {
      if (t[side].info().clock.segment === 'II') t[side].declareInitiative({ side, armyPoints: false });
      else t[side].finishEntries({ side });
    }
    return;
  }
  const seat = t[who];
  const due = seat.obligations();
  // RI-H10: the word of the side without the Initiative, when its army commander could order: no order.
  if (due.items.some((o) => o.id === `alternative-word:${who}`)) {
    seat.declineAlternativeArrival({ side: who });
    return;
  }
  const waiver = due.items.flatMap((o) => o.choices.filter((c) => c.id === 'done' || c.id === 'keep').map((c) => ({ id: o.id, choice: c.id })))[0];
  if (due.rollAllDue.allowed) seat.rollAllDue(due.rollAllDue.nobodyAddsPoints ? { nobodyAddsPoints: true } : {});
  else if (waiver) seat.settleObligation(waiver);
  else if (due.items.some((o) => o.id === 'end-game')) seat.settleObligation({ id: 'end-game', choice: 'end' });
  else if (seat.info().clock.segment === 'III' && seat.turnState().passesInRow < 3) seat.pass({ side: who });
  else seat.advanceClock();
}

/** Plays (a write, then the packets) until the test says stop. */
function playUntil(t: Table, done: () => boolean): void {
  for (let i = 0; i < 600 && !done(); i += 1) {
    if (t.USA.info().ended) throw new Error('the game ended first');
    writeOnce(t);
    exchange(t);
  }
  expect(done()).toBe(true);
}

/** The turn in both files, at the beginning of its Activation Segment, and whose step it is. */
const startOf = (t: Table, turnId: string) => () => t.USA.info().clock.turnId === turnId && atStartOfActivation(t.USA);

/** The request is refused (a MusterError, as a player is told) in words matching the pattern. */
function refusedWith(request: () => unknown, words: RegExp): MusterError {
  const refused = refusal(request);
  expect(refused.message).toMatch(words);
  return refused;
}

/** The kinds of the events of the seat's log, oldest first. */
function kinds(t: Table, side: Side): string[] {
  return t[side]
    .history({ limit: 5000 })
    .map((e) => e.kind)
    .reverse();
}

describe('Alternative Arrival Area orders between two seats', () => {
  it('stay in their seat sealed until the group would roll or enter, are opened then and checked, and both files end the same', { timeout: 300_000 }, () => {
    const t = twoSeats(tmp.dir, 'july-2-stuart-variant');

    // 1200, CSA's Initiative. USA, without it, has the word first: Meade may spend his points and Kilpatrick
    // is still to come. Nothing else is recorded before it, at either seat; a word out of turn is refused.
    playUntil(t, startOf(t, '1863-07-02T1200'));
    expect(t.USA.turnState().initiative).toBe('CSA');
    expect(toAct(t.USA)).toBe('USA');
    expect(toAct(t.CSA)).toBe('USA');
    for (const side of SIDES) {
      expect(t[side].info().seat!.toAct).toMatchObject({ seat: 'USA', why: 'at the beginning of the Activation Segment the USA seat first says whether its army commander sends a group to an Alternative Arrival Area' });
      expect(t[side].obligations().items.map((o) => o.id)).toContain('alternative-word:USA');
    }
    expect(t.CSA.info().seat!.waiting).toBe("the USA seat's turn: at the beginning of the Activation Segment the USA seat first says whether its army commander sends a group to an Alternative Arrival Area");
    expect(t.USA.info().seat!.waiting).toBeNull();
    // The screen offers USA its order now, and "no order"; the CSA army commander waits for it.
    expect(t.USA.arrivals({ viewer: 'USA' }).alternativeOrder).toMatchObject({ side: 'USA', allowed: true, wordAwaited: true });
    expect(t.CSA.arrivals({ viewer: 'CSA' }).alternativeOrder).toMatchObject({ side: 'CSA', allowed: false, wordAwaited: false, reason: 'first the USA seat says whether its army commander sends a group to an Alternative Arrival Area' });
    const count = { USA: t.USA.info().eventCount, CSA: t.CSA.info().eventCount };
    const bytesBefore = { USA: readFileSync(t.files.USA), CSA: readFileSync(t.files.CSA) };
    refusedWith(() => t.CSA.orderAlternativeArrival({ side: 'CSA', groupId: GROUP.CSA, entryArea: AREA.CSA }), /first the USA seat says whether its army commander sends a group to an Alternative Arrival Area/);
    refusedWith(() => t.CSA.declineAlternativeArrival({ side: 'CSA' }), /CSA's word on an Alternative Arrival Area order is not asked now: CSA has the Initiative/);
    refusedWith(() => t.CSA.pass({ side: 'CSA' }), /first the USA seat says whether its army commander sends a group to an Alternative Arrival Area/);
    refusedWith(() => t.USA.setCommandMarkers({ commandId: 'usa-cavalry-2', ineffective: true }), /it is not the USA seat's turn|nothing else is recorded until it has/);
    refusedWith(() => t.CSA.declineAlternativeArrival({ side: 'USA' }), /it is not the CSA seat's turn: at the beginning of the Activation Segment the USA seat first says/);
    for (const side of SIDES) {
      expect(t[side].info().eventCount).toBe(count[side]);
      expect(sealedSecrets(t[side].db)).toEqual([]);
    }
    expect(readFileSync(t.files.CSA).equals(bytesBefore.CSA)).toBe(true);

    // USA seals Kilpatrick's order (due at 1600): kept sealed this turn, by itself; then the step is CSA's.
    t.USA.orderAlternativeArrival({ side: 'USA', groupId: GROUP.USA, entryArea: AREA.USA });
    const [usaSecret] = sealedSecrets(t.USA.db);
    expect(usaSecret).toMatchObject({ side: 'USA', turn_id: '1863-07-02T1200', opened: 0 });
    expect(kinds(t, 'USA').slice(count.USA)).toEqual(['reinforcement.sealed', 'reinforcement.kept-sealed']);
    expect(t.USA.history({ limit: 5000 })[1]!.summary).toMatch(/^USA: .* spends all his rating points on an Alternative Arrival Area \(which group is secret\)$/);
    // Its word is given: asked no more, and "no order" now is refused.
    refusedWith(() => t.USA.declineAlternativeArrival({ side: 'USA' }), /not asked now|it is not the USA seat's turn/);
    expect(toAct(t.USA)).toBe('CSA');
    exchange(t);
    expect(toAct(t.CSA)).toBe('CSA');
    expect(kinds(t, 'CSA').slice(count.CSA)).toEqual(['reinforcement.sealed', 'reinforcement.kept-sealed']);
    expect(t.CSA.history({ limit: 5000 })[1]!.summary).toBe(t.USA.history({ limit: 5000 })[1]!.summary);
    for (const marker of [AREA.USA, usaSecret!.salt]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);
    expect(t.CSA.arrivals({ viewer: 'CSA' }).groups.find((g) => g.id === GROUP.USA)!.alternative).toBeNull();

    // Then the Initiative player's step: CSA seals Stuart's order (due at 1400).
    count.USA = t.USA.info().eventCount;
    count.CSA = t.CSA.info().eventCount;
    t.CSA.orderAlternativeArrival({ side: 'CSA', groupId: GROUP.CSA, entryArea: AREA.CSA });
    const [csaSecret] = sealedSecrets(t.CSA.db);
    expect(csaSecret).toMatchObject({ side: 'CSA', turn_id: '1863-07-02T1200', opened: 0 });
    expect(kinds(t, 'CSA').slice(count.CSA)).toEqual(['reinforcement.sealed', 'reinforcement.kept-sealed']);
    // The CSA screens show where Stuart was sent; the log says only that Lee spent his points.
    expect(t.CSA.arrivals({ viewer: 'CSA' }).groups.find((g) => g.id === GROUP.CSA)!.alternative).toEqual({ entryArea: AREA.CSA, orderedTurnId: '1863-07-02T1200' });
    exchange(t);
    expect(kinds(t, 'USA').slice(count.USA)).toEqual(['reinforcement.sealed', 'reinforcement.kept-sealed']);
    expect(t.USA.history({ limit: 5000 })[1]!.summary).toMatch(/^CSA: .*Lee spends all his rating points on an Alternative Arrival Area \(which group is secret\)$/);
    for (const marker of [AREA.CSA, csaSecret!.salt]) expect(fileBytes(t.files.USA).includes(marker)).toBe(false);
    for (const marker of [AREA.USA, usaSecret!.salt]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // 1300, USA's Initiative: the CSA seat has the word first and opens Stuart's order (due an hour before 1400);
    // the USA file checks it and now holds it, but its screens still say neither which group nor where.
    playUntil(t, startOf(t, '1863-07-02T1300'));
    expect(toAct(t.USA)).toBe('USA');
    expect(sealedSecrets(t.CSA.db)).toEqual([]);
    const opened = t.USA.history({ limit: 5000 }).filter((e) => e.kind === 'reinforcement.opened');
    expect(opened.map((e) => [e.turnId, e.summary, e.changes])).toEqual([['1863-07-02T1300', 'CSA: a sealed Alternative Arrival Area order is opened (which group, and where, stay secret until it arrives)', []]]);
    expect(fileBytes(t.files.USA).includes(AREA.CSA)).toBe(true);
    expect(t.USA.arrivals({ viewer: 'USA' }).groups.find((g) => g.id === GROUP.CSA)!.alternative).toBeNull();
    expect(t.USA.arrivals({ viewer: 'CSA' }).groups.find((g) => g.id === GROUP.CSA)!.alternative).toEqual({ entryArea: AREA.CSA, orderedTurnId: '1863-07-02T1200' });

    // Each side's one group has its order: neither seat is asked for a word again, in any turn. Whether a seat
    // is asked is the same at both files, and at a seat seeing its own sealed order as written.
    for (const side of SIDES) expect(t[side].obligations().items.some((o) => o.id.startsWith('alternative-word:'))).toBe(false);
    expect(t.USA.info({ viewer: 'USA' }).seat!.toAct).toEqual(t.CSA.info({ viewer: 'CSA' }).seat!.toAct);
    // The order is opened only at the beginning of the Activation Segment, and only by its own seat.
    playUntil(t, () => t.USA.turnState().passesInRow > 0);
    const opening = { side: 'USA' as const, groupId: GROUP.USA, entryArea: AREA.USA, salt: usaSecret!.salt };
    count.USA = t.USA.info().eventCount;
    refusedWith(() => t.USA.openAlternativeArrival(opening), /opened at the beginning of the Activation Segment/);
    refusedWith(() => t.CSA.openAlternativeArrival(opening), /sealed, opened and kept by the USA seat only, not the CSA seat/);
    refusedWith(() => t.CSA.keepAlternativeArrivalsSealed({ side: 'USA' }), /by the USA seat only/);
    expect(t.USA.info().eventCount).toBe(count.USA);

    // 1500, CSA's Initiative: CSA's file reaches the beginning of the Activation Segment and waits for USA's word.
    for (let i = 0; i < 300 && !(t.CSA.info().clock.turnId === '1863-07-02T1500' && atStartOfActivation(t.CSA)); i += 1) {
      writeOnce(t);
      if (!(t.CSA.info().clock.turnId === '1863-07-02T1500' && atStartOfActivation(t.CSA))) exchange(t);
    }
    for (const marker of [AREA.USA, usaSecret!.salt]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);
    expect(toAct(t.CSA)).toBe('USA');
    count.CSA = t.CSA.info().eventCount;
    // The Activation Segment waits for it (its first pass too), and so does everything the CSA seat would write.
    refusedWith(() => t.CSA.pass({ side: 'CSA' }), /the USA seat says whether its sealed Alternative Arrival Area orders are opened/);
    refusedWith(() => t.CSA.rollDueArrivals({ side: 'CSA' }), /it is not the CSA seat's turn: at the beginning of the Activation Segment the USA seat first says whether its sealed Alternative Arrival Area orders are opened/);
    expect(t.CSA.info().eventCount).toBe(count.CSA);
    expect(t.CSA.turnState().legal.activations.every((a) => !a.me.allowed)).toBe(true);
    const kept = t.CSA.history({ limit: 5000 }).filter((e) => e.kind === 'reinforcement.kept-sealed' && e.summary.startsWith('USA')).map((e) => e.turnId).reverse();
    expect(kept).toEqual(['1863-07-02T1200', '1863-07-02T1220', '1863-07-02T1240', '1863-07-02T1300', '1863-07-02T1320', '1863-07-02T1340', '1863-07-02T1400', '1863-07-02T1420', '1863-07-02T1440']);
    // No word on a new order was asked of either side after 1200: each had its one group ordered.
    expect(t.CSA.history({ limit: 5000 }).filter((e) => e.kind === 'reinforcement.no-order')).toEqual([]);

    // The USA seat receives the turn and opens its order. A packet whose opened order is not the one sealed
    // (the area changed, signed by the USA seat all the same) is refused, naming the side and the order.
    expect(send(t, 'CSA').sealedAnswered).toBe(true);
    expect(sealedSecrets(t.USA.db)).toEqual([]);
    const honest = packetFrom(t.USA);
    const forged = JSON.parse(JSON.stringify(honest)) as Packet;
    const e = forged.events.find((x) => x.fn === 'openAlternativeArrival')!;
    e.input = JSON.stringify({ ...opening, entryArea: 'Hanover Road' });
    e.signature = signText(localPrivateKey(t.USA.db), eventSignedText(seatOf(t.CSA.db)!.gameId, e));
    count.CSA = t.CSA.info().eventCount;
    refusedWith(() => receivePacket(contextOf(t.CSA), forged), /USA's opened Alternative Arrival Area order \(usa-kilpatrick-arrival to Hanover Road\) does not match any order USA sealed/);
    expect(t.CSA.info().eventCount).toBe(count.CSA);
    receivePacket(contextOf(t.CSA), honest);
    expect(t.CSA.history({ limit: 5000 }).filter((x) => x.kind === 'reinforcement.opened').map((x) => x.turnId)).toEqual(['1863-07-02T1500', '1863-07-02T1300']);
    expect(t.CSA.arrivals({ viewer: 'CSA' }).groups.find((g) => g.id === GROUP.USA)!.alternative).toBeNull();

    // To the end: Kilpatrick rolls at his Alternative Arrival Area from 1700, and both files agree.
    playUntil(t, () => t.USA.info().ended && t.CSA.info().ended);
    // Each group rolled at its Alternative Arrival Area (its own side's roll), from an hour after its schedule;
    // one that came on came by the area its seat chose.
    for (const side of SIDES) {
      const rolls = t.USA.diceLog({ limit: 5000, viewer: 'both' }).filter((d) => d.purpose === `${side}: Alternative Arrival Area roll`);
      expect(rolls.length).toBeGreaterThan(0);
      const g = t.USA.arrivals({ viewer: side }).groups.find((x) => x.id === GROUP[side])!;
      expect(g.arrivedBy ?? AREA[side]).toBe(AREA[side]);
      expect(g.status === 'arrived' || g.status === 'rolled' || g.status === 'roll').toBe(true);
    }
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.history({ limit: 5000 })).toEqual(t.USA.history({ limit: 5000 }));
    for (const side of SIDES) expect(t[side].verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });

  it('the side without the Initiative says "no order" in one call, and is asked again at its next beginning of the Activation Segment without the Initiative', { timeout: 300_000 }, () => {
    const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
    playUntil(t, startOf(t, '1863-07-02T1200'));
    expect(toAct(t.USA)).toBe('USA');
    const count = { USA: t.USA.info().eventCount, CSA: t.CSA.info().eventCount };
    t.USA.declineAlternativeArrival({ side: 'USA' });
    expect(kinds(t, 'USA').slice(count.USA)).toEqual(['reinforcement.no-order']);
    expect(t.USA.history({ limit: 1 })[0]!.summary).toBe('USA: no Alternative Arrival Area order this turn');
    // Said once: the step is the Initiative player's, and USA's army commander orders nothing more this turn.
    expect(toAct(t.USA)).toBe('CSA');
    expect(t.USA.arrivals({ viewer: 'USA' }).alternativeOrder).toMatchObject({ allowed: false, wordAwaited: false, reason: 'USA has said: no Alternative Arrival Area order this turn' });
    count.USA = t.USA.info().eventCount;
    refusedWith(() => t.USA.orderAlternativeArrival({ side: 'USA', groupId: GROUP.USA, entryArea: AREA.USA }), /USA has said: no Alternative Arrival Area order this turn|it is not the USA seat's turn/);
    refusedWith(() => t.USA.declineAlternativeArrival({ side: 'USA' }), /not asked now|it is not the USA seat's turn/);
    expect(t.USA.info().eventCount).toBe(count.USA);
    expect(sealedSecrets(t.USA.db)).toEqual([]);
    exchange(t);
    expect(kinds(t, 'CSA').slice(count.CSA)).toEqual(['reinforcement.no-order']);
    expect(toAct(t.CSA)).toBe('CSA');
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);

    // At the next beginning of the Activation Segment whose Initiative is CSA's, USA is asked again; at one
    // whose Initiative is USA's, CSA is (Lee's points unspent, Stuart still to come), and says no order too.
    const asked: string[] = [];
    let turn = '1863-07-02T1200';
    playUntil(t, () => {
      const c = t.USA.info().clock;
      if (c.turnId !== turn && atStartOfActivation(t.USA)) {
        turn = c.turnId;
        const initiative = t.USA.turnState().initiative!;
        const other: Side = initiative === 'USA' ? 'CSA' : 'USA';
        expect(toAct(t.USA)).toBe(other);
        expect(toAct(t.CSA)).toBe(other);
        asked.push(`${turn.slice(-4)} ${other}`);
      }
      return asked.some((a) => a.endsWith('USA')) && asked.some((a) => a.endsWith('CSA'));
    });
    // The last one asked says its word, at its seat; every word asked is in both files, each in its turn.
    writeOnce(t);
    exchange(t);
    const words = t.CSA.history({ limit: 5000 }).filter((e) => e.kind === 'reinforcement.no-order').reverse();
    expect(words.map((e) => `${e.turnId.slice(-4)} ${e.summary.slice(0, 3)}`)).toEqual(['1200 USA', ...asked]);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    t.USA.close();
    t.CSA.close();
  });

  it('written into the log as at one laptop (group and area in the event), is refused at the seat and in a packet', () => {
    const one = GameService.create({ file: tmp.file('one-laptop.muster'), scenario: 'july-2-stuart-variant' }, { seed: 7, now: () => '2024-07-02T12:00:00.000Z' });
    advanceTo(one, { turnId: '1863-07-02T1200', segment: 'III', phase: 'A' });
    const head = eventHead(one.db).seq;
    one.orderAlternativeArrival({ side: 'USA', groupId: GROUP.USA, entryArea: AREA.USA });
    const events = eventsAfter(one.db, head);
    expect(events.map((e) => e.kind)).toEqual(['reinforcement.alternative']);
    refusedWith(() => refuseSideSecrets(events), /an Alternative Arrival Area order is sealed by its own seat .*; one written into the log as at one laptop is refused/);
    // And at one laptop an order is not sealed: it is given (the seal's calls are refused, nothing written).
    const count = one.info().eventCount;
    refusedWith(() => one.sealAlternativeArrival({ side: 'CSA', commitment: 'a'.repeat(64) }), /only in a game played from two seats/);
    refusedWith(() => one.keepAlternativeArrivalsSealed({ side: 'CSA' }), /only in a game played from two seats/);
    expect(one.info().eventCount).toBe(count);
    one.close();
  });
});
