/**
 * For end-to-end tests that move the clock through window.muster to reach a step: what players pressing
 * the turn bar settle before Next (RI-B15), as tests/fixtures/obligations.ts does in the service tests:
 * every roll due that the app may make (nobody adding points to the Initiative unless a side declared),
 * optional designations declined, RSM markers kept. UDDs, fallen leaders, abandoned guns and the end of
 * the game are left to the test.
 */
import type { E2E } from './harness';

export async function settleDue(e2e: E2E): Promise<void> {
  const due = await e2e.call('obligations');
  if (due.items.length === 0) return;
  if (due.rollAllDue.allowed) await e2e.call('rollAllDue', due.rollAllDue.nobodyAddsPoints ? { nobodyAddsPoints: true } : {});
  for (const o of (await e2e.call('obligations')).items) {
    const waiver = o.choices.find((c) => c.id === 'done' || c.id === 'keep');
    if (waiver) await e2e.call('settleObligation', { id: o.id, choice: waiver.id });
  }
}
