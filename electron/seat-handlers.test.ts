// The shell's functions of a game played from two seats, on real game files: Play from two seats (the game
// file and the invitation, named in dialogs), Join a game from the invitation's text as the window reads it
// (checked by the contract, refused in players' words with nothing written), Receive, Send, and one shared
// folder that two seats' shells look at: the reply comes through it, and so do the hidden entries and their
// reveal, until both files have one fingerprint.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorInfo, GameChangedEvent } from '../contract';
import { dispatch } from '../db/dispatch';
import { createGameBackendFactory } from './game-backend';
import { createHandlers, type GameBackendFactory, type ShellDialogs, type ShellHandlers } from './handlers';
import { PlayerChartsStore } from './charts';
import { RecentFilesStore } from './files';
import { seatDialogs } from './seat-dialogs';
import { TEST_SCENARIO } from './test-support/games';

interface Shell {
  handlers: ShellHandlers;
  /** Answers for the next dialogs (a path, or null for Cancel), and what was asked. */
  answers: (string | null)[];
  asked: string[];
  reported: { file: string; error: ErrorInfo }[];
  changes: GameChangedEvent['reason'][];
  /** The folder the next Shared Folder dialog answers (null: Cancel). */
  folder: string | null;
}

let dir: string;
const shells: Shell[] = [];

/** The real backend (two seats included), any scenario id mapped to the test scenario. */
function testBackend(): GameBackendFactory {
  const real = createGameBackendFactory();
  return { ...real, create: (input) => real.create({ ...input, scenario: TEST_SCENARIO }), seats: { ...real.seats!, create: (input) => real.seats!.create({ ...input, scenario: TEST_SCENARIO }) } };
}

function shell(name: string, sharedFolder?: string, device?: string): Shell {
  const answers: (string | null)[] = [];
  const asked: string[] = [];
  const reported: Shell['reported'] = [];
  const changes: Shell['changes'] = [];
  const next = () => answers.shift() ?? null;
  const dialogs: ShellDialogs = {
    chooseNewGameFile: async (suggested) => (asked.push(`new ${suggested}`), next()),
    chooseGameToOpen: async () => (asked.push('open'), next()),
    chooseSaveAsFile: async (suggested) => (asked.push(`save-as ${suggested}`), next()),
    reportFileError: async (file, error) => void reported.push({ file, error }),
    chooseSeatFileToWrite: async (kind, suggested) => (asked.push(`write ${kind} ${suggested}`), next()),
    chooseSeatFileToRead: async (kind) => (asked.push(`read ${kind}`), next()),
    chooseSharedFolder: async () => (asked.push('folder'), s.folder),
  };
  const handlers = createHandlers({
    backend: testBackend(),
    dialogs,
    recent: new RecentFilesStore(join(dir, name, 'recent-files.json'), 'linux'),
    charts: new PlayerChartsStore(join(dir, name, 'player-charts.json')),
    appInfo: { name: 'Muster', version: '0.1.0', host: 'electron', platform: 'linux', versions: {} },
    scenarios: () => [],
    onGameChanged: (e) => changes.push(e.reason),
    platform: 'linux',
    // The tests look at the folder themselves: no timer.
    sharedFolderEveryMs: 0,
    ...(device !== undefined ? { device } : {}),
  });
  const s: Shell = { handlers, answers, asked, reported, changes, folder: sharedFolder ?? null };
  shells.push(s);
  return s;
}

/** A call as the window makes it: the input parsed by the contract first. */
async function windowCall(s: Shell, fn: Parameters<typeof dispatch>[1], input?: unknown) {
  return dispatch(s.handlers, fn, input === undefined ? [] : [input], { validateOutput: true });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-seat-shell-'));
});
afterEach(() => {
  for (const s of shells.splice(0)) s.handlers.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

/** The host (USA) has created the game; the other shell (CSA) has joined from the invitation's text. */
async function hostAndJoin(folder?: string) {
  const host = shell('host', folder);
  host.answers.push(join(dir, 'host-game'), join(dir, 'for-csa'));
  const made = await host.handlers.newSeatGame({ scenario: 'two-brigades', seat: 'USA', players: { USA: 'Ann', CSA: 'Bob' } });
  const guest = shell('guest', folder);
  guest.answers.push(join(dir, 'guest-game.muster'), join(dir, 'reply-for-ann.json'));
  const joined = await windowCall(guest, 'joinSeatGame', { seat: 'CSA', invitation: readFileSync(made!.file.path, 'utf8') });
  return { host, guest, made: made!, joined };
}

describe('Play from two seats', () => {
  it('asks where the game and the invitation go, creates the seat\'s game and writes the invitation for the other seat', async () => {
    const host = shell('host');
    host.answers.push(join(dir, 'first-day'), join(dir, 'for-bob'));
    const made = await host.handlers.newSeatGame({ scenario: 'two-brigades', seat: 'USA', players: { USA: 'Ann', CSA: 'Bob' } });
    expect(host.asked).toEqual(['new two-brigades.muster', 'write invitation first-day-invitation.json']);
    expect(made!.game.file).toBe(join(dir, 'first-day.muster'));
    expect(made!.game.seat).toMatchObject({ side: 'USA', otherJoined: false, toAct: { seat: 'both' } });
    expect(made!.file).toMatchObject({ path: join(dir, 'for-bob.json'), name: 'for-bob.json' });
    const invitation = JSON.parse(readFileSync(join(dir, 'for-bob.json'), 'utf8')) as { format: string; players: unknown; host: { side: string } };
    expect(invitation).toMatchObject({ format: 'muster/seats/invitation/1', players: { USA: 'Ann', CSA: 'Bob' }, host: { side: 'USA' } });
    expect(made!.file.text).toBe(readFileSync(join(dir, 'for-bob.json'), 'utf8'));
    expect(host.changes).toEqual(['created']);
  });

  it('never writes over a file: an invitation name that exists is refused, and no game file is made', async () => {
    const host = shell('host');
    writeFileSync(join(dir, 'taken.json'), 'mine');
    host.answers.push(join(dir, 'second-day.muster'), join(dir, 'taken.json'));
    await expect(host.handlers.newSeatGame({ scenario: 'two-brigades', seat: 'CSA' })).rejects.toMatchObject({ code: 'FILE_EXISTS', field: 'invitation' });
    expect(existsSync(join(dir, 'second-day.muster'))).toBe(false);
    expect(readFileSync(join(dir, 'taken.json'), 'utf8')).toBe('mine');
  });

  it('cancelled in either dialog, nothing is made', async () => {
    const host = shell('host');
    host.answers.push(join(dir, 'third-day.muster'), null);
    expect(await host.handlers.newSeatGame({ scenario: 'two-brigades', seat: 'USA' })).toBeNull();
    expect(readdirSync(dir).filter((f) => f.endsWith('.muster'))).toEqual([]);
  });
});

describe('Join a game', () => {
  it('makes the same game from the invitation the window read, and writes the reply the host receives', async () => {
    const { host, guest, made, joined } = await hostAndJoin();
    expect(joined.ok).toBe(true);
    const value = (joined as { value: { game: { seat: { side: string; gameId: string } }; file: { path: string; text: string } } }).value;
    expect(value.game.seat).toMatchObject({ side: 'CSA', gameId: made.game.seat!.gameId });
    expect(guest.asked).toEqual(['new two-brigades-csa.muster', 'write reply guest-game-reply.json']);
    expect(value.file.path).toBe(join(dir, 'reply-for-ann.json'));
    expect(guest.changes).toEqual(['opened']);
    const received = await windowCall(host, 'receiveSeatFile', { text: value.file.text });
    expect(received).toMatchObject({ ok: true, value: { kind: 'reply', summary: 'The CSA seat has joined: packets can go both ways now', game: { seat: { otherJoined: true } } } });
    expect(host.changes.at(-1)).toBe('received');
  });

  it('refuses, in words naming the field, a file that is not an invitation and a seat the host has taken; nothing is written', async () => {
    const host = shell('host');
    host.answers.push(join(dir, 'host-game'), join(dir, 'for-csa'));
    const made = await host.handlers.newSeatGame({ scenario: 'two-brigades', seat: 'USA' });
    const guest = shell('guest');
    const damaged = await windowCall(guest, 'joinSeatGame', { seat: 'CSA', invitation: readFileSync(made!.file.path, 'utf8').replace('"USA"', '"Union"') });
    expect(damaged).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENT', field: 'invitation', message: 'invitation: this is not a Muster invitation, or it is damaged: nothing was read from it' } });
    const notJson = await windowCall(guest, 'joinSeatGame', { seat: 'CSA', invitation: 'Dear Bob, join me' });
    expect(notJson).toMatchObject({ ok: false, error: { field: 'invitation', message: 'invitation: this file is not a Muster invitation (it is not JSON)' } });
    const sameSeat = await windowCall(guest, 'joinSeatGame', { seat: 'USA', invitation: made!.file.text });
    expect(sameSeat).toMatchObject({ ok: false, error: { field: 'seat', message: 'Your seat: the host plays USA, so you join as CSA' } });
    expect(guest.asked).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith('guest'))).toEqual([]);
  });
});

describe('a file from another version of Muster', () => {
  it('is refused in the window and from a dialog, naming both versions and who must update; nothing is written', async () => {
    const host = shell('host');
    host.answers.push(join(dir, 'versions-game'), join(dir, 'versions-invite'));
    const made = await host.handlers.newSeatGame({ scenario: 'two-brigades', seat: 'USA' });
    const invitation = JSON.parse(made!.file.text) as { muster: { schema: number } };
    const ours = invitation.muster.schema;
    // A newer Muster's invitation may hold a field this one does not know: it is still told apart from a damaged one.
    const newer = JSON.stringify({ ...invitation, muster: { schema: ours + 1 }, somethingNew: true });
    const guest = shell('guest');
    expect(await windowCall(guest, 'joinSeatGame', { seat: 'CSA', invitation: newer })).toMatchObject({
      ok: false,
      error: { field: 'invitation', message: expect.stringContaining(`this invitation comes from a newer Muster (its Muster writes game files of version ${ours + 1}, this one of version ${ours})`) },
    });
    writeFileSync(join(dir, 'older-invite.json'), JSON.stringify({ ...invitation, muster: { schema: ours - 1 } }));
    guest.answers.push(join(dir, 'older-invite.json'));
    await expect(guest.handlers.joinSeatGame({ seat: 'CSA' })).rejects.toMatchObject({ field: 'invitation', message: expect.stringContaining('Ask the host to update Muster and invite you again') });
    expect(readdirSync(dir).filter((f) => f.endsWith('.muster'))).toEqual(['versions-game.muster']);
    // A damaged file of this same Muster is still called damaged.
    const damaged = await windowCall(guest, 'joinSeatGame', { seat: 'CSA', invitation: made!.file.text.replace('"USA"', '"Union"') });
    expect(damaged).toMatchObject({ ok: false, error: { field: 'invitation', message: 'invitation: this is not a Muster invitation, or it is damaged: nothing was read from it' } });
  });
});

describe('Send and Receive', () => {
  it('carry the hidden entries and their reveal between the seats, packet by packet, to one fingerprint', async () => {
    const { host, guest, joined } = await hostAndJoin();
    await windowCall(host, 'receiveSeatFile', { text: (joined as { value: { file: { text: string } } }).value.file.text });
    const pass = async (from: Shell, to: Shell, name: string) => {
      from.answers.push(join(dir, name));
      const sent = await windowCall(from, 'sendSeatPacket');
      expect(sent.ok).toBe(true);
      return windowCall(to, 'receiveSeatFile', { text: readFileSync(join(dir, `${name}.json`), 'utf8') });
    };
    expect(await windowCall(host, 'finishEntries', { side: 'USA' })).toMatchObject({ ok: true });
    expect(await windowCall(guest, 'finishEntries', { side: 'CSA' })).toMatchObject({ ok: true });
    expect(await pass(guest, host, 'p1')).toMatchObject({ ok: true, value: { kind: 'packet', revealed: true } });
    expect(await pass(host, guest, 'p2')).toMatchObject({ ok: true, value: { revealed: true } });
    expect(await pass(guest, host, 'p3')).toMatchObject({ ok: true, value: { summary: '1 new event from the CSA seat; 1 commitment to hidden entries' } });
    const [a, b] = [host.handlers.currentBackend()!.info(), guest.handlers.currentBackend()!.info()];
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.secretEntries?.revealed).toBe(true);
    // The same packet again brings nothing, and changes nothing.
    expect(await windowCall(host, 'receiveSeatFile', { text: readFileSync(join(dir, 'p3.json'), 'utf8') })).toMatchObject({ ok: true, value: { summary: 'Nothing new', events: 0 } });
    expect(host.handlers.currentBackend()!.info().fingerprint).toBe(a.fingerprint);
  });

  it('a game played at one laptop has nothing to send: refused in words', async () => {
    const solo = shell('solo');
    solo.answers.push(join(dir, 'solo.muster'));
    await solo.handlers.newGame({ scenario: 'two-brigades' });
    expect(await windowCall(solo, 'sendSeatPacket')).toMatchObject({ ok: false, error: { field: 'file', message: expect.stringContaining('played at one laptop, not from two seats') } });
    expect(await windowCall(solo, 'chooseSharedFolder')).toMatchObject({ ok: false, error: { field: 'file' } });
  });
});

describe('the shared folder', () => {
  it('brings the reply, the hidden entries and their reveal through one folder, each change written out at once', async () => {
    const folder = join(dir, 'Dropbox', 'gettysburg');
    mkdirSync(folder, { recursive: true });
    const { host, guest } = await hostAndJoin(folder);
    // The guest picks the folder first: its key is there for the host, who has not received the reply.
    expect(await windowCall(guest, 'chooseSharedFolder')).toMatchObject({ ok: true, value: { folder, problem: null } });
    const picked = await windowCall(host, 'chooseSharedFolder');
    expect(picked).toMatchObject({ ok: true, value: { folder, lastResult: 'The CSA seat has joined', problem: null } });
    expect(host.changes.at(-1)).toBe('received');
    expect(host.handlers.currentBackend()!.info().seat!.otherJoined).toBe(true);

    // Each seat's hidden entry goes to the folder as its commitment the moment it is made.
    await windowCall(host, 'finishEntries', { side: 'USA' });
    await windowCall(guest, 'finishEntries', { side: 'CSA' });
    for (const s of [host, guest, host, guest]) await windowCall(s, 'lookAtSharedFolder');
    const [a, b] = [host.handlers.currentBackend()!.info(), guest.handlers.currentBackend()!.info()];
    expect(a.secretEntries?.revealed).toBe(true);
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.seat).toMatchObject({ toAct: { seat: 'USA' }, waiting: expect.stringContaining("the USA seat's turn") });
    expect(await windowCall(guest, 'sharedFolder')).toMatchObject({ ok: true, value: { folder, lastLook: expect.any(String), everySeconds: 0 } });
  });

  it('a look that fails is kept in words and told to the window once; closing the game stops the looks', async () => {
    const folder = join(dir, 'gone');
    mkdirSync(folder);
    const { host } = await hostAndJoin(folder);
    await windowCall(host, 'chooseSharedFolder');
    rmSync(folder, { recursive: true });
    const looked = await windowCall(host, 'lookAtSharedFolder');
    expect(looked).toMatchObject({ ok: true, value: { problem: `the shared folder ${folder} is not there any more (moved, renamed, deleted, or on a drive that is not connected): pick another with Shared folder…, or bring it back and Muster picks it up again by itself`, lastResult: 'the last look failed' } });
    await windowCall(host, 'lookAtSharedFolder');
    expect(host.changes.filter((c) => c === 'folder-problem')).toHaveLength(1);
    await host.handlers.closeGame(undefined);
    expect(await windowCall(host, 'sharedFolder')).toEqual({ ok: true, value: null });
  });
});

describe('the shared folder, remembered for the game on this device', () => {
  it('is picked up again by itself when the game is opened again, and says so; it goes in no packet and no event, and the other seat never learns it', async () => {
    const folder = join(dir, 'Dropbox', 'gettysburg');
    mkdirSync(folder, { recursive: true });
    // The host's device names the same folder by another path (its own mount of it).
    const hostsView = join(dir, 'host-mount');
    symlinkSync(folder, hostsView);
    const { host, guest } = await hostAndJoin(folder);
    host.folder = hostsView;
    await windowCall(guest, 'chooseSharedFolder');
    expect(await windowCall(host, 'chooseSharedFolder')).toMatchObject({ ok: true, value: { folder: hostsView, remembered: false, problem: null } });
    // Picking it (again: nothing new in the folder) is remembered with no event: the fingerprint stays.
    const before = host.handlers.currentBackend()!.info();
    expect(await windowCall(host, 'chooseSharedFolder')).toMatchObject({ ok: true, value: { folder: hostsView, lastResult: 'nothing new' } });
    expect(host.handlers.currentBackend()!.info()).toMatchObject({ fingerprint: before.fingerprint, eventCount: before.eventCount });
    const hostFile = before.file;
    await host.handlers.closeGame(undefined);
    expect(await windowCall(host, 'sharedFolder')).toEqual({ ok: true, value: null });

    // While the host's game is closed, the guest plays on: its entries go to the folder.
    await windowCall(guest, 'finishEntries', { side: 'CSA' });
    // Opened again: the folder is looked at at once, with no dialog, and the guest's commitment comes in.
    host.asked.length = 0;
    const reopened = await windowCall(host, 'openRecent', { file: hostFile });
    expect(reopened).toMatchObject({ ok: true, value: { file: hostFile } });
    expect(host.asked).toEqual([]);
    expect(await windowCall(host, 'sharedFolder')).toMatchObject({ ok: true, value: { folder: hostsView, remembered: true, problem: null, lastLook: expect.any(String), lastResult: expect.stringContaining('from the CSA seat') } });
    // The two seats play on through it, to one fingerprint.
    await windowCall(host, 'finishEntries', { side: 'USA' });
    for (const s of [guest, host, guest]) await windowCall(s, 'lookAtSharedFolder');
    const [a, b] = [host.handlers.currentBackend()!.info(), guest.handlers.currentBackend()!.info()];
    expect(a.secretEntries?.revealed).toBe(true);
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(await windowCall(host, 'verify')).toMatchObject({ ok: true, value: { ok: true } });
    // The other seat's file, the packets and the keys in the folder hold nothing of the host's path.
    const guestFile = guest.handlers.currentBackend()!.info().file;
    guest.handlers.shutdown();
    host.handlers.shutdown();
    for (const f of [guestFile, `${guestFile}-wal`, ...readdirSync(folder).map((n) => join(folder, n))]) {
      if (existsSync(f)) expect(readFileSync(f).includes(Buffer.from('host-mount'))).toBe(false);
    }
    // The host's own file keeps it, outside the log: opened again, the folder comes back.
    expect(readFileSync(hostFile).includes(Buffer.from(hostsView)) || readFileSync(`${hostFile}-wal`).includes(Buffer.from(hostsView))).toBe(true);
  });

  it("a remembered folder that is gone is said so in players' words, with the way to pick another; the one picked then is remembered instead", async () => {
    const first = join(dir, 'usb-stick', 'game');
    mkdirSync(first, { recursive: true });
    const { host } = await hostAndJoin(first);
    await windowCall(host, 'chooseSharedFolder');
    const hostFile = host.handlers.currentBackend()!.info().file;
    await host.handlers.closeGame(undefined);
    rmSync(join(dir, 'usb-stick'), { recursive: true });

    await windowCall(host, 'openRecent', { file: hostFile });
    expect(await windowCall(host, 'sharedFolder')).toMatchObject({
      ok: true,
      value: { folder: first, remembered: true, lastResult: 'the last look failed', problem: `the shared folder ${first} is not there any more (moved, renamed, deleted, or on a drive that is not connected): pick another with Shared folder…, or bring it back and Muster picks it up again by itself` },
    });
    // Writes at the seat go on; nothing is written where the folder was.
    expect(await windowCall(host, 'finishEntries', { side: 'USA' })).toMatchObject({ ok: true });
    expect(existsSync(first)).toBe(false);

    const second = join(dir, 'Syncthing', 'game');
    mkdirSync(second, { recursive: true });
    host.folder = second;
    expect(await windowCall(host, 'chooseSharedFolder')).toMatchObject({ ok: true, value: { folder: second, remembered: false, problem: null } });
    await host.handlers.closeGame(undefined);
    await windowCall(host, 'openRecent', { file: hostFile });
    expect(await windowCall(host, 'sharedFolder')).toMatchObject({ ok: true, value: { folder: second, remembered: true, problem: null } });
  });

  it('belongs to the device it was picked on: the same file opened on another computer has none, and one picked there is its own', async () => {
    const folder = join(dir, 'Dropbox', 'game');
    mkdirSync(folder, { recursive: true });
    const { host } = await hostAndJoin(folder);
    await windowCall(host, 'chooseSharedFolder');
    const hostFile = host.handlers.currentBackend()!.info().file;
    host.handlers.shutdown();

    const laptop = shell('laptop', join(dir, 'laptop-sync'), 'b'.repeat(64));
    mkdirSync(join(dir, 'laptop-sync'));
    laptop.answers.push(hostFile);
    expect(await windowCall(laptop, 'openGame')).toMatchObject({ ok: true, value: { file: hostFile } });
    expect(await windowCall(laptop, 'sharedFolder')).toEqual({ ok: true, value: null });
    expect(await windowCall(laptop, 'chooseSharedFolder')).toMatchObject({ ok: true, value: { folder: join(dir, 'laptop-sync'), remembered: false } });
    laptop.handlers.shutdown();

    // Back on the first computer, its own folder comes back.
    const again = shell('again', folder);
    again.answers.push(hostFile);
    await windowCall(again, 'openGame');
    expect(await windowCall(again, 'sharedFolder')).toMatchObject({ ok: true, value: { folder, remembered: true, problem: null } });
  });

  it('a folder Muster may not read and write is said so too; a game opened with none remembered has none', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    const { host, guest } = await hostAndJoin(locked);
    await windowCall(host, 'chooseSharedFolder');
    const hostFile = host.handlers.currentBackend()!.info().file;
    await host.handlers.closeGame(undefined);
    rmSync(locked, { recursive: true });
    writeFileSync(locked, 'not a folder');
    await windowCall(host, 'openRecent', { file: hostFile });
    expect(await windowCall(host, 'sharedFolder')).toMatchObject({ ok: true, value: { remembered: true, problem: expect.stringMatching(/^the shared folder .*locked cannot be read and written from this device \(it is not a folder, or its permissions keep Muster out\): pick another with Shared folder…/) } });
    expect(await windowCall(guest, 'sharedFolder')).toEqual({ ok: true, value: null });
  });
});

describe("the desktop app's two-seat dialogs", () => {
  it('offer the documents folder for a file to write, .json files to read, and a folder; a cancel is null', async () => {
    const seen: string[] = [];
    const d = seatDialogs({
      saveDialog: async (o) => (seen.push(`${o.title} @ ${o.defaultPath}`), { canceled: false, filePath: join(dir, 'x.json') }),
      openDialog: async (o) => (seen.push(`${o.title} [${o.properties.join(',')}]`), { canceled: true, filePaths: [] }),
      documents: () => '/home/ann/Documents',
    });
    expect(await d.chooseSeatFileToWrite('invitation', 'first-day-invitation.json')).toBe(join(dir, 'x.json'));
    expect(await d.chooseSeatFileToRead('packet')).toBeNull();
    expect(await d.chooseSharedFolder()).toBeNull();
    expect(seen).toEqual([
      'Play from Two Seats: Write the Invitation @ /home/ann/Documents/first-day-invitation.json',
      'Receive a Packet or Reply [openFile]',
      'Shared Folder (both players pick the same synced folder) [openDirectory,createDirectory]',
    ]);
  });
});
