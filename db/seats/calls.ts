/**
 * A seat's writes (RI-H09). In a two-seat game every change a seat makes goes through seatWrite:
 *
 * - out of turn, it is refused (rules/seats.ts says whose step it is), with nothing written;
 * - in a step of secret entries, the seat's own entries are held on its device: each is tried on the game
 *   as the seat's earlier held entries left it, inside a transaction always rolled back (so the service's
 *   checks and the app's rolls are those of a real write), and kept in seat_pending with its rolls. The
 *   call that finishes the side's entries commits to them: a SHA-256 over the calls and a 128-bit salt,
 *   signed, which the next packet carries. Nothing of the entries leaves the device before the reveal. An
 *   order change attempt that sends a message (the Messengers option) is held as its sealed form, and the seat's
 *   messages arriving in a turn are opened in the open as that turn's Orders Segment begins (RI-H12);
 * - once both seats have committed, USA's held entries are written into the shared log, then CSA's
 *   (revealIfDue): replayed with the same inputs, times and rolls, so what the commitment covers is what
 *   the log holds;
 * - every event a seat writes is signed with its Ed25519 key, with the call it came from, so the other seat
 *   can replay the call and get the same event, hash for hash (db/seats/packets.ts).
 */
import { GAME_CONTRACT, type GameFunction } from '../../contract';
import { seatMayWrite, seatToAct, type SeatStepFacts, type SeatWrite } from '../../rules/seats';
import type { DieRoll, Side } from '../../rules/types';
import { withReplaySalts } from '../dice';
import { MusterError, forbidden } from '../errors';
import { eventHead } from '../events';
import type { SqliteDatabase } from '../open';
import { inTransaction, type GameContext } from '../service/context';
import { SERVICE_FUNCTIONS } from '../service/index';
import { BOTH_DONE, sideBit } from '../service/secrets';
import { SECRET_TABLES } from '../secrets';
import { statement } from '../statements';
import { readClock, readTurnState } from '../store';
import { stepFacts } from './facts';
import { answerSealedOrders, applySealedOrders, refuseOtherSidesSealed, sealOrder, sealedSecrets } from './side-secrets';
import { commitmentSalt, signText } from './keys';
import { applySealedPlots, deploySealed, refuseOtherSidesPlots, sealPlot, sealedPlotSecrets } from './sealed-plots';
import { applySealedMessages, attemptDiceOf, messageSentBy, openArrivedMessages, sealMessage, sealedMessageSecrets } from './sealed-messages';
import { refuseWhileJointDiceOpen } from './joint-dice-store';
import { giveStandingWord } from './standing-word';
import { appRollsOf, callInputText, commitmentOf, commitmentSignedText, eventSignedText } from './signed';
import {
  clearHeldCalls,
  commitmentsOf,
  heldCalls,
  holdCall,
  insertCommitment,
  insertEventSeat,
  localPrivateKey,
  markPlayed,
  markRevealed,
  seatOf,
  type HeldCall,
  type SeatFile,
  type StepKey,
} from './store';

const SEATS_RULE = 'Rev. Sequence of Play';

/**
 * Changes of the seat's own local marks (how far its player has seen the game: db/service/since.ts), kept
 * outside the hash chain: no event, so nothing to sign, to hold as a secret entry or to send; and its standing word
 * on Alternative Arrival Area orders (db/seats/standing-word.ts), which gives its word through a write of its own.
 */
const LOCAL_TO_THE_SEAT = new Set<GameFunction>(['markSeen', 'setStandingWord']);

/** Entries Muster makes by itself at the seat, never asked for (db/seats/sealed-messages.ts). */
const SEALED_BY_MUSTER: ReadonlySet<string> = new Set(['sealOrderMessage', 'openOrderMessage']);

/** An event as the seat checks read it. */
export interface WrittenEvent {
  seq: number;
  hash: string;
  kind: string;
  secret_side: Side | null;
  payload: string;
  turn_id: string;
  segment: string;
  phase: string;
}

export function eventsAfter(db: SqliteDatabase, seq: number): WrittenEvent[] {
  return statement(db, 'SELECT seq, hash, kind, secret_side, payload, turn_id, segment, phase FROM events WHERE seq > ? ORDER BY seq').all(seq) as WrittenEvent[];
}

/** The step the game stands at. */
export function currentStep(db: SqliteDatabase): StepKey {
  const c = readClock(db);
  return { turnId: c.turn_id, segment: c.segment, phase: c.phase };
}

export { stepFacts };

/** The events of a side's word on an Alternative Arrival Area order (RI-H10): its order, sealed, or none. */
const ALTERNATIVE_WORD: ReadonlySet<string> = new Set(['reinforcement.alternative', 'reinforcement.sealed', 'reinforcement.no-order']);

/** The events of a side's word given at the same time as the other side's (RI-H10), held and committed to. */
export const WORD_ENTRY_KINDS: ReadonlySet<string> = ALTERNATIVE_WORD;

/**
 * Whether the step stands at the army commanders' words given at the same time (RI-H10): a word is then an entry
 * of its side, held on its seat until both have committed.
 */
export const wordsTogether = (facts: SeatStepFacts): boolean => !!facts.alternativeWords && seatToAct(facts).seat === 'both';

/**
 * What one event is, for rules/seats.ts: a side's secret entry (or its finishing of them), or public. While the
 * army commanders give their words at the same time (`together`), a word is its side's entry.
 */
export function writeOf(e: WrittenEvent, stage: 'held' | 'revealed', together = false): SeatWrite {
  if (e.secret_side) return { kind: 'entry', side: e.secret_side, stage };
  if (together && ALTERNATIVE_WORD.has(e.kind)) {
    const side = (JSON.parse(e.payload) as { input?: { side?: Side } }).input?.side;
    if (side === 'USA' || side === 'CSA') return { kind: 'entry', side, stage, word: true };
  }
  if (e.kind === 'entries.finished') {
    const side = (JSON.parse(e.payload) as { input?: { side?: Side } }).input?.side;
    if (side === 'USA' || side === 'CSA') return { kind: 'entry', side, stage };
  }
  return { kind: 'public', setup: e.kind.startsWith('setup.'), word: ALTERNATIVE_WORD.has(e.kind), opening: e.kind === 'orders.message-opened' };
}

/**
 * A side's secrets kept in their own tables (db/secrets.ts: Alternative Arrival orders, concealed plots,
 * messages on their way) are revealed on their own schedule, not at the end of a step, and a packet would carry
 * them to the other seat's file. Between two seats they are sealed instead: Alternative Arrival Area orders
 * (db/seats/side-secrets.ts, RI-H10), concealed plots (db/seats/sealed-plots.ts, RI-H11) and messages on their
 * way (db/seats/sealed-messages.ts, RI-H12); only the events that open them (and an opened order's group's
 * rolls) may change those tables. A secret written as at one laptop is refused.
 */
export function refuseSideSecrets(events: readonly WrittenEvent[], field = 'seat'): void {
  for (const e of events) {
    const tables = (JSON.parse(e.payload) as { changes?: { table: string }[] }).changes?.map((c) => c.table) ?? [];
    const secret = tables.find((t) => SECRET_TABLES.has(t) && (t !== 'alternative_arrivals' || e.kind === 'reinforcement.alternative') && (t !== 'concealment' || e.kind !== 'concealment.opened'));
    if (secret) throw forbidden(field, sideSecretRefusal(e, secret), SEATS_RULE);
  }
}

function sideSecretRefusal(e: WrittenEvent, table: string): string {
  if (table === 'alternative_arrivals') {
    return 'between two seats an Alternative Arrival Area order is sealed by its own seat (only its commitment is in the log until it is opened); one written into the log as at one laptop is refused';
  }
  if (e.kind === 'concealment') {
    return "between two seats a concealed command's plot is sealed by its own seat (only which side plotted, and a commitment, are in the log until the command deploys); one written into the log as at one laptop is refused";
  }
  if (e.kind === 'orders.attempt') {
    return 'between two seats a message on its way (the Messengers optional rule) is sealed by its own seat (only that the side sent one, and a commitment, are in the log until it arrives); one written into the log as at one laptop is refused';
  }
  return "a side's secret written into the log as at one laptop is refused between two seats: it would reach the other seat's file before the rules reveal it";
}

/** Refuses the events of a call the seat may not write now (nothing is written: the caller's transaction rolls back). */
export function refuseOutOfTurn(facts: SeatStepFacts, seat: Side, events: readonly WrittenEvent[], stage: 'held' | 'revealed', field = 'seat'): void {
  const together = wordsTogether(facts);
  for (const e of events) {
    const verdict = seatMayWrite(facts, seat, writeOf(e, stage, together));
    if (!verdict.ok) throw forbidden(field, verdict.reason, verdict.rule);
  }
}

/**
 * Writes one call Muster makes by itself at the seat (a sealed message opened as it arrives: RI-H12) into the
 * shared log: run with its time and rolls, checked against whose step it is, and signed. The caller's
 * transaction holds it with whatever it goes with.
 */
export function writeBySeat(ctx: GameContext, seat: SeatFile, call: HeldCall): void {
  const facts = stepFacts(ctx.db);
  const before = eventHead(ctx.db).seq;
  replayCall(ctx, call, null, 'seat');
  const events = eventsAfter(ctx.db, before);
  refuseOutOfTurn(facts, seat.side, events, 'revealed');
  signEvents(ctx.db, seat, call, events);
  markPlayed(ctx.db, eventHead(ctx.db).seq, call.at);
}

/** Signs the events of one call as the local seat's and records who wrote them. */
function signEvents(db: SqliteDatabase, seat: SeatFile, call: { fn: string; input: string; at: string }, events: readonly WrittenEvent[]): void {
  const key = localPrivateKey(db);
  events.forEach((e, index) => {
    const signature = signText(key, eventSignedText(seat.gameId, { seq: e.seq, hash: e.hash, side: seat.side, fn: call.fn, input: call.input, at: call.at, index }));
    insertEventSeat(db, { seq: e.seq, side: seat.side, call_fn: call.fn, call_input: call.input, call_at: call.at, call_index: index, signature });
  });
}

/**
 * Runs one game function again, as it was called: the same input, the same time, the app's rolls it made
 * and, for another seat's events, the salts they carry. Refused (nothing written, by the caller's
 * transaction) when the function is not a change, the input is not what the contract takes, or the rolls
 * do not fit it.
 */
export function replayCall(ctx: GameContext, call: HeldCall, salts: readonly string[] | null, field = 'packet'): void {
  const fn = call.fn as GameFunction;
  const contract = (GAME_CONTRACT as Record<string, { kind: string; input: { safeParse(v: unknown): { success: boolean; data?: unknown } } } | undefined>)[fn];
  const impl = (SERVICE_FUNCTIONS as Record<string, ((c: GameContext, i: unknown) => unknown) | undefined>)[fn];
  if (!contract || !impl || contract.kind !== 'write') throw new MusterError('INVALID_ARGUMENT', field, `"${call.fn}" is not a change to a game: it cannot be replayed`);
  let raw: unknown;
  try {
    raw = call.input === '' ? undefined : JSON.parse(call.input);
  } catch {
    throw new MusterError('INVALID_ARGUMENT', field, `the input of ${call.fn} is not readable`);
  }
  const parsed = contract.input.safeParse(raw);
  if (!parsed.success) throw new MusterError('INVALID_ARGUMENT', field, `the input of ${call.fn} is not what the game takes`);
  const rolls = [...call.rolls];
  const c: GameContext = {
    ...ctx,
    now: () => call.at,
    appDie: () => {
      const r = rolls.shift();
      if (r === undefined) throw new MusterError('INVALID_ARGUMENT', field, `${call.fn} asks for more rolls than were made for it`);
      return r as DieRoll;
    },
  };
  const run = () => impl(c, parsed.data);
  if (salts === null) run();
  else {
    try {
      withReplaySalts(salts, run);
    } catch (e) {
      if (e instanceof MusterError) throw e;
      throw new MusterError('INVALID_ARGUMENT', field, `${call.fn} does not replay to the events that were signed for it`);
    }
  }
  if (rolls.length > 0) throw new MusterError('INVALID_ARGUMENT', field, `${call.fn} made fewer rolls than were sent for it`);
}

/** Runs fn on the game inside a transaction that is always rolled back: nothing it writes stays. */
export function rolledBack<T>(db: SqliteDatabase, fn: () => T): T {
  const nested = db.inTransaction;
  db.exec(nested ? 'SAVEPOINT seat_trial' : 'BEGIN');
  try {
    return fn();
  } finally {
    db.exec(nested ? 'ROLLBACK TO seat_trial; RELEASE seat_trial' : 'ROLLBACK');
  }
}

/**
 * One change asked of a seat's file, through the game service (db/service.ts installs it around every
 * change of the contract). A file played at one laptop runs it as it is.
 */
export function seatWrite<T>(ctx: GameContext, fn: GameFunction, input: unknown, run: (ctx: GameContext) => T): T {
  const seat = seatOf(ctx.db);
  if (!seat || LOCAL_TO_THE_SEAT.has(fn)) return run(ctx);
  if (fn === 'undo' || fn === 'redo') {
    throw forbidden('seat', `in a game played from two seats an entry is taken back only by a correction: ${fn} would give the two files two histories`, SEATS_RULE);
  }
  if (SEALED_BY_MUSTER.has(fn)) throw forbidden('seat', 'Muster seals and opens the messages on their way by itself, with the order change attempt and as the message arrives', SEATS_RULE);
  const at = ctx.now();
  const call = { fn, input: callInputText(input), at };
  // While joint dice are asked for a change, that change is due and nothing else is written (db/seats/joint-dice.ts).
  refuseWhileJointDiceOpen(ctx, fn, call.input);
  const facts = stepFacts(ctx.db);
  refuseOtherSidesSealed(seat.side, fn, input);
  // RI-H10: an Alternative Arrival Area order is sealed on its seat (held, when both words are given at once).
  if (fn === 'orderAlternativeArrival') return sealOrder(ctx, seat, input, run) as T;
  if (seatToAct(facts).seat === 'both') return holdEntry(ctx, seat, facts, call, run);
  refuseOtherSidesPlots(seat.side, fn, input);
  // RI-H11: a concealed command's entries are sealed on their seat, and opened when it deploys.
  if (fn === 'concealCommand' || fn === 'plotConcealed') return sealPlot(ctx, seat, fn, input, run) as T;
  if (fn === 'deployConcealed') {
    const deployed = deploySealed(ctx, seat, input);
    if (deployed !== null) return deployed as T;
  }
  const written = inTransaction(ctx.db, () => {
    const before = eventHead(ctx.db).seq;
    const result = run({ ...ctx, now: () => at });
    const events = eventsAfter(ctx.db, before);
    refuseOutOfTurn(facts, seat.side, events, 'revealed');
    refuseSideSecrets(events);
    signEvents(ctx.db, seat, call, events);
    // The seat has played: what its log held was in front of its player ("Since you last played").
    markPlayed(ctx.db, eventHead(ctx.db).seq, at);
    // RI-H12: the clock moved into a turn in which this seat's messages arrive: they are opened with it, in the
    // same transaction, so no packet carries the one without the other.
    openArrivedMessages(ctx, at);
    return result;
  });
  answerSealedOrders(ctx);
  // RI-H13: the change made the seat's word due (its clock move): its standing word gives it.
  giveStandingWord(ctx);
  return written;
}

/** A secret entry of the seat's side, held on its device (see the file header); its finishing commits. */
function holdEntry<T>(ctx: GameContext, seat: SeatFile, facts: SeatStepFacts, call: { fn: string; input: string; at: string }, run: (ctx: GameContext) => T): T {
  const db = ctx.db;
  // RI-H12: the seat's messages arriving this turn are opened before its first entry of the Orders Segment, if
  // they were not as it began (this seat did not move the clock, and the packet that did was taken in before).
  openArrivedMessages(ctx, call.at);
  const before = heldCalls(db);
  const tried = rolledBack(db, () => {
    for (const h of before) replayCall(ctx, h, null, 'seat');
    applySealedMessages(db, sealedMessageSecrets(db));
    const head = eventHead(db).seq;
    const rolls: number[] = [];
    const result = run({
      ...ctx,
      now: () => call.at,
      appDie: () => {
        const r = ctx.appDie();
        rolls.push(r);
        return r;
      },
    });
    const events = eventsAfter(db, head);
    refuseOutOfTurn(facts, seat.side, events, 'held');
    // An attempt that sends a message is sealed in its place (db/seats/sealed-messages.ts); any other secret is refused.
    const message = messageSentBy(db, events);
    if (!message) refuseSideSecrets(events);
    const logged = events.flatMap((e) => appRollsOf(db, e.seq));
    if (JSON.stringify(logged) !== JSON.stringify(rolls)) throw new Error(`${call.fn} rolled a die it did not log`);
    const dice = message ? events.flatMap((e) => attemptDiceOf(db, e.seq)) : [];
    // RI-H10: a word given at the same time as the other side's is all the side enters: it commits at once.
    const word = wordsTogether(facts) && events.some((e) => ALTERNATIVE_WORD.has(e.kind));
    const finished = word || (readTurnState(db).entries_done & sideBit(seat.side)) !== 0;
    return { result, rolls, finished, message, dice, summary: (result as { event?: { summary?: string } } | undefined)?.event?.summary ?? '' };
  });
  let holding: HeldCall = { ...call, rolls: tried.rolls };
  let keep: (() => void) | null = null;
  if (tried.message) {
    const sealed = sealMessage(db, seat, call, tried.message, tried.summary, tried.dice[0]);
    // The sealed entry is tried too: the reveal replays it.
    rolledBack(db, () => {
      for (const h of before) replayCall(ctx, h, null, 'seat');
      replayCall(ctx, sealed.call, null, 'seat');
    });
    holding = sealed.call;
    keep = sealed.keep;
  }
  inTransaction(db, () => {
    keep?.();
    holdCall(db, holding);
    markPlayed(db, eventHead(db).seq, call.at);
    if (tried.finished) commit(ctx, seat);
  });
  if (tried.finished) revealIfDue(ctx);
  return tried.result;
}

/** The seat has finished its entries of the step: its commitment to them, signed, kept for the next packet. */
function commit(ctx: GameContext, seat: SeatFile): void {
  const step = currentStep(ctx.db);
  const salt = commitmentSalt();
  const commitment = commitmentOf(seat.gameId, seat.side, step, heldCalls(ctx.db), salt);
  const signature = signText(localPrivateKey(ctx.db), commitmentSignedText(seat.gameId, seat.side, step, commitment));
  insertCommitment(ctx.db, { turn_id: step.turnId, segment: step.segment, phase: step.phase, side: seat.side, commitment, signature, salt, revealed: 0 });
}

/**
 * Reveals the seat's held entries into the shared log when it is its turn: both seats have committed, and
 * for CSA, USA's are revealed. Each is replayed with its input, time and rolls, signed, and the held
 * entries are gone. Does nothing otherwise.
 */
export function revealIfDue(ctx: GameContext): boolean {
  const seat = seatOf(ctx.db);
  if (!seat) return false;
  const facts = stepFacts(ctx.db);
  const held = heldCalls(ctx.db);
  if (held.length === 0) return false;
  if (!seatMayWrite(facts, seat.side, { kind: 'entry', side: seat.side, stage: 'revealed', ...(wordsTogether(facts) ? { word: true } : {}) }).ok) return false;
  const step = currentStep(ctx.db);
  const own = commitmentsOf(ctx.db, step).find((c) => c.side === seat.side);
  if (!own || own.salt === null) throw new Error('held entries without their commitment');
  inTransaction(ctx.db, () => {
    for (const h of held) {
      const before = eventHead(ctx.db).seq;
      replayCall(ctx, h, null, 'seat');
      const events = eventsAfter(ctx.db, before);
      refuseOutOfTurn(facts, seat.side, events, 'revealed');
      signEvents(ctx.db, seat, h, events);
    }
    markRevealed(ctx.db, own, own.salt!);
    clearHeldCalls(ctx.db);
  });
  return true;
}

/**
 * A query the local seat asks as its own side, while it holds entries: answered from the game with its
 * held entries applied (in a transaction always rolled back), so its screens show what it has entered.
 * Any other query runs as it is.
 */
export function seatQuery<T>(ctx: GameContext, viewer: string | undefined, run: (ctx: GameContext) => T): T {
  const seat = seatOf(ctx.db);
  if (!seat || viewer !== seat.side || ctx.db.readonly || ctx.db.inTransaction) return run(ctx);
  const held = heldCalls(ctx.db);
  const sealed = sealedSecrets(ctx.db);
  const plots = sealedPlotSecrets(ctx.db);
  const messages = sealedMessageSecrets(ctx.db);
  if (held.length === 0 && sealed.length === 0 && plots.length === 0 && messages.length === 0) return run(ctx);
  return rolledBack(ctx.db, () => {
    for (const h of held) replayCall(ctx, h, null, 'seat');
    applySealedOrders(ctx.db, sealed);
    applySealedPlots(ctx.db, plots);
    applySealedMessages(ctx.db, messages);
    return run(ctx);
  });
}

/** Whether both sides' entries of the current step are in the shared log. */
export function bothRevealed(db: SqliteDatabase): boolean {
  return readTurnState(db).entries_done === BOTH_DONE;
}
