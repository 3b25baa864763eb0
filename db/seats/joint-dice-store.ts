/**
 * Joint dice inside a change (db/seats/joint-dice.ts), as the file holds them (table seat_joint_dice,
 * db/migrations/0018-joint-dice.ts); the texts the seats sign and commit to (never changed: a new format
 * gets a new tag); the dice the two shares give; and the one refusal every write of a seat meets while a
 * request is open. Imports nothing of the service, so db/seats/calls.ts can use it.
 */
import { hash as digest } from 'node:crypto';
import type { JointDiceRequest } from '../../contract';
import type { DieRoll, Side } from '../../rules/types';
import { forbidden } from '../errors';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import type { GameContext } from '../service/game-context';
import { otherSide, seatOf } from './store';

/** One request for the joint dice of a change. */
export interface JointDiceRow {
  id: string;
  side: Side;
  call_fn: string;
  call_input: string;
  purpose: string;
  /** The log's end the change follows: it is written as the next event, #head_seq + 1. */
  head_seq: number;
  head_hash: string;
  commitment: string;
  signature: string;
  /** The asking seat's share (128 bits, hex): its own at once, the other seat's once revealed with the change. */
  seed: string | null;
  /** The answering seat's share (128 bits, hex), signed. */
  answer: string | null;
  answer_signature: string | null;
  /** The event that used the dice, once written. */
  event_seq: number | null;
}

const hasTable = new WeakMap<SqliteDatabase, boolean>();

/** Every request of the file, oldest first (none in a file of an earlier schema). */
export function jointDiceRows(db: SqliteDatabase): JointDiceRow[] {
  let has = hasTable.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_joint_dice'").get() as { n: number }).n === 1;
    hasTable.set(db, has);
  }
  return has ? (statement(db, 'SELECT * FROM seat_joint_dice ORDER BY rowid').all() as JointDiceRow[]) : [];
}

/** The request still open (asked, its change not yet written), of either seat; at most one at a time. */
export function openJointDice(db: SqliteDatabase): JointDiceRow | undefined {
  return jointDiceRows(db).find((r) => r.event_seq === null);
}

export function insertJointDice(db: SqliteDatabase, row: JointDiceRow): void {
  statement(
    db,
    `INSERT INTO seat_joint_dice (id, side, call_fn, call_input, purpose, head_seq, head_hash, commitment, signature, seed, answer, answer_signature, event_seq)
     VALUES (@id, @side, @call_fn, @call_input, @purpose, @head_seq, @head_hash, @commitment, @signature, @seed, @answer, @answer_signature, @event_seq)`,
  ).run(row);
}

export function recordJointAnswer(db: SqliteDatabase, id: string, answer: string, signature: string): void {
  statement(db, 'UPDATE seat_joint_dice SET answer = ?, answer_signature = ? WHERE id = ?').run(answer, signature, id);
}

export function recordJointSeed(db: SqliteDatabase, id: string, seed: string): void {
  statement(db, 'UPDATE seat_joint_dice SET seed = ? WHERE id = ?').run(seed, id);
}

export function recordJointUse(db: SqliteDatabase, id: string, eventSeq: number): void {
  statement(db, 'UPDATE seat_joint_dice SET event_seq = ? WHERE id = ?').run(eventSeq, id);
}

const sha256 = (text: string): string => digest('sha256', text);

/** The asking seat's commitment to its share: SHA-256 over the request's id and seat and the 128-bit share. */
export const jointSeedCommitment = (gameId: string, r: { id: string; side: Side }, seed: string): string => sha256(`muster/seat-joint-dice-share/1\n${gameId}\n${r.id}\n${r.side}\n${seed}`);

/** The text the asking seat signs: the change named whole, where it goes in the log, and the commitment. */
export const jointRequestText = (gameId: string, r: Pick<JointDiceRow, 'id' | 'side' | 'call_fn' | 'call_input' | 'purpose' | 'head_seq' | 'head_hash' | 'commitment'>): string =>
  `muster/seat-joint-dice/1\n${gameId}\n${r.id}\n${r.side}\n${r.call_fn}\n${r.purpose}\n${r.head_seq}\n${r.head_hash}\n${r.commitment}\n${r.call_input}`;

/** The text the answering seat signs: its share, for that request and that commitment. */
export const jointAnswerText = (gameId: string, r: Pick<JointDiceRow, 'id' | 'side' | 'commitment'>, answer: string): string =>
  `muster/seat-joint-dice-answer/1\n${gameId}\n${r.id}\n${otherSide(r.side)}\n${answer}\n${r.commitment}`;

/**
 * The dice the two shares give, in order: die i is read from SHA-256 over the game, the request and both
 * shares, one byte at a time, a byte of 250 or more passed over (so each of 0-9 is as likely). Neither
 * share alone says anything of them.
 */
export function jointDiceStream(gameId: string, id: string, seed: string, answer: string): () => DieRoll {
  let i = 0;
  return () => {
    for (let again = 0; ; again += 1) {
      const bytes = Buffer.from(sha256(`muster/seat-joint-die/1\n${gameId}\n${id}\n${seed}\n${answer}\n${i}\n${again}`), 'hex');
      const byte = bytes.find((b) => b < 250);
      if (byte !== undefined) {
        i += 1;
        return (byte % 10) as DieRoll;
      }
    }
  };
}

/** The first n dice of a request. */
export function jointDiceOf(gameId: string, r: Pick<JointDiceRow, 'id' | 'seed' | 'answer'>, n: number): DieRoll[] {
  const next = jointDiceStream(gameId, r.id, r.seed!, r.answer!);
  return Array.from({ length: n }, () => next());
}

/** The request in words, for the players. */
export function jointDiceWords(r: Pick<JointDiceRow, 'side' | 'purpose' | 'answer' | 'event_seq'>, localSide: Side): string {
  if (r.event_seq !== null) return `The dice for ${r.purpose} were rolled jointly by both seats`;
  if (r.answer !== null) return `Both seats' shares of the dice for ${r.purpose} are in: it is recorded by the ${r.side} seat${r.side === localSide ? ' now' : ', and comes with its next packet'}`;
  return r.side === localSide
    ? `Waiting for the ${otherSide(r.side)} seat's share of the dice for ${r.purpose}: its Muster answers when this seat's packet reaches it`
    : `The ${r.side} seat asks for joint dice for ${r.purpose}: this seat's share goes with its next packet`;
}

/** The game function that closes a request whose change the service refuses with its joint dice (joint-dice-refused.ts). */
export const CLOSE_REFUSED = 'closeRefusedJointDice';

/** The id a closing call names, read from its input text ('' when it names none). */
export function closedIdOf(inputText: string): string {
  try {
    const id = (JSON.parse(inputText) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}

/** Whether a seat's call is the closing of that request as refused with its dice. */
export const closesRequest = (r: Pick<JointDiceRow, 'id'>, fn: string, inputText: string): boolean => fn === CLOSE_REFUSED && closedIdOf(inputText) === r.id;

/** The game function by which the asking seat withdraws its request before the answer reaches it (joint-dice-withdrawn.ts). */
export const WITHDRAW = 'withdrawJointDice';

/** Whether a seat's call is the withdrawal of that request. */
export const withdrawsRequest = (r: Pick<JointDiceRow, 'id'>, fn: string, inputText: string): boolean => fn === WITHDRAW && closedIdOf(inputText) === r.id;

/**
 * Every write of a seat while a request is open (asked, its change not yet written) is refused: the change
 * the dice were asked for is due, and nothing may come before it. Only that change itself, written with the
 * joint dice, passes, and the asking seat's closing of it if the service refuses that change with those dice
 * (joint-dice-refused.ts), and its withdrawal by the asking seat while no answer is here (joint-dice-withdrawn.ts).
 * Nothing of this in a game played at one laptop.
 */
export function refuseWhileJointDiceOpen(ctx: GameContext, fn: string, inputText: string): void {
  const seat = seatOf(ctx.db);
  const open = seat ? openJointDice(ctx.db) : undefined;
  if (!seat || !open) return;
  if (ctx.jointDie && open.side === seat.side && open.call_fn === fn && open.call_input === inputText) return;
  if (open.side === seat.side && open.answer !== null && closesRequest(open, fn, inputText)) return;
  // Or its withdrawal by the asking seat, which the service allows only while the other seat's share has not
  // reached it, and refuses in its own words once it has (joint-dice-withdrawn.ts).
  if (open.side === seat.side && withdrawsRequest(open, fn, inputText)) return;
  throw forbidden(
    'seat',
    `the dice for ${open.purpose} are being rolled jointly (asked by the ${open.side} seat${open.answer === null ? `, waiting for the ${otherSide(open.side)} seat's share` : ''}): that change is due, and nothing else is recorded before it`,
    'Rev. Sequence of Play',
  );
}

/** The joint dice of the change whose first event is `at`: those of its events, up to the next change's first. */
export function jointDiceOfChange(db: SqliteDatabase, at: number): { seq: number; roll: number }[] {
  return statement(
    db,
    "SELECT seq, roll FROM dice_log WHERE source = 'joint' AND event_seq >= @at AND event_seq < coalesce((SELECT min(seq) FROM event_seats WHERE seq > @at AND call_index = 0), (SELECT max(seq) FROM events) + 1) ORDER BY seq",
  ).all({ at }) as { seq: number; roll: number }[];
}

/**
 * What `verify` finds wrong with a two-seat file's joint dice: each request signed by its seat, each answer
 * by the other, each revealed share the one committed to; each used request's change the one asked for, its
 * joint dice exactly those both shares give; and no die said to be joint that no request gave.
 */
export function jointDiceProblems(db: SqliteDatabase, gameId: string, keys: Readonly<Record<Side, string | null>>, verifies: (key: string, text: string, signature: string) => boolean): { count: number; problems: string[] } {
  const problems: string[] = [];
  const rows = jointDiceRows(db);
  const claimed = new Set<number>();
  for (const r of rows) {
    const what = `the joint dice for ${r.purpose}`;
    const asker = keys[r.side];
    const answerer = keys[otherSide(r.side)];
    if (asker === null || !verifies(asker, jointRequestText(gameId, r), r.signature)) problems.push(`${what} are not asked for by the ${r.side} seat`);
    if (r.answer !== null && (answerer === null || r.answer_signature === null || !verifies(answerer, jointAnswerText(gameId, r, r.answer), r.answer_signature))) problems.push(`the answer to ${what} is not the ${otherSide(r.side)} seat's`);
    if (r.seed !== null && jointSeedCommitment(gameId, r, r.seed) !== r.commitment) problems.push(`the ${r.side} seat's share of ${what} is not the one it committed to`);
    if (r.event_seq === null) continue;
    const call = statement(db, 'SELECT side, call_fn, call_input FROM event_seats WHERE seq = ? AND call_index = 0').get(r.event_seq) as { side: Side; call_fn: string; call_input: string } | undefined;
    const asked = call !== undefined && call.call_fn === r.call_fn && call.call_input === r.call_input;
    const withdrawn = call !== undefined && withdrawsRequest(r, call.call_fn, call.call_input);
    // Or its closing, the change refused with those dice (joint-dice-refused.ts: the other seat replayed the refusal),
    // or its withdrawal before the answer reached the asking seat (joint-dice-withdrawn.ts), with no die.
    if (!call || call.side !== r.side || !(asked || withdrawn || closesRequest(r, call.call_fn, call.call_input))) problems.push(`event ${r.event_seq} is not the change ${what} were asked for`);
    const dice = jointDiceOfChange(db, r.event_seq);
    for (const d of dice) claimed.add(d.seq);
    if (withdrawn) {
      if (dice.length > 0) problems.push(`${what} were withdrawn (event ${r.event_seq}), yet dice are said to be rolled jointly with the withdrawal`);
      continue;
    }
    const expected = r.seed !== null && r.answer !== null ? jointDiceOf(gameId, r, dice.length) : null;
    if (expected === null || dice.some((d, k) => d.roll !== expected[k])) problems.push(`${what} (event ${r.event_seq}) are not the dice both seats' shares give`);
  }
  const joint = statement(db, "SELECT seq FROM dice_log WHERE source = 'joint' ORDER BY seq").all() as { seq: number }[];
  for (const d of joint) if (!claimed.has(d.seq)) problems.push(`roll ${d.seq} is said to be rolled jointly, but no joint dice of this game gave it`);
  return { count: rows.length, problems };
}

/** A request as the screens show it: what its row says, with where it stands (its status, event, dice and words). */
export function requestView(r: JointDiceRow, standing: Pick<JointDiceRequest, 'status' | 'eventSeq' | 'rolls' | 'diceSeqs' | 'words'>): JointDiceRequest {
  return { id: r.id, side: r.side, fn: r.call_fn, input: r.call_input === '' ? undefined : (JSON.parse(r.call_input) as unknown), purpose: r.purpose, ...standing };
}
