/**
 * A seat opens every plot entry it sealed (RI-H11), on Willoughby Run: the USA seat conceals the Iron Brigade
 * (it came on with its division's RSM marker, RI-B09), plots its column, and corrects the plot in the same turn.
 * Each plot it seals names the entry before it by a link nobody can tie to that entry until its salt is opened,
 * so the CSA seat sees nothing more than "USA plots its concealed movement" until the deployment, and then
 * refuses an opening that leaves the last plot out, naming it, with nothing written in either file. A plot
 * naming no entry, or one a plot already follows, is refused when sealed; a plot sealed to follow nothing
 * real (a changed Muster keeping one back) is found when the side's last concealed command deploys.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { SealedPlotEntry } from '../../contract';
import type { Packet } from '../../contract/seats';
import { contextOf } from '../../db/service';
import { signText } from '../../db/seats/keys';
import { receivePacket } from '../../db/seats/packets';
import { concealedAnchorSecrets, sealedPlotSecrets } from '../../db/seats/sealed-plots';
import { eventSignedText } from '../../db/seats/signed';
import { localPrivateKey, seatOf } from '../../db/seats/store';
import { followsAnchor, followsEntry, sealedPlotsInLog } from '../../db/service/sealed-plot-log';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, fileBytes, packetFrom, pastTheFirstStep, playOn, refusal, toAct, type Table } from './table';

const tmp = tempDir('muster-seats-plots-complete-');
afterAll(() => tmp.cleanup());

const IRON = 'usa-i-1-meredith';
/** Hexes no scenario names. */
const HEX = { begins: 'QZ70817', first: 'QZ70823', corrected: 'QZ70824', deployed: 'QZ70830' } as const;

const usaActsAfter = (after: string | null) => (t: Table) => {
  const c = t.USA.info().clock;
  return c.segment === 'III' && toAct(t.USA) === 'USA' && (after === null || c.turnId > after) && t.USA.roster({ commandId: IRON }).some((u) => u.onMap);
};

const hashes = (t: Table) => ({ USA: fileHash(t.files.USA), CSA: fileHash(t.files.CSA) });

describe('a seat opens every plot entry it sealed', () => {
  it('an opening that leaves out the last plot is refused at the seat and by the other seat, naming it, with both files unchanged', { timeout: 120_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    const turn1 = t.USA.info().clock.turnId;
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins });
    exchange(t);
    playOn(t, usaActsAfter(turn1));
    t.USA.plotConcealed({ side: 'USA', commandId: IRON, hex: HEX.first });
    t.USA.plotConcealed({ side: 'USA', commandId: IRON, hex: HEX.corrected, note: 'the column turned at the ford' });
    exchange(t);

    // The log holds each plot's link to the entry before it, and the beginning's to the command's anchor: the
    // CSA file cannot tie them to anything yet.
    const secrets = sealedPlotSecrets(t.USA.db);
    const inLog = sealedPlotsInLog(t.CSA.db);
    const anchor = concealedAnchorSecrets(t.USA.db).find((a) => a.commandId === IRON)!;
    expect(inLog.map((s) => [s.what, s.follows])).toEqual([
      ['conceal', followsAnchor(anchor.salt)],
      ['plot', followsEntry(secrets[0]!.salt)],
      ['plot', followsEntry(secrets[1]!.salt)],
    ]);
    for (const marker of [HEX.first, HEX.corrected, anchor.salt, ...secrets.map((r) => r.salt)]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);
    expect(t.CSA.history({ limit: 2 }).map((h) => h.summary)).toEqual(['USA plots its concealed movement (secret)', 'USA plots its concealed movement (secret)']);

    // Sealing a plot that names no entry it follows, or an entry a plot already follows, is refused; nothing is written.
    let before = hashes(t);
    const commitment = randomBytes(32).toString('hex');
    expect(refusal(() => t.USA.sealConcealedPlot({ side: 'USA', what: 'plot', commitment })).message).toMatch(
      /USA's sealed plot does not say which entry of its command it follows: every plot continues its command's plot, so that none can be left out when the command deploys/,
    );
    expect(refusal(() => t.USA.sealConcealedPlot({ side: 'USA', what: 'plot', commitment, follows: inLog[2]!.follows! })).message).toMatch(
      /USA's sealed plot follows the same entry as a plot USA sealed before: a command's plot is one line/,
    );
    expect(hashes(t)).toEqual(before);

    // At the USA seat: the Iron Brigade deploys, its plot opened without the corrected plot. Refused, naming it.
    const opened = (drop: number) => {
      const entries = sealedPlotSecrets(t.USA.db).map((r) => {
        const kept = JSON.parse(r.input) as { entry: Omit<SealedPlotEntry, 'salt'> };
        return { ...kept.entry, salt: r.salt };
      });
      // With the brigade's anchor salt and a next anchor, as the seat opens it (RI-H11).
      const nextAnchor = randomBytes(32).toString('hex');
      return { side: 'USA' as const, commandId: IRON, hex: HEX.deployed, reason: 'enemy-los' as const, entries: entries.slice(0, entries.length - drop), anchorSalt: anchor.salt, nextAnchor };
    };
    const turn2 = t.USA.info().clock;
    const leftOut = new RegExp(
      `USA's opened plot for .* leaves out the plot USA sealed in 1 July ${turn2.time}, which follows USA's sealed entry 2 for .* \\(plotted at hex ${HEX.first}, 1 July ${turn2.time}\\): every entry sealed for a command is opened when it deploys`,
    );
    expect(refusal(() => t.USA.openConcealedPlot(opened(1))).message).toMatch(leftOut);
    // Leaving out both plots is refused the same way, naming the first left out.
    expect(refusal(() => t.USA.openConcealedPlot(opened(2))).message).toMatch(/leaves out the plot USA sealed in .*, which follows USA's sealed entry 1 for .* \(begins Concealed Movement at hex QZ70817/);
    expect(hashes(t)).toEqual(before);

    // A changed USA Muster sends that opening, signed all the same: the CSA seat refuses the packet whole.
    t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'enemy-los' });
    const honest = packetFrom(t.USA);
    const forged = JSON.parse(JSON.stringify(honest)) as Packet;
    const e = forged.events.find((x) => x.fn === 'openConcealedPlot')!;
    const input = JSON.parse(e.input) as { entries: unknown[] };
    expect(input.entries).toHaveLength(3);
    input.entries.pop();
    e.input = JSON.stringify(input);
    e.signature = signText(localPrivateKey(t.USA.db), eventSignedText(seatOf(t.CSA.db)!.gameId, e));
    before = hashes(t);
    const count = t.CSA.info().eventCount;
    const refused = refusal(() => receivePacket(contextOf(t.CSA), forged));
    expect(refused.message).toMatch(/the USA seat's event #\d+ is refused here as it would be at this seat: USA's opened plot for .* leaves out the plot USA sealed in/);
    expect(refused.code).toBe('RULES_FORBID');
    expect(t.CSA.info().eventCount).toBe(count);
    expect(hashes(t)).toEqual(before);
    for (const marker of [HEX.corrected]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // The whole plot opens, checked entry by entry: both files hold it (the deployment, in the turn of the
    // plots, takes that turn's place in the plot) and end the same.
    receivePacket(contextOf(t.CSA), honest);
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toMatch(new RegExp(`checked against 3 commitments: .* ${HEX.begins}, .* ${HEX.first}, .* ${HEX.corrected}\\)`));
    const plot = (g: Table['USA']) => g.concealedPlots({ viewer: 'USA' }).commands.map((c) => c.plot.map((p) => p.hex));
    expect(plot(t.CSA)).toEqual([[HEX.begins, HEX.deployed]]);
    expect(plot(t.CSA)).toEqual(plot(t.USA));
    exchange(t);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });

    // A plot that follows an entry opened already is refused: a deployed command plots no more.
    before = hashes(t);
    expect(refusal(() => t.USA.sealConcealedPlot({ side: 'USA', what: 'plot', commitment, follows: followsEntry(secrets[2]!.salt) })).message).toMatch(
      /USA's sealed plot follows an entry of a plot opened already, when its command deployed/,
    );
    expect(hashes(t)).toEqual(before);
    t.USA.close();
    t.CSA.close();
  });

  it('a plot sealed to follow nothing real is found when the side\'s last concealed command deploys', { timeout: 120_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins });
    t.USA.plotConcealed({ side: 'USA', commandId: IRON, hex: HEX.first });
    // A changed USA Muster seals a plot linked to no entry (one it could then keep back at the deployment).
    t.USA.sealConcealedPlot({ side: 'USA', what: 'plot', commitment: randomBytes(32).toString('hex'), follows: randomBytes(32).toString('hex') });
    exchange(t);
    const before = hashes(t);
    // The Iron Brigade is USA's only command moving concealed: its opening must leave nothing USA sealed.
    expect(refusal(() => t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'player' })).message).toMatch(
      /.* is the last USA command moving concealed, yet the plot USA sealed in 1 July \d{4} would stay sealed: every entry sealed for a command is opened when it deploys/,
    );
    expect(hashes(t)).toEqual(before);
    t.USA.close();
    t.CSA.close();
  });
});
