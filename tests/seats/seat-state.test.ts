/**
 * What a seat's screens are offered (RI-H09): the game's info names the file's seat, whose step it is (as
 * rules/seats.ts says), what the seat waits for from the other, and how many events it has not yet sent. A
 * game at one laptop has none of it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { GameService } from '../../db/service';
import { tempDir } from '../fixtures/game';
import { send, twoSeats } from './table';

const tmp = tempDir('muster-seats-state-');
afterAll(() => tmp.cleanup());

describe("a seat's state in the game's info", () => {
  it('follows a step of secret entries from both seats entering to the reveal, then the Initiative player\'s step', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    const usa = () => t.USA.info().seat!;
    const csa = () => t.CSA.info().seat!;
    expect(usa()).toMatchObject({ side: 'USA', otherJoined: true, toAct: { seat: 'both', rule: expect.stringContaining('Orders') }, committed: { USA: false, CSA: false }, heldEntries: 0, waiting: null });
    expect(csa()).toMatchObject({ side: 'CSA', otherJoined: true, waiting: null });
    expect(csa().gameId).toBe(usa().gameId);
    // Nobody may say "neither side enters anything" for both seats: each finishes its own on its device.
    expect(t.USA.turnState({ viewer: 'USA' }).legal.advance.nobodyEnters).toMatchObject({ allowed: false, reason: 'in a game played from two seats each seat finishes its own entries on its own device' });
    expect(csa().keyFingerprint).not.toBe(usa().keyFingerprint);

    t.CSA.finishEntries({ side: 'CSA' });
    expect(csa()).toMatchObject({ committed: { USA: false, CSA: true }, heldEntries: 1, waiting: 'waiting for the USA seat to finish its entries of I.A Automatic Order Change Phase' });
    // USA knows nothing of CSA's commitment until a packet brings it.
    expect(usa().committed.CSA).toBe(false);
    send(t, 'CSA');
    expect(usa()).toMatchObject({ committed: { USA: false, CSA: true }, waiting: null });

    t.USA.finishEntries({ side: 'USA' });
    // USA has CSA's commitment: its own entries are revealed at once; it waits for CSA's.
    expect(usa()).toMatchObject({ heldEntries: 0, waiting: "waiting for CSA's entries of I.A Automatic Order Change Phase to be revealed" });
    expect(usa().unsent).toBeGreaterThan(0);
    send(t, 'USA');
    send(t, 'CSA');
    // Revealed on both: the step is carried out by USA until an Initiative player is determined.
    expect(usa()).toMatchObject({ toAct: { seat: 'USA' }, waiting: null, heldEntries: 0 });
    expect(csa()).toMatchObject({ toAct: { seat: 'USA' }, waiting: "the USA seat's turn: I.A Automatic Order Change Phase is carried out by the USA player until an Initiative player is determined" });
    // CSA revealed its entry on receiving USA's reveal: the next packet carries it, and USA's answer acknowledges it.
    expect(csa().unsent).toBe(1);
    send(t, 'CSA');
    send(t, 'USA');
    expect(csa().unsent).toBe(0);
    // Undo is refused in a game played from two seats (one history in both files): it is not offered.
    expect(t.USA.info()).toMatchObject({ canUndo: false, canRedo: false });
    t.USA.close();
    t.CSA.close();
  });

  it('is null for a game played at one laptop', () => {
    const game = GameService.create({ file: join(tmp.dir, 'one-laptop.muster'), scenario: 'skirmish-at-willoughby-run' });
    expect(game.info().seat).toBeNull();
    game.close();
  });
});
