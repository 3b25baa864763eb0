/**
 * What a combat result (or a status change) does to units, written into one change set: SP losses (an
 * artillery loss to small arms becomes abandoned guns), elimination, status changes with the Default Order
 * of a shattered unit, and the stragglers a disorder or an SP loss makes. Several changes to the same unit
 * in one event add up: the helper keeps a working copy of every unit it touched.
 */
import { artilleryLossKind, spLossIsStraggler, stragglersFromDisorder, type DisorderCause, type SpLossCause } from '../../rules/losses';
import { switchToDefaultOrder } from '../../rules/orders';
import type { UnitStatus } from '../../rules/types';
import type { ChangeSet, Field } from '../events';
import { currentSp, type UnitRow } from '../store';
import { askRules } from '../validate';
import { unitSubject } from './common';

/** What happened to one unit in this change, for the result and the summary. */
export interface UnitTally {
  unitId: string;
  sp: number;
  stragglers: number;
  abandonedGuns: number;
}

export class UnitChanges {
  private readonly work = new Map<string, UnitRow>();
  private readonly tallies = new Map<string, UnitTally>();
  /** Lines for the event's summary, in the order the changes were made. */
  readonly notes: string[] = [];

  constructor(private readonly cs: ChangeSet) {}

  /** The unit as it stands after the changes so far. */
  now(u: UnitRow): UnitRow {
    let w = this.work.get(u.id);
    if (!w) {
      w = { ...u };
      this.work.set(u.id, w);
    }
    return w;
  }

  put<F extends Field<'units'> & keyof UnitRow>(u: UnitRow, field: F, value: UnitRow[F]): void {
    const w = this.now(u);
    this.cs.set('units', u.id, field, w[field] as string | number | null, value as string | number | null);
    (w as unknown as Record<string, unknown>)[field] = value;
  }

  private tally(u: UnitRow): UnitTally {
    let t = this.tallies.get(u.id);
    if (!t) {
      t = { unitId: u.id, sp: 0, stragglers: 0, abandonedGuns: 0 };
      this.tallies.set(u.id, t);
    }
    return t;
  }

  /** SPs lost and how, per unit touched, in the order they were first hit. */
  losses(): UnitTally[] {
    return [...this.tallies.values()].filter((t) => t.sp + t.stragglers + t.abandonedGuns > 0);
  }

  /**
   * Takes `sp` SPs from a unit: artillery SPs lost to small arms become abandoned guns (Rev. Abandoned Guns),
   * others are lost for good (destroyed guns for artillery). RI-S07: a unit with no printed SP left is eliminated.
   */
  loseSp(u: UnitRow, sp: number, source: 'small-arms' | 'artillery' | 'shock' | 'other'): void {
    if (sp <= 0) return;
    const w = this.now(u);
    if (w.arm === 'artillery' && askRules(() => artilleryLossKind(source)).kind === 'abandoned-guns') {
      this.put(u, 'abandoned_guns', w.abandoned_guns + sp);
      this.tally(u).abandonedGuns += sp;
      this.notes.push(`${u.name} abandons ${sp} gun(s) (AG marker)`);
      return;
    }
    this.put(u, 'sp_lost', w.sp_lost + sp);
    if (w.arm === 'artillery') this.put(u, 'destroyed_guns', w.destroyed_guns + sp);
    this.tally(u).sp += sp;
    this.notes.push(`${u.name} loses ${sp} SP`);
    if (w.sp - w.sp_lost === 0) {
      this.put(u, 'status', 'eliminated');
      this.notes.push(`${u.name} is eliminated`);
    }
  }

  /** Guns captured by the enemy: lost for good, and counted as captured for victory. */
  captureGuns(u: UnitRow, sp: number): void {
    const w = this.now(u);
    this.put(u, 'sp_lost', w.sp_lost + sp);
    this.put(u, 'captured_guns', w.captured_guns + sp);
    this.tally(u).sp += sp;
    this.notes.push(`${sp} gun(s) of ${u.name} captured`);
    if (w.sp - w.sp_lost === 0) {
      this.put(u, 'status', 'eliminated');
      this.notes.push(`${u.name} is eliminated`);
    }
  }

  /**
   * An SP loss from a Rally, Rout Retreat or Second Disorder is a straggler for infantry (Rev. Infantry
   * Stragglers, RI-F12); any other is an SP loss.
   */
  loseSpFrom(u: UnitRow, sp: number, cause: SpLossCause): void {
    if (sp <= 0) return;
    if (askRules(() => spLossIsStraggler(u.arm, cause))) {
      const w = this.now(u);
      this.put(u, 'stragglers', w.stragglers + sp);
      this.tally(u).stragglers += sp;
      this.notes.push(`${u.name} loses ${sp} SP as stragglers (${cause.replace('-', ' ')})`);
      return;
    }
    this.loseSp(u, sp, 'other');
  }

  /**
   * A new status. A shattered unit receives its Default Order at once (Rev. Ineffective Commands and Shattered
   * Units). A flip from Ordered to Disordered by enemy action with an enemy within Tactical Movement range
   * costs an infantry unit one straggler (Rev. Infantry Stragglers), if it has an SP left to lose (RI-K08).
   */
  setStatus(u: UnitRow, status: UnitStatus, cause: DisorderCause | null, enemyWithinTacticalMovementRange: boolean): void {
    const w = this.now(u);
    const from = w.status;
    if (from === status) return;
    this.put(u, 'status', status);
    let line = `${u.name}: ${from} -> ${status}`;
    if (status === 'shattered') {
      const d = askRules(() => switchToDefaultOrder(unitSubject(u), 'shattered'));
      this.put(u, 'own_order', d.order);
      this.put(u, 'order_expires', 0);
      line += `; Default Order ${d.order}`;
    }
    if (cause !== null && currentSp(w) > 0) {
      const s = askRules(() => stragglersFromDisorder({ arm: u.arm, from, to: status, cause, enemyWithinTacticalMovementRange }));
      if (s.stragglers === 1) {
        this.put(u, 'stragglers', w.stragglers + 1);
        this.tally(u).stragglers += 1;
        line += ' (1 straggler)';
      }
    }
    this.notes.push(line);
  }
}
