/**
 * A result computed from the group's kit (RI-K25) is replayed at the other seat with that seat's own charts, so
 * both players must compute from the same charts. When they do not, the packet is refused whole with both kits
 * named and what to do (import the other player's charts file), not as a refusal of the change itself; with the
 * same charts imported, the same packet is taken in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PlayerCharts } from '../../contract';
import { contextOf, GameService } from '../../db/service';
import { receivePacket } from '../../db/seats/packets';
import { fileHash, tempDir } from '../fixtures/game';
import { KIT_CHARTS } from '../fixtures/kit';
import { exchange, packetFrom, playUntil, refusal, toAct } from './table';

const tmp = tempDir('muster-seats-kit-charts-');
afterAll(() => tmp.cleanup());

const battery = 'usa-battery-a-2nd-us';
const target = 'csa-13th-alabama';

/** KIT_CHARTS with one Fire Table cell read otherwise: another player's typing of the same chart. */
function otherCharts(): PlayerCharts {
  const charts = structuredClone(KIT_CHARTS);
  charts.fireTable!.columns[1]!.rows[2]!.sp = 3;
  return charts;
}

describe("a result computed from the USA player's charts, taken in at the CSA seat", () => {
  it('is refused whole, naming both kits, while the CSA seat has other charts or none; taken in once it has the same', () => {
    const t = playUntil(tmp.dir, (x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA', { charts: () => KIT_CHARTS });
    t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
    exchange(t);
    expect(toAct(t.USA)).toBe('USA');
    const aim = { stack: [battery], range: 2, targets: [target] };
    const fingerprint = t.USA.planFire(aim).attack!.kit!.fingerprint;
    t.USA.resolveFire({ ...aim, roll: 6, kit: { fingerprint } });
    const packet = packetFrom(t.USA);
    const reopen = (charts?: PlayerCharts) => {
      t.CSA.close();
      t.CSA = GameService.open(t.files.CSA, charts ? { charts: () => charts } : {});
    };

    reopen();
    const before = fileHash(t.files.CSA);
    const none = refusal(() => receivePacket(contextOf(t.CSA), packet));
    expect(none.field).toBe('packet');
    expect(none.reason).toMatch(new RegExp(`^the USA seat's event #\\d+ is a result computed from its player's charts \\(kit ${fingerprint}\\), and this computer has no charts with combat tables: `));
    expect(none.reason).toContain("Import the USA player's charts file on the Charts screen (or both import one), then receive this packet again; nothing was written");
    expect(fileHash(t.files.CSA)).toBe(before);

    const other = otherCharts();
    reopen(other);
    const differs = refusal(() => receivePacket(contextOf(t.CSA), packet));
    expect(differs.reason).toContain(`(kit ${fingerprint}), and this computer's charts are kit `);
    expect(differs.reason).not.toContain(`charts are kit ${fingerprint}`);
    expect(fileHash(t.files.CSA)).toBe(before);

    reopen(KIT_CHARTS);
    expect(receivePacket(contextOf(t.CSA), packet).events).toBe(1);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
  });
});
