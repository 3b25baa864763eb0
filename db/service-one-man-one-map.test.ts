/**
 * One man, one map: a leader holding two commands is one man (one range modifier, one rating, one set of
 * rating points, never his own superior: RI-D16), and a leader who is not on the map acts for nobody
 * (RI-B11, RI-B14). Fixtures: tests/fixtures/one-man.json (a Left Wing over the I Corps, both led by
 * John F. Reynolds; Meade and Lee arrive later on their own) and tests/fixtures/two-brigades.json (Buford
 * arrives on his own at 0800). Every refusal names the field and leaves the game file as it was.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameService } from './service';
import { advanceTo, expectRefused, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const ONE_MAN = fileURLToPath(new URL('../tests/fixtures/one-man.json', import.meta.url));

/** The one-man fixture at I.B with the USA pre-roll passed (Reynolds, acting army commander, rolls 0). */
function atNonAutomaticOrders(): GameService {
  const g = newGame(tmp.dir, { scenario: ONE_MAN });
  advanceTo(g, { segment: 'I', phase: 'B' });
  g.orderPreRoll({ side: 'USA', roll: 0 });
  return g;
}

/** A game at III.A, the CSA holding the Initiative and having passed: the USA to act. */
function atUsaActivation(scenario?: string): GameService {
  const g = newGame(tmp.dir, scenario ? { scenario } : {});
  advanceTo(g, { segment: 'II', phase: 'A' });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
  advanceTo(g, { segment: 'III', phase: 'A' });
  g.pass({ side: 'CSA' });
  return g;
}

describe('a leader holding two commands is one man (RI-D16)', () => {
  it('is offered once as a superior, with both his commands, and never as his own superior', () => {
    const g = atNonAutomaticOrders();
    // Meade has not arrived: he is not offered (RI-H05). Reynolds is one entry, not two.
    expect(g.previewOrderChange({ commandId: 'iron' }).superiors).toEqual([
      { leaderId: 'wadsworth', name: 'James S. Wadsworth', commands: '1st Division, I Corps', rating: 3, pointsUsedFor: null },
      { leaderId: 'reynolds', name: 'John F. Reynolds', commands: 'I Corps and Left Wing', rating: 4, pointsUsedFor: null },
    ]);
    // The I Corps's own order change: Reynolds leads it, so his Left Wing counter is not its superior.
    expect(g.previewOrderChange({ commandId: 'usa-i' }).superiors).toEqual([]);
    g.close();
  });

  it('counts once: naming both his counters is refused, in range or lending his rating, and nothing is written', () => {
    const g = atNonAutomaticOrders();
    const inRange = expectRefused(g, () => g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', superiorsInRange: ['reynolds', 'reynolds-wing'], roll: 8 }), 'INVALID_ARGUMENT', 'superiorsInRange[1]', 'Rev. Order Change DRMs');
    expect(inRange.message).toContain('John F. Reynolds is one man (John F. Reynolds and John F. Reynolds (Left Wing)): he counts once');
    expectRefused(g, () => g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', superiorsUsingRating: ['reynolds-wing', 'reynolds'], roll: 8 }), 'INVALID_ARGUMENT', 'superiorsUsingRating[1]', 'Rev. Order Change DRMs');
    const himself = expectRefused(g, () => g.attemptOrderChange({ commandId: 'usa-i', order: 'ASLT', superiorsInRange: ['reynolds-wing'], roll: 8 }), 'INVALID_ARGUMENT', 'superiorsInRange[0]', 'Rev. Order Change DRMs');
    expect(himself.message).toContain('John F. Reynolds leads I Corps himself: a leader is never his own superior');
    g.close();
  });

  it('the preview shows the DRMs the roll then uses, superior ticks included', () => {
    const g = atNonAutomaticOrders();
    const boxes = { superiorsInRange: ['wadsworth', 'reynolds'], superiorsUsingRating: ['reynolds'] };
    const preview = g.previewOrderChange({ commandId: 'iron', ...boxes });
    expect(preview.drm.items).toEqual([
      { label: 'Superior leaders in chain of command within range (2 x -1)', value: -2, rule: 'Rev. Order Change DRMs' },
      { label: "Superior leader's rating used (4)", value: -4, rule: 'Rev. Order Change DRMs' },
      { label: 'Orders Table DRM (HOLD)', value: -1, rule: 'Rev. Order Change DRMs' },
    ]);
    expect(preview.rating).toBe(3);
    const attempt = g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', ...boxes, roll: 8 });
    expect(attempt.drm).toEqual(preview.drm);
    // 8 - 7 = 1 <= Meredith's 3.
    expect(attempt).toMatchObject({ success: true, rating: 3 });
    g.close();
  });

  it('has one rating: a counter value set on one of his counters is set on both, as a setup edit or a correction', () => {
    const g = newGame(tmp.dir, { scenario: ONE_MAN });
    g.editLeader({ leaderId: 'reynolds', rating: 5 });
    const ratings = () => g.leaders().filter((l) => l.id.startsWith('reynolds')).map((l) => [l.id, l.rating]);
    expect(ratings()).toEqual([
      ['reynolds-wing', 5],
      ['reynolds', 5],
    ]);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    g.correctLeader({ leaderId: 'reynolds-wing', rating: 3, reason: 'misprint on the counter' });
    expect(ratings()).toEqual([
      ['reynolds-wing', 3],
      ['reynolds', 3],
    ]);
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('has one set of rating points: spent on one counter, spent on both', () => {
    const g = atNonAutomaticOrders();
    g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', superiorsUsingRating: ['reynolds'], roll: 0 });
    // The points spent are the USA's secret entry of the step: the USA sees them, nobody else yet (RI-H01).
    expect(g.previewOrderChange({ commandId: 'usa-i-1' }).superiors[0]!.pointsUsedFor).toBeNull();
    expect(g.previewOrderChange({ commandId: 'usa-i-1', viewer: 'USA' }).superiors).toEqual([
      { leaderId: 'reynolds', name: 'John F. Reynolds', commands: 'I Corps and Left Wing', rating: 4, pointsUsedFor: 'on an order change' },
    ]);
    const again = expectRefused(g, () => g.attemptOrderChange({ commandId: 'usa-i-1', order: 'ASLT', superiorsUsingRating: ['reynolds-wing'], roll: 0 }), 'RULES_FORBID', 'superiorsUsingRating[0]', 'Rev. Leaders and Activation');
    expect(again.message).toContain('John F. Reynolds has already used his rating points this turn (on an order change)');
    g.close();
  });

  it('in the Activation Segment: the I Corps has no superior to offer (Reynolds is its own leader, Meade not arrived); its division has Reynolds once', () => {
    const g = atUsaActivation(ONE_MAN);
    const corps = g.previewActivation({ commandId: 'usa-i' });
    expect(corps.superiors).toEqual([]);
    // The size of the command is shown before the roll, from the same code as the roll.
    expect(corps.drm.items).toEqual([{ label: 'Corps Activation', value: 3, rule: 'Rev. Activation DRMs' }]);
    expect(g.previewActivation({ commandId: 'usa-i-1' })).toMatchObject({
      drm: { total: 1, items: [{ label: 'Division Activation', value: 1, rule: 'Rev. Activation DRMs' }] },
      rating: 3,
      superiors: [{ leaderId: 'reynolds', commands: 'I Corps and Left Wing' }],
    });
    expectRefused(g, () => g.attemptActivation({ commandId: 'usa-i', superiorsInRange: ['reynolds-wing'], roll: 0 }), 'INVALID_ARGUMENT', 'superiorsInRange[0]', 'Rev. Activation DRMs');
    const preview = g.previewActivation({ commandId: 'usa-i-1', superiorsInRange: ['reynolds'] });
    expect(preview.drm).toEqual({
      total: -3,
      items: [
        { label: 'Division Activation', value: 1, rule: 'Rev. Activation DRMs' },
        { label: "Superior commander's rating, in range (4)", value: -4, rule: 'Rev. Activation DRMs' },
      ],
    });
    expect(g.attemptActivation({ commandId: 'usa-i-1', superiorsInRange: ['reynolds'], roll: 2 }).drm).toEqual(preview.drm);
    g.close();
  });
});

describe('a leader who is not on the map acts for nobody (RI-B11, RI-B14)', () => {
  it("a command whose commander has not arrived neither activates at ME or RE nor takes the Initiative player's free ME", () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    // USA holds the Initiative: its first activation would be ME without a roll; Buford arrives at 0800.
    const free = expectRefused(g, () => g.attemptActivation({ commandId: 'usa-cav' }), 'RULES_FORBID', 'commandId', 'Rev. Leaders and Activation');
    expect(free.message).toBe("commandId: 1st Cavalry Division's commander, John Buford, is not on the map: the command does not act until he arrives (Rev. Leaders and Activation)");
    expectRefused(g, () => g.activateRe({ commandId: 'usa-cav' }), 'RULES_FORBID', 'commandId', 'Rev. Leaders and Activation');
    // The activation list does not offer it; its brigade, whose leader is on the map, is offered.
    const offered = g.turnState().legal.activations.map((a) => a.commandId);
    expect(offered).not.toContain('usa-cav');
    expect(offered).toContain('gamble');
    g.close();
  });

  it("an order change for such a command is refused and not offered; Commander's Initiative refuses a leader who is not on the map", () => {
    const g = newGame(tmp.dir);
    expect(g.turnState().legal.orderChanges.map((o) => o.commandId)).not.toContain('usa-cav');
    const change = expectRefused(g, () => g.attemptOrderChange({ commandId: 'usa-cav', order: 'HOLD', roll: 0 }), 'RULES_FORBID', 'commandId', 'Rev. Leaders and Activation');
    expect(change.message).toContain('John Buford, is not on the map');
    // The Stacked-with list offers only leaders on the map: not Buford for Gamble's 8th Illinois.
    expect(g.stackedWithChoices({ unitId: '8-il-cav' })).toEqual([{ leaderId: 'meade', name: 'George G. Meade', command: 'Army of the Potomac' }]);
    const ci = expectRefused(
      g,
      () => g.setOrders({ unitId: '8-il-cav', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'buford' }),
      'RULES_FORBID',
      'stackedWithLeaderId',
      "Rev. Commander's Initiative",
    );
    expect(ci.message).toContain('John Buford is not on the map: no units can be stacked with him until he arrives');
    g.close();
  });

  it('an army commander who is not on the map cannot pay for an Alternative Arrival Area', () => {
    const g = newGame(tmp.dir, { scenario: ONE_MAN });
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    const refused = expectRefused(g, () => g.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Hagerstown Road' }), 'RULES_FORBID', 'side', 'Rev. Alternative Arrival Areas');
    expect(refused.message).toContain('Robert E. Lee is not on the map: the army commander pays for an Alternative Arrival Area with his rating points, and has none to spend until he arrives');
    expect(g.arrivals({ viewer: 'CSA' }).alternativeOrder).toMatchObject({ armyCommander: 'Robert E. Lee', allowed: false });
    g.close();
  });

  it('a forced shock from the Confusion Table names no artillery among the units that must advance and shock (RI-K26)', () => {
    const g = atUsaActivation();
    // I Corps: +3 for a corps, 9 + 3 > Reynolds's 4: the Confusion Table.
    g.attemptActivation({ commandId: 'usa-i', roll: 9 });
    const r = g.recordConfusion({ commandId: 'usa-i', result: 'shock' });
    expect(r.mustShock).not.toContain('hall-me');
    expect(r.exempt).not.toContain('hall-me');
    expect(r.mustShock).toEqual(expect.arrayContaining(['2-wi', '6-wi', '7-wi', '19-in', '24-mi']));
    g.close();
  });

  it("a leader riding in with his division's group is its highest commander: Stuart for his brigades (RI-B03)", () => {
    const g = newGame(tmp.dir, { scenario: 'july-2-stuart-variant' });
    // Setup, as the players' chart and counters say: Stuart's rating (invented here) and the column due at once.
    g.editLeader({ leaderId: 'csa-stuart', rating: 5 });
    g.editReinforcementGroup({ groupId: 'csa-stuart-arrival', scheduledTurnId: '1863-07-02T1200' });
    g.editLeaderArrival({ leaderId: 'csa-stuart', scheduledTurnId: '1863-07-02T1200' });
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 0, CSA: 1 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    g.orderAlternativeArrival({ side: 'CSA', groupId: 'csa-stuart-arrival', entryArea: 'York Pike' });
    advanceTo(g, { turnId: '1863-07-02T1300', segment: 'III', phase: 'A' });
    const stuart = g.arrivals({ viewer: 'CSA' }).groups.find((x) => x.id === 'csa-stuart-arrival');
    expect(stuart?.drm?.items).toContainEqual({ label: 'Rating of highest commander in group (5)', value: -5, rule: 'Rev. Alternative Arrival Areas DRMs' });
    g.close();
  });
});
