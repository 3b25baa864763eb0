/**
 * Card-draw activation in the game service. With the rule on, the In-Command Activation Phase's alternation is replaced by one
 * pooled draw of both sides' commands at the level chosen at New Game: Muster draws each card with its
 * die (every roll in the dice log with the draw's event, replayed by verify: db/card-draw-check.ts), the
 * drawn command alone may then try for ME or take RE (db/service/activation.ts runs the checks here), and
 * the draw ends when the box is empty. The box and the draws are public.
 */
import { cardActivation, cardDrawInPhase, CARD_DRAW_RULES, uniformPick, uniformPickScheme, type CardDrawState } from '../../rules/optional/card-draw';
import type { CardDrawLevel, DieRoll, OrderCode, Side } from '../../rules/types';
import type { CardDrawBox, CardDrawn, ClockState, DiceSource, DrawCardInput, DrawCardResult, Verdict } from '../../contract';
import { CARD_DRAW_LEVEL_NAMES } from '../../rules/optional/catalogue';
import { cardBox } from '../card-draw-check';
import { ACTIVATION_SEGMENT } from '../clock';
import { forbidden, MusterError } from '../errors';
import type { ChangeSet } from '../events';
import { listHistory } from '../events';
import { statement } from '../statements';
import { readClock, readCommands, readTurnState, readUnits, type CommandRow, type TurnStateRow, commandsById } from '../store';
import { askRules } from '../validate';
import { standingOrders } from './chain';
import { RULE } from './common';
import { die, write } from './context';
import type { GameContext, ServiceFunctions } from './game-context';
import { readOptionalRules } from './game-options';
import { requireStartOfActivationDone } from './turn-start';
import { meAttemptChecks, reActivationChecks } from './activation';
import { registerRuleModule } from './rule-seam';
import { numberingFor, type Numbering } from './numbering';

const R = CARD_DRAW_RULES;
const other = (side: Side): Side => (side === 'USA' ? 'CSA' : 'USA');

/** The rule's settings when it is in force and the draw replaces alternation in the current step (III.A: RI-O11), else null. */
export function cardDrawNow(ctx: GameContext): { level: CardDrawLevel; statusLadder: boolean } | null {
  const settings = readOptionalRules(ctx.db).cardDraw;
  if (settings === null) return null;
  const clock = readClock(ctx.db);
  if (clock.segment !== ACTIVATION_SEGMENT) return null;
  return cardDrawInPhase(clock.phase === 'B' ? 'out-of-command' : 'in-command').draw ? settings : null;
}

/** Any card drawn this turn (the beginning of the Activation Segment is over once one is: RI-O40). */
export function anyCardDrawn(ctx: GameContext): boolean {
  if (readOptionalRules(ctx.db).cardDraw === null) return false;
  return statement(ctx.db, 'SELECT 1 AS x FROM commands WHERE card_drawn IS NOT NULL LIMIT 1').get() !== undefined;
}

/**
 * RI-O40: while the draw is on, only the drawn card's command may activate; refused for any other, and
 * for every command before a card is drawn. The ME and RE checks (db/service/activation.ts) ask it through the seam.
 */
export function requireDrawnCard(ctx: GameContext, field: string, c: CommandRow): void {
  if (cardDrawNow(ctx) === null) return;
  const pending = readTurnState(ctx.db).card_pending;
  if (pending === c.id) return;
  if (pending === null) throw forbidden(field, `${c.name}: with card-draw activation only a drawn card's command activates; draw a card first`, R.randomMovement);
  const drawn = readCommands(ctx.db).find((x) => x.id === pending);
  throw forbidden(field, `${c.name}: the card drawn is ${drawn?.name ?? pending}'s, and only the units on it may activate now`, R.randomMovement);
}

/** The drawn card is spent by its command's activation (or a pass of it): the next card may be drawn. */
export function spendCard(cs: ChangeSet, t: TurnStateRow): void {
  if (t.card_pending !== null && t.card_pending !== undefined) cs.set('turn_state', 1, 'card_pending', t.card_pending, null);
}

/** The ordered draws of this segment as the rules engine's state (rolls left out: not needed to decide activations). */
function drawState(commands: CommandRow[], initiative: Side): Pick<CardDrawState, 'initiativeSide' | 'draws'> {
  const drawn = commands.filter((c) => c.card_drawn !== null).sort((a, b) => a.card_drawn! - b.card_drawn!);
  let drawer = initiative;
  const draws = drawn.map((c) => {
    const draw = { card: { commandId: c.id, side: c.side }, drawer, rolls: [] as DieRoll[] };
    drawer = other(c.side);
    return draw;
  });
  return { initiativeSide: initiative, draws };
}

/**
 * The Initiative player's free ME under the draw (RI-O11: it goes to his first own card drawn), from the
 * rules engine's cardActivation; null when the draw is not on (the revision's initial activation applies).
 */
export function cardInitiativeMe(ctx: GameContext, c: CommandRow, t: TurnStateRow, order: OrderCode): ReturnType<typeof cardActivation>['initiativeMe'] | null {
  if (cardDrawNow(ctx) === null || t.initiative === null || c.card_drawn === null) return null;
  const state = drawState(readCommands(ctx.db), t.initiative);
  const draw = state.draws.find((d) => d.card.commandId === c.id)!;
  return askRules(() => cardActivation(state, draw, order)).initiativeMe;
}

/** Everything a draw checks, throwing the first refusal; drawCard runs it, and so does the box's `mayDraw`. */
function drawChecks(ctx: GameContext, side: Side | undefined): { level: CardDrawLevel; drawer: Side } {
  const settings = readOptionalRules(ctx.db).cardDraw;
  if (settings === null) throw forbidden('cardDraw', 'this game does not use card-draw activation (it is chosen at New Game)', R.randomMovement);
  const clock = readClock(ctx.db);
  if (cardDrawNow(ctx) === null) {
    throw forbidden('cardDraw', `cards are drawn in the In-Command Activation Phase (III.A); the game is at ${clock.segment}.${clock.phase}`, R.randomMovement);
  }
  const t = readTurnState(ctx.db);
  if (t.initiative === null) throw forbidden('cardDraw', 'roll for the Initiative first: the Initiative player (Side A) draws the first card', RULE.initiative);
  requireStartOfActivationDone(ctx, 'cardDraw');
  const commands = readCommands(ctx.db);
  if (t.card_pending !== null) {
    const name = commands.find((c) => c.id === t.card_pending)?.name ?? t.card_pending;
    throw forbidden('cardDraw', `${name}'s card is drawn and it has not activated yet: it tries for ME or takes RE first`, R.randomMovement);
  }
  if (cardBox(commands, settings.level, readUnits(ctx.db)).remaining.length === 0) throw forbidden('cardDraw', 'the box is empty: every card has been drawn this segment; press Next', R.randomMovement);
  const drawer = t.side_to_act ?? t.initiative;
  if (side !== undefined && side !== drawer) throw forbidden('side', `it is ${drawer}'s draw: the side that did not move draws next`, R.randomMovement);
  return { level: settings.level, drawer };
}

function drawCard(ctx: GameContext, input: DrawCardInput): DrawCardResult {
  const drawn = write(ctx, 'activation.draw', input ?? {}, (cs) => {
    const { level, drawer } = drawChecks(ctx, input?.side);
    const commands = readCommands(ctx.db);
    const { remaining } = cardBox(commands, level, readUnits(ctx.db));
    const t = readTurnState(ctx.db);
    const place = commands.filter((c) => c.card_drawn !== null).length + 1;
    // The card's dice all come from one source: the app's, or both seats' jointly in a two-seat game.
    const source = ctx.jointDie ? ('joint' as const) : ('app' as const);
    const picked = uniformPick(remaining.length, () => die(ctx, undefined).roll);
    const card = remaining[picked.index]!;
    const c = commands.find((x) => x.id === card.commandId)!;
    cs.set('commands', c.id, 'card_drawn', null, place).set('turn_state', 1, 'card_pending', null, c.id).set('turn_state', 1, 'side_to_act', t.side_to_act, c.side);
    const scheme = uniformPickScheme(remaining.length);
    const target = scheme.digits === 0 ? null : `${scheme.digits === 1 ? 'one die' : `${scheme.digits} dice read as a number`} below ${scheme.acceptBelow}, then mod ${remaining.length}`;
    const accepted = picked.rolls.length - scheme.digits;
    const dice = picked.rolls.map((roll, i) => ({
      purpose: `Card draw ${place}: ${drawer} draws from ${remaining.length} cards`,
      source,
      roll,
      modifiers: { total: 0, items: [] },
      modified: roll,
      target,
      outcome: i < accepted ? 'over the limit: rolled again' : i < picked.rolls.length - 1 ? 'leading digit' : `card ${picked.index + 1} of ${remaining.length}: ${c.name} (${c.side})`,
    }));
    const how = picked.rolls.length === 0 ? 'the last card in the box' : `rolled ${picked.rolls.join(', ')}`;
    return {
      summary: `Card draw ${place}: ${drawer} draws ${c.name} (${c.side}): ${how}`,
      subjects: [`command:${c.id}`],
      dice,
      result: {
        card: { commandId: c.id, name: c.name, side: c.side, place, drawer, outOf: remaining.length, rolls: picked.rolls as number[], diceSeqs: [] as number[], rollsSource: picked.rolls.length === 0 ? null : source, activation: null },
      },
    };
  });
  return { ...drawn, card: { ...drawn.card, diceSeqs: drawn.dice.map((d) => d.seq) }, box: cardDrawBox(ctx)! };
}

function verdictOf(check: () => unknown): Verdict {
  try {
    check();
    return { allowed: true };
  } catch (e) {
    if (!(e instanceof MusterError)) throw e;
    return { allowed: false, reason: e.reason, ...(e.rule !== undefined ? { rule: e.rule } : {}) };
  }
}

/** The draws of this turn's segment, with their rolls from the dice log. */
function drawsOf(ctx: GameContext, commands: CommandRow[], initiative: Side | null, numbering: Numbering): CardDrawn[] {
  const turnId = readClock(ctx.db).turn_id;
  const events = listHistory(ctx.db, { turnId, kinds: ['activation.draw'], includeUndone: false, limit: 500 });
  const rollsOf = statement(ctx.db, 'SELECT seq, roll, source FROM dice_log WHERE event_seq = ? ORDER BY seq');
  const byCommand = new Map<string, { rolls: number[]; seqs: number[]; source: DiceSource | null }>();
  for (const e of events) {
    const key = e.changes.find((c) => c.table === 'commands' && c.field === 'card_drawn')?.key;
    const rows = rollsOf.all(e.seq) as { seq: number; roll: number; source: DiceSource }[];
    if (key !== undefined) byCommand.set(key, { rolls: rows.map((r) => r.roll), seqs: rows.map((r) => numbering.roll(r.seq)), source: rows[0]?.source ?? null });
  }
  const drawn = commands.filter((c) => c.card_drawn !== null).sort((a, b) => a.card_drawn! - b.card_drawn!);
  const poolSize = cardBox(commands, readOptionalRules(ctx.db).cardDraw!.level, readUnits(ctx.db)).pool.length;
  let drawer: Side = initiative ?? 'USA';
  return drawn.map((c) => {
    const logged = byCommand.get(c.id) ?? { rolls: [], seqs: [], source: null };
    const entry: CardDrawn = { commandId: c.id, name: c.name, side: c.side, place: c.card_drawn!, drawer, outOf: poolSize - c.card_drawn! + 1, rolls: logged.rolls, diceSeqs: logged.seqs, rollsSource: logged.source, activation: c.activation };
    drawer = other(c.side);
    return entry;
  });
}

/** The box as both sides see it (TurnState.cardDraw), or null in a game without the rule. */
/** The box; its rolls numbered as the one asking reads the dice log (RI-H07; nobody in particular by default). */
export function cardDrawBox(ctx: GameContext, numbering: Numbering = numberingFor(ctx.db, undefined)): CardDrawBox | null {
  const settings = readOptionalRules(ctx.db).cardDraw;
  if (settings === null) return null;
  const commands = readCommands(ctx.db);
  const t = readTurnState(ctx.db);
  const { remaining } = cardBox(commands, settings.level, readUnits(ctx.db));
  const byId = commandsById(commands);
  const inBox = remaining.map((card) => ({ commandId: card.commandId, name: byId.get(card.commandId)!.name, side: card.side }));
  const pendingRow = t.card_pending === null ? undefined : byId.get(t.card_pending);
  const inPhase = cardDrawNow(ctx) !== null;
  return {
    level: settings.level,
    statusLadder: settings.statusLadder,
    inPhase,
    inBox,
    remaining: { USA: inBox.filter((c) => c.side === 'USA').length, CSA: inBox.filter((c) => c.side === 'CSA').length },
    draws: drawsOf(ctx, commands, t.initiative, numbering),
    pending: pendingRow ? { commandId: pendingRow.id, name: pendingRow.name, side: pendingRow.side, initiativeMe: cardInitiativeMe(ctx, pendingRow, t, standingOrders(ctx, commands).get(pendingRow.id)!.order)?.ok === true } : null,
    nextDrawer: inPhase && pendingRow === undefined && remaining.length > 0 ? (t.side_to_act ?? t.initiative) : null,
    ended: inBox.length === 0,
    mayDraw: verdictOf(() => drawChecks(ctx, undefined)),
    rule: R.randomMovement,
  };
}

/** RI-O40: the clock leaves the In-Command Activation Phase only once the box is empty and no drawn card waits. */
export function requireDrawOver(ctx: GameContext): void {
  if (cardDrawNow(ctx) === null) return;
  const box = cardDrawBox(ctx)!;
  if (box.pending !== null) throw forbidden('clock', `${box.pending.name}'s card is drawn: it activates before the phase ends`, R.randomMovement);
  // Before the Initiative is rolled there is nothing to draw: the segment is being walked past.
  if (!box.ended && readTurnState(ctx.db).initiative !== null) {
    throw forbidden('clock', `the card draw is not over: ${box.inBox.length} card(s) left in the box (${box.remaining.USA} USA, ${box.remaining.CSA} CSA); draw them all`, R.randomMovement);
  }
}

/**
 * RI-O40: under card draw a pass is allowed only for a drawn card whose command may neither try for ME nor
 * take RE (a command without a leader, say); otherwise the drawn command activates. pass() runs it, and so
 * does the turn state's list of what each side may do.
 */
function cardPassChecks(ctx: GameContext): CommandRow {
  const t = readTurnState(ctx.db);
  const commands = readCommands(ctx.db);
  const c = commands.find((x) => x.id === t.card_pending);
  if (!c) throw forbidden('side', 'with card-draw activation nobody passes: draw a card', R.randomMovement);
  const may = (check: () => unknown) => {
    try {
      check();
      return true;
    } catch (e) {
      if (e instanceof MusterError) return false;
      throw e;
    }
  };
  const input = { commandId: c.id };
  if (may(() => meAttemptChecks(ctx, input, commands, false)) || may(() => reActivationChecks(ctx, input, commands, false))) {
    throw forbidden('side', `${c.name}'s card is drawn: it tries for ME or takes RE (a drawn card is spent by its activation)`, R.randomMovement);
  }
  return c;
}

/** The turn guide's III.A under the draw. */
function guide(ctx: GameContext, clock: ClockState): ClockState {
  const settings = readOptionalRules(ctx.db).cardDraw;
  if (settings === null || `${clock.segment}.${clock.phase}` !== 'III.A') return clock;
  const whatHappens =
    `Card-draw activation (optional rule): in place of alternation, Muster draws the next card from one box of both sides' ` +
    `${CARD_DRAW_LEVEL_NAMES[settings.level]} with its die; the drawn command tries ME or takes RE as its orders allow ` +
    `(the Initiative player's first card of his own may take ME without a roll), then the other side draws. The phase ends when the box is empty.`;
  return { ...clock, whatHappens, rules: clock.rules.includes(R.randomMovement) ? clock.rules : [...clock.rules, R.randomMovement] };
}

registerRuleModule({
  id: 'card-draw',
  name: 'Card-draw activation (optional rule)',
  kind: 'optional-rule',
  active: (db) => readOptionalRules(db).cardDraw !== null,
  activationOrder: (ctx) => {
    if (cardDrawNow(ctx) === null) return null;
    const pending = readTurnState(ctx.db).card_pending;
    return {
          mayActivate: (c) => c.id === pending,
          requireMayActivate: (field, c) => requireDrawnCard(ctx, field, c),
          initiativeMe: (c, t, order) => cardInitiativeMe(ctx, c, t, order),
          passChecks: () => cardPassChecks(ctx),
          pass: (cs, side, t) => {
            // RI-O40: under card draw a side passes only a drawn card its command can do nothing with; the card is spent.
            const c = cardPassChecks(ctx);
            spendCard(cs, t);
            cs.set('turn_state', 1, 'side_to_act', t.side_to_act, side === 'USA' ? 'CSA' : 'USA');
            return { summary: `${side} passes: ${c.name}'s card is spent without activating (it may neither try for ME nor take RE)`, subjects: [`command:${c.id}`] };
          },
    };
  },
  onActivation: spendCard,
  activationBegun: anyCardDrawn,
  // RI-O40: the In-Command Activation Phase ends when the box is empty.
  beforeAdvance: requireDrawOver,
  // Every card goes back in the box at a new turn (RI-O11).
  onNewTurn: (ctx, cs, move) => {
    for (const c of readCommands(ctx.db)) if (c.card_drawn !== null && c.card_drawn !== undefined) cs.set('commands', c.id, 'card_drawn', c.card_drawn, null);
    if (move.before.card_pending !== null && move.before.card_pending !== undefined) cs.set('turn_state', 1, 'card_pending', move.before.card_pending, null);
    return [];
  },
  // The draws' rolls numbered as the viewer reads the dice log (RI-H07).
  turnState: (ctx, viewer) => ({ cardDraw: cardDrawBox(ctx, numberingFor(ctx.db, viewer)) }),
  guide,
});

export const cardDrawFunctions = { drawCard } satisfies Partial<ServiceFunctions>;
