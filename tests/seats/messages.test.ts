/**
 * Messages on their way between two seats (the Messengers option, RI-H12), on Willoughby Run. In the Orders
 * Segment at 0740 the USA seat changes Gamble's Brigade's orders to HOLD by messenger from Buford, 6 hexes: two
 * turns' ride. The USA file keeps the message; the shared log holds only that USA sent one (and a commitment),
 * so the CSA file's bytes (its WAL included) never hold the order, the attempt or the salt before it arrives.
 * In the Orders Segment at 0820 the USA seat opens it as its first entry; the CSA seat checks it against the
 * commitment, refuses a forged one with nothing written, and both files end with the same fingerprint.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Packet } from '../../contract/seats';
import type { SealedAttemptDie } from '../../contract';
import type { Side } from '../../rules/types';
import { contextOf, GameService } from '../../db/service';
import { createSeatGame, joinSeatGame, receiveReply } from '../../db/seats/invite';
import { signText } from '../../db/seats/keys';
import { receivePacket } from '../../db/seats/packets';
import { sealedMessageSecrets } from '../../db/seats/sealed-messages';
import { eventSignedText } from '../../db/seats/signed';
import { localPrivateKey, seatOf } from '../../db/seats/store';
import { eventHead } from '../../db/events';
import { eventsAfter, refuseSideSecrets } from '../../db/seats/calls';
import { advanceTo, fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, playOn, refusal, send, toAct, type Table, fileBytes } from './table';

const tmp = tempDir('muster-seats-messages-');
afterAll(() => tmp.cleanup());

const GAMBLE = 'usa-cavalry-1-gamble';
const ARCHER = 'csa-heth-archer';
const ARRIVES = '1863-07-01T0820';

let games = 0;

function twoSeatsWithMessengers(): Table {
  games += 1;
  const files = { USA: tmp.file(`messages-usa-${games}.muster`), CSA: tmp.file(`messages-csa-${games}.muster`) };
  let tick = 0;
  const clock = () => new Date(Date.UTC(2024, 6, 1, 12, 0, 0) + (tick += 1000)).toISOString();
  const host = createSeatGame({ file: files.USA, scenario: 'skirmish-at-willoughby-run', side: 'USA', players: { USA: 'Ann', CSA: 'Bob' }, optionalRules: { messengers: true } }, { seed: 5, now: clock });
  const joined = joinSeatGame(files.CSA, JSON.parse(JSON.stringify(host.invitation)), 'CSA', { seed: 17, now: clock });
  receiveReply(host.game, JSON.parse(JSON.stringify(joined.reply)));
  return { USA: host.game, CSA: joined.game, files };
}


/** The order Gamble's Brigade holds, as the seat's own command tree shows it. */
function gambleOrder(g: GameService, viewer: Side): string {
  const flat = (ns: ReturnType<GameService['commandTree']>): ReturnType<GameService['commandTree']> => ns.flatMap((x) => [x, ...flat(x.children)]);
  return flat(g.commandTree({ viewer })).find((c) => c.id === GAMBLE)!.effectiveOrder;
}

describe('messages on their way between two seats (Messengers)', () => {
  it('stay sealed on the sending seat until they arrive, are opened then and checked; both files end the same', { timeout: 120_000 }, () => {
    const t = twoSeatsWithMessengers();
    playOn(t, () => {
      const c = t.USA.info().clock;
      return c.segment === 'I' && c.phase === 'B' && toAct(t.USA) === 'both';
    });

    // USA sends Gamble HOLD by messenger: the attempt is answered as at one laptop, and the seat's Orders screen lists it.
    t.USA.orderPreRoll({ side: 'USA', roll: 0 });
    const r = t.USA.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 6, roll: 0 });
    expect(r.success).toBe(true);
    expect(r.message).toMatchObject({ commandId: GAMBLE, order: 'HOLD', distanceHexes: 6, arrives: { turnId: ARRIVES } });
    const [kept] = sealedMessageSecrets(t.USA.db);
    expect(kept).toBeDefined();
    expect(t.USA.orderMessages({ viewer: 'USA' }).messages.map((m) => `${m.commandName} ${m.order} arrives ${m.arrives.time}`)).toEqual(["Gamble's Brigade HOLD arrives 0820"]);
    expect(gambleOrder(t.USA, 'USA')).toBe('SKPD');
    for (const side of ['USA', 'CSA'] as const) t[side].finishEntries({ side });
    exchange(t);

    // Revealed: the CSA file holds that USA sent a message, and nothing of it.
    const sealed = t.CSA.history({ limit: 5000 }).filter((e) => e.kind === 'orders.message-sealed');
    expect(sealed.map((e) => [e.summary, e.changes])).toEqual([['USA sends an order change by messenger (which command, and what, stay sealed until it arrives)', []]]);
    expect(t.CSA.orderMessages({ viewer: 'CSA' })).toMatchObject({ onTheWay: { USA: 1, CSA: 0 }, messages: [] });
    expect(t.USA.orderMessages({ viewer: 'USA' }).onTheWay).toEqual({ USA: 1, CSA: 0 });
    const secrets = [kept!.salt, 'sent by messenger from John Buford'];
    for (const marker of secrets) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);
    for (const side of ['USA', 'CSA'] as const) expect(gambleOrder(t[side], side)).toBe('SKPD');

    // 0800 passes with the message on its way, to the last step of its End Segment.
    playOn(t, () => {
      const c = t.USA.info().clock;
      const who = toAct(t.USA);
      return c.turnId === '1863-07-01T0800' && c.segment === 'IV' && c.phase === 'C' && who !== 'both' && t[who].obligations().items.length === 0;
    });
    for (const marker of secrets) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // The clock moves into 0820: the USA seat opens its message as the Orders Segment begins, in the open (with
    // the clock's move if it is the seat that moves it, else as soon as it takes the move in), before either
    // side enters anything of I.A.
    const mover = toAct(t.USA) as Side;
    t[mover].advanceClock();
    if (mover === 'CSA') expect(send(t, 'CSA').messagesOpened).toBe(true);
    expect(sealedMessageSecrets(t.USA.db)).toEqual([]);
    const openedAtUsa = t.USA.history({ limit: 5 }).find((x) => x.kind === 'orders.message-opened')!;
    expect(openedAtUsa).toMatchObject({ turnId: ARRIVES, segment: 'I', phase: 'A' });

    // A packet whose opened message is not the one sealed (the order changed, signed by the USA seat all the
    // same) is refused, naming the side and the message, with nothing written in either file.
    const honest = packetFrom(t.USA);
    const forged = JSON.parse(JSON.stringify(honest)) as Packet;
    const e = forged.events.find((x) => x.fn === 'openOrderMessage')!;
    e.input = JSON.stringify({ ...(JSON.parse(e.input) as object), order: 'ASLT' });
    e.signature = signText(localPrivateKey(t.USA.db), eventSignedText(seatOf(t.CSA.db)!.gameId, e));
    const before = { USA: fileHash(t.files.USA), CSA: fileHash(t.files.CSA) };
    const count = t.CSA.info().eventCount;
    const caught = refusal(() => receivePacket(contextOf(t.CSA), forged));
    expect(caught.message).toMatch(/USA's opened message \(ASLT to usa-cavalry-1-gamble, sent 1863-07-01T0740, 6 hexes\) does not match any message USA sealed/);
    expect(t.CSA.info().eventCount).toBe(count);
    expect({ USA: fileHash(t.files.USA), CSA: fileHash(t.files.CSA) }).toEqual(before);

    // The honest packet: the CSA file holds the opened message before either side's entries of I.A are made or
    // revealed, and the CSA screens show Gamble's new orders as the Orders Segment begins, as at one laptop.
    receivePacket(contextOf(t.CSA), honest);
    expect(toAct(t.CSA)).toBe('both');
    expect(t.CSA.turnState().secretEntries).toMatchObject({ finished: { USA: false, CSA: false }, revealed: false });
    const opened = t.CSA.history({ limit: 5000 }).find((x) => x.kind === 'orders.message-opened')!;
    expect(opened).toMatchObject({ turnId: ARRIVES, segment: 'I', phase: 'A' });
    expect(opened.summary).toMatch(/^USA's sealed message is opened as it arrives: a messenger reaches Gamble's Brigade with HOLD orders \(sent 0740, 6 hexes\): Gamble's Brigade now holds HOLD .*The attempt: .*sent by messenger from John Buford \(6 hexes, 2 turns\)/);
    expect(gambleOrder(t.CSA, 'CSA')).toBe('HOLD');
    // The attempt's die is in both dice logs with the opening, as it was rolled (a typed die, the table's),
    // with its purpose and modifiers, as at one laptop when the message arrives.
    const attemptRoll = (g: GameService, viewer: Side) => g.diceLog({ limit: 50, viewer }).filter((d) => d.eventSeq === opened.seq);
    for (const side of ['USA', 'CSA'] as const) {
      expect(attemptRoll(t[side], side).map((d) => [d.purpose, d.source, d.roll, d.target])).toEqual([["Order change: Gamble's Brigade SKPD -> HOLD", 'table', 0, expect.stringMatching(/^<= /)]]);
    }
    expect(attemptRoll(t.CSA, 'CSA')).toEqual(attemptRoll(t.USA, 'USA'));

    // The step's entries are then made and revealed as every turn.
    for (const side of ['USA', 'CSA'] as const) t[side].finishEntries({ side });
    exchange(t);
    for (const side of ['USA', 'CSA'] as const) {
      expect(gambleOrder(t[side], side)).toBe('HOLD');
      expect(t[side].orderMessages({ viewer: side }).onTheWay).toEqual({ USA: 0, CSA: 0 });
    }
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.history({ limit: 5000 })).toEqual(t.USA.history({ limit: 5000 }));
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });

  it("opened at the seat that did not move the clock as soon as it takes the move in, an app-rolled attempt's die in both dice logs as the app's", { timeout: 120_000 }, () => {
    const t = twoSeatsWithMessengers();
    playOn(t, () => {
      const c = t.USA.info().clock;
      return c.segment === 'I' && c.phase === 'B' && toAct(t.USA) === 'both';
    });
    // CSA sends Archer RSRV by messenger from Heth, the attempt rolled by the app at the CSA seat.
    t.CSA.orderPreRoll({ side: 'CSA', roll: 0 });
    const r = t.CSA.attemptOrderChange({ commandId: ARCHER, order: 'RSRV', messengerDistance: 6 });
    expect(r.success).toBe(true);
    // The seat keeps the attempt's die with the message, as the app rolled it; its dice log does not show it yet.
    const die = (JSON.parse(sealedMessageSecrets(t.CSA.db)[0]!.input) as { message: { die: SealedAttemptDie } }).message.die;
    expect(die).toMatchObject({ source: 'app', purpose: "Order change: Archer's Brigade HOLD -> RSRV", outcome: 'success' });
    for (const side of ['USA', 'CSA'] as const) t[side].finishEntries({ side });
    exchange(t);
    // Revealed with the step as a sealed entry: no die of it in either dice log.
    expect(t.USA.diceLog({ limit: 5000, viewer: 'USA' }).some((d) => d.purpose === die.purpose)).toBe(false);
    expect(t.CSA.diceLog({ limit: 5000, viewer: 'CSA' }).some((d) => d.purpose === die.purpose)).toBe(false);

    playOn(t, () => {
      const c = t.USA.info().clock;
      const who = toAct(t.USA);
      return c.turnId === '1863-07-01T0800' && c.segment === 'IV' && c.phase === 'C' && who !== 'both' && t[who].obligations().items.length === 0;
    });
    const mover = toAct(t.USA) as Side;
    const other: Side = mover === 'USA' ? 'CSA' : 'USA';
    t[mover].advanceClock();
    // The message is CSA's: opened with the move at the CSA seat, or by the CSA seat as it takes the move in.
    if (mover === 'USA') expect(send(t, 'USA').messagesOpened).toBe(true);
    send(t, 'CSA');
    expect(sealedMessageSecrets(t.CSA.db)).toEqual([]);
    // Both files hold it before anything of I.A is entered; the die in both dice logs as the app rolled it.
    for (const side of [mover, other]) {
      expect(toAct(t[side])).toBe('both');
      const opened = t[side].history({ limit: 50 }).find((x) => x.kind === 'orders.message-opened')!;
      expect(opened).toMatchObject({ turnId: ARRIVES, segment: 'I', phase: 'A' });
      expect(t[side].diceLog({ limit: 50, viewer: side }).filter((d) => d.eventSeq === opened.seq).map((d) => [d.purpose, d.source, d.roll, d.modifiers, d.modified, d.target, d.outcome])).toEqual([
        [die.purpose, 'app', die.roll, die.modifiers, die.modified, die.target, die.outcome],
      ]);
    }
    for (const side of ['USA', 'CSA'] as const) t[side].finishEntries({ side });
    exchange(t);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });

  it('are sealed and opened by Muster only: asked for by hand, or at one laptop, they are refused; a message written as at one laptop is refused', () => {
    const t = twoSeatsWithMessengers();
    const seal = { side: 'USA' as const, commitment: 'a'.repeat(64) };
    const count = t.USA.info().eventCount;
    expect(() => t.USA.sealOrderMessage(seal)).toThrow(/Muster seals and opens the messages on their way by itself/);
    expect(t.USA.info().eventCount).toBe(count);
    t.USA.close();
    t.CSA.close();

    const one = GameService.create({ file: tmp.file('one-laptop.muster'), scenario: 'skirmish-at-willoughby-run', optionalRules: { messengers: true } }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
    advanceTo(one, { segment: 'I', phase: 'B' });
    expect(() => one.sealOrderMessage(seal)).toThrow(/only in a game played from two seats with the Messengers optional rule/);
    one.orderPreRoll({ side: 'USA', roll: 0 });
    const head = eventHead(one.db).seq;
    one.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 6, roll: 0 });
    expect(() => refuseSideSecrets(eventsAfter(one.db, head))).toThrow(/between two seats a message on its way \(the Messengers optional rule\) is sealed by its own seat .*; one written into the log as at one laptop is refused/);
    one.close();
  });
});
