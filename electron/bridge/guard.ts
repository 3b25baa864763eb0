/**
 * The browser bridge's gatekeeper as pure functions: which HTTP requests may reach the built renderer
 * and the game service. A request passes only when it carries the bridge's random access token
 * (query, cookie or header), names our own host (no DNS rebinding), comes from our own origin (no
 * other page on this machine), and is not a cross-site fetch. Everything else is refused with 403
 * before any handler runs, so a refused call never touches the game file.
 */
import { timingSafeEqual } from 'node:crypto';

/** The cookie that carries the token after the first visit (HttpOnly: page scripts never see it). */
export const TOKEN_COOKIE = 'muster-bridge-token';
/** Cookies are per host, not per port: each bridge names its own, so two bridges never mix tokens. */
export function tokenCookieName(port: number): string {
  return `${TOKEN_COOKIE}-${port}`;
}
/** Header a client may send the token in (the tests' plain fetch does). */
export const TOKEN_HEADER = 'x-muster-token';
/** Query parameter of the URL the bridge prints. */
export const TOKEN_QUERY = 'token';

/**
 * The CSP of the desktop app (electron/security.ts) with one change: connect-src 'self', because in the
 * browser window.muster reaches the game service by fetch and EventSource to this same origin.
 */
export function bridgeContentSecurityPolicy(appPolicy: string): string {
  return appPolicy
    .split('; ')
    .map((d) => (d.startsWith('connect-src ') ? "connect-src 'self'" : d))
    .join('; ');
}

/** What the guard needs to know about one request (lower-case header names, as node:http gives them). */
export interface RequestFacts {
  /** The request target, e.g. "/index.html?token=..." */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type GuardDecision = { allowed: true; tokenFromQuery: boolean } | { allowed: false; reason: string };

export interface GuardConfig {
  token: string;
  port: number;
}

function header(facts: RequestFacts, name: string): string | undefined {
  const value = facts.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Value of one cookie in a Cookie header, or undefined. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The hosts a browser may use to reach the bridge: the loopback address and localhost, on our port. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** The origins our own page has (the Origin header of its fetches). */
export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((h) => `http://${h}`);
}

/** Decides whether a request may go on. Order: host, origin, fetch site, token. */
export function checkRequest(facts: RequestFacts, config: GuardConfig): GuardDecision {
  const host = header(facts, 'host');
  if (host === undefined || !allowedHosts(config.port).includes(host.toLowerCase())) {
    return { allowed: false, reason: `foreign Host header ${JSON.stringify(host ?? '')}` };
  }
  const origin = header(facts, 'origin');
  if (origin !== undefined && !allowedOrigins(config.port).includes(origin.toLowerCase())) {
    return { allowed: false, reason: `foreign Origin header ${JSON.stringify(origin)}` };
  }
  // Chromium labels every request; another page (even another localhost port) is 'same-site' or 'cross-site'.
  const site = header(facts, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { allowed: false, reason: `request from another site (Sec-Fetch-Site: ${site})` };
  }
  let queryToken: string | null = null;
  try {
    queryToken = new URL(facts.url, 'http://bridge.invalid').searchParams.get(TOKEN_QUERY);
  } catch {
    return { allowed: false, reason: 'malformed request target' };
  }
  if (queryToken !== null && sameSecret(queryToken, config.token)) return { allowed: true, tokenFromQuery: true };
  const headerToken = header(facts, TOKEN_HEADER);
  if (headerToken !== undefined && sameSecret(headerToken, config.token)) return { allowed: true, tokenFromQuery: false };
  const cookieToken = cookieValue(header(facts, 'cookie'), tokenCookieName(config.port));
  if (cookieToken !== undefined && sameSecret(cookieToken, config.token)) return { allowed: true, tokenFromQuery: false };
  return { allowed: false, reason: 'missing or wrong access token' };
}
