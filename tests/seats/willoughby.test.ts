/**
 * Skirmish at Willoughby Run played to its end from two seats, through packets only (RI-H09): every Orders
 * Segment each seat makes hidden entries on its own file (the army commander's pre-roll with the app's die,
 * an order change attempt when it succeeds, the Initiative declarations), committed before either is seen;
 * the Activation Segment alternates as the sequence of play says (ME attempts, fire attacks with the app's die,
 * passes). Neither file ever holds the other side's
 * unrevealed entry (its bytes are searched, the WAL included), and both end with the same fingerprint, the
 * same tally and a verify that checks both seats' signatures and every commitment.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Side } from '../../rules/types';
import type { GameService } from '../../db/service';
import { heldCalls } from '../../db/seats/store';
import { tempDir } from '../fixtures/game';
import { send, toAct, twoSeats, type Table, fileBytes } from './table';

const tmp = tempDir('muster-seats-willoughby-');
afterAll(() => tmp.cleanup());

const SIDES: Side[] = ['USA', 'CSA'];

/** The seat's hidden entries of the step, made on its own file: what it holds, to look for in the other file. */
function makeHiddenEntries(game: GameService, side: Side): string[] {
  const clock = game.info().clock;
  if (clock.segment === 'II') {
    game.declareInitiative({ side, armyPoints: false });
  } else {
    if (clock.phase === 'B') {
      const pre = game.orderPreRoll({ side });
      if (pre.success) {
        const offer = game
          .turnState({ viewer: side })
          .legal.orderChanges.filter((o) => o.side === side && o.mayAttempt.allowed)
          .flatMap((o) => o.options.filter((x) => x.allowed).map((x) => ({ commandId: o.commandId, order: x.order })))[0];
        if (offer) game.attemptOrderChange(offer);
      }
    }
    game.finishEntries({ side });
  }
  // What the seat holds: each call's time and input, unique to it (the other file may never hold them).
  return heldCalls(game.db).map((h) => `${h.at}`);
}

interface Played {
  turns: number;
  hiddenSteps: number;
  hiddenCalls: number;
  activations: number;
  fires: number;
  packets: number;
}

/**
 * A fire attack by a unit of the activated command on an enemy unit, the app rolling the die and the loss
 * typed as read from the players' Fire Table (Muster ships no chart): true if the service took it.
 */
function fire(game: GameService, side: Side, commandId: string): boolean {
  const roster = game.roster();
  const firer = roster.find((u) => u.side === side && u.onMap && u.currentSp > 0 && (u.commandId === commandId || u.commandId.startsWith(`${commandId}-`)));
  const target = roster.find((u) => u.side !== side && u.onMap && u.currentSp > 1);
  if (!firer || !target) return false;
  try {
    // The app rolls the fire die first (a public roll by the seat whose step it is); the loss is read from it.
    const die = game.rollDie({ purpose: `fire: ${firer.name} at ${target.name}` });
    game.resolveFire({ stack: [firer.id], range: 1, targets: [target.id], rollSeq: die.dice[0]!.seq, result: { sp: die.roll >= 5 ? 1 : 0 } });
    return true;
  } catch {
    // A unit out of ammunition, or out of reach: the side passes instead.
    return false;
  }
}

/** Plays the scenario to its end; asserts the secrecy of every hidden entry on the way. */
function playToTheEnd(t: Table): Played {
  const played: Played = { turns: 0, hiddenSteps: 0, hiddenCalls: 0, activations: 0, fires: 0, packets: 0 };
  const post = (from: Side) => {
    played.packets += 1;
    return send(t, from);
  };
  const turns = new Set<string>();
  const fired = new Set<string>();
  for (let step = 0; step < 2000; step += 1) {
    if (t.USA.info().ended && t.CSA.info().ended) return { ...played, turns: turns.size };
    turns.add(t.USA.info().clock.turnId);
    const who = toAct(t.USA);
    expect(toAct(t.CSA)).toBe(who);
    if (who === 'both') {
      played.hiddenSteps += 1;
      const held = { USA: makeHiddenEntries(t.USA, 'USA'), CSA: makeHiddenEntries(t.CSA, 'CSA') };
      played.hiddenCalls += held.USA.length + held.CSA.length;
      // USA's commitment goes to CSA: CSA's file learns nothing of USA's entries.
      post('USA');
      const csaBytes = fileBytes(t.files.CSA);
      for (const marker of held.USA) expect(csaBytes.includes(marker)).toBe(false);
      // CSA's commitment goes to USA, which reveals its own entries; CSA's stay on CSA's device.
      expect(post('CSA').revealed).toBe(true);
      const usaBytes = fileBytes(t.files.USA);
      for (const marker of held.CSA) expect(usaBytes.includes(marker)).toBe(false);
      // USA's reveal goes to CSA, which checks it against USA's commitment and reveals its own.
      expect(post('USA').revealed).toBe(true);
      post('CSA');
      for (const side of SIDES) {
        const bytes = fileBytes(t.files[side]);
        for (const marker of [...held.USA, ...held.CSA]) expect(bytes.includes(marker)).toBe(true);
      }
      expect(t.USA.turnState().secretEntries?.revealed).toBe(true);
      continue;
    }
    // One write by the seat whose step it is, then the packets: whose step it is may change with each.
    const seat = t[who];
    const clock = seat.info().clock;
    const due = seat.obligations();
    const waiver = due.items.flatMap((o) => o.choices.filter((c) => c.id === 'done' || c.id === 'keep').map((c) => ({ id: o.id, choice: c.id })))[0];
    if (due.rollAllDue.allowed) seat.rollAllDue(due.rollAllDue.nobodyAddsPoints ? { nobodyAddsPoints: true } : {});
    else if (waiver) seat.settleObligation(waiver);
    else if (due.items.some((o) => o.id === 'end-game')) seat.settleObligation({ id: 'end-game', choice: 'end' });
    else if (clock.segment === 'III') {
      const ts = seat.turnState();
      // Three passes in a row end the phase; until then the side to act fires with the command it
      // activated, tries to activate one at ME (once a turn), or passes.
      const active = ts.activated.find((a) => a.side === who && a.effectiveness !== 'confusion' && !fired.has(`${ts.turnId}/${a.commandId}`));
      const me = ts.legal.activations.find((a) => a.side === who && a.commandId !== undefined && a.me.allowed);
      if (ts.passesInRow >= 3) seat.advanceClock();
      else if (active) {
        fired.add(`${ts.turnId}/${active.commandId}`);
        if (fire(seat, who, active.commandId)) played.fires += 1;
        else seat.pass({ side: who });
      } else if (me && !ts.activated.some((a) => a.side === who)) {
        seat.attemptActivation({ commandId: me.commandId! });
        played.activations += 1;
      } else seat.pass({ side: who });
    } else {
      seat.advanceClock();
    }
    post(who);
    post(who === 'USA' ? 'CSA' : 'USA');
  }
  throw new Error('the game never ended');
}

describe('Skirmish at Willoughby Run from two seats', () => {
  // Eleven turns and some 570 packets, each replayed: more than the default allowance on a busy machine.
  it('is played to its end through packets only: the same fingerprint and tally on both files, no unrevealed entry ever in the other file, and both verify', { timeout: 300_000 }, () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    const played = playToTheEnd(t);
    expect(played.turns).toBe(11);
    // Every Orders Segment and Initiative Phase held entries on both seats: three steps a turn.
    expect(played.hiddenSteps).toBe(33);
    expect(played.hiddenCalls).toBeGreaterThanOrEqual(66);
    // More than the finishings and declarations: pre-rolls every turn, and order change attempts.
    expect(played.hiddenCalls).toBeGreaterThan(66 + 11);
    // The Activation Segments were played: ME attempts and fire attacks with the app's die, losses taken.
    expect(played.activations).toBeGreaterThan(0);
    expect(played.fires).toBeGreaterThan(0);
    const tally = t.USA.tally();
    expect(tally.usa.lossPoints + tally.csa.lossPoints).toBeGreaterThan(0);
    expect(tally.final).toBe(true);
    expect(t.USA.info().ended).toBe(true);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.info().eventCount).toBe(t.USA.info().eventCount);
    expect(t.CSA.tally()).toEqual(t.USA.tally());
    expect(t.CSA.history({ limit: 5000 })).toEqual(t.USA.history({ limit: 5000 }));
    for (const side of SIDES) {
      const report = t[side].verify();
      expect(report).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
      // Every event is signed (one row each) and every commitment is counted: 33 steps, two seats.
      expect(report.seats!.count).toBe(t[side].info().eventCount + 66);
    }
    t.USA.close();
    t.CSA.close();
  });
});
