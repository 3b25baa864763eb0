// The shell's security policy, checked as pure functions: our origin, external links, IPC senders,
// the CSP header, the app:// file mapping and the window's webPreferences.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  CONTENT_SECURITY_POLICY,
  appResponseHeaders,
  contentTypeFor,
  decideLink,
  isAllowedExternalUrl,
  isAppUrl,
  isRequestAllowed,
  isTrustedSender,
  resolveAppAsset,
  secureWebPreferences,
} from './security';

describe('isAppUrl: only app://muster is ours', () => {
  it.each([
    ['app://muster/index.html', true],
    ['app://muster/', true],
    ['app://muster/assets/index-abc.js', true],
    ['app://other/index.html', false],
    ['app://muster.evil.com/index.html', false],
    ['app://user:pw@muster/index.html', false],
    ['https://muster/index.html', false],
    ['file:///etc/passwd', false],
    ['http://127.0.0.1:5173/', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s -> %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
  });
});

describe('external links: only allowlisted https: hosts open, and only in the browser', () => {
  it.each([
    ['https://boardgamegeek.com/boardgame/1234', true],
    ['https://github.com/muster', true],
    ['http://boardgamegeek.com/', false],
    ['https://boardgamegeek.com.evil.example/', false],
    ['https://evil.example/?https://github.com', false],
    ['https://user@github.com/', false],
    ['https://github.com:8443/', false],
    ['file:///C:/Windows/system32/calc.exe', false],
    ['app://muster/index.html', false],
    ['javascript:alert(1)', false],
  ])('%s allowed=%s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
    expect(decideLink(url)).toEqual(allowed ? { action: 'deny-and-open-externally', url } : { action: 'deny' });
  });

  it('never lets the window itself navigate, even to our own origin', () => {
    expect(decideLink(APP_ENTRY_URL)).toEqual({ action: 'deny' });
  });
});

describe('requests: no remote content', () => {
  it('lets through app://muster and devtools only', () => {
    expect(isRequestAllowed('app://muster/assets/index.css')).toBe(true);
    expect(isRequestAllowed('devtools://devtools/bundled/inspector.html')).toBe(true);
    expect(isRequestAllowed('https://fonts.googleapis.com/css')).toBe(false);
    expect(isRequestAllowed('http://localhost:5173/')).toBe(false);
    expect(isRequestAllowed('file:///etc/passwd')).toBe(false);
    expect(isRequestAllowed('ws://127.0.0.1:9229')).toBe(false);
  });

  it('lets through the page\'s own blob: URLs (CSV exports) but no foreign ones', () => {
    expect(isRequestAllowed('blob:app://muster/0b6c1e1a-4d4f-4c8e-9a55-2f3f0c1f6f00')).toBe(true);
    expect(isRequestAllowed('blob:https://evil.example/0b6c1e1a')).toBe(false);
    expect(isRequestAllowed('blob:null/0b6c1e1a')).toBe(false);
  });
});

describe('IPC senders: only the main frame of app://muster', () => {
  it('trusts the main frame of our page', () => {
    expect(isTrustedSender({ frameUrl: 'app://muster/index.html', isMainFrame: true })).toBe(true);
  });
  it('refuses a subframe, even of our origin', () => {
    expect(isTrustedSender({ frameUrl: 'app://muster/index.html', isMainFrame: false })).toBe(false);
  });
  it('refuses another origin in the main frame', () => {
    expect(isTrustedSender({ frameUrl: 'https://evil.example/', isMainFrame: true })).toBe(false);
    expect(isTrustedSender({ frameUrl: 'file:///tmp/x.html', isMainFrame: true })).toBe(false);
  });
  it('refuses a frame that is gone', () => {
    expect(isTrustedSender({ frameUrl: null, isMainFrame: true })).toBe(false);
  });
});

describe('Content-Security-Policy', () => {
  const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((d) => {
    const [name, ...values] = d.trim().split(/\s+/);
    return [name, values.join(' ')] as const;
  }));

  it('denies by default and allows only our own scripts and styles', () => {
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
  });

  it('never allows inline script, eval or remote hosts', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|https?:|\*/);
  });

  it('is on every app:// response, with nosniff', () => {
    const headers = appResponseHeaders('text/html; charset=utf-8');
    expect(headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Content-Type']).toBe('text/html; charset=utf-8');
  });
});

describe('the app:// scheme privileges', () => {
  it('is standard and secure, and bypasses nothing', () => {
    expect(APP_SCHEME_PRIVILEGES.standard).toBe(true);
    expect(APP_SCHEME_PRIVILEGES.secure).toBe(true);
    expect(APP_SCHEME_PRIVILEGES.bypassCSP).toBe(false);
    expect(APP_SCHEME_PRIVILEGES.allowServiceWorkers).toBe(false);
  });
});

describe('resolveAppAsset: app:// URLs map into the built renderer and never out of it', () => {
  const root = resolve('/srv/muster/out/renderer');

  it('serves index.html for the root and files below it', () => {
    expect(resolveAppAsset('app://muster/', root)).toBe(join(root, 'index.html'));
    expect(resolveAppAsset('app://muster/index.html', root)).toBe(join(root, 'index.html'));
    expect(resolveAppAsset('app://muster/assets/index-1a2b.js?v=1#x', root)).toBe(join(root, 'assets', 'index-1a2b.js'));
  });

  it.each([
    'app://muster/../main/main.js',
    'app://muster/%2e%2e/%2e%2e/package.json',
    'app://muster/assets/%2e%2e%2f%2e%2e%2fsecret',
    'app://muster/..%5c..%5cwindows',
    'app://muster/%00index.html',
    'app://muster/%E0%A4%A',
    'app://other/index.html',
    'https://muster/index.html',
  ])('refuses %s', (url) => {
    const resolved = resolveAppAsset(url, root);
    if (resolved !== null) expect(resolved.startsWith(root + '/')).toBe(true);
    else expect(resolved).toBeNull();
  });

  it('clamps dot segments to the root (the URL parser resolves them) and refuses NUL and backslashes', () => {
    expect(resolveAppAsset('app://muster/%2e%2e/%2e%2e/package.json', root)).toBe(join(root, 'package.json'));
    expect(resolveAppAsset('app://muster/assets/%2e%2e%2f%2e%2e%2fsecret', root)).toBeNull();
    expect(resolveAppAsset('app://muster/..%5c..%5cwindows', root)).toBeNull();
    expect(resolveAppAsset('app://muster/%00index.html', root)).toBeNull();
  });

  it('names content types so nosniff has nothing to guess', () => {
    expect(contentTypeFor('a/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('a/x.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('a/x.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('a/x.woff2')).toBe('font/woff2');
    expect(contentTypeFor('a/x.bin')).toBe('application/octet-stream');
  });
});

describe('secureWebPreferences', () => {
  it('isolates and sandboxes the page with no Node access', () => {
    const prefs = secureWebPreferences('/app/out/preload/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('turns off experimental features, navigation by dropping a file, spellcheck, and loops of dialogs', () => {
    const prefs = secureWebPreferences('/app/out/preload/preload.cjs');
    // Each is Electron's default today (or close to it): stated so a new default cannot weaken the window.
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    // No dictionary download or text sent to a spellchecking service.
    expect(prefs.spellcheck).toBe(false);
    // A page cannot trap the player in a loop of alert() boxes.
    expect(prefs.safeDialogs).toBe(true);
  });
});
