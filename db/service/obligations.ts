/**
 * The turn's obligations (RI-B15): one list of everything due in the current step before the clock may
 * move, each with its rule and the words a player reads. The turn state carries it, advanceClock (Next,
 * and "To next decision", which moves the clock only through advanceClock) refuses while it is not empty,
 * and the screens render it: they never decide what is due.
 *
 * - rolls: the Initiative (II.A), each reinforcement group's roll for entry and the roll to end the rain
 *   (by the beginning of the Activation Segment, RI-B02, RI-B04); the app may make them all (rollAllDue);
 * - chores the revision requires: a UDD owed after a retreat before shock, a fallen leader's replacement
 *   (IV.A), each RSM marker at the end of the Cleanup Phase, abandoned guns at the end of the day;
 * - designations the rules make optional (straggler recovery at 2400, fatigue recovery): made, or waived
 *   explicitly as a logged event (settleObligation);
 * - the end of the game after the last turn.
 */
import { bearsFatigue } from '../../rules/fatigue';
import { mayDesignateStragglerRecovery } from '../../rules/losses';
import { ORDERS } from '../../rules/orders-table';
import { SIDES, type Side } from '../../rules/types';
import type { ChangeResult, HistoryEntry, DiceRecord, Obligation, Obligations, RollAllDueInput, RollAllDueResult, SettleObligationInput } from '../../contract';
import { eventDueAt, INITIATIVE_SEGMENT } from '../clock';
import { forbidden, invalid } from '../errors';
import { listHistory } from '../events';
import { statement } from '../statements';
import { readClock, readCommands, readGame, readLeaders, readTurns, readTurnState, readUnits, type CommandRow, type UnitRow, commandsById } from '../store';
import { actingArmyCommander, standingOrders } from './chain';
import { RULE } from './common';
import { inTransaction, write, type GameContext, type ServiceFunctions } from './context';
import { combatFunctions } from './combat';
import { initiativeFunctions, requirePointsAvailable } from './initiative';
import { verdictOf } from './legal';
import { lossesFunctions } from './losses';
import { ALTERNATIVE_RULE, arrivalRollsDueNow } from './arrival-checks';
import { reinforcementsFunctions } from './reinforcements';
import { rosterFunctions } from './roster';
import { initiativeRollReplaced, moduleObligations } from './rule-seam';
import { sideBit } from './secrets';
import { alternativeWordText, atStartOfActivation } from './turn-start';
import { alternativeWordsOwed } from './alternative-word';
import { victoryFunctions } from './victory';
import { rainRollDue } from './weather';

const RULES = {
  arrival: RULE.arrival,
  rain: RULE.rain,
  retreat: 'Rev. Retreat Before Shock',
  replacement: 'Rev. Sequence of Play (Leader Replacement Phase)',
  rsm: 'Rev. Reinforcement Strategic Movement',
  fatigue: 'Rev. Sequence of Play (Fatigue & Straggler Recovery Designation Phase)',
} as const;

/** The ids of the obligations of this step the players settled without a change of state. */
function settledIds(ctx: GameContext): Set<string> {
  const raw = readTurnState(ctx.db).settled ?? '[]';
  return new Set(JSON.parse(raw) as string[]);
}

/** An obligation with what it leaves out at its defaults (no side, not rolled by the app, no choices, no screen named); the rule modules' obligations are made with it too. */
export const obligationItem = (o: Omit<Obligation, 'side' | 'appRolls' | 'choices' | 'where'> & Partial<Obligation>): Obligation => ({ side: null, appRolls: false, choices: [], where: null, ...o });
const item = obligationItem;

/** The next superior commander of a command: the leader of the first command above it that has one. */
function nextSuperiorLeader(c: CommandRow, byId: Map<string, CommandRow>, leaders: Map<string, { id: string; name: string; on_map: number; casualty: string }>) {
  let up = c.parent_id ? byId.get(c.parent_id) : undefined;
  while (up && up.leader_id === null) up = up.parent_id ? byId.get(up.parent_id) : undefined;
  return up?.leader_id ? (leaders.get(up.leader_id) ?? null) : null;
}

/**
 * The Initiative roll (II.A), unless a rule module decides the Initiative in its place (Variable Initiative
 * on a First Day-Turn: its own obligations say what is due instead).
 */
function initiativeItems(ctx: GameContext): Obligation[] {
  const clock = readClock(ctx.db);
  const t = readTurnState(ctx.db);
  if (clock.segment !== INITIATIVE_SEGMENT || clock.phase !== 'A' || t.initiative !== null) return [];
  if (initiativeRollReplaced(ctx)) return [];
  return [item({ id: 'initiative', kind: 'roll', text: 'roll for the Initiative', rule: RULE.initiative, appRolls: true })];
}

/** Each group's roll for entry due this turn and not made (a group at an Alternative Arrival Area unnamed, RI-B03). */
export function arrivalObligations(ctx: GameContext): Obligation[] {
  return arrivalRollsDueNow(ctx).map((g) =>
    item({ id: `arrival:${g.groupId}`, kind: 'roll', side: g.side, text: g.secret ? `roll for the arrival of a ${g.side} group sent to an Alternative Arrival Area` : `roll for the arrival of ${g.name}`, rule: RULES.arrival, appRolls: true }),
  );
}

/** The rolls due by the beginning of the Activation Segment, before its first activation or pass (RI-B02, RI-B04). */
function startOfActivationItems(ctx: GameContext): Obligation[] {
  if (!atStartOfActivation(ctx)) return [];
  // RI-H10: between two seats the army commanders' words come first (both at once, or the side without the
  // Initiative's alone); each is given on the Turn screen (its order, or "No order this turn"), at its own seat.
  const items = alternativeWordsOwed(ctx.db).map((side) => item({ id: `alternative-word:${side}`, kind: 'decision', side, text: alternativeWordText(side), rule: ALTERNATIVE_RULE, where: 'Turn screen: beginning of the Activation Segment' }));
  items.push(...arrivalObligations(ctx));
  if (rainRollDue(ctx)) items.push(item({ id: 'rain', kind: 'roll', text: 'roll to end the rain', rule: RULES.rain, appRolls: true }));
  return items;
}

/** UDDs the service knows are owed (after a retreat before shock): due before anything else moves on. */
function uddItems(ctx: GameContext): Obligation[] {
  // Asked at every step the clock passes: only the units that owe one are read.
  return (statement(ctx.db, "SELECT * FROM units WHERE udd_due = 1 AND status <> 'eliminated' ORDER BY position").all() as UnitRow[])
    .map((u) => item({ id: `udd:${u.id}`, kind: 'chore', side: u.side, text: `UDD due for ${u.name} after its retreat before shock`, rule: RULES.retreat, where: 'Combat screen: Rally / UDD' }));
}

/** II.B: the designations the players may make, or waive (straggler recovery at 2400, fatigue recovery). */
function designationItems(ctx: GameContext, settled: Set<string>): Obligation[] {
  const clock = readClock(ctx.db);
  if (clock.segment !== INITIATIVE_SEGMENT || clock.phase !== 'B') return [];
  const items: Obligation[] = [];
  const commands = readCommands(ctx.db);
  const orders = standingOrders(ctx, commands);
  const units = readUnits(ctx.db).filter((u) => u.on_map === 1 && u.status !== 'eliminated');
  if (eventDueAt(readTurns(ctx.db), clock, 'straggler-recovery-designation') && !settled.has('straggler-designation')) {
    const eligible = commands.filter((c) => c.level === 'brigade' && c.on_map === 1 && c.recovery === 0 && mayDesignateStragglerRecovery(orders.get(c.id)!.order) && units.some((u) => u.command_id === c.id && u.stragglers > 0));
    if (eligible.length > 0) {
      items.push(
        item({
          id: 'straggler-designation',
          kind: 'decision',
          text: `Straggler Recovery Designation (2400): brigades with stragglers under orders that may recover them (${eligible.map((c) => c.name).join(', ')}) may take the Recovery marker`,
          rule: RULE.stragglers,
          where: 'Roster: Recovery marker',
          choices: [{ id: 'done', label: 'No more Recovery markers tonight' }],
        }),
      );
    }
  }
  if (!settled.has('fatigue-designation')) {
    const tired = commands.filter((c) => {
      if (c.level !== 'brigade' || c.fatigue_recovery === 1 || !ORDERS[orders.get(c.id)!.order].may.recoverFatigue) return false;
      // A cavalry brigade is offered while its troopers are mounted: they may dismount by the time they recover.
      return units.some((u) => u.command_id === c.id && bearsFatigue(u.arm) && u.fatigue > 0);
    });
    if (tired.length > 0) {
      items.push(
        item({
          id: 'fatigue-designation',
          kind: 'decision',
          text: `fatigued brigades whose orders let them recover (${tired.map((c) => c.name).join(', ')}) may be designated to recover fatigue`,
          rule: RULES.fatigue,
          where: 'Turn screen: Fatigue recovery',
          choices: [{ id: 'done', label: 'No more brigades recover fatigue this turn' }],
        }),
      );
    }
  }
  return items;
}

/** IV.A: a leader who fell this turn and has not been replaced. */
function replacementItems(ctx: GameContext): Obligation[] {
  const clock = readClock(ctx.db);
  if (clock.segment !== 'IV' || clock.phase !== 'A') return [];
  const fallen = listHistory(ctx.db, { turnId: clock.turn_id, kinds: ['leader.casualty', 'leader.captured'], includeUndone: false, limit: 500 });
  const leaders = new Map(readLeaders(ctx.db).map((l) => [l.id, l]));
  const ids = new Set(fallen.flatMap((e) => e.changes.filter((c) => c.table === 'leaders' && c.field === 'casualty').map((c) => c.key)));
  return [...ids]
    .map((id) => leaders.get(id))
    .filter((l) => l !== undefined && l.casualty !== 'none' && l.replaced === 0)
    .map((l) => item({ id: `replace:${l!.id}`, kind: 'chore', side: l!.side, text: `${l!.name} fell this turn: replace him`, rule: RULES.replacement, where: 'Leaders screen' }));
}

/** IV.C: RSM markers at the end of the Cleanup Phase, abandoned guns at the end of the day, the end of the game. */
function cleanupItems(ctx: GameContext, settled: Set<string>): Obligation[] {
  const clock = readClock(ctx.db);
  if (clock.segment !== 'IV' || clock.phase !== 'C') return [];
  const game = readGame(ctx.db);
  const lastTurn = clock.turn_id === game.last_turn_id;
  const items: Obligation[] = [];
  if (lastTurn || eventDueAt(readTurns(ctx.db), clock, 'abandoned-guns')) {
    for (const u of statement(ctx.db, 'SELECT * FROM units WHERE abandoned_guns > 0 ORDER BY position').all() as UnitRow[]) {
      items.push(
        item({
          id: `guns:${u.id}`,
          kind: 'chore',
          side: u.side,
          text: `${u.abandoned_guns} abandoned gun(s) of ${u.name}: returned if the hex is inside friendly lines at the end of the day, else captured by the enemy`,
          rule: RULE.abandonedGuns,
          choices: [
            { id: 'returned', label: 'Inside friendly lines: the guns return' },
            { id: 'captured', label: 'Not in friendly possession: captured' },
          ],
        }),
      );
    }
  }
  if (!lastTurn && !settled.has('rsm')) {
    const commands = readCommands(ctx.db);
    const byId = commandsById(commands);
    const leaders = new Map(readLeaders(ctx.db).map((l) => [l.id, l]));
    const marked = commands.flatMap((c) => {
      if (c.rsm !== 1 || c.on_map !== 1) return [];
      const superior = nextSuperiorLeader(c, byId, leaders);
      // "toward their next highest superior Commander, if he is on the map": off the map, nobody can be in his range.
      return superior !== null && superior.on_map === 1 && superior.casualty === 'none' ? [{ c, superior }] : [];
    });
    if (marked.length > 0) {
      items.push(
        item({
          id: 'rsm',
          kind: 'chore',
          // A long list is named by its choices, one per marker.
          text: `RSM markers at the end of the Cleanup Phase: each is removed if any unit of its command is within its superior's range (${marked.length <= 4 ? marked.map(({ c, superior }) => `${c.name}: ${superior.name}`).join('; ') : `${marked.length} commands`})`,
          rule: RULES.rsm,
          choices: [
            ...marked.map(({ c, superior }) => ({ id: `remove:${c.id}`, label: `${c.name} in ${superior.name}'s range: remove its marker` })),
            { id: 'keep', label: marked.length === 1 ? 'Not in range: keep the marker' : 'None (or no other) in range: keep the markers' },
          ],
        }),
      );
    }
  }
  if (lastTurn) items.push(item({ id: 'end-game', kind: 'end', text: 'the last turn is over: end the game (losses are totalled for victory)', rule: RULE.sequence, choices: [{ id: 'end', label: 'End the game' }] }));
  return items;
}

/** Everything due in the current step before the clock may move, in the order players meet it. */
export function obligationsNow(ctx: GameContext): Obligation[] {
  if (readGame(ctx.db).ended) return [];
  const settled = settledIds(ctx);
  // The rule modules' obligations come after the Initiative's (Variable Initiative's levels take its place).
  return [
    ...uddItems(ctx),
    ...initiativeItems(ctx),
    ...moduleObligations(ctx, settled),
    ...designationItems(ctx, settled),
    ...startOfActivationItems(ctx),
    ...replacementItems(ctx),
    ...cleanupItems(ctx, settled),
  ];
}

/** The words of a refusal naming every open item: "roll for the arrival of X; roll to end the rain". */
function openWords(items: Obligation[]): string {
  return items.map((i) => i.text).join('; ');
}

/** advanceClock's check (and so Next's and "To next decision"'s): nothing may be open in this step. */
export function requireObligationsMet(ctx: GameContext, field: string): void {
  // The end of the game is not a step the clock passes: after the last turn advanceClock has its own words.
  const open = obligationsNow(ctx).filter((i) => i.kind !== 'end');
  if (open.length > 0) throw forbidden(field, `first ${openWords(open)}`, open[0]!.rule);
}

/** Whether the Initiative roll can be made now with the app's die, and with which declarations. */
function initiativeRollInput(ctx: GameContext, nobodyAddsPoints: boolean): { armyPoints?: { USA: boolean; CSA: boolean } } {
  const t = readTurnState(ctx.db);
  const undeclared = SIDES.filter((s) => (t.entries_done & sideBit(s)) === 0);
  if (undeclared.length === 0) return {};
  // A side whose army commander may not add his points (off the map, points spent) has nothing to declare.
  const game = readGame(ctx.db);
  const mayAdd = (s: Side) => verdictOf(() => requirePointsAvailable(ctx, 'armyPoints', actingArmyCommander(ctx, 'armyPoints', s, game).leader)).verdict.allowed;
  if (undeclared.length === 1) throw forbidden('nobodyAddsPoints', `${undeclared[0]} has not declared yet whether its army commander adds his points: both declare before the roll`, RULE.initiative);
  const choosing = SIDES.filter(mayAdd);
  if (choosing.length === 0 || nobodyAddsPoints) return { armyPoints: { USA: false, CSA: false } };
  throw forbidden('nobodyAddsPoints', `${choosing.join(' and ')} may add the army commander's rating points to the Initiative roll: each side declares first, or both say nobody adds points`, RULE.initiative);
}

/** What rollAllDue would roll now, each as a call to the function that makes that roll alone. */
function dueRolls(ctx: GameContext, input: RollAllDueInput, open: Obligation[] = obligationsNow(ctx)): { label: string; roll: () => { event: HistoryEntry; dice: DiceRecord[] } }[] {
  const items = open.filter((i) => i.appRolls);
  if (items.length === 0) throw forbidden('rolls', 'no roll is due in this step that the app may make', RULE.sequence);
  const rolls: { label: string; roll: () => { event: HistoryEntry; dice: DiceRecord[] } }[] = [];
  if (items.some((i) => i.id === 'initiative')) {
    const armyPoints = initiativeRollInput(ctx, input?.nobodyAddsPoints === true);
    rolls.push({ label: 'the Initiative', roll: () => initiativeFunctions.rollInitiative(ctx, armyPoints) });
  }
  const arrivals = items.filter((i) => i.id.startsWith('arrival:'));
  if (arrivals.length > 0) rolls.push({ label: arrivals.map((i) => i.text.replace(/^roll for /, '')).join(', '), roll: () => reinforcementsFunctions.rollDueArrivals(ctx, {}) });
  if (items.some((i) => i.id === 'rain')) rolls.push({ label: 'the end of the rain', roll: () => combatFunctions.rollToEndRain(ctx, {}) });
  return rolls;
}

/**
 * "Roll all due": every roll of this step the app may make, with its die, in one transaction; each is the
 * event its own function writes (the dice log keeps every roll). A refusal of any writes none of them.
 */
function rollAllDue(ctx: GameContext, input: RollAllDueInput = {}): RollAllDueResult {
  if (input?.nobodyAddsPoints !== undefined && typeof input.nobodyAddsPoints !== 'boolean') throw invalid('nobodyAddsPoints', 'say yes or no');
  return inTransaction(ctx.db, (): RollAllDueResult => {
    const rolls = dueRolls(ctx, input);
    const events: { event: HistoryEntry; dice: DiceRecord[] }[] = [];
    const rolled: string[] = [];
    for (const r of rolls) {
      events.push(r.roll());
      rolled.push(r.label);
    }
    // A tie on the Initiative (typed dice only) would leave it due; the app's die rolls ties again itself.
    return { event: events.at(-1)!.event, dice: events.flatMap((e) => e.dice), rolled };
  });
}

/** The verdict on "roll all due" for the turn state, and whether the Initiative waits for "nobody adds points". */
export function rollAllDueVerdict(ctx: GameContext, items: Obligation[]): Obligations['rollAllDue'] {
  if (!items.some((i) => i.appRolls)) return { allowed: false, reason: 'no roll is due in this step that the app may make', rule: RULE.sequence, nobodyAddsPoints: false };
  const asPressed = verdictOf(() => dueRolls(ctx, {}, items)).verdict;
  if (asPressed.allowed) return { ...asPressed, nobodyAddsPoints: false };
  const nobody = verdictOf(() => dueRolls(ctx, { nobodyAddsPoints: true }, items)).verdict;
  return nobody.allowed ? { ...nobody, nobodyAddsPoints: true } : { ...asPressed, nobodyAddsPoints: false };
}

/**
 * Settles one obligation by one of its choices. A choice that changes the game is made by the function
 * that records that change alone (resolveAbandonedGuns, setCommandMarkers, endGame); a waiver, or an RSM
 * marker kept, is its own logged event, remembered for this step only.
 */
function settleObligation(ctx: GameContext, input: SettleObligationInput): ChangeResult {
  const open = obligationsNow(ctx);
  const o = open.find((i) => i.id === input.id);
  if (!o) throw invalid('id', `nothing by that name is due now${open.length > 0 ? ` (due: ${openWords(open)})` : ''}`);
  const choice = o.choices.find((c) => c.id === input.choice);
  if (!choice) {
    throw invalid('choice', o.choices.length === 0 ? `${o.text}: it is done ${o.appRolls ? 'by its roll' : (o.where ?? 'on its own screen')}, and the rules do not let it be waived` : `choose one of: ${o.choices.map((c) => c.label).join('; ')}`, o.rule);
  }
  const [kind, subject] = o.id.split(':') as [string, string | undefined];
  if (kind === 'guns') return lossesFunctions.resolveAbandonedGuns(ctx, { unitId: subject!, outcome: input.choice as 'returned' | 'captured' });
  if (kind === 'rsm' && input.choice.startsWith('remove:')) return rosterFunctions.setCommandMarkers(ctx, { commandId: input.choice.slice('remove:'.length), rsm: false });
  if (kind === 'end-game') return victoryFunctions.endGame(ctx);
  return write(ctx, 'obligation.settled', input, (cs) => {
    const t = readTurnState(ctx.db);
    const settled = [...settledIds(ctx), o.id];
    cs.set('turn_state', 1, 'settled', t.settled, JSON.stringify(settled));
    return { summary: `${o.text}: ${choice.label}`, result: {} };
  });
}

/** For advanceClock: the settled list starts empty in every step. */
export function settledReset(ctx: GameContext): { before: string; after: string } {
  return { before: readTurnState(ctx.db).settled ?? '[]', after: '[]' };
}

/** The list alone, for a caller that needs nothing else of the turn state. */
function obligations(ctx: GameContext): Obligations {
  const items = obligationsNow(ctx);
  return { items, rollAllDue: rollAllDueVerdict(ctx, items) };
}

export const obligationsFunctions = { obligations, rollAllDue, settleObligation } satisfies Partial<ServiceFunctions>;
