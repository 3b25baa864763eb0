/**
 * A die rolled jointly while both seats are live (RI-H09): the asking seat commits to its share, the other
 * answers with its own, the roll is (share + answer) mod 10, recorded by the asking seat and checked by the
 * other. Neither can choose it, and a seat that leaves a roll open to ask again is caught.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MusterError } from '../../db/errors';
import { contextOf } from '../../db/service';
import { jointRolls, requestJointRoll } from '../../db/seats/joint';
import { receivePacket } from '../../db/seats/packets';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, send, twoSeats, type Table } from './table';

const tmp = tempDir('muster-seats-joint-');
afterAll(() => tmp.cleanup());

function pastTheFirstStep(): Table {
  const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
  t.USA.finishEntries({ side: 'USA' });
  t.CSA.finishEntries({ side: 'CSA' });
  exchange(t);
  return t;
}

describe('a joint roll', () => {
  it('is the two shares added, recorded once by the asking seat, checked by the other, the same in both logs', () => {
    const t = pastTheFirstStep();
    requestJointRoll(contextOf(t.USA), 'the ford');
    const usaShare = jointRolls(t.USA.db)[0]!.share!;
    // The request carries only the commitment: the CSA seat cannot see USA's share.
    const request = packetFrom(t.USA);
    expect(request.joint).toEqual([expect.objectContaining({ purpose: 'the ford', share: null, salt: null, answer: null })]);
    expect(JSON.stringify(request.joint)).not.toContain(`"share":${usaShare}`);
    expect(send(t, 'USA').jointRolls).toBe(2);
    const csaAnswer = jointRolls(t.CSA.db)[0]!.answer!;
    // The answer comes back: the USA seat records the roll at once.
    expect(send(t, 'CSA').jointRolls).toBeGreaterThanOrEqual(2);
    const roll = t.USA.diceLog({ limit: 1 })[0]!;
    expect(roll).toMatchObject({ purpose: 'the ford (rolled jointly by both seats)', roll: (usaShare + csaAnswer) % 10 });
    exchange(t);
    expect(t.CSA.diceLog({ limit: 1 })[0]).toMatchObject({ purpose: 'the ford (rolled jointly by both seats)', roll: (usaShare + csaAnswer) % 10 });
    expect(jointRolls(t.CSA.db)[0]).toMatchObject({ share: usaShare, answer: csaAnswer, event_seq: roll.eventSeq });
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
  });

  it('is refused when the asking seat records another number, or reveals another share than it committed to', () => {
    const t = pastTheFirstStep();
    requestJointRoll(contextOf(t.USA), 'the ford');
    send(t, 'USA');
    send(t, 'CSA');
    const reveal = packetFrom(t.USA);
    const before = fileHash(t.files.CSA);
    const otherShare = JSON.parse(JSON.stringify(reveal)) as typeof reveal;
    otherShare.joint[0]!.share = (otherShare.joint[0]!.share! + 1) % 10;
    expect(() => receivePacket(contextOf(t.CSA), otherShare)).toThrow(/the share revealed is not the one it committed to/);
    expect(fileHash(t.files.CSA)).toBe(before);
    expect(receivePacket(contextOf(t.CSA), reveal).events).toBe(1);
  });

  it('left open after the answer cannot be asked again: the other seat names the roll left open', () => {
    const t = pastTheFirstStep();
    requestJointRoll(contextOf(t.USA), 'the ford');
    send(t, 'USA');
    // The USA seat receives the answer, but its player goes back to a file without the roll and asks again.
    t.USA.db.exec('DELETE FROM seat_joint_rolls');
    requestJointRoll(contextOf(t.USA), 'the ford, again');
    const before = fileHash(t.files.CSA);
    let caught: unknown;
    try {
      receivePacket(contextOf(t.CSA), packetFrom(t.USA));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MusterError);
    expect((caught as MusterError).message).toMatch(/asks for a new joint roll \(the ford, again\) while its joint roll for the ford is still open/);
    expect(fileHash(t.files.CSA)).toBe(before);
  });

  it('is asked only by the seat whose step it is, one at a time', () => {
    const t = pastTheFirstStep();
    expect(() => requestJointRoll(contextOf(t.CSA), 'the ford')).toThrow(/it is not the CSA seat's turn/);
    requestJointRoll(contextOf(t.USA), 'the ford');
    expect(() => requestJointRoll(contextOf(t.USA), 'the bridge')).toThrow(/the joint roll for the ford is still open/);
  });
});
