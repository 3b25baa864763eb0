/**
 * The sandboxed preload: exposes `window.muster`, one function per contract channel (built from the
 * channel list in electron/channels.ts) and one subscription per main-to-window event. Nothing generic
 * crosses the bridge: the page cannot name a channel, and never sees ipcRenderer or an IPC event.
 * Arguments are passed as one plain value; the main process validates them.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNELS, CHANNEL_FUNCTIONS, EVENTS, EVENT_FUNCTIONS } from './channels';

/** Builds the object exposed as window.muster (exported for the tests). */
export function buildMusterApi(renderer: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>): Record<string, (...args: never[]) => unknown> {
  const api: Record<string, (...args: never[]) => unknown> = {};
  for (const fn of CHANNEL_FUNCTIONS) {
    const channel = CHANNELS[fn];
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
