/**
 * A game played from two seats in the browser preview, through two real bridges over HTTP: a packet of a long
 * game (over the 1 MB a call may send) is sent and received through the seat-file endpoint, while every other
 * call keeps its 1 MB limit; and the shared folder the player named under the shared root is remembered for
 * the game, picked up again when the game is opened again, and never used outside the preview's shared root.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameService } from '../../db/service';
import { bridgeClientScript, SEAT_FILE_FUNCTIONS } from './client-script';
import { MAX_BODY_BYTES, startBridge, type Bridge } from './server';

const SCENARIO = 'skirmish-at-willoughby-run';
/** The seat-file endpoint's limit here: lowered, so that a body over it is cheap to send. */
const SEAT_FILE_LIMIT = 8_000_000;

type Answer = { ok: boolean; value?: unknown; error?: { code: string; field?: string; message: string } };

let dir: string;
let root: string;
let renderer: string;
const bridges: Bridge[] = [];

async function bridgeOf(name: string, options: { sharedRoot?: string; file?: string } = {}): Promise<Bridge> {
  const b = await startBridge({ dir: join(dir, name), rendererRoot: renderer, log: () => undefined, sharedFolderEveryMs: 0, maxSeatFileBodyBytes: SEAT_FILE_LIMIT, ...options });
  bridges.push(b);
  return b;
}

async function post(b: Bridge, path: string, fn: string, input?: unknown): Promise<{ status: number; body: Answer | null }> {
  const response = await fetch(`${b.origin}/__muster/${path}/${fn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-muster-token': b.token },
    body: JSON.stringify(input === undefined ? { args: [] } : { args: [input] }),
  });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as Answer) : null };
}

/** A call as the page's window.muster makes it: the seat-file functions through their own endpoint. */
const call = async (b: Bridge, fn: string, input?: unknown): Promise<Answer> => (await post(b, SEAT_FILE_FUNCTIONS.includes(fn) ? 'seat-file' : 'call', fn, input)).body!;
const value = async <T>(b: Bridge, fn: string, input?: unknown): Promise<T> => {
  const r = await call(b, fn, input);
  if (!r.ok) throw new Error(`${fn}: ${r.error?.message}`);
  return r.value as T;
};
const gameOf = (b: Bridge) => b.handlers.currentBackend() as unknown as GameService;

/** Host (USA) and guest (CSA), each in its own preview, past the first Orders step, both files in step. */
async function twoPreviews(sharedRoot?: string) {
  const host = await bridgeOf(`host-${bridges.length}`, sharedRoot ? { sharedRoot } : {});
  const guest = await bridgeOf(`guest-${bridges.length}`, sharedRoot ? { sharedRoot } : {});
  const made = await value<{ file: { text: string } }>(host, 'newSeatGame', { scenario: SCENARIO, seat: 'USA', players: { USA: 'Ann', CSA: 'Bob' } });
  const joined = await value<{ file: { text: string } }>(guest, 'joinSeatGame', { seat: 'CSA', invitation: made.file.text });
  await value(host, 'receiveSeatFile', { text: joined.file.text });
  await value(host, 'finishEntries', { side: 'USA' });
  await value(guest, 'finishEntries', { side: 'CSA' });
  const pass = async (from: Bridge, to: Bridge) => value(to, 'receiveSeatFile', { text: (await value<{ text: string }>(from, 'sendSeatPacket')).text });
  for (let i = 0; i < 3; i += 1) {
    await pass(host, guest);
    await pass(guest, host);
  }
  return { host, guest, pass };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-bridge-seats-'));
  root = join(dir, 'shared');
  renderer = join(dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
});

afterAll(async () => {
  for (const b of bridges.splice(0)) await b.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a packet over 1 MB in the browser preview', () => {
  it('is written by Send, and taken whole by Receive through the seat-file endpoint; the call endpoint still refuses it', async () => {
    const { host, guest } = await twoPreviews();
    // Weeks of play by e-mail without a packet: the seat whose step it is rolls 1,500 dice (one transaction, for speed).
    const info = await value<{ seat: { toAct: { seat: string } } }>(host, 'currentGame');
    expect(['USA', 'CSA']).toContain(info.seat.toAct.seat);
    const [writer, reader] = info.seat.toAct.seat === 'USA' ? [host, guest] : [guest, host];
    const g = gameOf(writer);
    g.db.transaction(() => {
      for (let i = 0; i < 1500; i += 1) g.rollDie({ purpose: `A long day's roll ${i}: `.padEnd(200, '.') });
    })();

    const sent = await value<{ text: string; events: number }>(writer, 'sendSeatPacket');
    expect(sent.events).toBe(1500);
    expect(Buffer.byteLength(sent.text)).toBeGreaterThan(MAX_BODY_BYTES);

    // Through the call endpoint it is too large: the 1 MB limit that guards the bridge stands.
    const before = gameOf(reader).info().eventCount;
    expect((await post(reader, 'call', 'receiveSeatFile', { text: sent.text })).status).toBe(413);
    expect(gameOf(reader).info().eventCount).toBe(before);
    // Through the seat-file endpoint, as the page sends it, it is checked and taken whole.
    const received = await value<{ events: number; summary: string }>(reader, 'receiveSeatFile', { text: sent.text });
    expect(received).toMatchObject({ events: 1500, summary: expect.stringMatching(/^1500 new events from the (USA|CSA) seat/) });
    expect(gameOf(reader).info().fingerprint).toBe(gameOf(writer).info().fingerprint);
  });

  it('the seat-file endpoint takes only the calls that carry a file of the other seat, and only up to its own limit', async () => {
    const b = await bridgeOf('limits');
    expect((await post(b, 'seat-file', 'recordLoss', { unitId: 'x', sp: 1 })).status).toBe(404);
    expect((await post(b, 'seat-file', 'info')).status).toBe(404);
    const over = await post(b, 'seat-file', 'receiveSeatFile', { text: 'x'.repeat(SEAT_FILE_LIMIT + 1_000) });
    expect(over.status).toBe(413);
    // Under it, the contract judges the text (here: not a packet), in words naming the field.
    const under = await post(b, 'seat-file', 'receiveSeatFile', { text: 'x'.repeat(2 * MAX_BODY_BYTES) });
    expect(under.body).toMatchObject({ ok: false, error: { field: 'text', message: 'text: packet: this file is not a Muster packet (it is not JSON)' } });
  });

  it("the page's window.muster sends Receive and Join to the seat-file endpoint, every other call to the call endpoint", async () => {
    const urls: string[] = [];
    const fakeWindow: Record<string, unknown> = {};
    const fakeFetch = async (url: string) => (urls.push(url), { ok: true, status: 200, json: async () => ({ ok: true, value: null }) });
    runInNewContext(bridgeClientScript(), { window: fakeWindow, fetch: fakeFetch, JSON, Object });
    const api = fakeWindow.muster as Record<string, (input?: unknown) => Promise<unknown>>;
    await api.receiveSeatFile!({ text: '{}' });
    await api.joinSeatGame!({ seat: 'CSA' });
    await api.sendSeatPacket!();
    expect(urls).toEqual(['./__muster/seat-file/receiveSeatFile', './__muster/seat-file/joinSeatGame', './__muster/call/sendSeatPacket']);
  });
});

describe("the preview's shared folder, remembered for the game", () => {
  it('is picked up again when the game is opened again; another preview whose shared root does not hold it says so and never touches it', async () => {
    const { host, guest } = await twoPreviews(root);
    expect(await value(guest, 'chooseSharedFolder', { name: 'battle' })).toMatchObject({ folder: join(root, 'battle'), remembered: false, problem: null });
    expect(await value(host, 'chooseSharedFolder', { name: 'battle' })).toMatchObject({ folder: join(root, 'battle'), remembered: false, problem: null });
    const file = gameOf(host).info().file;
    await value(host, 'closeGame');
    expect(await value(host, 'sharedFolder')).toBeNull();

    // Opened again from the preview's games: the folder is looked at again, and the seat line's state says so.
    await value(host, 'openFromFolder', { name: basename(file) });
    expect(await value(host, 'sharedFolder')).toMatchObject({ folder: join(root, 'battle'), remembered: true, problem: null, lastLook: expect.any(String) });
    // A change made here goes to the folder at once, as before.
    await value(host, 'rollDie', { purpose: 'the ford', roll: 3 });
    await value(guest, 'lookAtSharedFolder');
    expect(gameOf(guest).info().fingerprint).toBe(gameOf(host).info().fingerprint);

    // The same game in a preview started with another shared root: the remembered folder is named, not used.
    const packet = join(root, 'battle', `muster-${gameOf(host).info().seat!.gameId.slice(0, 16)}-USA.json`);
    const written = statSync(packet).mtimeMs;
    const text = readFileSync(packet, 'utf8');
    await value(host, 'closeGame');
    const elsewhere = await bridgeOf('elsewhere', { sharedRoot: join(dir, 'other-root'), file });
    expect(await value(elsewhere, 'sharedFolder')).toMatchObject({
      folder: join(root, 'battle'),
      remembered: true,
      problem: `the shared folder picked for this game last time (${join(root, 'battle')}) is not one of this preview's shared folders (in ${join(dir, 'other-root')}): pick one with Shared folder…`,
    });
    await value(elsewhere, 'rollDie', { purpose: 'the bridge', roll: 5 });
    await value(elsewhere, 'lookAtSharedFolder');
    expect(readFileSync(packet, 'utf8')).toBe(text);
    expect(statSync(packet).mtimeMs).toBe(written);
    expect(existsSync(join(dir, 'other-root', 'battle'))).toBe(false);
  });
});
