/**
 * The turn state's list of what each side may do now (db/service/legal.ts) is the service's own rules,
 * not a second opinion: in every state tried, each offered action is accepted when carried out and each
 * refused one is refused with the very reason and rule listed. Fixture: tests/fixtures/two-brigades.json.
 * Both sides' options are read together (viewer 'both'): what one side sees alone is tested with the
 * secret entries (tests/secrets/entries.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { LegalActivation, LegalOrderChange } from '../contract';
import { MusterError } from './errors';
import type { GameService } from './service';
import { advanceTo, dumpState, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** Runs a change and undoes it; returns the refusal, if any. The game is as it was afterwards either way. */
function tryAndUndo(g: GameService, change: () => unknown): MusterError | null {
  const before = dumpState(g.db);
  try {
    change();
  } catch (e) {
    if (!(e instanceof MusterError)) throw e;
    expect(dumpState(g.db)).toEqual(before);
    return e;
  }
  // Both players at the table: secret entries are theirs to take back together (RI-H03).
  g.undo({ viewer: 'both' });
  return null;
}

function expectActivationsAgree(g: GameService, entries: LegalActivation[]): void {
  expect(entries.length).toBeGreaterThan(0);
  for (const a of entries) {
    const subject = a.commandId !== undefined ? { commandId: a.commandId } : { unitId: a.unitId! };
    const me = tryAndUndo(g, () => g.attemptActivation({ ...subject, roll: 0 }));
    expect(me === null, `ME ${JSON.stringify(subject)}: ${me?.message}`).toBe(a.me.allowed);
    if (me) expect({ reason: me.reason, rule: me.rule }).toEqual({ reason: a.me.reason, rule: a.me.rule });
    const re = tryAndUndo(g, () => g.activateRe(subject));
    expect(re === null, `RE ${JSON.stringify(subject)}: ${re?.message}`).toBe(a.re.allowed);
    if (re) expect({ reason: re.reason, rule: re.rule }).toEqual({ reason: a.re.reason, rule: a.re.rule });
  }
}

function expectOrderChangesAgree(g: GameService, entries: LegalOrderChange[]): void {
  expect(entries.length).toBeGreaterThan(0);
  for (const c of entries) {
    for (const o of c.options) {
      const refused = tryAndUndo(g, () => g.attemptOrderChange({ commandId: c.commandId, order: o.order, roll: 9 }));
      expect(refused === null, `${c.commandId} -> ${o.order}: ${refused?.message}`).toBe(o.allowed);
      if (refused) expect({ reason: refused.reason, rule: refused.rule }).toEqual({ reason: o.reason, rule: o.rule });
    }
    // A command barred as a whole is barred for every order.
    if (!c.mayAttempt.allowed) expect(c.options.every((o) => !o.allowed && o.reason === c.mayAttempt.reason)).toBe(true);
  }
}

describe('what each side may do now, from the service', () => {
  it('in the Orders Segment: each order change offered is accepted, each refused one refused for the reason given', () => {
    const g = newGame(tmp.dir);
    const atA = g.turnState({ viewer: 'both' }).legal;
    expect(atA.activations).toEqual([]);
    expectOrderChangesAgree(g, atA.orderChanges);
    // I.A offers automatic changes only; the non-automatic ones wait for I.B and the pre-roll.
    const options = atA.orderChanges.flatMap((c) => c.options);
    expect(options.some((o) => o.allowed && o.kind === 'automatic')).toBe(true);
    expect(options.filter((o) => o.kind === 'non-automatic').every((o) => !o.allowed)).toBe(true);

    advanceTo(g, { segment: 'I', phase: 'B' });
    const beforePreRoll = g.turnState({ viewer: 'both' }).legal.orderChanges;
    const nonAutomatic = beforePreRoll.flatMap((c) => c.options).filter((o) => o.kind === 'non-automatic');
    expect(nonAutomatic.every((o) => !o.allowed)).toBe(true);
    expect(nonAutomatic.some((o) => /make the USA army commander's pre-roll first/.test(o.reason ?? ''))).toBe(true);
    g.orderPreRoll({ side: 'USA', roll: 0 });
    const afterPreRoll = g.turnState({ viewer: 'both' }).legal.orderChanges;
    expect(afterPreRoll.filter((c) => c.side === 'USA').flatMap((c) => c.options).some((o) => o.allowed && o.kind === 'non-automatic')).toBe(true);
    expectOrderChangesAgree(g, afterPreRoll);
  });

  it('Next and "Nobody enters anything" are offered exactly when moving the clock would be accepted (RI-H02)', () => {
    const g = newGame(tmp.dir);
    const advanceAgrees = (input: { nothingToEnter?: ('USA' | 'CSA')[] } | undefined, verdict: { allowed: boolean; reason?: string; rule?: string }) => {
      const refused = tryAndUndo(g, () => g.advanceClock(input));
      expect(refused === null, `advanceClock(${JSON.stringify(input)}): ${refused?.message}`).toBe(verdict.allowed);
      if (refused) expect({ reason: refused.reason, rule: refused.rule }).toEqual({ reason: verdict.reason, rule: verdict.rule });
    };
    // I.A, nobody has entered anything: Next waits for the sides, "nobody enters anything" may pass it.
    let advance = g.turnState({ viewer: 'both' }).legal.advance;
    expect(advance.next.allowed).toBe(false);
    expect(advance.next.reason).toMatch(/USA has not finished its entries/);
    expect(advance.nobodyEnters.allowed).toBe(true);
    advanceAgrees(undefined, advance.next);
    advanceAgrees({ nothingToEnter: ['USA', 'CSA'] }, advance.nobodyEnters);

    // A side makes an entry: nobody may say it has nothing to enter any more; it finishes its own.
    const change = g.turnState({ viewer: 'both' }).legal.orderChanges.find((c) => c.options.some((o) => o.allowed))!;
    g.attemptOrderChange({ commandId: change.commandId, order: change.options.find((o) => o.allowed)!.order, roll: 9 });
    advance = g.turnState({ viewer: change.side === 'USA' ? 'CSA' : 'USA' }).legal.advance;
    expect(advance.nobodyEnters).toMatchObject({ allowed: false, reason: expect.stringMatching(/each finishes its own/) });
    expect(advance.next.allowed).toBe(false);
    advanceAgrees(undefined, advance.next);
    expect(tryAndUndo(g, () => g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }))?.reason).toMatch(new RegExp(`${change.side} has made entries`));

    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
    advance = g.turnState({ viewer: 'both' }).legal.advance;
    expect(advance.next).toEqual({ allowed: true });
    expect(advance.nobodyEnters.allowed).toBe(false);
    advanceAgrees(undefined, advance.next);
  });

  it('a failed attempt bars the command (and its subordinates) for the turn, with the rule', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 0 });
    const target = g.turnState({ viewer: 'both' }).legal.orderChanges.find((c) => c.side === 'USA' && c.options.some((o) => o.allowed))!;
    const order = target.options.find((o) => o.allowed)!.order;
    const result = g.attemptOrderChange({ commandId: target.commandId, order, roll: 9 });
    expect(result.success).toBe(false);
    const after = g.turnState({ viewer: 'both' }).legal.orderChanges.find((c) => c.commandId === target.commandId)!;
    expect(after.mayAttempt).toMatchObject({ allowed: false, reason: expect.stringContaining('failed') });
    expectOrderChangesAgree(g, g.turnState({ viewer: 'both' }).legal.orderChanges);
  });

  it('shows the DRM the roll will use: the worst Orders Table DRM standing within the command (RI-S09)', () => {
    const g = newGame(tmp.dir);
    for (const c of g.turnState({ viewer: 'both' }).legal.orderChanges) {
      expect(c.drm.total).toBe(c.drm.items.reduce((sum, i) => sum + i.value, 0));
      for (const item of c.drm.items) expect(item.rule).toMatch(/^Rev\./);
    }
  });

  it('in the Activation Segment: ME, RE and passing as the service allows them, turn by turn', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { segment: 'III', phase: 'A' });
    let legal = g.turnState({ viewer: 'both' }).legal;
    expect(legal.orderChanges).toEqual([]);
    expect(legal.pass).toEqual({ USA: { allowed: true }, CSA: { allowed: false, reason: "it is USA's turn to activate or pass", rule: 'Rev. Activation Segment' } });
    // Only the side to act may activate: the other side's entries are its refused pass.
    expect(legal.activations.length).toBeGreaterThan(0);
    expect(legal.activations.every((a) => a.side === 'USA')).toBe(true);
    const csaCommand = g.commandTree().flatMap(function flat(n): { id: string; side: string; level: string }[] {
      return [n, ...n.children.flatMap(flat)];
    }).find((n) => n.side === 'CSA' && n.level === 'brigade')!;
    expect(() => g.activateRe({ commandId: csaCommand.id })).toThrow(/it is USA's turn to activate or pass/);
    expectActivationsAgree(g, legal.activations);

    // After a corps activates, its subordinates activated with it; out of command, they could act alone (RI-S24).
    g.attemptActivation({ commandId: 'usa-i' });
    g.pass({ side: 'CSA' });
    legal = g.turnState({ viewer: 'both' }).legal;
    const sub = legal.activations.find((a) => a.commandId === 'iron')!;
    expect(sub.me.allowed).toBe(false);
    expect(sub.outOfCommand?.re.allowed).toBe(true);
    expectActivationsAgree(g, legal.activations);
  });

  it('in the Out-of-Command phase single units are offered too', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
    g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(g, { segment: 'III', phase: 'B' });
    const legal = g.turnState({ viewer: 'both' }).legal;
    expect(legal.activations.some((a) => a.unitId !== undefined && a.side === 'USA' && a.re.allowed)).toBe(true);
    expectActivationsAgree(g, legal.activations.filter((a) => a.unitId !== undefined).slice(0, 12));
  });
});
