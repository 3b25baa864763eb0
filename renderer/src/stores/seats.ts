/**
 * A game played from two seats, each on its own device (RI-H09), as the window drives it: Play from two seats
 * (New Game with "my seat"), Join a game, Receive, Send and the shared folder (contract/seat-files.ts). The
 * main process writes every file and looks at the shared folder; this store opens the dialogs, passes the text
 * of a file the player picked (the window never names a path), and keeps what the last call made for the
 * dialog that shows it. Whose step it is and what the seat waits for come from the game's info (app.game.seat).
 */
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import type { NewSeatGameInput, SeatFileReceived, SeatFileWritten, SharedFolderChoices, SharedFolderState } from '../../../contract';
import type { Side } from '../../../rules/types';
import { asApiError, call } from '../api';
import { downloadText } from '../download';
import { useAppStore } from './app';

/** Which of the two-seat dialogs is open. */
export type SeatDialog = 'invitation' | 'join' | 'receive' | 'send' | 'folder' | null;

export const useSeatsStore = defineStore('seats', () => {
  const app = useAppStore();
  const dialog = ref<SeatDialog>(null);
  /** The file the last Play from two seats, Join or Send wrote (the dialog shows where, and offers it as a download). */
  const written = ref<(SeatFileWritten & { summary?: string }) | null>(null);
  const received = ref<SeatFileReceived | null>(null);
  const folder = ref<SharedFolderState | null>(null);
  const choices = ref<SharedFolderChoices>(null);
  /** The Start screen's New Game makes a two-seat game when a seat is chosen here. */
  const newGameSeat = ref<Side | null>(null);

  function open(which: Exclude<SeatDialog, null>): void {
    received.value = null;
    if (which !== 'invitation') written.value = null;
    dialog.value = which;
  }

  function close(): void {
    dialog.value = null;
  }

  /** Play from two seats: the host's game and the invitation; the dialog says where it went and what comes next. */
  async function newSeatGame(input: NewSeatGameInput): Promise<boolean> {
    const made = await call('newSeatGame', input).catch((e: unknown) => {
      throw asApiError(e, 'newSeatGame');
    });
    if (made === null) return false;
    written.value = made.file;
    await app.opened(made.game, 'setup');
    open('invitation');
    return true;
  }

  /** Join a game from the invitation's text (read by the window from the file the player picked). */
  async function join(seat: Side, invitation: string | undefined): Promise<boolean> {
    const made = await call('joinSeatGame', invitation === undefined ? { seat } : { seat, invitation });
    if (made === null) return false;
    written.value = made.file;
    await app.opened(made.game, 'roster');
    return true;
  }

  /** Receive a packet or the reply: checked and applied whole, or refused with nothing written. */
  async function receive(text: string | undefined): Promise<SeatFileReceived | null> {
    const r = await call('receiveSeatFile', text === undefined ? {} : { text });
    received.value = r;
    if (r !== null) await app.afterChange(r.summary);
    return r;
  }

  /** Send: this seat's packet, written for the player to send. */
  async function send(): Promise<SeatFileWritten | null> {
    const r = await call('sendSeatPacket');
    written.value = r;
    if (r !== null) app.notice = `Packet written: ${r.path}`;
    return r;
  }

  async function loadChoices(): Promise<void> {
    choices.value = await call('sharedFolderChoices');
  }

  /** Picks the shared folder (a dialog, or a folder named under the preview's shared root). */
  async function chooseFolder(name: string | undefined): Promise<SharedFolderState | null> {
    const r = await call('chooseSharedFolder', name === undefined ? {} : { name });
    if (r !== null) folder.value = r;
    await app.afterChange(r === null ? undefined : `Shared folder: ${r.folder}`);
    return r;
  }

  async function refreshFolder(): Promise<void> {
    if (!app.game?.seat) {
      folder.value = null;
      return;
    }
    folder.value = await call('sharedFolder').catch(() => folder.value);
  }

  /** The file just written, as a download (the browser preview: the player sends it from his downloads). */
  function download(): void {
    if (written.value) downloadText(written.value.text, written.value.name, 'application/json');
  }

  // The shared folder's last look is read again after every change (a look that brought something is one).
  watch(() => [app.revision, app.game?.file], () => void refreshFolder(), { immediate: true });
  app.onGameSwitch(() => {
    folder.value = null;
    received.value = null;
  });

  return { dialog, written, received, folder, choices, newGameSeat, open, close, newSeatGame, join, receive, send, loadChoices, chooseFolder, refreshFolder, download };
});
