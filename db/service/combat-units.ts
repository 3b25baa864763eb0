/**
 * The combat domain's shared parts (db/service/combat.ts): the units an assistant names, checked and lined up
 * for fire with the frontage procedure told in the revision's own words; the dice whose result the players
 * read first (RI-K18); leader casualty checks (RI-K10); and status results applied with their stragglers.
 */
import { leaderCasualty as casualtyRoll, type DisorderCause } from '../../rules/losses';
import { commandAncestors } from '../../rules/command-tree';
import { fireLine, type FireLinePlace } from '../../rules/fire-plan';
import type { FrontageStep } from '../../rules/stacking';
import type { Arm, DieRoll, DrmItem, Side } from '../../rules/types';
import { type Weather } from '../../rules/weather';
import type { CombatUnit, LeaderCheck, LinedUpUnit, PlayerDrm, UnitOutcome } from '../../contract';
import type { NewDiceRow } from '../dice';
import { forbidden, invalid, notFound } from '../errors';
import type { ChangeSet } from '../events';
import { statement } from '../statements';
import { numberingFor } from './numbering';
import { hiddenEventSeqs } from './secrets';
import { currentSp, type CommandRow, type GameRow, type UnitRow, commandsById } from '../store';
import { askRules } from '../validate';
import { effectiveUnitOrder, standingOrdersOf, tree } from './chain';
import { RULE } from './common';
import { die, type GameContext } from './context';
import { leader, onMapUnit } from './lookups';
import type { StatusHitRule } from './rule-seam';
import { UnitChanges } from './unit-changes';

export type Dice = Omit<NewDiceRow, 'eventSeq'>[];
export { ACTIVATION_SEGMENT } from '../clock';
const PLAYERS_RULE = 'Players (base game)';

// -------------------------------------------------------------------------------------------
// Units, as the assistants see them

/** Units named in a list: each once, on the map and not eliminated. */
export function combatUnits(ctx: GameContext, field: string, ids: readonly string[]): UnitRow[] {
  const seen = new Set<string>();
  return ids.map((id, i) => {
    if (seen.has(id)) throw invalid(`${field}[${i}]`, `names ${id} twice`);
    seen.add(id);
    const u = onMapUnit(ctx, `${field}[${i}]`, id);
    if (u.status === 'eliminated') throw forbidden(`${field}[${i}]`, `${u.name} is eliminated`, RULE.stacking);
    return u;
  });
}

export function oneSide(field: string, units: UnitRow[]): Side {
  const side = units[0]!.side;
  units.forEach((u, i) => {
    if (u.side !== side) throw invalid(`${field}[${i}]`, `${u.name} is ${u.side}; the other units named are ${side}`);
  });
  return side;
}

export type Orders = ReturnType<typeof standingOrdersOf>;

export function combatUnit(u: UnitRow, orders: Orders): CombatUnit {
  return {
    unitId: u.id,
    name: u.name,
    side: u.side,
    arm: u.arm,
    weapon: u.weapon,
    order: effectiveUnitOrder(u, orders).order,
    status: u.status,
    mounted: u.mounted === 1,
    outOfAmmo: u.out_of_ammo === 1,
    works: u.works,
    bayonetCharge: u.bayonet_charge === 1,
    currentSp: currentSp(u),
  };
}

/** RI-K03: cavalry passes its recorded state; other arms pass nothing. */
export const mountedFlag = (u: UnitRow): { mounted?: boolean } => (u.arm === 'cavalry' ? { mounted: u.mounted === 1 } : {});

const ARM_WORDS: Record<Arm, { one: string; type: string }> = {
  artillery: { one: 'battery', type: 'Artillery' },
  infantry: { one: 'regiment', type: 'Infantry' },
  cavalry: { one: 'battalion', type: 'Cavalry' },
};

function factorWords(factor: number, to: Arm): string {
  const type = ARM_WORDS[to].type;
  switch (factor) {
    case 1:
      return `same type (${type})`;
    case 0.5:
      return `x1/2 for going down one level to ${type}`;
    case 0.25:
      return `x1/4 for going down two levels to ${type}`;
    case 2:
      return `x2 for going up one level to ${type}`;
    default:
      return `x${factor} for going up two levels to ${type}`;
  }
}

const sps = (n: number) => `${n} SP${n === 1 ? '' : 's'}`;

/** The procedure for one unit in the words of the revision's worked examples. */
function explain(u: UnitRow, step: FrontageStep, first: boolean): string {
  const sp = currentSp(u);
  const whole = step.fires === sp ? (sp === 1 ? `Its ${sps(sp)} may fire.` : `All ${sps(sp)} may fire.`) : `${step.fires} of its ${sps(sp)} may fire.`;
  switch (step.source) {
    case 'no-sp':
      return 'No SPs left in the line: it does not fire.';
    case 'exhausted':
      return step.spaceIn === 0 ? 'The difference having been used up, it may not fire.' : 'No additional fire from the stack: it may not fire.';
    case 'maximum': {
      const type = ARM_WORDS[u.arm].type;
      const left = step.spaceOut ?? 0;
      const diff = left > 0 ? ` The difference is ${left} (${step.available}-${step.fires}=${left}).` : ' The difference is used up.';
      return `${type} maximum is ${step.available}${first ? '' : ' (the first unit that fires)'}. ${whole}${diff}`;
    }
    case 'below-one':
      return `The difference is ${step.spaceIn}; ${factorWords(step.factor!, u.arm)} = ${step.exact}: less than 1, no additional fire from the stack.`;
    case 'space': {
      const rounded = step.exact !== step.available ? `${step.exact}, rounded down to ${step.available}` : `${step.available}`;
      const left = step.spaceOut ?? 0;
      const after = left > 0 ? ` The difference is now ${left} (${step.available}-${step.fires}=${left}).` : '';
      return `The difference is ${step.spaceIn}; ${factorWords(step.factor!, u.arm)} = ${rounded} ${step.available === 1 ? 'SP' : 'SPs'} eligible. ${whole}${after}`;
    }
  }
}

/** A stack lined up for fire (rules/fire-plan.ts fireLine), each unit with its state and the procedure in the revision's words. */
export function linedUp(units: UnitRow[], orders: Orders, places: FireLinePlace[], allInFront = false): LinedUpUnit[] {
  const firstMaximum = places.findIndex((p) => p.step.source === 'maximum');
  return units.map((u, i) => {
    const { unitId: _id, ...place } = places[i]!;
    return {
      ...combatUnit(u, orders),
      ...place,
      explanation: allInFront ? 'Return Fire against this activating unit: all of it takes the fire.' : explain(u, place.step, firstMaximum === i),
    };
  });
}

/** A stack lined up for fire: who fires what, right to left from the top, who stands behind (Rev. Stacking and Fire Combat). */
export function lineUp(units: UnitRow[], orders: Orders, allInFront = false): LinedUpUnit[] {
  return linedUp(units, orders, askRules(() => fireLine(units.map((u) => ({ id: u.id, arm: u.arm, sp: currentSp(u) })), allInFront)), allInFront);
}

export function weatherOf(game: GameRow): Weather {
  return { raining: game.raining === 1, mud: game.mud === 1, rainStopRolls: game.rain_stop_rolls };
}

export const playerItems = (drms: PlayerDrm[] | undefined): DrmItem[] => (drms ?? []).map((d) => ({ label: d.label, value: d.value, rule: d.rule && d.rule.length > 0 ? d.rule : PLAYERS_RULE }));

/** The commands a unit is in, its own first, then up the chain. */
export function commandChain(u: UnitRow, commands: CommandRow[]): CommandRow[] {
  const byId = commandsById(commands);
  const ids = [u.command_id, ...askRules(() => commandAncestors(tree(commands), u.command_id))];
  return ids.map((id) => byId.get(id)).filter((c): c is CommandRow => c !== undefined);
}

/** At ME now: activated at ME itself (III.B), or with a command it belongs to. */
export function atMe(u: UnitRow, commands: CommandRow[]): boolean {
  return u.activation === 'ME' || commandChain(u, commands).some((c) => c.activation === 'ME');
}

// -------------------------------------------------------------------------------------------
// Dice the players must see before they give the result

export interface GivenDie {
  roll: DieRoll;
  source: 'app' | 'table' | 'joint';
  /** The dice-log seq of an app roll (or a joint one, in a two-seat game) made before with rollDie; null for a typed die. */
  seq: number | null;
}

/**
 * RI-K18: the die of a roll whose result the players read from a table is typed at the table, or is the
 * app's roll made just before with rollDie (its seq): an app roll not yet used by another combat.
 */
export function givenDie(ctx: GameContext, prefix: string, given: { roll?: number | undefined; rollSeq?: number | undefined }): GivenDie {
  const rollField = `${prefix}roll`;
  const seqField = `${prefix}rollSeq`;
  if (given.roll !== undefined && given.rollSeq !== undefined) throw invalid(rollField, 'give the die typed at the table (roll) or the seq of the app\'s roll (rollSeq), not both');
  if (given.roll !== undefined) return { roll: given.roll as DieRoll, source: 'table', seq: null };
  if (given.rollSeq === undefined) {
    throw invalid(rollField, 'give the die typed at the table (roll), or roll it with rollDie first and give its seq (rollSeq): the result depends on the roll (RI-K18)');
  }
  // The # rollDie gave, numbered as nobody in particular reads the log (RI-H07): no hidden entry's roll is one.
  const numbering = numberingFor(ctx.db, undefined);
  const shown = given.rollSeq;
  const hidden = new Set(hiddenEventSeqs(ctx.db, undefined));
  const row = statement(ctx.db, 'SELECT d.seq, d.roll, d.source, d.event_seq, e.kind, e.undone FROM dice_log d JOIN events e ON e.seq = d.event_seq WHERE d.seq = ?').get(numbering.rollSeqOf(shown)) as
    | { seq: number; roll: number; source: string; event_seq: number; kind: string; undone: number }
    | undefined;
  if (!row || hidden.has(row.event_seq)) throw notFound(seqField, `no roll #${shown} in the dice log`);
  // A die rolled jointly by both seats (a two-seat game) is named by its seq like the app's.
  if ((row.source !== 'app' && row.source !== 'joint') || row.kind !== 'die.rolled') throw invalid(seqField, `roll #${shown} is not an app roll made with rollDie`);
  if (row.undone === 1) throw invalid(seqField, `roll #${shown} was undone`);
  const used = statement(
    ctx.db,
    "SELECT e.seq FROM events e, json_tree(e.payload, '$.input') t WHERE e.seq > ? AND e.undone = 0 AND t.key = 'rollSeq' AND t.atom = ? LIMIT 1",
  ).get(row.event_seq, shown) as { seq: number } | undefined;
  if (used) throw invalid(seqField, `roll #${shown} was already used by event #${numbering.event(used.seq)}`);
  return { roll: row.roll as DieRoll, source: row.source, seq: shown };
}

export const dieWords = (d: GivenDie) => (d.source === 'table' ? `rolled ${d.roll}` : `${d.source === 'joint' ? 'joint roll' : 'app roll'} #${d.seq}: ${d.roll}`);
export const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

// -------------------------------------------------------------------------------------------
// Leader casualties

/**
 * RI-K10: the players name the leaders stacked with a unit that lost SPs and say whether the base game's
 * check hit each; a hit leader rolls the revision's Leader Casualty die (0-4 KIA, 5-9 WIA), typed or rolled.
 */
export function leaderChecks(ctx: GameContext, cs: ChangeSet, checks: LeaderCheck[] | undefined, sidesHit: Set<Side>, dice: Dice, notes: string[]): void {
  const seen = new Set<string>();
  (checks ?? []).forEach((c, i) => {
    const field = `leaderChecks[${i}].leaderId`;
    if (seen.has(c.leaderId)) throw invalid(field, `names ${c.leaderId} twice`);
    seen.add(c.leaderId);
    const l = leader(ctx, field, c.leaderId);
    if (l.casualty !== 'none') throw forbidden(field, `${l.name} is already ${l.casualty}`, RULE.leaderLosses);
    if (l.on_map !== 1) throw forbidden(field, `${l.name} is not on the map`, RULE.leaderLosses);
    if (!sidesHit.has(l.side)) throw forbidden(field, `no ${l.side} unit lost SPs in this combat: only leaders stacked with a unit that lost SPs are checked`, RULE.leaderLosses);
    if (!c.hit) {
      notes.push(`${l.name} checked: unhurt`);
      return;
    }
    const r = die(ctx, c.roll as DieRoll | undefined);
    const result = askRules(() => casualtyRoll(r.roll));
    cs.set('leaders', l.id, 'casualty', 'none', result === 'KIA' ? 'killed' : 'wounded');
    dice.push({ purpose: `Leader casualty: ${l.name}`, source: r.source, roll: r.roll, modifiers: { total: 0, items: [] }, modified: r.roll, target: '0-4 KIA, 5-9 WIA', outcome: result });
    notes.push(`${l.name} is hit: rolled ${r.roll}, ${result === 'KIA' ? 'killed' : 'wounded'}`);
  });
}

/** Sides with a unit that lost SPs (permanent, stragglers or abandoned guns) in this change. */
export function sidesThatLost(changes: UnitChanges, byId: Map<string, UnitRow>): Set<Side> {
  return new Set(changes.losses().map((t) => byId.get(t.unitId)!.side));
}

/** Status results: each for a unit of the combat, never for one its losses eliminated. */
export function applyOutcomes(
  changes: UnitChanges,
  field: string,
  outcomes: UnitOutcome[] | undefined,
  units: Map<string, UnitRow>,
  defaultCause: DisorderCause,
  enemyNear: boolean,
  ladder: StatusHitRule | null = null,
): void {
  const seen = new Set<string>();
  (outcomes ?? []).forEach((o, i) => {
    const u = units.get(o.unitId);
    if (!u) throw invalid(`${field}[${i}].unitId`, `${o.unitId} is not one of the units in this combat`);
    if (seen.has(o.unitId)) throw invalid(`${field}[${i}].unitId`, `gives ${u.name} two results`);
    seen.add(o.unitId);
    if (changes.now(u).status === 'eliminated') throw invalid(`${field}[${i}].unitId`, `${u.name} is eliminated by its losses`);
    const cause = o.cause ?? defaultCause;
    // Card-draw's status ladder (RI-O14): a hit from enemy fire or shock may take the next worse state.
    const status = ladder !== null && (cause === 'fire' || cause === 'shock') ? ladder.hit(changes, u, o.status) : o.status;
    changes.setStatus(u, status, cause, enemyNear);
  });
}

