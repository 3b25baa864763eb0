/**
 * Whose step it is, when each side plays from its own seat (RI-H09). The Sequence of Play says who acts in
 * each step: in a step of secret entries both players enter "simultaneously and secretly", each his own
 * side's; in the Activation Segment the players alternate, beginning with the Initiative player; the other
 * steps are carried out by the Initiative player, who also moves the clock on ("Beginning with the
 * Initiative player"); at the beginning of the Activation Segment the words on Alternative Arrival Area orders
 * come first (RI-H10: sealed orders opened or kept, then the words on a new one: both army commanders' at the
 * same time, held and committed like secret entries, when both could order; else the side without the
 * Initiative's alone).
 * A seat that writes out of turn would give the two files two histories, so such a
 * write is refused, with the step and the seat whose turn it is.
 *
 * Pure: the service gathers the facts (db/seats/turn.ts) and writes nothing this refuses.
 */
import { describeStep, type SequenceStep } from './sequence';
import type { Side } from './types';

/** Where the step stands, as the seat's file records it. */
export interface SeatStepFacts {
  step: SequenceStep;
  /** The first change that is not a setup edit has been made (RI-S01): before it, the USA seat edits the setup. */
  started: boolean;
  /** The sides that have finished (revealed) their secret entries of this step. */
  finished: Readonly<Record<Side, boolean>>;
  /** The sides whose commitments to their secret entries of this step the file holds. */
  committed: Readonly<Record<Side, boolean>>;
  /** The side to act in the Activation Segment, when one has been set. */
  sideToAct: Side | null;
  /** The turn's Initiative player, once the Initiative is determined. */
  initiative: Side | null;
  /**
   * RI-H10: at the beginning of the Activation Segment, the side whose sealed Alternative Arrival Area orders
   * wait for its word (opened or kept sealed this turn), USA's first; null when none do.
   */
  sealedOrders?: Side | null;
  /**
   * RI-H10: at the beginning of the Activation Segment, the side without the Initiative whose word on an
   * Alternative Arrival Area order is awaited (alternativeWordAwaited: its army commander could order one,
   * as both files know), before the Initiative player's step; null when no word is awaited.
   */
  alternativeWord?: Side | null;
  /**
   * RI-H10: at the beginning of the Activation Segment, when both army commanders could order an Alternative
   * Arrival Area, both give their word at the same time, each sealed on its seat until both have committed:
   * which sides' words are in the log, and whose is revealed first (the side without the Initiative, so the
   * Initiative player's step follows his own); null when both words are not awaited together.
   */
  alternativeWords?: { given: Readonly<Record<Side, boolean>>; first: Side } | null;
  /**
   * RI-O01: this Initiative Phase takes no declarations, since Variable Initiative's levels decide the
   * Initiative (a First Day-Turn's levels to determine, or a day turn held by them): not a step of secret entries.
   */
  noDeclarations?: boolean;
}

/**
 * What a seat's write is: one of its side's secret entries (or its finishing of them), made on the seat's
 * own device and kept there ('held'), or written into the shared log when the seat reveals them
 * ('revealed'); or any other, public, change (a setup edit before the game starts among them).
 */
export type SeatWrite =
  | {
      kind: 'entry';
      side: Side;
      stage: 'held' | 'revealed';
      /** A side's word on an Alternative Arrival Area order given with the other side's, at the same time (RI-H10). */
      word?: boolean;
    }
  | {
      kind: 'public';
      setup: boolean;
      /** A side's word on an Alternative Arrival Area order (its order, sealed, or no order this turn: RI-H10). */
      word?: boolean;
      /** A side's sealed message opened as it arrives, as the Orders Segment begins (the Messengers option: RI-H12). */
      opening?: boolean;
    };

export type SeatVerdict = { ok: true } | { ok: false; reason: string; rule: string };

const SEQUENCE = 'Rev. Sequence of Play';
const ACTIVATION = 'Rev. Activation Segment';
const ALTERNATIVE = 'Rev. Alternative Arrival Areas';
const MESSENGERS = 'Messengers (Fields of Blue and Grey)';
const BOTH_WORDS = 'at the beginning of the Activation Segment both army commanders say at the same time whether they send a group to an Alternative Arrival Area';

/** Who acts in the step: 'both' in a step of secret entries not yet revealed, else the one seat. */
export function seatToAct(facts: SeatStepFacts): { seat: Side | 'both'; why: string; rule: string } {
  const d = describeStep(facts.step);
  if (d.secret && !facts.noDeclarations && !(facts.finished.USA && facts.finished.CSA)) {
    return { seat: 'both', why: `in ${d.label} both players make their secret entries at the same time`, rule: d.secret.rule };
  }
  if (facts.sealedOrders) {
    const side = facts.sealedOrders;
    return { seat: side, why: `at the beginning of the Activation Segment the ${side} seat first says whether its sealed Alternative Arrival Area orders are opened`, rule: ALTERNATIVE };
  }
  const words = facts.alternativeWords;
  if (words && !(words.given.USA && words.given.CSA)) return { seat: 'both', why: BOTH_WORDS, rule: ALTERNATIVE };
  if (facts.alternativeWord) {
    const side = facts.alternativeWord;
    return { seat: side, why: `at the beginning of the Activation Segment the ${side} seat first says whether its army commander sends a group to an Alternative Arrival Area`, rule: ALTERNATIVE };
  }
  if (facts.step.segment === 'III') {
    const side = facts.sideToAct ?? facts.initiative ?? 'USA';
    return { seat: side, why: `in ${d.label} the players alternate, and it is ${side}'s turn`, rule: ACTIVATION };
  }
  const side = facts.initiative ?? 'USA';
  return {
    seat: side,
    why: facts.initiative
      ? `${d.label} is carried out by the Initiative player, ${side}`
      : `${d.label} is carried out by the USA player until an Initiative player is determined`,
    rule: SEQUENCE,
  };
}

/**
 * May this seat make this write now? A side's secret entries are its own seat's only; they are held on its
 * device until both seats have committed to theirs, then revealed into the shared log, USA's first, then
 * CSA's (one history in both files). Every other write belongs to the seat whose step it is.
 */
export function seatMayWrite(facts: SeatStepFacts, seat: Side, write: SeatWrite): SeatVerdict {
  const d = describeStep(facts.step);
  const toAct = seatToAct(facts);
  if (write.kind === 'entry') {
    if (write.word) return wordMayBeWritten(facts, seat, write, toAct);
    if (write.side !== seat) return { ok: false, reason: `the ${seat} seat makes only ${seat}'s entries; ${write.side}'s are made at the ${write.side} seat`, rule: d.secret?.rule ?? SEQUENCE };
    if (toAct.seat !== 'both') return { ok: false, reason: `${d.label} takes no secret entries now: ${toAct.why}`, rule: toAct.rule };
    if (facts.finished[seat]) return { ok: false, reason: `${seat} has already revealed its entries of ${d.label}`, rule: toAct.rule };
    if (write.stage === 'held') {
      if (facts.committed[seat]) return { ok: false, reason: `${seat} has finished its entries of ${d.label} and committed to them; nothing more may be entered for it now`, rule: toAct.rule };
      return { ok: true };
    }
    if (!facts.committed.USA || !facts.committed.CSA) {
      const missing = !facts.committed.USA ? 'USA' : 'CSA';
      return { ok: false, reason: `${seat}'s entries of ${d.label} are revealed only once both seats have committed to theirs, and ${missing} has not yet`, rule: toAct.rule };
    }
    if (seat === 'CSA' && !facts.finished.USA) return { ok: false, reason: `USA's entries of ${d.label} are revealed first, then CSA's: wait for USA's`, rule: toAct.rule };
    return { ok: true };
  }
  // RI-H12: a seat's messages arriving this turn are opened in the open as the Orders Segment begins, before
  // either side's entries of its first step are revealed (both seats hold their entries until then), by either seat.
  if (write.opening) {
    if (facts.step.segment === 'I' && facts.step.phase === 'A' && !facts.finished.USA && !facts.finished.CSA) return { ok: true };
    return { ok: false, reason: `a message on its way is opened as the Orders Segment begins, before the entries of its first step are revealed, not in ${d.label}${facts.step.segment === 'I' && facts.step.phase === 'A' ? ' once they are' : ''}`, rule: MESSENGERS };
  }
  if (toAct.seat === 'both') {
    // Before the game starts, the setup is edited by the USA seat (RI-S01: a setup edit starts nothing).
    if (!facts.started && write.setup) return seat === 'USA' ? { ok: true } : { ok: false, reason: 'the setup is edited at the USA seat before the game starts', rule: SEQUENCE };
    const until = facts.alternativeWords ? 'both words are revealed' : "both sides' entries are revealed";
    return { ok: false, reason: `${toAct.why}: nothing else is recorded until ${until}`, rule: toAct.rule };
  }
  if (toAct.seat !== seat) return { ok: false, reason: `it is not the ${seat} seat's turn: ${toAct.why}`, rule: toAct.rule };
  // The word of the side without the Initiative is all its seat writes before the Initiative player's step.
  if (!facts.sealedOrders && facts.alternativeWord && !write.word) {
    return { ok: false, reason: `${toAct.why} (its order, or no order this turn): nothing else is recorded until it has`, rule: toAct.rule };
  }
  return { ok: true };
}

/**
 * RI-H10: a side's word on an Alternative Arrival Area order given at the same time as the other side's: its own
 * seat's only, held there until it commits (the word is all it enters), revealed once both seats have committed,
 * the side without the Initiative's first.
 */
function wordMayBeWritten(facts: SeatStepFacts, seat: Side, write: { side: Side; stage: 'held' | 'revealed' }, toAct: ReturnType<typeof seatToAct>): SeatVerdict {
  const words = facts.alternativeWords;
  if (write.side !== seat) return { ok: false, reason: `the ${seat} seat gives only ${seat}'s word; ${write.side}'s is given at the ${write.side} seat`, rule: ALTERNATIVE };
  if (toAct.seat !== 'both' || !words) return { ok: false, reason: `no word on an Alternative Arrival Area is given at the same time now: ${toAct.why}`, rule: toAct.rule };
  if (words.given[seat]) return { ok: false, reason: `${seat} has already given its word on an Alternative Arrival Area this turn`, rule: ALTERNATIVE };
  if (write.stage === 'held') {
    if (facts.committed[seat]) return { ok: false, reason: `${seat} has given its word on an Alternative Arrival Area and committed to it; nothing more may be entered for it now`, rule: ALTERNATIVE };
    return { ok: true };
  }
  // A word already in the log (given in the open by a file of an earlier version) needs no commitment to wait for.
  const bound = (side: Side) => facts.committed[side] || words.given[side];
  if (!bound('USA') || !bound('CSA')) {
    const missing = !bound('USA') ? 'USA' : 'CSA';
    return { ok: false, reason: `${seat}'s word is revealed only once both seats have committed to theirs, and ${missing} has not yet`, rule: ALTERNATIVE };
  }
  if (seat !== words.first && !words.given[words.first]) return { ok: false, reason: `${words.first}'s word (without the Initiative) is revealed first, then ${seat}'s: wait for ${words.first}'s`, rule: ALTERNATIVE };
  return { ok: true };
}

/**
 * What both files know, at the beginning of the Activation Segment, of the army commander of the side
 * without the Initiative and of its groups still to come (RI-H10). Nothing here is a secret: the army
 * commander's points and where he is are in the open, so is which groups have arrived, and so is how many
 * orders the side has sealed (the log says so), though not which groups they send.
 */
export interface AlternativeWordFacts {
  /** The side without the Initiative. */
  side: Side;
  /** Its acting army commander may spend his rating points now (on the map, not yet spent this turn). */
  armyMaySpend: boolean;
  /** Its groups not yet arrived, less those whose Alternative Arrival order has been opened into the log. */
  groupsWithoutOpenedOrder: number;
  /** Its Alternative Arrival Area orders sealed and not yet opened: each sends one of those groups, unsaid which. */
  sealedOrders: number;
  /** It has said "no order" this turn. */
  saidNoOrder: boolean;
}

/**
 * Whether the side without the Initiative has a word to say on an Alternative Arrival Area order at this
 * beginning of the Activation Segment (RI-H10): only when its army commander could order one at all (his
 * points unspent, a group still to come that no order of his sends already) and it has not said "no order".
 * Whether a seat is asked is worked out from what both files hold alike, so asking tells nothing secret.
 */
export function alternativeWordNeeded(f: AlternativeWordFacts): { needed: boolean; reason: string | null } {
  if (f.saidNoOrder) return { needed: false, reason: `${f.side} has said: no Alternative Arrival Area order this turn` };
  if (!f.armyMaySpend) return { needed: false, reason: `${f.side}'s army commander has no rating points to spend on an Alternative Arrival Area now` };
  if (f.groupsWithoutOpenedOrder <= f.sealedOrders) return { needed: false, reason: `every ${f.side} group still to come already has an Alternative Arrival Area order` };
  return { needed: true, reason: null };
}

/**
 * What a seat waits for from the other seat now, in words, or null when it may act: its turn, or a step of
 * secret entries it has not finished. A seat that has finished its entries waits for the other's commitment
 * to theirs, then for the reveal (USA's first, then CSA's).
 */
export function seatWaitingFor(facts: SeatStepFacts, seat: Side): string | null {
  const d = describeStep(facts.step);
  const other: Side = seat === 'USA' ? 'CSA' : 'USA';
  const toAct = seatToAct(facts);
  if (toAct.seat === seat) return null;
  if (toAct.seat === other) return `the ${other} seat's turn: ${toAct.why}`;
  const words = facts.alternativeWords;
  if (words) {
    if (!facts.committed[seat] && !words.given[seat]) return null;
    if (!facts.committed[other] && !words.given[other]) return `waiting for the ${other} seat's word on an Alternative Arrival Area`;
    const second: Side = words.first === 'USA' ? 'CSA' : 'USA';
    return `waiting for ${words.given[words.first] ? second : words.first}'s word on an Alternative Arrival Area to be revealed`;
  }
  if (!facts.committed[seat] && !facts.finished[seat]) return null;
  if (!facts.committed[other]) return `waiting for the ${other} seat to finish its entries of ${d.label}`;
  if (!facts.finished.USA) return `waiting for USA's entries of ${d.label} to be revealed`;
  return `waiting for CSA's entries of ${d.label} to be revealed`;
}
