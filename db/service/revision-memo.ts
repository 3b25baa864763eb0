/**
 * Answers kept per state of the game file: a query asked again before anything changed (the turn bar and
 * the Turn screen both ask for the turn state after every change; the page's opening frame and the
 * Roster both ask for the roster sheet) is answered from the last time, not worked out again.
 *
 * A state is named by its revision: the rows this connection has changed so far (SQLite's
 * total_changes(), which every write moves, kept or rolled back) and SQLite's data version (which a write
 * by any other connection would move: none can while Muster holds the file's lock). Equal revisions,
 * equal state tables, with one exception: inside a transaction (a write under way, or a query answered as
 * one side sees the game, db/service/secrets.ts asSeenBy, which takes hidden entries out and rolls back)
 * the tables are not the file's, so nothing is kept or answered from memory there.
 */
import { randomBytes } from 'node:crypto';
import { statement } from '../statements';
import type { GameContext } from './context';

/**
 * A name for each connection, so that a revision handed to a screen (the roster sheet's) never names a state
 * of another connection: the same file opened again starts counting its changes from nothing.
 */
const connectionNames = new WeakMap<GameContext['db'], string>();

function connectionName(db: GameContext['db']): string {
  let name = connectionNames.get(db);
  if (name === undefined) {
    name = randomBytes(6).toString('hex');
    connectionNames.set(db, name);
  }
  return name;
}

/** Where the file stands (see above), on this connection. */
export function revisionOf(ctx: GameContext): string {
  const r = statement(ctx.db, 'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version').get() as { changes: number; version: number };
  return `${connectionName(ctx.db)}:${r.changes}:${r.version}`;
}

/**
 * `query` answered once per state of the file, connection and input: the same question asked again before
 * anything changed is answered from memory. The input is part of the question (a turn state asked as USA
 * numbers the dice log as USA may see it, RI-H07), so answers to different inputs are kept apart. Its answer
 * must depend on the file's state tables and the input only (not on the machine's clock), and its callers
 * must not change it (the contract's callers get a copy; in-process callers read it).
 */
export function perRevision<I, T>(query: (ctx: GameContext, input: I) => T): KeptQuery<I, T> {
  const kept = new WeakMap<GameContext['db'], { revision: string; answers: Map<string, T> }>();
  const answer = (ctx: GameContext, input: I): T => {
    if (ctx.db.inTransaction) return query(ctx, input);
    const revision = revisionOf(ctx);
    let now = kept.get(ctx.db);
    if (now?.revision !== revision) {
      now = { revision, answers: new Map() };
      kept.set(ctx.db, now);
    }
    const key = JSON.stringify(input ?? null);
    if (now.answers.has(key)) return now.answers.get(key)!;
    const made = query(ctx, input);
    now.answers.set(key, made);
    return made;
  };
  const asked = (ctx: GameContext, input: I): boolean => !ctx.db.inTransaction && kept.get(ctx.db)?.revision === revisionOf(ctx) && kept.get(ctx.db)!.answers.has(JSON.stringify(input ?? null));
  return Object.assign(answer, { asked });
}

/** A query answered once per state of the file (perRevision), which also says whether it was asked in the state the file is in. */
export type KeptQuery<I, T> = ((ctx: GameContext, input: I) => T) & {
  /** True when `input` was asked in the file's present state (and so its answer is kept): a screen holds it. */
  asked(ctx: GameContext, input: I): boolean;
};
