/**
 * The game context every service function takes (the open game file and the clock for timestamps), and
 * the ONE write path: a change's state, its event and its die rolls are written in one transaction.
 * die() gives each roll: typed in from the table, or drawn by the app.
 */
import type { DieRoll, Side } from '../../rules/types';
import { drawAppRoll, type NewDiceRow } from '../dice';
import { MusterError } from '../errors';
import { ChangeSet, recordEvent } from '../events';
import { assertWritable, type SqliteDatabase } from '../open';
import type { DiceRecord, EventKind, GameServiceApi, HistoryEntry, KitRecord, PlayerCharts } from '../../contract';
import { readClock, readGame, readTurnState, type GameRow } from '../store';
import { secretsRecorded, secretStep, sideBit } from './secrets';
import { RULE } from './common';
import { demoralizationCrossings } from './optional-demoralization';

/** An open game: what every service function reads and writes through. */
export interface GameContext {
  readonly db: SqliteDatabase;
  readonly file: string;
  readonly schemaVersion: number;
  /** Wall time for events and rolls (tests fix it). */
  readonly now: () => string;
  /** What the opening checks found damaged (db/integrity.ts); a damaged game is open read-only. */
  readonly damage: readonly string[];
  /**
   * The player's charts, kept per user outside the game (the shell passes its charts file; none in the
   * CLI and in tests that do not give one): the group's kit the assistants compute results from.
   */
  readonly charts?: (() => PlayerCharts) | undefined;
}

/** Refuses any change to a game whose file was opened read-only because it is damaged (RI-V03). */
export function assertUndamaged(ctx: GameContext): void {
  if (ctx.damage.length > 0) {
    throw new MusterError('CORRUPT', 'file', `this game file is damaged (${ctx.damage[0]}), so it is open read-only: nothing can be recorded in it; run verify to see what is damaged`);
  }
}

/** The implementation of one method of the contract: the context, then the method's one argument (if any). */
export type ServiceFunction<K extends keyof GameServiceApi> = (ctx: GameContext, input: Parameters<GameServiceApi[K]>[0]) => ReturnType<GameServiceApi[K]>;

/** One implementation per method of the contract (contract/index.ts GameServiceApi). */
export type ServiceFunctions = { [K in keyof GameServiceApi]: ServiceFunction<K> };

/** One die roll and where it came from. */
export interface Roll {
  roll: DieRoll;
  source: 'app' | 'table';
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
}

/**
 * The write path: one transaction per change, event and state together. Refused once the game has ended,
 * and for setup edits once it has started; a throw inside build() writes nothing.
 */
export function write<T>(
  ctx: GameContext,
  kind: EventKind,
  input: unknown,
  build: (cs: ChangeSet, game: GameRow) => Draft<T>,
  opts: { setup?: boolean; correction?: boolean } = {},
): T & { event: HistoryEntry; dice: DiceRecord[] } {
  // A game file opened read-only (its permissions, a read-only folder) refuses every change in words,
  // and so does one opened read-only because it is damaged.
  assertWritable(ctx.db);
  assertUndamaged(ctx);
  return inTransaction(ctx.db, () => {
    const game = readGame(ctx.db);
    if (game.ended) throw new MusterError('GAME_ENDED', 'game', 'the game has ended; nothing more can be recorded (undo the end of the game to continue)');
    if (opts.setup && game.started) {
      throw new MusterError('GAME_STARTED', 'game', 'setup values can only be edited before the first turn is played', RULE.sequence);
    }
    const cs = new ChangeSet();
    const draft = build(cs, game);
    // Optional Demoralization (RI-O31): a loss that crosses a threshold raises the level in this same event.
    const crossings = demoralizationCrossings(ctx.db, cs);
    if (crossings.length > 0) draft.summary = `${draft.summary}; ${crossings.join('; ')}`;
    const secretSide = draft.entry && !opts.setup ? secretEntryOf(ctx, draft.entry) : null;
    // RI-S01: the first change that is not a setup edit starts the game; a counter correction (RI-H04) does not.
    if (!opts.setup && !opts.correction && game.started === 0) cs.set('game', 1, 'started', 0, 1);
    const recorded = recordEvent(ctx.db, { kind, summary: draft.summary, input, changes: cs, subjects: draft.subjects, dice: draft.dice, secretSide, computed: draft.computed }, ctx.now(), game.head_seq);
    return { ...draft.result, event: recorded.entry, dice: recorded.dice };
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
  if ((readTurnState(ctx.db).entries_done & sideBit(entry.side)) !== 0) {
    throw new MusterError('RULES_FORBID', entry.field, `${entry.side} has finished its entries in ${step.label} (${step.entries}); nothing more may be entered for it now (undo ${entry.side}'s finish to add more)`, step.rule);
  }
  return entry.side;
}

/** The die for one roll: typed in from the table, or drawn by the app (inside the change's transaction). */
export function die(ctx: GameContext, typed: DieRoll | undefined): Roll {
  return typed === undefined ? { roll: drawAppRoll(ctx.db), source: 'app' } : { roll: typed, source: 'table' };
}
