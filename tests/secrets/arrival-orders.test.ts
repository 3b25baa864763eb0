/**
 * Which group an army commander sent to an Alternative Arrival Area is his side's secret (Rev. Alternative
 * Arrival Areas: "while not telling him which group"). On the full battle, where a side has many groups, the
 * other side asks for a roll for each of the groups that could have been sent, and is told the same whichever
 * one was (RI-H08): a roll for a group is made by its own side.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dispatchGameSync, serviceHandlers } from '../../db/dispatch';
import { GameService } from '../../db/service';
import { advanceTo, tempDir } from '../fixtures/game';

const tmp = tempDir('muster-secret-arrivals-');
afterAll(() => tmp.cleanup());

// Reynolds, on the map by 1000, pays for the Union's (Lee has no points until he arrives, RI-B11).
const SENT = ['usa-xi-corps-arrival', 'usa-von-steinwehr-arrival'];

function sentToMummasburgRoad(groupId: string): GameService {
  const g = GameService.create({ file: tmp.file(`${groupId}.muster`), scenario: 'gettysburg' }, { seed: 3, now: () => '2024-07-01T12:00:00.000Z' });
  advanceTo(g, { turnId: '1863-07-01T1000', segment: 'III', phase: 'A' });
  g.orderAlternativeArrival({ side: 'USA', groupId, entryArea: 'Mummasburg Road' });
  return g;
}

describe("the other side's roll for a group", () => {
  it('is refused in the same words whichever of the groups was sent to an Alternative Arrival Area', () => {
    const games = SENT.map(sentToMummasburgRoad);
    try {
      const answers = games.map((g) =>
        SENT.flatMap((groupId) =>
          [{ groupId, roll: 0 }, { side: 'CSA', groupId, roll: 0 }].map((input) => {
            const r = dispatchGameSync(serviceHandlers(g), 'attemptReinforcement', [input], { validateOutput: true });
            return r.ok ? { ok: true } : { ok: false, code: r.error.code, message: r.error.message };
          }),
        ),
      );
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]!.every((a) => !a.ok)).toBe(true);
      // USA itself is told where its own group stands.
      expect(games.map((g) => g.arrivals({ viewer: 'USA' }).groups.filter((x) => x.alternative !== null).map((x) => x.id))).toEqual([[SENT[0]], [SENT[1]]]);
    } finally {
      for (const g of games) g.close();
    }
  });
});
