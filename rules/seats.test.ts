/**
 * Whose step it is when each side plays from its own seat (RI-H09), as the Sequence of Play says: both at
 * once in a step of secret entries, alternating in the Activation Segment, the Initiative player elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { alternativeWordNeeded, seatMayWrite, seatToAct, seatWaitingFor, type AlternativeWordFacts, type SeatStepFacts } from './seats';

const facts = (over: Partial<SeatStepFacts> = {}): SeatStepFacts => ({
  step: { segment: 'I', phase: 'A' },
  started: true,
  finished: { USA: false, CSA: false },
  committed: { USA: false, CSA: false },
  sideToAct: null,
  initiative: null,
  ...over,
});

describe('seatToAct', () => {
  it('"Both players, simultaneously and secretly": the Orders Segment and the Initiative declarations take both seats until revealed', () => {
    expect(seatToAct(facts()).seat).toBe('both');
    expect(seatToAct(facts({ step: { segment: 'I', phase: 'B' } })).seat).toBe('both');
    expect(seatToAct(facts({ step: { segment: 'II', phase: 'A' } }))).toMatchObject({ seat: 'both', rule: 'Rev. Initiative Segment' });
    // Once both have revealed, the step's other business is the Initiative player's (the USA player's before one is known).
    expect(seatToAct(facts({ finished: { USA: true, CSA: true } })).seat).toBe('USA');
    expect(seatToAct(facts({ step: { segment: 'II', phase: 'A' }, finished: { USA: true, CSA: true }, initiative: 'CSA' })).seat).toBe('CSA');
  });

  it('RI-O01: an Initiative Phase the Variable Initiative levels decide takes no declarations: the USA seat (or the holder) carries it out', () => {
    const levels = facts({ step: { segment: 'II', phase: 'A' }, noDeclarations: true });
    expect(seatToAct(levels)).toMatchObject({ seat: 'USA', why: 'II.A Initiative Phase is carried out by the USA player until an Initiative player is determined' });
    expect(seatMayWrite(levels, 'USA', { kind: 'public', setup: false })).toEqual({ ok: true });
    expect(seatMayWrite(levels, 'CSA', { kind: 'entry', side: 'CSA', stage: 'held' })).toMatchObject({ ok: false, reason: expect.stringMatching(/takes no secret entries now/) });
    expect(seatToAct({ ...levels, initiative: 'CSA' }).seat).toBe('CSA');
  });

  it('"Beginning with the Initiative player, the players alternate": the Activation Segment follows the side to act', () => {
    expect(seatToAct(facts({ step: { segment: 'III', phase: 'A' }, initiative: 'CSA' }))).toMatchObject({ seat: 'CSA', rule: 'Rev. Activation Segment' });
    expect(seatToAct(facts({ step: { segment: 'III', phase: 'A' }, initiative: 'CSA', sideToAct: 'USA' })).seat).toBe('USA');
    expect(seatToAct(facts({ step: { segment: 'III', phase: 'B' }, initiative: 'USA', sideToAct: 'CSA' })).seat).toBe('CSA');
  });

  it('RI-H10: at the beginning of the Activation Segment a side with sealed Alternative Arrival orders has the word first, whoever has the Initiative', () => {
    const start = facts({ step: { segment: 'III', phase: 'A' }, initiative: 'CSA', sealedOrders: 'USA' });
    expect(seatToAct(start)).toMatchObject({ seat: 'USA', rule: 'Rev. Alternative Arrival Areas' });
    expect(seatMayWrite(start, 'CSA', { kind: 'public', setup: false })).toEqual({
      ok: false,
      reason: "it is not the CSA seat's turn: at the beginning of the Activation Segment the USA seat first says whether its sealed Alternative Arrival Area orders are opened",
      rule: 'Rev. Alternative Arrival Areas',
    });
    expect(seatMayWrite(start, 'USA', { kind: 'public', setup: false }).ok).toBe(true);
    // Once it has said, the step is the Initiative player's again.
    expect(seatToAct({ ...start, sealedOrders: null }).seat).toBe('CSA');
  });

  it('RI-H10: then the side without the Initiative says its word on an Alternative Arrival Area order, its order or none, and writes nothing else', () => {
    const start = facts({ step: { segment: 'III', phase: 'A' }, initiative: 'CSA', alternativeWord: 'USA' });
    const why = 'at the beginning of the Activation Segment the USA seat first says whether its army commander sends a group to an Alternative Arrival Area';
    expect(seatToAct(start)).toEqual({ seat: 'USA', why, rule: 'Rev. Alternative Arrival Areas' });
    // Its word (an order, sealed, or no order) is the USA seat's; nothing else, at either seat.
    expect(seatMayWrite(start, 'USA', { kind: 'public', setup: false, word: true })).toEqual({ ok: true });
    expect(seatMayWrite(start, 'USA', { kind: 'public', setup: false })).toEqual({ ok: false, reason: `${why} (its order, or no order this turn): nothing else is recorded until it has`, rule: 'Rev. Alternative Arrival Areas' });
    expect(seatMayWrite(start, 'CSA', { kind: 'public', setup: false, word: true })).toEqual({ ok: false, reason: `it is not the CSA seat's turn: ${why}`, rule: 'Rev. Alternative Arrival Areas' });
    expect(seatWaitingFor(start, 'CSA')).toBe(`the USA seat's turn: ${why}`);
    expect(seatWaitingFor(start, 'USA')).toBeNull();
    // A seat's sealed orders are answered before it (Muster does it by itself), and the Initiative player's step follows.
    expect(seatToAct({ ...start, sealedOrders: 'CSA' }).seat).toBe('CSA');
    expect(seatMayWrite({ ...start, sealedOrders: 'USA' }, 'USA', { kind: 'public', setup: false })).toEqual({ ok: true });
    const after = { ...start, alternativeWord: null };
    expect(seatToAct(after)).toMatchObject({ seat: 'CSA', rule: 'Rev. Activation Segment' });
    // In the Initiative player's step his own order is one write of his step like any other.
    expect(seatMayWrite(after, 'CSA', { kind: 'public', setup: false, word: true })).toEqual({ ok: true });
  });

  it('RI-H10: when both army commanders could order, both give their word at the same time, each held on its seat, the side without the Initiative\'s revealed first', () => {
    const why = 'at the beginning of the Activation Segment both army commanders say at the same time whether they send a group to an Alternative Arrival Area';
    const none = { USA: false, CSA: false };
    const start = facts({ step: { segment: 'III', phase: 'A' }, initiative: 'CSA', finished: { USA: true, CSA: true }, alternativeWords: { given: none, first: 'USA' } });
    expect(seatToAct(start)).toEqual({ seat: 'both', why, rule: 'Rev. Alternative Arrival Areas' });
    const word = (side: 'USA' | 'CSA', stage: 'held' | 'revealed') => ({ kind: 'entry', side, stage, word: true }) as const;
    // Either seat gives its own word first, in either order; never the other side's, and nothing else meanwhile.
    expect(seatMayWrite(start, 'USA', word('USA', 'held'))).toEqual({ ok: true });
    expect(seatMayWrite(start, 'CSA', word('CSA', 'held'))).toEqual({ ok: true });
    expect(seatMayWrite(start, 'CSA', word('USA', 'held'))).toMatchObject({ ok: false, reason: "the CSA seat gives only CSA's word; USA's is given at the USA seat" });
    expect(seatMayWrite(start, 'CSA', { kind: 'public', setup: false })).toEqual({ ok: false, reason: `${why}: nothing else is recorded until both words are revealed`, rule: 'Rev. Alternative Arrival Areas' });
    // Given and committed: the seat waits for the other's word, which it does not see.
    const usaCommitted = { ...start, committed: { USA: true, CSA: false } };
    expect(seatMayWrite(usaCommitted, 'USA', word('USA', 'held'))).toMatchObject({ ok: false, reason: expect.stringContaining('committed to it') });
    expect(seatMayWrite(usaCommitted, 'USA', word('USA', 'revealed'))).toMatchObject({ ok: false, reason: expect.stringContaining('CSA has not yet') });
    expect(seatWaitingFor(usaCommitted, 'USA')).toBe("waiting for the CSA seat's word on an Alternative Arrival Area");
    expect(seatWaitingFor(usaCommitted, 'CSA')).toBeNull();
    // Both committed: the side without the Initiative's word is revealed first, then the Initiative player's.
    const both = { ...start, committed: { USA: true, CSA: true } };
    expect(seatMayWrite(both, 'USA', word('USA', 'revealed'))).toEqual({ ok: true });
    expect(seatMayWrite(both, 'CSA', word('CSA', 'revealed'))).toMatchObject({ ok: false, reason: "USA's word (without the Initiative) is revealed first, then CSA's: wait for USA's" });
    expect(seatWaitingFor(both, 'CSA')).toBe("waiting for USA's word on an Alternative Arrival Area to be revealed");
    const usaGiven = { ...both, alternativeWords: { given: { USA: true, CSA: false }, first: 'USA' as const } };
    expect(seatMayWrite(usaGiven, 'CSA', word('CSA', 'revealed'))).toEqual({ ok: true });
    expect(seatMayWrite(usaGiven, 'USA', word('USA', 'held'))).toMatchObject({ ok: false, reason: 'USA has already given its word on an Alternative Arrival Area this turn' });
    expect(seatWaitingFor(usaGiven, 'USA')).toBe("waiting for CSA's word on an Alternative Arrival Area to be revealed");
    // Both in the log: the Initiative player's step.
    const after = { ...both, alternativeWords: { given: { USA: true, CSA: true }, first: 'USA' as const } };
    expect(seatToAct(after)).toMatchObject({ seat: 'CSA', rule: 'Rev. Activation Segment' });
    expect(seatMayWrite(after, 'USA', word('USA', 'held'))).toMatchObject({ ok: false, reason: expect.stringContaining('no word on an Alternative Arrival Area is given at the same time now') });
  });

  it('the other steps are carried out by the Initiative player', () => {
    for (const step of [{ segment: 'II', phase: 'B' }, { segment: 'II', phase: 'C' }, { segment: 'IV', phase: 'A' }, { segment: 'IV', phase: 'C' }] as const) {
      expect(seatToAct(facts({ step, initiative: 'CSA' })).seat).toBe('CSA');
    }
  });
});

describe('seatMayWrite', () => {
  it('a seat makes only its own side\'s entries, holds them until it commits, and reveals USA first, then CSA', () => {
    expect(seatMayWrite(facts(), 'USA', { kind: 'entry', side: 'USA', stage: 'held' })).toEqual({ ok: true });
    expect(seatMayWrite(facts(), 'USA', { kind: 'entry', side: 'CSA', stage: 'held' })).toMatchObject({ ok: false, reason: "the USA seat makes only USA's entries; CSA's are made at the CSA seat" });
    expect(seatMayWrite(facts({ committed: { USA: true, CSA: false } }), 'USA', { kind: 'entry', side: 'USA', stage: 'held' })).toMatchObject({ ok: false, reason: expect.stringContaining('committed to them') });
    expect(seatMayWrite(facts({ committed: { USA: true, CSA: false } }), 'USA', { kind: 'entry', side: 'USA', stage: 'revealed' })).toMatchObject({ ok: false, reason: expect.stringContaining('CSA has not yet') });
    const both = facts({ committed: { USA: true, CSA: true } });
    expect(seatMayWrite(both, 'USA', { kind: 'entry', side: 'USA', stage: 'revealed' })).toEqual({ ok: true });
    expect(seatMayWrite(both, 'CSA', { kind: 'entry', side: 'CSA', stage: 'revealed' })).toMatchObject({ ok: false, reason: expect.stringContaining("wait for USA's") });
    expect(seatMayWrite({ ...both, finished: { USA: true, CSA: false } }, 'CSA', { kind: 'entry', side: 'CSA', stage: 'revealed' })).toEqual({ ok: true });
  });

  it('nothing public is written while the secret entries are open, except the USA seat\'s setup before the game starts', () => {
    expect(seatMayWrite(facts(), 'USA', { kind: 'public', setup: false })).toMatchObject({ ok: false, reason: expect.stringContaining('nothing else is recorded') });
    expect(seatMayWrite(facts({ started: false }), 'USA', { kind: 'public', setup: true })).toEqual({ ok: true });
    expect(seatMayWrite(facts({ started: false }), 'CSA', { kind: 'public', setup: true })).toMatchObject({ ok: false });
    expect(seatMayWrite(facts({ started: false }), 'USA', { kind: 'public', setup: false })).toMatchObject({ ok: false });
  });

  it('RI-H12: a message on its way is opened in the open as the Orders Segment begins, by either seat, before the entries of I.A are revealed', () => {
    const opening = { kind: 'public', setup: false, opening: true } as const;
    // Both seats hold their entries of I.A: either may open its arrived messages, whether or not it has committed.
    expect(seatMayWrite(facts(), 'USA', opening)).toEqual({ ok: true });
    expect(seatMayWrite(facts({ committed: { USA: false, CSA: true } }), 'CSA', opening)).toEqual({ ok: true });
    // Once an entry of the step is revealed, or in any other step, it is too late.
    const late = seatMayWrite(facts({ committed: { USA: true, CSA: true }, finished: { USA: true, CSA: false } }), 'CSA', opening);
    expect(late).toMatchObject({ ok: false, rule: 'Messengers (Fields of Blue and Grey)', reason: expect.stringContaining('before the entries of its first step are revealed') });
    expect(seatMayWrite(facts({ step: { segment: 'I', phase: 'B' } }), 'USA', opening)).toMatchObject({ ok: false, reason: expect.stringContaining('not in I.B') });
  });

  it('out of turn is refused with whose turn it is', () => {
    const activation = facts({ step: { segment: 'III', phase: 'A' }, initiative: 'USA', sideToAct: 'USA' });
    expect(seatMayWrite(activation, 'USA', { kind: 'public', setup: false })).toEqual({ ok: true });
    expect(seatMayWrite(activation, 'CSA', { kind: 'public', setup: false })).toEqual({
      ok: false,
      reason: "it is not the CSA seat's turn: in III.A In-Command Activation Phase the players alternate, and it is USA's turn",
      rule: 'Rev. Activation Segment',
    });
    expect(seatMayWrite(activation, 'CSA', { kind: 'entry', side: 'CSA', stage: 'held' })).toMatchObject({ ok: false, reason: expect.stringContaining('takes no secret entries now') });
  });
});

describe('seatWaitingFor', () => {
  it('a seat waits for nothing while it may act, then for the other seat\'s commitment, then for the reveal, USA\'s first', () => {
    expect(seatWaitingFor(facts(), 'CSA')).toBeNull();
    const csaCommitted = facts({ committed: { USA: false, CSA: true } });
    expect(seatWaitingFor(csaCommitted, 'CSA')).toBe('waiting for the USA seat to finish its entries of I.A Automatic Order Change Phase');
    expect(seatWaitingFor(csaCommitted, 'USA')).toBeNull();
    const both = facts({ committed: { USA: true, CSA: true } });
    expect(seatWaitingFor(both, 'CSA')).toBe("waiting for USA's entries of I.A Automatic Order Change Phase to be revealed");
    const usaRevealed = facts({ committed: { USA: true, CSA: true }, finished: { USA: true, CSA: false } });
    expect(seatWaitingFor(usaRevealed, 'USA')).toBe("waiting for CSA's entries of I.A Automatic Order Change Phase to be revealed");
  });

  it('outside secret entries, the seat whose step it is waits for nothing; the other is told whose turn it is', () => {
    const activation = facts({ step: { segment: 'III', phase: 'A' }, initiative: 'CSA', sideToAct: 'CSA', finished: { USA: true, CSA: true } });
    expect(seatWaitingFor(activation, 'CSA')).toBeNull();
    expect(seatWaitingFor(activation, 'USA')).toBe("the CSA seat's turn: in III.A In-Command Activation Phase the players alternate, and it is CSA's turn");
  });
});

describe('alternativeWordNeeded', () => {
  const side = (over: Partial<AlternativeWordFacts> = {}): AlternativeWordFacts => ({ side: 'CSA', armyMaySpend: true, groupsWithoutOpenedOrder: 2, sealedOrders: 0, saidNoOrder: false, ...over });

  it('RI-H10: the side without the Initiative is asked when its army commander could order an Alternative Arrival Area at all', () => {
    expect(alternativeWordNeeded(side())).toEqual({ needed: true, reason: null });
    expect(alternativeWordNeeded(side({ sealedOrders: 1 }))).toEqual({ needed: true, reason: null });
  });

  it('it is not asked (and nothing is written for it) when he could not: points spent, no group left to send, or "no order" said', () => {
    expect(alternativeWordNeeded(side({ armyMaySpend: false }))).toEqual({ needed: false, reason: "CSA's army commander has no rating points to spend on an Alternative Arrival Area now" });
    expect(alternativeWordNeeded(side({ groupsWithoutOpenedOrder: 0 }))).toEqual({ needed: false, reason: 'every CSA group still to come already has an Alternative Arrival Area order' });
    expect(alternativeWordNeeded(side({ saidNoOrder: true }))).toEqual({ needed: false, reason: 'CSA has said: no Alternative Arrival Area order this turn' });
  });

  it('its sealed orders count without saying which groups they send: with as many sealed as groups left, none is left to send', () => {
    // Two groups still to come, two orders sealed: whichever they send, both are sent.
    expect(alternativeWordNeeded(side({ sealedOrders: 2 })).needed).toBe(false);
    // Once one is opened (that group's order is in both files), the other group is the other sealed order's.
    expect(alternativeWordNeeded(side({ groupsWithoutOpenedOrder: 1, sealedOrders: 1 })).needed).toBe(false);
  });
});
