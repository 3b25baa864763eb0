// verdictOf: a refusal becomes a verdict in the service's words; a bug is not a verdict and propagates
// with its stack trace (refusals are built without one, which no verdict shows); the stack-trace setting
// is the process's own again afterwards.
import { describe, expect, it } from 'vitest';
import { forbidden } from '../errors';
import { verdictOf } from './legal';

describe('verdictOf', () => {
  it('gives an allowed check its value', () => {
    expect(verdictOf(() => 7)).toEqual({ verdict: { allowed: true }, value: 7 });
  });

  it('turns a refusal into a verdict with its reason and rule', () => {
    const refusal = verdictOf(() => {
      throw forbidden('side', 'it is the Confederate player\'s turn to act', 'Rev. Activation Segment');
    });
    expect(refusal).toEqual({ verdict: { allowed: false, reason: 'it is the Confederate player\'s turn to act', rule: 'Rev. Activation Segment' }, value: null });
  });

  it('lets a bug through with a stack trace naming where it happened, and restores the stack-trace limit', () => {
    const limit = Error.stackTraceLimit;
    function brokenCheck(): never {
      throw new TypeError('a bug in a check');
    }
    let thrown: unknown;
    try {
      verdictOf(brokenCheck);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).stack).toContain('brokenCheck');
    expect(Error.stackTraceLimit).toBe(limit);
    verdictOf(() => {
      throw forbidden('side', 'refused', 'Rev. Activation Segment');
    });
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
