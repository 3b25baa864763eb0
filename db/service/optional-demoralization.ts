/**
 * Optional rule: Demoralization in a game created with it.
 *
 * - Each side's cumulative losses and total SPs come from the units, in one query (RI-O30): SPs lost and stragglers not
 *   recovered, against the printed SPs of the units on the map from the start and of the reinforcements
 *   arrived so far.
 * - The level a side has reached is stored (game.demoralization_usa / _csa) and only rises: the write path
 *   (context.ts write) asks the module's write check (`demoralizationCrossings`) after every change, which
 *   raises it in the same event as the loss that crossed a threshold (RI-O31). Undo takes the crossing back
 *   with its loss.
 * - The fire and shock assistants gather the module's DRM items through the seam (rule-seam.ts), so a
 *   crossing counts from the very next roll (11.63) and every point is itemised with its source (RI-O08).
 * - Both sides' state is part of the game's information (the turn bar, the Victory screen).
 *
 * With the option off every function here answers nothing and changes nothing.
 */
import {
  DEMORALIZATION_RULES,
  demoralizationFireDrmItems,
  demoralizationLevelNow,
  demoralizationShockDrmItems,
  demoralizationThresholds,
  DEMORALIZATION_LABELS,
  type DemoralizationLevel,
} from '../../rules/optional/demoralization';
import { itemised } from '../../rules/itemise';
import { SIDES, type DrmItem, type Side } from '../../rules/types';
import type { DemoralizationSide, DemoralizationState } from '../../contract';
import type { ChangeSet } from '../events';
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';
import { readGame, type GameRow, type UnitRow } from '../store';
import type { GameContext, ServiceFunctions } from './game-context';
import { registerRuleModule, type RuleDrmItem } from './rule-seam';
import { readOptionalRules } from './game-options';

const R = DEMORALIZATION_RULES;
const COLUMN = { USA: 'demoralization_usa', CSA: 'demoralization_csa' } as const;
/** The unit fields a side's losses and total are counted from: a change to none of them cannot cross a threshold. */
const COUNTED_FIELDS = new Set(['sp', 'sp_lost', 'stragglers', 'on_map']);

export function demoralizationOn(db: SqliteDatabase): boolean {
  return readOptionalRules(db).demoralization;
}

const levelOf = (value: number): DemoralizationLevel => (value === 2 ? 2 : value === 1 ? 1 : 0);
const storedLevel = (game: GameRow, side: Side): DemoralizationLevel => levelOf(game[COLUMN[side]]);

/** A side's cumulative losses and total SPs, as the itemised counts show them (RI-O30). */
interface SideCounts {
  lost: number;
  stragglers: number;
  initial: number;
  arrived: number;
}
const lossOf = (c: SideCounts) => c.lost + c.stragglers;
const totalOf = (c: SideCounts) => c.initial + c.arrived;

/**
 * Each side's counts in one query (RI-O30): SPs lost and stragglers over all its units; the printed SPs of
 * its units on the map, split by whether a command above them (or their own) arrives with a reinforcement group.
 */
const COUNTS_SQL = `
WITH RECURSIVE reinforcing(id) AS (
  SELECT id FROM commands WHERE reinforcement_group_id IS NOT NULL
  UNION SELECT c.id FROM commands c JOIN reinforcing r ON c.parent_id = r.id
)
SELECT side,
       COALESCE(SUM(sp_lost), 0) AS lost,
       COALESCE(SUM(stragglers), 0) AS stragglers,
       COALESCE(SUM(CASE WHEN on_map = 1 AND command_id NOT IN (SELECT id FROM reinforcing) THEN sp ELSE 0 END), 0) AS initial,
       COALESCE(SUM(CASE WHEN on_map = 1 AND command_id IN (SELECT id FROM reinforcing) THEN sp ELSE 0 END), 0) AS arrived
  FROM units GROUP BY side`;

function readCounts(db: SqliteDatabase): Record<Side, SideCounts> {
  const out: Record<Side, SideCounts> = { USA: { lost: 0, stragglers: 0, initial: 0, arrived: 0 }, CSA: { lost: 0, stragglers: 0, initial: 0, arrived: 0 } };
  for (const row of statement(db, COUNTS_SQL).all() as (SideCounts & { side: Side })[]) {
    out[row.side] = { lost: row.lost, stragglers: row.stragglers, initial: row.initial, arrived: row.arrived };
  }
  return out;
}

/** The level a side has now: the level reached, or higher if its losses give more (they never give less). */
function levelNow(stored: DemoralizationLevel, lossSp: number, totalSp: number): DemoralizationLevel {
  return totalSp > 0 ? demoralizationLevelNow(stored, lossSp, totalSp) : stored;
}

function levelsFrom(game: GameRow, counts: Record<Side, SideCounts>): Record<Side, DemoralizationLevel> {
  return {
    USA: levelNow(storedLevel(game, 'USA'), lossOf(counts.USA), totalOf(counts.USA)),
    CSA: levelNow(storedLevel(game, 'CSA'), lossOf(counts.CSA), totalOf(counts.CSA)),
  };
}

/** Both sides' levels now, or null when the game plays without the option. */
export function demoralizationLevels(db: SqliteDatabase): Record<Side, DemoralizationLevel> | null {
  if (!demoralizationOn(db)) return null;
  return levelsFrom(readGame(db), readCounts(db));
}

/**
 * The demoralization DRMs of one attack (RI-O08): fire (the firing side against the target's side) or
 * Shock Resolution (the attackers' side against the defenders'). Empty with the option off, or when
 * both sides stand at the same level.
 */
export function demoralizationAttackItems(db: SqliteDatabase, kind: 'fire' | 'shock', attacker: Side, defender: Side): DrmItem[] {
  const levels = demoralizationLevels(db);
  if (!levels) return [];
  return kind === 'fire' ? demoralizationFireDrmItems(levels[attacker], levels[defender]) : demoralizationShockDrmItems(levels[attacker], levels[defender]);
}

/**
 * The write path's check after every change (RI-O31): when the change touches what a side's losses or
 * total are counted from and the losses then reach a threshold the side had not reached, the level it has
 * reached rises in the same change set (so in the same event, undone with it). Returns the crossings in
 * words for the event's summary; nothing with the option off.
 */
export function demoralizationCrossings(db: SqliteDatabase, cs: ChangeSet): string[] {
  if (!cs.changes.some((c) => c.table === 'units' && COUNTED_FIELDS.has(c.field))) return [];
  if (!demoralizationOn(db)) return [];
  const game = readGame(db);
  const sums: Record<Side, { lossSp: number; totalSp: number }> = { USA: { lossSp: 0, totalSp: 0 }, CSA: { lossSp: 0, totalSp: 0 } };
  // The units as they will be once the change set is applied.
  for (const u of statement(db, 'SELECT id, side, sp, sp_lost, stragglers, on_map FROM units').all() as Pick<UnitRow, 'id' | 'side' | 'sp' | 'sp_lost' | 'stragglers' | 'on_map'>[]) {
    const v = (field: 'sp' | 'sp_lost' | 'stragglers' | 'on_map') => Number(cs.valueOf('units', u.id, field, u[field]));
    sums[u.side].lossSp += v('sp_lost') + v('stragglers');
    if (v('on_map') === 1) sums[u.side].totalSp += v('sp');
  }
  const notes: string[] = [];
  for (const side of SIDES) {
    const before = levelOf(Number(cs.valueOf('game', 1, COLUMN[side], game[COLUMN[side]])));
    const { lossSp, totalSp } = sums[side];
    const after = levelNow(before, lossSp, totalSp);
    if (after === before) continue;
    cs.set('game', 1, COLUMN[side], game[COLUMN[side]], after);
    const share = after === 2 ? 'two thirds' : 'one third';
    notes.push(`the ${side} is ${DEMORALIZATION_LABELS[after].toLowerCase()}: its losses of ${lossSp} SP reach ${share} of its ${totalSp} SP (${R.demoralization})`);
  }
  return notes;
}

function sideState(side: Side, counts: SideCounts, levels: Record<Side, DemoralizationLevel>): DemoralizationSide {
  const enemy: Side = side === 'USA' ? 'CSA' : 'USA';
  const t = totalOf(counts) > 0 ? demoralizationThresholds(lossOf(counts), totalOf(counts), levels[side]) : null;
  return {
    side,
    level: levels[side],
    label: DEMORALIZATION_LABELS[levels[side]],
    losses: itemised([
      { label: 'SPs lost (guns destroyed or captured among them)', value: counts.lost, rule: `${R.demoralization} (RI-O30)` },
      { label: 'Stragglers not recovered', value: counts.stragglers, rule: 'Rev. Infantry Stragglers (RI-O30)' },
    ]),
    total: itemised([
      { label: 'Units on the map from the start', value: counts.initial, rule: `${R.demoralization} (RI-O30)` },
      { label: 'Reinforcements arrived so far', value: counts.arrived, rule: `${R.demoralization} (RI-O30)` },
    ]),
    thresholds: t ? t.thresholds : [],
    attackDrm: itemised(
      demoralizationShockDrmItems(levels[side], levels[enemy]).map((i) => ({ ...i, label: i.label.replace("Attacker's side", `${side} (attacking)`).replace("Defender's side", `${enemy} (attacked)`) })),
    ),
    rule: R.demoralization,
  };
}

/** Both sides' demoralization for the turn bar and the Victory screen; null when the game plays without the option. */
export function demoralizationState(db: SqliteDatabase): DemoralizationState | null {
  if (!demoralizationOn(db)) return null;
  const counts = readCounts(db);
  const levels = levelsFrom(readGame(db), counts);
  return {
    USA: sideState('USA', counts.USA, levels),
    CSA: sideState('CSA', counts.CSA, levels),
    effects: [
      { label: 'Demoralized at one third of the total SPs lost, double-demoralized at two thirds, for the rest of the game; both sides may be', rule: R.demoralization },
      { label: 'Each level of the attacking side: -1 on its fire and Shock Resolution rolls; each level of the side attacked: +1; equal levels: none (RI-O08)', rule: R.columnShifts },
      { label: 'Takes effect at once: from the next roll after the loss that reaches the threshold (RI-O31)', rule: R.immediate },
      { label: 'The Command Control Level has no 3DoG counterpart: nothing else changes (RI-O09)', rule: R.commandControl },
    ],
  };
}

function demoralization(ctx: GameContext): DemoralizationState | null {
  return demoralizationState(ctx.db);
}

export const demoralizationFunctions = { demoralization } satisfies Partial<ServiceFunctions>;

const SOURCE = 'Demoralization (optional rule)';

/** The attack's demoralization DRMs as the seam itemises them: each with its id and its source. */
function seamItems(db: SqliteDatabase, kind: 'fire' | 'shock', attacker: Side, defender: Side): RuleDrmItem[] {
  return demoralizationAttackItems(db, kind, attacker, defender).map((item, i) => ({ ...item, id: `demoralization:${kind}:${i}`, source: SOURCE }));
}

registerRuleModule({
  id: 'demoralization',
  name: SOURCE,
  kind: 'optional-rule',
  active: demoralizationOn,
  onWrite: demoralizationCrossings,
  // RI-O08, RI-O32: the firing side attacks the target's side; in Shock Resolution the attackers' side the defenders'.
  drm: {
    fire: (ctx, f) => seamItems(ctx.db, 'fire', f.attacker, f.defender),
    shock: (ctx, f) => seamItems(ctx.db, 'shock', f.attacker, f.defender),
  },
  gameInfo: (ctx) => ({ demoralization: demoralizationState(ctx.db) }),
});
