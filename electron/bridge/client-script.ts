/**
 * Generates the script that installs `window.muster` in the browser preview. It has the preload's
 * shape (electron/preload.ts): one function per function of the contract (contract/index.ts) taking one
 * plain value and resolving to its CallResult, and one subscription function per main-to-window event returning
 * an unsubscribe function. Calls go to the bridge's /__muster/call/<function> endpoint on the same
 * origin (the HttpOnly cookie carries the access token); events arrive over an EventSource.
 * Served as a file from the bridge's origin, because the CSP allows no inline script.
 */
import { CONTRACT_FUNCTIONS, EVENT_FUNCTIONS } from '../../contract';
import { MAX_SEAT_FILE_CHARS } from '../../contract/seat-files';

export const BRIDGE_PREFIX = '/__muster';
export const CLIENT_SCRIPT_PATH = `${BRIDGE_PREFIX}/bridge-client.js`;
export const CALL_PATH = `${BRIDGE_PREFIX}/call/`;
export const EVENTS_PATH = `${BRIDGE_PREFIX}/events`;
/**
 * The calls that carry a file the other seat sent (a packet of a long game runs to tens of MB) go to their own
 * endpoint, /__muster/seat-file/<function>, which takes a body as large as such a file; every other call keeps
 * the call endpoint's 1 MB limit, which guards the bridge.
 */
export const SEAT_FILE_PATH = `${BRIDGE_PREFIX}/seat-file/`;
export const SEAT_FILE_FUNCTIONS: readonly string[] = ['receiveSeatFile', 'joinSeatGame'];
/** The largest body of a seat-file call: the largest file's text, written as a JSON string (escaped), and its call around it. */
export const MAX_SEAT_FILE_BODY_BYTES = 2 * MAX_SEAT_FILE_CHARS + 1_000_000;

/** The client script's source text (plain ES2017, no modules: it must run before the app's module script). */
export function bridgeClientScript(): string {
  const channels = JSON.stringify(CONTRACT_FUNCTIONS);
  const events = JSON.stringify(EVENT_FUNCTIONS);
  return `// Muster browser bridge: window.muster with the same shape as the desktop app's preload (generated from the contract).
(function () {
  'use strict';
  var CHANNEL_FUNCTIONS = ${channels};
  var EVENT_FUNCTIONS = ${events};
  var SEAT_FILE_FUNCTIONS = ${JSON.stringify(SEAT_FILE_FUNCTIONS)};
  function failure(code, message) {
    return { ok: false, error: { code: code, message: message } };
  }
  function call(fn, input) {
    var body = JSON.stringify(input === undefined ? { args: [] } : { args: [input] });
    var seatFile = SEAT_FILE_FUNCTIONS.indexOf(fn) >= 0;
    return fetch((seatFile ? '.${SEAT_FILE_PATH}' : '.${CALL_PATH}') + fn, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body,
      credentials: 'same-origin',
      cache: 'no-store',
    }).then(
      function (response) {
        if (response.status === 403) return failure('FORBIDDEN_SENDER', 'the Muster browser bridge refused this call (reload the page from the URL the bridge printed)');
        if (response.status === 413) {
          return failure('INVALID_ARGUMENT', seatFile ? 'text: this file is too large for the Muster browser bridge (a file from the other seat may be at most ${Math.round(MAX_SEAT_FILE_CHARS / 1_000_000)} MB)' : 'input: too large for the Muster browser bridge (a call may send at most 1 MB)');
        }
        if (!response.ok) return failure('INTERNAL', 'the Muster browser bridge answered HTTP ' + response.status + ' to ' + fn);
        return response.json();
      },
      function () {
        return failure('INTERNAL', 'the Muster browser bridge is not reachable: is it still running?');
      }
    );
  }
  var api = {};
  CHANNEL_FUNCTIONS.forEach(function (fn) {
    // Exactly one argument crosses, whatever the page passes (as in the preload).
    api[fn] = function (input) {
      return call(fn, input);
    };
  });
  var listeners = {};
  var source = null;
  function connect() {
    if (source !== null) return;
    source = new EventSource('.${EVENTS_PATH}');
    EVENT_FUNCTIONS.forEach(function (name) {
      source.addEventListener(name, function (message) {
        var payload;
        try {
          payload = JSON.parse(message.data);
        } catch (e) {
          return;
        }
        (listeners[name] || []).slice().forEach(function (listener) {
          listener(payload);
        });
      });
    });
  }
  EVENT_FUNCTIONS.forEach(function (name) {
    listeners[name] = [];
    api[name] = function (listener) {
      if (typeof listener !== 'function') throw new TypeError(name + ' needs a function');
      connect();
      listeners[name].push(listener);
      return function () {
        listeners[name] = listeners[name].filter(function (l) {
          return l !== listener;
        });
      };
    };
  });
  Object.defineProperty(window, 'muster', { value: Object.freeze(api), enumerable: true, configurable: false, writable: false });
})();
`;
}

/** Puts the client script into the built index.html, before the app's own (module) script runs. */
export function injectClientScript(indexHtml: string): string {
  // Deferred: it runs once the page is parsed, before the app's module script (in document order), so the
  // page (and its opening frame) is never held up by it and the app always finds window.muster.
  const tag = `<script defer src=".${CLIENT_SCRIPT_PATH}"></script>`;
  const head = indexHtml.search(/<head[^>]*>/i);
  if (head < 0) return `${tag}\n${indexHtml}`;
  const end = indexHtml.indexOf('>', head) + 1;
  return `${indexHtml.slice(0, end)}\n    ${tag}${indexHtml.slice(end)}`;
}
