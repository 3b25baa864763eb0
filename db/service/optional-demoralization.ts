/**
 * Optional rule: Demoralization (issue #11 module 2, SPI B&G 11.6) in a game created with it.
 *
 * - Each side's cumulative losses and total SPs come from the units (RI-O30): SPs lost and stragglers not
 *   recovered, against the printed SPs of the units on the map from the start and of the reinforcements
 *   arrived so far.
 * - The level a side has reached is stored (game.demoralization_usa / _csa) and only rises: the write path
 *   (context.ts write) asks `demoralizationCrossings` after every change, which raises it in the same
 *   event as the loss that crossed a threshold (RI-O31). Undo takes the crossing back with its loss.
 * - The fire and shock assistants add `demoralizationAttackItems` to their DRMs, so a crossing counts
 *   from the very next roll (11.63) and every point is itemised with its source (RI-O08).
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
import { readCommands, readGame, readUnits, type CommandRow, type GameRow, type UnitRow } from '../store';
import type { GameContext, ServiceFunctions } from './context';
import { readOptionalRules } from './optional-rules';

const R = DEMORALIZATION_RULES;
const COLUMN = { USA: 'demoralization_usa', CSA: 'demoralization_csa' } as const;
/** The unit fields a side's losses and total are counted from: a change to none of them cannot cross a threshold. */
const COUNTED_FIELDS = new Set(['sp', 'sp_lost', 'stragglers', 'on_map']);

export function demoralizationOn(db: SqliteDatabase): boolean {
  return readOptionalRules(db).demoralization;
}

const levelOf = (value: number): DemoralizationLevel => (value === 2 ? 2 : value === 1 ? 1 : 0);
const storedLevel = (game: GameRow, side: Side): DemoralizationLevel => levelOf(game[COLUMN[side]]);

/** The unit fields that count, as they are now or will be once `cs` is applied. */
type Counted = Pick<UnitRow, 'id' | 'side' | 'sp' | 'sp_lost' | 'stragglers' | 'on_map' | 'command_id'>;

/** A side's cumulative losses and total SPs, itemised (RI-O30). */
function sideCounts(units: readonly Counted[], side: Side, reinforcement: (u: Counted) => boolean): { losses: DrmItem[]; total: DrmItem[]; lossSp: number; totalSp: number } {
  const own = units.filter((u) => u.side === side);
  const sum = (list: readonly Counted[], f: (u: Counted) => number) => list.reduce((n, u) => n + f(u), 0);
  const onMap = own.filter((u) => u.on_map === 1);
  const losses: DrmItem[] = [
    { label: 'SPs lost (guns destroyed or captured among them)', value: sum(own, (u) => u.sp_lost), rule: `${R.demoralization} (RI-O30)` },
    { label: 'Stragglers not recovered', value: sum(own, (u) => u.stragglers), rule: 'Rev. Infantry Stragglers (RI-O30)' },
  ];
  const total: DrmItem[] = [
    { label: 'Units on the map from the start', value: sum(onMap.filter((u) => !reinforcement(u)), (u) => u.sp), rule: `${R.demoralization} (RI-O30)` },
    { label: 'Reinforcements arrived so far', value: sum(onMap.filter(reinforcement), (u) => u.sp), rule: `${R.demoralization} (RI-O30)` },
  ];
  return { losses, total, lossSp: losses.reduce((n, i) => n + i.value, 0), totalSp: total.reduce((n, i) => n + i.value, 0) };
}

/** Whether a unit belongs to a reinforcement group: a command above it (or its own) arrives with one. */
function reinforcementTest(commands: readonly CommandRow[]): (u: Counted) => boolean {
  const byId = new Map(commands.map((c) => [c.id, c]));
  const memo = new Map<string, boolean>();
  const inGroup = (id: string | null): boolean => {
    if (id === null) return false;
    const known = memo.get(id);
    if (known !== undefined) return known;
    const c = byId.get(id);
    const answer = c !== undefined && (c.reinforcement_group_id !== null || inGroup(c.parent_id));
    memo.set(id, answer);
    return answer;
  };
  return (u) => inGroup(u.command_id);
}

/** The level a side has now: the level reached, or higher if its losses give more (they never give less). */
function levelNow(stored: DemoralizationLevel, lossSp: number, totalSp: number): DemoralizationLevel {
  return totalSp > 0 ? demoralizationLevelNow(stored, lossSp, totalSp) : stored;
}

/** Both sides' levels now, or null when the game plays without the option. */
export function demoralizationLevels(db: SqliteDatabase): Record<Side, DemoralizationLevel> | null {
  if (!demoralizationOn(db)) return null;
  const game = readGame(db);
  const units = readUnits(db);
  const test = reinforcementTest(readCommands(db));
  const out = {} as Record<Side, DemoralizationLevel>;
  for (const side of SIDES) {
    const c = sideCounts(units, side, test);
    out[side] = levelNow(storedLevel(game, side), c.lossSp, c.totalSp);
  }
  return out;
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
  const units: Counted[] = readUnits(db).map((u) => ({
    id: u.id,
    side: u.side,
    command_id: u.command_id,
    sp: Number(cs.valueOf('units', u.id, 'sp', u.sp)),
    sp_lost: Number(cs.valueOf('units', u.id, 'sp_lost', u.sp_lost)),
    stragglers: Number(cs.valueOf('units', u.id, 'stragglers', u.stragglers)),
    on_map: Number(cs.valueOf('units', u.id, 'on_map', u.on_map)),
  }));
  const test = reinforcementTest(readCommands(db));
  const notes: string[] = [];
  for (const side of SIDES) {
    const before = levelOf(Number(cs.valueOf('game', 1, COLUMN[side], game[COLUMN[side]])));
    const c = sideCounts(units, side, test);
    const after = levelNow(before, c.lossSp, c.totalSp);
    if (after === before) continue;
    cs.set('game', 1, COLUMN[side], game[COLUMN[side]], after);
    const share = after === 2 ? 'two thirds' : 'one third';
    notes.push(`the ${side} is ${DEMORALIZATION_LABELS[after].toLowerCase()}: its losses of ${c.lossSp} SP reach ${share} of its ${c.totalSp} SP (${R.demoralization})`);
  }
  return notes;
}

function sideState(side: Side, counts: ReturnType<typeof sideCounts>, levels: Record<Side, DemoralizationLevel>): DemoralizationSide {
  const enemy: Side = side === 'USA' ? 'CSA' : 'USA';
  const t = counts.totalSp > 0 ? demoralizationThresholds(counts.lossSp, counts.totalSp, levels[side]) : null;
  return {
    side,
    level: levels[side],
    label: DEMORALIZATION_LABELS[levels[side]],
    losses: itemised(counts.losses),
    total: itemised(counts.total),
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
  const game = readGame(db);
  const units = readUnits(db);
  const test = reinforcementTest(readCommands(db));
  const counts = { USA: sideCounts(units, 'USA', test), CSA: sideCounts(units, 'CSA', test) };
  const levels = {
    USA: levelNow(storedLevel(game, 'USA'), counts.USA.lossSp, counts.USA.totalSp),
    CSA: levelNow(storedLevel(game, 'CSA'), counts.CSA.lossSp, counts.CSA.totalSp),
  };
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
