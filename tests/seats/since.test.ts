/**
 * "Since you last played" (db/service/since.ts): a seat opening its file after packets came in reads what
 * the other seat did, grouped and counted, each item with its turn and step; never its own doings, never an
 * entry the other seat has not revealed; and the mark moves when the player dismisses the report or plays.
 * History names the seat that wrote each entry.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { SinceLastPlayed } from '../../contract';
import type { Side } from '../../rules/types';
import { MusterError } from '../../db/errors';
import { seenMarks } from '../../db/seats/store';
import { FIXTURE_SCENARIO, tempDir } from '../fixtures/game';
import { GameService } from '../../db/service';
import { exchange, playStep, playToActivation, send, toAct, twoSeats, type Table } from './table';

const tmp = tempDir('muster-seats-since-');
afterAll(() => tmp.cleanup());

const SCENARIO = 'skirmish-at-willoughby-run';

/** Plays on until the In-Command Activation Phase of the first turn. */
function toActivation(t: Table): void {
  playToActivation(t);
  expect(t.USA.info().clock.label).toMatch(/III\.A/);
}

const texts = (r: SinceLastPlayed, kind: string) => r.groups.find((g) => g.kind === kind)?.items.map((i) => i.text) ?? [];

describe('Since you last played', () => {
  it('a game at one laptop answers that it is not a two-seat game, with nothing in it; marking it read is refused and changes nothing', () => {
    const g = GameService.create({ file: tmp.file('one-laptop.muster'), scenario: FIXTURE_SCENARIO, players: { USA: 'Ann', CSA: 'Bob' } }, { seed: 3 });
    try {
      g.recordLoss({ unitId: '2-wi', sp: 1 });
      expect(g.sinceLastPlayed()).toEqual({ twoSeats: false, seat: null, otherSeat: null, since: null, upTo: 0, changes: 0, count: 0, summary: 'A game played at one laptop: nothing comes in from another seat.', groups: [] });
      const before = g.info().fingerprint;
      let refused: unknown;
      try {
        g.markSeen({ upTo: 1 });
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(MusterError);
      expect((refused as MusterError).toInfo()).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'upTo', message: expect.stringMatching(/played at one laptop/) });
      expect(g.info().fingerprint).toBe(before);
      // History has no seats to name.
      expect(g.history().map((e) => e.seat)).toEqual([null]);
    } finally {
      g.close();
    }
  });

  it("after the packets, the CSA seat reads USA's revealed entries, USA's Initiative and USA's moves of the clock, each with its turn and step; its own are not news", () => {
    const t = twoSeats(tmp.dir, SCENARIO);
    expect(t.CSA.sinceLastPlayed()).toMatchObject({ twoSeats: true, seat: 'CSA', otherSeat: 'USA', since: { mark: 'start', seq: 0, at: null }, changes: 0, count: 0, groups: [] });
    toActivation(t);
    const r = t.CSA.sinceLastPlayed();
    // CSA last played when it declared in II.A: what USA did after that is the news.
    expect(r.since).toMatchObject({ mark: 'played', at: expect.any(String) });
    expect(r.groups.map((g) => g.kind)).toEqual(['entries', 'play', 'clock']);
    expect(texts(r, 'entries')).toEqual([expect.stringMatching(/^USA declares: .* does not add his rating points$/)]);
    expect(texts(r, 'play')).toEqual([expect.stringMatching(/^USA wins the Initiative/)]);
    expect(r.groups.find((g) => g.kind === 'clock')).toMatchObject({ title: '3 moves of the clock', count: 3 });
    expect(r.groups[0]!.items[0]).toMatchObject({ turnId: t.CSA.info().clock.turnId, segment: 'II', phase: 'A', step: 'II.A Initiative Phase' });
    expect(r.count).toBe(5);
    expect(r.changes).toBe(5);
    expect(r.summary).toBe('5 changes from the USA seat: 1 revealed entry, 1 other event, 3 moves of the clock.');
    // Every item is an entry of the History the seat reads, by its #, written by the USA seat.
    const history = new Map(t.CSA.history({ limit: 1000 }).map((e) => [e.seq, e]));
    for (const item of r.groups.flatMap((g) => g.items)) {
      expect(history.get(item.seq)).toMatchObject({ seat: 'USA', turnId: item.turnId, segment: item.segment, phase: item.phase });
    }
    expect(r.upTo).toBe(t.CSA.info().eventCount);
    // USA made every change since its last one itself: nothing is news to it.
    expect(t.USA.sinceLastPlayed()).toMatchObject({ changes: 0, groups: [], summary: 'Nothing new from the CSA seat since you last played.' });
    t.USA.close();
    t.CSA.close();
  });

  it("the losses a packet brings are counted unit by unit (SP, stragglers, a rout, an elimination), with the combat results and the leader casualties; dismissing marks them read, and only what came in after is news", () => {
    const t = twoSeats(tmp.dir, SCENARIO);
    toActivation(t);
    expect(toAct(t.USA)).toBe('USA');
    t.CSA.markSeen({ upTo: t.CSA.sinceLastPlayed().upTo });
    expect(t.CSA.sinceLastPlayed()).toMatchObject({ since: { mark: 'seen' }, changes: 0, groups: [] });

    const roster = t.USA.roster();
    const csa = (name: string) => roster.find((u) => u.side === 'CSA' && u.name === name)!;
    const usa = roster.find((u) => u.side === 'USA' && u.onMap && u.currentSp > 1)!;
    t.USA.recordLoss({ unitId: csa('5th Alabama Battalion').id, sp: csa('5th Alabama Battalion').currentSp });
    t.USA.recordLoss({ unitId: csa('13th Alabama').id, sp: 1, straggler: true });
    t.USA.setStatus({ unitId: csa('1st Tennessee').id, status: 'routed' });
    const die = t.USA.rollDie({ purpose: `fire: ${usa.name} at 7th Tennessee` });
    t.USA.resolveFire({ stack: [usa.id], range: 1, targets: [csa('7th Tennessee').id], rollSeq: die.dice[0]!.seq, result: { sp: 2 } });
    const leader = t.USA.leaders().find((l) => l.side === 'CSA' && l.onMap)!;
    t.USA.leaderCasualty({ leaderId: leader.id, roll: 0 });
    send(t, 'USA');

    const r = t.CSA.sinceLastPlayed();
    expect(texts(r, 'losses')).toEqual([
      '5th Alabama Battalion loses 3 SP and is eliminated',
      '13th Alabama loses 1 SP as stragglers',
      '1st Tennessee routs',
      expect.stringMatching(/^7th Tennessee loses 2 SP/),
    ]);
    expect(texts(r, 'combat')).toEqual([expect.stringMatching(/7th Tennessee/)]);
    expect(texts(r, 'leaders')).toEqual([expect.stringContaining(leader.name)]);
    expect(r.groups.find((g) => g.kind === 'losses')!.title).toBe('4 losses');
    expect(r.groups.find((g) => g.kind === 'combat')!.title).toBe('1 combat result');
    expect(r.groups.find((g) => g.kind === 'leaders')!.title).toBe('1 leader casualty');
    expect(r.since).toMatchObject({ mark: 'seen', at: expect.any(String) });

    // The player read the report; then one more change comes in while it is on his screen.
    const read = r.upTo;
    t.USA.rollDie({ purpose: 'the rain' });
    send(t, 'USA');
    const after = t.CSA.markSeen({ upTo: read });
    expect(after.changes).toBe(1);
    expect(after.groups.flatMap((g) => g.items.map((i) => i.text))).toEqual([expect.stringMatching(/the rain/)]);
    // A mark never moves back, and never past the History.
    t.CSA.markSeen({ upTo: 1 });
    expect(seenMarks(t.CSA.db).seenSeq).toBe(read);
    expect(() => t.CSA.markSeen({ upTo: t.CSA.info().eventCount + 1 })).toThrow(/is not one of them/);
    // The mark is the seat's own: outside the hash chain, the files keep the same fingerprint, and both verify.
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.verify()).toMatchObject({ ok: true, seats: { ok: true } });
    t.USA.close();
    t.CSA.close();
  });

  it('playing is reading: a change the seat makes marks what its log held, and what the other seat does after it is the next news', () => {
    const t = twoSeats(tmp.dir, SCENARIO);
    toActivation(t);
    const before = t.CSA.sinceLastPlayed().changes;
    t.USA.rollDie({ purpose: 'first' });
    send(t, 'USA');
    expect(t.CSA.sinceLastPlayed().changes).toBe(before + 1);
    // USA passes: the CSA seat acts, and by acting has seen USA's roll.
    t.USA.pass({ side: 'USA' });
    send(t, 'USA');
    expect(toAct(t.CSA)).toBe('CSA');
    t.CSA.pass({ side: 'CSA' });
    const r = t.CSA.sinceLastPlayed();
    expect(r).toMatchObject({ since: { mark: 'played' }, changes: 0 });
    expect(seenMarks(t.CSA.db).playedSeq).toBe(t.CSA.info().eventCount);
    t.USA.close();
    t.CSA.close();
  });

  it("the other seat's secret entries are not in the report before they are revealed: the report is the same whatever USA holds", () => {
    const reports: SinceLastPlayed[] = [];
    for (const preRoll of [true, false]) {
      const t = twoSeats(tmp.dir, SCENARIO);
      // Up to I.B, where both seats enter secretly.
      for (let i = 0; i < 10 && t.USA.info().clock.label.startsWith('I.B') === false; i += 1) playStep(t);
      expect(toAct(t.USA)).toBe('both');
      if (preRoll) t.USA.orderPreRoll({ side: 'USA' });
      t.USA.finishEntries({ side: 'USA' });
      // USA's commitment reaches the CSA seat; its entries stay on USA's device until CSA has committed too.
      expect(send(t, 'USA').commitments).toBe(1);
      reports.push(t.CSA.sinceLastPlayed());
      // Once CSA has committed too, both are revealed, and USA's pre-roll is news to the CSA seat.
      t.CSA.finishEntries({ side: 'CSA' });
      exchange(t);
      expect(texts(t.CSA.sinceLastPlayed(), 'entries').some((line) => /pre-roll/.test(line))).toBe(preRoll);
      t.USA.close();
      t.CSA.close();
    }
    expect(reports[0]).toEqual(reports[1]);
    expect(JSON.stringify(reports[0])).not.toMatch(/pre-roll/);
  });

  it('History names the seat that wrote each entry in a two-seat game', () => {
    const t = twoSeats(tmp.dir, SCENARIO);
    toActivation(t);
    const seats = (side: Side) => t[side].history({ limit: 1000 }).map((e) => `${e.kind} ${e.seat}`);
    expect(seats('CSA')).toEqual(seats('USA'));
    const entries = t.USA.history({ limit: 1000 });
    expect(entries.every((e) => e.seat === 'USA' || e.seat === 'CSA')).toBe(true);
    // A change answers with its entry as History then reads it, its seat the one that wrote it.
    const roll = t.USA.rollDie({ purpose: 'the rain' });
    expect(roll.event.seat).toBe('USA');
    expect(roll.event).toEqual(t.USA.history({ limit: 1 })[0]);
    // Each side's declaration is its own seat's; the clock moved by the seat whose step it was.
    expect(entries.filter((e) => e.kind === 'initiative.declared').map((e) => [e.secretSide, e.seat])).toEqual([
      ['CSA', 'CSA'],
      ['USA', 'USA'],
    ]);
    t.USA.close();
    t.CSA.close();
  });
});
