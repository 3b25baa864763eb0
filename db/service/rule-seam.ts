/**
 * The rule-module seam: the one place where the core service meets the optional rules and the house
 * readings. The core (the write path, the clock, combat, the obligations, the turn state, the game's
 * information and the Victory screen) iterates the registered modules through the helpers below and never
 * names a module; a module names the core, never the other way round.
 *
 * How to add an optional rule or a house reading
 * ----------------------------------------------
 * 1. The rule itself, pure, in `rules/` (an optional rule in `rules/optional/<name>.ts`).
 * 2. A service module `db/service/optional-<name>.ts` (an optional rule) or `db/service/house-<name>.ts`
 *    (a house reading) that calls `registerRuleModule({...})` once at its top level, declaring only the
 *    hooks it needs (see RuleModule: every hook is optional). Each hook answers nothing (an empty list,
 *    null, no change) when the module is not in force in the game, which `active` tells from the game's
 *    recorded options; the seam calls every hook of every module and lets the module decide.
 * 3. One line in `db/service/rule-modules.ts`, the list of modules, which loads it (and spreads its
 *    contract functions, if it has any, into the service).
 * 4. Its contract file `contract/optional-<name>.ts` (its functions, and any field it adds to the turn
 *    state or the game's information) and its screen.
 * Nothing in the core changes. tests/boundaries.test.ts holds the core to this: no core file of
 * db/service imports an `optional-*` or `house-*` module, and db/service has no import circles.
 *
 * A hook that refuses throws a MusterError (forbidden, invalid) like any service function: the refusal
 * reaches the player in words, and the write it happened in is taken back whole.
 */
import type { CommandCheck } from '../../rules/command-check';
import type { DrmItem, OrderCode, Side, UnitStatus } from '../../rules/types';
import type { ClockState, GameInfo, Obligation, OrderChangeAttemptResult, RuleModuleSection, StatusLadderStep, TurnState, Viewer } from '../../contract';
import type { ChangeSet } from '../events';
import type { SqliteDatabase } from '../open';
import type { CommandRow, TurnStateRow, UnitRow } from '../store';
import type { GameContext } from './game-context';
import type { UnitChanges } from './unit-changes';

/** A DRM a module adds to a roll, itemised to the player with the module (or option) it comes from. */
export interface RuleDrmItem extends DrmItem {
  /** Stable id of the item within its module, e.g. 'demoralization:attacker'. */
  id: string;
  /** The module's name as the player reads it ("Demoralization (optional rule)"). */
  source: string;
}

/** The facts of one fire attack a module may add DRMs for. */
export interface FireDrmFacts {
  /** The firing side and the side of the target hex. */
  attacker: Side;
  defender: Side;
  /** The firing stack (rules/fire-plan.ts decides which of its units fire). */
  firers: readonly UnitRow[];
  /** The units of the target hex. */
  targets: readonly UnitRow[];
  range: number;
}

/** The facts of one Shock Resolution a module may add DRMs for. */
export interface ShockDrmFacts {
  attacker: Side;
  defender: Side;
  attackers: readonly UnitRow[];
  defenders: readonly UnitRow[];
}

/** The facts of one activation attempt (a command's ME or RE roll) a module may add DRMs for. */
export interface ActivationDrmFacts {
  side: Side;
  /** The activating command (a single unit's own command in the Out-of-Command Activation Phase). */
  commandId: string;
  /** The single unit activating on its own (RI-S25), if it is one. */
  unitId?: string;
}

/** The facts of one reinforcement group's roll for entry a module may add DRMs for. */
export interface ArrivalDrmFacts {
  side: Side;
  groupId: string;
  turnId: string;
}

/** How the clock moves in one step (advanceClock), for the modules' resets and automatic changes. */
export interface ClockMove {
  /** The turn the clock moves to. */
  turnId: string;
  segment: string;
  phase: string;
  /** The automatic events due on the way (db/clock.ts): 'new-turn', 'arrivals', … */
  events: readonly string[];
  /** The turn state as it was before the move. */
  before: TurnStateRow;
}

/**
 * What a module changes about a status a unit takes from enemy action (card draw's status ladder): the
 * state the unit ends in, with the steps it took, for the combat result.
 */
export interface StatusHitRule {
  readonly steps: StatusLadderStep[];
  hit(changes: UnitChanges, u: UnitRow, status: UnitStatus): UnitStatus;
}

/**
 * A module that replaces alternation in the current step of the Activation Segment (card-draw activation,
 * RI-O40): which commands may activate now, what the Initiative player's free ME becomes, and what a pass is.
 */
export interface ActivationOrderRule {
  /** A command the legal activations list now (the drawn card's command only, none before a draw). */
  mayActivate(c: CommandRow): boolean;
  /** Refuses the activation of a command the rule does not let activate now (field: the input's). */
  requireMayActivate(field: string, c: CommandRow): void;
  /** The Initiative player's free ME under the rule, or null where the revision's initial activation stands. */
  initiativeMe(c: CommandRow, t: TurnStateRow, order: OrderCode): CommandCheck<{ effectiveness: 'ME'; rule: string }> | null;
  /** The checks of a pass under the rule (throws a refusal); returns the command whose turn is passed. */
  passChecks(): CommandRow;
  /** A pass under the rule: written into the change set, with its words. */
  pass(cs: ChangeSet, side: Side, t: TurnStateRow): { summary: string; subjects: string[] };
}

/** How a successful order change is carried when a module does not let it take effect at once (Messengers). */
export interface OrderChangeCarrying {
  /** After a successful roll: the change is sent (written into the change set) and its words, or null when it takes effect at once. */
  send(cs: ChangeSet, order: string): { outcome: string } | null;
  /** Fields the module's contract adds to the attempt's result, after send (or without it, for a failed roll). */
  result(): Partial<OrderChangeAttemptResult>;
}

/** A game option a module declares (a house reading): chosen at New Game, recorded in the file. */
export interface GameOptionDeclaration<C extends string = string> {
  /** The option's id as recorded in the game file, e.g. 'RI-S13'. */
  id: string;
  /** What players call it. */
  name: string;
  /** The rule and the reading it settles (an RI- id of docs/rules-interpretations.md). */
  rule: string;
  choices: readonly { id: C; label: string }[];
  /** The documented reading: the choice of a game that recorded none. */
  default: C;
}

/** A section a module adds to the Victory screen: lines in words, each with its rule (contract/victory.ts RuleModuleSection). */
export type VictorySection = RuleModuleSection;

/** The fields of the contract's objects that rule modules fill (each module its own; see the contract files). */
export type ModuleTurnStateFields = Partial<TurnState>;
export type ModuleGameInfoFields = Partial<GameInfo>;

/** One rule module: what it contributes to the core, each hook optional. */
export interface RuleModule {
  /** Unique id, e.g. 'demoralization'. */
  readonly id: string;
  /** As the player reads it: "Demoralization (optional rule)". */
  readonly name: string;
  readonly kind: 'optional-rule' | 'house-reading';
  /** Whether the module is in force in this game, from the game's recorded options. */
  active(db: SqliteDatabase): boolean;
  /** Game options the module declares (house readings), chosen at New Game. */
  readonly options?: readonly GameOptionDeclaration[];

  /** The write path: after every change is built, in the same transaction; may add to the change set, returns notes for the event's summary. */
  onWrite?(db: SqliteDatabase, cs: ChangeSet): string[];
  /** Checks before the clock moves (advanceClock and the Next button's verdict): throws a refusal. */
  beforeAdvance?(ctx: GameContext): void;
  /** A new turn begins: the module's per-turn state starts afresh (notes for the summary). */
  onNewTurn?(ctx: GameContext, cs: ChangeSet, move: ClockMove): string[];
  /** A new day begins (the first turn of a later date). */
  onNewDay?(ctx: GameContext, cs: ChangeSet, move: ClockMove): string[];
  /** Every step the clock moves, after the core's automatic changes. */
  afterClockMove?(ctx: GameContext, cs: ChangeSet, move: ClockMove): string[];

  /** DRMs the module adds to rolls, itemised. */
  readonly drm?: {
    fire?(ctx: GameContext, facts: FireDrmFacts): RuleDrmItem[];
    shock?(ctx: GameContext, facts: ShockDrmFacts): RuleDrmItem[];
    activation?(ctx: GameContext, facts: ActivationDrmFacts): RuleDrmItem[];
    arrival?(ctx: GameContext, facts: ArrivalDrmFacts): RuleDrmItem[];
  };
  /** The Activation Segment's order when the module replaces alternation in the current step; null otherwise. */
  activationOrder?(ctx: GameContext): ActivationOrderRule | null;
  /** An activation (or a pass) is recorded, whatever the step: the module's per-activation state (a drawn card is spent). */
  onActivation?(cs: ChangeSet, t: TurnStateRow): void;
  /** The beginning of the Activation Segment is over by the module's doing (a card drawn, RI-O40). */
  activationBegun?(ctx: GameContext): boolean;
  /** Refuses the Initiative roll and declarations when the module decides the Initiative (Variable Initiative's levels, RI-O01). */
  refuseInitiativeRoll?(ctx: GameContext, field: string): void;
  /** The module takes the place of this step's Initiative roll in the obligations (its own obligations say what is due instead). */
  replacesInitiativeRoll?(ctx: GameContext): boolean;
  /** How a successful order change of this command is carried (checked before the die is rolled); null when the module does not carry it. */
  orderChange?(ctx: GameContext, c: CommandRow, input: { messengerDistance?: number | undefined }): OrderChangeCarrying | null;
  /** What a hit from enemy action does to a unit's status, when the module changes it; null when it does not. */
  statusHits?(ctx: GameContext): StatusHitRule | null;

  /** Obligations due in the current step before the clock may move (RI-B15); `settled` holds the ids waived in this step. */
  obligations?(ctx: GameContext, settled: ReadonlySet<string>): Obligation[];
  /** Fields the module's contract adds to the turn state. Called whatever the options: the module answers its own "off" value. */
  turnState?(ctx: GameContext, viewer: Viewer | undefined): ModuleTurnStateFields;
  /** Fields the module's contract adds to the game's information. Called whatever the options. */
  gameInfo?(ctx: GameContext): ModuleGameInfoFields;
  /** The step's guide as the module changes it (unchanged when it does not act in this step). */
  guide?(ctx: GameContext, clock: ClockState): ClockState;
  /** A section on the Victory screen, or null. */
  victory?(ctx: GameContext): VictorySection | null;
  /** Events hidden from a viewer beyond the core's secret entries (the Messengers option's messages in flight). */
  hiddenEvents?(db: SqliteDatabase, viewer: Viewer | undefined): { seq: number; secret_side: Side }[];
}

const modules: RuleModule[] = [];

/** Registers a module (once: registering the same id again replaces it, so a reloaded module is not counted twice). */
export function registerRuleModule(module: RuleModule): RuleModule {
  const at = modules.findIndex((m) => m.id === module.id);
  if (at >= 0) modules[at] = module;
  else modules.push(module);
  return module;
}

/** Every registered module, in the order they registered. */
export function ruleModules(): readonly RuleModule[] {
  return modules;
}

/** The modules in force in this game. */
export function activeRuleModules(db: SqliteDatabase): RuleModule[] {
  return modules.filter((m) => m.active(db));
}

// -------------------------------------------------------------------------------------------
// What the core asks, one helper per hook

export function writePathNotes(db: SqliteDatabase, cs: ChangeSet): string[] {
  return modules.flatMap((m) => m.onWrite?.(db, cs) ?? []);
}

export function requireModulesAllowAdvance(ctx: GameContext): void {
  for (const m of modules) m.beforeAdvance?.(ctx);
}

export function clockMoveNotes(ctx: GameContext, cs: ChangeSet, move: ClockMove, newDay: boolean): string[] {
  const notes: string[] = [];
  const newTurn = move.events.includes('new-turn');
  for (const m of modules) {
    if (newTurn) notes.push(...(m.onNewTurn?.(ctx, cs, move) ?? []));
    if (newDay) notes.push(...(m.onNewDay?.(ctx, cs, move) ?? []));
  }
  for (const m of modules) notes.push(...(m.afterClockMove?.(ctx, cs, move) ?? []));
  return notes;
}

export function fireDrmItems(ctx: GameContext, facts: FireDrmFacts): RuleDrmItem[] {
  return modules.flatMap((m) => m.drm?.fire?.(ctx, facts) ?? []);
}

export function shockDrmItems(ctx: GameContext, facts: ShockDrmFacts): RuleDrmItem[] {
  return modules.flatMap((m) => m.drm?.shock?.(ctx, facts) ?? []);
}

export function activationDrmItems(ctx: GameContext, facts: ActivationDrmFacts): RuleDrmItem[] {
  return modules.flatMap((m) => m.drm?.activation?.(ctx, facts) ?? []);
}

export function arrivalDrmItems(ctx: GameContext, facts: ArrivalDrmFacts): RuleDrmItem[] {
  return modules.flatMap((m) => m.drm?.arrival?.(ctx, facts) ?? []);
}

/** The status rule of the first module that changes what hits do (at most one does in a game); null as the revision has it. */
export function statusHitRule(ctx: GameContext): StatusHitRule | null {
  for (const m of modules) {
    const rule = m.statusHits?.(ctx) ?? null;
    if (rule !== null) return rule;
  }
  return null;
}

export function activationOrderRule(ctx: GameContext): ActivationOrderRule | null {
  for (const m of modules) {
    const rule = m.activationOrder?.(ctx) ?? null;
    if (rule !== null) return rule;
  }
  return null;
}

export function recordActivationInModules(cs: ChangeSet, t: TurnStateRow): void {
  for (const m of modules) m.onActivation?.(cs, t);
}

export function activationBegunByModule(ctx: GameContext): boolean {
  return modules.some((m) => m.activationBegun?.(ctx) === true);
}

export function refuseInitiativeRollByModule(ctx: GameContext, field: string): void {
  for (const m of modules) m.refuseInitiativeRoll?.(ctx, field);
}

export function initiativeRollReplaced(ctx: GameContext): boolean {
  return modules.some((m) => m.replacesInitiativeRoll?.(ctx) === true);
}

/** How the modules carry this command's order change: the first that does, or null (it takes effect at once). */
export function orderChangeCarrying(ctx: GameContext, c: CommandRow, input: { messengerDistance?: number | undefined }): OrderChangeCarrying | null {
  let carrying: OrderChangeCarrying | null = null;
  // Every module checks the input (a field it does not accept is refused even when another carries the change).
  for (const m of modules) carrying = m.orderChange?.(ctx, c, input) ?? carrying;
  return carrying;
}

export function moduleObligations(ctx: GameContext, settled: ReadonlySet<string>): Obligation[] {
  return modules.flatMap((m) => m.obligations?.(ctx, settled) ?? []);
}

export function moduleTurnState(ctx: GameContext, viewer: Viewer | undefined): ModuleTurnStateFields {
  return Object.assign({}, ...modules.map((m) => m.turnState?.(ctx, viewer) ?? {})) as ModuleTurnStateFields;
}

export function moduleGameInfo(ctx: GameContext): ModuleGameInfoFields {
  return Object.assign({}, ...modules.map((m) => m.gameInfo?.(ctx) ?? {})) as ModuleGameInfoFields;
}

export function guideWithModules(ctx: GameContext, clock: ClockState): ClockState {
  return modules.reduce((c, m) => m.guide?.(ctx, c) ?? c, clock);
}

export function victorySections(ctx: GameContext): VictorySection[] {
  return modules.flatMap((m) => {
    const s = m.victory?.(ctx) ?? null;
    return s === null ? [] : [s];
  });
}

export function moduleHiddenEvents(db: SqliteDatabase, viewer: Viewer | undefined): { seq: number; secret_side: Side }[] {
  return modules.flatMap((m) => m.hiddenEvents?.(db, viewer) ?? []);
}

/** Every game option the modules declare (New Game's list). */
export function declaredGameOptions(): GameOptionDeclaration[] {
  return modules.flatMap((m) => [...(m.options ?? [])]);
}
