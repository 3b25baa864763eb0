/**
 * Optional rule: card-draw activation, from the miniatures rules' "Random Movement"
 * (shared/rules/related/miniatures-sequence-and-card-activation.txt), fitted to the revision's Activation
 * Segment.
 *
 * One pooled box of cards, one per command of both sides at the level chosen at game creation (RI-O13);
 * Side A, the Initiative player, draws first, then "the side that did not move" draws; the drawn command
 * activates as the revision says (ME attempt or RE by its orders) and the draw ends when the box is
 * empty (RI-O11). Muster draws with its d10: a uniform pick by rejection sampling over d10 digits, which
 * the dice log replays (RI-O12). The status-ladder sub-option maps "a unit effected twice in the same turn
 * suffers the next worse effect" to the revision's cohesion states (RI-O14).
 * Pure functions over plain data; dice come from an injected Roller or a logged list of rolls.
 */
import { ACTIVATION_PHASES, activationOptions, initiativeMeActivation } from '../activation';
import type { ActivationPhase } from '../activation';
import { assertBoolean, assertDieRoll, assertOneOf, assertPositiveInteger, RulesArgumentError } from '../errors';
import type { CommandCheck } from '../command-check';
import { CARD_DRAW_LEVELS, COMMAND_LEVELS, ORDER_CODES, SIDES } from '../types';
import type { CardDrawLevel, CommandLevel, DieRoll, OrderCode, Roller, Side } from '../types';

/** Citations of the miniatures rules, by heading. */
export const CARD_DRAW_RULES = {
  randomMovement: 'Miniatures Random Movement',
  effect: 'Miniatures Random Movement, Effect',
} as const;
const R = CARD_DRAW_RULES;

// The command level whose commands become the cards, chosen at game creation: CARD_DRAW_LEVELS in rules/types.ts.

// ---------------------------------------------------------------------------------------------
// The box of cards
// ---------------------------------------------------------------------------------------------

/** A command in the chain of command, with its side and level. */
export interface CardCommandNode {
  id: string;
  parentId: string | null;
  side: Side;
  level: CommandLevel;
}

/** One card: the command whose units "and only those units" may fire and move when it is drawn. */
export interface ActivationCard {
  commandId: string;
  side: Side;
}

const depth = (level: CommandLevel) => COMMAND_LEVELS.indexOf(level);

/**
 * The cards for both sides at the chosen level (RI-O13): a card for every command at that level, and one
 * for every command below it that is under no command at that level (an artillery brigade under a corps
 * when the cards are divisions, a cavalry division under the army when they are corps), so that every
 * unit is on exactly one card. Sorted by command id: the box's order for the draw (RI-O12).
 */
export function cardDrawPool(commands: CardCommandNode[], level: CardDrawLevel): ActivationCard[] {
  if (!Array.isArray(commands)) throw new RulesArgumentError('commands', 'must be a list of commands { id, parentId, side, level }');
  assertOneOf('level', level, CARD_DRAW_LEVELS);
  const byId = new Map<string, CardCommandNode>();
  commands.forEach((command, index) => {
    const at = `commands[${index}]`;
    if (typeof command?.id !== 'string' || command.id.length === 0) throw new RulesArgumentError(`${at}.id`, 'must be a non-empty id string');
    if (byId.has(command.id)) throw new RulesArgumentError(`${at}.id`, `must be unique (${command.id} appears twice)`);
    if (command.parentId !== null && (typeof command.parentId !== 'string' || command.parentId.length === 0)) {
      throw new RulesArgumentError(`${at}.parentId`, 'must be a command id or null');
    }
    assertOneOf(`${at}.side`, command.side, SIDES);
    assertOneOf(`${at}.level`, command.level, COMMAND_LEVELS);
    byId.set(command.id, command);
  });
  commands.forEach((command, index) => {
    if (command.parentId !== null && !byId.has(command.parentId)) {
      throw new RulesArgumentError(`commands[${index}].parentId`, `must be the id of a listed command (got ${command.parentId})`);
    }
  });
  const cardDepth = depth(level);
  const atOrBelow = (c: CardCommandNode) => depth(c.level) >= cardDepth;
  const cards: ActivationCard[] = [];
  for (const command of commands) {
    if (!atOrBelow(command)) continue;
    let parent = command.parentId === null ? undefined : byId.get(command.parentId);
    let covered = false;
    const visited = new Set<string>([command.id]);
    while (parent !== undefined) {
      if (visited.has(parent.id)) throw new RulesArgumentError('commands', `must not contain a cycle (found one through ${parent.id})`);
      visited.add(parent.id);
      if (atOrBelow(parent)) {
        covered = true;
        break;
      }
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    if (!covered) cards.push({ commandId: command.id, side: command.side });
  }
  return sortCards(cards);
}

const sortCards = (cards: ActivationCard[]) => [...cards].sort((a, b) => (a.commandId < b.commandId ? -1 : a.commandId > b.commandId ? 1 : 0));

// ---------------------------------------------------------------------------------------------
// A uniform pick with d10s (RI-O12)
// ---------------------------------------------------------------------------------------------

/**
 * How a pick among `count` cards reads d10s (RI-O12): k digits, the fewest with 10^k >= count, read as a
 * k-digit number r (first roll the leading digit); r is accepted below the largest multiple of count
 * that is <= 10^k, and the pick is r mod count (0 = the first card in the box's order); otherwise all k
 * digits are rolled again. One card needs no roll.
 */
export function uniformPickScheme(count: number): { digits: number; range: number; acceptBelow: number } {
  assertPositiveInteger('count', count);
  let digits = 0;
  let range = 1;
  while (range < count) {
    digits += 1;
    range *= 10;
  }
  return { digits, range, acceptBelow: range - (range % count) };
}

/**
 * Reads a pick among `count` from logged rolls (RI-O12): the index and how many rolls it used, or null
 * when the rolls run out before a pick is accepted. Verifies a draw from the dice log.
 */
export function pickFromRolls(count: number, rolls: readonly number[]): { index: number; rollsUsed: number } | null {
  const scheme = uniformPickScheme(count);
  if (!Array.isArray(rolls)) throw new RulesArgumentError('rolls', 'must be a list of die rolls 0-9');
  rolls.forEach((roll, index) => assertDieRoll(`rolls[${index}]`, roll));
  if (scheme.digits === 0) return { index: 0, rollsUsed: 0 };
  let used = 0;
  while (used + scheme.digits <= rolls.length) {
    let r = 0;
    for (let d = 0; d < scheme.digits; d += 1) r = r * 10 + (rolls[used + d] as number);
    used += scheme.digits;
    if (r < scheme.acceptBelow) return { index: r % count, rollsUsed: used };
  }
  return null;
}

/** A pick among `count` with the injected roller (RI-O12): the index and every roll made, for the dice log. */
export function uniformPick(count: number, roller: Roller): { index: number; rolls: DieRoll[] } {
  const scheme = uniformPickScheme(count);
  if (typeof roller !== 'function') throw new RulesArgumentError('roller', 'must be a function returning die rolls 0-9');
  const rolls: DieRoll[] = [];
  for (;;) {
    const picked = pickFromRolls(count, rolls);
    if (picked !== null) return { index: picked.index, rolls };
    for (let d = 0; d < scheme.digits; d += 1) {
      const roll = roller();
      assertDieRoll('roller()', roll);
      rolls.push(roll);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The draw (RI-O11)
// ---------------------------------------------------------------------------------------------

export interface CardDraw {
  card: ActivationCard;
  /** The side that drew the card (Side A first, then "the side that did not move"). */
  drawer: Side;
  /** The d10 rolls that picked it, in order (none for the last card). */
  rolls: DieRoll[];
}

export interface CardDrawState {
  /** Side A: the Initiative player. */
  initiativeSide: Side;
  /** Cards still in the box, in the box's order (sorted by command id). */
  remaining: ActivationCard[];
  draws: CardDraw[];
  /** Who draws next. */
  nextDrawer: Side;
  /** The box is empty: the Activation Segment's draw is over. */
  ended: boolean;
}

/**
 * Which Activation Phase the draw replaces (RI-O11): the In-Command Activation Phase's alternation. The
 * Out-of-Command Activation Phase stays as the revision has it, single units alternating from the
 * Initiative player, since its units are found on the map, not on cards.
 */
export function cardDrawInPhase(phase: ActivationPhase): { draw: boolean; rule: string } {
  assertOneOf('phase', phase, ACTIVATION_PHASES);
  return phase === 'in-command' ? { draw: true, rule: R.randomMovement } : { draw: false, rule: 'Rev. Activation Segment' };
}

/**
 * How the drawn command activates (RI-O11): as the revision says for its orders (ME Orders must attempt
 * ME; RSRV is RE only; the others may take RE or try for ME), and the Initiative player's first card of
 * his own commands may take ME without a roll (Rev. Initiative Segment). The card is spent either way:
 * there is no passing a drawn card back into the box.
 */
export function cardActivation(
  state: Pick<CardDrawState, 'initiativeSide' | 'draws'>,
  draw: CardDraw,
  order: OrderCode,
): { mustAttemptMe: boolean; mayAttemptMe: boolean; mayActivateAtRe: boolean; initiativeMe: CommandCheck<{ effectiveness: 'ME'; rule: string }>; rule: string } {
  if (typeof state !== 'object' || state === null || !Array.isArray(state.draws)) throw new RulesArgumentError('state', 'must be a card draw state');
  assertOneOf('state.initiativeSide', state.initiativeSide, SIDES);
  assertOneOf('order', order, ORDER_CODES);
  const position = state.draws.findIndex((d) => d.card.commandId === draw?.card?.commandId);
  if (position === -1) throw new RulesArgumentError('draw', 'must be one of the state\'s draws');
  const ownEarlier = state.draws.slice(0, position).some((d) => d.card.side === state.initiativeSide);
  const options = activationOptions(order);
  const initiativeMe = initiativeMeActivation({
    initiativePlayer: draw.card.side === state.initiativeSide,
    firstActivationOfSegment: !ownEarlier,
    order,
  });
  return { ...options, initiativeMe, rule: R.randomMovement };
}

// ---------------------------------------------------------------------------------------------
// The status ladder sub-option (RI-O14)
// ---------------------------------------------------------------------------------------------

/** The revision's cohesion states from best to worst: the ladder the sub-option climbs (RI-O14). */
export const STATUS_LADDER = ['ordered', 'disordered', 'routed', 'shattered'] as const;
export type LadderStatus = (typeof STATUS_LADDER)[number];
/** A hit: a result that leaves the unit in a worse state than ordered. */
export type LadderHit = Exclude<LadderStatus, 'ordered'>;
export const LADDER_HITS: readonly LadderHit[] = ['disordered', 'routed', 'shattered'];

const rank = (status: LadderStatus) => STATUS_LADDER.indexOf(status);

/** The next worse state; shattered is the worst and stays shattered. */
export function nextWorseStatus(status: LadderStatus): LadderStatus {
  assertOneOf('status', status, STATUS_LADDER);
  return STATUS_LADDER[Math.min(rank(status) + 1, STATUS_LADDER.length - 1)] as LadderStatus;
}

/**
 * The state a unit ends in when a hit (a result of disordered, routed or shattered from enemy action)
 * lands on it, with the status ladder on (RI-O14). A unit hit earlier this turn and whose card has not
 * been drawn yet takes the next worse state than the worse of its current state and the hit ("Shaken" +
 * "Stop" = "Retreat"; a Retreated or Routed unit Stopped again takes the next worse than its status).
 * Otherwise the worse of the two (the revision's own rules settle any further effect, such as a second
 * disorder's SP loss).
 */
export function statusLadderHit(i: {
  status: LadderStatus;
  hit: LadderHit;
  hitEarlierThisTurn: boolean;
  cardDrawnThisTurn: boolean;
}): { status: LadderStatus; escalated: boolean; reason: string; rule: string } {
  if (typeof i !== 'object' || i === null) throw new RulesArgumentError('i', 'must be { status, hit, hitEarlierThisTurn, cardDrawnThisTurn }');
  assertOneOf('status', i.status, STATUS_LADDER);
  assertOneOf('hit', i.hit, LADDER_HITS);
  assertBoolean('hitEarlierThisTurn', i.hitEarlierThisTurn);
  assertBoolean('cardDrawnThisTurn', i.cardDrawnThisTurn);
  const worse = rank(i.hit) > rank(i.status) ? i.hit : i.status;
  if (i.hitEarlierThisTurn && !i.cardDrawnThisTurn) {
    const status = nextWorseStatus(worse);
    return { status, escalated: status !== worse, reason: `Hit twice before its card was drawn: the next worse state after ${worse}`, rule: R.effect };
  }
  const reason = i.cardDrawnThisTurn ? 'Its card has been drawn this turn: the revision\'s own results apply' : 'First hit this turn';
  return { status: worse, escalated: false, reason, rule: R.effect };
}
