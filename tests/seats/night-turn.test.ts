/**
 * A Night Turn played from two seats, with the Variable Initiative optional rule (RI-O25, RI-H09): in the Night
 * Turn's Non-Automatic Order Change Phase each seat writes its side's night plot pad on its own device. Each
 * plot is a hidden entry held on its seat, committed when the seat finishes, and revealed (USA's first) once
 * both have committed; the other seat checks the revealed entries against the commitment, refuses a forged
 * reveal with nothing written, and both files end with the same fingerprint. Until then neither file's bytes
 * (its WAL included) hold the other side's pad.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Packet } from '../../contract/seats';
import type { Side } from '../../rules/types';
import { MusterError } from '../../db/errors';
import { contextOf } from '../../db/service';
import { createSeatGame, joinSeatGame, receiveReply } from '../../db/seats/invite';
import { receivePacket } from '../../db/seats/packets';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, playOn, toAct, type Table, fileBytes } from './table';

const tmp = tempDir('muster-seats-night-');
afterAll(() => tmp.cleanup());

const SCENARIO = join(__dirname, '..', 'fixtures', 'two-brigades.json');
const NIGHT = '1863-07-01T2200';
/** Hexes no scenario names: if these are in a file's bytes, the pad is. */
const PAD: Record<Side, { unitId: string; fromHex: string; to: string }> = {
  USA: { unitId: '8-il-cav', fromHex: 'QX41510', to: 'QX41511' },
  CSA: { unitId: '1-tn', fromHex: 'QY70520', to: 'QY70521' },
};

function twoSeatsWithVariableInitiative(): Table {
  const files = { USA: tmp.file('night-usa.muster'), CSA: tmp.file('night-csa.muster') };
  let tick = 0;
  const clock = () => new Date(Date.UTC(2024, 6, 1, 20, 0, 0) + (tick += 1000)).toISOString();
  const host = createSeatGame({ file: files.USA, scenario: SCENARIO, side: 'USA', players: { USA: 'Ann', CSA: 'Bob' }, optionalRules: { variableInitiative: true } }, { seed: 5, now: clock });
  const joined = joinSeatGame(files.CSA, JSON.parse(JSON.stringify(host.invitation)), 'CSA', { seed: 17, now: clock });
  receiveReply(host.game, JSON.parse(JSON.stringify(joined.reply)));
  return { USA: host.game, CSA: joined.game, files };
}


const steps = (to: string) => [{ kind: 'move' as const, hex: to }, { kind: 'hold' as const }, { kind: 'hold' as const }, { kind: 'hold' as const }, { kind: 'hold' as const }, { kind: 'hold' as const }];

describe('a Night Turn from two seats (Variable Initiative)', () => {
  it('each seat plots its night movement as hidden entries, revealed and checked; both files end the same', { timeout: 120_000 }, () => {
    const t = twoSeatsWithVariableInitiative();
    playOn(t, () => {
      const c = t.USA.info().clock;
      return c.turnId === NIGHT && c.segment === 'I' && c.phase === 'B';
    });
    expect(toAct(t.USA)).toBe('both');
    expect(t.USA.nightPlots({ viewer: 'USA' })).toMatchObject({ entering: true, night: true, revealed: false });

    // Each seat plots its own pad, and may not plot the other's.
    for (const side of ['USA', 'CSA'] as const) t[side].plotNightMovement({ side, unitId: PAD[side].unitId, fromHex: PAD[side].fromHex, steps: steps(PAD[side].to) });
    expect(() => t.CSA.plotNightMovement({ side: 'USA', unitId: PAD.USA.unitId, fromHex: PAD.USA.fromHex, steps: steps(PAD.USA.to) })).toThrow(/the CSA seat makes only CSA's entries/);
    // Each seat's screens show its own pad, nothing of the other's.
    expect(t.USA.nightPlots({ viewer: 'USA' }).pads).toMatchObject({ USA: { hidden: false, plots: [{ unitId: PAD.USA.unitId, positions: [PAD.USA.to, PAD.USA.to, PAD.USA.to, PAD.USA.to, PAD.USA.to, PAD.USA.to] }] }, CSA: { hidden: true, plots: [] } });

    // USA finishes first and commits; its packet carries the commitment, not the pad.
    t.USA.finishEntries({ side: 'USA' });
    exchange(t);
    for (const [side, other] of [['USA', 'CSA'], ['CSA', 'USA']] as const) {
      for (const marker of [PAD[other].fromHex, PAD[other].to]) expect(fileBytes(t.files[side]).includes(marker)).toBe(false);
    }
    expect(t.CSA.info().seat).toMatchObject({ committed: { USA: true, CSA: false } });

    // CSA finishes: both committed, USA's pad is revealed first. A reveal whose pad is not the one committed
    // to (the USA seat's own packet, a hex changed and signed again) is refused, with nothing written.
    t.CSA.finishEntries({ side: 'CSA' });
    const csaCommitted = packetFrom(t.CSA);
    receivePacket(contextOf(t.USA), csaCommitted);
    const honest = packetFrom(t.USA);
    const plotEvent = honest.events.find((e) => e.fn === 'plotNightMovement');
    expect(plotEvent).toBeDefined();
    const forged = JSON.parse(JSON.stringify(honest)) as Packet;
    const usaCommitment = forged.commitments.find((c) => c.turnId === NIGHT && c.segment === 'I' && c.phase === 'B')!;
    usaCommitment.salt = 'f'.repeat(32);
    const before = fileHash(t.files.CSA);
    const count = t.CSA.info().eventCount;
    let caught: unknown;
    try {
      receivePacket(contextOf(t.CSA), forged);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MusterError);
    expect((caught as MusterError).message).toMatch(/USA's revealed entries of I\.B .* do not match the commitment USA made to them before the reveal/);
    expect(t.CSA.info().eventCount).toBe(count);
    expect(fileHash(t.files.CSA)).toBe(before);

    receivePacket(contextOf(t.CSA), honest);
    exchange(t);
    // Both pads revealed together, on both seats' screens.
    for (const side of ['USA', 'CSA'] as const) {
      const view = t[side].nightPlots({ viewer: side });
      expect(view.revealed).toBe(true);
      expect(view.pads.USA.plots.map((p) => [p.unitId, p.fromHex])).toEqual([[PAD.USA.unitId, PAD.USA.fromHex]]);
      expect(view.pads.CSA.plots.map((p) => [p.unitId, p.fromHex])).toEqual([[PAD.CSA.unitId, PAD.CSA.fromHex]]);
    }
    // On through the Night Turn: both files agree, hash for hash.
    playOn(t, () => t.USA.info().clock.turnId !== NIGHT);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.history({ limit: 5000 })).toEqual(t.USA.history({ limit: 5000 }));
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });
});
