/**
 * The shell's functions of a game played from two seats (contract/seat-files.ts, RI-H09): Play from two
 * seats (the host's game file and the invitation), Join a game (this seat's file and the reply), Receive,
 * Send, and the shared folder, which is looked at every two seconds while the game is open: what came is
 * received (the window is told, reason 'received'), and this seat's packet is written after each change
 * made here. The folder picked is remembered in the game's file, for this device only (db/seats/folder-mark.ts):
 * opening the game again picks it up by itself, and the seat line says so, or why it cannot be used.
 * No electron import: the dialogs are the shell's (electron/main.ts, the bridge, the tests).
 *
 * Muster never writes over a file: a name that exists is refused, and nothing is written.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { seatFileOf, type ChannelHandlers, type ErrorInfo, type GameChangedEvent, type GameInfo, type ReceivedSeatFile, type SeatFileWritten, type SharedFolderChoices, type SharedFolderState } from '../contract';
import type { seatFilesContract } from '../contract/seat-files';
import { Invitation } from '../contract/seats';
import { refuseOtherMuster } from '../db/seats/versions';
import { ShellError, toErrorInfo } from '../db/dispatch';
import { withGameFileExtension } from './files';
import type { GameBackend, GameBackendFactory } from './handlers';
import { lookAtFolder, receiveSeatFile, rememberFolder, rememberedFolder, requireSeatGame, seatPacket, thisDevice, writeOwnPacket } from './seat-backend';

export type SeatFileKind = 'invitation' | 'reply' | 'packet';

/** The dialogs of a two-seat game (the desktop's system dialogs; the preview names files in its folders). */
export interface SeatDialogs {
  /** Where to write a file for the other seat; null when cancelled. */
  chooseSeatFileToWrite?(kind: SeatFileKind, suggestedName: string): Promise<string | null>;
  /** Which file the other seat sent (where the window did not read it itself); null when cancelled. */
  chooseSeatFileToRead?(kind: 'invitation' | 'packet'): Promise<string | null>;
  /** The shared folder: chosen in a dialog, or (the preview) `name` under its shared root; null when cancelled. */
  chooseSharedFolder?(name?: string): Promise<string | null>;
  /** The preview's shared root and its folders; the desktop app has a dialog (null). */
  sharedFolderChoices?(): SharedFolderChoices;
  /**
   * Whether a folder remembered from an earlier session may be used here: null if so, else why not in players'
   * words (the preview uses only folders directly under its shared root). Left out: any folder may be.
   */
  refuseRememberedFolder?(folder: string): string | null;
}

export interface SeatHandlerDeps {
  dialogs: SeatDialogs & { chooseNewGameFile(suggestedName: string): Promise<string | null>; reportFileError(file: string, error: ErrorInfo): Promise<void> };
  backend: GameBackendFactory;
  /** The open game, or null; the open game or a refusal. */
  current(): GameBackend | null;
  game(): GameBackend;
  /** Makes `next` the open game (closing the previous one) and tells the window. */
  switchTo(next: GameBackend, reason: GameChangedEvent['reason']): GameInfo;
  /** Tells the window the open game changed. */
  changed(reason: GameChangedEvent['reason']): void;
  logError?: (message: string, error?: unknown) => void;
  /** How often the shared folder is looked at, in ms; 0 only when asked (tests drive the looks). */
  sharedFolderEveryMs: number;
  now?: () => Date;
  /** The device the shared folder is remembered for (default: this computer and its user, seat-backend.ts thisDevice). */
  device?: string;
}

type SeatFunction = keyof typeof seatFilesContract;

export interface SeatHandlers {
  handlers: Pick<ChannelHandlers, SeatFunction>;
  /** After a change made on this device: this seat's packet in the shared folder. */
  afterLocalWrite(): void;
  /** The open game is closed or another one opened: the shared folder is no longer looked at. */
  stop(): void;
  /** A two-seat game was opened: the shared folder remembered for it on this device is looked at again. */
  resume(): void;
}

/** A file for the other seat, written only if its name is new (never over a file). */
const invitationOf = (value: unknown): Invitation | null => {
  const r = Invitation.safeParse(value);
  return r.success ? r.data : null;
};

/**
 * A file the other player sent, as a dialog or the window read it: one from another version of Muster refused
 * first, naming both versions (db/seats/versions.ts; the window's contract hands such a file on unread, since
 * only here is this Muster's version known), then its shape checked.
 */
function seatFileChecked<T>(kind: 'invitation' | 'packet', value: unknown, check: (value: unknown) => T | null, named: string): T {
  const format = (value as { format?: unknown } | null)?.format;
  refuseOtherMuster(value, kind === 'invitation' ? 'invitation' : format === 'muster/seats/reply/1' ? 'reply' : 'packet', kind);
  const checked = check(value);
  if (checked === null) throw new ShellError('INVALID_ARGUMENT', kind, `${kind}: ${named} not a Muster ${kind}, or it is damaged: nothing was read from it`);
  return checked;
}

function writeNew(path: string, text: string, field: string): void {
  if (existsSync(path)) throw new ShellError('FILE_EXISTS', field, `${path} already exists; Muster never overwrites a file, choose a new name`);
  writeFileSync(path, text, { flag: 'wx' });
}

const asJson = (value: unknown): string => `${JSON.stringify(value, null, 1)}\n`;
const written = (path: string, text: string): SeatFileWritten => ({ path, name: basename(path), text });
const withJson = (path: string): string => (path.toLowerCase().endsWith('.json') ? path : `${path}.json`);
/** A scenario's name as a file name (a test scenario is a path). */
const baseName = (scenario: string): string => basename(scenario).replace(/\.json$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-') || 'game';

export function createSeatHandlers(d: SeatHandlerDeps): SeatHandlers {
  const now = d.now ?? (() => new Date());
  const device = d.device ?? thisDevice();
  /** The open game's shared folder; `usable` false: a remembered folder this shell may not use (never looked at nor written). */
  let watch: { backend: GameBackend; folder: string; remembered: boolean; usable: boolean; lastLook: string | null; lastResult: string; problem: string | null; timer: ReturnType<typeof setInterval> | null } | null = null;

  const seats = () => {
    if (!d.backend.seats) throw new ShellError('INVALID_ARGUMENT', 'seat', 'this Muster cannot play a game from two seats');
    return d.backend.seats;
  };

  const choose = async (kind: SeatFileKind, suggested: string): Promise<string | null> => {
    if (!d.dialogs.chooseSeatFileToWrite) throw new ShellError('INVALID_ARGUMENT', kind, `there is no way to name the ${kind} file here`);
    const chosen = await d.dialogs.chooseSeatFileToWrite(kind, suggested);
    return chosen === null ? null : resolve(withJson(chosen));
  };

  /** A file the other seat sent, read from a dialog's choice and checked as the contract checks the window's text. */
  const readChosen = async <T>(kind: 'invitation' | 'packet', check: (value: unknown) => T | null): Promise<T | null> => {
    const file = d.dialogs.chooseSeatFileToRead ? await d.dialogs.chooseSeatFileToRead(kind) : null;
    if (file === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new ShellError('INVALID_ARGUMENT', kind, `${kind}: ${basename(file)} is not a Muster ${kind} (it is not JSON, or it cannot be read)`);
    }
    return seatFileChecked(kind, value, check, `${basename(file)} is`);
  };

  /** A new game file made by `make`; on refusal the dialog says why, and nothing is left of it. */
  const makeGame = async <T>(file: string, make: () => T): Promise<T> => {
    try {
      return make();
    } catch (e) {
      await d.dialogs.reportFileError(file, toErrorInfo(e, d.logError));
      throw e;
    }
  };

  /** Writes the file for the other seat; if it cannot be, the game just made is closed and removed (nothing half-made stays). */
  const writeOrUndo = (backend: GameBackend, gameFile: string, path: string, text: string, field: string): void => {
    try {
      writeNew(path, text, field);
    } catch (e) {
      backend.close();
      for (const f of [gameFile, `${gameFile}-wal`, `${gameFile}-shm`]) if (existsSync(f)) rmSync(f);
      throw e;
    }
  };

  const stop = () => {
    if (watch?.timer) clearInterval(watch.timer);
    watch = null;
  };

  const folderState = (): SharedFolderState | null =>
    watch === null ? null : { folder: watch.folder, remembered: watch.remembered, lastLook: watch.lastLook, lastResult: watch.lastResult, problem: watch.problem, everySeconds: d.sharedFolderEveryMs / 1000 };

  /** One look at the shared folder: what came is received and the window told; a failure is kept in words. */
  const look = (): void => {
    const w = watch;
    if (w === null || !w.usable) return;
    if (d.current() !== w.backend) {
      stop();
      return;
    }
    try {
      const came = lookAtFolder(w.backend, w.folder);
      w.lastResult = came ?? 'nothing new';
      w.lastLook = now().toISOString();
      const had = w.problem;
      w.problem = null;
      if (came !== null) d.changed('received');
      else if (had !== null) d.changed('folder-problem');
    } catch (e) {
      const problem = toErrorInfo(e, d.logError).message;
      w.lastLook = now().toISOString();
      w.lastResult = 'the last look failed';
      const fresh = problem !== w.problem;
      w.problem = problem;
      if (fresh) d.changed('folder-problem');
    }
  };

  /** Looks at `folder` for the open game now and every sharedFolderEveryMs; `refused`: a folder not to be used (said, not looked at). */
  const startWatching = (game: GameBackend, folder: string, remembered: boolean, refused: string | null = null): void => {
    stop();
    const w = { backend: game, folder, remembered, usable: refused === null, lastLook: null, lastResult: remembered ? 'picked up again from the last time' : 'not looked at yet', problem: refused, timer: null as ReturnType<typeof setInterval> | null };
    watch = w;
    if (refused !== null) return;
    look();
    if (d.sharedFolderEveryMs > 0 && watch === w) {
      w.timer = setInterval(look, d.sharedFolderEveryMs);
      w.timer.unref?.();
    }
  };

  /** The folder remembered for the open game on this device, looked at again; one that cannot be used is said so. */
  const resume = (): void => {
    const game = d.current();
    if (game === null) return;
    let folder: string | null;
    try {
      folder = rememberedFolder(game, device);
    } catch (e) {
      d.logError?.('reading the remembered shared folder failed', e);
      return;
    }
    if (folder === null) return;
    const refused = d.dialogs.refuseRememberedFolder?.(folder) ?? null;
    startWatching(game, folder, true, refused);
  };

  const handlers: Pick<ChannelHandlers, SeatFunction> = {
    newSeatGame: async (input) => {
      const factory = seats();
      const chosen = await d.dialogs.chooseNewGameFile(`${baseName(input.scenario)}.muster`);
      if (chosen === null) return null;
      const file = resolve(withGameFileExtension(chosen));
      const invitationFile = await choose('invitation', `${basename(file, '.muster')}-invitation.json`);
      if (invitationFile === null) return null;
      if (existsSync(invitationFile)) throw new ShellError('FILE_EXISTS', 'invitation', `${invitationFile} already exists; Muster never overwrites a file, choose a new name`);
      const { seat, ...game } = input;
      const made = await makeGame(file, () => factory.create({ ...game, file, side: seat }));
      const text = asJson(made.invitation);
      writeOrUndo(made.backend, file, invitationFile, text, 'invitation');
      stop();
      return { game: d.switchTo(made.backend, 'created'), file: written(invitationFile, text) };
    },

    joinSeatGame: async (input) => {
      const factory = seats();
      const invitation = input.invitation === undefined ? await readChosen('invitation', invitationOf) : seatFileChecked('invitation', input.invitation, invitationOf, 'this is');
      if (invitation === null) return null;
      if (input.seat === invitation.host.side) throw new ShellError('INVALID_ARGUMENT', 'seat', `Your seat: the host plays ${invitation.host.side}, so you join as ${invitation.host.side === 'USA' ? 'CSA' : 'USA'}`);
      const chosen = await d.dialogs.chooseNewGameFile(`${baseName(invitation.scenario)}-${input.seat.toLowerCase()}.muster`);
      if (chosen === null) return null;
      const file = resolve(withGameFileExtension(chosen));
      const replyFile = await choose('reply', `${basename(file, '.muster')}-reply.json`);
      if (replyFile === null) return null;
      if (existsSync(replyFile)) throw new ShellError('FILE_EXISTS', 'reply', `${replyFile} already exists; Muster never overwrites a file, choose a new name`);
      const made = await makeGame(file, () => factory.join(file, invitation, input.seat));
      const text = asJson(made.reply);
      writeOrUndo(made.backend, file, replyFile, text, 'reply');
      stop();
      return { game: d.switchTo(made.backend, 'opened'), file: written(replyFile, text) };
    },

    receiveSeatFile: async (input) => {
      const game = d.game();
      requireSeatGame(game);
      const value: ReceivedSeatFile | null = input?.text === undefined ? await readChosen('packet', seatFileOf) : seatFileChecked('packet', input.text, seatFileOf, 'this is');
      if (value === null) return null;
      const r = receiveSeatFile(game, value);
      d.changed('received');
      return { ...r, game: game.info() };
    },

    sendSeatPacket: async () => {
      const game = d.game();
      const seat = requireSeatGame(game);
      const packet = seatPacket(game);
      const stamp = now().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const path = await choose('packet', `muster-${seat.side}-packet-${stamp}.json`);
      if (path === null) return null;
      const text = asJson(packet);
      writeNew(path, text, 'packet');
      const events = packet.events.length;
      return { ...written(path, text), events, summary: `${events} event${events === 1 ? '' : 's'} and ${packet.commitments.length} commitment${packet.commitments.length === 1 ? '' : 's'} from the ${seat.side} seat: send this file to the ${seat.side === 'USA' ? 'CSA' : 'USA'} player` };
    },

    sharedFolderChoices: () => d.dialogs.sharedFolderChoices?.() ?? null,

    chooseSharedFolder: async (input) => {
      const game = d.game();
      requireSeatGame(game);
      if (!d.dialogs.chooseSharedFolder) throw new ShellError('INVALID_ARGUMENT', 'name', 'there is no shared folder to pick here');
      const folder = await d.dialogs.chooseSharedFolder(input?.name);
      if (folder === null) return null;
      // Remembered in the game's file for this device: opening the game again picks it up (never sent).
      rememberFolder(game, device, resolve(folder), now().toISOString());
      startWatching(game, resolve(folder), false);
      return folderState();
    },

    sharedFolder: () => (watch !== null && watch.backend === d.current() ? folderState() : null),

    lookAtSharedFolder: () => {
      if (watch === null || watch.backend !== d.current()) throw new ShellError('NOT_FOUND', 'folder', 'no shared folder is picked for this game: pick one with Shared folder…');
      look();
      return folderState()!;
    },
  };

  return {
    handlers,
    afterLocalWrite: () => {
      const w = watch;
      if (w === null || !w.usable || d.current() !== w.backend) return;
      try {
        writeOwnPacket(w.backend, w.folder);
      } catch (e) {
        w.problem = toErrorInfo(e, d.logError).message;
      }
    },
    stop,
    resume,
  };
}
