/**
 * Concealed plots between two seats (RI-H11), on Willoughby Run: the Iron Brigade came on with its division's
 * RSM marker, so it may move concealed (RI-B09). The USA seat conceals it and plots its column turn by turn in
 * its own steps: its own file keeps each entry, the shared log holds only "USA moves a command concealed" or
 * "USA plots its concealed movement" and a commitment. The CSA file's bytes (its WAL included) never hold a
 * hex, a note or a salt of the plot until the brigade deploys; the deployment opens the plot, the CSA seat
 * checks every entry against its commitment, refuses a forged one with nothing written, and both files end
 * with the same fingerprint.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Packet } from '../../contract/seats';
import { MusterError } from '../../db/errors';
import { contextOf } from '../../db/service';
import { signText } from '../../db/seats/keys';
import { receivePacket } from '../../db/seats/packets';
import { sealedPlotSecrets } from '../../db/seats/sealed-plots';
import { eventSignedText } from '../../db/seats/signed';
import { localPrivateKey, seatOf } from '../../db/seats/store';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, pastTheFirstStep, playOn, toAct, type Table, fileBytes, refusal } from './table';

const tmp = tempDir('muster-seats-plots-');
afterAll(() => tmp.cleanup());

const IRON = 'usa-i-1-meredith';
/** Hexes and a note no scenario names: if these are in a file's bytes, the plot is. */
const HEX = { begins: 'QZ90817', plotted: 'QZ90823', deployed: 'QZ90830' } as const;
const NOTE = 'through the railroad cut by moonlight';

/** The request is refused (a MusterError, as a player is told) in words matching the pattern. */
function refusedWith(request: () => unknown, words: RegExp): MusterError {
  const refused = refusal(request);
  expect(refused.message).toMatch(words);
  return refused;
}

/** The USA seat's step in the Activation Segment of a turn after `after` (both files in step). */
const usaActsAfter = (after: string | null) => (t: Table) => {
  const c = t.USA.info().clock;
  return c.segment === 'III' && toAct(t.USA) === 'USA' && (after === null || c.turnId > after) && t.USA.roster({ commandId: IRON }).some((u) => u.onMap);
};

describe('concealed plots between two seats', () => {
  it('stay on the plotting seat, sealed, until the command deploys; the opened plot is checked and both files end the same', { timeout: 120_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    const turn1 = t.USA.info().clock.turnId;

    // The CSA seat may not plot for USA, nor out of its step; nothing is written.
    const count = { USA: t.USA.info().eventCount, CSA: t.CSA.info().eventCount };
    refusedWith(() => t.CSA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins }), /the CSA seat conceals, plots and deploys only CSA's commands/);
    refusedWith(() => t.CSA.sealConcealedPlot({ side: 'USA', what: 'conceal', commitment: 'a'.repeat(64) }), /sealed and opened by the USA seat only, not the CSA seat/);
    expect(t.CSA.info().eventCount).toBe(count.CSA);

    // USA conceals the Iron Brigade: its screens show the plot; the log says only that USA moves a command concealed.
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins });
    expect(sealedPlotSecrets(t.USA.db)).toHaveLength(1);
    expect(t.USA.concealedPlots({ viewer: 'USA' }).commands).toEqual([
      { commandId: IRON, name: expect.any(String), concealed: true, plot: [expect.objectContaining({ turnId: turn1, hex: HEX.begins, note: 'begins Concealed Movement' })], plottedThisTurn: true },
    ]);
    // Concealing again is refused at the seat as at one laptop: the sealed entry counts.
    refusedWith(() => t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins }), /already moving concealed/);
    const sealed = t.USA.history({ limit: 5 })[0]!;
    expect([sealed.kind, sealed.summary, sealed.changes]).toEqual(['concealment.sealed', 'USA moves a command concealed (secret until deployed)', []]);
    exchange(t);
    expect(t.CSA.history({ limit: 5 })[0]).toMatchObject({ kind: 'concealment.sealed', summary: 'USA moves a command concealed (secret until deployed)' });
    expect(t.CSA.concealedPlots({ viewer: 'USA' }).commands).toEqual([]);
    // That USA has a sealed entry is public (the log says it was made), not which command or where.
    expect(t.CSA.concealedPlots({ viewer: 'CSA' })).toEqual({ viewer: 'CSA', commands: [], sealed: { USA: 1, CSA: 0 } });
    const salts = () => sealedPlotSecrets(t.USA.db).map((r) => r.salt);
    for (const marker of [HEX.begins, ...salts()]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // A later turn: USA plots the head of the column, with a note.
    playOn(t, usaActsAfter(turn1));
    t.USA.plotConcealed({ side: 'USA', commandId: IRON, hex: HEX.plotted, note: NOTE });
    expect(t.USA.history({ limit: 1 })[0]!.summary).toBe('USA plots its concealed movement (secret)');
    exchange(t);
    for (const marker of [HEX.begins, HEX.plotted, NOTE, ...salts()]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);
    expect(t.USA.concealedPlots({ viewer: 'USA' }).commands[0]!.plot.map((p) => p.hex)).toEqual([HEX.begins, HEX.plotted]);

    // A later turn, USA deploys it: the plot is opened with the deployment.
    playOn(t, usaActsAfter(t.USA.info().clock.turnId));
    for (const marker of [HEX.plotted, NOTE, ...salts()]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);
    t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'enemy-los' });
    // A packet whose opened plot is not the one sealed (the plotted hex changed, signed by the USA seat all the
    // same) is refused, naming the entry, with nothing written.
    expect(sealedPlotSecrets(t.USA.db)).toEqual([]);
    const honest = packetFrom(t.USA);
    const forged = JSON.parse(JSON.stringify(honest)) as Packet;
    const e = forged.events.find((x) => x.fn === 'openConcealedPlot')!;
    const input = JSON.parse(e.input) as { entries: { hex: string }[] };
    input.entries[1]!.hex = 'QZ90999';
    e.input = JSON.stringify(input);
    e.signature = signText(localPrivateKey(t.USA.db), eventSignedText(seatOf(t.CSA.db)!.gameId, e));
    const before = fileHash(t.files.CSA);
    count.CSA = t.CSA.info().eventCount;
    refusedWith(() => receivePacket(contextOf(t.CSA), forged), /USA's sealed entry 2 for .* \(plotted at hex QZ90999, .*\) does not match any entry USA sealed/);
    expect(t.CSA.info().eventCount).toBe(count.CSA);
    expect(fileHash(t.files.CSA)).toBe(before);

    receivePacket(contextOf(t.CSA), honest);
    const deployed = t.CSA.history({ limit: 1 })[0]!;
    expect(deployed.kind).toBe('concealment.opened');
    expect(deployed.summary).toMatch(new RegExp(`deploys from Concealed Movement at hex ${HEX.deployed}: it came within enemy LOS \\(its sealed plot opened, checked against 2 commitments: .* ${HEX.begins}, .* ${HEX.plotted}\\)`));
    // Both files now hold the same plot, and the same log.
    const plot = (g: Table['USA']) => g.concealedPlots({ viewer: 'USA' }).commands.map((c) => [c.concealed, c.plot.map((p) => [p.turnId, p.hex, p.note])]);
    expect(plot(t.CSA)).toEqual(plot(t.USA));
    expect(plot(t.USA)).toEqual([[false, [[turn1, HEX.begins, 'begins Concealed Movement'], [expect.any(String), HEX.plotted, NOTE], [expect.any(String), HEX.deployed, 'deployed: it came within enemy LOS']]]]);
    exchange(t);
    for (const g of [t.USA, t.CSA]) expect(g.concealedPlots().sealed).toEqual({ USA: 0, CSA: 0 });
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    expect(t.CSA.history({ limit: 5000 })).toEqual(t.USA.history({ limit: 5000 }));
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });
});

