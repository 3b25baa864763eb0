/**
 * What the public parts of the log tell the other side: a roll's hash covers the hidden roll before it, but
 * carries a 128-bit salt no query shows, so trying every value of the hidden roll reproduces nothing; and
 * the numbers a side reads (#1, #2 ... in the history and the dice log, the event count) are its own count,
 * without gaps where the other side's hidden entries lie (RI-H07).
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_CONTRACT, GAME_FUNCTIONS } from '../../contract';
import type { GameService } from '../../db/service';
import { advanceTo, newGame, tempDir } from '../fixtures/game';

const tmp = tempDir('muster-secret-hashes-');
afterAll(() => tmp.cleanup());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Row = Record<string, string | number | null>;
const values = (r: Row, roll: number, modified: number, target: string | null, outcome: string) =>
  JSON.stringify([r.seq, r.at, r.event_seq, r.purpose, r.source, roll, r.modifiers, modified, target, outcome]);

/** USA's hidden pre-roll (typed 1), USA's hand-over, then CSA's own pre-roll: what CSA may read of the log. */
function hiddenRollThenCsaRoll(): { g: GameService; hidden: Row; csa: Row } {
  const g = newGame(tmp.dir);
  advanceTo(g, { segment: 'I', phase: 'B' });
  g.orderPreRoll({ side: 'USA', roll: 1 });
  g.finishEntries({ side: 'USA' });
  g.orderPreRoll({ side: 'CSA', roll: 4 });
  const rows = g.db.prepare('SELECT * FROM dice_log ORDER BY seq').all() as Row[];
  return { g, hidden: rows.at(-2)!, csa: rows.at(-1)! };
}

describe("a roll's public hash tells nothing of the hidden roll it covers", () => {
  it("CSA cannot find USA's hidden pre-roll by trying every roll, target and outcome against the hash of its own roll", () => {
    const { g, hidden, csa } = hiddenRollThenCsaRoll();
    try {
      const shown = g.diceLog({ viewer: 'CSA' });
      expect(shown.map((d) => d.purpose)).toEqual(["CSA army commander's pre-roll for non-automatic order changes"]);
      const publicHash = shown[0]!.hash;
      // The strongest guesser: he knows everything of both rows (the times, the seqs, the wording) but the
      // digit and its outcome, and the salts, which no query shows.
      const csaValues = values(csa, Number(csa.roll), Number(csa.modified), csa.target as string | null, String(csa.outcome));
      const found: string[] = [];
      for (let roll = 0; roll <= 9; roll += 1) {
        for (let needed = 0; needed <= 9; needed += 1) {
          for (const outcome of ['passed', 'failed']) {
            const guess = sha256(`${String(hidden.prev_hash)}\n${values(hidden, roll, roll, `<= ${needed}`, outcome)}`);
            if (sha256(`${guess}\n${csaValues}`) === publicHash) found.push(`rolled ${roll} (<= ${needed}, ${outcome})`);
          }
        }
      }
      expect(found).toEqual([]);
      // Each roll and event has its own salt of 128 bits, covered by its hash...
      expect(hidden.salt).toMatch(/^[0-9a-f]{32}$/);
      expect(csa.salt).toMatch(/^[0-9a-f]{32}$/);
      expect(hidden.salt).not.toBe(csa.salt);
      const events = g.db.prepare('SELECT salt FROM events').all() as { salt: string }[];
      expect(new Set(events.map((e) => e.salt)).size).toBe(events.length);
      // ... and no query shows one, to anyone.
      const everything = GAME_FUNCTIONS.filter((fn) => GAME_CONTRACT[fn].kind === 'query' && GAME_CONTRACT[fn].input.safeParse({ viewer: 'both' }).success).map((fn) =>
        JSON.stringify((g[fn] as (input: unknown) => unknown).call(g, { viewer: 'both' })),
      );
      for (const salt of [hidden.salt, csa.salt, ...events.map((e) => e.salt)]) expect(everything.join('\n')).not.toContain(String(salt));
      expect(g.verify()).toMatchObject({ ok: true, dice: { ok: true } });
    } finally {
      g.close();
    }
  });
});

describe('the numbers a side reads are its own count (RI-H07)', () => {
  it("CSA's history, dice log and event count run on without gaps where USA's hidden entries lie, then take them in once revealed", () => {
    const g = newGame(tmp.dir);
    try {
      advanceTo(g, { segment: 'I', phase: 'B' });
      const start = g.info({ viewer: 'CSA' }).eventCount;
      g.orderPreRoll({ side: 'USA', roll: 1 });
      g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 });
      g.attemptOrderChange({ commandId: 'gamble', order: 'HOLD', roll: 9 });
      g.finishEntries({ side: 'USA' });
      const own = g.orderPreRoll({ side: 'CSA', roll: 4 });
      // As CSA's own entry it is numbered as CSA reads the log: right after USA's hand-over.
      expect(own.event.seq).toBe(start + 2);
      expect(own.dice.map((d) => d.seq)).toEqual([1]);

      const history = g.history({ viewer: 'CSA' });
      expect(history.slice(0, 2).map((e) => [e.seq, e.kind])).toEqual([
        [start + 2, 'orders.preroll'],
        [start + 1, 'entries.finished'],
      ]);
      expect(history.map((e) => e.seq)).toEqual(Array.from({ length: start + 2 }, (_, i) => start + 2 - i));
      expect(history[0]!.diceSeqs).toEqual([1]);
      expect(g.diceLog({ viewer: 'CSA' }).map((d) => [d.seq, d.eventSeq])).toEqual([[1, start + 2]]);
      expect(g.info({ viewer: 'CSA' }).eventCount).toBe(start + 2);
      expect(g.info().eventCount).toBe(start + 1);
      expect(g.verify().events.count).toBe(start + 1);
      expect(g.history({ viewer: 'CSA', beforeSeq: start + 2 })[0]!.seq).toBe(start + 1);

      // USA reads its own count: its three entries, its hand-over, CSA's pre-roll hidden from it.
      expect(g.history({ viewer: 'USA' }).map((e) => e.seq)[0]).toBe(start + 4);
      expect(g.info({ viewer: 'USA' }).eventCount).toBe(start + 4);

      // Revealed: everyone reads the same numbers, each entry in its place.
      g.finishEntries({ side: 'CSA' });
      const all = g.history({ viewer: 'CSA' }).map((e) => e.seq);
      expect(all).toEqual(Array.from({ length: start + 6 }, (_, i) => start + 6 - i));
      expect(g.diceLog({ viewer: 'CSA' }).map((d) => d.seq)).toEqual([4, 3, 2, 1]);
      expect(g.info({ viewer: 'CSA' }).eventCount).toBe(start + 6);
    } finally {
      g.close();
    }
  });

  it("what came after a screen's last entry and roll (afterSeq) is asked in the viewer's own numbers, another side's hidden entries left out", () => {
    const g = newGame(tmp.dir);
    try {
      advanceTo(g, { segment: 'I', phase: 'B' });
      const start = g.info({ viewer: 'CSA' }).eventCount;
      // CSA's screen holds the log up to #start; USA makes three hidden entries (two rolls) and hands over.
      g.orderPreRoll({ side: 'USA', roll: 1 });
      g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 });
      g.finishEntries({ side: 'USA' });
      const own = g.orderPreRoll({ side: 'CSA', roll: 4 });

      // After CSA's #start: the hand-over (#start+1) and CSA's pre-roll (#start+2), newest first, nothing hidden.
      const after = g.history({ viewer: 'CSA', afterSeq: start });
      expect(after.map((e) => [e.seq, e.kind])).toEqual([
        [start + 2, 'orders.preroll'],
        [start + 1, 'entries.finished'],
      ]);
      // The same entries the whole history shows at those numbers.
      expect(after).toEqual(g.history({ viewer: 'CSA' }).slice(0, 2));
      expect(g.history({ viewer: 'CSA', afterSeq: start + 1 }).map((e) => e.seq)).toEqual([own.event.seq]);
      expect(g.history({ viewer: 'CSA', afterSeq: start + 2 })).toEqual([]);
      // Rolls likewise: CSA's roll is its #1; after none held, only it; after it, nothing.
      expect(g.diceLog({ viewer: 'CSA', afterSeq: 0 }).map((d) => [d.seq, d.eventSeq])).toEqual([[1, start + 2]]);
      expect(g.diceLog({ viewer: 'CSA', afterSeq: 1 })).toEqual([]);

      // USA counts its own entries: after its #start, its three entries (its two rolls are its #1 and #2), CSA's hidden.
      expect(g.history({ viewer: 'USA', afterSeq: start }).map((e) => e.kind)).toEqual(['entries.finished', 'orders.attempt', 'orders.preroll']);
      expect(g.diceLog({ viewer: 'USA', afterSeq: 1 }).map((d) => d.seq)).toEqual([2]);

      // Once revealed the numbers move up, and "after" is asked in the new ones.
      g.finishEntries({ side: 'CSA' });
      expect(g.history({ viewer: 'CSA', afterSeq: start + 3 }).map((e) => e.seq)).toEqual([start + 5, start + 4]);
      expect(g.diceLog({ viewer: 'CSA', afterSeq: 2 }).map((d) => d.seq)).toEqual([3]);
    } finally {
      g.close();
    }
  });
});
