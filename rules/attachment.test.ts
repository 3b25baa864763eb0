// Command attachment/detachment (Rev. Command Attachment): what may move, range checks, the army
// commander's points, one per turn, and the command tree afterwards.
import { describe, expect, it } from 'vitest';
import { EMPTY_RATING_POINTS_LEDGER, thrownArgument } from './test-support';
import { spendRatingPoints } from './activation';
import type { LedgerLeader } from './activation';
import { commandAttachment } from './attachment';
import type { AttachmentRequest } from './attachment';

const lee: LedgerLeader = { id: 'lee', role: 'army' };

// Detach a brigade from one division and attach it to another.
const brigadeToDivision: AttachmentRequest = {
  kind: 'attach',
  moved: { size: 'brigade', arm: 'infantry' },
  gaining: { size: 'division' },
  gainingCommanderHasDetachingInRange: true,
  armyCommanderHasDetachingInRange: true,
  attachmentsThisTurn: 0,
};

describe('commandAttachment', () => {
  it('an infantry brigade may be attached to a division; it uses the army commander\'s rating points', () => {
    const result = commandAttachment(brigadeToDivision, EMPTY_RATING_POINTS_LEDGER, lee);
    expect(result).toMatchObject({ ok: true, rule: 'Rev. Command Attachment' });
    if (!result.ok) return;
    expect(result.ledger.pointsSpent).toEqual([{ leaderId: 'lee', use: 'attachment' }]);
  });

  it('infantry commands of any size up to division, never a corps, and never cavalry or artillery', () => {
    expect(commandAttachment({ ...brigadeToDivision, moved: { size: 'division', arm: 'infantry' }, gaining: { size: 'corps' } }, EMPTY_RATING_POINTS_LEDGER, lee).ok).toBe(true);
    expect(commandAttachment({ ...brigadeToDivision, moved: { size: 'unit', arm: 'infantry' }, gaining: { size: 'brigade' } }, EMPTY_RATING_POINTS_LEDGER, lee).ok).toBe(true);
    expect(commandAttachment({ ...brigadeToDivision, moved: { size: 'corps', arm: 'infantry' }, gaining: { size: 'army' } }, EMPTY_RATING_POINTS_LEDGER, lee)).toMatchObject({
      ok: false,
      rule: 'Rev. Command Attachment',
    });
    expect(commandAttachment({ ...brigadeToDivision, moved: { size: 'brigade', arm: 'cavalry' } }, EMPTY_RATING_POINTS_LEDGER, lee).ok).toBe(false);
    expect(commandAttachment({ ...brigadeToDivision, moved: { size: 'unit', arm: 'artillery' }, gaining: { size: 'brigade' } }, EMPTY_RATING_POINTS_LEDGER, lee).ok).toBe(false);
  });

  it('only a unit or command of smaller size than the gaining command (RI-C11)', () => {
    expect(commandAttachment({ ...brigadeToDivision, gaining: { size: 'brigade' } }, EMPTY_RATING_POINTS_LEDGER, lee).ok).toBe(false);
    expect(commandAttachment({ ...brigadeToDivision, moved: { size: 'division', arm: 'infantry' } }, EMPTY_RATING_POINTS_LEDGER, lee).ok).toBe(false);
  });

  it('both the gaining commander and the army commander must have the detaching commander in range', () => {
    const noGaining = commandAttachment({ ...brigadeToDivision, gainingCommanderHasDetachingInRange: false }, EMPTY_RATING_POINTS_LEDGER, lee);
    expect(noGaining.ok).toBe(false);
    if (!noGaining.ok) expect(noGaining.reason).toMatch(/gaining commander/);
    const noArmy = commandAttachment({ ...brigadeToDivision, armyCommanderHasDetachingInRange: false }, EMPTY_RATING_POINTS_LEDGER, lee);
    expect(noArmy.ok).toBe(false);
    if (!noArmy.ok) expect(noArmy.reason).toMatch(/army commander/);
  });

  it('only one attachment per turn', () => {
    expect(commandAttachment({ ...brigadeToDivision, attachmentsThisTurn: 1 }, EMPTY_RATING_POINTS_LEDGER, lee).ok).toBe(false);
  });

  it("not once the army commander's points are used for the turn (e.g. on the initiative roll)", () => {
    const spent = spendRatingPoints(EMPTY_RATING_POINTS_LEDGER, lee, 'initiative');
    if (!spent.ok) throw new Error(spent.reason);
    expect(commandAttachment(brigadeToDivision, spent.ledger, lee)).toMatchObject({ ok: false, rule: 'Rev. Leaders and Activation' });
  });

  it('the US wing commander may act as army commander; anyone else is an argument error', () => {
    expect(commandAttachment(brigadeToDivision, EMPTY_RATING_POINTS_LEDGER, { id: 'reynolds', role: 'wing' }).ok).toBe(true);
    expect(thrownArgument(() => commandAttachment(brigadeToDivision, EMPTY_RATING_POINTS_LEDGER, { id: 'hill', role: 'corps' }))).toBe('armyCommander.role');
  });

  it('validates the request', () => {
    expect(thrownArgument(() => commandAttachment({ ...brigadeToDivision, kind: 'swap' as never }, EMPTY_RATING_POINTS_LEDGER, lee))).toBe('request.kind');
    expect(thrownArgument(() => commandAttachment({ ...brigadeToDivision, moved: { size: 'company' as never, arm: 'infantry' } }, EMPTY_RATING_POINTS_LEDGER, lee))).toBe(
      'request.moved.size',
    );
    expect(thrownArgument(() => commandAttachment({ ...brigadeToDivision, attachmentsThisTurn: -1 }, EMPTY_RATING_POINTS_LEDGER, lee))).toBe('request.attachmentsThisTurn');
  });
});
