/**
 * The beginning of the Activation Segment, where the turn's public chores are done before anyone
 * activates (RI-B01, RI-B02, RI-B04): reinforcements arrive, groups roll for entry, the rain is rolled
 * for. Until the first activation or pass of III.A these may be made; the first activation or pass waits
 * until every roll due this turn has been made.
 */
import { forbidden } from '../errors';
import { ACTIVATION_SEGMENT } from '../clock';
import { readClock, readGame, readTurnState, steadyValue } from '../store';
import type { GameContext } from './context';
import { arrivalRollsDue } from './arrival-checks';
import { rainRollDue } from './weather';
import { activationBegunByModule } from './rule-seam';
import { sealedOrdersWaiting } from './sealed-orders';
import { alternativeWordsOwed } from './alternative-word';

/** The words of the word awaited from the side without the Initiative (RI-H10). */
export const alternativeWordText = (side: string) => `the ${side} seat says whether its army commander sends a group to an Alternative Arrival Area (its order, or no order this turn)`;

const VARIABLE_ARRIVAL = 'Rev. Variable Arrival of Reinforcements';

/** The turn's arrival and weather rolls may still be made: before III.A's first activation or pass. */
export function startOfActivationOpen(ctx: GameContext): boolean {
  const clock = readClock(ctx.db);
  if (clock.segment === 'I' || clock.segment === 'II') return true;
  if (clock.segment !== ACTIVATION_SEGMENT || clock.phase !== 'A') return false;
  const t = readTurnState(ctx.db);
  // A rule module may end it too (card-draw activation: the first card drawn, RI-O40).
  return t.activations === 0 && t.passes_in_row === 0 && !activationBegunByModule(ctx);
}

/** The first activation or pass of III.A has not happened yet (the beginning of the Activation Segment itself). */
export function atStartOfActivation(ctx: GameContext): boolean {
  const clock = readClock(ctx.db);
  return clock.segment === ACTIVATION_SEGMENT && clock.phase === 'A' && startOfActivationOpen(ctx);
}

export function requireStartOfActivationOpen(ctx: GameContext, field: string, what: string, rule: string): void {
  if (!startOfActivationOpen(ctx)) {
    const clock = readClock(ctx.db);
    throw forbidden(field, `${what} is made by the beginning of the Activation Segment, before its first activation or pass; the game is at ${clock.segment}.${clock.phase} (it comes again next turn)`, rule);
  }
}

/**
 * The last answer of dueBeforeActivation per open game, with the event log position it was computed at.
 * It lives for one synchronous run only (dropped on the next microtask): the turn state's many checks
 * share it, and no answer can outlive a transaction that was rolled back.
 */
const dueCache = new WeakMap<GameContext['db'], { at: string; due: { text: string; rule: string }[] }>();

/**
 * What must be rolled before the Activation Segment's first activation or pass, in words. The turn state
 * asks it once per command it lists (db/service/legal.ts), so the answer is kept while nothing changes.
 */
export function dueBeforeActivation(ctx: GameContext): { text: string; rule: string }[] {
  const game = readGame(ctx.db);
  const at = `${game.head_seq}/${game.redo_seq}`;
  const cached = dueCache.get(ctx.db);
  if (cached && cached.at === at) return cached.due;
  const due = arrivalRollsDue(ctx).map((name) => ({ text: `roll for the arrival of ${name}`, rule: VARIABLE_ARRIVAL }));
  if (rainRollDue(ctx, game)) due.push({ text: 'roll to end the rain', rule: 'Rev. Rain' });
  // RI-H10: two seats: a side's seat says whether its sealed Alternative Arrival Area orders are opened.
  for (const side of sealedOrdersWaiting(ctx.db)) due.push({ text: `the ${side} seat says whether its sealed Alternative Arrival Area orders are opened`, rule: 'Rev. Alternative Arrival Areas' });
  // RI-H10: and the army commanders' words on ordering one (both at once, or the side without the Initiative's first).
  for (const side of alternativeWordsOwed(ctx.db)) due.push({ text: alternativeWordText(side), rule: 'Rev. Alternative Arrival Areas' });
  dueCache.set(ctx.db, { at, due });
  queueMicrotask(() => dueCache.delete(ctx.db));
  return due;
}

/** RI-B02: the first activation or pass of the Activation Segment waits for the turn's arrival and rain rolls. */
export function requireStartOfActivationDone(ctx: GameContext, field: string): void {
  // Asked of every command by the turn state: worked out once per query (store.ts steadyValue).
  const due = steadyValue(ctx.db, 'due-before-activation', () => (atStartOfActivation(ctx) ? dueBeforeActivation(ctx) : []));
  if (due.length > 0) {
    throw forbidden(field, `first ${due.map((d) => d.text).join('; ')} (the beginning of the Activation Segment)`, due[0]!.rule);
  }
}
