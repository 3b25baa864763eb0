/**
 * Dice rolled jointly by both seats inside a change (RI-H09), on two real files through packets: the seat
 * whose step it is names the change, the other seat's Muster answers on receiving it, the change is written
 * with the dice both shares give (each recorded as rolled jointly), and the other seat replays it only as
 * asked. The attacks: a joint die's value changed, joint dice used twice, a change written before the other
 * seat answered, a request dropped for something else or asked again from an older copy.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { contextOf, GameService } from '../../db/service';
import { SERVICE_FUNCTIONS } from '../../db/service/index';
import { seatWrite } from '../../db/seats/calls';
import { jointDiceRows, jointDiceStream } from '../../db/seats/joint-dice-store';
import { completeJointDice } from '../../db/seats/joint-dice';
import { receivePacket } from '../../db/seats/packets';
import { FIXTURE_SCENARIO, fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, pastTheFirstStep as firstStepPast, playUntil as playedUntil, send, toAct, twoSeats, type Table, refusal } from './table';

const tmp = tempDir('muster-seats-joint-dice-');
afterAll(() => tmp.cleanup());

const pastTheFirstStep = (): Table => firstStepPast(tmp.dir);
const playUntil = (here: (t: Table) => boolean): Table => playedUntil(tmp.dir, here);

const atTheInitiativeRoll = () => playUntil((t) => t.USA.info().clock.segment === 'II' && t.USA.turnState().initiative === null);

const gameIdOf = (g: GameService): string => (g.db.prepare('SELECT game_id FROM seat_game').get() as { game_id: string }).game_id;

describe('joint dice inside a change', () => {
  it('the Initiative rolled jointly: asked by the USA seat, answered by the CSA seat on receipt, written with both shares, the same in both files', () => {
    const t = atTheInitiativeRoll();
    const asked = t.USA.askJointDice({ fn: 'rollInitiative', input: {}, purpose: 'the Initiative' });
    expect(asked).toMatchObject({ side: 'USA', fn: 'rollInitiative', purpose: 'the Initiative', status: 'waiting', rolls: [] });
    // The request carries the change and a commitment, not the USA seat's share.
    const request = packetFrom(t.USA);
    expect(request.jointDice).toEqual([expect.objectContaining({ fn: 'rollInitiative', input: '{}', seed: null, answer: null })]);
    expect(JSON.stringify(request)).not.toContain(jointDiceRows(t.USA.db)[0]!.seed!);
    // Both seats' turn state says the roll waits for the CSA seat; the change is due, nothing else is written.
    expect(t.USA.turnState().offers.jointDice).toMatchObject({ seat: 'USA', open: { status: 'waiting', words: expect.stringMatching(/^Waiting for the CSA seat's share of the dice for the Initiative/) }, mayAsk: { allowed: false } });
    expect(refusal(() => t.USA.advanceClock()).message).toMatch(/the dice for the Initiative are being rolled jointly .*that change is due, and nothing else is recorded before it/);
    expect(refusal(() => t.USA.rollInitiative({})).message).toMatch(/being rolled jointly/);
    // The CSA seat answers on receiving it, and says so.
    send(t, 'USA');
    expect(t.CSA.turnState().offers.jointDice?.open).toMatchObject({ side: 'USA', status: 'answered' });
    // The answer comes back: the USA seat's Muster writes the change at once, with the joint dice.
    const events = t.USA.info().eventCount;
    send(t, 'CSA');
    expect(t.USA.info().eventCount).toBeGreaterThan(events);
    const done = t.USA.jointDice().lastUsed!;
    expect(done).toMatchObject({ status: 'used', fn: 'rollInitiative', words: 'The dice for the Initiative were rolled jointly by both seats' });
    expect(done.rolls.length).toBeGreaterThanOrEqual(2);
    const dice = t.USA.diceLog({ limit: done.rolls.length });
    expect(dice.every((d) => d.source === 'joint')).toBe(true);
    expect(dice.map((d) => d.roll).reverse()).toEqual(done.rolls);
    // Both shares give exactly these dice.
    const row = jointDiceRows(t.USA.db)[0]!;
    const next = jointDiceStream(gameIdOf(t.USA), row.id, row.seed!, row.answer!);
    expect(done.rolls).toEqual(done.rolls.map(() => next()));
    expect(t.USA.turnState().initiative).not.toBeNull();
    // The CSA seat replays it with the same dice: one history, one fingerprint; both verify.
    exchange(t);
    expect(t.CSA.diceLog({ limit: dice.length })).toEqual(dice);
    expect(t.CSA.jointDice()).toMatchObject({ open: null, mayAsk: { allowed: expect.any(Boolean) } });
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    expect(t.USA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
  });

  it('an ME activation attempt rolled jointly, then a fire die rolled jointly and named by the fire like the app\'s (RI-K18); the dice log and History say so', () => {
    const t = playUntil((x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA');
    // The Initiative player's first activation is at ME without a die: nothing to roll jointly.
    expect(refusal(() => t.CSA.askJointDice({ fn: 'attemptActivation', input: { commandId: 'csa-heth-division' } })).message).toMatch(/rolls no die/);
    t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
    exchange(t);
    // The USA seat's turn: its ME activation attempt, the die rolled inside the change, jointly.
    const me = t.USA.turnState().legal.activations.find((a) => a.side === 'USA' && a.commandId !== undefined && a.me.allowed)!;
    t.USA.askJointDice({ fn: 'attemptActivation', input: { commandId: me.commandId! } });
    exchange(t);
    const attempt = t.USA.jointDice().lastUsed!;
    expect(attempt).toMatchObject({ fn: 'attemptActivation', status: 'used' });
    expect(attempt.rolls).toHaveLength(1);
    expect(t.CSA.diceLog({ limit: 1 })[0]).toMatchObject({ source: 'joint', roll: attempt.rolls[0], purpose: expect.stringMatching(/^ME activation/) });
    // The CSA seat's turn: the fire die first (the loss is read from it at the table), jointly, then the fire names it.
    expect(toAct(t.CSA)).toBe('CSA');
    t.CSA.askJointDice({ fn: 'rollDie', input: { purpose: 'Fire: 13th Alabama at 8th Illinois Cavalry' } });
    exchange(t);
    const roll = t.CSA.diceLog({ limit: 1 })[0]!;
    expect(roll).toMatchObject({ purpose: 'Fire: 13th Alabama at 8th Illinois Cavalry', source: 'joint' });
    expect(t.CSA.jointDice().lastUsed).toMatchObject({ diceSeqs: [roll.seq], rolls: [roll.roll] });
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toBe(`Die roll for Fire: 13th Alabama at 8th Illinois Cavalry: ${roll.roll} (rolled jointly by both seats)`);
    const fired = t.CSA.resolveFire({ stack: ['csa-13th-alabama'], range: 1, targets: ['usa-8th-illinois-cavalry'], rollSeq: roll.seq, result: { sp: 1 } });
    expect(fired.event.summary).toContain(`joint roll #${roll.seq}: ${roll.roll}`);
    exchange(t);
    expect(t.USA.history({ limit: 1 })[0]!.summary).toBe(fired.event.summary);
    expect(t.USA.info().fingerprint).toBe(t.CSA.info().fingerprint);
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
  });

  it('a die rolled jointly for a combat waits for it: the request names its assistant and units, and the arrived die is offered, after the file is opened again too, until the seat writes its next change', () => {
    const t = playUntil((x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA');
    t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
    exchange(t);
    t.USA.pass({ side: 'USA' });
    exchange(t);
    const forFire = { assistant: 'fire' as const, units: ['csa-13th-alabama'], against: ['usa-8th-illinois-cavalry'] };
    const purpose = 'Fire: 13th Alabama at 8th Illinois Cavalry';
    const asked = t.CSA.askJointDice({ fn: 'rollDie', input: { purpose, for: forFire } });
    // On its way: the open request carries the change's input, so the assistant that asked can show it again.
    expect(t.CSA.jointDice()).toMatchObject({ open: { id: asked.id, status: 'waiting', fn: 'rollDie', input: { purpose, for: forFire } }, arrived: null });
    send(t, 'CSA');
    expect(t.USA.jointDice()).toMatchObject({ open: { id: asked.id, side: 'CSA', status: 'answered', input: { purpose, for: forFire } }, arrived: null });
    exchange(t);
    const roll = t.CSA.diceLog({ limit: 1 })[0]!;
    expect(roll).toMatchObject({ source: 'joint', purpose });
    const arrived = { id: asked.id, status: 'used', fn: 'rollDie', input: { purpose, for: forFire }, rolls: [roll.roll], diceSeqs: [roll.seq] };
    expect(t.CSA.jointDice()).toMatchObject({ open: null, arrived });
    // The die is the CSA seat's: the other seat has no die waiting for a change of its own.
    expect(t.USA.jointDice().arrived).toBeNull();
    // Opened again (a reload, or the game reopened the next evening): the die is still offered.
    t.CSA.close();
    t.CSA = GameService.open(t.files.CSA);
    expect(t.CSA.jointDice().arrived).toMatchObject(arrived);
    // The fire names it: nothing waits any more.
    t.CSA.resolveFire({ stack: ['csa-13th-alabama'], range: 1, targets: ['usa-8th-illinois-cavalry'], rollSeq: roll.seq, result: { sp: 1 } });
    expect(t.CSA.jointDice()).toMatchObject({ arrived: null, lastUsed: { id: asked.id } });
  });

  it('a die rolled jointly and left behind is offered no longer once its seat writes something else, and a change rolled jointly leaves no die waiting', () => {
    const t = playUntil((x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA');
    t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
    exchange(t);
    t.USA.pass({ side: 'USA' });
    exchange(t);
    t.CSA.askJointDice({ fn: 'rollDie', input: { purpose: 'Shock: 13th Alabama against 8th Illinois Cavalry', for: { assistant: 'shock', units: ['csa-13th-alabama'], against: ['usa-8th-illinois-cavalry'] } } });
    exchange(t);
    expect(t.CSA.jointDice().arrived).not.toBeNull();
    t.CSA.pass({ side: 'CSA' });
    expect(t.CSA.jointDice().arrived).toBeNull();
    exchange(t);
    // The USA seat's ME attempt rolled jointly: written with its die, nothing left waiting.
    const me = t.USA.turnState().legal.activations.find((a) => a.side === 'USA' && a.commandId !== undefined && a.me.allowed)!;
    const input = { commandId: me.commandId! };
    expect(t.USA.askJointDice({ fn: 'attemptActivation', input })).toMatchObject({ fn: 'attemptActivation', input, status: 'waiting' });
    exchange(t);
    expect(t.USA.jointDice()).toMatchObject({ open: null, arrived: null, lastUsed: { fn: 'attemptActivation', input, status: 'used' } });
  });

  it('typed and app dice stay available in a two-seat game, each roll saying which it was', () => {
    const t = pastTheFirstStep();
    t.USA.rollDie({ purpose: 'a die from the table', roll: 4 });
    t.USA.rollDie({ purpose: 'the app\'s die' });
    exchange(t);
    expect(t.CSA.diceLog({ limit: 2 }).map((d) => [d.purpose, d.source])).toEqual([
      ["the app's die", 'app'],
      ['a die from the table', 'table'],
    ]);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
  });

  it('is asked only where it can be answered: by the seat whose step it is, not in a step of secret entries, not for a change with no die, one at a time, not at one laptop', () => {
    const fresh = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    expect(refusal(() => fresh.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } })).message).toMatch(/both seats make secret entries at once/);
    const t = pastTheFirstStep();
    expect(refusal(() => t.CSA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } })).message).toMatch(/it is not the CSA seat's turn/);
    expect(t.CSA.jointDice().mayAsk).toMatchObject({ allowed: false, reason: expect.stringMatching(/not the CSA seat's turn/) });
    expect(t.USA.jointDice()).toMatchObject({ twoSeat: true, seat: 'USA', live: true, mayAsk: { allowed: true }, open: null });
    expect(refusal(() => t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford', roll: 3 } })).message).toMatch(/rolls no die with this input/);
    expect(refusal(() => t.USA.askJointDice({ fn: 'undo' })).field).toBe('fn');
    expect(refusal(() => t.USA.askJointDice({ fn: 'rollDie', input: { purpose: '' } })).field).toBe('input.purpose');
    t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } });
    expect(refusal(() => t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the bridge' } })).message).toMatch(/the dice for the ford are being rolled jointly/);
    const alone = GameService.create({ file: tmp.file('alone.muster'), scenario: FIXTURE_SCENARIO }, { seed: 1 });
    expect(refusal(() => alone.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } })).message).toMatch(/played at one laptop/);
    expect(alone.jointDice()).toMatchObject({ twoSeat: false, mayAsk: { allowed: false } });
    expect(alone.turnState().offers.jointDice).toBeNull();
    alone.close();
  });
});

describe('joint dice the other seat refuses, whole', () => {
  /** The USA seat asked, the CSA seat answered, and the USA seat wrote the change: its packet not yet sent. */
  function writtenNotSent(): Table {
    const t = pastTheFirstStep();
    t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } });
    send(t, 'USA');
    send(t, 'CSA');
    return t;
  }

  it('a joint die whose value was changed', () => {
    const t = writtenNotSent();
    const packet = packetFrom(t.USA);
    const die = packet.events.at(-1)!.dice[0]!;
    expect(die.source).toBe('joint');
    die.roll = (die.roll + 1) % 10;
    const before = fileHash(t.files.CSA);
    expect(() => receivePacket(contextOf(t.CSA), packet)).toThrow(/joint die 1 of event #\d+ \(the ford\) is \d, but the two seats' shares give \d: refused/);
    expect(fileHash(t.files.CSA)).toBe(before);
    expect(send(t, 'USA').events).toBe(1);
  });

  it('joint dice used a second time, by another change', () => {
    const t = writtenNotSent();
    exchange(t);
    // A Muster changed to roll a second change with the same two shares.
    const row = jointDiceRows(t.USA.db)[0]!;
    const gameId = gameIdOf(t.USA);
    const input = { purpose: 'the ford, again' };
    const ctx = { ...contextOf(t.USA), jointDie: jointDiceStream(gameId, row.id, row.seed!, row.answer!) };
    seatWrite(ctx, 'rollDie', input, (c) => SERVICE_FUNCTIONS.rollDie(c, input));
    expect(t.USA.diceLog({ limit: 1 })[0]!.source).toBe('joint');
    const before = fileHash(t.files.CSA);
    expect(() => send(t, 'USA')).toThrow(/has dice it says were rolled jointly, but no joint dice of this game were asked for it, or they were used already/);
    expect(fileHash(t.files.CSA)).toBe(before);
    // verify on the changed seat's own file names the die no request gave.
    expect(t.USA.verify().seats?.problems).toEqual([expect.stringMatching(/^roll \d+ is said to be rolled jointly, but no joint dice of this game gave it$/)]);
  });

  it('a change written with joint dice before the other seat answered', () => {
    const t = pastTheFirstStep();
    t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } });
    // A Muster changed to make up the other seat's share itself.
    t.USA.db.prepare("UPDATE seat_joint_dice SET answer = ?, answer_signature = 'AA=='").run('0'.repeat(32));
    expect(completeJointDice(contextOf(t.USA))).toBe(1);
    const before = fileHash(t.files.CSA);
    expect(() => send(t, 'USA')).toThrow(/asked for joint dice for the ford and wrote the change \(event #\d+\) before this seat answered/);
    expect(fileHash(t.files.CSA)).toBe(before);
  });

  it('a request answered, then dropped from an older copy for another change, or asked again', () => {
    const t = pastTheFirstStep();
    t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } });
    send(t, 'USA');
    // The USA player sees nothing yet (the answer is in the CSA seat's next packet) but goes back to a copy
    // of his file from before the request, and rolls the app's die instead.
    t.USA.db.exec('DELETE FROM seat_joint_dice');
    t.USA.rollDie({ purpose: 'the ford' });
    const before = fileHash(t.files.CSA);
    expect(() => send(t, 'USA')).toThrow(/the USA seat asked for joint dice for the ford, but event #\d+ was written with the app's dice, not the joint ones/);
    expect(fileHash(t.files.CSA)).toBe(before);
    // Or moves on without it.
    const moved = pastTheFirstStep();
    moved.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } });
    send(moved, 'USA');
    moved.USA.db.exec('DELETE FROM seat_joint_dice');
    moved.USA.advanceClock();
    expect(() => send(moved, 'USA')).toThrow(/the USA seat asked for joint dice for the ford, then wrote something else in the place of that change \(event #\d+, advanceClock\)/);
    // Or asks again, hoping for other dice.
    const again = pastTheFirstStep();
    again.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford' } });
    send(again, 'USA');
    again.USA.db.exec('DELETE FROM seat_joint_dice');
    again.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the ford, once more' } });
    expect(() => send(again, 'USA')).toThrow(/asks for new joint dice \(the ford, once more\) while the joint dice for the ford are still open, answered and not used: it may be trying to roll again/);
  });

  it('a share revealed that is not the one committed to', () => {
    const t = writtenNotSent();
    const packet = packetFrom(t.USA);
    const request = packet.jointDice!.find((j) => j.seed !== null)!;
    request.seed = '1'.repeat(32);
    expect(() => receivePacket(contextOf(t.CSA), packet)).toThrow(/share of the joint dice for the ford is not the one it committed to before seeing this seat's answer/);
  });
});
