/**
 * Two browser previews on the two seats' files of one game (RI-H09), over one shared folder under one shared
 * root, for the end-to-end tests of dice rolled jointly. The folder is looked at only when a test says so, as
 * a sync tool would carry it one look at a time, so each screen can be seen while its dice are on their way.
 * No vitest here: the tests assert.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Side } from '../../rules/types';
import type { Table } from '../seats/table';
import { startE2E, type E2E } from './harness';

/** The offer's words, as the screens say them (renderer/src/composables/joint-dice.ts). */
export const JOINT_OFFER = 'Played from two seats: roll the die jointly, and neither seat can predict or choose it';

export interface TwoPreviews {
  seats: Record<Side, E2E>;
  close(): Promise<void>;
}

/** Two previews on the seats' files of a game the service played this far (the files closed first). */
export async function twoPreviews(t: Table, dir: string): Promise<TwoPreviews> {
  t.USA.close();
  t.CSA.close();
  const root = mkdtempSync(join(tmpdir(), 'muster-e2e-two-previews-'));
  // The app's own dice seeded; the folder looked at only when asked (0).
  const seats = {
    USA: await startE2E({ file: t.files.USA, dir, sharedRoot: root, sharedFolderEveryMs: 0, seed: 7 }),
    CSA: await startE2E({ file: t.files.CSA, dir, sharedRoot: root, sharedFolderEveryMs: 0, seed: 13 }),
  };
  for (const e of Object.values(seats)) {
    e.page.setDefaultTimeout(15_000);
    await e.call('chooseSharedFolder', { name: 'joint' });
  }
  return {
    seats,
    close: async () => {
      for (const e of Object.values(seats)) await e.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** One look at the shared folder by a seat: what came is received (its Muster answers a request at once), its packet written. */
export async function look(e: E2E): Promise<void> {
  await e.call('lookAtSharedFolder');
  await e.settle();
}

/** The shared folder carried both ways until both seats are in step. */
export async function sync(seats: Record<Side, E2E>): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await look(seats.USA);
    await look(seats.CSA);
  }
}
