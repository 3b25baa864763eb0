/**
 * A command begins Concealed Movement once until it deploys, between two seats (RI-H11), on Willoughby Run: the
 * Iron Brigade came on with its division's RSM marker, so it may move concealed (RI-B09). With the side's first
 * beginning the USA seat publishes an anchor for every USA command (a SHA-256 over the side, the command and an
 * anchor salt it keeps), so the list tells the CSA seat nothing; each beginning names its command's anchor by a
 * SHA-256 of the salt alone, so the log still says only "USA moves a command concealed". A second beginning
 * naming the same anchor is refused when sealed, at the writing seat and at the receiving one; a line begun
 * from a made-up anchor cannot be opened as the command's, since the deployment opens the anchor salt and the
 * other seat checks it against the command's anchor (and that the line was begun after that anchor was
 * published); the deployment publishes the command's next anchor, so it may begin again later. A line begun by
 * an earlier Muster, before the side had anchors, is still opened as it was sealed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { OpenConcealedPlotInput, SealConcealedPlotInput, SealedPlotEntry } from '../../contract';
import type { Packet } from '../../contract/seats';
import { contextOf } from '../../db/service';
import { write } from '../../db/service/context';
import { SERVICE_FUNCTIONS } from '../../db/service/index';
import { signText } from '../../db/seats/keys';
import { receivePacket } from '../../db/seats/packets';
import { concealedAnchorSecrets, sealedPlotSecrets } from '../../db/seats/sealed-plots';
import { eventSignedText } from '../../db/seats/signed';
import { localPrivateKey, seatOf } from '../../db/seats/store';
import { concealedAnchor, concealedAnchorsInLog, followsAnchor, sealedPlotCommitment, sealedPlotsInLog } from '../../db/service/sealed-plot-log';
import { readCommands } from '../../db/store';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, fileBytes, packetFrom, pastTheFirstStep, playOn, refusal, toAct, type Table } from './table';

const tmp = tempDir('muster-seats-anchors-');
afterAll(() => tmp.cleanup());

const IRON = 'usa-i-1-meredith';
/** On the map from the start: it may move concealed when activated for Strategic Movement. */
const GAMBLE = 'usa-cavalry-1-gamble';
/** Hexes no scenario names. */
const HEX = { begins: 'QZ60817', other: 'QZ60818', plotted: 'QZ60823', deployed: 'QZ60830', again: 'QZ60840', deployedAgain: 'QZ60850', gamble: 'QZ60860', gambleDeployed: 'QZ60870' } as const;

const usaActsAfter = (after: string | null) => (t: Table) => {
  const c = t.USA.info().clock;
  return c.segment === 'III' && toAct(t.USA) === 'USA' && (after === null || c.turnId > after) && t.USA.roster({ commandId: IRON }).some((u) => u.onMap);
};

const hashes = (t: Table) => ({ USA: fileHash(t.files.USA), CSA: fileHash(t.files.CSA) });
const fresh = (bytes: number) => randomBytes(bytes).toString('hex');
const ironAnchor = (t: Table) => concealedAnchorSecrets(t.USA.db).find((a) => a.commandId === IRON && a.opened === 0)!;

/** The packet with the input of its first event of `fn` changed by `change`, signed by the USA seat all the same. */
function forged(t: Table, honest: Packet, fn: string, change: (input: Record<string, unknown>) => Record<string, unknown>): Packet {
  const packet = JSON.parse(JSON.stringify(honest)) as Packet;
  const e = packet.events.find((x) => x.fn === fn)!;
  e.input = JSON.stringify(change(JSON.parse(e.input) as Record<string, unknown>));
  e.signature = signText(localPrivateKey(t.USA.db), eventSignedText(seatOf(t.CSA.db)!.gameId, e));
  return packet;
}

/** The CSA seat refuses the packet in words matching the pattern, with nothing written in its file. */
function refusedWhole(t: Table, packet: Packet, words: RegExp): void {
  const before = fileHash(t.files.CSA);
  const count = t.CSA.info().eventCount;
  const refused = refusal(() => receivePacket(contextOf(t.CSA), packet));
  expect(refused.message).toMatch(words);
  expect(refused.code).toBe('RULES_FORBID');
  expect(t.CSA.info().eventCount).toBe(count);
  expect(fileHash(t.files.CSA)).toBe(before);
}

describe('a command begins Concealed Movement once until it deploys', () => {
  it('a second beginning naming the same anchor is refused when sealed, at the writing seat and at the receiving seat, with nothing written', { timeout: 120_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    const turn1 = t.USA.info().clock.turnId;
    // A changed USA Muster's first beginning without the side's anchors, or with a list that leaves a command
    // out (which would tell which commands may begin), is refused, nothing written.
    const unchanged = hashes(t);
    const begin = { side: 'USA' as const, what: 'conceal' as const, commitment: fresh(32), follows: followsAnchor(fresh(16)) };
    expect(refusal(() => t.USA.sealConcealedPlot(begin)).message).toMatch(/USA moves a command concealed without publishing its commands' anchors: the first beginning publishes an anchor for every USA command/);
    expect(refusal(() => t.USA.sealConcealedPlot({ ...begin, anchors: [{ commandId: IRON, anchor: fresh(32) }] })).message).toMatch(
      /USA's anchors leave out .*: a side publishes an anchor for every command of its side that has none, so that the list tells nothing of which command begins Concealed Movement/,
    );
    expect(hashes(t)).toEqual(unchanged);
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins });
    exchange(t);

    // The beginning published an anchor for every USA command, in the order of battle, and names the Iron
    // Brigade's by a link only its salt gives. The CSA file holds the anchors, not one salt.
    const usaCommands = readCommands(t.CSA.db).filter((c) => c.side === 'USA').map((c) => c.id);
    expect(usaCommands.length).toBeGreaterThan(3);
    const published = concealedAnchorsInLog(t.CSA.db).USA;
    expect([...published.keys()]).toEqual(usaCommands);
    expect(concealedAnchorsInLog(t.CSA.db).CSA.size).toBe(0);
    const anchor = ironAnchor(t);
    expect(published.get(IRON)).toBe(concealedAnchor('USA', IRON, anchor.salt));
    expect(sealedPlotsInLog(t.CSA.db).map((s) => [s.what, s.follows])).toEqual([['conceal', followsAnchor(anchor.salt)]]);
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toBe('USA moves a command concealed (secret until deployed)');
    for (const marker of [HEX.begins, ...concealedAnchorSecrets(t.USA.db).map((a) => a.salt)]) expect(fileBytes(t.files.CSA).includes(marker)).toBe(false);

    // At the USA seat, Muster refuses beginning again as at one laptop: the brigade is moving concealed.
    expect(refusal(() => t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.other })).message).toMatch(/already moving concealed/);
    // A changed USA Muster seals a second beginning for it all the same, naming its anchor: refused, nothing written.
    const before = hashes(t);
    const second: SealConcealedPlotInput = { side: 'USA', what: 'conceal', commitment: fresh(32), follows: followsAnchor(anchor.salt) };
    expect(refusal(() => t.USA.sealConcealedPlot(second)).message).toMatch(
      /USA's sealed beginning of Concealed Movement names the same command's anchor as an entry USA sealed before: a command begins Concealed Movement once, and again only after it deploys/,
    );
    // Naming no anchor, or publishing the anchors again, is refused too.
    expect(refusal(() => t.USA.sealConcealedPlot({ side: 'USA', what: 'conceal', commitment: fresh(32) })).message).toMatch(/USA's sealed beginning of Concealed Movement does not name its command's anchor/);
    expect(refusal(() => t.USA.sealConcealedPlot({ ...second, follows: fresh(32), anchors: [{ commandId: IRON, anchor: fresh(32) }] })).message).toMatch(
      /USA publishes an anchor for .*, which has one already: a command's anchor is published once, and replaced only when it deploys from Concealed Movement/,
    );
    expect(hashes(t)).toEqual(before);

    // The changed Muster sends the second beginning in a packet instead (in place of the next turn's plot, signed
    // by the USA seat): the CSA seat, with its own file unchanged, refuses it whole.
    playOn(t, usaActsAfter(turn1));
    t.USA.plotConcealed({ side: 'USA', commandId: IRON, hex: HEX.plotted });
    const honest = packetFrom(t.USA);
    refusedWhole(t, forged(t, honest, 'sealConcealedPlot', () => second), /the USA seat's event #\d+ is refused here as it would be at this seat: USA's sealed beginning of Concealed Movement names the same command's anchor/);
    receivePacket(contextOf(t.CSA), honest);
    exchange(t);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    t.USA.close();
    t.CSA.close();
  });

  it('a line begun from a made-up anchor cannot be opened as the command\'s, nor an opening whose anchor salt does not match', { timeout: 120_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    const turn1 = t.USA.info().clock.turnId;
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins });
    // A changed USA Muster keeps a second line for the Iron Brigade, begun from an anchor it made up: nobody can
    // tell it from another command's beginning, so it is sealed.
    const madeUp = fresh(16);
    const other: SealedPlotEntry = { what: 'conceal', turnId: turn1, hex: HEX.other, salt: fresh(16) };
    t.USA.sealConcealedPlot({ side: 'USA', what: 'conceal', commitment: sealedPlotCommitment('USA', IRON, other), follows: followsAnchor(madeUp) });
    exchange(t);
    expect(t.CSA.concealedPlots().sealed).toEqual({ USA: 2, CSA: 0 });

    // At the deployment it opens the line it likes, the made-up one: refused at the seat, naming the command.
    playOn(t, usaActsAfter(turn1));
    const before = hashes(t);
    const madeUpOpening: OpenConcealedPlotInput = { side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'player', entries: [other], anchorSalt: madeUp, nextAnchor: fresh(32) };
    const notIrons = /USA's opened plot for .* was not begun from .*'s anchor \(the one USA published for it\): a command's plot is the one begun from its own anchor, and this opening is refused/;
    expect(refusal(() => t.USA.openConcealedPlot(madeUpOpening)).message).toMatch(notIrons);
    expect(hashes(t)).toEqual(before);

    // The honest deployment opens the line begun from the brigade's anchor, with its salt and the next anchor.
    const anchor = ironAnchor(t);
    t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'player' });
    const honest = packetFrom(t.USA);
    const opened = JSON.parse(honest.events.find((e) => e.fn === 'openConcealedPlot')!.input) as OpenConcealedPlotInput;
    expect(opened.anchorSalt).toBe(anchor.salt);
    expect(opened.nextAnchor).toBe(concealedAnchor('USA', IRON, ironAnchor(t).salt));

    // Packets a changed USA Muster could send instead, each signed: the CSA seat refuses them whole.
    refusedWhole(t, forged(t, honest, 'openConcealedPlot', (input) => ({ ...input, anchorSalt: fresh(16) })), /USA's opened plot for .* gives an anchor salt that is not the one its beginning of Concealed Movement named, and is refused/);
    refusedWhole(t, forged(t, honest, 'openConcealedPlot', (input) => ({ ...input, entries: [other], anchorSalt: madeUp })), notIrons);
    refusedWhole(t, forged(t, honest, 'openConcealedPlot', ({ anchorSalt: _salt, ...input }) => input), /USA's opened plot for .* does not give the anchor salt its beginning of Concealed Movement named/);
    refusedWhole(t, forged(t, honest, 'openConcealedPlot', ({ nextAnchor: _next, ...input }) => input), /USA's opened plot for .* gives no next anchor for .*: its deployment publishes one, so that it may begin Concealed Movement again/);

    receivePacket(contextOf(t.CSA), honest);
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toMatch(new RegExp(`deploys from Concealed Movement at hex ${HEX.deployed}: its player deploys it \\(its sealed plot opened, checked against 1 commitment: .* ${HEX.begins}\\)`));
    exchange(t);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    // The made-up line is never opened: it stays sealed, one beginning too many on both screens.
    for (const g of [t.USA, t.CSA]) expect(g.concealedPlots().sealed).toEqual({ USA: 1, CSA: 0 });
    t.USA.close();
    t.CSA.close();
  });

  it('a command that deployed begins again from the next anchor its deployment published; both files end the same', { timeout: 180_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    const turn1 = t.USA.info().clock.turnId;
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins });
    const first = ironAnchor(t);
    exchange(t);
    playOn(t, usaActsAfter(turn1));
    const turn2 = t.USA.info().clock.turnId;
    t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'enemy-los' });
    exchange(t);
    const next = ironAnchor(t);
    expect(next.anchor).not.toBe(first.anchor);
    for (const g of [t.USA, t.CSA]) expect(concealedAnchorsInLog(g.db).USA.get(IRON)).toBe(next.anchor);

    // A changed USA Muster begins again from the spent anchor (its salt is public now): refused.
    const before = hashes(t);
    expect(refusal(() => t.USA.sealConcealedPlot({ side: 'USA', what: 'conceal', commitment: fresh(32), follows: followsAnchor(first.salt) })).message).toMatch(
      /USA's sealed beginning of Concealed Movement names the same command's anchor as an entry USA sealed before/,
    );
    expect(hashes(t)).toEqual(before);

    // Activated for Strategic Movement, the brigade begins again: from its next anchor, the anchors not
    // published again.
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.again, strategicMovement: true });
    const begun = JSON.parse(packetFrom(t.USA).events.find((e) => e.fn === 'sealConcealedPlot')!.input) as SealConcealedPlotInput;
    expect(begun).toEqual({ side: 'USA', what: 'conceal', commitment: expect.any(String), follows: followsAnchor(next.salt) });
    exchange(t);
    playOn(t, usaActsAfter(turn2));
    t.USA.plotConcealed({ side: 'USA', commandId: IRON, hex: HEX.plotted });
    t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployedAgain, reason: 'player' });
    exchange(t);
    expect(t.CSA.history({ limit: 1 })[0]!.summary).toMatch(new RegExp(`checked against 2 commitments: .* ${HEX.again}, .* ${HEX.plotted}\\)`));
    expect(sealedPlotSecrets(t.USA.db)).toEqual([]);
    expect(concealedAnchorSecrets(t.USA.db).filter((a) => a.commandId === IRON).map((a) => a.opened)).toEqual([1, 1, 0]);
    for (const g of [t.USA, t.CSA]) expect(g.concealedPlots().sealed).toEqual({ USA: 0, CSA: 0 });
    const plot = (g: Table['USA']) => g.concealedPlots({ viewer: 'USA' }).commands.map((c) => c.plot.map((p) => p.hex));
    expect(plot(t.CSA)).toEqual(plot(t.USA));
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });

  it('a plot begun before commands had anchors is still opened as it was sealed; the side\'s next beginning publishes them all', { timeout: 180_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    const turn1 = t.USA.info().clock.turnId;
    // An earlier Muster began the Iron Brigade's Concealed Movement: it kept the entry and its salt on the USA seat
    // and sealed a beginning that names no anchor (its sealConcealedPlot took one), and both files took it in.
    const legacy: SealedPlotEntry = { what: 'conceal', turnId: turn1, hex: HEX.begins, salt: fresh(16) };
    const { salt, ...kept } = legacy;
    const commitment = sealedPlotCommitment('USA', IRON, legacy);
    const earlierMuster = vi
      .spyOn(SERVICE_FUNCTIONS, 'sealConcealedPlot')
      .mockImplementation((ctx, input) => write(ctx, 'concealment.sealed', input, () => ({ summary: `${input.side} moves a command concealed (secret until deployed)`, result: {} })));
    try {
      t.USA.db.prepare("INSERT INTO seat_side_secrets (commitment, side, kind, turn_id, input, salt) VALUES (?, 'USA', 'concealed-plot', ?, ?, ?)").run(commitment, turn1, JSON.stringify({ commandId: IRON, entry: kept }), salt);
      t.USA.sealConcealedPlot({ side: 'USA', what: 'conceal', commitment });
      exchange(t);
    } finally {
      earlierMuster.mockRestore();
    }
    for (const g of [t.USA, t.CSA]) {
      expect(sealedPlotsInLog(g.db).map((s) => [s.what, s.follows])).toEqual([['conceal', null]]);
      expect(concealedAnchorsInLog(g.db).USA.size).toBe(0);
    }

    // This Muster plots it on, and Gamble's cavalry begins Concealed Movement: the side's first beginning
    // publishes an anchor for every USA command, the Iron Brigade's too.
    playOn(t, usaActsAfter(turn1));
    t.USA.plotConcealed({ side: 'USA', commandId: IRON, hex: HEX.plotted });
    t.USA.concealCommand({ side: 'USA', commandId: GAMBLE, hex: HEX.gamble, strategicMovement: true });
    exchange(t);
    const usaCommands = readCommands(t.CSA.db).filter((c) => c.side === 'USA').map((c) => c.id);
    expect([...concealedAnchorsInLog(t.CSA.db).USA.keys()]).toEqual(usaCommands);
    const ironFirst = ironAnchor(t);

    // The Iron Brigade deploys: its plot is opened as it was sealed, with no anchor salt, and keeps its anchor.
    t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'enemy-los' });
    const honest = packetFrom(t.USA);
    const opened = JSON.parse(honest.events.find((e) => e.fn === 'openConcealedPlot')!.input) as OpenConcealedPlotInput;
    expect([opened.anchorSalt, opened.nextAnchor, opened.entries.map((e) => e.hex)]).toEqual([undefined, undefined, [HEX.begins, HEX.plotted]]);
    // A changed USA Muster adding an anchor salt to it is refused: that plot named none.
    const refused = refusal(() => receivePacket(contextOf(t.CSA), forged(t, honest, 'openConcealedPlot', (input) => ({ ...input, anchorSalt: ironFirst.salt, nextAnchor: fresh(32) }))));
    expect(refused.message).toMatch(/USA's opened plot for .* was begun before commands had anchors: its opening gives no anchor salt and no next anchor/);
    receivePacket(contextOf(t.CSA), honest);
    expect(concealedAnchorsInLog(t.CSA.db).USA.get(IRON)).toBe(ironFirst.anchor);

    // It begins again, this time from its anchor; then both commands deploy, and nothing of USA stays sealed.
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.again, strategicMovement: true });
    exchange(t);
    expect(sealedPlotsInLog(t.CSA.db).at(-1)!.follows).toBe(followsAnchor(ironFirst.salt));
    playOn(t, usaActsAfter(t.USA.info().clock.turnId));
    t.USA.deployConcealed({ side: 'USA', commandId: IRON, hex: HEX.deployedAgain, reason: 'player' });
    t.USA.deployConcealed({ side: 'USA', commandId: GAMBLE, hex: HEX.gambleDeployed, reason: 'player' });
    exchange(t);
    for (const g of [t.USA, t.CSA]) expect(g.concealedPlots().sealed).toEqual({ USA: 0, CSA: 0 });
    expect(concealedAnchorsInLog(t.CSA.db).USA.get(IRON)).toBe(ironAnchor(t).anchor);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    for (const g of [t.USA, t.CSA]) expect(g.verify()).toMatchObject({ ok: true, seats: { ok: true, problems: [] } });
    t.USA.close();
    t.CSA.close();
  });

  it('a line begun before the deployment that published its anchor is refused at its opening: begun in advance, it was a second line', { timeout: 120_000 }, () => {
    const t = pastTheFirstStep(tmp.dir);
    playOn(t, usaActsAfter(null));
    const turn1 = t.USA.info().clock.turnId;
    t.USA.concealCommand({ side: 'USA', commandId: IRON, hex: HEX.begins });
    // A changed USA Muster begins a second line for the Iron Brigade in advance, from a salt it will publish as
    // the brigade's next anchor when the first line deploys (until then, nobody can tell it from another beginning).
    const inAdvance = fresh(16);
    const second: SealedPlotEntry = { what: 'conceal', turnId: turn1, hex: HEX.other, salt: fresh(16) };
    t.USA.sealConcealedPlot({ side: 'USA', what: 'conceal', commitment: sealedPlotCommitment('USA', IRON, second), follows: followsAnchor(inAdvance) });
    exchange(t);

    // A later turn it opens the first line, publishing that next anchor: the line is the brigade's, and taken.
    playOn(t, usaActsAfter(turn1));
    const entries = sealedPlotSecrets(t.USA.db).map((r) => ({ ...(JSON.parse(r.input) as { entry: Omit<SealedPlotEntry, 'salt'> }).entry, salt: r.salt }));
    t.USA.openConcealedPlot({ side: 'USA', commandId: IRON, hex: HEX.deployed, reason: 'player', entries, anchorSalt: ironAnchor(t).salt, nextAnchor: concealedAnchor('USA', IRON, inAdvance) });
    exchange(t);
    // Then it opens the line begun in advance: refused at the seat, naming the brigade, nothing written.
    const before = hashes(t);
    const early: OpenConcealedPlotInput = { side: 'USA', commandId: IRON, hex: HEX.deployedAgain, reason: 'player', entries: [second], anchorSalt: inAdvance, nextAnchor: fresh(32) };
    const inAdvanceWords = new RegExp(
      `USA's opened plot for .* began Concealed Movement in 1 July ${turn1.slice(-4)}, before .*'s anchor was published when it last deployed: a command begins again only after it deploys, and this opening is refused`,
    );
    expect(refusal(() => t.USA.openConcealedPlot(early)).message).toMatch(inAdvanceWords);
    expect(hashes(t)).toEqual(before);

    // Sent to the CSA seat in a packet (in place of Gamble's cavalry beginning, signed all the same): refused whole.
    t.USA.concealCommand({ side: 'USA', commandId: GAMBLE, hex: HEX.gamble, strategicMovement: true });
    const honest = packetFrom(t.USA);
    const packet = JSON.parse(JSON.stringify(honest)) as Packet;
    const e = packet.events.find((x) => x.fn === 'sealConcealedPlot')!;
    e.fn = 'openConcealedPlot';
    e.input = JSON.stringify(early);
    e.signature = signText(localPrivateKey(t.USA.db), eventSignedText(seatOf(t.CSA.db)!.gameId, e));
    refusedWhole(t, packet, inAdvanceWords);
    receivePacket(contextOf(t.CSA), honest);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    t.USA.close();
    t.CSA.close();
  });
});
