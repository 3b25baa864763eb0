/**
 * The shared folder a seat's player picked for this game on his device (table seat_shared_folder,
 * db/migrations/0020-seat-shared-folder.ts): remembered so that opening the game again picks it up by itself,
 * one per device (the shell names the device: electron/seat-backend.ts thisDevice).
 * A local choice, like the seen mark (db/service/since.ts): outside the hash chain, no event, never signed,
 * never in a packet. A file of an earlier schema, or one opened read-only, remembers nothing.
 */
import type { SqliteDatabase } from '../open';
import { statement } from '../statements';

const hasTable = new WeakMap<SqliteDatabase, boolean>();

function recorded(db: SqliteDatabase): boolean {
  let has = hasTable.get(db);
  if (has === undefined) {
    has = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seat_shared_folder'").get() as { n: number }).n === 1;
    hasTable.set(db, has);
  }
  return has;
}

/** The shared folder remembered for this game on the device, or null. */
export function rememberedSharedFolder(db: SqliteDatabase, device: string): { folder: string; chosenAt: string } | null {
  if (!recorded(db)) return null;
  const row = statement(db, 'SELECT folder, chosen_at FROM seat_shared_folder WHERE device = ?').get(device) as { folder: string; chosen_at: string } | undefined;
  return row ? { folder: row.folder, chosenAt: row.chosen_at } : null;
}

/** Remembers the shared folder the player picked on the device (replacing the one before); false when the file cannot keep it. */
export function rememberSharedFolder(db: SqliteDatabase, device: string, folder: string, at: string): boolean {
  if (!recorded(db) || db.readonly) return false;
  statement(db, 'INSERT INTO seat_shared_folder (device, folder, chosen_at) VALUES (@device, @folder, @at) ON CONFLICT (device) DO UPDATE SET folder = @folder, chosen_at = @at').run({ device, folder, at });
  return true;
}
