/**
 * Registers every contract channel with ipcMain.handle. Each call is checked in this order:
 * the sender (the main frame of our app://muster page, nothing else) FIRST, then the input against the
 * channel's zod schema, then the handler runs, then (development builds) its result is checked against
 * the contract. Refusals come back as typed `{ ok: false, error }` values, never as thrown errors.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNELS, CONTRACT, CONTRACT_FUNCTIONS, fail, type CallResult, type ChannelHandlers, type ContractFunction } from '../contract';
import { dispatch, type DispatchOptions } from '../db/dispatch';
import { isTrustedSender, type SenderFacts } from './security';

export interface IpcOptions extends DispatchOptions {
  /** The window whose page may call (the app's one window); other webContents are refused. */
  trustedWebContents?: () => WebContents | null;
  /** After a successful call (the shell refreshes the menu's Undo/Redo after changes). */
  onCallDone?: (fn: ContractFunction, writes: boolean) => void;
  /** Refused senders are logged (an attack or a bug, either way worth a line). */
  logWarning?: (message: string) => void;
}

/** What the event says about who sent it. */
export function senderFactsOf(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): SenderFacts {
  const frame = event.senderFrame;
  if (!frame) return { frameUrl: null, isMainFrame: false };
  return { frameUrl: frame.url, isMainFrame: frame.parent === null };
}

/** The sender check, first thing on every channel. */
export function isTrustedEvent(event: IpcMainInvokeEvent, trusted?: () => WebContents | null): boolean {
  if (trusted) {
    const contents = trusted();
    if (contents === null || event.sender !== contents) return false;
  }
  return isTrustedSender(senderFactsOf(event));
}

export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, handlers: ChannelHandlers, options: IpcOptions): void {
  for (const fn of CONTRACT_FUNCTIONS) {
    const channel = CHANNELS[fn];
    const writes = CONTRACT[fn].kind === 'write';
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]): Promise<CallResult<unknown>> => {
      if (!isTrustedEvent(event, options.trustedWebContents)) {
        options.logWarning?.(`refused ${channel} from ${event.senderFrame?.url ?? 'a vanished frame'}`);
        return fail('FORBIDDEN_SENDER', 'this call did not come from the Muster window', 'sender');
      }
      const result = await dispatch(handlers, fn, args, options);
      if (result.ok) options.onCallDone?.(fn, writes);
      return result;
    });
  }
}
