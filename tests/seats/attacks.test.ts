/**
 * What a seat cannot do to the other (RI-H09): each attack is refused whole, or detected, and the file
 * that receives it is left as it was, byte for byte (its WAL included).
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Packet } from '../../contract/seats';
import type { Side } from '../../rules/types';
import { MusterError } from '../../db/errors';
import { eventHead } from '../../db/events';
import { contextOf, GameService } from '../../db/service';
import { eventsAfter, refuseSideSecrets } from '../../db/seats/calls';
import { newSeatKeys, signText } from '../../db/seats/keys';
import { receivePacket } from '../../db/seats/packets';
import { eventSignedText } from '../../db/seats/signed';
import { seatOf } from '../../db/seats/store';
import { advanceTo, fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, send, toAct, twoSeats, writeAnyway, type Table } from './table';

const tmp = tempDir('muster-seats-attacks-');
afterAll(() => tmp.cleanup());

/** A two-seat game past its first hidden step: I.A revealed on both files, the USA seat to act. */
function pastTheFirstStep(): Table {
  const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
  t.USA.finishEntries({ side: 'USA' });
  t.CSA.finishEntries({ side: 'CSA' });
  exchange(t);
  expect(toAct(t.USA)).toBe('USA');
  return t;
}

/** The packet is refused with words matching `words`, and the receiving file is unchanged, byte for byte. */
function expectRefusedWhole(t: Table, to: Side, packet: unknown, words: RegExp): MusterError {
  const before = fileHash(t.files[to]);
  const eventsBefore = t[to].info().eventCount;
  let caught: unknown;
  try {
    receivePacket(contextOf(t[to]), packet);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(MusterError);
  expect((caught as MusterError).message).toMatch(words);
  expect((caught as MusterError).field).toBe('packet');
  expect(t[to].info().eventCount).toBe(eventsBefore);
  expect(fileHash(t.files[to])).toBe(before);
  return caught as MusterError;
}

const clone = (p: Packet): Packet => JSON.parse(JSON.stringify(p)) as Packet;

describe('a packet changed on the way', () => {
  it('an edited event is refused: its signature no longer holds, or it no longer replays to what was signed', () => {
    const t = pastTheFirstStep();
    t.USA.rollDie({ purpose: 'the rain' });
    const packet = packetFrom(t.USA);
    const edited = clone(packet);
    const roll = edited.events.at(-1)!;
    roll.input = JSON.stringify({ purpose: 'the rain', roll: 9 });
    expectRefusedWhole(t, 'CSA', edited, /is not signed by the USA seat/);
    // The die changed and everything else kept: the signature holds, but the replay is another event.
    const die = clone(packet);
    const d = die.events.at(-1)!.dice[0]!;
    d.roll = d.roll === 9 ? 0 : d.roll + 1;
    expectRefusedWhole(t, 'CSA', die, /does not replay to the event the USA seat signed/);
    // The real packet is taken.
    expect(receivePacket(contextOf(t.CSA), packet).events).toBe(1);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
  });

  it('an event re-signed with a third key is refused: only the seat\'s own key is taken', () => {
    const t = pastTheFirstStep();
    t.USA.rollDie({ purpose: 'the rain' });
    const forged = packetFrom(t.USA);
    const third = newSeatKeys();
    const gameId = seatOf(t.USA.db)!.gameId;
    for (const e of forged.events) e.signature = signText(third.privateKey, eventSignedText(gameId, e));
    expectRefusedWhole(t, 'CSA', forged, /is not signed by the USA seat/);
    // Nor may a packet claim to come from the receiving seat, or carry another game.
    expectRefusedWhole(t, 'CSA', { ...packetFrom(t.USA), from: 'CSA' }, /this file's own/);
    expectRefusedWhole(t, 'CSA', { ...packetFrom(t.USA), gameId: 'f'.repeat(64) }, /another game/);
    expectRefusedWhole(t, 'CSA', { format: 'something else' }, /not a Muster packet/);
  });
});

describe('packets dropped, reordered or replayed', () => {
  it('a packet with events missing before its own is refused, naming the missing events; reordered events are refused', () => {
    const t = pastTheFirstStep();
    t.USA.rollDie({ purpose: 'first' });
    t.USA.rollDie({ purpose: 'second' });
    const packet = packetFrom(t.USA);
    const head = t.CSA.info().eventCount;
    const dropped = { ...clone(packet), events: packet.events.slice(1) };
    expectRefusedWhole(t, 'CSA', dropped, new RegExp(`events #${head + 1} to #${head + 1} are missing`));
    const reordered = { ...clone(packet), events: [...packet.events].reverse() };
    expectRefusedWhole(t, 'CSA', reordered, /out of order/);
    expect(receivePacket(contextOf(t.CSA), packet).events).toBe(2);
  });

  it('the same packet twice, or an older one after a newer, changes nothing', () => {
    const t = pastTheFirstStep();
    t.USA.rollDie({ purpose: 'first' });
    const older = packetFrom(t.USA);
    t.USA.rollDie({ purpose: 'second' });
    const newer = packetFrom(t.USA);
    expect(receivePacket(contextOf(t.CSA), newer).events).toBe(2);
    const before = fileHash(t.files.CSA);
    expect(receivePacket(contextOf(t.CSA), newer)).toEqual({ events: 0, commitments: 0, revealed: false, jointRolls: 0 });
    expect(receivePacket(contextOf(t.CSA), older)).toEqual({ events: 0, commitments: 0, revealed: false, jointRolls: 0 });
    expect(fileHash(t.files.CSA)).toBe(before);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
  });
});

describe('hidden entries by commitment', () => {
  it('a reveal that does not match its commitment is refused, naming the side and the step', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    t.USA.finishEntries({ side: 'USA' });
    t.CSA.finishEntries({ side: 'CSA' });
    send(t, 'USA');
    send(t, 'CSA');
    // The USA seat has revealed; its packet carries the reveal. Its salt changed on the way: no match.
    const reveal = packetFrom(t.USA);
    const wrongSalt = clone(reveal);
    wrongSalt.commitments[0]!.salt = '0'.repeat(32);
    expectRefusedWhole(t, 'CSA', wrongSalt, /USA's revealed entries of I\.A Automatic Order Change Phase \(turn 1863-07-01T0740\) do not match the commitment USA made/);
    // The reveal's events without the salt that proves them are refused too.
    const noSalt = clone(reveal);
    noSalt.commitments[0]!.salt = null;
    expectRefusedWhole(t, 'CSA', noSalt, /revealed without the commitment and salt that prove them/);
    expect(receivePacket(contextOf(t.CSA), reveal).revealed).toBe(true);
  });

  it('a seat that changes its entries after committing to them is caught at its reveal', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    t.USA.finishEntries({ side: 'USA' });
    t.CSA.finishEntries({ side: 'CSA' });
    exchange(t);
    t.USA.advanceClock();
    exchange(t);
    // I.B: CSA's pre-roll is held with its die; CSA commits; then CSA's file is edited to another die.
    t.USA.finishEntries({ side: 'USA' });
    const pre = t.CSA.orderPreRoll({ side: 'CSA' });
    t.CSA.finishEntries({ side: 'CSA' });
    send(t, 'USA');
    send(t, 'CSA');
    t.CSA.db.prepare("UPDATE seat_pending SET rolls = ? WHERE call_fn = 'orderPreRoll'").run(JSON.stringify([pre.dice[0]!.roll === 0 ? 1 : 0]));
    // USA's reveal reaches CSA, which reveals its (changed) entries; USA refuses them, naming them.
    send(t, 'USA');
    expectRefusedWhole(t, 'USA', packetFrom(t.CSA), /CSA's revealed entries of I\.B Non-Automatic Order Change Phase \(turn 1863-07-01T0740\) do not match the commitment CSA made/);
    // The CSA file's own verify finds it too.
    expect(t.CSA.verify().seats?.problems.join('; ')).toMatch(/CSA's revealed entries of turn 1863-07-01T0740 I\.B do not match its commitment/);
  });

  it('a seat makes only its own side\'s entries, and after committing makes no more', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    const before = fileHash(t.files.USA);
    expect(() => t.USA.finishEntries({ side: 'CSA' })).toThrow(/the USA seat makes only USA's entries/);
    expect(fileHash(t.files.USA)).toBe(before);
    t.USA.finishEntries({ side: 'USA' });
    expect(() => t.USA.finishEntries({ side: 'USA' })).toThrow(/USA has already finished its entries in I\.A/);
    // Until both sides' entries are revealed nothing else is recorded, by either seat.
    expect(() => t.USA.advanceClock({ nothingToEnter: ['CSA'] })).toThrow(/both players make their secret entries at the same time: nothing else is recorded/);
  });
});

describe('writing out of turn', () => {
  it('is refused at the seat, with the step and whose turn it is, and nothing is written', () => {
    const t = pastTheFirstStep();
    const before = fileHash(t.files.CSA);
    expect(() => t.CSA.rollDie({ purpose: 'the rain' })).toThrow(/it is not the CSA seat's turn: I\.A Automatic Order Change Phase is carried out by the USA player until an Initiative player is determined/);
    expect(fileHash(t.files.CSA)).toBe(before);
  });

  it('and a packet written out of turn by a changed Muster is refused by the other seat, with the reason', () => {
    const t = pastTheFirstStep();
    writeAnyway(t.CSA, 'rollDie', { purpose: 'the rain' });
    const e = expectRefusedWhole(t, 'USA', packetFrom(t.CSA), /the CSA seat wrote event #\d+ out of turn: it is not the CSA seat's turn/);
    expect(e.code).toBe('RULES_FORBID');
  });
});

describe('a roll taken again from an older copy', () => {
  it('is detected by the other seat: the event it already holds differs, and nothing is written', () => {
    const t = pastTheFirstStep();
    const backup = `${t.files.USA}.older`;
    t.USA.db.pragma('wal_checkpoint(TRUNCATE)');
    copyFileSync(t.files.USA, backup);
    t.USA.rollDie({ purpose: 'who holds the ford' });
    send(t, 'USA');
    // The USA player does not like the roll: he goes back to the copy from before it and rolls again.
    t.USA.close();
    for (const f of [`${t.files.USA}-wal`, `${t.files.USA}-shm`]) if (existsSync(f)) rmSync(f);
    copyFileSync(backup, t.files.USA);
    const again = GameService.open(t.files.USA, { seed: 99 });
    // Whatever he rolls now, the event is not the one the CSA seat already holds.
    again.rollDie({ purpose: 'who holds the ford' });
    const table = { ...t, USA: again };
    expectRefusedWhole(table, 'CSA', packetFrom(again), /went back to an older copy and wrote something else/);
    again.close();
  });
});

describe('a side\'s secrets kept in their own tables', () => {
  it('written into the log as at one laptop, are refused in a two-seat game, since a packet would carry them to the other file', () => {
    // A concealed plot, made in a game at one laptop: the event that would travel.
    const one = GameService.create({ file: tmp.file('one-laptop.muster'), scenario: 'skirmish-at-willoughby-run' }, { seed: 7, now: () => '2024-07-01T12:00:00.000Z' });
    advanceTo(one, { turnId: '1863-07-01T1000', segment: 'III', phase: 'A' });
    const head = eventHead(one.db).seq;
    one.concealCommand({ side: 'USA', commandId: 'usa-i-1-meredith', hex: '1017' });
    const events = eventsAfter(one.db, head);
    expect(() => refuseSideSecrets(events)).toThrow(/between two seats a concealed command's plot is sealed by its own seat .*; one written into the log as at one laptop is refused/);
    one.close();
  });
});
