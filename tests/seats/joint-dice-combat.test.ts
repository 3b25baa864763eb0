/**
 * Dice rolled jointly by both seats inside a combat (RI-H09), on two real files through packets: the
 * artillery friendly-fire die (RI-K19) asked for as a die of its own before the fire die, bound to the attack
 * it is for, offered again with the fire die after the file is opened again, and named by the fire like the
 * app's; and the dice the service rolls inside the fire itself (a leader hit in the combat rolls his casualty
 * die, RI-K10; the kit's cohesion and leader hit checks of a fire, and a shock's Pre-Shock checks, RI-K25), asked
 * for with the whole combat. Both files end with the same fingerprint, and both verify.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from '../../db/service';
import { tempDir } from '../fixtures/game';
import { KIT_CHARTS } from '../fixtures/kit';
import { exchange, playUntil, refusal, send, toAct, type Table } from './table';
import { LADDER_TARGET, SECOND_FIRER, ladderAfterOneHit } from './status-ladder-table';

const tmp = tempDir('muster-seats-joint-dice-combat-');
afterAll(() => tmp.cleanup());

const battery = 'usa-battery-a-2nd-us';
const target = 'csa-13th-alabama';

/** Willoughby Run from two seats: the CSA seat (the Initiative player) has activated Heth's division; the USA seat's step. */
function usaToFire(options: Parameters<typeof playUntil>[2] = {}): Table {
  const t = playUntil(tmp.dir, (x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA', options);
  t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
  exchange(t);
  expect(toAct(t.USA)).toBe('USA');
  return t;
}

/** Both files in step: one fingerprint, and each verifies (signatures, commitments, joint dice). */
function inStep(t: Table): void {
  exchange(t);
  expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
  expect(t.USA.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
  expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
}

describe('joint dice inside a combat', () => {
  it('the artillery friendly-fire die rolled jointly, then the fire die: both bound to the attack, offered again together after the file is opened again, named by the fire', () => {
    const t = usaToFire();
    const aim = { stack: [battery], range: 5, targets: [target], facts: { friendlyNearTarget: 1 as const } };
    const rolledFor = { assistant: 'fire' as const, units: [battery], against: [target], range: 5, friendlyNearTarget: 1 as const };
    const ffPurpose = 'Artillery friendly fire: Battery A, 2nd U.S.';
    // The friendly-fire die first: a die of its own, naming the attack and that it is the friendly-fire die.
    const asked = t.USA.askJointDice({ fn: 'rollDie', input: { purpose: ffPurpose, for: { ...rolledFor, die: 'friendly-fire' } } });
    expect(asked).toMatchObject({ side: 'USA', fn: 'rollDie', purpose: ffPurpose, status: 'waiting' });
    expect(refusal(() => t.USA.rollDie({ purpose: ffPurpose })).message).toMatch(/being rolled jointly/);
    send(t, 'USA');
    expect(t.CSA.jointDice().open).toMatchObject({ id: asked.id, side: 'USA', status: 'answered', input: { for: { die: 'friendly-fire', range: 5, friendlyNearTarget: 1 } } });
    exchange(t);
    const ff = t.USA.diceLog({ limit: 1 })[0]!;
    expect(ff).toMatchObject({ source: 'joint', purpose: ffPurpose });
    expect(t.USA.jointDice()).toMatchObject({ arrived: { id: asked.id, rolls: [ff.roll], diceSeqs: [ff.seq] }, arrivedEarlier: [] });
    // Where it lands is the plan's, from that die; then the fire die, jointly too.
    const plan = t.USA.planFire({ ...aim, friendlyFireRoll: ff.roll }).attack!;
    const outcome = plan.friendlyFire!.outcome!;
    const firePurpose = 'Fire: Battery A, 2nd U.S. at 13th Alabama';
    const fireAsked = t.USA.askJointDice({ fn: 'rollDie', input: { purpose: firePurpose, for: rolledFor } });
    exchange(t);
    const fire = t.USA.diceLog({ limit: 1 })[0]!;
    expect(fire).toMatchObject({ source: 'joint', purpose: firePurpose });
    // Both dice wait for the fire, the friendly-fire die first: after the file is opened again too.
    const waiting = { arrived: { id: fireAsked.id, diceSeqs: [fire.seq] }, arrivedEarlier: [{ id: asked.id, diceSeqs: [ff.seq], input: { for: { die: 'friendly-fire' } } }] };
    expect(t.USA.jointDice()).toMatchObject(waiting);
    t.USA.close();
    t.USA = GameService.open(t.files.USA);
    expect(t.USA.jointDice()).toMatchObject(waiting);
    // The fire names both dice by their seqs; where the friendly-fire die sends it decides what the fire needs.
    const result = { result: { sp: outcome === 'miss' ? 0 : 1 } };
    const friendly = outcome === 'friendly' || outcome === 'both-half' ? { unitIds: ['usa-8th-illinois-cavalry'], ...(outcome === 'both-half' ? { result: { sp: 1 } } : {}) } : {};
    const fired = t.USA.resolveFire({ ...aim, rollSeq: fire.seq, ...result, friendlyFire: { rollSeq: ff.seq, ...friendly } });
    expect(fired.friendlyFire).toBe(outcome);
    expect(fired.event.summary).toContain(`joint roll #${fire.seq}: ${fire.roll}`);
    // Named by the fire, neither die waits any more; neither is used again.
    expect(t.USA.jointDice()).toMatchObject({ arrived: null, arrivedEarlier: [] });
    inStep(t);
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toBe(fired.event.summary);
    expect(t.CSA.diceLog({ limit: 3 }).filter((d) => d.source === 'joint').map((d) => d.seq)).toEqual(expect.arrayContaining([fire.seq, ff.seq]));
  });

  it('a die of another combat asked in between is not offered with the fire die: only the dice of one attack wait together', () => {
    const t = usaToFire();
    const rolledFor = { assistant: 'fire' as const, units: [battery], against: [target], range: 5, friendlyNearTarget: 1 as const };
    t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'Artillery friendly fire: Battery A, 2nd U.S.', for: { ...rolledFor, die: 'friendly-fire' } } });
    exchange(t);
    // The players change their minds: the fire die for another target.
    const other = t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'Fire: Battery A, 2nd U.S. at 1st Tennessee', for: { ...rolledFor, against: ['csa-1st-tennessee'] } } });
    exchange(t);
    expect(t.USA.jointDice()).toMatchObject({ arrived: { id: other.id }, arrivedEarlier: [] });
    inStep(t);
  });

  it('a leader hit in the fire: his casualty die, rolled by the service inside the fire, asked for jointly with the whole fire (RI-K10)', () => {
    const t = usaToFire();
    t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'Fire: Battery A, 2nd U.S. at 13th Alabama', for: { assistant: 'fire', units: [battery], against: [target], range: 2 } } });
    exchange(t);
    const fireDie = t.USA.diceLog({ limit: 1 })[0]!;
    const fire = { stack: [battery], range: 2, targets: [target], rollSeq: fireDie.seq, result: { sp: 1 }, leaderChecks: [{ leaderId: 'csa-archer', hit: true }] };
    // Without a hit, or with the casualty die typed, the fire rolls nothing: nothing to roll jointly.
    expect(refusal(() => t.USA.askJointDice({ fn: 'resolveFire', input: { ...fire, leaderChecks: [{ leaderId: 'csa-archer', hit: false }] } })).message).toMatch(/rolls no die/);
    expect(refusal(() => t.USA.askJointDice({ fn: 'resolveFire', input: { ...fire, leaderChecks: [{ leaderId: 'csa-archer', hit: true, roll: 3 }] } })).message).toMatch(/rolls no die/);
    const asked = t.USA.askJointDice({ fn: 'resolveFire', input: fire });
    expect(asked).toMatchObject({ fn: 'resolveFire', status: 'waiting' });
    // The fire is due: the fire die waits with it, and nothing else is written at either seat.
    expect(refusal(() => t.USA.resolveFire(fire)).message).toMatch(/being rolled jointly/);
    send(t, 'USA');
    expect(t.CSA.jointDice().open).toMatchObject({ id: asked.id, fn: 'resolveFire', status: 'answered' });
    exchange(t);
    const used = t.USA.jointDice().lastUsed!;
    expect(used).toMatchObject({ id: asked.id, fn: 'resolveFire', status: 'used' });
    expect(used.rolls).toHaveLength(1);
    const casualty = t.USA.diceLog({ limit: 1 })[0]!;
    expect(casualty).toMatchObject({ source: 'joint', purpose: 'Leader casualty: Archer', roll: used.rolls[0] });
    const archer = t.CSA.leaders().find((l) => l.id === 'csa-archer')!;
    expect(archer.casualty).toBe(casualty.roll <= 4 ? 'killed' : 'wounded');
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toContain(`joint roll #${fireDie.seq}: ${fireDie.roll}`);
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toContain(`Archer is hit: rolled ${casualty.roll}`);
    inStep(t);
  });

  it("the kit's checks inside the fire (a unit's cohesion check, a stacked leader's hit check), rolled by the service, asked for jointly with the whole fire (RI-K25)", () => {
    // Both players share one kit (its results are replayed with the receiving seat's charts), with an invented rating for the target.
    const t = usaToFire({ charts: () => KIT_CHARTS });
    t.USA.applyCounterValues({ units: [{ unitId: target, cohesionOrdered: 6, cohesionDisordered: 3, artilleryRow: null }] });
    exchange(t);
    const aim = { stack: [battery], range: 2, targets: [target] };
    const plan = t.USA.planFire(aim).attack!;
    // A fire die typed at the table that lands on the invented row whose units in front make a cohesion check.
    const roll = 4 - plan.drm.total;
    expect(t.USA.planFire({ ...aim, previewRoll: roll }).attack!.kit).toMatchObject({ found: true, check: true });
    const fingerprint = plan.kit!.fingerprint;
    const fire = { ...aim, roll, kit: { fingerprint, leadersStacked: ['csa-archer'] } };
    const asked = t.USA.askJointDice({ fn: 'resolveFire', input: fire });
    exchange(t);
    const used = t.USA.jointDice().lastUsed!;
    expect(used).toMatchObject({ id: asked.id, fn: 'resolveFire', status: 'used' });
    // The cohesion check and the leader's hit check at least, each rolled jointly; the typed fire die as typed.
    expect(used.rolls.length).toBeGreaterThanOrEqual(2);
    const dice = t.CSA.diceLog({ limit: used.rolls.length + 1 });
    expect(dice.filter((d) => d.source === 'joint').map((d) => d.purpose)).toEqual(expect.arrayContaining(['Cohesion check after fire: 13th Alabama', 'Leader hit check: Archer']));
    expect(dice.filter((d) => d.source === 'joint').map((d) => d.roll).sort()).toEqual([...used.rolls].sort());
    expect(dice.filter((d) => d.source === 'app')).toEqual([]);
    inStep(t);
  });

  it("a shock from the kit: both sides' Pre-Shock Cohesion Checks, rolled by the service, asked for jointly with the whole shock (RI-K25)", () => {
    const t = usaToFire({ charts: () => KIT_CHARTS });
    const attacker = 'usa-8th-illinois-cavalry';
    const rating = (unitId: string) => ({ unitId, cohesionOrdered: 5, cohesionDisordered: 3, artilleryRow: null });
    t.USA.applyCounterValues({ units: [rating(attacker), rating(target)] });
    exchange(t);
    const aim = { attackers: [attacker], defenders: [target] };
    const fingerprint = t.USA.planShock({ ...aim, previewRoll: 5 }).kit!.fingerprint;
    const asked = t.USA.askJointDice({ fn: 'resolveShock', input: { ...aim, roll: 5, kit: { fingerprint } } });
    exchange(t);
    const used = t.USA.jointDice().lastUsed!;
    expect(used).toMatchObject({ id: asked.id, fn: 'resolveShock', status: 'used' });
    const checks = t.CSA.diceLog({ limit: 10 }).filter((d) => d.purpose.startsWith('Pre-Shock Cohesion Check'));
    expect(checks.map((d) => d.purpose).sort()).toEqual(['Pre-Shock Cohesion Check: 13th Alabama', 'Pre-Shock Cohesion Check: 8th Illinois Cavalry']);
    expect(checks.every((d) => d.source === 'joint')).toBe(true);
    inStep(t);
  });
});

describe('a fire asked jointly under the status ladder (card-draw activation, RI-O14)', () => {
  it("is written with its steps up the ladder kept in its History entry, at both seats, as a fire applied at one laptop keeps them", () => {
    const t = ladderAfterOneHit(tmp.dir);
    const heth = t.USA.leaders().find((l) => l.id === 'csa-heth')!;
    expect(heth).toMatchObject({ onMap: true, casualty: 'none' });
    // The second hit, its leader's casualty die rolled jointly (RI-K10): the whole fire asked for.
    t.USA.askJointDice({
      fn: 'resolveFire',
      input: { stack: [SECOND_FIRER], range: 2, targets: [LADDER_TARGET], roll: 5, result: { sp: 1, outcomes: [{ unitId: LADDER_TARGET, status: 'disordered' }] }, leaderChecks: [{ leaderId: heth.id, hit: true }] },
    });
    exchange(t);
    const step = { unitId: LADDER_TARGET, from: 'disordered', hit: 'disordered', status: 'routed', reason: 'Hit twice before its card was drawn: the next worse state after disordered', rule: 'Miniatures Random Movement, Effect' };
    const used = t.USA.jointDice().lastUsed!;
    expect(used).toMatchObject({ fn: 'resolveFire', status: 'used' });
    const [entry] = t.USA.history({ beforeSeq: used.eventSeq! + 1, limit: 1, withChanges: false });
    expect(entry).toMatchObject({ kind: 'fire', statusLadder: [step] });
    expect(t.CSA.history({ limit: 1 })[0]!.statusLadder).toEqual([step]);
    expect(t.USA.roster().find((u) => u.id === LADDER_TARGET)!.status).toBe('routed');
    inStep(t);
  });
});
