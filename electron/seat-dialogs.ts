/**
 * The desktop app's dialogs of a game played from two seats (electron/seat-handlers.ts asks them): where to
 * write a file for the other seat, which file the other seat sent, and the shared folder. main.ts passes
 * Electron's dialogs (modal to the window); the tests pass recording ones.
 */
import { join } from 'node:path';
import type { SeatDialogs } from './seat-handlers';

const SEAT_FILTERS = [{ name: 'Muster two-seat files', extensions: ['json'] }];
const WRITE_TITLES = { invitation: 'Play from Two Seats: Write the Invitation', reply: 'Join a Game: Write the Reply', packet: 'Send: Write the Packet' } as const;

/** What the dialogs need of Electron's dialog module (the options used here only). */
export interface SeatDialogHost {
  saveDialog(options: { title: string; buttonLabel: string; defaultPath: string; filters: typeof SEAT_FILTERS; properties: ['createDirectory'] }): Promise<{ canceled: boolean; filePath?: string }>;
  openDialog(options: { title: string; buttonLabel?: string; filters?: typeof SEAT_FILTERS; properties: ('openFile' | 'openDirectory' | 'createDirectory')[] }): Promise<{ canceled: boolean; filePaths: string[] }>;
  /** The folder a written file is offered in first (the user's documents). */
  documents(): string;
}

export function seatDialogs(host: SeatDialogHost): Required<Pick<SeatDialogs, 'chooseSeatFileToWrite' | 'chooseSeatFileToRead' | 'chooseSharedFolder'>> {
  return {
    async chooseSeatFileToWrite(kind, suggestedName) {
      const result = await host.saveDialog({ title: WRITE_TITLES[kind], buttonLabel: 'Write', defaultPath: join(host.documents(), suggestedName), filters: SEAT_FILTERS, properties: ['createDirectory'] });
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseSeatFileToRead(kind) {
      const result = await host.openDialog({ title: kind === 'invitation' ? 'Join a Game: the Invitation' : 'Receive a Packet or Reply', filters: SEAT_FILTERS, properties: ['openFile'] });
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseSharedFolder() {
      const result = await host.openDialog({ title: 'Shared Folder (both players pick the same synced folder)', buttonLabel: 'Use This Folder', properties: ['openDirectory', 'createDirectory'] });
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
