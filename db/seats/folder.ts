/**
 * The shared-folder mode (RI-H09): both players pick a folder that a tool they already use keeps in sync
 * (Dropbox, OneDrive, Syncthing, a network share). Each seat keeps one file there, its latest packet
 * (everything the other seat has not acknowledged), written whole under another name and then renamed, so the
 * other seat never reads half of it; and picks up the other seat's packet as it appears. Receiving is the same
 * as for a packet sent any other way: checked and applied whole, or refused with nothing written. A packet a
 * sync tool has not finished copying (not yet readable as JSON) is left for the next look.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Side } from '../../rules/types';
import { MusterError } from '../errors';
import type { GameContext } from '../service/context';
import { makePacket, receivePacket, requireSeat, type Received } from './packets';
import { otherSide } from './store';

/** The name of a seat's packet in the shared folder: the game and the seat. */
export function folderPacketName(gameId: string, side: Side): string {
  return `muster-${gameId.slice(0, 16)}-${side}.json`;
}

export interface Synced {
  /** What the other seat's packet brought, or null when there was none (or none readable yet). */
  received: Received | null;
  /** Whether this seat's packet in the folder was written anew. */
  wrote: boolean;
}

/** One look at the shared folder: the other seat's packet taken in, then this seat's written. */
export function syncFolder(ctx: GameContext, folder: string): Synced {
  if (!existsSync(folder)) throw new MusterError('FILE_NOT_FOUND', 'folder', `the shared folder ${folder} does not exist`);
  const seat = requireSeat(ctx.db);
  const theirs = join(folder, folderPacketName(seat.gameId, otherSide(seat.side)));
  let received: Received | null = null;
  if (existsSync(theirs)) {
    let value: unknown = undefined;
    try {
      value = JSON.parse(readFileSync(theirs, 'utf8'));
    } catch {
      // Still being copied by the sync tool: taken at the next look.
    }
    if (value !== undefined) received = receivePacket(ctx, value);
  }
  const wrote = writeFolderPacket(ctx, folder);
  return { received, wrote };
}

/** This seat's packet in the shared folder, written anew (whole, then renamed) when it changed: true if it was. */
export function writeFolderPacket(ctx: GameContext, folder: string): boolean {
  const seat = requireSeat(ctx.db);
  const mine = join(folder, folderPacketName(seat.gameId, seat.side));
  const text = `${JSON.stringify(makePacket(ctx))}\n`;
  if (existsSync(mine) && readFileSync(mine, 'utf8') === text) return false;
  const partial = join(folder, `.${folderPacketName(seat.gameId, seat.side)}.${randomBytes(4).toString('hex')}.part`);
  writeFileSync(partial, text, { flag: 'wx' });
  renameSync(partial, mine);
  return true;
}
