/**
 * The game context every service function takes (the open game file and the clock for timestamps), and
 * the ONE write path: a change's state, its event and its die rolls are written in one transaction.
 * die() gives each roll: typed in from the table, or drawn by the app.
 */
import type { DieRoll, Side } from '../../rules/types';
import type { NewDiceRow } from '../dice';
import { MusterError } from '../errors';
import { ChangeSet, recordEvent } from '../events';
import { assertWritable, type SqliteDatabase } from '../open';
import type { DiceRecord, EventKind, HistoryEntry, KitRecord, StatusLadderStep } from '../../contract';
import { readClock, readTurnState, readWriteGate } from '../store';
import { secretsRecorded, secretStep, sideBit } from './secrets';
import { numberedEntry, numberedRoll, numberingFor } from './numbering';
import { withWriter, writersOf } from '../seats/store';
import { RULE } from './common';
import type { GameContext } from './game-context';
import { writePathNotes } from './rule-seam';

export type { GameContext, ServiceFunction, ServiceFunctions } from './game-context';

/** Refuses any change to a game whose file was opened read-only because it is damaged (RI-V03). */
export function assertUndamaged(ctx: GameContext): void {
  if (ctx.damage.length > 0) {
    throw new MusterError('CORRUPT', 'file', `this game file is damaged (${ctx.damage[0]}), so it is open read-only: nothing can be recorded in it; run verify to see what is damaged`);
  }
}

/** One die roll and where it came from. */
export interface Roll {
  roll: DieRoll;
  source: 'app' | 'table' | 'joint';
}

/** What a change builds inside the write path's transaction: its summary, subjects, dice and result. */
export interface Draft<T> {
  summary: string;
  subjects?: string[];
  dice?: Omit<NewDiceRow, 'eventSeq'>[];
  result: T;
  /**
   * The side making this entry and the input field that names it, for the kinds of entry a step of secret
   * entries holds (orders, pre-rolls, declarations): in such a step the event becomes that side's hidden
   * entry, and it is refused once the side has finished its entries there (RI-H01).
   */
  entry?: { side: Side; field: string };
  /** A result computed from the group's kit: its fingerprint and the cells read, kept in the event (RI-K25). */
  computed?: KitRecord | undefined;
  /** Card-draw's status ladder: the hits of this change that took the next worse state, kept in the event (RI-O14). */
  statusLadder?: StatusLadderStep[] | undefined;
}

/**
 * The write path: one transaction per change, event and state together. Refused once the game has ended,
 * and for setup edits once it has started; a throw inside build() writes nothing.
 */
export function write<T>(
  ctx: GameContext,
  kind: EventKind,
  input: unknown,
  build: (cs: ChangeSet) => Draft<T>,
  opts: { setup?: boolean; correction?: boolean } = {},
): T & { event: HistoryEntry; dice: DiceRecord[] } {
  // A game file opened read-only (its permissions, a read-only folder) refuses every change in words,
  // and so does one opened read-only because it is damaged.
  assertUndamaged(ctx);
  assertWritable(ctx.db);
  return inTransaction(ctx.db, () => {
    const game = readWriteGate(ctx.db);
    if (game.ended) throw new MusterError('GAME_ENDED', 'game', 'the game has ended; nothing more can be recorded (undo the end of the game to continue)');
    if (opts.setup && game.started) {
      throw new MusterError('GAME_STARTED', 'game', 'setup values can only be edited before the first turn is played', RULE.sequence);
    }
    const cs = new ChangeSet();
    const draft = build(cs);
    // The rule modules' checks on every change (Demoralization, RI-O31: a loss that crosses a threshold
    // raises the level in this same event), each in the same change set and so in the same event.
    const notes = writePathNotes(ctx.db, cs);
    if (notes.length > 0) draft.summary = `${draft.summary}; ${notes.join('; ')}`;
    const secretSide = draft.entry && !opts.setup ? secretEntryOf(ctx, draft.entry) : null;
    // RI-S01: the first change that is not a setup edit starts the game; a counter correction (RI-H04) does not.
    if (!opts.setup && !opts.correction && game.started === 0) cs.set('game', 1, 'started', 0, 1);
    const recorded = recordEvent(ctx.db, { kind, summary: draft.summary, input, changes: cs, subjects: draft.subjects, dice: draft.dice, secretSide, computed: draft.computed, statusLadder: draft.statusLadder }, ctx.now(), game);
    // Numbered as its own side sees the log for a secret entry, else as nobody in particular does (RI-H07).
    const n = numberingFor(ctx.db, secretSide ?? undefined);
    const seat = writersOf(ctx.db, [recorded.entry.seq])(recorded.entry.seq);
    return { ...draft.result, event: numberedEntry(withWriter(recorded.entry, seat), n), dice: recorded.dice.map((d) => numberedRoll(d, n)) };
  });
}

/** One transaction runner per connection (better-sqlite3 builds a wrapper per db.transaction() call). */
const runners = new WeakMap<SqliteDatabase, (fn: () => unknown) => unknown>();

/** Runs fn in a transaction of the connection (a savepoint inside an open one): all of it or none. */
export function inTransaction<R>(db: SqliteDatabase, fn: () => R): R {
  let run = runners.get(db);
  if (!run) {
    run = db.transaction((f: () => unknown) => f());
    runners.set(db, run);
  }
  return run(fn) as R;
}

/**
 * In a step of secret entries an entry is its side's hidden entry, refused once that side has finished
 * its entries of the step (RI-H01); elsewhere it is public (null).
 */
function secretEntryOf(ctx: GameContext, entry: { side: Side; field: string }): Side | null {
  const step = secretStep(readClock(ctx.db));
  if (!step || !secretsRecorded(ctx.db)) return null;
  refuseFinishedEntries(ctx, entry.side, entry.field);
  return entry.side;
}

/**
 * RI-H08: an entry for a side that has finished its secret entries of the step is refused first, before
 * anything about the entry is checked, in words that name only the side and the step: whoever asks learns
 * nothing of that side's hidden entries (an order already given, an attempt that failed, a pre-roll made or
 * not, a unit's night plot), since the refusal is the same whatever they are. Elsewhere it does nothing.
 */
export function refuseFinishedEntries(ctx: GameContext, side: Side, field: string): void {
  const step = secretStep(readClock(ctx.db));
  if (!step || !secretsRecorded(ctx.db)) return;
  if ((readTurnState(ctx.db).entries_done & sideBit(side)) !== 0) {
    throw new MusterError('RULES_FORBID', field, `${side} has finished its entries in ${step.label} (${step.entries}); nothing more may be entered for it now (undo ${side}'s finish to add more)`, step.rule);
  }
}

/**
 * The die for one roll: typed in from the table, or drawn by the app (nothing of it is stored but the roll);
 * in a change a two-seat game writes with dice rolled jointly by both seats, the next of those.
 */
export function die(ctx: GameContext, typed: DieRoll | undefined): Roll {
  if (typed !== undefined) return { roll: typed, source: 'table' };
  return ctx.jointDie ? { roll: ctx.jointDie(), source: 'joint' } : { roll: ctx.appDie(), source: 'app' };
}
