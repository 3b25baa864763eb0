/**
 * No joint request can leave a game stuck (db/seats/joint-dice-withdrawn.ts), on two real files through packets:
 * the asking seat withdraws a request the other seat has not answered, in the open, and the other seat replays
 * it; an answer coming after it is not used; a withdrawal once the answer is here is refused; and the re-roll a
 * withdrawal could hide (the answer read before it is received, or the file taken back to a copy from before
 * it) is named by the seat that answered, in History, with the dice both shares give, in both files.
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Packet } from '../../contract/seats';
import { contextOf, GameService } from '../../db/service';
import { jointDiceOf, jointDiceRows, recordJointAnswer } from '../../db/seats/joint-dice-store';
import { receivePacket } from '../../db/seats/packets';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, pastTheFirstStep, refusal, send, toAct, writeAnyway, type Table } from './table';

const tmp = tempDir('muster-seats-joint-withdrawn-');
afterAll(() => tmp.cleanup());

const FORD = { fn: 'rollDie', input: { purpose: 'the ford' }, purpose: 'the ford' };

/** A table at the USA seat's step (it asks, the CSA seat answers). */
function table(): Table {
  const t = pastTheFirstStep(tmp.dir);
  expect(toAct(t.USA)).toBe('USA');
  return t;
}

const gameIdOf = (g: GameService): string => (g.db.prepare('SELECT game_id FROM seat_game').get() as { game_id: string }).game_id;

/** The first three dice both shares of a request give, as the History note names them. */
function diceOfBothShares(t: Table, id: string): string {
  const held = jointDiceRows(t.CSA.db).find((r) => r.id === id)!;
  const seed = jointDiceRows(t.USA.db).find((r) => r.id === id)!.seed!;
  return jointDiceOf(gameIdOf(t.USA), { id, seed, answer: held.answer }, 3).join(', ');
}

describe('a joint request withdrawn before its answer', () => {
  it('the other seat never answers: the asking seat withdraws it in the open, plays on, and the other seat replays the withdrawal', () => {
    const t = table();
    const asked = t.USA.askJointDice(FORD);
    // While it waits, nothing else is recorded, and the service offers the withdrawal to the asking seat only.
    expect(refusal(() => t.USA.rollDie({ purpose: 'the ford' })).message).toMatch(/being rolled jointly/);
    expect(t.USA.jointDice().mayWithdraw).toEqual({ allowed: true });
    send(t, 'USA');
    const theirs = t.CSA.jointDice();
    expect(theirs.open).toMatchObject({ id: asked.id, status: 'answered' });
    expect(theirs.mayWithdraw).toMatchObject({ allowed: false, reason: 'the joint dice for the ford were asked for by the USA seat: only that seat may withdraw them' });
    expect(refusal(() => t.CSA.withdrawJointDice({ id: asked.id })).message).toMatch(/being rolled jointly .*nothing else is recorded before it/);

    // The CSA seat's answer never comes (its packet is not received): the USA player withdraws.
    const events = t.USA.info().eventCount;
    const withdrawn = t.USA.withdrawJointDice({ id: asked.id });
    expect(withdrawn).toMatchObject({ id: asked.id, status: 'withdrawn', rolls: [], words: "The USA seat withdrew its request for joint dice for the ford before the CSA seat's share reached it: no die of it was rolled" });
    expect(t.USA.info().eventCount).toBe(events + 1);
    const [entry] = t.USA.history({ limit: 1 });
    // The withdrawal is the USA seat's act alone: History's Side column says USA, though its words name both seats.
    expect(entry).toMatchObject({
      kind: 'joint-dice.withdrawn',
      side: 'USA',
      seat: 'USA',
      diceSeqs: [],
      summary: "The USA seat withdrew its request for joint dice for the ford before the CSA seat's share reached it: no die of it is rolled, and an answer coming after this is not used. Play goes on",
    });
    expect(entry!.note).toBeUndefined();
    // No die of it waits for a combat either (a rollDie asked jointly is offered to its screen once it is rolled).
    expect(t.USA.jointDice()).toMatchObject({ open: null, arrived: null, mayAsk: { allowed: true }, mayWithdraw: { allowed: false, reason: 'no joint dice are open: there is nothing to withdraw' } });
    // Withdrawn once: there is nothing to withdraw again.
    expect(refusal(() => t.USA.withdrawJointDice({ id: asked.id })).message).toBe('id: the joint dice for the ford are closed already: there is nothing to withdraw');
    // Play goes on: the app's die, in the open after the withdrawal.
    t.USA.rollDie({ purpose: 'the ford' });

    // The CSA seat replays the withdrawal and the roll after it; it had answered, so its History says so.
    expect(send(t, 'USA').events).toBe(2);
    expect(t.CSA.jointDice().open).toBeNull();
    const [rolled, replayed] = t.CSA.history({ limit: 2 });
    expect([rolled!.kind, replayed!.kind]).toEqual(['die.rolled', 'joint-dice.withdrawn']);
    expect(replayed!.summary).toBe(entry!.summary);
    // The other seat's History gives it the same side: the asking seat's, whose act it is.
    expect(replayed).toMatchObject({ side: 'USA', seat: 'USA' });
    expect(replayed!.note).toMatch(/^Answered before the withdrawal arrived: this seat had sent its share of these dice before the USA seat withdrew them/);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.USA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
  });

  it('withdrawn before the other seat saw it: request and withdrawal come in one packet, it is never answered, and a new request may follow in the same packet', () => {
    const t = table();
    const first = t.USA.askJointDice(FORD);
    t.USA.withdrawJointDice({ id: first.id });
    const second = t.USA.askJointDice({ fn: 'rollDie', input: { purpose: 'the bridge' }, purpose: 'the bridge' });
    send(t, 'USA');
    // The first is closed by the withdrawal in the packet, unanswered; the second is open and answered.
    expect(jointDiceRows(t.CSA.db).find((r) => r.id === first.id)).toMatchObject({ answer: null, event_seq: expect.any(Number) });
    expect(t.CSA.jointDice().open).toMatchObject({ id: second.id, status: 'answered' });
    expect(t.CSA.history({ limit: 1 })[0]).toMatchObject({ kind: 'joint-dice.withdrawn' });
    expect(t.CSA.history({ limit: 1 })[0]!.note).toBeUndefined();
    exchange(t);
    expect(t.USA.jointDice().lastUsed).toMatchObject({ id: second.id, status: 'used' });
    expect(t.USA.diceLog({ limit: 1 })[0]).toMatchObject({ purpose: 'the bridge', source: 'joint' });
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
  });

  it('cannot be withdrawn once the answer is here: the dice are known, the change is due and written with them', () => {
    const t = table();
    const asked = t.USA.askJointDice(FORD);
    send(t, 'USA');
    // The answer put in the asking seat's file by hand (the real, signed one), so the request is still open there.
    const reply = packetFrom(t.CSA).jointDice!.find((j) => j.id === asked.id)!;
    recordJointAnswer(t.USA.db, asked.id, reply.answer!, reply.answerSignature!);
    const before = fileHash(t.files.USA);
    expect(t.USA.jointDice().mayWithdraw).toEqual({
      allowed: false,
      reason: "the CSA seat's share of the dice for the ford is here: this seat knows the dice, so the change is due and is written with them (a roll cannot be escaped by withdrawing it)",
      rule: 'Rev. Sequence of Play',
    });
    const refused = refusal(() => t.USA.withdrawJointDice({ id: asked.id }));
    expect(refused).toMatchObject({ code: 'RULES_FORBID', field: 'id' });
    expect(refused.message).toMatch(/share of the dice for the ford is here: this seat knows the dice/);
    expect(fileHash(t.files.USA)).toBe(before);
  });
});

describe('an answer and a withdrawal that cross, or a re-roll hidden by a withdrawal', () => {
  it('the answer arriving after the withdrawal is not used, nothing is written with it, and both Histories name the dice both shares give', () => {
    const t = table();
    const asked = t.USA.askJointDice(FORD);
    send(t, 'USA');
    // The CSA seat's answer is on its way (its packet is in the shared folder) while the USA player withdraws.
    const answer: Packet = packetFrom(t.CSA);
    t.USA.withdrawJointDice({ id: asked.id });
    send(t, 'USA');
    // The CSA seat had answered: it takes the withdrawal (refusing it would stop both files for good, and an
    // honest withdrawal that crossed the answer looks the same) and names it in History with the dice.
    const dice = diceOfBothShares(t, asked.id);
    const flagged = t.CSA.history({ limit: 1 })[0]!;
    expect(flagged.kind).toBe('joint-dice.withdrawn');
    expect(flagged.note).toBe(
      `Answered before the withdrawal arrived: this seat had sent its share of these dice before the USA seat withdrew them. If that share reached the USA seat first, its player could work out the dice before withdrawing. Both shares are in this file: the first dice they give are ${dice}.`,
    );
    expect(jointDiceRows(t.CSA.db).find((r) => r.id === asked.id)).toMatchObject({ answer: expect.any(String), event_seq: flagged.seq });
    expect(t.CSA.jointDice().lastUsed).toBeNull();

    // The late answer reaches the USA seat: nothing is written with it, and its History names the same dice.
    const events = t.USA.info().eventCount;
    receivePacket(contextOf(t.USA), answer);
    expect(t.USA.info().eventCount).toBe(events);
    expect(t.USA.diceLog({ limit: 5 }).some((d) => d.source === 'joint')).toBe(false);
    expect(t.USA.jointDice()).toMatchObject({ open: null, lastUsed: { id: asked.id, status: 'withdrawn', words: "This seat withdrew its request for joint dice for the ford; the CSA seat's share came after it and was not used: nothing was written with it" } });
    expect(t.USA.history({ limit: 1 })[0]!.note).toBe(
      `The CSA seat's share of these dice came after this withdrawal: it was not used, and nothing was written with it. Both shares are in this file: the first dice they give are ${dice} (the CSA seat's History shows them too).`,
    );
    exchange(t);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.USA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
  });

  it('a seat that takes its file back to a copy from before the answer, withdraws and asks again is named by the seat that answered', () => {
    const t = table();
    const asked = t.USA.askJointDice(FORD);
    send(t, 'USA');
    const backup = `${t.files.USA}.before-the-answer`;
    t.USA.db.pragma('wal_checkpoint(TRUNCATE)');
    copyFileSync(t.files.USA, backup);
    // The answer comes in: the USA seat's Muster writes the roll at once, and its player sees the die.
    send(t, 'CSA');
    const seen = t.USA.diceLog({ limit: 1 })[0]!;
    expect(seen).toMatchObject({ purpose: 'the ford', source: 'joint' });
    // He does not like it: he goes back to the copy from before the answer (the roll never sent), withdraws, and asks again.
    t.USA.close();
    for (const f of [`${t.files.USA}-wal`, `${t.files.USA}-shm`]) if (existsSync(f)) rmSync(f);
    copyFileSync(backup, t.files.USA);
    const again = GameService.open(t.files.USA, { seed: 99 });
    expect(again.jointDice().mayWithdraw).toEqual({ allowed: true });
    again.withdrawJointDice({ id: asked.id });
    const retry = again.askJointDice(FORD);
    const cheated: Table = { ...t, USA: again };
    // The CSA seat takes the withdrawal (the files stay one history) and names it: it had answered, and the
    // dice both shares give, the ones the USA player saw, are in its History.
    send(cheated, 'USA');
    const note = t.CSA.history({ limit: 1 })[0]!.note!;
    expect(note).toMatch(/^Answered before the withdrawal arrived: this seat had sent its share of these dice before the USA seat withdrew them\./);
    expect(note).toContain(`the first dice they give are ${seen.roll}, `);
    expect(t.CSA.jointDice().open).toMatchObject({ id: retry.id, status: 'answered' });
    // The new request goes on in the open, after the flagged withdrawal.
    exchange(cheated);
    expect(again.jointDice().lastUsed).toMatchObject({ id: retry.id, status: 'used' });
    expect(t.CSA.info().fingerprint).toBe(again.info().fingerprint);
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    again.close();
  });

  it("the other seat's request withdrawn by a changed Muster is refused whole, naming it", () => {
    const t = table();
    const asked = t.USA.askJointDice(FORD);
    send(t, 'USA');
    // The CSA seat's Muster, changed, writes a withdrawal of the USA seat's request (its own Muster refuses that).
    expect(refusal(() => t.CSA.withdrawJointDice({ id: asked.id })).message).toMatch(/being rolled jointly/);
    writeAnyway(t.CSA, 'withdrawJointDice', { id: asked.id });
    const before = fileHash(t.files.USA);
    expect(() => send(t, 'CSA')).toThrow(/the CSA seat's event #\d+ closes joint dice that are not its own open request at that place in the log: only the seat that asked closes or withdraws its request/);
    expect(fileHash(t.files.USA)).toBe(before);
    expect(t.USA.jointDice().open).toMatchObject({ id: asked.id, status: 'waiting' });
  });
});
