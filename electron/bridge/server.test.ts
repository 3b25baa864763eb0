/**
 * The browser bridge over a real game file: window.muster's generated client has the preload's shape;
 * calls reach the real handlers through dispatch; and every request without the token, from a foreign
 * Origin or Host, or from another site is refused with 403 while the game file stays byte for byte
 * as it was. Uses plain fetch (and node:http where fetch cannot forge a header).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FUNCTIONS as CHANNEL_FUNCTIONS, EVENT_FUNCTIONS } from '../../contract';
import { CONTENT_SECURITY_POLICY } from '../security';
import { bridgeClientScript, CLIENT_SCRIPT_PATH, injectClientScript } from './client-script';
import { bridgeContentSecurityPolicy, checkRequest, cookieValue, tokenCookieName } from './guard';
import { BRIDGE_TIMEOUTS, freshGameFile, isHashedAsset, MAX_BODY_BYTES, namedGameFile, parseBridgeArgs, parseCallBody, sameBridgePath, startBridge, type Bridge } from './server';

const SMALL_SCENARIO = 'skirmish-at-willoughby-run';

function sha256(file: string): string {
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'absent';
}

/** The game file and its WAL, fingerprinted: a refused request must leave both as they were. */
function fingerprint(file: string): string {
  return `${sha256(file)}/${sha256(`${file}-wal`)}`;
}

/** A raw HTTP request where every header is ours to choose (fetch will not forge Host). */
function rawRequest(port: number, path: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('the generated window.muster', () => {
  it('has one function per channel and one subscription per event, like the preload, and cannot be replaced', () => {
    const fakeWindow: Record<string, unknown> = {};
    runInNewContext(bridgeClientScript(), { window: fakeWindow, fetch: () => Promise.reject(new Error('offline')), JSON, Object });
    const api = fakeWindow.muster as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...CHANNEL_FUNCTIONS, ...EVENT_FUNCTIONS].sort());
    expect(Object.values(api).every((f) => typeof f === 'function')).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(fakeWindow, 'muster')).toMatchObject({ writable: false, configurable: false });
  });

  it('sends exactly one argument (none when undefined) to /__muster/call/<function>', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const fakeFetch = async (url: string, init: { body: string }) => {
      sent.push({ url, body: JSON.parse(init.body) });
      return { ok: true, status: 200, json: async () => ({ ok: true, value: null }) };
    };
    const fakeWindow: Record<string, unknown> = {};
    runInNewContext(bridgeClientScript(), { window: fakeWindow, fetch: fakeFetch, JSON, Object });
    const api = fakeWindow.muster as Record<string, (input?: unknown, extra?: unknown) => Promise<unknown>>;
    await api.recordLoss!({ unitId: 'x', sp: 1 }, 'ignored second argument');
    await api.info!();
    expect(sent).toEqual([
      { url: './__muster/call/recordLoss', body: { args: [{ unitId: 'x', sp: 1 }] } },
      { url: './__muster/call/info', body: { args: [] } },
    ]);
  });

  it('turns a refused or failed request into a typed refusal, never an exception', async () => {
    const fakeWindow: Record<string, unknown> = {};
    let status = 403;
    const fakeFetch = async () => ({ ok: status < 400, status, json: async () => ({}) });
    runInNewContext(bridgeClientScript(), { window: fakeWindow, fetch: fakeFetch, JSON, Object });
    const api = fakeWindow.muster as Record<string, () => Promise<{ ok: boolean; error: { code: string } }>>;
    expect((await api.info!()).error.code).toBe('FORBIDDEN_SENDER');
    status = 500;
    expect((await api.info!()).error.code).toBe('INTERNAL');
  });

  it('is put into index.html before the app script, as a file (the CSP allows no inline script)', () => {
    const html = '<!doctype html><html><head><meta charset="UTF-8"><script type="module" src="./assets/index.js"></script></head><body></body></html>';
    const injected = injectClientScript(html);
    expect(injected.indexOf(`src=".${CLIENT_SCRIPT_PATH}"`)).toBeGreaterThan(0);
    expect(injected.indexOf(CLIENT_SCRIPT_PATH)).toBeLessThan(injected.indexOf('./assets/index.js'));
  });
});

describe('the guard', () => {
  const config = { token: 'a'.repeat(64), port: 4000 };
  const host = { host: '127.0.0.1:4000' };

  it('lets through our own page with the token in the query, a header or the cookie', () => {
    expect(checkRequest({ url: `/?token=${config.token}`, headers: host }, config)).toEqual({ allowed: true, tokenFromQuery: true });
    expect(checkRequest({ url: '/x', headers: { ...host, 'x-muster-token': config.token } }, config).allowed).toBe(true);
    const cookie = `other=1; ${tokenCookieName(4000)}=${config.token}`;
    expect(checkRequest({ url: '/x', headers: { ...host, cookie, origin: 'http://127.0.0.1:4000', 'sec-fetch-site': 'same-origin' } }, config).allowed).toBe(true);
  });

  it('refuses a missing or wrong token, another port’s cookie, a foreign Host, a foreign Origin and other sites', () => {
    const refused = (url: string, headers: Record<string, string>) => checkRequest({ url, headers }, config).allowed;
    expect(refused('/', host)).toBe(false);
    expect(refused(`/?token=${'b'.repeat(64)}`, host)).toBe(false);
    expect(refused('/', { ...host, cookie: `${tokenCookieName(4001)}=${config.token}` })).toBe(false);
    expect(refused(`/?token=${config.token}`, { host: 'evil.example:4000' })).toBe(false);
    expect(refused(`/?token=${config.token}`, { host: '127.0.0.1:4001' })).toBe(false);
    expect(refused(`/?token=${config.token}`, { ...host, origin: 'http://evil.example' })).toBe(false);
    expect(refused(`/?token=${config.token}`, { ...host, origin: 'http://127.0.0.1:4001' })).toBe(false);
    expect(refused(`/?token=${config.token}`, { ...host, 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(refused(`/?token=${config.token}`, { ...host, 'sec-fetch-site': 'cross-site' })).toBe(false);
  });

  it('reads cookies by exact name', () => {
    expect(cookieValue('a=1; muster-bridge-token-4000=xyz; b=2', 'muster-bridge-token-4000')).toBe('xyz');
    expect(cookieValue('muster-bridge-token-40000=xyz', 'muster-bridge-token-4000')).toBeUndefined();
    expect(cookieValue(undefined, 'a')).toBeUndefined();
  });

  it('keeps the app’s CSP, allowing only connections back to the bridge itself', () => {
    const csp = bridgeContentSecurityPolicy(CONTENT_SECURITY_POLICY);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(csp.split('; ').length).toBe(CONTENT_SECURITY_POLICY.split('; ').length);
  });
});

describe('the command line', () => {
  it('takes --file, --port, --dir and --build, and explains what it refuses', () => {
    expect(parseBridgeArgs(['--file', 'a.muster', '--port', '8123', '--dir', '/tmp/g', '--build'])).toEqual({ file: 'a.muster', port: 8123, dir: '/tmp/g', build: true, help: false });
    expect(() => parseBridgeArgs(['--port', 'eighty'])).toThrow(/--port must be a whole number/);
    expect(() => parseBridgeArgs(['--file'])).toThrow(/--file needs a value/);
    expect(() => parseBridgeArgs(['--serve-everything'])).toThrow(/unknown option --serve-everything/);
    expect(parseBridgeArgs(['--renderer', '/tmp/r'])).toEqual({ renderer: '/tmp/r', build: false, help: false });
  });

  it('Save As puts the file the player named in the preview folder, and refuses a name with folders in words', () => {
    expect(namedGameFile('/games', 'evening')).toBe(join('/games', 'evening.muster'));
    expect(namedGameFile('/games', ' evening.muster ')).toBe(join('/games', 'evening.muster'));
    for (const bad of ['../evening', 'a/b', 'a\\b', '.hidden']) {
      expect(() => namedGameFile('/games', bad)).toThrow(expect.objectContaining({ field: 'name', message: expect.stringContaining('is not a file name: give a name without folders') }));
    }
  });

  it('names new games after the scenario and never reuses a file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-bridge-names-'));
    try {
      const now = new Date('1863-07-01T07:40:00Z');
      const first = freshGameFile(dir, 'gettysburg.muster', now);
      expect(first).toBe(join(dir, 'gettysburg-18630701-074000.muster'));
      writeFileSync(first, '');
      expect(freshGameFile(dir, 'gettysburg.muster', now)).toBe(join(dir, 'gettysburg-18630701-074000-2.muster'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the bridge over a real game file', () => {
  let dir: string;
  let bridge: Bridge;
  let gameFile: string;
  let unitId: string;
  const log: string[] = [];

  const call = async (fn: string, input: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${bridge.origin}/__muster/call/${fn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-muster-token': bridge.token, ...headers },
      body: JSON.stringify(input === undefined ? { args: [] } : { args: [input] }),
    });
    return { status: response.status, body: response.status === 200 ? ((await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; field?: string } }) : null };
  };

  const eventCount = async () => ((await call('info', undefined)).body?.value as { eventCount: number }).eventCount;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'muster-bridge-'));
    const rendererRoot = join(dir, 'renderer');
    mkdirSync(join(rendererRoot, 'assets'), { recursive: true });
    writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body><div id="app"></div></body></html>');
    writeFileSync(join(rendererRoot, 'assets', 'app.js'), 'export {};');
    writeFileSync(join(rendererRoot, 'assets', 'index-Bq3x_Z9k.js'), 'export {};');
    bridge = await startBridge({ dir: join(dir, 'games'), rendererRoot, log: (line) => log.push(line) });
    const created = await call('newGame', { scenario: SMALL_SCENARIO, players: { USA: 'Buford', CSA: 'Heth' } });
    expect(created.body?.ok).toBe(true);
    gameFile = (created.body?.value as { file: string }).file;
    const roster = (await call('roster', undefined)).body?.value as { id: string; onMap: boolean; currentSp: number }[];
    unitId = roster.find((u) => u.onMap && u.currentSp >= 2)!.id;
  });

  afterAll(async () => {
    await bridge.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on the loopback address only and prints a URL carrying the token', () => {
    expect(bridge.origin).toBe(`http://127.0.0.1:${bridge.port}`);
    expect(bridge.url).toBe(`${bridge.origin}/?token=${bridge.token}`);
    expect(bridge.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('has its socket bound to 127.0.0.1 (the address the server actually holds, not the printed URL)', async () => {
    expect(bridge.address()).toEqual({ address: '127.0.0.1', family: 'IPv4', port: bridge.port });
    // And from another address of this machine, nothing answers on that port.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;
    if (external === undefined) return;
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({ host: external, port: bridge.port });
      socket.setTimeout(2000, () => {
        socket.destroy();
        resolve('timeout');
      });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(outcome).not.toBe('connected');
  });

  it('creates the game as a real .muster file in the games folder', () => {
    expect(gameFile.startsWith(join(dir, 'games'))).toBe(true);
    expect(gameFile.endsWith('.muster')).toBe(true);
    expect(readFileSync(gameFile).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  });

  it('routes a call to the real handlers: a loss is written to the game file and undone', async () => {
    const before = await eventCount();
    const loss = await call('recordLoss', { unitId, sp: 1, cause: 'small-arms' });
    expect(loss.body).toMatchObject({ ok: true, value: { event: { kind: 'loss.sp' } } });
    expect(await eventCount()).toBe(before + 1);
    const undo = await call('undo', undefined);
    expect(undo.body).toMatchObject({ ok: true, value: { event: { kind: 'loss.sp' } } });
  });

  it('answers a bad argument with the contract’s typed refusal naming the field (and writes nothing)', async () => {
    const before = fingerprint(gameFile);
    const bad = await call('recordLoss', { unitId, sp: 0 });
    expect(bad.body).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', field: 'sp' } });
    expect(fingerprint(gameFile)).toBe(before);
  });

  it('refuses a call without the token with 403, and the game file is untouched', async () => {
    const before = fingerprint(gameFile);
    const events = await eventCount();
    const response = await fetch(`${bridge.origin}/__muster/call/recordLoss`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: [{ unitId, sp: 1 }] }),
    });
    expect(response.status).toBe(403);
    expect(fingerprint(gameFile)).toBe(before);
    expect(await eventCount()).toBe(events);
  });

  it('refuses a call with the token from a foreign Origin with 403, and the game file is untouched', async () => {
    const before = fingerprint(gameFile);
    const refused = await call('recordLoss', { unitId, sp: 1 }, { origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    const otherPort = await call('recordLoss', { unitId, sp: 1 }, { origin: `http://127.0.0.1:${bridge.port + 1}` });
    expect(otherPort.status).toBe(403);
    expect(fingerprint(gameFile)).toBe(before);
  });

  it('refuses a call with the token but a foreign Host (DNS rebinding) with 403, and the game file is untouched', async () => {
    const before = fingerprint(gameFile);
    const body = JSON.stringify({ args: [{ unitId, sp: 1 }] });
    const response = await rawRequest(
      bridge.port,
      '/__muster/call/recordLoss',
      'POST',
      { host: `evil.example:${bridge.port}`, 'content-type': 'application/json', 'x-muster-token': bridge.token, 'content-length': String(Buffer.byteLength(body)) },
      body,
    );
    expect(response.status).toBe(403);
    expect(fingerprint(gameFile)).toBe(before);
  });

  it('refuses a cross-site request even with the token', async () => {
    const before = fingerprint(gameFile);
    const refused = await call('recordLoss', { unitId, sp: 1 }, { 'sec-fetch-site': 'cross-site' });
    expect(refused.status).toBe(403);
    expect(fingerprint(gameFile)).toBe(before);
  });

  it('a first visit to a path that starts with slashes ("/.//host/x") is sent on along this bridge, never to another host', async () => {
    const status = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: bridge.port, path: `/.//host/x?token=${bridge.token}`, method: 'GET' }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toEqual({ status: 303, location: '/host/x' });
    expect(sameBridgePath('//evil.example/x')).toBe('/evil.example/x');
    expect(sameBridgePath('/\\evil.example/x')).toBe('/evil.example/x');
    expect(sameBridgePath('/')).toBe('/');
  });

  it('refuses the page itself without the token', async () => {
    expect((await fetch(`${bridge.origin}/`)).status).toBe(403);
    expect((await fetch(`${bridge.origin}${CLIENT_SCRIPT_PATH}`)).status).toBe(403);
  });

  it('on the first visit moves the token into an HttpOnly, SameSite=Strict cookie for this port', async () => {
    const first = await fetch(bridge.url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${tokenCookieName(bridge.port)}=${bridge.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await fetch(`${bridge.origin}/`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<script defer src=".${CLIENT_SCRIPT_PATH}"></script>`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the page with the opening frame of the open game, with the rows of the window the browser says it has', async () => {
    const cookie = `${tokenCookieName(bridge.port)}=${bridge.token}`;
    const page = await fetch(`${bridge.origin}/`, { headers: { cookie } });
    // Asks for the window's height (a client hint), which reloads then send.
    expect(page.headers.get('accept-ch')).toBe('Sec-CH-Viewport-Height');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toMatch(/<body><div id="opening-frame" class="opening-frame" data-screen="roster" inert aria-hidden="true">.*<\/div><div id="app"><\/div><\/body>/s);
    const rowsIn = (text: string) => (/<tbody>(.*)<\/tbody>/s.exec(text)?.[1] ?? '').split('<tr').length - 1;
    expect(rowsIn(html)).toBe(32);
    const short = await (await fetch(`${bridge.origin}/`, { headers: { cookie, 'sec-ch-viewport-height': '400' } })).text();
    expect(rowsIn(short)).toBe(11);
    const history = await (await fetch(`${bridge.origin}/?screen=history`, { headers: { cookie } })).text();
    expect(history).toContain('data-screen="history"');
    expect(await (await fetch(`${bridge.origin}/?screen=combat`, { headers: { cookie } })).text()).not.toContain('opening-frame');
  });

  it('lets the browser keep the built scripts and styles named by their content, and nothing else', async () => {
    const cookie = `${tokenCookieName(bridge.port)}=${bridge.token}`;
    expect((await fetch(`${bridge.origin}/assets/index-Bq3x_Z9k.js`, { headers: { cookie } })).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${bridge.origin}/assets/app.js`, { headers: { cookie } })).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${bridge.origin}${CLIENT_SCRIPT_PATH}`, { headers: { cookie } })).headers.get('cache-control')).toBe('no-store');
    expect(isHashedAsset('/assets/app-CjvdKZeK.js')).toBe(true);
    expect(isHashedAsset('/assets/index-C5saF4IZ.css')).toBe(true);
    expect(isHashedAsset('/index.html')).toBe(false);
    expect(isHashedAsset('/assets/../index-C5saF4IZ.js')).toBe(false);
  });

  it('serves nothing outside the renderer folder and no unknown function', async () => {
    const headers = { host: `127.0.0.1:${bridge.port}`, 'x-muster-token': bridge.token };
    expect((await rawRequest(bridge.port, '/../../package.json', 'GET', headers)).status).toBe(404);
    expect((await rawRequest(bridge.port, '/%2e%2e/%2e%2e/package.json', 'GET', headers)).status).toBe(404);
    expect((await call('constructor', undefined)).status).toBe(404);
    const malformed = await fetch(`${bridge.origin}/__muster/call/info`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-muster-token': bridge.token }, body: '{' });
    expect(malformed.status).toBe(400);
  });

  const postBody = (body: string) =>
    fetch(`${bridge.origin}/__muster/call/recordLoss`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-muster-token': bridge.token }, body });

  it('answers a body over 1 MB with 413 and a message (never a connection reset), and writes nothing', async () => {
    const before = fingerprint(gameFile);
    for (const size of [11_000_000, MAX_BODY_BYTES + 1_000]) {
      const body = JSON.stringify({ args: [{ unitId, sp: 1, note: 'x'.repeat(size) }] });
      const response = await postBody(body);
      expect(response.status, `${size} bytes`).toBe(413);
      expect(await response.text()).toMatch(/too large.*at most 1000000 bytes/);
    }
    expect(MAX_BODY_BYTES).toBe(1_000_000);
    // Just under the limit is read and judged by the contract (an unknown key), not refused for its size.
    const under = await postBody(JSON.stringify({ args: [{ unitId, sp: 1, note: 'x'.repeat(MAX_BODY_BYTES - 1_000) }] }));
    expect(under.status).toBe(200);
    expect(await under.json()).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(fingerprint(gameFile)).toBe(before);
    // The bridge still answers afterwards.
    expect(await eventCount()).toBeGreaterThanOrEqual(0);
  });

  it('answers a null, non-object or non-JSON body with 400 in its own words, never a JavaScript error text', async () => {
    const before = fingerprint(gameFile);
    for (const body of ['null', '{', '[]', '"args"', '42', '{"args": 5}', '{"args": null}', '']) {
      const response = await postBody(body);
      expect(response.status, body).toBe(400);
      const text = await response.text();
      expect(text).toMatch(/^malformed call: /);
      expect(text, body).not.toMatch(/Cannot read|TypeError|SyntaxError|Unexpected|position|undefined|null \(reading/);
    }
    expect(parseCallBody('{"args": [1]}')).toEqual({ ok: true, args: [1] });
    expect(fingerprint(gameFile)).toBe(before);
  });

  it('tells the page when the open game changes (onGameChanged over an event stream)', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${bridge.origin}/__muster/events`, { headers: { 'x-muster-token': bridge.token }, signal: controller.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    bridge.queueOpenFile(gameFile);
    await call('closeGame', undefined);
    while (!text.includes('"reason":"closed"')) text += decoder.decode((await reader.read()).value);
    const reopened = await call('openGame', undefined);
    expect(reopened.body).toMatchObject({ ok: true, value: { file: gameFile } });
    while (!text.includes('"reason":"opened"')) text += decoder.decode((await reader.read()).value);
    expect(text).toContain('event: onGameChanged');
    controller.abort();
  });
});

describe('slow clients', () => {
  /** Sends `text` and waits until the bridge ends the connection; what it answered, if anything. */
  const sendAndWait = (port: number, text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (answer += d));
      socket.on('error', reject);
      socket.on('close', () => resolve(answer));
      socket.write(text);
    });

  it('headers or a body sent slowly are cut off by the bridge, not kept open for Node\'s default minutes', async () => {
    // The bridge's own limits are seconds; here they are shortened so the test does not wait for them.
    expect(BRIDGE_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    expect(BRIDGE_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
    const dir = mkdtempSync(join(tmpdir(), 'muster-bridge-slow-'));
    const bridge = await startBridge({ dir, log: () => undefined, timeouts: { headersMs: 300, requestMs: 600, checkEveryMs: 100 } });
    try {
      const headers = await sendAndWait(bridge.port, `GET /?token=${bridge.token} HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\n`);
      expect(headers).toMatch(/^HTTP\/1\.1 408|^$/);
      const body = await sendAndWait(bridge.port, `POST /__muster/call/info?token=${bridge.token} HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"args":`);
      expect(body).toMatch(/^HTTP\/1\.1 408|^$/);
    } finally {
      await bridge.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('the bridge\'s slow-call log', () => {
  it('writes a call slower than the threshold to the bridge\'s log, with its function and time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-bridge-slow-'));
    const log: string[] = [];
    // Every call is read twice by the clock (start, end): 0 ms for the first call, then 70 ms for the second.
    const readings = [0, 0, 100, 170];
    const bridge = await startBridge({ dir: join(dir, 'games'), rendererRoot: dir, log: (line) => log.push(line), clock: () => readings.shift() ?? 0 });
    try {
      const call = (fn: string) =>
        fetch(`${bridge.origin}/__muster/call/${fn}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-muster-token': bridge.token }, body: JSON.stringify({ args: [] }) });
      expect((await call('appInfo')).status).toBe(200);
      expect(log.filter((l) => l.startsWith('slow call'))).toEqual([]);
      expect((await call('currentGame')).status).toBe(200);
      expect(log.filter((l) => l.startsWith('slow call'))).toEqual(['slow call: currentGame took 70 ms']);
    } finally {
      await bridge.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
