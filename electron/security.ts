/**
 * The shell's security policy as pure functions: which URLs are ours, which links may open in the
 * user's browser, which IPC senders are trusted, the Content-Security-Policy sent with every app://
 * response, and how an app:// URL maps to a file of the built renderer (never outside it).
 * No electron import: main.ts and ipc.ts apply these decisions, the tests check them directly.
 */
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/** The UI is served from app://muster/ (a privileged, standard, secure custom scheme). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'muster';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Privileges for the app:// scheme. standard: relative URLs and web storage work like https;
 * secure: a secure context; supportFetchAPI + corsEnabled: Vite's `<script type="module" crossorigin>`
 * loads through the CORS path, which Chromium only allows for schemes marked corsEnabled.
 * Nothing bypasses the CSP and no service workers are allowed.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: true,
  bypassCSP: false,
  allowServiceWorkers: false,
  stream: false,
} as const;

/**
 * The Content-Security-Policy header on every app:// response. Everything is denied except the
 * built renderer's own scripts, styles, images and fonts. No inline script, no eval, no network.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "media-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "manifest-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers sent with every app:// response, found or not. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

/** Hosts whose https: pages may be opened in the user's browser (never inside Muster). */
export const EXTERNAL_LINK_HOSTS: readonly string[] = ['boardgamegeek.com', 'www.boardgamegeek.com', 'github.com', 'www.electronjs.org'];

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True for app://muster/... (WHATWG gives custom schemes an opaque origin, so compare scheme and host). */
export function isAppUrl(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== null && parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}

/** True only for https: links to an allowlisted host on the default port, without credentials. */
export function isAllowedExternalUrl(url: string): boolean {
  const parsed = parseUrl(url);
  if (parsed === null || parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return false;
  return EXTERNAL_LINK_HOSTS.includes(parsed.hostname);
}

/** What to do when a page tries to leave, redirect, or open a window. Muster itself never navigates. */
export type LinkDecision = { action: 'deny' } | { action: 'deny-and-open-externally'; url: string };

/** The decision for will-navigate, will-redirect and window.open: always deny; allowlisted https: goes to the browser. */
export function decideLink(url: string): LinkDecision {
  return isAllowedExternalUrl(url) ? { action: 'deny-and-open-externally', url } : { action: 'deny' };
}

/** Requests the session lets through: only our own app:// resources (and devtools' own pages). No remote content. */
export function isRequestAllowed(url: string): boolean {
  if (isAppUrl(url)) return true;
  // The screens save CSV exports through a blob: URL the page itself made (blob:app://muster/<uuid>).
  if (url.startsWith('blob:')) return isAppUrl(url.slice('blob:'.length));
  const parsed = parseUrl(url);
  return parsed !== null && parsed.protocol === 'devtools:';
}

/** The facts about an IPC sender that decide whether it is trusted. */
export interface SenderFacts {
  /** URL of the frame that sent the message; null when the frame is gone. */
  frameUrl: string | null;
  /** True when the frame is the top frame of its page (not an iframe). */
  isMainFrame: boolean;
}

/** Only the main frame of our own app:// page may call the game service. */
export function isTrustedSender(sender: SenderFacts): boolean {
  return sender.isMainFrame && sender.frameUrl !== null && isAppUrl(sender.frameUrl);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** MIME type by extension; unknown files are served as opaque bytes (and nosniff stops guessing). */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under rendererRoot that an app:// URL names, or null when the URL is not ours or would
 * escape the folder (../, encoded separators, absolute paths). "/" serves index.html.
 */
export function resolveAppAsset(url: string, rendererRoot: string): string | null {
  if (!isAppUrl(url)) return null;
  const parsed = new URL(url);
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relativePath = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = resolve(rendererRoot);
  const target = resolve(root, relativePath);
  const rel = relative(root, target);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return null;
  return target;
}

/**
 * webPreferences of the one window. Every switch is explicit, even where it is Electron's default,
 * so a later default change (or a template copied in) cannot weaken it silently.
 */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
  } as const;
}
