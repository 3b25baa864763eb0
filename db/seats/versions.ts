/**
 * Both seats must run the same Muster. Each seat replays the other's calls through its own game service
 * (RI-H09), and a service that changed between two versions could give another event from the same call, or
 * not know a field the other wrote. So every invitation, reply and packet says which version of game file its
 * Muster writes (the schema version, db/migrations), and one from another version is refused before anything
 * of it is read, in words that say which player must update. One written by a Muster from before this stamp
 * carries none and is read as before.
 */
import { MusterError } from '../errors';
import { LATEST_VERSION } from '../migrations';

/** What an invitation, a reply and a packet say of the Muster that wrote them. */
export const MUSTER_STAMP = { schema: LATEST_VERSION } as const;

export type Exchanged = 'invitation' | 'reply' | 'packet';

/** What the player does about a file from an older Muster, by what it is. */
const OLDER_REMEDY: Record<Exchanged, string> = {
  invitation: 'ask the host to update Muster and invite you again',
  reply: 'ask the other player to update Muster and join again',
  packet: 'ask the other player to update Muster and send it again',
};

/**
 * Refuses an invitation, reply or packet written by another version of Muster (see the file header), naming
 * both versions. Runs before the value's shape is checked: a newer Muster's file may hold what this one does
 * not know, and must not be called damaged.
 */
export function refuseOtherMuster(value: unknown, what: Exchanged, field: string): void {
  const stamp = (value as { muster?: { schema?: unknown } } | null)?.muster;
  const theirs = stamp?.schema;
  if (typeof value !== 'object' || value === null || stamp === undefined) return;
  if (typeof theirs !== 'number' || !Number.isInteger(theirs)) throw new MusterError('INVALID_ARGUMENT', field, `this ${what} does not say which Muster wrote it, or it is damaged: nothing was read from it`);
  if (theirs === LATEST_VERSION) return;
  const versions = `its Muster writes game files of version ${theirs}, this one of version ${LATEST_VERSION}`;
  if (theirs > LATEST_VERSION) {
    throw new MusterError('INVALID_ARGUMENT', field, `this ${what} comes from a newer Muster (${versions}): both players must use the same Muster. Update Muster on this device, then take it in again; nothing was read from it`);
  }
  throw new MusterError('INVALID_ARGUMENT', field, `this ${what} comes from an older Muster (${versions}): both players must use the same Muster. ${OLDER_REMEDY[what][0]!.toUpperCase()}${OLDER_REMEDY[what].slice(1)}; nothing was read from it`);
}
