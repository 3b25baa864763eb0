/**
 * The forces: the roster of units and the command tree as they stand, and what the players record about
 * units and commands in play (fatigue, status, flags, skirmishers, command markers).
 */
import { mayDesignateStragglerRecovery, mayRecallSkirmishers, skirmisherIneligibility, skirmisherRecallLoss } from '../../rules/losses';
import { mayBeOutOfCommand } from '../../rules/activation';
import { bearsFatigue } from '../../rules/fatigue';
import { defaultOrderChoices, switchToDefaultOrder, type DefaultOrderCause } from '../../rules/orders';
import { UnitChanges } from './unit-changes';
import { eventDueAt } from '../clock';
import { forbidden, invalid } from '../errors';
import type { ChangeResult, CommandNode, DesignateSkirmishersInput, RecallSkirmishersInput, RosterQuery, RosterUnit, SetCommandMarkersInput, SetFatigueInput, SetStatusInput, SetUnitFlagsInput } from '../../contract';
import { currentSp, readClock, readCommands, readLeaders, readTurns, readUnits, type CommandRow, type UnitRow, commandsById } from '../store';
import { askRules } from '../validate';
import { effectiveUnitOrder, standingOrders, subtree } from './chain';
import { commandArm, RULE, unitSubject, yes } from './common';
import { write, type GameContext, type ServiceFunctions } from './context';
import { command, onMapCommand, unit } from './lookups';

/** The state tables a roster and a command tree are made from, read once for both (rosterSheet). */
export interface ForcesRead {
  commands: CommandRow[];
  units: UnitRow[];
}

export function roster(ctx: GameContext, input: RosterQuery = {}, read: ForcesRead = { commands: readCommands(ctx.db), units: readUnits(ctx.db) }): RosterUnit[] {
  const side = input.side;
  const includeOffMap = input.includeOffMap ?? true;
  const { commands } = read;
  const byId = commandsById(commands);
  const within = input.commandId === undefined ? null : subtree(command(ctx, 'commandId', input.commandId).id, commands);
  const orders = standingOrders(ctx, commands);
  const path = (id: string): string[] => {
    const names: string[] = [];
    let c = byId.get(id);
    while (c) {
      names.push(c.name);
      const p = c.attached_to ?? c.parent_id;
      c = p ? byId.get(p) : undefined;
    }
    return names;
  };
  return read.units
    .filter((u) => (side === undefined || u.side === side) && (within === null || within.has(u.command_id)) && (includeOffMap || u.on_map === 1))
    .map((u) => {
      const o = effectiveUnitOrder(u, orders);
      return {
        id: u.id,
        name: u.name,
        side: u.side,
        arm: u.arm,
        sp: u.sp,
        spLost: u.sp_lost,
        stragglers: u.stragglers,
        abandonedGuns: u.abandoned_guns,
        currentSp: currentSp(u),
        fatigue: u.fatigue,
        status: u.status,
        effectiveOrder: o.order,
        orderSource: o.from,
        orderExpires: u.own_order !== null && u.order_expires === 1,
        defaultOrders: askRules(() => defaultOrderChoices(unitSubject(u))),
        weapon: u.weapon,
        cohesionOrdered: u.cohesion_ordered,
        cohesionDisordered: u.cohesion_disordered,
        artilleryRow: u.artillery_row,
        commandId: u.command_id,
        commandPath: path(u.command_id),
        horseArtillery: u.horse_artillery === 1,
        sharpshooters: u.sharpshooters === 1,
        canDismount: u.can_dismount === 1,
        mounted: u.mounted === 1,
        outOfAmmo: u.out_of_ammo === 1,
        extendedColumn: u.extended_column === 1,
        strategicMovement: u.strategic_movement === 1,
        skirmishers: u.skirmishers !== null,
        works: u.works,
        bayonetCharge: u.bayonet_charge === 1,
        skirmishingFor: u.skirmishers,
        capturedGuns: u.captured_guns,
        destroyedGuns: u.destroyed_guns,
        onMap: u.on_map === 1,
      };
    });
}

function commandTree(ctx: GameContext): CommandNode[] {
  return treeOf(ctx, { commands: readCommands(ctx.db), units: readUnits(ctx.db) });
}

/** What one unit adds to its commands' totals. */
interface UnitTotals {
  commandId: string;
  sp: number;
  spLost: number;
  stragglers: number;
  currentSp: number;
  artillery: boolean;
}

export function treeOf(ctx: GameContext, read: ForcesRead): CommandNode[] {
  return treeWithTotals(ctx, read.commands, read.units.map((u) => ({ commandId: u.command_id, sp: u.sp, spLost: u.sp_lost, stragglers: u.stragglers, currentSp: currentSp(u), artillery: u.arm === 'artillery' })));
}

/** The tree from the commands and the roster's rows of every unit (what a row shows is what the totals add). */
export function treeOfRows(ctx: GameContext, commands: CommandRow[], rows: readonly RosterUnit[]): CommandNode[] {
  return treeWithTotals(ctx, commands, rows.map((r) => ({ commandId: r.commandId, sp: r.sp, spLost: r.spLost, stragglers: r.stragglers, currentSp: r.currentSp, artillery: r.arm === 'artillery' })));
}

function treeWithTotals(ctx: GameContext, commands: CommandRow[], units: readonly UnitTotals[]): CommandNode[] {
  const orders = standingOrders(ctx, commands);
  const leaderNames = new Map(readLeaders(ctx.db).map((l) => [l.id, l.name]));
  const unitsByCommand = new Map<string, UnitTotals[]>();
  for (const u of units) {
    const list = unitsByCommand.get(u.commandId);
    if (list) list.push(u);
    else unitsByCommand.set(u.commandId, [u]);
  }
  const nodes = new Map<string, CommandNode>();
  for (const c of commands) {
    const o = orders.get(c.id)!;
    nodes.set(c.id, {
      id: c.id,
      side: c.side,
      level: c.level,
      name: c.name,
      parentId: c.parent_id,
      effectiveParentId: c.attached_to ?? c.parent_id,
      attachedTo: c.attached_to,
      leaderId: c.leader_id,
      leaderName: c.leader_id ? (leaderNames.get(c.leader_id) ?? null) : null,
      cavalry: c.cavalry === 1,
      artillery: c.artillery === 1,
      ownOrder: c.own_order,
      effectiveOrder: o.order,
      orderSource: o.from,
      rsm: c.rsm === 1,
      recovery: c.recovery === 1,
      fatigueRecovery: c.fatigue_recovery === 1,
      ineffective: c.ineffective === 1,
      onMap: c.on_map === 1,
      mayBeOutOfCommand: askRules(() => mayBeOutOfCommand({ level: c.level, cavalry: c.cavalry === 1 })).ok,
      reinforcementGroupId: c.reinforcement_group_id,
      totals: { units: 0, sp: 0, spLost: 0, stragglers: 0, currentSp: 0, guns: 0 },
      children: [],
    });
  }
  const roots: CommandNode[] = [];
  for (const c of commands) {
    const node = nodes.get(c.id)!;
    const parent = node.effectiveParentId ? nodes.get(node.effectiveParentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const total = (node: CommandNode): CommandNode['totals'] => {
    const t = { units: 0, sp: 0, spLost: 0, stragglers: 0, currentSp: 0, guns: 0 };
    for (const u of unitsByCommand.get(node.id) ?? []) {
      t.units += 1;
      t.sp += u.sp;
      t.spLost += u.spLost;
      t.stragglers += u.stragglers;
      t.currentSp += u.currentSp;
      if (u.artillery) t.guns += u.currentSp;
    }
    for (const child of node.children) {
      const ct = total(child);
      t.units += ct.units;
      t.sp += ct.sp;
      t.spLost += ct.spLost;
      t.stragglers += ct.stragglers;
      t.currentSp += ct.currentSp;
      t.guns += ct.guns;
    }
    node.totals = t;
    return t;
  };
  roots.forEach(total);
  return roots;
}

// -------------------------------------------------------------------------------------------
// Unit state

function setFatigue(ctx: GameContext, input: SetFatigueInput): ChangeResult {
  return write(ctx, 'fatigue', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    if (!bearsFatigue(u.arm)) throw forbidden('unitId', `${u.name} is artillery; fatigue applies to infantry and cavalry`, 'Rev. Cavalry Fatigue');
    const level = input.level;
    if (level === u.fatigue) throw invalid('level', `${u.name} is already at fatigue level ${level}`);
    cs.set('units', u.id, 'fatigue', u.fatigue, level);
    return { summary: `${u.name}: fatigue ${u.fatigue} -> ${level}`, result: {} };
  });
}

function setStatus(ctx: GameContext, input: SetStatusInput): ChangeResult {
  return write(ctx, 'status', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    const status = input.status;
    if (status === u.status) throw invalid('status', `${u.name} is already ${status}`);
    // RI-K16: elimination follows from losses (RI-S07); an eliminated unit has no status to change.
    if (status === 'eliminated') throw invalid('status', `${u.name} is eliminated by its losses when its last SP is lost, not by a status change (RI-S07)`);
    if (u.status === 'eliminated') throw invalid('unitId', `${u.name} is eliminated: its status no longer changes (RI-S07)`);
    const cause = input.cause === undefined ? null : input.cause;
    const enemyNear = input.enemyWithinTacticalMovementRange ?? true;
    const changes = new UnitChanges(cs);
    changes.setStatus(u, status, cause, enemyNear);
    return { summary: changes.notes.join('; ') + (cause ? ` (${cause.replace(/-/g, ' ')})` : ''), result: {} };
  });
}

function setUnitFlags(ctx: GameContext, input: SetUnitFlagsInput): ChangeResult {
  return write(ctx, 'unit.flags', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    const flags: string[] = [];
    const flag = (name: 'mounted' | 'outOfAmmo' | 'extendedColumn' | 'strategicMovement', column: 'mounted' | 'out_of_ammo' | 'extended_column' | 'strategic_movement') => {
      const v = input[name];
      if (v === undefined) return;
      cs.set('units', u.id, column, u[column], yes(v));
      flags.push(`${name} ${v ? 'on' : 'off'}`);
    };
    if (input.mounted !== undefined && u.can_dismount !== 1) throw forbidden('mounted', `${u.name} cannot mount or dismount`, RULE.cavalry);
    flag('mounted', 'mounted');
    flag('outOfAmmo', 'out_of_ammo');
    flag('extendedColumn', 'extended_column');
    flag('strategicMovement', 'strategic_movement');
    if (flags.length === 0) throw invalid('mounted', 'give at least one of mounted, outOfAmmo, extendedColumn, strategicMovement');
    return { summary: `${u.name}: ${flags.join(', ')}`, result: {} };
  });
}

function designateSkirmishers(ctx: GameContext, input: DesignateSkirmishersInput): ChangeResult {
  return write(ctx, 'skirmishers.designated', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    const brigade = input.brigadeId === undefined ? command(ctx, 'unitId', u.command_id) : onMapCommand(ctx, 'brigadeId', input.brigadeId);
    const atMe = input.brigadeAtMe ?? true;
    if (u.skirmishers !== null) throw invalid('unitId', `${u.name} is already out as skirmishers`);
    const units = readUnits(ctx.db);
    if (units.some((x) => x.skirmishers === brigade.id)) throw forbidden('unitId', `${brigade.name} already has a unit out as skirmishers`, RULE.skirmishers);
    const others = units.filter((x) => x.command_id === brigade.id && x.id !== u.id && x.on_map === 1 && x.status !== 'eliminated');
    const reasons = askRules(() =>
      skirmisherIneligibility({
        brigade: { side: brigade.side, infantry: brigade.level === 'brigade' && commandArm(brigade) === 'infantry', effectiveness: atMe ? 'ME' : 'RE', atStartOfActivation: true },
        candidate: { side: u.side, arm: u.arm, sp: currentSp(u), sharpshooters: u.sharpshooters === 1, memberOfBrigade: u.command_id === brigade.id },
        otherRegimentsSp: others.map(currentSp),
      }),
    );
    if (reasons.length > 0) throw forbidden('unitId', reasons.join('; '), RULE.skirmishers);
    cs.set('units', u.id, 'skirmishers', null, brigade.id);
    return { summary: `${u.name} deployed as skirmishers for ${brigade.name}`, subjects: [`command:${brigade.id}`], result: {} };
  });
}

function recallSkirmishers(ctx: GameContext, input: RecallSkirmishersInput): ChangeResult {
  return write(ctx, 'skirmishers.recalled', input, (cs) => {
    const brigade = onMapCommand(ctx, 'commandId', input.commandId);
    const atMe = input.brigadeAtMe ?? true;
    const units = readUnits(ctx.db);
    const skirmisher = units.find((x) => x.skirmishers === brigade.id);
    if (!skirmisher) throw forbidden('commandId', `${brigade.name} has no skirmishers out`, RULE.skirmishers);
    if (!askRules(() => mayRecallSkirmishers({ effectiveness: atMe ? 'ME' : 'RE', atStartOfActivation: true }))) {
      throw forbidden('brigadeAtMe', 'skirmishers are recalled at the beginning of the brigade\'s activation, at ME', RULE.skirmishers);
    }
    const others = units.filter((x) => x.command_id === brigade.id && x.id !== skirmisher.id);
    const loss = Math.min(askRules(() => skirmisherRecallLoss(others.map((x) => x.sp_lost))), currentSp(skirmisher));
    cs.set('units', skirmisher.id, 'skirmishers', brigade.id, null);
    if (loss > 0) cs.set('units', skirmisher.id, 'sp_lost', skirmisher.sp_lost, skirmisher.sp_lost + loss);
    if (loss > 0 && skirmisher.sp - skirmisher.sp_lost - loss === 0) cs.set('units', skirmisher.id, 'status', skirmisher.status, 'eliminated');
    return { summary: `${skirmisher.name} recalled from skirmishing${loss > 0 ? `, losing ${loss} SP` : ''}`, subjects: [`command:${brigade.id}`], result: {} };
  });
}

// -------------------------------------------------------------------------------------------
// Command markers

/** A brigade may take the Recovery marker: at the 2400 designation, under orders that "Can Recover Stragglers" (the turn state's offers run this too). */
export function requireRecoveryMarkerAllowed(ctx: GameContext, c: CommandRow, orders: ReturnType<typeof standingOrders> = standingOrders(ctx)): void {
  if (c.level !== 'brigade') throw forbidden('recovery', 'the Recovery marker is placed on brigades', RULE.stragglers);
  const clock = readClock(ctx.db);
  if (!eventDueAt(readTurns(ctx.db), clock, 'straggler-recovery-designation')) {
    throw forbidden('recovery', 'Straggler Recovery Designation takes place at 2400, in the Fatigue & Straggler Recovery Designation Phase', RULE.stragglers);
  }
  const order = orders.get(c.id)!.order;
  if (!askRules(() => mayDesignateStragglerRecovery(order))) throw forbidden('recovery', `${c.name} is under ${order}; only orders that "Can Recover Stragglers" (HOLD, RSRV) may`, 'Rev. Orders Table');
}

function setCommandMarkers(ctx: GameContext, input: SetCommandMarkersInput): ChangeResult {
  return write(ctx, 'command.markers', input, (cs) => {
    const c = onMapCommand(ctx, 'commandId', input.commandId);
    if (input.rsm === undefined && input.recovery === undefined && input.ineffective === undefined) throw invalid('rsm', 'give at least one of rsm, recovery, ineffective');
    const parts: string[] = [];
    if (input.rsm !== undefined) {
      const v = input.rsm ?? false;
      cs.set('commands', c.id, 'rsm', c.rsm, yes(v));
      parts.push(`RSM marker ${v ? 'placed' : 'removed'}`);
    }
    if (input.recovery !== undefined) {
      const v = input.recovery ?? false;
      if (v) requireRecoveryMarkerAllowed(ctx, c);
      cs.set('commands', c.id, 'recovery', c.recovery, yes(v));
      parts.push(`Recovery marker ${v ? 'placed' : 'removed'}`);
    }
    if (input.ineffective !== undefined) {
      const v = input.ineffective ?? false;
      cs.set('commands', c.id, 'ineffective', c.ineffective, yes(v));
      parts.push(v ? 'Ineffective' : 'effective again');
      if (v && c.ineffective === 0) {
        // The moment the command becomes ineffective it receives its Default Order.
        const cause: DefaultOrderCause = 'ineffective';
        const d = askRules(() => switchToDefaultOrder({ arm: commandArm(c) }, cause));
        cs.set('commands', c.id, 'own_order', c.own_order, d.order).set('commands', c.id, 'order_expires', c.order_expires, 0);
        parts.push(`Default Order ${d.order}`);
      }
    }
    return { summary: `${c.name}: ${parts.join(', ')}`, result: {} };
  });
}

export const rosterFunctions = { roster, commandTree, setFatigue, setStatus, setUnitFlags, designateSkirmishers, recallSkirmishers, setCommandMarkers } satisfies Partial<ServiceFunctions>;
