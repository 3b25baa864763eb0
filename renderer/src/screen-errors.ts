/**
 * Errors the screens did not expect: written to the log file (the shell's reportScreenError) and shown,
 * never a blank window. A page whose app failed to start gets a message with Reload in place of the app;
 * an error once the app runs gets a bar at the top with Reload and Dismiss. Both are drawn with DOM calls
 * (no HTML strings, which the CSP forbids), outside Vue, so they show even when Vue itself is what failed.
 */
import { SCREEN_ERROR_ID } from './screens';

type ScreenErrorKind = 'error' | 'unhandledrejection' | 'load';

interface Reporter {
  reportScreenError?: (input: { kind: ScreenErrorKind; message: string; stack?: string; screen?: string }) => Promise<unknown>;
}

/** A refusal from the game service (api.ts MusterApiError): it carries the service's error code. */
function isRefusal(reason: unknown): boolean {
  return reason instanceof Error && typeof (reason as { code?: unknown }).code === 'string' && typeof (reason as { fn?: unknown }).fn === 'string';
}

/** The error's words and stack, cut to what the log takes. */
export function describeUnexpected(error: unknown): { message: string; stack?: string } {
  const e = error instanceof Error ? error : null;
  const message = (e ? `${e.name}: ${e.message}` : String(error)).slice(0, 2000);
  return e?.stack ? { message, stack: e.stack.slice(0, 8000) } : { message };
}

/** Writes the error to the log file; a window without the shell (or a failed report) loses nothing else. */
export function reportScreenError(kind: ScreenErrorKind, error: unknown, screen?: string): void {
  const api = (typeof window === 'undefined' ? undefined : (window as unknown as { muster?: Reporter }).muster) ?? undefined;
  const report = api?.reportScreenError;
  if (!report) return;
  const described = describeUnexpected(error);
  try {
    void report({ kind, ...described, ...(screen ? { screen: screen.slice(0, 40) } : {}) }).catch(() => undefined);
  } catch {
    // The report itself failed: the message on screen is what is left.
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  return node;
}

function reloadButton(): HTMLButtonElement {
  const button = element('button', 'Reload', { type: 'button', class: 'primary', 'data-testid': 'screen-error-reload' });
  button.addEventListener('click', () => location.reload());
  return button;
}

const SAFE = 'Your game is safe: every entry was written to the game file when it was made.';

/** The app did not start: a message with Reload where the app would be. */
export function showStartFailure(error: unknown): void {
  document.getElementById(SCREEN_ERROR_ID)?.remove();
  const box = element('section', undefined, { id: SCREEN_ERROR_ID, class: 'screen-error start-failure', role: 'alert', 'data-testid': 'screen-error' });
  box.append(
    element('h1', 'Muster could not start its screens'),
    element('p', describeUnexpected(error).message, { class: 'screen-error-message' }),
    element('p', `${SAFE} The error is in the log file (Help > Show Log File in the desktop app).`),
    reloadButton(),
  );
  const app = document.getElementById('app');
  if (app) app.replaceChildren(box);
  else document.body.append(box);
}

/** An error while the app runs: a bar at the top of the window, the app left as it is. */
export function showRunningError(error: unknown): void {
  document.getElementById(SCREEN_ERROR_ID)?.remove();
  const bar = element('div', undefined, { id: SCREEN_ERROR_ID, class: 'screen-error running-error', role: 'alert', 'data-testid': 'screen-error' });
  const dismiss = element('button', 'Dismiss', { type: 'button' });
  dismiss.addEventListener('click', () => bar.remove());
  bar.append(element('span', `Something went wrong on this screen: ${describeUnexpected(error).message}. ${SAFE} Reload the window if it looks wrong.`), reloadButton(), dismiss);
  document.body.prepend(bar);
}

/** Window-wide: uncaught errors and rejections are logged and shown. */
export function watchScreenErrors(): void {
  window.addEventListener('error', (event) => {
    // A resource that failed to load (no error object) is not a screen error.
    if (!(event instanceof ErrorEvent) || event.error === undefined) return;
    reportScreenError('error', event.error ?? event.message);
    showRunningError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportScreenError('unhandledrejection', event.reason);
    // A refusal of the service is a player's message, shown at its field by the screen that asked: a
    // stray one is logged, not raised as a fault of the window.
    if (!isRefusal(event.reason)) showRunningError(event.reason);
  });
}
