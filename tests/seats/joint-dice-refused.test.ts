/**
 * Joint dice whose change the service refuses with those very dice (db/seats/joint-dice-refused.ts), on two
 * real files through packets. An invented house rule (tests/fixtures/leader-casualty-module.ts) refuses a
 * Leader Casualty result the test names, so the same casualty roll is written with one die and refused with
 * another. The asking seat's Muster closes such a request by itself, with the dice and the refusal in the log,
 * and play goes on; the other seat replays the refusal; a request whose change would be written cannot be
 * closed (no escaping a bad roll), by either seat, nor asked again word for word in the same step.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import type { GameService } from '../../db/service';
import { jointDiceOf, jointDiceRows, recordJointAnswer } from '../../db/seats/joint-dice-store';
import { seatOf } from '../../db/seats/store';
import { charmed } from '../fixtures/leader-casualty-module';
import { halted } from '../fixtures/halt-order-module';
import { tempDir } from '../fixtures/game';
import { exchange, packetFrom, pastTheFirstStep, playUntil, send, toAct, type Table, refusal } from './table';

const tmp = tempDir('muster-seats-joint-refused-');
afterAll(() => tmp.cleanup());
afterEach(() => {
  charmed.refuses.clear();
  halted.commands.clear();
});

const LEADER = 'usa-meredith';
const CASUALTY = { fn: 'leaderCasualty', input: { leaderId: LEADER }, purpose: "Meredith's casualty roll" };

/** A table at a step one seat carries out: that seat asks, the other answers. */
function atAStepOfOneSeat(): { t: Table; asker: Side; other: Side; ask: GameService; answer: GameService } {
  const t = pastTheFirstStep(tmp.dir);
  const who = toAct(t.USA);
  if (who === 'both') throw new Error('expected a step one seat carries out');
  const other: Side = who === 'USA' ? 'CSA' : 'USA';
  return { t, asker: who, other, ask: t[who], answer: t[other] };
}

const casualtyOf = (g: GameService) => g.leaders().find((l) => l.id === LEADER)!.casualty;

describe('joint dice the service refuses the change with', () => {
  it('are closed by the asking seat as refused with those dice, replayed and checked by the other seat, and play goes on', () => {
    const { t, asker, other, ask, answer } = atAStepOfOneSeat();
    // Tried when asked (nothing refused yet): the request is made.
    const asked = ask.askJointDice(CASUALTY);
    send(t, asker);
    expect(answer.jointDice().open).toMatchObject({ id: asked.id, status: 'answered' });
    // Whatever its die says, the casualty roll is refused now: only the dice can be the cause.
    charmed.refuses.add('killed').add('wounded');
    const before = ask.info().eventCount;
    send(t, other);
    // The asking seat's Muster closed the request by itself: the dice and the refusal are in its log.
    expect(ask.info().eventCount).toBe(before + 1);
    const closed = ask.jointDice();
    expect(closed.open).toBeNull();
    expect(closed.mayAsk.allowed).toBe(true);
    expect(closed.lastUsed).toMatchObject({ id: asked.id, status: 'refused', words: expect.stringMatching(/rolled jointly by both seats, and the change asked for was refused with them: the request is closed/) });
    expect(closed.lastUsed!.rolls).toHaveLength(1);
    const [entry] = ask.history({ limit: 1 });
    // The closing is the asking seat's act: History's Side column gives its side, in both files (as a withdrawal's).
    expect(entry).toMatchObject({ kind: 'joint-dice.refused', side: asker, seat: asker, summary: expect.stringMatching(/^The dice for Meredith's casualty roll, rolled jointly by both seats \(\d\), make the change asked for refused: under Charmed Lives a leader is never (killed|wounded) by a Leader Casualty die\. The request is closed; play goes on$/) });
    const [die] = ask.diceLog({ limit: 1 });
    expect(die).toMatchObject({ source: 'joint', roll: closed.lastUsed!.rolls[0], purpose: "Meredith's casualty roll", outcome: expect.stringMatching(/^refused with these dice/) });
    expect(casualtyOf(ask)).toBe('none');
    // The other seat replays the refusal with the same dice, and takes it: one history, one fingerprint.
    const received = send(t, asker);
    expect(received.events).toBe(1);
    expect(answer.jointDice().open).toBeNull();
    expect(answer.history({ limit: 1 })[0]).toMatchObject({ kind: 'joint-dice.refused', side: asker, seat: asker, summary: entry!.summary });
    expect(answer.diceLog({ limit: 1 })[0]).toMatchObject({ source: 'joint', roll: die!.roll });
    expect(answer.info().fingerprint).toBe(ask.info().fingerprint);
    expect(ask.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    expect(answer.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    // Play goes on: the asking seat records its next change, and the other takes it.
    charmed.refuses.clear();
    ask.rollDie({ purpose: 'the ford', roll: 4 });
    expect(send(t, asker).events).toBe(1);
    // The same change is not asked jointly again in this step: that would roll its die again.
    expect(refusal(() => ask.askJointDice(CASUALTY)).message).toMatch(/were rolled in this step and refused that very change .*asking for it again would roll its dice again/);
    // Another change (another input) is asked in the open, after the refused one in History.
    expect(ask.askJointDice({ fn: 'leaderCasualty', input: { leaderId: 'usa-wadsworth' }, purpose: "Wadsworth's casualty roll" }).status).toBe('waiting');
  });

  it('cannot be closed when the change would be written with them (no escaping a bad roll): not at the asking seat, not by the other seat, not through a packet', () => {
    const { t, asker, ask, answer } = atAStepOfOneSeat();
    const asked = ask.askJointDice(CASUALTY);
    send(t, asker);
    // Nothing refuses the casualty roll: the answer comes in, and the asking seat writes the change at once.
    // To ask the service to close it instead, the answer is put in the asking seat's file by hand (the real, signed one).
    const reply = packetFrom(answer).jointDice!.find((j) => j.id === asked.id)!;
    recordJointAnswer(ask.db, asked.id, reply.answer!, reply.answerSignature!);
    expect(ask.jointDice().open).toMatchObject({ status: 'answered' });
    const events = ask.info().eventCount;
    const byTheAsker = refusal(() => ask.closeRefusedJointDice({ id: asked.id }));
    expect(byTheAsker).toMatchObject({ code: 'RULES_FORBID', field: 'id' });
    expect(byTheAsker.message).toMatch(/is not refused with those dice: it is due, and is written with them \(a roll cannot be escaped by closing its request\)/);
    // The other seat may not close it either: the change is due, and nothing else is recorded before it.
    expect(refusal(() => answer.closeRefusedJointDice({ id: asked.id })).message).toMatch(/being rolled jointly .*nothing else is recorded before it/);
    expect(ask.info().eventCount).toBe(events);
    expect(ask.jointDice().open).toMatchObject({ id: asked.id, status: 'answered' });

    // A seat whose Muster closes it anyway (here: the rule refused the change at the asking seat only) is
    // refused by the other seat, which replays the change with those dice and sees it written.
    charmed.refuses.add('killed').add('wounded');
    expect(ask.closeRefusedJointDice({ id: asked.id }).status).toBe('refused');
    charmed.refuses.clear();
    const held = answer.info().eventCount;
    expect(() => send(t, asker)).toThrow(/event #\d+ is refused here as it would be at this seat: the change the joint dice for Meredith's casualty roll were asked for is not refused with those dice/);
    expect(answer.info().eventCount).toBe(held);
    expect(answer.jointDice().open).toMatchObject({ id: asked.id, status: 'answered' });
    expect(jointDiceRows(answer.db).find((r) => r.id === asked.id)!.event_seq).toBeNull();
    expect(casualtyOf(answer)).toBe('none');
  });
});

describe('a change asked with joint dice and refused before any of its dice is drawn', () => {
  it('is closed as refused in the open with no die, both seats replay it, both Histories say no die was used and name the dice both shares give, and play goes on', () => {
    const t = playUntil(tmp.dir, (x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA');
    t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
    exchange(t);
    const me = t.USA.turnState().legal.activations.find((a) => a.side === 'USA' && a.commandId !== undefined && a.me.allowed)!;
    const attempt = { fn: 'attemptActivation', input: { commandId: me.commandId! }, purpose: 'the ME activation' };
    // Tried when asked: nothing refuses it, and it rolls a die.
    const asked = t.USA.askJointDice(attempt);
    send(t, 'USA');
    // Then something no trial at the asking could foresee refuses the attempt before its die is rolled.
    halted.commands.add(me.commandId!);
    const events = t.USA.info().eventCount;
    const dice = t.USA.diceLog({ limit: 1 })[0]?.seq ?? 0;
    send(t, 'CSA');
    // The asking seat's Muster closed it by itself: one event, no die; the request is not left open.
    expect(t.USA.info().eventCount).toBe(events + 1);
    expect(t.USA.diceLog({ limit: 1 })[0]?.seq ?? 0).toBe(dice);
    const closed = t.USA.jointDice();
    expect(closed).toMatchObject({ open: null, mayAsk: { allowed: true }, mayWithdraw: { allowed: false } });
    expect(closed.lastUsed).toMatchObject({ id: asked.id, status: 'refused', rolls: [], words: 'The change asked with joint dice for the ME activation was refused before any of its dice was drawn: no die of it was used, and the request is closed' });
    // Both shares are in the file: History names the first dice they give (what the asking seat could know).
    const row = jointDiceRows(t.USA.db).find((r) => r.id === asked.id)!;
    const first = jointDiceOf(seatOf(t.USA.db)!.gameId, row, 3).join(', ');
    const [entry] = t.USA.history({ limit: 1 });
    expect(entry).toMatchObject({
      kind: 'joint-dice.refused',
      diceSeqs: [],
      summary: `The change asked with joint dice for the ME activation is refused before any of its dice is drawn: under Halt Order this command may not attempt an activation this turn. No die of it is used; both seats' shares are in both files, and the first dice they give are ${first}. The request is closed; play goes on`,
    });
    // The other seat replays the closing (the attempt is refused there too before its die) and holds the same.
    expect(send(t, 'USA').events).toBe(1);
    expect(t.CSA.history({ limit: 1 })[0]).toMatchObject({ kind: 'joint-dice.refused', side: 'USA', summary: entry!.summary });
    expect(t.CSA.jointDice().open).toBeNull();
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.USA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    // Play goes on.
    halted.commands.clear();
    t.USA.rollDie({ purpose: 'the ford', roll: 4 });
    expect(send(t, 'USA').events).toBe(1);
  });

  it("is refused when asked if the seat's own write would refuse it whatever the dice (another side's sealed orders), so it is never asked", () => {
    const { ask, other } = atAStepOfOneSeat();
    const refused = refusal(() => ask.askJointDice({ fn: 'openAlternativeArrival', input: { side: other, groupId: 'any-group', entryArea: 'the ford', salt: '0'.repeat(32) } }));
    expect(refused.message).toMatch(new RegExp(`${other}'s sealed Alternative Arrival Area orders are sealed, opened and kept by the ${other} seat only`));
    expect(ask.jointDice().open).toBeNull();
  });
});
