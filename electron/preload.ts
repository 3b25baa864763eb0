/**
 * The sandboxed preload: exposes `window.muster`, one function per contract function and one
 * subscription per main-to-window event. The channel table is derived from the contract at build time
 * (`__MUSTER_CHANNELS__`, defined in electron.vite.config.ts and vitest.config.ts from
 * contract/index.ts CHANNELS), so this bundle carries the names but not zod. Nothing generic
 * crosses the bridge: the page cannot name a channel, and never sees ipcRenderer or an IPC event.
 * Arguments are passed as one plain value; the main process validates them.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENTS, EVENT_FUNCTIONS } from '../contract/events';

/** Function name -> IPC channel ("<domain>:<function>"), replaced at build time by the contract's table. */
declare const __MUSTER_CHANNELS__: Readonly<Record<string, string>>;
export const PRELOAD_CHANNELS: Readonly<Record<string, string>> = __MUSTER_CHANNELS__;

/** Builds the object exposed as window.muster (exported for the tests). */
export function buildMusterApi(
  renderer: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>,
  channels: Readonly<Record<string, string>> = PRELOAD_CHANNELS,
): Record<string, (...args: never[]) => unknown> {
  const api: Record<string, (...args: never[]) => unknown> = {};
  for (const [fn, channel] of Object.entries(channels)) {
    // Exactly one argument crosses, whatever the page passes; undefined when none.
    api[fn] = ((input?: unknown) => renderer.invoke(channel, input)) as (...args: never[]) => unknown;
  }
  for (const fn of EVENT_FUNCTIONS) {
    const channel = EVENTS[fn];
    api[fn] = ((listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${fn} needs a function`);
      const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      renderer.on(channel, wrapped);
      return () => {
        renderer.removeListener(channel, wrapped);
      };
    }) as (...args: never[]) => unknown;
  }
  return Object.freeze(api);
}

contextBridge.exposeInMainWorld('muster', buildMusterApi(ipcRenderer));
