/**
 * Card-draw activation's box, read from the commands table (the live one or the state verify rebuilds),
 * and verify's replay of each draw from the dice log (RI-O12, RI-O41): the card an event records as drawn
 * must be the one its logged rolls pick from the box as it stood just before it. An edit of a roll, of
 * the card, or of the box (a command put on or off the map) that leaves the chains intact is still caught.
 */
import { cardDrawPool, pickFromRolls, type ActivationCard } from '../rules/optional/card-draw';
import { CARD_DRAW_LEVELS, COMMAND_LEVELS, SIDES, type CardDrawLevel, type CommandLevel, type Side } from '../rules/types';
import type { Change, SqlValue } from './events';
import type { RebuiltState } from './genesis';
import type { SqliteDatabase } from './open';
import { statement } from './statements';

/** What the box needs of a command row. */
export interface BoxCommand {
  id: string;
  parent_id: string | null;
  side: Side;
  level: CommandLevel;
  card_drawn: number | null;
}

/** What the box needs of a unit row. */
export interface BoxUnit {
  command_id: string;
  on_map: number;
  status: string;
}

/**
 * The box: one card per command of the chosen level and per command under none of that level (RI-O13),
 * for the cards with a unit on the map that is not eliminated (RI-O42: a command still to arrive, or
 * gone, has no card), sorted by command id; `remaining` is those whose card has not been drawn this segment.
 */
export function cardBox(commands: readonly BoxCommand[], level: CardDrawLevel, units: readonly BoxUnit[]): { pool: ActivationCard[]; remaining: ActivationCard[] } {
  const byId = new Map(commands.map((c) => [c.id, c]));
  const all = cardDrawPool(
    commands.map((c) => ({ id: c.id, parentId: c.parent_id, side: c.side, level: c.level })),
    level,
  );
  const cards = new Set(all.map((card) => card.commandId));
  const present = new Set<string>();
  for (const u of units) {
    if (u.on_map !== 1 || u.status === 'eliminated') continue;
    // The unit's card: its own command, or the nearest command above it that is a card.
    for (let c = byId.get(u.command_id); c !== undefined; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) {
      if (cards.has(c.id)) {
        present.add(c.id);
        break;
      }
    }
  }
  const pool = all.filter((card) => present.has(card.commandId));
  return { pool, remaining: pool.filter((card) => byId.get(card.commandId)!.card_drawn === null) };
}

/** The card level recorded in a game's optional rules text, or null when the rule is off (or unreadable). */
export function cardDrawLevelOf(optionalRulesText: SqlValue | undefined): CardDrawLevel | null {
  if (typeof optionalRulesText !== 'string') return null;
  try {
    const level = (JSON.parse(optionalRulesText) as { cardDraw?: { level?: unknown } | null }).cardDraw?.level;
    return (CARD_DRAW_LEVELS as readonly unknown[]).includes(level) ? (level as CardDrawLevel) : null;
  } catch {
    return null;
  }
}

function boxUnitsOf(state: RebuiltState): BoxUnit[] {
  return [...(state.get('units')?.values() ?? [])].map((r) => ({ command_id: String(r.command_id), on_map: Number(r.on_map), status: String(r.status) }));
}

function boxCommandsOf(state: RebuiltState): BoxCommand[] | null {
  const rows = state.get('commands');
  if (!rows) return null;
  const out: BoxCommand[] = [];
  for (const r of rows.values()) {
    const side = r.side as Side;
    const level = r.level as CommandLevel;
    if (typeof r.id !== 'string' || !SIDES.includes(side) || !COMMAND_LEVELS.includes(level)) return null;
    out.push({ id: r.id, parent_id: (r.parent_id as string | null) ?? null, side, level, card_drawn: (r.card_drawn as number | null) ?? null });
  }
  return out;
}

/**
 * Checks one applied event that draws a card (it sets a command's card_drawn), on the state rebuilt up to
 * just before it: the problem in words, or null when the recorded card follows from the logged rolls.
 */
export function cardDrawProblem(db: SqliteDatabase, state: RebuiltState, seq: number, changes: readonly Pick<Change, 'table' | 'key' | 'field' | 'before' | 'after'>[]): string | null {
  const drawn = changes.filter((c) => c.table === 'commands' && c.field === 'card_drawn' && c.before === null && c.after !== null);
  if (drawn.length === 0) return null;
  if (drawn.length > 1) return `event ${seq}: draws ${drawn.length} cards at once; a draw takes one card`;
  const commandId = String(drawn[0]!.key);
  const level = cardDrawLevelOf(state.get('game')?.get('1')?.optional_rules);
  if (level === null) return `event ${seq}: draws the card of ${commandId} in a game without card-draw activation`;
  const commands = boxCommandsOf(state);
  if (commands === null) return `event ${seq}: the box of cards cannot be rebuilt from the commands table`;
  let remaining: ActivationCard[];
  try {
    remaining = cardBox(commands, level, boxUnitsOf(state)).remaining;
  } catch (e) {
    return `event ${seq}: the box of cards cannot be rebuilt (${e instanceof Error ? e.message : String(e)})`;
  }
  const rolls = (statement(db, 'SELECT roll FROM dice_log WHERE event_seq = ? ORDER BY seq').all(seq) as { roll: number }[]).map((r) => r.roll);
  if (remaining.length === 0) return `event ${seq}: draws the card of ${commandId} from an empty box`;
  let picked: ReturnType<typeof pickFromRolls>;
  try {
    picked = pickFromRolls(remaining.length, rolls);
  } catch (e) {
    return `event ${seq}: the card draw's rolls cannot be read (${e instanceof Error ? e.message : String(e)})`;
  }
  const rollText = rolls.length === 0 ? 'no roll' : `rolls ${rolls.join(', ')}`;
  if (picked === null) return `event ${seq}: the card draw's ${rollText} do not finish a pick among the ${remaining.length} cards in the box (RI-O12)`;
  if (picked.rollsUsed !== rolls.length) return `event ${seq}: the card draw has ${rolls.length - picked.rollsUsed} roll(s) more than its pick uses (RI-O12)`;
  const card = remaining[picked.index]!;
  if (card.commandId !== commandId) {
    return `event ${seq}: the card drawn (${commandId}) does not follow from its logged rolls: ${rollText} pick ${card.commandId}, card ${picked.index + 1} of the ${remaining.length} in the box (RI-O12)`;
  }
  return null;
}
