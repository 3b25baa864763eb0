/**
 * Dice neither seat can bend, while both seats are live (RI-H09): a die rolled jointly. The seat whose
 * step it is asks for the roll: it draws its share (0-9) and sends only a commitment to it (SHA-256 over the
 * share and a 128-bit salt), signed. The other seat answers with its own share, drawn without seeing the
 * first, signed. The asking seat then records the roll, (its share + the answer) mod 10, as a die roll in the
 * log, and reveals its share and salt; the other seat checks that the roll is exactly that, and that the share
 * is the one committed to. Neither seat can predict or choose the result: the first is bound before it sees
 * the answer, the answer is given without knowing the first.
 *
 * A seat that sees the answer and never records the roll (hoping for a better one) cannot ask again: a second
 * request while its first is open is refused by the other seat, which names the roll left open.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { PacketJointRoll } from '../../contract/seats';
import type { Side } from '../../rules/types';
import { seatMayWrite } from '../../rules/seats';
import { MusterError, forbidden } from '../errors';
import { eventHead } from '../events';
import type { SqliteDatabase } from '../open';
import type { GameContext } from '../service/context';
import { SERVICE_FUNCTIONS } from '../service/index';
import { statement } from '../statements';
import { seatWrite, stepFacts } from './calls';
import { commitmentSalt, signText, signatureHolds } from './keys';
import { jointRolls, localPrivateKey, otherSide, publicKeyOf, seatOf, type JointRollRow, type SeatFile } from './store';
import { jointShareCommitment } from './signed';

export { jointRolls, jointShareCommitment };

export type { PacketJointRoll };

const requestText = (gameId: string, r: { id: string; side: Side; purpose: string; commitment: string }): string => `muster/seat-joint-request/1\n${gameId}\n${r.id}\n${r.side}\n${r.purpose}\n${r.commitment}`;
const answerText = (gameId: string, r: { id: string; side: Side; commitment: string }, answer: number): string => `muster/seat-joint-answer/1\n${gameId}\n${r.id}\n${otherSide(r.side)}\n${answer}\n${r.commitment}`;

/** The purpose a joint roll is recorded under in the dice log. */
export const jointPurpose = (purpose: string): string => `${purpose} (rolled jointly by both seats)`;

function requireSeat(db: SqliteDatabase): SeatFile {
  const seat = seatOf(db);
  if (!seat) throw new MusterError('INVALID_ARGUMENT', 'file', 'this game is played at one laptop: a joint roll needs two seats');
  return seat;
}

/** The seat whose step it is asks for a joint roll: its share committed and kept, the request sent with the next packet. */
export function requestJointRoll(ctx: GameContext, purpose: string): { id: string } {
  const seat = requireSeat(ctx.db);
  const text = purpose.trim();
  if (text.length === 0 || text.length > 200) throw new MusterError('INVALID_ARGUMENT', 'purpose', 'purpose: say what the roll is for (at most 200 characters)');
  if (publicKeyOf(ctx.db, otherSide(seat.side)) === null) throw new MusterError('INVALID_ARGUMENT', 'purpose', `the ${otherSide(seat.side)} seat has not joined yet: nobody can answer a joint roll`);
  const verdict = seatMayWrite(stepFacts(ctx.db), seat.side, { kind: 'public', setup: false });
  if (!verdict.ok) throw forbidden('seat', verdict.reason, verdict.rule);
  const open = jointRolls(ctx.db).find((r) => r.side === seat.side && r.event_seq === null);
  if (open) throw forbidden('purpose', `the joint roll for ${open.purpose} is still open: it is recorded when the ${otherSide(seat.side)} seat's share comes back`, 'Rev. Sequence of Play');
  const row = { id: randomBytes(8).toString('hex'), side: seat.side, purpose: text };
  const share = randomInt(0, 10);
  const salt = commitmentSalt();
  const commitment = jointShareCommitment(seat.gameId, row, share, salt);
  const signature = signText(localPrivateKey(ctx.db), requestText(seat.gameId, { ...row, commitment }));
  statement(ctx.db, 'INSERT INTO seat_joint_rolls (id, side, purpose, commitment, signature, share, salt) VALUES (?, ?, ?, ?, ?, ?, ?)').run(row.id, row.side, row.purpose, commitment, signature, share, salt);
  return { id: row.id };
}

/** The joint rolls a packet carries: this seat's requests (revealed once recorded) and its answers to the other's. */
export function jointForPacket(db: SqliteDatabase, seat: SeatFile): PacketJointRoll[] {
  return jointRolls(db)
    .filter((r) => r.side === seat.side || r.answer !== null)
    .map((r) => {
      const mine = r.side === seat.side;
      const revealed = mine && r.event_seq !== null;
      return {
        id: r.id,
        side: r.side,
        purpose: r.purpose,
        commitment: r.commitment,
        signature: r.signature,
        answer: mine ? null : r.answer,
        answerSignature: mine ? null : r.answer_signature,
        share: revealed ? r.share : null,
        salt: revealed ? r.salt : null,
        eventSeq: revealed ? r.event_seq : null,
      };
    });
}

function refused(message: string): MusterError {
  return new MusterError('INVALID_ARGUMENT', 'packet', message);
}

/**
 * The joint rolls of a packet, inside its transaction (after its events): the other seat's requests (one
 * open at a time), its answers to this seat's, and its revealed shares, each checked against its
 * commitment and the roll recorded in the log.
 */
export function takeJointRolls(ctx: GameContext, seat: SeatFile, from: Side, list: readonly PacketJointRoll[]): number {
  const key = publicKeyOf(ctx.db, from)!;
  let changed = 0;
  for (const j of list) {
    const held = jointRolls(ctx.db).find((r) => r.id === j.id);
    if (j.side === from) {
      if (!signatureHolds(key, requestText(seat.gameId, j), j.signature)) throw refused(`the joint roll for ${j.purpose} is not asked by the ${from} seat: refused`);
      if (held && held.commitment !== j.commitment) throw refused(`the joint roll for ${j.purpose} is not the one the ${from} seat asked for before`);
      if (!held) {
        const open = jointRolls(ctx.db).find((r) => r.side === from && r.event_seq === null);
        if (open) throw refused(`the ${from} seat asks for a new joint roll (${j.purpose}) while its joint roll for ${open.purpose} is still open, answered and not recorded: it may be trying to roll again`);
        statement(ctx.db, 'INSERT INTO seat_joint_rolls (id, side, purpose, commitment, signature) VALUES (?, ?, ?, ?, ?)').run(j.id, j.side, j.purpose, j.commitment, j.signature);
        changed += 1;
      }
      if (j.share !== null && (held?.event_seq ?? null) === null) {
        const row = jointRolls(ctx.db).find((r) => r.id === j.id)!;
        checkRevealed(ctx.db, seat, row, j);
        statement(ctx.db, 'UPDATE seat_joint_rolls SET share = ?, salt = ?, event_seq = ? WHERE id = ?').run(j.share, j.salt, j.eventSeq, j.id);
        changed += 1;
      }
    } else {
      if (!held) throw refused(`the answer to a joint roll this seat never asked for (${j.purpose})`);
      if (j.answer === null || j.answerSignature === null) continue;
      if (!signatureHolds(key, answerText(seat.gameId, held, j.answer), j.answerSignature)) throw refused(`the answer to the joint roll for ${held.purpose} is not the ${from} seat's: refused`);
      if (held.answer !== null) {
        if (held.answer !== j.answer) throw refused(`the ${from} seat's answer to the joint roll for ${held.purpose} is not the one it gave before`);
        continue;
      }
      statement(ctx.db, 'UPDATE seat_joint_rolls SET answer = ?, answer_signature = ? WHERE id = ?').run(j.answer, j.answerSignature, j.id);
      changed += 1;
    }
  }
  return changed;
}

/** A revealed joint roll: its share is the one committed to, and the log records exactly (share + answer) mod 10. */
function checkRevealed(db: SqliteDatabase, seat: SeatFile, row: JointRollRow, j: PacketJointRoll): void {
  const where = `the ${row.side} seat's joint roll for ${row.purpose}`;
  if (row.answer === null) throw refused(`${where} is recorded before this seat answered it`);
  if (j.salt === null || j.share === null || j.eventSeq === null || jointShareCommitment(seat.gameId, row, j.share, j.salt) !== row.commitment) {
    throw refused(`${where}: the share revealed is not the one it committed to before seeing this seat's answer`);
  }
  const call = statement(db, 'SELECT call_fn, call_input, side FROM event_seats WHERE seq = ? AND call_index = 0').get(j.eventSeq) as { call_fn: string; call_input: string; side: Side } | undefined;
  const input = call?.call_fn === 'rollDie' ? (JSON.parse(call.call_input) as { purpose?: string; roll?: number }) : null;
  const expected = (j.share + row.answer) % 10;
  if (!input || call!.side !== row.side || input.purpose !== jointPurpose(row.purpose) || input.roll !== expected) {
    throw refused(`${where} is not recorded as the two shares give it (${j.share} + ${row.answer} = ${expected}): refused`);
  }
}

/** Answers the other seat's open requests, each with a share of this seat's own. */
export function answerJointRolls(ctx: GameContext): number {
  const seat = requireSeat(ctx.db);
  let n = 0;
  for (const r of jointRolls(ctx.db).filter((x) => x.side !== seat.side && x.answer === null)) {
    const answer = randomInt(0, 10);
    statement(ctx.db, 'UPDATE seat_joint_rolls SET answer = ?, answer_signature = ? WHERE id = ?').run(answer, signText(localPrivateKey(ctx.db), answerText(seat.gameId, r, answer)), r.id);
    n += 1;
  }
  return n;
}

/** Records this seat's answered joint rolls in the log, as rolls of the die (signed like any change). */
export function completeJointRolls(ctx: GameContext): number {
  const seat = requireSeat(ctx.db);
  let n = 0;
  for (const r of jointRolls(ctx.db).filter((x) => x.side === seat.side && x.answer !== null && x.event_seq === null)) {
    const input = { purpose: jointPurpose(r.purpose), roll: (r.share! + r.answer!) % 10 };
    seatWrite(ctx, 'rollDie', input, (c) => SERVICE_FUNCTIONS.rollDie(c, input as Parameters<typeof SERVICE_FUNCTIONS.rollDie>[1]));
    statement(ctx.db, 'UPDATE seat_joint_rolls SET event_seq = ? WHERE id = ?').run(eventHead(ctx.db).seq, r.id);
    n += 1;
  }
  return n;
}
