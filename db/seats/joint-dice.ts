/**
 * Dice rolled jointly by both seats inside a change (RI-H09), while both are live. The seat whose step it is
 * asks for the dice of one change: it names the change whole (the game function and its input) and where it
 * goes in the log (the event it follows), draws its share (128 random bits) and sends only a commitment to
 * it (SHA-256), signed. The other seat's Muster answers when the request reaches it, with a share of its own,
 * signed, drawn without seeing the first. The asking seat's Muster then writes the change at once, every die
 * it rolls read from both shares (db/seats/joint-dice-store.ts jointDiceStream) and recorded as rolled
 * jointly ('joint'); its packet carries the change and reveals its share. The other seat replays the change
 * with the same dice and takes it only if it is the change asked for, at the place asked for, with exactly
 * the dice both shares give, using a request it answered, once.
 *
 * Why the asking seat cannot throw a result away: it has named the change before it sees anything of the
 * dice, and from the request on nothing else may be written at either seat until that change is (every
 * write is refused: joint-dice-store.ts refuseWhileJointDiceOpen; and the other seat refuses a packet whose
 * next event is anything else, or a second request while one is open). A seat that sees the answer and
 * never sends the change stalls the game; it cannot play on without it. A change the service refuses with
 * those very dice is closed as refused instead, by the asking seat's Muster and checked by the other's
 * (joint-dice-refused.ts): the dice are used, in the open, and play goes on.
 */
import { randomBytes } from 'node:crypto';
import { GAME_CONTRACT, type AskJointDiceInput, type GameFunction, type JointDiceRequest, type JointDiceState } from '../../contract';
import type { PacketEvent, PacketJointDice } from '../../contract/seats';
import { seatMayWrite, seatToAct } from '../../rules/seats';
import { describeStep } from '../../rules/sequence';
import type { Side } from '../../rules/types';
import { MusterError, forbidden, invalid, refusedInput } from '../errors';
import { eventHead } from '../events';
import type { SqliteDatabase } from '../open';
import { inTransaction, type GameContext } from '../service/context';
import type { SeatCalls } from '../service/game-context';
import { SERVICE_FUNCTIONS } from '../service/index';
import { numberingFor } from '../service/numbering';
import { statement } from '../statements';
import { eventsAfter, refuseOutOfTurn, refuseSideSecrets, seatWrite, stepFacts } from './calls';
import { signText, signatureHolds } from './keys';
import { callInputText } from './signed';
import { closeRefusedJointDice, closedAsRefused, refuseAskedAgain, refusedWords } from './joint-dice-refused';
import { mayWithdraw, withdrawJointDice, withdrawalNote, withdrawnRequest, withdrawnWords, WITHDRAWN_KIND } from './joint-dice-withdrawn';
import { refuseOtherSidesSealed } from './side-secrets';
import { refuseOtherSidesPlots } from './sealed-plots';
import {
  CLOSE_REFUSED,
  closesRequest,
  insertJointDice,
  jointAnswerText,
  jointDiceOf,
  jointDiceOfChange,
  jointDiceRows,
  jointDiceStream,
  jointDiceWords,
  jointRequestText,
  jointSeedCommitment,
  openJointDice,
  recordJointAnswer,
  recordJointSeed,
  recordJointUse,
  requestView,
  WITHDRAW,
  withdrawsRequest,
  type JointDiceRow,
} from './joint-dice-store';
import { localPrivateKey, otherSide, peerHead, publicKeyOf, seatOf, type SeatFile } from './store';
import { setStandingWord, standingWordState } from './standing-word';

const RULE = 'Rev. Sequence of Play';
const NO_HEAD = '0'.repeat(64);
/** Changes that are not asked jointly: the seats' own call, and what a two-seat game refuses anyway. */
const NOT_JOINT = new Set<string>(['askJointDice', 'undo', 'redo']);

type AnyImpl = (ctx: GameContext, input: unknown) => unknown;
type AnyContract = { kind: string; summary: string; input: { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: Parameters<typeof refusedInput>[0] } } };

/** Whether this seat may ask for joint dice now, and why not. */
function mayAsk(db: SqliteDatabase, seat: SeatFile): { allowed: true } | { allowed: false; reason: string; rule?: string } {
  if (publicKeyOf(db, otherSide(seat.side)) === null) return { allowed: false, reason: `the ${otherSide(seat.side)} seat has not joined yet: nobody can answer joint dice` };
  const open = openJointDice(db);
  if (open) return { allowed: false, reason: jointDiceWords(open, seat.side), rule: RULE };
  const facts = stepFacts(db);
  const toAct = seatToAct(facts);
  if (toAct.seat === 'both') {
    return { allowed: false, reason: `in ${describeStep(facts.step).label} both seats make secret entries at once: their dice stay on each seat until it commits to its entries (joint dice are for a step one seat carries out)`, rule: toAct.rule };
  }
  const verdict = seatMayWrite(facts, seat.side, { kind: 'public', setup: false });
  return verdict.ok ? { allowed: true } : { allowed: false, reason: verdict.reason, rule: verdict.rule };
}

/** Runs fn inside a savepoint always rolled back: nothing it writes stays. */
function rolledBack<T>(db: SqliteDatabase, fn: () => T): T {
  db.exec('SAVEPOINT joint_dice_trial');
  try {
    return fn();
  } finally {
    db.exec('ROLLBACK TO joint_dice_trial; RELEASE joint_dice_trial');
  }
}

/** The seat whose step it is asks for the joint dice of one change (see the file header). */
function askJointDice(ctx: GameContext, input: AskJointDiceInput): JointDiceRequest {
  const seat = seatOf(ctx.db);
  if (!seat) throw invalid('fn', 'this game is played at one laptop: joint dice need two seats, each on its own file');
  const verdict = mayAsk(ctx.db, seat);
  if (!verdict.allowed) throw forbidden('fn', verdict.reason, verdict.rule ?? RULE);
  const contract = (GAME_CONTRACT as unknown as Record<string, AnyContract | undefined>)[input.fn];
  const impl = (SERVICE_FUNCTIONS as unknown as Record<string, AnyImpl | undefined>)[input.fn];
  if (!contract || !impl || contract.kind !== 'write' || NOT_JOINT.has(input.fn)) throw invalid('fn', `"${input.fn}" is not a change to the game whose dice can be rolled jointly`);
  const parsed = contract.input.safeParse(input.input);
  if (!parsed.success) throw refusedInput(parsed.error, 'input');
  refuseAskedAgain(ctx.db, input.fn, callInputText(parsed.data));
  // Tried first, rolled back: a change the service, or the seat's write (db/seats/calls.ts seatWrite), would refuse
  // is refused now, before any share is drawn. Once asked, nothing is written before it, so when the answer comes
  // only its dice can make it refused (or something no trial can foresee: joint-dice-refused.ts closes it then).
  refuseOtherSidesSealed(seat.side, input.fn, parsed.data, 'input');
  refuseOtherSidesPlots(seat.side, input.fn, parsed.data, 'input');
  let drawn = 0;
  const facts = stepFacts(ctx.db);
  const before = eventHead(ctx.db).seq;
  rolledBack(ctx.db, () => {
    impl(
      {
        ...ctx,
        jointDie: () => {
          drawn += 1;
          return ctx.appDie();
        },
      },
      parsed.data,
    );
    const written = eventsAfter(ctx.db, before);
    refuseOutOfTurn(facts, seat.side, written, 'revealed', 'input');
    refuseSideSecrets(written, 'input');
  });
  if (drawn === 0) throw invalid('input', `${input.fn} rolls no die with this input (its dice are typed from the table): there is nothing to roll jointly`);
  const given = (parsed.data as { purpose?: unknown } | undefined)?.purpose;
  const purpose = input.purpose ?? (input.fn === 'rollDie' && typeof given === 'string' ? given : contract.summary.split(/[:;(]/)[0]!.slice(0, 120));
  const head = eventHead(ctx.db);
  const seed = randomBytes(16).toString('hex');
  const id = randomBytes(8).toString('hex');
  const row: JointDiceRow = {
    id,
    side: seat.side,
    call_fn: input.fn,
    call_input: callInputText(parsed.data),
    purpose,
    head_seq: head.seq,
    head_hash: head.hash ?? NO_HEAD,
    commitment: jointSeedCommitment(seat.gameId, { id, side: seat.side }, seed),
    signature: '',
    seed,
    answer: null,
    answer_signature: null,
    event_seq: null,
  };
  row.signature = signText(localPrivateKey(ctx.db), jointRequestText(seat.gameId, row));
  insertJointDice(ctx.db, row);
  return requestOf(ctx.db, row, seat.side);
}

/** A request as the contract shows it, with the dice its change rolled once it is written. */
function requestOf(db: SqliteDatabase, r: JointDiceRow, local: Side): JointDiceRequest {
  const dice = r.event_seq === null ? [] : jointDiceOfChange(db, r.event_seq);
  const numbering = numberingFor(db, undefined);
  const refused = closedAsRefused(db, r);
  const withdrawn = !refused && withdrawnRequest(db, r);
  return requestView(r, {
    status: r.event_seq !== null ? (refused ? 'refused' : withdrawn ? 'withdrawn' : 'used') : r.answer !== null ? 'answered' : 'waiting',
    eventSeq: r.event_seq === null ? null : numbering.event(r.event_seq),
    rolls: dice.map((d) => d.roll),
    diceSeqs: dice.map((d) => numbering.roll(d.seq)),
    words: refused ? refusedWords(r, dice.length) : withdrawn ? withdrawnWords(r, local) : jointDiceWords(r, local),
  });
}

/** Joint dice in this file, for the screens (contract jointDice, and the turn state's offers). */
function jointDiceState(ctx: GameContext): JointDiceState {
  const seat = seatOf(ctx.db);
  if (!seat) {
    const oneLaptop = { allowed: false, reason: 'this game is played at one laptop: joint dice need two seats' };
    return { twoSeat: false, seat: null, live: false, mayAsk: oneLaptop, open: null, mayWithdraw: oneLaptop, lastUsed: null, arrived: null, arrivedEarlier: [] };
  }
  const rows = jointDiceRows(ctx.db);
  const open = rows.find((r) => r.event_seq === null);
  const used = rows.filter((r) => r.side === seat.side && r.event_seq !== null);
  const lastUsed = used.at(-1);
  const waiting = arrivedDice(ctx.db, used);
  return {
    twoSeat: true,
    seat: seat.side,
    live: publicKeyOf(ctx.db, otherSide(seat.side)) !== null,
    mayAsk: mayAsk(ctx.db, seat),
    open: open ? requestOf(ctx.db, open, seat.side) : null,
    mayWithdraw: mayWithdraw(ctx.db, seat),
    lastUsed: lastUsed ? requestOf(ctx.db, lastUsed, seat.side) : null,
    arrived: waiting.length > 0 ? requestOf(ctx.db, waiting.at(-1)!, seat.side) : null,
    arrivedEarlier: waiting.slice(0, -1).map((r) => requestOf(ctx.db, r, seat.side)),
  };
}

/** The combat a rollDie's die was asked for (its assistant and units, which of its dice left out), as text; null for any other change. */
function combatOf(r: JointDiceRow): string | null {
  if (r.call_fn !== 'rollDie') return null;
  const f = (JSON.parse(r.call_input) as { for?: { assistant: string; units: string[]; against?: string[] } }).for;
  return f ? JSON.stringify([f.assistant, f.units, f.against ?? []]) : null;
}

/**
 * This seat's dice rolled jointly that wait for their combat, oldest first: the latest used request if it is
 * an arrived die (arrivedUnused), and before it the seat's dice asked for the same combat with nothing else
 * this seat wrote between them (the artillery friendly-fire die, then the fire die: RI-K19).
 */
function arrivedDice(db: SqliteDatabase, used: readonly JointDiceRow[]): JointDiceRow[] {
  const last = used.at(-1);
  if (!last || !arrivedUnused(db, last)) return [];
  const combat = combatOf(last);
  const waiting = [last];
  for (let i = used.length - 2; i >= 0 && combat !== null; i -= 1) {
    const r = used[i]!;
    const next = waiting[0]!;
    if (combatOf(r) !== combat) break;
    const between = statement(db, 'SELECT 1 FROM event_seats WHERE side = ? AND call_index = 0 AND seq > ? AND seq < ? LIMIT 1').get(r.side, r.event_seq, next.event_seq);
    if (between !== undefined) break;
    waiting.unshift(r);
  }
  return waiting;
}

/**
 * A die rolled jointly for a change still to come (a rollDie: a combat names it later by its seq, RI-K18)
 * waits for that change while its seat has written nothing since: the seat's next change is the combat
 * that names it, or something else that leaves it behind (a die belongs to the roll it was asked for).
 */
function arrivedUnused(db: SqliteDatabase, r: JointDiceRow): boolean {
  // A request withdrawn or closed as refused rolled no die that waits (its event is the closing, not a roll).
  if (r.call_fn !== 'rollDie' || r.event_seq === null || withdrawnRequest(db, r) || closedAsRefused(db, r)) return false;
  return statement(db, 'SELECT 1 FROM event_seats WHERE side = ? AND call_index = 0 AND seq > ? LIMIT 1').get(r.side, r.event_seq) === undefined;
}

/** What the facade gives every game context (GameContext.seatCalls). */
export const SEAT_CALLS: SeatCalls = { askJointDice, jointDiceState, closeRefusedJointDice, withdrawJointDice, historyNote, standingWordState, setStandingWord };

/** What History adds to a joint-dice entry from this file (a withdrawal the other seat had answered: joint-dice-withdrawn.ts). */
function historyNote(ctx: GameContext, seq: number, kind: string): string | null {
  const seat = seatOf(ctx.db);
  return seat && kind === WITHDRAWN_KIND ? withdrawalNote(ctx.db, seat.gameId, seat.side, seq) : null;
}

// -------------------------------------------------------------------------------------------
// Packets

/**
 * The requests a packet carries: this seat's (its share revealed once the change is written, or the request
 * closed) and its answers to the other's; and always its answers to the other's requests withdrawn after it had
 * answered, so that the asking seat's file holds them too, and its History shows the dice (joint-dice-withdrawn.ts).
 */
export function jointDiceForPacket(db: SqliteDatabase, seat: SeatFile): PacketJointDice[] {
  const known = peerHead(db).seq;
  return jointDiceRows(db)
    .filter((r) => r.event_seq === null || r.event_seq > known || (r.side !== seat.side && r.answer !== null && withdrawnRequest(db, r)))
    .map((r) => {
      const mine = r.side === seat.side;
      return {
        id: r.id,
        side: r.side,
        fn: r.call_fn,
        input: r.call_input,
        purpose: r.purpose,
        headSeq: r.head_seq,
        headHash: r.head_hash,
        commitment: r.commitment,
        signature: r.signature,
        seed: mine && r.event_seq !== null ? r.seed : null,
        answer: mine ? null : r.answer,
        answerSignature: mine ? null : r.answer_signature,
      };
    });
}

function refused(message: string): MusterError {
  return new MusterError('INVALID_ARGUMENT', 'packet', message);
}

const rowOf = (j: PacketJointDice): JointDiceRow => ({
  id: j.id,
  side: j.side,
  call_fn: j.fn,
  call_input: j.input,
  purpose: j.purpose,
  head_seq: j.headSeq,
  head_hash: j.headHash,
  commitment: j.commitment,
  signature: j.signature,
  seed: null,
  answer: null,
  answer_signature: null,
  event_seq: null,
});

/**
 * A packet's requests, before its events (inside its transaction): the other seat's requests (one open at a
 * time, each signed), their shares once revealed (each the one committed to), and its answers to this seat's.
 * Returns how many changed, and the requests new to this file (their place in the log is checked after the
 * packet's events: joint-dice.ts checkNewRequests).
 */
export function takeJointDice(ctx: GameContext, seat: SeatFile, from: Side, list: readonly PacketJointDice[]): { changed: number; fresh: PacketJointDice[] } {
  const key = publicKeyOf(ctx.db, from)!;
  const fresh: PacketJointDice[] = [];
  let changed = 0;
  for (const j of list) {
    const held = jointDiceRows(ctx.db).find((r) => r.id === j.id);
    if (j.side === from) {
      const row = rowOf(j);
      if (!signatureHolds(key, jointRequestText(seat.gameId, row), j.signature)) throw refused(`the joint dice for ${j.purpose} are not asked for by the ${from} seat: refused`);
      if (held && jointRequestText(seat.gameId, held) !== jointRequestText(seat.gameId, row)) throw refused(`the joint dice for ${j.purpose} are not the ones the ${from} seat asked for before`);
      if (!held) {
        // One open at a time is checked after the packet's events (checkNewRequests): the change, closing or
        // withdrawal of the request open here may come in this very packet, before the new one.
        insertJointDice(ctx.db, row);
        fresh.push(j);
        changed += 1;
      }
      if (j.seed !== null && (held?.seed ?? null) === null) {
        if (jointSeedCommitment(seat.gameId, j, j.seed) !== j.commitment) throw refused(`the ${from} seat's share of the joint dice for ${j.purpose} is not the one it committed to before seeing this seat's answer`);
        recordJointSeed(ctx.db, j.id, j.seed);
        changed += 1;
      }
    } else {
      if (!held) throw refused(`the answer to joint dice this seat never asked for (${j.purpose})`);
      if (j.answer === null || j.answerSignature === null) continue;
      if (!signatureHolds(key, jointAnswerText(seat.gameId, held, j.answer), j.answerSignature)) throw refused(`the answer to the joint dice for ${held.purpose} is not the ${from} seat's: refused`);
      if (held.answer !== null) {
        if (held.answer !== j.answer) throw refused(`the ${from} seat's answer to the joint dice for ${held.purpose} is not the one it gave before`);
        continue;
      }
      recordJointAnswer(ctx.db, j.id, j.answer, j.answerSignature);
      changed += 1;
    }
  }
  return { changed, fresh };
}

/**
 * After the packet's events: a new request comes only once every earlier one is closed (its change written, or
 * closed as refused, or withdrawn), and follows the end of this file's log (one history, the change next).
 */
export function checkNewRequests(ctx: GameContext, from: Side, fresh: readonly PacketJointDice[]): void {
  const head = eventHead(ctx.db);
  const [first, later] = jointDiceRows(ctx.db).filter((r) => r.event_seq === null);
  if (first && later) {
    throw refused(`the ${from} seat asks for new joint dice (${later.purpose}) while the joint dice for ${first.purpose} are still open${first.answer !== null ? ', answered and not used' : ''}: it may be trying to roll again`);
  }
  for (const j of fresh) {
    const used = jointDiceRows(ctx.db).find((r) => r.id === j.id)?.event_seq ?? null;
    if (used === null && (j.headSeq !== head.seq || j.headHash !== (head.hash ?? NO_HEAD))) {
      throw refused(`the ${from} seat asks for joint dice for ${j.purpose} after event #${j.headSeq}, but this file's log ends at #${head.seq}${j.headSeq <= head.seq ? ' with another event' : ''}: the two files are not in step`);
    }
  }
}

/**
 * One change of the other seat, before it is replayed: if a request of that seat is open at this place in
 * the log, the change must be the one asked for, answered by this seat, written with the dice both shares
 * give; and joint dice anywhere else are refused. Returns the context to replay it with (the joint dice in
 * it) and what to record once it replayed, or null for a change with nothing joint about it.
 */
export function jointReplay(ctx: GameContext, seat: SeatFile, call: readonly PacketEvent[]): { ctx: GameContext; used: () => void } | null {
  const first = call[0]!;
  const joint = call.flatMap((e) => e.dice.filter((d) => d.source === 'joint').map((d) => d.roll));
  const open = openJointDice(ctx.db);
  const due = open && open.side === first.side && open.head_seq === first.seq - 1 ? open : undefined;
  if (!due) {
    if (first.fn === WITHDRAW || first.fn === CLOSE_REFUSED) {
      throw refused(`the ${first.side} seat's event #${first.seq} closes joint dice that are not its own open request at that place in the log: only the seat that asked closes or withdraws its request, where its change was due`);
    }
    if (joint.length > 0) throw refused(`the ${first.side} seat's event #${first.seq} has dice it says were rolled jointly, but no joint dice of this game were asked for it, or they were used already: refused`);
    return null;
  }
  const where = `the ${due.side} seat asked for joint dice for ${due.purpose}`;
  // Or the request closed because the change is refused with those dice: its replay runs the change again with
  // them (joint-dice-refused.ts), and this seat refuses the packet if the change is not refused here.
  // Or its withdrawal, before the answer reached the asking seat (joint-dice-withdrawn.ts): no die, its share
  // revealed; taken even if this seat had answered (History flags it then: the two cannot be told apart).
  if (withdrawsRequest(due, first.fn, first.input)) {
    if (call.some((e) => e.dice.length > 0)) throw refused(`${where} and withdrew the request (event #${first.seq}) with dice: a withdrawal rolls nothing`);
    if (due.seed === null) throw refused(`${where} and withdrew the request (event #${first.seq}) without revealing its share of the dice`);
    return { ctx, used: () => recordJointUse(ctx.db, due.id, first.seq) };
  }
  const closing = closesRequest(due, first.fn, first.input);
  if (!closing && (first.fn !== due.call_fn || first.input !== due.call_input)) {
    throw refused(`${where}, then wrote something else in the place of that change (event #${first.seq}, ${first.fn}): a change whose dice were asked for cannot be dropped or changed once asked`);
  }
  // A closing may have no die: the change was refused before any of its dice was drawn (joint-dice-refused.ts).
  if ((joint.length === 0 && !closing) || call.some((e) => e.dice.some((d) => d.source === 'app'))) throw refused(`${where}, but event #${first.seq} was written with the app's dice, not the joint ones`);
  const what = closing ? 'closed the change as refused with its dice' : 'wrote the change';
  if (due.answer === null) throw refused(`${where} and ${what} (event #${first.seq}) before this seat answered: its dice are not joint`);
  if (due.seed === null) throw refused(`${where} and ${what} (event #${first.seq}) without revealing its share of the dice`);
  const expected = jointDiceOf(seat.gameId, due, joint.length);
  joint.forEach((value, k) => {
    if (value !== expected[k]) throw refused(`joint die ${k + 1} of event #${first.seq} (${due.purpose}) is ${value}, but the two seats' shares give ${expected[k]}: refused`);
  });
  return { ctx: { ...ctx, jointDie: jointDiceStream(seat.gameId, due.id, due.seed, due.answer) }, used: () => recordJointUse(ctx.db, due.id, first.seq) };
}

/** Answers the other seat's open request with a share of this seat's own, signed. */
export function answerJointDice(ctx: GameContext): number {
  const seat = seatOf(ctx.db);
  if (!seat) return 0;
  let n = 0;
  for (const r of jointDiceRows(ctx.db).filter((x) => x.side !== seat.side && x.answer === null && x.event_seq === null)) {
    const answer = randomBytes(16).toString('hex');
    recordJointAnswer(ctx.db, r.id, answer, signText(localPrivateKey(ctx.db), jointAnswerText(seat.gameId, r, answer)));
    n += 1;
  }
  return n;
}

/**
 * Writes this seat's change whose joint dice were answered, at once: the change asked for, with the dice
 * both shares give, signed like any change. A change the service refuses now (it was tried when asked, so
 * only a refusal that hangs on the dice themselves) is closed as refused with those dice instead, signed
 * like any change (joint-dice-refused.ts): the log shows the dice and the refusal, and play goes on. One
 * refused before any of its dice is drawn (by something no trial foresaw) is closed the same way, with no die.
 */
export function completeJointDice(ctx: GameContext): number {
  const seat = seatOf(ctx.db);
  if (!seat) return 0;
  let n = 0;
  for (const r of jointDiceRows(ctx.db).filter((x) => x.side === seat.side && x.answer !== null && x.event_seq === null && x.seed !== null)) {
    const contract = (GAME_CONTRACT as unknown as Record<string, AnyContract | undefined>)[r.call_fn];
    const impl = (SERVICE_FUNCTIONS as unknown as Record<string, AnyImpl | undefined>)[r.call_fn];
    const parsed = contract?.input.safeParse(r.call_input === '' ? undefined : JSON.parse(r.call_input));
    const jointCtx: GameContext = { ...ctx, jointDie: jointDiceStream(seat.gameId, r.id, r.seed!, r.answer!) };
    try {
      // A change this Muster no longer takes is refused before any die: closed as refused below, not left open.
      if (!impl || !parsed?.success) throw invalid('input', `the change the joint dice for ${r.purpose} were asked for is not one this Muster takes`);
      inTransaction(ctx.db, () => {
        const at = eventHead(ctx.db).seq;
        seatWrite(jointCtx, r.call_fn as GameFunction, parsed.data, (c) => impl(c, parsed.data));
        recordJointUse(ctx.db, r.id, at + 1);
      });
      n += 1;
    } catch (e) {
      if (!(e instanceof MusterError)) throw e;
      try {
        const close = { id: r.id };
        seatWrite(ctx, 'closeRefusedJointDice', close, (c) => closeRefusedJointDice(c, close));
        n += 1;
      } catch (closing) {
        // The closing is refused only when the change would be written after all (not here: it was just refused)
        // or the file takes no change (damaged, read-only): the request stays open, and opening the file says why.
        if (!(closing instanceof MusterError)) throw closing;
      }
    }
  }
  return n;
}
