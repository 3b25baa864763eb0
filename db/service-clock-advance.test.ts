/**
 * "To next decision" (advanceToDecision, RI-B13) is one transaction: the steps it passes are written
 * together, one event each as Next would write them, or not at all. A step where something waits is where
 * the jump stops (the steps before it stay); a failure part-way takes back every step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { newGame, snapshot, tempDir } from '../tests/fixtures/game';
import type { GameService } from './service';

const tmp = tempDir('muster-clock-advance-');
afterAll(() => tmp.cleanup());

/** The fixture game at the Activation Segment of its first turn, the CSA holding the Initiative. */
function atActivation(): GameService {
  const g = newGame(tmp.dir);
  g.advanceToDecision({ nothingToEnter: ['USA', 'CSA'] });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 3, CSA: 8 } });
  expect(g.advanceToDecision()).toMatchObject({ stoppedBecause: 'the Activation Segment', clock: { segment: 'III', phase: 'A' } });
  return g;
}

/**
 * The file refuses to write the clock's move into a step (a real SQLite trigger on this connection only,
 * as a full disk or a damaged page would refuse the write part-way through the jump).
 */
function failWritingStep(g: GameService, segment: string, phase: string): void {
  g.db.exec(`CREATE TEMP TRIGGER refuse_step BEFORE UPDATE OF phase ON main.clock WHEN NEW.segment = '${segment}' AND NEW.phase = '${phase}' BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`);
}

describe('advanceToDecision is atomic', () => {
  it('a failure at the fourth step writes nothing: not the three steps before it, not their events', () => {
    const g = atActivation();
    const before = snapshot(g);
    // From III.A the jump passes III.B, IV.A, IV.B and IV.C on its way to the next turn: it fails entering IV.C.
    failWritingStep(g, 'IV', 'C');
    expect(() => g.advanceToDecision()).toThrow(/the disk is full/);
    expect(snapshot(g)).toEqual(before);
    expect(g.info().clock).toMatchObject({ turnId: '1863-07-01T0740', segment: 'III', phase: 'A' });
    expect(g.history({ limit: 1 })[0]!.summary).toMatch(/^Clock: .*III\.A In-Command Activation Phase/);

    // Once the file writes again, the same jump goes through whole: one event per step, as Next writes them.
    g.db.exec('DROP TRIGGER temp.refuse_step');
    const jump = g.advanceToDecision();
    expect(jump.passed).toEqual(['III.B Out-of-Command Activation Phase', 'IV.A Leader Replacement Phase', 'IV.B Fatigue & Straggler Recovery Phase', 'IV.C Cleanup Phase', 'I.A Automatic Order Change Phase']);
    expect(g.info().eventCount).toBe(before.events + 5);
  });

  it('a failure at the very first step writes nothing either', () => {
    const g = atActivation();
    const before = snapshot(g);
    failWritingStep(g, 'III', 'B');
    expect(() => g.advanceToDecision()).toThrow(/the disk is full/);
    expect(snapshot(g)).toEqual(before);
  });

  it('a step where something waits is where the jump stops: the steps before it are kept, each its own event', () => {
    const g = atActivation();
    const before = snapshot(g);
    g.leaderCasualty({ leaderId: 'archer-l', roll: 2 });
    const jump = g.advanceToDecision();
    expect(jump).toMatchObject({ passed: ['III.B Out-of-Command Activation Phase', 'IV.A Leader Replacement Phase'], stoppedBecause: 'James J. Archer fell this turn: replace him', clock: { segment: 'IV', phase: 'A' } });
    // The casualty and the two steps.
    expect(g.info().eventCount).toBe(before.events + 3);
  });
});
