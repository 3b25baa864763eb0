/**
 * The sandboxed preload: exposes `window.muster`, one function per contract function and one
 * subscription per main-to-window event. The channel table is derived from the contract at build time
 * (`__MUSTER_CHANNELS__`, defined in electron.vite.config.ts and vitest.config.ts from
 * contract/index.ts CHANNELS), so this bundle carries the names but not zod. Nothing generic
 * crosses the bridge: the page cannot name a channel, and never sees ipcRenderer or an IPC event.
 * Arguments are passed as one plain value; the main process validates them.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
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

/**
 * A game file dropped on the window opens as File > Open would (the main process checks it the same way
 * and says why it refuses one). Only the preload can learn a dropped file's path (webUtils); the page is
 * told through onGameChanged like any other opening. Files that are not .muster games are left to the page.
 */
/** What the drop handler needs of the window and of a drop (the main tsconfig has no DOM types). */
export interface DropTarget {
  addEventListener(type: 'drop', listener: (event: DroppedEvent) => void, capture: boolean): void;
}
export interface DroppedEvent {
  dataTransfer?: { files?: ArrayLike<File> } | null;
  preventDefault(): void;
}

export function openDroppedGames(
  target: DropTarget,
  renderer: Pick<typeof ipcRenderer, 'invoke'>,
  pathOf: (file: File) => string,
  channels: Readonly<Record<string, string>> = PRELOAD_CHANNELS,
): void {
  const channel = channels.openDroppedFile;
  if (channel === undefined) return;
  target.addEventListener(
    'drop',
    (event) => {
      const files = event.dataTransfer?.files;
      const file = files && files.length > 0 ? files[0] : undefined;
      if (file === undefined) return;
      const path = pathOf(file);
      if (path === '' || !path.toLowerCase().endsWith('.muster')) return;
      event.preventDefault();
      void renderer.invoke(channel, { file: path });
    },
    true,
  );
}

contextBridge.exposeInMainWorld('muster', buildMusterApi(ipcRenderer));
const page = (globalThis as { window?: DropTarget }).window;
if (page !== undefined) openDroppedGames(page, ipcRenderer, (file) => webUtils.getPathForFile(file));
