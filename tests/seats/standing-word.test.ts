/**
 * A standing word on Alternative Arrival Area orders between two seats (RI-H13), on the July 2 Stuart variant,
 * where both army commanders are on the map with a group still to come. A seat's player ticks "No order until I
 * say otherwise" once; from then on, whenever the service asks that seat's word at the beginning of the
 * Activation Segment (RI-H10), the seat gives "No order this turn" itself, as the click would: held, committed,
 * signed and revealed by the same protocol, at the moment the word becomes due on that seat (after its own clock
 * move, or on receiving the packet that makes it due, or when ticked while the word is awaited). The standing word
 * is kept in the seat's own file only: never in the shared log or a packet, so both files keep the same
 * fingerprint. It ends when the player takes it back, or orders one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import { GameService } from '../../db/service';
import { advanceTo, tempDir } from '../fixtures/game';
import { exchange, packetFrom, refusal, send, toAct, twoSeats, type Table } from './table';

const tmp = tempDir('muster-seats-standing-word-');
afterAll(() => tmp.cleanup());

const SIDES: Side[] = ['USA', 'CSA'];
const GROUP = { USA: 'usa-kilpatrick-arrival', CSA: 'csa-stuart-arrival' } as const;
/** Areas no scenario names: if these words are in a file, the order is. */
const AREA = { USA: 'Baltimore Pike by the Two Taverns', CSA: 'York Pike by the Hunterstown crossroads' } as const;

/** At the beginning of the Activation Segment in this seat's file: III.A, before its first activation or pass. */
function atStartOfActivation(game: GameService): boolean {
  const c = game.info().clock;
  const ts = game.turnState();
  return c.segment === 'III' && c.phase === 'A' && ts.activations === 0 && ts.passesInRow === 0;
}

/** The seat's word on an Alternative Arrival Area is asked of it now and not yet given (its own file says). */
function wordAsked(t: Table, side: Side): boolean {
  const game = t[side];
  return game.obligations().items.some((o) => o.id === `alternative-word:${side}`) && !game.info().seat!.committed[side];
}

/** The "no order this turn" words in the seat's log, oldest first: [side, turn]. */
function noOrders(game: GameService): [string, string][] {
  return game
    .history({ limit: 5000 })
    .filter((e) => e.kind === 'reinforcement.no-order')
    .map((e): [string, string] => [e.summary.slice(0, 3), e.turnId])
    .reverse();
}

/**
 * One write by whoever's step it is, without any packet: secret entries made empty, the Initiative declared
 * without the army commander's points, what is due rolled or settled, every side passing, the clock moved on. A
 * word on an Alternative Arrival Area asked of a seat is the test's (`word`): with a standing word none is.
 */
function writeOnce(t: Table, word: (side: Side) => void): Side | 'both' {
  const who = toAct(t.USA);
  if (who === 'both') {
    for (const side of SIDES) {
      const segment = t[side].info().clock.segment;
      if (segment === 'II') t[side].declareInitiative({ side, armyPoints: false });
      else if (segment === 'III') {
        if (wordAsked(t, side)) word(side);
      } else t[side].finishEntries({ side });
    }
    return who;
  }
  const seat = t[who];
  const due = seat.obligations();
  const waiver = due.items.flatMap((o) => o.choices.filter((c) => c.id === 'done' || c.id === 'keep').map((c) => ({ id: o.id, choice: c.id })))[0];
  if (wordAsked(t, who)) word(who);
  else if (due.rollAllDue.allowed) seat.rollAllDue(due.rollAllDue.nobodyAddsPoints ? { nobodyAddsPoints: true } : {});
  else if (waiver) seat.settleObligation(waiver);
  else if (due.items.some((o) => o.id === 'end-game')) seat.settleObligation({ id: 'end-game', choice: 'end' });
  else if (seat.info().clock.segment === 'III' && seat.turnState().passesInRow < 3) seat.pass({ side: who });
  else seat.advanceClock();
  return who;
}

const noClick = (side: Side) => {
  throw new Error(`${side}'s word was asked of its player: its standing word should have given it`);
};

/** The turn in both files, at the beginning of its Activation Segment. */
const startOf = (t: Table, turnId: string) => () => SIDES.every((s) => t[s].info().clock.turnId === turnId && atStartOfActivation(t[s]));

/** Plays (a write, then the packets) until `done`. */
function playUntil(t: Table, done: () => boolean, word: (side: Side) => void = noClick): void {
  for (let i = 0; i < 600 && !done(); i += 1) {
    writeOnce(t, word);
    exchange(t);
  }
  expect(done()).toBe(true);
}

describe('A standing word on Alternative Arrival Area orders between two seats (RI-H13)', () => {
  it('gives "No order this turn" by itself after the seat\'s own clock move and on receiving the packet that makes it due, in the open when it is given alone, ticked once, kept in its own file only', { timeout: 300_000 }, () => {
    const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
    for (const side of SIDES) expect(t[side].standingWord()).toEqual({ side, offered: true, reason: null, standing: false, lastGiven: null, endedByOrder: null });

    // Each player ticks it once, on his own seat. Nothing of it is in the log or in a packet.
    const fingerprint = t.USA.info().fingerprint;
    const count = t.USA.info().eventCount;
    const packetBefore = JSON.stringify(packetFrom(t.USA));
    for (const side of SIDES) expect(t[side].setStandingWord({ side, standing: true })).toMatchObject({ side, standing: true, lastGiven: null });
    for (const side of SIDES) {
      expect(t[side].info().fingerprint).toBe(fingerprint);
      expect(t[side].info().eventCount).toBe(count);
    }
    expect(JSON.stringify(packetFrom(t.USA))).toBe(packetBefore);

    // Up to the 1200 beginning of the Activation Segment: the seat that moves the clock there gives its word as it
    // does (held and committed, the log unchanged), the other on receiving that packet.
    let mover: Side | null = null;
    for (let i = 0; i < 600 && mover === null; i += 1) {
      const who = writeOnce(t, noClick);
      if (who !== 'both' && t[who].info().clock.turnId === '1863-07-02T1200' && atStartOfActivation(t[who])) mover = who;
      else exchange(t);
    }
    const moved = mover!;
    const other: Side = moved === 'USA' ? 'CSA' : 'USA';
    expect(t[moved].info().seat!).toMatchObject({ toAct: { seat: 'both' }, heldEntries: 1 });
    expect(t[moved].info().seat!.committed[moved]).toBe(true);
    expect(noOrders(t[moved])).toEqual([]);
    expect(t[moved].standingWord()!.lastGiven).toEqual({ turnId: '1863-07-02T1200', label: '2 July 1200', thisTurn: true });
    // The other seat's file reaches the beginning with that packet, and gives its own word on receiving it.
    const received = send(t, moved);
    expect(received.standingWordGiven).toBe(true);
    expect(t[other].info().seat!.committed[other]).toBe(true);
    expect(t[other].standingWord()!.lastGiven).toMatchObject({ turnId: '1863-07-02T1200', thisTurn: true });
    // Given by Muster, not played by its player: "Since you last played" still shows him the clock moves that came in.
    expect(t[other].sinceLastPlayed().groups.map((g) => g.kind)).toContain('clock');
    exchange(t);
    // Revealed as clicked words are: the side without the Initiative's first, then the Initiative player's step.
    const initiative = t.USA.turnState().initiative!;
    const first: Side = initiative === 'USA' ? 'CSA' : 'USA';
    for (const side of SIDES) {
      expect(noOrders(t[side])).toEqual([
        [first, '1863-07-02T1200'],
        [initiative, '1863-07-02T1200'],
      ]);
      expect(toAct(t[side])).toBe(initiative);
    }
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);

    // 1220: again by itself, nobody clicking.
    playUntil(t, startOf(t, '1863-07-02T1220'));
    exchange(t);
    for (const side of SIDES) expect(noOrders(t[side]).filter(([, turn]) => turn === '1863-07-02T1220').length).toBe(2);

    // USA takes its standing word back: at 1240 its word is asked of its player again, while CSA's is given by
    // itself. Ticked again while it is asked, it gives the word at once.
    expect(t.USA.setStandingWord({ side: 'USA', standing: false })).toMatchObject({ standing: false, lastGiven: { turnId: '1863-07-02T1220', thisTurn: true } });
    let asked: Side[] = [];
    playUntil(t, () => asked.length > 0, (side) => {
      asked = [side];
    });
    expect(asked).toEqual(['USA']);
    expect(t.USA.info().clock.turnId).toBe('1863-07-02T1240');
    expect(t.USA.standingWord()!.lastGiven!.thisTurn).toBe(false);
    const ticked = t.USA.setStandingWord({ side: 'USA', standing: true });
    expect(ticked).toMatchObject({ standing: true, lastGiven: { turnId: '1863-07-02T1240', label: '2 July 1240', thisTurn: true } });
    expect(wordAsked(t, 'USA')).toBe(false);
    exchange(t);
    for (const side of SIDES) expect(noOrders(t[side]).filter(([, turn]) => turn === '1863-07-02T1240').length).toBe(2);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);

    // CSA takes its standing word back and sends Stuart at 1300, when its word is next asked (USA's is given by
    // itself beside it): Lee has no group left to send, so CSA's standing word is no longer offered.
    expect(t.CSA.setStandingWord({ side: 'CSA', standing: false })).toMatchObject({ standing: false, endedByOrder: null });
    playUntil(t, () => asked.length > 1, (side) => {
      asked.push(side);
      t[side].orderAlternativeArrival({ side, groupId: GROUP[side], entryArea: AREA[side] });
    });
    exchange(t);
    expect(asked).toEqual(['USA', 'CSA']);
    const sentAt = t.CSA.info().clock.turnId;
    expect(sentAt).toBe('1863-07-02T1300');
    expect(noOrders(t.CSA).filter(([, turn]) => turn === sentAt)).toEqual([['USA', sentAt]]);
    expect(t.CSA.standingWord()).toMatchObject({ offered: false, reason: 'CSA has no group still to come without an Alternative Arrival Area order', standing: false });
    expect(refusal(() => t.CSA.setStandingWord({ side: 'CSA', standing: true })).message).toBe(
      'standing: a standing word of no Alternative Arrival Area order is not needed: CSA has no group still to come without an Alternative Arrival Area order (Rev. Alternative Arrival Areas, RI-H13)',
    );

    // From then on only Meade could send a group. In a turn USA is without the Initiative its word is asked alone,
    // first and in the open (nothing to hold until another word comes): given by its standing word all the same.
    playUntil(t, () => noOrders(t.CSA).some(([side, turn]) => side === 'USA' && turn > sentAt));
    const alone = noOrders(t.CSA).filter(([, turn]) => turn > sentAt);
    expect(alone).toEqual([['USA', t.CSA.info().clock.turnId]]);
    expect(t.CSA.turnState().initiative).toBe('CSA');
    expect(t.USA.standingWord()!.lastGiven).toMatchObject({ turnId: t.CSA.info().clock.turnId, thisTurn: true });
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const side of SIDES) expect(t[side].verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    // The standing word was never in the other seat's file.
    expect(t.USA.db.prepare('SELECT count(*) AS n FROM seat_standing_word WHERE side = ?').get('CSA')).toEqual({ n: 0 });
    expect(t.CSA.db.prepare('SELECT count(*) AS n FROM seat_standing_word WHERE side = ?').get('USA')).toEqual({ n: 0 });
    t.USA.close();
    t.CSA.close();
  });

  it('ends by itself when its seat orders one: in a turn nobody is asked, the Initiative player orders in his own step', { timeout: 300_000 }, () => {
    const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
    playUntil(t, startOf(t, '1863-07-02T1200'), () => undefined);
    // 1200: USA sends Kilpatrick; CSA's player ticks his standing word while his word is asked: it is given at once.
    t.USA.orderAlternativeArrival({ side: 'USA', groupId: GROUP.USA, entryArea: AREA.USA });
    expect(t.CSA.setStandingWord({ side: 'CSA', standing: true })).toMatchObject({ standing: true, lastGiven: { turnId: '1863-07-02T1200', thisTurn: true } });
    exchange(t);
    expect(noOrders(t.USA)).toEqual([['CSA', '1863-07-02T1200']]);

    // 1220, CSA's Initiative: Meade has nothing left to send, so nobody's word is asked and CSA's standing word gives
    // none; Lee orders in CSA's own step, and that ends it.
    playUntil(t, startOf(t, '1863-07-02T1220'));
    expect(t.CSA.turnState().initiative).toBe('CSA');
    expect(toAct(t.CSA)).toBe('CSA');
    expect(t.CSA.standingWord()).toMatchObject({ standing: true, lastGiven: { turnId: '1863-07-02T1200', thisTurn: false }, endedByOrder: null });
    t.CSA.orderAlternativeArrival({ side: 'CSA', groupId: GROUP.CSA, entryArea: AREA.CSA });
    expect(t.CSA.standingWord()).toEqual({
      side: 'CSA',
      offered: false,
      reason: 'CSA has no group still to come without an Alternative Arrival Area order',
      standing: false,
      lastGiven: { turnId: '1863-07-02T1200', label: '2 July 1200', thisTurn: false },
      endedByOrder: { turnId: '1863-07-02T1220', label: '2 July 1220' },
    });
    exchange(t);
    expect(noOrders(t.USA)).toEqual([['CSA', '1863-07-02T1200']]);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const side of SIDES) expect(t[side].verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });

  it('is refused in players\' words for the other seat\'s side and at one laptop, with nothing changed', () => {
    const t = twoSeats(tmp.dir, 'july-2-stuart-variant');
    const count = t.CSA.info().eventCount;
    expect(refusal(() => t.CSA.setStandingWord({ side: 'USA', standing: true })).message).toBe(
      "side: the CSA seat sets only CSA's standing word; USA's is set at the USA seat (Rev. Alternative Arrival Areas, RI-H13)",
    );
    expect(refusal(() => t.CSA.setStandingWord({ side: 'CSA', standing: 'yes' } as never)).field).toBe('standing');
    expect(t.CSA.standingWord()!.standing).toBe(false);
    expect(t.USA.standingWord()!.standing).toBe(false);
    expect(t.CSA.info().eventCount).toBe(count);
    // Ticked, it survives a reload: it is kept in the seat's own file.
    t.CSA.setStandingWord({ side: 'CSA', standing: true });
    t.USA.close();
    t.CSA.close();
    const reopened = GameService.open(t.files.CSA);
    expect(reopened.standingWord()).toMatchObject({ side: 'CSA', standing: true });
    expect(reopened.info().eventCount).toBe(count);
    reopened.close();

    const one = GameService.create({ file: tmp.file('one-laptop.muster'), scenario: 'july-2-stuart-variant' }, { seed: 7, now: () => '2024-07-02T12:00:00.000Z' });
    advanceTo(one, { turnId: '1863-07-02T1200', segment: 'III', phase: 'A' });
    const before = one.info().fingerprint;
    expect(one.standingWord()).toBeNull();
    expect(refusal(() => one.setStandingWord({ side: 'USA', standing: true })).message).toBe(
      'side: this game is played at one laptop: a standing word is for a game played from two seats, where each army commander gives his word on his own seat',
    );
    expect(one.info().fingerprint).toBe(before);
    one.close();
  });
});
