/**
 * Sending and receiving (RI-H09). A packet carries every event the other seat has not acknowledged, with
 * who wrote it, the call it came from, its salts and rolls and its signature; the seat's commitments to its
 * hidden entries (their salts once revealed); and the sender's head, which acknowledges what it has.
 *
 * Receiving is replaying: each new event's signature is checked against its seat's key, its link against
 * the end of this file's chain, its seat against whose step it is (rules/seats.ts), and its call is run
 * again through the same service functions as a local write, with the same time, rolls and salts; the
 * event it gives must be the one signed, hash for hash. A revealed commitment must match the entries
 * revealed. Anything wrong refuses the whole packet, and nothing of it is written. An event this file
 * already holds is skipped if it is the same, and refuses the packet if it is not: the other seat's file
 * went back to an older copy and wrote something else (a roll taken again).
 */
import { Packet, type PacketCommitment, type PacketEvent } from '../../contract/seats';
import type { Side } from '../../rules/types';
import { MusterError } from '../errors';
import { eventHead } from '../events';
import { kitOf } from '../service/combat-kit';
import { inTransaction, type GameContext } from '../service/context';
import { describeStep } from '../../rules/sequence';
import { statement } from '../statements';
import type { SqliteDatabase } from '../open';
import { callsOfStep, checkCommitment, COMMITTED_STEP_SQL, WORD_KINDS_SQL } from './verify';
import { eventsAfter, refuseOutOfTurn, refuseSideSecrets, replayCall, revealIfDue, stepFacts } from './calls';
import { commitmentSignedText, eventSignedText } from './signed';
import { signatureHolds } from './keys';
import { answerSealedOrders, refuseOtherSidesSealed } from './side-secrets';
import { refuseOtherSidesPlots } from './sealed-plots';
import { openArrivedMessages } from './sealed-messages';
import { giveStandingWord } from './standing-word';
import { answerJointRolls, completeJointRolls, jointForPacket, takeJointRolls } from './joint';
import { answerJointDice, checkNewRequests, completeJointDice, jointDiceForPacket, jointReplay, takeJointDice } from './joint-dice';
import { allCommitments, commitmentsOf, insertCommitment, insertEventSeat, markRevealed, peerHead, publicKeyOf, recordPeerHead, seatOf, type SeatFile } from './store';

import { MUSTER_STAMP, refuseOtherMuster } from './versions';

const FIELD = 'packet';

function refused(message: string, code: 'INVALID_ARGUMENT' | 'RULES_FORBID' = 'INVALID_ARGUMENT', rule?: string): MusterError {
  return new MusterError(code, FIELD, message, rule);
}

/** The seat of a two-seat file, or a refusal in words for a file played at one laptop. */
export function requireSeat(db: SqliteDatabase): SeatFile {
  const seat = seatOf(db);
  if (!seat) throw new MusterError('INVALID_ARGUMENT', 'file', 'this game is played at one laptop, not from two seats: it has no packets to send or receive');
  return seat;
}

interface EventRowForPacket {
  seq: number;
  hash: string;
  prev_hash: string;
  salt: string | null;
  side: Side | null;
  call_fn: string | null;
  call_input: string | null;
  call_at: string | null;
  call_index: number | null;
  signature: string | null;
}

/** The packet this seat sends now: everything the other seat has not acknowledged. */
export function makePacket(ctx: GameContext): Packet {
  const seat = requireSeat(ctx.db);
  const known = peerHead(ctx.db).seq;
  const rows = statement(
    ctx.db,
    `SELECT e.seq, e.hash, e.prev_hash, e.salt, s.side, s.call_fn, s.call_input, s.call_at, s.call_index, s.signature
       FROM events e LEFT JOIN event_seats s ON s.seq = e.seq WHERE e.seq > ? ORDER BY e.seq`,
  ).all(known) as EventRowForPacket[];
  const dice = statement(ctx.db, 'SELECT source, roll, salt FROM dice_log WHERE event_seq = ? ORDER BY seq');
  const events: PacketEvent[] = rows.map((r) => {
    if (r.side === null || r.signature === null) throw new MusterError('CORRUPT', 'events', `event ${r.seq} of this two-seat game has no seat's signature; run verify`);
    return {
      seq: r.seq,
      hash: r.hash,
      prevHash: r.prev_hash,
      salt: r.salt,
      dice: dice.all(r.seq) as PacketEvent['dice'],
      side: r.side,
      fn: r.call_fn!,
      input: r.call_input!,
      at: r.call_at!,
      index: r.call_index!,
      signature: r.signature,
    };
  });
  const commitments: PacketCommitment[] = allCommitments(ctx.db)
    .filter((c) => c.side === seat.side)
    .map((c) => ({ turnId: c.turn_id, segment: c.segment, phase: c.phase, side: c.side, commitment: c.commitment, signature: c.signature, salt: c.revealed === 1 ? c.salt : null }));
  const head = eventHead(ctx.db);
  return { format: 'muster/seats/packet/1', muster: MUSTER_STAMP, gameId: seat.gameId, from: seat.side, head: { seq: head.seq, hash: head.hash! }, events, commitments, joint: jointForPacket(ctx.db, seat), jointDice: jointDiceForPacket(ctx.db, seat) };
}

/** What a packet brought: the events it added, the commitments it added or revealed, and whether this seat revealed its own entries. */
export interface Received {
  events: number;
  commitments: number;
  revealed: boolean;
  /** Joint rolls asked, answered or revealed by the packet, and this seat's answers and rolls made on receiving it. */
  jointRolls: number;
  /** This seat gave its word on its sealed Alternative Arrival Area orders on receiving it (RI-H10): it has a packet to send. */
  sealedAnswered?: boolean;
  /** This seat opened its messages arriving this turn on receiving it (RI-H12): it has a packet to send. */
  messagesOpened?: boolean;
  /** This seat's standing word gave "No order this turn" on receiving it (RI-H13): it has a packet to send. */
  standingWordGiven?: boolean;
}

/** Reads a packet someone sent: its shape checked before anything of it is used. */
export function parsePacket(value: unknown): Packet {
  refuseOtherMuster(value, 'packet', FIELD);
  const parsed = Packet.safeParse(value);
  if (!parsed.success) throw refused('this is not a Muster packet, or it is damaged: nothing was read from it');
  return parsed.data;
}

/** Receives a packet (see the file header): all of it, or nothing. */
export function receivePacket(ctx: GameContext, value: unknown): Received {
  const seat = requireSeat(ctx.db);
  const packet = parsePacket(value);
  if (packet.gameId !== seat.gameId) throw refused('this packet is for another game: nothing was read from it');
  if (packet.from === seat.side) throw refused(`this packet was sent by the ${seat.side} seat, which is this file's own: send it to the other seat`);
  const from = packet.from;
  const key = publicKeyOf(ctx.db, from);
  if (key === null) throw refused(`this file does not know the ${from} seat's key yet: receive its reply to the invitation first`);
  const outcome = inTransaction(ctx.db, () => {
    const commitments = takeCommitments(ctx, seat, packet.commitments, key);
    // Joint dice for a change (db/seats/joint-dice.ts): requests, answers and shares before the events that use them.
    const jointDice = takeJointDice(ctx, seat, from, packet.jointDice ?? []);
    const events = replayEvents(ctx, seat, packet);
    checkNewRequests(ctx, from, jointDice.fresh);
    const revealed = checkReveals(ctx, seat, from, commitments.newlySalted);
    const joint = takeJointRolls(ctx, seat, from, packet.joint);
    const head = eventHead(ctx.db);
    if (packet.head.seq > head.seq) throw refused(`this packet ends at event #${packet.head.seq} but carries only up to #${head.seq}: events are missing from it`);
    const at = statement(ctx.db, 'SELECT hash FROM events WHERE seq = ?').get(packet.head.seq) as { hash: string } | undefined;
    if (packet.head.seq > 0 && at?.hash !== packet.head.hash) throw refused(`the ${from} seat's file ends at an event #${packet.head.seq} that is not this file's: the two files have different histories`);
    if (packet.head.seq > peerHead(ctx.db).seq) recordPeerHead(ctx.db, packet.head);
    return { events, commitments: commitments.added + revealed, revealed: false, jointRolls: joint + jointDice.changed };
  });
  // RI-H12: the packet moved the clock into a turn in which this seat's messages arrive: they are opened now,
  // before anything of the seat's own is revealed.
  const messagesOpened = openArrivedMessages(ctx, ctx.now());
  const revealed = revealIfDue(ctx);
  // RI-H10: a seat whose sealed orders wait for its word at this beginning of the Activation Segment gives it.
  const sealedAnswered = answerSealedOrders(ctx);
  // Both seats live: this seat answers the other's joint rolls, and records its own that were answered.
  const answered = inTransaction(ctx.db, () => answerJointRolls(ctx) + answerJointDice(ctx));
  const recorded = completeJointRolls(ctx) + completeJointDice(ctx);
  // RI-H13: the packet made this seat's word due and its standing word holds: it gives "No order this turn".
  const standingWordGiven = giveStandingWord(ctx);
  return {
    ...outcome,
    revealed,
    jointRolls: outcome.jointRolls + answered + recorded,
    ...(sealedAnswered ? { sealedAnswered } : {}),
    ...(messagesOpened ? { messagesOpened } : {}),
    ...(standingWordGiven ? { standingWordGiven } : {}),
  };
}

/** The packet's commitments: each signed by its seat; one this file holds must be the same. */
function takeCommitments(ctx: GameContext, seat: SeatFile, list: readonly PacketCommitment[], key: string): { added: number; newlySalted: PacketCommitment[] } {
  let added = 0;
  const newlySalted: PacketCommitment[] = [];
  for (const c of list) {
    const step = { turnId: c.turnId, segment: c.segment, phase: c.phase };
    const where = `${c.side}'s commitment to its entries of ${stepLabel(c)} (turn ${c.turnId})`;
    if (c.side === seat.side) throw refused(`${where} is this seat's own: it cannot come from the other seat`);
    if (!signatureHolds(key, commitmentSignedText(seat.gameId, c.side, step, c.commitment), c.signature)) throw refused(`${where} is not signed by the ${c.side} seat: refused`);
    const held = commitmentsOf(ctx.db, step).find((x) => x.side === c.side);
    if (held) {
      if (held.commitment !== c.commitment) throw refused(`${where} is not the one it sent before: the ${c.side} seat changed its entries after committing to them`);
      if (c.salt !== null && held.revealed === 0) newlySalted.push(c);
      continue;
    }
    insertCommitment(ctx.db, { turn_id: c.turnId, segment: c.segment, phase: c.phase, side: c.side, commitment: c.commitment, signature: c.signature, salt: null, revealed: 0 });
    added += 1;
    if (c.salt !== null) newlySalted.push(c);
  }
  return { added, newlySalted };
}

function stepLabel(c: { segment: string; phase: string }): string {
  try {
    return describeStep({ segment: c.segment as 'I', phase: c.phase as 'A' }).label;
  } catch {
    return `${c.segment}.${c.phase}`;
  }
}

/** The packet's events: the ones this file holds must be the same; the new ones are checked and replayed. */
function replayEvents(ctx: GameContext, seat: SeatFile, packet: Packet): number {
  let head = eventHead(ctx.db);
  const fresh: PacketEvent[] = [];
  let last = 0;
  for (const e of packet.events) {
    if (e.seq <= last) throw refused(`the events of this packet are out of order (#${e.seq} after #${last})`);
    last = e.seq;
    if (e.seq <= head.seq) {
      const mine = statement(ctx.db, 'SELECT hash FROM events WHERE seq = ?').get(e.seq) as { hash: string };
      if (mine.hash !== e.hash) {
        throw refused(
          `event #${e.seq} in this packet is not the event #${e.seq} this file already holds: the ${e.side} seat's file went back to an older copy and wrote something else there (an entry changed, or a roll taken again); the two files now have different histories`,
        );
      }
      continue;
    }
    fresh.push(e);
  }
  let i = 0;
  while (i < fresh.length) {
    const first = fresh[i]!;
    if (first.index !== 0) throw refused(`event #${first.seq} is the middle of a change whose start is not in this packet`);
    const call = [first];
    while (i + call.length < fresh.length && fresh[i + call.length]!.index !== 0) call.push(fresh[i + call.length]!);
    replayOne(ctx, seat, call, head);
    head = eventHead(ctx.db);
    i += call.length;
  }
  return fresh.length;
}

/** One call of the other seat: checked, replayed, compared, and its signatures kept. */
function replayOne(ctx: GameContext, seat: SeatFile, call: readonly PacketEvent[], head: { seq: number; hash: string | null }): void {
  const first = call[0]!;
  if (first.seq !== head.seq + 1) {
    throw refused(`this packet's next event is #${first.seq}, but this file ends at #${head.seq}: events #${head.seq + 1} to #${first.seq - 1} are missing (a packet was lost or skipped; receive the earlier one first, or ask for a new packet)`);
  }
  if (first.prevHash !== head.hash) throw refused(`event #${first.seq} does not follow this file's event #${head.seq}: the two files have different histories`);
  const key = publicKeyOf(ctx.db, first.side);
  if (key === null) throw refused(`event #${first.seq} is said to be the ${first.side} seat's, whose key this file does not know`);
  call.forEach((e, k) => {
    if (e.side !== first.side || e.fn !== first.fn || e.input !== first.input || e.at !== first.at || e.index !== k) throw refused(`event #${e.seq} does not belong to the change it is sent with`);
    if (!signatureHolds(key, eventSignedText(seat.gameId, { seq: e.seq, hash: e.hash, side: e.side, fn: e.fn, input: e.input, at: e.at, index: e.index }), e.signature)) {
      throw refused(`event #${e.seq} is not signed by the ${e.side} seat: it was changed or signed by someone else`);
    }
  });
  try {
    const input: unknown = JSON.parse(first.input === '' ? 'null' : first.input);
    refuseOtherSidesSealed(first.side, first.fn, input, FIELD);
    refuseOtherSidesPlots(first.side, first.fn, input, FIELD);
  } catch (e) {
    if (e instanceof MusterError) throw refused(`the ${first.side} seat's event #${first.seq} is refused: ${e.reason}`, 'RULES_FORBID', e.rule);
    throw refused(`the input of event #${first.seq} is not readable`);
  }
  const facts = stepFacts(ctx.db);
  const salts = call.flatMap((e) => [e.salt, ...e.dice.map((d) => d.salt)]);
  if (salts.some((s) => s === null)) throw refused(`event #${first.seq} has no salt: a two-seat game salts every event and roll`);
  const rolls = call.flatMap((e) => e.dice.filter((d) => d.source === 'app').map((d) => d.roll));
  // A change written with joint dice is the one asked for, with the dice both shares give (db/seats/joint-dice.ts).
  const joint = jointReplay(ctx, seat, call);
  try {
    replayCall(joint?.ctx ?? ctx, { fn: first.fn, input: first.input, at: first.at, rolls }, salts as string[]);
  } catch (e) {
    if (e instanceof MusterError && (e.field === 'kit' || e.field === 'kit.fingerprint')) throw kitDiffers(ctx, first);
    // What the service would refuse at this seat is refused here too: the packet is not taken.
    if (e instanceof MusterError && e.field !== FIELD) throw refused(`the ${first.side} seat's event #${first.seq} is refused here as it would be at this seat: ${e.reason}`, e.code === 'RULES_FORBID' ? 'RULES_FORBID' : 'INVALID_ARGUMENT', e.rule);
    throw e;
  }
  const written = eventsAfter(ctx.db, head.seq);
  if (written.length !== call.length || written.some((w, k) => w.hash !== call[k]!.hash || w.seq !== call[k]!.seq)) {
    throw refused(`event #${first.seq} does not replay to the event the ${first.side} seat signed: what it says is not what its change does (an edited event)`);
  }
  try {
    refuseOutOfTurn(facts, first.side, written, 'revealed', FIELD);
  } catch (e) {
    if (e instanceof MusterError) throw refused(`the ${first.side} seat wrote event #${first.seq} out of turn: ${e.reason}`, 'RULES_FORBID', e.rule);
    throw e;
  }
  try {
    refuseSideSecrets(written, FIELD);
  } catch (e) {
    if (e instanceof MusterError) throw refused(`the ${first.side} seat's event #${first.seq} is refused: ${e.reason}`, 'RULES_FORBID', e.rule);
    throw e;
  }
  for (const e of call) insertEventSeat(ctx.db, { seq: e.seq, side: e.side, call_fn: e.fn, call_input: e.input, call_at: e.at, call_index: e.index, signature: e.signature });
  joint?.used();
}

/**
 * A result the other seat computed from its player's charts (RI-K25) replays with this seat's: the two kits must
 * be the same. Said in those words, with both kits' fingerprints, rather than as a refusal of the change.
 */
function kitDiffers(ctx: GameContext, first: PacketEvent): MusterError {
  let theirs: string | undefined;
  try {
    theirs = (JSON.parse(first.input) as { kit?: { fingerprint?: unknown } } | null)?.kit?.fingerprint as string | undefined;
  } catch {
    theirs = undefined;
  }
  const computed = `the ${first.side} seat's event #${first.seq} is a result computed from its player's charts${typeof theirs === 'string' ? ` (kit ${theirs})` : ''}`;
  const ours = kitOf(ctx)?.fingerprint;
  const here = ours === undefined ? 'this computer has no charts with combat tables' : `this computer's charts are kit ${ours}`;
  return refused(
    `${computed}, and ${here}: in a game played from two seats both players compute from the same charts. Import the ${first.side} player's charts file on the Charts screen (or both import one), then receive this packet again; nothing was written`,
  );
}

/** The commitments the packet reveals: the revealed entries must be the ones committed to, or the packet is refused. */
function checkReveals(ctx: GameContext, seat: SeatFile, from: Side, salted: readonly PacketCommitment[]): number {
  for (const c of salted) {
    const step = { turnId: c.turnId, segment: c.segment, phase: c.phase };
    const held = commitmentsOf(ctx.db, step).find((x) => x.side === c.side)!;
    if (!checkCommitment(seat.gameId, c.side, step, callsOfStep(ctx.db, c.side, step), c.salt!, held.commitment)) {
      throw refused(`${c.side}'s revealed entries of ${stepLabel(c)} (turn ${c.turnId}) do not match the commitment ${c.side} made to them before the reveal: refused`);
    }
    markRevealed(ctx.db, held, c.salt!);
  }
  // Entries of the other seat revealed into the log without the salt that proves them are refused.
  const unproven = statement(
    ctx.db,
    `SELECT DISTINCT e.turn_id, e.segment, e.phase FROM events e JOIN event_seats s ON s.seq = e.seq
      WHERE s.side = ? AND (e.secret_side = ? OR e.kind = 'entries.finished' OR (e.kind IN ${WORD_KINDS_SQL} AND ${COMMITTED_STEP_SQL}))
        AND NOT EXISTS (SELECT 1 FROM seat_commitments c WHERE c.turn_id = e.turn_id AND c.segment = e.segment AND c.phase = e.phase AND c.side = ? AND c.revealed = 1)`,
  ).all(from, from, from) as { turn_id: string; segment: string; phase: string }[];
  const open = unproven[0];
  if (open) throw refused(`${from}'s entries of ${stepLabel(open)} (turn ${open.turn_id}) were revealed without the commitment and salt that prove them: refused`);
  return salted.length;
}
