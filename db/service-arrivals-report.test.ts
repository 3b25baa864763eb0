/**
 * The arrivals report offers a side's army commander's Alternative Arrival order (Rev. Alternative Arrival
 * Areas) when an acting army commander can be named. When the rules name none (the US wing commander has
 * fallen before Meade arrives and no successor is chosen: Rev. US Wing/Grand Division Commanders) there is
 * nothing to offer and the report says so with no order; any other failure is not an answer about the
 * rules and is not hidden behind that "nothing to offer".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { advanceTo, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-arrivals-report-');
afterAll(() => tmp.cleanup());

describe("the arrivals report's Alternative Arrival order", () => {
  it('is not offered to a side whose acting army commander must first be chosen', () => {
    const g = GameService.create({ file: tmp.file('full.muster'), scenario: 'gettysburg' }, { seed: 1 });
    advanceTo(g, { segment: 'I', phase: 'B' });
    expect(g.arrivals({ viewer: 'USA' }).alternativeOrder).toMatchObject({ side: 'USA', allowed: false });
    g.leaderCasualty({ leaderId: 'usa-reynolds-wing', roll: 0 });
    expect(g.info().armyCommanders.USA).toBeNull();
    expect(g.arrivals({ viewer: 'USA' }).alternativeOrder).toBeNull();
    // The other side's is unaffected.
    expect(g.arrivals({ viewer: 'CSA' }).alternativeOrder).toMatchObject({ side: 'CSA', armyCommander: expect.any(String) });
    g.close();
  });

  it('a damaged leader record is reported, not passed off as "no order to offer"', () => {
    const g = newGame(tmp.dir);
    advanceTo(g, { segment: 'III', phase: 'A' });
    expect(g.arrivals({ viewer: 'CSA' }).alternativeOrder).toEqual({ side: 'CSA', armyCommander: 'Robert E. Lee', rating: 6, allowed: true, reason: null, wordAwaited: false, wordTogether: false });
    // A role no leader can have, written into the file behind the service's back.
    g.db.prepare("UPDATE leaders SET role = 'drummer' WHERE id = 'lee'").run();
    expect(() => g.arrivals({ viewer: 'CSA' })).toThrow(/leader\.role/);
    g.close();
  });
});
