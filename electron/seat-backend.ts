/**
 * The two-seat exchange for the shell (RI-H09), without electron: creating and joining a two-seat game,
 * receiving a reply or a packet, making this seat's packet, and one look at a shared folder, on the open
 * game's service (db/seats/). The shell's handlers (electron/seat-handlers.ts) name the files; this works
 * on what is in them.
 */
import { accessSync, constants, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { hash, randomBytes } from 'node:crypto';
import { homedir, hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import type { ReceivedSeatFile } from '../contract';
import type { Invitation, Packet, Reply } from '../contract/seats';
import type { Side } from '../rules/types';
import { GameService, contextOf } from '../db/service';
import { receiveReply, type NewSeatGameInput } from '../db/seats/invite';
import { makePacket, receivePacket } from '../db/seats/packets';
import { syncFolder, writeFolderPacket } from '../db/seats/folder';
import { rememberSharedFolder, rememberedSharedFolder } from '../db/seats/folder-mark';
import { otherSide, publicKeyOf, seatOf } from '../db/seats/store';
import { ShellError } from '../db/dispatch';
import type { GameContext } from '../db/service/context';
import type { GameBackend } from './handlers';
import { MUSTER_STAMP } from '../db/seats/versions';

/** Two-seat games for the shell's backend factory (electron/game-backend.ts makes them). */
export interface SeatBackendFactory {
  create(input: NewSeatGameInput): { backend: GameBackend; invitation: Invitation };
  join(file: string, invitation: Invitation, side: Side): { backend: GameBackend; reply: Reply };
}

/** The open game's service context: a backend is the game service itself (electron/game-backend.ts). */
function contextOfBackend(backend: GameBackend): GameContext {
  if (!(backend instanceof GameService)) throw new ShellError('INTERNAL', 'file', 'this game cannot be played from two seats here');
  return contextOf(backend);
}

/** The refusal of a game played at one laptop, for every two-seat function. */
export function requireSeatGame(backend: GameBackend): { side: Side; gameId: string } {
  const seat = seatOf(contextOfBackend(backend).db);
  if (!seat) throw new ShellError('INVALID_ARGUMENT', 'file', 'this game is played at one laptop, not from two seats: it has nothing to send or receive (start one with Play from two seats…)');
  return seat;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a packet or reply brought, received whole or refused with nothing written. */
export function receiveSeatFile(backend: GameBackend, value: ReceivedSeatFile): { kind: 'reply' | 'packet'; summary: string; events: number; revealed: boolean } {
  requireSeatGame(backend);
  if (value.format === 'muster/seats/reply/1') {
    const r = receiveReply(backend as unknown as GameService, value);
    return { kind: 'reply', summary: r.added ? `The ${r.side} seat has joined: packets can go both ways now` : `The ${r.side} seat had already joined: nothing changed`, events: 0, revealed: false };
  }
  const r = receivePacket(contextOfBackend(backend), value);
  const parts = [r.events === 0 && r.commitments === 0 && r.jointRolls === 0 ? 'Nothing new' : `${plural(r.events, 'new event')} from the ${value.from} seat`];
  if (r.commitments > 0) parts.push(`${plural(r.commitments, 'commitment')} to hidden entries`);
  if (r.revealed) parts.push("this seat's entries are revealed: send a packet");
  return { kind: 'packet', summary: parts.join('; '), events: r.events, revealed: r.revealed };
}

/** This seat's packet: everything the other seat has not acknowledged. */
export function seatPacket(backend: GameBackend): Packet {
  requireSeatGame(backend);
  return makePacket(contextOfBackend(backend));
}

/** The name of a seat's key (its reply) in the shared folder: a host that has not received the reply takes it from there. */
export function folderKeyName(gameId: string, side: Side): string {
  return `muster-${gameId.slice(0, 16)}-${side}-key.json`;
}

/**
 * This device and its user, as the remembered shared folder is keyed (db/seats/folder-mark.ts): a digest of the
 * computer's name, the user's name and home folder, so a seat file copied to another computer (or opened by
 * another user) does not take the folder's path there, and the file holds no name in plain words.
 */
export function thisDevice(): string {
  let user = '';
  try {
    user = userInfo().username;
  } catch {
    // No user name on this system: the computer and the home folder name the device.
  }
  return hash('sha256', `muster/device/1\n${hostname()}\n${user}\n${homedir()}`);
}

/** The shared folder remembered for the open two-seat game on the device, or null (db/seats/folder-mark.ts). */
export function rememberedFolder(backend: GameBackend, device: string): string | null {
  if (!(backend instanceof GameService) || seatOf(contextOf(backend).db) === null) return null;
  return rememberedSharedFolder(contextOf(backend).db, device)?.folder ?? null;
}

/** Remembers the shared folder the player picked for the open two-seat game, on the device only. */
export function rememberFolder(backend: GameBackend, device: string, folder: string, at: string): void {
  requireSeatGame(backend);
  rememberSharedFolder(contextOfBackend(backend).db, device, folder, at);
}

/** Why Muster cannot use the shared folder now, in players' words (a folder gone, or one it may not read and write). */
function refuseUnusableFolder(folder: string): void {
  const pickAnother = 'pick another with Shared folder…, or bring it back and Muster picks it up again by itself';
  if (!existsSync(folder)) throw new ShellError('FILE_NOT_FOUND', 'folder', `the shared folder ${folder} is not there any more (moved, renamed, deleted, or on a drive that is not connected): ${pickAnother}`);
  let usable = false;
  try {
    usable = statSync(folder).isDirectory();
    accessSync(folder, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    usable = false;
  }
  if (!usable) throw new ShellError('READ_ONLY', 'folder', `the shared folder ${folder} cannot be read and written from this device (it is not a folder, or its permissions keep Muster out): ${pickAnother}`);
}

/** One look at the shared folder: the keys, the other seat's packet in, this seat's out. Returns what came, in words (null: nothing). */
export function lookAtFolder(backend: GameBackend, folder: string): string | null {
  const seat = requireSeatGame(backend);
  const ctx = contextOfBackend(backend);
  refuseUnusableFolder(folder);
  const own = publicKeyOf(ctx.db, seat.side)!;
  const mine = join(folder, folderKeyName(seat.gameId, seat.side));
  if (!existsSync(mine)) {
    const partial = join(folder, `.${folderKeyName(seat.gameId, seat.side)}.${randomBytes(4).toString('hex')}.part`);
    writeFileSync(partial, `${JSON.stringify({ format: 'muster/seats/reply/1', muster: MUSTER_STAMP, gameId: seat.gameId, side: seat.side, publicKey: own } satisfies Reply)}\n`, { flag: 'wx' });
    renameSync(partial, mine);
  }
  const came: string[] = [];
  const other = otherSide(seat.side);
  const theirs = join(folder, folderKeyName(seat.gameId, other));
  if (publicKeyOf(ctx.db, other) === null) {
    if (!existsSync(theirs)) {
      writeFolderPacket(ctx, folder);
      return null;
    }
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(theirs, 'utf8'));
    } catch {
      return null;
    }
    const r = receiveReply(backend as unknown as GameService, value);
    if (r.added) came.push(`The ${r.side} seat has joined`);
  }
  const synced = syncFolder(ctx, folder);
  const r = synced.received;
  if (r && (r.events > 0 || r.commitments > 0 || r.jointRolls > 0 || r.revealed)) {
    came.push(`${plural(r.events, 'new event')} from the ${other} seat${r.commitments > 0 ? `, ${plural(r.commitments, 'commitment')}` : ''}${r.revealed ? "; this seat's entries revealed" : ''}`);
  }
  // RI-H13: the packet made this seat's word due, and its standing word gave it.
  if (r?.standingWordGiven) came.push('your standing word gave "No order this turn" on an Alternative Arrival Area');
  return came.length === 0 ? null : came.join('; ');
}

/** After a change on this device: this seat's packet in the folder, written anew. */
export function writeOwnPacket(backend: GameBackend, folder: string): void {
  requireSeatGame(backend);
  if (existsSync(folder)) writeFolderPacket(contextOfBackend(backend), folder);
}
