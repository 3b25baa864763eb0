/**
 * A side's secrets revealed on their own schedule, between two seats (RI-H10). At one laptop an army
 * commander's Alternative Arrival Area order is written into the file at once and hidden by the queries; a
 * packet would carry it to the other seat's file. Between two seats the order is sealed instead:
 *
 * - either side orders at every beginning of the Activation Segment, in its word (db/service/alternative-word.ts):
 *   both at the same time when both army commanders could order, each held on its seat and committed to until
 *   both are (the side without the Initiative's revealed first), else the side without the Initiative's first,
 *   alone, or the Initiative player in his step;
 * - the ordering seat tries the order through the service's own checks (in a transaction always rolled back),
 *   keeps it in its own file (seat_side_secrets, with a 128-bit salt), and writes into the shared log only
 *   sealAlternativeArrival: the army commander's points spent, and a SHA-256 over the side, the turn, the
 *   group, the area and the salt. Nothing of the group or the area leaves the device;
 * - at the beginning of each Activation Segment while it holds a sealed order, its seat has the word first
 *   (rules/seats.ts): it opens each order whose group would now roll or enter by its schedule
 *   (openAlternativeArrival: the order and its salt, which the service checks against the commitment, so the
 *   other seat replaying it refuses an order that is not the one sealed, naming the side and the order), and
 *   says the others stay sealed (keepAlternativeArrivalsSealed). Muster does this by itself, as soon as the
 *   seat's file reaches that point (after its own write, or a packet received);
 * - the seat's own queries see its sealed orders as if written (applied in a transaction always rolled back),
 *   so its screens show where its groups were sent, as at one laptop.
 *
 * Concealed plots and messages on their way are sealed the same way (db/seats/sealed-plots.ts, RI-H11;
 * db/seats/sealed-messages.ts, RI-H12).
 */
import type { OrderAlternativeArrivalInput } from '../../contract';
import { sealedOrderOpensBy } from '../../rules/reinforcements';
import { seatToAct } from '../../rules/seats';
import { forbidden, MusterError } from '../errors';
import { eventHead } from '../events';
import type { SqliteDatabase } from '../open';
import { inTransaction, type GameContext } from '../service/context';
import { SERVICE_FUNCTIONS } from '../service/index';
import { sealedOrderCommitment, sealedOrdersWaiting } from '../service/sealed-orders';
import { atStartOfActivation } from '../service/turn-start';
import { statement } from '../statements';
import { readClock, readGroup } from '../store';
import { eventsAfter, refuseOutOfTurn, rolledBack, seatWrite, stepFacts } from './calls';
import { commitmentSalt } from './keys';
import { endStandingWordByOrder } from './standing-word';
import { seatOf, type SeatFile } from './store';

const ALTERNATIVE_RULE = 'Rev. Alternative Arrival Areas';

/** One order the local seat sealed, as its own file keeps it. */
export interface SideSecretRow {
  commitment: string;
  side: 'USA' | 'CSA';
  kind: 'alternative-arrival';
  turn_id: string;
  input: string;
  salt: string;
  opened: number;
}

const hasTable = new WeakMap<SqliteDatabase, boolean>();

/** The local seat's orders still sealed (none in a file of an earlier schema, or played at one laptop). */
export function sealedSecrets(db: SqliteDatabase): SideSecretRow[] {
  let has = hasTable.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_side_secrets'").get() as { n: number }).n === 1;
    hasTable.set(db, has);
  }
  if (!has) return [];
  // The table also keeps the seat's sealed concealed plots (db/seats/sealed-plots.ts, their own kind).
  return statement(db, "SELECT * FROM seat_side_secrets WHERE opened = 0 AND kind = 'alternative-arrival' ORDER BY rowid").all() as SideSecretRow[];
}

const orderOf = (s: SideSecretRow) => JSON.parse(s.input) as OrderAlternativeArrivalInput;

/**
 * The seat's Alternative Arrival Area order (orderAlternativeArrival in a two-seat game): tried as the
 * service would take it, kept on the seat, and sealed into the log. Refused in words when the seat may not
 * write now, or orders for the other side.
 */
export function sealOrder(ctx: GameContext, seat: SeatFile, input: unknown, run: (ctx: GameContext) => unknown): unknown {
  const order = input as OrderAlternativeArrivalInput;
  if (order.side !== seat.side) throw forbidden('side', `the ${seat.side} seat orders only ${seat.side}'s Alternative Arrival Areas; ${order.side}'s are ordered at the ${order.side} seat`, ALTERNATIVE_RULE);
  if (sealedSecrets(ctx.db).some((s) => orderOf(s).groupId === order.groupId)) throw forbidden('groupId', 'this group already has an Alternative Arrival order, which stands', ALTERNATIVE_RULE);
  const facts = stepFacts(ctx.db);
  // RI-H10: when both army commanders give their word at the same time, the order is held on the seat until both have.
  const stage = seatToAct(facts).seat === 'both' ? 'held' : 'revealed';
  rolledBack(ctx.db, () => {
    const before = eventHead(ctx.db).seq;
    run(ctx);
    try {
      refuseOutOfTurn(facts, seat.side, eventsAfter(ctx.db, before), stage, 'side');
    } catch (e) {
      if (e instanceof MusterError) throw forbidden('side', `between two seats an Alternative Arrival Area order is sealed by its own seat at the beginning of the Activation Segment, when that is its step (the word of the side without the Initiative, first, or the Initiative player's step): ${e.reason}`, ALTERNATIVE_RULE);
      throw e;
    }
  });
  const salt = commitmentSalt();
  const turnId = readClock(ctx.db).turn_id;
  const commitment = sealedOrderCommitment({ side: order.side, turnId, groupId: order.groupId, entryArea: order.entryArea, salt });
  const seal = { side: order.side, commitment };
  const result = inTransaction(ctx.db, () => {
    statement(ctx.db, 'INSERT INTO seat_side_secrets (commitment, side, kind, turn_id, input, salt) VALUES (?, ?, ?, ?, ?, ?)').run(commitment, order.side, 'alternative-arrival', turnId, JSON.stringify(order), salt);
    // RI-H13: the seat's own order ends its standing word of no order.
    endStandingWordByOrder(ctx.db, order.side, turnId);
    return seatWrite(ctx, 'sealAlternativeArrival', seal, (c) => SERVICE_FUNCTIONS.sealAlternativeArrival(c, seal));
  });
  answerSealedOrders(ctx);
  return result;
}

/** The calls of a sealed order's life: each is its own side's seat's alone. */
const SEALED_CALLS: ReadonlySet<string> = new Set(['sealAlternativeArrival', 'openAlternativeArrival', 'keepAlternativeArrivalsSealed']);

/**
 * Refuses a call on a side's sealed orders made by the other side's seat (at the seat, and in a packet): only
 * the seat that sealed an order holds it, so only it may open it or keep it sealed.
 */
export function refuseOtherSidesSealed(seat: 'USA' | 'CSA', fn: string, input: unknown, field = 'side'): void {
  if (!SEALED_CALLS.has(fn)) return;
  const side = (input as { side?: unknown } | null)?.side;
  if (side !== seat) throw forbidden(field, `${String(side)}'s sealed Alternative Arrival Area orders are sealed, opened and kept by the ${String(side)} seat only, not the ${seat} seat`, ALTERNATIVE_RULE);
}

let answering = false;

/**
 * When the seat has the word for its sealed orders (the beginning of an Activation Segment, rules/seats.ts):
 * opens each whose group would now roll or enter by its schedule, and keeps the others sealed. Returns
 * whether it wrote anything.
 */
export function answerSealedOrders(ctx: GameContext): boolean {
  const seat = seatOf(ctx.db);
  if (!seat || answering || ctx.db.readonly) return false;
  if (!atStartOfActivation(ctx) || sealedOrdersWaiting(ctx.db)[0] !== seat.side || seatToAct(stepFacts(ctx.db)).seat !== seat.side) return false;
  answering = true;
  try {
    inTransaction(ctx.db, () => {
      const now = readClock(ctx.db).turn_id;
      for (const s of sealedSecrets(ctx.db)) {
        const order = orderOf(s);
        const g = readGroup(ctx.db, order.groupId);
        if (!g || !sealedOrderOpensBy({ scheduled: g.scheduled_turn_id, now })) continue;
        const open = { ...order, salt: s.salt };
        seatWrite(ctx, 'openAlternativeArrival', open, (c) => SERVICE_FUNCTIONS.openAlternativeArrival(c, open));
        statement(ctx.db, 'UPDATE seat_side_secrets SET opened = 1 WHERE commitment = ?').run(s.commitment);
      }
      if (sealedOrdersWaiting(ctx.db).includes(seat.side)) {
        const keep = { side: seat.side };
        seatWrite(ctx, 'keepAlternativeArrivalsSealed', keep, (c) => SERVICE_FUNCTIONS.keepAlternativeArrivalsSealed(c, keep));
      }
    });
  } finally {
    answering = false;
  }
  return true;
}

/** The seat's sealed orders written into the state, for its own queries only (the caller rolls them back). */
export function applySealedOrders(db: SqliteDatabase, secrets: readonly SideSecretRow[]): void {
  for (const s of secrets) {
    const order = orderOf(s);
    statement(db, 'UPDATE alternative_arrivals SET entry_area = ?, ordered_turn_id = ? WHERE id = ?').run(order.entryArea, s.turn_id, order.groupId);
  }
}
