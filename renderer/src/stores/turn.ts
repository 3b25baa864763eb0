/**
 * The turn store: what the turn bar and the turn screens show (where the game is in the sequence of
 * play, the turn state, the command tree, the leaders, this turn's events and their dice) and every
 * change a turn makes (order changes, initiative, activations, passes, the clock, end-of-turn chores).
 *
 * It only calls window.muster through renderer/src/api.ts, and every change goes through the app
 * store's write(), which applies the write's answer (the game info, the new turn state) and bumps the
 * revision; the screens then read again only what the answer did not bring and did not say it kept
 * (app.kept), so what is on screen is what the service said (nothing half-done). The command tree and the
 * units on the map follow the answer's roster sheet of changes, as the Roster screen's do (turn-forces.ts). What
 * is read again keeps the objects of every command, leader and unit that did not change (keepUnchanged), so Vue
 * redraws the rows that changed, not the whole tree.
 *
 * Secret entries (Rev. Orders Segment: "both players simultaneously and secretly"; Rev. Initiative
 * Segment) are kept from the other side by the service (RI-H01): every query here asks as the side at
 * the keyboard (app.asViewer). The stage of a step's entries comes from the service too (who has
 * finished); only the hand-over confirmations are the window's own (app store).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CallInput, Output } from '../../../contract';
import type { ClockEvent } from '../../../rules/sequence';
import type { Side } from '../../../rules/types';
import { asApiError, call } from '../api';
import { entryRevisited, useAppStore } from './app';
import { keepUnchanged } from './keep-unchanged';
import { useTurnForces } from './turn-forces';
import { entriesOldestFirst, rollsJoined, sinceHeld, type LogHeld, type SinceHeld } from './log-since';

// The service's shapes as the contract (contract/index.ts) gives them to the window.
export type TurnState = Output<'turnState'>;
/** A command that activated this segment, and how (the service records it with the activation). */
export type CommandActivation = TurnState['activated'][number];
/** A single unit activated in the Out-of-Command Activation Phase. */
export type UnitActivation = TurnState['unitsActivated'][number];
export type CommandNode = Output<'commandTree'>[number];
export type LeaderRow = Output<'leaders'>[number];
export type RosterUnit = Output<'roster'>[number];
export type HistoryEntry = Output<'history'>[number];
export type DiceRecord = Output<'diceLog'>[number];
export type DiceSource = DiceRecord['source'];
export type ClockState = Output<'info'>['clock'];
export type AdvanceClockResult = Output<'advanceClock'>;
export type OrderChangeAttemptResult = Output<'attemptOrderChange'>;
export type ActivationAttemptResult = Output<'attemptActivation'>;

/** This turn's entries and the game's newest rolls the turn screens hold: the contract's page of 1000. */
const LOG_PAGE = 1000;

/** A die the players chose before a call: typed from the table, or left to the app. */
export type DieChoice = { source: 'table'; roll: number } | { source: 'app' };
/** A die as the service recorded it. */
export interface DieShown {
  source: DiceSource;
  roll: number;
}

/** Who is at the keyboard while a side's entries are secret, then the reveal; 'waiting': a seat waits for the other seat. */
export type SecretStage = 'USA' | 'to-CSA' | 'CSA' | 'to-reveal' | 'revealed' | 'waiting';

/** One command of the tree, flattened for lists, with its depth in the tree. */
export interface CommandRow {
  node: CommandNode;
  depth: number;
}

export const SIDE_NAMES: Record<Side, string> = { USA: 'Union', CSA: 'Confederate' };
/** How a command or unit activated, in words (the service's effectiveness). */
export const ACTIVATION_HOW: Record<CommandActivation['effectiveness'], string> = { ME: 'at ME', RE: 'at RE', confusion: 'tried for ME: Confusion Table' };
export const otherSide = (side: Side): Side => (side === 'USA' ? 'CSA' : 'USA');

/** Where a clock is in the sequence of play: the service's segment and phase ids (contract ClockState). */
export type SequenceStep = Pick<ClockState, 'segment' | 'phase'>;
/** The step's names and what happens now, in the service's words. */
export type StepDescription = Pick<ClockState, 'segment' | 'phase' | 'segmentName' | 'phaseName' | 'label' | 'whatHappens' | 'rules'>;

/**
 * Flattens the command tree (roots first, children after their parent). A row of `held` (the rows of the
 * tree before) whose command is the same object at the same depth is kept, and when every row is, the
 * list held is the list: the lists and options made from it redraw only the commands that changed.
 */
export function flattenCommands(roots: readonly CommandNode[], held: readonly CommandRow[] = []): CommandRow[] {
  const before = new Map(held.map((r) => [r.node.id, r]));
  const rows: CommandRow[] = [];
  const visit = (node: CommandNode, depth: number) => {
    const row = before.get(node.id);
    rows.push(row !== undefined && row.node === node && row.depth === depth ? row : { node, depth });
    for (const child of node.children) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return rows.length === held.length && rows.every((r, i) => r === held[i]) ? (held as CommandRow[]) : rows;
}

/** The tree as the rules engine's chain-of-command nodes (the effective superior, attachments included). */
export function rulesTree(rows: readonly CommandRow[]): { id: string; parentId: string | null }[] {
  const ids = new Set(rows.map((r) => r.node.id));
  return rows.map((r) => {
    const parent = r.node.effectiveParentId ?? r.node.parentId;
    return { id: r.node.id, parentId: parent !== null && ids.has(parent) ? parent : null };
  });
}

/** The words shown for a die record's result: "Table die 4", "App rolled 7". */
export function dieShown(record: DiceRecord): DieShown {
  return { source: record.source, roll: record.roll };
}

/**
 * Errors of one form, by the input field the service named ("roll", "commandId", "order"...), so each
 * is shown next to its field in words; an error without a known field goes to the form's own line.
 */
export function useFieldErrors(fields: readonly string[]) {
  const errors = ref<Record<string, string>>({});
  function clear(): void {
    errors.value = {};
  }
  function show(e: unknown): void {
    const error = asApiError(e);
    const text = error.rule && !error.message.includes(error.rule) ? `${error.message} (${error.rule})` : error.message;
    const field = error.field !== undefined && fields.includes(error.field) ? error.field : 'form';
    errors.value = { [field]: text };
  }
  /** The message for one of the form's fields, or for the form as a whole ('form'). */
  function of(field: string): string | undefined {
    return errors.value[field];
  }
  return { errors, clear, show, of };
}

export const useTurnStore = defineStore('turn', () => {
  const app = useAppStore();
  /** The command tree and the units on the map (turn-forces.ts). */
  const forces = useTurnForces();

  const turn = ref<TurnState | null>(null);
  /**
   * The command tree, the leaders and the units on the map: replaced, never changed in place (shallow refs),
   * and when read again every command, leader and unit that did not change is the object held (keepUnchanged).
   */
  const tree = forces.tree;
  const leaders = shallowRef<LeaderRow[]>([]);
  /** This turn's events, oldest first (replaced whole, never changed in place: a shallow ref). */
  const events = shallowRef<HistoryEntry[]>([]);
  /** The newest rolls of the game (at most DICE_HELD), by #. */
  const dice = shallowRef<Map<number, DiceRecord>>(new Map());
  const roster = forces.units;
  /** The last Next: the clock before it and what the service applied on the way. */
  const lastAdvance = ref<{ before: ClockState; result: AdvanceClockResult } | null>(null);
  const loading = ref(false);

  const clock = computed<ClockState | null>(() => app.game?.clock ?? null);
  const step = computed<SequenceStep | null>(() => (clock.value ? { segment: clock.value.segment, phase: clock.value.phase } : null));
  const description = computed<StepDescription | null>(() => clock.value);
  const commands = computed<CommandRow[]>((held) => flattenCommands(tree.value, held));
  const commandById = computed(() => new Map(commands.value.map((r) => [r.node.id, r])));
  const leaderById = computed(() => new Map(leaders.value.map((l) => [l.id, l])));

  /**
   * The automatic events due in this turn and at this step (2400 designation and abandoned guns,
   * 0400 recovery, Warren's return on a day's first turn), as the service reports them: it knows the time track.
   */
  /** Everything due in this step before the clock may move, as the service lists it (RI-B15). */
  const obligations = computed(() => turn.value?.obligations ?? null);
  const eventsDue = computed<Pick<ClockEvent, 'kind' | 'text' | 'rule'>[]>(() =>
    (clock.value?.due ?? []).map((e) => ({ kind: e.kind as ClockEvent['kind'], text: e.text, rule: e.rule })),
  );

  /** The side of whatever an event changed (a command, unit or leader of the tree), when one can tell. */
  const sideOfKey = computed(() => {
    const sides = new Map<string, Side>();
    for (const r of commands.value) {
      sides.set(r.node.id, r.node.side);
      if (r.node.leaderId) sides.set(r.node.leaderId, r.node.side);
    }
    for (const l of leaders.value) sides.set(l.id, l.side);
    for (const u of roster.value) sides.set(u.id, u.side);
    return sides;
  });

  /** The side an event belongs to: a secret entry's own side (the service records it), else what it changed. */
  function sideOfEvent(entry: HistoryEntry): Side | null {
    if (entry.secretSide) return entry.secretSide;
    for (const change of entry.changes) {
      // Activations and passes move side_to_act on: the side before is the side that acted.
      if (change.field === 'side_to_act' && (change.before === 'USA' || change.before === 'CSA')) return change.before;
      const side = sideOfKey.value.get(change.key);
      if (side) return side;
      if (change.key === 'USA' || change.key === 'CSA') return change.key;
    }
    const fields = entry.changes.map((c) => c.field).join(' ');
    if (/usa/i.test(fields) && !/csa/i.test(fields)) return 'USA';
    if (/csa/i.test(fields) && !/usa/i.test(fields)) return 'CSA';
    const command = commandOfEvent(entry);
    return command ? command.node.side : null;
  }

  /**
   * The command an event concerns: the first changed row that is a command of the tree, else the
   * command whose name begins the summary (an RE activation changes only the turn state).
   */
  function commandOfEvent(entry: HistoryEntry): CommandRow | null {
    for (const change of entry.changes) {
      if (change.table !== 'commands') continue;
      const row = commandById.value.get(change.key);
      if (row) return row;
    }
    let best: CommandRow | null = null;
    for (const row of commands.value) {
      const name = row.node.name;
      if ((entry.summary.startsWith(`${name} `) || entry.summary.startsWith(`${name}:`)) && (!best || name.length > best.node.name.length)) best = row;
    }
    return best;
  }

  function diceOf(entry: HistoryEntry): DiceRecord[] {
    return entry.diceSeqs.map((seq) => dice.value.get(seq)).filter((d): d is DiceRecord => d !== undefined);
  }

  /** This turn's events of the given kinds in the current step (undone ones left out). */
  function eventsNow(kinds: readonly string[], wholeSegment = false): HistoryEntry[] {
    const c = clock.value;
    if (!c) return [];
    return events.value.filter((e) => !e.undone && kinds.includes(e.kind) && e.segment === c.segment && (wholeSegment || e.phase === c.phase));
  }

  /** The revision whose turn state `turn` holds (a write's answer brings it), or -1. */
  let turnRevision = -1;
  /** The revision everything the turn screens show was last read at, or -1. */
  let loadedRevision = -1;
  /** The state tables the last write touched, by the revision it brought (null: not said), and the entry undo or redo revisited. */
  let touched: { revision: number; tables: readonly string[] | null; revisited: { seq: number; diceSeqs: number[] } | null } = { revision: -1, tables: null, revisited: null };
  /** Whose log `events` and `dice` hold, and of which turn: the numbers are the viewer's own (RI-H07). */
  let logHeld: LogHeld | null = null;

  // A write's answer: the new turn state (as nobody in particular sees the game: what the bar shows while
  // no side's entries are secret), and whether it said which tables it touched (the log is then read since what is held).
  app.onWriteAnswer((changed, revision, made) => {
    touched = { revision, tables: changed.tables, revisited: entryRevisited(made) };
    if (changed.turnState !== null && app.viewer === undefined) {
      turn.value = changed.turnState;
      turnRevision = revision;
    }
  });

  /** The read of the turn state under way, and the revision it is for: the turn bar and the screen share it. */
  let turnStateRead: { revision: number; session: number; promise: Promise<TurnState> } | null = null;

  /** The turn state at `revision`, read once for it whoever asks (the turn bar and the Turn screen both do after a change). */
  function turnStateAt(revision: number): Promise<TurnState> {
    if (turnStateRead?.revision === revision && turnStateRead.session === app.session) return turnStateRead.promise;
    const promise = call('turnState', app.asViewer({})).finally(() => {
      if (turnStateRead?.promise === promise) turnStateRead = null;
    });
    turnStateRead = { revision, session: app.session, promise };
    return promise;
  }

  /** Reads the turn state only (the turn bar, on every change), unless a write's answer brought it. */
  async function loadTurnState(): Promise<void> {
    if (!app.game) {
      turn.value = null;
      return;
    }
    if (turnRevision === app.revision) return;
    const session = app.session;
    const revision = app.revision;
    // Asked once the screen's own reads of the same change are on their way (a microtask later: after
    // every watcher of this change has run): the service answers in order, the rows looked at come first.
    await Promise.resolve();
    if (turnRevision === revision) return;
    const state = await turnStateAt(revision);
    // A newer turn state (a write's answer) came in while this was read: it stays.
    if (session !== app.session || turnRevision > revision) return;
    turn.value = state;
    turnRevision = revision;
  }

  /** Reads what the turn screens show: after a write, only what its answer did not bring and it may have changed. */
  async function load(): Promise<void> {
    if (!app.game) {
      turn.value = null;
      forces.clearTree();
      leaders.value = [];
      events.value = [];
      loadedRevision = -1;
      return;
    }
    const session = app.session;
    const revision = app.revision;
    // What the last write's answer says it left as it was, when what is held is of the state just before.
    const keep = { leaders: app.kept('leaders', loadedRevision) };
    loading.value = true;
    try {
      const turnId = app.game.clock.turnId;
      const held: LogHeld = { turnId, viewer: app.viewer };
      // Right after a write whose answer said what it touched, in the same turn and as the same side: only
      // the entries and rolls after the last ones held (and any an undo or redo revisited) are read.
      const newestRoll = dice.value.size === 0 ? undefined : Math.max(...dice.value.keys());
      const since = touched.revision === revision && touched.tables !== null && loadedRevision === revision - 1 ? sinceHeld(logHeld, held, events.value.at(-1)?.seq, newestRoll, touched.revisited) : null;
      const [state, commandTree, leaderRows, log] = await Promise.all([
        turnRevision === revision ? Promise.resolve(null) : turnStateAt(revision),
        forces.readTree(revision),
        keep.leaders ? Promise.resolve(null) : call('leaders', app.asViewer({})),
        readLog(turnId, since),
        forces.unitsAt(revision),
      ]);
      if (session !== app.session) return;
      if (state && turnRevision <= revision) {
        turn.value = state;
        turnRevision = revision;
      }
      // Read again: the commands and leaders that did not change stay the objects held (only their rows redraw).
      forces.holdTree(commandTree, revision);
      if (leaderRows) leaders.value = keepUnchanged(leaders.value, leaderRows);
      if (log.events !== events.value) events.value = log.events;
      if (log.dice !== dice.value) dice.value = log.dice;
      logHeld = held;
      loadedRevision = revision;
    } finally {
      loading.value = false;
    }
  }

  /**
   * This turn's entries and the newest rolls: after a write, only what came after the last ones held
   * (log-since.ts), joined to them; else (or when a whole page came back, which may have left some out) whole.
   */
  async function readLog(turnId: string, since: SinceHeld | null): Promise<{ events: HistoryEntry[]; dice: Map<number, DiceRecord> }> {
    if (since !== null) {
      const [after, rollsAfter] = await Promise.all([
        call('history', app.asViewer({ turnId, limit: LOG_PAGE, afterSeq: since.afterEvent })),
        call('diceLog', app.asViewer({ limit: LOG_PAGE, afterSeq: since.afterRoll })),
      ]);
      if (after.length < LOG_PAGE && rollsAfter.length < LOG_PAGE) {
        return { events: entriesOldestFirst(events.value, since.afterEvent, after), dice: rollsJoined(dice.value, since.afterRoll, rollsAfter, LOG_PAGE) };
      }
    }
    const [history, diceLog] = await Promise.all([call('history', app.asViewer({ turnId, limit: LOG_PAGE })), call('diceLog', app.asViewer({ limit: LOG_PAGE }))]);
    return { events: [...history].sort((a, b) => a.seq - b.seq), dice: new Map(diceLog.map((d) => [d.seq, d])) };
  }

  /** The units on the map, for a panel that shows them: read unless what is held stands at this revision. */
  async function loadRoster(): Promise<void> {
    if (!app.game) return;
    await forces.unitsAt(app.revision, true);
  }

  // Another game: nothing of this one's turn (its events, the sides remembered for them, the last
  // Next's banner) carries over. Who is at the keyboard is kept per game file in sessionStorage.
  app.onGameSwitch(() => {
    turnRevision = -1;
    turnStateRead = null;
    loadedRevision = -1;
    touched = { revision: -1, tables: null, revisited: null };
    logHeld = null;
    turn.value = null;
    leaders.value = [];
    events.value = [];
    dice.value = new Map();
    lastAdvance.value = null;
    loading.value = false;
  });

  // ---------------------------------------------------------------------------------------------
  // Changes: each through app.write (its answer applied, refusals re-thrown for the field they concern)

  // Entries of the Orders Segment are secret until the reveal (RI-T01): the app's status line says
  // only that something was recorded, not what.
  const hidden = (side: Side | undefined) => () => `${side ?? 'An'} order entry recorded: hidden until both sides have entered`;
  const orderPreRoll = (input: CallInput<'orderPreRoll'>) => app.write('orderPreRoll', input, hidden(input.side));
  const attemptOrderChange = (input: CallInput<'attemptOrderChange'>) =>
    app.write('attemptOrderChange', input, hidden(commandById.value.get(input.commandId)?.node.side));
  /** Warren's order change: a USA entry of the secret Orders Segment (RI-C17). */
  const warrenOrderChange = (input: CallInput<'warrenOrderChange'>) => app.write('warrenOrderChange', input, hidden('USA'));
  /** A division-or-higher commander gives ME to the units stacked with him (RI-S31). */
  const grantMe = (input: CallInput<'grantMe'>) => app.write('grantMe', input);
  /** Orders given directly; `side` marks an entry of the secret Orders Segment. */
  const setOrders = (input: CallInput<'setOrders'>, side?: Side) =>
    app.write('setOrders', input, side ? hidden(side) : (r) => r.event.summary);
  const rollInitiative = (input: CallInput<'rollInitiative'>) => app.write('rollInitiative', input);
  const attemptActivation = (input: CallInput<'attemptActivation'>) => app.write('attemptActivation', input);
  /** An RE activation: a command (In-Command phase) or a single unit (Out-of-Command phase). */
  const activateRe = (input: CallInput<'activateRe'>) => app.write('activateRe', input);
  const pass = (side: Side) => app.write('pass', { side });
  /** Card-draw activation: Muster draws the next card from the box. */
  const drawCard = () => app.write('drawCard', {});
  const replaceLeader = (input: CallInput<'replaceLeader'>) => app.write('replaceLeader', input);
  const setCommandMarkers = (input: CallInput<'setCommandMarkers'>) => app.write('setCommandMarkers', input);
  const setFatigue = (input: CallInput<'setFatigue'>) => app.write('setFatigue', input);
  const resolveAbandonedGuns = (input: CallInput<'resolveAbandonedGuns'>) => app.write('resolveAbandonedGuns', input);
  const attachCommand = (input: CallInput<'attachCommand'>) => app.write('attachCommand', input);
  /** "Roll all due" (RI-B15): every roll of this step the app may make, each in the dice log. */
  const rollAllDue = (input: CallInput<'rollAllDue'>) => app.write('rollAllDue', input, (r) => `Rolled ${r.rolled.join('; ')}: ${r.event.summary}`);
  /** One of an obligation's choices, as the service offers it. */
  const settleObligation = (input: CallInput<'settleObligation'>) => app.write('settleObligation', input);

  /** Next; `nothingToEnter` names the sides that have nothing to enter in a step of secret entries (RI-H02). */
  async function advanceClock(input?: CallInput<'advanceClock'>): Promise<AdvanceClockResult> {
    const before = clock.value;
    const result = await app.write('advanceClock', input);
    if (before) lastAdvance.value = { before: { ...before }, result };
    return result;
  }

  function dismissAdvance(): void {
    lastAdvance.value = null;
  }

  // ---------------------------------------------------------------------------------------------
  // Secret entry (RI-H01, RI-T01): who has finished comes from the service; only whether the next
  // player has confirmed the hand-over is this window's (app.handedOver, per file, turn and step).

  /** The stage of this step's secret entries: a side entering, a hand-over, or both revealed. */
  function stage(): SecretStage {
    const secret = app.game?.secretEntries;
    if (!secret) return 'revealed';
    // Two seats (RI-H09): each enters its own side's entries on its own device, then waits for the other's.
    const seat = app.game?.seat;
    if (seat) return secret.revealed ? 'revealed' : seat.committed[seat.side] || secret.finished[seat.side] ? 'waiting' : seat.side;
    if (secret.revealed) return app.handedOver('both') ? 'revealed' : 'to-reveal';
    if (!secret.finished.USA) return 'USA';
    return app.handedOver('CSA') ? 'CSA' : 'to-CSA';
  }

  /** A side has finished its secret entries (it hands over); the second to finish reveals both. */
  const finishEntries = (side: Side) => app.write('finishEntries', { side });
  /** A side's secret Initiative declaration; the status line does not say what it was. */
  const declareInitiative = (side: Side, armyPoints: boolean) =>
    app.write('declareInitiative', { side, armyPoints }, () => `${side} has declared: hidden until both sides have declared`);

  return {
    turn,
    tree,
    leaders,
    events,
    dice,
    roster,
    lastAdvance,
    loading,
    clock,
    step,
    description,
    commands,
    commandById,
    leaderById,
    eventsDue,
    sideOfEvent,
    commandOfEvent,
    diceOf,
    eventsNow,
    loadTurnState,
    load,
    loadRoster,
    orderPreRoll,
    attemptOrderChange,
    warrenOrderChange,
    grantMe,
    setOrders,
    rollInitiative,
    attemptActivation,
    activateRe,
    pass,
    drawCard,
    replaceLeader,
    setCommandMarkers,
    resolveAbandonedGuns,
    setFatigue,
    attachCommand,
    rollAllDue,
    settleObligation,
    obligations,
    advanceClock,
    dismissAdvance,
    stage,
    finishEntries,
    declareInitiative,
  };
});
