/**
 * The Activation Segment (Rev. Activation Segment): ME attempts, RE activations and passes, alternating
 * from the Initiative player; commands in the In-Command phase, single units in the Out-of-Command phase.
 */
import { activateAtRe, activationDrm, activationOptions, afterActivationAction, ACTIVATION_LEVELS, initiativeMeActivation, mayAttemptMeActivation, mayBeOutOfCommand, resolveMeAttempt, type ActivationDrmInput, type ActivationLevel } from '../../rules/activation';
import { commandAncestors } from '../../rules/command-tree';
import { unitOrder } from '../../rules/orders';
import { type OrderCode, type DieRoll } from '../../rules/types';
import { ACTIVATION_SEGMENT } from '../clock';
import { forbidden, invalid, MusterError } from '../errors';
import type { ChangeSet } from '../events';
import type { ActivateReInput, ActivationAttemptInput, ActivationAttemptResult, ActivationPreview, ActivationPreviewInput, ChangeResult, PassInput, PassResult } from '../../contract';
import { readClock, readCommands, readTurnState, readUnits, type CommandRow, type Effectiveness, type LeaderDbRow, type UnitRow, commandsById } from '../store';
import { readHouseReadings } from '../reading-choices';
import { askRules, optionalIdList } from '../validate';
import { officerRating, requireCommanderOnMap, spendPoints, standingOrders, subtree, superiorOffers, superiors, tree } from './chain';
import { check, RULE, unitSubject } from './common';
import { die, write, type GameContext, type ServiceFunctions } from './context';
import { command, onMapCommand, onMapUnit, requireSegment, requireSideToAct } from './lookups';
import { activationDrmItems, activationOrderRule, recordActivationInModules } from './rule-seam';
import { requireStartOfActivationDone } from './turn-start';

/** The activation phase of a step of segment III (A in-command, B out-of-command). */
function activationPhaseOf(phase: string): 'in-command' | 'out-of-command' {
  return phase === 'B' ? 'out-of-command' : 'in-command';
}

/** The command (either phase) or single unit (III.B only) an activation names, with the field that named it. */
export interface ActivationSubject {
  field: 'commandId' | 'unitId';
  name: string;
  /** The unit, for a single-unit activation; null for a command. */
  unit: UnitRow | null;
  /** The command activated, or the unit's own command (its brigade). */
  c: CommandRow;
}

function effectivenessText(e: Effectiveness): string {
  return e === 'ME' ? 'at ME' : e === 'RE' ? 'at RE' : 'tried for ME: Confusion Table';
}

/** Who is activating, whose turn it is, and the order the activation is made under. */
export interface ActivationChecked {
  subject: ActivationSubject;
  t: ReturnType<typeof requireSideToAct>;
  order: OrderCode;
}

/**
 * Everything an ME attempt checks before its roll, throwing the first refusal. attemptActivation runs it,
 * and so does the turn state's list of what each side may do now (db/service/legal.ts): one source.
 */
export function meAttemptChecks(ctx: GameContext, input: { commandId?: string; unitId?: string }, commands: CommandRow[], commanderOutOfCommand: boolean): ActivationChecked {
  const subject = activationSubject(ctx, input, commands, commanderOutOfCommand);
  requireMayBeOutOfCommand(subject, commanderOutOfCommand);
  const { c, field } = subject;
  // RI-B11: the officer who rolls (a single unit's: its brigade leader) has no rating until he arrives.
  if (subject.unit) requireCommanderOnMap(ctx, field, c);
  const t = requireSideToAct(ctx, field, c.side);
  // RI-B02: the Activation Segment's first activation waits for the turn's arrival and rain rolls.
  requireStartOfActivationDone(ctx, field);
  // A rule module that replaces alternation says which commands may activate (card draw, RI-O40: the drawn card's).
  if (!subject.unit) activationOrderRule(ctx)?.requireMayActivate(field, c);
  const order = activationOrder(ctx, subject, commands);
  const options = activationOptions(order);
  if (!options.mayAttemptMe) throw forbidden(field, `${subject.name} is under ${order}: RE activation only`, options.rule);
  // RI-C07: once a higher command has tried for ME, no subordinate may try for ME, in command of it or not.
  if (!subject.unit) {
    const verdict = askRules(() => mayAttemptMeActivation(tree(commands), commands.filter((x) => x.me_attempted === 1).map((x) => x.id), c.id));
    if (!verdict.ok) {
      const ancestors = new Set(askRules(() => commandAncestors(tree(commands), c.id)));
      const by = commands.find((x) => ancestors.has(x.id) && x.me_attempted === 1);
      throw forbidden('commandId', `${by?.name ?? 'a higher command'} has tried for ME: subordinates may not try for ME`, verdict.rule);
    }
  }
  return { subject, t, order };
}

/** Everything an RE activation checks (activateRe runs it; so does db/service/legal.ts). */
export function reActivationChecks(ctx: GameContext, input: { commandId?: string; unitId?: string }, commands: CommandRow[], commanderOutOfCommand: boolean): ActivationChecked {
  const subject = activationSubject(ctx, input, commands, commanderOutOfCommand);
  requireMayBeOutOfCommand(subject, commanderOutOfCommand);
  const t = requireSideToAct(ctx, subject.field, subject.c.side);
  requireStartOfActivationDone(ctx, subject.field);
  if (!subject.unit) activationOrderRule(ctx)?.requireMayActivate(subject.field, subject.c);
  const order = activationOrder(ctx, subject, commands);
  check(subject.field, askRules(() => activateAtRe(order)));
  return { subject, t, order };
}

/**
 * The DRMs of an ME attempt, as the roll will use them and as the preview shows them before it (one code
 * for both): the size of the command, works from the roster, the commander out of command, and the
 * superiors named as in range (checked: on the map, in the chain, one man once: RI-D16).
 */
function meDrmInput(ctx: GameContext, subject: ActivationSubject, commands: CommandRow[], commanderOutOfCommand: boolean, inRangeIds: string[]): { drm: ActivationDrmInput; inRange: LeaderDbRow[]; worksUnits: UnitRow[] } {
  const { c } = subject;
  // A single unit rolls as a brigade would (no Corps or Division Activation DRM). RI-S26.
  const level: ActivationLevel = subject.unit ? 'brigade' : (c.level as ActivationLevel);
  const inRange = superiors(ctx, 'superiorsInRange', inRangeIds, c.id, commands, RULE.activationDrms);
  // RI-S30: "units in command are in Breastworks/Entrenchments" is read from the roster's works.
  const within = subject.unit ? null : subtree(c.id, commands);
  const worksUnits = subject.unit
    ? subject.unit.works !== 'none' ? [subject.unit] : []
    : readUnits(ctx.db).filter((u) => within!.has(u.command_id) && u.on_map === 1 && u.status !== 'eliminated' && u.works !== 'none');
  // RI-C01: the game's house reading of the OOC commander's DRM.
  const oocCommanderDrm = readHouseReadings(ctx.db).oocCommanderDrm;
  // The rule modules' DRMs for this roll, itemised with their source.
  const otherDrms = activationDrmItems(ctx, { side: c.side, commandId: c.id, ...(subject.unit ? { unitId: subject.unit.id } : {}) });
  return { drm: { level, anyUnitInBreastworks: worksUnits.length > 0, commanderOutOfCommand, superiorRatingsInRange: inRange.map((l) => l.rating), oocCommanderDrm, ...(otherDrms.length > 0 ? { otherDrms } : {}) }, inRange, worksUnits };
}

function attemptActivation(ctx: GameContext, input: ActivationAttemptInput): ActivationAttemptResult {
  return write(ctx, 'activation.attempt', input, (cs) => {
    const commands = readCommands(ctx.db);
    const ooc = input.commanderOutOfCommand ?? false;
    const inRangeIds = optionalIdList('superiorsInRange', input.superiorsInRange);
    const typed = input.roll as DieRoll | undefined;
    const { subject, t, order } = meAttemptChecks(ctx, input, commands, ooc);
    const { c, field } = subject;
    const { drm, inRange } = meDrmInput(ctx, subject, commands, ooc, inRangeIds);
    const phase = readClock(ctx.db).phase;
    const next = afterActivationAction({ phase: activationPhaseOf(phase), toAct: c.side, consecutivePasses: t.passes_in_row, ended: false }, 'activate');
    if (!subject.unit) cs.set('commands', c.id, 'me_attempted', 0, 1);
    recordActivationInModules(cs, t);
    cs.set('turn_state', 1, 'activations', t.activations, t.activations + 1).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0).set('turn_state', 1, 'side_to_act', t.side_to_act, next.toAct);
    // The Initiative player's initial activation is at ME without a roll; under card draw, his first own card (RI-O11).
    const free = freeMe(ctx, subject, t, order);
    if (free.ok) {
      recordActivation(ctx, cs, subject, 'ME', phase, t.activations + 1);
      return {
        summary: `${subject.name} activates at ME: the Initiative player's initial activation`,
        subjects: [`command:${c.id}`],
        result: { effectiveness: 'ME' as const, drm: { total: 0, items: [] }, rating: 0 },
      };
    }
    const { leader, rating } = officerRating(ctx, field, c);
    spendPoints(ctx, cs, 'superiorsInRange', inRange, 'activation');
    const r = die(ctx, typed);
    const attempt = askRules(() => resolveMeAttempt({ officerRating: rating, drm }, r.roll));
    recordActivation(ctx, cs, subject, attempt.result, phase, t.activations + 1);
    const who = subject.unit ? `${subject.name} (out of command, ${order}; ${leader.name}, rating ${rating})` : `${c.name} (${leader.name}, rating ${rating})`;
    return {
      summary: `${who} tries for ME: rolled ${r.roll}, modified ${attempt.modifiedRoll}: ${attempt.result === 'ME' ? 'ME' : 'to the Confusion Table'}`,
      subjects: [`leader:${leader.id}`, `command:${c.id}`],
      dice: [{ purpose: `ME activation: ${subject.name}`, source: r.source, roll: r.roll, modifiers: attempt.drm, modified: attempt.modifiedRoll, target: `<= ${rating}`, outcome: attempt.result === 'ME' ? 'ME' : 'Confusion Table' }],
      result: { effectiveness: attempt.result, drm: attempt.drm, rating },
    };
  });
}

/** The Initiative player's initial activation at ME without a roll (RI-S18); under card draw his first own card (RI-O11). */
function freeMe(ctx: GameContext, subject: ActivationSubject, t: ReturnType<typeof readTurnState>, order: OrderCode) {
  return (subject.unit ? null : (activationOrderRule(ctx)?.initiativeMe(subject.c, t, order) ?? null)) ?? initiativeMeActivation({ initiativePlayer: t.initiative === subject.c.side, firstActivationOfSegment: t.activations === 0, order });
}

/**
 * What an ME attempt would roll with, before the die: the same DRMs the roll uses (meDrmInput), the
 * officer's rating, whether the Initiative player's free ME applies, and the superiors the form may offer.
 * Whether the attempt itself is allowed now is the turn state's legal actions' answer.
 */
function previewActivation(ctx: GameContext, input: ActivationPreviewInput): ActivationPreview {
  const commands = readCommands(ctx.db);
  const ooc = input.commanderOutOfCommand ?? false;
  const inRangeIds = optionalIdList('superiorsInRange', input.superiorsInRange);
  const subject = activationSubjectForPreview(ctx, input);
  const { drm, worksUnits } = meDrmInput(ctx, subject, commands, ooc, inRangeIds);
  const order = activationOrder(ctx, subject, commands);
  const t = readTurnState(ctx.db);
  let rating: number | null = null;
  try {
    requireCommanderOnMap(ctx, subject.field, subject.c);
    rating = officerRating(ctx, subject.field, subject.c).rating;
  } catch (e) {
    if (!(e instanceof MusterError)) throw e;
  }
  return {
    drm: askRules(() => activationDrm(drm)),
    rating,
    initiativeMe: t.side_to_act === subject.c.side && freeMe(ctx, subject, t, order).ok,
    worksUnits: worksUnits.map((u) => u.name),
    superiors: superiorOffers(ctx, subject.c.id, commands),
  };
}

/** The command or unit a preview names: known and on the map, nothing more (the legal actions say the rest). */
function activationSubjectForPreview(ctx: GameContext, input: { commandId?: unknown; unitId?: unknown }): ActivationSubject {
  if ((input.commandId === undefined) === (input.unitId === undefined)) throw invalid('commandId', 'name a command or a single unit');
  if (input.unitId !== undefined) {
    const u = onMapUnit(ctx, 'unitId', input.unitId);
    return { field: 'unitId', name: u.name, unit: u, c: command(ctx, 'unitId', u.command_id) };
  }
  const c = onMapCommand(ctx, 'commandId', input.commandId);
  if (!(ACTIVATION_LEVELS as readonly string[]).includes(c.level)) throw invalid('commandId', `${c.name} is a ${c.level}; corps, divisions and brigades are activated`, RULE.activation);
  return { field: 'commandId', name: c.name, unit: null, c };
}

/**
 * What an activation names: a command (either phase), or a single unit in the Out-of-Command
 * Activation Phase (RI-S25), and whether it may still activate this segment: a command or unit
 * activates once per segment, and a command's subordinates activate with it unless its commander
 * is out of command of his superior, who may not include it (RI-T02, RI-S24).
 */
function activationSubject(ctx: GameContext, input: { commandId?: unknown; unitId?: unknown }, commands: CommandRow[], commanderOutOfCommand: boolean): ActivationSubject {
  const hasCommand = input.commandId !== undefined;
  if (hasCommand === (input.unitId !== undefined)) {
    throw invalid('commandId', 'name either a command (either phase) or a single unit (the Out-of-Command Activation Phase), not both');
  }
  if (!hasCommand) {
    const u = onMapUnit(ctx, 'unitId', input.unitId);
    requireSegment(ctx, 'unitId', ACTIVATION_SEGMENT, RULE.activation);
    if (readClock(ctx.db).phase !== 'B') {
      throw forbidden('unitId', `${u.name}: a single unit is activated in the Out-of-Command Activation Phase (III.B); in the In-Command phase units activate with their command`, RULE.inCommand);
    }
    if (u.status === 'eliminated') throw forbidden('unitId', `${u.name} is eliminated`, RULE.activation);
    if (u.activation !== null) throw forbidden('unitId', `${u.name} has already activated this segment (${effectivenessText(u.activation)})`, RULE.activation);
    return { field: 'unitId', name: u.name, unit: u, c: command(ctx, 'unitId', u.command_id) };
  }
  const c = onMapCommand(ctx, 'commandId', input.commandId);
  if (!(ACTIVATION_LEVELS as readonly string[]).includes(c.level)) throw invalid('commandId', `${c.name} is a ${c.level}; corps, divisions and brigades are activated`, RULE.activation);
  requireSegment(ctx, 'commandId', ACTIVATION_SEGMENT, RULE.activation);
  // RI-B14: a command whose commander is not on the map does not activate, at ME or RE, nor take the free ME.
  requireCommanderOnMap(ctx, 'commandId', c);
  if (c.activation !== null) throw forbidden('commandId', `${c.name} has already activated this segment (${effectivenessText(c.activation)})`, RULE.activation);
  if (c.me_attempted === 1) throw forbidden('commandId', `${c.name} has already tried to activate for ME this segment`, RULE.activation);
  // A command activates with its superior formation (RI-T02), unless its commander is OOC of his superior:
  // then he "may not be included as part of the superior formation's activation" and acts on his own (RI-S24).
  if (!commanderOutOfCommand) {
    const byId = commandsById(commands);
    const ancestors = askRules(() => commandAncestors(tree(commands), c.id)).map((id) => byId.get(id)!);
    const superior = ancestors.find((x) => x.activation !== null || x.me_attempted === 1);
    if (superior) {
      const how = superior.activation === null ? 'tried for ME' : effectivenessText(superior.activation);
      throw forbidden(
        'commandId',
        `${c.name} activated with ${superior.name} this segment (${how}): its subordinates may not activate independently, unless its commander is out of command of his superior`,
        RULE.activation,
      );
    }
  }
  return { field: 'commandId', name: c.name, unit: null, c };
}

/** Corps and cavalry commanders are never out of command: the box may not be claimed for them (or a unit of their brigade). */
function requireMayBeOutOfCommand(subject: ActivationSubject, commanderOutOfCommand: boolean): void {
  if (!commanderOutOfCommand) return;
  const may = askRules(() => mayBeOutOfCommand({ level: subject.c.level, cavalry: subject.c.cavalry === 1 }));
  if (!may.ok) throw forbidden('commanderOutOfCommand', `${subject.c.name}: ${may.reason.charAt(0).toLowerCase()}${may.reason.slice(1)}`, may.rule);
}

/** The order an activation is made under: the command's standing order; an out-of-command unit's Default Order (RI-S26). */
function activationOrder(ctx: GameContext, subject: ActivationSubject, commands: CommandRow[]): OrderCode {
  const standing = standingOrders(ctx, commands).get(subject.c.id)!.order;
  if (!subject.unit) return standing;
  return askRules(() => unitOrder({ unit: unitSubject(subject.unit!), commandOrder: standing, inCommand: false })).order;
}

/** Writes how the command or unit activated, with the activation's event (so undo takes it back). */
function recordActivation(ctx: GameContext, cs: ChangeSet, subject: ActivationSubject, effectiveness: Effectiveness, phase: string, order: number): void {
  const [table, row] = subject.unit ? (['units', subject.unit] as const) : (['commands', subject.c] as const);
  cs.set(table, row.id, 'activation', row.activation, effectiveness).set(table, row.id, 'activation_phase', row.activation_phase, phase).set(table, row.id, 'activation_order', row.activation_order, order);
}

function activateRe(ctx: GameContext, input: ActivateReInput): ChangeResult {
  return write(ctx, 'activation.re', input, (cs) => {
    const commands = readCommands(ctx.db);
    const ooc = input.commanderOutOfCommand ?? false;
    const { subject, t, order } = reActivationChecks(ctx, input, commands, ooc);
    const { c } = subject;
    const phase = readClock(ctx.db).phase;
    const next = afterActivationAction({ phase: activationPhaseOf(phase), toAct: c.side, consecutivePasses: t.passes_in_row, ended: false }, 'activate');
    recordActivationInModules(cs, t);
    cs.set('turn_state', 1, 'activations', t.activations, t.activations + 1).set('turn_state', 1, 'passes_in_row', t.passes_in_row, 0).set('turn_state', 1, 'side_to_act', t.side_to_act, next.toAct);
    recordActivation(ctx, cs, subject, 'RE', phase, t.activations + 1);
    const summary = subject.unit ? `${subject.name} (out of command) activates at RE (Default Order ${order})` : `${c.name} activates at RE (${order})`;
    return { summary, subjects: [`command:${c.id}`], result: {} };
  });
}

function pass(ctx: GameContext, input: PassInput): PassResult {
  return write(ctx, 'activation.pass', input, (cs) => {
    const side = input.side;
    requireSegment(ctx, 'side', ACTIVATION_SEGMENT, RULE.activation);
    const t = requireSideToAct(ctx, 'side', side);
    requireStartOfActivationDone(ctx, 'side');
    // A rule module that replaces alternation has its own pass (card draw, RI-O40: a drawn card is spent).
    const order = activationOrderRule(ctx);
    if (order !== null) return { ...order.pass(cs, side, t), result: { passesInRow: t.passes_in_row, phaseOver: false } };
    const next = afterActivationAction({ phase: activationPhaseOf(readClock(ctx.db).phase), toAct: side, consecutivePasses: t.passes_in_row, ended: false }, 'pass');
    cs.set('turn_state', 1, 'passes_in_row', t.passes_in_row, next.consecutivePasses).set('turn_state', 1, 'side_to_act', t.side_to_act, next.toAct);
    return {
      summary: `${side} passes${next.ended ? ': three passes in a row end the phase' : ''}`,
      result: { passesInRow: next.consecutivePasses, phaseOver: next.ended },
    };
  });
}

export const activationFunctions = { attemptActivation, activateRe, pass, previewActivation } satisfies Partial<ServiceFunctions>;
