/**
 * Alternative Arrival Area orders between two seats (RI-H10), on the July 2 Stuart variant, where both army
 * commanders are on the map. At the beginning of each Activation Segment both army commanders give their word
 * at the same time when both could order (its order, or "no order this turn"), each held on its seat and
 * committed to, in either order; once both have committed, the side without the Initiative's word is revealed,
 * then the Initiative player's, and his step follows. When only the side without the Initiative could order, its
 * word comes first, alone; when only the Initiative player could, he orders, or not, in his step. An order stays
 * in its own seat's file, sealed (the log holds the army commander's points spent and a commitment); at each
 * beginning of the Activation Segment the seat says by itself that it stays sealed, until the turn the group would
 * have rolled or entered by its schedule, when the seat opens it and the other seat checks it against the
 * commitment. The other file's bytes (its WAL included) never hold the order before then; an opened order that
 * is not the one sealed is refused with nothing written; so is a word or an opening out of turn, or by the other
 * seat; and the packets give the same files whichever seat gives its word first.
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
import { exchange, packetFrom, saysNoOrder, send, toAct, twoSeats, type Table, fileBytes, refusal } from './table';

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
      const segment = t[side].info().clock.segment;
      if (segment === 'II') t[side].declareInitiative({ side, armyPoints: false });
      // RI-H10: both army commanders' words at the same time: no order.
      else if (segment === 'III') saysNoOrder(t, side);
      else t[side].finishEntries({ side });
    }
    return;
  }
  const seat = t[who];
  const due = seat.obligations();
  // RI-H10: the word of the side without the Initiative alone, when only its army commander could order: no order.
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

    // 1200, CSA's Initiative. Meade and Lee may both spend their points, and Kilpatrick and Stuart are still to
    // come: both seats give their word at the same time. Nothing else is recorded before both are revealed.
    playUntil(t, startOf(t, '1863-07-02T1200'));
    expect(t.USA.turnState().initiative).toBe('CSA');
    const why = 'at the beginning of the Activation Segment both army commanders say at the same time whether they send a group to an Alternative Arrival Area';
    for (const side of SIDES) {
      expect(toAct(t[side])).toBe('both');
      expect(t[side].info().seat!).toMatchObject({ toAct: { seat: 'both', why }, waiting: null });
      expect(t[side].obligations().items.map((o) => o.id)).toEqual(expect.arrayContaining(['alternative-word:USA', 'alternative-word:CSA']));
      // Each seat's screen offers its own order now, and "no order", with the other's at the same time.
      expect(t[side].arrivals({ viewer: side }).alternativeOrder).toMatchObject({ side, allowed: true, wordAwaited: true, wordTogether: true });
    }
    const count = { USA: t.USA.info().eventCount, CSA: t.CSA.info().eventCount };
    const bytesBefore = { USA: readFileSync(t.files.USA), CSA: readFileSync(t.files.CSA) };
    // A word for the other side, or anything else, is refused at either seat, with both files unchanged.
    refusedWith(() => t.CSA.declineAlternativeArrival({ side: 'USA' }), /the CSA seat gives only CSA's word; USA's is given at the USA seat/);
    refusedWith(() => t.CSA.orderAlternativeArrival({ side: 'USA', groupId: GROUP.USA, entryArea: AREA.USA }), /the CSA seat orders only CSA's Alternative Arrival Areas; USA's are ordered at the USA seat/);
    refusedWith(() => t.CSA.pass({ side: 'CSA' }), /first the USA seat says whether its army commander sends a group .*; the CSA seat says whether its army commander sends a group/);
    refusedWith(() => t.USA.setCommandMarkers({ commandId: 'usa-cavalry-2', ineffective: true }), /nothing else is recorded until both words are revealed/);
    for (const side of SIDES) {
      expect(t[side].info().eventCount).toBe(count[side]);
      expect(sealedSecrets(t[side].db)).toEqual([]);
      expect(readFileSync(t.files[side]).equals(bytesBefore[side])).toBe(true);
    }

    // USA seals Kilpatrick's order (due at 1600): held on its seat and committed to; the log holds nothing of it yet.
    t.USA.orderAlternativeArrival({ side: 'USA', groupId: GROUP.USA, entryArea: AREA.USA });
    const [usaSecret] = sealedSecrets(t.USA.db);
    expect(usaSecret).toMatchObject({ side: 'USA', turn_id: '1863-07-02T1200', opened: 0 });
    expect(t.USA.info().eventCount).toBe(count.USA);
    expect(t.USA.info().seat!).toMatchObject({ committed: { USA: true, CSA: false }, waiting: "waiting for the CSA seat's word on an Alternative Arrival Area" });
    // Its word is given: a second one is refused.
    refusedWith(() => t.USA.declineAlternativeArrival({ side: 'USA' }), /not asked now|committed to it/);
    exchange(t);
    // The CSA seat has USA's commitment, not its word: its army commander decides without knowing it.
    expect(t.CSA.info().eventCount).toBe(count.CSA);
    expect(t.CSA.info().seat!).toMatchObject({ toAct: { seat: 'both' }, committed: { USA: true, CSA: false }, waiting: null });
    for (const marker of [AREA.USA, usaSecret!.salt]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // CSA seals Stuart's order (due at 1400). Both have committed: USA's word is revealed (it has not the
    // Initiative), then CSA's, each with its order kept sealed this turn; then the step is the Initiative player's.
    t.CSA.orderAlternativeArrival({ side: 'CSA', groupId: GROUP.CSA, entryArea: AREA.CSA });
    const [csaSecret] = sealedSecrets(t.CSA.db);
    expect(csaSecret).toMatchObject({ side: 'CSA', turn_id: '1863-07-02T1200', opened: 0 });
    // The CSA screens show where Stuart was sent; the log says nothing yet.
    expect(t.CSA.arrivals({ viewer: 'CSA' }).groups.find((g) => g.id === GROUP.CSA)!.alternative).toEqual({ entryArea: AREA.CSA, orderedTurnId: '1863-07-02T1200' });
    exchange(t);
    for (const side of SIDES) {
      expect(kinds(t, side).slice(count[side])).toEqual(['reinforcement.sealed', 'reinforcement.kept-sealed', 'reinforcement.sealed', 'reinforcement.kept-sealed']);
      expect(toAct(t[side])).toBe('CSA');
    }
    const words = t.CSA.history({ limit: 4 }).reverse();
    expect(words[0]!.summary).toMatch(/^USA: .* spends all his rating points on an Alternative Arrival Area \(which group is secret\)$/);
    expect(words[2]!.summary).toMatch(/^CSA: .*Lee spends all his rating points on an Alternative Arrival Area \(which group is secret\)$/);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const marker of [AREA.CSA, csaSecret!.salt]) expect(fileBytes(t.files.USA).includes(marker)).toBe(false);
    for (const marker of [AREA.USA, usaSecret!.salt]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);
    expect(t.CSA.arrivals({ viewer: 'CSA' }).groups.find((g) => g.id === GROUP.USA)!.alternative).toBeNull();

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

  it('given at the same time, the words give the same files whichever seat gives its word first and whichever packet travels first', { timeout: 300_000 }, () => {
    /** A game at the 1200 beginning of the Activation Segment, the words given by `first` then the other, "no order" both. */
    const play = (first: Side) => {
      const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
      playUntil(t, startOf(t, '1863-07-02T1200'));
      expect(t.USA.turnState().initiative).toBe('CSA');
      const second: Side = first === 'USA' ? 'CSA' : 'USA';
      const count = { USA: t.USA.info().eventCount, CSA: t.CSA.info().eventCount };
      t[first].declineAlternativeArrival({ side: first });
      // Held and committed on its seat: nothing in either log yet, and a second word is refused.
      expect(t[first].info().eventCount).toBe(count[first]);
      const bytes = { USA: readFileSync(t.files.USA), CSA: readFileSync(t.files.CSA) };
      refusedWith(() => t[first].declineAlternativeArrival({ side: first }), /committed to it|not asked now/);
      refusedWith(() => t[second].declineAlternativeArrival({ side: first }), new RegExp(`the ${second} seat gives only ${second}'s word`));
      for (const side of SIDES) expect(readFileSync(t.files[side]).equals(bytes[side])).toBe(true);
      // The first seat's commitment travels; the second gives its word, then its packet travels first.
      send(t, first);
      t[second].declineAlternativeArrival({ side: second });
      send(t, second);
      exchange(t);
      expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
      for (const side of SIDES) expect(toAct(t[side])).toBe('CSA');
      const log = t.USA.history({ limit: 2 }).reverse().map((e) => [e.kind, e.summary, e.segment, e.phase]);
      // Once given, neither seat gives another word this turn, and nothing of them is asked any more.
      refusedWith(() => t.USA.declineAlternativeArrival({ side: 'USA' }), /not asked now/);
      refusedWith(() => t.USA.orderAlternativeArrival({ side: 'USA', groupId: GROUP.USA, entryArea: AREA.USA }), /USA has said: no Alternative Arrival Area order this turn|it is not the USA seat's turn/);
      for (const side of SIDES) expect(t[side].obligations().items.some((o) => o.id.startsWith('alternative-word:'))).toBe(false);
      return { t, log };
    };
    const usaFirst = play('USA');
    const csaFirst = play('CSA');
    // The side without the Initiative's word is revealed first, then the Initiative player's: the same log either way.
    const expected = [
      ['reinforcement.no-order', 'USA: no Alternative Arrival Area order this turn', 'III', 'A'],
      ['reinforcement.no-order', 'CSA: no Alternative Arrival Area order this turn', 'III', 'A'],
    ];
    expect(usaFirst.log).toEqual(expected);
    expect(csaFirst.log).toEqual(expected);

    // Both are asked again at the next beginning of the Activation Segment, whoever holds the Initiative.
    const t = usaFirst.t;
    let turn = '1863-07-02T1200';
    const asked: string[] = [];
    playUntil(t, () => {
      const c = t.USA.info().clock;
      if (c.turnId !== turn && atStartOfActivation(t.USA)) {
        turn = c.turnId;
        for (const side of SIDES) expect(toAct(t[side])).toBe('both');
        asked.push(turn);
      }
      return asked.length === 2;
    });
    expect(t.CSA.history({ limit: 5000 }).filter((e) => e.kind === 'reinforcement.no-order').length).toBeGreaterThanOrEqual(4);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const side of SIDES) expect(t[side].verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    for (const g of [usaFirst.t, csaFirst.t]) {
      g.USA.close();
      g.CSA.close();
    }
  });

  it('given at the same time, a word revealed that is not the one committed to is refused whole, with nothing written', { timeout: 300_000 }, () => {
    const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
    playUntil(t, startOf(t, '1863-07-02T1200'));
    // USA says no order, and commits; then its file is edited, after it has seen CSA's commitment, to a word it
    // did not commit to (its army commander's points spent on an order). USA reveals first; CSA refuses the packet
    // whole, naming the side and the step, with nothing written.
    t.USA.declineAlternativeArrival({ side: 'USA' });
    t.CSA.declineAlternativeArrival({ side: 'CSA' });
    send(t, 'USA');
    t.USA.db.prepare("UPDATE seat_pending SET call_fn = 'sealAlternativeArrival', call_input = ? WHERE call_fn = 'declineAlternativeArrival'").run(JSON.stringify({ side: 'USA', commitment: 'b'.repeat(64) }));
    expect(send(t, 'CSA').revealed).toBe(true);
    const bytes = readFileSync(t.files.CSA);
    const count = t.CSA.info().eventCount;
    refusedWith(() => send(t, 'USA'), /USA's revealed entries of III\.A In-Command Activation Phase \(turn 1863-07-02T1200\) do not match the commitment USA made to them before the reveal/);
    expect(t.CSA.info().eventCount).toBe(count);
    expect(readFileSync(t.files.CSA).equals(bytes)).toBe(true);
    // The USA file's own verify finds it too.
    expect(t.USA.verify().seats?.problems.join('; ')).toMatch(/USA's revealed entries of turn 1863-07-02T1200 III\.A do not match its commitment/);
    t.USA.close();
    t.CSA.close();
  });

  it('when only one army commander could order, nobody waits for the other: the side without the Initiative gives its word first, alone, or the Initiative player orders in his step', { timeout: 300_000 }, () => {
    /** A game at the 1220 beginning of the Activation Segment (CSA's Initiative), after the 1200 words: `sent` sends its group, the other says no order. */
    const at1220 = (sent: Side) => {
      const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
      playUntil(t, startOf(t, '1863-07-02T1200'));
      for (const side of SIDES) {
        if (side === sent) t[side].orderAlternativeArrival({ side, groupId: GROUP[side], entryArea: AREA[side] });
        else t[side].declineAlternativeArrival({ side });
      }
      exchange(t);
      playUntil(t, startOf(t, '1863-07-02T1220'));
      expect(t.USA.turnState().initiative).toBe('CSA');
      return t;
    };

    // Stuart has his order, so Lee could send no group; Meade could. USA, without the Initiative, gives its word
    // first, alone and in the open: there is nothing to give at the same time.
    const t = at1220('CSA');
    for (const side of SIDES) {
      expect(t[side].obligations().items.filter((o) => o.id.startsWith('alternative-word:')).map((o) => o.id)).toEqual(['alternative-word:USA']);
      expect(toAct(t[side])).toBe('USA');
    }
    expect(t.USA.arrivals({ viewer: 'USA' }).alternativeOrder).toMatchObject({ allowed: true, wordAwaited: true, wordTogether: false });
    expect(t.CSA.arrivals({ viewer: 'CSA' }).alternativeOrder).toMatchObject({ allowed: false, wordAwaited: false, wordTogether: false });
    const count = t.CSA.info().eventCount;
    refusedWith(() => t.CSA.pass({ side: 'CSA' }), /first the USA seat says whether its army commander sends a group to an Alternative Arrival Area/);
    expect(t.CSA.info().eventCount).toBe(count);
    t.USA.declineAlternativeArrival({ side: 'USA' });
    expect(kinds(t, 'USA').at(-1)).toBe('reinforcement.no-order');
    exchange(t);
    expect(toAct(t.CSA)).toBe('CSA');
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);

    // Kilpatrick has his order, so Meade could send no group; Lee, the Initiative player's, could: nobody's word is
    // asked, and Lee orders, or not, in CSA's own step, sealed at once.
    const u = at1220('USA');
    for (const side of SIDES) {
      expect(u[side].obligations().items.some((o) => o.id.startsWith('alternative-word:'))).toBe(false);
      expect(toAct(u[side])).toBe('CSA');
    }
    expect(u.CSA.arrivals({ viewer: 'CSA' }).alternativeOrder).toMatchObject({ allowed: true, wordAwaited: false, wordTogether: false });
    refusedWith(() => u.CSA.declineAlternativeArrival({ side: 'CSA' }), /not asked now: CSA has the Initiative/);
    const before = u.CSA.info().eventCount;
    u.CSA.orderAlternativeArrival({ side: 'CSA', groupId: GROUP.CSA, entryArea: AREA.CSA });
    expect(kinds(u, 'CSA').slice(before)).toEqual(['reinforcement.sealed', 'reinforcement.kept-sealed']);
    exchange(u);
    expect(u.CSA.info().fingerprint).toBe(u.USA.info().fingerprint);
    for (const g of [t, u]) {
      g.USA.close();
      g.CSA.close();
    }
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
