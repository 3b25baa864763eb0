/**
 * The clock: the turn state players act on, and moving the clock to the next step of the Sequence of
 * Play with the automatic changes due on the way (db/clock.ts says which are due).
 */
import { stragglersRecovered } from '../../rules/losses';
import { initiativeModifierHolder } from '../../rules/initiative';
import { readHouseReadings } from '../reading-choices';
import { clockAfter, clockInfo, INITIATIVE_SEGMENT, type AutomaticEvent } from '../clock';
import { forbidden, invalid } from '../errors';
import type { ChangeSet } from '../events';
import type { AdvanceClockInput, AdvanceClockResult, AdvanceToDecisionResult, ChangeResult, FinishEntriesInput, LegalActions, TurnState, Viewer } from '../../contract';
import { SIDES, type Side } from '../../rules/types';
import { MusterError } from '../errors';
import { readActivatedUnits, readClock, readGame, readCommands, readLeaders, readTurns, readTurnState, readUnits, steadyReads } from '../store';
import { askRules } from '../validate';
import { RULE } from './common';
import { seatOf } from '../seats/store';
import { obligationsNow, requireObligationsMet, rollAllDueVerdict } from './obligations';
import { inTransaction, write, type GameContext, type ServiceFunctions } from './context';
import { perRevision } from './revision-memo';
import { legalActions, verdictOf } from './legal';
import { turnOffers } from './offers';
import { fatigueRecovery } from './movement';
import { automaticArrivals } from './reinforcements';
import { clockMoveNotes, moduleTurnState, requireModulesAllowAdvance } from './rule-seam';
import { BOTH_DONE, entriesThisStep, secretEntriesNow, secretsRecorded, secretStep, sideBit } from './secrets';

/** The turn state: a query only, so its many checks share one read of the clock, the turn state and the commands. */
function turnState(ctx: GameContext, input: { viewer?: Viewer } = {}): TurnState {
  return steadyReads(ctx.db, () => turnStateNow(ctx, input));
}

function turnStateNow(ctx: GameContext, input: { viewer?: Viewer } = {}): TurnState {
  const t = readTurnState(ctx.db);
  const commands = readCommands(ctx.db);
  const preroll = (v: number | null) => (v === null ? null : v === 1);
  const obligations = obligationsNow(ctx);
  return {
    turnId: readClock(ctx.db).turn_id,
    initiative: t.initiative,
    initiativeModifier: t.initiative_modifier,
    armyPointsForInitiative: { USA: t.army_points_usa === 1, CSA: t.army_points_csa === 1 },
    orderPreRoll: { USA: preroll(t.preroll_usa), CSA: preroll(t.preroll_csa) },
    activations: t.activations,
    passesInRow: t.passes_in_row,
    sideToAct: t.side_to_act,
    meAttempted: commands.filter((c) => c.me_attempted === 1).map((c) => c.id),
    orderChangeFailed: commands.filter((c) => c.order_change_failed === 1).map((c) => c.id),
    attachmentMade: t.attachment_made === 1,
    activated: commands
      .filter((c) => c.activation !== null)
      .map((c) => ({ commandId: c.id, side: c.side, effectiveness: c.activation!, phase: c.activation_phase ?? '', order: c.activation_order ?? 0, confusionResult: c.confusion_result }))
      .sort((a, b) => a.order - b.order),
    unitsActivated: readActivatedUnits(ctx.db)
      .map((u) => ({ unitId: u.id, commandId: u.command_id, side: u.side, effectiveness: u.activation!, phase: u.activation_phase ?? '', order: u.activation_order ?? 0, confusionResult: u.confusion_result }))
      .sort((a, b) => a.order - b.order),
    secretEntries: secretEntriesNow(ctx.db),
    legal: { ...legalActions(ctx), advance: advanceVerdicts(ctx) },
    offers: turnOffers(ctx),
    obligations: { items: obligations, rollAllDue: rollAllDueVerdict(ctx, obligations) },
    // The fields the rule modules' contracts add (card-draw activation's box: null in a game without it).
    cardDraw: null,
    ...moduleTurnState(ctx, input.viewer),
  };
}

/** A side has finished its secret entries of this step (it hands over); the second to finish reveals both (RI-H01). */
function finishEntries(ctx: GameContext, input: FinishEntriesInput): ChangeResult {
  return write(ctx, 'entries.finished', input, (cs) => {
    const clock = readClock(ctx.db);
    const step = secretStep(clock);
    if (!step) throw forbidden('side', `${clock.segment}.${clock.phase} has no secret entries to finish; press Next`, RULE.sequence);
    if (clock.segment === INITIATIVE_SEGMENT) throw forbidden('side', `in the Initiative Phase a side finishes by declaring whether its army commander adds his points (declareInitiative)`, RULE.initiative);
    const t = readTurnState(ctx.db);
    const bit = sideBit(input.side);
    if ((t.entries_done & bit) !== 0) throw invalid('side', `${input.side} has already finished its entries in ${step.label}`);
    const done = t.entries_done | bit;
    cs.set('turn_state', 1, 'entries_done', t.entries_done, done);
    return {
      summary: `${input.side} has finished its entries in ${step.label}${done === BOTH_DONE ? ': both sides\' entries are revealed' : ': hidden until the other side has finished too'}`,
      result: {},
    };
  });
}

function advanceClock(ctx: GameContext, input: AdvanceClockInput = {}): AdvanceClockResult {
  return write(ctx, 'clock.advanced', input, (cs) => {
    const game = readGame(ctx.db);
    const clock = readClock(ctx.db);
    const turns = readTurns(ctx.db);
    const next = advanceChecks(ctx, input, game.last_turn_id);
    const t = readTurnState(ctx.db);
    if (secretsRecorded(ctx.db)) cs.set('turn_state', 1, 'entries_done', t.entries_done, 0);
    // What the players settled in the step just left (RI-B15) belongs to it.
    cs.set('turn_state', 1, 'settled', t.settled ?? '[]', '[]');
    cs.set('clock', 1, 'turn_id', clock.turn_id, next.turnId).set('clock', 1, 'step', clock.step, next.step).set('clock', 1, 'segment', clock.segment, next.segment).set('clock', 1, 'phase', clock.phase, next.phase);
    const automatic: string[] = [];
    for (const ev of next.events) automatic.push(...applyAutomatic(ctx, cs, ev, t, next.turnId));
    const turn = turns.find((x) => x.id === next.turnId)!;
    // The rule modules' resets and automatic changes (the Messengers option's arrivals at a new turn, RI-O16;
    // Variable Initiative's holder of the Initiative entering II.A, RI-O01).
    const newDay = next.events.includes('new-turn') && turn.date !== turns.find((x) => x.id === clock.turn_id)!.date;
    automatic.push(...clockMoveNotes(ctx, cs, { turnId: next.turnId, segment: next.segment, phase: next.phase, events: next.events, before: t }, newDay));
    const info = clockInfo({ turn_id: next.turnId, segment: next.segment, phase: next.phase }, turns);
    return {
      summary: `Clock: ${turn.date} ${turn.time}, ${info.label}${automatic.length ? `; ${automatic.join('; ')}` : ''}`,
      result: { clock: info, automatic },
    };
  });
}

/**
 * Everything advanceClock checks before it moves the clock, returning the next step. The turn state runs
 * the same checks for the Next and skip buttons (legal.advance), so a screen never offers a refused Next.
 */
function advanceChecks(ctx: GameContext, input: AdvanceClockInput = {}, lastTurnId: string = readGame(ctx.db).last_turn_id): NonNullable<ReturnType<typeof clockAfter>> {
  const clock = readClock(ctx.db);
  const turns = readTurns(ctx.db);
  const next = clockAfter(clock, turns, lastTurnId);
  if (next === null) throw forbidden('clock', 'the last game turn is over: end the game', RULE.sequence);
  // RI-B15: nothing due in this step is passed: the Initiative, the rolls for entry and the rain, UDDs owed,
  // the designations made or waived, fallen leaders replaced, RSM markers and abandoned guns (RI-S08) settled;
  // under Variable Initiative a First Day-Turn's levels (RI-O01).
  requireObligationsMet(ctx, 'clock');
  if (secretsRecorded(ctx.db)) requireEntriesMade(ctx, clock, readTurnState(ctx.db).entries_done, new Set(input.nothingToEnter ?? []));
  // The rule modules' own checks (card draw, RI-O40: the In-Command Activation Phase ends when the box is empty).
  requireModulesAllowAdvance(ctx);
  return next;
}

/**
 * The Next and skip buttons' verdicts (RI-H02): `next` as pressed, and `nobodyEnters` (both sides said to
 * have nothing to enter) offered only in a step of secret entries that neither side has begun.
 */
function advanceVerdicts(ctx: GameContext): LegalActions['advance'] {
  const next = verdictOf(() => advanceChecks(ctx)).verdict;
  const secret = secretEntriesNow(ctx.db);
  const untouched = secret !== null && !secret.revealed && !secret.finished.USA && !secret.finished.CSA && SIDES.every((side) => entriesThisStep(ctx.db, side) === 0);
  // Two seats (RI-H09): a public write is refused while both seats enter, so each seat finishes its own on its device.
  if (untouched && seatOf(ctx.db) !== null) return { next, nobodyEnters: { allowed: false, reason: 'in a game played from two seats each seat finishes its own entries on its own device', rule: RULE.sequence } };
  const nobodyEnters = untouched
    ? verdictOf(() => advanceChecks(ctx, { nothingToEnter: ['USA', 'CSA'] })).verdict
    : { allowed: false, reason: secret === null ? 'this step has no secret entries' : 'a side has made or finished its entries in this step: each finishes its own', rule: RULE.sequence };
  return { next, nobodyEnters };
}

/**
 * RI-H02: Next never skips a side's secret entries unasked. In a step of secret entries each side must
 * have finished them, or be named as having nothing to enter; a side that made entries finishes them.
 */
function requireEntriesMade(ctx: GameContext, clock: ReturnType<typeof readClock>, done: number, nothingToEnter: Set<Side>): void {
  const step = secretStep(clock);
  if (!step || done === BOTH_DONE) return;
  for (const side of SIDES) {
    if ((done & sideBit(side)) !== 0) continue;
    if (!nothingToEnter.has(side)) {
      throw forbidden(
        'nothingToEnter',
        `${side} has not finished its entries in ${step.label} (${step.entries}): let ${side} enter them and finish, or say ${side} has nothing to enter (nothingToEnter)`,
        step.rule,
      );
    }
    // How many is the side's own business (RI-H07): the words are the same for one entry or ten.
    if (entriesThisStep(ctx.db, side) > 0) throw forbidden('nothingToEnter', `${side} has made entries in ${step.label}: ${side} finishes them (finishEntries) rather than having nothing to enter`, step.rule);
  }
}

function applyAutomatic(ctx: GameContext, cs: ChangeSet, ev: AutomaticEvent, t: ReturnType<typeof readTurnState>, turnId: string): string[] {
  switch (ev) {
    case 'start-activation-phase': {
      const side = t.initiative;
      cs.set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0).set('turn_state', 1, 'side_to_act', t.side_to_act, side);
      return side ? [`${side} activates first`] : [];
    }
    case 'new-turn': {
      // Per-turn state starts afresh: rating points, moves, Leader Rally, ME attempts, failed order changes,
      // Confusion Table results, Bayonet Charge markers (RI-K12), initiative. The rule modules' own per-turn
      // state (cards drawn, status-ladder hits, night plots) is theirs to reset (rule-seam.ts onNewTurn).
      for (const l of readLeaders(ctx.db)) {
        cs.set('leaders', l.id, 'points_used', l.points_used, null).set('leaders', l.id, 'moved', l.moved, 0).set('leaders', l.id, 'rally_used', l.rally_used, 0);
      }
      for (const c of readCommands(ctx.db)) {
        cs.set('commands', c.id, 'me_attempted', c.me_attempted, 0).set('commands', c.id, 'order_change_failed', c.order_change_failed, 0);
        cs.set('commands', c.id, 'activation', c.activation, null).set('commands', c.id, 'activation_phase', c.activation_phase, null).set('commands', c.id, 'activation_order', c.activation_order, null);
        cs.set('commands', c.id, 'confusion_result', c.confusion_result, null);
      }
      for (const u of readActivatedUnits(ctx.db)) {
        cs.set('units', u.id, 'activation', u.activation, null).set('units', u.id, 'activation_phase', u.activation_phase, null).set('units', u.id, 'activation_order', u.activation_order, null);
        cs.set('units', u.id, 'confusion_result', u.confusion_result, null);
      }
      for (const u of readUnits(ctx.db).filter((x) => x.bayonet_charge === 1)) cs.set('units', u.id, 'bayonet_charge', 1, 0);
      // RI-S11: by default the previous turn's Initiative winner holds the +1 Initiative Modifier; the game's
      // house reading may give it to the loser.
      cs.set('turn_state', 1, 'initiative_modifier', t.initiative_modifier, askRules(() => initiativeModifierHolder(t.initiative, readHouseReadings(ctx.db).initiativeModifier)));
      for (const [field, v] of [
        ['initiative', null],
        ['army_points_usa', 0],
        ['army_points_csa', 0],
        ['preroll_usa', null],
        ['preroll_csa', null],
        ['activations', 0],
        ['passes_in_row', 0],
        ['side_to_act', null],
        ['attachment_made', 0],
      ] as const) {
        cs.set('turn_state', 1, field, cs.valueOf('turn_state', 1, field, t[field]), v);
      }
      return [`turn ${turnId} begins`];
    }
    case 'expire-commanders-initiative': {
      // RI-S10: a Commander's Initiative order lapses and the holder follows its superior's order again.
      let n = 0;
      for (const c of readCommands(ctx.db)) {
        if (c.order_expires === 1) {
          cs.set('commands', c.id, 'own_order', c.own_order, null).set('commands', c.id, 'order_expires', 1, 0);
          n += 1;
        }
      }
      for (const u of readUnits(ctx.db)) {
        if (u.order_expires === 1) {
          cs.set('units', u.id, 'own_order', u.own_order, null).set('units', u.id, 'order_expires', 1, 0);
          n += 1;
        }
      }
      return n > 0 ? [`${n} Commander's Initiative order(s) expired`] : [];
    }
    case 'arrivals':
      return automaticArrivals(ctx, cs, turnId);
    case 'fatigue-recovery':
      return fatigueRecovery(ctx, cs);
    case 'straggler-recovery': {
      const commands = readCommands(ctx.db).filter((c) => c.recovery === 1);
      const notes: string[] = [];
      for (const c of commands) {
        let recovered = 0;
        for (const u of readUnits(ctx.db).filter((x) => x.command_id === c.id && x.stragglers > 0)) {
          const back = askRules(() => stragglersRecovered(u.stragglers));
          cs.set('units', u.id, 'stragglers', u.stragglers, u.stragglers - back);
          recovered += back;
        }
        // The marker has done its work for the night.
        cs.set('commands', c.id, 'recovery', 1, 0);
        notes.push(`${c.name} recovers ${recovered} straggler SP`);
      }
      return notes;
    }
  }
}

/**
 * RI-B13: why the turn must stop at the step the clock is at, or null when nothing is to be entered there
 * and the clock may move on: each new turn (the Orders Segment), the Activation Segment, and every step
 * with something due in it (RI-B15: the turn's obligations, the one list Next also waits for).
 */
function decisionAt(ctx: GameContext): string | null {
  const clock = readClock(ctx.db);
  const step = `${clock.segment}.${clock.phase}`;
  const due = obligationsNow(ctx);
  const words = due.map((d) => d.text).join('; ');
  if (step === 'I.A') return due.length > 0 ? `a new turn: the Orders Segment; first ${words}` : 'a new turn: the Orders Segment';
  if (step === 'III.A') return due.length > 0 ? `the Activation Segment: first ${words}` : 'the Activation Segment';
  return due.length > 0 ? words : null;
}

/**
 * Fewer clicks: the clock moves step by step (one event each, as Next would) through every
 * step where nothing waits, and stops at the next decision, roll or chore (RI-B13). The whole advance is
 * one transaction: a step the rules refuse (guns to resolve, the last turn over) is where it stops, keeping
 * the steps before it; any other failure part-way (a refusal of another kind, the file failing to write)
 * takes every step back with it, so nothing of the advance is written.
 */
function advanceToDecision(ctx: GameContext, input: AdvanceClockInput = {}): AdvanceToDecisionResult {
  return inTransaction(ctx.db, (): AdvanceToDecisionResult => {
    const passed: string[] = [];
    const automatic: string[] = [];
    let last: AdvanceClockResult | null = null;
    let stoppedBecause: string | null = null;
    while (stoppedBecause === null) {
      try {
        // A step of secret entries is passed only as Next would pass it (RI-H02): the sides finished, or said to have nothing to enter.
        last = advanceClock(ctx, input);
      } catch (e) {
        // Nothing moved at all: the refusal is the answer. Else the jump stops before the refused step.
        if (last === null || !(e instanceof MusterError) || e.code !== 'RULES_FORBID') throw e;
        stoppedBecause = e.message.replace(/^clock: /, '');
        break;
      }
      passed.push(last.clock.label);
      automatic.push(...last.automatic);
      stoppedBecause = decisionAt(ctx);
      if (passed.length > 40) stoppedBecause = 'a whole turn passed with nothing to do';
    }
    const result = last!;
    return { event: result.event, clock: clockInfo(readClock(ctx.db), readTurns(ctx.db)), passed, stoppedBecause: stoppedBecause!, automatic };
  });
}

// The turn bar asks for the turn state after every change, and the Turn screen with it: worked out once per state of the file.
/** The turn state, worked out once per state of the file (the turn bar asks for it after every change). */
export const keptTurnState = perRevision(turnState);

export const clockFunctions = { turnState: keptTurnState, finishEntries, advanceClock, advanceToDecision } satisfies Partial<ServiceFunctions>;
