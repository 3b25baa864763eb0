// The Sequence of Play (Rev. Sequence of Play) as data, the next step, and the clock events.
import { describe, expect, it } from 'vitest';
import { thrownArgument } from './test-support';
import { RulesArgumentError } from './errors';
import { clockEventsDue, describeStep, FIRST_STEP, nextStep, SEQUENCE_OF_PLAY } from './sequence';
import type { SequenceStep } from './sequence';


describe('SEQUENCE_OF_PLAY', () => {
  it('has the segments and phases exactly as at the top of the revision', () => {
    const outline = SEQUENCE_OF_PLAY.flatMap((segment) => [
      `${segment.id}. ${segment.name}`,
      ...segment.phases.map((phase) => `${phase.id}. ${phase.name}`),
    ]);
    expect(outline).toEqual([
      'I. Orders Segment',
      'A. Automatic Order Change Phase',
      'B. Non-Automatic Order Change Phase',
      'II. Initiative Segment',
      'A. Initiative Phase',
      'B. Fatigue & Straggler Recovery Designation Phase',
      'C. Command Attachment/Detachment Phase',
      'III. Activation Segment',
      'A. In-Command Activation Phase',
      'B. Out-of-Command Activation Phase',
      'IV. End Segment',
      'A. Leader Replacement Phase',
      'B. Fatigue & Straggler Recovery Phase',
      'C. Cleanup Phase',
    ]);
  });

  it('gives every phase a "what happens now" text and the rules it comes from', () => {
    for (const segment of SEQUENCE_OF_PLAY) {
      for (const phase of segment.phases) {
        expect(phase.whatHappens.length).toBeGreaterThan(20);
        expect(phase.rules.length).toBeGreaterThan(0);
        expect(phase.rules.every((rule) => rule.startsWith('Rev. '))).toBe(true);
      }
    }
  });
});

describe('describeStep and nextStep', () => {
  it('describes a step for the player', () => {
    expect(describeStep({ segment: 'III', phase: 'A' })).toMatchObject({
      segmentName: 'Activation Segment',
      phaseName: 'In-Command Activation Phase',
      label: 'III.A In-Command Activation Phase',
    });
    expect(describeStep(FIRST_STEP).whatHappens).toMatch(/automatic order change/);
  });

  it('walks the whole turn in order, the tenth step being the next turn\'s I.A', () => {
    const visited: string[] = [];
    const newTurns: boolean[] = [];
    let step: SequenceStep = FIRST_STEP;
    for (let i = 0; i < 14; i += 1) {
      const next = nextStep(step);
      visited.push(`${next.segment}.${next.phase}`);
      newTurns.push(next.newTurn);
      step = next;
    }
    expect(visited).toEqual(['I.B', 'II.A', 'II.B', 'II.C', 'III.A', 'III.B', 'IV.A', 'IV.B', 'IV.C', 'I.A', 'I.B', 'II.A', 'II.B', 'II.C']);
    expect(newTurns.map((value, index) => (value ? index : -1)).filter((index) => index >= 0)).toEqual([9]);
  });

  it('after IV.C comes the next turn\'s I.A, and says so', () => {
    expect(nextStep({ segment: 'IV', phase: 'C' })).toEqual({
      segment: 'I',
      phase: 'A',
      newTurn: true,
      note: 'End of turn: the next turn begins with I.A Automatic Order Change Phase',
    });
    expect(nextStep({ segment: 'I', phase: 'B' })).toMatchObject({ segment: 'II', phase: 'A', newTurn: false, note: 'Initiative Segment: Initiative Phase' });
    expect(nextStep({ segment: 'III', phase: 'B' })).toMatchObject({ segment: 'IV', phase: 'A' });
  });

  it('rejects steps that do not exist', () => {
    expect(thrownArgument(() => nextStep({ segment: 'V' as never, phase: 'A' }))).toBe('step.segment');
    expect(() => nextStep({ segment: 'I', phase: 'C' })).toThrow(/step.phase: must be one of A, B in segment I/);
    expect(() => describeStep({ segment: 'III', phase: 'C' })).toThrow(RulesArgumentError);
  });
});

describe('clockEventsDue (RI-C12)', () => {
  it('2400: straggler recovery designation (II.B) and abandoned guns (IV.C)', () => {
    const events = clockEventsDue({ time: '2400', firstTurnOfDay: false });
    expect(events.map((event) => [event.kind, `${event.step.segment}.${event.step.phase}`, event.rule])).toEqual([
      ['straggler-recovery-designation', 'II.B', 'Rev. Infantry Stragglers'],
      ['abandoned-guns', 'IV.C', 'Rev. Abandoned Guns'],
    ]);
  });

  it('0400: straggler recovery (IV.B)', () => {
    expect(clockEventsDue({ time: '0400', firstTurnOfDay: false })).toMatchObject([{ kind: 'straggler-recovery', step: { segment: 'IV', phase: 'B' } }]);
  });

  it("the first turn of a day: Warren's return (I.A)", () => {
    expect(clockEventsDue({ time: '0100', firstTurnOfDay: true })).toMatchObject([{ kind: 'warren-returns', step: { segment: 'I', phase: 'A' }, rule: 'Rev. Warren' }]);
    expect(clockEventsDue({ time: '0400', firstTurnOfDay: true }).map((event) => event.kind)).toEqual(['warren-returns', 'straggler-recovery']);
  });

  it('nothing at other times', () => {
    expect(clockEventsDue({ time: '1400', firstTurnOfDay: false })).toEqual([]);
    expect(clockEventsDue({ time: '0440', firstTurnOfDay: false })).toEqual([]);
    expect(clockEventsDue({ time: '0420', firstTurnOfDay: false })).toEqual([]);
  });

  it('rejects malformed times (midnight is 2400)', () => {
    for (const time of ['0000', '2401', '2500', '1260', '400', 'noon']) {
      expect(thrownArgument(() => clockEventsDue({ time, firstTurnOfDay: false }))).toBe('turn.time');
    }
    expect(thrownArgument(() => clockEventsDue({ time: '2400', firstTurnOfDay: 'no' as never }))).toBe('turn.firstTurnOfDay');
  });
});

describe('the phases of secret entries (RI-H01)', () => {
  it('are the two Order Change Phases ("simultaneously and secretly") and the Initiative Phase ("simultaneously reveal")', () => {
    const secret = SEQUENCE_OF_PLAY.flatMap((s) => s.phases.filter((p) => p.secret).map((p) => `${s.id}.${p.id} ${p.secret!.rule}`));
    expect(secret).toEqual(['I.A Rev. Orders Segment', 'I.B Rev. Orders Segment', 'II.A Rev. Initiative Segment']);
    expect(describeStep({ segment: 'III', phase: 'A' }).secret).toBeNull();
  });
});
