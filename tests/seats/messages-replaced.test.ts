/**
 * A sealed message replaced on its way between two seats (the Messengers option, RI-O50, RI-H12), on
 * Willoughby Run. At 0740 the USA seat sends Gamble's Brigade HOLD by messenger, 6 hexes (it would arrive at
 * 0820), and the CSA seat sends Archer's Brigade a message of its own. At 0800 the USA seat sends Gamble
 * ASLT by messenger, 6 hexes: it replaces the HOLD message, which is never opened (nothing arrives at 0820),
 * and the replacement is opened as the Orders Segment of its turn, 0840, begins, with the message it replaced. A replacement forged to name a
 * message that is not on its way, or the CSA seat's message, is refused by the other seat with nothing
 * written in either file, and so is an opening of the replaced message. The replacement rides the same
 * distance as the message it replaces: its seat reads the distance from the command's row, which the attempt
 * leaves as it was.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Packet, PacketEvent } from '../../contract/seats';
import type { Side } from '../../rules/types';
import { contextOf, type GameService } from '../../db/service';
import { signText } from '../../db/seats/keys';
import { receivePacket } from '../../db/seats/packets';
import { sealedMessageSecrets } from '../../db/seats/sealed-messages';
import { eventSignedText } from '../../db/seats/signed';
import { localPrivateKey, seatOf } from '../../db/seats/store';
import { sealedMessagesInLog } from '../../db/service/optional-messengers-secrets';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, fileBytes, packetFrom, playOn, refusal, send, toAct, twoSeats, type Table } from './table';

const tmp = tempDir('muster-seats-messages-replaced-');
afterAll(() => tmp.cleanup());

const GAMBLE = 'usa-cavalry-1-gamble';
const ARCHER = 'csa-heth-archer';
const TURN = { first: '1863-07-01T0740', second: '1863-07-01T0800', replacedArrives: '1863-07-01T0820', arrives: '1863-07-01T0840' } as const;

/** Both seats at their secret entries of a turn's Orders Segment (`phase`). */
const entriesOf = (turnId: string, phase: 'A' | 'B') => (t: Table) => {
  const c = t.USA.info().clock;
  return c.turnId === turnId && c.segment === 'I' && c.phase === phase && toAct(t.USA) === 'both';
};

/** The last step of a turn's End Segment, nothing left due: the next write moves the clock into the next turn. */
const lastStepOf = (turnId: string) => (t: Table) => {
  const c = t.USA.info().clock;
  const who = toAct(t.USA);
  return c.turnId === turnId && c.segment === 'IV' && c.phase === 'C' && who !== 'both' && t[who].obligations().items.length === 0;
};

/** The order a command holds, as its side's seat shows it. */
function orderOf(g: GameService, viewer: Side, commandId: string): string {
  const flat = (ns: ReturnType<GameService['commandTree']>): ReturnType<GameService['commandTree']> => ns.flatMap((x) => [x, ...flat(x.children)]);
  return flat(g.commandTree({ viewer })).find((c) => c.id === commandId)!.effectiveOrder;
}

/** Both seats finish their entries of the step; the USA seat reveals first, once it has the CSA seat's commitment. */
function finishBoth(t: Table): void {
  t.CSA.finishEntries({ side: 'CSA' });
  send(t, 'CSA');
  t.USA.finishEntries({ side: 'USA' });
}

/** The USA seat's packet with one of its events' input changed, signed by the USA seat all the same (a changed Muster). */
function forgedFrom(t: Table, fn: string, change: (input: Record<string, unknown>) => Record<string, unknown>): Packet {
  const forged = JSON.parse(JSON.stringify(packetFrom(t.USA))) as Packet;
  const e = forged.events.find((x: PacketEvent) => x.fn === fn)!;
  e.input = JSON.stringify(change(JSON.parse(e.input) as Record<string, unknown>));
  e.signature = signText(localPrivateKey(t.USA.db), eventSignedText(seatOf(t.CSA.db)!.gameId, e));
  return forged;
}

/** The packet is refused by the CSA seat in words matching the pattern, and neither file changes. */
function refusedWhole(t: Table, packet: Packet, words: RegExp): void {
  const before = { USA: fileHash(t.files.USA), CSA: fileHash(t.files.CSA) };
  const count = t.CSA.info().eventCount;
  expect(refusal(() => receivePacket(contextOf(t.CSA), packet)).message).toMatch(words);
  expect(t.CSA.info().eventCount).toBe(count);
  expect({ USA: fileHash(t.files.USA), CSA: fileHash(t.files.CSA) }).toEqual(before);
}

describe('a sealed message replaced on its way', () => {
  it('never opens; the replacement opens in its turn; a forged replacement or an opening of the replaced message is refused', { timeout: 180_000 }, () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run', { seed: 5 }, { messengers: true });
    playOn(t, entriesOf(TURN.first, 'B'));
    t.USA.orderPreRoll({ side: 'USA', roll: 0 });
    expect(t.USA.attemptOrderChange({ commandId: GAMBLE, order: 'HOLD', messengerDistance: 6, roll: 0 }).message).toMatchObject({ arrives: { turnId: TURN.replacedArrives } });
    t.CSA.orderPreRoll({ side: 'CSA', roll: 0 });
    expect(t.CSA.attemptOrderChange({ commandId: ARCHER, order: 'ASLT', messengerDistance: 9, roll: 0 }).message).toMatchObject({ order: 'ASLT' });
    finishBoth(t);
    exchange(t);
    const [replaced] = sealedMessageSecrets(t.USA.db);
    const archers = sealedMessagesInLog(t.USA.db).find((s) => s.side === 'CSA')!;
    expect(archers.closedSeq).toBeNull();

    // 0800: the USA seat sends Gamble ASLT by messenger; its Orders screen lists the replacement only.
    playOn(t, entriesOf(TURN.second, 'B'));
    t.USA.orderPreRoll({ side: 'USA', roll: 0 });
    const sent = t.USA.attemptOrderChange({ commandId: GAMBLE, order: 'ASLT', messengerDistance: 6, roll: 0 });
    expect(sent.message).toMatchObject({ order: 'ASLT', arrives: { turnId: TURN.arrives } });
    expect(t.USA.orderMessages({ viewer: 'USA' }).messages.map((m) => `${m.commandName} ${m.order} arrives ${m.arrives.time}`)).toEqual(["Gamble's Brigade ASLT arrives 0840"]);
    const [replacement] = sealedMessageSecrets(t.USA.db);
    expect(replacement!.commitment).not.toBe(replaced!.commitment);
    finishBoth(t);

    // A changed USA Muster names another message as the one replaced: one not on its way, or the CSA seat's.
    refusedWhole(t, forgedFrom(t, 'sealOrderMessage', (i) => ({ ...i, replaces: 'e'.repeat(64) })), /the USA seat's event #\d+ is refused here as it would be at this seat: USA's sealed message replaces a message on its way, but no message USA sealed is the one it names: refused/);
    refusedWhole(t, forgedFrom(t, 'sealOrderMessage', (i) => ({ ...i, replaces: archers.commitment })), /USA's sealed message replaces a message on its way, but the message it names is CSA's: a side's messenger replaces only its own side's messages: refused/);
    exchange(t);
    const sealed = t.CSA.history({ limit: 5000 }).filter((e) => e.kind === 'orders.message-sealed' && e.summary.startsWith('USA'));
    // The History, newest first: the replacement says that it replaces a message on the way, not which.
    expect(sealed.map((e) => e.summary)).toEqual([
      'USA sends an order change by messenger, replacing one of its messages on the way (which command, and what, stay sealed until it arrives)',
      'USA sends an order change by messenger (which command, and what, stay sealed until it arrives)',
    ]);
    for (const g of [t.USA, t.CSA]) expect(g.orderMessages({ viewer: 'USA' }).onTheWay.USA).toBe(1);
    const secrets = [replaced!.salt, replacement!.salt, 'sent by messenger from John Buford'];
    for (const marker of secrets) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // 0820, when the replaced message would have arrived: nothing is opened; Gamble holds his orders on both seats.
    playOn(t, entriesOf(TURN.replacedArrives, 'A'));
    finishBoth(t);
    exchange(t);
    for (const g of [t.USA, t.CSA]) expect(g.history({ limit: 5000 }).filter((e) => e.kind === 'orders.message-opened' && e.summary.startsWith('USA'))).toEqual([]);
    for (const side of ['USA', 'CSA'] as const) expect(orderOf(t[side], side, GAMBLE)).toBe('SKPD');
    expect(sealedMessageSecrets(t.USA.db).map((r) => r.commitment)).toEqual([replacement!.commitment]);
    for (const marker of secrets) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // 0840 begins: the USA seat opens the replacement, with the message it replaced, as the Orders Segment begins
    // (with the clock's move if it is the seat that moves it, else as soon as it takes the move in).
    playOn(t, lastStepOf(TURN.replacedArrives));
    const mover = toAct(t.USA) as Side;
    t[mover].advanceClock();
    if (mover === 'CSA') expect(send(t, 'CSA').messagesOpened).toBe(true);
    expect(sealedMessageSecrets(t.USA.db)).toEqual([]);
    const opening = JSON.parse(packetFrom(t.USA).events.find((e) => e.fn === 'openOrderMessage')!.input) as { order: string; replaced: { order: string; salt: string }[] };
    expect([opening.order, opening.replaced.map((r) => [r.order, r.salt])]).toEqual(['ASLT', [['HOLD', replaced!.salt]]]);
    // A changed USA Muster opens the replaced HOLD message instead: it is not on its way any more, and is refused.
    refusedWhole(
      t,
      forgedFrom(t, 'openOrderMessage', (i) => {
        const { replaced: [hold], ...rest } = i as { replaced: Record<string, unknown>[] } & Record<string, unknown>;
        return { ...rest, ...hold };
      }),
      /USA's opened message \(HOLD to usa-cavalry-1-gamble, sent 1863-07-01T0740, 6 hexes\) does not match any message USA sealed and has on its way/,
    );
    exchange(t);
    const opened = t.CSA.history({ limit: 5000 }).filter((e) => e.kind === 'orders.message-opened' && e.summary.startsWith('USA'));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.summary).toMatch(/^USA's sealed message is opened as it arrives: a messenger reaches Gamble's Brigade with ASLT orders \(sent 0800, 6 hexes\).* It replaced: .*HOLD.*\./);
    for (const side of ['USA', 'CSA'] as const) {
      expect(orderOf(t[side], side, GAMBLE)).toBe('ASLT');
      expect(t[side].orderMessages({ viewer: side }).onTheWay.USA).toBe(0);
    }
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });
});
