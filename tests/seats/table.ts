/**
 * Two seats at a test table: a host's file and a joining seat's file, made through the invitation and the
 * reply, and the packets between them (each written to JSON text and read back, as a file would be).
 * No vitest here: the tests assert.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Side } from '../../rules/types';
import { seatToAct } from '../../rules/seats';
import { contextOf, GameService, type ServiceOptions } from '../../db/service';
import { createSeatGame, joinSeatGame, receiveReply, type NewSeatGameInput } from '../../db/seats/invite';
import { makePacket, receivePacket, type Received } from '../../db/seats/packets';
import type { Packet } from '../../contract/seats';
import { MusterError } from '../../db/errors';
import { eventHead } from '../../db/events';
import { inTransaction } from '../../db/service/context';
import { SERVICE_FUNCTIONS } from '../../db/service/index';
import { eventsAfter, stepFacts } from '../../db/seats/calls';
import { signText } from '../../db/seats/keys';
import { eventSignedText } from '../../db/seats/signed';
import { insertEventSeat, localPrivateKey, seatOf } from '../../db/seats/store';

export interface Table {
  USA: GameService;
  CSA: GameService;
  files: Record<Side, string>;
}

let counter = 0;

/** A game file's bytes with its WAL's, as text: what is not in them, the file does not hold anywhere. */
export function fileBytes(file: string): string {
  return [file, `${file}-wal`].map((f) => (existsSync(f) ? readFileSync(f).toString('latin1') : '')).join('\n');
}

/** The refusal a call gets, as the player is told it (a MusterError); anything else, or no refusal, throws. */
export function refusal(call: () => unknown): MusterError {
  try {
    call();
  } catch (e) {
    if (e instanceof MusterError) return e;
    throw e;
  }
  throw new Error('not refused');
}

/** A two-seat game of the scenario (with the optional rules given): USA hosts, CSA joins; both files open, each with its own test die. */
export function twoSeats(dir: string, scenario: string, options: ServiceOptions = {}, optionalRules?: NewSeatGameInput['optionalRules']): Table {
  counter += 1;
  const files = { USA: join(dir, `usa-${counter}.muster`), CSA: join(dir, `csa-${counter}.muster`) };
  let tick = 0;
  const clock = () => new Date(Date.UTC(2024, 6, 1, 12, 0, 0) + (tick += 1000)).toISOString();
  const host = createSeatGame({ file: files.USA, scenario, side: 'USA', players: { USA: 'Ann', CSA: 'Bob' }, ...(optionalRules ? { optionalRules } : {}) }, { seed: 11, now: clock, ...options });
  const invitation = JSON.parse(JSON.stringify(host.invitation)) as unknown;
  const joined = joinSeatGame(files.CSA, invitation, 'CSA', { seed: 29, now: clock, ...options });
  receiveReply(host.game, JSON.parse(JSON.stringify(joined.reply)));
  return { USA: host.game, CSA: joined.game, files };
}

/** The packet a seat sends now, as the other seat reads it from a file. */
export function packetFrom(game: GameService): Packet {
  return JSON.parse(JSON.stringify(makePacket(contextOf(game)))) as Packet;
}

/** One packet from a seat to the other. */
export function send(table: Table, from: Side): Received {
  const to = from === 'USA' ? 'CSA' : 'USA';
  return receivePacket(contextOf(table[to]), packetFrom(table[from]));
}

/** Packets back and forth until neither seat has anything new for the other. */
export function exchange(table: Table): void {
  for (let i = 0; i < 6; i += 1) {
    const a = send(table, 'USA');
    const b = send(table, 'CSA');
    const quiet = (r: Received) => r.events === 0 && r.commitments === 0 && r.jointRolls === 0 && !r.revealed;
    if (quiet(a) && quiet(b)) return;
  }
  throw new Error('the seats never settled');
}

/** Whose step it is (rules/seats.ts), as the file of a seat says. */
export function toAct(game: GameService): Side | 'both' {
  return seatToAct(stepFacts(game.db)).seat;
}

/**
 * One step of play by whoever's step it is, then the packets: both seats enter (the army commander's pre-roll
 * with the app's die in I.B, the Initiative declarations without the army commander's points) and finish in a
 * step of secret entries; otherwise the seat to act rolls what is due, settles a waivable item, or moves the clock.
 */
export function playStep(t: Table, preRoll = true): void {
  const who = toAct(t.USA);
  if (who === 'both') {
    for (const side of ['USA', 'CSA'] as const) {
      const g = t[side];
      const clock = g.info().clock;
      if (clock.segment === 'II') g.declareInitiative({ side, armyPoints: false });
      else {
        if (clock.phase === 'B' && preRoll) g.orderPreRoll({ side });
        g.finishEntries({ side });
      }
    }
  } else {
    const seat = t[who];
    const due = seat.obligations();
    const waiver = due.items.flatMap((o) => o.choices.filter((c) => c.id === 'done' || c.id === 'keep').map((c) => ({ id: o.id, choice: c.id })))[0];
    if (due.rollAllDue.allowed) seat.rollAllDue(due.rollAllDue.nobodyAddsPoints ? { nobodyAddsPoints: true } : {});
    else if (waiver) seat.settleObligation(waiver);
    else seat.advanceClock();
  }
  exchange(t);
}

/** Plays steps until the first turn's Activation Segment (III.A); throws if it never comes. */
export function playToActivation(t: Table): void {
  for (let i = 0; i < 40; i += 1) {
    if (t.USA.info().clock.segment === 'III') return;
    playStep(t);
  }
  throw new Error('the Activation Segment never came');
}

/** A two-seat game of Willoughby Run past its first step of secret entries: the USA seat's step. */
export function pastTheFirstStep(dir: string, options: ServiceOptions = {}): Table {
  const t = twoSeats(dir, 'skirmish-at-willoughby-run', options);
  t.USA.finishEntries({ side: 'USA' });
  t.CSA.finishEntries({ side: 'CSA' });
  exchange(t);
  return t;
}

/**
 * Willoughby Run played on through packets, both seats in step, until `here` says so: secret entries made
 * (nothing entered, no army commander's points), the Initiative rolled by the app, the clock moved on.
 */
export function playUntil(dir: string, here: (t: Table) => boolean, options: ServiceOptions = {}): Table {
  const t = pastTheFirstStep(dir, options);
  for (let i = 0; i < 40; i += 1) {
    const clock = t.USA.info().clock;
    const who = toAct(t.USA);
    if (who === 'both') {
      if (clock.segment === 'II') for (const side of ['USA', 'CSA'] as const) t[side].declareInitiative({ side, armyPoints: false });
      else for (const side of ['USA', 'CSA'] as const) t[side].finishEntries({ side });
    } else if (here(t)) return t;
    else if (t[who].obligations().rollAllDue.allowed) t[who].rollAllDue({});
    else t[who].advanceClock();
    exchange(t);
  }
  throw new Error('the game never got there');
}

/** RI-H10: the side's army commander orders no Alternative Arrival Area this turn, if its word is awaited. */
export function saysNoOrder(t: Table, side: Side): void {
  if (t[side].obligations().items.some((o) => o.id === `alternative-word:${side}`)) t[side].declineAlternativeArrival({ side });
}

/**
 * Plays on with both seats in step until `here` says so: secret entries made (nothing entered), the Initiative
 * declared without the army commanders' points, an army commander's word on an Alternative Arrival Area given as
 * "no order" (RI-H10), what is due rolled by the app or settled with its waivable choice, the clock moved on;
 * the packets after each write. Throws if it never comes.
 */
export function playOn(t: Table, here: (t: Table) => boolean, limit = 400): void {
  for (let i = 0; i < limit; i += 1) {
    if (here(t)) return;
    const who = toAct(t.USA);
    const clock = t.USA.info().clock;
    if (who === 'both') {
      for (const side of ['USA', 'CSA'] as const) {
        if (clock.segment === 'II') t[side].declareInitiative({ side, armyPoints: false });
        // RI-H10: both army commanders' words at the same time, each at its own seat: no order.
        else if (clock.segment === 'III') saysNoOrder(t, side);
        else t[side].finishEntries({ side });
      }
    } else {
      const seat = t[who];
      const due = seat.obligations();
      const waiver = due.items.flatMap((o) => o.choices.filter((c) => c.id === 'done' || c.id === 'keep').map((c) => ({ id: o.id, choice: c.id })))[0];
      const word = due.items.find((o) => o.id === `alternative-word:${who}`);
      if (word) seat.declineAlternativeArrival({ side: who });
      else if (due.rollAllDue.allowed) seat.rollAllDue(due.rollAllDue.nobodyAddsPoints ? { nobodyAddsPoints: true } : {});
      else if (waiver) seat.settleObligation(waiver);
      else seat.advanceClock();
    }
    exchange(t);
  }
  if (!here(t)) throw new Error('the game never got there');
}

/** A seat's Muster changed to skip the seat's checks (whose turn it is, what is open): it writes and signs as its seat. */
export function writeAnyway(game: GameService, fn: keyof typeof SERVICE_FUNCTIONS, input: unknown): void {
  const ctx = contextOf(game);
  const seat = seatOf(ctx.db)!;
  const at = ctx.now();
  inTransaction(ctx.db, () => {
    const before = eventHead(ctx.db).seq;
    (SERVICE_FUNCTIONS[fn] as (c: typeof ctx, i: unknown) => unknown)({ ...ctx, now: () => at }, input);
    eventsAfter(ctx.db, before).forEach((e, index) => {
      const call = { seq: e.seq, hash: e.hash, side: seat.side, fn, input: JSON.stringify(input), at, index };
      insertEventSeat(ctx.db, { seq: e.seq, side: seat.side, call_fn: fn, call_input: call.input, call_at: at, call_index: index, signature: signText(localPrivateKey(ctx.db), eventSignedText(seat.gameId, call)) });
    });
  });
}
