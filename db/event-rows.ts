/**
 * What an event row holds (db/events.ts writes, undoes and reads the log): the state tables and columns an
 * event may change, a change set, the payload with its changes, the stored row, and the payload read back
 * (a CORRUPT refusal when its text is damaged).
 */
import type { EventKind, HistoryEntry } from '../contract';
import type { Side } from '../rules/types';
import { MusterError } from './errors';
import { genesisHead } from './genesis';
import type { SqliteDatabase } from './open';
import { statement } from './statements';

export type SqlValue = string | number | null;

/** The state tables and the columns an event may change; anything else is refused. */
export const MUTABLE_FIELDS = {
  game: ['objectives', 'started', 'ended', 'usa_player', 'csa_player', 'us_successor', 'manpower_usa', 'manpower_csa', 'raining', 'mud', 'rain_stop_rolls', 'rain_began_turn_id', 'rain_rolled_turn_id', 'demoralization_usa', 'demoralization_csa'],
  clock: ['turn_id', 'step', 'segment', 'phase'],
  // Variable Initiative (optional): the Initiative Levels determined at a First Day-Turn.
  turns: ['initiative_levels'],
  turn_state: [
    'initiative',
    'initiative_modifier',
    'army_points_usa',
    'army_points_csa',
    'preroll_usa',
    'preroll_csa',
    'activations',
    'passes_in_row',
    'side_to_act',
    'attachment_made',
    'entries_done',
    'card_pending',
    // The obligations of the step settled without a change of state (db/service/obligations.ts).
    'settled',
  ],
  reinforcement_groups: ['rolled_turn_id', 'arrived_turn_id', 'scheduled_turn_id', 'entry_area'],
  commands: [
    'own_order',
    'order_expires',
    'rsm',
    'recovery',
    'ineffective',
    'attached_to',
    'on_map',
    'me_attempted',
    'order_change_failed',
    'activation',
    'activation_phase',
    'activation_order',
    'confusion_result',
    'fatigue_recovery',
    'card_drawn',
  ],
  leaders: ['stars', 'rating', 'range', 'rating_verified', 'points_used', 'moved', 'casualty', 'replaced', 'replacement_rating', 'on_map', 'rally_used', 'arrival_turn_id', 'arrival_area', 'arrives_alone'],
  units: [
    'sp',
    'weapon',
    'sp_lost',
    'stragglers',
    'abandoned_guns',
    'captured_guns',
    'destroyed_guns',
    'fatigue',
    'status',
    'mounted',
    'out_of_ammo',
    'extended_column',
    'strategic_movement',
    'skirmishers',
    'own_order',
    'order_expires',
    'on_map',
    'activation',
    'activation_phase',
    'activation_order',
    'works',
    'bayonet_charge',
    'confusion_result',
    'double_time_turn_id',
    'ladder_hit',
    // Variable Initiative's night plot (optional).
    'night_plot',
    // The counter's cohesion ratings, entered by the group (NULL: not entered).
    'cohesion_ordered',
    'cohesion_disordered',
    'artillery_row',
    // A UDD owed after a retreat before shock (db/service/obligations.ts).
    'udd_due',
  ],
  objectives: ['occupied', 'name'],
  // A side's secrets (db/secrets.ts): changed by events like the rest, never shown in the history.
  alternative_arrivals: ['entry_area', 'ordered_turn_id', 'rolled_turn_id'],
  concealment: ['concealed', 'plot', 'message_order', 'message_sent_turn_id', 'message_arrives_turn_id', 'message_distance'],
} as const;
export type StateTable = keyof typeof MUTABLE_FIELDS;
export type Field<T extends StateTable> = (typeof MUTABLE_FIELDS)[T][number];

export interface Change {
  table: StateTable;
  key: string | number;
  field: string;
  before: SqlValue;
  after: SqlValue;
}

/** Collects the field changes of one event, skipping fields whose value does not change. */
export class ChangeSet {
  readonly changes: Change[] = [];
  private readonly pending = new Map<string, Change>();

  set<T extends StateTable>(table: T, key: string | number, field: Field<T>, before: SqlValue, after: SqlValue): this {
    const id = `${table}\u0000${key}\u0000${field}`;
    const existing = this.pending.get(id);
    if (existing) {
      existing.after = after;
      return this;
    }
    if (before === after) return this;
    const change: Change = { table, key, field, before, after };
    this.pending.set(id, change);
    this.changes.push(change);
    return this;
  }

  /** The value a field will have after this change set, given its value now. */
  valueOf<T extends StateTable>(table: T, key: string | number, field: Field<T>, current: SqlValue): SqlValue {
    const c = this.pending.get(`${table}\u0000${key}\u0000${field}`);
    return c ? c.after : current;
  }

  get size(): number {
    return this.changes.filter((c) => c.before !== c.after).length;
  }
}

export interface EventPayload {
  input: unknown;
  /** What the service computed from the group's kit for this event (its fingerprint and the cells read); absent otherwise. */
  computed?: KitRecordValue;
  /** Card-draw's status ladder: the hits of the event that took the next worse state, as the service reported them (RI-O14). */
  statusLadder?: StatusLadderStepValue[];
  /**
   * A secret entry's side (RI-H01), also in events.secret_side for the queries: here, the event's hash
   * covers it, and verify checks the column against it. Written before `changes`, which stay last.
   */
  secretSide?: Side;
  changes: Change[];
}

/** Where the list of changes starts in a payload's text (`,"changes":[`, the last key Muster writes), or -1. */
export function changesAt(payloadText: string): number {
  return payloadText.lastIndexOf(',"changes":[');
}

/** The secret side written in an event's payload text (EventPayload.secretSide), else null; read without parsing it. */
export function payloadSecretSide(payloadText: string, at: number = changesAt(payloadText)): Side | null {
  if (at < 19) return null;
  // Compared in place (no substring made): verify asks this of every event.
  return payloadText.startsWith(',"secretSide":"USA"', at - 19) ? 'USA' : payloadText.startsWith(',"secretSide":"CSA"', at - 19) ? 'CSA' : null;
}

/** An event row as stored. */
export interface EventRow {
  seq: number;
  at: string;
  turn_id: string;
  segment: string;
  phase: string;
  kind: EventKind;
  summary: string;
  payload: string;
  subjects: string;
  prev_head: number | null;
  undone: number;
  redo_next: number | null;
  secret_side?: 'USA' | 'CSA' | null;
  prev_hash: string | null;
  hash: string | null;
}

/** The last event of the log (its seq and hash); seq 0 and the genesis hash while the log is empty. */
export function eventHead(db: SqliteDatabase): { seq: number; hash: string | null } {
  const last = statement(db, 'SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string | null } | undefined;
  return last ?? { seq: 0, hash: genesisHead(db) ?? null };
}

/** An event's payload, or a CORRUPT refusal naming the event when its stored text is damaged. */
export function parsePayload(row: Pick<EventRow, 'seq' | 'payload'>): EventPayload {
  try {
    const p = JSON.parse(row.payload) as EventPayload;
    if (typeof p !== 'object' || p === null || !Array.isArray(p.changes)) throw new Error('no list of changes');
    return p;
  } catch {
    throw new MusterError('CORRUPT', 'events', `event ${row.seq}'s record in the game file is damaged; run verify to see what else is`);
  }
}

/** The kit a computed result used (contract/common.ts KitRecord). */
export type KitRecordValue = HistoryEntry['kit'] & object;
/** One step up the status ladder (contract/combat.ts StatusLadderStep). */
export type StatusLadderStepValue = NonNullable<HistoryEntry['statusLadder']>[number];
