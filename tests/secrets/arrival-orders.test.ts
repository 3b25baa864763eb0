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

const SENT = ['csa-rodes-arrival', 'csa-early-arrival'];

function sentToHagerstown(groupId: string): GameService {
  const g = GameService.create({ file: tmp.file(`${groupId}.muster`), scenario: 'gettysburg' }, { seed: 3, now: () => '2024-07-01T12:00:00.000Z' });
  advanceTo(g, { segment: 'III', phase: 'A' });
  g.orderAlternativeArrival({ side: 'CSA', groupId, entryArea: 'Hagerstown Road' });
  return g;
}

describe("the other side's roll for a group", () => {
  it('is refused in the same words whichever of the groups was sent to an Alternative Arrival Area', () => {
    const games = SENT.map(sentToHagerstown);
    try {
      const answers = games.map((g) =>
        SENT.flatMap((groupId) =>
          [{ groupId, roll: 0 }, { side: 'USA', groupId, roll: 0 }].map((input) => {
            const r = dispatchGameSync(serviceHandlers(g), 'attemptReinforcement', [input], { validateOutput: true });
            return r.ok ? { ok: true } : { ok: false, code: r.error.code, message: r.error.message };
          }),
        ),
      );
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]!.every((a) => !a.ok)).toBe(true);
      // CSA itself is told where its own group stands.
      expect(games.map((g) => g.arrivals({ viewer: 'CSA' }).groups.filter((x) => x.alternative !== null).map((x) => x.id))).toEqual([[SENT[0]], [SENT[1]]]);
    } finally {
      for (const g of games) g.close();
    }
  });
});
