/**
 * The two-seat commands of the command line, on real files (RI-H09): the host creates the game and its
 * invitation, the other player joins and replies, and the seats play by packet files. A refused packet
 * writes nothing; the same packet twice changes nothing.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../db/cli';
import { fileHash, tempDir } from '../fixtures/game';

const tmp = tempDir('muster-seats-cli-');
afterAll(() => tmp.cleanup());

const ok = (argv: string[]): string => {
  const r = runCli(argv);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};

describe('npm run cli -- new / join / send / receive', () => {
  it('plays the first Orders Segment step through files: invitation, reply, commitments and reveals, one fingerprint', () => {
    const f = (name: string) => tmp.file(name);
    expect(ok(['new', f('usa.muster'), '--scenario', 'skirmish-at-willoughby-run', '--seat', 'USA', '--invite', f('invite.json')])).toMatch(/the USA seat \(key [0-9a-f]{16}\)/);
    expect(JSON.parse(readFileSync(f('invite.json'), 'utf8'))).toMatchObject({ format: 'muster/seats/invitation/1', scenario: 'skirmish-at-willoughby-run', host: { side: 'USA' } });
    // The invitation names the host's seat: the other player joins as the other side.
    expect(runCli(['join', f('bad.muster'), '--invite', f('invite.json'), '--seat', 'USA', '--reply', f('bad.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('the host plays USA: join as CSA') });
    expect(ok(['join', f('csa.muster'), '--invite', f('invite.json'), '--seat', 'CSA', '--reply', f('reply.json')])).toMatch(/joined as the CSA seat/);
    expect(ok(['receive', f('usa.muster'), f('reply.json')])).toContain('the CSA seat has joined');
    expect(ok(['receive', f('usa.muster'), f('reply.json')])).toContain('had already joined: nothing changed');

    // Each seat finishes its (empty) entries of I.A: a commitment each, no entry leaves its seat.
    ok(['call', f('usa.muster'), 'finishEntries', '{"side":"USA"}']);
    ok(['call', f('csa.muster'), 'finishEntries', '{"side":"CSA"}']);
    expect(ok(['send', f('usa.muster'), f('p1.json')])).toContain('0 events and 1 commitment from the USA seat');
    expect(runCli(['send', f('usa.muster'), f('p1.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    ok(['receive', f('csa.muster'), f('p1.json')]);
    ok(['send', f('csa.muster'), f('p2.json')]);
    expect(ok(['receive', f('usa.muster'), f('p2.json')])).toContain("this seat's entries are revealed: send a packet");
    ok(['send', f('usa.muster'), f('p3.json')]);
    expect(ok(['receive', f('csa.muster'), f('p3.json')])).toContain("this seat's entries are revealed");
    ok(['send', f('csa.muster'), f('p4.json')]);
    ok(['receive', f('usa.muster'), f('p4.json')]);

    // A packet received twice changes nothing, byte for byte.
    const before = fileHash(f('usa.muster'));
    expect(ok(['receive', f('usa.muster'), f('p4.json')])).toContain('received: 0 new events');
    expect(fileHash(f('usa.muster'))).toBe(before);

    // Out of turn: the CSA seat may not move the clock (the USA player does until the Initiative is known).
    const refused = runCli(['call', f('csa.muster'), 'advanceClock']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("it is not the CSA seat's turn");

    // A die rolled jointly: the USA seat commits to its share, the CSA seat answers, the USA seat records it.
    expect(ok(['roll', f('usa.muster'), '--purpose', 'the ford'])).toContain("this seat's share is committed");
    ok(['send', f('usa.muster'), f('p5.json')]);
    ok(['receive', f('csa.muster'), f('p5.json')]);
    ok(['send', f('csa.muster'), f('p6.json')]);
    ok(['receive', f('usa.muster'), f('p6.json')]);
    expect(ok(['log', f('usa.muster')])).toMatch(/Die roll for the ford: \d \(rolled jointly by both seats\)/);
    ok(['send', f('usa.muster'), f('p7.json')]);
    ok(['receive', f('csa.muster'), f('p7.json')]);

    const fingerprint = (file: string) => /fingerprint: (\S+)/.exec(ok(['info', file]))![1];
    expect(fingerprint(f('csa.muster'))).toBe(fingerprint(f('usa.muster')));
    for (const file of [f('usa.muster'), f('csa.muster')]) expect(ok(['verify', file])).toMatch(/seats: \d+ signatures and commitments, each the seat's own, each revealed entry as committed/);
  });

  it('refuses a packet file that is not one, and a packet for a game played at one laptop', () => {
    const f = (name: string) => tmp.file(name);
    ok(['new', f('one.muster'), '--scenario', 'skirmish-at-willoughby-run']);
    ok(['new', f('host.muster'), '--scenario', 'skirmish-at-willoughby-run', '--seat', 'CSA', '--invite', f('host-invite.json')]);
    ok(['send', f('host.muster'), f('host-packet.json')]);
    expect(runCli(['receive', f('one.muster'), f('host-packet.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('played at one laptop') });
    expect(runCli(['receive', f('host.muster'), f('host-invite.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('not a Muster packet') });
    expect(runCli(['receive', f('host.muster'), f('nowhere.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('does not exist') });
    expect(runCli(['new', f('x.muster'), '--seat', 'Union', '--invite', f('x.json')])).toMatchObject({ code: 2, stderr: expect.stringContaining('--seat must be USA or CSA') });
  });

  it('sync: the first step played through a shared folder, each seat looking in turn', () => {
    const f = (name: string) => tmp.file(name);
    mkdirSync(f('shared'));
    ok(['new', f('s-usa.muster'), '--scenario', 'skirmish-at-willoughby-run', '--seat', 'USA', '--invite', f('s-invite.json')]);
    ok(['join', f('s-csa.muster'), '--invite', f('s-invite.json'), '--seat', 'CSA', '--reply', f('s-reply.json')]);
    ok(['receive', f('s-usa.muster'), f('s-reply.json')]);
    ok(['call', f('s-usa.muster'), 'finishEntries', '{"side":"USA"}']);
    ok(['call', f('s-csa.muster'), 'finishEntries', '{"side":"CSA"}']);
    expect(ok(['sync', f('s-usa.muster'), f('shared')])).toContain("nothing new from the other seat; this seat's packet written");
    for (let i = 0; i < 3; i += 1) {
      ok(['sync', f('s-csa.muster'), f('shared')]);
      ok(['sync', f('s-usa.muster'), f('shared')]);
    }
    const fingerprint = (file: string) => /fingerprint: (\S+)/.exec(ok(['info', file]))![1];
    expect(fingerprint(f('s-csa.muster'))).toBe(fingerprint(f('s-usa.muster')));
    expect(ok(['call', f('s-csa.muster'), 'turnState'])).toContain('"revealed":true');
    expect(runCli(['sync', f('s-usa.muster'), f('nowhere')])).toMatchObject({ code: 1, stderr: expect.stringContaining('does not exist') });
  });
});
