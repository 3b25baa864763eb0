/**
 * Both seats must run the same Muster: each replays the other's calls through its own service. An
 * invitation, reply or packet says which version of game file its Muster writes, and one from another
 * version is refused before anything of it is read, saying which player must update; the receiving file
 * is left as it was, byte for byte. One from a Muster before this stamp carries none and is read as before.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contextOf } from '../../db/service';
import { createSeatGame, joinSeatGame, receiveReply } from '../../db/seats/invite';
import { receivePacket } from '../../db/seats/packets';
import { LATEST_VERSION } from '../../db/migrations';
import { fileHash, tempDir } from '../fixtures/game';
import { exchange, packetFrom, refusal, twoSeats } from './table';

const tmp = tempDir('muster-seats-versions-');
afterAll(() => tmp.cleanup());

/** A value as another Muster would have written it: the same, its stamp saying `schema` (or no stamp at all). */
function stamped<T extends object>(value: T, schema: number | null): T {
  const copy = JSON.parse(JSON.stringify(value)) as T & { muster?: unknown };
  if (schema === null) delete copy.muster;
  else copy.muster = { schema };
  return copy;
}

describe('a packet says which Muster wrote it', () => {
  it('is stamped with the version of game file this Muster writes', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    expect(packetFrom(t.USA).muster).toEqual({ schema: LATEST_VERSION });
    t.USA.close();
    t.CSA.close();
  });

  it('from a newer Muster: refused whole, this player is told to update; the same packet is taken in once he has', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    t.USA.finishEntries({ side: 'USA' });
    const packet = packetFrom(t.USA);
    // A newer Muster may send what this one does not know: the stamp is read first, so it is not called damaged.
    const newer = { ...stamped(packet, LATEST_VERSION + 1), somethingNew: [1, 2, 3] };
    const before = fileHash(t.files.CSA);
    const events = t.CSA.info().eventCount;
    const e = refusal(() => receivePacket(contextOf(t.CSA), newer));
    expect(e.field).toBe('packet');
    expect(e.message).toContain(`this packet comes from a newer Muster (its Muster writes game files of version ${LATEST_VERSION + 1}, this one of version ${LATEST_VERSION})`);
    expect(e.message).toContain('Update Muster on this device, then take it in again; nothing was read from it');
    expect(t.CSA.info().eventCount).toBe(events);
    expect(fileHash(t.files.CSA)).toBe(before);
    // USA's commitment to its entries of I.A, the packet's news.
    expect(receivePacket(contextOf(t.CSA), packet).commitments).toBe(1);
    t.USA.close();
    t.CSA.close();
  });

  it('from an older Muster: refused whole, the other player is asked to update and send it again', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    t.USA.finishEntries({ side: 'USA' });
    const before = fileHash(t.files.CSA);
    const e = refusal(() => receivePacket(contextOf(t.CSA), stamped(packetFrom(t.USA), LATEST_VERSION - 1)));
    expect(e.message).toContain(`this packet comes from an older Muster (its Muster writes game files of version ${LATEST_VERSION - 1}, this one of version ${LATEST_VERSION})`);
    expect(e.message).toContain('Ask the other player to update Muster and send it again; nothing was read from it');
    expect(fileHash(t.files.CSA)).toBe(before);
    t.USA.close();
    t.CSA.close();
  });

  it('a stamp that is not a version is damage, refused in words', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    const packet = { ...packetFrom(t.USA), muster: { schema: 'latest' } };
    expect(refusal(() => receivePacket(contextOf(t.CSA), packet)).reason).toMatch(/^this packet does not say which Muster wrote it, or it is damaged/);
    t.USA.close();
    t.CSA.close();
  });

  it('from a Muster before the stamp: read as before, and the game goes on to the same fingerprint', () => {
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    t.USA.finishEntries({ side: 'USA' });
    t.CSA.finishEntries({ side: 'CSA' });
    expect(receivePacket(contextOf(t.CSA), stamped(packetFrom(t.USA), null)).commitments).toBe(1);
    exchange(t);
    expect(t.USA.info().fingerprint).toBe(t.CSA.info().fingerprint);
    t.USA.close();
    t.CSA.close();
  });
});

describe('an invitation and its reply say which Muster wrote them', () => {
  const input = (file: string) => ({ file, scenario: 'skirmish-at-willoughby-run', side: 'USA' as const, players: { USA: 'Ann', CSA: 'Bob' } });

  it('an invitation from another Muster makes no file; the host is asked to update, or this player is', () => {
    const host = createSeatGame(input(join(tmp.dir, 'host-a.muster')));
    expect(host.invitation.muster).toEqual({ schema: LATEST_VERSION });
    const older = join(tmp.dir, 'join-older.muster');
    const e = refusal(() => joinSeatGame(older, stamped(host.invitation, LATEST_VERSION - 1), 'CSA'));
    expect(e.field).toBe('invite');
    expect(e.message).toContain('this invitation comes from an older Muster');
    expect(e.message).toContain('Ask the host to update Muster and invite you again');
    expect(existsSync(older)).toBe(false);
    const newer = join(tmp.dir, 'join-newer.muster');
    expect(refusal(() => joinSeatGame(newer, stamped(host.invitation, LATEST_VERSION + 1), 'CSA')).message).toContain('this invitation comes from a newer Muster');
    expect(existsSync(newer)).toBe(false);
    host.game.close();
  });

  it('a reply from another Muster is refused and the host waits for one from the same Muster', () => {
    const host = createSeatGame(input(join(tmp.dir, 'host-b.muster')));
    const joined = joinSeatGame(join(tmp.dir, 'join-b.muster'), JSON.parse(JSON.stringify(host.invitation)), 'CSA');
    expect(joined.reply.muster).toEqual({ schema: LATEST_VERSION });
    const e = refusal(() => receiveReply(host.game, stamped(joined.reply, LATEST_VERSION - 1)));
    expect(e.message).toContain('this reply comes from an older Muster');
    expect(e.message).toContain('Ask the other player to update Muster and join again');
    expect(receiveReply(host.game, JSON.parse(JSON.stringify(joined.reply)))).toEqual({ side: 'CSA', added: true });
    host.game.close();
    joined.game.close();
  });
});
